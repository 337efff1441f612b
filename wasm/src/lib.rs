//! The engine of the static site: the routes of docs/API.md answered inside the browser. The
//! pages' worker (web/js/worker.js) hands a request (method, path, body) to [`call`], which
//! answers with the status, type and bytes `jg serve` would send, from the same library
//! functions (`frontends::serve`'s answers, the `api` feature). This file is the only place
//! that names them: no rule of the game is written here or in JavaScript.
//!
//! What the server does around the answers stays with it or moves to the page: the time limit
//! and the stop are the worker's (web/js/api.js ends a worker past the time limit), bodies are
//! the page's own, and one request runs at a time.

use juniper_green::frontends::serve::boards::{self, BoardsBody, BoardsReviewBody};
use juniper_green::frontends::serve::bounds::{Limits, DEFAULT_CHART_N};
use juniper_green::frontends::serve::error::{ApiError, StatusCode};
use juniper_green::frontends::serve::game::{answer, GameBody};
use juniper_green::frontends::serve::line::LineBody;
use juniper_green::frontends::serve::{line, plan, qr, results, review, verify};
use juniper_green::players::Stop;
use wasm_bindgen::prelude::wasm_bindgen;

/// An answer as the server sends it: status, content type and body.
#[wasm_bindgen]
pub struct Answer {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

#[wasm_bindgen]
impl Answer {
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    #[wasm_bindgen(getter, js_name = contentType)]
    pub fn content_type(&self) -> String {
        self.content_type.to_string()
    }

    /// The body's bytes (moved out: a second call gives none).
    #[wasm_bindgen(js_name = takeBody)]
    pub fn take_body(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.body)
    }
}

const JSON: &str = "application/json";

fn json(value: &impl serde::Serialize) -> Answer {
    match serde_json::to_vec(value) {
        Ok(body) => Answer {
            status: 200,
            content_type: JSON,
            body,
        },
        Err(error) => refusal(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the answer could not be written: {error}"),
        )),
    }
}

fn refusal(error: ApiError) -> Answer {
    Answer {
        status: error.status.as_u16(),
        content_type: JSON,
        body: error.body().into_bytes(),
    }
}

/// The answer to one request of docs/API.md: `method` and `path` (with its query) as the page
/// would send them to `jg serve`, `body` the JSON or the certificate's bytes.
#[wasm_bindgen]
pub fn call(method: &str, path: &str, body: &[u8]) -> Answer {
    match route(method, path, body) {
        Ok(answer) => answer,
        Err(error) => refusal(error),
    }
}

fn route(method: &str, path: &str, body: &[u8]) -> Result<Answer, ApiError> {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let limits = Limits::default();
    // The worker is the stop: api.js ends it at the time limit.
    let stop = Stop::never();
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (method, segments.as_slice()) {
        ("POST", ["api", "game"]) => {
            let request = line::parse_body::<GameBody>(body)?.request()?;
            Ok(json(&answer(&request, &limits, &stop)?))
        }
        ("POST", ["api", "review"]) => {
            let (n, moves) = line::board_and_line(&line::parse_body::<LineBody>(body)?)?;
            Ok(json(&review::review(n, &moves, &stop)?))
        }
        ("POST", ["api", "plan"]) => {
            let (n, moves, chosen) = line::parse_body::<plan::PlanBody>(body)?.request()?;
            Ok(json(&plan::plan_for(n, &moves, chosen, &stop)?))
        }
        ("POST", ["api", "boards"]) => {
            let request = line::parse_body::<BoardsBody>(body)?.request()?;
            Ok(json(&boards::answer(&request, &stop)?))
        }
        ("POST", ["api", "boards", "review"]) => {
            let position = line::parse_body::<BoardsReviewBody>(body)?.position()?;
            Ok(json(&boards::review(&position, &stop)?))
        }
        ("POST", ["api", "verify"]) => {
            let steps = limits.verify_limits(limits.time_limit, None);
            Ok(json(&verify::verify(body, &steps)?))
        }
        ("GET", ["api", "results", n]) => Ok(json(&results::results(path_n(n)?)?)),
        ("GET", ["api", "proof", n]) => Ok(json(&results::proof(path_n(n)?)?)),
        ("GET", ["api", "certificate", n]) => Ok(Answer {
            status: 200,
            content_type: "application/octet-stream",
            body: results::certificate(path_n(n)?)?,
        }),
        ("GET", ["api", "theorem"]) => Ok(json(&results::theorem())),
        ("GET", ["api", "qr"]) => Ok(json(&qr::qr(&query_value(query, "text"))?)),
        ("GET", ["api", "winners"]) => Ok(json(&results::winners(chart_to(query)?)?)),
        ("GET", ["api", "chart.svg"]) => Ok(Answer {
            status: 200,
            content_type: "image/svg+xml",
            body: results::chart(chart_to(query)?)?.into_bytes(),
        }),
        _ => Err(ApiError::not_found(path)),
    }
}

