//! `POST /api/boards` and `POST /api/boards/review` (a game on two or three boards side by side)
//! against a brute-force search of the whole sum, which knows nothing of values or nim-sums: who
//! wins every position of small sums, the winning moves, the perfect player's replies (it never
//! lets a won sum go), the review's mistakes; and the routes themselves: their JSON (insta
//! snapshots), their refusals, their stop.
#![cfg(feature = "serve")]

mod serve_support;

use juniper_green::frontends::serve::boards::{self, BoardsBody, BoardsRequest, Position};
use juniper_green::players::Stop;
use serde_json::json;
use serve_support::{legal, post, server};
use std::collections::HashMap;
use std::time::Instant;

// ---- brute force of the sum ------------------------------------------------------------------

/// Whether the player to move wins the sum whose boards are `ns` with lines `lines`: some move
/// on some board leaves the opponent a lost sum.
fn sum_wins(
    ns: &[u64],
    lines: &mut Vec<Vec<u64>>,
    memo: &mut HashMap<Vec<(u64, u64)>, bool>,
) -> bool {
    let key: Vec<(u64, u64)> = lines
        .iter()
        .map(|l| {
            (
                l.iter().fold(0u64, |m, &k| m | 1 << k),
                l.last().copied().unwrap_or(0),
            )
        })
        .collect();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut result = false;
    'boards: for b in 0..ns.len() {
        for m in legal(ns[b], &lines[b]) {
            lines[b].push(m);
            let opponent = sum_wins(ns, lines, memo);
            lines[b].pop();
            if !opponent {
                result = true;
                break 'boards;
            }
        }
    }
    memo.insert(key, result);
    result
}

/// The winning moves (board, number) of the sum, by brute force.
fn brute_winning(
    ns: &[u64],
    lines: &[Vec<u64>],
    memo: &mut HashMap<Vec<(u64, u64)>, bool>,
) -> Vec<(usize, u64)> {
    let mut lines = lines.to_vec();
    let mut out = Vec::new();
    for b in 0..ns.len() {
        for m in legal(ns[b], &lines[b].clone()) {
            lines[b].push(m);
            if !sum_wins(ns, &mut lines, memo) {
                out.push((b, m));
            }
            lines[b].pop();
        }
    }
    out
}

fn request(ns: &[u64], moves: &[(usize, u64)], opponent: &str, you: &str) -> BoardsRequest {
    let body = json!({
        "boards": ns,
        "moves": moves.iter().map(|&(b, k)| json!({"board": b, "number": k})).collect::<Vec<_>>(),
        "you": you,
        "opponent": opponent,
        "hints": true,
    });
    serde_json::from_value::<BoardsBody>(body)
        .unwrap()
        .request()
        .unwrap()
}

fn lines_of(ns: &[u64], moves: &[(usize, u64)]) -> Vec<Vec<u64>> {
    let mut lines = vec![Vec::new(); ns.len()];
    for &(b, k) in moves {
        lines[b].push(k);
    }
    lines
}

