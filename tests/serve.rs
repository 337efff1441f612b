//! `jg serve` in-process: every route of docs/API.md through the router itself (tower's
//! `oneshot`, no socket), every class of refusal with its JSON sentence, whole games against the
//! perfect player with every `legal` and `winning` list checked against engines the server does
//! not use (plain recursion, the exact search), the replies reproduced by their seed, and the
//! verify route on a valid, a bit-flipped, a truncated and a foreign file.
#![cfg(feature = "serve")]

mod serve_support;

use axum::body::{to_bytes, Body};
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use juniper_green::engines::search::{SearchConfig, Searcher};
use juniper_green::frontends::serve::{app, assets, bounds, listen, Hosts};
use juniper_green::game::{related, Board, OpeningRule};
use serde_json::{json, Value};
use serve_support::server;
use std::collections::HashMap;
use std::time::Duration;
use tower::ServiceExt;

/// The server's names when it listens on 127.0.0.1:8080.
fn hosts() -> Hosts {
    Hosts::for_address("127.0.0.1:8080".parse().unwrap(), &[])
}

/// One request as the pages send it (Host `localhost:8080`; a POST to `/api/verify` as
/// `application/octet-stream`, any other as `application/json`): the status, the content type
/// and the body.
async fn call(
    router: &Router,
    method: Method,
    uri: &str,
    body: Vec<u8>,
) -> (StatusCode, String, Vec<u8>) {
    let mut request = Request::builder()
        .method(method.clone())
        .uri(uri)
        .header("host", "localhost:8080");
    if method == Method::POST {
        let mime = if uri.starts_with("/api/verify") {
            "application/octet-stream"
        } else {
            "application/json"
        };
        request = request.header("content-type", mime);
    }
    let request = request.body(Body::from(body)).expect("a request");
    send(router, request).await
}

/// Any request: the status, the content type and the body.
async fn send(router: &Router, request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
    let response = router.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let mime = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap_or_default().to_string())
        .unwrap_or_default();
    let bytes = to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("the body");
    (status, mime, bytes.to_vec())
}

async fn get_json(router: &Router, uri: &str) -> (StatusCode, Value) {
    let (status, mime, body) = call(router, Method::GET, uri, Vec::new()).await;
    assert_eq!(mime, "application/json", "{uri}");
    (status, serde_json::from_slice(&body).expect("JSON"))
}

async fn post_json(router: &Router, uri: &str, body: &Value) -> (StatusCode, Value) {
    let (status, mime, body) = call(router, Method::POST, uri, body.to_string().into_bytes()).await;
    assert_eq!(mime, "application/json", "{uri}");
    (status, serde_json::from_slice(&body).expect("JSON"))
}

// ---- independent engines ----------------------------------------------------------------

/// Known positions: (n, the numbers played as bits, the last one) → whether the player to move
/// wins.
type Memo = HashMap<(u64, u64, u64), bool>;

/// Whether the player to move wins after `line`, by plain recursion over the raw rules with a
/// memo (n ≤ 63).
fn to_move_wins(n: u64, line: &mut Vec<u64>, memo: &mut Memo) -> bool {
    let mask = line.iter().fold(0u64, |m, &k| m | 1 << (k - 1));
    let key = (n, mask, line.last().copied().unwrap_or(0));
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut wins = false;
    for m in serve_support::legal(n, line) {
        line.push(m);
        let opponent_wins = to_move_wins(n, line, memo);
        line.pop();
        if !opponent_wins {
            wins = true;
            break;
        }
    }
    memo.insert(key, wins);
    wins
}

/// The winning moves after `line` by an engine the server does not ask: plain recursion up to
/// n = 24, the exact search (docs/MATH.md §2) above.
fn independent_winning(n: u64, line: &[u64], memo: &mut Memo) -> Vec<u64> {
    if n <= 24 {
        let mut line = line.to_vec();
        return serve_support::legal(n, &line.clone())
            .into_iter()
            .filter(|&m| {
                line.push(m);
                let wins = !to_move_wins(n, &mut line, memo);
                line.pop();
                wins
            })
            .collect();
    }
    let board = Board::with_opening(n as u32, OpeningRule::Even);
    let position = board.play_line(line).expect("a legal line");
    Searcher::new(&board, &SearchConfig::default())
        .winning_moves(&position)
        .into_iter()
        .map(u64::from)
        .collect()
}

// ---- pages --------------------------------------------------------------------------------

