//! Closed pairings (spec.md §4.5), the generator side: a pairing strategy whose closure — every
//! number the loser could ever play against "answer with the partner" — is all paired. Then the
//! verifier checks one invariant instead of walking every game, so the hard n (110, 117, 118)
//! verify in microseconds. Pairs come from maximum matchings (docs/MATH.md §3); the closure is
//! computed from the raw rules, independently of the verifier's own computation: the check itself
//! (`pairing::check_closure`) lives beside the pairing, below the engines, which check their own
//! schemes with it; this file builds closed pairings and their intervals.

use crate::engines::matching;
use crate::game::related_numbers;
use crate::game::{OpeningRule, Player};
use crate::pairing::{check_closure, closure, Pairing};
use std::collections::{HashMap, HashSet};

/// The closure from the loser's first moves `first` (the neighbours of the opening, when the
/// winner opened with `opening`; some openings, for an entry of an openings certificate,
/// spec.md §3.4): then every neighbour of the partner of a number already in it, the opening
/// aside. Ok(|L|) when every number in it has a partner; Err(the first number found without
/// one). Divisibility of the pairs is not checked here (`openings::check_entry` does it).
pub fn closure_from(
    n: u64,
    opening: Option<u64>,
    first: &[u64],
    pairs: &[(u64, u64)],
) -> Result<usize, u64> {
    let partner: HashMap<u64, u64> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut reached: HashSet<u64> = opening.into_iter().collect(); // the opening: played
    let mut todo = first.to_vec();
    todo.retain(|&x| reached.insert(x));
    while let Some(x) = todo.pop() {
        let y = *partner.get(&x).ok_or(x)?;
        for z in related_numbers(n, y) {
            if reached.insert(z) {
                todo.push(z);
            }
        }
    }
    Ok(reached.len() - usize::from(opening.is_some()))
}

/// The widest interval of boards on which a closed pairing found on 1..n0 proves a first-player
/// win (spec.md §4.6): its used pairs, and [a, b] with a the largest number it uses and b one
/// below twice the smallest number the winner plays. None when the pairing is not closed on
/// 1..n0 or some number the winner plays has a multiple on 1..n0 (then its closure depends on
/// n). The result passes `check` on 1..b with first board a.
pub fn widest_interval(
    n0: u64,
    rule: OpeningRule,
    opening: u64,
    pairs: &[(u64, u64)],
) -> Option<Interval> {
    let closed = check_closure(n0, rule, Some(opening), pairs, None).ok()?;
    let smallest = *closed.expanded.first()?;
    if smallest.saturating_mul(2) <= n0 {
        return None;
    }
    let last = smallest * 2 - 1;
    let first = closed
        .used_pairs
        .iter()
        .flat_map(|&(x, y)| [x, y])
        .chain([opening])
        .max()?;
    let interval = Interval {
        first,
        last,
        opening,
        pairs: closed.used_pairs,
    };
    // Re-checked on the largest board with the interval's conditions: never trusted.
    check_closure(last, rule, Some(opening), &interval.pairs, Some(first)).ok()?;
    Some(interval)
}

/// A closed pairing valid on every board 1..m, first ≤ m ≤ last (first-player win).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    pub first: u64,
    pub last: u64,
    pub opening: u64,
    /// Canonical: (smaller, larger), sorted.
    pub pairs: Vec<(u64, u64)>,
}

/// Winning openings tried, in ascending order, before giving up (each costs one matching).
pub const OPENINGS_TRIED: usize = 16;

