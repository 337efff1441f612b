//! Certificates built by a brute-force minimax or a brute-force maximum matching are accepted
//! with the right claim, by both boards, with the positions count of the walk the builder did;
//! the opposite claim with the same body is rejected.

mod common;

use common::*;
use jg_verify::{verify_bytes, Kind, Limits, Winner};

fn both_boards(bytes: &[u8]) -> Result<jg_verify::Verdict, jg_verify::Rejection> {
    let fast = verify_bytes(bytes, &Limits::default());
    let general = verify_bytes(bytes, &Limits { force_general_board: true, ..Limits::default() });
    assert_eq!(fast, general, "the two boards disagree");
    fast
}

#[test]
fn tree_certificates_from_minimax_are_accepted() {
    for free in [false, true] {
        for n in 1..=20 {
            let mut game = Game::new(n, free);
            let (bytes, winner_first, positions) = tree_certificate(&mut game);
            let verdict = both_boards(&bytes).unwrap_or_else(|r| panic!("n={n}: {r}"));
            let winner = if winner_first { Winner::First } else { Winner::Second };
            assert_eq!((verdict.n, verdict.winner, verdict.kind), (n, winner, Kind::Tree));
            assert_eq!(verdict.positions, positions, "n={n}");
            assert_eq!(verdict.blake3, *blake3::hash(&bytes).as_bytes());
            // The same moves can never prove the other player's win.
            let body = &bytes[BODY..];
            let flipped = certificate(n, free, !winner_first, false, body);
            assert!(both_boards(&flipped).is_err(), "n={n}: flipped claim accepted");
        }
    }
}

#[test]
fn both_winners_occur() {
    let winners: Vec<bool> = (1..=20).map(|n| Game::new(n, false).first_wins()).collect();
    assert!(winners.contains(&true) && winners.contains(&false));
}

#[test]
fn pairing_certificates_from_maximum_matchings_are_accepted() {
    for free in [false, true] {
        for n in 1..=20 {
            let mut game = Game::new(n, free);
            let (opening, pairs) = game.pairing_strategy();
            assert_eq!(opening.is_some(), game.first_wins(), "n={n}: matching theorem vs minimax");
            let body = pairing_body(n, opening, &pairs);
            let bytes = certificate(n, free, opening.is_some(), true, &body);
            let verdict = both_boards(&bytes).unwrap_or_else(|r| panic!("n={n} free={free}: {r}"));
            assert_eq!(verdict.kind, Kind::Pairing);
            assert_eq!(verdict.winner == Winner::First, opening.is_some());
        }
    }
}

#[test]
fn random_pairings_are_accepted_only_when_they_win() {
    let mut rng = Rng(7);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..3000 {
        let n = 1 + rng.below(14);
        let game = Game::new(n, rng.below(4) == 0);
        let mut numbers: Vec<u64> = (1..=n).collect();
        for i in (1..numbers.len()).rev() {
            numbers.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut pairs: Vec<(u64, u64)> =
            numbers.chunks_exact(2).map(|c| (c[0].min(c[1]), c[0].max(c[1]))).collect();
        pairs.truncate(rng.below(pairs.len() as u64 + 1) as usize);
        pairs.sort();
        let opening = (rng.below(2) == 0).then(|| 1 + rng.below(n));
        let bytes =
            certificate(n, game.free, opening.is_some(), true, &pairing_body(n, opening, &pairs));
        let map = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        let truth = game.pairing_wins(opening, &map);
        match both_boards(&bytes) {
            Ok(_) => accepted += 1,
            Err(_) => rejected += 1,
        }
        assert_eq!(both_boards(&bytes).is_ok(), truth, "n={n} opening={opening:?} pairs={pairs:?}");
    }
    assert!(accepted > 0 && rejected > 0, "{accepted} accepted, {rejected} rejected");
}
