//! Looking ahead from the losing side on small boards (n ≤ [`MODEL_MAX_N`]): the chance of
//! winning against an opponent whose replies follow a known rule ([`Model`]), by expectimax over
//! the positions as bitsets, with the exact search deciding who wins each position.
//!
//! Two uses: the perfect player's choice on the losing side (against a model of a fallible
//! opponent, to a bounded depth and a bounded number of positions), and the best score any player
//! can reach against `random`, `careful` or `fewest-replies` (no bound: exact, where it ends),
//! which docs/PLAYERS.md prints beside the players' scores.
//!
//! The value of a position where we are to move is the chance that we win from it when we choose
//! the best moves and the opponent draws its replies from the model. A position we win (by the
//! exact search) is worth 1: from there the perfect player wins against any reply. So the search
//! only goes on through the opponent's correct replies, which are few.

use super::stop::{Stop, Stopped};
use crate::engines::search::{SearchConfig, Searcher};
use crate::game::{bit, numbers, Board, NumberSet, OpeningRule, Position};
use std::collections::HashMap;

/// The largest board looked ahead on: the exact search decides a position of it in microseconds
/// once its table is warm.
pub const MODEL_MAX_N: u64 = 64;

/// A small board with the exact search that decides its positions.
pub struct Small {
    board: Board,
    searcher: Searcher,
}

impl Small {
    /// The board 1..=n (n ≤ `MODEL_MAX_N`).
    pub fn new(n: u64, rule: OpeningRule) -> Small {
        assert!(n <= MODEL_MAX_N, "looking ahead needs n ≤ {MODEL_MAX_N}");
        let board = Board::with_opening(n as u32, rule);
        let searcher = Searcher::new(&board, &SearchConfig::default());
        Small { board, searcher }
    }

    pub fn n(&self) -> u64 {
        self.board.n() as u64
    }

    /// The position after `line`, a legal line on the board (`Board::play_line`; a line that is
    /// not legal is a caller's error).
    pub fn position(&self, line: &[u64]) -> Position {
        self.board.play_line(line).expect("a legal line")
    }

    /// The legal moves (`Board::legal_moves`).
    pub fn legal(&self, s: Position) -> NumberSet {
        self.board.legal_moves(&s)
    }

    /// The replies after the legal move `m`: the free numbers related to m.
    fn replies_after(&self, s: Position, m: u32) -> NumberSet {
        self.board.neighbours(m) & !s.played
    }

    /// Whether the player to move wins (the exact search, `Searcher::wins`).
    pub fn wins(&self, s: Position) -> bool {
        self.searcher.wins(&s)
    }

    /// The moves after which some reply of the opponent leaves us no move, or 1 alone (after
    /// which a free prime above n/2, or any number with no free neighbour, wins for the
    /// opponent): the traps.
    fn traps(&self, s: Position) -> NumberSet {
        let mut traps = 0;
        for m in numbers(self.legal(s)) {
            let trapped = numbers(self.replies_after(s, m))
                .any(|r| self.board.neighbours(r) & !s.played & !bit(m) & !bit(1) == 0);
            if trapped {
                traps |= bit(m);
            }
        }
        traps
    }

    /// The losing side's moves: the legal moves that are no trap, or every legal move when all
    /// are traps.
    pub fn untrapped(&self, s: Position) -> NumberSet {
        let legal = self.legal(s);
        match legal & !self.traps(s) {
            0 => legal,
            untrapped => untrapped,
        }
    }

    /// The sensible moves of docs/PLAYERS.md, as `careful` and `fewest-replies` find them: no 1
    /// while another move exists; the moves that leave no reply, if any; else the safe moves (no
    /// reply leaves us nothing but 1), if any; else all of the first step.
    pub fn sensible(&self, s: Position) -> NumberSet {
        let mut moves = self.legal(s);
        if moves.count_ones() > 1 {
            moves &= !bit(1);
        }
        let winning_now = numbers(moves)
            .filter(|&m| self.replies_after(s, m) == 0)
            .fold(0, |set, m| set | bit(m));
        if winning_now != 0 {
            return winning_now;
        }
        let safe = moves & !self.traps(s);
        if safe == 0 {
            moves
        } else {
            safe
        }
    }

