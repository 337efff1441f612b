//! The solitaire question (docs/MATH.md §6): a longest chain of distinct numbers in 1..n, each dividing
//! or a multiple of the previous one (a longest simple path in G_n, OEIS A337125), found and
//! proved longest. Two exact methods: branch and cut on the path's integer programme (`cut`, the
//! default) and a combinatorial branch and bound with a separator bound (`Search`, kept as an
//! independent cross-check). `check_chain` is a naive checker of the rules that shares no code.

mod certify;
mod cut;
mod improve;
mod lp;
mod through;

pub use cut::{Progress, Report};
pub use lp::Backend;

use serde::Serialize;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// Largest n the branch and cut accepts (the bound is memory: G_n has about n ln n edges).
pub const MAX_CHAIN_N: u64 = 1 << 20;
/// Largest n the combinatorial search accepts (bitsets of eight 64-bit words).
pub const MAX_SEARCH_N: u64 = 512;

/// A longest chain and the proof that none is longer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LongestChain {
    pub n: u64,
    /// The numbers of the chain, in order.
    pub chain: Vec<u64>,
    /// The separator bound before any search: no chain is longer than this.
    pub root_bound: u64,
    /// Nodes of the branch and bound visited.
    pub nodes: u64,
    /// True when the search ran to the end, so no chain beats `chain`; false when the time
    /// limit stopped it, and then only `root_bound` is proved.
    pub proved: bool,
}

/// Why a chain breaks the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    #[error("{number} (place {place}) is not in 1..={n}")]
    OffBoard { number: u64, place: usize, n: u64 },
    #[error("{number} appears twice (places {first} and {second})")]
    Repeated {
        number: u64,
        first: usize,
        second: usize,
    },
    #[error("{next} (place {place}) neither divides nor is a multiple of {previous}")]
    NotRelated {
        previous: u64,
        next: u64,
        place: usize,
    },
}

/// Why the search refuses an n.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainSearchError {
    #[error("n must be at least 1")]
    Zero,
    #[error("n = {0} is too large for the chain search (at most {1})")]
    TooLarge(u64, u64),
    #[error("n = {0}: {1}; no certificate")]
    NotCertified(u64, String),
}

/// Checks a chain against the raw rules: numbers in 1..=n, no repeats, each step a divisor or
/// a multiple. Places are counted from 1. Written out plainly so it shares nothing with the search.
pub fn check_chain(n: u64, chain: &[u64]) -> Result<(), ChainError> {
    for (i, &number) in chain.iter().enumerate() {
        if number == 0 || number > n {
            return Err(ChainError::OffBoard {
                number,
                place: i + 1,
                n,
            });
        }
        if let Some(j) = chain[..i].iter().position(|&x| x == number) {
            return Err(ChainError::Repeated {
                number,
                first: j + 1,
                second: i + 1,
            });
        }
        if i > 0 {
            let previous = chain[i - 1];
            if !number.is_multiple_of(previous) && !previous.is_multiple_of(number) {
                return Err(ChainError::NotRelated {
                    previous,
                    next: number,
                    place: i + 1,
                });
            }
        }
    }
    Ok(())
}

/// Finds a longest chain in 1..=n and proves it longest by exhausting the branch and cut.
pub fn longest_chain(n: u64) -> Result<LongestChain, ChainSearchError> {
    longest_chain_within(n, None)
}

/// As `longest_chain`, but stops at `deadline` if given: the answer then has `proved` false and
/// holds the longest chain found so far.
pub fn longest_chain_within(
    n: u64,
    deadline: Option<Instant>,
) -> Result<LongestChain, ChainSearchError> {
    longest_chain_reporting(n, deadline, &|_| {})
}

/// As `longest_chain_within`, telling `report` how the branch and cut stands after each node
/// (nodes, longest chain so far, root bound): for a progress line.
pub fn longest_chain_reporting(
    n: u64,
    deadline: Option<Instant>,
    report: cut::Report,
) -> Result<LongestChain, ChainSearchError> {
    match n {
        0 => Err(ChainSearchError::Zero),
        1..=MAX_CHAIN_N => match by_cuts(n as usize, &[], deadline, SEARCH, report) {
            Ok((found, _)) => Ok(found),
            Err(_) if n <= MAX_SEARCH_N => longest_chain_by_search(n, deadline),
            Err(reason) => Err(ChainSearchError::NotCertified(n, reason)),
        },
        _ => Err(ChainSearchError::TooLarge(n, MAX_CHAIN_N)),
    }
}

/// A longest chain with its certificate (spec.md §6), already accepted by `jg_verify::chain`.
#[derive(Clone, Debug)]
pub struct CertifiedChain {
    pub found: LongestChain,
    /// The certificate file's bytes.
    pub certificate: Vec<u8>,
    /// Its figures: the common denominator, forest cuts, rows with a multiplier, leaves.
    pub denominator: u64,
    pub cuts: usize,
    pub rows: usize,
    pub leaves: u64,
}

/// Finds a longest chain of 1..=n and writes its certificate, checked by the verifier before it
/// is returned. Fails (never falls back to an unproved answer) when the branch and cut does not
/// finish, the LP engine fails, or the rounded multipliers do not prove the bound.
pub fn certify_longest_chain(
    n: u64,
    deadline: Option<Instant>,
) -> Result<CertifiedChain, ChainSearchError> {
    certify_longest_chain_reporting(n, deadline, &|_| {})
}

/// As `certify_longest_chain`, with a progress `report` as for `longest_chain_reporting`.
pub fn certify_longest_chain_reporting(
    n: u64,
    deadline: Option<Instant>,
    report: cut::Report,
) -> Result<CertifiedChain, ChainSearchError> {
    certify_with(n, &[], deadline, CERTIFY, report)
}

