//! Hostile inputs (spec.md §4.4): no file makes the verifier hold more than its memory bound
//! plus a constant, or work past its work bound, and a bound reached is a refusal (exit 3),
//! never a verdict. The binary runs under an address-space limit, so an allocation past it
//! would abort the process and fail the test.

use crate::common::*;
use jg_verify::{verify_bytes, Limits, Rejection};
use std::path::Path;
use std::process::Command;

/// Address space allowed to the verifier process, in KiB (far below the default 8 GiB bound).
const ADDRESS_SPACE_KIB: u64 = 1 << 20;

/// Runs `jg-verify ARGS PATH` under the address-space limit: (stdout, exit code).
fn run_limited(path: &Path, args: &[&str]) -> (String, i32) {
    let script = format!("ulimit -v {ADDRESS_SPACE_KIB}; exec \"$0\" \"$@\"");
    let output = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_jg-verify")])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    let code = output.status.code().unwrap_or_else(|| panic!("killed: {output:?}"));
    (String::from_utf8(output.stdout).unwrap(), code)
}

fn with_kind(mut bytes: Vec<u8>, kind: u32) -> Vec<u8> {
    bytes[28..32].copy_from_slice(&kind.to_le_bytes());
    bytes
}

#[test]
fn a_97_byte_closed_pairing_for_a_huge_board_is_refused_at_once() {
    // Kind 2, second player, n = 2·10^10, no pairs: header (generator of 1 byte) + 16 bytes.
    let body = pairing_body(20_000_000_000, None, &[]);
    let mut bytes = b"JUNIPERG".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend(20_000_000_000u64.to_le_bytes());
    bytes.extend([0u32, 1, 2].iter().flat_map(|x| x.to_le_bytes()));
    bytes.extend(1u64.to_le_bytes());
    bytes.push(b'x');
    bytes.extend((body.len() as u64).to_le_bytes());
    bytes.extend(blake3::hash(&body).as_bytes());
    bytes.extend(&body);
    assert_eq!(bytes.len(), 97);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.bin");
    std::fs::write(&path, &bytes).unwrap();
    let (out, code) = run_limited(&path, &[]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains(": refused: memory limit: the closure needs more than 8589934592 bytes, for the 10000000000 openings alone"), "{out}");
}

/// Tiny openings bodies (spec.md §3.4): a bare tag of each form, and a matching-and-barrier
/// entry with everything empty or naming one opening.
fn openings_bodies(n: u64) -> Vec<Vec<u8>> {
    let w = width(n);
    let zero = number_bytes(0, w);
    let one = number_bytes(1, w);
    let two = number_bytes(2, w);
    vec![
        vec![4],
        [vec![4], zero.clone(), zero.clone(), zero.clone(), zero.clone()].concat(),
        [vec![4], one.clone(), two.clone(), zero.clone(), zero.clone(), zero.clone()].concat(),
        [vec![4], zero.clone(), zero.clone(), zero.clone(), one.clone(), one, two.clone()].concat(),
        [vec![1], number_bytes(1, w), two, zero].concat(),
    ]
}

#[test]
fn the_largest_n_of_every_width_with_every_kind_and_claim_is_answered_within_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("case.bin");
    for n in [255, 65_535, (1 << 32) - 1, u64::MAX] {
        for kind in 0..=4u32 {
            for winner_first in [true, false] {
                let opening = winner_first.then_some(2);
                let bodies = [
                    vec![],
                    vec![2],
                    tree_body(n, &[2]),
                    pairing_body(n, opening, &[]),
                    pairing_body(n, opening, &[(1, 3)]),
                    [n.to_le_bytes().to_vec(), pairing_body(n, opening, &[(1, 3)])].concat(),
                ];
                for body in bodies.into_iter().chain(openings_bodies(n)) {
                    let bytes = with_kind(certificate(n, false, winner_first, 0, &body), kind);
                    std::fs::write(&path, &bytes).unwrap();
                    // Small bounds keep the run short; each answer is a verdict or a refusal.
                    let (out, code) = run_limited(&path, &["--max-work", "100000000"]);
                    assert!([0, 1, 3].contains(&code), "n={n} kind={kind}: {out}");
                    let refused = out.contains(": refused: ");
                    assert_eq!(code == 3, refused, "n={n} kind={kind}: {out}");
                }
            }
        }
    }
}

