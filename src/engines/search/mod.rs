//! Exact game-tree search for n ≤ 128 (docs/MATH.md §1–2): a negamax over simplified positions
//! (other components, sink pairs, alternating even cycles) with an exact, bounded, lock-free
//! transposition table, immediate-win detection, fewest-replies move ordering and a parallel
//! root. It uses no matching theory on purpose: it is the independent cross-check of §3.

mod simplify;
mod table;
#[cfg(test)]
mod tests;

pub use simplify::{component, even_cycles, simplify, Simplifications, Simplified};
pub use table::Table;

use crate::game::{bit, numbers, Board, NumberSet, OpeningRule, Player, Position};
use crate::outcome::{Method, Outcome};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// Settings of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Upper bound of the transposition table, in MiB (memory is claimed only as it is used).
    pub table_megabytes: usize,
    /// The simplifications applied at every node.
    pub simplifications: Simplifications,
    /// Worker threads for `solve`; 0 means rayon's default (one per core).
    pub threads: usize,
}

impl Default for SearchConfig {
    /// 128 MiB of table: measured as fast as 2 GiB on every n ≤ 128 (page faults of a bigger
    /// table cost more than the hits it adds), and far under the 8 GB bound.
    fn default() -> Self {
        SearchConfig {
            table_megabytes: 128,
            simplifications: Simplifications::ALL,
            threads: 0,
        }
    }
}

/// Counters of a search, summed over every call and thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited.
    pub nodes: u64,
    /// Positions answered by the transposition table.
    pub table_hits: u64,
    /// Outcomes written to the transposition table.
    pub table_stores: u64,
    /// Entries the table can hold.
    pub table_capacity: u64,
}

/// Per-thread counters, added to the shared ones once per top-level call (no shared-cache traffic
/// at every node).
#[derive(Default)]
struct Counters {
    nodes: u64,
    hits: u64,
    stores: u64,
}

// The searcher and its table are shared by the root workers and by callers' threads.
const _: () = {
    fn shared_between_threads<T: Send + Sync>() {}
    let _ = shared_between_threads::<Searcher>;
};

/// The table a board of 1..n needs, in MiB: 2^((n − 70)/10), at least 1. Measured
/// (docs/benchmarks-history.md, "Search table size"): every n ≤ 100 is as fast or faster with 8 MiB than with 128 (a large
/// table costs page faults spread over all of it), while n = 110 and 117 gain up to 32 MiB.
pub fn table_megabytes_for(n: u32) -> usize {
    1 << (n.saturating_sub(70) / 10)
}

/// A reusable exact solver on one board. `Sync`: several threads may share it and its table.
pub struct Searcher {
    board: Board,
    simplifications: Simplifications,
    table: Table,
    nodes: AtomicU64,
    hits: AtomicU64,
    stores: AtomicU64,
}

impl Searcher {
    pub fn new(board: &Board, config: &SearchConfig) -> Searcher {
        Searcher {
            board: board.clone(),
            simplifications: config.simplifications,
            table: Table::new(config.table_megabytes.min(table_megabytes_for(board.n()))),
            nodes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            stores: AtomicU64::new(0),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Does the player to move win from this raw position (any legal position, opening included)?
    pub fn wins(&self, position: &Position) -> bool {
        !self.winning_moves_until(position, true).is_empty()
    }

    /// All winning moves of the player to move, ascending.
    pub fn winning_moves(&self, position: &Position) -> Vec<u32> {
        self.winning_moves_until(position, false)
    }

    fn winning_moves_until(&self, position: &Position, first_only: bool) -> Vec<u32> {
        let remaining = self.board.all() & !position.played;
        let mut winning = Vec::new();
        for m in numbers(self.board.legal_moves(position)) {
            if !self.wins_after(m, remaining & !bit(m)) {
                winning.push(m);
                if first_only {
                    break;
                }
            }
        }
        winning
    }

    /// Does the player to move from `last` win, with `remaining` the unplayed numbers?
    pub fn wins_after(&self, last: u32, remaining: NumberSet) -> bool {
        self.decide(last, remaining, &|| false)
            .expect("a search that is never aborted always decides")
    }

    /// `wins_after`, but gives up (None) as soon as `abort` returns true.
    fn decide(&self, last: u32, remaining: NumberSet, abort: &dyn Fn() -> bool) -> Option<bool> {
        let mut counters = Counters::default();
        let result = self.negamax(last, remaining, abort, &mut counters);
        self.nodes.fetch_add(counters.nodes, Ordering::Relaxed);
        self.hits.fetch_add(counters.hits, Ordering::Relaxed);
        self.stores.fetch_add(counters.stores, Ordering::Relaxed);
        result
    }

    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.nodes.load(Ordering::Relaxed),
            table_hits: self.hits.load(Ordering::Relaxed),
            table_stores: self.stores.load(Ordering::Relaxed),
            table_capacity: self.table.capacity() as u64,
        }
    }

