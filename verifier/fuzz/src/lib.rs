//! The fuzz targets of `jg_verify` and their soundness oracle. Each target may panic only when
//! the verifier does something it must never do: panic, disagree with itself, or accept a
//! claim that the published results contradict. The same functions replay the committed corpus
//! in the verifier's test suite on stable (tests/suite/fuzz_replay.rs includes this file).
//!
//! - `verify_fixed`: the input as a certificate whose header is made to fit its body (body_len
//!   and BLAKE3 set after each mutation), so that mutants reach the checks of spec.md §4;
//! - `verify_raw`: the input as it is, and through `read_bounded` (the two must agree);
//! - `chain`: the input as a chain certificate (spec.md §6).
//!
//! The oracle: an accepted claim under the even opening agrees with the results table for
//! n ≤ 2000 (`SECOND`) and, for an openings certificate, with the winning openings of
//! certificates/openings/MANIFEST.tsv for n ≤ 1000; under the free opening, with a brute-force
//! minimax for n ≤ 10 and with "the first player wins" above (two primes in (n/2, n] exist for
//! every n ≥ 11, and opening with one wins: docs/MATH.md); an accepted chain certificate's
//! length agrees with the b-file certificates/chains/a337125.txt for n ≤ 1000.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

use jg_verify::chain::check_within;
use jg_verify::{read_bounded, verify_bytes, Limits, OpeningRule, Verdict, Winner};
use std::collections::HashMap;

/// The n ≤ 2000 where the second player wins (even opening): README, "Results", pinned by the
/// results table (the replay test compares the two).
pub const SECOND: [u64; 44] = [
    1, 2, 4, 5, 6, 7, 9, 10, 11, 15, 18, 19, 21, 22, 23, 25, 26, 28, 29, 32, 35, 42, 43, 45, 46,
    47, 51, 54, 56, 72, 73, 74, 76, 78, 79, 81, 82, 83, 85, 86, 92, 110, 117, 118,
];

/// `n\twinning openings\tbytes\tblake3` for n = 1..1000 (even opening).
const OPENINGS: &str = include_str!("../../../certificates/openings/MANIFEST.tsv");
/// `n a(n)`, the longest chain of 1..n, for n = 1..1000.
const CHAINS: &str = include_str!("../../../certificates/chains/a337125.txt");

/// Small bounds: every execution stays short, and a bound reached is a refusal, not a finding.
pub fn limits() -> Limits {
    Limits {
        max_positions: 1_000_000,
        max_memory: 64 << 20,
        max_work: 10_000_000,
        ..Limits::default()
    }
}

/// `verify_fixed`: sets the header's body_len and body BLAKE3 to those of the bytes after the
/// header (when the generator length leaves a header of 80..=280 bytes), then checks.
pub fn verify_fixed(data: &[u8]) {
    let mut bytes = data.to_vec();
    let generator = bytes.get(32..40).map(|g| u64::from_le_bytes(g.try_into().unwrap()));
    if let Some(len) = generator.filter(|&g| g <= 200).map(|g| 80 + g as usize) {
        if bytes.len() >= len {
            let body_len = (bytes.len() - len) as u64;
            let hash = *blake3::hash(&bytes[len..]).as_bytes();
            bytes[len - 40..len - 32].copy_from_slice(&body_len.to_le_bytes());
            bytes[len - 32..len].copy_from_slice(&hash);
        }
    }
    let _ = check(&bytes);
}

/// `verify_raw`: checks the bytes as they are, and through the bounded reader: both readings
/// must give the same answer.
pub fn verify_raw(data: &[u8]) {
    let direct = check(data);
    match read_bounded(data, &limits()) {
        Ok(Ok(read)) => assert_eq!(verify_bytes(&read, &limits()), direct, "read_bounded differs"),
        Ok(Err(refusal)) => panic!("read_bounded refused {} bytes: {refusal}", data.len()),
        Err(error) => panic!("reading from memory failed: {error}"),
    }
}

/// `chain`: checks the bytes as a chain certificate; an accepted one must state a(n).
pub fn chain(data: &[u8]) {
    match check_within(data, &limits()) {
        Ok(verdict) => {
            let _ = verdict.to_string();
            let line =
                CHAINS.lines().find(|line| line.split(' ').next() == Some(&*verdict.n.to_string()));
            if let Some(line) = line {
                let length = line.split(' ').nth(1).and_then(|a| a.parse().ok());
                assert_eq!(Some(verdict.length), length, "false chain claim: {verdict}");
            }
        }
        Err(rejection) => {
            let _ = rejection.to_string();
        }
    }
}

/// Checks a certificate: a rejection prints both ways; an accepted claim must be true.
fn check(bytes: &[u8]) -> Result<Verdict, jg_verify::Rejection> {
    let result = verify_bytes(bytes, &limits());
    match &result {
        Ok(verdict) => oracle(verdict),
        Err(rejection) => {
            let _ = (rejection.to_string(), format!("{rejection:#}"));
        }
    }
    result
}

/// Panics when an accepted verdict contradicts what is known (see the module's text).
pub fn oracle(verdict: &Verdict) {
    let _ = verdict.to_string();
    let free = verdict.opening_rule == OpeningRule::Free;
    for n in verdict.n..=verdict.n_last.min(verdict.n.saturating_add(2000)) {
        let first = match free {
            false if n <= 2000 => !SECOND.contains(&n),
            false => continue,
            true if n <= 10 => !winning_openings(n, true).is_empty(),
            true => true,
        };
        assert_eq!(verdict.winner == Winner::First, first, "false claim accepted: {verdict}");
    }
    let Some(openings) = &verdict.winning_openings else { return };
    let n = verdict.n;
    let known = match free {
        true if n <= 10 => winning_openings(n, true),
        false if n <= 1000 => {
            let row = OPENINGS.lines().find(|row| row.split('\t').next() == Some(&*n.to_string()));
            let list = row.and_then(|row| row.split('\t').nth(1)).expect("a row for every n");
            list.split(' ').filter(|&word| word != "none").map(|w| w.parse().unwrap()).collect()
        }
        _ => return,
    };
    assert_eq!(openings, &known, "false openings accepted: {verdict}");
}

/// The winning openings of 1..n (n ≤ 10) by brute force over the raw rules.
pub fn winning_openings(n: u64, free: bool) -> Vec<u64> {
    // Whether the player to move wins after `last`, with `played` as a bit set.
    fn wins(n: u64, played: u32, last: u64, memo: &mut HashMap<(u32, u64), bool>) -> bool {
        if let Some(&known) = memo.get(&(played, last)) {
            return known;
        }
        let moves = (1..=n).filter(|&x| played & 1 << x == 0 && (x % last == 0 || last % x == 0));
        let result =
            moves.collect::<Vec<_>>().into_iter().any(|x| !wins(n, played | 1 << x, x, memo));
        memo.insert((played, last), result);
        result
    }
    let mut memo = HashMap::new();
    let openings = (1..=n).filter(|&x| free || x % 2 == 0);
    openings.filter(|&x| !wins(n, 1 << x, x, &mut memo)).collect()
}
