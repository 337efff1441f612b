//! `POST /api/review` and `POST /api/plan` against brute force: every line of play of every
//! board n ≤ 14 (each move's `winning` and `mistake`, the first mistake; each position's plan
//! followed against every reply of the opponent), random lines at n = 20 (plain recursion) and
//! n = 40 (the exact search, docs/MATH.md §2), and the routes themselves: the example of the
//! issue, their refusals, their bounds. The engines the server asks (the matching engine) are
//! not the ones that judge here.
#![cfg(feature = "serve")]

mod serve_support;

use axum::http::StatusCode;
use juniper_green::engines::search::{SearchConfig, Searcher};
use juniper_green::frontends::serve::bounds;
use juniper_green::frontends::serve::plan::{plan, plan_for, Plan};
use juniper_green::frontends::serve::review::{review, Review};
use juniper_green::game::{Board, OpeningRule, Player};
use juniper_green::players::Stop;
use serde_json::json;
use serve_support::{legal, post_as, server};
use std::collections::HashMap;

// ---- brute force ----------------------------------------------------------------------------

/// (the numbers played as bits, the last) → whether the player to move wins.
type Memo = HashMap<(u64, u64), bool>;

fn wins(n: u64, line: &mut Vec<u64>, memo: &mut Memo) -> bool {
    let key = (
        line.iter().fold(0u64, |m, &k| m | 1 << (k - 1)),
        line.last().copied().unwrap_or(0),
    );
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut result = false;
    for m in legal(n, line) {
        line.push(m);
        let opponent = wins(n, line, memo);
        line.pop();
        if !opponent {
            result = true;
            break;
        }
    }
    memo.insert(key, result);
    result
}

/// The winning moves after `line`: plain recursion up to n = 24, the exact search above.
fn winning(n: u64, line: &[u64], memo: &mut Memo) -> Vec<u64> {
    if n > 24 {
        let board = Board::with_opening(n as u32, OpeningRule::Even);
        let position = board.play_line(line).expect("a legal line");
        return Searcher::new(&board, &SearchConfig::default())
            .winning_moves(&position)
            .into_iter()
            .map(u64::from)
            .collect();
    }
    let mut line = line.to_vec();
    legal(n, &line.clone())
        .into_iter()
        .filter(|&m| {
            line.push(m);
            let lost = !wins(n, &mut line, memo);
            line.pop();
            lost
        })
        .collect()
}

/// Checks the review of `line` against brute force.
fn check_review(n: u64, line: &[u64], got: &Review, memo: &mut Memo) {
    assert_eq!(got.n, n);
    assert_eq!(got.moves.len(), line.len(), "n = {n}, {line:?}");
    let mut first = None;
    for (i, m) in got.moves.iter().enumerate() {
        let expected = winning(n, &line[..i], memo);
        let mistake = !expected.is_empty() && !expected.contains(&line[i]);
        assert_eq!(m.number, line[i]);
        assert_eq!(m.player, Player::to_move_after(i), "n = {n}, {line:?}, {i}");
        assert_eq!(m.winning, expected, "n = {n}, {line:?}, move {i}");
        assert_eq!(m.mistake, mistake, "n = {n}, {line:?}, move {i}");
        if mistake && first.is_none() {
            first = Some(i);
        }
    }
    assert_eq!(got.first_mistake, first, "n = {n}, {line:?}");
}

/// Follows the plan from `line`: its move, then its answer to every reply of the opponent, in
/// every game; panics unless each answer is legal and the opponent is always the one stuck.
/// Returns the games played out.
fn follow(n: u64, line: &mut Vec<u64>, plan: &Plan) -> u64 {
    let w = plan.first.expect("a move");
    assert!(
        legal(n, line).contains(&w),
        "n = {n}, {line:?}: {w} is illegal"
    );
    let answers: HashMap<u64, u64> = plan
        .pairs
        .as_ref()
        .expect("pairs")
        .iter()
        .map(|&[a, b]| (a, b))
        .collect();
    assert_eq!(
        answers.len(),
        plan.pairs.as_ref().unwrap().len(),
        "a number answered twice"
    );
    line.push(w);
    let games = replies(n, line, &answers);
    line.pop();
    games
}

