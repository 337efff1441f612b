//! Prime witnesses (version 2, spec.md §3.5, §4.11) written by this suite's own encoder: the
//! general scheme on the board 1..18446744073709551557 (the largest prime below 2^64), whose
//! closure lists the divisors of numbers near 2^64, with the Pratt certificates of its primes.
//! Accepted as written; each way of lying about a prime is rejected with its reason.

use crate::common::{certificate, pairing_body};
use jg_verify::{verify_bytes, Limits};

const N: u64 = 18_446_744_073_709_551_557;

/// p, a, the prime factors of p − 1 (products checked below, not trusted).
type Witness = (u64, u64, Vec<u64>);

fn witnesses() -> Vec<Witness> {
    vec![
        (5_594_472_617_641, 13, vec![2, 2, 2, 3, 5, 1427, 2131, 15331]),
        (7_395_411_258_929, 6, vec![2, 2, 2, 2, 7, 11, 6_002_768_879]),
        (6_148_914_691_236_516_943, 3, vec![2, 3, 191, 5653, 949_150_027_559]),
        (6_148_914_691_236_517_051, 3, vec![2, 3, 5, 5, 23, 241, 7_395_411_258_929]),
        (
            6_148_914_691_236_517_121,
            6,
            vec![2, 2, 2, 2, 2, 2, 2, 2, 5, 17, 29, 43, 113, 127, 15_790_321],
        ),
        (N, 2, vec![2, 2, 11, 137, 547, 5_594_472_617_641]),
    ]
}

/// The scheme [2 2p p 3p 3][3 3q q 2q 2][2 2r r 3r 3] with 1 → N.
fn scheme() -> (u64, Vec<(u64, u64)>) {
    let (p, q, r) =
        (6_148_914_691_236_516_943u64, 6_148_914_691_236_517_051u64, 6_148_914_691_236_517_121u64);
    let pairs = vec![(1, N), (2, 2 * r), (3, 3 * q), (p, 3 * p), (q, 2 * q), (r, 3 * r)];
    (2 * p, pairs)
}

/// A version 2 certificate: the witness section (spec.md §3.5) then the pairing body.
fn file(witnesses: &[Witness]) -> Vec<u8> {
    let mut body = (witnesses.len() as u64).to_le_bytes().to_vec();
    for (p, a, factors) in witnesses {
        for field in [*p, *a, factors.len() as u64].iter().chain(factors) {
            body.extend(field.to_le_bytes());
        }
    }
    let (opening, pairs) = scheme();
    body.extend(pairing_body(N, Some(opening), &pairs));
    let mut bytes = certificate(N, false, true, 2, &body);
    bytes[8] = 2; // the version (the header is not hashed)
    bytes
}

/// The certificate with witness `index` edited.
fn change(index: usize, edit: &dyn Fn(&mut Witness)) -> Vec<u8> {
    let mut list = witnesses();
    edit(&mut list[index]);
    file(&list)
}

fn rejection(bytes: &[u8], limits: &Limits) -> String {
    verify_bytes(bytes, limits).expect_err("accepted a lie").to_string()
}

fn says(bytes: &[u8], parts: &[&str]) {
    let message = rejection(bytes, &Limits::default());
    for part in parts {
        assert!(message.contains(part), "{message:?} should contain {part:?}");
    }
}

#[test]
fn the_scheme_near_2_to_the_64_is_accepted_with_its_witnesses() {
    for (p, _, factors) in witnesses() {
        let product = factors.iter().fold(1u128, |product, &f| product * u128::from(f));
        assert_eq!(product, u128::from(p - 1));
    }
    let verdict = verify_bytes(&file(&witnesses()), &Limits::default()).unwrap();
    assert_eq!(
        verdict.to_string().split(", blake3").next(),
        Some("valid: n=18446744073709551557, first player wins, 6 positions")
    );
    // Without witnesses (version 1) the same pairing needs 2^32 trial divisions per listing:
    // refused by a work bound of 10^8, never wrongly decided.
    let limits = Limits { max_work: 100_000_000, ..Limits::default() };
    let (opening, pairs) = scheme();
    let plain = certificate(N, false, true, 2, &pairing_body(N, Some(opening), &pairs));
    assert!(rejection(&plain, &limits).contains("work limit"));
}

