//! Bad input, one case a test: each is rejected with a reason that names what is wrong and
//! where (byte offset, line of play), and nothing panics. The messages are part of the contract
//! (spec.md §4.3): every test snapshots all the messages it met.

use crate::common::*;
use jg_verify::{verify_bytes, Limits, Rejection};
use std::cell::RefCell;

thread_local! {
    /// The rejection messages met by the running test (each test runs on its own thread).
    static SEEN: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Snapshots every rejection message the test met, in order.
macro_rules! snapshot_messages {
    () => {
        insta::assert_snapshot!(SEEN.with(|seen| seen.borrow().join("\n")))
    };
}

fn rejection(bytes: &[u8]) -> String {
    rejection_with(bytes, &Limits::default())
}

fn rejection_with(bytes: &[u8], limits: &Limits) -> String {
    let message = verify_bytes(bytes, limits).expect_err("accepted a bad certificate").to_string();
    SEEN.with(|seen| seen.borrow_mut().push(message.clone()));
    message
}

fn assert_says(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(message.contains(part), "{message:?} should contain {part:?}");
    }
}

/// A valid closed pairing for n with the even opening, and whether the first player wins.
fn valid(n: u64) -> (Vec<u8>, bool) {
    let (bytes, first, _) = closed_certificate(&mut Game::new(n, false)).expect("closed");
    assert!(verify_bytes(&bytes, &Limits::default()).is_ok());
    (bytes, first)
}

#[test]
fn empty_file() {
    assert_says(&rejection(&[]), &["empty file"]);
    snapshot_messages!();
}

#[test]
fn truncated_header() {
    let (bytes, _) = valid(12);
    assert_says(&rejection(&bytes[..50]), &["truncated", "50 bytes"]);
    assert_says(&rejection(&bytes[..3]), &["truncated", "3 bytes"]);
    // 80 bytes or more, but the generator text runs past the end: the size the header takes,
    // from its generator's length (issue 40: it said only "the file ends inside the header").
    let said =
        format!("header at byte 32: truncated: the file has 85 bytes, its header takes {BODY}");
    assert_eq!(rejection(&bytes[..85]), said);
    snapshot_messages!();
}

#[test]
fn truncated_body() {
    let (bytes, _) = valid(12);
    let cut = &bytes[..bytes.len() - 1];
    // The sizes of the file and of its header's announcement (issue 40: `body_len is 12 not 11`).
    let (have, announced) = (bytes.len() - 1, bytes.len());
    let said =
        format!("header at byte 54: the file has {have} bytes, its header announces {announced}");
    assert_eq!(rejection(cut), said);
    let mut resealed = cut.to_vec();
    reseal(&mut resealed);
    assert_says(&rejection(&resealed), &["count is", &format!("byte {}", BODY + 1), "follow"]);
    // A body byte changed but not resealed: the hash, named at its own offset.
    let mut changed = bytes.clone();
    changed[BODY] ^= 1;
    assert_says(&rejection(&changed), &[&format!("header at byte {}", BODY - 32), "BLAKE3"]);
    snapshot_messages!();
}

#[test]
fn trailing_bytes() {
    let (mut bytes, _) = valid(12);
    bytes.push(2);
    let (have, announced) = (bytes.len(), bytes.len() - 1);
    let said =
        format!("header at byte 54: the file has {have} bytes, its header announces {announced}");
    assert_eq!(rejection(&bytes), said);
    // Resealed, the pair list no longer fills the body: the count names it.
    reseal(&mut bytes);
    let follow = format!("pairs but {} bytes follow", bytes.len() - BODY - 2);
    assert_says(&rejection(&bytes), &["count is", &format!("byte {}", BODY + 1), &follow]);
    snapshot_messages!();
}

#[test]
fn wrong_magic() {
    let (mut bytes, _) = valid(12);
    bytes[3] = b'X';
    assert_says(&rejection(&bytes), &["wrong magic", "byte 0"]);
    snapshot_messages!();
}

#[test]
fn wrong_version() {
    let (mut bytes, _) = valid(12);
    bytes[8] = 3;
    assert_says(&rejection(&bytes), &["unsupported version 3", "byte 8"]);
    // Version 2 starts the body with prime witnesses (spec.md §3.5): a version 1 body read as
    // one has a witness count that is no count.
    bytes[8] = 2;
    assert_says(&rejection(&bytes), &["witnesses: 1 to 96 allowed", "byte 94"]);
    snapshot_messages!();
}

#[test]
fn bad_header_fields() {
    let (bytes, _) = valid(12);
    for (offset, field) in [(20, "opening_rule is 7"), (24, "winner is 7"), (28, "kind is 7")] {
        let mut bad = bytes.clone();
        bad[offset] = 7;
        assert_says(&rejection(&bad), &[field, &format!("byte {offset}")]);
    }
    let mut zero = bytes.clone();
    zero[12] = 0;
    assert_says(&rejection(&zero), &["n = 0", "byte 12"]);
    snapshot_messages!();
}