fn replies(n: u64, line: &mut Vec<u64>, answers: &HashMap<u64, u64>) -> u64 {
    let moves = legal(n, line);
    if moves.is_empty() {
        return 1;
    }
    let mut games = 0;
    for a in moves {
        let b = *answers
            .get(&a)
            .unwrap_or_else(|| panic!("n = {n}, {line:?}: no answer to {a}"));
        line.push(a);
        assert!(
            legal(n, line).contains(&b),
            "n = {n}, {line:?}: the answer {b} is illegal"
        );
        line.push(b);
        games += replies(n, line, answers);
        line.pop();
        line.pop();
    }
    games
}

/// Checks the plan after `line` against brute force; returns the games it was followed in.
fn check_plan(n: u64, line: &[u64], got: &Plan, memo: &mut Memo) -> u64 {
    let expected = winning(n, line, memo);
    if expected.is_empty() {
        assert_eq!(got.first, None, "n = {n}, {line:?}");
        assert_eq!(got.pairs, None, "n = {n}, {line:?}");
        return 0;
    }
    assert!(
        expected.contains(&got.first.expect("a move")),
        "n = {n}, {line:?}: {got:?} not among {expected:?}"
    );
    follow(n, &mut line.to_vec(), got)
}

/// Every line of play from `line` on, depth first: `visit` sees each (also the partial ones).
fn every_line(n: u64, line: &mut Vec<u64>, visit: &mut dyn FnMut(&[u64], bool)) {
    let moves = legal(n, line);
    visit(line, moves.is_empty());
    for m in moves {
        line.push(m);
        every_line(n, line, visit);
        line.pop();
    }
}

#[test]
fn every_position_up_to_14_reviewed_and_planned_as_brute_force_says() {
    let stop = Stop::never();
    let (mut positions, mut complete, mut games, mut mistakes) = (0u64, 0u64, 0u64, 0u64);
    for n in 1..=14 {
        let mut memo = Memo::new();
        let mut visit = |line: &[u64], over: bool| {
            positions += 1;
            let got = plan(n, line, &stop).expect("a plan");
            games += check_plan(n, line, &got, &mut memo);
            if over {
                // A complete line's review covers every one of its prefixes.
                complete += 1;
                let got = review(n, line, &stop).expect("a review");
                check_review(n, line, &got, &mut memo);
                mistakes += u64::from(got.first_mistake.is_some());
            }
        };
        every_line(n, &mut Vec::new(), &mut visit);
    }
    // Counted by the recursion above, and not tiny: the loops ran over every line.
    assert_eq!(positions, 29_250, "positions of n ≤ 14");
    let counts = format!(
        "{positions} positions, {complete} complete lines ({mistakes} with a mistake), plans \
         followed in {games} games"
    );
    println!("{counts}");
    assert!(
        complete > 10_000 && mistakes > 1_000 && games > 10_000,
        "{counts}"
    );
}

/// A reproducible random source (xorshift64).
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

#[test]
fn random_lines_at_20_and_40_reviewed_and_planned_as_brute_force_says() {
    let stop = Stop::never();
    let mut random = Random(0x5eed_2026);
    for (n, lines, from) in [(20u64, 40, 0usize), (40, 12, 4)] {
        let mut memo = Memo::new();
        let mut games = 0;
        for _ in 0..lines {
            let mut line = Vec::new();
            loop {
                let moves = legal(n, &line);
                if moves.is_empty() {
                    break;
                }
                line.push(moves[random.below(moves.len())]);
            }
            let got = review(n, &line, &stop).expect("a review");
            check_review(n, &line, &got, &mut memo);
            // The plan of every position from `from` moves on (at n = 40 the whole tree of
            // replies from the start is too large to walk in a test).
            for cut in from.min(line.len())..=line.len() {
                let got = plan(n, &line[..cut], &stop).expect("a plan");
                games += check_plan(n, &line[..cut], &got, &mut memo);
            }
        }
        assert!(games > 0, "n = {n}: no plan was followed");
    }
}

