//! Closed pairings (kind 2, spec.md §4.5): the verifier checks the closure instead of walking.
//! The soundness test: whatever pairing, opening and claim a file holds, an accepted closed
//! pairing always claims the true winner (brute-force minimax), and its strategy really wins
//! against every reply (brute-force walk). Plus one test per way of lying.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

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

/// The maximum matching of certificates/openings/cert-1000-openings.bin (its tag 4 entry, spec.md
/// §3.4) swapped along its first path: the opening that path ends at, and the new pairs.
fn swapped_matching_1000() -> (u64, Vec<(u64, u64)>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../certificates/openings/cert-1000-openings.bin");
    let bytes = std::fs::read(path).unwrap();
    let body = 80 + bytes[32] as usize; // the header, with a generator of fewer than 256 bytes
    assert_eq!(bytes[body], 4, "one matching-and-barrier entry");
    let numbers: Vec<u64> =
        bytes[body + 1..].chunks(2).map(|c| u64::from(c[0]) | u64::from(c[1]) << 8).collect();
    let mut at = 1 + numbers[0] as usize; // the losing openings
    let count = numbers[at] as usize;
    let mut partner: HashMap<u64, u64> = HashMap::new();
    for pair in numbers[at + 1..at + 1 + 2 * count].chunks(2) {
        partner.extend([(pair[0], pair[1]), (pair[1], pair[0])]);
    }
    at += 1 + 2 * count;
    at += 1 + numbers[at] as usize; // the barrier
    let path = &numbers[at + 2..at + 2 + numbers[at + 1] as usize]; // the first path
    for step in path[1..].chunks(2) {
        partner.remove(&step[0]);
        partner.remove(&step[1]);
    }
    for step in path.chunks(2).filter(|step| step.len() == 2) {
        partner.extend([(step[0], step[1]), (step[1], step[0])]);
    }
    let mut pairs: Vec<(u64, u64)> = partner.into_iter().filter(|(a, b)| a < b).collect();
    pairs.sort();
    (*path.last().unwrap(), pairs)
}

/// The swapped matching of n = 1000 with the first pair dropped whose rejection has a line of
/// more than 12 numbers: the file and that line.
pub(crate) fn long_line_certificate() -> (Vec<u8>, Vec<u64>) {
    let (opening, pairs) = swapped_matching_1000();
    assert!(
        verify_bytes(&closed(1000, false, true, Some(opening), &pairs), &Limits::default()).is_ok()
    );
    (0..pairs.len())
        .find_map(|i| {
            let fewer = [&pairs[..i], &pairs[i + 1..]].concat();
            let bytes = closed(1000, false, true, Some(opening), &fewer);
            match verify_bytes(&bytes, &Limits::default()) {
                Err(jg_verify::Rejection::NoPartner { line }) if line.len() > 12 => {
                    Some((bytes, line))
                }
                _ => None,
            }
        })
        .expect("some dropped pair gives a long line")
}

/// Issue 39: a rejection names the number the pairing fails at and a line by which the loser
/// reaches it; a long line is printed by its length and its ends, whole only when asked
/// (`{:#}`, `--whole-line`). The line is checked against the rules: the opening, then each
/// loser's move (a neighbour of the number before it) followed by its partner.
#[test]
fn a_long_line_of_play_is_summed_up_and_whole_on_request() {
    let (opening, pairs) = swapped_matching_1000();
    let partner = partners(&pairs);
    assert!(
        verify_bytes(&closed(1000, false, true, Some(opening), &pairs), &Limits::default()).is_ok()
    );
    let (bytes, line) = long_line_certificate();
    let rejection = verify_bytes(&bytes, &Limits::default()).unwrap_err();
    let (len, last) = (line.len() - 1, line[line.len() - 1]);
    let ends = |numbers: &[u64]| numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let short = format!(
        "no pair holds {last}, the loser's move after {} … {} (a line of {len} numbers): the \
         pairing gives the winner no answer",
        ends(&line[..4]),
        ends(&line[len - 4..len])
    );
    assert_eq!(rejection.to_string(), short);
    let whole = format!("{rejection:#}");
    assert!(whole.contains(&format!("move after {}: the", ends(&line[..len]))), "{whole}");
    // The line is one the rules allow the loser (the played numbers aside, spec.md §4.5).
    let related = |a: u64, b: u64| a != b && (a % b == 0 || b % a == 0);
    assert_eq!(line[0], opening);
    for i in (1..len).step_by(2) {
        assert!(related(line[i - 1], line[i]), "step {i} of {line:?}");
        assert_eq!(partner.get(&line[i]), Some(&line[i + 1]), "step {i} of {line:?}");
    }
    assert!(related(line[len - 1], last));
}