/// Every position reachable in the sum `ns` (as moves in order) up to `depth` moves, each
/// position once per distinct set of board lines.
fn positions(ns: &[u64], depth: usize) -> Vec<Vec<(usize, u64)>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for moves in &frontier {
            let lines = lines_of(ns, moves);
            for b in 0..ns.len() {
                for m in legal(ns[b], &lines[b]) {
                    let mut more: Vec<(usize, u64)> = moves.clone();
                    more.push((b, m));
                    next.push(more);
                }
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

#[test]
fn the_nim_sum_and_the_winning_moves_agree_with_a_search_of_the_whole_sum() {
    let mut checked = 0;
    for ns in [
        vec![3u64, 4],
        vec![6, 5],
        vec![2, 3, 4],
        vec![8, 6],
        vec![4, 9, 2],
    ] {
        let mut memo = HashMap::new();
        for moves in positions(&ns, 3) {
            // Two people: no reply, the winning moves of whoever is to move.
            let answer =
                boards::answer(&request(&ns, &moves, "person", "first"), &Stop::never()).unwrap();
            let mut lines = lines_of(&ns, &moves);
            let wins = sum_wins(&ns, &mut lines, &mut memo);
            assert_eq!(answer.nim_sum != 0, wins, "{ns:?} {moves:?}");
            let mut winning: Vec<(usize, u64)> = Vec::new();
            for (b, board) in answer.boards.iter().enumerate() {
                assert_eq!(board.legal, legal(ns[b], &lines[b]), "{ns:?} {moves:?}");
                for &k in board.winning.as_ref().unwrap() {
                    winning.push((b, k));
                }
            }
            assert_eq!(
                winning,
                brute_winning(&ns, &lines, &mut memo),
                "{ns:?} {moves:?}"
            );
            assert_eq!(
                answer.over,
                answer.boards.iter().all(|b| b.legal.is_empty())
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

/// Plays every line of the person against the perfect player from `moves`: the perfect player
/// must win every one when it is on the winning side.
fn perfect_wins_every_line(ns: &[u64], moves: Vec<(usize, u64)>, you: &str, games: &mut usize) {
    let answer = boards::answer(&request(ns, &moves, "perfect", you), &Stop::never()).unwrap();
    let moves: Vec<(usize, u64)> = answer.moves.iter().map(|m| (m.board, m.number)).collect();
    if answer.over {
        assert_eq!(
            answer.winner,
            Some(boards::Who::Opponent),
            "{ns:?}: the person won {moves:?}"
        );
        *games += 1;
        return;
    }
    for (b, board) in answer.boards.iter().enumerate() {
        for &k in &board.legal {
            let mut more = moves.clone();
            more.push((b, k));
            perfect_wins_every_line(ns, more, you, games);
        }
    }
}

#[test]
fn the_perfect_player_wins_every_game_of_a_sum_it_can_win() {
    let mut games = 0;
    for ns in [vec![3u64, 4], vec![6, 5], vec![2, 3, 4], vec![4, 6]] {
        let first_wins = sum_wins(&ns, &mut vec![Vec::new(); ns.len()], &mut HashMap::new());
        // The perfect player takes the winning side.
        let you = if first_wins { "second" } else { "first" };
        perfect_wins_every_line(&ns, Vec::new(), you, &mut games);
    }
    assert!(games > 50, "{games}");
}

#[test]
fn the_review_marks_exactly_the_moves_that_give_the_win_away() {
    let mut memo = HashMap::new();
    let ns = [6u64, 5, 4];
    let mut reviewed = 0;
    for moves in positions(&ns, 3).into_iter().filter(|m| m.len() == 3) {
        let position = Position {
            ns: ns.to_vec(),
            moves: moves
                .iter()
                .map(
                    |&(board, number)| juniper_green::engines::grundy::sums::SumMove {
                        board,
                        number,
                    },
                )
                .collect(),
        };
        let review = boards::review(&position, &Stop::never()).unwrap();
        let mut first = None;
        for (i, m) in review.moves.iter().enumerate() {
            let before = lines_of(&ns, &moves[..i]);
            let winning = brute_winning(&ns, &before, &mut memo);
            let listed: Vec<(usize, u64)> = m.winning.iter().map(|w| (w.board, w.number)).collect();
            assert_eq!(listed, winning, "{moves:?} move {i}");
            let mistake = !winning.is_empty() && !winning.contains(&moves[i]);
            assert_eq!(m.mistake, mistake, "{moves:?} move {i}");
            assert_eq!(m.nim_sum, m.values.iter().fold(0, |x, v| x ^ v));
            let mut after = lines_of(&ns, &moves[..=i]);
            assert_eq!(m.nim_sum == 0, !sum_wins(&ns, &mut after, &mut memo));
            if mistake && first.is_none() {
                first = Some(i);
            }
        }
        assert_eq!(review.first_mistake, first, "{moves:?}");
        reviewed += 1;
    }
    assert!(reviewed > 100, "{reviewed}");
}

#[test]
fn a_reached_stop_ends_the_work_with_503() {
    let stop = Stop::at(Instant::now());
    let error = boards::answer(&request(&[50, 49], &[], "perfect", "second"), &stop).unwrap_err();
    assert_eq!(error.status.as_u16(), 503);
    let position = Position {
        ns: vec![50, 49],
        moves: Vec::new(),
    };
    assert_eq!(
        boards::review(&position, &stop)
            .unwrap_err()
            .status
            .as_u16(),
        503
    );
}

// ---- the routes ------------------------------------------------------------------------------

#[tokio::test]
async fn the_answers_of_the_routes() {
    let router = server();
    let mut report = String::new();
    for (uri, body) in [
        // The example of docs/GRUNDY.md: values 2, 1, 2, nim-sum 1, the winning move 2 on 1..20.
        (
            "/api/boards",
            r#"{"boards": [12, 20, 27], "moves": [], "you": "first", "hints": true}"#,
        ),
        // The perfect player opens the sum 1..3 + 1..4 (nim-sum ≠ 0) with the move to nim-sum 0.
        (
            "/api/boards",
            r#"{"boards": [3, 4], "moves": [], "you": "second"}"#,
        ),
        // A level answers on a board drawn at random, with its own move there.
        (
            "/api/boards",
            r#"{"boards": [6, 8], "moves": [{"board": 1, "number": 8}], "you": "first", "opponent": "random", "seed": 3, "hints": true}"#,
        ),
        // The end: the person has no move on any board.
        (
            "/api/boards",
            r#"{"boards": [2, 3], "moves": [{"board": 1, "number": 2}, {"board": 0, "number": 2}, {"board": 0, "number": 1}, {"board": 1, "number": 1}, {"board": 1, "number": 3}], "you": "second", "opponent": "person"}"#,
        ),
        (
            "/api/boards/review",
            r#"{"boards": [2, 3], "moves": [{"board": 0, "number": 2}, {"board": 1, "number": 2}, {"board": 0, "number": 1}, {"board": 1, "number": 1}, {"board": 1, "number": 3}]}"#,
        ),
    ] {
        let (status, value) = post(&router, uri, body).await;
        report += &format!("POST {uri} {body}\n{status}\n{value}\n\n");
    }
    insta::assert_snapshot!("boards_answers", report);
}

#[tokio::test]
async fn the_routes_refuse_in_words_with_codes() {
    let router = server();
    let mut report = String::new();
    for (uri, body) in [
        ("/api/boards", r#"{"boards": [12], "you": "first"}"#),
        (
            "/api/boards",
            r#"{"boards": [12, 20, 27, 30], "you": "first"}"#,
        ),
        ("/api/boards", r#"{"boards": [12, 51], "you": "first"}"#),
        ("/api/boards", r#"{"boards": [12, "x"], "you": "first"}"#),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "moves": [{"board": 2, "number": 4}], "you": "first"}"#,
        ),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "moves": [{"board": 1, "number": 3}], "you": "first"}"#,
        ),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "moves": [{"board": 1, "number": 21}], "you": "first"}"#,
        ),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "moves": [{"board": 1, "number": 4}, {"board": 0, "number": 6}, {"board": 1, "number": 7}], "you": "first"}"#,
        ),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "moves": [{"board": 1, "number": 4}, {"board": 0, "number": 6}, {"board": 1, "number": 2}, {"board": 0, "number": 3}, {"board": 1, "number": 4}], "you": "first"}"#,
        ),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "you": "first", "opponent": "wizard"}"#,
        ),
        ("/api/boards", r#"{"boards": [12, 20]}"#),
        (
            "/api/boards",
            r#"{"boards": [12, 20], "you": "first", "pad": 1}"#,
        ),
        (
            "/api/boards",
            r#"{"boards": [2, 2], "moves": [{"board": 0, "number": 2}, {"board": 0, "number": 1}, {"board": 1, "number": 2}, {"board": 1, "number": 1}, {"board": 0, "number": 1}], "you": "first"}"#,
        ),
        (
            "/api/boards/review",
            r#"{"boards": [12, 20], "you": "first"}"#,
        ),
        ("/api/boards/review", r#"{"moves": []}"#),
    ] {
        let (status, value) = post(&router, uri, body).await;
        assert!(status.is_client_error(), "{body}: {status}");
        report += &format!("POST {uri} {body}\n{status} {value}\n\n");
    }
    insta::assert_snapshot!("boards_refusals", report);
}
