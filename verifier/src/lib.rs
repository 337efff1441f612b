//! The trust anchor: checks a Juniper Green certificate against the raw rules of the game only
//! (numbers 1..n, even opening, divisor-or-multiple, no repeats, no move = loss).
//! spec.md is the contract: §2–3 the bytes (`format`), §4 the walk (`walk`, over the boards of
//! `rules`), §5 why an accepted certificate is a proof. It shares no code with the solver.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

mod closure;
mod format;
mod rejection;
mod rules;
mod walk;

pub mod chain;

pub use format::{move_width, Kind};
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
        match self {
            Winner::First => "first",
            Winner::Second => "second",
        }
    }
}

/// The first move: an even number (the game), or any number (the free-opening variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    Even,
    Free,
}

/// What an accepted certificate proves, and what the proof cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub n: u64,
    pub opening_rule: OpeningRule,
    pub winner: Winner,
    pub kind: Kind,
    /// Positions the walk expanded (spec.md §4, "Positions").
    pub positions: u64,
    /// BLAKE3 of the whole file, as pinned in MANIFEST.tsv.
    pub blake3: [u8; 32],
}

impl Verdict {
    pub fn blake3_hex(&self) -> String {
        self.blake3.iter().map(|byte| format!("{byte:02x}")).collect()
    }
}

/// The report of the CLI contract: `valid: n=N, <first|second> player wins, <P> positions, blake3 <hex>`.
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (n, winner, positions, hash) =
            (self.n, self.winner.name(), self.positions, self.blake3_hex());
        write!(f, "valid: n={n}, {winner} player wins, {positions} positions, blake3 {hash}")
    }
}

/// Bounds that turn a certificate too big to check into a clear rejection instead of a walk
/// without end or an allocation without bound (spec.md §4.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most positions the walk may expand.
    pub max_positions: u64,
    /// Most bytes the memo and the walk's stack may hold (an estimate of the heap they use).
    pub max_memory: u64,
    /// Most steps (trial divisions and multiples listed) spent listing moves when n > 128.
    pub max_work: u64,
    /// Use the general board even when n ≤ 128 (tests cross-check the two boards with it).
    pub force_general_board: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_positions: 20_000_000_000,
            max_memory: 8 << 30,
            max_work: 20_000_000_000,
            force_general_board: false,
        }
    }
}

/// Checks a whole certificate file held in memory.
pub fn verify_bytes(bytes: &[u8], limits: &Limits) -> Result<Verdict, Rejection> {
    verify_bytes_with_progress(bytes, limits, &mut |_| {})
}

/// As `verify_bytes`, calling `progress` with the positions expanded so far now and then.
pub fn verify_bytes_with_progress(
    bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u64),
) -> Result<Verdict, Rejection> {
    let (mut verdict, strategy) = format::decode(bytes)?;
    verdict.positions = match (&strategy, verdict.kind) {
        (format::Strategy::Pairing { opening, offset, partners }, Kind::ClosedPairing) => {
            let partner = |x| partners.get(&x).copied();
            let (n, rule, opening) = (verdict.n, verdict.opening_rule, (*opening, *offset));
            if n <= 128 && !limits.force_general_board {
                let board = rules::SmallBoard::new(n, rule);
                closure::check_closure(board, &verdict, opening, limits, &partner)?
            } else {
                let board =
                    rules::GeneralBoard { n, opening_rule: rule, work_left: limits.max_work };
                closure::check_closure(board, &verdict, opening, limits, &partner)?
            }
        }
        _ => walk::walk(&verdict, &strategy, limits, progress)?,
    };
    Ok(verdict)
}
