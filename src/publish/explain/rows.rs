//! The closure of a closed pairing as the rows a person reads (docs/MATH.md §7): each number
//! the loser can name, the winner's answer, and the first way (breadth first) the loser reaches
//! it, recomputed by the raw rules. Not to be confused with `pairing::closure`, which
//! counts the closure for the certifier.

use crate::game::OpeningRule;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

/// The divisors and multiples of `y` in 1..=n, other than `y`, ascending (the raw rule).
/// Callers keep n / y small (see `MAX_LISTED`).
pub(super) fn neighbours(n: u64, y: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut d = 1;
    while d <= y / d {
        if y.is_multiple_of(d) {
            out.push(d);
            out.push(y / d);
        }
        d += 1;
    }
    let mut m = y.saturating_mul(2);
    while m <= n {
        out.push(m);
        m = match m.checked_add(y) {
            Some(next) => next,
            None => break,
        };
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&x| x != y);
    out
}

/// Most multiples listed for one number (rendering is for tables a person reads).
const MAX_LISTED: u64 = 1 << 22;

/// How the loser can reach a number of the closure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A first move of the game (a second-player claim: any allowed opening).
    Opening,
    /// A reply to the winner's opening (first-player claims): a divisor or multiple of it.
    AfterOpening(u64),
    /// A divisor or multiple of `answer`, the winner's answer to `to`.
    After { answer: u64, to: u64 },
}

/// One row of the closure table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub loser: u64,
    pub answer: u64,
    pub reach: Reach,
}

/// The closure of a pairing (docs/MATH.md §7) on the board 1..=n, ascending, each number with
/// its answer and the first way (breadth first) the loser reaches it. Err names a number of the
/// closure with no partner, or a partner that is not a divisor or multiple.
pub fn closure_rows(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
) -> Result<Vec<Row>, String> {
    closure_rows_from(n, rule, opening, None, pairs)
}

/// `closure_rows`, with the loser's first moves restricted to `only` when given (a lose-pairing entry
/// of an openings certificate, spec.md §3.4: the loser is the first player and opens with one of
/// these). `opening` and `only` are not both given.
pub fn closure_rows_from(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    only: Option<&[u64]>,
    pairs: &[(u64, u64)],
) -> Result<Vec<Row>, String> {
    let partner: HashMap<u64, u64> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut reach: BTreeMap<u64, Reach> = BTreeMap::new();
    let mut queue = VecDeque::new();
    let first: Vec<(u64, Reach)> = match opening {
        Some(e) if n / e > MAX_LISTED => {
            return Err(format!("the opening {e} has too many multiples"))
        }
        Some(e) => neighbours(n, e)
            .into_iter()
            .map(|x| (x, Reach::AfterOpening(e)))
            .collect(),
        None if only.is_some() => only
            .unwrap_or_default()
            .iter()
            .map(|&x| (x, Reach::Opening))
            .collect(),
        None if n > 1 << 24 => return Err(format!("n = {n}: too many openings to list")),
        None => (1..=n)
            .filter(|&x| rule.allows(x))
            .map(|x| (x, Reach::Opening))
            .collect(),
    };
    for (x, how) in first {
        reach.insert(x, how);
        queue.push_back(x);
    }
    let mut expanded = HashSet::new();
    while let Some(x) = queue.pop_front() {
        let y = *partner
            .get(&x)
            .ok_or_else(|| format!("{x} is reachable but has no partner"))?;
        if n / y > MAX_LISTED {
            return Err(format!(
                "the answer {y} has too many multiples on 1..{n} to list"
            ));
        }
        if x % y != 0 && y % x != 0 {
            return Err(format!("{y} neither divides nor is a multiple of {x}"));
        }
        if !expanded.insert(y) {
            continue;
        }
        for z in neighbours(n, y) {
            if Some(z) != opening && !reach.contains_key(&z) {
                reach.insert(z, Reach::After { answer: y, to: x });
                queue.push_back(z);
            }
        }
    }
    Ok(reach
        .into_iter()
        .map(|(loser, reach)| Row {
            loser,
            answer: partner[&loser],
            reach,
        })
        .collect())
}