#[tokio::test]
async fn every_embedded_page_is_served_with_its_content_type() {
    let router = server();
    let (status, mime, body) = call(&router, Method::GET, "/", Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(mime, "text/html; charset=utf-8");
    assert_eq!(body, std::fs::read("web/index.html").unwrap());
    let paths = assets::paths();
    for expected in [
        "index.html",
        "style.css",
        "js/main.js",
        "js/play.js",
        "js/review.js",
        "js/results.js",
        "js/verify.js",
        "js/words.js",
    ] {
        assert!(paths.contains(&expected.to_string()), "{paths:?}");
    }
    for path in &paths {
        let (status, mime, body) =
            call(&router, Method::GET, &format!("/{path}"), Vec::new()).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(
            body,
            std::fs::read(format!("web/{path}")).unwrap(),
            "{path}"
        );
        let want = match path.rsplit('.').next().unwrap() {
            "html" => "text/html",
            "css" => "text/css",
            "js" | "mjs" => "javascript",
            "svg" => "image/svg+xml",
            "png" => "image/png",
            _ => "",
        };
        assert!(mime.contains(want), "{path}: {mime}");
    }
    for climbing in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/web/index.html",
        "//index.html",
    ] {
        let (status, _) = get_json(&router, climbing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{climbing}");
    }
}

// ---- the game -----------------------------------------------------------------------------

fn game(n: u64, you: &str, opponent: &str, seed: u64, line: &[u64]) -> Value {
    json!({"n": n, "you": you, "opponent": opponent, "seed": seed, "line": line, "hints": true})
}

/// The person's choice: from the legal moves, the winning ones and the turn number.
type Pick = dyn Fn(&[u64], &[u64], usize) -> u64;

/// Plays a whole game against the perfect player; the person picks with `pick` among the
/// legal moves. Every answer is checked: the line extended by the reply only, the reply legal,
/// `legal` and `winning` equal to the independent engines'. Returns the last answer.
async fn play_out(router: &Router, n: u64, you: &str, pick: &Pick) -> Value {
    let mut memo = HashMap::new();
    let mut line: Vec<u64> = Vec::new();
    for turn in 0.. {
        let (status, answer) =
            post_json(router, "/api/game", &game(n, you, "perfect", 0, &line)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let got: Vec<u64> = serde_json::from_value(answer["line"].clone()).unwrap();
        assert!(
            got.starts_with(&line) && got.len() <= line.len() + 1,
            "{line:?} → {got:?}"
        );
        if got.len() == line.len() + 1 {
            let reply = got[line.len()];
            assert_eq!(answer["reply"], json!(reply));
            assert!(
                serve_support::legal(n, &line).contains(&reply),
                "{line:?}: reply {reply}"
            );
        } else {
            assert_eq!(answer["reply"], Value::Null);
        }
        line = got;
        let legal: Vec<u64> = serde_json::from_value(answer["legal"].clone()).unwrap();
        let winning: Vec<u64> = serde_json::from_value(answer["winning"].clone()).unwrap();
        if answer["over"] == json!(true) {
            assert!(
                serve_support::legal(n, &line).is_empty(),
                "over with moves left: {line:?}"
            );
            assert!(legal.is_empty() && winning.is_empty());
            return answer;
        }
        assert_eq!(answer["to_move"], json!("you"));
        assert_eq!(legal, serve_support::legal(n, &line), "n = {n}, {line:?}");
        assert_eq!(
            winning,
            independent_winning(n, &line, &mut memo),
            "n = {n}, {line:?}"
        );
        line.push(pick(&legal, &winning, turn));
    }
    unreachable!()
}

/// The person's side that loses on 1..n (the perfect player then has the winning side).
fn losing_side(n: u64) -> &'static str {
    let mut memo = HashMap::new();
    if to_move_wins_any(n, &mut memo) {
        "second"
    } else {
        "first"
    }
}

fn to_move_wins_any(n: u64, memo: &mut Memo) -> bool {
    if n <= 24 {
        return to_move_wins(n, &mut Vec::new(), memo);
    }
    !independent_winning(n, &[], memo).is_empty()
}

#[tokio::test]
async fn the_perfect_player_wins_from_the_winning_side_by_its_certificate() {
    let router = server();
    // Small boards by plain recursion, n = 110 (second player) and 40 (first) by the search.
    for n in [2, 3, 8, 11, 14, 18, 20, 23, 40, 110] {
        let you = losing_side(n);
        for style in 0..3usize {
            let pick = move |legal: &[u64], _: &[u64], turn: usize| match style {
                0 => legal[0],
                1 => legal[legal.len() - 1],
                _ => legal[(turn * 7 + 3) % legal.len()],
            };
            let end = play_out(&router, n, you, &pick).await;
            assert_eq!(end["winner"], json!("opponent"), "n = {n}: {end}");
            let line: Vec<u64> = serde_json::from_value(end["line"].clone()).unwrap();
            let last = *line.last().unwrap();
            let message = end["message"].as_str().unwrap();
            assert!(
                message.starts_with(&format!("The opponent's {last} left you no legal move")),
                "{message}"
            );
            assert!(message.ends_with("The opponent wins."), "{message}");
            // Every number related to the last one is named in the message, all played.
            let related_numbers: Vec<u64> = (1..=n).filter(|&k| related(k, last)).collect();
            assert!(related_numbers.iter().all(|k| line.contains(k)));
            // The same as numbers, for the pages to word.
            assert_eq!(
                end["end"],
                json!({"last": last, "related": related_numbers})
            );
            let side = if you == "first" { "second" } else { "first" };
            assert_eq!(end["winner_side"], json!(side));
            assert_eq!(end["to_move_side"], Value::Null);
            let facts = &end["strategy_facts"];
            assert_eq!(facts["kind"], json!("pairing"), "{facts}");
            assert_eq!(facts["side"], json!(side));
            let first = usize::from(you == "second");
            let pairs: Vec<Vec<u64>> = line[first..]
                .chunks(2)
                .filter(|p| p.len() == 2)
                .map(<[u64]>::to_vec)
                .collect();
            assert_eq!(facts["pairs"], json!(pairs));
            let opening = (you == "second").then(|| line[0]);
            assert_eq!(facts["opening"], json!(opening));
            let strategy = end["strategy"].as_str().unwrap();
            assert!(
                strategy.contains("every number you named had a partner"),
                "{strategy}"
            );
            // The pairs named are the line's own.
            let first = usize::from(you == "second");
            for pair in line[first..].chunks(2).filter(|p| p.len() == 2) {
                assert!(
                    strategy.contains(&format!("{} ↔ {}", pair[0], pair[1])),
                    "{strategy}"
                );
            }
            let url = end["certificate"].as_str().unwrap();
            assert_eq!(url, format!("/api/certificate/{n}"));
            // The certificate offered proves the perfect player's side.
            let (status, _, bytes) = call(&router, Method::GET, url, Vec::new()).await;
            assert_eq!(status, StatusCode::OK);
            let (status, verdict) = {
                let (s, _, b) = call(&router, Method::POST, "/api/verify", bytes).await;
                (s, serde_json::from_slice::<Value>(&b).unwrap())
            };
            assert_eq!(status, StatusCode::OK);
            assert_eq!(verdict["valid"], json!(true));
            let side = if you == "first" { "second" } else { "first" };
            let claim = format!("n={n}, {side} player wins");
            assert!(
                verdict["verdict"].as_str().unwrap().contains(&claim),
                "{verdict}"
            );
        }
    }
}

#[tokio::test]
async fn a_persons_mistake_is_named_with_the_winning_moves_it_missed() {
    let router = server();
    // n = 20: the first player wins, but not by opening 14 (docs/MATH.md).
    let n = 20;
    let mut memo = HashMap::new();
    let pick = |legal: &[u64], winning: &[u64], turn: usize| {
        if turn == 0 {
            14
        } else {
            winning.first().copied().unwrap_or(legal[0])
        }
    };
    assert!(!independent_winning(n, &[], &mut memo).contains(&14));
    let end = play_out(&router, n, "first", &pick).await;
    assert_eq!(end["winner"], json!("opponent"));
    let strategy = end["strategy"].as_str().unwrap();
    let winning: Vec<String> = independent_winning(n, &[], &mut memo)
        .iter()
        .map(u64::to_string)
        .collect();
    assert!(
        strategy.starts_with(&format!(
            "You had a winning position until move 1 of the game: there you played 14, but the winning moves were {}",
            winning.join(" ")
        )),
        "{strategy}"
    );
    assert_eq!(
        end["certificate"],
        Value::Null,
        "the certificate of 20 proves the person's side"
    );
    let line: Vec<u64> = serde_json::from_value(end["line"].clone()).unwrap();
    // The perfect player's answer to the mistake (line[1]); the moves after it: the person's
    // next move (line[2]) and its reply, on.
    let after: Vec<Vec<u64>> = line[2..]
        .chunks(2)
        .map(<[u64]>::to_vec)
        .filter(|p| p.len() == 2)
        .collect();
    let openings = independent_winning(n, &[], &mut memo);
    assert_eq!(
        end["strategy_facts"],
        json!({"kind": "mistake", "index": 0, "played": 14, "winning": openings,
               "answer": line[1], "pairs": after}),
    );
}

#[tokio::test]
async fn a_person_who_plays_the_winning_moves_wins_and_gets_no_strategy() {
    let router = server();
    for n in [3, 8, 20, 110] {
        let you = if losing_side(n) == "first" {
            "second"
        } else {
            "first"
        };
        let pick =
            |legal: &[u64], winning: &[u64], _: usize| winning.first().copied().unwrap_or(legal[0]);
        let end = play_out(&router, n, you, &pick).await;
        assert_eq!(end["winner"], json!("you"), "n = {n}: {end}");
        assert!(end["message"].as_str().unwrap().ends_with("You win."));
        assert_eq!(end["strategy"], Value::Null);
        assert_eq!(end["strategy_facts"], Value::Null);
        assert_eq!(end["certificate"], Value::Null);
        assert_eq!(end["winner_side"], json!(you));
        let line: Vec<u64> = serde_json::from_value(end["line"].clone()).unwrap();
        assert_eq!(end["end"]["last"], json!(line.last()));
    }
}

#[tokio::test]
async fn two_people_play_a_whole_game_judged_by_the_server_alone() {
    let router = server();
    let mut memo = HashMap::new();
    for (n, style) in [(20u64, 0usize), (20, 1), (23, 2), (14, 3)] {
        let mut line: Vec<u64> = Vec::new();
        let end = loop {
            let request = json!({"n": n, "you": "first", "opponent": "person", "line": line,
                                 "hints": style != 3});
            let (status, answer) = post_json(&router, "/api/game", &request).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            // The server plays no move: the line is the one sent.
            assert_eq!(answer["line"], json!(line));
            assert_eq!(answer["reply"], Value::Null);
            let legal: Vec<u64> = serde_json::from_value(answer["legal"].clone()).unwrap();
            assert_eq!(legal, serve_support::legal(n, &line), "n = {n}, {line:?}");
            if answer["over"] == json!(true) {
                break answer;
            }
            let side = if line.len().is_multiple_of(2) {
                "first"
            } else {
                "second"
            };
            let who = if side == "first" { "you" } else { "opponent" };
            assert_eq!(answer["to_move_side"], json!(side));
            assert_eq!(answer["to_move"], json!(who));
            if style == 3 {
                assert_eq!(answer["winning"], Value::Null);
            } else {
                let winning: Vec<u64> = serde_json::from_value(answer["winning"].clone()).unwrap();
                assert_eq!(
                    winning,
                    independent_winning(n, &line, &mut memo),
                    "{line:?}"
                );
            }
            let turn = line.len();
            line.push(match style {
                0 => legal[0],
                1 => legal[legal.len() - 1],
                _ => legal[(turn * 5 + 1) % legal.len()],
            });
        };
        let loser = if line.len().is_multiple_of(2) {
            "first"
        } else {
            "second"
        };
        let winner = if loser == "first" { "second" } else { "first" };
        assert_eq!(end["winner_side"], json!(winner), "{end}");
        let last = *line.last().unwrap();
        let related_numbers: Vec<u64> = (1..=n).filter(|&k| related(k, last)).collect();
        assert_eq!(
            end["end"],
            json!({"last": last, "related": related_numbers})
        );
        assert_eq!(end["strategy"], Value::Null);
        assert_eq!(end["certificate"], Value::Null);
    }
    // An illegal move of either person is refused like any other.
    let (status, answer) = post_json(
        &router,
        "/api/game",
        &json!({"n": 20, "you": "first", "opponent": "person", "line": [4, 7]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["code"], json!("not_related"));
}

#[tokio::test]
async fn the_same_request_gets_the_same_reply_and_the_seed_matters() {
    let router = server();
    let mut replies = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let request = game(100, "first", "random", seed, &[60]);
        let (status, first) = post_json(&router, "/api/game", &request).await;
        assert_eq!(status, StatusCode::OK);
        let (_, second) = post_json(&router, "/api/game", &request).await;
        assert_eq!(first, second, "seed {seed}");
        assert!(serve_support::legal(100, &[60]).contains(&first["reply"].as_u64().unwrap()));
        replies.insert(first["reply"].as_u64().unwrap());
    }
    // 60 has 17 replies on 1..100: twelve seeds drawing one and the same would be no draw.
    assert!(replies.len() > 1, "{replies:?}");
    // The opponent opens when the person is second; hints are null when not asked.
    let (_, opened) = post_json(
        &router,
        "/api/game",
        &json!({"n": 30, "you": "second", "opponent": "fewest-replies"}),
    )
    .await;
    assert_eq!(opened["line"].as_array().unwrap().len(), 1);
    assert_eq!(opened["winning"], Value::Null);
    assert_eq!(opened["to_move"], json!("you"));
}

#[tokio::test]
async fn every_opponent_plays_legally_on_a_large_board() {
    let router = server();
    for opponent in [
        "random",
        "careful",
        "fewest-replies",
        "playouts:3",
        "perfect",
    ] {
        let request = json!({"n": 10000, "you": "first", "opponent": opponent, "line": [5000]});
        let (status, answer) = post_json(&router, "/api/game", &request).await;
        assert_eq!(status, StatusCode::OK, "{opponent}: {answer}");
        let reply = answer["reply"].as_u64().unwrap();
        assert!(related(reply, 5000), "{opponent}: {reply}");
    }
}

#[tokio::test]
async fn one_by_one_is_over_before_it_starts() {
    let router = server();
    let (_, answer) = post_json(&router, "/api/game", &game(1, "second", "perfect", 0, &[])).await;
    assert_eq!(answer["over"], json!(true));
    assert_eq!(answer["winner"], json!("you"));
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .starts_with("There is no even number on 1..1"));
}

// ---- results, theorem, chart, certificate ----------------------------------------------

#[tokio::test]
async fn results_agree_with_the_independent_engines_and_reach_u64_max() {
    let router = server();
    let mut memo = HashMap::new();
    for n in [1u64, 2, 3, 10, 20, 23, 40] {
        let (status, answer) = get_json(&router, &format!("/api/results/{n}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(answer["n"], json!(n.to_string()));
        let openings = independent_winning(n, &[], &mut memo);
        assert_eq!(answer["openings"], json!(openings), "n = {n}");
        let winner = if openings.is_empty() {
            "second"
        } else {
            "first"
        };
        assert_eq!(answer["winner"], json!(winner), "n = {n}");
    }
    let (_, big) = get_json(&router, &format!("/api/results/{}", u64::MAX)).await;
    assert_eq!(big["n"], json!(u64::MAX.to_string()));
    assert_eq!(big["winner"], json!("first"));
    assert_eq!(big["openings"], Value::Null);
    assert!(big["scheme"]
        .as_str()
        .unwrap()
        .starts_with("the prime-window scheme ["));
    let (status, theorem) = get_json(&router, "/api/theorem").await;
    assert_eq!(status, StatusCode::OK);
    assert!(theorem["statement"]
        .as_str()
        .unwrap()
        .starts_with("Theorem. The second player wins"));
    assert!(theorem["proof"]
        .as_str()
        .unwrap()
        .starts_with("Proof. For 1 ≤ n ≤"));
    // The same as numbers: the second player's n, by runs, are the independent engines'.
    let runs: Vec<[u64; 2]> =
        serde_json::from_value(theorem["second_player_wins"].clone()).unwrap();
    let listed: Vec<u64> = runs.iter().flat_map(|&[a, b]| a..=b).collect();
    let second: Vec<u64> = (1..=24)
        .filter(|&n| independent_winning(n, &[], &mut memo).is_empty())
        .collect();
    assert_eq!(
        listed
            .iter()
            .filter(|&&n| n <= 24)
            .copied()
            .collect::<Vec<_>>(),
        second
    );
    assert!(listed.contains(&110) && listed.contains(&117) && !listed.contains(&116));
    assert!(theorem["certified_to_power"].as_u64().unwrap() >= 12);
    assert_eq!(theorem["formally_proved"], json!(true));
    // The chart's data: the winner of each n, the independent engines' up to 24, the
    // theorem's list up to 200.
    let (status, chart) = get_json(&router, "/api/winners?to=200").await;
    assert_eq!(status, StatusCode::OK);
    let winners: Vec<String> = serde_json::from_value(chart["winners"].clone()).unwrap();
    assert_eq!(winners.len(), 200);
    for (i, winner) in winners.iter().enumerate() {
        let n = i as u64 + 1;
        let expected = if listed.contains(&n) {
            "second"
        } else {
            "first"
        };
        assert_eq!(winner, expected, "n = {n}");
    }
    for (bad, status) in [("0", 422), ("2001", 422), ("lots", 400)] {
        let (got, error) = get_json(&router, &format!("/api/winners?to={bad}")).await;
        assert_eq!(got.as_u16(), status, "{bad}");
        assert_eq!(error["code"], json!("chart_range"));
    }
    let (status, mime, svg) = call(&router, Method::GET, "/api/chart.svg?to=50", Vec::new()).await;
    assert_eq!((status, mime.as_str()), (StatusCode::OK, "image/svg+xml"));
    assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
    let (status, mime, bytes) =
        call(&router, Method::GET, "/api/certificate/117", Vec::new()).await;
    assert_eq!(
        (status, mime.as_str()),
        (StatusCode::OK, "application/octet-stream")
    );
    assert_eq!(bytes, std::fs::read("certificates/cert-117.bin").unwrap());
}

#[tokio::test]
async fn the_proof_of_any_n_up_to_10000_is_the_certificates_in_words() {
    let router = server();
    let mut memo = HashMap::new();
    for n in [1u64, 20, 23, 117, 9999, 10000] {
        let (status, proof) = get_json(&router, &format!("/api/proof/{n}")).await;
        assert_eq!(status, StatusCode::OK, "n = {n}: {proof}");
        let text = proof["markdown"].as_str().unwrap();
        // Its winner is the one of the independent engines (plain recursion, the search), or
        // of the results route above their reach.
        let winner = if n <= 24 {
            if independent_winning(n, &[], &mut memo).is_empty() {
                "second"
            } else {
                "first"
            }
        } else {
            let (_, results) = get_json(&router, &format!("/api/results/{n}")).await;
            if results["winner"] == json!("first") {
                "first"
            } else {
                "second"
            }
        };
        assert!(
            text.starts_with(&format!(
                "# Juniper Green, n = {n}: the {winner} player wins"
            )),
            "n = {n}: {}",
            &text[..text.len().min(200)]
        );
        assert!(
            text.contains("## Why this is a proof") || text.contains("Why"),
            "n = {n}"
        );
        assert!(text.contains(&format!("jg-verify cert-{n}.bin")), "n = {n}");
        assert_eq!(proof["certificate"], json!(format!("/api/certificate/{n}")));
    }
    for (bad, status) in [("0", 422), ("10001", 422), ("x", 400)] {
        let (got, error) = get_json(&router, &format!("/api/proof/{bad}")).await;
        assert_eq!(got.as_u16(), status, "{bad}: {error}");
        assert_eq!(error["code"], json!("n_range"), "{bad}");
    }
}

// ---- verify -------------------------------------------------------------------------------

async fn verify(router: &Router, bytes: Vec<u8>) -> (StatusCode, Value) {
    let (status, mime, body) = call(router, Method::POST, "/api/verify", bytes).await;
    assert_eq!(mime, "application/json");
    (status, serde_json::from_slice(&body).unwrap())
}

#[tokio::test]
async fn verify_accepts_the_certificate_and_tells_a_flipped_bit_from_a_foreign_file() {
    let router = server();
    let good = std::fs::read("certificates/cert-117.bin").unwrap();
    let (status, answer) = verify(&router, good.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["valid"], json!(true));
    let expected = jg_verify::verify_bytes(&good, &jg_verify::Limits::default()).unwrap();
    assert_eq!(answer["verdict"], json!(expected.to_string()));
    // A bit flipped in each byte of the body (past the 105-byte header): never valid.
    for at in (105..good.len()).step_by(7) {
        let mut flipped = good.clone();
        flipped[at] ^= 1 << (at % 8);
        let (status, answer) = verify(&router, flipped).await;
        assert_eq!(status, StatusCode::OK, "byte {at}: {answer}");
        assert_eq!(answer["valid"], json!(false), "byte {at}");
        assert_eq!(answer["status"], json!("invalid"), "byte {at}");
    }
    for cut in [0, 8, 60, 150, good.len() - 1] {
        let (status, answer) = verify(&router, good[..cut].to_vec()).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "cut at {cut}: {answer}"
        );
        assert!(answer["error"]
            .as_str()
            .unwrap()
            .starts_with("not a certificate"));
    }
    let mut extended = good.clone();
    extended.extend_from_slice(b"xx");
    assert_eq!(
        verify(&router, extended).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, _) = verify(&router, b"<html>not a certificate</html>".to_vec()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

// ---- refusals -----------------------------------------------------------------------------

/// Every refusal class with its sentence, in one snapshot (reviewed, never edited by hand).
#[tokio::test]
async fn every_bad_request_gets_its_status_and_a_sentence() {
    let router = server();
    let big_json = format!(
        "{{\"n\":20,\"you\":\"first\",\"line\":[{}]}}",
        vec!["1"; bounds::MAX_JSON_BYTES / 2 + 1].join(",")
    );
    let cases: Vec<(&str, Method, &str, Vec<u8>)> = vec![
        ("unknown path", Method::GET, "/nope", vec![]),
        ("unknown API route", Method::GET, "/api/nope", vec![]),
        ("GET on a POST route", Method::GET, "/api/game", vec![]),
        ("POST on a GET route", Method::POST, "/api/theorem", vec![]),
        ("DELETE on a page", Method::DELETE, "/", vec![]),
        (
            "malformed JSON",
            Method::POST,
            "/api/game",
            b"{\"n\": 20,".to_vec(),
        ),
        (
            "missing field",
            Method::POST,
            "/api/game",
            br#"{"you": "first"}"#.to_vec(),
        ),
        (
            "wrong side",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "both"}"#.to_vec(),
        ),
        (
            "n not a number",
            Method::POST,
            "/api/game",
            br#"{"n": "twenty", "you": "first"}"#.to_vec(),
        ),
        (
            "negative move",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "line": [-2]}"#.to_vec(),
        ),
        (
            "path n not a number",
            Method::GET,
            "/api/results/ten",
            vec![],
        ),
        (
            "path n too large",
            Method::GET,
            "/api/results/18446744073709551616",
            vec![],
        ),
        (
            "chart to not a number",
            Method::GET,
            "/api/chart.svg?to=lots",
            vec![],
        ),
        (
            "JSON body too large",
            Method::POST,
            "/api/game",
            big_json.into_bytes(),
        ),
        (
            "upload too large",
            Method::POST,
            "/api/verify",
            vec![0; bounds::MAX_UPLOAD_BYTES + 1],
        ),
        (
            "n = 0",
            Method::POST,
            "/api/game",
            br#"{"n": 0, "you": "first"}"#.to_vec(),
        ),
        (
            "n too large",
            Method::POST,
            "/api/game",
            br#"{"n": 10001, "you": "first"}"#.to_vec(),
        ),
        (
            "odd opening",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "line": [3]}"#.to_vec(),
        ),
        (
            "unrelated move",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "line": [4, 7]}"#.to_vec(),
        ),
        (
            "repeated move",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "line": [4, 2, 4]}"#.to_vec(),
        ),
        (
            "off the board",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "line": [22]}"#.to_vec(),
        ),
        (
            "line longer than n",
            Method::POST,
            "/api/game",
            br#"{"n": 2, "you": "first", "line": [2, 1, 2]}"#.to_vec(),
        ),
        (
            "unknown opponent",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "opponent": "deep-blue"}"#.to_vec(),
        ),
        (
            "bad playouts",
            Method::POST,
            "/api/game",
            br#"{"n": 20, "you": "first", "opponent": "playouts:0"}"#.to_vec(),
        ),
        ("results n = 0", Method::GET, "/api/results/0", vec![]),
        (
            "certificate n = 0",
            Method::GET,
            "/api/certificate/0",
            vec![],
        ),
        (
            "chart too large",
            Method::GET,
            "/api/chart.svg?to=2001",
            vec![],
        ),
        ("chart to = 0", Method::GET, "/api/chart.svg?to=0", vec![]),
        ("empty upload", Method::POST, "/api/verify", vec![]),
        (
            "not a certificate",
            Method::POST,
            "/api/verify",
            b"hello".to_vec(),
        ),
    ];
    let mut report = String::new();
    for (what, method, uri, body) in cases {
        let (status, mime, bytes) = call(&router, method.clone(), uri, body).await;
        assert!(status.is_client_error(), "{what}: {status}");
        assert_eq!(mime, "application/json", "{what}");
        let value: Value = serde_json::from_slice(&bytes).expect("JSON");
        let error = value["error"].as_str().expect("an error sentence");
        // The sentence alone, or with the code and values the pages word it from.
        let fields = value.as_object().unwrap().len();
        let code = match value.get("code") {
            None => String::new(),
            Some(code) => {
                assert_eq!(fields, 3, "{what}: {value}");
                assert!(value["values"].is_object(), "{what}: {value}");
                format!("\n  code {code}, values {}", value["values"])
            }
        };
        assert!(fields == 1 || !code.is_empty(), "{what}: {value}");
        report.push_str(&format!(
            "{what}: {method} {uri} → {}\n  {error}{code}\n",
            status.as_u16()
        ));
    }
    for class in [" → 400", " → 404", " → 405", " → 413", " → 422"] {
        assert!(report.contains(class), "no case of {class}");
    }
    insta::assert_snapshot!("serve_errors", report);
}

