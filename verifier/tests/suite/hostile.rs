//! Hostile inputs (spec.md §4.4): no file makes the verifier hold more than its memory bound
//! plus a constant, or work past its work bound, and a bound reached is a refusal (exit 3),
//! never a verdict. The binary runs under an address-space limit, so an allocation past it
//! would abort the process and fail the test.

use crate::common::*;
use jg_verify::{verify_bytes, Bound, Limits, Rejection};
use std::path::Path;
use std::process::Command;

/// Address space allowed to the verifier process, in KiB: the default memory bound (1 GiB) and
/// the process's own constant.
const ADDRESS_SPACE_KIB: u64 = (1 << 20) + PROCESS_KIB;

/// Runs `jg-verify ARGS PATH` under both an address-space limit (KiB) and a CPU limit
/// (seconds): (stdout, exit code), or None when the process was killed or aborted (an
/// allocation refused by the address-space limit aborts it).
fn run_bounded(path: &Path, args: &[&str], kib: u64, seconds: u64) -> Option<(String, i32)> {
    let script = format!("ulimit -v {kib}; ulimit -t {seconds}; exec \"$0\" \"$@\"");
    let output = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_jg-verify")])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    Some((String::from_utf8(output.stdout).unwrap(), output.status.code()?))
}

/// Runs `jg-verify ARGS PATH` under the address-space limit: (stdout, exit code).
fn run_limited(path: &Path, args: &[&str]) -> (String, i32) {
    run_bounded(path, args, ADDRESS_SPACE_KIB, 600).expect("killed or aborted")
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
    // Listing the 10^10 openings costs 2·10^10 steps (spec.md §4.4), past the default bound; a
    // position bound below 10^10 refuses them before the work is looked at; with both large
    // enough, the first opening has no partner.
    let refused = [
        (
            vec![],
            3,
            "refused: work limit: the openings on 1..20000000000 take 20000000000 steps, \
             3000000000 left (at the start); raise it with --max-work",
        ),
        (
            vec!["--max-positions", "1000000000"],
            3,
            "refused: position limit: more than 1000000000 numbers, for the 10000000000 openings \
             (at the start); raise it with --max-positions",
        ),
        (
            vec!["--max-work", "100000000000"],
            1,
            "invalid: no pair holds 2, the loser's move at the start",
        ),
    ];
    for (args, expected, text) in refused {
        let (out, code) = run_limited(&path, &args);
        assert_eq!(code, expected, "{out}");
        assert!(out.contains(text), "{out}");
    }
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
    // The file itself is charged first (spec.md §4.4), then the map before it is made.
    let file = bytes.len() as u64;
    let limits = Limits { max_memory: file - 1, ..Limits::default() };
    let text = verify_bytes(&bytes, &limits).expect_err("over the bound").to_string();
    assert!(text.starts_with(&format!("memory limit: the file needs {file} bytes")), "{text}");
    let limits = Limits { max_memory: file + (1 << 20), ..Limits::default() };
    let rejection = verify_bytes(&bytes, &limits).expect_err("over the bound");
    let text = rejection.to_string();
    assert!(matches!(rejection, Rejection::Limit { bound: Bound::Memory, .. }), "{text}");
    let expected = "memory limit: a map of 200000 pairs needs 34000000 bytes, 1048576 are left";
    assert!(text.starts_with(expected), "{text}");
    // With room for the pairs, the refusal moves on to the openings (second-player claim).
    let text = verify_bytes(&bytes, &Limits { max_memory: 1 << 30, ..Limits::default() })
        .expect_err("the openings of 1..2^40")
        .to_string();
    assert!(
        text.contains(
            "position limit: more than 20000000000 numbers, for the 549755813888 openings"
        ),
        "{text}"
    );
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
    // spec.md §4.4: the file, 85 bytes a paired number, and the closure's tables made at once
    // for every paired number and one more, 128 bytes each: the least bound that accepts a
    // closed pairing, whatever the size of its closure.
    let mut game = Game::new(24, false);
    let (opening, pairs) = game.pairing_strategy();
    let bytes = certificate(24, false, game.first_wins(), 2, &pairing_body(24, opening, &pairs));
    let closure = verify_bytes(&bytes, &Limits::default()).expect("closed for n = 24").positions;
    assert!(closure < 2 * pairs.len() as u64, "some paired number is outside the closure");
    let memory = least_bound(
        &bytes,
        |max_memory| Limits { max_memory, ..Limits::default() },
        "memory limit",
    );
    let paired = 2 * pairs.len() as u64;
    assert_eq!(memory, bytes.len() as u64 + 85 * paired + 128 * (paired + 1));
}

