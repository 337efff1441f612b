//! The answer for one n, whichever method found it: who wins and with which openings.
//! Shared by the search, the matching engine, the schemes and the results table.

use crate::game::Player;
use serde::Serialize;

/// How an outcome was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Exact game-tree search (docs/MATH.md §2), n ≤ 128.
    Search,
    /// One maximum matching and its Gallai–Edmonds sets (docs/MATH.md §3).
    Matching,
    /// A prime-window scheme (docs/MATH.md §4), whose expansion the verifier checks.
    Scheme,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Search => "search",
            Method::Matching => "matching",
            Method::Scheme => "scheme",
        }
    }
}

/// Who wins the game on 1..=n and how the first player can win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub n: u64,
    pub winner: Player,
    /// Winning first moves, ascending; empty when the second player wins.
    pub winning_openings: Vec<u64>,
    /// True when `winning_openings` is the complete list (every opening was decided).
    pub all_openings: bool,
    pub method: Method,
}
