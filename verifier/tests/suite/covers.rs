//! The theorem check on its own (spec.md §4.7): verdicts combined into a statement, or the first
//! n unproved or proved both ways. True claims never conflict, so the conflict branch is tested
//! here with made-up verdicts.

use jg_verify::covers::{covers, Proved};
use jg_verify::{Kind, OpeningRule, Verdict, Winner};

fn proved(name: &str, (n, n_last): (u64, u64), winner: Winner) -> Proved {
    let verdict = Verdict {
        n,
        n_last,
        winning_openings: None,
        opening_rule: OpeningRule::Even,
        winner,
        kind: Kind::ClosedPairing,
        positions: 1,
        blake3: [0; 32],
    };
    Proved { name: name.into(), bytes: 100, verdict }
}

use Winner::{First, Second};

#[test]
fn a_conflict_names_the_first_n_and_both_files_in_either_order() {
    let message = |n| format!("n={n} is proved won by the first player (a) and by the second (b)");
    let both = [proved("a", (5, 5), First), proved("b", (5, 5), Second)];
    assert_eq!(covers((5, 5), &both[..]).unwrap_err(), message(5));
    let both = [proved("b", (5, 5), Second), proved("a", (5, 5), First)];
    assert_eq!(covers((5, 5), &both[..]).unwrap_err(), message(5));
    // Inside an interval, and after a shorter claim of the same winner (the furthest reach
    // counts, not the last one seen).
    let files =
        [proved("a", (3, 10), First), proved("c", (4, 5), First), proved("b", (7, 7), Second)];
    assert_eq!(covers((3, 10), &files[..]).unwrap_err(), message(7));
    // Of two claims reaching as far, the first one in order is named.
    let files =
        [proved("a", (3, 6), First), proved("c", (4, 6), First), proved("b", (5, 5), Second)];
    assert_eq!(covers((3, 6), &files[..]).unwrap_err(), message(5));
    let files = [proved("b", (2, 2), Second), proved("a", (1, 3), First)];
    assert_eq!(covers((1, 3), &files[..]).unwrap_err(), message(2));
    // Claims of one winner may overlap; touching claims of two winners do not conflict.
    let files =
        [proved("a", (3, 6), First), proved("c", (5, 8), First), proved("b", (9, 9), Second)];
    let statement = covers((3, 9), &files[..]).unwrap();
    assert!(statement.starts_with("the second player wins exactly for n = 9; "), "{statement}");
}

#[test]
fn gaps_are_found_at_the_start_inside_and_at_the_end() {
    let files = [proved("a", (2, 4), First), proved("b", (6, 6), Second)];
    assert_eq!(covers((1, 6), &files[..]).unwrap_err(), "n=1 is proved by no file");
    assert_eq!(covers((2, 6), &files[..]).unwrap_err(), "n=5 is proved by no file");
    assert_eq!(covers((6, 7), &files[..]).unwrap_err(), "n=7 is proved by no file");
    assert!(covers((2, 4), &files[..]).is_ok());
    // A claim reaching u64::MAX covers everything after it.
    let files = [proved("a", (1, u64::MAX), First)];
    let statement = covers((1, u64::MAX), &files[..]).unwrap();
    assert_eq!(statement, "the second player wins for no n; the first player wins every n (even opening; 1 files, 100 bytes)");
}

#[test]
fn the_statement_lists_single_n_pairs_and_runs() {
    let mut files = Vec::new();
    for (n, winner) in [
        (1, Second),
        (2, First),
        (3, Second),
        (4, Second),
        (5, First),
        (6, Second),
        (7, Second),
        (8, Second),
        (9, First),
    ] {
        files.push(proved(&n.to_string(), (n, n), winner));
    }
    let statement = covers((1, 9), &files).unwrap();
    assert_eq!(statement, "the second player wins exactly for n = 1, 3, 4, 6..8; the first player wins every other n (even opening; 9 files, 900 bytes)");
    // Clipped to the range asked for.
    let statement = covers((4, 7), &files[3..7]).unwrap();
    assert!(
        statement.starts_with("the second player wins exactly for n = 4, 6, 7; "),
        "{statement}"
    );
}
