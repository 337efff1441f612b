//! What a certificate claims (spec.md §2): the winner, the opening rule, the kind of proof,
//! and the verdict an accepted file gets; and the bounds of a check (spec.md §4.4). Types only:
//! every other file of the library reads them, and this one reads none.

/// What a certificate claims and how it proves it (spec.md §2, `kind`). Kinds 0 (tree) and 1
/// (walked pairing) are retired: refused by `decode`, never a `Kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A pairing checked by its closure (spec.md §4.5).
    ClosedPairing = 2,
    /// A closed pairing whose claim is every n of an interval (spec.md §4.6).
    IntervalClosedPairing = 3,
    /// Which openings win: one proof per opening or group of openings (spec.md §3.4, §4.8).
    Openings = 4,
}

impl Kind {
    /// The kind's name in reports and manifests.
    pub fn name(self) -> &'static str {
        ["closed-pairing", "interval-closed-pairing", "openings"][self as usize - 2]
    }
}

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
/// without end or an allocation without bound (spec.md §4.4). The defaults decide every input
/// within about 10 s of CPU and 1 GiB of memory on a 2-core machine of 2026 (BENCHMARKS.md),
/// and pass every published certificate.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most numbers a closure, or a barrier check, may count.
    pub max_positions: u64,
    /// Most bytes the file, its decoded maps and lists and the checks' tables may hold (each
    /// charged before it is made, at its worst moment).
    pub max_memory: u64,
    /// Most steps (trial divisions, multiples listed; a chain certificate's graph, leaves and
    /// rows) the checks may spend.
    pub max_work: u64,
    /// Raised by another thread to stop the check (a server at a request's time limit): it then
    /// leaves no work, so the next listing of moves (or the one going on, within 2^22 trial
    /// divisions) is refused for work, never valid (spec.md §4.4).
    pub stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// Which bound of `Limits` a refusal reached: the command line names the option that raises it
/// (cli.rs indexes those names by this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Positions,
    Memory,
    Work,
}

impl Default for Limits {
    fn default() -> Limits {
        let (max_positions, max_memory, max_work) = (20_000_000_000, 1 << 30, 3_000_000_000);
        Limits { max_positions, max_memory, max_work, stop: Default::default() }
    }
}
