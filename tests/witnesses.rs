//! Prime witnesses (spec.md §3.5, §4.11): certificates for boards up to 2^64 − 1 carry Pratt
//! certificates for their large primes, and the verifier checks them by arithmetic alone. Here
//! every way of lying about a prime is tried on real certificates, byte by byte as spec.md lays
//! the section out: composites claimed prime, wrong orders, wrong factorisations, missing, extra
//! and small witnesses, overflow at the top of u64, truncation and random corruption.

use jg_verify::{verify_bytes, Limits};
use juniper_green::primes::{factorise, is_prime, witnesses_for, WITNESS_FROM};
use juniper_green::proofs::certify::{certify, Options};

/// A witness as spec.md §3.5 writes it: p, a, then the factors of p − 1.
type Raw = (u64, u64, Vec<u64>);

/// The header's length (80 + generator) of a certificate.
fn header_len(bytes: &[u8]) -> usize {
    80 + u64::from_le_bytes(bytes[32..40].try_into().unwrap()) as usize
}

fn field(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

/// The witnesses of a version 2 certificate and the rest of its body, read as spec.md §3.5 says.
fn split(bytes: &[u8]) -> (Vec<Raw>, Vec<u8>) {
    let body = &bytes[header_len(bytes)..];
    assert_eq!(field(bytes, 8) as u32, 2, "a version 2 file");
    let mut at = 8;
    let mut witnesses = Vec::new();
    for _ in 0..field(body, 0) {
        let k = field(body, at + 16) as usize;
        let factors = (0..k).map(|i| field(body, at + 24 + 8 * i)).collect();
        witnesses.push((field(body, at), field(body, at + 8), factors));
        at += 24 + 8 * k;
    }
    (witnesses, body[at..].to_vec())
}

/// The certificate with its witness section replaced by `section` (raw bytes), resealed: body
/// length and BLAKE3 recomputed, so that only the section is wrong.
fn with_section(bytes: &[u8], section: &[u8]) -> Vec<u8> {
    let (_, rest) = split(bytes);
    let len = header_len(bytes);
    let mut body = section.to_vec();
    body.extend(rest);
    let mut out = bytes[..len].to_vec();
    out[len - 40..len - 32].copy_from_slice(&(body.len() as u64).to_le_bytes());
    out[len - 32..].copy_from_slice(blake3::hash(&body).as_bytes());
    out.extend(body);
    out
}

fn section(witnesses: &[Raw]) -> Vec<u8> {
    let mut bytes = (witnesses.len() as u64).to_le_bytes().to_vec();
    for (p, a, factors) in witnesses {
        for value in [*p, *a, factors.len() as u64].iter().chain(factors) {
            bytes.extend(value.to_le_bytes());
        }
    }
    bytes
}

fn with_witnesses(bytes: &[u8], witnesses: &[Raw]) -> Vec<u8> {
    with_section(bytes, &section(witnesses))
}

fn certified(n: u64) -> Vec<u8> {
    certify(n, &Options::default()).unwrap().bytes
}

fn rejection(bytes: &[u8]) -> String {
    verify_bytes(bytes, &Limits::default())
        .expect_err("accepted a lie")
        .to_string()
}

fn assert_says(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(
            message.contains(part),
            "{message:?} should contain {part:?}"
        );
    }
}

/// The largest prime below 2^64, and a board just above it whose scheme primes crowd the top.
const TOP_PRIME: u64 = 18_446_744_073_709_551_557;

/// The boards of the issue: 10^15, 10^18, 2^63 − 1, 2^64 − 1 and boards just below 2^64.
const BOARDS: [u64; 7] = [
    1_000_000_000_000_000,
    1_000_000_000_000_000_000,
    (1 << 63) - 1,
    u64::MAX,
    TOP_PRIME,
    u64::MAX - 1,
    u64::MAX - 100,
];

