//! The blocks of a closed pairing's proof (kinds 2 and 3): the claim, the strategy, the closure
//! table, the three facts a reader checks (the third written out by `closedness`) and why they
//! prove the claim; for an interval, why one table serves every n of it.

use super::render::Block;
use super::rows::{closure_rows, neighbours, Reach, Row};
use crate::game::{OpeningRule, Player};
use crate::proofs::decode::Decoded;
use crate::proofs::decode::Witness;
use crate::publish::large_board::{factorisation, witness_rows};
use std::collections::HashSet;

pub(super) fn claim_text(d: &Decoded) -> String {
    let rule = match d.rule {
        OpeningRule::Even => "the first move must be even",
        OpeningRule::Free => "the first move may be any number (free opening)",
    };
    let board = if d.n_last > d.n {
        format!("every n with {} ≤ n ≤ {}", d.n, d.n_last)
    } else {
        format!("n = {}", d.n)
    };
    format!(
        "In Juniper Green on the numbers 1..n ({rule}; each later number divides or is a \
         multiple of the one before; a player who cannot move loses), for {board}, the {} player \
         wins.",
        d.winner.name()
    )
}

fn reach_text_for(row: &Row) -> String {
    match row.reach {
        Reach::Opening => "first move (an opening)".into(),
        Reach::AfterOpening(e) => {
            let word = if e % row.loser == 0 {
                "divisor"
            } else {
                "multiple"
            };
            format!("{word} of the opening {e}")
        }
        Reach::After { answer, to } => {
            let word = if answer % row.loser == 0 {
                "divisor"
            } else {
                "multiple"
            };
            format!("{word} of {answer}, the answer to {to}")
        }
    }
}

/// The closed-pairing table: the loser's number, the winner's answer, how the loser reaches it.
pub(super) fn closure_table(rows: &[Row]) -> Block {
    let table_rows = rows
        .iter()
        .map(|row| {
            vec![
                row.loser.to_string(),
                row.answer.to_string(),
                reach_text_for(row),
            ]
        })
        .collect();
    Block::Table(
        vec![
            "loser plays".into(),
            "winner answers".into(),
            "how the loser can reach it".into(),
        ],
        table_rows,
        2,
    )
}

