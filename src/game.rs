//! The rules of Juniper Green (docs/MATH.md §1) on the solver side, written once: which numbers
//! are related (`related`, `related_numbers`), which move is legal (`move_error`, `check_line`,
//! `legal_moves_after`) for any n, and the fast form of the same rules for n ≤ `MAX_SMALL_N`
//! = 128: the divisibility graph G_n as `u128` bitsets (number k is bit k − 1) and positions
//! (last number, played set). Every engine and front-end of the solver crate asks these.
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

    /// Who wins a game that the first player wins (`true`) or loses (`false`).
    pub fn winner(first_wins: bool) -> Player {
        if first_wins {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Whose turn it is after `moves` moves: the first player's after an even number.
    pub fn to_move_after(moves: usize) -> Player {
        if moves.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
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
            OpeningRule::Even => number.is_multiple_of(2),
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
        let neighbours = (0..=n as u64)
            .map(|k| match k {
                0 => 0,
                _ => set_of(related_numbers(n as u64, k).map(|x| x as u32)),
            })
            .collect();
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
        Player::to_move_after(self.moves_made() as usize)
    }
}

/// Why a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    #[error("not a number of the board 1..{n}")]
    OffBoard { n: u64 },
    #[error("already played")]
    AlreadyPlayed,
    #[error("the first move must be even")]
    OddOpening,
    #[error("neither divides nor is a multiple of {last}")]
    NotRelated { last: u64 },
}

/// A line of play with an illegal move: which one (0-based) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {} ({number}) is illegal: {reason}", .index + 1)]
pub struct IllegalLine {
    pub index: usize,
    pub number: u64,
    pub reason: IllegalReason,
}

/// Whether `a` and `b` are joined in G_n: two different numbers, one a divisor of the other.
/// This is the rule of every move after the first.
pub fn related(a: u64, b: u64) -> bool {
    a != b && a != 0 && b != 0 && (a.is_multiple_of(b) || b.is_multiple_of(a))
}

/// Why playing `number` on 1..=n is illegal after `last` (none before the opening), with the
/// numbers for which `played` is true already taken; None when it is legal. The one statement
/// of a legal move on the solver side: `Board::play`, `check_line` and `legal_moves_after` ask it.
pub fn move_error(
    n: u64,
    rule: OpeningRule,
    played: impl Fn(u64) -> bool,
    last: Option<u64>,
    number: u64,
) -> Option<IllegalReason> {
    if number == 0 || number > n {
        return Some(IllegalReason::OffBoard { n });
    }
    if played(number) {
        return Some(IllegalReason::AlreadyPlayed);
    }
    match last {
        None if !rule.allows(number) => Some(IllegalReason::OddOpening),
        Some(last) if !related(last, number) => Some(IllegalReason::NotRelated { last }),
        _ => None,
    }
}

/// Checks a line of play from the start on 1..=n (any n: the played numbers are kept in a set
/// of the line's length); the numbers played, or the first illegal move and why.
pub fn check_line(
    n: u64,
    rule: OpeningRule,
    line: &[u64],
) -> Result<std::collections::HashSet<u64>, IllegalLine> {
    let mut played = std::collections::HashSet::with_capacity(line.len());
    for (index, &number) in line.iter().enumerate() {
        let last = index.checked_sub(1).map(|i| line[i]);
        if let Some(reason) = move_error(n, rule, |k| played.contains(&k), last, number) {
            return Err(IllegalLine {
                index,
                number,
                reason,
            });
        }
        played.insert(number);
    }
    Ok(played)
}

/// The legal moves after `line` (checked first) on 1..=n, ascending: the openings the rule
/// allows, or the numbers related to the last one, less those played.
pub fn legal_moves_after(n: u64, rule: OpeningRule, line: &[u64]) -> Result<Vec<u64>, IllegalLine> {
    let played = check_line(n, rule, line)?;
    let candidates: Box<dyn Iterator<Item = u64>> = match line.last() {
        None => Box::new((1..=n).filter(move |&k| rule.allows(k))),
        Some(&last) => Box::new(related_numbers(n, last)),
    };
    Ok(candidates.filter(|k| !played.contains(k)).collect())
}

/// The numbers of 1..=n related to `c` (c ≤ n), ascending: its proper divisors, then its
/// multiples up to n (lazily: a small c on a large board has very many).
pub fn related_numbers(n: u64, c: u64) -> impl Iterator<Item = u64> {
    proper_divisors(c).into_iter().chain(multiples(c, n))
}

/// The multiples 2x, 3x, … up to n, ascending, lazily (there may be very many).
pub fn multiples(x: u64, n: u64) -> impl Iterator<Item = u64> {
    (2u64..)
        .map_while(move |k| x.checked_mul(k))
        .take_while(move |&m| m <= n)
}

