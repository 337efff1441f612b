//! Matching-and-barrier entries (kind 4, tag 4; spec.md §4.10). The test builds them from its
//! own exact matchings (the definition: D = the numbers some maximum matching leaves unpaired,
//! S = their neighbours outside D), and the truth it compares with is the brute-force minimax,
//! which knows nothing of matchings. Every way of lying is rejected with its reason.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`, as the checker states them

use crate::common::*;
use jg_verify::{verify_bytes, Bound, Limits, Rejection};

fn certificate_of(n: u64, free: bool, first_wins: bool, body: &[u8]) -> Vec<u8> {
    certificate(n, free, first_wins, 4, body)
}

fn openings_file(n: u64, free: bool, entry: &Entry) -> Vec<u8> {
    certificate_of(n, free, !entry.paths.is_empty(), &entry.bytes(n))
}

fn verify(bytes: &[u8]) -> Result<jg_verify::Verdict, Rejection> {
    verify_bytes(bytes, &Limits::default())
}

fn reason(bytes: &[u8]) -> String {
    verify(bytes).expect_err("must be rejected").to_string()
}

#[test]
fn one_barrier_entry_proves_exactly_the_minimax_openings() {
    for free in [false, true] {
        for n in 1..=14 {
            let mut game = Game::new(n, free);
            let entry = entry_for(&game);
            let truth: Vec<u64> =
                game.moves(0, 0).into_iter().filter(|&v| game.opening_wins(v)).collect();
            let verdict = verify(&openings_file(n, free, &entry))
                .unwrap_or_else(|rejection| panic!("n = {n}, free = {free}: {rejection}"));
            assert_eq!(verdict.winning_openings, Some(truth), "n = {n}, free = {free}");
            // Positions: the numbers outside S and the numbers of the paths.
            let walked: usize = entry.paths.iter().map(Vec::len).sum();
            let expected = n as usize - entry.barrier.len() + walked;
            assert_eq!(verdict.positions, expected as u64, "n = {n}");
        }
    }
}

/// n = 20 (first player wins; losing openings in S and in even components), its entry, and
/// the file.
fn sample() -> (u64, Entry) {
    let game = Game::new(20, false);
    let entry = entry_for(&game);
    assert!(!entry.losing.is_empty() && !entry.paths.is_empty());
    assert!(entry.paths.iter().any(|path| path.len() >= 5));
    (20, entry)
}

#[test]
fn lies_are_rejected_with_their_reason() {
    let (n, valid) = sample();
    assert!(verify(&openings_file(n, false, &valid)).is_ok());
    let mut reasons = Vec::new();
    let mut check = |what: &str, entry: &Entry| {
        reasons.push(format!("{what}: {}", reason(&openings_file(n, false, entry))));
    };
    // A winning opening claimed to lose (its path dropped, it joins the losing list).
    let mut lie = valid.clone();
    let path = lie.paths.remove(0);
    lie.losing.push(*path.last().unwrap());
    lie.losing.sort_unstable();
    check("a winning opening claimed to lose", &lie);
    // A losing opening claimed to win with the path of a winning one retargeted at it, and that
    // winning opening claimed to lose.
    let mut lie = valid.clone();
    let lost = lie.losing.remove(0);
    let long = lie.paths.iter().position(|path| path.len() >= 3).unwrap();
    let won = std::mem::replace(lie.paths[long].last_mut().unwrap(), lost);
    lie.losing.push(won);
    lie.losing.sort_unstable();
    check("a losing opening claimed to win by another's path", &lie);
    // A losing opening claimed to win by a path of itself alone (it is in a pair).
    let mut lie = valid.clone();
    let lost = lie.losing.remove(0);
    lie.paths.push(vec![lost]);
    check("a one-number path from a paired number", &lie);
    // The matching one pair short: the barrier no longer proves it maximum.
    let mut lie = valid.clone();
    let on_a_path = |x: u64| valid.paths.iter().any(|path| path.contains(&x));
    let unused = lie.pairs.iter().position(|&(a, b)| !on_a_path(a) && !on_a_path(b)).unwrap();
    lie.pairs.remove(unused);
    check("a pair no path uses dropped", &lie);
    // A number taken out of the barrier.
    let mut lie = valid.clone();
    lie.barrier.remove(0);
    check("a barrier number dropped", &lie);
    // Paths: even length, a step that is no move, a step off the matching, a repeat, 0.
    let long = valid.paths.iter().position(|path| path.len() >= 5).unwrap();
    let mut lie = valid.clone();
    lie.paths[long].remove(0);
    check("a path of even length", &lie);
    let mut lie = valid.clone();
    lie.paths[long].drain(..2);
    check("a path that starts at a paired number", &lie);
    let mut lie = valid.clone();
    let path = &mut lie.paths[long];
    let (x1, x2) = (path[1], path[2]);
    path.splice(3..3, [x1, x2]);
    check("a path that goes back along a pair", &lie);
    let mut lie = valid.clone();
    lie.paths[long][0] = 0;
    check("a path with 0", &lie);
    let mut lie = valid.clone();
    lie.paths[long][2] = lie.paths[long][4];
    check("a path that leaves the matching", &lie);
    let mut lie = valid.clone();
    let unpaired = (1..=n).find(|x| !valid.pairs.iter().any(|&(a, b)| a == *x || b == *x));
    let unpaired = unpaired.unwrap();
    let no_move = (1..=n).find(|&y| y != unpaired && y % unpaired != 0 && unpaired % y != 0);
    lie.paths[long][0] = unpaired;
    lie.paths[long][1] = no_move.unwrap();
    check("a path whose first step is no move", &lie);
    insta::assert_snapshot!(reasons.join("\n"));
}

