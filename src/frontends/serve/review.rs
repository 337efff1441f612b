//! `POST /api/review`: every move of a line of play (any opponent, or two people) marked as
//! keeping or throwing away the win, and the first mistake. The winning moves of each position
//! are `PositionOracle`'s, the one oracle of the hints and of `jg solve --after`.

use super::error::ApiError;
use super::game::{internal, RULE};
use crate::engines::position::PositionOracle;
use crate::game::Player as Side;
use crate::players::Stop;
use serde::Serialize;

/// One move of the line, seen before it was played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewedMove {
    pub number: u64,
    /// Who played it.
    pub player: Side,
    /// The winning moves (ascending) of that player before the move; empty when the position
    /// was lost.
    pub winning: Vec<u64>,
    /// `winning` is not empty and `number` is not in it: the move threw the win away.
    pub mistake: bool,
}

/// The answer of `POST /api/review` (docs/API.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Review {
    pub n: u64,
    pub moves: Vec<ReviewedMove>,
    /// The index in `moves` of the first mistake, or None.
    pub first_mistake: Option<usize>,
}

/// The review of `line` on 1..n (a legal line, complete or not), one position analysed per
/// move; `stop` is looked at between positions (503 past it).
pub fn review(n: u64, line: &[u64], stop: &Stop) -> Result<Review, ApiError> {
    let oracle = PositionOracle::new(RULE);
    let mut moves = Vec::with_capacity(line.len());
    for (i, &number) in line.iter().enumerate() {
        stop.check()?;
        let winning = oracle.winning_moves(n, &line[..i]).map_err(internal)?;
        let mistake = !winning.is_empty() && winning.binary_search(&number).is_err();
        moves.push(ReviewedMove {
            number,
            player: Side::to_move_after(i),
            winning,
            mistake,
        });
    }
    let first_mistake = moves.iter().position(|m| m.mistake);
    Ok(Review {
        n,
        moves,
        first_mistake,
    })
}
