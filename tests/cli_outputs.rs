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
