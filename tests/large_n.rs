//! The arithmetic of docs/large-n.md: Dusart's prime-gap bound (Ramanujan J. 45 (2018),
//! Prop. 5.4: a prime in (x, x(1 + 1/ln³x)] for every x ≥ 89693), applied three times from
//! x = n/4, gives three primes in (n/4, n/3] for every n ≥ 4 · 89693 = 358772; Bertrand gives
//! s in (n/2, n]; the general scheme's closure is then {1, 2, 3, p, q, r}, as the verifier
//! finds. Schoenfeld's bound (Math. Comp. 30 (1976): a prime in (x, x(1 + 1/16597)) for every
//! x ≥ 2010760), the second citation, is checked the same way from 4 · 2010760 on.
//!
//! What is exact here and what is a sample: the inequalities of the written argument (e < 2.72,
//! ln 89693 > 11, the cubes against 4/3) are checked in integers. The prime-gap bounds
//! themselves are theorems, not computed: the tests only confirm, for a sample of n and in f64
//! arithmetic (ln has no exact integer form), that the primes found respect them. A rounding
//! error there could only make a sample check wrong, never the proof.

use juniper_green::engines::schemes::Scheme;
use juniper_green::primes::is_prime;
use juniper_green::proofs::certificate::{Body, Certificate};
use juniper_green::{OpeningRule, Player};

const DUSART_FROM: u64 = 89_693;
const THRESHOLD: u64 = 4 * DUSART_FROM;
const N0: u64 = 1_000_000_000_000;
const SCHOENFELD_FROM: u64 = 2_010_760;
const SCHOENFELD_GAP: u64 = 16_597;

fn epsilon(x: f64) -> f64 {
    1.0 / x.ln().powi(3)
}

fn next_prime_after(x: u64) -> u64 {
    (x + 1..).find(|&k| is_prime(k)).unwrap()
}

#[test]
fn the_threshold_arithmetic_holds_exactly() {
    assert_eq!(THRESHOLD, 358_772);
    const { assert!(THRESHOLD < N0) };
    // e < 2.72: e = Σ 1/k! < Σ_{k ≤ 6} 1/k! + (1/7!)(1 + 1/8 + 1/64 + …) = 1957/720 + 1/4410,
    // and (1957 · 4410 + 720) · 100 < 272 · 720 · 4410.
    assert_eq!(
        (0..=6u128)
            .map(|k| 720 / (1..=k).product::<u128>())
            .sum::<u128>(),
        1957
    );
    assert_eq!(5040 * 7 / 8, 4410);
    let (partial, tail) = (1957u128, 4410u128); // e < partial/720 + 1/tail
    assert!((partial * tail + 720) * 100 < 272 * 720 * tail);
    // 2.72^11 < 60700 < 89693, so ln 89693 > 11 (integers: 272^11 < 60700·100^11).
    assert!(272u128.pow(11) < 60_700 * 100u128.pow(11));
    const { assert!(60_700 < DUSART_FROM) };
    // Then ε(89693) < 1/1331 and (1 + 1/1331)^3 < 1.003 < 4/3: 1000·1332³ < 1003·1331³ and
    // 3·1332³ < 4·1331³.
    assert!(1000 * 1332u128.pow(3) < 1003 * 1331u128.pow(3));
    assert!(3 * 1332u128.pow(3) < 4 * 1331u128.pow(3));
    // The same in floating point, as a sanity check of the bound's size.
    let x = DUSART_FROM as f64;
    assert!(x.ln() > 11.0 && x.ln() < 11.5);
    let cube = (1.0 + epsilon(x)).powi(3);
    assert!(cube < 1.003 && cube > 1.0, "{cube}");
    // And the step would fail for a weaker theorem: Nagura's 6/5 gives (6/5)^3 > 4/3.
    assert!(3 * 6u64.pow(3) > 4 * 5u64.pow(3));
    // Schoenfeld: (1 + 1/16597)^3 < 4/3, and its threshold 4 · 2010760 is below N0.
    let g = SCHOENFELD_GAP as u128;
    assert!(3 * (g + 1).pow(3) < 4 * g.pow(3));
    const { assert!(4 * SCHOENFELD_FROM == 8_043_040 && 4 * SCHOENFELD_FROM < N0) };
}

