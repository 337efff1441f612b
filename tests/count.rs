//! How many games there are (`jg count`, docs/COUNTING.md): the published terms of OEIS
//! A348842–A348844 pinned; the frontier counter, the hub counter and the enumeration that walks
//! every game against each other; the same bytes on one thread and on two; the CLI's outputs as
//! reviewed snapshots; and the committed b-files and figure against what the commands write now.
//! (The tests that break one step of a counter and see the agreement fail are beside the
//! counters, in src/engines/count/hubs.rs and frontier.rs: the broken steps are switches only
//! tests can reach.)

use juniper_green::engines::count::{count, Count, CountOptions, Method, Parity};
use juniper_green::frontends::growth;
use juniper_green::publish::oeis_games;
use std::path::Path;
use std::process::Command;

/// A348842, n = 1..22: the OEIS data (Lang, 2021).
const A348842: [u128; 22] = [
    0, 1, 1, 6, 10, 35, 47, 147, 216, 452, 512, 3055, 3365, 5602, 12160, 35951, 37959, 147889,
    154998, 703094, 1178850, 1467813,
];

/// A348843, rows n = 2..15 read one after the other: the OEIS data.
const A348843: [u128; 56] = [
    1, 1, 3, 3, 5, 5, 12, 11, 12, 16, 15, 16, 33, 39, 36, 39, 49, 58, 51, 58, 72, 103, 88, 103, 86,
    82, 118, 98, 118, 96, 379, 569, 521, 616, 528, 442, 420, 628, 578, 682, 569, 488, 514, 921,
    881, 977, 785, 739, 785, 1092, 1986, 1753, 2102, 2036, 1557, 1634,
];

/// A348844, rows n = 2..14 whole and the first 11 terms of row 15: the OEIS entry's example
/// (its data stops inside row 13; the rest of row 15 is not in the sources at hand).
const A348844: [&[u128]; 14] = [
    &[0, 1],
    &[1, 0],
    &[2, 1, 2, 1],
    &[3, 2, 3, 2],
    &[6, 6, 7, 4, 6, 6],
    &[8, 8, 9, 6, 8, 8],
    &[14, 19, 18, 21, 19, 17, 18, 21],
    &[25, 24, 31, 27, 30, 21, 31, 27],
    &[36, 36, 51, 52, 49, 39, 51, 52, 43, 43],
    &[41, 41, 59, 59, 54, 44, 59, 59, 48, 48],
    &[189, 190, 286, 283, 253, 268, 307, 309, 266, 262, 222, 220],
    &[209, 211, 315, 313, 282, 296, 340, 342, 287, 282, 245, 243],
    &[
        257, 257, 462, 459, 433, 448, 489, 488, 394, 391, 372, 367, 394, 391,
    ],
    &[542, 550, 996, 990, 843, 910, 1019, 1083, 992, 1044, 757],
];

fn counted(n: u32, method: Method) -> Count {
    let options = CountOptions {
        method,
        ..Default::default()
    };
    count(n, &options, &|_, _| {}).unwrap()
}

#[test]
fn the_published_terms_of_a348842_to_a348844_are_counted() {
    for method in [Method::Frontier, Method::Hubs] {
        published_terms_by(method);
    }
}

fn published_terms_by(method: Method) {
    let mut a348843 = Vec::new();
    for n in 1..=22 {
        let c = counted(n, method);
        assert_eq!(c.games.total().unwrap(), A348842[n as usize - 1], "n = {n}");
        if (2..=15).contains(&n) {
            a348843.extend(c.openings.iter().map(|(_, g)| g.total().unwrap()));
            let row: Vec<u128> = c
                .openings
                .iter()
                .flat_map(|(_, g)| [g.odd, g.even])
                .collect();
            let published = A348844[n as usize - 2];
            assert_eq!(&row[..published.len()], published, "A348844 row {n}");
        }
    }
    assert_eq!(a348843, A348843);
    // The openings are the even numbers, in order.
    let c = counted(15, method);
    let openings: Vec<u32> = c.openings.iter().map(|o| o.0).collect();
    assert_eq!(openings, [2, 4, 6, 8, 10, 12, 14]);
}

