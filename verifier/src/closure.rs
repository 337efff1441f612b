//! The closed pairing (spec.md §4.5, kind 2): instead of walking every game, check the one
//! invariant that makes "answer with the partner" win. The loser can only ever play a number of
//! the closure L (the loser's first moves, then every neighbour of the partner of a number of
//! L); if every number of L has a partner that is its divisor or multiple, the partner is always
//! free and legal, so the winner is never stuck. §5 proves it from the raw rules alone.

use crate::claim::{Kind, OpeningRule, Verdict, Winner};
use crate::format::{table_entry_bytes, Pairing, Partners};
use crate::rejection::Rejection;
use crate::rules::{check_opening, Context};
use std::collections::{HashMap, HashSet};

/// Each number of the closure L and the number of L whose partner's moves reached it.
type Reached = HashMap<u64, Option<u64>>;

/// Checks a closed pairing; returns how many numbers its closure L holds. Every table grown
/// here is counted on top of what the context holds (the pairs maps). `only`, for a
/// lose-pairing entry (spec.md §3.4), are the loser's only first moves.
pub(crate) fn check(
    context: &mut Context, claim: &Verdict, pairing: &Pairing, mut only: Option<&[u64]>,
) -> Result<u64, Rejection> {
    let Pairing { opening, offset: opening_offset, ref partners } = *pairing;
    // An interval claim holds for every n up to n_last only if no number the winner plays has a
    // multiple other than itself up to n_last: then its moves are its divisors (spec.md §4.6).
    let (n, n_last, rule) = (claim.n, claim.n_last, claim.opening_rule);
    let interval = claim.kind == Kind::IntervalClosedPairing;
    let too_wide = |y: u64, offset| match y.saturating_mul(2) {
        double if interval && double <= n_last => Err(Rejection::Body {
            offset,
            what: format!(
                "the interval is too wide: the winner plays {y}, whose multiple {double} is at \
                 most n_last = {n_last}, so its moves depend on n"
            ),
        }),
        _ => Ok(()),
    };
    // Each number of L: its entry in `reached` and its slot in `todo`.
    let reached_bytes = table_entry_bytes::<(u64, Option<u64>)>() + 16;
    let (left, max_memory) = (context.positions_left(), context.limits.max_memory);
    let mut memory = context.held;
    // The opening, or the loser's only first moves, must be allowed (at n: for an interval, the
    // smallest board); the opening must be in no pair.
    let first = (claim.winner == Winner::First).then_some(opening);
    for &number in first.as_slice().iter().chain(only.unwrap_or_default()) {
        check_opening(n, rule, number, opening_offset)?;
    }
    if let Some(&(_, offset)) = first.and_then(|opening| partners.get(&opening)) {
        let what = format!("the opening {opening} is in a pair: it has no partner to give");
        return Err(Rejection::Body { offset, what });
    }
    if first.is_some() {
        too_wide(opening, opening_offset)?;
    } else if only.is_none() {
        // The loser's first moves, every allowed opening, are refused before they are listed
        // when they alone break a bound.
        let openings = if rule == OpeningRule::Even { n_last / 2 } else { n_last };
        let bytes = openings.saturating_mul(reached_bytes).saturating_add(memory);
        if let Some(what) = broken_bound(openings, left, bytes, max_memory) {
            let what = format!("{what}, for the {openings} openings alone");
            return Err(Rejection::Limit { what, line: vec![] });
        }
    }
    // `reached[x]`: the number of L whose partner has x as a neighbour (None: a first move).
    // The line of play to a number is rebuilt from it only when a rejection names it.
    let mut reached: Reached = HashMap::new();
    let (mut todo, mut expanded) = (Vec::new(), HashSet::new());
    // The played numbers at the position expanded next: `first`, then the partner `y`.
    let (mut played, mut from) = (Vec::from_iter(first), None);
    loop {
        let limit = |what, reached: &_| Rejection::Limit {
            what,
            line: line_to(opening, reached, from, partners),
        };
        let moves: Box<dyn Iterator<Item = u64>> = match only.take() {
            Some(openings) => Box::new(openings.iter().copied()),
            None => Box::new(context.board.moves(&played).map_err(|what| limit(what, &reached))?),
        };
        for x in moves {
            if reached.contains_key(&x) {
                continue;
            }
            memory = memory.saturating_add(reached_bytes);
            if let Some(what) = broken_bound(reached.len() as u64 + 1, left, memory, max_memory) {
                return Err(limit(what, &reached));
            }
            reached.insert(x, from);
            todo.push(x);
        }
        // The next number of L whose partner's neighbours are not in L yet.
        loop {
            let Some(x) = todo.pop() else { return Ok(reached.len() as u64) };
            let line = || line_to(opening, &reached, Some(x), partners);
            let Some(&(y, offset)) = partners.get(&x) else {
                return Err(Rejection::NoPartner { line: line() });
            };
            if x % y != 0 && y % x != 0 {
                let why = format!("{y} neither divides nor is a multiple of {x}");
                return Err(Rejection::IllegalMove { number: y, offset, line: line(), why });
            }
            if expanded.insert(y) {
                memory = memory.saturating_add(table_entry_bytes::<u64>());
                too_wide(y, offset)?;
                (played, from) = (first.into_iter().chain([y]).collect(), Some(x));
                break;
            }
        }
    }
}

/// The bound of spec.md §4.4 that holding `count` numbers (`left` allowed) in `bytes` breaks.
fn broken_bound(count: u64, left: u64, bytes: u64, max_memory: u64) -> Option<String> {
    if count > left {
        Some(format!("position limit: more than {left} numbers"))
    } else if bytes > max_memory {
        Some(format!("memory limit: the closure needs more than {max_memory} bytes"))
    } else {
        None
    }
}

/// A line by which the loser may reach `x`: the opening, then each number of L on the way and
/// its partner (it ignores which numbers are played, so it may repeat one). Each step goes to
/// a number reached earlier, so the walk ends, and the line holds at most 2·|L| + 1 numbers.
fn line_to(opening: u64, reached: &Reached, x: Option<u64>, partners: &Partners) -> Vec<u64> {
    let (mut line, mut at) = (Vec::new(), x);
    while let Some(number) = at {
        line.push(number);
        at = reached.get(&number).copied().flatten();
        line.extend(at.and_then(|x| partners.get(&x)).map(|&(y, _)| y));
    }
    line.extend((opening != 0).then_some(opening));
    line.reverse();
    line
}
