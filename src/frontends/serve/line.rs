//! The board and the line of play of a request (`POST /api/game`, `/api/review`, `/api/plan`),
//! read from the JSON values as sent, with refusals a person reads: a number typed on the page
//! that is not on the board is named with the rule it breaks ("-4 is not a number from 1 to
//! 20"), never with a parser's words. Each refusal also carries a code and its values
//! (docs/API.md, "Errors"), from which the pages word it in French or English.

use super::bounds::MAX_GAME_N;
use super::error::ApiError;
use crate::game::{check_line, IllegalLine, IllegalReason, OpeningRule};
use serde::de::{self, Deserializer};
use serde::Deserialize;
use serde_json::{json, Value};

/// The rule of every game the server plays: the first number is even.
pub const RULE: OpeningRule = OpeningRule::Even;

/// A JSON value where a whole number is wanted, kept as small as the request allows: the number
/// (a JSON number, or a string of digits as a form sends it), or the text a person typed (a
/// string without its quotes, a number or `true` as written, a list as `[…]`, an object as
/// `{…}`; cut to [`SHOWN_CHARS`] characters), for the refusal. Never a parsed tree: a request
/// holds no more than its numbers (issue 57: each `[0]` of a parsed `serde_json::Value` cost
/// 176 bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    Whole(u64),
    Shown(String),
}

/// The characters of a refused value a refusal repeats.
pub const SHOWN_CHARS: usize = 40;

impl Typed {
    /// The value as a person typed it.
    pub fn shown(&self) -> String {
        match self {
            Typed::Whole(k) => k.to_string(),
            Typed::Shown(text) => text.clone(),
        }
    }

    /// A whole number from `low` to `high`, else None.
    pub fn whole(&self, low: u64, high: u64) -> Option<u64> {
        match self {
            Typed::Whole(k) => Some(*k).filter(|k| (low..=high).contains(k)),
            Typed::Shown(_) => None,
        }
    }

    /// `text` as shown, cut to [`SHOWN_CHARS`] characters.
    fn cut(text: &str) -> Typed {
        Typed::Shown(match text.char_indices().nth(SHOWN_CHARS) {
            Some((at, _)) => format!("{}…", &text[..at]),
            None => text.to_string(),
        })
    }
}

/// Reads one JSON value as a [`Typed`] without building it: a number as it comes, a string
/// of digits as its number, anything else as its text (a list or an object, skipped without
/// being held, as `[…]` or `{…}`).
struct TypedVisitor;

impl<'de> de::Visitor<'de> for TypedVisitor {
    type Value = Typed;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a number")
    }
    fn visit_u64<E>(self, k: u64) -> Result<Typed, E> {
        Ok(Typed::Whole(k))
    }
    fn visit_i64<E>(self, k: i64) -> Result<Typed, E> {
        Ok(Typed::Shown(k.to_string()))
    }
    fn visit_f64<E>(self, x: f64) -> Result<Typed, E> {
        // As serde_json writes it (2.5, 1000.0).
        Ok(Typed::Shown(Value::from(x).to_string()))
    }
    fn visit_str<E>(self, text: &str) -> Result<Typed, E> {
        // A string of digits is the number a form sends.
        Ok(text
            .trim()
            .parse()
            .map_or_else(|_| Typed::cut(text), Typed::Whole))
    }
    fn visit_bool<E>(self, b: bool) -> Result<Typed, E> {
        Ok(Typed::Shown(b.to_string()))
    }
    fn visit_unit<E>(self) -> Result<Typed, E> {
        Ok(Typed::Shown("null".into()))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Typed, A::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(Typed::Shown("[…]".into()))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Typed, A::Error> {
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Typed::Shown("{…}".into()))
    }
}

impl<'de> Deserialize<'de> for Typed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Typed, D::Error> {
        deserializer.deserialize_any(TypedVisitor)
    }
}

/// A line of play as the request carried it, read in one pass without a tree: the moves up to
/// the first one that is not a whole number (then that one, shown), and how many there were in
/// all. At most [`MAX_GAME_N`] moves are kept (a longer line is refused, the rest only
/// counted), so a line holds at most 8 bytes a move, 80 KB.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    /// The whole numbers before the first value that is none.
    pub whole: Vec<u64>,
    /// The first value that is not a whole number, and its index.
    pub odd: Option<(usize, String)>,
    /// The values of the list, all counted.
    pub count: usize,
}

impl Moves {
    /// The bytes a line of at most `moves` moves may hold while it is read (its list may
    /// double past its length once): what a request charges for it before it is parsed.
    pub fn most_bytes(moves: usize) -> usize {
        16 * moves.min(MAX_GAME_N as usize + 1) + 16
    }
}

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Moves, D::Error> {
        struct Visitor;
        impl<'de> de::Visitor<'de> for Visitor {
            type Value = Moves;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of numbers (line)")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Moves, A::Error> {
                let mut moves = Moves::default();
                loop {
                    let kept = moves.odd.is_none() && moves.count <= MAX_GAME_N as usize;
                    let more = if kept {
                        seq.next_element::<Typed>()?.map(|typed| match typed {
                            Typed::Whole(k) => moves.whole.push(k),
                            shown => moves.odd = Some((moves.count, shown.shown())),
                        })
                    } else {
                        seq.next_element::<de::IgnoredAny>()?.map(|_| ())
                    };
                    if more.is_none() {
                        break;
                    }
                    moves.count += 1;
                }
                moves.whole.shrink_to_fit();
                Ok(moves)
            }
        }
        deserializer.deserialize_seq(Visitor)
    }
}

