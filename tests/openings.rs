//! Openings certificates (spec.md §3.4): the published folder proves the results table's
//! openings column. Every file is accepted by the verifier; the winning openings it reports
//! equal the matching engine's (`jg table --method matching`) and, up to n = 100, the exact
//! search's (the reviewed snapshot); a sample regenerates byte for byte; the generator covers
//! every opening once, and each closure it emits passes a second, solver-side check.

use jg_verify::{verify_bytes, Limits, Winner};
use juniper_green::engines::search::{self, SearchConfig};
use juniper_green::proofs::certificate::OpeningEntry;
use juniper_green::proofs::openings::{
    certify_openings, certify_openings_verified, check_entry, file_name, openings_entries,
    read_manifest,
};
use juniper_green::OpeningRule;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("certificates/openings")
}

/// The winning openings by n of a CSV table (`n,winner,winning_openings`).
fn csv_openings(csv: &str) -> BTreeMap<u64, Vec<u64>> {
    csv.lines()
        .skip_while(|line| !line.starts_with("n,winner,"))
        .skip(1)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let openings = fields[2]
                .split_whitespace()
                .map(|word| word.parse().expect("an opening"))
                .collect();
            (fields[0].parse().expect("n"), openings)
        })
        .collect()
}

/// Every published file, verified: n → the winning openings in the verdict.
fn verified_folder() -> BTreeMap<u64, Vec<u64>> {
    let rows = read_manifest(&folder().join("MANIFEST.tsv")).expect("a readable manifest");
    assert_eq!(
        rows.iter().map(|row| row.n).collect::<Vec<_>>(),
        (1..=1000).collect::<Vec<_>>(),
        "one manifest row for each n = 1..1000, in order"
    );
    let mut proved = BTreeMap::new();
    for row in rows {
        let path = folder().join(file_name(row.n));
        let bytes = std::fs::read(&path).expect("every manifest row has its file");
        let verdict = verify_bytes(&bytes, &Limits::default())
            .unwrap_or_else(|rejection| panic!("{}: invalid: {rejection}", path.display()));
        let openings = verdict
            .winning_openings
            .clone()
            .expect("an openings verdict");
        assert_eq!(verdict.n, row.n, "{}", path.display());
        assert_eq!(
            verdict.winner == Winner::First,
            !openings.is_empty(),
            "{}",
            path.display()
        );
        assert_eq!(openings, row.winning_openings, "{}", path.display());
        assert_eq!(bytes.len() as u64, row.bytes, "{}", path.display());
        assert_eq!(verdict.blake3_hex(), row.blake3, "{}", path.display());
        proved.insert(row.n, openings);
    }
    proved
}

#[test]
fn the_folder_proves_the_matching_table_row_for_row() {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args([
            "table", "--to", "1000", "--method", "matching", "--format", "csv",
        ])
        .output()
        .expect("jg runs");
    assert!(output.status.success());
    let table = csv_openings(&String::from_utf8(output.stdout).unwrap());
    assert_eq!(verified_folder(), table);
}

#[test]
fn the_folder_agrees_with_the_search_snapshot_up_to_100() {
    let snapshot = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/snapshots/table__search_table_to_100_with_all_openings.snap"),
    )
    .expect("the reviewed search snapshot");
    let search = csv_openings(&snapshot);
    assert_eq!(search.len(), 100);
    let proved = verified_folder();
    for (n, openings) in search {
        assert_eq!(proved[&n], openings, "n = {n}");
    }
}

#[test]
fn a_sample_regenerates_byte_for_byte() {
    for n in [1, 2, 8, 60, 110, 117, 127, 128, 129, 500, 1000] {
        let (certificate, _) = certify_openings(n, OpeningRule::Even).unwrap();
        let published = std::fs::read(folder().join(file_name(n))).unwrap();
        assert_eq!(certificate.to_bytes().unwrap(), published, "n = {n}");
    }
}

/// Each allowed opening named by exactly one entry, a win entry exactly for the winning ones,
/// every pairing entry re-checked from the raw rules.
fn check_generator(n: u64, rule: OpeningRule, winning: &[u64]) {
    let (entries, stats) = openings_entries(n, rule).unwrap();
    let mut named: Vec<u64> = entries.iter().flat_map(OpeningEntry::openings).collect();
    named.sort_unstable();
    let allowed: Vec<u64> = (1..=n).filter(|&v| rule.allows(v)).collect();
    assert_eq!(named, allowed, "n = {n}: every opening once");
    let mut won: Vec<u64> = entries.iter().flat_map(OpeningEntry::winning).collect();
    won.sort_unstable();
    assert_eq!(won, winning, "n = {n}");
    for entry in &entries {
        check_entry(n, rule, entry).unwrap_or_else(|why| panic!("n = {n}: {why}: {entry:?}"));
    }
    assert_eq!(
        stats.win_pairings + stats.win_by_path,
        winning.len(),
        "n = {n}"
    );
    assert_eq!(
        stats.lose_by_pairing + stats.lose_by_barrier,
        allowed.len() - winning.len(),
        "n = {n}"
    );
}