    /// `fewest-replies`' move: the sensible move with the fewest replies, then any but 1, then
    /// the smallest.
    pub fn fewest_replies(&self, s: Position) -> Option<u32> {
        self.fewest_among(s, self.sensible(s))
    }

    /// `fewest_replies` from its sensible moves already found.
    fn fewest_among(&self, s: Position, sensible: NumberSet) -> Option<u32> {
        numbers(sensible).min_by_key(|&m| (self.replies_after(s, m).count_ones(), m == 1, m))
    }
}

/// How the opponent is taken to reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// `random`: every legal move alike.
    Random,
    /// `careful`: every sensible move alike.
    Careful,
    /// `fewest-replies`: its one move.
    FewestReplies,
    /// The three above in equal parts at each reply: what the perfect player assumes of an
    /// opponent it does not know.
    Mixture,
}

impl Model {
    /// The replies of the player to move at `s` with their chances (summing to 1), ascending;
    /// empty when it has no move.
    pub fn replies(self, small: &Small, s: Position) -> Vec<(u32, f64)> {
        let legal = small.legal(s);
        if legal == 0 {
            return Vec::new();
        }
        let uniform = |set: NumberSet| {
            let p = 1.0 / set.count_ones() as f64;
            numbers(set).map(|m| (m, p)).collect::<Vec<_>>()
        };
        match self {
            Model::Random => uniform(legal),
            Model::Careful => uniform(small.sensible(s)),
            Model::FewestReplies => small
                .fewest_replies(s)
                .map(|m| (m, 1.0))
                .into_iter()
                .collect(),
            Model::Mixture => {
                let sensible = small.sensible(s);
                let chosen = small.fewest_among(s, sensible);
                let (all, some) = (legal.count_ones() as f64, sensible.count_ones() as f64);
                numbers(legal)
                    .map(|m| {
                        let mut p = 1.0 / all;
                        if sensible & bit(m) != 0 {
                            p += 1.0 / some;
                        }
                        if chosen == Some(m) {
                            p += 1.0;
                        }
                        (m, p / 3.0)
                    })
                    .collect()
            }
        }
    }
}

/// Why a look-ahead did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// More positions than its budget.
    Budget,
    /// Its stop was reached.
    Stopped,
}

impl From<Stopped> for Halt {
    fn from(_: Stopped) -> Halt {
        Halt::Stopped
    }
}

/// One look-ahead: the model, which of our moves are weighed, how deep, and what a position at
/// the depth limit is worth.
pub struct Lookahead<'a> {
    small: &'a Small,
    model: Model,
    /// Weigh only the moves `Small::untrapped` leaves (the perfect player's rule), or all.
    untrapped_only: bool,
    /// What a position still lost at the depth limit is worth: 0 for a lower bound on the
    /// chance, 1 for an upper bound.
    leaf: f64,
    budget: u64,
    nodes: u64,
    /// Whether some position was cut at the depth limit (if not, the values are exact).
    pub cut: bool,
    memo: HashMap<Position, f64>,
    stop: &'a Stop,
}

impl<'a> Lookahead<'a> {
    pub fn new(small: &'a Small, model: Model, untrapped_only: bool, stop: &'a Stop) -> Self {
        Lookahead {
            small,
            model,
            untrapped_only,
            leaf: 0.0,
            budget: u64::MAX,
            nodes: 0,
            cut: false,
            memo: HashMap::new(),
            stop,
        }
    }