#[test]
fn each_lie_about_a_prime_is_named() {
    // A generator of the wrong order, one out of range.
    says(&change(5, &|w| w.1 = 4), &["witness 18446744073709551557", "a^((p − 1)/2) = 1"]);
    says(&change(5, &|w| w.1 = N), &["a = 18446744073709551557 is not in 2..p − 1"]);
    // A composite factor (2 · 2 merged), a factor dropped, a product that overflows.
    says(&change(5, &|w| w.2.splice(0..2, [4]).for_each(drop)), &["the factor 4 is not prime"]);
    says(&change(0, &|w| w.2.truncate(w.2.len() - 1)), &["are not p − 1"]);
    says(&change(5, &|w| w.2.push(1 << 40)), &["are not p − 1"]);
    // A composite claimed prime: the Carmichael number 5851 · 11701 · 17551 (a^(c − 1) = 1
    // for every a prime to it), with the true factors of c − 1: no a has order c − 1.
    let c = 5851 * 11701 * 17551u64;
    assert_eq!(c - 1, 2 * 2 * 2 * 3 * 3 * 3 * 5 * 5 * 13 * 17_116_613);
    for a in [2, 3, 5, 7, 11, 5851, c - 1] {
        let mut list = witnesses();
        list.insert(0, (c, a, vec![2, 2, 2, 3, 3, 3, 5, 5, 13, 17_116_613]));
        let message = rejection(&file(&list), &Limits::default());
        assert!(message.contains("witness 1201586232601: a^"), "{message}");
    }
    // A factor ≥ 2^40 without its witness; a witness nothing needs; one below 2^40.
    let mut missing = witnesses();
    missing.remove(0);
    says(&file(&missing), &["the factor 5594472617641 ≥ 2^40 has no witness"]);
    let mut extra = witnesses();
    extra.insert(0, (1_099_511_627_791, 3, vec![2, 3, 5, 36_650_387_593]));
    says(&file(&extra), &["the witness for 1099511627791 is not needed"]);
    let mut small = witnesses();
    small.insert(0, (1_000_003, 2, vec![2, 3, 166_667]));
    says(&file(&small), &["witness 1000003: witnesses are for primes p ≥ 2^40, ascending"]);
    // The witness of the top prime missing: trial division of N, refused by the work bound.
    let mut top = witnesses();
    top.pop();
    top.remove(0);
    let limits = Limits { max_work: 100_000_000, ..Limits::default() };
    assert!(rejection(&file(&top), &limits).contains("no witnessed prime divides it"));
    // Counts out of range, a k out of range, and every truncation of the section.
    says(&file(&[]), &["0 witnesses: 1 to 96 allowed"]);
    says(&change(2, &|w| w.2.clear()), &["0 factors of 6148914691236516943 − 1"]);
    let whole = file(&witnesses());
    let section = 8 + witnesses().iter().map(|w| 24 + 8 * w.2.len()).sum::<usize>();
    let body = whole.len() - (section + 16 + 12 * 8);
    for cut in (0..section).step_by(8) {
        let mut bytes = whole[..body + cut].to_vec();
        crate::common::reseal(&mut bytes);
        assert!(verify_bytes(&bytes, &Limits::default()).is_err(), "cut at {cut}");
    }
}

/// The byte offset where `needle` starts in `haystack` (once).
fn position(haystack: &[u8], needle: &[u8]) -> usize {
    let at: Vec<usize> = (0..haystack.len().saturating_sub(needle.len()) + 1)
        .filter(|&i| haystack[i..].starts_with(needle))
        .collect();
    assert_eq!(at.len(), 1, "the needle is in the file once");
    at[0]
}

/// A rejection names the byte where the fault is stored: in the witness section, the start of
/// the lying witness; after it, the pairing body's numbers, counted past the witnesses.
#[test]
fn rejections_name_their_byte_past_the_witnesses() {
    let mut list = witnesses();
    list[5].1 = 4;
    let lying = file(&list);
    let record = [N.to_le_bytes(), 4u64.to_le_bytes()].concat();
    let at = position(&lying, &record);
    says(&lying, &[&format!("body at byte {at}: witness {N}")]);

    // A pair that breaks the rule: 3 with 3q + 2, which neither divides nor is a multiple of 3;
    // the rejection names where the pair is stored.
    let q = 6_148_914_691_236_517_051u64;
    let mut bytes = file(&witnesses());
    let pair = position(&bytes, &[3u64.to_le_bytes(), (3 * q).to_le_bytes()].concat());
    bytes[pair + 8..pair + 16].copy_from_slice(&(3 * q + 2).to_le_bytes());
    crate::common::reseal(&mut bytes);
    says(&bytes, &[&format!("illegal move {} at byte {pair} ", 3 * q + 2)]);
}

