//! Every message a user meets on the command line, pinned by reviewed insta snapshots: clap's
//! usage errors kept whole, one wording for n and for lines of play across subcommands, work
//! refused before it starts, outputs summarised, limits stated in --help. Each snapshot is a
//! transcript: the command, its exit code, its stdout and its stderr.

use std::process::Command;

/// Runs `jg` and returns the transcript, with the figures that depend on the machine or the
/// clock (seconds, the machine's memory) replaced by placeholders.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .output()
        .expect("the jg binary runs");
    (
        output.status.code().unwrap_or(-1),
        redact(&String::from_utf8_lossy(&output.stdout)),
        redact(&String::from_utf8_lossy(&output.stderr)),
    )
}

/// `1.234 s` → `[T] s`; `(24105 MiB, MemTotal` → `([M] MiB, MemTotal`.
fn redact(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let mut line = line.to_string();
        if let Some(end) = line.rfind(" s") {
            let start = line[..end]
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |i| i + 1);
            if start < end && line[start..end].contains('.') {
                line.replace_range(start..end, "[T]");
            }
        }
        if let Some(end) = line.find(" MiB, MemTotal") {
            let start = line[..end].rfind('(').map_or(0, |i| i + 1);
            line.replace_range(start..end, "[M]");
        }
        out.push_str(&line);
    }
    out
}

fn transcript(cases: &[&[&str]]) -> String {
    let mut out = String::new();
    for args in cases {
        let (code, stdout, stderr) = run(args);
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains(' ') || a.is_empty() {
                    format!("{a:?}")
                } else {
                    a.to_string()
                }
            })
            .collect();
        out.push_str(&format!("$ jg {}\n[exit {code}]\n", shown.join(" ")));
        if !stdout.is_empty() {
            out.push_str(&format!("[stdout]\n{stdout}"));
        }
        if !stderr.is_empty() {
            out.push_str(&format!("[stderr]\n{stderr}"));
        }
        out.push('\n');
    }
    out
}

/// Every error in these transcripts goes to stderr, starts with `jg: ` and exits with 2.
fn assert_all_refused(cases: &[&[&str]]) {
    for args in cases {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 2, "jg {args:?}: {stderr}");
        assert!(stdout.is_empty(), "jg {args:?} printed on stdout: {stdout}");
        assert!(stderr.starts_with("jg: "), "jg {args:?}: {stderr}");
    }
}

const USAGE: &[&[&str]] = &[
    &["solve"],
    &["certify"],
    &["draw", "12"],
    &["schemes", "--to", "100"],
    &["table", "--format", "xml"],
    &["solve", "10", "--metod", "auto"],
    &["sovle", "10"],
    &["table", "--from", "10", "--to", "5"],
];

#[test]
fn usage_errors_keep_clap_s_whole_message() {
    assert_all_refused(USAGE);
    insta::assert_snapshot!(transcript(USAGE));
}

const BOARD_SIZES: &[&[&str]] = &[
    &["solve", "1000000000000000000000000000000"],
    &["schemes", "1000000000000000000000000000000"],
    &["chain", "1000000000000000000000000000000"],
    &["play", "1000000000000000000000000000000"],
    &["draw", "1000000000000000000000000000000", "-o", "-"],
    &["table", "--to", "1000000000000000000000000000000"],
    &["certify", "--range", "1..1000000000000000000000000000000"],
    &["solve", "0"],
    &["solve", "abc"],
    &["play", "100001"],
    &["draw", "151", "-o", "-"],
    &["solve", "40", "--after", "22 23"],
    &["draw", "40", "--after", "22 23", "-o", "-"],
    &["solve", "40", "--after", "22 x"],
    &["draw", "40", "--after", "3", "-o", "-"],
];

#[test]
fn board_sizes_and_lines_of_play_have_one_wording() {
    assert_all_refused(BOARD_SIZES);
    insta::assert_snapshot!(transcript(BOARD_SIZES));
}

const REFUSED_UP_FRONT: &[&[&str]] = &[
    &["table", "--table-mib", "99999999999"],
    &["solve", "10", "--table-mib", "0"],
    &["table", "--to", "200", "--method", "search"],
    &["table", "--to", "60000000", "--method", "matching"],
    &["solve", "100000000", "--all-openings"],
    &["solve", "100000000", "--after", "2"],
    &["table", "--range", "1..20000", "--format", "svg"],
];

#[test]
fn impossible_requests_are_refused_before_work_starts() {
    assert_all_refused(REFUSED_UP_FRONT);
    insta::assert_snapshot!(transcript(REFUSED_UP_FRONT));
}

const OUTPUTS: &[&[&str]] = &[
    &["solve", "3000", "--method", "matching"],
    &["solve", "2100"],
    &["solve", "8"],
    &[
        "table", "--range", "5..9", "--format", "csv", "--method", "search",
    ],
    &["table", "--from", "3", "--to", "4", "--format", "json"],
    &[
        "table", "--from", "7", "--to", "8", "--format", "json", "--method", "matching",
    ],
    &["certify", "12", "--dry-run"],
    &["certify", "--from", "5", "--to", "7", "--dry-run"],
    &["-q", "certify", "12", "--dry-run"],
];

#[test]
fn outputs_summarise_and_state_completeness_and_method() {
    insta::assert_snapshot!(transcript(OUTPUTS));
}