    /// At most `budget` positions weighed in all, over every call.
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget;
        self
    }

    /// What a position cut at the depth limit is worth.
    pub fn with_leaf(mut self, leaf: f64) -> Self {
        self.leaf = leaf;
        self
    }

    /// Positions weighed so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Our moves weighed at `s`.
    pub fn moves(&self, s: Position) -> NumberSet {
        if self.untrapped_only {
            self.small.untrapped(s)
        } else {
            self.small.legal(s)
        }
    }

    /// The chance of winning from `s` (we are to move), looking `depth` of our moves ahead
    /// (`u32::MAX`: to the end). The memo is kept between calls with the same depth counted
    /// from the same root; `forget` clears it.
    pub fn value(&mut self, s: Position, depth: u32) -> Result<f64, Halt> {
        if self.small.wins(s) {
            return Ok(1.0);
        }
        self.lost_value(s, depth)
    }

    /// Clears the memo (before a new depth).
    pub fn forget(&mut self) {
        self.memo.clear();
    }

    /// `value` of a position we lose against best play.
    fn lost_value(&mut self, s: Position, depth: u32) -> Result<f64, Halt> {
        if let Some(&v) = self.memo.get(&s) {
            return Ok(v);
        }
        self.stop.check()?;
        let mut best = 0.0f64;
        for m in numbers(self.moves(s)) {
            best = best.max(self.after_move(s, m, depth)?);
        }
        self.memo.insert(s, best);
        Ok(best)
    }

    /// The chance of winning after our move `m` from `s` (a position we lose).
    pub fn after_move(&mut self, s: Position, m: u32, depth: u32) -> Result<f64, Halt> {
        let t = s.after(m);
        let replies = self.model.replies(self.small, t);
        if replies.is_empty() {
            return Ok(1.0);
        }
        let mut sum = 0.0;
        for (r, p) in replies {
            // A reply weighed is a position decided by the exact search: the unit of the budget.
            self.nodes += 1;
            if self.nodes > self.budget {
                return Err(Halt::Budget);
            }
            let u = t.after(r);
            if self.small.wins(u) {
                sum += p;
            } else if depth > 1 {
                sum += p * self.lost_value(u, depth - 1)?;
            } else {
                self.cut = true;
                sum += p * self.leaf;
            }
        }
        Ok(sum)
    }
}

/// The positions the perfect player weighs for one move on the losing side: about 0.1 s of one
/// core at n = 46 (BENCHMARKS.md).
pub const PERFECT_BUDGET: u64 = 20_000;

/// The perfect player's move from a position `s` it loses on a small board: the untrapped move
/// with the best chance against `Model::Mixture`, looked ahead as deep as `PERFECT_BUDGET`
/// positions allow (one more of our moves at a time, each depth from scratch; the deepest depth
/// finished decides), the smallest among equals. None when there is no legal move.
pub fn losing_move(small: &Small, s: Position, stop: &Stop) -> Result<Option<u32>, Stopped> {
    let moves: Vec<u32> = numbers(small.untrapped(s)).collect();
    if moves.len() <= 1 {
        return Ok(moves.first().copied());
    }
    let mut search = Lookahead::new(small, Model::Mixture, true, stop).with_budget(PERFECT_BUDGET);
    let mut chosen = moves[0];
    for depth in 1..=small.n() as u32 {
        search.forget();
        search.cut = false;
        let mut best: Option<(f64, u32)> = None;
        let mut finished = true;
        for &m in &moves {
            match search.after_move(s, m, depth) {
                Ok(q) => {
                    if best.is_none_or(|(most, _)| q > most) {
                        best = Some((q, m));
                    }
                }
                Err(Halt::Stopped) => return Err(Stopped),
                Err(Halt::Budget) => {
                    finished = false;
                    break;
                }
            }
        }
        if !finished {
            break;
        }
        if let Some((_, m)) = best {
            chosen = m;
        }
        if !search.cut {
            break; // exact: a deeper look changes nothing
        }
    }
    Ok(Some(chosen))
}