/// As `certify_longest_chain_reporting`, starting from `seed`, a chain of 1..=n already known
/// (the range run passes the chain of n − 1, since a(n) ≥ a(n − 1)): the branch and cut starts
/// with the longer of it and its own first chain, and closes the root as soon as the bound is
/// below that length + 1. A seed that breaks the rules is refused.
pub fn certify_longest_chain_seeded(
    n: u64,
    seed: &[u64],
    deadline: Option<Instant>,
    report: cut::Report,
) -> Result<CertifiedChain, ChainSearchError> {
    check_chain(n, seed)
        .map_err(|e| ChainSearchError::NotCertified(n, format!("the seed chain: {e}")))?;
    certify_with(n, seed, deadline, CERTIFY, report)
}

/// The branch and cut's settings for a plain answer, and for a certificate.
const SEARCH: cut::Settings = cut::Settings {
    want_proof: false,
    weak_root: false,
    through: None,
    backend: Backend::DEFAULT,
};
const CERTIFY: cut::Settings = cut::Settings {
    want_proof: true,
    weak_root: false,
    through: None,
    backend: Backend::DEFAULT,
};

/// Certifies n from `below`, a valid certificate of n − 1 whose proof is over G_{n−1} (no
/// `graph` line): the branch and cut runs on the chains through n alone (y_n fixed to 1), and
/// the certificate branches on y_n, n − 1's tree on its 0 side (spec.md §6.4). Holds whenever
/// n changes nothing else in the reduced graph (§6.2): n is not a prime above n/2 and not
/// twice one. When a(n) > a(n − 1) the longer chain goes through n, and n − 1's tree bounds
/// the others below it all the more.
pub fn certify_through(
    n: u64,
    below: &[u8],
    deadline: Option<Instant>,
    report: cut::Report,
) -> Result<CertifiedChain, ChainSearchError> {
    certify_through_with(n, below, deadline, CERTIFY, report)
}

fn certify_through_with(
    n: u64,
    below: &[u8],
    deadline: Option<Instant>,
    settings: cut::Settings,
    report: cut::Report,
) -> Result<CertifiedChain, ChainSearchError> {
    let fail = |reason: String| ChainSearchError::NotCertified(n, reason);
    let verdict = jg_verify::chain::check(below)
        .map_err(|e| fail(format!("the certificate of n − 1 is refused: {e}")))?;
    if n < 2 || verdict.n != n - 1 || verdict.graph != n - 1 {
        return Err(fail(format!(
            "the certificate below must prove n − 1 = {} over its own graph (it proves {} over 1..{})",
            n.saturating_sub(1),
            verdict.n,
            verdict.graph
        )));
    }
    if n > MAX_CHAIN_N {
        return Err(ChainSearchError::TooLarge(n, MAX_CHAIN_N));
    }
    let below = std::str::from_utf8(below)
        .map_err(|_| fail("the certificate below is not text".into()))
        .and_then(|text| through::Below::read(text).map_err(fail))?;
    let (before, after) = (kept_numbers(n as usize - 1), kept_numbers(n as usize));
    if after[..n as usize] != before[..] || !after[n as usize] {
        return Err(fail(format!(
            "{n} changes which numbers the reduction keeps (spec.md §6.2): prove it on its own"
        )));
    }
    let seed: Vec<usize> = below.chain.iter().map(|&v| v as usize).collect();
    let settings = cut::Settings {
        through: Some(n as usize),
        ..settings
    };
    let (found, explored) = by_cuts(n as usize, &seed, deadline, settings, report).map_err(fail)?;
    if !found.proved {
        return Err(fail("the time limit stopped the branch and cut".into()));
    }
    let explored = explored.ok_or_else(|| fail("no proof was built".into()))?;
    let proof = certify::prove(&explored).map_err(fail)?;
    let mut last_reason = String::from("the common denominator overflows");
    for power in 0..=40u32 {
        for scale in [1u64 << power, 3 << power] {
            let Some((text, rows)) = through::splice(n, &found.chain, &below, &proof, scale) else {
                continue;
            };
            match jg_verify::chain::check(text.as_bytes()) {
                Ok(verdict) if verdict.n == n && verdict.length == found.chain.len() as u64 => {
                    return Ok(CertifiedChain {
                        denominator: below.denominator * scale,
                        cuts: verdict.cuts as usize,
                        rows,
                        leaves: verdict.leaves,
                        found,
                        certificate: text.into_bytes(),
                    })
                }
                Ok(_) => return Err(fail("the verifier read another length".into())),
                Err(reason) => last_reason = reason.to_string(),
            }
        }
    }
    Err(fail(format!(
        "the spliced proof was refused at every denominator ({last_reason})"
    )))
}

/// Which numbers of 1..=n the reduced graph H keeps (spec.md §6.2; index 0 unused).
fn kept_numbers(n: usize) -> Vec<bool> {
    reduction(&neighbour_lists(n)).0
}

/// The reduction of spec.md §6.2 on G_n (`neighbours` by number): which numbers H keeps, all
/// but the smaller numbers of each group hanging on one neighbour alone; and for each such
/// neighbour u, the number its group keeps (usize::MAX for the others).
fn reduction(neighbours: &[Vec<usize>]) -> (Vec<bool>, Vec<usize>) {
    let n = neighbours.len() - 1;
    let mut kept = vec![true; n + 1];
    let mut group_of = vec![usize::MAX; n + 1];
    for v in (1..=n).rev() {
        if neighbours[v].len() == 1 {
            let u = neighbours[v][0];
            if group_of[u] == usize::MAX {
                group_of[u] = v;
            } else {
                kept[v] = false;
            }
        }
    }
    (kept, group_of)
}

