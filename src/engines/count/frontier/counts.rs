//! The counts a layer of the frontier counter keeps per state: 64-bit while they fit, 128-bit
//! after. The early and middle layers, which hold most states, have small counts; the counts
//! grow past 2^64 only in the last layers, where few states hold the ways into many games (at
//! n = 76, about 10^21 games in all). So a layer is built with 64-bit counts (a state and its
//! counts in 24 bytes instead of 48) and, should a sum overflow, built again with 128-bit ones;
//! every layer after a wide one is wide. An overflow is found, never wrapped: a sum of
//! non-negative counts overflows in some order of its terms exactly when its total does, so
//! the choice does not depend on the threads.

use crate::engines::count::parity::{Overflow, Parity};

/// A count of the ways into a state, by parity.
pub(super) trait Count: Copy + Default + PartialEq + Send + Sync + 'static {
    fn checked_add(self, other: Self) -> Result<Self, Overflow>;
    /// One move more: the parities swap.
    fn shift(self) -> Self;
    fn wide(self) -> Parity;
    /// Its code in a layer's file (spill.rs), and its bytes there.
    const WIDTH: u8;
    fn put(self, out: &mut Vec<u8>);
}

/// Both parities in 64 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Narrow {
    pub(super) even: u64,
    pub(super) odd: u64,
}

impl Count for Narrow {
    #[inline]
    fn checked_add(self, other: Narrow) -> Result<Narrow, Overflow> {
        Ok(Narrow {
            even: self.even.checked_add(other.even).ok_or(Overflow)?,
            odd: self.odd.checked_add(other.odd).ok_or(Overflow)?,
        })
    }

    #[inline]
    fn shift(self) -> Narrow {
        Narrow {
            even: self.odd,
            odd: self.even,
        }
    }

    #[inline]
    fn wide(self) -> Parity {
        Parity {
            even: self.even.into(),
            odd: self.odd.into(),
        }
    }

    const WIDTH: u8 = 1;

    fn put(self, out: &mut Vec<u8>) {
        out.extend(self.even.to_le_bytes());
        out.extend(self.odd.to_le_bytes());
    }
}

impl Narrow {
    pub(super) const ONE: Narrow = Narrow { even: 1, odd: 0 };
}

impl From<Narrow> for Parity {
    fn from(n: Narrow) -> Parity {
        n.wide()
    }
}

impl Count for Parity {
    #[inline]
    fn checked_add(self, other: Parity) -> Result<Parity, Overflow> {
        Parity::checked_add(self, other)
    }

    #[inline]
    fn shift(self) -> Parity {
        Parity::shift(self)
    }

    #[inline]
    fn wide(self) -> Parity {
        self
    }

    const WIDTH: u8 = 2;

    fn put(self, out: &mut Vec<u8>) {
        out.extend(self.even.to_le_bytes());
        out.extend(self.odd.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_count_adds_and_shifts_as_its_wide_one() {
        let a = Narrow { even: 3, odd: 5 };
        let b = Narrow { even: 7, odd: 11 };
        assert_eq!(
            a.checked_add(b).unwrap().wide(),
            a.wide().checked_add(b.wide()).unwrap()
        );
        assert_eq!(a.shift().wide(), a.wide().shift());
        let full = Narrow {
            even: u64::MAX,
            odd: 0,
        };
        assert_eq!(full.checked_add(Narrow::ONE), Err(Overflow));
        assert_eq!(full.shift().checked_add(Narrow::ONE.shift()), Err(Overflow));
        assert_eq!(
            full.wide().checked_add(Narrow::ONE.wide()).unwrap().even,
            1 << 64
        );
    }
}
