//! Issue 39's hostile closed pairing, built here (not committed): the maximum matching that
//! `jg certify N --openings` writes (its matching-and-barrier entry, spec.md §3.4), swapped along
//! its first alternating path and written as a first-player closed pairing (kind 2, §3.2) for
//! the opening that path ends at. At this size its closure fails after hundreds of numbers with
//! a line of play of hundreds of numbers; the verifier used to rebuild that line for every
//! number it took from the closure, which cost 27 s of CPU for n = 2·10^5 (docs/benchmarks-history.md,
//! "Hostile inputs of issue 39"). The line is now built once, for the rejection: the check runs
//! here under a limit of one second of CPU, and prints the line's length and ends only.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// `jg ARGS` with at most one second of CPU time (`ulimit -t 1`): (stdout, exit code), or None
/// when it was killed for using more.
fn jg_within_a_second(args: &[&str]) -> Option<(String, i32)> {
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -t 1; exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_jg"),
        ])
        .args(args)
        .output()
        .unwrap();
    let code = output.status.code()?;
    Some((String::from_utf8(output.stdout).unwrap(), code))
}

/// The little-endian number of `width` bytes at `at`.
fn number(bytes: &[u8], at: usize, width: usize) -> u64 {
    bytes[at..at + width]
        .iter()
        .rev()
        .fold(0, |value, &byte| value << 8 | u64::from(byte))
}

/// A kind 2 certificate (spec.md §2, §3.2): first player, even opening, these canonical pairs.
fn closed_pairing(n: u64, opening: u64, pairs: &[(u64, u64)]) -> Vec<u8> {
    let width = 4; // n < 2^32
    let mut body = opening.to_le_bytes()[..width].to_vec();
    body.extend(&(pairs.len() as u64).to_le_bytes()[..width]);
    for &(a, b) in pairs {
        body.extend(&a.to_le_bytes()[..width]);
        body.extend(&b.to_le_bytes()[..width]);
    }
    let generator = b"issue 39 test";
    let mut bytes = b"JUNIPERG".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend(n.to_le_bytes());
    bytes.extend([0u32, 0, 2].iter().flat_map(|field| field.to_le_bytes()));
    bytes.extend((generator.len() as u64).to_le_bytes());
    bytes.extend(generator);
    bytes.extend((body.len() as u64).to_le_bytes());
    bytes.extend(blake3::hash(&body).as_bytes());
    bytes.extend(body);
    bytes
}

#[test]
fn the_swapped_matching_of_n_200000_is_refuted_within_a_second() {
    let n = 200_000u64;
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.bin");
    let status = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["-q", "certify", &n.to_string(), "--openings", "-o"])
        .arg(&openings)
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = std::fs::read(&openings).unwrap();
    let (w, mut at) = (4, 80 + number(&bytes, 32, 8) as usize);
    assert_eq!(bytes[at], 4, "one matching-and-barrier entry");
    at += 1;
    at += w * (1 + number(&bytes, at, w) as usize); // the losing openings
    let count = number(&bytes, at, w) as usize;
    let mut partner = HashMap::new();
    for i in 0..count {
        let a = number(&bytes, at + w * (1 + 2 * i), w);
        let b = number(&bytes, at + w * (2 + 2 * i), w);
        partner.extend([(a, b), (b, a)]);
    }
    at += w * (1 + 2 * count);
    at += w * (1 + number(&bytes, at, w) as usize); // the barrier
    let len = number(&bytes, at + w, w) as usize; // the first path
    let path: Vec<u64> = (0..len)
        .map(|i| number(&bytes, at + w * (2 + i), w))
        .collect();
    for step in path[1..].chunks(2) {
        partner.remove(&step[0]);
        partner.remove(&step[1]);
    }
    for step in path.chunks(2).filter(|step| step.len() == 2) {
        partner.extend([(step[0], step[1]), (step[1], step[0])]);
    }
    let mut pairs: Vec<(u64, u64)> = partner.into_iter().filter(|(a, b)| a < b).collect();
    pairs.sort();
    let swapped = dir.path().join("swapped.bin");
    std::fs::write(&swapped, closed_pairing(n, path[len - 1], &pairs)).unwrap();
    let swapped = swapped.to_str().unwrap();

    let (out, code) = jg_within_a_second(&["verify", swapped]).expect("killed after 1 s of CPU");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(": invalid: no pair holds "),
        "the pairing fails where the loser names an unpaired number: {out}"
    );
    // The line: its first 4 and last 4 numbers and its length, not the whole line.
    let (_, tail) = out
        .split_once(" (a line of ")
        .expect("a long line is summed up");
    let length: usize = tail.split(' ').next().unwrap().parse().unwrap();
    assert!(length > 100, "{out}");
    let (_, after) = out.split_once(", the loser's move after ").unwrap();
    let shown = after.split(" (a line of ").next().unwrap();
    assert_eq!(
        shown.split(' ').count(),
        9,
        "4 numbers, …, 4 numbers: {out}"
    );
    // On request, the whole line, under the same limit.
    let (whole, code) = jg_within_a_second(&["verify", "--whole-line", swapped]).expect("killed");
    assert_eq!(code, 1);
    let (_, after) = whole.split_once(", the loser's move after ").unwrap();
    let line = after.split(": the pairing").next().unwrap();
    assert_eq!(line.split(' ').count(), length, "{whole}");
    assert!(Path::new(swapped).exists());
}

/// Issue 47: the scheme `jg certify 18446744073709551615` writes, recast as an interval
/// (version 2, kind 3, spec.md §3.3) with n = n_last = 2^64 − 1, is a true claim: every number
/// the winner plays has no multiple but itself up to n_last. It was refused as "too wide",
/// since 2y saturated to 2^64 − 1 ≤ n_last for every y > 2^63.
#[test]
fn the_interval_of_the_single_board_2_to_the_64_minus_1_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("cert-max.bin");
    let status = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["certify", "18446744073709551615", "-q", "-o"])
        .arg(&single)
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = std::fs::read(&single).unwrap();
    assert_eq!(
        (number(&bytes, 8, 4), number(&bytes, 28, 4)),
        (2, 2),
        "version 2, kind 2"
    );
    let start = 80 + number(&bytes, 32, 8) as usize;
    let body = &bytes[start..];
    // The witness section (spec.md §3.5): count, then p, a, k and k factors, 8 bytes each.
    let mut end = 8;
    for _ in 0..number(body, 0, 8) {
        end += 24 + 8 * number(body, end + 16, 8) as usize;
    }
    let interval_body = [&body[..end], &u64::MAX.to_le_bytes(), &body[end..]].concat();
    let mut interval = bytes[..start - 40].to_vec();
    interval[28..32].copy_from_slice(&3u32.to_le_bytes());
    interval.extend((interval_body.len() as u64).to_le_bytes());
    interval.extend(blake3::hash(&interval_body).as_bytes());
    interval.extend(&interval_body);
    let path = dir.path().join("cert-interval-max.bin");
    std::fs::write(&path, &interval).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{out}");
    assert!(
        out.contains(": valid: n=18446744073709551615, first player wins,"),
        "{out}"
    );
}
