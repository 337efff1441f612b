//! The end of a game in words: who won and why (the last move and the numbers it left), and
//! after a win of the perfect player its strategy, saying only what this code has checked on
//! the line: that every reply was the partner the certificate's pairing gives, or which move of
//! the person was a mistake and which moves would have won there (`PositionOracle`).

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
        certificate: None,
    };
    if perfect && loser == human {
        let (strategy, proved) = strategy(n, human, line, plan, oracle)?;
        end.strategy = Some(strategy);
        end.certificate = proved.then(|| format!("/api/certificate/{n}"));
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

/// `a ↔ b` for each move of the person from `from` on and the reply after it.
fn pairs_text(line: &[u64], human: Side, from: usize) -> String {
    let start = from + usize::from(Side::to_move_after(from) != human);
    let pairs: Vec<String> = line[start.min(line.len())..]
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| format!("{} ↔ {}", pair[0], pair[1]))
        .collect();
    if pairs.len() <= PAIRS_SHOWN {
        return pairs.join(", ");
    }
    format!(
        "{}, … and {} pairs more",
        pairs[..PAIRS_SHOWN].join(", "),
        pairs.len() - PAIRS_SHOWN
    )
}

/// The perfect player's strategy after it won, and whether the certificate of n proves its
/// side wins (then the page offers it).
fn strategy(
    n: u64,
    human: Side,
    line: &[u64],
    plan: Option<&Pairing>,
    oracle: &PositionOracle,
) -> Result<(String, bool), PositionError> {
    let perfect_side = human.other();
    let first_turn = usize::from(human == Side::Second);
    let started_winning = oracle.analyse(n, &line[..first_turn.min(line.len())])?;
    if started_winning.to_move_wins && first_turn < line.len() {
        return mistake(n, human, line, first_turn, oracle).map(|text| (text, false));
    }
    let side = perfect_side.name();
    // The pairing was followed when the opening is the plan's and every reply is the partner.
    let followed = plan.filter(|pairing| {
        let opening_kept = perfect_side == Side::Second || line.first() == pairing.opening.as_ref();
        let replies_kept = (1..line.len())
            .filter(|&i| Side::to_move_after(i) == perfect_side)
            .all(|i| pairing.partner(line[i - 1]) == Some(line[i]));
        opening_kept && replies_kept
    });
    let pairs = pairs_text(line, human, first_turn);
    let text = match followed {
        Some(pairing) => {
            let opening = match pairing.opening {
                Some(opening) => format!("it opened with {opening}, then "),
                None => String::new(),
            };
            format!(
                "On 1..{n} the {side} player wins, and the perfect player played that side by the \
                 pairing of the certificate of n = {n}: {opening}every number you named had a \
                 partner, which it answered: {pairs}. The certificate lists every pair; the \
                 verifier checks that whatever you name, the partner is a legal reply, so the \
                 {side} player always has a move."
            )
        }
        None if pairs.is_empty() => {
            format!("On 1..{n} the {side} player wins, and the perfect player had that side.")
        }
        None => format!(
            "On 1..{n} the {side} player wins against any play, and the perfect player had that \
             side from the start; your moves and its replies: {pairs}."
        ),
    };
    Ok((text, followed.is_some()))
}

/// The person started on the winning side and lost: the move that lost the win, found between
/// the person's first turn (winning) and the end (no move), with the winning moves there.
fn mistake(
    n: u64,
    human: Side,
    line: &[u64],
    first_turn: usize,
    oracle: &PositionOracle,
) -> Result<String, PositionError> {
    // The person's turns are first_turn, first_turn + 2, …, line.len(). The person wins at
    // `low` and not at `high`; halve the gap, keeping the turns on the person's side.
    let (mut low, mut high) = (first_turn, line.len());
    while high - low > 2 {
        let middle = low + 2 * ((high - low) / 4).max(1);
        if oracle.analyse(n, &line[..middle])?.to_move_wins {
            low = middle;
        } else {
            high = middle;
        }
    }
    // At `low` the person had a winning move and played line[low], after which (at `high`,
    // the person's next turn) the person no longer wins: line[low] was not a winning move.
    let winning = oracle.winning_moves(n, &line[..low])?;
    let played = line[low];
    let after = pairs_text(line, human, low + 1);
    let after = if after.is_empty() {
        String::new()
    } else {
        format!(" After it the game went: {after}.")
    };
    Ok(format!(
        "You had a winning position until move {} of the game: there you played {played}, but \
         the winning moves were {} (the others leave the perfect player a win).{after}",
        low + 1,
        abbreviate(&winning)
    ))
}