/// Kinds 0 and 1 are retired (spec.md §2): refused at the kind's byte, before the body is read,
/// whatever follows (here a closed pairing's body, and nothing at all).
#[test]
fn retired_kinds() {
    let (bytes, _) = valid(12);
    for kind in [0, 1] {
        let mut retired = bytes.clone();
        retired[28] = kind;
        assert_says(&rejection(&retired), &["byte 28", "is retired", "jg certify 12"]);
        assert_says(&rejection(&retired[..80]), &["truncated"]);
        let empty = certificate(3, true, true, u32::from(kind), &[]);
        assert_says(&rejection(&empty), &["byte 28", "is retired", "jg certify 3 --free-opening"]);
    }
    snapshot_messages!();
}

#[test]
fn wrong_winner_claimed() {
    for n in [8, 9, 12, 15, 16] {
        let (bytes, _) = valid(n);
        let mut flipped = bytes.clone();
        flipped[24] ^= 1;
        // The header is fine; the body refutes the claim (the opening field disagrees).
        let refuted = verify_bytes(&flipped, &Limits::default()).expect_err("a false claim");
        assert!(matches!(refuted, Rejection::Body { offset: 94, .. }), "n={n}: {refuted}");
        rejection(&flipped);
    }
    snapshot_messages!();
}

#[test]
fn wrong_n_claimed() {
    for n in [9, 12, 16] {
        let (bytes, _) = valid(n);
        for other in [n - 1, n + 1, n + 2] {
            let mut changed = bytes.clone();
            changed[12] = other as u8;
            // Another n may happen to have the same proof; it must then really hold there.
            if let Ok(verdict) = verify_bytes(&changed, &Limits::default()) {
                let mut game = Game::new(other, false);
                assert_eq!(verdict.winner == jg_verify::Winner::First, game.first_wins());
            }
        }
        let mut wide = bytes.clone();
        wide[12..20].copy_from_slice(&300u64.to_le_bytes());
        rejection(&wide);
    }
    snapshot_messages!();
}

#[test]
fn illegal_moves() {
    let first = |opening| certificate(10, false, true, 2, &pairing_body(10, Some(opening), &[]));
    let second = |pairs: &[_]| certificate(10, false, false, 2, &pairing_body(10, None, pairs));
    assert_says(&rejection(&first(3)), &["illegal move 3 at byte 94 at the start", "even"]);
    assert_says(&rejection(&first(12)), &["illegal move 12 at byte 94", "not in 1..10"]);
    // The second player wins claim: the loser's last opening, 10, is taken first (a stack).
    let pairs = [(1, 7), (2, 3), (4, 8), (5, 10), (6, 9)];
    let message = rejection(&second(&pairs));
    assert_says(
        &message,
        &["illegal move 9 at byte 104 after 6", "9 neither divides nor is a multiple of 6"],
    );
    snapshot_messages!();
}

#[test]
fn huge_length_fields() {
    let (bytes, _) = valid(12);
    let mut huge = bytes.clone();
    huge[BODY - 40..BODY - 32].copy_from_slice(&u64::MAX.to_le_bytes());
    // Past the most a pairing body on 1..12 can hold, (12 + 2)·1 + 8 = 22 bytes: named from the
    // header alone, as `jg-verify` names it before reading the body (spec.md §4.4).
    assert_says(&rejection(&huge), &["body_len is 18446744073709551615: a certificate of kind 2"]);
    huge[BODY - 40..BODY - 32].copy_from_slice(&22u64.to_le_bytes());
    let announced = format!("the file has {} bytes, its header announces {}", BODY + 12, BODY + 22);
    assert_says(&rejection(&huge), &[&announced]);
    huge[BODY - 40..BODY - 32].copy_from_slice(&23u64.to_le_bytes());
    assert_says(
        &rejection(&huge),
        &["body_len is 23: a certificate of kind 2 for n = 12 has at most 22"],
    );
    let mut generator = bytes.clone();
    generator[32..40].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_says(&rejection(&generator), &["generator"]);
    let with_generator = |length: usize| {
        let mut long = bytes[..32].to_vec();
        long.extend((length as u64).to_le_bytes());
        long.extend(vec![b'x'; length]);
        long.extend(&bytes[BODY - 40..]);
        long
    };
    assert_says(&rejection(&with_generator(300)), &["generator is 300 bytes long"]);
    assert_says(&rejection(&with_generator(201)), &["generator is 201 bytes long"]);
    // 200 bytes is the most allowed, and still a valid certificate.
    verify_bytes(&with_generator(200), &Limits::default()).unwrap();
    let mut utf8 = bytes.clone();
    utf8[40] = 0xFF;
    assert_says(&rejection(&utf8), &["generator is not UTF-8"]);
    snapshot_messages!();
}

