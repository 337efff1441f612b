//! Certificates built by a brute-force minimax or a brute-force maximum matching are accepted
//! with the right claim, by both boards, with the positions count of the walk the builder did;
//! the opposite claim with the same body is rejected.

use crate::common::*;
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
fn verdicts_name_the_true_winner_and_both_winners_occur() {
    // The verifier's verdicts on the tree certificates of n = 1..20 (not the test's minimax
    // alone): each names the minimax winner, and both players win some n.
    let winners: Vec<Winner> = (1..=20)
        .map(|n| {
            let mut game = Game::new(n, false);
            let (bytes, first, _) = tree_certificate(&mut game);
            let verdict = both_boards(&bytes).unwrap_or_else(|r| panic!("n={n}: {r}"));
            assert_eq!(verdict.winner == Winner::First, first, "n={n}");
            verdict.winner
        })
        .collect();
    assert!(winners.contains(&Winner::First) && winners.contains(&Winner::Second));
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
    certificate(n, false, true, true, &pairing_body(n, Some(2 * p), &pairs))
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
    }
}

/// The smallest certificate there is: 80 bytes, all header (an empty generator text), for n = 1,
/// where the first player has no even number to open with. The empty tree is its whole proof.
#[test]
fn an_80_byte_file_is_a_whole_certificate() {
    let mut bytes = certificate(1, false, false, false, &[]);
    bytes.drain(40..40 + b"verifier tests".len());
    bytes[32..40].copy_from_slice(&0u64.to_le_bytes());
    assert_eq!(bytes.len(), 80);
    let verdict = both_boards(&bytes).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!((verdict.n, verdict.winner, verdict.kind), (1, Winner::Second, Kind::Tree));
}

/// The pairing rule's step 1 (spec.md §4: take a move that leaves the loser stuck) applies up to
/// n = 128 inclusive. The catalogue scheme of 124..137 (opening 74), walked as a kind 1 pairing
/// without its pair (1, 71): at n = 128, when the loser answers 74 with 1, the winner plays 67, a
/// prime above 64 whose only neighbour, 1, is played, so the walk needs no pair for 1; at
/// n = 129 the rule is off and the missing pair is reported.
#[test]
fn step_1_of_the_pairing_rule_runs_up_to_n_128() {
    let scheme = [
        (1, 71),
        (2, 82),
        (3, 69),
        (5, 85),
        (7, 77),
        (11, 121),
        (17, 119),
        (23, 115),
        (37, 111),
        (41, 123),
    ];
    let walked = |n, pairs: &[(u64, u64)]| {
        certificate(n, false, true, true, &pairing_body(n, Some(74), pairs))
    };
    let at = |n| walked(n, &scheme[1..]);
    for n in [128, 129] {
        let verdict = both_boards(&walked(n, &scheme)).unwrap_or_else(|r| panic!("n = {n}: {r}"));
        assert_eq!((verdict.n, verdict.winner), (n, Winner::First));
    }
    let verdict = both_boards(&at(128)).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!((verdict.n, verdict.winner, verdict.kind), (128, Winner::First, Kind::Pairing));
    let message = both_boards(&at(129)).unwrap_err().to_string();
    assert!(message.starts_with("no pair holds 1, "), "{message}");
}
