//! The `chain`, `draw` and `play` subcommands through the real binary: output shapes, exit codes,
//! and agreement with the library they print.

use juniper_green::engines::chain::{check_chain, Request};
use juniper_green::engines::position::PositionOracle;
use juniper_green::frontends::play::{play_game, GameEnd};
use juniper_green::game::legal_moves_after;
use juniper_green::{OpeningRule, Player};
use std::io::Write;
use std::process::{Command, Stdio};

fn jg(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the jg binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn chain_json_is_a_legal_chain_of_the_proved_length() {
    let (code, out, _) = jg(&["chain", "28", "--json"], "");
    assert_eq!(code, 0);
    let numbers = out
        .split("\"chain\":[")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("a chain field");
    let chain: Vec<u64> = numbers.split(',').map(|x| x.parse().unwrap()).collect();
    check_chain(28, &chain).unwrap();
    let proved = Request::new(28).solve().unwrap();
    assert_eq!(chain.len(), proved.chain.len());
    assert!(out.contains(&format!("\"length\":{}", chain.len())));
}

#[test]
fn chain_text_and_json_report_the_same_certificate_figures() {
    let temporary = tempfile::tempdir().unwrap();
    let (text_path, json_path) = (
        temporary.path().join("t.txt"),
        temporary.path().join("j.txt"),
    );
    let (code, text, _) = jg(
        &["chain", "30", "--certificate", text_path.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0);
    let json_args = [
        "chain",
        "30",
        "--json",
        "--certificate",
        json_path.to_str().unwrap(),
    ];
    let (code, json, _) = jg(&json_args, "");
    assert_eq!(code, 0);
    let bytes = std::fs::read(&text_path).unwrap();
    assert_eq!(std::fs::read(&json_path).unwrap(), bytes);
    let verdict = jg_verify::chain::check(&bytes).unwrap();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let figures = &json["certificate"];
    assert_eq!(figures["bytes"], bytes.len());
    assert_eq!(figures["blake3"], verdict.blake3);
    assert_eq!(figures["leaves"], verdict.leaves);
    assert_eq!(figures["cuts"], verdict.cuts);
    // The text line says what the JSON object says, in the words scripts read.
    // Singular for one: `1 cut`, `1 leaf`.
    let counted = |value: &serde_json::Value, one: &str, many: &str| {
        format!("{value} {}", if value == 1 { one } else { many })
    };
    let line = format!(
        "certificate {}: {}, {}, {}, denominator {}, {}, blake3 {}",
        text_path.display(),
        counted(&figures["bytes"], "byte", "bytes"),
        counted(&figures["cuts"], "cut", "cuts"),
        counted(&figures["rows"], "row", "rows"),
        figures["denominator"],
        counted(&figures["leaves"], "leaf", "leaves"),
        verdict.blake3
    );
    assert_eq!(text.lines().last(), Some(line.as_str()), "{text}");
}

#[test]
fn chain_refuses_zero_with_exit_2() {
    let (code, _, err) = jg(&["chain", "0"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("jg: ") && err.contains("n must be at least 1"),
        "{err}"
    );
}

#[test]
fn draw_writes_an_svg_and_refuses_an_illegal_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drawn.svg");
    let path_text = path.to_str().unwrap();
    let (code, _, err) = jg(&["draw", "12", "--after", "4 2", "-o", path_text], "");
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Played: 4 2"));
    std::fs::remove_file(&path).unwrap();
    let (code, _, err) = jg(&["draw", "12", "--after", "4 3", "-o", path_text], "");
    assert_eq!(code, 2);
    assert!(err.contains("illegal line of play"), "{err}");
    assert!(!path.exists(), "nothing is written for an illegal line");
}

#[test]
fn play_through_the_binary_matches_the_in_process_game() {
    // A human who always plays the largest legal move, as second player on 1..=14.
    let n = 14;
    let oracle = PositionOracle::new(OpeningRule::Even);
    let mut script = String::new();
    let in_process = loop {
        let mut output = Vec::new();
        match play_game(
            n,
            Player::Second,
            &oracle,
            false,
            script.as_bytes(),
            &mut output,
        )
        .unwrap()
        {
            GameEnd::Quit(line) => {
                let moves = legal_moves_after(n, OpeningRule::Even, &line).unwrap();
                script.push_str(&format!("{}\n", moves.last().unwrap()));
            }
            _ => break String::from_utf8(output).unwrap(),
        }
    };
    let (code, out, err) = jg(&["play", "14", "--second"], &script);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, in_process);
    assert!(out.contains("you lose") || out.contains("you win"));
}

#[test]
fn play_on_a_large_board_summarises_the_legal_moves_and_lists_them_on_request() {
    // 1..=1000: the 500 even numbers are the legal openings.
    let (code, out, err) = jg(&["play", "1000"], "moves\nquit\n");
    assert_eq!(code, 0, "{err}");
    let summary = out
        .lines()
        .find(|l| l.starts_with("Legal moves: "))
        .expect("a legal-moves line");
    assert_eq!(
        summary,
        "Legal moves: 2 4 6 8 10 12 14 16 18 20 … 992 994 996 998 1000 (500 in all) \
         (type moves to list them all)"
    );
    let full = out
        .lines()
        .filter_map(|l| l.split("Legal moves: ").nth(1))
        .find(|l| !l.contains('…'))
        .expect("the full list after 'moves'");
    let listed: Vec<u64> = full.split(' ').map(|w| w.parse().unwrap()).collect();
    assert_eq!(
        listed,
        legal_moves_after(1000, OpeningRule::Even, &[]).unwrap()
    );
}

/// The hints of `jg play` come from the engine that answers `jg solve --after`: for several
/// boards, the hint at the start and after the computer's reply must list the moves
/// `jg solve --after LINE --full --method search` lists (search agreeing for these n ≤ 128).
#[test]
fn play_hints_are_what_solve_after_answers() {
    let listed = |line: &str| -> Vec<u64> {
        if line.starts_with("No winning move") || line == "none" {
            return Vec::new();
        }
        let words = line.rsplit(": ").next().unwrap();
        words.split(' ').map(|w| w.parse().unwrap()).collect()
    };
    for (n, first_move) in [(12u64, 2u64), (30, 4), (41, 6), (90, 10)] {
        let input = format!("hint all\n{first_move}\nhint all\nquit\n");
        let (code, out, err) = jg(&["play", &n.to_string()], &input);
        assert_eq!(code, 0, "{err}");
        let hints: Vec<Vec<u64>> = out
            .split("your move> ")
            .filter_map(|chunk| chunk.lines().next())
            .filter(|line| line.contains("inning move"))
            .map(listed)
            .collect();
        let reply = out
            .lines()
            .find_map(|l| l.strip_prefix("I play ")?.strip_suffix('.'))
            .expect("the computer answers");
        let lines = [String::new(), format!("{first_move} {reply}")];
        assert_eq!(hints.len(), 2, "{out}");
        for (line, hint) in lines.iter().zip(&hints) {
            let (code, solved, err) = jg(
                &[
                    "solve",
                    &n.to_string(),
                    "--after",
                    line,
                    "--full",
                    "--method",
                    "search",
                ],
                "",
            );
            assert_eq!(code, 0, "{err}");
            assert!(solved.contains("(search agrees)"), "{solved}");
            let answer = solved
                .lines()
                .find_map(|l| l.strip_prefix("winning moves: "))
                .expect("a winning-moves line");
            assert_eq!(&listed(answer), hint, "n = {n}, after {line:?}");
        }
    }
}

/// Plays `jg play N --opponent LEVEL --seed S` with a person who always names the smallest legal
/// number; returns the transcript and the line of play read back from its "I play" and "You
/// play" lines.
fn play_smallest(n: u64, level: &str, seed: u64) -> (String, Vec<u64>) {
    let mut script = String::new();
    loop {
        let (code, out, err) = jg(
            &[
                "play",
                &n.to_string(),
                "--opponent",
                level,
                "--seed",
                &seed.to_string(),
            ],
            &script,
        );
        assert_eq!(code, 0, "{err}");
        let line: Vec<u64> = out
            .lines()
            .flat_map(|l| l.split("> "))
            .filter_map(|l| {
                l.strip_prefix("I play ")
                    .or_else(|| l.strip_prefix("You play "))
            })
            .map(|rest| rest.split('.').next().unwrap().trim().parse().unwrap())
            .collect();
        if out.contains("you lose") || out.contains("you win") {
            return (out, line);
        }
        let moves = legal_moves_after(n, OpeningRule::Even, &line).unwrap();
        script.push_str(&format!("{}\n", moves[0]));
    }
}

#[test]
fn play_against_a_chosen_opponent_is_legal_and_repeats_with_its_seed() {
    for level in ["random", "careful", "fewest-replies", "playouts:20"] {
        let (out, line) = play_smallest(16, level, 7);
        // Every move of the game, the opponent's included, is legal where it was played.
        for i in 0..line.len() {
            let legal = legal_moves_after(16, OpeningRule::Even, &line[..i]).unwrap();
            assert!(legal.contains(&line[i]), "{level}: {line:?} at {i}\n{out}");
        }
        assert!(!line.is_empty(), "{level}: {out}");
        assert_eq!(
            play_smallest(16, level, 7).0,
            out,
            "{level}: same seed, same game"
        );
    }
}

#[test]
fn play_refuses_an_unknown_opponent_and_a_board_too_large_for_it() {
    let (code, _, err) = jg(&["play", "10", "--opponent", "nobody"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown player 'nobody'"), "{err}");
    let (code, _, err) = jg(&["play", "20000", "--opponent", "playouts:5"], "");
    assert_eq!(code, 2);
    assert!(err.contains("up to n = 10000"), "{err}");
}
