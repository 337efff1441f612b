//! The published folder read as its manifest states it: every row of
//! `certificates/MANIFEST.tsv` names a file that the verifier accepts with exactly the range,
//! winner, kind (by the name the manifest uses), size and BLAKE3 hash of the row, and every
//! certificate in the folder has its row.

use jg_verify::{verify_bytes, Limits};
use std::path::PathBuf;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../certificates")
}

#[test]
fn every_manifest_row_is_what_the_verifier_finds() {
    let manifest = std::fs::read_to_string(folder().join("MANIFEST.tsv")).unwrap();
    let mut lines = manifest.lines();
    assert_eq!(lines.next(), Some("range\twinner\tkind\tbytes\tblake3\tfile"));
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let [range, winner, kind, bytes, hash, file] = fields[..] else {
            panic!("a row of six fields: {line:?}")
        };
        let data = std::fs::read(folder().join(file)).unwrap();
        let verdict =
            verify_bytes(&data, &Limits::default()).unwrap_or_else(|r| panic!("{file}: {r}"));
        let found_range = match verdict.n_last > verdict.n {
            true => format!("{}..{}", verdict.n, verdict.n_last),
            false => verdict.n.to_string(),
        };
        let found = (found_range.as_str(), verdict.winner.name(), verdict.kind.name());
        assert_eq!(found, (range, winner, kind), "{file}");
        assert_eq!(
            (data.len().to_string(), verdict.blake3_hex()),
            (bytes.to_string(), hash.to_string()),
            "{file}"
        );
        rows += 1;
    }
    let files = std::fs::read_dir(folder())
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().path().extension().is_some_and(|e| e == "bin"))
        .count();
    assert_eq!(files, rows, "a certificate without its manifest row");
}

/// A work bound below the first listing (the loser's openings of a second-player n) refuses the
/// file and says which listing it stopped at.
#[test]
fn a_work_bound_names_the_listing_it_stops() {
    let bytes = std::fs::read(folder().join("cert-117.bin")).unwrap();
    let limits = jg_verify::Limits { max_work: 100, ..jg_verify::Limits::default() };
    let message = jg_verify::verify_bytes(&bytes, &limits).unwrap_err().to_string();
    assert!(
        message.contains("work limit: the openings on 1..117 take 117 steps, 100 left"),
        "{message}"
    );
}