#[test]
fn every_board_up_to_the_top_of_u64_is_certified_with_witnesses_that_are_all_needed() {
    for n in BOARDS {
        let bytes = certified(n);
        let verdict = verify_bytes(&bytes, &Limits::default()).unwrap();
        assert_eq!((verdict.n, verdict.positions), (n, 6), "n = {n}");
        assert_eq!(verdict.winner, jg_verify::Winner::First);
        let (witnesses, _) = split(&bytes);
        // Every witness is a prime ≥ 2^40 and its factors multiply back to p − 1.
        for (p, _, factors) in &witnesses {
            assert!(*p >= WITNESS_FROM && is_prime(*p), "n = {n}: {p}");
            let product: u128 = factors.iter().map(|&f| f as u128).product();
            assert_eq!(product, (*p - 1) as u128);
        }
        // Dropping any one witness is refused or rejected, never accepted.
        for drop in 0..witnesses.len() {
            let mut fewer = witnesses.clone();
            fewer.remove(drop);
            let bytes = if fewer.is_empty() {
                continue;
            } else {
                with_witnesses(&bytes, &fewer)
            };
            let limits = Limits {
                max_work: 1_000_000,
                ..Limits::default()
            };
            assert!(
                verify_bytes(&bytes, &limits).is_err(),
                "n = {n}, without {drop}"
            );
        }
    }
    // Below 2^40 no witness: version 1, as before this format had witnesses.
    assert_eq!(field(&certified(1_000_000_000_000), 8) as u32, 1);
}

#[test]
fn witnessed_divisors_give_the_same_closure_as_trial_division() {
    // Boards where trial division is still cheap: the version 2 file and the same pairing
    // without its witnesses (version 1) give the same verdict.
    for n in [5_000_000_000_003u64, 10_000_000_000_000, 40_000_000_000_000] {
        let bytes = certified(n);
        let (witnesses, rest) = split(&bytes);
        assert!(!witnesses.is_empty(), "n = {n}");
        let mut plain = with_section(&bytes, &[]);
        plain[8] = 1;
        let len = header_len(&plain);
        assert_eq!(&plain[len..], &rest[..]);
        let with = verify_bytes(&bytes, &Limits::default()).unwrap();
        let without = verify_bytes(&plain, &Limits::default()).unwrap();
        assert_eq!(
            (with.claim(), with.positions),
            (without.claim(), without.positions)
        );
    }
}

/// A valid certificate near the top, its witnesses, and a witness for the composite `c` with
/// the true factorisation of c − 1 (witnesses for its large factors added), generator `a`.
fn claiming_prime(c: u64, a: u64) -> Vec<u8> {
    let bytes = certified(TOP_PRIME);
    let (mut witnesses, _) = split(&bytes);
    let factors: Vec<u64> = factorise(c - 1)
        .iter()
        .flat_map(|&(f, e)| std::iter::repeat_n(f, e as usize))
        .collect();
    for w in witnesses_for(factors.iter().copied().filter(|&f| f >= WITNESS_FROM)) {
        witnesses.push((w.prime, w.generator, w.factors));
    }
    witnesses.push((c, a, factors));
    witnesses.sort();
    witnesses.dedup();
    with_witnesses(&bytes, &witnesses)
}