#[test]
fn full_lists_on_request() {
    let (code, stdout, _) = run(&["solve", "3000", "--method", "matching", "--full"]);
    assert_eq!(code, 0);
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("winning openings: "))
        .expect("an openings line");
    let listed: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
    let expected = juniper_green::engines::matching::solve(3000, juniper_green::OpeningRule::Even);
    assert_eq!(listed, expected.winning_openings);
    // The summary names the same count.
    let (_, summary, _) = run(&["solve", "3000", "--method", "matching"]);
    assert!(
        summary.contains(&format!("({} in all)", listed.len())),
        "{summary}"
    );
}

#[test]
fn limits_are_stated_in_help() {
    for (args, limit) in [
        (&["play", "--help"][..], "N ≤ 100000"),
        (&["draw", "--help"][..], "N ≤ 150"),
        (&["table", "--help"][..], "n ≤ 128"),
        (&["solve", "--help"][..], "≤ 50000000"),
        (&["certify", "--help"][..], "n = 10^7 about 3.5 min"),
        (&["table", "--help"][..], "MemTotal"),
        (&["solve", "--help"][..], "MemTotal"),
    ] {
        let (code, stdout, _) = run(args);
        assert_eq!(code, 0);
        assert!(stdout.contains(limit), "jg {args:?}: {stdout}");
    }
    insta::assert_snapshot!(transcript(&[&["play", "--help"], &["draw", "--help"]]));
}

#[test]
fn files_go_where_asked() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    // certify N --out-dir DIR writes DIR/cert-N.bin (creating DIR), and nothing in ".".
    let out_dir = dir.join("made/by/certify");
    let (code, stdout, stderr) = run(&["certify", "10", "--out-dir", out_dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let written = out_dir.join("cert-10.bin");
    assert!(written.is_file(), "{stdout}");
    assert!(stdout.starts_with(&format!("{}: n=10, ", written.display())));
    // --dry-run writes nothing and names no path.
    let (code, stdout, _) = run(&[
        "certify",
        "11",
        "--out-dir",
        dir.to_str().unwrap(),
        "--dry-run",
    ]);
    assert_eq!(code, 0);
    assert!(!dir.join("cert-11.bin").exists());
    assert!(
        stdout.starts_with("dry run, nothing written: n=11, "),
        "{stdout}"
    );
    // -o and --out-dir together are refused.
    let (code, _, stderr) = run(&["certify", "10", "-o", "x.bin", "--out-dir", "d"]);
    assert_eq!(code, 2, "{stderr}");
    // draw -o - writes the SVG on stdout; table -o FILE writes the table there.
    let (code, stdout, _) = run(&["draw", "12", "--after", "4 2", "-o", "-"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("<svg") && stdout.contains("Played: 4 2"));
    assert!(!std::path::Path::new("-").exists());
    let table = dir.join("table.csv");
    let (code, stdout, _) = run(&[
        "table",
        "--to",
        "20",
        "--format",
        "csv",
        "-o",
        table.to_str().unwrap(),
    ]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    let (_, on_stdout, _) = run(&["table", "--to", "20", "--format", "csv"]);
    assert_eq!(std::fs::read_to_string(&table).unwrap(), on_stdout);
    // The chart: --format svg, and the older --plot FILE alongside the table.
    let chart = dir.join("chart.svg");
    let (_, svg, _) = run(&["table", "--to", "60", "--format", "svg"]);
    let (_, text, _) = run(&["table", "--to", "60", "--plot", chart.to_str().unwrap()]);
    assert!(svg.starts_with("<svg"));
    assert_eq!(std::fs::read_to_string(&chart).unwrap(), svg);
    assert!(text.starts_with(" n  winner"), "{text}");
}

#[test]
fn the_old_and_new_range_spellings_agree() {
    let by_flags = run(&["table", "--from", "20", "--to", "30", "--format", "csv"]);
    let by_range = run(&["table", "--range", "20..30", "--format", "csv"]);
    assert_eq!(by_flags, by_range);
    assert_eq!(by_flags.0, 0);
    let old = run(&["schemes", "100", "--to", "130"]);
    let new = run(&["schemes", "--from", "100", "--to", "130"]);
    let range = run(&["schemes", "--range", "100..130"]);
    assert_eq!(old, new);
    assert_eq!(old, range);
    let old = run(&["certify", "--range", "5..9", "--dry-run"]);
    let new = run(&["certify", "--from", "5", "--to", "9", "--dry-run"]);
    assert_eq!(old.0, 0);
    assert_eq!(old.1.split(" bytes").next(), new.1.split(" bytes").next());
}

#[test]
fn completions_and_man_page_come_from_the_clap_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, stdout, _) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        for subcommand in ["solve", "table", "certify", "verify", "draw"] {
            assert!(stdout.contains(subcommand), "{shell}: no {subcommand}");
        }
    }
    let (code, man, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(man.starts_with(".ie") || man.contains(".TH jg"), "{man}");
    assert!(man.contains("completions"));
}

#[test]
fn table_rows_stream_before_the_range_is_done() {
    use std::io::{BufRead, BufReader};
    // 10^11 rows could never be held or finished: the first rows must come out on their own.
    let mut child = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args([
            "table",
            "--from",
            "2001",
            "--to",
            "100000000000",
            "--format",
            "csv",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the jg binary runs");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first: Vec<String> = lines.by_ref().take(3).map(Result::unwrap).collect();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(first[0], "n,winner,winning_openings,all_openings,method");
    assert!(first[1].starts_with("2001,first,"), "{first:?}");
    assert!(first[2].starts_with("2002,first,") && first[2].ends_with(",false,scheme"));
}
