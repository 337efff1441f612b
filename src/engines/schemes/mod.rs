//! Prime-window schemes (docs/MATH.md §4): small hand-made pairing strategies with which the first
//! player wins for large n. A scheme is written in bracket notation, `[2 22 11 33 3][…]`, and
//! expands, for an n in its range, into a pairing strategy (opening and pairs) in the shape of
//! `certificate::Body::Pairing`; `simulate` walks that strategy against every reply, for any n.
//! The catalogue is Lemoine's (2022); the general scheme uses three primes in (n/4, n/3].

mod simulate;

pub use simulate::{simulate, Simulation, SimulationError};

use crate::pairing::Pairing;
use crate::primes::primes_descending;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::OnceLock;

/// A prime-window scheme: chains of numbers the first player can force.
///
/// In every chain the numbers at odd positions (counting from 0) are the first player's, the
/// others the second player's. The first chain's second number is the opening; every other
/// second-player number that has a successor in its chain is answered with that successor.
/// Invariants (checked by `Scheme::new`): see `ShapeError`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scheme {
    chains: Vec<Vec<u64>>,
}

/// Why a list of chains is not a scheme. These are mistakes in the scheme itself, whatever n.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("a scheme needs at least one chain")]
    NoChain,
    #[error("chain {chain} is empty")]
    EmptyChain { chain: usize },
    #[error("the first chain needs a second number, the opening")]
    NoOpening,
    #[error("the opening {opening} is odd; the first move must be even")]
    OddOpening { opening: u64 },
    #[error("0 is not a number of the board")]
    Zero,
    #[error(
        "in chain {chain}, the second player's {divisor} must be a proper divisor of the first \
         player's {number}"
    )]
    NotADivisor {
        chain: usize,
        divisor: u64,
        number: u64,
    },
    #[error("{number} is played by the first player more than once")]
    FirstPlayerTwice { number: u64 },
    #[error("{number} is played by both players")]
    PlayedByBoth { number: u64 },
    #[error("the second player's {number} is answered in two chains")]
    AnsweredTwice { number: u64 },
    #[error(
        "the range [[{largest}, 2·{smallest} − 1]] is empty: the first player's {smallest} has a \
         multiple below its {largest}"
    )]
    EmptyRange { largest: u64, smallest: u64 },
}

/// Why bracket notation does not describe a scheme.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("byte {offset}: expected '[', found {found:?}")]
    ExpectedChain { offset: usize, found: char },
    #[error("byte {offset}: unexpected {found:?} inside a chain")]
    UnexpectedCharacter { offset: usize, found: char },
    #[error("byte {offset}: the chain opened here has no ']'")]
    UnclosedChain { offset: usize },
    #[error("byte {offset}: number too large for 64 bits")]
    NumberTooLarge { offset: usize },
    #[error(transparent)]
    Shape(#[from] ShapeError),
}

/// Why a scheme gives no strategy for this n. Never a wrong strategy: a refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchemeError {
    #[error("n = {n} is outside the scheme's range [[{low}, {high}]]")]
    OutOfRange { n: u64, low: u64, high: u64 },
    #[error("no prime in ({half}, {n}] is left to answer 1", half = n / 2)]
    NoPrimeForOne { n: u64 },
    #[error("no prime-window scheme applies to n = {n}")]
    NoScheme { n: u64 },
    #[error("the scheme's strategy is not closed: {0}")]
    NotClosed(String),
    #[error("the scheme's strategy fails the simulation: {0}")]
    Simulation(#[from] SimulationError),
}