    /// Writes `moves` into `ordered` fewest replies first (then ascending), each as
    /// `replies << 8 | move`, and returns how many; None when a move has no reply (it wins at
    /// once). Such moves are the likeliest to leave the opponent lost, and their subtrees are
    /// the cheapest to refute.
    fn order_moves(
        &self,
        moves: NumberSet,
        remaining: NumberSet,
        ordered: &mut [u16; 128],
    ) -> Option<usize> {
        let mut count = 0;
        for m in numbers(moves) {
            let replies = (self.board.neighbours(m) & remaining & !bit(m)).count_ones();
            if replies == 0 {
                return None;
            }
            ordered[count] = (replies as u16) << 8 | m as u16;
            count += 1;
        }
        ordered[..count].sort_unstable();
        Some(count)
    }

    /// The player to move sits on `last`; `remaining` are the unplayed numbers (`last` excluded).
    /// Simplify, look up the table, try the moves in order, store the result with its work.
    fn negamax(
        &self,
        last: u32,
        remaining: NumberSet,
        abort: &dyn Fn() -> bool,
        counters: &mut Counters,
    ) -> Option<bool> {
        counters.nodes += 1;
        if abort() {
            return None;
        }
        let remaining = match simplify(&self.board, last, remaining, self.simplifications) {
            Simplified::ImmediateWin => return Some(true),
            Simplified::Remaining(r) => r,
        };
        let moves = self.board.neighbours(last) & remaining;
        if moves == 0 {
            return Some(false);
        }
        if let Some(win) = self.table.probe(last, remaining) {
            counters.hits += 1;
            return Some(win);
        }
        let nodes_before = counters.nodes;
        let mut ordered = [0u16; 128];
        let Some(count) = self.order_moves(moves, remaining, &mut ordered) else {
            return Some(true); // a move with no reply wins at once
        };
        let mut win = false;
        for &entry in ordered[..count].iter() {
            let m = (entry & 0xFF) as u32;
            if !self.negamax(m, remaining & !bit(m), abort, counters)? {
                win = true;
                break;
            }
        }
        let work = 64 - (counters.nodes - nodes_before).leading_zeros();
        self.table.store(last, remaining, win, work as u8);
        counters.stores += 1;
        Some(win)
    }
}

/// The largest n the search handles (the `u128` board).
pub const MAX_N: u32 = crate::game::MAX_SMALL_N;

/// Why the search refuses an n.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("the search solves n ≤ {MAX_N}, got {n}")]
    TooLarge { n: u64 },
}

/// Checks that the search can take `n` (callers with user input use this before `solve`).
pub fn check_n(n: u64) -> Result<u32, SearchError> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n <= MAX_N)
        .ok_or(SearchError::TooLarge { n })
}

/// Solve one n: winner + winning openings (all of them when `all_openings`).
/// Panics if n > `MAX_N`: check user input with `check_n` first.
pub fn solve(n: u32, rule: OpeningRule, all_openings: bool, config: &SearchConfig) -> Outcome {
    let board = Board::with_opening(n, rule);
    let searcher = Searcher::new(&board, config);
    let winning = searcher.winning_openings(all_openings, config.threads);
    Outcome {
        n: n as u64,
        winner: Player::winner(!winning.is_empty()),
        winning_openings: winning.iter().map(|&v| v as u64).collect(),
        // No winning opening means every opening was tried and lost: the (empty) list is
        // complete, as the matching engine reports it.
        all_openings: all_openings || winning.is_empty(),
        method: Method::Search,
    }
}

/// One unit of root work: the first player opened `opening` (its index in the trial order), the
/// second replied `reply`; does the first player, to move, win?
struct Unit {
    opening: usize,
    reply: u32,
}

/// The root work in trial order: the openings (fewest replies first, then ascending) and one
/// unit per (opening, reply), each opening's replies fewest-replies first.
struct RootWork {
    openings: Vec<u32>,
    units: Vec<Unit>,
    /// How many replies each opening has.
    replies: Vec<usize>,
}

impl RootWork {
    fn new(board: &Board) -> RootWork {
        let everything = board.all();
        let mut openings: Vec<u32> = numbers(board.openings()).collect();
        openings.sort_by_key(|&v| ((board.neighbours(v) & everything).count_ones(), v));
        let mut units = Vec::new();
        let mut replies = Vec::new();
        for (index, &v) in openings.iter().enumerate() {
            let rest = everything & !bit(v);
            let mut list: Vec<u32> = numbers(board.neighbours(v) & rest).collect();
            list.sort_by_key(|&w| ((board.neighbours(w) & rest & !bit(w)).count_ones(), w));
            replies.push(list.len());
            units.extend(list.into_iter().map(|reply| Unit {
                opening: index,
                reply,
            }));
        }
        RootWork {
            openings,
            units,
            replies,
        }
    }
}

