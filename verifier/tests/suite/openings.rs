//! Openings certificates (kind 4, spec.md §3.4, §4.8): which openings win, each proved by its
//! own entry. Accepted files report exactly the openings a brute-force minimax finds winning;
//! every entry form (closed pairings, matching-and-barrier) is exercised, every way of lying is
//! rejected, and the retired tree tags (2, 3) are refused.

use crate::common::*;
use jg_verify::{verify_bytes, Kind, Limits, Winner};

fn num(n: u64, x: u64) -> Vec<u8> {
    number_bytes(x, width(n))
}

fn pairs_bytes(n: u64, pairs: &[(u64, u64)]) -> Vec<u8> {
    let mut bytes = num(n, pairs.len() as u64);
    bytes.extend(pairs.iter().flat_map(|&(a, b)| [num(n, a), num(n, b)].concat()));
    bytes
}

fn win_pairing(n: u64, v: u64, pairs: &[(u64, u64)]) -> Vec<u8> {
    [vec![0], num(n, v), pairs_bytes(n, pairs)].concat()
}

fn lose_pairing(n: u64, openings: &[u64], pairs: &[(u64, u64)]) -> Vec<u8> {
    let list: Vec<u8> = openings.iter().flat_map(|&v| num(n, v)).collect();
    [vec![1], num(n, openings.len() as u64), list, pairs_bytes(n, pairs)].concat()
}

/// The retired win tree entry (tag 2): a u64 length, then the moves. Only to show it rejected.
fn retired_win_tree(n: u64, moves: &[u64]) -> Vec<u8> {
    let len = (moves.len() as u64).to_le_bytes().to_vec();
    [vec![2], len, tree_body(n, moves)].concat()
}

/// The retired lose tree entry (tag 3): the opening, a u64 length, then the moves.
fn retired_lose_tree(n: u64, v: u64, moves: &[u64]) -> Vec<u8> {
    let len = (moves.len() as u64).to_le_bytes().to_vec();
    [vec![3], num(n, v), len, tree_body(n, moves)].concat()
}

fn openings_certificate(n: u64, free: bool, first_wins: bool, entries: &[Vec<u8>]) -> Vec<u8> {
    certificate(n, free, first_wins, 4, &entries.concat())
}

/// The matching-and-barrier entry for 1..n cut down to the openings in `named`: the losing
/// ones listed, the paths to the winning ones.
fn barrier_naming(game: &Game, named: &[u64]) -> Entry {
    let mut entry = entry_for(game);
    entry.losing.retain(|v| named.contains(v));
    entry.paths.retain(|path| named.contains(path.last().unwrap()));
    entry
}

/// The positions a barrier entry counts (spec.md §4.10): the numbers outside the barrier and
/// the numbers of the paths.
fn barrier_positions(n: u64, entry: &Entry) -> u64 {
    n - entry.barrier.len() as u64 + entry.paths.iter().map(|path| path.len() as u64).sum::<u64>()
}

/// The one entry naming only `v`: a closed pairing where it closes, else a barrier entry; with
/// the positions its check counts, by the test's own closure and the barrier's formula.
fn entry_naming(game: &mut Game, v: u64) -> (Vec<u8>, u64) {
    let n = game.n;
    let (pairs, wins) = if game.opening_wins(v) {
        (game.matching_without(Some(v)), true)
    } else {
        (game.matching_without(None), false)
    };
    let (opening, first_moves) = match wins {
        true => (Some(v), game.moves(common_bit(v), v)),
        false => (None, vec![v]),
    };
    match game.closure_size(opening, &first_moves, &pairs) {
        Some(size) if wins => (win_pairing(n, v, &pairs), size as u64),
        Some(size) => (lose_pairing(n, &[v], &pairs), size as u64),
        None => {
            let entry = barrier_naming(game, &[v]);
            (entry.bytes(n), barrier_positions(n, &entry))
        }
    }
}