pub(super) fn closed_blocks(
    d: &Decoded,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
    lemma: Option<&str>,
    witnesses: &[Witness],
    out: &mut Vec<Block>,
) -> Result<(), String> {
    let rows = closure_rows(d.n_last, d.rule, opening, pairs)?;
    let (winner, loser) = match d.winner {
        Player::First => ("the first player", "the second player"),
        Player::Second => ("the second player", "the first player"),
    };
    out.push(Block::Heading("Strategy".into()));
    if let Some(e) = opening {
        // The opening once, on the line scripts read (docs/DESIGN.md, CLI contract).
        out.push(Block::Line(format!("Opening: {e}")));
        out.push(Block::Para(format!(
            "Then {winner} answers each number the loser names with its partner in the table \
             below."
        )));
    } else {
        out.push(Block::Para(format!(
            "{} opens; {winner} answers each number {loser} names (the opening included) with \
             its partner in the table below.",
            capitalise(loser)
        )));
    }
    out.push(Block::Heading("The closure".into()));
    out.push(Block::Para(format!(
        "The table lists every number {loser} can ever name against this strategy ({} numbers, \
         ascending), the answer of {winner}, and a way {loser} can reach it.",
        rows.len()
    )));
    out.push(closure_table(&rows));
    if rows.is_empty() {
        out.push(Block::Para(format!(
            "The table is empty: {loser} has no legal move at all{}, and loses at once.",
            match (opening, d.rule) {
                (Some(_), _) => " after the opening",
                (None, OpeningRule::Even) => " (no even number on the board)",
                (None, OpeningRule::Free) => "",
            }
        )));
    }
    out.extend(unused_pairs(&rows, pairs, "certificate"));
    out.extend(closedness(d, opening, &rows));
    out.push(Block::Heading("Why this is a proof".into()));
    let first = match opening {
        Some(e) => format!("every divisor and multiple of the opening {e}"),
        None => match d.rule {
            OpeningRule::Even => format!("every even number of 1..{}", d.n_last),
            OpeningRule::Free => format!("every number of 1..{}", d.n_last),
        },
    };
    let board = if d.n_last > d.n {
        format!("1..{}", d.n_last)
    } else {
        format!("1..{}", d.n)
    };
    out.push(Block::Para(match d.n_last > MAX_CLOSEDNESS {
        false => "Three facts can be checked by hand from the table:".into(),
        true => format!(
            "Three facts make the proof. The first two can be checked by hand from the table; \
             the third needs the divisors and multiples of the opening and of each answer on \
             the board, and above n = {MAX_CLOSEDNESS} the table of them is omitted (it would \
             list the board): the factorisations below give the divisors, and 2y > n leaves an \
             answer y no other multiple on the board. `jg-verify` checks all three:"
        ),
    }));
    let but_opening = opening
        .map(|e| format!(" and other than the opening {e}"))
        .unwrap_or_default();
    out.push(Block::Items(vec![
        format!("every answer divides the number it answers or is a multiple of it;"),
        format!(
            "no number is in two pairs: each row's answer is answered back with the row's number \
             when it appears in the first column, and no two rows share an answer{};",
            opening
                .map(|e| format!(", and the opening {e} is in no pair"))
                .unwrap_or_default()
        ),
        format!(
            "the first column is closed: it holds {first} (the loser's first moves), and for \
             every answer y in the second column, every divisor and multiple of y on the board \
             {board}, other than y{but_opening}."
        ),
    ]));
    out.push(Block::Para(match lemma {
        Some(cited) => format!(
            "By {cited}, {winner} wins: the three facts are its hypotheses for this pairing{}.",
            if opening.is_some() {
                " and this opening"
            } else {
                ""
            }
        ),
        None => pairing_argument(winner, loser, opening.is_some()),
    }));
    if d.n_last > MAX_CLOSEDNESS {
        out.extend(factorisation_blocks(opening, &rows, witnesses));
    }
    if d.n_last > d.n {
        let mut winner_numbers: Vec<u64> = rows.iter().map(|r| r.answer).collect();
        winner_numbers.extend(opening);
        let smallest = winner_numbers.iter().copied().min().unwrap_or(0);
        let largest = pairs
            .iter()
            .map(|&(a, b)| a.max(b))
            .chain(opening)
            .max()
            .unwrap_or(0);
        out.push(Block::Heading(
            "Why the same table proves every n of the interval".into(),
        ));
        out.push(Block::Para(format!(
            "The table was computed on the board 1..{last}. The numbers {winner} names are the \
             opening and the answers; the smallest is {smallest}, and 2 · {smallest} = {double} > \
             {last}. So none of them has a multiple other than itself on any board 1..n with \
             n ≤ {last}: their neighbours are their divisors, which do not depend on n. The \
             loser's numbers are such divisors (or, for the first move, divisors of the opening). \
             The largest number of the pairing and the opening is {largest}, and \
             {largest} ≤ {first_n}, so each of them is on every board 1..n with \
             {first_n} ≤ n ≤ {last}. Hence the first column, the answers and the \
             three facts above are the same for each such n, and the first player wins every \
             one of them.",
            last = d.n_last,
            double = 2 * smallest,
            first_n = d.n,
        )));
    }
    out.push(Block::Heading("Checking by machine".into()));
    out.push(Block::Code(vec![
        format!("jg-verify {}", "CERTIFICATE"),
        "jg explain CERTIFICATE".into(),
    ]));
    Ok(())
}

