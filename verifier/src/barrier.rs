//! The lose-barrier entry of an openings certificate (spec.md §3.4 tag 4, §4.8, §5): a matching
//! M of the whole board and a set S of numbers. Every matching has at most (n + |S| − odd)/2
//! pairs, where odd counts the components of odd size left when S is removed; when M reaches
//! that bound it is maximum, and an opening in S or in a component of even size is covered by
//! every maximum matching, so the second player wins against it by answering with its partner.
//! A path from a number M leaves unpaired to an opening, alternating between a move and a pair
//! of M, turns M into a maximum matching that leaves the opening unpaired: the first player
//! wins after that opening by answering with partners in it.

use crate::claim::Bound;
use crate::format::{Barrier, Partners};
use crate::rejection::Rejection;
use crate::rules::Context;

/// Checks that the pairs are moves, that `barrier` proves them a maximum matching, that every
/// losing opening is in the barrier or in a component of even size, and that every path is an
/// alternating path to its winning opening; returns the numbers visited. `only`: a losing
/// entry's openings and their offset.
pub(crate) fn check(
    context: &mut Context, n: u64, only: Option<(&[u64], u64)>, entry: &Barrier,
) -> Result<u64, Rejection> {
    let (openings, openings_offset) = only.unwrap_or_default();
    let Barrier { ref partners, ref barrier, offset: barrier_offset, ref paths } = *entry;
    let body = |offset, what| Rejection::Body { offset, what };
    // The first pair in the file that is no move (the map's order is not the file's).
    let no_move = partners.iter().filter(|&(&a, &(b, _))| a < b && b % a != 0);
    if let Some((&a, &(b, offset))) = no_move.min_by_key(|&(_, &(_, offset))| offset) {
        return Err(body(offset, format!("pair ({a}, {b}): {b} is not a multiple of {a}")));
    }
    let mut walked = 0u64;
    for (path, offset) in paths {
        alternating(path, n, partners).map_err(|what| body(*offset, what))?;
        walked += path.len() as u64;
    }
    // The positions: the numbers outside the barrier and the paths' numbers. One flag per
    // number and a stack of at most n numbers: all refused before they exist.
    let positions = (n - barrier.len() as u64).saturating_add(walked);
    let limit = |bound, what| Rejection::Limit { bound, what, line: vec![] };
    let left = context.positions_left();
    if positions > left {
        let what =
            format!("position limit: the barrier check counts {positions}, more than {left}");
        return Err(limit(Bound::Positions, what));
    }
    context.fits(n.saturating_mul(9), |bytes| {
        format!("memory limit: the barrier check needs {bytes} bytes")
    })?;
    // Both made at their full size at once, so that neither grows past what was charged.
    let (mut seen, mut stack): (Vec<bool>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut room = |len| seen.try_reserve_exact(len).and(stack.try_reserve_exact(len)).is_ok();
    let Some(len) = usize::try_from(n).ok().and_then(|n| n.checked_add(1)).filter(|&len| room(len))
    else {
        let what = format!("memory limit: no room for {n} flags and a stack of {n} numbers");
        return Err(limit(Bound::Memory, what));
    };
    seen.resize(len, false);
    for &s in barrier {
        seen[s as usize] = true;
    }
    let (mut odd, mut bad) = (0u64, None);
    for start in 1..=n {
        if seen[start as usize] {
            continue;
        }
        // One component of the board without the barrier: the divisors and multiples of each
        // number in it, listed by the board as the moves after it (the rules' own list).
        let (mut size, mut opening) = (0u64, None);
        seen[start as usize] = true;
        stack.push(start);
        while let Some(x) = stack.pop() {
            size += 1;
            if opening.is_none() && openings.binary_search(&x).is_ok() {
                opening = Some(x);
            }
            for y in context.board.moves(&[x]).map_err(|what| limit(Bound::Work, what))? {
                if !std::mem::replace(&mut seen[y as usize], true) {
                    stack.push(y);
                }
            }
        }
        if size % 2 == 1 {
            odd += 1;
            bad = bad.or(opening);
        }
    }
    let pairs = partners.len() as u128 / 2;
    let s = barrier.len();
    let bound = u128::from(n) + s as u128 - u128::from(odd);
    if 2 * pairs != bound {
        let what = format!(
            "the barrier does not prove the matching maximum: n + |S| − odd = {n} + {s} − {odd} = \
             {bound}, not twice its {pairs} pairs"
        );
        return Err(body(barrier_offset, what));
    }
    if let Some(opening) = bad {
        let what = format!(
            "the opening {opening} is neither in the barrier nor in a component of even size: \
             nothing shows that every maximum matching covers it"
        );
        return Err(body(openings_offset, what));
    }
    Ok(positions)
}

/// Ok when `path` runs from a number in no pair to its last number, the opening, through
/// distinct numbers of 1..n, alternating a move (divisor or multiple) and a pair: swapping the
/// pairs along it for its moves leaves the opening unpaired and every other count as it was.
fn alternating(path: &[u64], n: u64, partners: &Partners) -> Result<(), String> {
    if path.len() % 2 == 0 {
        return Err(format!("a path has {} numbers: it must have an odd number", path.len()));
    }
    if let Some(x) = path.iter().find(|&&x| x == 0 || x > n) {
        return Err(format!("the path holds {x}, which is not in 1..{n}"));
    }
    if partners.contains_key(&path[0]) {
        return Err(format!("the path starts at {}, which is in a pair", path[0]));
    }
    for i in (1..path.len()).step_by(2) {
        let (a, b, next) = (path[i - 1], path[i], path[i + 1]);
        if a == b || (a % b != 0 && b % a != 0) {
            return Err(format!("the path steps from {a} to {b}, which is no move"));
        }
        if partners.get(&b).map(|&(partner, _)| partner) != Some(next) {
            return Err(format!("the path goes from {b} to {next}, which is not its pair"));
        }
    }
    let mut sorted = path.to_vec();
    sorted.sort_unstable();
    if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(format!("the path passes {} twice", pair[0]));
    }
    Ok(())
}
