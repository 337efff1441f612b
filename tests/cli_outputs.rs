//! What each output says it is, through the real binary: the free-opening variant is named in
//! every format of `jg table`, long lists are summarised unless `--full`, and `--certified`
//! asks for the complete lists it compares.

use std::process::Command;

fn jg(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .output()
        .expect("the jg binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code().unwrap_or(-1),
        text(&output.stdout),
        text(&output.stderr),
    )
}

/// `--free-opening` is named by the text table, the CSV (a column), the JSON (a field in every
/// object) and the SVG chart (its title); the game's own tables name no rule.
#[test]
fn the_free_opening_is_named_in_every_format() {
    let table = |format: &str, free: bool| {
        let mut args = vec!["table", "--range", "1..20", "--format", format];
        if free {
            args.push("--free-opening");
        }
        let (code, out, err) = jg(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    for free in [false, true] {
        let text = table("text", free);
        assert_eq!(
            text.starts_with("free opening: the first number may be odd\n"),
            free
        );
        let csv = table("csv", free);
        let header = csv.lines().next().unwrap();
        assert_eq!(header.ends_with(",free_opening"), free, "{header}");
        assert!(
            csv.lines()
                .skip(1)
                .all(|row| row.ends_with(",true") == free),
            "{csv}"
        );
        let json: serde_json::Value = serde_json::from_str(&table("json", free)).unwrap();
        let rows = json.as_array().unwrap();
        assert_eq!(rows.len(), 20);
        for row in rows {
            assert_eq!(
                row.get("free_opening") == Some(&serde_json::Value::Bool(true)),
                free
            );
        }
        let svg = table("svg", free);
        let title = svg.split("<text").nth(1).unwrap();
        assert_eq!(title.contains("free opening"), free, "{title}");
        assert!(title.contains("n = 1 to 20"), "{title}");
    }
}

/// A text table summarises a list of more than 24 openings (first 10, last 5, count) unless
/// `--full`; CSV keeps every opening. The summary's count is the full list's length.
#[test]
fn long_lists_are_summarised_unless_full() {
    let args = [
        "table", "--from", "1000", "--to", "1001", "--method", "matching",
    ];
    let (code, short, _) = jg(&args);
    assert_eq!(code, 0);
    let (_, full, _) = jg(&[&args[..], &["--full"]].concat());
    let (_, csv, _) = jg(&[&args[..], &["--format", "csv"]].concat());
    for (short_row, (full_row, csv_row)) in short
        .lines()
        .skip(1)
        .zip(full.lines().skip(1).zip(csv.lines().skip(1)))
    {
        let listed: Vec<&str> = csv_row.split(',').nth(2).unwrap().split(' ').collect();
        assert!(listed.len() > 24);
        assert!(full_row.ends_with(&listed.join(" ")), "{full_row}");
        let summary = format!(
            "{} … {} ({} in all)",
            listed[..10].join(" "),
            listed[listed.len() - 5..].join(" "),
            listed.len()
        );
        assert!(short_row.ends_with(&summary), "{short_row}");
        assert!(short_row.len() < 120, "{short_row}");
    }
}

/// `--certified DIR` compares complete lists: it asks for them, so the published openings
/// certificates mark their rows without `--all-openings`, and the same as with it.
#[test]
fn certified_asks_for_all_openings() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/certificates/openings");
    let args = ["table", "--to", "30", "--format", "csv", "--certified", dir];
    let (code, alone, err) = jg(&args);
    assert_eq!(code, 0, "{err}");
    let (_, with_all, _) = jg(&[&args[..], &["--all-openings"]].concat());
    assert_eq!(alone, with_all);
    let marked = alone.lines().filter(|row| row.ends_with(",yes")).count();
    assert!(marked >= 20, "{alone}");
}

/// `solve --format json` is one object with the text's fields, and agrees with the text; `-q`
/// hides the text's method-and-time line, not the result.
#[test]
fn solve_json_has_the_text_s_fields() {
    let (code, json, _) = jg(&["solve", "116", "--all-openings", "--format", "json"]);
    assert_eq!(code, 0);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["n"], 116);
    assert_eq!(object["free_opening"], false);
    assert_eq!(object["winner"], "first");
    assert_eq!(object["all_openings"], true);
    // All openings: the automatic method asks the matching engine, exact and fast.
    assert_eq!(object["method"], "matching");
    assert!(object["seconds"].is_f64());
    let openings: Vec<u64> = serde_json::from_value(object["winning_openings"].clone()).unwrap();
    let (_, text, _) = jg(&["solve", "116", "--all-openings", "--full"]);
    let words: Vec<String> = openings.iter().map(u64::to_string).collect();
    assert!(
        text.contains(&format!("winning openings: {}\n", words.join(" "))),
        "{text}"
    );
    assert!(text.contains("\nmethod: matching, "));
    let (_, quiet, _) = jg(&["-q", "solve", "116", "--all-openings", "--full"]);
    assert_eq!(
        quiet,
        text.lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );

    let (code, json, _) = jg(&[
        "solve",
        "20",
        "--after",
        "2 1",
        "--free-opening",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["after"], serde_json::json!([2, 1]));
    assert_eq!(object["free_opening"], true);
    assert_eq!(object["to_move"], "first");
    let (_, text, _) = jg(&["solve", "20", "--after", "2 1", "--free-opening"]);
    let verdict = if object["to_move_wins"] == true {
        "wins"
    } else {
        "loses"
    };
    assert!(
        text.contains(&format!("the first player is to move and {verdict}")),
        "{text}"
    );
}

/// `solve 3`: 2 is the only opening, so the list is complete.
#[test]
fn a_list_of_every_opening_is_complete() {
    let (_, text, _) = jg(&["solve", "3"]);
    assert!(text.contains("winning openings: 2\n"), "{text}");
}

/// `schemes --format json`: the catalogue, one board and a range as objects with the text's
/// fields; the ranges are numbers, and the board's pairs are the text's.
#[test]
fn schemes_json_has_the_text_s_fields() {
    let (code, json, _) = jg(&["schemes", "--format", "json"]);
    assert_eq!(code, 0);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    let catalogue = object["catalogue"].as_array().unwrap();
    let (_, text, _) = jg(&["schemes"]);
    for entry in catalogue {
        let (from, to) = (
            entry["from"].as_u64().unwrap(),
            entry["to"].as_u64().unwrap(),
        );
        let range = if from == to {
            format!("n = {from}")
        } else {
            format!("n = {from}–{to}")
        };
        let line = format!("{range:<17}{}", entry["scheme"].as_str().unwrap());
        assert!(text.lines().any(|l| l == line), "{line}");
    }
    let (_, json, _) = jg(&["schemes", "40", "--format", "json"]);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    let used = &object["used"];
    assert_eq!(used["opening"], 22);
    let (_, text, _) = jg(&["schemes", "40"]);
    let pairs: Vec<String> = used["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| format!("{}-{}", pair[0], pair[1]))
        .collect();
    assert!(
        text.contains(&format!("pairs:     {}\n", pairs.join(" "))),
        "{text}"
    );
    let (_, json, _) = jg(&["schemes", "--range", "100..120", "--format", "json"]);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["without"], serde_json::json!([110, 116, 117, 118]));
    assert_eq!(object["checked"], 17);
}

/// `jg man --out-dir DIR` writes jg.1 and the page of every subcommand jg.1 names, each with
/// its options; jg.1 states every exit code, 3 included, as `jg --help` does.
#[test]
fn the_man_pages_exist_for_every_name_jg_1_gives() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man/man1");
    let (code, _, err) = jg(&["man", "--out-dir", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let main = std::fs::read_to_string(out.join("jg.1")).unwrap();
    let mut named = 0;
    for line in main.lines() {
        if let Some(name) = line.strip_suffix("(1)").filter(|l| l.starts_with("jg\\-")) {
            let file = format!("{}.1", name.replace("\\-", "-"));
            let page = std::fs::read_to_string(out.join(&file)).expect(&file);
            assert!(page.contains(".SH OPTIONS"), "{file}");
            named += 1;
        }
    }
    assert!(named >= 10, "{named} pages named in jg.1");
    let solve = std::fs::read_to_string(out.join("jg-solve.1")).unwrap();
    assert!(solve.contains("all\\-openings"), "{solve}");
    for text in [main, jg(&["--help"]).1] {
        assert!(text.contains("3 a limit"), "{text}");
    }
}

/// `verify --format json`: one object per line per file with the text line's fields, then one
/// for the `--covers` statement; a missing file is an object too, and the exit codes are the
/// text's. `-q` leaves out nothing of it: the lines are results.
#[test]
fn verify_json_is_one_object_per_file_and_one_for_the_statement() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/certificates");
    let files = [
        format!("{dir}/cert-110.bin"),
        format!("{dir}/cert-102-109.bin"),
        format!("{dir}/openings/cert-116-openings.bin"),
    ];
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let run = |extra: &[&str]| jg(&[&["verify"], extra, &files[..]].concat());
    let (code, json, _) = run(&["--format", "json", "--covers", "102..110"]);
    assert_eq!(code, 0);
    let (_, text, _) = run(&["--covers", "102..110"]);
    let objects: Vec<serde_json::Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 4, "{json}");
    for (object, line) in objects.iter().take(3).zip(text.lines()) {
        assert_eq!(object["status"], "valid");
        assert!(line.starts_with(&format!("{}: valid: ", object["path"].as_str().unwrap())));
        assert!(line.ends_with(&format!(
            ", {} positions, blake3 {}",
            object["positions"],
            object["blake3"].as_str().unwrap()
        )));
        match object.get("winner") {
            Some(winner) => {
                assert!(line.contains(&format!(", {} player wins,", winner.as_str().unwrap())))
            }
            None => assert!(line.contains("winning openings: 4 6 8")),
        }
    }
    assert_eq!(objects[1]["n_last"], 109);
    let statement = &objects[3];
    assert_eq!(statement["holds"], true);
    let last = text.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "covers n=102..110: {}",
            statement["statement"].as_str().unwrap()
        )
    );
    // A missing file: an object with status error, and exit 2 as in the text.
    let (code, json, _) = jg(&["verify", "--format", "json", "/no/such/file.bin"]);
    assert_eq!(code, 2);
    let object: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(object["status"], "error");
    // -q hides progress and summaries, not results: each file's line and the statement
    // still print (`jg --help`), the same bytes as without it.
    let (code, quiet, _) = run(&["-q", "--covers", "102..110"]);
    assert_eq!((code, quiet.as_str()), (0, text.as_str()));
}