#[test]
fn a_claim_widened_past_the_entry_is_rejected() {
    let (n, valid) = sample();
    let body = valid.bytes(n);
    // The same entry for n + 1 and n + 2: it names too few openings or the count breaks.
    for wider in [n + 1, n + 2] {
        let text = reason(&certificate_of(wider, false, true, &body));
        assert!(!text.is_empty());
    }
    // The same entry with the other winner in the header.
    let text = reason(&certificate_of(n, false, false, &body));
    assert!(text.starts_with("header at byte 24: "), "{text}");
    // Under the free rule the odd openings are named by no entry.
    let text = reason(&certificate_of(n, true, true, &body));
    assert!(text.contains("the opening 1 is named by no entry"), "{text}");
}

#[test]
fn cut_extended_and_flipped_files_never_lie() {
    let (n, valid) = sample();
    let bytes = openings_file(n, false, &valid);
    let truth = verify(&bytes).unwrap().winning_openings;
    for len in BODY..bytes.len() {
        let mut cut = bytes[..len].to_vec();
        reseal(&mut cut);
        assert!(verify_bytes(&cut, &Limits::default()).is_err(), "truncated to {len}");
    }
    for extra in [0u8, 1, 4, 200] {
        let mut long = bytes.clone();
        long.push(extra);
        reseal(&mut long);
        assert!(verify_bytes(&long, &Limits::default()).is_err(), "extended by {extra}");
    }
    let mut accepted = 0;
    for at in BODY..bytes.len() {
        for bit in 0..8 {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            reseal(&mut flipped);
            if let Ok(verdict) = verify(&flipped) {
                accepted += 1;
                assert_eq!(verdict.winning_openings, truth, "byte {at}, bit {bit}");
            }
        }
    }
    // Flips that keep a proof exist (another barrier, path or pair that still works) but are
    // few: most flips break the count, a path or the coverage.
    assert!(accepted < (bytes.len() - BODY) * 8 / 4, "{accepted} flips accepted");
}

