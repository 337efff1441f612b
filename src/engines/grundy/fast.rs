//! The fast method (docs/GRUNDY.md, "How the values are computed"): a memo on the folded
//! position, the matching engine's free answer for every lost position, and a compact table
//! under a memory bound. Each fold keeps the value, not only the winner; each can be switched
//! off (`Folds`), so that the tests compare every combination with plain recursion.

use super::memo::{self, Memo};
use crate::engines::matching::{Class, Engine, Graph};
use crate::game::{bit, numbers, Board, NumberSet};

/// Which folds the fast method applies (all of them in use; the tests switch each off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Folds {
    /// Keep only the component of the last number among the unplayed numbers.
    pub component: bool,
    /// Of the numbers whose only unplayed neighbour is the same u, keep the smallest.
    pub leaves: bool,
    /// Give every move to a lost position the value 0 from one Gallai–Edmonds decomposition
    /// of the unplayed numbers, without searching it.
    pub matching: bool,
}

impl Folds {
    pub const ALL: Folds = Folds {
        component: true,
        leaves: true,
        matching: true,
    };
    pub const NONE: Folds = Folds {
        component: false,
        leaves: false,
        matching: false,
    };
}

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions whose value was computed (each stored once).
    pub positions: u64,
    /// Gallai–Edmonds decompositions made.
    pub decompositions: u64,
    /// Moves valued 0 by a decomposition, never searched.
    pub free_zeros: u64,
}

/// The fast method on one board: a table that persists between calls (the openings of a board
/// share most of their positions).
pub struct FastValues<'b> {
    board: &'b Board,
    folds: Folds,
    memo: Memo,
    pub counts: Counts,
}

impl<'b> FastValues<'b> {
    /// Panics if n > `memo::MAX_KEY_N` (the callers refuse such n first).
    pub fn new(board: &'b Board, folds: Folds, max_bytes: u64) -> FastValues<'b> {
        assert!(board.n() <= memo::MAX_KEY_N);
        FastValues {
            board,
            folds,
            memo: Memo::new(max_bytes),
            counts: Counts::default(),
        }
    }

    /// Positions held in the table, and its bytes.
    pub fn held(&self) -> (usize, u64) {
        (self.memo.len(), self.memo.bytes())
    }

    /// The value of the position whose last number is `last` with `unplayed` still unnamed.
    pub fn value(&mut self, last: u32, unplayed: NumberSet) -> Result<u32, memo::Full> {
        let folded = self.fold(last, unplayed & !bit(last));
        self.folded_value(last, folded)
    }

    /// The position shrunk without changing its value: the component of `last`, and one leaf
    /// per number that has leaves (a leaf: an unplayed number whose one unplayed-or-current
    /// neighbour is that number; moving onto any of them ends the game, so which one, and how
    /// many are left, never matters).
    pub fn fold(&self, last: u32, unplayed: NumberSet) -> NumberSet {
        let board = self.board;
        let mut rest = unplayed;
        if self.folds.component {
            let mut reached = bit(last);
            let mut frontier = bit(last);
            while frontier != 0 {
                let mut next = 0;
                for x in numbers(frontier) {
                    next |= board.neighbours(x);
                }
                next &= unplayed & !reached;
                reached |= next;
                frontier = next;
            }
            rest = reached & !bit(last);
        }
        if self.folds.leaves {
            let around = rest | bit(last);
            let mut with_leaf: NumberSet = 0;
            for v in numbers(rest) {
                let near = board.neighbours(v) & around;
                if near.count_ones() == 1 {
                    if with_leaf & near != 0 {
                        rest &= !bit(v);
                    } else {
                        with_leaf |= near;
                    }
                }
            }
        }
        rest
    }

    fn folded_value(&mut self, last: u32, unplayed: NumberSet) -> Result<u32, memo::Full> {
        let moves = self.board.neighbours(last) & unplayed;
        if moves == 0 {
            return Ok(0);
        }
        let key = memo::key(last, unplayed);
        if let Some(value) = self.memo.get(key) {
            return Ok(value);
        }
        let zeros = if self.folds.matching {
            self.counts.decompositions += 1;
            lost_after_move(self.board.n(), unplayed) & moves
        } else {
            0
        };
        self.counts.free_zeros += zeros.count_ones() as u64;
        let mut seen: u128 = if zeros != 0 { 1 } else { 0 };
        for m in numbers(moves & !zeros) {
            let after = self.fold(m, unplayed & !bit(m));
            let v = self.folded_value(m, after)?;
            if v < 128 {
                seen |= 1u128 << v;
            }
        }
        let value = (!seen).trailing_zeros();
        self.memo.insert(key, value)?;
        self.counts.positions += 1;
        Ok(value)
    }
}

/// The numbers x of `unplayed` such that the player who must move from x, with the rest of
/// `unplayed` unnamed, loses: x ∈ D of the graph the unplayed numbers induce (docs/MATH.md §3:
/// the player on x loses exactly when some maximum matching misses x).
pub fn lost_after_move(n: u32, unplayed: NumberSet) -> NumberSet {
    let (graph, names) = Graph::divisibility_induced(n as u64, |k| unplayed & bit(k as u32) != 0);
    let active = graph.vertex_count();
    let (_, classes) = Engine::new(&graph).maximum_matching_and_classes(active);
    classes
        .iter()
        .zip(&names)
        .filter(|(class, _)| **class == Class::D)
        .fold(0, |set, (_, &k)| set | bit(k as u32))
}