/// The divisors of `x` other than `x`, ascending, from its prime factors (small ones by trial
/// division, the rest by Pollard's rho: microseconds for any u64, where trial division up to
/// the square root took seconds above 10^15).
pub fn proper_divisors(x: u64) -> Vec<u64> {
    let factors = crate::primes::factorise(x);
    let mut divisors = vec![1u64];
    for (prime, exponent) in factors {
        let known = divisors.len();
        let mut power = 1u64;
        for _ in 0..exponent {
            power *= prime;
            for i in 0..known {
                divisors.push(divisors[i] * power);
            }
        }
    }
    divisors.sort_unstable();
    divisors.pop(); // x itself (for x = 1 this leaves nothing: 1 has no proper divisor)
    divisors
}

impl Board {
    /// Plays `number` from `position` if it is legal (`move_error`).
    pub fn play(&self, position: &Position, number: u64) -> Result<Position, IllegalReason> {
        let played = |k: u64| position.played & bit(k as u32) != 0;
        let last = position.last.map(u64::from);
        match move_error(self.n as u64, self.opening, played, last, number) {
            Some(reason) => Err(reason),
            None => Ok(position.after(number as u32)),
        }
    }

    /// Plays a whole line of play from the start.
    pub fn play_line(&self, line: &[u64]) -> Result<Position, IllegalLine> {
        line.iter()
            .enumerate()
            .try_fold(Position::start(), |position, (index, &number)| {
                self.play(&position, number).map_err(|reason| IllegalLine {
                    index,
                    number,
                    reason,
                })
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
                    x != c && (x.is_multiple_of(c) || c.is_multiple_of(x))
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
            let mut line = Vec::new();
            let steps = random.next() % 12;
            for _ in 0..=steps {
                let moves: Vec<u32> = numbers(board.legal_moves(&position)).collect();
                assert_eq!(moves, naive_moves(n, &position));
                // The rules for any n (u64, no bitset) list the same moves.
                let after = legal_moves_after(n as u64, OpeningRule::Even, &line).unwrap();
                assert!(after.iter().copied().eq(moves.iter().map(|&m| m as u64)));
                if moves.is_empty() {
                    break;
                }
                let m = moves[(random.next() % moves.len() as u64) as usize];
                position = board.play(&position, m as u64).unwrap();
                line.push(m as u64);
            }
        }
    }

    #[test]
    fn related_numbers_are_the_divisors_and_multiples_on_the_board() {
        for n in [1u64, 2, 12, 97, 360] {
            for c in 1..=n {
                let naive: Vec<u64> = (1..=n)
                    .filter(|&x| x != c && (x % c == 0 || c % x == 0))
                    .collect();
                assert_eq!(related_numbers(n, c).collect::<Vec<_>>(), naive, "{n} {c}");
            }
        }
        // A large board: no array of size n, the multiples come lazily.
        let huge = u64::MAX;
        let first: Vec<u64> = related_numbers(huge, 12).take(8).collect();
        assert_eq!(first, [1, 2, 3, 4, 6, 24, 36, 48]);
        assert_eq!(multiples(huge / 2 + 1, huge).count(), 0);
    }

    #[test]
    fn the_free_opening_allows_odd_first_moves_only_under_its_rule() {
        assert_eq!(
            legal_moves_after(5, OpeningRule::Free, &[]).unwrap(),
            [1, 2, 3, 4, 5]
        );
        assert_eq!(
            legal_moves_after(5, OpeningRule::Even, &[]).unwrap(),
            [2, 4]
        );
        assert_eq!(
            legal_moves_after(5, OpeningRule::Even, &[3])
                .unwrap_err()
                .reason,
            IllegalReason::OddOpening
        );
        assert_eq!(
            legal_moves_after(10, OpeningRule::Free, &[3]).unwrap(),
            [1, 6, 9]
        );
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
        let illegal = |index, number, reason| {
            Err(IllegalLine {
                index,
                number,
                reason,
            })
        };
        for line in [&[3][..], &[22, 11, 22], &[22, 7], &[41], &[0]] {
            // The bitset board and the rules for any n give the same verdict.
            let by_rules = check_line(40, OpeningRule::Even, line).map(|_| ());
            assert_eq!(board.play_line(line).map(|_| ()), by_rules, "{line:?}");
        }
        assert_eq!(
            board.play_line(&[3]),
            illegal(0, 3, IllegalReason::OddOpening)
        );
        assert_eq!(
            board.play_line(&[22, 11, 22]),
            illegal(2, 22, IllegalReason::AlreadyPlayed)
        );
        assert_eq!(
            board.play_line(&[22, 7]),
            illegal(1, 7, IllegalReason::NotRelated { last: 22 })
        );
        assert_eq!(
            board.play_line(&[41]),
            illegal(0, 41, IllegalReason::OffBoard { n: 40 })
        );
        let message = board.play_line(&[22, 7]).unwrap_err().to_string();
        assert_eq!(
            message,
            "move 2 (7) is illegal: neither divides nor is a multiple of 22"
        );
        let position = board.play_line(&[22, 11, 33, 3]).unwrap();
        assert_eq!(position.last, Some(3));
        assert_eq!(position.to_move(), Player::First);
    }
}
