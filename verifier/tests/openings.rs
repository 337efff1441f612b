//! Openings certificates (kind 4, spec.md §3.4, §4.8): which openings win, each proved by its
//! own entry. Accepted files report exactly the openings a brute-force minimax finds winning;
//! every entry form is exercised, and every way of lying is rejected.

mod common;

use common::*;
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

fn win_tree(n: u64, moves: &[u64]) -> Vec<u8> {
    let len = (moves.len() as u64).to_le_bytes().to_vec();
    [vec![2], len, tree_body(n, moves)].concat()
}

fn lose_tree(n: u64, v: u64, moves: &[u64]) -> Vec<u8> {
    let len = (moves.len() as u64).to_le_bytes().to_vec();
    [vec![3], num(n, v), len, tree_body(n, moves)].concat()
}

fn openings_certificate(n: u64, free: bool, first_wins: bool, entries: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = certificate(n, free, first_wins, false, &entries.concat());
    bytes[28..32].copy_from_slice(&4u32.to_le_bytes());
    bytes
}

/// The entries for 1..n: closed pairings where they close (losing openings grouped into one
/// entry when the matching closes for all of them), trees elsewhere; `prefer_trees` uses trees
/// for every other opening, so that all four forms occur. Also the winning openings.
fn entries(game: &mut Game, prefer_trees: bool) -> (Vec<Vec<u8>>, Vec<u64>) {
    let n = game.n;
    let openings = game.moves(0, 0);
    let (mut entries, mut winning, mut losing) = (Vec::new(), Vec::new(), Vec::new());
    for (index, &v) in openings.iter().enumerate() {
        let tree = prefer_trees && index % 2 == 0;
        if game.opening_wins(v) {
            winning.push(v);
            let pairs = game.matching_without(Some(v));
            let first_moves = game.moves(common_bit(v), v);
            if !tree && game.closes(Some(v), &first_moves, &pairs) {
                entries.push(win_pairing(n, v, &pairs));
            } else {
                entries.push(win_tree(n, &game.opening_tree(v)));
            }
        } else if tree {
            entries.push(lose_tree(n, v, &game.opening_tree(v)));
        } else {
            losing.push(v);
        }
    }
    let pairs = game.matching_without(None);
    if !losing.is_empty() {
        if game.closes(None, &losing, &pairs) {
            entries.push(lose_pairing(n, &losing, &pairs));
        } else {
            for &v in &losing {
                entries.push(lose_tree(n, v, &game.opening_tree(v)));
            }
        }
    }
    (entries, winning)
}

fn common_bit(v: u64) -> u64 {
    1 << (v - 1)
}

fn verify_both(bytes: &[u8]) -> Result<jg_verify::Verdict, String> {
    let fast = verify_bytes(bytes, &Limits::default()).map_err(|r| r.to_string());
    let general = Limits { force_general_board: true, ..Limits::default() };
    let slow = verify_bytes(bytes, &general).map_err(|r| r.to_string());
    assert_eq!(fast, slow, "the boards disagree");
    fast
}

#[test]
fn every_form_proves_exactly_the_winning_openings() {
    let mut tags = [0; 4];
    for free in [false, true] {
        for n in 1..=18 {
            for prefer_trees in [false, true] {
                let mut game = Game::new(n, free);
                let (entries, winning) = entries(&mut game, prefer_trees);
                for entry in &entries {
                    tags[entry[0] as usize] += 1;
                }
                let bytes = openings_certificate(n, free, !winning.is_empty(), &entries);
                let verdict =
                    verify_both(&bytes).unwrap_or_else(|e| panic!("n={n} free={free}: {e}"));
                assert_eq!(verdict.kind, Kind::Openings);
                assert_eq!(verdict.winning_openings.as_deref(), Some(&winning[..]), "n={n}");
                assert_eq!(verdict.winner == Winner::First, game.first_wins(), "n={n}");
                let list = if winning.is_empty() {
                    "none".to_string()
                } else {
                    winning.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
                };
                let rule = if free { ", free opening" } else { "" };
                let line = format!(
                    "valid: n={n}{rule}, winning openings: {list}, {} positions",
                    verdict.positions
                );
                assert!(verdict.to_string().starts_with(&line), "{verdict}");
            }
        }
    }
    assert!(tags.iter().all(|&count| count > 10), "every entry form occurs: {tags:?}");
}

fn reason(bytes: &[u8]) -> String {
    verify_both(bytes).expect_err("must be rejected")
}

