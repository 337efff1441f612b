//! Counts of games split by the parity of their number of moves: an element `even + odd·z` of
//! the ring Z[z]/(z² − 1), where z stands for one move. Adding a move multiplies by z (the two
//! parts swap); two independent stretches of a game multiply. Exact `u128` arithmetic, every
//! operation checked: an overflow is an error, never a wrapped count.

/// A count that no longer fits in 128 bits (no n the counter takes comes near it: the largest
/// counts are below 10^20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a count overflowed 128 bits")]
pub struct Overflow;

/// How many games (or pieces of games) have an even and an odd number of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Parity {
    pub even: u128,
    pub odd: u128,
}

impl Parity {
    pub const ZERO: Parity = Parity { even: 0, odd: 0 };
    /// One piece of no move.
    pub const ONE: Parity = Parity { even: 1, odd: 0 };
    /// One piece of one move.
    pub const Z: Parity = Parity { even: 0, odd: 1 };

    /// The same pieces, each one move longer.
    #[inline]
    pub fn shift(self) -> Parity {
        Parity {
            even: self.odd,
            odd: self.even,
        }
    }

    /// The same pieces, `moves` moves longer.
    #[inline]
    pub fn shift_by(self, moves: u32) -> Parity {
        if moves % 2 == 1 {
            self.shift()
        } else {
            self
        }
    }

    #[inline]
    pub fn checked_add(self, other: Parity) -> Result<Parity, Overflow> {
        Ok(Parity {
            even: self.even.checked_add(other.even).ok_or(Overflow)?,
            odd: self.odd.checked_add(other.odd).ok_or(Overflow)?,
        })
    }

    /// Every piece of `self` followed by every piece of `other`: the parities add.
    #[inline]
    pub fn checked_mul(self, other: Parity) -> Result<Parity, Overflow> {
        let m = |a: u128, b: u128| a.checked_mul(b).ok_or(Overflow);
        let even = m(self.even, other.even)?
            .checked_add(m(self.odd, other.odd)?)
            .ok_or(Overflow)?;
        let odd = m(self.even, other.odd)?
            .checked_add(m(self.odd, other.even)?)
            .ok_or(Overflow)?;
        Ok(Parity { even, odd })
    }

    pub fn total(self) -> Result<u128, Overflow> {
        self.even.checked_add(self.odd).ok_or(Overflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_laws_hold_on_small_values() {
        let values = [
            Parity::ZERO,
            Parity::ONE,
            Parity::Z,
            Parity { even: 3, odd: 5 },
            Parity { even: 7, odd: 0 },
        ];
        for &a in &values {
            assert_eq!(a.checked_mul(Parity::ONE), Ok(a));
            assert_eq!(a.checked_mul(Parity::Z), Ok(a.shift()));
            assert_eq!(a.shift().shift(), a);
            assert_eq!(a.shift_by(3), a.shift());
            for &b in &values {
                assert_eq!(a.checked_mul(b), b.checked_mul(a));
                let sum = a.checked_add(b).unwrap();
                assert_eq!(
                    sum.total().unwrap(),
                    a.total().unwrap() + b.total().unwrap()
                );
                assert_eq!((sum.even, sum.odd), (a.even + b.even, a.odd + b.odd));
                // The total of a product is the product of the totals.
                assert_eq!(
                    a.checked_mul(b).unwrap().total().unwrap(),
                    a.total().unwrap() * b.total().unwrap()
                );
            }
        }
        assert_eq!(
            Parity { even: 2, odd: 3 }.checked_mul(Parity { even: 5, odd: 7 }),
            Ok(Parity {
                even: 2 * 5 + 3 * 7,
                odd: 2 * 7 + 3 * 5
            })
        );
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        let big = Parity {
            even: u128::MAX,
            odd: 0,
        };
        assert_eq!(big.checked_add(Parity::ONE), Err(Overflow));
        assert_eq!(big.checked_mul(Parity { even: 2, odd: 0 }), Err(Overflow));
        assert_eq!(
            Parity {
                even: u128::MAX,
                odd: 1
            }
            .total(),
            Err(Overflow)
        );
    }
}