#[tokio::test]
async fn past_the_time_limit_the_answer_is_503_in_json() {
    let router = app(
        bounds::Limits {
            permits: 1,
            time_limit: Duration::ZERO,
            ..bounds::Limits::default()
        },
        hosts(),
    );
    let (status, answer) = get_json(&router, "/api/chart.svg?to=2000").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        answer["error"].as_str().unwrap().contains("time limit"),
        "{answer}"
    );
}

/// A move that runs into its time limit is stopped, not only answered 503: with one job, the
/// next request gets the job at once. (`playouts:100000` on 1..10 000 with its cap lifted is
/// hours of work; were it still running, the next request would wait for it and get 503.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_past_the_time_limit_is_stopped_and_frees_its_job() {
    let limits = bounds::Limits {
        permits: 1,
        time_limit: Duration::from_secs(1),
        playout_work_per_second: u64::MAX / 4,
        ..bounds::Limits::default()
    };
    let router = app(limits, hosts());
    let heavy = json!({"n": 10000, "you": "second", "opponent": "playouts:100000"});
    let (status, answer) = post_json(&router, "/api/game", &heavy).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("time limit of 1 s"));
    let light = json!({"n": 20, "you": "first", "opponent": "random"});
    let (status, answer) = post_json(&router, "/api/game", &light).await;
    assert_eq!(status, StatusCode::OK, "the job was not freed: {answer}");
}

