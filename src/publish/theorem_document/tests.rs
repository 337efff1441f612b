//! The theorem document's tests: what each section states, from made-up accepted files.

use super::*;
use crate::proofs::accept::Accepted;
use crate::proofs::decode::Kind;

/// The general scheme for 41 < 43 < 47 as an interval claim for 141..=163 (MATH.md §8).
fn interval_entry() -> AcceptedFile {
    AcceptedFile {
        file: "interval-141-163.bin".into(),
        decoded: Decoded {
            n: 141,
            n_last: 163,
            rule: OpeningRule::Even,
            winner: Player::First,
            kind: Kind::IntervalClosedPairing,
            generator: "test".into(),
            strategy: DecodedStrategy::Pairing {
                opening: Some(82),
                pairs: vec![(1, 139), (2, 94), (3, 129), (41, 123), (43, 86), (47, 141)],
            },
        },
        accepted: Accepted {
            positions: 6,
            blake3: "00".into(),
            bytes: 100,
            name: "certificates/interval-141-163.bin".into(),
        },
    }
}

#[test]
fn intervals_gaps_and_the_large_n_argument_appear_in_the_document() {
    let without = generate(&[interval_entry()], &Extras::default(), None, None)
        .unwrap()
        .markdown;
    assert!(
        without.contains("| 141 | 163 | 41 | 43 | 47 | 139 | 82 | `interval-141-163.bin` |"),
        "{without}"
    );
    assert!(without.contains("**Not covered by any certificate:** 1–140"));
    assert!(without.contains("[1 general-scheme interval](#general-scheme)"));
    assert!(without.contains("for every other n with 1 ≤ n ≤ 163"));
    let large_n = "# Above\n\nA cited theorem.\n";
    let with = generate(&[interval_entry()], &Extras::default(), Some(large_n), None)
        .unwrap()
        .markdown;
    assert!(with.contains("### Above\n\nA cited theorem."), "{with}");
    assert!(with.contains("the first player wins for every other n ≥ 1"));
}

#[test]
fn the_general_scheme_is_recognised_only_with_its_pairs_primes_and_bounds() {
    let entry = interval_entry();
    assert_eq!(general_scheme(&entry.decoded), Some([41, 43, 47, 139]));
    let with = |n: u64, n_last: u64, pairs: Vec<(u64, u64)>| {
        let mut d = interval_entry().decoded;
        (d.n, d.n_last) = (n, n_last);
        if let DecodedStrategy::Pairing { pairs: p, .. } = &mut d.strategy {
            *p = pairs;
        }
        general_scheme(&d)
    };
    let pairs = vec![(1, 139), (2, 94), (3, 129), (41, 123), (43, 86), (47, 141)];
    // 3r = 141 must be on the first board; 4p = 164 must exceed the last.
    assert_eq!(with(140, 163, pairs.clone()), None);
    assert_eq!(with(141, 164, pairs.clone()), None);
    // Another prime s is read as it is; a composite s, or a pair other than the scheme's, is
    // not the scheme.
    let mut wrong = pairs.clone();
    wrong[0] = (1, 137);
    assert_eq!(with(141, 163, wrong), Some([41, 43, 47, 137]));
    let mut composite = pairs.clone();
    composite[0] = (1, 133);
    assert_eq!(with(141, 163, composite), None);
    let mut swapped = pairs;
    swapped[4] = (43, 129);
    assert_eq!(with(141, 163, swapped), None);
}

#[test]
fn the_openings_and_chains_sections_state_what_the_extras_hold() {
    let extras = Extras {
        openings: Some(vec![
            (1, vec![]),
            (2, vec![]),
            (3, vec![2]),
            (4, (1..=61).map(|k| 2 * k).collect()),
        ]),
        chains: Some(vec![(1, 1), (2, 2), (3, 3), (4, 4), (5, 4)]),
    };
    let text = generate(&[interval_entry()], &extras, None, None)
        .unwrap()
        .markdown;
    assert!(
        text.contains("For every n with 1 ≤ n ≤ 4, the even numbers"),
        "{text}"
    );
    // 61 openings are more than the document lists: the first 30, the last, where to read all.
    assert!(
        text.contains(
            " 58 60 … 122 (all 61 in `jg explain certificates/openings/cert-4-openings.bin`) \
             | 61 |"
        ),
        "{text}"
    );
    assert!(text.contains("| 3 | 2 | 1 |\n"), "{text}");
    assert!(text.contains("| 2 | none (the second player wins) | 0 |\n"));
    assert!(text.contains("For every n with 1 ≤ n ≤ 5, the longest sequence"));
    assert!(
        text.contains("| 0 |  | 1 | 2 | 3 | 4 | 4 |  |  |  |  |\n"),
        "{text}"
    );
    assert!(text.contains("- [Longest chains (OEIS A337125)](#chains)"));
    assert!(text.contains("jg-verify certificates/openings/*.bin"));
    let without = generate(&[interval_entry()], &Extras::default(), None, None)
        .unwrap()
        .markdown;
    assert!(!without.contains("(#chains)") && !without.contains("(#openings)"));
}

#[test]
fn two_files_that_disagree_are_refused() {
    let mut liar = interval_entry();
    liar.file = "liar.bin".into();
    liar.decoded.n = 150;
    liar.decoded.n_last = 150;
    liar.decoded.winner = Player::Second;
    let error = generate(&[interval_entry(), liar], &Extras::default(), None, None)
        .err()
        .unwrap();
    assert!(error.contains("disagree on n = 150"), "{error}");
}