#[test]
fn the_generator_covers_every_opening_once_with_closed_pairings() {
    let config = SearchConfig {
        table_megabytes: 16,
        ..Default::default()
    };
    for n in 1..=128 {
        // Up to 40 the exact search decides the openings; beyond, the matching engine.
        let winning = if n <= 40 {
            search::solve(n as u32, OpeningRule::Even, true, &config).winning_openings
        } else {
            juniper_green::engines::matching::solve(n, OpeningRule::Even).winning_openings
        };
        check_generator(n, OpeningRule::Even, &winning);
    }
    for n in [200, 247] {
        let winning =
            juniper_green::engines::matching::solve(n, OpeningRule::Even).winning_openings;
        check_generator(n, OpeningRule::Even, &winning);
    }
}

#[test]
fn free_openings_are_proved_and_agree_with_the_search() {
    let config = SearchConfig {
        table_megabytes: 16,
        ..Default::default()
    };
    for n in 1..=30u64 {
        let winning = search::solve(n as u32, OpeningRule::Free, true, &config).winning_openings;
        check_generator(n, OpeningRule::Free, &winning);
        let certified = certify_openings_verified(n, OpeningRule::Free).unwrap();
        assert_eq!(certified.winning_openings(), winning, "n = {n}");
        assert!(certified.verdict.claim().contains("free opening"));
    }
}

#[test]
fn beyond_128_one_matching_and_barrier_entry_proves_every_opening() {
    // Where closed pairings stop closing (from 248 on) and far beyond: the certificate is
    // accepted, and the openings it proves are the matching engine's (which the verifier does
    // not consult: it checks the barrier's count and the paths from the rules).
    for n in [248, 500, 1000, 2000] {
        let certified = certify_openings_verified(n, OpeningRule::Even).unwrap();
        let expected =
            juniper_green::engines::matching::solve(n, OpeningRule::Even).winning_openings;
        assert_eq!(certified.winning_openings(), expected, "n = {n}");
        let stats = &certified.stats;
        assert_eq!(stats.by_barrier(), (n / 2) as usize, "n = {n}");
        assert_eq!(stats.win_by_path, expected.len(), "n = {n}");
        let (entries, _) = openings_entries(n, OpeningRule::Even).unwrap();
        assert!(
            matches!(entries[..], [OpeningEntry::Barrier { .. }]),
            "n = {n}"
        );
    }
}

#[test]
fn the_table_marks_the_rows_the_folder_proves() {
    let jg = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_jg"))
            .args(args)
            .output()
            .expect("jg runs")
    };
    let dir = folder();
    let dir = dir.to_str().unwrap();
    let output = jg(&[
        "table",
        "--from",
        "992",
        "--to",
        "1002",
        "--method",
        "matching",
        "--format",
        "csv",
        "--certified",
        dir,
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let marks: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    // Files exist for n ≤ 1000 only.
    assert_eq!(marks, [vec!["yes"; 9], vec![""; 2]].concat(), "{text}");
    let missing = jg(&["table", "--to", "3", "--certified", "/no/such/dir"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn certify_openings_writes_what_jg_verify_reports() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    let path = dir.join("c.bin");
    let jg = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_jg"))
            .args(args)
            .output()
            .expect("jg runs")
    };
    let made = jg(&["certify", "60", "--openings", "-o", path.to_str().unwrap()]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let checked = jg(&["verify", path.to_str().unwrap()]);
    assert!(checked.status.success());
    let words: Vec<String> = juniper_green::engines::matching::solve(60, OpeningRule::Even)
        .winning_openings
        .iter()
        .map(u64::to_string)
        .collect();
    let expected = format!("valid: n=60, winning openings: {}, ", words.join(" "));
    let stdout = String::from_utf8(checked.stdout).unwrap();
    assert!(stdout.contains(&expected), "{stdout}");
    // The default name, in --out-dir.
    let made = jg(&[
        "certify",
        "7",
        "--openings",
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(made.status.success());
    assert!(dir.join("cert-7-openings.bin").exists());
}
