//! Primality for the prime-window schemes (docs/MATH.md §4): the schemes need primes in windows such
//! as (n/4, n/3] and (n/2, n] for n up to 10^15 and beyond, so no sieve of size n is possible.
//! Deterministic Miller–Rabin on u64 (products in u128), checked against a sieve in the tests.

/// Bases for which Miller–Rabin is exact on every u64: the first twelve primes suffice below
/// 3.3 · 10^24 (Sorenson and Webster 2015).
const WITNESSES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

fn multiply_mod(a: u64, b: u64, modulus: u64) -> u64 {
    ((a as u128 * b as u128) % modulus as u128) as u64
}

fn power_mod(mut base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let mut result = 1 % modulus;
    base %= modulus;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = multiply_mod(result, base, modulus);
        }
        base = multiply_mod(base, base, modulus);
        exponent >>= 1;
    }
    result
}

/// Whether `x` is prime; exact for every u64.
pub fn is_prime(x: u64) -> bool {
    if x < 2 {
        return false;
    }
    for &p in &WITNESSES {
        if x.is_multiple_of(p) {
            return x == p;
        }
    }
    // x − 1 = d · 2^s with d odd.
    let s = (x - 1).trailing_zeros();
    let d = (x - 1) >> s;
    WITNESSES.iter().all(|&a| {
        let mut y = power_mod(a, d, x);
        if y == 1 || y == x - 1 {
            return true;
        }
        for _ in 1..s {
            y = multiply_mod(y, y, x);
            if y == x - 1 {
                return true;
            }
        }
        false
    })
}

/// The largest prime ≤ `x`, if any (none below 2).
pub fn largest_prime_at_most(x: u64) -> Option<u64> {
    (2..=x).rev().find(|&candidate| is_prime(candidate))
}

/// The primes in (low, high], largest first, lazily: a window is scanned downwards only as far
/// as the caller asks, so that "the three largest primes of the window" costs a few prime gaps.
pub fn primes_descending(low: u64, high: u64) -> impl Iterator<Item = u64> {
    (low.saturating_add(1)..=high)
        .rev()
        .filter(|&candidate| is_prime(candidate))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sieve(limit: usize) -> Vec<bool> {
        let mut prime = vec![true; limit + 1];
        prime[0] = false;
        if limit >= 1 {
            prime[1] = false;
        }
        let mut i = 2;
        while i * i <= limit {
            if prime[i] {
                for multiple in (i * i..=limit).step_by(i) {
                    prime[multiple] = false;
                }
            }
            i += 1;
        }
        prime
    }

    #[test]
    fn miller_rabin_agrees_with_a_sieve_below_two_million() {
        let limit = 2_000_000;
        let prime = sieve(limit);
        for (x, &expected) in prime.iter().enumerate() {
            assert_eq!(is_prime(x as u64), expected, "x = {x}");
        }
    }

    /// Trial division, slow but obviously right, for spot checks far beyond the sieve.
    fn is_prime_by_trial_division(x: u64) -> bool {
        x >= 2
            && (2..)
                .take_while(|d| d * d <= x)
                .all(|d| !x.is_multiple_of(d))
    }

    #[test]
    fn miller_rabin_agrees_with_trial_division_near_ten_to_the_twelve() {
        for x in 1_000_000_000_000u64..1_000_000_000_000 + 300 {
            assert_eq!(is_prime(x), is_prime_by_trial_division(x), "x = {x}");
        }
    }

    #[test]
    fn strong_pseudoprimes_to_small_bases_are_composite() {
        // Composites that fool Miller–Rabin for the first few bases (OEIS A014233), each a
        // product we can check by hand, and Carmichael numbers.
        let composites: [u64; 8] = [
            2_047,                     // 23 · 89
            1_373_653,                 // 829 · 1657
            25_326_001,                // 2251 · 11251
            3_215_031_751,             // 151 · 751 · 28351
            2_152_302_898_747,         // 6763 · 10627 · 29947
            341_550_071_728_321,       // 10670053 · 32010157
            561,                       // 3 · 11 · 17
            3_825_123_056_546_413_051, // 149491 · 747451 · 34233211
        ];
        for c in composites {
            assert!(!is_prime(c), "{c} is composite");
            let factor = (2..).take_while(|d| d * d <= c).find(|d| c % d == 0);
            assert!(factor.is_some(), "{c} has a small factor");
        }
        // Known primes near the top of u64.
        assert!(is_prime(18_446_744_073_709_551_557)); // the largest prime below 2^64
        assert!(!is_prime(u64::MAX));
    }

    #[test]
    fn the_largest_prime_below_a_bound_is_prime_and_nothing_above_it_is() {
        let prime = sieve(10_000);
        for x in 0..=10_000u64 {
            let expected = (0..=x).rev().find(|&k| prime[k as usize]);
            assert_eq!(largest_prime_at_most(x), expected, "x = {x}");
        }
        let window: Vec<u64> = primes_descending(100, 130).collect();
        assert_eq!(window, vec![127, 113, 109, 107, 103, 101]);
    }
}
