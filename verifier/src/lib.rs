//! The trust anchor: checks a Juniper Green certificate against the raw rules of the game only
//! (numbers 1..n, even opening, divisor-or-multiple, no repeats, no move = loss).
//! spec.md is the contract: §2–3 the bytes (`format`), §4 the checks (`closure`, `barrier`,
//! `openings`, over the board of `rules`), §5 why an accepted certificate is a proof. It shares
//! no code with the solver.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

mod barrier;
#[cfg(feature = "cli")]
pub mod cli;
mod closure;
pub mod covers;
mod format;
mod openings;
mod primes;
mod rejection;
mod rules;

pub mod chain;

use format::Strategy;
pub use format::{move_width, read_bounded, Kind};
pub use rejection::Rejection;

/// Which player the certificate claims wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    First,
    Second,
}

impl Winner {
    /// `first` or `second`, as in the CLI contract.
    pub fn name(self) -> &'static str {
        ["first", "second"][self as usize]
    }
}

/// The first move: an even number (the game), or any number (the free-opening variant). Every
/// report names the free rule, so that a proof of the variant never reads as one of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    Even,
    Free,
}

/// What an accepted certificate proves, and what the proof cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The board 1..n; for an interval certificate (kind 3), the smallest n claimed.
    pub n: u64,
    /// The largest n claimed: `n` itself except for an interval certificate.
    pub n_last: u64,
    /// For an openings certificate (kind 4): every winning opening, ascending.
    pub winning_openings: Option<Vec<u64>>,
    pub opening_rule: OpeningRule,
    pub winner: Winner,
    pub kind: Kind,
    /// Positions the check counted (spec.md §4.5, §4.8, §4.10, "Positions").
    pub positions: u64,
    /// BLAKE3 of the whole file, as pinned in MANIFEST.tsv.
    pub blake3: [u8; 32],
}

impl Verdict {
    pub fn blake3_hex(&self) -> String {
        self.blake3.iter().map(|byte| format!("{byte:02x}")).collect()
    }

    /// The claim in words: `n=N` or `n=A..B`, then `, free opening` when the first move may be
    /// odd, then `, <first|second> player wins`.
    pub fn claim(&self) -> String {
        let (n, n_last) = (self.n, self.n_last);
        let range = if n_last > n { format!("{n}..{n_last}") } else { n.to_string() };
        let rule = if self.opening_rule == OpeningRule::Free { ", free opening" } else { "" };
        let Some(openings) = &self.winning_openings else {
            return format!("n={range}{rule}, {} player wins", self.winner.name());
        };
        let list: Vec<String> = openings.iter().map(u64::to_string).collect();
        let list = if list.is_empty() { "none".into() } else { list.join(" ") };
        format!("n={range}{rule}, winning openings: {list}")
    }
}

/// The report of the CLI contract:
/// `valid: n=N, <first|second> player wins, <P> positions, blake3 <hex>` (see `claim`;
/// `1 position` for one).
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (claim, positions, hash) = (self.claim(), self.positions, self.blake3_hex());
        let s = if positions == 1 { "" } else { "s" };
        write!(f, "valid: {claim}, {positions} position{s}, blake3 {hash}")
    }
}

/// Bounds that turn a certificate too big to check into a clear rejection instead of a check
/// without end or an allocation without bound (spec.md §4.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most numbers a closure, or a barrier check, may count.
    pub max_positions: u64,
    /// Most bytes the pairs maps and the checks' tables may hold (an estimate of their heap).
    pub max_memory: u64,
    /// Most steps (trial divisions and multiples listed) spent listing moves.
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_positions: 20_000_000_000, max_memory: 8 << 30, max_work: 20_000_000_000 }
    }
}

/// Checks a whole certificate file held in memory (read it with `read_bounded`).
pub fn verify_bytes(bytes: &[u8], limits: &Limits) -> Result<Verdict, Rejection> {
    let format::Decoded { mut verdict, body, held, board } = format::decode(bytes, limits)?;
    let mut context = Context { board, limits, held, positions: 0 };
    match &body {
        format::Body::One(strategy) => context.prove(&verdict, strategy, None)?,
        format::Body::Openings(entries, offset) => {
            let winning = openings::check(&mut context, &verdict, entries, *offset)?;
            verdict.winning_openings = Some(winning);
        }
    }
    verdict.positions = context.positions;
    // Every witness must be needed: by a move listing or by another witness (spec.md §4.11).
    let primes = &context.board.primes;
    if let Some(&(prime, _, offset)) = primes.iter().find(|(_, used, _)| !used) {
        let what = format!("the witness for {prime} is not needed: no listing or witness uses it");
        return Err(Rejection::Body { offset, what });
    }
    Ok(verdict)
}

/// What the checks of one file share, as varisat's checker keeps it in its `Context`: the
/// board (with the work its listings may still take), the bounds, the bytes the decoded maps
/// and lists hold, and the positions counted so far (spec.md §4.4).
pub(crate) struct Context<'a> {
    pub board: rules::Board,
    pub limits: &'a Limits,
    pub held: u64,
    pub positions: u64,
}

impl Context<'_> {
    /// Proves `claim` with one strategy, the closure of a closed pairing (§4.5) or a barrier
    /// (§4.10), and counts its positions; `only`: the loser's only first moves and their
    /// offset (kind 4's losing entries).
    pub fn prove(
        &mut self, claim: &Verdict, strategy: &Strategy, only: Option<(&[u64], u64)>,
    ) -> Result<(), Rejection> {
        self.positions += match strategy {
            Strategy::Barrier(entry) => {
                barrier::check(self, claim.n, only.unwrap_or_default(), entry)?
            }
            Strategy::Pairing(pairing) => closure::check(self, claim, pairing, only.map(|o| o.0))?,
        };
        Ok(())
    }

    /// The positions the bound still allows.
    fn positions_left(&self) -> u64 {
        self.limits.max_positions.saturating_sub(self.positions)
    }
}
