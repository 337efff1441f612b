//! A pairing strategy (docs/MATH.md §3, spec.md §3.2): the winner opens with `opening` when
//! the first player wins, then answers every move of the loser with its partner. The matching
//! engine and the prime-window schemes both answer with one; the certificates carry it. Its
//! closure check (spec.md §4.5, `check_closure`) is here, below both the engines (the solver
//! checks a scheme's pairing with it) and the certificates (which are built on it).

use crate::game::{related, related_numbers, OpeningRule, Player};
use std::collections::{HashMap, HashSet};

/// The opening (the first player's win) or none (the second player's), and the pairs.
///
/// `pairs` is canonical as spec.md §3.2 asks: `a < b` in each pair, the `a` strictly ascending,
/// no number in two pairs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub opening: Option<u64>,
    pub pairs: Vec<(u64, u64)>,
}

impl Pairing {
    /// Who wins by this strategy: the first player when it opens, else the second.
    pub fn winner(&self) -> Player {
        match self.opening {
            Some(_) => Player::First,
            None => Player::Second,
        }
    }

    /// The winner's answer to `number`, if `number` is paired. A binary search finds it as the
    /// smaller number of its pair, a scan as the larger (build a map for many queries).
    pub fn partner(&self, number: u64) -> Option<u64> {
        let i = self.pairs.partition_point(|&(a, _)| a < number);
        if let Some(&(a, b)) = self.pairs.get(i) {
            if a == number {
                return Some(b);
            }
        }
        self.pairs
            .iter()
            .find(|&&(_, b)| b == number)
            .map(|&(a, _)| a)
    }
}

/// The closure of a pairing: the loser's first moves (every allowed opening, or the neighbours
/// of the winner's opening), then every neighbour of the partner of a number already in it.
/// Ok(size) when every number in it has a partner; Err(the first number found without one, or
/// whose partner is neither its divisor nor its multiple).
pub fn closure(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
) -> Result<usize, u64> {
    check_closure(n, rule, opening, pairs, None)
        .map(|closed| closed.size)
        .map_err(|error| error.number())
}

/// What a closure check found: the size of L, the pairs it uses and the numbers it expands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// |L|: the numbers the loser may ever play (what the verifier reports as positions).
    pub size: usize,
    /// The pairs of the numbers of L, (smaller, larger), sorted: all the strategy ever uses.
    pub used_pairs: Vec<(u64, u64)>,
    /// The winner's numbers: the opening (if any) and every partner of a number of L, sorted.
    pub expanded: Vec<u64>,
}

/// Why a closure check fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClosureError {
    #[error("the loser may play {0}, which has no partner")]
    Unpaired(u64),
    #[error("the loser may play {x}, whose partner {y} neither divides it nor is a multiple")]
    NotRelated { x: u64, y: u64 },
    #[error("the winner answers {x} with the opening {y}, which is already played")]
    PartnerIsOpening { x: u64, y: u64 },
    #[error("the opening {0} is not a legal opening")]
    IllegalOpening(u64),
    #[error("the winner plays {y}, whose multiple {} is at most n_last = {n_last}", 2 * y)]
    TooWide { y: u64, n_last: u64 },
    #[error("{number} is above the interval's first board n = {n_first}")]
    AboveFirst { number: u64, n_first: u64 },
}

impl ClosureError {
    /// The number the failure is about.
    pub fn number(&self) -> u64 {
        match *self {
            ClosureError::Unpaired(x)
            | ClosureError::NotRelated { x, .. }
            | ClosureError::PartnerIsOpening { x, .. } => x,
            ClosureError::IllegalOpening(v) => v,
            ClosureError::TooWide { y, .. } => y,
            ClosureError::AboveFirst { number, .. } => number,
        }
    }
}

/// The closure check of spec.md §4.5 on the board 1..n, from the raw rules, with sets rather
/// than tables of size n (so it runs for any n when the winner is the first player).
///
/// With `n_first = Some(a)` it is the interval check (kind 3) for the claim "the first player
/// wins every board 1..m, a ≤ m ≤ n", run on the largest board n: besides the closure, every
/// number of every pair and the opening must be at most `a`, and every number the winner plays
/// (the opening and each partner expanded) must satisfy 2y > n. Then no such y has a multiple
/// other than itself on any board of the interval, its neighbours are its divisors (all ≤ a),
/// and the closure is the same set on every board 1..m: the check holds for each of them.
pub fn check_closure(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
    n_first: Option<u64>,
) -> Result<Closed, ClosureError> {
    let partner: HashMap<u64, u64> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    if let Some(a) = n_first {
        let numbers = pairs.iter().flat_map(|&(x, y)| [x, y]).chain(opening);
        if let Some(number) = numbers.into_iter().find(|&x| x > a) {
            return Err(ClosureError::AboveFirst { number, n_first: a });
        }
    }
    let wide = |y: u64| match n_first {
        Some(_) if y.saturating_mul(2) <= n => Err(ClosureError::TooWide { y, n_last: n }),
        _ => Ok(()),
    };
    let mut reached: HashSet<u64> = HashSet::new();
    let mut expanded: Vec<u64> = Vec::new();
    let mut todo: Vec<u64> = match opening {
        Some(e) => {
            if e == 0 || e > n || !rule.allows(e) || partner.contains_key(&e) {
                return Err(ClosureError::IllegalOpening(e));
            }
            wide(e)?;
            expanded.push(e);
            reached.insert(e); // played all game long: never a loser's move
            related_numbers(n, e).collect()
        }
        None => (1..=n).filter(|&x| rule.allows(x)).collect(),
    };
    todo.retain(|&x| reached.insert(x));
    let mut used_pairs = Vec::new();
    let mut partners_seen: HashSet<u64> = HashSet::new();
    while let Some(x) = todo.pop() {
        let y = *partner.get(&x).ok_or(ClosureError::Unpaired(x))?;
        if Some(y) == opening {
            return Err(ClosureError::PartnerIsOpening { x, y });
        }
        if !related(x, y) {
            return Err(ClosureError::NotRelated { x, y });
        }
        used_pairs.push((x.min(y), x.max(y)));
        if !partners_seen.insert(y) {
            continue;
        }
        wide(y)?;
        expanded.push(y);
        for z in related_numbers(n, y) {
            if Some(z) != opening && reached.insert(z) {
                todo.push(z);
            }
        }
    }
    used_pairs.sort_unstable();
    used_pairs.dedup();
    expanded.sort_unstable();
    let size = reached.len() - usize::from(opening.is_some());
    Ok(Closed {
        size,
        used_pairs,
        expanded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_are_found_from_either_side_and_the_winner_from_the_opening() {
        let pairing = Pairing {
            opening: Some(4),
            pairs: vec![(1, 7), (2, 6), (3, 9)],
        };
        for (a, b) in [(1, 7), (2, 6), (3, 9)] {
            assert_eq!(pairing.partner(a), Some(b));
            assert_eq!(pairing.partner(b), Some(a));
        }
        for unpaired in [0, 4, 5, 8, 10] {
            assert_eq!(pairing.partner(unpaired), None);
        }
        assert_eq!(pairing.winner(), Player::First);
        let second = Pairing {
            opening: None,
            pairs: vec![],
        };
        assert_eq!(second.winner(), Player::Second);
    }
}