/// A closed pairing for 1..=n, if the matching engine's maximum matchings give one: for a
/// first-player win, the first `OPENINGS_TRIED` winning openings are tried in ascending order.
pub fn closed_pairing(n: u64, rule: OpeningRule) -> Option<Pairing> {
    let outcome = matching::solve(n, rule);
    let openings: Vec<Option<u64>> = match outcome.winner {
        Player::First => outcome
            .winning_openings
            .iter()
            .take(OPENINGS_TRIED)
            .map(|&v| Some(v))
            .collect(),
        Player::Second => vec![None],
    };
    openings.into_iter().find_map(|opening| {
        let strategy = matching::pairing_strategy_with(n, opening)?;
        closure(n, rule, strategy.opening, &strategy.pairs)
            .is_ok()
            .then_some(strategy)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::ClosureError;

    #[test]
    fn an_unpaired_reachable_number_breaks_the_closure() {
        // n = 4, second player wins: openings 2, 4; (2, 4) leaves 1 and 3 unpaired, and the
        // loser reaches 1 from 4's partner 2. With (1, 3) the closure is {1, 2, 4}: 3 is only
        // ever the winner's answer to 1.
        assert_eq!(closure(4, OpeningRule::Even, None, &[(2, 4)]), Err(1));
        assert_eq!(
            closure(4, OpeningRule::Even, None, &[(1, 3), (2, 4)]),
            Ok(3)
        );
    }

    #[test]
    fn the_opening_is_never_a_loser_move() {
        // n = 3, first player opens 2: the loser may play 1 only; (1, 3) answers it.
        assert_eq!(closure(3, OpeningRule::Even, Some(2), &[(1, 3)]), Ok(1));
        assert_eq!(closure(3, OpeningRule::Even, Some(2), &[]), Err(1));
    }

    #[test]
    fn every_n_up_to_128_has_a_closed_pairing() {
        for n in 1..=128 {
            assert!(closed_pairing(n, OpeningRule::Even).is_some(), "n = {n}");
        }
    }

    /// The general scheme for p, q, r = 29, 31, 37 (valid on [111, 115]) with s = 59.
    fn scheme_111() -> (u64, Vec<(u64, u64)>) {
        let pairs = vec![(1, 59), (2, 74), (3, 93), (29, 87), (31, 62), (37, 111)];
        (58, pairs)
    }

    #[test]
    fn the_interval_check_accepts_the_scheme_window_and_rejects_every_widening() {
        let rule = OpeningRule::Even;
        let (opening, pairs) = scheme_111();
        let closed = check_closure(115, rule, Some(opening), &pairs, Some(111)).unwrap();
        assert_eq!(closed.size, 6);
        assert_eq!(closed.expanded, vec![58, 59, 62, 74, 87, 93, 111]);
        // One board further: 58 has the multiple 116.
        assert_eq!(
            check_closure(116, rule, Some(opening), &pairs, Some(111)),
            Err(ClosureError::TooWide { y: 58, n_last: 116 })
        );
        // One board earlier: 111 is not on the board 1..110.
        assert_eq!(
            check_closure(115, rule, Some(opening), &pairs, Some(110)),
            Err(ClosureError::AboveFirst {
                number: 111,
                n_first: 110
            })
        );
        // As a single-n closed pairing on 1..116 it fails too: 58's multiple 116 is unpaired.
        assert_eq!(
            check_closure(116, rule, Some(opening), &pairs, None),
            Err(ClosureError::Unpaired(116))
        );
        assert_eq!(
            widest_interval(113, rule, opening, &pairs).map(|i| (i.first, i.last)),
            Some((111, 115))
        );
    }

    #[test]
    fn the_interval_check_rejects_lying_pairings() {
        let rule = OpeningRule::Even;
        let (opening, pairs) = scheme_111();
        type Change<'a> = &'a dyn Fn(&mut Vec<(u64, u64)>);
        let with = |f: Change| {
            let mut changed = pairs.clone();
            f(&mut changed);
            check_closure(115, rule, Some(opening), &changed, Some(111))
        };
        // A reachable number without a partner.
        assert_eq!(
            with(&|p| p.retain(|&(a, _)| a != 3)),
            Err(ClosureError::Unpaired(3))
        );
        // A partner that neither divides nor is a multiple.
        assert_eq!(
            with(&|p| p[1] = (2, 95)),
            Err(ClosureError::NotRelated { x: 2, y: 95 })
        );
        assert!(matches!(
            with(&|p| p[5] = (37, 110)),
            Err(ClosureError::NotRelated { x: 37, y: 110 })
        ));
        // A winner number in the lower half: 3 answered by 6 (6 has multiples up to 115).
        assert!(matches!(
            with(&|p| p[2] = (3, 6)),
            Err(ClosureError::TooWide { y: 6, .. })
        ));
        // The opening in a pair, an odd opening, an opening off the board.
        assert_eq!(
            check_closure(115, rule, Some(58), &[(1, 58)], Some(111)),
            Err(ClosureError::IllegalOpening(58))
        );
        assert_eq!(
            check_closure(115, rule, Some(87), &pairs, Some(111)),
            Err(ClosureError::IllegalOpening(87))
        );
        assert!(check_closure(115, rule, Some(116), &pairs, Some(116)).is_err());
    }
}
