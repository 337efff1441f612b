//! The fuzz targets (verifier/fuzz, cargo-fuzz) replayed on stable: every input of the
//! committed, minimised corpus runs through the same target functions and soundness oracle as
//! in a campaign, so a finding that was fixed stays fixed. The oracle is tested too: it must
//! refuse a false claim, and its table must be the published one.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz;

use jg_verify::{verify_bytes, Limits, Winner};
use std::path::PathBuf;

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| (path.display().to_string(), std::fs::read(&path).unwrap()))
        .collect()
}

#[test]
fn the_committed_corpus_replays_through_every_target() {
    for (target, run) in [
        ("verify_fixed", fuzz::verify_fixed as fn(&[u8])),
        ("verify_raw", fuzz::verify_raw),
        ("chain", fuzz::chain),
    ] {
        let inputs = corpus(target);
        assert!(inputs.len() >= 10, "{target}: only {} inputs", inputs.len());
        for (name, bytes) in inputs {
            if std::panic::catch_unwind(|| run(&bytes)).is_err() {
                panic!("{target} fails on {name}");
            }
        }
    }
}

/// The oracle's second-player set is the results table's (tests/snapshots, `jg table --to 2000`).
#[test]
fn the_oracle_table_is_the_published_one() {
    let table = include_str!("../../../tests/snapshots/table__matching_table_to_2000.snap");
    let second: Vec<u64> = table
        .lines()
        .filter_map(|row| row.split_once(",second,"))
        .map(|(n, _)| n.parse().unwrap())
        .collect();
    assert_eq!(second, fuzz::SECOND);
    // The brute force agrees with the table where both apply.
    for n in 1..=10 {
        assert_eq!(fuzz::winning_openings(n, false).is_empty(), fuzz::SECOND.contains(&n), "n={n}");
    }
}

/// The oracle catches a false claim: the published proof for n = 117 (second player) with its
/// verdict's winner turned, and n = 14's openings with one opening moved.
#[test]
fn the_oracle_refuses_false_claims() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../certificates");
    let bytes = std::fs::read(folder.join("cert-117.bin")).unwrap();
    let mut verdict = verify_bytes(&bytes, &Limits::default()).unwrap();
    fuzz::oracle(&verdict);
    verdict.winner = Winner::First;
    assert!(std::panic::catch_unwind(|| fuzz::oracle(&verdict)).is_err());
    let bytes = std::fs::read(folder.join("openings/cert-14-openings.bin")).unwrap();
    let mut verdict = verify_bytes(&bytes, &Limits::default()).unwrap();
    fuzz::oracle(&verdict);
    verdict.winning_openings.as_mut().unwrap().push(14);
    assert!(std::panic::catch_unwind(|| fuzz::oracle(&verdict)).is_err());
    let chain = std::fs::read_to_string(folder.join("chains/chain-30.txt")).unwrap();
    fuzz::chain(chain.as_bytes());
    let length = chain.lines().nth(2).unwrap();
    let lie =
        chain.replacen(length, &format!("length {}", 1 + length[7..].parse::<u64>().unwrap()), 1);
    // A longer length with the same chain is refused by the checker, not accepted: no panic.
    fuzz::chain(lie.as_bytes());
}