#[test]
fn the_memory_bound_is_exact_at_its_boundary() {
    // n = 2, second player, pair (1, 2): the closure is {2} (1's only other neighbour is 2).
    // spec.md §4.4: the file, one pair of 170 bytes, the closure's tables for the two paired
    // numbers and one more, 128 bytes each: that many bytes are enough, one fewer is not.
    let bytes = certificate(2, false, false, 2, &pairing_body(2, None, &[(1, 2)]));
    let memory = least_bound(
        &bytes,
        |max_memory| Limits { max_memory, ..Limits::default() },
        "memory limit",
    );
    assert_eq!(memory, bytes.len() as u64 + 170 + 3 * 128);
    // The positions too: its one opening is its closure, so a bound of one position is enough
    // (the openings alone do not exceed it), and none is not.
    let positions = |max_positions| Limits { max_positions, ..Limits::default() };
    assert_eq!(least_bound(&bytes, positions, "position limit"), 1);
}

/// Runs `jg-verify ARGS PATH` with one second of CPU time (`ulimit -t 1`): (stdout, exit code),
/// or None when the process was killed for using more.
fn run_within_a_second(path: &Path, args: &[&str]) -> Option<(String, i32)> {
    run_bounded(path, args, 1 << 30, 1)
}

/// Issue 39: chain-900.txt with 10^6 extra `t 0` rows in its leaf (4 MB) is still valid, and
/// took 5.6 s when each row cost a pass over every variable. A `t` row costs one step now
/// (spec.md §6.3): the work figure grows by exactly 10^6, and the check takes well under a
/// second of CPU (the old one, about 7 s, would be killed by the one-second limit).
#[test]
fn a_million_t_rows_cost_a_step_each_and_well_under_a_second() {
    use jg_verify::chain::check_within;
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/chains");
    let text = std::fs::read_to_string(folder.join("chain-900.txt")).unwrap();
    let rows = 1_000_000;
    let padded =
        text.replacen("leaf 1006\n", &format!("leaf {}\n{}", 1006 + rows, "t 0\n".repeat(rows)), 1);
    assert_eq!(padded.len(), text.len() + 4 * rows + 3, "one leaf line changed");
    let work = |text: &str| {
        let (mut low, mut high) = (0u64, 1 << 40);
        while low + 1 < high {
            let middle = low + (high - low) / 2;
            let limits = Limits { max_work: middle, ..Limits::default() };
            match check_within(text.as_bytes(), &limits) {
                Ok(_) => high = middle,
                Err(refusal) => {
                    (low, _) = (middle, assert!(refusal.to_string().starts_with("work limit")))
                }
            }
        }
        high
    };
    let padded_work = work(&text) + rows as u64;
    for (max_work, accepted) in [(padded_work, true), (padded_work - 1, false)] {
        let limits = Limits { max_work, ..Limits::default() };
        assert_eq!(check_within(padded.as_bytes(), &limits).is_ok(), accepted, "{max_work}");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chain-900-padded.txt");
    std::fs::write(&path, &padded).unwrap();
    let (out, code) = run_within_a_second(&path, &[]).expect("killed after a second of CPU");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(": valid: a longest chain of 1..900 has 605 numbers"), "{out}");
    // Under a work bound below the rows, the same file is refused, not judged.
    let bound = (work(&text) + rows as u64 / 2).to_string();
    let (out, code) = run_within_a_second(&path, &["--max-work", &bound]).expect("killed");
    assert_eq!(code, 3, "{out}");
    assert!(out.contains(": refused: work limit: a row takes 1 steps, 0 left"), "{out}");
}

