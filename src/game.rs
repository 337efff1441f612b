//! The rules of Juniper Green (docs/MATH.md §1) on the solver side: the divisibility graph G_n and
//! positions (last number, played set). Numbers up to `MAX_SMALL_N` = 128 use a `u128` bitset
//! (number k is bit k − 1); this is the one legal-move generator of the solver crate.
//! The verifier has its own, on purpose (docs/DESIGN.md, "The line of trust").

use serde::{Deserialize, Serialize};

/// Largest n whose numbers fit the `u128` bitset fast path.
pub const MAX_SMALL_N: u32 = 128;

/// A set of numbers in 1..=128: bit k − 1 stands for number k.
pub type NumberSet = u128;

/// Which player: the one who opens, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `first` or `second`, as in the CLI contract.
    pub fn name(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

/// The rule for the first move: an even number (the game), or any number (the variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum OpeningRule {
    #[default]
    Even,
    Free,
}

impl OpeningRule {
    pub fn allows(self, number: u64) -> bool {
        match self {
            OpeningRule::Even => number % 2 == 0,
            OpeningRule::Free => true,
        }
    }
}

/// The bit of number `k` (1 ≤ k ≤ 128).
#[inline]
pub fn bit(k: u32) -> NumberSet {
    debug_assert!((1..=MAX_SMALL_N).contains(&k));
    1u128 << (k - 1)
}

/// The numbers in a set, ascending.
pub fn numbers(set: NumberSet) -> impl Iterator<Item = u32> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let k = rest.trailing_zeros() + 1;
            rest &= rest - 1;
            Some(k)
        }
    })
}

/// The set holding exactly the given numbers.
pub fn set_of(list: impl IntoIterator<Item = u32>) -> NumberSet {
    list.into_iter().fold(0, |set, k| set | bit(k))
}

/// The divisibility graph G_n for n ≤ 128: an edge {a, b} when one divides the other.
#[derive(Clone, Debug)]
pub struct Board {
    n: u32,
    opening: OpeningRule,
    /// `neighbours[k]` = the numbers ≠ k in 1..=n that divide k or that k divides (index 0 unused).
    neighbours: Vec<NumberSet>,
}

impl Board {
    /// The board 1..=n with the even-opening rule. Panics if n > 128 (use `try_new` on input).
    pub fn new(n: u32) -> Board {
        Board::with_opening(n, OpeningRule::Even)
    }

    pub fn with_opening(n: u32, opening: OpeningRule) -> Board {
        assert!(
            n <= MAX_SMALL_N,
            "the bitset board holds n ≤ {MAX_SMALL_N}, got {n}"
        );
        let mut neighbours = vec![0; n as usize + 1];
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a as usize) {
                neighbours[a as usize] |= bit(b);
                neighbours[b as usize] |= bit(a);
            }
        }
        Board {
            n,
            opening,
            neighbours,
        }
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    pub fn opening_rule(&self) -> OpeningRule {
        self.opening
    }

    /// Every number of the board.
    pub fn all(&self) -> NumberSet {
        if self.n == 0 {
            0
        } else {
            u128::MAX >> (128 - self.n)
        }
    }

    /// The numbers allowed as a first move.
    pub fn openings(&self) -> NumberSet {
        let all = self.all();
        match self.opening {
            OpeningRule::Even => all & EVEN_NUMBERS,
            OpeningRule::Free => all,
        }
    }

    /// The neighbours of `k` in G_n (divisors and multiples of k in 1..=n, k excluded).
    #[inline]
    pub fn neighbours(&self, k: u32) -> NumberSet {
        self.neighbours[k as usize]
    }

    /// The legal moves from a position.
    #[inline]
    pub fn legal_moves(&self, position: &Position) -> NumberSet {
        match position.last {
            None => self.openings() & !position.played,
            Some(last) => self.neighbours(last as u32) & !position.played,
        }
    }
}

/// Bits of the even numbers 2, 4, …, 128 (number k is bit k − 1, so odd bit indices).
pub const EVEN_NUMBERS: NumberSet = 0xAAAA_AAAA_AAAA_AAAA_AAAA_AAAA_AAAA_AAAAu128;

/// A raw position: the last number played (none before the opening) and the numbers played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    pub last: Option<u8>,
    pub played: NumberSet,
}

impl Position {
    /// The position before the first move.
    pub fn start() -> Position {
        Position::default()
    }

