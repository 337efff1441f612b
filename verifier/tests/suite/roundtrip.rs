//! Certificates built from a brute-force maximum matching are accepted with the true winner
//! (brute-force minimax) and the closure size of the test's own closure; the opposite claim with
//! the same pairs is rejected; the retired kinds 0 and 1 are refused whatever their body.

use crate::common::*;
use jg_verify::{verify_bytes, Kind, Limits, Rejection, Winner};
use std::collections::HashMap;

fn verify(bytes: &[u8]) -> Result<jg_verify::Verdict, Rejection> {
    verify_bytes(bytes, &Limits::default())
}

#[test]
fn closed_pairings_from_maximum_matchings_are_accepted_with_the_true_winner() {
    let (mut accepted, mut winners) = (0, Vec::new());
    for free in [false, true] {
        for n in 1..=20 {
            let mut game = Game::new(n, free);
            let Some((bytes, winner_first, positions)) = closed_certificate(&mut game) else {
                continue;
            };
            assert_eq!(winner_first, game.first_wins(), "n={n}: matching theorem vs minimax");
            let verdict = verify(&bytes).unwrap_or_else(|r| panic!("n={n} free={free}: {r}"));
            let winner = if winner_first { Winner::First } else { Winner::Second };
            assert_eq!((verdict.n, verdict.winner, verdict.kind), (n, winner, Kind::ClosedPairing));
            assert_eq!(verdict.positions, positions, "n={n}");
            assert_eq!(verdict.blake3, *blake3::hash(&bytes).as_bytes());
            // The same pairs can never prove the other player's win.
            let (opening, pairs) = game.pairing_strategy();
            let lie = pairing_body(n, if opening.is_some() { None } else { Some(2) }, &pairs);
            assert!(verify(&certificate(n, free, !winner_first, 2, &lie)).is_err(), "n={n}");
            accepted += 1;
            winners.push(verdict.winner);
        }
    }
    assert!(accepted >= 30, "only {accepted} of 40 matchings were closed");
    assert!(winners.contains(&Winner::First) && winners.contains(&Winner::Second));
}

/// Kinds 0 (tree) and 1 (walked pairing) are retired (spec.md §2): a true proof written in
/// either, well formed under the old format, is refused at the kind's byte, never walked.
#[test]
fn true_proofs_of_the_retired_kinds_are_refused_at_the_kind_byte() {
    for free in [false, true] {
        for n in 1..=16 {
            let mut game = Game::new(n, free);
            let tree = tree_certificate(&mut game);
            let (opening, pairs) = game.pairing_strategy();
            let walked =
                certificate(n, free, opening.is_some(), 1, &pairing_body(n, opening, &pairs));
            for (bytes, name) in [(tree, "kind 0 (tree)"), (walked, "kind 1 (walked pairing)")] {
                let rejection = verify(&bytes).expect_err("a retired kind");
                let expected = format!(
                    "header at byte 28: {name} is retired: re-certify with `jg certify {n}{}`",
                    if free { " --free-opening" } else { "" }
                );
                assert_eq!(rejection.to_string(), expected);
                assert!(matches!(rejection, Rejection::Header { offset: 28, .. }));
            }
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
            certificate(n, game.free, opening.is_some(), 2, &pairing_body(n, opening, &pairs));
        let map: HashMap<u64, u64> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        // The test's own closure (spec.md §4.5), with the opening legal and in no pair.
        let first_moves = match opening {
            Some(v) => game.moves(1 << (v - 1), v),
            None => game.moves(0, 0),
        };
        let legal = opening.is_none_or(|v| game.moves(0, 0).contains(&v) && !map.contains_key(&v));
        let closes = legal && game.closes(opening, &first_moves, &pairs);
        let verdict = verify(&bytes);
        match &verdict {
            Ok(_) => accepted += 1,
            Err(_) => rejected += 1,
        }
        assert_eq!(verdict.is_ok(), closes, "n={n} opening={opening:?} pairs={pairs:?}");
        // An accepted pairing really wins against every reply (brute-force walk).
        assert!(verdict.is_err() || game.pairing_wins(opening, &map), "n={n} {pairs:?}");
    }
    assert!(accepted > 0 && rejected > 0, "{accepted} accepted, {rejected} rejected");
}

fn is_prime(x: u64) -> bool {
    x >= 2 && (2..).take_while(|d| d * d <= x).all(|d| !x.is_multiple_of(d))
}

fn primes_above(from: u64) -> impl Iterator<Item = u64> {
    (from + 1..).filter(|&x| is_prime(x))
}

/// The general scheme of docs/MATH.md §4 as a pairing certificate: three primes p, q, r in
/// (n/4, n/3] and s in (n/2, n]; open 2p; pairs p–3p, 3–3q, q–2q, 2–2r, r–3r, 1–s.
fn scheme(n: u64) -> Vec<u8> {
    let primes: Vec<u64> = primes_above(n / 4).take(3).collect();
    let (p, q, r) = (primes[0], primes[1], primes[2]);
    assert!(3 * r <= n);
    let s = primes_above(n / 2).next().unwrap();
    let mut pairs = vec![(p, 3 * p), (3, 3 * q), (q, 2 * q), (2, 2 * r), (r, 3 * r), (1, s)];
    pairs.sort();
    certificate(n, false, true, 2, &pairing_body(n, Some(2 * p), &pairs))
}

#[test]
fn scheme_pairings_for_huge_n_use_the_general_board() {
    for n in [1_000_000_000, 1_000_000_000_000_000] {
        let certificate = scheme(n);
        let verdict =
            verify_bytes(&certificate, &Limits::default()).unwrap_or_else(|r| panic!("{r}"));
        assert_eq!((verdict.n, verdict.winner), (n, Winner::First));
        // Breaking one pair must be caught: drop 1–s, and the loser's 1 has no answer.
        let mut broken = certificate.clone();
        let w = width(n);
        let body_start = BODY + 2 * w;
        let pair_one = body_start; // pairs are sorted, (1, s) first
        assert_eq!(broken[pair_one], 1);
        broken.drain(pair_one..pair_one + 2 * w);
        broken[BODY + w..BODY + 2 * w].copy_from_slice(&number_bytes(5, w));
        reseal(&mut broken);
        let message = verify_bytes(&broken, &Limits::default()).unwrap_err().to_string();
        assert!(message.contains("no pair holds 1"), "{message}");
        assert!(matches!(verify(&broken), Err(Rejection::NoPartner { .. })));
    }
}

/// The smallest certificate there is: 82 bytes, an empty generator text and a 2-byte closed
/// pairing body (opening 0, no pairs), for n = 1, where the first player has no even number to
/// open with: the closure is empty.
#[test]
fn an_82_byte_file_is_a_whole_certificate() {
    let mut bytes = certificate(1, false, false, 2, &[0, 0]);
    bytes.drain(40..40 + b"verifier tests".len());
    bytes[32..40].copy_from_slice(&0u64.to_le_bytes());
    assert_eq!(bytes.len(), 82);
    let verdict = verify(&bytes).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!((verdict.n, verdict.winner, verdict.positions), (1, Winner::Second, 0));
}