/// The three methods share nothing but the rules of the game: the walk enumerates positions of
/// the bitset board of `game.rs`; the hub counter multiplies polynomials over the light graph's
/// pieces; the frontier counter runs a programme over the divisibility graph's vertices (and
/// reads the rules off the divisibility of numbers itself). Every opening, every parity.
#[test]
fn the_frontier_counter_the_hub_counter_and_the_walk_agree_for_every_n_up_to_26() {
    for n in 1..=26 {
        let walked = counted(n, Method::Enumerate);
        let hubs = counted(n, Method::Hubs);
        let frontier = counted(n, Method::Frontier);
        assert_eq!(walked.openings, hubs.openings, "n = {n}");
        assert_eq!(walked.openings, frontier.openings, "n = {n}");
        // Every game has a parity: odd + even is the count of each opening.
        for (_, g) in &frontier.openings {
            assert_eq!(g.total().unwrap(), g.odd + g.even);
        }
    }
}

/// Past the walk's reach, the two fast methods against each other: every opening and parity of
/// n = 27..36 (about 10 s of the hub counter in all, under 2 s of the frontier counter).
#[test]
fn the_frontier_counter_and_the_hub_counter_agree_for_every_n_up_to_36() {
    for n in 27..=36 {
        let hubs = counted(n, Method::Hubs);
        let frontier = counted(n, Method::Frontier);
        assert_eq!(hubs.openings, frontier.openings, "n = {n}");
        assert_eq!(frontier.openings.len(), n as usize / 2);
    }
    // auto counts by the hubs up to 29, by the frontier above.
    assert_eq!(Method::Auto.for_n(29), Method::Hubs);
    assert_eq!(Method::Auto.for_n(30), Method::Frontier);
}

#[test]
fn every_number_of_hubs_gives_the_same_counts_at_n_34() {
    let with = |hubs| {
        let options = CountOptions {
            method: Method::Hubs,
            hubs: Some(hubs),
            ..Default::default()
        };
        count(34, &options, &|_, _| {}).unwrap().openings
    };
    let reference = with(2);
    for hubs in [1, 3, 4, 5] {
        assert_eq!(with(hubs), reference, "{hubs} hubs");
    }
    let total = reference
        .iter()
        .fold(Parity::ZERO, |s, (_, g)| s.checked_add(*g).unwrap());
    assert_eq!(total.total().unwrap(), 2_240_027_753);
}

/// The exit code, stdout and stderr of `jg ARGS` on `threads` threads. The progress line that
/// long work writes to a piped stderr every few seconds is put off (a day apart), so that stderr
/// does not depend on how fast the machine is.
fn jg(args: &[&str], threads: &str) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .env("JG_PROGRESS_SECONDS", "86400")
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the jg binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code().unwrap_or(-1),
        text(&output.stdout),
        text(&output.stderr),
    )
}

#[test]
fn the_same_bytes_on_one_thread_and_on_two() {
    let args = [
        "count",
        "--range",
        "20..36",
        "--by-opening",
        "--format",
        "csv",
    ];
    let one = jg(&args, "1");
    assert_eq!(one.0, 0, "{}", one.2);
    assert_eq!(jg(&args, "2"), one);
}

