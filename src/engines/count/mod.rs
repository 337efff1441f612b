//! How many complete games there are (OEIS A348842, A348843, A348844): the games of 1..n by
//! opening and by the parity of their number of moves (docs/COUNTING.md).
//!
//! Three independent methods: [`enumerate`] walks every game (the reference, n ≤ 32),
//! [`hubs`] counts them through the small numbers without walking them (n ≤ 64), and
//! [`frontier`] by a dynamic programme over the vertices of the divisibility graph (n ≤ 128;
//! in practice as far as its largest layer fits in memory, about n = 90 on 24 GB). Tests check that they agree
//! wherever two run.

pub mod enumerate;
pub mod frontier;
pub mod hubs;
mod key_hash;
mod memo;
pub mod parity;

pub use parity::{Overflow, Parity};

use crate::game::Board;

/// Which method counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The fastest exact method for n, as measured: [`Method::for_n`].
    Auto,
    /// Every game walked one by one (n ≤ `enumerate::MAX_ENUMERATE_N`).
    Enumerate,
    /// Through the hubs 1..k (n ≤ `hubs::MAX_HUBS_N`).
    Hubs,
    /// The frontier programme over the vertices (n ≤ `frontier::MAX_FRONTIER_N`).
    Frontier,
}

/// Up to this n, `auto` counts by the hubs: both methods take about a tenth of a second or less,
/// and the frontier counter's search for its vertex order costs more than the hub counter's
/// whole count; from n = 30 the frontier counter is faster, 30 times at n = 40 (BENCHMARKS.md,
/// "Counting games to n = 60 and beyond").
pub const AUTO_HUBS_MAX: u32 = 29;

impl Method {
    /// The largest n the method takes.
    pub fn max_n(self) -> u32 {
        match self {
            Method::Enumerate => enumerate::MAX_ENUMERATE_N,
            Method::Hubs => hubs::MAX_HUBS_N,
            Method::Frontier | Method::Auto => frontier::MAX_FRONTIER_N,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Enumerate => "enumerate",
            Method::Hubs => "hubs",
            Method::Frontier => "frontier",
        }
    }

    /// The method that counts n: itself, or for `Auto` the fastest measured (the hubs up to
    /// `AUTO_HUBS_MAX`, the frontier above).
    pub fn for_n(self, n: u32) -> Method {
        match self {
            Method::Auto if n <= AUTO_HUBS_MAX => Method::Hubs,
            Method::Auto => Method::Frontier,
            method => method,
        }
    }
}

/// How to count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountOptions {
    pub method: Method,
    /// The number of hubs k (1..=`hubs::MAX_HUBS`); `None`: `default_hubs(n)`. It changes the
    /// time and memory, never the counts.
    pub hubs: Option<u32>,
    /// The memory bound in MiB: of the hub counter's table (past it, it recomputes), of the
    /// frontier counter's layers (past it, it stops with an error).
    pub memory_mib: usize,
    /// The frontier counter's vertex order: annealed from the seeds `order_seed`,
    /// `order_seed` + 1, … (0: the default order). Another seed gives another order, which
    /// changes the time and memory, never the counts: a term counted with two seeds is
    /// counted twice, along two different cuttings of the games.
    pub order_seed: u64,
    /// Whether each opening's games are wanted (A348843, A348844) or only all the games
    /// (A348842). Only the frontier counter gains by the second: one pass instead of two, and
    /// no layer kept (docs/COUNTING.md §6); the other methods give the openings anyway.
    pub by_opening: bool,
    /// Where the frontier counter keeps the layers between its two passes (by first number):
    /// `None` in memory, else in files under this folder (docs/COUNTING.md §6), removed as
    /// they are read back. The same counts in less memory.
    pub spill: Option<std::path::PathBuf>,
}

/// The default memory bound of the hub counter's table and the frontier counter's layers
/// (MiB).
pub const DEFAULT_MEMORY_MIB: usize = 4096;

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            method: Method::Auto,
            hubs: None,
            memory_mib: DEFAULT_MEMORY_MIB,
            order_seed: 0,
            by_opening: true,
            spill: None,
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
    /// All the games (A348842: `games.total()`), odd and even.
    pub games: Parity,
    /// Each even opening 2, 4, …, n with its games, by parity (A348844's row; the totals are
    /// A348843's), their sum `games`; empty when the openings were not asked for
    /// (`CountOptions::by_opening`) and the method could skip them.
    pub openings: Vec<(u32, Parity)>,
    /// The counter's figures (none for the enumeration).
    pub stats: Option<Stats>,
}

/// The figures of a count, by method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stats {
    Hubs(hubs::Stats),
    Frontier(frontier::Stats),
}

impl Count {
    /// The count given by its openings (`games` their sum).
    pub fn from_openings(
        n: u32,
        openings: Vec<(u32, Parity)>,
        stats: Option<Stats>,
    ) -> Result<Count, Overflow> {
        let games = openings
            .iter()
            .try_fold(Parity::ZERO, |sum, (_, games)| sum.checked_add(*games))?;
        Ok(Count {
            n,
            games,
            openings,
            stats,
        })
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
    #[error(transparent)]
    Frontier(#[from] frontier::FrontierError),
}

/// Counts the games of 1..n. `progress(done, total)` reports the units of work finished (from
/// any thread). The result is the same whatever the method, hubs and thread count.
pub fn count(
    n: u32,
    options: &CountOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Count, CountError> {
    let method = options.method.for_n(n);
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
            Ok(Count::from_openings(n, openings, None)?)
        }
        Method::Frontier => {
            let mut counter = frontier::FrontierCounter::with_plan(
                frontier::Plan::seeded(n, options.order_seed),
                options.memory_mib.saturating_mul(1 << 20),
            );
            if let Some(dir) = &options.spill {
                counter.spill_to(dir.clone());
            }
            let stats = |figures| Some(Stats::Frontier(figures));
            Ok(if options.by_opening {
                let (openings, figures) = counter.count(progress)?;
                Count::from_openings(n, openings, stats(figures))?
            } else {
                let (games, figures) = counter.count_all(progress)?;
                Count {
                    n,
                    games,
                    openings: Vec::new(),
                    stats: stats(figures),
                }
            })
        }
        // (`for_n` never gives `Auto`.)
        Method::Hubs | Method::Auto => {
            let k = options.hubs.unwrap_or_else(|| default_hubs(n));
            if !(1..=hubs::MAX_HUBS).contains(&k) {
                return Err(CountError::BadHubs { hubs: k });
            }
            let counter = hubs::HubCounter::new(n, k, options.memory_mib.saturating_mul(1 << 20));
            let openings = counter.count(progress)?;
            Ok(Count::from_openings(
                n,
                openings,
                Some(Stats::Hubs(counter.stats())),
            )?)
        }
    }
}
