//! The default method and long work on a pipe: `auto` answers by the matching engine (every
//! winning opening) up to `AUTO_MATCHING_MAX` and by a scheme above it, and agrees with the
//! exact search, the independent method; long work whose stderr is piped prints a line every
//! few seconds (`JG_PROGRESS_SECONDS` shortens the interval here), none under `-q`.

use juniper_green::engines::search::{self, SearchConfig};
use juniper_green::engines::solver::AUTO_MATCHING_MAX;
use juniper_green::OpeningRule;
use std::process::Command;

fn jg(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the jg binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_default_table_lists_every_opening_and_agrees_with_the_search() {
    let (code, csv, err) = jg(&["table", "--to", "60", "--format", "csv"], &[]);
    assert_eq!(code, 0, "{err}");
    let config = SearchConfig {
        table_megabytes: 16,
        ..Default::default()
    };
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 60);
    for (n, row) in (1..=60u32).zip(rows) {
        let truth = search::solve(n, OpeningRule::Even, true, &config);
        let openings: Vec<String> = truth.winning_openings.iter().map(u64::to_string).collect();
        let expected = format!(
            "{n},{},{},true,matching",
            truth.winner.name(),
            openings.join(" ")
        );
        assert_eq!(row, expected);
    }
}

#[test]
fn auto_switches_to_schemes_above_its_matching_bound() {
    let range = format!("{}..{}", AUTO_MATCHING_MAX - 1, AUTO_MATCHING_MAX + 2);
    let (code, csv, err) = jg(&["table", "--range", &range, "--format", "csv"], &[]);
    assert_eq!(code, 0, "{err}");
    let methods: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|row| row.rsplit(',').next().unwrap())
        .collect();
    assert_eq!(
        methods,
        ["matching", "matching", "scheme", "scheme"],
        "{csv}"
    );
    // A scheme's single opening reads as one opening, not as a count.
    let (_, text, _) = jg(&["table", "--range", &range], &[]);
    let last = text.lines().last().unwrap();
    assert!(last.ends_with("; others not tried"), "{text}");
    assert!(!text.contains("(not all tried)"), "{text}");
    let n = (AUTO_MATCHING_MAX + 1).to_string();
    let (_, solved, _) = jg(&["solve", &n], &[]);
    assert!(solved.contains("; other openings not tried\n"), "{solved}");
}

#[test]
fn long_work_on_a_pipe_prints_a_line_every_few_seconds_unless_quiet() {
    let fast = [("JG_PROGRESS_SECONDS", "0.02")];
    let args = ["solve", "300000", "--method", "matching"];
    let (code, out, err) = jg(&args, &fast);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("n = 300000: the first player wins"),
        "{out}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty(), "no progress on a pipe");
    for line in &lines {
        assert!(line.starts_with("jg: solving n = 300000 ("), "{err}");
        assert!(line.ends_with(" s)"), "{err}");
    }
    let (code, _, err) = jg(&["-q", "solve", "300000", "--method", "matching"], &fast);
    assert_eq!((code, err.as_str()), (0, ""));
    // A table's lines name the rows done.
    let (code, _, err) = jg(
        &["table", "--range", "1..3000", "--method", "matching"],
        &fast,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.lines().all(|l| l.starts_with("jg: rows ")), "{err}");
    assert!(err.contains("/3000"), "{err}");
}