/// The entries for 1..n, each with the positions its check counts, and the winning openings:
/// closed pairings where they close (the losing openings grouped into one entry when the
/// matching closes for all of them), one barrier entry for the rest; `mixed` sends every other
/// opening to the barrier entry, so that all three forms occur.
fn entries(game: &mut Game, mixed: bool) -> (Vec<(Vec<u8>, u64)>, Vec<u64>) {
    let n = game.n;
    let (mut entries, mut winning, mut losing, mut barred) = (vec![], vec![], vec![], vec![]);
    for (index, v) in game.moves(0, 0).into_iter().enumerate() {
        let barrier = mixed && index % 2 == 0;
        if game.opening_wins(v) {
            winning.push(v);
            let pairs = game.matching_without(Some(v));
            let first_moves = game.moves(common_bit(v), v);
            match game.closure_size(Some(v), &first_moves, &pairs).filter(|_| !barrier) {
                Some(size) => entries.push((win_pairing(n, v, &pairs), size as u64)),
                None => barred.push(v),
            }
        } else if barrier {
            barred.push(v);
        } else {
            losing.push(v);
        }
    }
    let pairs = game.matching_without(None);
    match game.closure_size(None, &losing, &pairs) {
        _ if losing.is_empty() => {}
        Some(size) => entries.push((lose_pairing(n, &losing, &pairs), size as u64)),
        None => barred.extend(losing),
    }
    if !barred.is_empty() {
        let entry = barrier_naming(game, &barred);
        entries.push((entry.bytes(n), barrier_positions(n, &entry)));
    }
    (entries, winning)
}

/// The entries' bytes alone.
fn bytes_of(entries: &[(Vec<u8>, u64)]) -> Vec<Vec<u8>> {
    entries.iter().map(|(bytes, _)| bytes.clone()).collect()
}

fn common_bit(v: u64) -> u64 {
    1 << (v - 1)
}

fn verify(bytes: &[u8]) -> Result<jg_verify::Verdict, String> {
    verify_bytes(bytes, &Limits::default()).map_err(|r| r.to_string())
}

#[test]
fn every_form_proves_exactly_the_winning_openings() {
    let mut tags = [0; 5];
    for free in [false, true] {
        for n in 1..=18 {
            for mixed in [false, true] {
                let mut game = Game::new(n, free);
                let (entries, winning) = entries(&mut game, mixed);
                for (entry, _) in &entries {
                    tags[entry[0] as usize] += 1;
                }
                let entries = bytes_of(&entries);
                let bytes = openings_certificate(n, free, !winning.is_empty(), &entries);
                let verdict = verify(&bytes).unwrap_or_else(|e| panic!("n={n} free={free}: {e}"));
                assert_eq!(verdict.kind, Kind::Openings);
                assert_eq!(verdict.winning_openings.as_deref(), Some(&winning[..]), "n={n}");
                assert_eq!(verdict.winner == Winner::First, game.first_wins(), "n={n}");
                let list = if winning.is_empty() {
                    "none".to_string()
                } else {
                    winning.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
                };
                let rule = if free { ", free opening" } else { "" };
                let positions = match verdict.positions {
                    1 => "1 position".to_string(),
                    more => format!("{more} positions"),
                };
                let line = format!("valid: n={n}{rule}, winning openings: {list}, {positions},");
                assert!(verdict.to_string().starts_with(&line), "{verdict}");
            }
        }
    }
    assert!([0, 1, 4].iter().all(|&tag| tags[tag] > 10), "every entry form occurs: {tags:?}");
    assert_eq!(tags[2] + tags[3], 0, "no retired tree entry is written");
}

fn reason(bytes: &[u8]) -> String {
    verify(bytes).expect_err("must be rejected")
}

