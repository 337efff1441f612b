//! How many complete games there are (OEIS A348842, A348843, A348844): the games of 1..n by
//! opening and by the parity of their number of moves (docs/COUNTING.md).
//!
//! Two independent methods: [`enumerate`] walks every game (the reference, n ≤ 32), and
//! [`hubs`] counts them through the small numbers without walking them (n ≤ 64). Tests check
//! that they agree wherever both run.

pub mod enumerate;
pub mod hubs;
mod memo;
pub mod parity;

pub use hubs::Stats;
pub use parity::{Overflow, Parity};

use crate::game::Board;

/// Which method counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every game walked one by one (n ≤ `enumerate::MAX_ENUMERATE_N`).
    Enumerate,
    /// Through the hubs 1..k (n ≤ `hubs::MAX_HUBS_N`).
    Hubs,
}

impl Method {
    /// The largest n the method takes.
    pub fn max_n(self) -> u32 {
        match self {
            Method::Enumerate => enumerate::MAX_ENUMERATE_N,
            Method::Hubs => hubs::MAX_HUBS_N,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Enumerate => "enumerate",
            Method::Hubs => "hubs",
        }
    }
}

/// How to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountOptions {
    pub method: Method,
    /// The number of hubs k (1..=`hubs::MAX_HUBS`); `None`: `default_hubs(n)`. It changes the
    /// time and memory, never the counts.
    pub hubs: Option<u32>,
    /// The hub counter's memory bound for its table, in MiB.
    pub memory_mib: usize,
}

/// The default memory bound of the hub counter's table (MiB).
pub const DEFAULT_MEMORY_MIB: usize = 4096;

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            method: Method::Hubs,
            hubs: None,
            memory_mib: DEFAULT_MEMORY_MIB,
        }
    }
}

/// The number of hubs that counts n fastest, as measured (docs/benchmarks-history.md, "Counting games").
pub fn default_hubs(n: u32) -> u32 {
    match n {
        0..=20 => 2,
        21..=36 => 4,
        37..=46 => 5,
        47..=54 => 6,
        _ => 7,
    }
}

/// The games of 1..n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub n: u32,
    /// Each even opening 2, 4, …, n with its games, by parity (A348844's row; the totals are
    /// A348843's).
    pub openings: Vec<(u32, Parity)>,
    /// The hub counter's figures (none for the enumeration).
    pub stats: Option<Stats>,
}

impl Count {
    /// All games (A348842: `games().total()`), odd and even.
    pub fn games(&self) -> Result<Parity, Overflow> {
        self.openings
            .iter()
            .try_fold(Parity::ZERO, |sum, (_, games)| sum.checked_add(*games))
    }
}

/// Why nothing was counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    #[error("the {method} method takes 1 ≤ n ≤ {max}, got {n}", method = .method.name())]
    OutOfRange { n: u32, method: Method, max: u32 },
    #[error("the number of hubs must be between 1 and {max}, got {hubs}", max = hubs::MAX_HUBS)]
    BadHubs { hubs: u32 },
    #[error(transparent)]
    Overflow(#[from] Overflow),
}

/// Counts the games of 1..n. `progress(done, total)` reports the units of work finished (from
/// any thread). The result is the same whatever the method, hubs and thread count.
pub fn count(
    n: u32,
    options: &CountOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Count, CountError> {
    let method = options.method;
    if n == 0 || n > method.max_n() {
        return Err(CountError::OutOfRange {
            n,
            method,
            max: method.max_n(),
        });
    }
    match method {
        Method::Enumerate => {
            let board = Board::new(n);
            let openings: Vec<u32> = (2..=n).step_by(2).collect();
            let total = openings.len() as u64;
            let openings = openings
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let games = enumerate::games_after_opening(&board, c);
                    progress(i as u64 + 1, total);
                    (c, games)
                })
                .collect();
            Ok(Count {
                n,
                openings,
                stats: None,
            })
        }
        Method::Hubs => {
            let k = options.hubs.unwrap_or_else(|| default_hubs(n));
            if !(1..=hubs::MAX_HUBS).contains(&k) {
                return Err(CountError::BadHubs { hubs: k });
            }
            let counter = hubs::HubCounter::new(n, k, options.memory_mib.saturating_mul(1 << 20));
            let openings = counter.count(progress)?;
            Ok(Count {
                n,
                openings,
                stats: Some(counter.stats()),
            })
        }
    }
}
