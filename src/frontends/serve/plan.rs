//! `POST /api/plan`: why a position is won, as a plan a person can follow: a winning move, and
//! the answer to every number the opponent may name from then on.
//!
//! The plan is a pairing (docs/MATH.md §3). After the line, let H be the unplayed numbers. The
//! player to move wins by moving to w exactly when some maximum matching M of H misses w
//! (w ∈ D(H)). Play w, then answer each number a the opponent names with its partner M(a). The
//! opponent's number a is always matched in M: the game so far, from w, is a path w, a₁, M(a₁),
//! …, aₖ, M(aₖ), a of distinct numbers, and an unmatched a would make it an augmenting path of M
//! from the unmatched w, which a maximum matching has none of. Its partner is free: the numbers
//! played since w are whole pairs and w, and a was not played. So the player always has a move,
//! and the opponent is the one left without one.
//!
//! The pairs listed are those of the numbers the opponent may ever name: the neighbours of w
//! and, from each answer, its neighbours (other than w), as long as new numbers come; a number
//! reached this way that M leaves unmatched can never be named in a game (the argument above),
//! so it has no pair.
//!
//! A request may name the winning move to explain (`"move": w`, the teacher's "why does this
//! one win?"): the plan is then built on a maximum matching that misses that w, which exists
//! exactly when w wins. A move that is not winning is refused in words (`not_winning`); why it
//! loses is the plan of the other side after it.

use super::error::ApiError;
use super::game::{internal, RULE};
use super::line::{self, Moves, Typed};
use crate::engines::matching::{analyse_kept, Analysed, Engine, MAX_N};
use crate::engines::position::PositionError;
use crate::players::Stop;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// `{"n": …, "line": […], "move": w}`, the body of `/api/plan` (`move` optional; no other
/// field).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanBody {
    pub n: Option<Typed>,
    pub line: Option<Moves>,
    #[serde(rename = "move")]
    pub chosen: Option<Typed>,
}

impl PlanBody {
    /// n, the legal line, and the move asked about (a legal move after the line), else the
    /// refusals of the other routes: the move is named and the rule it breaks.
    pub fn request(&self) -> Result<(u64, Vec<u64>, Option<u64>), ApiError> {
        let n = line::board_n(self.n.as_ref())?;
        let moves = line::line_of_play(self.line.as_ref(), n)?;
        let Some(chosen) = &self.chosen else {
            return Ok((n, moves, None));
        };
        let index = moves.len();
        let w = chosen.whole(1, n).ok_or_else(|| {
            let typed = chosen.shown();
            ApiError::unprocessable(format!("{typed} is not a number from 1 to {n}")).with_code(
                "move_range",
                json!({ "move": typed, "n": n, "index": index }),
            )
        })?;
        let mut after = moves.clone();
        after.push(w);
        line::legal(n, &after)?;
        Ok((n, moves, Some(w)))
    }
}

/// The answer of `POST /api/plan` (docs/API.md): `move` and `pairs` are null when the player to
/// move loses (or has no move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Plan {
    #[serde(rename = "move")]
    pub first: Option<u64>,
    /// (the opponent's number, the answer), ascending by the opponent's number.
    pub pairs: Option<Vec<[u64; 2]>>,
}

/// The plan of the player to move after `line` on 1..n (a legal line): the smallest winning move
/// and the pairs of a maximum matching of the unplayed numbers that misses it.
pub fn plan(n: u64, line: &[u64], stop: &Stop) -> Result<Plan, ApiError> {
    plan_for(n, line, None, stop)
}

/// The plan of the player to move after `line` for the winning move `chosen` (the smallest
/// when None): a legal move that does not win is refused (422, `not_winning`).
pub fn plan_for(n: u64, line: &[u64], chosen: Option<u64>, stop: &Stop) -> Result<Plan, ApiError> {
    stop.check()?;
    if n > MAX_N {
        return Err(internal(PositionError::TooLarge { n, max: MAX_N }));
    }
    // The analysis's own graph and maximum matching: the plan is built on them, not again.
    let Analysed {
        analysis,
        graph,
        numbers,
        mut matching,
    } = analyse_kept(n, RULE, line).map_err(|illegal| internal(illegal.into()))?;
    let w = match chosen {
        Some(w) if analysis.winning_moves.contains(&w) => w,
        Some(w) => {
            return Err(ApiError::unprocessable(format!(
                "{w} does not win here: after it the other player can always win"
            ))
            .with_code("not_winning", json!({ "move": w, "index": line.len() })))
        }
        None => match analysis.winning_moves.first() {
            Some(&w) => w,
            None => {
                return Ok(Plan {
                    first: None,
                    pairs: None,
                })
            }
        },
    };
    stop.check()?;
    let active = graph.vertex_count();
    let id = |k: u64| numbers.partition_point(|&m| m < k) as u32;
    if !Engine::new(&graph).avoid(active, &mut matching, id(w)) {
        return Err(ApiError::new(
            http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("no maximum matching misses the winning move {w}: the engines disagree"),
        ));
    }
    // The numbers the opponent may name, from w's neighbours on through each answer's.
    let w_id = id(w);
    let mut seen = vec![false; active as usize];
    seen[w_id as usize] = true;
    let mut queue: Vec<u32> = Vec::new();
    let reach = |v: u32, seen: &mut Vec<bool>, queue: &mut Vec<u32>| {
        for &a in graph.neighbours(v) {
            if !seen[a as usize] {
                seen[a as usize] = true;
                queue.push(a);
            }
        }
    };
    reach(w_id, &mut seen, &mut queue);
    let mut pairs = Vec::new();
    while let Some(a) = queue.pop() {
        let Some(b) = matching.partner(a) else {
            continue;
        };
        pairs.push([numbers[a as usize], numbers[b as usize]]);
        reach(b, &mut seen, &mut queue);
    }
    pairs.sort_unstable();
    Ok(Plan {
        first: Some(w),
        pairs: Some(pairs),
    })
}