#[test]
fn a_composite_claimed_prime_is_rejected_whatever_its_generator() {
    let composites = [
        // Strong pseudoprimes to the bases 2..13, 2..17 and 2..37 (OEIS A014233).
        3_474_749_660_383,
        341_550_071_728_321,
        3_825_123_056_546_413_051,
        // Carmichael numbers (a^(c−1) = 1 for every a prime to c): 2^40 and up.
        1_201_586_232_601, // 5851 · 11701 · 17551, Chernick's (6k + 1)(12k + 1)(18k + 1), k = 975
        4_294_967_291 * 4_294_967_291, // the square of a prime
        u64::MAX,          // 3 · 5 · 17 · 257 · 641 · 65537 · 6700417
    ];
    for c in composites {
        assert!(c >= WITNESS_FROM && !is_prime(c), "{c}");
        for a in [2, 3, 5, 6, 7, 10, 11, 12, 13, 1_000_003, c - 2] {
            let text = rejection(&claiming_prime(c, a));
            assert_says(&text, &[&format!("witness {c}:")]);
            assert!(
                text.contains("is not of order p − 1") || text.contains("a^(p − 1) ≠ 1 mod p"),
                "{text}"
            );
        }
    }
    // The Carmichael number above is one: a^(c − 1) = 1 for every a prime to it.
    let c = 1_201_586_232_601u64;
    let power = |a: u64| {
        (0..64).rev().fold(1u128, |r, bit| {
            let r = r * r % c as u128;
            if (c - 1) >> bit & 1 == 1 {
                r * a as u128 % c as u128
            } else {
                r
            }
        })
    };
    let factors = factorise(c);
    assert_eq!(factors, [(5851, 1), (11701, 1), (17551, 1)]);
    for a in [2u64, 3, 5, 11, 17] {
        if factors.iter().all(|&(f, _)| a % f != 0) {
            assert_eq!(power(a), 1, "a = {a}");
        }
    }
}

#[test]
fn each_lie_in_a_true_witness_is_named() {
    let bytes = certified(TOP_PRIME);
    let (witnesses, _) = split(&bytes);
    let top = witnesses
        .iter()
        .position(|w| w.0 == TOP_PRIME)
        .expect("s = the top prime");
    let changed = |change: &dyn Fn(&mut Raw)| {
        let mut list = witnesses.clone();
        change(&mut list[top]);
        rejection(&with_witnesses(&bytes, &list))
    };
    let p = TOP_PRIME;
    // A generator of the wrong order: a square has order at most (p − 1)/2.
    let text = changed(&|w| w.1 = 4);
    assert_says(&text, &[&format!("witness {p}"), "a^((p − 1)/2) = 1 mod p"]);
    // Generators off 2..p − 1.
    for a in [0, 1, p, u64::MAX] {
        assert_says(
            &changed(&|w| w.1 = a),
            &[&format!("a = {a} is not in 2..p − 1")],
        );
    }
    // p − 1 has the order 2 element p − 1.
    assert_says(&changed(&|w| w.1 = p - 1), &["is not of order p − 1"]);
    // A composite factor: two factors merged keep the product.
    let text = changed(&|w| {
        let (a, b) = (w.2.remove(0), w.2.remove(0));
        w.2.insert(0, a * b);
        w.2.sort();
    });
    assert_says(&text, &["is not prime"]);
    // A factor missing, one extra, one changed, the order broken, a factor 1 or 0.
    let wrong_product = "are not p − 1 in factors ≥ 2, ascending";
    assert_says(
        &changed(&|w| {
            w.2.pop();
        }),
        &[wrong_product],
    );
    assert_says(&changed(&|w| w.2.insert(0, 2)), &[wrong_product]);
    assert_says(&changed(&|w| w.2[0] += 1), &[wrong_product]);
    assert_says(&changed(&|w| w.2.reverse()), &[wrong_product]);
    assert_says(&changed(&|w| w.2.insert(0, 1)), &[wrong_product]);
    assert_says(&changed(&|w| w.2[0] = 0), &[wrong_product]);
    // A product that overflows u64: p − 1 times 2 (and one of its factors).
    assert_says(&changed(&|w| w.2.push(1 << 40)), &[wrong_product]);
    // 2^64 − 1 itself claimed prime with the factors of 2^64 − 2 is no prime.
    let text = changed(&|w| {
        w.0 = u64::MAX;
        w.2 = factorise(u64::MAX - 1)
            .iter()
            .flat_map(|&(f, e)| std::iter::repeat_n(f, e as usize))
            .collect();
    });
    assert_says(&text, &["witness 18446744073709551615"]);
}

