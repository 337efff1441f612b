//! The raw rules (spec.md, "legal"): 1 ≤ x ≤ n, x unplayed, an allowed opening or a divisor or
//! multiple of the last number. Two boards apply them: a `u128` bitset for n ≤ 128 (number k is
//! bit k − 1, neighbours found by `%` tests) and a general board for any n up to u64::MAX that
//! keeps only the played numbers and lists moves by trial division and multiples.

use crate::format::read_number;
use crate::OpeningRule;
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

/// A board the walk can play on. `legal_moves` lists every legal move, ascending.
pub(crate) trait Board {
    /// `Default` is the start: nothing played.
    type Position: Clone + Eq + Hash + Default;
    type Moves: Iterator<Item = u64>;
    /// Whether `number` (in 1..=n) is played at `position`.
    fn is_played(&self, position: &Self::Position, number: u64) -> bool;
    /// The position after the legal move `number`.
    fn play(&self, position: &Self::Position, number: u64) -> Self::Position;
    /// Err names the work bound that listing the moves would break.
    fn legal_moves(&mut self, position: &Self::Position) -> Result<Self::Moves, String>;
    /// Heap bytes `position` holds outside the memo's table.
    fn heap_bytes(&self, _: &Self::Position) -> u64 {
        0
    }
}

/// Ok when `number` is a legal move on 1..n at `position`, reached by `line`; otherwise the rule
/// it breaks.
pub(crate) fn check_move<B: Board>(
    board: &B, (n, rule): (u64, OpeningRule), position: &B::Position, line: &[u64], number: u64,
) -> Result<(), String> {
    let last = line.last().copied().unwrap_or(0);
    if number == 0 || number > n {
        Err(format!("{number} is not in 1..{n}"))
    } else if board.is_played(position, number) {
        Err(format!("{number} was already played"))
    } else if last == 0 && rule == OpeningRule::Even && number % 2 != 0 {
        Err("the opening must be even".into())
    } else if last != 0 && number % last != 0 && last % number != 0 {
        Err(format!("{number} neither divides nor is a multiple of {last}"))
    } else {
        Ok(())
    }
}

/// The board 1..n for n ≤ 128.
pub(crate) struct SmallBoard {
    /// `reachable[k]`: the numbers x ≠ k in 1..=n with x | k or k | x; for k = 0 (before the
    /// opening), the allowed openings.
    reachable: Vec<u128>,
}

/// The played numbers and the last number (0 before the opening). Packed to 8-byte alignment so
/// that a memo entry takes 24 bytes, not 32 (fields are only ever copied out, never borrowed).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
#[repr(C, packed(8))]
pub(crate) struct SmallPosition {
    played: u128,
    last: u8,
}

impl Hash for SmallPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let (played, last) = (self.played, u64::from(self.last));
        state.write_u64(played as u64);
        state.write_u64((played >> 64) as u64 ^ last << 56);
    }
}

fn bit(number: u64) -> u128 {
    1 << (number - 1)
}

fn set(numbers: impl Iterator<Item = u64>) -> u128 {
    numbers.fold(0, |set, x| set | bit(x))
}

impl SmallBoard {
    pub fn new(n: u64, opening_rule: OpeningRule) -> SmallBoard {
        let n = n.min(128);
        let legal = |k: u64, x: u64| match k {
            0 => opening_rule == OpeningRule::Free || x % 2 == 0,
            k => x != k && (x % k == 0 || k % x == 0),
        };
        SmallBoard { reachable: (0..=n).map(|k| set((1..=n).filter(|&x| legal(k, x)))).collect() }
    }
}

/// The numbers of a bitset, ascending.
pub(crate) struct Bits(u128);

impl Iterator for Bits {
    type Item = u64;
    fn next(&mut self) -> Option<u64> {
        let lowest = self.0.trailing_zeros();
        self.0 &= self.0.wrapping_sub(1);
        (lowest < 128).then_some(u64::from(lowest) + 1)
    }
}

impl Board for SmallBoard {
    type Position = SmallPosition;
    type Moves = Bits;
    fn is_played(&self, position: &SmallPosition, number: u64) -> bool {
        position.played & bit(number) != 0
    }
    fn play(&self, position: &SmallPosition, number: u64) -> SmallPosition {
        SmallPosition { played: position.played | bit(number), last: number as u8 }
    }
    fn legal_moves(&mut self, position: &SmallPosition) -> Result<Bits, String> {
        Ok(Bits(self.reachable[usize::from(position.last)] & !position.played))
    }
}

/// The board 1..n for any n; it never holds anything of size n.
pub(crate) struct GeneralBoard {
    pub n: u64,
    pub opening_rule: OpeningRule,
    /// Steps (trial divisions, multiples) that listing moves may still take.
    pub work_left: u64,
}

/// The played numbers, ascending, and the last number (0 before the opening).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub(crate) struct GeneralPosition {
    played: Vec<u64>,
    last: u64,
}

impl Board for GeneralBoard {
    type Position = GeneralPosition;
    /// Boxed: the multiples are listed lazily, as there may be up to n of them.
    type Moves = Box<dyn Iterator<Item = u64>>;
    fn is_played(&self, position: &GeneralPosition, number: u64) -> bool {
        position.played.binary_search(&number).is_ok()
    }
    fn play(&self, position: &GeneralPosition, number: u64) -> GeneralPosition {
        let mut played = position.played.clone();
        played.insert(played.partition_point(|&x| x < number), number);
        GeneralPosition { played, last: number }
    }
    fn legal_moves(&mut self, position: &GeneralPosition) -> Result<Self::Moves, String> {
        let (n, last, left) = (self.n, position.last, self.work_left);
        let cost = if last == 0 { n } else { last.isqrt().saturating_add(n / last) };
        if cost > left {
            return Err(format!(
                "work limit: the moves from {last} on 1..{n} take {cost} steps, {left} left"
            ));
        }
        self.work_left -= cost;
        let played = position.played.clone();
        let unplayed = move |x: &u64| played.binary_search(x).is_err();
        // The last number is played, so neither list holds it: the divisors, all below it, come
        // before the multiples, all above it.
        let divisors: BTreeSet<u64> = (1..=last.isqrt())
            .filter(|divisor| last % divisor == 0)
            .flat_map(|divisor| [divisor, last / divisor])
            .filter(&unplayed)
            .collect();
        let step = match (last, self.opening_rule) {
            (0, OpeningRule::Even) => 2,
            (0, OpeningRule::Free) => 1,
            _ => last,
        };
        let multiples = (1..=n / step).map(move |k| k * step).filter(unplayed);
        Ok(Box::new(divisors.into_iter().chain(multiples)))
    }
    fn heap_bytes(&self, position: &GeneralPosition) -> u64 {
        16 * position.played.len() as u64
    }
}

/// A small, fast hasher for memo keys: a multiply-rotate mix per word and a final avalanche so
/// that every bit of the key reaches the table's bucket and tag bits.
#[derive(Default)]
pub(crate) struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            self.write_u64(read_number(chunk));
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn finish(&self) -> u64 {
        let hash = (self.0 ^ self.0 >> 33).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        hash ^ hash >> 33
    }
}