#[test]
fn huge_pair_count() {
    let mut body = vec![0, 255];
    body.extend([1, 2]);
    assert_says(
        &rejection(&certificate(10, false, false, 2, &body)),
        &["count is 255 pairs but 2 bytes"],
    );
    let mut wide = 0u64.to_le_bytes().to_vec();
    wide.extend(u64::MAX.to_le_bytes());
    assert_says(
        &rejection(&certificate(1 << 40, false, false, 2, &wide)),
        &["count is 18446744073709551615"],
    );
    snapshot_messages!();
}

#[test]
fn bad_pairings() {
    let pairing = |first: bool, opening: u64, pairs: &[(u64, u64)]| {
        let mut body = vec![opening as u8, pairs.len() as u8];
        body.extend(pairs.iter().flat_map(|&(a, b)| [a as u8, b as u8]));
        certificate(10, false, first, 2, &body)
    };
    assert_says(
        &rejection(&pairing(true, 0, &[])),
        &["body at byte 94: opening is 0: it must be 0 exactly when"],
    );
    assert_says(
        &rejection(&pairing(false, 4, &[])),
        &["opening is 4: it must be 0 exactly when the second player wins"],
    );
    assert_says(&rejection(&pairing(false, 0, &[(3, 2)])), &["not canonical", "byte 96"]);
    assert_says(&rejection(&pairing(false, 0, &[(2, 11)])), &["not canonical"]);
    assert_says(&rejection(&pairing(false, 0, &[(2, 4), (1, 3)])), &["not canonical", "byte 98"]);
    assert_says(&rejection(&pairing(false, 0, &[(2, 4), (3, 4)])), &["4 is in two pairs"]);
    // A first number repeated is out of order, named at the third pair's byte.
    assert_says(
        &rejection(&pairing(false, 0, &[(1, 5), (2, 4), (2, 6)])),
        &["body at byte 100: pair (2, 6) is not canonical"],
    );
    // The same with two-byte numbers (n = 300): the pairs start at byte 98, four bytes each.
    let wide =
        certificate(300, false, false, 2, &pairing_body(300, None, &[(1, 5), (2, 4), (2, 6)]));
    assert_says(&rejection(&wide), &["body at byte 106: pair (2, 6) is not canonical"]);
    // A number paired with itself.
    assert_says(
        &rejection(&pairing(false, 0, &[(3, 3)])),
        &["byte 96: pair (3, 3) is not canonical"],
    );
    // The loser's openings are listed in ascending order, each checked for a partner as it is
    // taken in: 2 first.
    assert_says(&rejection(&pairing(false, 0, &[])), &["no pair holds 2", "at the start"]);
    assert_says(&rejection(&pairing(true, 5, &[])), &["illegal move 5 at byte 94 at the start"]);
    // Pair (3, 7) is no edge: after the opening 6 the loser's 3 (taken first: the moves 1, 2,
    // 3 go on a stack) has a partner that is no legal answer.
    let message = rejection(&pairing(true, 6, &[(1, 5), (2, 4), (3, 7)]));
    assert_says(
        &message,
        &["illegal move 7 at byte 100 after 6 3", "7 neither divides nor is a multiple of 3"],
    );
    snapshot_messages!();
}

#[test]
fn limits_are_clear_errors() {
    let (bytes, _) = valid(18);
    let few = Limits { max_positions: 10, ..Limits::default() };
    assert_says(&rejection_with(&bytes, &few), &["position limit", "after"]);
    let small = Limits { max_memory: 1000, ..Limits::default() };
    assert_says(&rejection_with(&bytes, &small), &["memory limit"]);
    // Second player claims on 1..10^15: the loser's openings alone are 5·10^14 moves.
    let (big, no_pairs) = (1_000_000_000_000_000, [0; 16]);
    let huge = certificate(big, false, false, 2, &no_pairs);
    let openings = "for the 500000000000000 openings";
    assert_says(&rejection(&huge), &["position limit", openings, "at the start"]);
    let no_count_bound = Limits { max_positions: u64::MAX, ..Limits::default() };
    let listing = "work limit: the openings on 1..1000000000000000 take 1000000000000000 steps";
    assert_says(&rejection_with(&huge, &no_count_bound), &[listing, "at the start"]);
    // The largest board: after the opening 1 the loser may answer with any number.
    let opening = |v: u64| [v.to_le_bytes(), [0; 8]].concat();
    let widest = certificate(u64::MAX, true, true, 2, &opening(1));
    assert_says(&rejection(&widest), &["work limit", "after 1"]);
    let square = certificate(u64::MAX, true, true, 2, &opening(u64::MAX - 1));
    let small_work = Limits { max_work: 1000, ..Limits::default() };
    assert_says(
        &rejection_with(&square, &small_work),
        &["work limit", "after 18446744073709551614"],
    );
    snapshot_messages!();
}