/// `playouts:K` at the server is cut so that a move fits its time limit; below the cut it is
/// the player of `jg play`, move for move (the same reply as K asked, drawn alike).
#[tokio::test]
async fn playouts_at_the_server_fit_the_time_limit_and_are_not_cut_below_it() {
    let limits = bounds::Limits::default();
    // The opening of 1..10 000 has 5 000 moves: at most 3 play-outs each at 10 s.
    assert_eq!(limits.playouts_per_move(100_000, 5_000, 10_000), 3);
    let router = app(limits, hosts());
    for seed in 0..4 {
        let asked = json!({"n": 30, "you": "second", "opponent": "playouts:20", "seed": seed});
        let (status, answer) = post_json(&router, "/api/game", &asked).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let player = juniper_green::players::by_name("playouts:20").unwrap();
        let game = juniper_green::players::Game::new(30, OpeningRule::Even).unwrap();
        let mut rng = juniper_green::frontends::serve::game::reply_rng(seed, 30, &[]);
        assert_eq!(
            answer["reply"],
            json!(player.choose(&game, &mut rng).unwrap())
        );
    }
}

// ---- only its own pages may drive it ----------------------------------------------------------

#[tokio::test]
async fn a_request_for_another_host_is_refused_before_any_route() {
    let router = server();
    let with_host = |host: Option<&str>, uri: &str| {
        let mut request = Request::builder().method(Method::GET).uri(uri);
        if let Some(host) = host {
            request = request.header("host", host);
        }
        request.body(Body::empty()).unwrap()
    };
    for good in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080"] {
        let (status, _, _) = send(&router, with_host(Some(good), "/api/theorem")).await;
        assert_eq!(status, StatusCode::OK, "{good}");
    }
    for (host, uri) in [
        (Some("evil.example"), "/"),
        (Some("evil.example:8080"), "/api/theorem"),
        (Some("localhost:8081"), "/api/theorem"),
        (Some("localhost"), "/api/theorem"),
        (Some("192.168.1.2:8080"), "/api/theorem"),
        (None, "/api/theorem"),
        (
            Some("localhost:8080"),
            "http://evil.example:8080/api/theorem",
        ),
    ] {
        let (status, mime, body) = send(&router, with_host(host, uri)).await;
        assert_eq!(status, StatusCode::MISDIRECTED_REQUEST, "{host:?} {uri}");
        assert_eq!(mime, "application/json");
        let value: Value = serde_json::from_slice(&body).unwrap();
        let error = value["error"].as_str().unwrap();
        assert!(error.contains("not a name of this server"), "{error}");
        assert!(error.contains("localhost:8080"), "{error}");
    }
    // A server given --allow-host answers that name too.
    let named = app(
        bounds::Limits::default(),
        Hosts::for_address("127.0.0.1:8080".parse().unwrap(), &["jg.test".into()]),
    );
    let (status, _, _) = send(&named, with_host(Some("jg.test:8080"), "/api/theorem")).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_post_of_another_content_type_is_refused_with_415() {
    let router = server();
    let good = std::fs::read("certificates/cert-117.bin").unwrap();
    let post = |uri: &str, mime: Option<&str>, body: Vec<u8>| {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header("host", "127.0.0.1:8080");
        if let Some(mime) = mime {
            request = request.header("content-type", mime);
        }
        request.body(Body::from(body)).unwrap()
    };
    let game = br#"{"n": 20, "you": "first"}"#.to_vec();
    for (uri, mime, body) in [
        ("/api/game", Some("text/plain"), game.clone()),
        ("/api/game", Some("text/plain;charset=UTF-8"), game.clone()),
        (
            "/api/game",
            Some("application/x-www-form-urlencoded"),
            game.clone(),
        ),
        (
            "/api/game",
            Some("multipart/form-data; boundary=x"),
            game.clone(),
        ),
        ("/api/game", Some("application/octet-stream"), game.clone()),
        ("/api/game", None, game.clone()),
        ("/api/verify", Some("text/plain"), good.clone()),
        ("/api/verify", Some("application/json"), good.clone()),
        ("/api/verify", None, good.clone()),
    ] {
        let (status, json_mime, body) = send(&router, post(uri, mime, body)).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{uri} {mime:?}");
        assert_eq!(json_mime, "application/json");
        let value: Value = serde_json::from_slice(&body).unwrap();
        assert!(value["error"]
            .as_str()
            .unwrap()
            .contains("reads a body of type"));
    }
    for (uri, mime, body) in [
        ("/api/game", "application/json", game.clone()),
        ("/api/game", "Application/JSON; charset=utf-8", game),
        ("/api/verify", "application/octet-stream", good),
    ] {
        let (status, _, body) = send(&router, post(uri, Some(mime), body)).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{uri} {mime}: {}",
            String::from_utf8_lossy(&body)
        );
    }
}