#[test]
fn missing_extra_small_and_unordered_witnesses_are_named() {
    let bytes = certified(TOP_PRIME);
    let (witnesses, _) = split(&bytes);
    // A factor ≥ 2^40 of some p − 1 without its own witness.
    let needed: Vec<usize> = (0..witnesses.len())
        .filter(|&i| witnesses.iter().any(|w| w.2.contains(&witnesses[i].0)))
        .collect();
    for &i in &needed {
        let mut fewer = witnesses.clone();
        let gone = fewer.remove(i).0;
        assert_says(
            &rejection(&with_witnesses(&bytes, &fewer)),
            &[&format!("the factor {gone} ≥ 2^40 has no witness")],
        );
    }
    // A scheme prime without witness: trial division up to 2^32, refused by a work bound of
    // 10^8 (the default bound, 2·10^10, would let it run: seconds, then a rejection).
    let top = witnesses.iter().position(|w| w.0 == TOP_PRIME).unwrap();
    if !needed.contains(&top) {
        let mut fewer = witnesses.clone();
        fewer.remove(top);
        let limits = Limits {
            max_work: 100_000_000,
            ..Limits::default()
        };
        let refused = verify_bytes(&with_witnesses(&bytes, &fewer), &limits).unwrap_err();
        assert_says(
            &refused.to_string(),
            &[
                "work limit: the moves from 18446744073709551557",
                "no witnessed prime divides it",
            ],
        );
    }
    // An extra witness: a true one for a prime nothing needs.
    let spare = (1u64 << 50..).find(|&x| is_prime(x)).unwrap();
    let mut more = witnesses.clone();
    for w in witnesses_for([spare]) {
        more.push((w.prime, w.generator, w.factors));
    }
    more.sort();
    let text = rejection(&with_witnesses(&bytes, &more));
    assert_says(&text, &[&format!("the witness for {spare} is not needed")]);
    // A witness below 2^40, true as a Pratt certificate: trial division is the rule there.
    let small = (1u64 << 39..).find(|&x| is_prime(x)).unwrap();
    let mut with_small: Vec<Raw> = witnesses_for([small << 2])
        .into_iter()
        .map(|w| (w.prime, w.generator, w.factors))
        .collect();
    assert!(
        with_small.is_empty(),
        "the generator writes none below 2^40"
    );
    let distinct: Vec<u64> = factorise(small - 1).iter().map(|&(f, _)| f).collect();
    let generator = (2..small).find(|&a| {
        distinct.iter().all(|&f| {
            (0..64).rev().fold(1u128, |r, bit| {
                let r = r * r % small as u128;
                if ((small - 1) / f) >> bit & 1 == 1 {
                    r * a as u128 % small as u128
                } else {
                    r
                }
            }) != 1
        })
    });
    let factors = factorise(small - 1)
        .iter()
        .flat_map(|&(f, e)| std::iter::repeat_n(f, e as usize))
        .collect();
    with_small.push((small, generator.unwrap(), factors));
    with_small.extend(witnesses.iter().cloned());
    let text = rejection(&with_witnesses(&bytes, &with_small));
    assert_says(
        &text,
        &[&format!(
            "witness {small}: witnesses are for primes p ≥ 2^40"
        )],
    );
    // Twice the same witness, or out of order.
    let mut twice = witnesses.clone();
    twice.insert(0, witnesses[0].clone());
    assert_says(&rejection(&with_witnesses(&bytes, &twice)), &["ascending"]);
    // Out of order: the first witness out of place is named, either as out of order or,
    // when it needs a witness that now comes after it, for that (only earlier ones count).
    let mut reversed = witnesses.clone();
    reversed.reverse();
    assert!(reversed.len() > 1);
    let text = rejection(&with_witnesses(&bytes, &reversed));
    let first = reversed[0].0;
    let needs_later = reversed[0].2.iter().any(|&f| f >= WITNESS_FROM);
    match needs_later {
        true => assert_says(
            &text,
            &[&format!("witness {first}: the factor"), "has no witness"],
        ),
        false => assert_says(&text, &[&format!("witness {}", reversed[1].0), "ascending"]),
    }
}

