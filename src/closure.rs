//! Closed pairings (spec.md §4.5), the generator side: a pairing strategy whose closure — every
//! number the loser could ever play against "answer with the partner" — is all paired. Then the
//! verifier checks one invariant instead of walking every game, so the hard n (110, 117, 118)
//! verify in microseconds. Pairs come from maximum matchings (MATH.md §3); the closure is
//! computed here from the raw rules, independently of the verifier's own computation.

use crate::game::{OpeningRule, Player};
use crate::matching::{self, related_numbers, PairingStrategy};
use std::collections::HashMap;

/// The closure of a pairing: the loser's first moves (every allowed opening, or the neighbours
/// of the winner's opening), then every neighbour of the partner of a number already in it.
/// Ok(size) when every number in it has a partner; Err(the first number found without one).
pub fn closure(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
) -> Result<usize, u64> {
    let first: Vec<u64> = match opening {
        Some(e) => related_numbers(n, e),
        None => (1..=n).filter(|&x| rule.allows(x)).collect(),
    };
    closure_from(n, opening, &first, pairs)
}

/// The closure from the loser's first moves `first` (the neighbours of the opening, when the
/// winner opened with `opening`; some openings, for an entry of an openings certificate):
/// then every neighbour of the partner of a number already in it, the opening aside.
/// Ok(size) when every number in it has a partner; Err(the first number found without one).
pub fn closure_from(
    n: u64,
    opening: Option<u64>,
    first: &[u64],
    pairs: &[(u64, u64)],
) -> Result<usize, u64> {
    let partner: HashMap<u64, u64> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut reached = vec![false; n as usize + 1];
    let mut todo = first.to_vec();
    if let Some(e) = opening {
        reached[e as usize] = true; // played all game long: never a loser's move
    }
    todo.retain(|&x| !std::mem::replace(&mut reached[x as usize], true));
    let mut size = todo.len();
    while let Some(x) = todo.pop() {
        let y = *partner.get(&x).ok_or(x)?;
        for z in related_numbers(n, y) {
            if !reached[z as usize] {
                reached[z as usize] = true;
                size += 1;
                todo.push(z);
            }
        }
    }
    Ok(size)
}

/// Winning openings tried, in ascending order, before giving up (each costs one matching).
pub const OPENINGS_TRIED: usize = 16;

/// A closed pairing for 1..=n, if the matching engine's maximum matchings give one: for a
/// first-player win, the first `OPENINGS_TRIED` winning openings are tried in ascending order.
pub fn closed_pairing(n: u64, rule: OpeningRule) -> Option<PairingStrategy> {
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
}