#[test]
fn a_plan_from_the_start_of_20_wins_every_game() {
    let got = plan(20, &[], &Stop::never()).expect("a plan");
    let mut memo = Memo::new();
    assert!(check_plan(20, &[], &got, &mut memo) > 0);
    // A plan that loses its pairs is caught: with one pair dropped, some reply has no answer.
    let mut broken = got.clone();
    let pairs = broken.pairs.as_mut().unwrap();
    let dropped = pairs.remove(pairs.len() / 2);
    let caught = std::panic::catch_unwind(|| follow(20, &mut Vec::new(), &broken));
    assert!(caught.is_err(), "the plan without {dropped:?} still won");
}

#[test]
fn a_review_that_calls_a_good_move_a_mistake_is_caught() {
    let line = [14, 7, 1, 11];
    let mut got = review(20, &line, &Stop::never()).expect("a review");
    let mut memo = Memo::new();
    check_review(20, &line, &got, &mut memo);
    got.moves[0].mistake = false;
    let caught = std::panic::catch_unwind(move || check_review(20, &line, &got, &mut Memo::new()));
    assert!(caught.is_err());
}

// ---- the routes ------------------------------------------------------------------------------

#[tokio::test]
async fn the_issues_examples_answer_as_specified() {
    let router = server();
    let (status, got) = post_as(
        &router,
        "/api/review",
        r#"{"n":20,"line":[14,7,1,11]}"#,
        "application/json",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{got}");
    let mut memo = Memo::new();
    let openings = winning(20, &[], &mut memo);
    assert_eq!(got["n"], 20);
    assert_eq!(got["first_mistake"], 0);
    assert_eq!(
        got["moves"][0],
        json!({"number": 14, "player": "first", "winning": openings, "mistake": true})
    );
    assert_eq!(got["moves"].as_array().unwrap().len(), 4);
    assert_eq!(got.as_object().unwrap().len(), 3, "{got}");
    let (status, got) = post_as(
        &router,
        "/api/plan",
        r#"{"n":20,"line":[]}"#,
        "application/json",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got.as_object().unwrap().len(), 2, "{got}");
    let w = got["move"].as_u64().unwrap();
    assert!(openings.contains(&w));
    assert!(!got["pairs"].as_array().unwrap().is_empty());
    // On 1..2 after 2, the second player wins by 1, and the first has no reply: no pairs.
    let (_, got) = post_as(
        &router,
        "/api/plan",
        r#"{"n":2,"line":[2]}"#,
        "application/json",
    )
    .await;
    assert_eq!(got, json!({"move": 1, "pairs": []}));
    // 1..1: the first player has no move, so no plan; on 1..4 after 2, 4: every move (1)
    // loses; on 1..2 after 2, 1: over.
    for (body, what) in [
        (r#"{"n":1,"line":[]}"#, "n = 1"),
        (r#"{"n":4,"line":[2,4]}"#, "after 2, 4"),
        (r#"{"n":2,"line":[2,1]}"#, "over"),
    ] {
        let (status, got) = post_as(&router, "/api/plan", body, "application/json").await;
        assert_eq!(status, StatusCode::OK, "{what}");
        assert_eq!(got, json!({"move": null, "pairs": null}), "{what}");
    }
    let (_, got) = post_as(
        &router,
        "/api/review",
        r#"{"n":1,"line":[]}"#,
        "application/json",
    )
    .await;
    assert_eq!(got, json!({"n": 1, "moves": [], "first_mistake": null}));
}

#[tokio::test]
async fn the_new_routes_refuse_in_plain_words_and_keep_the_servers_rules() {
    let router = server();
    for route in ["/api/review", "/api/plan"] {
        let cases = [
            (
                r#"{"n":20,"line":[-4]}"#,
                "application/json",
                422,
                "-4 is not a number from 1 to 20",
            ),
            (
                r#"{"n":20,"line":[4,7]}"#,
                "application/json",
                422,
                "7 cannot follow 4: it must divide 4 or be a multiple of it",
            ),
            (
                r#"{"n":10001,"line":[]}"#,
                "application/json",
                422,
                "n = 10001 is not possible: n must be a number from 1 to 10000",
            ),
            (
                r#"{"n":20,"line":[4"#,
                "application/json",
                400,
                "the body is not JSON",
            ),
            (
                r#"{"line":[]}"#,
                "application/json",
                400,
                "the body has no n",
            ),
            (
                r#"{"n":20,"line":[]}"#,
                "text/plain",
                415,
                "this route reads a body of type application/json",
            ),
        ];
        for (body, mime, status, start) in cases {
            let (got, value) = post_as(&router, route, body, mime).await;
            assert_eq!(got.as_u16(), status, "{route} {body}: {value}");
            let error = value["error"].as_str().unwrap();
            assert!(error.starts_with(start), "{route} {body}: {error}");
        }
        let big = format!(
            "{{\"n\":20,\"line\":[{}]}}",
            vec!["1"; bounds::MAX_JSON_BYTES / 2 + 1].join(",")
        );
        let (got, _) = post_as(&router, route, &big, "application/json").await;
        assert_eq!(got, StatusCode::PAYLOAD_TOO_LARGE, "{route}");
    }
    let (_, value) = post_as(
        &router,
        "/api/review",
        r#"{"n":20,"line":[4,2,4]}"#,
        "application/json",
    )
    .await;
    assert_eq!(value["code"], "played");
    assert_eq!(value["values"], json!({"move": 4, "at": 0, "index": 2}));
}

#[tokio::test]
async fn past_the_time_limit_review_and_plan_stop_with_503() {
    // A stop already reached: the work does not start.
    let stop = Stop::at(std::time::Instant::now());
    assert_eq!(
        review(100, &[2, 4], &stop).unwrap_err().status,
        StatusCode::SERVICE_UNAVAILABLE
    );
    let line: Vec<u64> = vec![2];
    assert_eq!(
        plan(100, &line, &stop).unwrap_err().status,
        StatusCode::SERVICE_UNAVAILABLE
    );
}

/// Issue 55's "Why?" for any winning move: the plan for each winning move of every position up
/// to n = 12 starts with that move and wins every game against every reply (brute force); a
/// legal move that loses is refused as not winning.
#[test]
fn every_winning_move_of_every_position_up_to_12_has_its_own_plan() {
    let stop = Stop::never();
    let (mut asked, mut games, mut refused) = (0u64, 0u64, 0u64);
    for n in 1..=12 {
        let mut memo = Memo::new();
        let mut visit = |line: &[u64], _over: bool| {
            let good = winning(n, line, &mut memo);
            for m in legal(n, line) {
                let got = plan_for(n, line, Some(m), &stop);
                if good.contains(&m) {
                    let got = got.expect("a plan for a winning move");
                    assert_eq!(got.first, Some(m), "n = {n}, {line:?}");
                    games += follow(n, &mut line.to_vec(), &got);
                    asked += 1;
                } else {
                    let error = got.expect_err("a losing move has no plan");
                    assert_eq!(error.code, Some("not_winning"), "n = {n}, {line:?}, {m}");
                    refused += 1;
                }
            }
        };
        every_line(n, &mut Vec::new(), &mut visit);
    }
    assert!(
        asked > 1_000 && refused > 1_000 && games > asked,
        "{asked} {refused} {games}"
    );
}