    /// The position after `k` is played (legality is the caller's business: see `Board::play`).
    #[inline]
    pub fn after(&self, k: u32) -> Position {
        Position {
            last: Some(k as u8),
            played: self.played | bit(k),
        }
    }

    /// Number of moves made so far.
    pub fn moves_made(&self) -> u32 {
        self.played.count_ones()
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        if self.moves_made() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// Why a line of play is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("{number} is not a number of the board 1..={n}")]
    OffBoard { number: u64, n: u32 },
    #[error("{number} was already played")]
    AlreadyPlayed { number: u64 },
    #[error("the first move must be even, {number} is odd")]
    OddOpening { number: u64 },
    #[error("{number} neither divides nor is a multiple of {last}")]
    NotRelated { number: u64, last: u32 },
}

impl Board {
    /// Plays `number` from `position` if it is legal.
    pub fn play(&self, position: &Position, number: u64) -> Result<Position, IllegalMove> {
        if number == 0 || number > self.n as u64 {
            return Err(IllegalMove::OffBoard { number, n: self.n });
        }
        let k = number as u32;
        if position.played & bit(k) != 0 {
            return Err(IllegalMove::AlreadyPlayed { number });
        }
        match position.last {
            None if !self.opening.allows(number) => Err(IllegalMove::OddOpening { number }),
            Some(last) if self.neighbours(last as u32) & bit(k) == 0 => {
                Err(IllegalMove::NotRelated {
                    number,
                    last: last as u32,
                })
            }
            _ => Ok(position.after(k)),
        }
    }

    /// Plays a whole line of play from the start.
    pub fn play_line(&self, line: &[u64]) -> Result<Position, (usize, IllegalMove)> {
        line.iter()
            .enumerate()
            .try_fold(Position::start(), |position, (i, &m)| {
                self.play(&position, m).map_err(|e| (i, e))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, written out naively: x legal after c iff unplayed and x | c or c | x.
    fn naive_moves(n: u32, position: &Position) -> Vec<u32> {
        (1..=n)
            .filter(|&x| position.played & bit(x) == 0)
            .filter(|&x| match position.last {
                None => x % 2 == 0,
                Some(c) => {
                    let c = c as u32;
                    x != c && (x % c == 0 || c % x == 0)
                }
            })
            .collect()
    }

    #[test]
    fn legal_moves_match_the_naive_definition_on_random_positions() {
        let mut random = crate::test_support::Random(0x9E37_79B9_7F4A_7C15);
        for _ in 0..5000 {
            let n = (random.next() % 128 + 1) as u32;
            let board = Board::new(n);
            let mut position = Position::start();
            let steps = random.next() % 12;
            for _ in 0..steps {
                let moves: Vec<u32> = numbers(board.legal_moves(&position)).collect();
                assert_eq!(moves, naive_moves(n, &position));
                if moves.is_empty() {
                    break;
                }
                let m = moves[(random.next() % moves.len() as u64) as usize];
                position = board.play(&position, m as u64).unwrap();
            }
            let moves: Vec<u32> = numbers(board.legal_moves(&position)).collect();
            assert_eq!(moves, naive_moves(n, &position));
        }
    }

    #[test]
    fn openings_are_the_even_numbers() {
        assert_eq!(Board::new(1).openings(), 0);
        assert_eq!(
            numbers(Board::new(9).openings()).collect::<Vec<_>>(),
            vec![2, 4, 6, 8]
        );
        assert_eq!(numbers(Board::new(128).openings()).count(), 64);
        let free = Board::with_opening(3, OpeningRule::Free);
        assert_eq!(numbers(free.openings()).collect::<Vec<_>>(), vec![1, 2, 3]);
    }

    #[test]
    fn illegal_lines_are_refused_with_the_reason() {
        let board = Board::new(40);
        assert_eq!(
            board.play_line(&[3]),
            Err((0, IllegalMove::OddOpening { number: 3 }))
        );
        assert_eq!(
            board.play_line(&[22, 11, 22]),
            Err((2, IllegalMove::AlreadyPlayed { number: 22 }))
        );
        assert_eq!(
            board.play_line(&[22, 7]),
            Err((
                1,
                IllegalMove::NotRelated {
                    number: 7,
                    last: 22
                }
            ))
        );
        assert_eq!(
            board.play_line(&[41]),
            Err((0, IllegalMove::OffBoard { number: 41, n: 40 }))
        );
        let position = board.play_line(&[22, 11, 33, 3]).unwrap();
        assert_eq!(position.last, Some(3));
        assert_eq!(position.to_move(), Player::First);
    }
}
