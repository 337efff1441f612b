//! The decoding and the blocks of `jg explain`, on certificates made by the solver's encoder.

use super::rows::neighbours;
use super::*;
use crate::game::{OpeningRule, Player};
use crate::proofs::accept::Accepted;
use crate::proofs::certificate::OpeningEntry;
use crate::proofs::decode::{decode, Kind};

#[test]
fn neighbours_are_divisors_and_multiples() {
    assert_eq!(neighbours(12, 6), vec![1, 2, 3, 12]);
    assert_eq!(neighbours(10, 7), vec![1]);
    assert_eq!(neighbours(10, 1), (2..=10).collect::<Vec<_>>());
}

/// An openings certificate for n = 8 with every tag (0, 1 and 4), encoded by the solver's
/// encoder: 2 wins by a closed pairing, 6 loses by one, and 4 and 8 win by alternating
/// paths from 2 (M leaves 2 and 7 unpaired; S = {1, 6} leaves {2, 4, 8}, {3}, {5}, {7}).
fn every_tag() -> (Vec<OpeningEntry>, Vec<u8>) {
    use crate::proofs::certificate::{Body, Certificate};
    let entries = vec![
        OpeningEntry::WinPairing {
            opening: 2,
            pairs: vec![(1, 7), (3, 6), (4, 8)],
        },
        OpeningEntry::Barrier {
            losing: vec![],
            pairs: vec![(1, 5), (3, 6), (4, 8)],
            barrier: vec![1, 6],
            paths: vec![vec![2, 8, 4], vec![2, 4, 8]],
        },
        OpeningEntry::LosePairing {
            openings: vec![6],
            pairs: vec![(1, 5), (3, 6)],
        },
    ];
    let certificate = Certificate {
        n: 8,
        opening_rule: OpeningRule::Even,
        winner: Player::First,
        generator: "test".into(),
        body: Body::Openings {
            entries: entries.clone(),
        },
    };
    (entries, certificate.to_bytes().unwrap())
}

#[test]
fn an_openings_body_decodes_to_the_entries_encoded() {
    let (entries, bytes) = every_tag();
    let decoded = decode(&bytes).unwrap();
    assert_eq!(decoded.kind, Kind::Openings);
    assert_eq!(
        decoded.strategy,
        DecodedStrategy::Openings {
            entries: entries.clone()
        }
    );
    // Cut anywhere in the body: the entries before the cut, or an entry ends early.
    for len in 80 + "test".len()..bytes.len() {
        match decode(&bytes[..len]).map(|d| d.strategy) {
            Ok(DecodedStrategy::Openings { entries: before }) => {
                assert!(before.len() < entries.len(), "cut at {len}");
                assert_eq!(before[..], entries[..before.len()], "cut at {len}");
            }
            Ok(other) => panic!("cut at {len}: {other:?}"),
            Err(reason) => assert!(reason.contains("ends early"), "{reason}"),
        }
    }
}

#[test]
fn the_retired_tree_tags_are_refused() {
    // Tags 2 and 3 (win and lose trees) are no longer entries: the tag byte of the first
    // entry set to either is reported as an unknown tag, like 7.
    let (_, bytes) = every_tag();
    let body = 80 + "test".len();
    assert_eq!(bytes[body], 0, "the first entry is the win pairing");
    for tag in [2, 3, 7] {
        let mut retagged = bytes.clone();
        retagged[body] = tag;
        let reason = decode(&retagged).map(|d| d.strategy).unwrap_err();
        assert_eq!(reason, format!("entry tag {tag} at body byte 0"));
    }
}

#[test]
fn barrier_entries_are_named_with_their_count_beside_the_pairing_tables() {
    let (_, bytes) = every_tag();
    let decoded = decode(&bytes).unwrap();
    let accepted = Accepted {
        positions: 0,
        blake3: String::new(),
        bytes: bytes.len(),
        name: "t.bin".into(),
    };
    let md = render(&decoded, &accepted, Format::Markdown).unwrap();
    assert!(md.contains("winning openings are exactly 2 4 8"), "{md}");
    for row in [
        "| 2 | wins | closed pairing (entry 1) |",
        "| 4 | wins | matching and barrier (entry 2) |",
        "| 6 | loses | closed pairing (entry 3) |",
        "| 8 | wins | matching and barrier (entry 2) |",
    ] {
        assert!(md.contains(row), "{row}\n{md}");
    }
    assert!(
        md.contains("## Entry 2: the openings 4 8 win (matching and barrier)"),
        "{md}"
    );
    assert!(md.contains("(8 + 2 − 4)/2 = 3 pairs"), "{md}");
    assert!(md.contains("- S: 1 6;"), "{md}");
    assert!(!md.contains("tree"), "no tree entry is left to name: {md}");
    assert_eq!(md.matches("| loser plays | winner answers |").count(), 2);
    assert!(!md.contains("Opening: "));
    // The same bytes give the same document.
    assert_eq!(md, render(&decoded, &accepted, Format::Markdown).unwrap());
}