/// The commands, their exit codes, stdout and stderr.
fn transcript(cases: &[&[&str]]) -> String {
    let mut out = String::new();
    for args in cases {
        let (code, stdout, stderr) = jg(args, "2");
        out.push_str(&format!("$ jg {}\n[exit {code}]\n", args.join(" ")));
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

#[test]
fn the_outputs_of_jg_count() {
    insta::assert_snapshot!(transcript(&[
        &["count", "22"],
        &["count", "--range", "1..12", "--format", "csv"],
        &["count", "--from", "13", "--to", "14", "--by-opening"],
        &[
            "count",
            "--range",
            "5..6",
            "--by-opening",
            "--format",
            "csv"
        ],
        &["count", "4", "--by-opening", "--format", "json"],
        &["count", "--range", "1..2", "--format", "json"],
        &["count", "10", "--method", "enumerate", "--format", "csv"],
        &["count", "10", "--method", "frontier", "--format", "csv", "--stats"],
        &["count", "10", "--method", "hubs", "--hubs", "3", "--format", "csv", "--stats"],
        &["count", "4", "--method", "enumerate", "--stats"],
    ]));
}

#[test]
fn what_jg_count_refuses_and_its_help() {
    insta::assert_snapshot!(transcript(&[
        &["count", "129"],
        &["count", "0"],
        &["count", "33", "--method", "enumerate"],
        &["count", "65", "--method", "hubs"],
        &["count", "20", "--hubs", "8"],
        &["count", "30", "--hubs", "3"],
        &["count", "40", "--method", "frontier", "--memory-mib", "1"],
        &["count", "20", "--method", "hubs", "--order-seed", "1"],
        &["count", "30", "--method", "enumerate", "--spill", "layers"],
        &[
            "count",
            "20",
            "--method",
            "hubs",
            "--by-opening",
            "--spill",
            "layers"
        ],
        &["count", "--range", "9..3"],
        &["count", "--help"],
    ]));
}

/// `--order-seed`: another vertex order (other states, so another cutting of the games), the
/// same counts, by opening too.
#[test]
fn another_order_seed_counts_the_same_games() {
    let run = |seed: &str| {
        let args = [
            "count",
            "44",
            "--by-opening",
            "--stats",
            "--format",
            "csv",
            "--order-seed",
            seed,
        ];
        let (code, csv, err) = jg(&args, "2");
        assert_eq!(code, 0, "{err}");
        (csv, err)
    };
    let (first, first_stats) = run("0");
    let (second, second_stats) = run("3");
    assert_eq!(first, second);
    assert_ne!(
        first_stats, second_stats,
        "the same order, so nothing counted twice"
    );
}

/// `--spill DIR`: the layers between the two passes on disk, the same counts, nothing left
/// in DIR after; a DIR that cannot be made is a clear error.
#[test]
fn layers_spilled_to_disk_count_the_same_games() {
    let dir = tempfile::tempdir().unwrap();
    let layers = dir.path().join("layers");
    for args in [
        &["count", "44", "--by-opening", "--format", "csv"][..],
        &["count", "44", "--format", "csv"][..],
    ] {
        let (code, in_memory, err) = jg(args, "2");
        assert_eq!(code, 0, "{err}");
        let spill = [args, &["--spill", layers.to_str().unwrap()]].concat();
        let (code, on_disk, err) = jg(&spill, "2");
        assert_eq!(code, 0, "{err}");
        assert_eq!(on_disk, in_memory);
        assert_eq!(std::fs::read_dir(&layers).unwrap().count(), 0);
    }
    let args = ["count", "44", "--by-opening", "--format", "csv"];
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"").unwrap();
    let spill = [&args[..], &["--spill", file.to_str().unwrap()]].concat();
    let (code, out, err) = jg(&spill, "2");
    assert_eq!(
        (code, out.as_str()),
        (2, "n,opening,games,odd,even\n"),
        "{err}"
    );
    assert!(
        err.contains("the layers kept on disk under") && err.contains("a-file"),
        "{err}"
    );
}

/// The CSV contract of docs/DESIGN.md: `n,games,odd,even`, one row per n; with `--by-opening`,
/// `n,opening,games,odd,even` with the row `all` of each n first, then one row per opening.
#[test]
fn the_csv_contract() {
    let (code, csv, _) = jg(&["count", "--range", "1..16", "--format", "csv"], "2");
    assert_eq!(code, 0);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "n,games,odd,even");
    assert_eq!(lines.len(), 17);
    for (n, line) in (1..).zip(&lines[1..]) {
        let fields: Vec<u128> = line.split(',').map(|f| f.parse().unwrap()).collect();
        assert_eq!(fields[0], n);
        assert_eq!(fields[1], A348842[n as usize - 1]);
        assert_eq!(fields[1], fields[2] + fields[3]);
    }
    let (_, by, _) = jg(
        &[
            "count",
            "--range",
            "1..16",
            "--by-opening",
            "--format",
            "csv",
        ],
        "2",
    );
    let lines: Vec<&str> = by.lines().collect();
    assert_eq!(lines[0], "n,opening,games,odd,even");
    // One `all` row per n, and n/2 opening rows after it.
    assert_eq!(lines.len(), 1 + (1..=16).map(|n| 1 + n / 2).sum::<usize>());
    let all: Vec<&str> = lines
        .iter()
        .filter(|l| l.contains(",all,"))
        .copied()
        .collect();
    assert_eq!(all.len(), 16);
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run_jg(args: &[&str]) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .current_dir(root())
        .args(args)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "jg {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The committed b-files: their terms for n ≤ 36 are what `jg oeis --games-to 36` writes now (by
/// the default method: the hub counter to n = 29, the frontier counter above), and `jg oeis
/// --games-from` on the frontier counter's CSV writes the same bytes; each file is what `jg oeis`
/// writes from its own terms, byte for byte (the terms past 36 take minutes to hours to count
/// again: the command is in certificates/oeis/README.md); the figure of docs/COUNTING.md is the
/// chart of those terms.
#[test]
fn the_committed_b_files_and_figure_are_what_the_commands_write() {
    let committed = |name: &str| {
        std::fs::read_to_string(root().join("certificates/oeis").join(name))
            .unwrap_or_else(|_| panic!("certificates/oeis/{name} is not committed"))
    };
    let (counted, from_csv) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let path = |dir: &tempfile::TempDir| dir.path().to_str().unwrap().to_string();
    let csv = format!("{}/counts.csv", path(&counted));
    run_jg(&["oeis", "--games-to", "36", "-o", &path(&counted)]);
    run_jg(&[
        "count",
        "--range",
        "1..36",
        "--method",
        "frontier",
        "--by-opening",
        "--format",
        "csv",
        "-q",
        "-o",
        &csv,
    ]);
    run_jg(&["oeis", "--games-from", &csv, "-o", &path(&from_csv)]);
    for name in [
        oeis_games::A348842,
        oeis_games::A348843,
        oeis_games::A348844,
    ] {
        let fresh = std::fs::read_to_string(counted.path().join(name)).unwrap();
        assert_eq!(
            std::fs::read_to_string(from_csv.path().join(name)).unwrap(),
            fresh,
            "{name}: --games-from and --games-to differ"
        );
        let fresh = oeis_games::terms(&fresh).unwrap();
        let published = oeis_games::terms(&committed(name)).unwrap();
        assert!(published.len() > fresh.len(), "{name} ends before n = 36");
        assert_eq!(
            &published[..fresh.len()],
            &fresh[..],
            "{name}: run `jg oeis --games-to {}`",
            oeis_games::PUBLISHED_TO
        );
    }
    // Every committed file, re-rendered from the counts the committed A348844 holds.
    let counts = oeis_games::counts_from_b348844(&committed(oeis_games::A348844)).unwrap();
    assert_eq!(counts.len() as u32, oeis_games::PUBLISHED_TO);
    for file in oeis_games::b_files(&counts).unwrap() {
        assert!(
            file.text == committed(file.name),
            "{} is not what jg oeis writes",
            file.name
        );
    }
    let totals: Vec<(u32, Parity)> = counts.iter().map(|c| (c.n, c.games)).collect();
    let figure = std::fs::read_to_string(root().join("docs/figures/game-counts.svg")).unwrap();
    assert!(
        figure == growth::growth_chart(&totals),
        "docs/figures/game-counts.svg: run the command of docs/COUNTING.md"
    );
}