#[tokio::test]
async fn the_pages_carry_a_content_security_policy() {
    let router = server();
    let request = Request::builder()
        .uri("/")
        .header("host", "localhost:8080")
        .body(Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let headers = response.headers();
    let policy = headers["content-security-policy"].to_str().unwrap();
    for part in [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(part), "{policy}");
    }
    assert_eq!(headers["x-content-type-options"], "nosniff");
    // The pages need nothing the policy forbids: no inline script or style, no other origin.
    let html = std::fs::read_to_string("web/index.html").unwrap();
    assert!(!html.contains("<script>") && !html.contains("style=") && !html.contains("<style"));
    assert!(!html.contains("http://") && !html.contains("https://"));
}

/// A body that stops coming is answered 408 at the body's time limit (a stream that never
/// ends stands for a client that sends nothing more).
#[tokio::test]
async fn a_body_that_does_not_arrive_in_time_is_answered_408() {
    let router = app(
        bounds::Limits {
            body_timeout: Duration::from_millis(300),
            ..bounds::Limits::default()
        },
        hosts(),
    );
    for (uri, mime) in [
        ("/api/game", "application/json"),
        ("/api/verify", "application/octet-stream"),
    ] {
        let request = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header("host", "localhost:8080")
            .header("content-type", mime)
            .body(stalled_body(b"{"))
            .unwrap();
        let (status, _, body) = send(&router, request).await;
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT, "{uri}");
        let value: Value = serde_json::from_slice(&body).unwrap();
        assert!(value["error"]
            .as_str()
            .unwrap()
            .contains("did not arrive within 0.3 s"));
    }
    // An announced length over the bound is refused before any byte is read.
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/verify")
        .header("host", "localhost:8080")
        .header("content-type", "application/octet-stream")
        .header("content-length", (bounds::MAX_UPLOAD_BYTES + 1).to_string())
        .body(stalled_body(&[0]))
        .unwrap();
    assert_eq!(
        send(&router, request).await.0,
        StatusCode::PAYLOAD_TOO_LARGE
    );
}