/// `read_bounded` (the reader of `jg-verify` and of any other front end) hands `verify_bytes`
/// bytes on which it decides exactly as on the whole input, and never reads past what it needs:
/// an endless stream that is no certificate is read up to its first 1100 bytes, and an input
/// longer than the memory bound is refused after one byte more than the bound.
#[test]
fn the_bounded_reader_decides_as_the_whole_input_would() {
    use jg_verify::read_bounded;
    use std::io::Read as _;
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates");
    let valid = std::fs::read(folder.join("cert-117.bin")).unwrap();
    let chain = std::fs::read(folder.join("chains/chain-30.txt")).unwrap();
    let mut huge_body_len = valid.clone();
    let g = valid[32] as usize; // the generator's length, below 256
    huge_body_len[40 + g..48 + g].copy_from_slice(&u64::MAX.to_le_bytes());
    let inputs = [
        valid.clone(),
        [&valid[..], &[7]].concat(),
        [&valid[..], &[7; 4096]].concat(),
        [&valid[..], &[7; 4097]].concat(),
        [&valid[..], &vec![7; 1 << 20]].concat(),
        valid[..valid.len() - 1].to_vec(),
        valid[..50].to_vec(),
        huge_body_len,
        chain.clone(),
        [&chain[..], b" extra"].concat(),
        vec![0; 5000],
    ];
    for (i, input) in inputs.iter().enumerate() {
        let read = read_bounded(&input[..], &Limits::default()).unwrap().unwrap();
        assert!(read.len() <= input.len().min(valid.len() + 4097).max(1100).max(chain.len() + 6));
        let (whole, bounded) =
            (verify_bytes(input, &Limits::default()), verify_bytes(&read, &Limits::default()));
        assert_eq!(whole, bounded, "input {i}");
    }
    // An endless input: only the first bytes are read.
    let endless = std::io::repeat(0);
    assert_eq!(read_bounded(endless, &Limits::default()).unwrap().unwrap().len(), 1100);
    // Past the memory bound: refused, having read one byte more than the bound.
    let mut counted = (0u64, std::io::repeat(7).take(10 << 20));
    struct Counting<'a>(&'a mut (u64, std::io::Take<std::io::Repeat>));
    impl std::io::Read for Counting<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
            let read = self.0 .1.read(buffer)?;
            self.0 .0 += read as u64;
            Ok(read)
        }
    }
    let mut prefix = chain.clone();
    prefix.truncate(9);
    let stream = std::io::Read::chain(&prefix[..], Counting(&mut counted));
    let limits = Limits { max_memory: 1 << 20, ..Limits::default() };
    let refusal = read_bounded(stream, &limits).unwrap().unwrap_err().to_string();
    assert!(refusal.starts_with("memory limit: the file has more than 1048576 bytes"), "{refusal}");
    assert_eq!(counted.0 + 9, (1 << 20) + 1);
}

/// The verifier's own address space, with nothing read: about 8 MiB here; four times that.
const PROCESS_KIB: u64 = 32 << 10;

