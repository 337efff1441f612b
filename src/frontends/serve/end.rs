//! The end of a game as numbers and codes (`end` and `strategy_facts` of `POST /api/game`),
//! beside the English sentences of `story`: the pages word them in French or English. The facts
//! are the ones `story` words: the last move and its divisors and multiples, all played; after a
//! win of the perfect player, which case its strategy is (the certificate's pairing followed,
//! the winning side kept, or the person's first mistake) and its numbers. They say only what
//! this code has checked on the line: that every reply was the partner the certificate's
//! pairing gives, or which move lost a won position (`PositionOracle`).

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
    /// The person held a win: move `index` (0-based in the line), `played`, was the first that
    /// gave it away; `winning` were the winning moves there, `answer` the perfect player's reply
    /// (None if the line ends there) and `pairs` the moves after that.
    Mistake {
        index: usize,
        played: u64,
        winning: Vec<u64>,
        answer: Option<u64>,
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

/// Whether every move of `side` in `line` is the plan's: its opening, then the partner of the
/// number named before it. While it is, the pairing proves that `side` wins: every number the
/// other side names is paired, and its partner is still free.
pub fn followed_plan(pairing: &Pairing, line: &[u64], side: Side) -> bool {
    if pairing.winner() != side {
        return false;
    }
    let partners: std::collections::HashMap<u64, u64> = pairing
        .pairs
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .collect();
    (0..line.len())
        .filter(|&i| Side::to_move_after(i) == side)
        .all(|i| match i {
            0 => pairing.opening == Some(line[0]),
            _ => partners.get(&line[i - 1]) == Some(&line[i]),
        })
}

/// The strategy of the perfect player after it won the finished line `line` (the person,
/// `human`, has no move), following `plan` when it had one: the person's first mistake when
/// the person ever held a win, else the pairing followed, else its winning side kept.
pub fn strategy_facts(
    n: u64,
    human: Side,
    line: &[u64],
    plan: Option<&Pairing>,
    oracle: &PositionOracle,
) -> Result<StrategyFacts, PositionError> {
    let perfect_side = human.other();
    let first_turn = usize::from(human == Side::Second);
    if let Some(mistake) = first_mistake(n, human, line, first_turn, oracle)? {
        return Ok(mistake);
    }
    let pairs = pairs_from(line, human, first_turn);
    Ok(
        match plan.filter(|pairing| followed_plan(pairing, line, perfect_side)) {
            Some(pairing) => StrategyFacts::Pairing {
                side: perfect_side,
                opening: pairing.opening,
                pairs,
            },
            None => StrategyFacts::WinningSide {
                side: perfect_side,
                pairs,
            },
        },
    )
}

/// The person's first move that gave away a winning position (the person to move wins and
/// plays none of the winning moves), with the winning moves there, the perfect player's answer
/// and the game after it; None when the person never had a win to give away. Every turn of the
/// person is asked in order (one maximum matching each), so on a line made by hand, where a win
/// can be lost, found again and lost again, it is the first mistake that is named.
fn first_mistake(
    n: u64,
    human: Side,
    line: &[u64],
    first_turn: usize,
    oracle: &PositionOracle,
) -> Result<Option<StrategyFacts>, PositionError> {
    for index in (first_turn..line.len()).step_by(2) {
        let winning = oracle.winning_moves(n, &line[..index])?;
        let played = line[index];
        if winning.is_empty() || winning.contains(&played) {
            continue;
        }
        return Ok(Some(StrategyFacts::Mistake {
            index,
            played,
            winning,
            answer: line.get(index + 1).copied(),
            pairs: pairs_from(line, human, index + 1),
        }));
    }
    Ok(None)
}
