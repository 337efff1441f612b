//! Sprague–Grundy values of Juniper Green (docs/GRUNDY.md): the value of any position (mex of
//! the values one move away; 0 exactly for the positions lost by the player to move), of the
//! start and of each opening, under either opening rule, and of sums of boards played side by
//! side (the nim-sum of the boards' values). Plain functions of (n, line) in and numbers out,
//! so that the command line, the terminal game and a web page can all call them.
//!
//! `fast.rs` is the method in use, `plain.rs` the two it is checked against, `memo.rs` its
//! compact table, `sums.rs` the sums of boards, `files.rs` the published table.

pub mod fast;
pub mod files;
pub mod memo;
pub mod plain;
pub mod sums;
#[cfg(test)]
mod tests;

use crate::game::{bit, check_line, numbers, Board, IllegalLine, NumberSet, OpeningRule};
use fast::{Counts, FastValues, Folds};

/// Largest board the values are computed for (a position's key must fit its table slot); the
/// memory bound refuses far smaller boards first (docs/GRUNDY.md gives the sizes measured).
pub const MAX_N: u64 = memo::MAX_KEY_N as u64;

/// Default memory bound of the table, in MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 4096;

/// Why a value was not given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrundyError {
    #[error("n = {n}: values are computed for n ≤ {max}")]
    TooLarge { n: u64, max: u64 },
    #[error("illegal line of play: {0}")]
    Illegal(#[from] IllegalLine),
    #[error(
        "n = {n}: the table of values is full at its memory bound ({mib} MiB, {positions} \
         positions held); raise it with --memory-mib"
    )]
    MemoryBound { n: u64, mib: u64, positions: u64 },
}

/// The settings of a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The table of values holds at most this many MiB (it doubles as it fills).
    pub memory_mib: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            memory_mib: DEFAULT_MEMORY_MIB,
        }
    }
}

/// Mex (minimum excludant): the least value ≥ 0 not among `values`.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

/// A position's value and the value after each legal move (ascending by number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    pub n: u64,
    pub rule: OpeningRule,
    pub line: Vec<u64>,
    pub value: u32,
    /// (number, value of the position after it), one per legal move.
    pub moves: Vec<(u64, u32)>,
    /// What the fast method counted.
    pub counts: Counts,
    /// Positions held in the table at the end.
    pub held: u64,
}

/// One board's engine: its rules and the fast method's table, kept between questions.
pub struct BoardValues {
    board: Board,
    limits: Limits,
}

impl BoardValues {
    pub fn new(n: u64, rule: OpeningRule, limits: Limits) -> Result<BoardValues, GrundyError> {
        if n > MAX_N {
            return Err(GrundyError::TooLarge { n, max: MAX_N });
        }
        Ok(BoardValues {
            board: Board::with_opening(n as u32, rule),
            limits,
        })
    }

    /// The position after `line` (the start when empty): its value and each move's.
    /// `progress(done, total)` is called after each move's value.
    pub fn after(
        &self,
        line: &[u64],
        progress: impl FnMut(usize, usize),
    ) -> Result<Values, GrundyError> {
        self.search().after(line, progress)
    }

    /// A search of this board whose table of values is kept from one position to the next:
    /// a value is that of a position (last number, unnamed numbers), whatever the line that
    /// led there, so the positions of one game share most of their work (a review, a reply).
    pub fn search(&self) -> BoardSearch<'_> {
        BoardSearch {
            board: self,
            fast: FastValues::new(&self.board, Folds::ALL, self.limits.memory_mib << 20),
        }
    }
}

/// The values of positions of one board, its table kept between them (under the board's
/// memory bound, for all of them together).
pub struct BoardSearch<'b> {
    board: &'b BoardValues,
    fast: FastValues<'b>,
}

impl BoardSearch<'_> {
    /// As [`BoardValues::after`]; `counts` and `held` are those of the search so far.
    pub fn after(
        &mut self,
        line: &[u64],
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Values, GrundyError> {
        let this = self.board;
        let n = this.board.n() as u64;
        let rule = this.board.opening_rule();
        check_line(n, rule, line)?;
        let named: NumberSet = line.iter().fold(0, |s, &k| s | bit(k as u32));
        let unplayed = this.board.all() & !named;
        let legal = match line.last() {
            None => this.board.openings(),
            Some(&c) => this.board.neighbours(c as u32) & unplayed,
        };
        let fast = &mut self.fast;
        let total = legal.count_ones() as usize;
        let mut moves = Vec::with_capacity(total);
        for (i, m) in numbers(legal).enumerate() {
            let v = fast
                .value(m, unplayed & !bit(m))
                .map_err(|full| GrundyError::MemoryBound {
                    n,
                    mib: this.limits.memory_mib,
                    positions: full.positions,
                })?;
            moves.push((m as u64, v));
            progress(i + 1, total);
        }
        let value = mex(moves.iter().map(|&(_, v)| v));
        Ok(Values {
            n,
            rule,
            line: line.to_vec(),
            value,
            moves,
            counts: fast.counts,
            held: fast.held().0 as u64,
        })
    }
}

/// The value after `line` on 1..=n (the start when empty) and each legal move's value, under
/// the default limits: the plain entry point for other front-ends.
pub fn values_after(n: u64, rule: OpeningRule, line: &[u64]) -> Result<Values, GrundyError> {
    BoardValues::new(n, rule, Limits::default())?.after(line, |_, _| {})
}

/// The value of the position after `line` on 1..=n alone.
pub fn value_after(n: u64, rule: OpeningRule, line: &[u64]) -> Result<u32, GrundyError> {
    values_after(n, rule, line).map(|v| v.value)
}
