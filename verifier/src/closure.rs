//! The closed pairing (spec.md §4.5, kind 2): instead of walking every game, check the one
//! invariant that makes "answer with the partner" win. The loser can only ever play a number of
//! the closure L (the loser's first moves, then every neighbour of the partner of a number of
//! L); if every number of L has a partner that is its divisor or multiple, the partner is always
//! free and legal, so the winner is never stuck. §5 proves it from the raw rules alone.

use crate::claim::{Bound, Kind, OpeningRule, Verdict, Winner};
use crate::format::{Pairing, Partners};
use crate::rejection::Rejection;
use crate::rules::{check_opening, Context};
use std::collections::HashMap;

/// Each number of the closure L and the number of L whose partner's moves reached it.
type Reached = HashMap<u64, Option<u64>>;

/// Checks a closed pairing; returns how many numbers its closure L holds. `only`, for a
/// lose-pairing entry (spec.md §3.4), are the loser's only first moves.
pub(crate) fn check(
    context: &mut Context, claim: &Verdict, pairing: &Pairing, mut only: Option<&[u64]>,
) -> Result<u64, Rejection> {
    let Pairing { opening, offset: opening_offset, ref partners } = *pairing;
    // An interval claim holds for every n up to n_last only if no number the winner plays has a
    // multiple other than itself up to n_last: then its moves are its divisors (spec.md §4.6).
    // A double past 2^64 − 1 is past n_last.
    let (n, n_last, rule) = (claim.n, claim.n_last, claim.opening_rule);
    let interval = claim.kind == Kind::IntervalClosedPairing;
    let too_wide = |y: u64, offset| match y.checked_mul(2) {
        Some(double) if interval && double <= n_last => Err(Rejection::Body {
            offset,
            what: format!(
                "the interval is too wide: the winner plays {y}, whose multiple {double} is at \
                 most n_last = {n_last}, so its moves depend on n"
            ),
        }),
        _ => Ok(()),
    };
    let left = context.positions_left();
    let limit = |bound, what: String, line| Rejection::Limit { bound, what, line };
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
        // when they alone break the position bound.
        let openings = if rule == OpeningRule::Even { n_last / 2 } else { n_last };
        if openings > left {
            let what =
                format!("position limit: more than {left} numbers, for the {openings} openings");
            return Err(limit(Bound::Positions, what, vec![]));
        }
    }
    // Every number of L has a partner (checked as it is taken in), so L holds at most the
    // paired numbers and one more: the tables are charged and made at that size before the
    // first listing (spec.md §4.4), and never grow.
    let most = partners.len() + 1;
    context.fits((most as u64).saturating_mul(CLOSURE_BYTES), |bytes| {
        format!(
            "memory limit: a closure of at most {most} numbers needs {bytes} bytes with the maps"
        )
    })?;
    // `reached[x]`: the number of L whose partner has x as a neighbour (None: a first move).
    // The line of play to a number is rebuilt from it only when a rejection names it.
    let mut reached: Reached = HashMap::with_capacity(most);
    let mut todo = Vec::with_capacity(most);
    // The played numbers at the position expanded next: `first`, then the partner `y`.
    let (mut played, mut from) = (Vec::from_iter(first), None);
    loop {
        let line = |reached: &_, x| line_to(opening, reached, x, partners);
        let refused = |what| limit(Bound::Work, what, line(&reached, from));
        let moves: Box<dyn Iterator<Item = u64>> = match only.take() {
            Some(openings) => Box::new(openings.iter().copied()),
            None => Box::new(context.board.moves(&played).map_err(refused)?),
        };
        for x in moves {
            if reached.contains_key(&x) {
                continue;
            } else if reached.len() as u64 >= left {
                let what = format!("position limit: more than {left} numbers");
                return Err(limit(Bound::Positions, what, line(&reached, from)));
            }
            reached.insert(x, from);
            if !partners.contains_key(&x) {
                return Err(Rejection::NoPartner { line: line(&reached, Some(x)) });
            }
            todo.push(x);
        }
        // The next number of L whose partner's neighbours are not in L yet. Each number of L
        // is taken in once and no number is in two pairs (`format::pairs`), so each partner is
        // expanded once: no set of partners seen is needed.
        let Some(x) = todo.pop() else { return Ok(reached.len() as u64) };
        let (y, offset) = partners[&x];
        if x % y != 0 && y % x != 0 {
            let why = format!("{y} neither divides nor is a multiple of {x}");
            let line = line(&reached, Some(x));
            return Err(Rejection::IllegalMove { number: y, offset, line, why });
        }
        too_wide(y, offset)?;
        (played, from) = (first.into_iter().chain([y]).collect(), Some(x));
    }
}

/// Bytes charged for each number a closure may hold (spec.md §4.4): its entry in `reached`
/// (24 bytes and a control byte, in a table of at most twice 8/7 of its size), its slot in the
/// work list and its two numbers in a rejection's line of play. The charge is the one spec.md
/// states (it also counted a set of the partners expanded, which decided nothing and is gone):
/// the bound refuses the same files as before.
const CLOSURE_BYTES: u64 = 128;

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