/// Issue 47: a 97-byte first-player closed pairing on n = 39 999 999 996 (opening 2, no pairs)
/// took 30 s and 5.4 GB before the memory bound refused it (1.7 s and 690 MB under a bound of
/// 1 GiB): the closure took in every move from 2 before it looked for their partners. Under
/// the default bounds its first listing alone (2·10^10 multiples) is refused by the work bound
/// before it starts; given the work, it is refuted at its first move, 1, which has no partner
/// (every number the closure takes in must have one), at once and within any memory bound.
#[test]
fn a_97_byte_pairing_with_no_pairs_is_decided_at_its_first_listing() {
    let n = 39_999_999_996;
    let bytes = certificate(n, false, true, 2, &pairing_body(n, Some(2), &[]));
    assert_eq!(bytes.len(), 80 + 14 + 16);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.bin");
    std::fs::write(&path, &bytes).unwrap();
    let (out, code) = run_bounded(&path, &[], (1 << 20) + PROCESS_KIB, 1).expect("killed");
    assert_eq!(code, 3, "{out}");
    let refused = "refused: work limit: the moves from 2 on 1..39999999996 take 19999999999 steps";
    assert!(out.contains(refused) && out.contains("--max-work"), "{out}");
    for mib in [1024, 16] {
        let bound = mib.to_string();
        let args = ["--max-work", "100000000000", "--max-memory-mib", &bound];
        let (out, code) =
            run_bounded(&path, &args, (mib << 10) + PROCESS_KIB, 1).expect("killed or aborted");
        assert_eq!(code, 1, "{mib} MiB: {out}");
        let refuted = "invalid: no pair holds 1, the loser's move after 2: the pairing gives";
        assert!(out.contains(refuted), "{mib} MiB: {out}");
    }
}

/// Issue 47: 3.3 million entries of three bytes (tag 0, opening 2, no pairs) on n = 255, 10 MB,
/// peaked at 507 MB under `--max-memory-mib 16`: the decoded entries were charged nothing. Each
/// is charged now (spec.md §4.4), so the file is refused within its bound (the file counted in
/// it) plus the process's own constant; and a file of entries that fits is decoded within that.
#[test]
fn the_entries_of_an_openings_body_are_charged_as_they_are_decoded() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("entries.bin");
    for (entries, mib, expected) in [(3_300_000, 16, 3), (100_000, 64, 1), (100_000, 16, 3)] {
        let body = [0u8, 2, 0].repeat(entries);
        std::fs::write(&path, certificate(255, false, true, 4, &body)).unwrap();
        let bound = mib.to_string();
        let kib = (mib << 10) + PROCESS_KIB;
        let (out, code) = run_bounded(&path, &["--max-memory-mib", &bound], kib, 2)
            .unwrap_or_else(|| panic!("{entries} entries under {mib} MiB: killed or aborted"));
        assert_eq!(code, expected, "{entries} entries under {mib} MiB: {out}");
        let verdict = ["", "2 is named twice", "", "refused: memory limit"][expected as usize];
        assert!(out.contains(verdict), "{entries} entries under {mib} MiB: {out}");
        // A refusal names the option that raises its bound; an invalid file names none.
        let raise = out.contains("; raise it with --max-memory-mib\n");
        assert_eq!(raise, expected == 3, "{entries} entries under {mib} MiB: {out}");
    }
}

/// The numbers of H for chain-900's graph (spec.md §6.2): of the numbers whose one neighbour
/// is 1 (the primes above 450), only the largest stays.
fn reduced_900() -> Vec<u64> {
    let prime = |p: u64| p > 1 && (2..p).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d));
    let lone: Vec<u64> = (451..=900).filter(|&p| prime(p)).collect();
    (1..=900).filter(|v| !lone.contains(v) || Some(v) == lone.last()).collect()
}

/// Issue 47: chain-900 plus one cut holding every number of H and 10^6 rows `c 96 0` (7 MB)
/// was valid after 4.6 s, 6 144 steps a row. A row may appear once in a leaf (spec.md §6.3),
/// so a leaf's rows cost at most its graph and its cuts once: refused at the second row.
#[test]
fn a_row_repeated_in_a_leaf_is_refused_at_its_second_appearance() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/chains");
    let text = std::fs::read_to_string(folder.join("chain-900.txt")).unwrap();
    let numbers = reduced_900();
    assert_eq!(numbers.len(), 834);
    let all: Vec<String> = numbers.iter().map(u64::to_string).collect();
    let cut = format!("cut 1 {} {}\ntree\n", all.len(), all.join(" "));
    let rows = 1_000_000;
    let padded = text.replacen("cuts 96\n", "cuts 97\n", 1).replacen("tree\n", &cut, 1).replacen(
        "leaf 1006\n",
        &format!("leaf {}\n{}", 1006 + rows, "c 96 0\n".repeat(rows)),
        1,
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chain-900-repeated.txt");
    std::fs::write(&path, &padded).unwrap();
    let (out, code) = run_bounded(&path, &[], 1 << 20, 1).expect("killed after a second of CPU");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("invalid chain certificate: leaf 1: the row `c 96` appears twice"),
        "{out}"
    );
    // Once, it is the valid proof it was (its multiplier 0 changes nothing).
    let once = text.replacen("cuts 96\n", "cuts 97\n", 1).replacen("tree\n", &cut, 1).replacen(
        "leaf 1006\n",
        "leaf 1007\nc 96 0\n",
        1,
    );
    std::fs::write(&path, &once).unwrap();
    let (out, code) = run_bounded(&path, &[], 1 << 20, 1).expect("killed after a second of CPU");
    assert_eq!(code, 0, "{out}");
}