/// n of a path (`/api/results/{n}`, `/api/proof/{n}`, `/api/certificate/{n}`) as typed: a whole
/// number from 1 to 2^64 − 1 (0 is refused by the route, 422), else 400 in plain words. The
/// server's router and the static site's engine (wasm/) both read it here.
pub fn path_n(text: &str) -> Result<u64, ApiError> {
    text.parse::<u64>().map_err(|_| {
        ApiError::bad_request(format!(
            "n = {text} is not possible: n must be a number from 1 to {}",
            u64::MAX
        ))
        .with_code("n_range", json!({ "n": text, "max": u64::MAX.to_string() }))
    })
}

/// A JSON body read straight into the route's `T` (never a tree of values): 400 when it is not
/// JSON, or not the JSON of the route (another field, a value of another type). The server's
/// router and the static site's engine (wasm/) both read bodies with it.
pub fn parse_body<T: de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|error| {
        if error.is_data() {
            // The position is left out: the field named says where.
            let text = error.to_string();
            let text = text
                .rsplit_once(" at line ")
                .map_or(&text[..], |(what, _)| what);
            ApiError::bad_request(format!(
                "the body is not the JSON this route reads ({text}); docs/API.md gives its fields"
            ))
        } else {
            ApiError::bad_request(format!(
                "the body is not JSON ({error}); docs/API.md gives each route's fields"
            ))
        }
    })
}

/// `{"n": …, "line": […]}`, the body of `/api/review` and `/api/plan` (no other field).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineBody {
    pub n: Option<Typed>,
    pub line: Option<Moves>,
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
pub fn board_n(value: Option<&Typed>) -> Result<u64, ApiError> {
    let value = value.ok_or_else(|| {
        ApiError::bad_request("the body has no n (the board 1..n): docs/API.md gives its fields")
    })?;
    value
        .whole(1, MAX_GAME_N)
        .ok_or_else(|| n_refused(&value.shown(), MAX_GAME_N))
}

/// The line of play of a request on 1..n (none: the empty line): every move a number of the
/// board, and every move legal, else 422 naming the move and the rule.
pub fn line_of_play(moves: Option<&Moves>, n: u64) -> Result<Vec<u64>, ApiError> {
    let Some(moves) = moves else {
        return Ok(Vec::new());
    };
    not_too_long(n, moves.count)?;
    let out_of_range = |index: usize, typed: String| {
        ApiError::unprocessable(format!("{typed} is not a number from 1 to {n}")).with_code(
            "move_range",
            json!({ "move": typed, "n": n, "index": index }),
        )
    };
    if let Some(index) = moves.whole.iter().position(|k| !(1..=n).contains(k)) {
        return Err(out_of_range(index, moves.whole[index].to_string()));
    }
    if let Some((index, typed)) = &moves.odd {
        return Err(out_of_range(*index, typed.clone()));
    }
    legal(n, &moves.whole)?;
    Ok(moves.whole.clone())
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
    check_line(n, RULE, line)
        .map(drop)
        .map_err(|illegal| refused(line, illegal))
}

/// The refusal (422) of `line`, whose move `illegal` breaks a rule: the move and the rule.
pub fn refused(line: &[u64], illegal: IllegalLine) -> ApiError {
    let (k, index) = (illegal.number, illegal.index);
    match illegal.reason {
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
    }
}

/// n and a legal line of `/api/review` and `/api/plan`.
pub fn board_and_line(body: &LineBody) -> Result<(u64, Vec<u64>), ApiError> {
    let n = board_n(body.n.as_ref())?;
    let line = line_of_play(body.line.as_ref(), n)?;
    Ok((n, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body as the route reads it: text parsed into `LineBody`, then n and the line.
    fn read(body: &Value) -> Result<(u64, Vec<u64>), ApiError> {
        let body: LineBody = serde_json::from_str(&body.to_string())
            .map_err(|error| ApiError::bad_request(error.to_string()))?;
        board_and_line(&body)
    }

    fn refusal(body: Value) -> ApiError {
        read(&body).expect_err("refused")
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
            read(&json!({"n": "20", "line": ["4", 2]})).unwrap(),
            (20, vec![4, 2])
        );
        // Another field, or a line longer than the board, is refused; a value of the line
        // that is a list is shown cut.
        assert_eq!(refusal(json!({"n": 20, "pad": [[0]]})).status.as_u16(), 400);
        let long = refusal(json!({"n": 3, "line": vec![[0]; 20_000]}));
        assert_eq!(
            long.message,
            "the line has 20000 moves, more than the 3 numbers of the board"
        );
        let nested = refusal(json!({"n": 20, "line": [4, vec![0; 100]]}));
        assert_eq!(nested.message, "[…] is not a number from 1 to 20");
        let long = refusal(json!({"n": 20, "line": ["x".repeat(100)]}));
        assert_eq!(
            long.message,
            format!("{}… is not a number from 1 to 20", "x".repeat(40))
        );
    }

    #[test]
    fn a_line_holds_its_numbers_only() {
        let text = format!("[{}]", vec!["[0]"; 60_000].join(","));
        let moves: Moves = serde_json::from_str(&text).unwrap();
        assert_eq!(moves.count, 60_000);
        assert!(moves.whole.is_empty());
        assert_eq!(moves.odd, Some((0, "[…]".to_string())));
        let text = format!("[{}]", vec!["7"; 30_000].join(","));
        let moves: Moves = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (moves.count, moves.whole.len()),
            (30_000, MAX_GAME_N as usize + 1)
        );
        assert!(moves.whole.capacity() * 8 <= Moves::most_bytes(text.len()));
    }
}
