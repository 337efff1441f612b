//! The certificates of the general prime-window scheme as Coq data (formal/Interval.v,
//! formal/Prime.v), for `jg formal-data`.
//!
//! From [`SCHEME_FROM`] on, every certificate of the folder is an interval closed pairing of the
//! general scheme: opening 2p and pairs (1, s), (2, 2r), (3, 3q), (p, 3p), (q, 2q), (r, 3r) with
//! primes p < q < r in (n/4, n/3] and s in (n/2, n]. Coq checks such a certificate by arithmetic
//! on its four primes instead of listing divisors (the listing costs the square root of n, 10^6
//! steps a number at 10^12). Each prime gets a Pocklington certificate: a witness `a` and the
//! prime factors of p − 1, each factor proved prime by trial division below [`TRIAL_BELOW`] or by
//! a certificate of its own earlier in the list. Nothing written here is trusted: Coq checks the
//! shape, the inequalities and every certificate.

use super::formal_cert::{coq_name, CoqCert};
use crate::primes::{factorise, is_prime};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The first n of the certificates that Coq checks by the interval lemma (formal/Interval.v);
/// the ones before are checked by listing divisors (formal/Checker.v).
pub const SCHEME_FROM: u64 = 1_322_069_428;

/// Factors of p − 1 below this are proved prime by trial division in Coq (at most 2^12 steps);
/// larger ones by a certificate of their own (formal/Prime.v, `pcert_ok`).
pub const TRIAL_BELOW: u64 = 1 << 24;

/// The four primes of a scheme certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemePrimes {
    pub p: u64,
    pub q: u64,
    pub r: u64,
    pub s: u64,
}

/// The primes of `cert` when it has exactly the shape of the general scheme (pairs in canonical
/// order, opening 2p, each of p, q, r, s prime); Err says what differs.
pub fn scheme_primes(cert: &CoqCert) -> Result<SchemePrimes, String> {
    let not = |why: &str| format!("{}: not the general prime-window scheme: {why}", cert.file);
    let [(1, s), (2, r2), (3, q3), (p, p3), (q, q2), (r, r3)] = cert.pairs[..] else {
        return Err(not(
            "its pairs are not (1, s), (2, 2r), (3, 3q), (p, 3p), (q, 2q), (r, 3r)",
        ));
    };
    let shape = cert.opening == 2 * p
        && p3 == 3 * p
        && q3 == 3 * q
        && q2 == 2 * q
        && r2 == 2 * r
        && r3 == 3 * r;
    if !shape {
        return Err(not("its numbers do not follow p, q, r, s"));
    }
    if let Some(x) = [p, q, r, s].into_iter().find(|&x| !is_prime(x)) {
        return Err(not(&format!("{x} is not prime")));
    }
    Ok(SchemePrimes { p, q, r, s })
}

/// A Pocklington certificate for `p` (formal/Prime.v, `PCert p a factors`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimeCertificate {
    pub p: u64,
    /// A number of order p − 1 modulo p.
    pub a: u64,
    /// The prime factors of p − 1, each as often as it divides, ascending.
    pub factors: Vec<u64>,
}

fn power_mod(base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let m = u128::from(modulus);
    let (mut result, mut base) = (1 % m, u128::from(base) % m);
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result * base % m;
        }
        base = base * base % m;
        exponent >>= 1;
    }
    result as u64
}

/// The certificate of one prime: the smallest `a` of order p − 1 (a primitive root).
fn certificate(p: u64) -> Result<PrimeCertificate, String> {
    if p < 3 || !is_prime(p) {
        return Err(format!("{p} is not an odd prime"));
    }
    let factors = factorise(p - 1);
    let a = (2..p)
        .find(|&a| {
            factors
                .iter()
                .all(|&(f, _)| power_mod(a, (p - 1) / f, p) != 1)
        })
        .ok_or_else(|| format!("{p}: no primitive root found"))?;
    let factors = factors
        .iter()
        .flat_map(|&(f, e)| std::iter::repeat_n(f, e as usize))
        .collect();
    Ok(PrimeCertificate { p, a, factors })
}

