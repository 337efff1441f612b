//! The CLI contract (docs/DESIGN.md): bad arguments give one line on stderr and exit 2.

use std::process::{Command, Output};

fn jg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .output()
        .expect("the jg binary runs")
}

fn assert_usage_error(args: &[&str], mentions: &str) {
    let output = jg(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "jg {args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "jg {args:?} printed to stdout");
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "jg {args:?}: not one line: {stderr}"
    );
    assert!(
        stderr.contains(mentions),
        "jg {args:?}: {stderr:?} does not mention {mentions:?}"
    );
}

#[test]
fn bad_board_sizes_are_one_line_errors() {
    assert_usage_error(&["solve", "0"], "at least 1");
    assert_usage_error(&["solve", "abc"], "'abc'");
    assert_usage_error(&["solve", "-5"], "-5");
    assert_usage_error(
        &["solve", "129", "--method", "search"],
        "beyond the search's range",
    );
}

#[test]
fn an_empty_table_range_is_refused() {
    assert_usage_error(
        &["table", "--from", "10", "--to", "5"],
        "--from 10 is greater than --to 5",
    );
}

#[test]
fn solve_reports_the_winner_and_openings() {
    let output = jg(&["solve", "8", "--all-openings"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("n = 8: the "), "{stdout}");
    assert!(stdout.contains("winning openings: "), "{stdout}");
}

#[test]
fn solve_after_a_line_agrees_between_methods_and_refuses_illegal_lines() {
    let output = jg(&["solve", "40", "--after", "22 11 33"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("the second player is to move"), "{stdout}");
    assert!(stdout.contains("search agrees"), "{stdout}");
    assert_usage_error(&["solve", "40", "--after", "22 7"], "illegal line of play");
    assert_usage_error(&["solve", "40", "--after", "3"], "illegal line of play");
    assert_usage_error(&["solve", "40", "--after", "22 x"], "'x'");
}

#[test]
fn huge_n_is_decided_by_a_scheme_and_refused_by_search() {
    let output = jg(&["solve", "1000000000000000"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout.contains("the first player wins"), "{stdout}");
    assert!(stdout.contains("method: scheme"), "{stdout}");
    assert_usage_error(
        &["solve", "1000000000000000", "--method", "matching"],
        "beyond the matching's range",
    );
}

#[test]
fn certify_writes_the_same_bytes_whatever_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("jg-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (n, strategy) in [("44", "auto"), ("80", "tree"), ("72", "pairing")] {
        let mut files = Vec::new();
        for threads in ["1", "2"] {
            let path = dir.join(format!("cert-{n}-{threads}.bin"));
            let output = Command::new(env!("CARGO_BIN_EXE_jg"))
                .args(["certify", n, "--strategy", strategy, "-o"])
                .arg(&path)
                .env("RAYON_NUM_THREADS", threads)
                .output()
                .expect("jg runs");
            assert_eq!(
                output.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            files.push(std::fs::read(&path).unwrap());
        }
        assert!(
            files[0] == files[1],
            "n = {n}: bytes differ between 1 and 2 threads"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn certify_then_verify_round_trips_through_the_cli() {
    let dir = std::env::temp_dir().join(format!("jg-roundtrip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cert-30.bin");
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["certify", "30", "-o"])
        .arg(&path)
        .output()
        .expect("jg runs");
    assert_eq!(output.status.code(), Some(0));
    let summary = String::from_utf8_lossy(&output.stdout);
    let verified = Command::new(env!("CARGO_BIN_EXE_jg"))
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&verified.stdout);
    assert_eq!(verified.status.code(), Some(0), "{line}");
    assert!(
        line.starts_with(&format!("{}: valid: n=30, ", path.display())),
        "{line}"
    );
    // The summary and the verifier agree on the winner and the digest.
    let digest = line.trim_end().rsplit(' ').next().unwrap();
    assert!(summary.contains(digest), "{summary} vs {line}");
    let missing = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["verify", "/nonexistent/cert.bin"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