/// Issue 47: 97 bytes, a first-player pairing on n = 2^64 − 1 opening at 2^64 − 2, took 13 s
/// of trial division under the defaults. The default work bound (spec.md §4.4) refuses it at
/// once, naming the option that would allow it.
#[test]
fn the_default_work_bound_refuses_a_listing_of_2_to_the_32_divisions_at_once() {
    let n = u64::MAX;
    let bytes = certificate(n, false, true, 2, &pairing_body(n, Some(n - 1), &[]));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.bin");
    std::fs::write(&path, &bytes).unwrap();
    let (out, code) = run_bounded(&path, &[], 1 << 20, 1).expect("killed after a second of CPU");
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("refused: work limit: the moves from 18446744073709551614"), "{out}");
    assert!(out.contains("--max-work"), "{out}");
}

/// Issue 57: a raised stop flag (`Limits::stop`, which `jg serve` raises at a request's time
/// limit) refuses the check at its next listing: a valid certificate, a chain certificate and an
/// openings certificate are refused for work, never valid; the same files with the flag down
/// are valid.
#[test]
fn a_raised_stop_flag_refuses_every_check_and_never_accepts() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates");
    let raised = Limits::default();
    raised.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for name in ["cert-117.bin", "cert-2.bin", "openings/cert-200-openings.bin"] {
        let bytes = std::fs::read(folder.join(name)).unwrap();
        assert!(verify_bytes(&bytes, &Limits::default()).is_ok(), "{name}");
        match verify_bytes(&bytes, &raised) {
            Err(Rejection::Limit { what, .. }) => {
                assert_eq!(what, "work limit: the check was stopped", "{name}")
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let chain = std::fs::read(folder.join("chains/chain-10.txt")).unwrap();
    assert!(jg_verify::chain::check_within(&chain, &Limits::default()).is_ok());
    let refused = jg_verify::chain::check_within(&chain, &raised).unwrap_err().to_string();
    assert!(refused.contains("the check was stopped"), "{refused}");
}

/// Issue 57: a listing of 2.9·10^9 trial divisions (an opening near 8.4·10^18, within the
/// default work bound: seconds of CPU) is stopped within it when the flag is raised 100 ms in,
/// not at its end: four such uploads kept a server's CPU busy 25 s past their answers. The time
/// bound, 3 s, is 30 times what the stop takes (2^22 divisions) and half what the listing takes
/// alone on the project's machine, loaded or not.
#[test]
fn a_stop_raised_during_a_long_listing_ends_it_within_it() {
    let n = 8_400_000_000_000_000_000u64;
    let bytes = certificate(n, false, true, 2, &pairing_body(n, Some(n), &[]));
    let limits = Limits::default();
    let flag = limits.stop.clone();
    let started = std::time::Instant::now();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let verdict = verify_bytes(&bytes, &limits);
    let took = started.elapsed();
    raiser.join().unwrap();
    match verdict {
        Err(Rejection::Limit { what, .. }) => assert!(what.contains("stopped"), "{what}"),
        other => panic!("{other:?}"),
    }
    assert!(took < std::time::Duration::from_secs(3), "stopped after {took:?}");
}