/// n of a path: a whole number from 1 to 2^64 − 1, refused as the server refuses it.
fn path_n(text: &str) -> Result<u64, ApiError> {
    line::path_n(&decode(text))
}

/// The value of `key` in a query, decoded ("" when it is not there).
fn query_value(query: &str, key: &str) -> String {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, value)| decode(value))
        .unwrap_or_default()
}

/// `to` of the chart's query, or the default.
fn chart_to(query: &str) -> Result<u64, ApiError> {
    let to = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == "to")
        .map(|(_, value)| decode(value));
    match to {
        None => Ok(DEFAULT_CHART_N),
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| results::chart_refused(&text, true)),
    }
}

/// A path segment or query value as typed (`%20` and `+` are a space; the pages send numbers).
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| {
            bytes
                .get(at)
                .and_then(|&b| (b as char).to_digit(16))
                .map(|d| d as u8)
        };
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push(high * 16 + low);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn body(answer: &mut Answer) -> Value {
        serde_json::from_slice(&answer.take_body()).unwrap()
    }

    #[test]
    fn a_game_a_refusal_and_an_unknown_route_answer_as_the_server_does() {
        let mut game = call(
            "POST",
            "/api/game",
            br#"{"n": 10, "you": "second", "line": [], "hints": true}"#,
        );
        assert_eq!(game.status(), 200);
        let value = body(&mut game);
        // The perfect player opens on 1..10 (the first player wins n = 10) with a winning move.
        let reply = value["reply"].as_u64().unwrap();
        assert_eq!(value["line"], serde_json::json!([reply]));
        assert_eq!(value["to_move"], "you");

        let mut refused = call("POST", "/api/game", br#"{"n": -4, "you": "first"}"#);
        assert_eq!(refused.status(), 422);
        assert_eq!(body(&mut refused)["code"], "n_range");

        let mut typed = call("GET", "/api/results/%20", b"");
        assert_eq!(typed.status(), 400);
        assert_eq!(body(&mut typed)["values"]["n"], " ");

        assert_eq!(call("GET", "/api/nothing", b"").status(), 404);
        assert_eq!(call("GET", "/api/game", b"").status(), 404);
        assert_eq!(call("POST", "/api/review", b"not json").status(), 400);
    }

    #[test]
    fn the_qr_code_is_the_servers_and_the_addresses_are_the_servers_alone() {
        let mut answer = call(
            "GET",
            "/api/qr?text=http%3A%2F%2Fx%2F%3Fn%3D40%26help%3Doff",
            b"",
        );
        assert_eq!(answer.status(), 200);
        let got = body(&mut answer);
        let expected = serde_json::to_value(qr::qr("http://x/?n=40&help=off").unwrap()).unwrap();
        assert_eq!(got, expected);
        assert_eq!(call("GET", "/api/qr", b"").status(), 422);
        // The static site has no server, so no network address: the page uses its own.
        assert_eq!(call("GET", "/api/addresses", b"").status(), 404);
    }

    #[test]
    fn a_game_on_boards_and_its_review_answer_as_the_server_does() {
        // 1..3 (value 1) beside 1..4 (value 0): the perfect player opens with 2 on 1..3, which
        // leaves the nim-sum 0.
        let mut game = call(
            "POST",
            "/api/boards",
            br#"{"boards": [3, 4], "you": "second", "hints": true}"#,
        );
        assert_eq!(game.status(), 200);
        let value = body(&mut game);
        assert_eq!(value["reply"], serde_json::json!({"board": 0, "number": 2}));
        assert_eq!(value["nim_sum"], 0);
        let mut review = call(
            "POST",
            "/api/boards/review",
            br#"{"boards": [3, 4], "moves": [{"board": 1, "number": 4}]}"#,
        );
        assert_eq!(review.status(), 200);
        // From nim-sum 1, 4 on 1..4 (value 2 after it) leaves 3: a mistake.
        assert_eq!(body(&mut review)["first_mistake"], 0);
        let mut refused = call("POST", "/api/boards", br#"{"boards": [3], "you": "first"}"#);
        assert_eq!(refused.status(), 422);
        assert_eq!(body(&mut refused)["code"], "boards_count");
    }

    #[test]
    fn the_chart_reads_its_query() {
        assert_eq!(chart_to("").unwrap(), DEFAULT_CHART_N);
        assert_eq!(chart_to("to=30").unwrap(), 30);
        assert!(chart_to("to=x").is_err());
        assert_eq!(decode("1%2B1+2"), "1+1 2");
    }
}
