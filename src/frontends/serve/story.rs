//! The end of a game in English words: who won and why (the last move and the numbers it
//! left), and after a win of the perfect player its strategy: the facts of `end` (which say
//! only what this code has checked on the line) worded. The pages word the same facts in
//! their own language.

use super::end::{strategy_facts, StrategyFacts};
use crate::engines::position::{PositionError, PositionOracle};
use crate::frontends::play::abbreviate;
use crate::game::{related_numbers, Player as Side};
use crate::pairing::Pairing;

/// Pairs of the line listed in a strategy before the rest is counted.
pub const PAIRS_SHOWN: usize = 40;

/// What the end of a game says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    pub message: String,
    pub strategy: Option<String>,
    /// The facts `strategy` words.
    pub strategy_facts: Option<StrategyFacts>,
    pub certificate: Option<String>,
}

/// The end of the game `line` on 1..n (the player to move has no legal move). `perfect`: the
/// opponent is the perfect player, following `plan` (the certificate's pairing) when it had one.
pub fn end(
    n: u64,
    human: Side,
    line: &[u64],
    perfect: bool,
    plan: Option<&Pairing>,
    oracle: &PositionOracle,
) -> Result<End, PositionError> {
    let loser = Side::to_move_after(line.len());
    let message = why_over(n, human, line, loser);
    let mut end = End {
        message,
        strategy: None,
        strategy_facts: None,
        certificate: None,
    };
    if perfect && loser == human {
        let facts = strategy_facts(n, human, line, plan, oracle)?;
        end.strategy = Some(strategy(n, &facts));
        let proved = matches!(facts, StrategyFacts::Pairing { .. });
        end.certificate = proved.then(|| format!("/api/certificate/{n}"));
        end.strategy_facts = Some(facts);
    }
    Ok(end)
}

/// Who won and why: the last move, and the numbers related to it, all played already.
pub fn why_over(n: u64, human: Side, line: &[u64], loser: Side) -> String {
    let winner_words = if loser == human {
        "The opponent wins."
    } else {
        "You win."
    };
    let Some(&last) = line.last() else {
        return format!(
            "There is no even number on 1..{n} to open with: the first player has no move. {winner_words}"
        );
    };
    let neighbours: Vec<u64> = related_numbers(n, last).collect();
    let whose = if loser == human {
        "The opponent's"
    } else {
        "Your"
    };
    let left = if loser == human {
        "you"
    } else {
        "the opponent"
    };
    let numbers = match neighbours.len() {
        0 => format!("no number on 1..{n} divides {last} or is a multiple of it"),
        1 => format!(
            "its only divisor or multiple on 1..{n}, {}, was already played",
            neighbours[0]
        ),
        count => format!(
            "its {count} divisors and multiples on 1..{n} ({}) were all played already",
            abbreviate(&neighbours)
        ),
    };
    format!("{whose} {last} left {left} no legal move: {numbers}. {winner_words}")
}

/// `a ↔ b` for each (the person's move, the reply), the first `PAIRS_SHOWN` of them.
fn pairs_text(pairs: &[[u64; 2]]) -> String {
    let shown: Vec<String> = pairs
        .iter()
        .take(PAIRS_SHOWN)
        .map(|[a, b]| format!("{a} ↔ {b}"))
        .collect();
    match pairs.len().checked_sub(PAIRS_SHOWN) {
        Some(more) if more > 0 => format!("{}, … and {more} pairs more", shown.join(", ")),
        _ => shown.join(", "),
    }
}

/// The perfect player's strategy after it won on 1..n, in words.
fn strategy(n: u64, facts: &StrategyFacts) -> String {
    match facts {
        StrategyFacts::Mistake {
            index,
            played,
            winning,
            answer,
            pairs,
        } => {
            let answer = match (answer, pairs.is_empty()) {
                (Some(reply), true) => format!(" The perfect player answered {reply}."),
                (Some(reply), false) => format!(
                    " The perfect player answered {reply}; then the game went: {}.",
                    pairs_text(pairs)
                ),
                (None, _) => String::new(),
            };
            format!(
                "You had a winning position until move {} of the game: there you played \
                 {played}, but the winning moves were {} (the others leave the perfect player \
                 a win).{answer}",
                index + 1,
                abbreviate(winning)
            )
        }
        StrategyFacts::Pairing {
            side,
            opening,
            pairs,
        } => {
            let side = side.name();
            match (opening, pairs.is_empty()) {
                (Some(opening), true) => format!(
                    "On 1..{n} the first player wins, and the perfect player played that side \
                     by the certificate of n = {n}: it opened with {opening}, which left you no \
                     reply."
                ),
                (None, true) => format!(
                    "On 1..{n} the second player wins: there is no even number to open with, so \
                     the first player has no move."
                ),
                (opening, false) => {
                    let opening = match opening {
                        Some(opening) => format!("it opened with {opening}, then "),
                        None => String::new(),
                    };
                    format!(
                        "On 1..{n} the {side} player wins, and the perfect player played that \
                         side by the pairing of the certificate of n = {n}: {opening}every \
                         number you named had a partner, which it answered: {}. The \
                         certificate lists every pair; the verifier checks that whatever you \
                         name, the partner is a legal reply, so the {side} player always has a \
                         move.",
                        pairs_text(pairs)
                    )
                }
            }
        }
        StrategyFacts::WinningSide { side, pairs } if pairs.is_empty() => format!(
            "On 1..{n} the {} player wins, and the perfect player had that side.",
            side.name()
        ),
        StrategyFacts::WinningSide { side, pairs } => format!(
            "On 1..{n} the {} player wins against any play, and the perfect player had that side \
             from the start; your moves and its replies: {}.",
            side.name(),
            pairs_text(pairs)
        ),
    }
}
