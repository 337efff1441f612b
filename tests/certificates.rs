//! The published theorem folder: every committed file matches its MANIFEST.tsv row (bytes and
//! BLAKE3), the rows cover 1..N0 once each, single-n files are accepted by the verifier crate,
//! interval files by the interval check (the verifier crate once it reads kind 3), the whole
//! folder regenerates byte for byte, and the winners agree with methods that did not make the
//! pairings: the exact search, the committed results-table snapshots and the scheme walk.

use jg_verify::{verify_bytes, Limits};
use juniper_green::engines::schemes::simulate;
use juniper_green::engines::search;
use juniper_green::engines::search::SearchConfig;
use juniper_green::pairing::Pairing;
use juniper_green::proofs::manifest::{self, Row};
use juniper_green::proofs::theorem::{self, Piece};
use juniper_green::{OpeningRule, Player};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The bound of the folder: `jg certify --cover 1..1000000000000 --out-dir certificates`.
const N0: u64 = 1_000_000_000_000;

fn certificates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("certificates")
}

fn rows() -> Vec<Row> {
    manifest::read(&certificates_dir().join("MANIFEST.tsv")).expect("a readable manifest")
}

/// The folder as the generator makes it now (one plan for all tests of this file).
fn planned() -> &'static [Piece] {
    static PLAN: OnceLock<Vec<Piece>> = OnceLock::new();
    PLAN.get_or_init(|| theorem::plan(1, N0).expect("the plan succeeds"))
}

#[test]
fn the_rows_cover_every_n_up_to_n0_once_and_name_every_file() {
    let rows = rows();
    let mut next = 1;
    for row in &rows {
        assert_eq!(row.first, next, "gap or overlap before {}", row.range());
        let expected = if row.first == row.last {
            format!("cert-{}.bin", row.first)
        } else {
            format!("cert-{}-{}.bin", row.first, row.last)
        };
        assert_eq!(row.file, expected);
        if row.winner == Player::Second {
            assert_eq!(
                row.first, row.last,
                "a second-player claim is never an interval"
            );
        }
        next = row.last + 1;
    }
    assert_eq!(next, N0 + 1, "the rows end at {}", next - 1);
    // No file in the folder without a row.
    let mut files: Vec<String> = std::fs::read_dir(certificates_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".bin"))
        .collect();
    files.sort();
    let mut named: Vec<String> = rows.iter().map(|row| row.file.clone()).collect();
    named.sort();
    assert_eq!(files, named);
}

#[test]
fn every_committed_file_matches_its_row_and_is_proved() {
    let mut intervals = 0;
    for row in rows() {
        let path = certificates_dir().join(&row.file);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(bytes.len() as u64, row.bytes, "{}", row.file);
        assert_eq!(
            blake3::hash(&bytes).to_hex().to_string(),
            row.blake3,
            "{}",
            row.file
        );
        // Header (spec.md §2): n at 12, winner at 24, kind at 28.
        let n = u64::from_le_bytes(bytes[12..20].try_into().unwrap());
        let kind = u32::from_le_bytes(bytes[28..32].try_into().unwrap());
        assert_eq!(n, row.first, "{}", row.file);
        if kind == 3 {
            assert_eq!(row.kind, "interval-closed-pairing");
            assert_eq!(row.winner, Player::First);
            // Body: n_last first (spec.md §3.3).
            let g = u64::from_le_bytes(bytes[32..40].try_into().unwrap()) as usize;
            let body = 80 + g;
            let n_last = u64::from_le_bytes(bytes[body..body + 8].try_into().unwrap());
            assert_eq!(n_last, row.last, "{}", row.file);
            intervals += 1;
        }
        let verdict = verify_bytes(&bytes, &Limits::default())
            .unwrap_or_else(|rejection| panic!("{}: invalid: {rejection}", row.file));
        assert_eq!(
            (verdict.n, verdict.n_last),
            (row.first, row.last),
            "{}",
            row.file
        );
        assert_eq!(verdict.winner.name(), row.winner.name(), "{}", row.file);
        assert_eq!(verdict.blake3_hex(), row.blake3, "{}", row.file);
    }
    assert!(intervals > 50, "only {intervals} interval files");
}