#[test]
fn lies_and_gaps_are_rejected() {
    let n = 16;
    let mut game = Game::new(n, false);
    let (valid, winning) = entries(&mut game, true);
    let first = !winning.is_empty();
    let make = |entries: &[Vec<u8>], first: bool| openings_certificate(n, false, first, entries);
    assert!(verify_both(&make(&valid, first)).is_ok());
    // A missing entry, and the same entry twice.
    let text = reason(&make(&valid[1..], first));
    assert!(text.contains("is named by no entry"), "{text}");
    let doubled = [valid.clone(), vec![valid[0].clone()]].concat();
    assert!(reason(&make(&doubled, first)).contains("is named twice or is no opening"));
    // An odd "opening" under the even rule, in place of 2.
    let odd: Vec<Vec<u8>> = valid
        .iter()
        .map(|e| if e == &valid[0] { lose_tree(n, 3, &[]) } else { e.clone() })
        .collect();
    assert!(reason(&make(&odd, first)).contains("is named"));
    // The header's winner contradicting the entries.
    let text = reason(&make(&valid, !first));
    assert!(text.starts_with("header at byte 24: "), "{text}");
    // A losing opening claimed to win and a winning one claimed to lose (as trees with the
    // moves of the truth, and as pairings): the checks refute them.
    let lost = (2..=n).step_by(2).find(|&v| !game.opening_wins(v)).unwrap();
    let won = winning[0];
    for (v, lie) in [
        (lost, win_tree(n, &[lost])),
        (lost, win_pairing(n, lost, &game.matching_without(Some(lost)))),
        (won, lose_tree(n, won, &game.opening_tree(won)[1..])),
        (won, lose_pairing(n, &[won], &game.matching_without(None))),
    ] {
        let mut lying = Vec::new();
        for opening in game.moves(0, 0) {
            if opening == v {
                lying.push(lie.clone());
            } else if game.opening_wins(opening) {
                lying.push(win_tree(n, &game.opening_tree(opening)));
            } else {
                lying.push(lose_tree(n, opening, &game.opening_tree(opening)));
            }
        }
        let winners = lying.iter().any(|e| e[0] == 0 || e[0] == 2);
        let text = reason(&make(&lying, winners));
        assert!(!text.contains("named"), "the lie is refuted by its check, not coverage: {text}");
    }
}

#[test]
fn malformed_entries_are_rejected_without_panic() {
    let n = 12;
    let mut game = Game::new(n, false);
    let (valid, winning) = entries(&mut game, true);
    let bytes = openings_certificate(n, false, !winning.is_empty(), &valid);
    assert!(verify_both(&bytes).is_ok());
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
    assert!(reason(&tag).contains("entry tag is 7, not 0, 1, 2, 3 or 4"));
    let empty = openings_certificate(n, false, true, &[lose_pairing(n, &[], &[])]);
    assert!(reason(&empty).contains("the losing openings must be at least one"));
    let unsorted = openings_certificate(n, false, true, &[lose_pairing(n, &[4, 2], &[])]);
    assert!(reason(&unsorted).contains("strictly ascending"));
    let huge = openings_certificate(n, false, true, &[[vec![1], num(n, 255)].concat()]);
    assert!(reason(&huge).contains("the entry ends early: 255 numbers do not fit"));
}

#[test]
fn positions_add_up_over_entries_and_the_position_bound_covers_their_sum() {
    // n = 20, every other opening as a tree: the positions are the sum of the entries' own
    // counts (closure sizes and walk positions, by the test's oracle), and the position bound
    // applies to that sum, not to each entry.
    let n = 20;
    let mut game = Game::new(n, false);
    let (entries, winning) = entries(&mut game, true);
    let mut expected = 0u64;
    let mut losing_grouped = Vec::new();
    for (index, v) in game.moves(0, 0).into_iter().enumerate() {
        let tree = index % 2 == 0;
        let wins = winning.contains(&v);
        if tree || wins {
            let pairs = game.matching_without(Some(v));
            let first_moves = game.moves(common_bit(v), v);
            match game.closure_size(Some(v), &first_moves, &pairs).filter(|_| wins && !tree) {
                Some(size) => expected += size as u64,
                None => expected += game.opening_tree_and_positions(v).1,
            }
        } else {
            losing_grouped.push(v);
        }
    }
    let pairs = game.matching_without(None);
    match game.closure_size(None, &losing_grouped, &pairs) {
        Some(size) => expected += size as u64,
        None => {
            for &v in &losing_grouped {
                expected += game.opening_tree_and_positions(v).1;
            }
        }
    }
    let kinds: Vec<u8> = entries.iter().map(|e| e[0]).collect();
    assert!(kinds.contains(&0) && kinds.contains(&2) && kinds.contains(&3), "{kinds:?}");
    let bytes = openings_certificate(n, false, true, &entries);
    let verdict = verify_both(&bytes).unwrap();
    assert_eq!(verdict.positions, expected);
    let exact = Limits { max_positions: expected, ..Limits::default() };
    assert!(verify_bytes(&bytes, &exact).is_ok());
    let short = Limits { max_positions: expected - 1, ..Limits::default() };
    let text = verify_bytes(&bytes, &short).unwrap_err().to_string();
    assert!(text.contains("position limit"), "{text}");
}

#[test]
fn a_first_player_claim_with_no_winning_opening_and_a_doubled_last_opening_are_rejected() {
    // n = 10: the second player wins; the header claims the first.
    let mut game = Game::new(10, false);
    let (entries, winning) = entries(&mut game, true);
    assert!(winning.is_empty());
    let text = reason(&openings_certificate(10, false, true, &entries));
    assert_eq!(text, "header at byte 24: the first player is claimed to win, but no opening wins");
    // The last opening (10) named a second time, after all the others.
    let last = lose_tree(10, 10, &game.opening_tree(10));
    let doubled = [entries.clone(), vec![last]].concat();
    let text = reason(&openings_certificate(10, false, false, &doubled));
    assert!(text.contains("10 is named twice or is no opening"), "{text}");
}