#[test]
fn lies_and_gaps_are_rejected() {
    let n = 16;
    let mut game = Game::new(n, false);
    let (valid, winning) = entries(&mut game, true);
    let valid = bytes_of(&valid);
    let first = !winning.is_empty();
    let make = |entries: &[Vec<u8>], first: bool| openings_certificate(n, false, first, entries);
    assert!(verify(&make(&valid, first)).is_ok());
    // A missing entry, and the same entry twice.
    let text = reason(&make(&valid[1..], first));
    assert!(text.contains("is named by no entry"), "{text}");
    let doubled = [valid.clone(), vec![valid[0].clone()]].concat();
    assert!(reason(&make(&doubled, first)).contains("is named twice or is no opening"));
    // An odd "opening" under the even rule, in place of the first entry.
    let odd = [vec![lose_pairing(n, &[3], &[])], valid[1..].to_vec()].concat();
    assert!(reason(&make(&odd, first)).contains("is named"));
    // The header's winner contradicting the entries.
    let text = reason(&make(&valid, !first));
    assert!(text.starts_with("header at byte 24: "), "{text}");
    // A losing opening claimed to win and a winning one claimed to lose, as pairings and as
    // barrier entries (the true matching and barrier, the opening on the wrong side), every
    // other opening named by its own true entry: the checks refute them.
    let lost = (2..=n).step_by(2).find(|&v| !game.opening_wins(v)).unwrap();
    let won = winning[0];
    let truth = barrier_naming(&game, &[]);
    let claims_lost = Entry { paths: vec![vec![lost]], ..truth.clone() };
    let claims_won = Entry { losing: vec![won], ..truth.clone() };
    for (v, lie) in [
        (lost, win_pairing(n, lost, &game.matching_without(Some(lost)))),
        (won, lose_pairing(n, &[won], &game.matching_without(None))),
        (lost, claims_lost.bytes(n)),
        (won, claims_won.bytes(n)),
    ] {
        let mut lying = Vec::new();
        for opening in game.moves(0, 0) {
            match opening == v {
                true => lying.push(lie.clone()),
                false => lying.push(entry_naming(&mut game, opening).0),
            }
        }
        // The header agrees with the lie, so that only the lie's own check can refute it.
        let winners = winning.iter().any(|&w| w != v) || v == lost;
        let text = reason(&make(&lying, winners));
        assert!(!text.contains("named"), "the lie is refuted by its check, not coverage: {text}");
        assert!(!text.starts_with("header"), "the lie is refuted by its check: {text}");
    }
}

#[test]
fn malformed_entries_are_rejected_without_panic() {
    let n = 12;
    let mut game = Game::new(n, false);
    let (valid, winning) = entries(&mut game, true);
    let valid = bytes_of(&valid);
    assert!(valid.iter().any(|entry| entry[0] == 4), "the barrier entry is fuzzed too");
    let bytes = openings_certificate(n, false, !winning.is_empty(), &valid);
    assert!(verify(&bytes).is_ok());
    // Every truncation and every one-byte extension of the body (resealed) is rejected.
    for len in BODY..bytes.len() {
        let mut cut = bytes[..len].to_vec();
        reseal(&mut cut);
        assert!(verify_bytes(&cut, &Limits::default()).is_err(), "truncated to {len}");
    }
    for extra in [0u8, 1, 2, 3, 4, 200] {
        let mut long = bytes.clone();
        long.push(extra);
        reseal(&mut long);
        assert!(verify_bytes(&long, &Limits::default()).is_err(), "extended by {extra}");
    }
    // Every bit flip (resealed): nothing panics, and an accepted one states the truth.
    for at in BODY..bytes.len() {
        for bit in 0..8 {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            reseal(&mut flipped);
            if let Ok(verdict) = verify_bytes(&flipped, &Limits::default()) {
                assert_eq!(verdict.winning_openings.as_deref(), Some(&winning[..]));
            }
        }
    }
    let tag = openings_certificate(n, false, true, &[vec![7]]);
    assert!(reason(&tag).contains("entry tag is 7, not 0, 1 or 4"));
    let empty = openings_certificate(n, false, true, &[lose_pairing(n, &[], &[])]);
    assert!(reason(&empty).contains("the losing openings must be at least one"));
    let unsorted = openings_certificate(n, false, true, &[lose_pairing(n, &[4, 2], &[])]);
    assert!(reason(&unsorted).contains("strictly ascending"));
    let huge = openings_certificate(n, false, true, &[[vec![1], num(n, 255)].concat()]);
    assert!(reason(&huge).contains("the entry ends early: 255 numbers do not fit"));
}