/// The closed-pairing argument (spec.md §5), written for one certificate: `winner` follows the
/// table; `opened` when the winner is the first player (the opening is named first).
pub fn pairing_argument(winner: &str, loser: &str, opened: bool) -> String {
    let turns = if opened {
        format!(
            "At each turn of {loser}, the numbers named so far are the opening and whole pairs of \
             the table, and the last number is the opening or an answer. So {loser}'s move is a \
             divisor or multiple of the opening or of an answer: it is in the first column. Its \
             answer is a divisor or multiple of it; the answer is not yet named, because the \
             named numbers other than the opening are whole pairs, the opening is in no pair, and \
             the move itself was not named, so its partner was not either."
        )
    } else {
        format!(
            "At the first turn of {loser} nothing is named yet, and its move is a first move: it \
             is in the first column. At each later turn of {loser}, the numbers named so far are \
             whole pairs of the table and the last number is an answer, so {loser}'s move is a \
             divisor or multiple of an answer: it is in the first column. Either way its answer \
             is a divisor or multiple of it, and is not yet named, because the named numbers are \
             whole pairs and the move itself was not named, so its partner was not either."
        )
    };
    format!(
        "Then {winner} always has a legal move. {turns} The game is finite and {winner} is never \
         stuck, so {loser} is the one left without a move. (This is the argument of spec.md §5 \
         for closed pairings; it uses the rules only.)"
    )
}

/// For a board past the divisor table (`MAX_CLOSEDNESS`): the factorisation of the opening and
/// of each answer, and the prime witnesses of a version 2 file that prove the large primes.
fn factorisation_blocks(opening: Option<u64>, rows: &[Row], witnesses: &[Witness]) -> Vec<Block> {
    let primes: Vec<u64> = witnesses.iter().map(|w| w.p).collect();
    let mut numbers: Vec<u64> = rows.iter().map(|r| r.answer).chain(opening).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut out = vec![
        Block::Heading("Factorisations".into()),
        Block::Para(
            "The loser's moves are the divisors of the opening and of the answers (and their \
             multiples on the board, which exist only for a number y with 2y ≤ n). Their prime \
             factorisations:"
                .into(),
        ),
        Block::Table(
            vec!["number".into(), "prime factorisation".into()],
            numbers
                .iter()
                .map(|&x| vec![x.to_string(), factorisation(x, &primes)])
                .collect(),
            1,
        ),
    ];
    if !witnesses.is_empty() {
        out.push(Block::Heading("Prime witnesses".into()));
        out.push(Block::Para(format!(
            "This is a version 2 file: it carries {} (spec.md §3.5), one for each prime p ≥ 2^40 \
             whose divisors the check lists (and for such factors of p − 1). Each is a Pratt \
             certificate: a number a of order p − 1 modulo p (a^(p−1) ≡ 1, and a^((p−1)/q) ≢ 1 \
             for each prime q of p − 1), with the factorisation of p − 1; it proves p prime. \
             The verifier checked them before anything else, and the primes of the \
             factorisations above rest on them.",
            if witnesses.len() == 1 {
                "1 prime witness".to_string()
            } else {
                format!("{} prime witnesses", witnesses.len())
            }
        )));
        out.push(Block::Table(
            vec!["p".into(), "a".into(), "p − 1".into()],
            witness_rows(witnesses),
            2,
        ));
    }
    out
}

/// Boards up to this n get the third fact written out by `closedness` (past it the lists are
/// left to the verifier).
const MAX_CLOSEDNESS: u64 = 1 << 12;

