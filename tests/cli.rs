//! The CLI contract (docs/DESIGN.md): bad arguments give a message on stderr starting `jg: `
//! (a failure found while running: one line; clap's: its whole message) and exit 2.

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
    assert!(stderr.starts_with("jg: "), "jg {args:?}: {stderr}");
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
fn an_empty_range_is_refused() {
    for command in [
        &["table"][..],
        &["certify"][..],
        &["certify", "--openings", "--dry-run"][..],
    ] {
        let args = [command, &["--from", "10", "--to", "5"][..]].concat();
        assert_usage_error(&args, "--from 10 is greater than --to 5");
    }
}

#[test]
fn solve_reports_the_winner_and_openings_the_matching_engine_finds() {
    use juniper_green::engines::matching;
    use juniper_green::OpeningRule;
    // The CLI answers by search; the library's matching engine is the independent check.
    for (n, free) in [
        (8, false),
        (9, false),
        (16, false),
        (54, false),
        (20, true),
        (110, true),
    ] {
        let rule = if free {
            OpeningRule::Free
        } else {
            OpeningRule::Even
        };
        let mut args = vec!["solve".to_string(), n.to_string(), "--all-openings".into()];
        args.extend(["--method".into(), "search".into()]);
        if free {
            args.push("--free-opening".into());
        }
        let output = jg(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(output.status.code(), Some(0));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let truth = matching::solve(n, rule);
        let named = if free {
            ", free opening (the first number may be odd)"
        } else {
            ""
        };
        let first = format!("n = {n}{named}: the {} player wins", truth.winner.name());
        assert_eq!(stdout.lines().next(), Some(first.as_str()), "{stdout}");
        let openings: Vec<String> = truth.winning_openings.iter().map(u64::to_string).collect();
        let openings = if openings.is_empty() {
            "none".to_string()
        } else {
            openings.join(" ")
        };
        assert_eq!(
            stdout.lines().nth(1),
            Some(format!("winning openings: {openings}").as_str())
        );
    }
}

#[test]
fn free_opening_results_say_so_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("free-110.bin");
    let path_text = path.to_str().unwrap();
    let certify = jg(&["certify", "110", "--free-opening", "-o", path_text]);
    let line = String::from_utf8_lossy(&certify.stdout);
    assert!(
        line.starts_with(&format!(
            "{path_text}: n=110, free opening, first player wins, "
        )),
        "{line}"
    );
    let verify = jg(&["verify", path_text]);
    let line = String::from_utf8_lossy(&verify.stdout);
    assert!(
        line.starts_with(&format!(
            "{path_text}: valid: n=110, free opening, first player wins, "
        )),
        "{line}"
    );
    let after = jg(&["solve", "110", "--free-opening", "--after", "59"]);
    let line = String::from_utf8_lossy(&after.stdout);
    assert!(
        line.starts_with("n = 110, free opening, after 59: "),
        "{line}"
    );
    let table = jg(&["table", "--to", "3", "--free-opening"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(
        text.starts_with("free opening: the first number may be odd\n"),
        "{text}"
    );
    // The game's own certificate for 110 and the free one cannot be combined into a theorem.
    let even = dir.path().join("cert-110.bin");
    jg(&["certify", "110", "-o", even.to_str().unwrap()]);
    let covers = jg(&[
        "verify",
        "--covers",
        "110..110",
        path_text,
        even.to_str().unwrap(),
    ]);
    assert_eq!(covers.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&covers.stdout).contains("use different opening rules"));
}

#[test]
fn solve_after_a_line_agrees_between_methods_and_refuses_illegal_lines() {
    let output = jg(&["solve", "40", "--after", "22 11 33", "--method", "search"]);
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
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    for (n, strategy) in [("44", "auto"), ("80", "closed"), ("1000", "scheme")] {
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
}

#[test]
fn certify_then_verify_round_trips_through_the_cli() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
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
}

/// `jg certify N -o -` writes the certificate's bytes to stdout, the same bytes as to a file,
/// accepted by the verifier, with the summary line on stderr; `--manifest` cannot go with it.
#[test]
fn a_certificate_can_go_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cert-30.bin");
    let piped = jg(&["certify", "30", "-o", "-"]);
    assert_eq!(piped.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&piped.stderr);
    assert!(stderr.starts_with("stdout: n=30, "), "{stderr}");
    let written = jg(&["certify", "30", "-o", file.to_str().unwrap()]);
    assert_eq!(written.status.code(), Some(0));
    assert_eq!(piped.stdout, std::fs::read(&file).unwrap());
    let verdict = jg_verify::verify_bytes(&piped.stdout, &jg_verify::Limits::default()).unwrap();
    assert_eq!(verdict.n, 30);
    assert_usage_error(
        &["certify", "30", "-o", "-", "--manifest", "m.tsv"],
        "--manifest",
    );
}

/// `--openings` chooses its own proofs: the options of the winner's certificate are refused
/// with it rather than silently ignored.
#[test]
fn openings_refuse_the_winner_certificate_options() {
    for option in [["--strategy", "closed"], ["--max-positions", "10"]] {
        let args = ["certify", "30", "--openings", option[0], option[1]];
        let output = jg(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "jg {args:?}: {stderr}");
        assert!(
            stderr.contains(option[0]) && stderr.contains("--openings"),
            "{stderr}"
        );
    }
    assert_eq!(
        jg(&["certify", "30", "--openings", "--dry-run"])
            .status
            .code(),
        Some(0)
    );
}