#[test]
fn retired_tree_entries_are_rejected_as_unknown_tags() {
    // Tags 2 and 3 (win and lose trees) were retired: a true tree, in place of the entry that
    // names its opening, is refused at its tag, whatever follows it.
    let n = 12;
    let mut game = Game::new(n, false);
    let openings = game.moves(0, 0);
    let won = *openings.iter().find(|&&v| game.opening_wins(v)).unwrap();
    let lost = *openings.iter().find(|&&v| !game.opening_wins(v)).unwrap();
    let win_tree = retired_win_tree(n, &game.opening_tree(won));
    let lose_tree = retired_lose_tree(n, lost, &game.opening_tree(lost));
    for (v, tree, tag) in [(won, win_tree, 2), (lost, lose_tree, 3)] {
        let mut entries = Vec::new();
        let mut tree_at = 0;
        for opening in openings.iter().copied() {
            if opening == v {
                tree_at = entries.iter().map(Vec::len).sum::<usize>();
                entries.push(tree.clone());
            } else {
                entries.push(entry_naming(&mut game, opening).0);
            }
        }
        let text = reason(&openings_certificate(n, false, true, &entries));
        let at = BODY + tree_at;
        assert_eq!(text, format!("body at byte {at}: entry tag is {tag}, not 0, 1 or 4"));
        // The bare tag too: nothing after it is read.
        let bare = openings_certificate(n, false, true, &[vec![tag]]);
        assert!(reason(&bare).contains(&format!("entry tag is {tag}, not 0, 1 or 4")));
    }
}

#[test]
fn positions_add_up_over_entries_and_the_position_bound_covers_their_sum() {
    // Every other opening in the barrier entry: the positions are the sum of the entries' own
    // counts (closure sizes by the test's oracle, the barrier's numbers outside the barrier
    // plus its paths), and the position bound applies to that sum, not to each entry.
    let mut kinds = Vec::new();
    for n in [12, 16, 18, 20] {
        let mut game = Game::new(n, false);
        let (entries, winning) = entries(&mut game, true);
        let expected: u64 = entries.iter().map(|(_, positions)| positions).sum();
        let largest = entries.iter().map(|(_, positions)| *positions).max().unwrap();
        assert!(entries.len() > 1 && largest < expected, "the sum, not one entry, is bounded");
        kinds.extend(entries.iter().map(|(bytes, _)| bytes[0]));
        let first = !winning.is_empty();
        let bytes = openings_certificate(n, false, first, &bytes_of(&entries));
        let verdict = verify(&bytes).unwrap();
        assert_eq!(verdict.positions, expected, "n = {n}");
        let exact = Limits { max_positions: expected, ..Limits::default() };
        assert!(verify_bytes(&bytes, &exact).is_ok());
        let short = Limits { max_positions: expected - 1, ..Limits::default() };
        let text = verify_bytes(&bytes, &short).unwrap_err().to_string();
        assert!(text.contains("position limit"), "{text}");
    }
    assert!(kinds.contains(&0) && kinds.contains(&1) && kinds.contains(&4), "{kinds:?}");
}

#[test]
fn a_first_player_claim_with_no_winning_opening_and_a_doubled_last_opening_are_rejected() {
    // n = 10: the second player wins; the header claims the first.
    let mut game = Game::new(10, false);
    let (entries, winning) = entries(&mut game, true);
    let entries = bytes_of(&entries);
    assert!(winning.is_empty());
    let text = reason(&openings_certificate(10, false, true, &entries));
    assert_eq!(text, "header at byte 24: the first player is claimed to win, but no opening wins");
    // The last opening (10) named a second time, after all the others.
    let last = entry_naming(&mut game, 10).0;
    let doubled = [entries.clone(), vec![last]].concat();
    let text = reason(&openings_certificate(10, false, false, &doubled));
    assert!(text.contains("10 is named twice or is no opening"), "{text}");
}
