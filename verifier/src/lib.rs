//! The trust anchor: checks a Juniper Green certificate against the raw rules of the game only
//! (numbers 1..n, even opening, divisor-or-multiple, no repeats, no move = loss).
//! spec.md is the contract: §2–3 the bytes (`format`), §4 the walk (`walk`, over the boards of
//! `rules`), §5 why an accepted certificate is a proof. It shares no code with the solver.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

mod barrier;
#[cfg(feature = "cli")]
pub mod cli;
mod closure;
pub mod covers;
mod format;
mod openings;
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
    /// Positions the walk expanded (spec.md §4, "Positions").
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
        let range = match self.n_last > self.n {
            true => format!("{}..{}", self.n, self.n_last),
            false => self.n.to_string(),
        };
        let rule = if self.opening_rule == OpeningRule::Free { ", free opening" } else { "" };
        match &self.winning_openings {
            Some(openings) if openings.is_empty() => {
                format!("n={range}{rule}, winning openings: none")
            }
            Some(openings) => {
                let list: Vec<String> = openings.iter().map(u64::to_string).collect();
                format!("n={range}{rule}, winning openings: {}", list.join(" "))
            }
            None => format!("n={range}{rule}, {} player wins", self.winner.name()),
        }
    }
}

/// The report of the CLI contract:
/// `valid: n=N, <first|second> player wins, <P> positions, blake3 <hex>` (see `claim`).
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (claim, positions, hash) = (self.claim(), self.positions, self.blake3_hex());
        write!(f, "valid: {claim}, {positions} positions, blake3 {hash}")
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

/// Called with the positions expanded so far, now and then.
pub(crate) type Progress<'a> = &'a mut dyn FnMut(u64);

/// As `verify_bytes`, calling `progress` with the positions expanded so far now and then.
pub fn verify_bytes_with_progress(
    bytes: &[u8], limits: &Limits, progress: Progress,
) -> Result<Verdict, Rejection> {
    let (mut verdict, strategy) = format::decode(bytes, limits)?;
    // One board for the whole file, so that the work bound covers every check it runs. An
    // interval is checked on its largest board (spec.md §4.6).
    let (n, rule) = (verdict.n_last, verdict.opening_rule);
    verdict.positions = if n <= 128 && !limits.force_general_board {
        check(&mut rules::SmallBoard::new(n, rule), &mut verdict, &strategy, limits, progress)?
    } else {
        let mut board = rules::GeneralBoard { n, opening_rule: rule, work_left: limits.max_work };
        check(&mut board, &mut verdict, &strategy, limits, progress)?
    };
    Ok(verdict)
}

/// Runs the check that the certificate's kind calls for; the positions it expanded.
fn check<B: rules::Board>(
    board: &mut B, verdict: &mut Verdict, strategy: &format::Strategy, limits: &Limits,
    progress: Progress,
) -> Result<u64, Rejection> {
    // `decode` already counted the pairs maps against the memory bound: they stay held.
    let used = strategy.held_bytes();
    match strategy {
        format::Strategy::Openings { entries, offset } => {
            openings::check(board, verdict, (entries, *offset), limits, used, progress)
        }
        _ => prove(board, verdict, strategy, None, limits, used, progress),
    }
}

/// Proves one claim with one strategy: the closure of a closed pairing (§4.5), a barrier
/// (§4.10), else the walk (§4). `only` restricts the loser's first moves to some openings (kind
/// 4's losing entries, which are closed pairings or barriers: never walked).
pub(crate) fn prove<B: rules::Board>(
    board: &mut B, claim: &Verdict, strategy: &format::Strategy, only: Option<(&[u64], u64)>,
    limits: &Limits, used: u64, progress: Progress,
) -> Result<u64, Rejection> {
    let closed = matches!(claim.kind, Kind::ClosedPairing | Kind::IntervalClosedPairing);
    match strategy {
        format::Strategy::Barrier { partners, barrier, paths, offset } => {
            let openings = only.unwrap_or((&[], 0));
            let barrier = (&barrier[..], paths, *offset);
            barrier::check(board, claim.n, openings, partners, barrier, limits, used)
        }
        format::Strategy::Pairing { opening, offset, partners } if closed => {
            let partner = |x| partners.get(&x).copied();
            let (opening, only) = (*opening, only.map(|(openings, _)| openings));
            closure::check_closure(board, claim, (opening, *offset), only, limits, used, &partner)
        }
        _ => walk::walk(board, claim, strategy, limits, used, progress),
    }
}
