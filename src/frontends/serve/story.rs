//! The end of a game in words: who won and why (the last move and the numbers it left), and
//! after a win of the perfect player its strategy, saying only what this code has checked on
//! the line: that every reply was the partner the certificate's pairing gives, or which move of
//! the person was the first mistake and which moves would have won there (`PositionOracle`).

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
    if let Some(text) = first_mistake(n, human, line, first_turn, oracle)? {
        return Ok((text, false));
    }
    let side = perfect_side.name();
    let followed = plan.filter(|pairing| followed_plan(pairing, line, perfect_side));
    let pairs = pairs_text(line, human, first_turn);
    let text = match followed {
        Some(pairing) if pairs.is_empty() => match pairing.opening {
            Some(opening) => format!(
                "On 1..{n} the first player wins, and the perfect player played that side by the \
                 certificate of n = {n}: it opened with {opening}, which left you no reply."
            ),
            None => format!(
                "On 1..{n} the second player wins: there is no even number to open with, so the \
                 first player has no move."
            ),
        },
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

/// The person's first move that gave away a winning position (the person to move wins, and
/// plays none of the winning moves), with the winning moves there and the game after it; None
/// when the person never had a winning position to give away. Every turn of the person is
/// asked in order (one maximum matching each), so on a line made by hand, where a win can be
/// lost, found again and lost again, it is the first mistake that is named.
fn first_mistake(
    n: u64,
    human: Side,
    line: &[u64],
    first_turn: usize,
    oracle: &PositionOracle,
) -> Result<Option<String>, PositionError> {
    for turn in (first_turn..line.len()).step_by(2) {
        let winning = oracle.winning_moves(n, &line[..turn])?;
        let played = line[turn];
        if winning.is_empty() || winning.contains(&played) {
            continue;
        }
        // The person lost, so the perfect player answered the mistake.
        let answer = match line.get(turn + 1) {
            Some(reply) => {
                let rest = pairs_text(line, human, turn + 2);
                if rest.is_empty() {
                    format!(" The perfect player answered {reply}.")
                } else {
                    format!(" The perfect player answered {reply}; then the game went: {rest}.")
                }
            }
            None => String::new(),
        };
        return Ok(Some(format!(
            "You had a winning position until move {} of the game: there you played {played}, \
             but the winning moves were {} (the others leave the perfect player a win).{answer}",
            turn + 1,
            abbreviate(&winning)
        )));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::super::game::{perfect_move, perfect_plan, RULE};
    use super::*;
    use crate::players::{PlayerRng, Stop};
    use crate::test_support::Plain;
    use rand::SeedableRng;

    fn oracle() -> PositionOracle {
        PositionOracle::new(RULE)
    }

    /// The perfect player's move on the server after `line`, with the plan of its side.
    fn server_move(n: u64, line: &[u64]) -> u64 {
        let side = Side::to_move_after(line.len());
        let plan = perfect_plan(n, side);
        let moves = crate::game::legal_moves_after(n, RULE, line).unwrap();
        let mut rng = PlayerRng::seed_from_u64(0);
        perfect_move(n, line, &moves, plan.as_ref(), &mut rng, &Stop::never()).unwrap()
    }

    /// The lines of the issue where the server's perfect player followed its pairing to a
    /// partner that loses: it now plays the only winning move.
    #[test]
    fn the_perfect_player_leaves_its_plan_for_the_winning_move_on_a_line_made_by_hand() {
        for (line, only_win) in [
            (&[8, 1, 18, 2, 10, 20, 5, 15, 3, 12][..], 6),
            (&[12, 2, 6, 1, 20, 5][..], 10),
            (&[20, 2, 8, 4, 1, 15, 3, 18][..], 9),
        ] {
            let winning = oracle().winning_moves(20, line).unwrap();
            assert_eq!(winning, [only_win], "{line:?}");
            assert_eq!(server_move(20, line), only_win, "{line:?}");
        }
    }

    /// From every position of every n ≤ 16 where the player to move wins (plain recursion), the
    /// server's perfect player wins, with its plan or without; and while it follows its plan
    /// from the start, it plays the plan's moves (the pairs the end texts name).
    #[test]
    fn the_servers_perfect_player_wins_from_every_winning_position_up_to_16() {
        let mut checked = 0;
        for n in 1..=16u64 {
            let mut plain = Plain::new(n);
            let plans = [Side::First, Side::Second].map(|side| perfect_plan(n, side));
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![Vec::<u64>::new()];
            while let Some(line) = stack.pop() {
                let played = line.iter().fold(0u64, |set, &k| set | 1 << k);
                let last = line.last().copied().unwrap_or(0);
                if !seen.insert((played, last)) {
                    continue;
                }
                let moves = plain.moves(played, last);
                if plain.wins(played, last) {
                    let side = Side::to_move_after(line.len());
                    let plan = plans[side as usize].as_ref();
                    let mut rng = PlayerRng::seed_from_u64(0);
                    let m = perfect_move(n, &line, &moves, plan, &mut rng, &Stop::never()).unwrap();
                    assert!(
                        !plain.wins(played | 1 << m, m),
                        "n = {n}: {m} after {line:?}"
                    );
                    if let Some(pairing) = plan.filter(|p| followed_plan(p, &line, side)) {
                        let planned = match line.last() {
                            None => pairing.opening,
                            Some(&last) => pairing.partner(last),
                        };
                        assert_eq!(Some(m), planned, "n = {n}: {line:?}");
                    }
                    checked += 1;
                }
                for m in moves {
                    stack.push([&line[..], &[m]].concat());
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The line of the issue: 14 already gave the win away at move 1; the story names move 1,
    /// not a later one, and the perfect player's answer to it.
    #[test]
    fn the_first_mistake_of_a_line_is_named_with_the_answer_to_it() {
        let line = [14, 2, 8, 4, 16, 1, 18, 6, 12, 3, 15, 5, 20, 10];
        assert!(crate::game::legal_moves_after(20, RULE, &line)
            .unwrap()
            .is_empty());
        let end = end(20, Side::First, &line, true, None, &oracle()).unwrap();
        let strategy = end.strategy.unwrap();
        assert!(
            strategy.starts_with(
                "You had a winning position until move 1 of the game: there you played 14, but \
                 the winning moves were 2 4 6 8 10 12 16 18 20"
            ),
            "{strategy}"
        );
        assert!(
            strategy.ends_with(
                "The perfect player answered 2; then the game went: 8 ↔ 4, 16 ↔ 1, 18 ↔ 6, \
                 12 ↔ 3, 15 ↔ 5, 20 ↔ 10."
            ),
            "{strategy}"
        );
        // 14 answered by 7, which leaves 1 alone, then a prime above 10.
        let line = [14, 7, 1, 19];
        let end = super::end(20, Side::First, &line, true, None, &oracle()).unwrap();
        assert!(
            end.strategy
                .unwrap()
                .ends_with("The perfect player answered 7; then the game went: 1 ↔ 19."),
            "{line:?}"
        );
    }

    #[test]
    fn on_1_to_1_the_story_says_the_first_player_has_no_opening() {
        let plan = perfect_plan(1, Side::Second);
        let end = end(1, Side::First, &[], true, plan.as_ref(), &oracle()).unwrap();
        let strategy = end.strategy.unwrap();
        assert!(!strategy.contains(": ."), "{strategy}");
        assert!(
            strategy.starts_with("On 1..1 the second player wins"),
            "{strategy}"
        );
        assert!(
            end.message.contains("no even number on 1..1"),
            "{}",
            end.message
        );
    }
}
