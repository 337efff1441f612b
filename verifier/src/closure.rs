//! The closed pairing (spec.md §4.5, kind 2): instead of walking every game, check the one
//! invariant that makes "answer with the partner" win. The loser can only ever play a number of
//! the closure L (the loser's first moves, then every neighbour of the partner of a number of
//! L); if every number of L has a partner that is its divisor or multiple, the partner is always
//! free and legal, so the winner is never stuck. §5 proves it from the raw rules alone.

use crate::rules::{check_move, Board};
use crate::{Limits, Rejection, Verdict, Winner};
use std::collections::{HashMap, HashSet};

/// `x`'s partner and the file offset of its pair, if it is in a pair.
pub(crate) type Partner<'a> = &'a dyn Fn(u64) -> Option<(u64, u64)>;

/// Checks a closed pairing; returns how many numbers its closure L holds.
pub(crate) fn check_closure<B: Board>(
    mut board: B, claim: &Verdict, (opening, opening_offset): (u64, u64), limits: &Limits,
    partner: Partner,
) -> Result<u64, Rejection> {
    let mut first = B::Position::default();
    if claim.winner == Winner::First {
        // The opening must be legal and in no pair: it stays played all game long.
        let rules = (claim.n, claim.opening_rule);
        check_move(&board, rules, &first, &[], opening).map_err(|why| Rejection::IllegalMove {
            number: opening,
            offset: Some(opening_offset),
            line: vec![],
            why,
        })?;
        if let Some((_, offset)) = partner(opening) {
            let what = format!("the opening {opening} is in a pair: it has no partner to give");
            return Err(Rejection::Body { offset, what });
        }
        first = board.play(&first, opening);
    }
    // `reached[x]`: the number of L whose partner has x as a neighbour (None: a first move).
    let mut reached: HashMap<u64, Option<u64>> = HashMap::new();
    let (mut todo, mut expanded) = (Vec::new(), HashSet::new());
    let (mut position, mut from) = (first.clone(), None);
    loop {
        let limit = |what, reached: &_| Rejection::Limit {
            what,
            line: line_to(opening, reached, from, partner),
        };
        for x in board.legal_moves(&position).map_err(|what| limit(what, &reached))? {
            if reached.contains_key(&x) {
                continue;
            }
            if reached.len() as u64 >= limits.max_positions {
                let what = format!("position limit: more than {} numbers", reached.len());
                return Err(limit(what, &reached));
            }
            reached.insert(x, from);
            todo.push(x);
        }
        // The next number of L whose partner's neighbours are not in L yet.
        loop {
            let Some(x) = todo.pop() else { return Ok(reached.len() as u64) };
            let line = line_to(opening, &reached, Some(x), partner);
            let Some((y, offset)) = partner(x) else { return Err(Rejection::NoPartner { line }) };
            if x % y != 0 && y % x != 0 {
                let why = format!("{y} neither divides nor is a multiple of {x}");
                return Err(Rejection::IllegalMove { number: y, offset: Some(offset), line, why });
            }
            if expanded.insert(y) {
                (position, from) = (board.play(&first, y), Some(x));
                break;
            }
        }
    }
}

/// A line by which the loser may reach `x`: the opening, then each number of L on the way and
/// its partner (it ignores which numbers are played, so it may repeat one).
fn line_to(
    opening: u64, reached: &HashMap<u64, Option<u64>>, x: Option<u64>, partner: Partner,
) -> Vec<u64> {
    let mut line = Vec::new();
    let mut at = x;
    while let Some(number) = at {
        line.push(number);
        at = reached.get(&number).copied().flatten();
        line.extend(at.and_then(partner).map(|(y, _)| y));
    }
    line.extend((opening != 0).then_some(opening));
    line.reverse();
    line
}
