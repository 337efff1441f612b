//! Sums of boards: several games of Juniper Green side by side, a move names a number on one
//! board (by that board's rules), and the player with no move on any board loses. The
//! Sprague–Grundy theorem: the sum's value is the nim-sum (XOR) of the boards' values, the
//! player to move loses exactly when it is 0, and a winning move turns one board's value v
//! into v XOR x (x the nim-sum), which is smaller than v for some board, and reachable there
//! by the mex rule.

use super::{BoardValues, GrundyError, Limits, Values};
use crate::game::OpeningRule;
use rayon::prelude::*;

/// One board of a sum: its size and the line played on it so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumBoard {
    pub n: u64,
    pub line: Vec<u64>,
}

/// A winning move of a sum: the board (counted from 0) and the number named there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumMove {
    pub board: usize,
    pub number: u64,
}

/// The values of a sum's boards, their nim-sum and a winning move (None when the nim-sum is 0:
/// the player to move loses against perfect play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumValues {
    pub boards: Vec<Values>,
    pub nim_sum: u32,
    pub winning_move: Option<SumMove>,
}

impl SumValues {
    /// Whether the player to move wins.
    pub fn to_move_wins(&self) -> bool {
        self.nim_sum != 0
    }
}

/// The values of the boards of a sum (computed in parallel, each under its share of the
/// memory bound; the answer does not depend on the threads) and the winning move: on the
/// first board (in the order given) whose value the nim-sum lowers, the smallest number that
/// leaves that board with value v XOR nim-sum.
pub fn sum_values(
    boards: &[SumBoard],
    rule: OpeningRule,
    limits: Limits,
) -> Result<SumValues, GrundyError> {
    let share = Limits {
        memory_mib: (limits.memory_mib / boards.len().max(1) as u64).max(1),
    };
    let values = boards
        .par_iter()
        .map(|b| BoardValues::new(b.n, rule, share)?.after(&b.line, |_, _| {}))
        .collect::<Result<Vec<Values>, GrundyError>>()?;
    Ok(from_values(values))
}

/// The nim-sum and the winning move of boards whose values are known.
pub fn from_values(boards: Vec<Values>) -> SumValues {
    let nim_sum = boards.iter().fold(0, |x, b| x ^ b.value);
    let winning_move = (nim_sum != 0)
        .then(|| {
            boards.iter().enumerate().find_map(|(i, b)| {
                let target = b.value ^ nim_sum;
                (target < b.value)
                    .then(|| b.moves.iter().find(|&&(_, v)| v == target))
                    .flatten()
                    .map(|&(number, _)| SumMove { board: i, number })
            })
        })
        .flatten();
    SumValues {
        boards,
        nim_sum,
        winning_move,
    }
}