/// A body that yields `first`, then waits forever (a client that sends nothing more).
fn stalled_body(first: &[u8]) -> Body {
    struct Stalled(Option<axum::body::Bytes>);
    impl axum::body::HttpBody for Stalled {
        type Data = axum::body::Bytes;
        type Error = std::io::Error;
        fn poll_frame(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
            match self.0.take() {
                Some(bytes) => std::task::Poll::Ready(Some(Ok(hyper::body::Frame::data(bytes)))),
                None => std::task::Poll::Pending,
            }
        }
    }
    Body::new(Stalled(Some(axum::body::Bytes::copy_from_slice(first))))
}

// ---- the command ----------------------------------------------------------------------------

#[test]
fn help_states_every_bound_and_that_no_game_is_kept() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for words in [
        "keeps no games",
        &bounds::MAX_JSON_BYTES.to_string(),
        &bounds::MAX_UPLOAD_BYTES.to_string(),
        &format!("n ≤ {}", bounds::MAX_GAME_N),
        "--time-limit",
        "--jobs",
        "0.0.0.0",
        "--header-timeout",
        "--body-timeout",
        "--max-connections",
        "--allow-host",
        "1073741824",
        "Content-Security-Policy",
        "415",
        "421",
        "(431, or 414",
        "429",
        "from one client address",
        "stopped at the time limit",
        "within 2 s",
    ] {
        assert!(help.contains(words), "{words}:\n{help}");
    }
    insta::assert_snapshot!("serve_help", help);
}