#[test]
fn a_malformed_section_is_named_and_nothing_panics() {
    let bytes = certified(TOP_PRIME);
    let (witnesses, _) = split(&bytes);
    let full = section(&witnesses);
    let body = header_len(&bytes) as u64;
    // Counts out of range: 0 and 97 witnesses.
    for count in [0u64, 97, u64::MAX] {
        let mut changed = full.clone();
        changed[..8].copy_from_slice(&count.to_le_bytes());
        let text = rejection(&with_section(&bytes, &changed));
        assert_says(
            &text,
            &[
                &format!("{count} witnesses: 1 to 96 allowed"),
                &format!("byte {body}"),
            ],
        );
    }
    // A k of 0 or 64 factors.
    for k in [0u64, 64, u64::MAX] {
        let mut changed = full.clone();
        changed[24..32].copy_from_slice(&k.to_le_bytes());
        assert_says(
            &rejection(&with_section(&bytes, &changed)),
            &["factors of", "1 to 63 allowed"],
        );
    }
    // A section cut short, or a count that claims one witness more than it holds.
    for cut in [4, 8, 20, full.len() - 1] {
        let text = rejection(&with_section(&bytes, &full[..cut]));
        assert!(!text.is_empty());
    }
    let mut more = full.clone();
    more[..8].copy_from_slice(&(witnesses.len() as u64 + 1).to_le_bytes());
    // Reading on into the pairing body: whatever it finds there, it is no valid witness.
    assert!(verify_bytes(&with_section(&bytes, &more), &Limits::default()).is_err());
    // Random bit flips in the section (resealed): never a panic, never unbounded work, and
    // never accepted, except in a generator `a`, where another number of order p − 1 is as good.
    let mut generators = Vec::new();
    let mut at = 8;
    for (_, _, factors) in &witnesses {
        generators.push(at + 8..at + 16);
        at += 24 + 8 * factors.len();
    }
    let mut state = 0x5EED_u64;
    let limits = Limits {
        max_work: 50_000_000,
        ..Limits::default()
    };
    for _ in 0..2_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut flipped = full.clone();
        let bit = (state >> 33) as usize % (8 * flipped.len());
        flipped[bit / 8] ^= 1 << (bit % 8);
        let result = verify_bytes(&with_section(&bytes, &flipped), &limits);
        let in_generator = generators.iter().any(|g| g.contains(&(bit / 8)));
        if let (Ok(verdict), false) = (&result, in_generator) {
            panic!("a flipped bit {bit} was accepted: {verdict}");
        }
    }
}

#[test]
fn jg_solves_and_certifies_the_top_of_u64_in_one_check() {
    for n in ["18446744073709551615", "4611686018427387903"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_jg"))
            .args(["solve", n])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        assert!(
            text.contains("the first player wins") && text.contains("method: scheme"),
            "{text}"
        );
    }
}

#[test]
fn jg_explain_reads_the_pairing_after_the_witnesses() {
    use juniper_green::proofs::decode::{decode, DecodedStrategy};
    for n in [TOP_PRIME, u64::MAX] {
        let certified = certify(n, &Options::default()).unwrap();
        let decoded = decode(&certified.bytes).unwrap();
        let juniper_green::proofs::certificate::Body::ClosedPairing { opening, pairs } =
            &certified.certificate.body
        else {
            panic!("a scheme is a closed pairing")
        };
        let mut canonical: Vec<(u64, u64)> =
            pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        canonical.sort();
        assert_eq!(
            decoded.strategy,
            DecodedStrategy::Pairing {
                opening: *opening,
                pairs: canonical
            },
            "n = {n}"
        );
    }
}