#[test]
fn the_folder_regenerates_byte_for_byte_and_every_interval_passes_its_check() {
    let rows = rows();
    let pieces = planned();
    assert_eq!(pieces.len(), rows.len());
    for (piece, row) in pieces.iter().zip(&rows) {
        assert_eq!(piece.manifest_row(), *row, "{}", row.file);
        let committed = std::fs::read(certificates_dir().join(&row.file)).unwrap();
        assert!(piece.bytes == committed, "{}: bytes differ", row.file);
        if piece.first < piece.last {
            // The interval check again, and it must fail once the claim is widened by one.
            assert!(theorem::self_check(&piece.certificate).is_ok());
            let mut widened = piece.certificate.clone();
            if let juniper_green::proofs::certificate::Body::IntervalClosedPairing {
                n_last, ..
            } = &mut widened.body
            {
                *n_last += 1;
            }
            assert!(
                theorem::self_check(&widened).is_err() || piece.last == N0,
                "{}: widened by one still passes",
                row.file
            );
        }
    }
}

/// The winners of the committed snapshots: `jg table --method matching --to 2000` (reviewed,
/// and itself pinned against the search for n ≤ 100).
fn snapshot_winners(name: &str) -> BTreeMap<u64, Player> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split(',');
            let n = fields.next()?.parse().ok()?;
            let winner = match fields.next()? {
                "first" => Player::First,
                "second" => Player::Second,
                _ => return None,
            };
            Some((n, winner))
        })
        .collect()
}

#[test]
fn the_winners_agree_with_the_search_and_the_results_snapshots() {
    let matching = snapshot_winners("table__matching_table_to_2000.snap");
    let search = snapshot_winners("table__search_table_to_100_with_all_openings.snap");
    assert_eq!((matching.len(), search.len()), (2000, 100));
    for row in rows() {
        for n in row.first..=row.last.min(2000) {
            assert_eq!(matching[&n], row.winner, "n = {n} ({})", row.file);
            if n <= 100 {
                assert_eq!(search[&n], row.winner, "n = {n} ({})", row.file);
            }
        }
    }
    // And the search run live, for the boards it decides in a moment.
    for n in 1..=40u32 {
        let outcome = search::solve(n, OpeningRule::Even, false, &SearchConfig::default());
        let row = rows()
            .into_iter()
            .find(|row| row.first <= n as u64 && n as u64 <= row.last)
            .unwrap();
        assert_eq!(outcome.winner, row.winner, "n = {n}");
    }
}

/// The interval pairings, walked against every reply by the scheme simulator (a walk, not a
/// closure) at both ends of each interval below 10^7, and at its first board up to 10^9.
#[test]
fn interval_pairings_win_when_walked_at_both_ends() {
    let mut walked = 0;
    for piece in planned().iter().filter(|piece| piece.first < piece.last) {
        let juniper_green::proofs::certificate::Body::IntervalClosedPairing {
            opening,
            ref pairs,
            ..
        } = piece.certificate.body
        else {
            panic!("an interval piece has an interval body");
        };
        let pairing = Pairing {
            opening: Some(opening),
            pairs: pairs.clone(),
        };
        let ends: &[u64] = match piece.last {
            0..=10_000_000 => &[piece.first, piece.last],
            10_000_001..=1_000_000_000 => &[piece.first],
            _ => &[],
        };
        for &n in ends {
            simulate(n, &pairing).unwrap_or_else(|e| panic!("n = {n}: {e}"));
            walked += 1;
        }
    }
    assert!(walked > 60, "{walked}");
}

/// The theorem, proved rather than recomputed: `jg verify --covers 1..10^12` over the whole
/// folder accepts every file and states who wins for every n; the statement is snapshotted
/// (the regression of the full results table).
#[test]
fn the_folder_proves_the_theorem_up_to_n0() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(certificates_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["verify", "--covers", "1..1000000000000"])
        .args(&files)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout.lines().filter(|l| l.contains(": valid: ")).count(),
        files.len()
    );
    let statement = stdout.lines().last().unwrap();
    insta::assert_snapshot!(statement);
}
