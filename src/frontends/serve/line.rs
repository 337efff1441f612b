//! The board and the line of play of a request (`POST /api/game`, `/api/review`, `/api/plan`),
//! read from the JSON values as sent, with refusals a person reads: a number typed on the page
//! that is not on the board is named with the rule it breaks ("-4 is not a number from 1 to
//! 20"), never with a parser's words. Each refusal also carries a code and its values
//! (docs/API.md, "Errors"), from which the pages word it in French or English.

use super::bounds::MAX_GAME_N;
use super::error::ApiError;
use crate::game::{check_line, IllegalReason, OpeningRule};
use serde_json::{json, Value};

/// The rule of every game the server plays: the first number is even.
pub const RULE: OpeningRule = OpeningRule::Even;

/// A JSON value as a person typed it: a number as written, a string without its quotes.
pub fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A whole number from `low` to `high` carried by `value` (a JSON number; a string of digits is
/// read too, as a form sends it), else None.
fn whole(value: &Value, low: u64, high: u64) -> Option<u64> {
    let k = match value {
        Value::Number(number) => number.as_u64()?,
        Value::String(text) => text.trim().parse::<u64>().ok()?,
        _ => return None,
    };
    (low..=high).contains(&k).then_some(k)
}

/// The refusal of a board size: "n = 0 is not possible: n must be a number from 1 to 10000"
/// (422; the values are strings, as `max` may pass 2^53).
pub fn n_refused(typed: &str, max: u64) -> ApiError {
    ApiError::unprocessable(format!(
        "n = {typed} is not possible: n must be a number from 1 to {max}"
    ))
    .with_code("n_range", json!({ "n": typed, "max": max.to_string() }))
}

/// n of a game's request: a whole number from 1 to [`MAX_GAME_N`].
pub fn board_n(value: Option<&Value>) -> Result<u64, ApiError> {
    let value = value.ok_or_else(|| {
        ApiError::bad_request("the body has no n (the board 1..n): docs/API.md gives its fields")
    })?;
    whole(value, 1, MAX_GAME_N).ok_or_else(|| n_refused(&shown(value), MAX_GAME_N))
}

/// The line of play of a request on 1..n (none: the empty line): every move a number of the
/// board, and every move legal, else 422 naming the move and the rule.
pub fn line_of_play(value: Option<&Value>, n: u64) -> Result<Vec<u64>, ApiError> {
    let moves = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(moves)) => moves,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "line must be a list of numbers, and it is {other}"
            )))
        }
    };
    not_too_long(n, moves.len())?;
    let mut line = Vec::with_capacity(moves.len());
    for (index, value) in moves.iter().enumerate() {
        let k = whole(value, 1, n).ok_or_else(|| {
            let typed = shown(value);
            ApiError::unprocessable(format!("{typed} is not a number from 1 to {n}")).with_code(
                "move_range",
                json!({ "move": typed, "n": n, "index": index }),
            )
        })?;
        line.push(k);
    }
    legal(n, &line)?;
    Ok(line)
}

/// Refuses (422) a line of `moves` moves on 1..n when it has more moves than the board has
/// numbers (before its moves are read).
pub fn not_too_long(n: u64, moves: usize) -> Result<(), ApiError> {
    if moves as u64 > n {
        return Err(ApiError::unprocessable(format!(
            "the line has {moves} moves, more than the {n} numbers of the board"
        )));
    }
    Ok(())
}

/// Refuses (422) a line with an illegal move, naming the move and the rule it breaks.
pub fn legal(n: u64, line: &[u64]) -> Result<(), ApiError> {
    let Err(illegal) = check_line(n, RULE, line) else {
        return Ok(());
    };
    let (k, index) = (illegal.number, illegal.index);
    Err(match illegal.reason {
        IllegalReason::OffBoard { n } => {
            ApiError::unprocessable(format!("{k} is not a number from 1 to {n}")).with_code(
                "move_range",
                json!({ "move": k.to_string(), "n": n, "index": index }),
            )
        }
        IllegalReason::AlreadyPlayed => {
            let at = line.iter().position(|&m| m == k).unwrap_or(index);
            ApiError::unprocessable(format!(
                "{k} was already played (move {}): each number is named once",
                at + 1
            ))
            .with_code("played", json!({ "move": k, "at": at, "index": index }))
        }
        IllegalReason::OddOpening => ApiError::unprocessable(format!(
            "{k} cannot open the game: the first number must be even"
        ))
        .with_code("odd_opening", json!({ "move": k, "index": index })),
        IllegalReason::NotRelated { last } => ApiError::unprocessable(format!(
            "{k} cannot follow {last}: it must divide {last} or be a multiple of it"
        ))
        .with_code(
            "not_related",
            json!({ "move": k, "last": last, "index": index }),
        ),
    })
}

/// `{"n": …, "line": […]}`, the body of `/api/review` and `/api/plan`: n and a legal line.
pub fn board_and_line(body: &Value) -> Result<(u64, Vec<u64>), ApiError> {
    if !body.is_object() {
        return Err(ApiError::bad_request(
            "the body must be a JSON object {\"n\": …, \"line\": […]} (docs/API.md)",
        ));
    }
    let n = board_n(body.get("n"))?;
    let line = line_of_play(body.get("line"), n)?;
    Ok((n, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(body: Value) -> ApiError {
        board_and_line(&body).expect_err("refused")
    }

    #[test]
    fn a_refusal_names_the_number_and_the_rule_in_plain_words() {
        let cases = [
            (
                json!({"n": 20, "line": [-4]}),
                "-4 is not a number from 1 to 20",
                "move_range",
            ),
            (
                json!({"n": 20, "line": [2.5]}),
                "2.5 is not a number from 1 to 20",
                "move_range",
            ),
            (
                json!({"n": 20, "line": ["x"]}),
                "x is not a number from 1 to 20",
                "move_range",
            ),
            (
                json!({"n": 20, "line": [22]}),
                "22 is not a number from 1 to 20",
                "move_range",
            ),
            (
                json!({"n": 0}),
                "n = 0 is not possible: n must be a number from 1 to 10000",
                "n_range",
            ),
            (
                json!({"n": "ten"}),
                "n = ten is not possible: n must be a number from 1 to 10000",
                "n_range",
            ),
            (
                json!({"n": 20, "line": [3]}),
                "3 cannot open the game: the first number must be even",
                "odd_opening",
            ),
            (
                json!({"n": 20, "line": [4, 7]}),
                "7 cannot follow 4: it must divide 4 or be a multiple of it",
                "not_related",
            ),
            (
                json!({"n": 20, "line": [4, 2, 4]}),
                "4 was already played (move 1): each number is named once",
                "played",
            ),
        ];
        for (body, sentence, code) in cases {
            let error = refusal(body.clone());
            assert_eq!(error.message, sentence, "{body}");
            assert_eq!(error.code, Some(code), "{body}");
            assert_eq!(error.status.as_u16(), 422, "{body}");
        }
        let played = refusal(json!({"n": 20, "line": [4, 2, 4]}));
        assert_eq!(played.values["at"], 0);
        assert_eq!(played.values["index"], 2);
        // Malformed, not out of range: 400 and no code.
        for body in [json!([1]), json!({"line": []}), json!({"n": 20, "line": 4})] {
            let error = refusal(body.clone());
            assert_eq!(error.status.as_u16(), 400, "{body}");
            assert_eq!(error.code, None, "{body}");
        }
        assert_eq!(
            board_and_line(&json!({"n": "20", "line": ["4", 2]})).unwrap(),
            (20, vec![4, 2])
        );
    }
}