#[test]
fn a_huge_pairs_body_is_counted_against_the_memory_bound_before_it_is_read() {
    // 200 000 pairs of 8-byte numbers (n = 2^40): about 3 MB of body.
    let n = 1u64 << 40;
    let pairs: Vec<(u64, u64)> = (1..=200_000).map(|k| (2 * k - 1, 2 * k)).collect();
    let bytes = with_kind(certificate(n, false, false, 2, &pairing_body(n, None, &pairs)), 2);
    let limits = Limits { max_memory: 1 << 20, ..Limits::default() };
    let rejection = verify_bytes(&bytes, &limits).expect_err("over the bound");
    let text = rejection.to_string();
    assert!(matches!(rejection, Rejection::Limit { .. }), "{text}");
    assert!(text.starts_with("memory limit: 200000 pairs need more than 1048576 bytes"), "{text}");
    // With room for the pairs, the refusal moves on to the openings (second-player claim).
    let text = verify_bytes(&bytes, &Limits { max_memory: 1 << 30, ..Limits::default() })
        .expect_err("the openings of 1..2^40")
        .to_string();
    assert!(text.contains("for the 549755813888 openings alone"), "{text}");
}

/// The least value of a bound under which `bytes` is accepted: every smaller value refuses it
/// with `what`, every larger one accepts it (the accounting is exact and monotone).
fn least_bound(bytes: &[u8], set: impl Fn(u64) -> Limits, what: &str) -> u64 {
    let (mut low, mut high) = (0u64, 1u64 << 40);
    assert!(verify_bytes(bytes, &set(high)).is_ok());
    while low + 1 < high {
        let middle = low + (high - low) / 2;
        match verify_bytes(bytes, &set(middle)) {
            Ok(_) => high = middle,
            Err(rejection) => {
                assert!(rejection.to_string().contains(what), "{rejection}");
                low = middle;
            }
        }
    }
    for above in [high, high + 1, high * 2] {
        assert!(verify_bytes(bytes, &set(above)).is_ok());
    }
    high
}

#[test]
fn the_memory_and_work_bounds_are_exact_and_grow_with_the_proof() {
    let mut previous = (0, 0);
    for n in [8, 16, 24] {
        let (bytes, _, positions) = closed_certificate(&mut Game::new(n, false)).expect("closed");
        let memory = least_bound(
            &bytes,
            |max_memory| Limits { max_memory, ..Limits::default() },
            "memory limit",
        );
        let work =
            least_bound(&bytes, |max_work| Limits { max_work, ..Limits::default() }, "work limit");
        // Every closure number costs 101 bytes (spec.md §4.4), and listing the moves after each
        // partner expanded is charged (at least one step each).
        assert!(memory > 101 * positions && work >= positions / 2, "n={n}: {memory} {work}");
        assert!(memory > previous.0 && work > previous.1, "n={n}: {memory} {work} {previous:?}");
        previous = (memory, work);
    }
}

#[test]
fn the_closure_counts_the_memory_spec_md_states() {
    // spec.md §4.4: 85 bytes a paired number, 101 a closure number, 30 an expanded partner.
    // The least bound that accepts a closed pairing lies between the pairs plus the closure
    // numbers, and that plus every partner expanded (at most one per closure number).
    let mut game = Game::new(24, false);
    let (opening, pairs) = game.pairing_strategy();
    let bytes = certificate(24, false, game.first_wins(), 2, &pairing_body(24, opening, &pairs));
    let closure = verify_bytes(&bytes, &Limits::default()).expect("closed for n = 24").positions;
    let memory = least_bound(
        &bytes,
        |max_memory| Limits { max_memory, ..Limits::default() },
        "memory limit",
    );
    let (low, high) =
        (170 * pairs.len() as u64 + 101 * closure, 170 * pairs.len() as u64 + 131 * closure);
    assert!(low <= memory && memory <= high, "{low} <= {memory} <= {high}");
}

#[test]
fn the_memory_bound_is_exact_at_its_boundary() {
    // n = 2, second player, pair (1, 2): the closure is {2} (1's only other neighbour is 2).
    // spec.md §4.4: one pair is 170 bytes, one closure number 101: 271 bytes are enough, and
    // 270 are not (the openings check and the closure's own check agree on the boundary).
    let bytes = certificate(2, false, false, 2, &pairing_body(2, None, &[(1, 2)]));
    let memory = least_bound(
        &bytes,
        |max_memory| Limits { max_memory, ..Limits::default() },
        "memory limit",
    );
    assert_eq!(memory, 170 + 101);
}