/// The real command on loopback: the listening line of docs/API.md, a page and a route over a
/// socket, then Ctrl-C (SIGINT) ends it cleanly (exit 0, its stopping line).
#[cfg(unix)]
#[test]
fn the_command_listens_answers_and_stops_on_ctrl_c() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let host = line
        .trim_end()
        .strip_prefix("jg serve: listening on http://127.0.0.1:")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not the listening line: {line:?}"));
    let port: u16 = host.parse().unwrap();
    assert_ne!(port, 0);
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .write_all(
            format!(
                "GET /api/theorem HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"statement\":\"Theorem."), "{answer}");
    let killed = std::process::Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = server.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("jg serve: stopping (Ctrl-C)"), "{stderr}");
    assert!(
        !stderr.contains("warning"),
        "loopback is not warned about: {stderr}"
    );
}

#[test]
fn bound_to_every_interface_it_prints_the_addresses_to_type_and_answers_on_them() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["serve", "--bind", "0.0.0.0", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let port: u16 = first
        .trim_end()
        .strip_prefix("jg serve: listening on http://0.0.0.0:")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not the listening line: {first:?}"))
        .parse()
        .unwrap();
    // The lines after it: this machine's addresses, each with the port, or none at all.
    let expected = listen::network_lines(
        format!("0.0.0.0:{port}").parse().unwrap(),
        &listen::network_addresses(),
    );
    let mut printed = Vec::new();
    for _ in &expected {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        printed.push(line.trim_end().to_string());
    }
    assert_eq!(printed, expected);
    // Each address printed answers, with itself as the Host (what a student types).
    for line in &printed {
        let Some(url) = line.strip_prefix("jg serve: on the network: http://") else {
            assert!(
                line.contains("no network address besides loopback"),
                "{line}"
            );
            continue;
        };
        let address = url.trim_end_matches('/');
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        stream
            .write_all(
                format!(
                    "GET /api/theorem HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
                )
                .as_bytes(),
            )
            .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{address}: {answer}");
    }
    std::process::Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .unwrap();
    let output = server.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
}