impl Scheme {
    /// A scheme from its chains, if they have the shape of a forcing strategy (`ShapeError`).
    pub fn new(chains: Vec<Vec<u64>>) -> Result<Scheme, ShapeError> {
        if chains.is_empty() {
            return Err(ShapeError::NoChain);
        }
        if let Some(chain) = chains.iter().position(Vec::is_empty) {
            return Err(ShapeError::EmptyChain { chain });
        }
        let opening = *chains[0].get(1).ok_or(ShapeError::NoOpening)?;
        if opening % 2 != 0 {
            return Err(ShapeError::OddOpening { opening });
        }
        if chains.iter().flatten().any(|&x| x == 0) {
            return Err(ShapeError::Zero);
        }
        let scheme = Scheme { chains };
        // The second player is forced onto divisors: a first-player number's neighbours in its
        // chain must divide it (it has no multiple on any board where the scheme is used).
        for (index, chain) in scheme.chains.iter().enumerate() {
            for (position, pair) in chain.windows(2).enumerate() {
                let (divisor, number) = if position % 2 == 0 {
                    (pair[0], pair[1])
                } else {
                    (pair[1], pair[0])
                };
                if divisor == number || number % divisor != 0 {
                    return Err(ShapeError::NotADivisor {
                        chain: index,
                        divisor,
                        number,
                    });
                }
            }
        }
        let mut first: Vec<u64> = scheme.first_player_numbers().collect();
        first.sort_unstable();
        if let Some(w) = first.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::FirstPlayerTwice { number: w[0] });
        }
        if let Some(number) = scheme
            .second_player_numbers()
            .find(|x| first.binary_search(x).is_ok())
        {
            return Err(ShapeError::PlayedByBoth { number });
        }
        let mut answered: Vec<u64> = scheme.answers().map(|(a, _)| a).collect();
        answered.sort_unstable();
        if let Some(w) = answered.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::AnsweredTwice { number: w[0] });
        }
        let (largest, smallest) = (first[first.len() - 1], first[0]);
        if largest > smallest.saturating_mul(2).saturating_sub(1) {
            return Err(ShapeError::EmptyRange { largest, smallest });
        }
        Ok(scheme)
    }

    /// The general scheme of docs/MATH.md §4 for three primes p < q < r:
    /// `[2 2p p 3p 3][3 3q q 2q 2][2 2r r 3r 3]`, valid for n in [[3r, 4p − 1]], that is
    /// whenever p, q, r lie in (n/4, n/3].
    pub fn general(p: u64, q: u64, r: u64) -> Result<Scheme, ShapeError> {
        let double = |x: u64| x.saturating_mul(2);
        let triple = |x: u64| x.saturating_mul(3);
        Scheme::new(vec![
            vec![2, double(p), p, triple(p), 3],
            vec![3, triple(q), q, double(q), 2],
            vec![2, double(r), r, triple(r), 3],
        ])
    }

    pub fn chains(&self) -> &[Vec<u64>] {
        &self.chains
    }

    /// The first player's first move: the second number of the first chain.
    pub fn opening(&self) -> u64 {
        self.chains[0][1]
    }

    /// The numbers the first player may play (odd positions), the opening included.
    pub fn first_player_numbers(&self) -> impl Iterator<Item = u64> + '_ {
        self.chains
            .iter()
            .flat_map(|chain| chain.iter().skip(1).step_by(2).copied())
    }

    /// The numbers the second player is forced onto (even positions), with repeats.
    pub fn second_player_numbers(&self) -> impl Iterator<Item = u64> + '_ {
        self.chains
            .iter()
            .flat_map(|chain| chain.iter().step_by(2).copied())
    }

    /// The answers (second player's number, first player's reply) the chains spell out: each
    /// even-position number followed by the next, except the first chain's start, which is
    /// where the opening stands.
    fn answers(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.chains.iter().enumerate().flat_map(|(index, chain)| {
            let start = if index == 0 { 2 } else { 0 };
            chain
                .get(start..)
                .unwrap_or(&[])
                .chunks_exact(2)
                .map(|pair| (pair[0], pair[1]))
        })
    }

    /// The n for which the scheme is valid: [[a, 2b − 1]] with a the largest and b the smallest
    /// number of the first player, so that none of the first player's numbers has a multiple
    /// on the board and the second player's moves are all divisors.
    pub fn valid_range(&self) -> RangeInclusive<u64> {
        let largest = self.first_player_numbers().max().unwrap_or(0);
        let smallest = self.first_player_numbers().min().unwrap_or(0);
        // When 2·smallest overflows, every u64 board is below it.
        largest
            ..=smallest
                .checked_mul(2)
                .map_or(u64::MAX, |double| double - 1)
    }

    /// The pairing strategy for n: the opening, the chains' answers and `1 → s` with s a prime
    /// in (n/2, n] (the largest one the scheme does not use) unless the scheme answers 1 itself.
    /// Refused outside the valid range or when no such prime exists.
    pub fn pairing(&self, n: u64) -> Result<Pairing, SchemeError> {
        let range = self.valid_range();
        if !range.contains(&n) {
            return Err(SchemeError::OutOfRange {
                n,
                low: *range.start(),
                high: *range.end(),
            });
        }
        self.pairing_ignoring_range(n)
    }

    /// `pairing` without the range check: a strategy that may well be wrong. For building
    /// counter-examples (tests, adversarial certificates), never for publishing.
    pub fn pairing_ignoring_range(&self, n: u64) -> Result<Pairing, SchemeError> {
        let mut pairs: Vec<(u64, u64)> =
            self.answers().map(|(a, b)| (a.min(b), a.max(b))).collect();
        if !pairs.iter().any(|&(a, b)| a == 1 || b == 1) {
            let used: Vec<u64> = self.chains.iter().flatten().copied().collect();
            let s = primes_descending(n / 2, n)
                .find(|s| !used.contains(s))
                .ok_or(SchemeError::NoPrimeForOne { n })?;
            pairs.push((1, s));
        }
        pairs.sort_unstable();
        Ok(Pairing {
            opening: Some(self.opening()),
            pairs,
        })
    }
}