#[test]
fn the_bounds_refuse_before_the_flags_exist() {
    let (n, valid) = sample();
    let bytes = openings_file(n, false, &valid);
    let verdict = verify(&bytes).unwrap();
    // The position bound: exactly the positions reported.
    let short = Limits { max_positions: verdict.positions - 1, ..Limits::default() };
    let text = verify_bytes(&bytes, &short).unwrap_err();
    assert!(matches!(text, Rejection::Limit { bound: Bound::Positions, .. }), "{text}");
    assert!(verify_bytes(
        &bytes,
        &Limits { max_positions: verdict.positions, ..Limits::default() }
    )
    .is_ok());
    // The memory bound: the pairs map and lists, then 9 bytes a number.
    let accepts =
        |max_memory| verify_bytes(&bytes, &Limits { max_memory, ..Limits::default() }).is_ok();
    let (mut low, mut least) = (0u64, 1u64 << 20);
    while low < least {
        let mid = (low + least) / 2;
        if accepts(mid) {
            least = mid;
        } else {
            low = mid + 1;
        }
    }
    let below = Limits { max_memory: least - 1, ..Limits::default() };
    let text = verify_bytes(&bytes, &below).unwrap_err();
    assert!(matches!(text, Rejection::Limit { bound: Bound::Memory, .. }), "{text}");
    // Exactly spec.md §4.4 and §4.10: the file, 640 bytes an entry, 85 a paired number, 16 a
    // listed number, 16 a number of a path and 128 more a path, then 9 a number of the board.
    let paths: usize = valid.paths.iter().map(|path| 8 + path.len()).sum();
    let listed = valid.losing.len() + valid.barrier.len();
    let file = bytes.len() as u64 + 640;
    let expected = file + 85 * 2 * valid.pairs.len() as u64 + 16 * (listed + paths) as u64 + 9 * n;
    assert_eq!(least, expected);
    // The work bound: listing every number's divisors and multiples.
    let general = |max_work| Limits { max_work, ..Limits::default() };
    let least_work =
        (0..1 << 16).find(|&work| verify_bytes(&bytes, &general(work)).is_ok()).unwrap();
    let listing: u64 =
        (1..=n).filter(|x| !valid.barrier.contains(x)).map(|x| x.isqrt() + n / x).sum();
    assert_eq!(least_work, listing);
    let text = verify_bytes(&bytes, &general(least_work - 1)).unwrap_err();
    assert!(matches!(text, Rejection::Limit { bound: Bound::Work, .. }), "{text}");
}

#[test]
fn a_large_board_is_refused_by_the_memory_bound_before_anything_is_allocated() {
    // n = 2^16: every even opening listed as losing, no pairs, an empty barrier: the check
    // would need 576 KiB of flags and a stack on top of the file and its list (about 580 KiB);
    // with 1 MiB allowed it is refused, not run.
    let n = 1u64 << 16;
    let losing: Vec<u64> = (1..=n / 2).map(|k| 2 * k).collect();
    let entry = Entry { losing, pairs: vec![], barrier: vec![], paths: vec![] };
    let bytes = certificate_of(n, false, false, &entry.bytes(n));
    let limits = Limits { max_memory: 1 << 20, ..Limits::default() };
    let rejection = verify_bytes(&bytes, &limits).unwrap_err();
    assert!(
        rejection.to_string().starts_with("memory limit: the barrier check needs"),
        "{rejection}"
    );
    // With room, it is rejected as a false proof: no pairs cannot be a maximum matching.
    let text = verify_bytes(&bytes, &Limits::default()).unwrap_err().to_string();
    assert!(text.contains("the barrier does not prove the matching maximum"), "{text}");
}

#[test]
fn every_pair_of_the_matching_must_be_a_move() {
    // A matching with a pair that is not a move is rejected even if the count would close.
    let n = 6;
    let entry = Entry {
        losing: vec![2, 4, 6],
        pairs: vec![(1, 2), (3, 4), (5, 6)],
        barrier: vec![],
        paths: vec![],
    };
    let text = reason(&certificate_of(n, false, false, &entry.bytes(n)));
    assert!(text.contains("pair (3, 4): 4 is not a multiple of 3"), "{text}");
}