/// Certificates for `primes` and, down the factorisations of p − 1, for every factor at or
/// above [`TRIAL_BELOW`]: ascending, each once, so that each factor's certificate comes first.
pub fn prime_certificates(
    primes: impl IntoIterator<Item = u64>,
) -> Result<Vec<PrimeCertificate>, String> {
    let mut todo: Vec<u64> = primes.into_iter().collect();
    let mut done = BTreeSet::new();
    let mut certificates = Vec::new();
    while let Some(p) = todo.pop() {
        if !done.insert(p) {
            continue;
        }
        let cert = certificate(p)?;
        todo.extend(cert.factors.iter().filter(|&&f| f >= TRIAL_BELOW));
        certificates.push(cert);
    }
    certificates.sort_by_key(|cert| cert.p);
    Ok(certificates)
}

/// The Coq data file of the scheme certificates: the prime certificates, checked by
/// `pcheck_all`, then the certificates, each checked by `scheme_check` (formal/Interval.v).
pub fn render(part: usize, certs: &[CoqCert]) -> Result<String, String> {
    let mut primes = BTreeSet::new();
    for cert in certs {
        let SchemePrimes { p, q, r, s } = scheme_primes(cert)?;
        primes.extend([p, q, r, s]);
    }
    let certificates = prime_certificates(primes)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "(* Generated by `jg formal-data` from certificates/: do not edit. Part {part}: the \
         certificates\n   from n = {SCHEME_FROM} on, all of the general prime-window scheme, \
         checked by Interval.v,\n   and certificates of their primes (Prime.v). *)"
    );
    out.push_str(
        "From Coq Require Import NArith List.\nImport ListNotations.\n\
         From JG Require Import Checker Prime Interval.\nOpen Scope N_scope.\n\n",
    );
    out.push_str(
        "(* Each prime p: a number of order p - 1 modulo p and the prime factors of p - 1. *)\n\
         Definition prime_certificates : list pcert := [\n",
    );
    for (i, cert) in certificates.iter().enumerate() {
        let factors: Vec<String> = cert.factors.iter().map(u64::to_string).collect();
        let end = if i + 1 < certificates.len() { ";" } else { "" };
        let _ = writeln!(
            out,
            "  PCert {} {} [{}]{end}",
            cert.p,
            cert.a,
            factors.join("; ")
        );
    }
    out.push_str(
        "].\n\nTheorem prime_certificates_ok : pcheck_all prime_certificates = true.\n\
         Proof. vm_compute. reflexivity. Qed.\n",
    );
    let mut names = Vec::new();
    for cert in certs {
        let name = coq_name(&cert.file);
        let _ = writeln!(out, "\n(* {}, blake3 {} *)", cert.file, cert.blake3);
        let pairs: Vec<String> = cert
            .pairs
            .iter()
            .map(|(a, b)| format!("({a}, {b})"))
            .collect();
        let closure: Vec<String> = cert.closure.iter().map(u64::to_string).collect();
        let _ = writeln!(
            out,
            "Definition {name} : cert := Cert {} {} {}\n  [{}]\n  [{}].",
            cert.lo,
            cert.hi,
            cert.opening,
            pairs.join("; "),
            closure.join("; ")
        );
        names.push(name);
    }
    let _ = write!(
        out,
        "\nDefinition part_{part} : list cert :=\n  [{}].\n\n\
         Theorem part_{part}_ok : forallb (scheme_check (map pc_p prime_certificates)) part_{part} \
         = true.\nProof. vm_compute. reflexivity. Qed.\n",
        names.join(";\n   ")
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certificates_hold_for_their_primes_and_refuse_composites() {
        // 1000000000547 - 1 = 2 · 500000000273, a prime above the trial bound: two certificates.
        let certs = prime_certificates([988_200_288_013, 330_517_357, 1_000_000_000_547]).unwrap();
        assert!(certs.iter().any(|c| c.p == 500_000_000_273));
        for cert in &certs {
            assert_eq!(cert.factors.iter().product::<u64>(), cert.p - 1);
            assert_eq!(power_mod(cert.a, cert.p - 1, cert.p), 1);
            for &f in &cert.factors {
                assert_ne!(power_mod(cert.a, (cert.p - 1) / f, cert.p), 1);
                assert!(f < TRIAL_BELOW || certs.iter().any(|c| c.p == f));
            }
        }
        assert!(certs.windows(2).all(|w| w[0].p < w[1].p));
        assert!(prime_certificates([988_200_288_011]).is_err());
    }
}