#[test]
fn schoenfeld_steps_find_the_primes_of_the_window_too() {
    // From n = 4 · 2010760 on, the next primes after n/4 lie within the factor 1 + 1/16597 of
    // the one before (exact integer comparisons: 16597 · next < 16598 · previous), so three of
    // them lie in (n/4, n/3]; a sample of n up to 10^18.
    let mut n = 4 * SCHOENFELD_FROM;
    while n < 1_000_000_000_000_000_000 {
        let x0 = n / 4;
        let p = next_prime_after(x0);
        let q = next_prime_after(p);
        let r = next_prime_after(q);
        for (from, to) in [(x0, p), (p, q), (q, r)] {
            let (from, to) = (from as u128, to as u128);
            assert!(
                to * (SCHOENFELD_GAP as u128) < from * (SCHOENFELD_GAP as u128 + 1),
                "n = {n}"
            );
        }
        assert!(4 * p > n && 3 * r <= n, "n = {n}");
        n = n * 5 / 3;
    }
}

#[test]
fn epsilon_decreases_and_the_bound_increases() {
    // ε(x) = 1/ln³x decreases for x > 1 (ln increases and is positive), so ε(p) ≤ ε(n/4) for
    // p > n/4; and x(1 + ε(x)) increases, so q ≤ p(1 + ε(p)) ≤ x0(1 + ε(x0))².
    let mut previous = (f64::INFINITY, 0.0);
    for k in 0..200 {
        let x = DUSART_FROM as f64 * 1.25f64.powi(k);
        let (e, bound) = (epsilon(x), x * (1.0 + epsilon(x)));
        assert!(e < previous.0 && bound > previous.1, "x = {x}");
        previous = (e, bound);
    }
}

/// The three Dusart steps from x0 = n/4 for one n: the primes found and that they satisfy the
/// bounds of docs/large-n.md §4.
fn three_steps(n: u64) -> (u64, u64, u64) {
    let x0 = n as f64 / 4.0;
    let factor = 1.0 + epsilon(x0);
    let p = next_prime_after(n / 4);
    let q = next_prime_after(p);
    let r = next_prime_after(q);
    // Each step's prime is the next prime, so it is at most any prime Dusart promises.
    assert!(4 * p > n, "n = {n}");
    assert!((p as f64) <= x0 * factor, "n = {n}");
    assert!(
        (q as f64) <= p as f64 * (1.0 + epsilon(p as f64)),
        "n = {n}"
    );
    assert!(
        (r as f64) <= q as f64 * (1.0 + epsilon(q as f64)),
        "n = {n}"
    );
    assert!((r as f64) <= x0 * factor.powi(3), "n = {n}");
    assert!(3 * r <= n, "n = {n}: r = {r} above n/3");
    (p, q, r)
}

#[test]
fn three_primes_lie_in_the_window_from_the_threshold_on() {
    // Every n of a long run from the threshold, then a sample up to 10^18.
    for n in THRESHOLD..THRESHOLD + 20_000 {
        three_steps(n);
    }
    let mut n = THRESHOLD;
    while n < 1_000_000_000_000_000_000 {
        for m in [n, n + 1, n + 2, n + 3] {
            let (_, _, r) = three_steps(m);
            // Bertrand's prime for 1: s in (m/2, m], so above r.
            let s = (m / 2 + 1..=m).rev().find(|&k| is_prime(k)).unwrap();
            assert!(2 * s > m && s > r);
        }
        n = n * 7 / 4;
    }
}

/// The general scheme for n with primes p, q, r and the prime s, as a closed-pairing
/// certificate (kind 2) for the board 1..n, in the verifier's bytes.
fn scheme_certificate(n: u64, [p, q, r]: [u64; 3], s: u64, drop: Option<u64>) -> Vec<u8> {
    let scheme = Scheme::general(p, q, r).unwrap();
    let pairing = scheme.pairing_ignoring_range(n).unwrap();
    let mut pairs = pairing.pairs.clone();
    // Use the chosen s (the scheme picks the largest; any prime in (n/2, n] serves).
    pairs.retain(|&(a, b)| a != 1 && b != 1 && Some(a.min(b)) != drop);
    pairs.push((1, s));
    pairs.sort_unstable();
    Certificate {
        n,
        opening_rule: OpeningRule::Even,
        winner: Player::First,
        generator: "tests/large_n.rs".into(),
        body: Body::ClosedPairing {
            opening: Some(2 * p),
            pairs,
        },
    }
    .to_bytes()
    .unwrap()
}

