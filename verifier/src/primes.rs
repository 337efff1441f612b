//! Prime witnesses (spec.md §3.5, §4.11, §5): a version 2 file carries, for each large prime
//! whose divisors the checks need, a Pratt certificate (read by `format`) checked here on its
//! numbers by modular arithmetic alone
//! (Lucas's theorem): a number of order p − 1 modulo p, with the prime factors of p − 1, each
//! small enough for trial division or itself an earlier witness. No primality test is trusted.

use crate::claim::Bound;
use crate::rejection::Rejection;

/// A prime witness (spec.md §3.5) and the offset where it starts.
pub(crate) struct Witness {
    pub p: u64,
    pub a: u64,
    pub factors: Vec<u64>,
    pub offset: u64,
}

/// Witnesses are for primes from 2^40 up: below, trial division lists divisors cheaply.
pub(crate) const WITNESS_FROM: u64 = 1 << 40;

/// The witnessed primes, ascending: each, whether a listing or another witness used it, and
/// the offset of its witness.
pub(crate) type Primes = Vec<(u64, bool, u64)>;

/// Checks the witnesses of a version 2 file in order (spec.md §4.11); each trial division
/// step and each power is charged to `work`. Returns each prime with whether another witness
/// needs it, and its offset.
pub(crate) fn check(witnesses: Vec<Witness>, work: &mut u64) -> Result<Primes, Rejection> {
    let mut primes: Primes = Vec::new();
    for Witness { p, a, factors, offset } in witnesses {
        let wrong = |what: String| Rejection::Body { offset, what: format!("witness {p}: {what}") };
        if p < WITNESS_FROM || primes.last().is_some_and(|&(last, _, _)| p <= last) {
            return Err(wrong("witnesses are for primes p ≥ 2^40, ascending".into()));
        } else if !(1 < a && a < p) {
            return Err(wrong(format!("a = {a} is not in 2..p − 1")));
        }
        let product = factors.iter().try_fold(1u64, |product, &f| product.checked_mul(f));
        if !factors.is_sorted() || factors.first() < Some(&2) || product != Some(p - 1) {
            let what = format!("the factors {factors:?} are not p − 1 in factors ≥ 2, ascending");
            return Err(wrong(what));
        }
        let mut distinct = factors;
        distinct.dedup();
        // Trial division of the factors below 2^40, and one power per factor and one more.
        let trial: u64 = distinct.iter().filter(|&&f| f < WITNESS_FROM).map(|f| f.isqrt()).sum();
        let Some(left) = work.checked_sub(trial + 128 * (distinct.len() as u64 + 1)) else {
            let what = format!("work limit: checking the witness for {p}, {work} steps left");
            return Err(Rejection::Limit { bound: Bound::Work, what, line: vec![] });
        };
        *work = left;
        for f in distinct {
            // Each factor is prime: by trial division below 2^40, else an earlier witness.
            if f < WITNESS_FROM && (2..=f.isqrt()).any(|d| f % d == 0) {
                return Err(wrong(format!("the factor {f} is not prime")));
            } else if let Some(earlier) = primes.iter_mut().find(|(q, _, _)| *q == f) {
                earlier.1 = true;
            } else if f >= WITNESS_FROM {
                return Err(wrong(format!("the factor {f} ≥ 2^40 has no witness")));
            }
            if power(a, (p - 1) / f, p) == 1 {
                return Err(wrong(format!("a^((p − 1)/{f}) = 1 mod p: {a} is not of order p − 1")));
            }
        }
        if power(a, p - 1, p) != 1 {
            return Err(wrong(format!("a^(p − 1) ≠ 1 mod p for a = {a}")));
        }
        primes.push((p, false, offset));
    }
    Ok(primes)
}

/// `base^exponent mod p`, bit by bit from the top (r ↦ r², times base where the bit is set);
/// products in u128, so no overflow for any p < 2^64.
fn power(base: u64, exponent: u64, p: u64) -> u64 {
    let multiply = |x: u64, y: u64| (u128::from(x) * u128::from(y) % u128::from(p)) as u64;
    let factor = |bit: u32| [1, base][(exponent >> bit & 1) as usize];
    (0..64).rev().fold(1, |r, bit| multiply(multiply(r, r), factor(bit)))
}