impl fmt::Display for Scheme {
    /// Bracket notation, chains side by side: `[2 22 11 33 3][2 26 13 39 3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chain in &self.chains {
            f.write_str("[")?;
            for (i, number) in chain.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{number}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl FromStr for Scheme {
    type Err = NotationError;

    /// Bracket notation: chains in `[ ]`, numbers separated by whitespace, whitespace between
    /// chains optional.
    fn from_str(text: &str) -> Result<Scheme, NotationError> {
        let mut chains = Vec::new();
        let mut characters = text.char_indices().peekable();
        while let Some((offset, c)) = characters.next() {
            if c.is_whitespace() {
                continue;
            }
            if c != '[' {
                return Err(NotationError::ExpectedChain { offset, found: c });
            }
            let opened_at = offset;
            let mut chain = Vec::new();
            loop {
                let Some((offset, c)) = characters.next() else {
                    return Err(NotationError::UnclosedChain { offset: opened_at });
                };
                if c == ']' {
                    break;
                }
                if c.is_whitespace() {
                    continue;
                }
                let Some(digit) = c.to_digit(10) else {
                    return Err(NotationError::UnexpectedCharacter { offset, found: c });
                };
                let mut number = u64::from(digit);
                while let Some(digit) = characters.peek().and_then(|&(_, c)| c.to_digit(10)) {
                    characters.next();
                    number = number
                        .checked_mul(10)
                        .and_then(|x| x.checked_add(u64::from(digit)))
                        .ok_or(NotationError::NumberTooLarge { offset })?;
                }
                chain.push(number);
            }
            chains.push(chain);
        }
        Ok(Scheme::new(chains)?)
    }
}

/// A scheme of the catalogue with the range docs/MATH.md states for it.
#[derive(Clone, Debug)]
pub struct CatalogueEntry {
    pub scheme: Scheme,
    pub stated_range: RangeInclusive<u64>,
}

/// Lemoine's hand-made schemes, as listed in docs/MATH.md §4, in that order.
const CATALOGUE: [(u64, u64, &str); 10] = [
    (39, 41, "[2 22 11 33 3][2 26 13 39 3][3 21 7 35 5 25 1 37]"),
    (
        57,
        65,
        "[2 34 17 51 3][2 38 19 57 3][3 33 11 55 5 35 7 49 1 53]",
    ),
    (
        65,
        67,
        "[2 34 17 51 3][2 38 19 57 3][3 39 13 65 5 35 7 49 1 53]",
    ),
    (
        69,
        69,
        "[2 38 19 57 3][2 46 23 69 3][3 39 13 65 5 35 7 49 1 53]",
    ),
    (
        87,
        91,
        "[2 46 23 69 3][2 58 29 87 3][3 51 17 85 5 55 11 77 7 49 1 53]",
    ),
    (
        93,
        101,
        "[2 58 29 87 3][2 62 31 93 3][3 51 17 85 5 55 11 77 7 91 13 65 1 53]",
    ),
    (
        95,
        109,
        "[2 58 29 87 3][2 62 31 93 3][3 57 19 95 5 55 11 77 7 91 13 65 1 89]",
    ),
    (
        119,
        123,
        "[2 62 31 93 3][2 74 37 111 3][3 69 23 115 5 65 13 91 7 119 17 85 1 89]",
    ),
    (
        123,
        129,
        "[2 74 37 111 3][2 82 41 123 3][3 69 23 115 5 65 13 91 7 119 17 85 1 89]",
    ),
    (
        161,
        185,
        "[2 94 47 141 3][2 106 53 159 3][3 93 31 155 5 115 23 161 7 133 19 95 1 101]",
    ),
];

/// The catalogue of docs/MATH.md §4, parsed once.
pub fn catalogue() -> &'static [CatalogueEntry] {
    static PARSED: OnceLock<Vec<CatalogueEntry>> = OnceLock::new();
    PARSED.get_or_init(|| {
        CATALOGUE
            .iter()
            .map(|&(low, high, notation)| CatalogueEntry {
                // Constant data, parsed by the tests: a failure here is a typo in this file.
                scheme: notation.parse().expect("the catalogue is well formed"),
                stated_range: low..=high,
            })
            .collect()
    })
}