/// The third fact of the proof (the first column is closed) written out as a table a reader
/// checks in minutes, from whichever side lists fewer numbers: the numbers outside the first
/// column, each with all its divisors and multiples on the board (none may be an answer or the
/// opening), or every answer with its divisors and multiples (all must be in the first column).
fn closedness(d: &Decoded, opening: Option<u64>, rows: &[Row]) -> Vec<Block> {
    let n = d.n_last;
    if n > MAX_CLOSEDNESS {
        return vec![];
    }
    let in_first: HashSet<u64> = rows.iter().map(|r| r.loser).collect();
    let mut answers: Vec<u64> = rows.iter().map(|r| r.answer).collect();
    answers.sort_unstable();
    answers.dedup();
    let outside: Vec<u64> = (1..=n)
        .filter(|z| !in_first.contains(z) && Some(*z) != opening)
        .collect();
    let board = format!("1..{n}");
    let but_opening = opening
        .map(|e| format!(" other than the opening {e}"))
        .unwrap_or_default();
    if outside.is_empty() {
        return vec![Block::Para(format!(
            "Every number of {board}{but_opening} is in the first column, so the third fact \
             holds trivially."
        ))];
    }
    let near = |z: u64| -> Vec<u64> {
        neighbours(n, z)
            .into_iter()
            .filter(|&x| Some(x) != opening || !answers.contains(&z))
            .collect()
    };
    let cost_outside: usize = outside.iter().map(|&z| neighbours(n, z).len()).sum();
    let cost_answers: usize = answers.iter().map(|&y| neighbours(n, y).len()).sum();
    let table = |numbers: &[u64], first: String, skip_opening: bool| {
        let rows = numbers
            .iter()
            .map(|&z| {
                let listed: Vec<String> = if skip_opening {
                    near(z)
                } else {
                    neighbours(n, z)
                }
                .into_iter()
                .map(|x| x.to_string())
                .collect();
                vec![
                    z.to_string(),
                    if listed.is_empty() {
                        "none".into()
                    } else {
                        listed.join(", ")
                    },
                ]
            })
            .collect();
        Block::Table(
            vec![first, format!("its divisors and multiples on {board}")],
            rows,
            1,
        )
    };
    let mut named = answers.clone();
    named.extend(opening);
    named.sort_unstable();
    named.dedup();
    if cost_outside <= cost_answers {
        // The shorter of the two lists a reader compares against.
        let others: Vec<u64> = (1..=n)
            .filter(|x| answers.binary_search(x).is_err() && Some(*x) != opening)
            .collect();
        let against = if answers.is_empty() && opening.is_none() {
            "there is no answer to compare with".to_string()
        } else if answers.len() <= others.len() {
            format!(
                "no listed number is {}an answer (the second column: {})",
                opening
                    .map(|e| format!("the opening {e} or "))
                    .unwrap_or_default(),
                joined_list(&answers)
            )
        } else {
            format!(
                "every listed number is one of the {} numbers that are {}: {}",
                others.len(),
                if opening.is_some() {
                    "neither an answer nor the opening"
                } else {
                    "not answers"
                },
                joined_list(&others)
            )
        };
        let why = match (opening, d.rule) {
            (None, OpeningRule::Even) => {
                format!("the number is odd (not a first move), and {against}")
            }
            _ => against,
        };
        vec![
            Block::Para(format!(
                "That the first column is closed (the third fact below), checked from outside: the numbers of {board} that are not in \
                 the first column{}, each with all its divisors and multiples on the board. In \
                 every row {why}. So neither a first move nor a neighbour of an answer is \
                 outside the first column.",
                if opening.is_some() {
                    " (the opening left out)"
                } else {
                    ""
                }
            )),
            table(&outside, format!("not in the first column ({})", outside.len()), false),
        ]
    } else {
        vec![
            Block::Para(format!(
                "That the first column is closed (the third fact below), written out: every answer with all its divisors and multiples \
                 on {board}{}; each listed number is in the first column{}.",
                if opening.is_some() {
                    ", and the opening with its own"
                } else {
                    ""
                },
                opening
                    .map(|e| format!(" (the opening {e} is left out of the answers' lists)"))
                    .unwrap_or_default()
            )),
            table(&named, "answer or opening".into(), true),
        ]
    }
}

fn joined_list(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(", ")
}

/// A paragraph naming the pairs of `holder` (the certificate, or an entry) that no row of the
/// closure uses, if there are any.
pub(super) fn unused_pairs(rows: &[Row], pairs: &[(u64, u64)], holder: &str) -> Option<Block> {
    let in_table: HashSet<u64> = rows.iter().map(|r| r.loser).collect();
    let unused: Vec<String> = pairs
        .iter()
        .filter(|(a, b)| !in_table.contains(a) && !in_table.contains(b))
        .map(|(a, b)| format!("({a}, {b})"))
        .collect();
    (!unused.is_empty()).then(|| {
        let list = unused.join(", ");
        Block::Para(format!(
            "The {holder} also holds pairs the loser can never enter: {list}."
        ))
    })
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}