/// No Rust or internal syntax in what a person reads, and one for one: `1 position`, not
/// `1 positions`.
#[test]
fn outputs_speak_words_not_code() {
    let (_, help, _) = jg(&["table", "--help"]);
    assert!(
        !help.contains("MAX_CHART_ROWS") && help.contains("at most 10000 n"),
        "{help}"
    );
    let (_, svg, _) = jg(&["draw", "30", "-o", "-"]);
    let title = svg.split("<text").nth(1).unwrap();
    assert!(
        !title.contains("G_") && title.contains("1 to 30"),
        "{title}"
    );
    let (_, out, err) = jg(&["certify", "2", "--dry-run"]);
    assert!(out.contains(", 1 position, "), "{out}{err}");
    let (_, out, _) = jg(&["chain", "3"]);
    assert!(out.contains("closed 1 node;"), "{out}");
    let cert = concat!(env!("CARGO_MANIFEST_DIR"), "/certificates/cert-117.bin");
    let (code, out, _) = jg(&["verify", "--max-work", "1", cert]);
    assert_eq!(code, 3);
    assert!(
        out.contains("work limit: the openings on 1..117 take"),
        "{out}"
    );
    let (_, out, _) = jg(&["schemes", "--range", "100..101"]);
    assert!(out.starts_with("n = 100 to 101: 2 boards"), "{out}");
    for text in [&help, &svg, &out] {
        assert!(!text.contains("..=") && !text.contains("[["), "{text}");
    }
}