/// The malformed witnesses that could never prove anything are still named for what they are:
/// a = 1, factors out of order, a factor count out of range (at the byte of the count).
#[test]
fn malformed_witnesses_are_named() {
    says(&change(5, &|w| w.1 = 1), &["a = 1 is not in 2..p − 1"]);
    says(&change(0, &|w| w.2.reverse()), &["are not p − 1 in factors ≥ 2, ascending"]);
    let too_many = change(2, &|w| w.2 = vec![1; 64]);
    let p = 6_148_914_691_236_516_943u64;
    let count = position(&too_many, &[p.to_le_bytes(), 3u64.to_le_bytes()].concat()) + 16;
    says(&too_many, &[&format!("body at byte {count}: 64 factors of {p} − 1")]);
    // A witness nothing uses is named at the byte where it starts.
    let extra_prime = 1_099_511_627_791u64;
    let mut extra = witnesses();
    extra.insert(0, (extra_prime, 3, vec![2, 3, 5, 36_650_387_593]));
    let bytes = file(&extra);
    let at = position(&bytes, &[extra_prime.to_le_bytes(), 3u64.to_le_bytes()].concat());
    says(&bytes, &[&format!("body at byte {at}: the witness for {extra_prime} is not needed")]);
}

/// Each witness is charged its trial divisions (√f for each distinct factor f below 2^40) and
/// 128 steps per power: the first witness needs exactly that much work, one step less refuses it.
#[test]
fn witnesses_are_charged_to_the_work_bound() {
    let (p, _, factors) = witnesses()[0].clone();
    let mut distinct = factors;
    distinct.dedup();
    let trial: u64 = distinct.iter().map(|f| f.isqrt()).sum();
    let need = trial + 128 * (distinct.len() as u64 + 1);
    let bytes = file(&witnesses());
    let short = Limits { max_work: need - 1, ..Limits::default() };
    let message = rejection(&bytes, &short);
    assert!(
        message.contains(&format!("checking the witness for {p}, {} steps left", need - 1)),
        "{message}"
    );
    // With exactly enough for the first, the second is the one refused.
    let exact = Limits { max_work: need, ..Limits::default() };
    let message = rejection(&bytes, &exact);
    assert!(message.contains("checking the witness for 7395411258929, 0 steps left"), "{message}");
}

/// The work figure of the whole file by spec.md §4.4, from the spec alone: the witnesses'
/// costs, then one listing from the opening 2p and one from each partner the closure expands
/// (§4.5: the loser's moves from 2p are 1, 2 and p, answered by N, 2r and 3p; from those the
/// loser may name 3, r (from 3p and 2r) and q (from 3 → 3q), answered by 3q, 3r and 2q), each
/// `⌊√m⌋ + ⌊N/c⌋ + count` with `count` = 6, the number of witnesses, and `m = c/p` for the
/// witnessed prime p dividing c. Accepted under exactly that bound, refused under one less.
#[test]
fn the_work_of_a_version_2_file_is_the_one_spec_md_states() {
    let list = witnesses();
    let primes: Vec<u64> = list.iter().map(|w| w.0).collect();
    let witness_work: u64 = list
        .iter()
        .map(|(_, _, factors)| {
            let mut distinct = factors.clone();
            distinct.dedup();
            let trial: u64 = distinct.iter().filter(|&&f| f < 1 << 40).map(|f| f.isqrt()).sum();
            trial + 128 * (distinct.len() as u64 + 1)
        })
        .sum();
    let listing = |c: u64| {
        let m = primes.iter().find(|&&p| c.is_multiple_of(p)).map_or(c, |&p| c / p);
        m.isqrt() + N / c + list.len() as u64
    };
    let (opening, pairs) = scheme();
    let partner = |x: u64| pairs.iter().find_map(|&(a, b)| (a == x).then_some(b)).unwrap();
    let (p, q, r) = (opening / 2, partner(3) / 3, partner(2) / 2);
    let expanded = [opening, N, 2 * r, 3 * p, 3 * q, 3 * r, 2 * q];
    assert_eq!(
        expanded[1..],
        [partner(1), partner(2), partner(p), partner(3), partner(r), partner(q)]
    );
    let work = witness_work + expanded.iter().map(|&c| listing(c)).sum::<u64>();
    let bytes = file(&list);
    let exact = Limits { max_work: work, ..Limits::default() };
    assert!(verify_bytes(&bytes, &exact).is_ok(), "refused under {work}");
    let short = Limits { max_work: work - 1, ..Limits::default() };
    let message = rejection(&bytes, &short);
    assert!(message.starts_with("work limit: the moves from "), "{message}");
}