#[test]
fn the_verifier_finds_the_general_scheme_closure_one_two_three_and_the_primes() {
    // Consecutive and non-consecutive primes in (n/4, n/3], with s in (n/2, n]: the verifier
    // (spec.md §4.5, the raw rules, no code shared with the generator) accepts the pairing with
    // a closure of exactly 6 numbers, {1, 2, 3, p, q, r}; without the pair r–3r it refuses.
    let cases: [(u64, [usize; 3]); 4] = [
        (THRESHOLD, [0, 1, 2]),
        (1_000_000, [0, 3, 7]),
        (N0 + 1, [0, 1, 2]),
        (N0 + 12_345, [2, 5, 9]),
    ];
    for (n, picks) in cases {
        let window: Vec<u64> = (n / 4 + 1..=n / 3)
            .filter(|&k| is_prime(k))
            .take(10)
            .collect();
        let [p, q, r] = picks.map(|i| window[i]);
        let s = (n / 2 + 1..=n).find(|&k| is_prime(k)).unwrap();
        let bytes = scheme_certificate(n, [p, q, r], s, None);
        let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default())
            .unwrap_or_else(|e| panic!("n = {n}: {e}"));
        assert_eq!(verdict.n, n);
        assert_eq!(verdict.winner, jg_verify::Winner::First);
        assert_eq!(verdict.positions, 6, "n = {n}");
        assert!([2 * p, 3 * p, 3 * q, 2 * q, 2 * r, 3 * r, s]
            .iter()
            .all(|&y| 2 * y > n));
        let without = scheme_certificate(n, [p, q, r], s, Some(r));
        let refusal = jg_verify::verify_bytes(&without, &jg_verify::Limits::default())
            .expect_err("r is reachable and has no partner");
        assert!(refusal.to_string().contains(&r.to_string()), "{refusal}");
    }
}

/// The margin of the Coq proof's last step (formal/Chebyshev.v, `three_primes`; figures in
/// formal/README.md, "How the tail is proved"): with B = 2^14 3^9 5^5, a = ⌊(3b + 2)/4⌋ (the
/// largest a the theorem allows), E = 25(⌊b/30⌋ − 1) − a and
/// X = 725(⌊log₂ a⌋/2 + 1) + 25⌊√b⌋ + 250, two primes or fewer in (a, b] would force
/// B^E ≤ b^X. Coq refutes that in whole bits (B ≥ 2^39, b < 2^(t+1)): 39E ≥ (t + 1)X for
/// every b ≥ 2^17. Checked here exactly in integers over a range above 2^17, with the last b
/// below it where the bit form fails (65 699); and, in f64 logarithms, the last b where
/// B^E > b^X itself fails (57 959): the figures the README quotes.
#[test]
fn chebyshev_margin_matches_the_formal_readme() {
    const B: u64 = 1_007_769_600_000;
    assert_eq!(B, 2u64.pow(14) * 3u64.pow(9) * 5u64.pow(5));
    assert!(2u64.pow(39) <= B);
    let terms = |b: u64| {
        let a = (3 * b + 2) / 4;
        let e = 25 * (b / 30 - 1) - a;
        let x = 725 * (a.ilog2() as u64 / 2 + 1) + 25 * b.isqrt() + 250;
        (e, x)
    };
    let in_bits = |b: u64| {
        let (e, x) = terms(b);
        39 * e >= (b.ilog2() as u64 + 1) * x
    };
    let exact = |b: u64| {
        let (e, x) = terms(b);
        e as f64 * (B as f64).ln() > x as f64 * (b as f64).ln()
    };
    assert!((1 << 17..1 << 22).all(in_bits));
    assert_eq!(
        (1_000..1 << 17).filter(|&b| !in_bits(b)).max(),
        Some(65_699)
    );
    assert_eq!((1_000..1 << 17).filter(|&b| !exact(b)).max(), Some(57_959));
}