fn certify_with(
    n: u64,
    seed: &[u64],
    deadline: Option<Instant>,
    settings: cut::Settings,
    report: cut::Report,
) -> Result<CertifiedChain, ChainSearchError> {
    if n == 0 {
        return Err(ChainSearchError::Zero);
    }
    if n > MAX_CHAIN_N {
        return Err(ChainSearchError::TooLarge(n, MAX_CHAIN_N));
    }
    let fail = |reason: String| ChainSearchError::NotCertified(n, reason);
    let seed: Vec<usize> = seed.iter().map(|&v| v as usize).collect();
    let (found, explored) = by_cuts(n as usize, &seed, deadline, settings, report).map_err(fail)?;
    if !found.proved {
        return Err(fail("the time limit stopped the branch and cut".into()));
    }
    let explored = explored.ok_or_else(|| fail("no proof was built".into()))?;
    let proof = certify::prove(&explored).map_err(fail)?;
    certify::write(&found, &proof).map_err(fail)
}

/// The branch and cut on G_n less some interchangeable ends: numbers whose only neighbour is
/// the same `u` (the primes above n/2, all hanging on 1) can appear two at a time only in the
/// chain `p u p'` of three numbers, so once a chain of three is known, the largest of each such
/// group is enough (spec.md §6.2: the checker removes exactly the same numbers).
fn by_cuts(
    n: usize,
    seed: &[usize],
    deadline: Option<Instant>,
    settings: cut::Settings,
    report: cut::Report,
) -> Result<(LongestChain, Option<cut::Explored>), String> {
    let neighbours = neighbour_lists(n);
    let greedy = greedy_chain(&neighbours);
    // A seed (a chain of 1..=n, checked by the caller) replaces the greedy chain when longer.
    let incumbent = if seed.len() > greedy.len() {
        seed.to_vec()
    } else {
        greedy
    };
    let reduce = incumbent.len() >= 3;
    let (kept, group_of) = match reduce {
        true => reduction(&neighbours),
        false => (vec![true; n + 1], vec![usize::MAX; n + 1]),
    };
    // The first chain on the reduced graph: a dropped end becomes its group's kept one, or
    // goes when that one is on the chain already (a dropped number, with one neighbour, can
    // only be an end).
    let mut start = incumbent.clone();
    for _ in 0..2 {
        if let Some(&v) = start.last() {
            if !kept[v] {
                let replacement = group_of[neighbours[v][0]];
                if start.contains(&replacement) {
                    start.pop();
                } else {
                    *start.last_mut().expect("non-empty") = replacement;
                }
            }
        }
        start.reverse();
    }
    if start.is_empty() || start.iter().any(|&v| !kept[v]) {
        start = vec![n];
    }
    let vertices: Vec<usize> = (1..=n).filter(|&v| kept[v]).collect();
    let found = cut::longest_path(vertices, start, deadline, settings, report)
        .map_err(|e| e.to_string())?;
    let chain = if found.chain.len() >= incumbent.len() {
        found.chain
    } else {
        incumbent
    };
    Ok((
        LongestChain {
            n: n as u64,
            chain: chain.iter().map(|&k| k as u64).collect(),
            // The LP bounds chains of H with at least 2 numbers (at least 4 when reduced).
            root_bound: found
                .root_bound
                .max(if reduce { 3 } else { 1 })
                .max(chain.len() as u64),
            nodes: found.nodes,
            proved: found.proved,
        },
        found.explored,
    ))
}

/// The neighbours of each number of 1..=n in G_n, ascending.
fn neighbour_lists(n: usize) -> Vec<Vec<usize>> {
    let mut neighbours = vec![Vec::new(); n + 1];
    for a in 1..=n {
        for b in (2 * a..=n).step_by(a) {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
    }
    neighbours
}

/// A first long chain, walking always to the free neighbour with the fewest free neighbours
/// (Warnsdorff, ties to the smaller number), from every start.
fn greedy_chain(neighbours: &[Vec<usize>]) -> Vec<usize> {
    let n = neighbours.len() - 1;
    let mut best = Vec::new();
    let mut free = vec![true; n + 1];
    for s in 1..=n {
        free.iter_mut().for_each(|f| *f = true);
        free[s] = false;
        let mut path = vec![s];
        let mut last = s;
        while let Some(next) = neighbours[last]
            .iter()
            .copied()
            .filter(|&k| free[k])
            .min_by_key(|&k| (neighbours[k].iter().filter(|&&j| free[j]).count(), k))
        {
            free[next] = false;
            path.push(next);
            last = next;
        }
        if path.len() > best.len() {
            best = path;
        }
    }
    best
}

/// The combinatorial branch and bound alone (separator bound, no LP): an independent method,
/// slower, kept to cross-check the branch and cut.
pub fn longest_chain_by_search(
    n: u64,
    deadline: Option<Instant>,
) -> Result<LongestChain, ChainSearchError> {
    match n {
        0 => Err(ChainSearchError::Zero),
        1..=128 => Ok(Search::<2>::new(n as usize, deadline).run()),
        129..=256 => Ok(Search::<4>::new(n as usize, deadline).run()),
        257..=MAX_SEARCH_N => Ok(Search::<8>::new(n as usize, deadline).run()),
        _ => Err(ChainSearchError::TooLarge(n, MAX_SEARCH_N)),
    }
}

/// A set of numbers in 1..=64·W: number k is bit k − 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const EMPTY: Self = Bits([0; W]);

    fn with(mut self, k: usize) -> Self {
        self.0[(k - 1) / 64] |= 1 << ((k - 1) % 64);
        self
    }
    fn without(mut self, k: usize) -> Self {
        self.0[(k - 1) / 64] &= !(1 << ((k - 1) % 64));
        self
    }
    fn contains(&self, k: usize) -> bool {
        self.0[(k - 1) / 64] >> ((k - 1) % 64) & 1 == 1
    }
    fn and(self, other: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
    fn or(self, other: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
    fn minus(self, other: Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize + 1)
    }
    fn last(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + 64 - w.leading_zeros() as usize)
    }
    fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let k = rest.first()?;
            rest = rest.without(k);
            Some(k)
        })
    }
}