/// What the root workers share. Every atomic is only a flag or a counter between workers: no
/// other memory is published through it, and the results are read after the thread scope has
/// joined (which orders every worker's writes before the reads), so `Relaxed` suffices except
/// where a comment says otherwise.
struct RootState {
    /// The index of the next unit to take. `Relaxed`: `fetch_add` alone hands each unit to
    /// exactly one worker.
    next: AtomicUsize,
    /// Per opening, the replies not yet proved won for the first player. `AcqRel` on the
    /// decrement, stronger than needed: the count reaches 0 only when every reply was proved
    /// won, so the opening cannot also be refuted, and the `lost` check after it is a guard.
    pending: Vec<AtomicUsize>,
    /// Per opening, a reply refuting it was found: its remaining units stop. `Relaxed`: a late
    /// read only costs a unit of wasted work; the flag never goes back to false.
    lost: Vec<AtomicBool>,
    /// Per opening, every reply was proved won. `Relaxed`: written once, read after the join.
    won: Vec<AtomicBool>,
    /// The smallest index of a won opening so far (`usize::MAX`: none): when one winning
    /// opening is enough, units of later openings stop. `Relaxed` with `fetch_min`: the minimum
    /// is exact whatever the interleaving, and a late read only costs wasted work.
    best: AtomicUsize,
}

impl RootState {
    fn new(work: &RootWork) -> RootState {
        let flags = || {
            work.openings
                .iter()
                .map(|_| AtomicBool::new(false))
                .collect()
        };
        let state = RootState {
            next: AtomicUsize::new(0),
            pending: work.replies.iter().map(|&r| AtomicUsize::new(r)).collect(),
            lost: flags(),
            won: flags(),
            best: AtomicUsize::new(usize::MAX),
        };
        // Openings without any reply win outright.
        for (index, &replies) in work.replies.iter().enumerate() {
            if replies == 0 {
                state.mark_won(index);
            }
        }
        state
    }

    fn mark_won(&self, index: usize) {
        self.won[index].store(true, Ordering::Relaxed);
        self.best.fetch_min(index, Ordering::Relaxed);
    }

    /// Whether the units of opening `index` may stop: it is refuted, or (when one winning
    /// opening is enough) an earlier opening already wins.
    fn settled(&self, index: usize, all: bool) -> bool {
        self.lost[index].load(Ordering::Relaxed)
            || (!all && self.best.load(Ordering::Relaxed) < index)
    }

    /// Records the result of one unit of opening `index` (None: it was aborted).
    fn record(&self, index: usize, first_player_wins: Option<bool>) {
        match first_player_wins {
            None => {}
            // The first player losing after one reply refutes the opening.
            Some(false) => self.lost[index].store(true, Ordering::Relaxed),
            // The opening wins when the first player wins after every reply.
            Some(true) => {
                let last_reply = self.pending[index].fetch_sub(1, Ordering::AcqRel) == 1;
                if last_reply && !self.lost[index].load(Ordering::Relaxed) {
                    self.mark_won(index);
                }
            }
        }
    }
}

impl Searcher {
    /// The first player's winning openings from the start: all of them, ascending, when `all`;
    /// otherwise the first winning one in the trial order (the same on any thread count), or none.
    ///
    /// Work is split into (opening, reply) units so that two threads share even one hard opening.
    /// Openings are tried in order of fewest replies, then ascending.
    pub fn winning_openings(&self, all: bool, threads: usize) -> Vec<u32> {
        let work = RootWork::new(&self.board);
        let state = RootState::new(&work);
        let worker = || loop {
            let u = state.next.fetch_add(1, Ordering::Relaxed);
            let Some(unit) = work.units.get(u) else { break };
            let i = unit.opening;
            let abort = || state.settled(i, all);
            if abort() {
                continue;
            }
            let rest = self.board.all() & !bit(work.openings[i]) & !bit(unit.reply);
            state.record(i, self.decide(unit.reply, rest, &abort));
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool for the root search");
        pool.scope(|scope| {
            for _ in 0..pool.current_num_threads() {
                scope.spawn(|_| worker());
            }
        });
        if all {
            let mut winning: Vec<u32> = (work.openings.iter().zip(&state.won))
                .filter(|(_, w)| w.load(Ordering::Relaxed))
                .map(|(&v, _)| v)
                .collect();
            winning.sort_unstable();
            winning
        } else {
            match state.best.load(Ordering::Relaxed) {
                usize::MAX => Vec::new(),
                i => vec![work.openings[i]],
            }
        }
    }
}