#[test]
fn malformed_lists_and_entries_are_rejected_at_their_byte() {
    let (n, valid) = sample();
    let body_at = |entry: &Entry| openings_file(n, false, entry);
    let mut reasons = Vec::new();
    // A barrier number twice, and a losing opening twice: the lists must strictly ascend.
    let mut twice = valid.clone();
    twice.barrier.insert(0, twice.barrier[0]);
    reasons.push(reason(&body_at(&twice)));
    let mut twice = valid.clone();
    twice.losing.insert(0, twice.losing[0]);
    reasons.push(reason(&body_at(&twice)));
    // A pair written the wrong way round: the pair list names its byte.
    let mut backwards = valid.clone();
    let (a, b) = backwards.pairs[1];
    backwards.pairs[1] = (b, a);
    reasons.push(reason(&body_at(&backwards)));
    // A win-pairing entry (tag 0) after the barrier entry whose opening is 0.
    let mut body = valid.bytes(n);
    let at = BODY + body.len();
    body.extend([0, 0, 0]);
    let text = reason(&certificate_of(n, false, true, &body));
    assert!(text.starts_with(&format!("body at byte {}: opening is 0", at + 1)), "{text}");
    reasons.push(text);
    insta::assert_snapshot!(reasons.join("\n"));
}

#[test]
fn the_lists_are_charged_to_the_memory_bound_before_they_are_read() {
    // 2^16: the losing list alone is 32 768 numbers, 524 288 bytes at 16 a number. With less
    // than that allowed, it is refused as it is read, before the pairs or the check.
    let n = 1u64 << 16;
    let losing: Vec<u64> = (1..=n / 2).map(|k| 2 * k).collect();
    let entry = Entry { losing, pairs: vec![], barrier: vec![], paths: vec![] };
    let bytes = certificate_of(n, false, false, &entry.bytes(n));
    // The file and the entry (640 bytes) are charged first.
    let file = bytes.len() as u64 + 640;
    for (allowed, refused) in [(524_287, true), (524_288, false)] {
        let limits = Limits { max_memory: file + allowed, ..Limits::default() };
        let text = verify_bytes(&bytes, &limits).unwrap_err().to_string();
        let expected = "memory limit: the losing openings needs 524288 bytes, 524287 are left";
        assert_eq!(text.starts_with(expected), refused, "{allowed}: {text}");
    }
    // Decoding charges the file, the entry (640 bytes), the pairs (85 bytes a paired number)
    // and every list (16 a number; and 128 more a path) in file order:
    // one byte short of all of it, the last path is refused.
    let (n, valid) = sample();
    let file = openings_file(n, false, &valid);
    let paths: usize = valid.paths.iter().map(|path| 8 + path.len()).sum();
    let listed = valid.losing.len() + valid.barrier.len();
    let held = file.len() as u64 + 640 + 85 * 2 * valid.pairs.len() as u64;
    let held = held + 16 * (listed + paths) as u64;
    let last = 16 * (8 + valid.paths.last().unwrap().len() as u64);
    let limits = Limits { max_memory: held - 1, ..Limits::default() };
    let text = verify_bytes(&file, &limits).unwrap_err().to_string();
    let expected = format!("memory limit: a path needs {last} bytes, {} are left", last - 1);
    assert!(text.starts_with(&expected), "{text}");
}

#[test]
fn the_charges_count_numbers_not_bytes_at_every_width() {
    // n = 300: two bytes a number. The charges are 16 bytes a number of a list or a path and
    // 128 more a path, whatever the width; each is refused one byte short (after the file and
    // the entry's 640 bytes), before the entry is checked at all.
    let n = 300;
    let losing = Entry { losing: vec![2, 4], pairs: vec![], barrier: vec![], paths: vec![] };
    let path = Entry { losing: vec![], pairs: vec![], barrier: vec![], paths: vec![vec![1, 2, 3]] };
    for (entry, expected) in [
        (losing, "memory limit: the losing openings needs 32 bytes, 31 are left"),
        (path, "memory limit: a path needs 176 bytes, 175 are left"),
    ] {
        let bytes = certificate_of(n, false, true, &entry.bytes(n));
        let needed: u64 = expected.split(' ').find_map(|word| word.parse().ok()).unwrap();
        let first = bytes.len() as u64 + 640;
        let limits = Limits { max_memory: first + needed - 1, ..Limits::default() };
        let text = verify_bytes(&bytes, &limits).unwrap_err().to_string();
        assert!(text.starts_with(expected), "{text}");
    }
}
