//! A pairing strategy (docs/MATH.md §3, spec.md §3.2): the winner opens with `opening` when
//! the first player wins, then answers every move of the loser with its partner. The matching
//! engine and the prime-window schemes both answer with one; the certificates carry it.

use crate::game::Player;

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
