//! `jg arena` through the binary: the same bytes twice and on one or two threads, the three
//! formats and the error messages pinned by reviewed insta snapshots, and the table's figures
//! consistent with each other and with the JSON.

use std::process::Command;

/// Runs `jg` with RAYON_NUM_THREADS set; exit code, stdout, stderr.
fn jg(args: &[&str], threads: &str) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the jg binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).expect("utf-8"),
        String::from_utf8(output.stderr).expect("utf-8"),
    )
}

const SMALL: &[&str] = &[
    "arena",
    "16",
    "--players",
    "random,careful,fewest-replies,playouts:10,perfect",
    "--games",
    "12",
    "--seed",
    "5",
];

fn with_format(format: &str) -> Vec<&str> {
    let mut args = SMALL.to_vec();
    args.extend(["--format", format]);
    args
}

#[test]
fn a_fixed_seed_gives_the_same_bytes_twice_and_on_one_or_two_threads() {
    for format in ["text", "csv", "json"] {
        let args = with_format(format);
        let (code, once, _) = jg(&args, "1");
        assert_eq!(code, 0);
        assert_eq!(jg(&args, "1").1, once, "{format}: twice on one thread");
        assert_eq!(jg(&args, "2").1, once, "{format}: one thread against two");
    }
    // Another seed plays other games: the random player's games change.
    let mut other = with_format("json");
    other[7] = "6";
    assert_ne!(jg(&other, "2").1, jg(&with_format("json"), "2").1);
}

#[test]
fn the_three_formats_of_a_small_round_robin() {
    let mut out = String::new();
    for format in ["text", "csv", "json"] {
        let (code, stdout, stderr) = jg(&with_format(format), "2");
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(stderr, "", "no progress bar off a terminal");
        out += &format!("--format {format}\n{stdout}\n");
    }
    insta::assert_snapshot!(out);
}

