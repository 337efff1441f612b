//! Primes and factors on u64, for the whole crate: the rules list divisors (`game`), the
//! prime-window schemes (docs/MATH.md §4) need primes in windows such as (n/4, n/3] and
//! (n/2, n] for n up to 10^15 and beyond, so no sieve of size n is possible.
//! Deterministic Miller–Rabin on u64 (products in u128), checked against a sieve in the tests;
//! factorisation by Pollard's rho (Brent's variant) on top of it, so that the divisors of any
//! u64 cost microseconds; and the Pratt witnesses that let the verifier trust a large prime
//! without a primality test of its own (spec.md §3.5).

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

/// The prime factors of `x` with their exponents, ascending (none for 0 and 1): small primes by
/// trial division, then Pollard's rho (Brent's cycle finding, products batched before each gcd)
/// on what is left, with Miller–Rabin deciding when a factor is prime.
pub fn factorise(x: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    let mut rest = x;
    if x == 0 {
        return Vec::new();
    }
    for small in 2..64u64 {
        while rest.is_multiple_of(small) {
            rest /= small;
            primes.push(small);
        }
    }
    let mut todo = vec![rest];
    while let Some(m) = todo.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
            continue;
        }
        let d = rho_divisor(m);
        todo.extend([d, m / d]);
    }
    primes.sort_unstable();
    let mut factors: Vec<(u64, u32)> = Vec::new();
    for prime in primes {
        match factors.last_mut() {
            Some((last, exponent)) if *last == prime => *exponent += 1,
            _ => factors.push((prime, 1)),
        }
    }
    factors
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A divisor d of the composite `m` (no factor below 64), 1 < d < m: Brent's rho for
/// x ↦ x² + c, trying c = 1, 2, … until one splits m (every composite splits for some c).
fn rho_divisor(m: u64) -> u64 {
    for c in 1.. {
        let step = |x: u64| ((x as u128 * x as u128 + c as u128) % m as u128) as u64;
        let (mut y, mut power, mut found) = (2u64, 1u64, 1u64);
        let mut x = y;
        let mut saved = y;
        'cycle: while found == 1 {
            x = y;
            for _ in 0..power {
                y = step(y);
            }
            let mut k = 0;
            while k < power && found == 1 {
                saved = y;
                let mut product = 1u64;
                for _ in 0..128.min(power - k) {
                    y = step(y);
                    product = multiply_mod(product, x.abs_diff(y), m);
                }
                found = gcd(product, m);
                k += 128;
                if found == m {
                    break 'cycle;
                }
            }
            power *= 2;
        }
        if found == m {
            // The batch overshot: retrace it one step at a time.
            found = 1;
            while found == 1 {
                saved = step(saved);
                found = gcd(x.abs_diff(saved), m);
            }
        }
        if found != m && found != 1 {
            return found;
        }
    }
    unreachable!("some c splits every composite")
}

/// Primes from this bound up get a witness in a certificate (spec.md §3.5): below it the
/// verifier lists divisors by trial division, in at most 2^21 steps for a number below 2^42.
pub const WITNESS_FROM: u64 = 1 << 40;

/// One Pratt witness (spec.md §3.5): the prime, a number of order prime − 1 modulo it, and the
/// prime factors of prime − 1 with repeats, ascending.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Witness {
    pub prime: u64,
    pub generator: u64,
    pub factors: Vec<u64>,
}

/// The witnesses the verifier needs to list the divisors of each of `numbers` without trial
/// division past `WITNESS_FROM`: one for each prime factor at or above the bound, and, down the
/// factorisations of prime − 1, for each of their own such factors. Ascending by prime, each
/// once (what the format asks). Empty when every number is below the bound.
pub fn witnesses_for(numbers: impl IntoIterator<Item = u64>) -> Vec<Witness> {
    let mut todo: Vec<u64> = numbers
        .into_iter()
        .flat_map(factorise)
        .map(|(prime, _)| prime)
        .filter(|&prime| prime >= WITNESS_FROM)
        .collect();
    let mut witnesses: Vec<Witness> = Vec::new();
    while let Some(prime) = todo.pop() {
        if witnesses.iter().any(|w| w.prime == prime) {
            continue;
        }
        let factors = factorise(prime - 1);
        let distinct: Vec<u64> = factors.iter().map(|&(f, _)| f).collect();
        // The smallest number of order prime − 1; a primitive root exists for every prime.
        let generator = (2..prime)
            .find(|&a| {
                distinct
                    .iter()
                    .all(|&f| power_mod(a, (prime - 1) / f, prime) != 1)
            })
            .unwrap_or(1);
        todo.extend(distinct.iter().filter(|&&f| f >= WITNESS_FROM));
        let factors = factors
            .iter()
            .flat_map(|&(f, e)| std::iter::repeat_n(f, e as usize))
            .collect();
        witnesses.push(Witness {
            prime,
            generator,
            factors,
        });
    }
    witnesses.sort_unstable();
    witnesses
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
    fn factorisation_multiplies_back_to_the_number_with_prime_factors() {
        let numbers = [
            1u64,
            2,
            3_825_123_056_546_413_051,
            u64::MAX,
            u64::MAX - 1,
            18_446_744_073_709_551_557 - 1,
            4_611_686_018_427_387_903, // 2^62 − 1
            (1 << 61) - 1,             // a Mersenne prime
            4_294_967_291 * 4_294_967_279,
            1_000_000_007 * 998_244_353,
            1 << 63,
        ];
        let near_top = (0..200).map(|k| u64::MAX - k);
        for x in numbers.into_iter().chain(near_top) {
            let factors = factorise(x);
            let product = factors
                .iter()
                .fold(1u128, |p, &(f, e)| p * (f as u128).pow(e));
            assert_eq!(product, x as u128, "x = {x}: {factors:?}");
            assert!(
                factors.iter().all(|&(f, _)| is_prime(f)),
                "x = {x}: {factors:?}"
            );
            assert!(
                factors.windows(2).all(|w| w[0].0 < w[1].0),
                "x = {x}: {factors:?}"
            );
        }
        assert_eq!(factorise(360), [(2, 3), (3, 2), (5, 1)]);
        assert_eq!(factorise(0), []);
    }

    #[test]
    fn witnesses_are_pratt_certificates_down_to_the_bound() {
        let top = 18_446_744_073_709_551_557u64;
        let witnesses = witnesses_for([3 * 5_000_000_000_039, top, 12]);
        assert!(witnesses.iter().any(|w| w.prime == top));
        assert!(witnesses.windows(2).all(|w| w[0].prime < w[1].prime));
        for w in &witnesses {
            assert!(w.prime >= WITNESS_FROM && is_prime(w.prime));
            let product = w.factors.iter().fold(1u128, |p, &f| p * f as u128);
            assert_eq!(product, (w.prime - 1) as u128);
            assert_eq!(power_mod(w.generator, w.prime - 1, w.prime), 1);
            for &f in &w.factors {
                assert_ne!(power_mod(w.generator, (w.prime - 1) / f, w.prime), 1);
                let witnessed = witnesses.iter().any(|v| v.prime == f);
                assert!(
                    f < WITNESS_FROM || witnessed,
                    "{f} of {} has no witness",
                    w.prime
                );
            }
        }
        assert_eq!(witnesses_for([12, (1 << 40) - 87, 2]), []);
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