/// Random certificates that pass the header and hash checks (so that the body logic is
/// reached): random n ≤ 20, rule, winner and kind (2, 3 or 4), random small numbers as the body, the
/// correct body_len and BLAKE3. Nothing panics, and every accepted one is a true claim.
#[test]
fn random_certificates_with_valid_headers() {
    let mut rng = Rng(11);
    let mut truth = std::collections::HashMap::new();
    let (mut accepted, mut body_rejections) = (0, 0);
    for _ in 0..20_000 {
        let (n, free, first) = (1 + rng.below(20), rng.below(2) == 1, rng.below(2) == 1);
        let kind = 2 + rng.below(3) as u32;
        let first = first || kind == 3; // an interval claims a first-player win
        let mut body: Vec<u8> = (0..rng.below(24)).map(|_| rng.below(n + 3) as u8).collect();
        if kind == 3 && rng.below(2) == 0 {
            let n_last = n + rng.below(4);
            body.splice(0..0, n_last.to_le_bytes());
        }
        if kind != 4 {
            // A valid header announces at most (n + 2)·w + 8 body bytes for kinds 2 and 3.
            body.truncate(n as usize + 10);
        }
        let bytes = certificate(n, free, first, kind, &body);
        match verify_bytes(&bytes, &Limits::default()) {
            Ok(verdict) => {
                accepted += 1;
                for m in verdict.n..=verdict.n_last.min(24) {
                    let wins =
                        *truth.entry((m, free)).or_insert_with(|| Game::new(m, free).first_wins());
                    assert_eq!(wins, verdict.winner == jg_verify::Winner::First, "{verdict}");
                }
                assert!(verdict.n_last <= 24, "accepted an interval past the check: {verdict}");
            }
            // An openings body decides the claimed winner, named at the header's field.
            Err(Rejection::Header { offset: 24, .. }) if kind == 4 => body_rejections += 1,
            Err(Rejection::Header { .. }) => panic!("the header was made valid"),
            Err(_) => body_rejections += 1,
        }
    }
    // Random bodies rarely prove anything (a handful do, for tiny n); all reach the logic.
    assert!(accepted > 0 && body_rejections > 19_000, "{accepted} / {body_rejections}");
}

#[test]
fn random_bytes() {
    let mut rng = Rng(11);
    for case in 0..20_000 {
        let len = rng.below(300) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if case % 2 == 0 && len >= 8 {
            bytes[..8].copy_from_slice(b"JUNIPERG");
        }
        assert!(verify_bytes(&bytes, &Limits::default()).is_err());
    }
}

/// The body of a closed pairing holds at most (n + 2)·w + 8 bytes, and a version 2 file 50 696
/// more: the largest witness section, 96 witnesses of 63 factors (spec.md §2, §3.5). One byte
/// more is named from the header alone; at the bound the body is read and judged.
#[test]
fn the_body_size_bound_leaves_room_for_the_largest_witness_section() {
    let largest = 12 + 8 + 8 + 96 * (24 + 8 * 63); // n = 10, w = 1
    assert_eq!(largest, 50_716);
    for (version, len, says) in [
        (2u8, largest, "body at byte 94: 0 witnesses: 1 to 96 allowed"),
        (
            2,
            largest + 1,
            "body_len is 50717: a certificate of kind 2 for n = 10 has at most 50716 body bytes",
        ),
        (1, 20, "body at byte 95: count is 0 pairs but 18 bytes follow"),
        (1, 21, "body_len is 21: a certificate of kind 2 for n = 10 has at most 20 body bytes"),
    ] {
        let mut bytes = certificate(10, false, false, 2, &vec![0; len]);
        bytes[8] = version;
        assert_says(&rejection(&bytes), &[says]);
    }
}

/// spec.md §4.3: a line of play of 8 numbers is printed whole, one of 9 by its ends and length
/// (the boundary `len <= 2 * ENDS` of rejection.rs; a mutant of it that no test caught).
#[test]
fn a_line_of_8_numbers_is_printed_whole_and_one_of_9_summed_up() {
    let text = |k: u64| jg_verify::Rejection::NoPartner { line: (1..=k + 1).collect() }.to_string();
    assert!(text(7).contains("move after 1 2 3 4 5 6 7: the"), "{}", text(7));
    assert!(text(8).contains("move after 1 2 3 4 5 6 7 8: the"), "{}", text(8));
    assert!(
        text(9).contains("move after 1 2 3 4 … 6 7 8 9 (a line of 9 numbers): the"),
        "{}",
        text(9)
    );
}
