//! Closed pairings (kind 2, spec.md §4.5): the verifier checks the closure instead of walking.
//! The soundness test: whatever pairing, opening and claim a file holds, an accepted closed
//! pairing always claims the true winner (brute-force minimax), and its strategy really wins
//! against every reply (brute-force walk). Plus one test per way of lying.

use crate::common::{certificate, pairing_body, Game, Rng};
use jg_verify::{verify_bytes, Kind, Limits};
use std::collections::HashMap;

/// Kind 2: the pairing body of spec.md §3.2 with the kind field set to 2.
fn closed(
    n: u64, free: bool, winner_first: bool, opening: Option<u64>, pairs: &[(u64, u64)],
) -> Vec<u8> {
    certificate(n, free, winner_first, 2, &pairing_body(n, opening, pairs))
}

fn partners(pairs: &[(u64, u64)]) -> HashMap<u64, u64> {
    pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect()
}

/// A random matching of G_n (not maximum in general): each number tries a random neighbour.
fn random_pairs(game: &Game, rng: &mut Rng) -> Vec<(u64, u64)> {
    let mut taken = vec![false; game.n as usize + 1];
    let mut pairs = Vec::new();
    for a in 1..=game.n {
        if taken[a as usize] || rng.below(4) == 0 {
            continue;
        }
        let free: Vec<u64> = game.moves(0, a).into_iter().filter(|&b| !taken[b as usize]).collect();
        if free.is_empty() {
            continue;
        }
        let b = free[rng.below(free.len() as u64) as usize];
        taken[a as usize] = true;
        taken[b as usize] = true;
        pairs.push((a.min(b), a.max(b)));
    }
    pairs.sort();
    pairs
}

#[test]
fn the_maximum_matching_strategies_are_closed_for_small_n() {
    let mut accepted = 0;
    for n in 1..=28 {
        let mut game = Game::new(n, false);
        let (opening, pairs) = game.pairing_strategy();
        let winner_first = game.first_wins();
        let bytes = closed(n, false, winner_first, opening, &pairs);
        if let Ok(verdict) = verify_bytes(&bytes, &Limits::default()) {
            assert_eq!(verdict.kind, Kind::ClosedPairing);
            accepted += 1;
        }
        // The opposite claim with the same pairs can never pass.
        let lie =
            closed(n, false, !winner_first, if winner_first { None } else { Some(2) }, &pairs);
        assert!(
            n < 2 || verify_bytes(&lie, &Limits::default()).is_err(),
            "n = {n}: a lie was accepted"
        );
    }
    assert!(accepted >= 20, "only {accepted} of 28 brute-force matchings were closed");
}

#[test]
fn an_accepted_closed_pairing_is_always_a_true_and_winning_claim() {
    let mut rng = Rng(0xC105_ED00);
    let (mut accepted, mut tried) = (0, 0);
    for _ in 0..4000 {
        let n = 1 + rng.below(30);
        let free = rng.below(5) == 0;
        let mut game = Game::new(n, free);
        let pairs = random_pairs(&game, &mut rng);
        let winner_first = rng.below(2) == 0;
        let opening = if winner_first { Some(1 + rng.below(n)) } else { None };
        let bytes = closed(n, free, winner_first, opening, &pairs);
        tried += 1;
        let Ok(verdict) = verify_bytes(&bytes, &Limits::default()) else { continue };
        accepted += 1;
        assert_eq!(game.first_wins(), winner_first, "n = {n}: a false claim was accepted");
        assert!(
            game.pairing_wins(opening, &partners(&pairs)),
            "n = {n}: a losing pairing was accepted"
        );
        // The positions are the size of the test's own closure.
        let first_moves = opening.map_or_else(|| game.moves(0, 0), |v| game.moves(1 << (v - 1), v));
        let size = game.closure_size(opening, &first_moves, &pairs).map(|size| size as u64);
        assert_eq!(size, Some(verdict.positions), "n = {n}");
    }
    assert!(accepted > 50, "only {accepted} of {tried} random closed pairings were accepted");
}

fn rejection(bytes: &[u8]) -> String {
    verify_bytes(bytes, &Limits::default()).expect_err("must be rejected").to_string()
}

#[test]
fn each_way_of_lying_is_rejected_with_its_reason() {
    // n = 4, second player: the loser opens 4, the partner 2 lets the loser reach 1, unpaired.
    let text = rejection(&closed(4, false, false, None, &[(2, 4)]));
    assert!(text.contains("no pair holds 1"), "{text}");
    assert!(text.contains("after 4 2"), "{text}");
    // A pair that is no divisor-multiple pair: the loser opens 2, the partner 3 is unrelated.
    let text = rejection(&closed(3, false, false, None, &[(2, 3)]));
    assert!(text.contains("illegal move 3"), "{text}");
    assert!(text.contains("3 neither divides nor is a multiple of 2"), "{text}");
    // The opening inside a pair.
    let text = rejection(&closed(3, false, true, Some(2), &[(1, 2)]));
    assert!(text.contains("the opening 2 is in a pair"), "{text}");
    // An odd opening.
    let text = rejection(&closed(3, false, true, Some(3), &[(1, 2)]));
    assert!(text.contains("the opening must be even"), "{text}");
    // An opening beyond the board.
    let text = rejection(&closed(3, false, true, Some(9), &[]));
    assert!(text.contains("9 is not in 1..3"), "{text}");
}

#[test]
fn the_position_limit_bounds_the_closure_exactly() {
    let mut game = Game::new(24, false);
    let (opening, pairs) = game.pairing_strategy();
    let bytes = closed(24, false, game.first_wins(), opening, &pairs);
    let size = verify_bytes(&bytes, &Limits::default()).expect("closed for n = 24").positions;
    let exact = Limits { max_positions: size, ..Limits::default() };
    assert_eq!(verify_bytes(&bytes, &exact).map(|v| v.positions), Ok(size));
    let short = Limits { max_positions: size - 1, ..Limits::default() };
    let text = verify_bytes(&bytes, &short).expect_err("one number too many").to_string();
    assert!(text.contains("position limit"), "{text}");
}