/// The three largest primes p < q < r in (n/4, n/3], if there are three.
pub fn general_primes(n: u64) -> Option<(u64, u64, u64)> {
    let mut window = primes_descending(n / 4, n / 3);
    let r = window.next()?;
    let q = window.next()?;
    let p = window.next()?;
    Some((p, q, r))
}

/// The general scheme for n (docs/MATH.md §4), when three primes lie in (n/4, n/3].
pub fn general_scheme(n: u64) -> Option<Scheme> {
    let (p, q, r) = general_primes(n)?;
    // The window first holds three primes at n = 111 (29, 31, 37), well clear of 2 and 3, so
    // the chains are well formed; a malformed case would be refused here, never used.
    Scheme::general(p, q, r).ok()
}

/// The scheme used for n: the first catalogue scheme whose range holds n, else the general one.
pub fn scheme_for(n: u64) -> Option<Scheme> {
    catalogue()
        .iter()
        .find(|entry| entry.scheme.valid_range().contains(&n))
        .map(|entry| entry.scheme.clone())
        .or_else(|| general_scheme(n))
}

/// The scheme for n and its first-player pairing strategy, unchecked: `jg certify` hands it to
/// the verifier and `jg solve` to the closure check, one check each; `winning_pairing` walks it.
pub fn scheme_pairing(n: u64) -> Result<(Scheme, Pairing), SchemeError> {
    let scheme = scheme_for(n).ok_or(SchemeError::NoScheme { n })?;
    let pairing = scheme.pairing(n)?;
    Ok((scheme, pairing))
}

/// A first-player pairing strategy for n from a scheme, checked by `simulate` before it is
/// returned: the scheme, its strategy and the simulation's figures. The walk is the test
/// oracle and `jg schemes`' own check, not the certify path.
pub fn winning_pairing(n: u64) -> Result<(Scheme, Pairing, Simulation), SchemeError> {
    let (scheme, pairing) = scheme_pairing(n)?;
    let simulation = simulate(n, &pairing)?;
    Ok((scheme, pairing, simulation))
}

/// How many boards without a scheme a range check lists (it counts them all).
pub const WITHOUT_LISTED: usize = 50;

/// What checking a range of boards gave (`check_range`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RangeCheck {
    /// Boards won by a scheme, each simulated against every reply, and the positions in all.
    pub checked: u64,
    pub positions: u64,
    /// The first `WITHOUT_LISTED` boards without a scheme, ascending, and how many there are.
    pub without: Vec<u64>,
    pub without_count: u64,
}

/// Produces and simulates the scheme of every n in `first..=last` (`starting(n)` is called
/// before each), counting the boards without one; memory stays bounded whatever the range. Any
/// other failure stops the check, with its n.
pub fn check_range(
    first: u64,
    last: u64,
    starting: &mut dyn FnMut(u64),
) -> Result<RangeCheck, (u64, SchemeError)> {
    let mut check = RangeCheck::default();
    for n in first..=last {
        starting(n);
        match winning_pairing(n) {
            Ok((_, _, simulation)) => {
                check.checked += 1;
                check.positions += simulation.positions;
            }
            Err(SchemeError::NoScheme { .. }) => {
                check.without_count += 1;
                if check.without.len() < WITHOUT_LISTED {
                    check.without.push(n);
                }
            }
            Err(error) => return Err((n, error)),
        }
    }
    Ok(check)
}

#[cfg(test)]
mod tests;
