//! The end of a game as numbers and codes (`end` and `strategy_facts` of `POST /api/game`),
//! beside the English sentences of `story`: the pages word them in French or English. The facts
//! are the ones `story` words: the last move and its divisors and multiples, all played; after a
//! win of the perfect player, which case its strategy is (the certificate's pairing followed,
//! the winning side kept, or the person's mistake) and its numbers.

use crate::engines::position::{PositionError, PositionOracle};
use crate::game::{related_numbers, Player as Side};
use crate::pairing::Pairing;
use serde::Serialize;

/// Why the game is over: the last move (None on 1..1, where no even number opens) and its
/// divisors and multiples on 1..n, ascending, all played already.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndFacts {
    pub last: Option<u64>,
    pub related: Vec<u64>,
}

/// The end of the finished line `line` on 1..n.
pub fn end_facts(n: u64, line: &[u64]) -> EndFacts {
    let last = line.last().copied();
    let mut related: Vec<u64> = last
        .map(|c| related_numbers(n, c).collect())
        .unwrap_or_default();
    related.sort_unstable();
    EndFacts { last, related }
}

/// Which strategy text a perfect player's win gets, with its numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StrategyFacts {
    /// Its side wins from the start and every reply was the partner the certificate's pairing
    /// gives: `opening` (None when it played second) and the pairs (your move, its reply).
    Pairing {
        side: Side,
        opening: Option<u64>,
        pairs: Vec<[u64; 2]>,
    },
    /// Its side wins from the start, and the line (made by hand) does not follow the pairing.
    WinningSide { side: Side, pairs: Vec<[u64; 2]> },
    /// The person started on the winning side: move `index` (0-based in the line), `played`,
    /// lost the win; `winning` were the winning moves there; `pairs`, the moves after it.
    Mistake {
        index: usize,
        played: u64,
        winning: Vec<u64>,
        pairs: Vec<[u64; 2]>,
    },
}

/// (the person's move, the reply) for each of the person's moves from `from` on.
fn pairs_from(line: &[u64], human: Side, from: usize) -> Vec<[u64; 2]> {
    let start = from + usize::from(Side::to_move_after(from) != human);
    line[start.min(line.len())..]
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| [pair[0], pair[1]])
        .collect()
}

/// The strategy of the perfect player after it won the finished line `line` (the person,
/// `human`, has no move), following `plan` when it had one: the same case analysis as
/// `story::end`.
pub fn strategy_facts(
    n: u64,
    human: Side,
    line: &[u64],
    plan: Option<&Pairing>,
    oracle: &PositionOracle,
) -> Result<StrategyFacts, PositionError> {
    let perfect_side = human.other();
    let first_turn = usize::from(human == Side::Second);
    let started_winning = oracle.analyse(n, &line[..first_turn.min(line.len())])?;
    if started_winning.to_move_wins && first_turn < line.len() {
        let index = lost_at(n, line, first_turn, oracle)?;
        return Ok(StrategyFacts::Mistake {
            index,
            played: line[index],
            winning: oracle.winning_moves(n, &line[..index])?,
            pairs: pairs_from(line, human, index + 1),
        });
    }
    let followed = plan.filter(|pairing| {
        let opening_kept = perfect_side == Side::Second || line.first() == pairing.opening.as_ref();
        let replies_kept = (1..line.len())
            .filter(|&i| Side::to_move_after(i) == perfect_side)
            .all(|i| pairing.partner(line[i - 1]) == Some(line[i]));
        opening_kept && replies_kept
    });
    let pairs = pairs_from(line, human, first_turn);
    Ok(match followed {
        Some(pairing) => StrategyFacts::Pairing {
            side: perfect_side,
            opening: pairing.opening,
            pairs,
        },
        None => StrategyFacts::WinningSide {
            side: perfect_side,
            pairs,
        },
    })
}

/// The person's move that lost the win: the person wins at turn `first_turn` and has no move at
/// the end; against the perfect player, who keeps a won position won, the person's turns win up
/// to one and lose after it, so halving the gap finds it.
fn lost_at(
    n: u64,
    line: &[u64],
    first_turn: usize,
    oracle: &PositionOracle,
) -> Result<usize, PositionError> {
    let (mut low, mut high) = (first_turn, line.len());
    while high - low > 2 {
        let middle = low + 2 * ((high - low) / 4).max(1);
        if oracle.analyse(n, &line[..middle])?.to_move_wins {
            low = middle;
        } else {
            high = middle;
        }
    }
    Ok(low)
}
