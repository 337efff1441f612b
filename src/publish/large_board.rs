//! What `jg explain` adds for a board too large for the table of divisors and multiples: the
//! prime factorisation of the opening and of each answer (the loser's moves are their divisors,
//! so the third fact of the proof is read off them), and the rows of the prime witnesses of a
//! version 2 file (spec.md §3.5), the Pratt certificates that the large primes among those
//! factors are prime (read from the bytes by `proofs::decode`).

use crate::proofs::decode::Witness;

/// Trial division stops at this divisor (2^21): what is left above 1 is named prime when it is
/// below the square of the bound or one of `primes`, and left unfactored otherwise.
const TRIAL_BOUND: u64 = 1 << 21;

/// The prime factorisation of `x` ≥ 1 as text, `2 · 3^2 · 313` (`1` for 1). The primes of
/// `primes` (a file's witnesses) are divided out first; the rest by trial division. A cofactor
/// that neither proves prime is written `c (not factored here)`.
pub fn factorisation(x: u64, primes: &[u64]) -> String {
    let mut factors: Vec<(u64, u32)> = Vec::new();
    let mut rest = x;
    let mut take = |rest: &mut u64, p: u64| {
        let mut e = 0;
        while rest.is_multiple_of(p) {
            *rest /= p;
            e += 1;
        }
        if e > 0 {
            factors.push((p, e));
        }
    };
    for &p in primes.iter().filter(|&&p| p > 1) {
        take(&mut rest, p);
    }
    let mut d = 2;
    while d <= TRIAL_BOUND && d.saturating_mul(d) <= rest {
        take(&mut rest, d);
        d += if d == 2 { 1 } else { 2 };
    }
    let mut unfactored = None;
    if rest > 1 {
        let proved_prime = d.saturating_mul(d) > rest || primes.contains(&rest);
        match proved_prime {
            true => factors.push((rest, 1)),
            false => unfactored = Some(rest),
        }
    }
    factors.sort_unstable();
    let mut words: Vec<String> = factors
        .iter()
        .map(|&(p, e)| match e {
            1 => p.to_string(),
            _ => format!("{p}^{e}"),
        })
        .collect();
    if let Some(c) = unfactored {
        words.push(format!("{c} (not factored here)"));
    }
    if words.is_empty() {
        return "1".into();
    }
    words.join(" · ")
}

/// The witnesses as table rows: `p`, `a`, the factorisation of `p − 1`.
pub fn witness_rows(witnesses: &[Witness]) -> Vec<Vec<String>> {
    witnesses
        .iter()
        .map(|w| {
            let mut counted: Vec<(u64, u32)> = Vec::new();
            for &q in &w.factors {
                match counted.last_mut() {
                    Some((last, e)) if *last == q => *e += 1,
                    _ => counted.push((q, 1)),
                }
            }
            let words: Vec<String> = counted
                .iter()
                .map(|&(q, e)| match e {
                    1 => q.to_string(),
                    _ => format!("{q}^{e}"),
                })
                .collect();
            vec![w.p.to_string(), w.a.to_string(), words.join(" · ")]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proofs::decode::read_witnesses;

    #[test]
    fn factorisations_multiply_back_and_name_what_they_cannot_prove() {
        assert_eq!(factorisation(1, &[]), "1");
        assert_eq!(factorisation(626, &[]), "2 · 313");
        assert_eq!(factorisation(720, &[]), "2^4 · 3^2 · 5");
        // A 12-digit answer of the published certificate for n up to 10^12.
        assert_eq!(factorisation(658_800_191_834, &[]), "2 · 329400095917");
        // Two primes above the trial bound: left unfactored unless a witness names one.
        let p = 2_147_483_647u64; // 2^31 − 1, prime; so is 2^30 + 3 = 1073741827
        let product = p * 1_073_741_827;
        assert_eq!(
            factorisation(product, &[]),
            format!("{product} (not factored here)")
        );
        assert_eq!(factorisation(product, &[p]), format!("1073741827 · {p}"));
    }

    #[test]
    fn witnesses_are_read_in_order_and_a_short_section_is_refused() {
        let mut body = Vec::new();
        for word in [1u64, 1_099_511_627_791, 3, 2, 2, 549_755_813_895, 0xAB] {
            body.extend(word.to_le_bytes());
        }
        let (witnesses, rest) = read_witnesses(&body).unwrap();
        assert_eq!(
            witnesses,
            [Witness {
                p: 1_099_511_627_791,
                a: 3,
                factors: vec![2, 549_755_813_895]
            }]
        );
        assert_eq!(rest, 0xABu64.to_le_bytes());
        assert_eq!(
            witness_rows(&witnesses)[0],
            ["1099511627791", "3", "2 · 549755813895"]
        );
        assert!(read_witnesses(&body[..30]).is_err());
    }
}