/// The branch and bound over chains, extended at their end.
struct Search<const W: usize> {
    n: usize,
    neighbours: Vec<Bits<W>>,
    /// Separators 1..=h: the multiples j·q of a prime q meet the non-multiples only at divisors
    /// of j ≤ n/q, so removing 1..=h cuts G_n into pieces (see `bound`). Each gives a bound.
    separators: Vec<Bits<W>>,
    best: Vec<usize>,
    path: Vec<usize>,
    nodes: u64,
    /// Proven bounds on further numbers, keyed by (last, reachable set).
    proven: HashMap<(u16, Bits<W>), u16, BuildHasherDefault<WordHasher>>,
    /// Entries the table may hold (about 1 GB).
    table_limit: usize,
    deadline: Option<Instant>,
    stopped: bool,
}

/// A fast hasher for bitset keys: the table is internal, so no defence against chosen keys.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u16(&mut self, word: u16) {
        self.write_u64(word as u64);
    }
    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

impl<const W: usize> Search<W> {
    fn new(n: usize, deadline: Option<Instant>) -> Self {
        let mut neighbours = vec![Bits::EMPTY; n + 1];
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a) {
                neighbours[a] = neighbours[a].with(b);
                neighbours[b] = neighbours[b].with(a);
            }
        }
        let mut search = Search {
            n,
            neighbours,
            separators: Vec::new(),
            best: Vec::new(),
            path: Vec::new(),
            nodes: 0,
            proven: HashMap::default(),
            table_limit: (1usize << 30) / (8 * W + 24),
            deadline,
            stopped: false,
        };
        search.separators = search.best_separators();
        search
    }

    /// Every prefix 1..=h of the numbers is a valid separator; which ones cut G_n best depends on
    /// n, so keep the two whose bounds before search are lowest (ties: smaller h). For the
    /// large primes q > √n the multiples of q hang on 1..=⌊n/q⌋ only, and larger h also cut
    /// the multiples of the middle primes from the smooth numbers.
    fn best_separators(&self) -> Vec<Bits<W>> {
        const KEEP: usize = 2;
        let all = self.all();
        let mut scored: Vec<(u64, usize, Bits<W>)> = (1..=(self.n / 2).max(1))
            .map(|h| {
                let separator = (1..=h).fold(Bits::EMPTY, Bits::with);
                let probe = Search {
                    n: self.n,
                    neighbours: self.neighbours.clone(),
                    separators: vec![separator],
                    best: Vec::new(),
                    path: Vec::new(),
                    nodes: 0,
                    proven: HashMap::default(),
                    table_limit: 0,
                    deadline: None,
                    stopped: false,
                };
                (probe.bound_from_scratch(all), h, separator)
            })
            .collect();
        scored.sort_by_key(|&(bound, h, _)| (bound, h));
        scored.into_iter().take(KEEP).map(|(_, _, s)| s).collect()
    }

    fn all(&self) -> Bits<W> {
        (1..=self.n).fold(Bits::EMPTY, Bits::with)
    }

    fn run(mut self) -> LongestChain {
        let all = self.all();
        let root_bound = self.bound_from_scratch(all);
        self.best = self.greedy_chain(all);
        // Every chain has a first number: try each, the most promising first.
        let mut starts: Vec<usize> = (1..=self.n).collect();
        starts.sort_by_key(|&s| (self.neighbours[s].len(), s));
        // A number with one neighbour can only end a chain; once every chain starting at it
        // has been searched, no later chain needs it at either end, so it is dropped.
        let mut dropped = Bits::EMPTY;
        for s in starts {
            if self.best.len() as u64 >= root_bound || self.stopped {
                break;
            }
            let remaining = all.minus(dropped).without(s);
            if 1 + self.bound(s, remaining) as usize > self.best.len() {
                self.path.clear();
                self.path.push(s);
                self.extend(s, remaining);
            }
            if self.neighbours[s].len() == 1 {
                dropped = dropped.with(s);
            }
        }
        LongestChain {
            n: self.n as u64,
            chain: self.best.iter().map(|&k| k as u64).collect(),
            root_bound,
            nodes: self.nodes,
            proved: !self.stopped,
        }
    }

    /// A bound on the whole chain when nothing is played: the best first number's bound.
    fn bound_from_scratch(&self, all: Bits<W>) -> u64 {
        (1..=self.n)
            .map(|s| 1 + self.bound(s, all.without(s)) as u64)
            .max()
            .unwrap_or(0)
    }

    /// A first long chain, walking always to the free neighbour with the fewest free
    /// neighbours (Warnsdorff), from every start: it gives the search a good target to beat.
    fn greedy_chain(&self, all: Bits<W>) -> Vec<usize> {
        let mut best = Vec::new();
        for s in 1..=self.n {
            let mut path = vec![s];
            let mut remaining = all.without(s);
            let mut last = s;
            while let Some(next) = self.neighbours[last]
                .and(remaining)
                .iter()
                .min_by_key(|&k| (self.neighbours[k].and(remaining).len(), k))
            {
                path.push(next);
                remaining = remaining.without(next);
                last = next;
            }
            if path.len() > best.len() {
                best = path;
            }
        }
        best
    }

    /// Searches every chain extending `self.path` (which ends at `last`) that could beat the best
    /// so far, and returns a proven upper bound on how many more numbers it can take. Only the
    /// numbers reachable from `last` matter, so (last, reachable set) keys the table of proven
    /// bounds: a position met again is skipped when its bound cannot beat the best.
    fn extend(&mut self, last: usize, remaining: Bits<W>) -> u32 {
        self.nodes += 1;
        if self.path.len() > self.best.len() {
            self.best = self.path.clone();
        }
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        if self.stopped {
            // Nothing below is proved any more: the value is unused and nothing is recorded.
            return u32::MAX / 2;
        }
        let reach = self.reachable(last, remaining);
        let key = (last as u16, reach);
        if let Some(&known) = self.proven.get(&key) {
            if self.path.len() + known as usize <= self.best.len() {
                return known as u32;
            }
        }
        let moves = self.neighbours[last].and(reach);
        // Fewest onward moves first: such numbers get stranded if not taken now.
        let mut order: Vec<(u32, usize)> = moves
            .iter()
            .map(|k| (self.neighbours[k].and(reach).len(), k))
            .collect();
        order.sort_unstable();
        let mut most = 0;
        for (_, next) in order {
            let rest = reach.without(next);
            let bound = self.bound(next, rest);
            let further = if self.path.len() + 1 + bound as usize <= self.best.len() {
                bound
            } else {
                self.path.push(next);
                let further = self.extend(next, rest);
                self.path.pop();
                further
            };
            most = most.max(1 + further);
        }
        if self.proven.len() < self.table_limit && !self.stopped {
            let entry = self.proven.entry(key).or_insert(u16::MAX);
            *entry = (*entry).min(most as u16);
        }
        most
    }

    /// An upper bound on how many more numbers a chain now ending at `last` can take from
    /// `remaining`. Only the numbers reachable from `last` count. Cut them by the separator: the
    /// rest of the chain alternates separator numbers and segments, each segment inside one
    /// piece (component) of what is left once the separator is removed. A piece touching `last`
    /// may hold the first segment. Every other segment enters from a separator number and, unless
    /// it ends the chain, leaves through another one; a separator number has two sides, so the
    /// pieces touching only separator numbers in a set Q hold at most |Q| inner segments when
    /// |Q| ≥ 2 (none when |Q| = 1), plus the last segment. Taking Q = the separator numbers up to
    /// m, for every m, the constraints are nested and a greedy choice of the largest pieces is
    /// optimal.
    fn bound(&self, last: usize, remaining: Bits<W>) -> u32 {
        let reach = self.reachable(last, remaining);
        if reach.is_empty() {
            return 0;
        }
        self.separators
            .iter()
            .map(|&separator| self.separator_bound(last, reach, separator))
            .min()
            .unwrap_or(reach.len())
    }

    fn separator_bound(&self, last: usize, reach: Bits<W>, separator: Bits<W>) -> u32 {
        let hubs = reach.and(separator);
        let mut rest = reach.minus(separator);
        let touching_last = self.neighbours[last];
        // (largest separator number the piece touches, piece size, whether it touches `last`)
        let mut pieces: Vec<(usize, u32, bool)> = Vec::new();
        while let Some(seed) = rest.first() {
            let piece = self.reachable_including(seed, rest);
            rest = rest.minus(piece);
            let mut touched = Bits::EMPTY;
            for k in piece.iter() {
                touched = touched.or(self.neighbours[k]);
            }
            let m = touched.and(hubs).last().unwrap_or(0);
            let touches_last = !piece.and(touching_last).is_empty();
            pieces.push((m, piece.len(), touches_last));
        }
        pieces.sort_unstable();
        // The first segment is empty, or lies in one piece touching `last`: try each such piece.
        let mut best = self.greedy_pieces(&pieces, hubs, None);
        for (i, &(m, size, touches_last)) in pieces.iter().enumerate() {
            let same_as_previous = i > 0 && pieces[i - 1] == (m, size, touches_last);
            if touches_last && !same_as_previous {
                best = best.max(size + self.greedy_pieces(&pieces, hubs, Some(i)));
            }
        }
        hubs.len() + best
    }

    /// The most numbers the pieces (sorted by their largest separator number) can give to the
    /// segments after the first, one piece (`skip`) excepted: nested capacities, so greedy.
    fn greedy_pieces(
        &self,
        pieces: &[(usize, u32, bool)],
        hubs: Bits<W>,
        skip: Option<usize>,
    ) -> u32 {
        let mut chosen: BinaryHeap<std::cmp::Reverse<u32>> = BinaryHeap::new();
        let mut i = 0;
        while i < pieces.len() {
            let m = pieces[i].0;
            while i < pieces.len() && pieces[i].0 == m {
                if skip != Some(i) {
                    chosen.push(std::cmp::Reverse(pieces[i].1));
                }
                i += 1;
            }
            let hubs_so_far = (1..=m).filter(|&k| hubs.contains(k)).count();
            let inner = if hubs_so_far >= 2 { hubs_so_far } else { 0 };
            while chosen.len() > inner + 1 {
                chosen.pop();
            }
        }
        chosen.iter().map(|r| r.0).sum()
    }

    /// The numbers of `within` reachable from `from` (which is not itself counted).
    fn reachable(&self, from: usize, within: Bits<W>) -> Bits<W> {
        let mut seen = self.neighbours[from].and(within);
        let mut frontier = seen;
        while let Some(k) = frontier.first() {
            frontier = frontier.without(k);
            let new = self.neighbours[k].and(within).minus(seen);
            seen = seen.or(new);
            frontier = frontier.or(new);
        }
        seen
    }

    fn reachable_including(&self, from: usize, within: Bits<W>) -> Bits<W> {
        self.reachable(from, within).with(from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Longest chain by plain exhaustive search over every simple path, no bound at all: the
    /// oracle. Bit masks only make the enumeration fast enough for n = 30.
    fn brute_force_length(n: u64) -> usize {
        fn walk(neighbours: &[u64], last: usize, used: u64, depth: usize, best: &mut usize) {
            *best = (*best).max(depth);
            let mut moves = neighbours[last] & !used;
            while moves != 0 {
                let next = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                walk(neighbours, next, used | 1 << next, depth + 1, best);
            }
        }
        let n = n as usize;
        let neighbours: Vec<u64> = (0..=n)
            .map(|a| {
                (1..=n)
                    .filter(|&b| a != 0 && b != a && (a % b == 0 || b % a == 0))
                    .fold(0, |mask, b| mask | 1 << b)
            })
            .collect();
        let mut best = 0;
        for start in 1..=n {
            walk(&neighbours, start, 1 << start, 1, &mut best);
        }
        best
    }

    /// How far the brute force goes: all n <= 30 (about 20 s); JG_CHAIN_BRUTE_TO sets another end.
    fn brute_force_limit() -> u64 {
        std::env::var("JG_CHAIN_BRUTE_TO")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(30)
    }

    #[test]
    fn search_matches_brute_force_for_small_n() {
        for n in 1..=brute_force_limit() {
            let found = longest_chain(n).unwrap();
            check_chain(n, &found.chain).unwrap();
            assert_eq!(found.chain.len(), brute_force_length(n), "n = {n}");
            assert!(found.root_bound >= found.chain.len() as u64, "n = {n}");
            assert!(found.proved);
        }
    }

    /// The branch and cut against the independent combinatorial search, past the brute force.
    #[test]
    fn branch_and_cut_matches_the_search() {
        for n in 31..=36 {
            let cut = longest_chain(n).unwrap();
            let search = longest_chain_by_search(n, None).unwrap();
            assert!(cut.proved && search.proved, "n = {n}");
            check_chain(n, &cut.chain).unwrap();
            check_chain(n, &search.chain).unwrap();
            assert_eq!(cut.chain.len(), search.chain.len(), "n = {n}");
        }
    }

    /// Every proved chain is a chain, and the proved lengths never decrease with n (a chain of
    /// 1..n is one of 1..n + 1), nor do the proved bounds undercut them.
    #[test]
    fn proved_lengths_never_decrease() {
        let mut previous = 0;
        for n in 1..=70 {
            let found = longest_chain(n).unwrap();
            assert!(found.proved, "n = {n}");
            check_chain(n, &found.chain).unwrap();
            let length = found.chain.len();
            assert!(found.root_bound >= length as u64, "n = {n}");
            assert!(previous <= length, "n = {n}: {length} after {previous}");
            previous = length;
        }
    }

    /// The certified length against the brute force, and every certificate accepted by the
    /// independent verifier for exactly that n and length.
    #[test]
    fn certified_lengths_match_brute_force() {
        for n in 1..=22 {
            let certified = certify_longest_chain(n, None).unwrap();
            check_chain(n, &certified.found.chain).unwrap();
            let verdict = jg_verify::chain::check(&certified.certificate).unwrap();
            assert_eq!(verdict.n, n);
            assert_eq!(verdict.length as usize, brute_force_length(n), "n = {n}");
            assert_eq!(certified.found.chain.len() as u64, verdict.length);
        }
    }

    /// Past the brute force: the certificate's length against the combinatorial search.
    #[test]
    fn certified_lengths_match_the_search() {
        for n in [33, 36] {
            let certified = certify_longest_chain(n, None).unwrap();
            let search = longest_chain_by_search(n, None).unwrap();
            assert!(search.proved);
            let verdict = jg_verify::chain::check(&certified.certificate).unwrap();
            assert_eq!(verdict.length as usize, search.chain.len(), "n = {n}");
        }
    }

    /// Seeded with the chain of n − 1 (as the range run does), the certificate is valid and
    /// proves the same length as the unseeded run; a seed that breaks the rules is refused.
    #[test]
    fn a_seed_from_n_minus_1_gives_the_same_length() {
        let mut previous = certify_longest_chain(40, None).unwrap().found.chain;
        for n in 41..=60 {
            let seeded = certify_longest_chain_seeded(n, &previous, None, &|_| {}).unwrap();
            let verdict = jg_verify::chain::check(&seeded.certificate)
                .unwrap_or_else(|e| panic!("n = {n}: {e}"));
            let plain = certify_longest_chain(n, None).unwrap();
            assert_eq!(verdict.n, n);
            assert_eq!(verdict.length as usize, plain.found.chain.len(), "n = {n}");
            assert!(seeded.found.chain.len() >= previous.len(), "n = {n}");
            previous = seeded.found.chain;
        }
        let refused = certify_longest_chain_seeded(30, &[4, 3], None, &|_| {});
        assert!(
            matches!(&refused, Err(ChainSearchError::NotCertified(30, why)) if why.contains("seed")),
            "{refused:?}"
        );
    }

    /// Both LP solvers of a `highs` build prove the same lengths, from strong roots and from
    /// weak ones (trees), and every certificate of each verifies. (A default build has microlp
    /// alone, which every other test here runs.)
    #[cfg(feature = "highs")]
    #[test]
    fn both_lp_backends_prove_the_same_lengths() {
        for (n, base) in [
            (30, CERTIFY),
            (100, CERTIFY),
            (200, CERTIFY),
            (41, WEAK_ROOT),
            (57, WEAK_ROOT),
        ] {
            let lengths: Vec<(lp::Backend, u64)> = lp::Backend::ALL
                .iter()
                .map(|&backend| {
                    let settings = cut::Settings { backend, ..base };
                    let certified = certify_with(n, &[], None, settings, &|_| {}).unwrap();
                    let verdict = jg_verify::chain::check(&certified.certificate)
                        .unwrap_or_else(|e| panic!("n = {n}, {backend:?}: {e}"));
                    (backend, verdict.length)
                })
                .collect();
            assert_eq!(lengths.len(), 2);
            assert_eq!(lengths[0].1, lengths[1].1, "n = {n}: {lengths:?}");
        }
    }

    /// The branch and cut without forest cuts at the root: its root bound is too weak to prove
    /// the length, so the certificate must be the tree it explored.
    const WEAK_ROOT: cut::Settings = cut::Settings {
        want_proof: true,
        weak_root: true,
        through: None,
        backend: Backend::DEFAULT,
    };

    /// n proved on n − 1's proof (both trees, from weak roots): the certificate verifies and
    /// proves the plain run's length; its tree is n − 1's under `branch y n`, the chains through
    /// n beside it, each `d n μ` row has μ the largest reduced cost at n (and a leaf without one
    /// has none positive), those rows are really needed somewhere, the rows figure counts the
    /// text's rows; and
    /// that holds whether a(n) = a(n − 1) or not. A prime or twice a prime (they change the
    /// reduced graph), a certificate of another n and a damaged one are refused.
    #[test]
    fn a_proof_through_n_on_the_proof_of_n_minus_1_verifies() {
        let (mut equal, mut paid, mut longer) = (0, 0, 0);
        for n in 40..=100u64 {
            let below = certify_with(n - 1, &[], None, WEAK_ROOT, &|_| {}).unwrap();
            let plain = certify_longest_chain(n, None).unwrap().found.chain.len();
            let result = certify_through_with(n, &below.certificate, None, WEAK_ROOT, &|_| {});
            let prime = |p: u64| p > 1 && (2..p).all(|d| !p.is_multiple_of(d));
            if prime(n) || (n % 2 == 0 && prime(n / 2)) {
                let refused = result.unwrap_err().to_string();
                assert!(refused.contains("reduction keeps"), "n = {n}: {refused}");
                continue;
            }
            if plain > below.found.chain.len() {
                longer += 1;
            } else {
                equal += 1;
            }
            let through = result.unwrap_or_else(|e| panic!("n = {n}: {e}"));
            let verdict = jg_verify::chain::check(&through.certificate).unwrap();
            assert_eq!((verdict.n, verdict.graph), (n, n));
            assert_eq!(verdict.length as usize, plain, "n = {n}");
            assert_eq!(through.leaves, verdict.leaves);
            let text = String::from_utf8(through.certificate).unwrap();
            let tree: Vec<&str> = text.lines().skip_while(|l| *l != "tree").collect();
            assert_eq!(tree[1], format!("branch y {n}"), "n = {n}");
            assert!(verdict.leaves > below.leaves, "n = {n}");
            let lines: Vec<String> = text.lines().map(str::to_string).collect();
            let leaves: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].starts_with("leaf "))
                .collect();
            let sizes = leaves.iter().map(|&at| leaf_lines(&lines, at).len() - 1);
            assert_eq!(
                through.rows,
                sizes.sum::<usize>(),
                "n = {n}: the rows figure"
            );
            // Each leaf of n − 1's tree (the first ones, in order) carries `d n μ` with μ the
            // largest reduced cost u_a − d_a − t over the divisors a of n, when that is positive
            // (spec.md §6.4), computed here from the leaf's own rows.
            for &at in &leaves[..below.leaves as usize] {
                let rows: Vec<Vec<&str>> = lines[leaf_lines(&lines, at)]
                    .iter()
                    .skip(1)
                    .map(|l| l.split(' ').collect())
                    .collect();
                let of = |family: &str, a: u64| -> i128 {
                    rows.iter()
                        .filter(|r| r[0] == family && (family == "t" || r[1] == a.to_string()))
                        .map(|r| r[r.len() - 1].parse::<i128>().unwrap())
                        .sum()
                };
                let largest = (1..n)
                    .filter(|a| n.is_multiple_of(*a))
                    .map(|a| of("u", a) - of("d", a) - of("t", 0))
                    .max()
                    .unwrap();
                let paid = rows.iter().find(|r| r[0] == "d" && r[1] == n.to_string());
                match paid {
                    Some(row) => assert_eq!(row[2].parse::<i128>().unwrap(), largest, "n = {n}"),
                    None => assert!(largest <= 0, "n = {n}: a leaf without its d row"),
                }
            }
            // Some leaf of n − 1's tree no longer closes in G_n without its `d n` row (others
            // have room to spare).
            let row = format!("d {n} ");
            for at in (0..lines.len()).filter(|&i| lines[i].starts_with(&row)) {
                let leaf = (0..at)
                    .rev()
                    .find(|&i| lines[i].starts_with("leaf "))
                    .unwrap();
                let rows: usize = lines[leaf]["leaf ".len()..].parse().unwrap();
                let mut unpaid = lines.clone();
                unpaid.remove(at);
                unpaid[leaf] = format!("leaf {}", rows - 1);
                if verdict_of(&unpaid).is_err() {
                    paid += 1;
                }
            }
        }
        assert!(equal >= 4 && longer >= 10, "{equal} equal, {longer} longer");
        assert!(paid >= 1, "no leaf needed its d row at n");
        let below = certify_longest_chain(49, None).unwrap().certificate;
        let other = certify_through(51, &below, None, &|_| {}).unwrap_err();
        assert!(other.to_string().contains("n − 1 = 50"), "{other}");
        let mut damaged = below.clone();
        let at = damaged.len() - 10;
        damaged[at] ^= 0x01;
        let refused = certify_through(50, &damaged, None, &|_| {}).unwrap_err();
        assert!(refused.to_string().contains("refused"), "{refused}");
    }

    /// Tree certificates end to end: with a weak root every certificate is a tree of several
    /// leaves, the verifier accepts it, and the length it proves is the brute force's.
    #[test]
    fn a_weak_root_gives_tree_certificates_that_verify() {
        for n in 25..=40 {
            let certified = certify_with(n, &[], None, WEAK_ROOT, &|_| {}).unwrap();
            let verdict = jg_verify::chain::check(&certified.certificate)
                .unwrap_or_else(|e| panic!("n = {n}: {e}"));
            let search = longest_chain_by_search(n, None).unwrap();
            assert!(search.proved);
            assert_eq!(verdict.length as usize, search.chain.len(), "n = {n}");
            assert_eq!(verdict.leaves, certified.leaves);
            // Forced to depth 3: a binary tree, each leaf under its own fixings. It is full
            // unless a fixing empties the LP (a prime p > n/2 used while 1, its only neighbour,
            // is not).
            assert!(verdict.leaves >= 4, "n = {n}: {} leaves", verdict.leaves);
            let text = String::from_utf8(certified.certificate).unwrap();
            assert_eq!(
                text.lines().filter(|l| l.starts_with("branch ")).count() as u64,
                verdict.leaves - 1
            );
        }
    }

    /// The lines of a weak-root (tree) certificate of n = 40, and where each leaf starts.
    fn tree_certificate() -> (Vec<String>, Vec<usize>) {
        let certified = certify_with(40, &[], None, WEAK_ROOT, &|_| {}).unwrap();
        let text = String::from_utf8(certified.certificate).unwrap();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let leaves = (0..lines.len())
            .filter(|&i| lines[i].starts_with("leaf "))
            .collect();
        (lines, leaves)
    }

    fn verdict_of(lines: &[String]) -> Result<jg_verify::chain::ChainVerdict, String> {
        let text = lines.join("\n") + "\n";
        jg_verify::chain::check(text.as_bytes()).map_err(|e| e.to_string())
    }

    /// The leaf starting at line `at`: its header and its rows.
    fn leaf_lines(lines: &[String], at: usize) -> std::ops::Range<usize> {
        let rows: usize = lines[at]["leaf ".len()..].parse().unwrap();
        at..at + 1 + rows
    }

    /// Tree certificates against each kind of lie: a dropped leaf (its case uncovered), a
    /// dropped branch, a leaf's bound raised, a negative multiplier deep in the tree, and every
    /// truncation.
    #[test]
    fn a_lying_tree_certificate_is_refused() {
        let (lines, leaves) = tree_certificate();
        assert_eq!(verdict_of(&lines).unwrap().leaves, 8);
        let says = |lines: &[String], part: &str| {
            let rejection = verdict_of(lines).expect_err("a lie was accepted");
            assert!(
                rejection.contains(part),
                "{rejection:?} should contain {part:?}"
            );
        };
        // The last leaf dropped: the case y_1 = y_2 = y_3 = 1 is not covered.
        let mut dropped = lines.clone();
        dropped.drain(leaf_lines(&lines, leaves[7]));
        says(&dropped, "unknown tree node `end`");
        // A leaf in the middle dropped: the next one takes its place, the end comes too soon.
        let mut dropped = lines.clone();
        dropped.drain(leaf_lines(&lines, leaves[2]));
        says(&dropped, "invalid chain certificate");
        // The root's branch dropped: the leaves are read under other fixings (and two trees
        // where one is allowed).
        let root = lines.iter().position(|l| l.starts_with("branch ")).unwrap();
        let mut no_root = lines.clone();
        no_root.remove(root);
        says(&no_root, "invalid chain certificate");
        // Leaf 6 without one of its multipliers: for some row the bound left is too high
        // (which one depends on the LP's slack at that leaf, so each is tried).
        let range = leaf_lines(&lines, leaves[5]);
        let refused = range.clone().skip(1).filter(|&i| {
            let mut weaker = lines.clone();
            weaker.remove(i);
            weaker[range.start] = format!("leaf {}", range.len() - 2);
            verdict_of(&weaker).is_err_and(|rejection| rejection.contains("leaf 6: bound "))
        });
        assert!(refused.count() > 0, "leaf 6 has no necessary multiplier");
        // A negative multiplier in the last leaf.
        let row = leaf_lines(&lines, leaves[7]).end - 1;
        let mut negative = lines.clone();
        let (head, m) = lines[row].rsplit_once(' ').unwrap();
        negative[row] = format!("{head} -{m}");
        says(&negative, "negative multiplier");
        // Every prefix short of `end` is refused.
        let text = lines.join("\n") + "\n";
        for cut in 0..text.len() - 4 {
            assert!(
                jg_verify::chain::check(&text.as_bytes()[..cut]).is_err(),
                "{cut} bytes"
            );
        }
    }

    #[test]
    fn an_unfinished_search_is_not_certified() {
        let past = Some(Instant::now());
        assert!(matches!(
            certify_longest_chain(300, past),
            Err(ChainSearchError::NotCertified(300, _))
        ));
    }

    #[test]
    fn checker_refuses_broken_chains() {
        assert_eq!(check_chain(10, &[4, 2, 6, 3, 9]), Ok(()));
        assert!(matches!(
            check_chain(10, &[4, 2, 4]),
            Err(ChainError::Repeated { number: 4, .. })
        ));
        assert!(matches!(
            check_chain(10, &[4, 6]),
            Err(ChainError::NotRelated { place: 2, .. })
        ));
        assert!(matches!(
            check_chain(10, &[11]),
            Err(ChainError::OffBoard { number: 11, .. })
        ));
        assert!(matches!(
            check_chain(10, &[0]),
            Err(ChainError::OffBoard { number: 0, .. })
        ));
    }

    #[test]
    fn search_refuses_n_out_of_range() {
        assert_eq!(longest_chain(0), Err(ChainSearchError::Zero));
        assert_eq!(
            longest_chain(MAX_CHAIN_N + 1),
            Err(ChainSearchError::TooLarge(MAX_CHAIN_N + 1, MAX_CHAIN_N))
        );
        assert_eq!(
            longest_chain_by_search(MAX_SEARCH_N + 1, None),
            Err(ChainSearchError::TooLarge(MAX_SEARCH_N + 1, MAX_SEARCH_N))
        );
    }
}
