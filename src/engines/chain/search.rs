//! The combinatorial branch and bound (a separator bound, no LP): an independent method,
//! slower than the branch and cut, kept to cross-check it. Sets of numbers are bitsets of W
//! words (`Bits`); proved subproblems are kept in a table keyed by (last, remaining).

use super::answer::{ChainSearchError, LongestChain, MAX_SEARCH_N};
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// The combinatorial branch and bound alone (separator bound, no LP): an independent method,
/// slower, kept to cross-check the branch and cut.
pub(super) fn longest_chain_by_search(
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