/// The JSON holds the contract's fields, and its figures add up: every game has one winner,
/// each total is the player's wins as first and as second, and the CSV says the same.
#[test]
fn the_json_contract_and_its_sums() {
    let (_, json, _) = jg(&with_format("json"), "2");
    // The fields in the contract's order (serde_json's Value would sort them).
    assert!(
        json.starts_with(r#"{"n":16,"games":12,"seed":5,"pairs":[{"first":"#),
        "{json}"
    );
    assert!(json.contains(r#"}],"totals":[{"player":"#), "{json}");
    assert!(json.ends_with("}]}\n"), "{json}");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let pair_keys: Vec<&String> = value["pairs"][0].as_object().unwrap().keys().collect();
    assert_eq!(pair_keys, ["first", "first_wins", "games", "second"]);
    assert_eq!(
        (value["n"].as_u64(), value["games"].as_u64()),
        (Some(16), Some(12))
    );
    let pairs = value["pairs"].as_array().unwrap();
    let totals = value["totals"].as_array().unwrap();
    assert_eq!((pairs.len(), totals.len()), (20, 5));
    for total in totals {
        let name = total["player"].as_str().unwrap();
        let mut wins = 0;
        for pair in pairs {
            assert_eq!(pair["games"], 12);
            let first_wins = pair["first_wins"].as_u64().unwrap();
            assert!(first_wins <= 12);
            if pair["first"] == name {
                wins += first_wins;
            }
            if pair["second"] == name {
                wins += 12 - first_wins;
            }
        }
        assert_eq!(total["wins"].as_u64(), Some(wins), "{name}");
        assert_eq!(total["games"], 2 * 12 * 4);
    }
    let (_, csv, _) = jg(&with_format("csv"), "2");
    for pair in pairs {
        let row = format!(
            "{},{},12,{}\n",
            pair["first"].as_str().unwrap(),
            pair["second"].as_str().unwrap(),
            pair["first_wins"]
        );
        assert!(csv.contains(&row), "{row}");
    }
    // perfect wins every game from the winning side, as the exact search decides it.
    use juniper_green::engines::search::{solve, SearchConfig};
    let outcome = solve(
        16,
        juniper_green::OpeningRule::Even,
        false,
        &SearchConfig::default(),
    );
    let (side, wins) = match outcome.winner {
        juniper_green::Player::First => ("first", 12),
        juniper_green::Player::Second => ("second", 0),
    };
    let games = pairs.iter().filter(|p| p[side] == "perfect");
    assert_eq!(games.clone().count(), 4);
    for pair in games {
        assert_eq!(pair["first_wins"], wins, "{pair}");
    }
}

#[test]
fn bad_requests_are_refused_with_a_message_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["arena", "20", "--players", "random,grandmaster"],
        &["arena", "20", "--players", "random,playouts:0"],
        &["arena", "20", "--players", "random,playouts:many"],
        &["arena", "20", "--players", "perfect:3,random"],
        &["arena", "20", "--players", "playouts,playouts:100"],
        &["arena", "20", "--players", "random,careful,random"],
        &["arena", "20", "--players", "perfect"],
        &["arena", "20", "--players", "random,perfect", "--games", "0"],
        &[
            "arena",
            "20",
            "--players",
            "random,perfect",
            "--games",
            "1000000001",
        ],
        &["arena", "0", "--players", "random,perfect"],
        &["arena", "100001", "--players", "random,perfect"],
        &["arena", "20000", "--players", "random,playouts:5"],
        &[
            "arena",
            "20",
            "--players",
            "random,perfect",
            "--format",
            "xml",
        ],
    ];
    let mut out = String::new();
    for args in cases {
        let (code, stdout, stderr) = jg(args, "1");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(stdout, "", "{args:?}");
        out += &format!("$ jg {}\n{stderr}\n", args.join(" "));
    }
    insta::assert_snapshot!(out);
}

/// Without --players, the five players play: `jg arena 20` runs.
#[test]
fn without_players_all_five_play() {
    let (code, json, stderr) = jg(&["arena", "20", "--games", "2", "--format", "json"], "2");
    assert_eq!(code, 0, "{stderr}");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let names: Vec<&str> = value["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["player"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["random", "careful", "fewest-replies", "playouts", "perfect"]
    );
    assert_eq!(value["pairs"].as_array().unwrap().len(), 20);
}

/// Every rate of the text output comes with its 95 % Wilson interval, computed from the counts
/// beside it (here recomputed by the formula written out).
#[test]
fn the_text_gives_each_rate_with_its_wilson_interval() {
    let (_, text, _) = jg(&with_format("text"), "2");
    let wilson = |w: f64, g: f64| {
        let z: f64 = 1.96;
        let p = w / g;
        let centre = (p + z * z / (2.0 * g)) / (1.0 + z * z / g);
        let half = z / (1.0 + z * z / g) * (p * (1.0 - p) / g + z * z / (4.0 * g * g)).sqrt();
        (
            100.0 * (centre - half).max(0.0),
            100.0 * (centre + half).min(1.0),
        )
    };
    let mut rates = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let count = words.iter().find_map(|w| {
            let (w, g) = w.split_once('/')?;
            Some((w.parse::<f64>().ok()?, g.parse::<f64>().ok()?))
        });
        let Some((w, g)) = count else {
            continue;
        };
        let interval = words.last().unwrap().trim_end_matches('%');
        let (lo, hi) = interval.split_once('–').unwrap();
        let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
        let (a, b) = wilson(w, g);
        assert!((lo - a).abs() < 0.06 && (hi - b).abs() < 0.06, "{line}");
        rates += 1;
    }
    // 20 ordered pairs and 5 totals.
    assert_eq!(rates, 25, "{text}");
}

#[test]
fn help_states_the_players_costs_and_limits() {
    let (code, help, _) = jg(&["arena", "--help"], "1");
    assert_eq!(code, 0);
    for words in [
        "Memory:",
        "Time (CPU",
        "N ≤ 100000",
        "N ≤ 10000 with playouts",
        "P(P-1)G",
    ] {
        assert!(help.contains(words), "{words}:\n{help}");
    }
}
