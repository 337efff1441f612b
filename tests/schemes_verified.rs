//! Scheme certificates through the independent verifier: each catalogue scheme is accepted at
//! both ends of its range, and the same strategy forced just outside its range is rejected by
//! the verifier itself (not only by the generator's own simulation).

use jg_verify::{verify_bytes, Limits};
use juniper_green::engines::schemes::{catalogue, general_primes, Scheme};
use juniper_green::proofs::certificate::Certificate;
use juniper_green::{OpeningRule, Player};

fn scheme_certificate(scheme: &Scheme, n: u64) -> Option<Vec<u8>> {
    let pairing = scheme.pairing_ignoring_range(n).ok()?;
    let certificate = Certificate {
        n,
        opening_rule: OpeningRule::Even,
        winner: Player::First,
        generator: "schemes test".into(),
        body: pairing.into(),
    };
    // A number above n cannot be encoded: such a strategy is not even a certificate.
    certificate.to_bytes().ok()
}

#[test]
fn catalogue_schemes_pass_the_verifier_inside_their_range_and_fail_outside() {
    let mut rejected_outside = 0;
    for entry in catalogue() {
        let range = entry.scheme.valid_range();
        for n in [*range.start(), *range.end()] {
            let bytes = scheme_certificate(&entry.scheme, n).expect("inside the range");
            let verdict = verify_bytes(&bytes, &Limits::default())
                .unwrap_or_else(|e| panic!("{} at n = {n}: {e}", entry.scheme));
            assert_eq!(verdict.n, n);
        }
        for n in [range.start() - 1, range.end() + 1] {
            // Outside the range the strategy must not be a proof: either it cannot even be
            // written (a number above n, or no prime left for 1) or the verifier finds the reply
            // it does not cover.
            if let Some(bytes) = scheme_certificate(&entry.scheme, n) {
                assert!(
                    verify_bytes(&bytes, &Limits::default()).is_err(),
                    "{} accepted at n = {n}, outside its range",
                    entry.scheme
                );
                rejected_outside += 1;
            }
        }
    }
    assert!(
        rejected_outside >= 10,
        "only {rejected_outside} out-of-range cases were checked"
    );
}

#[test]
fn the_general_scheme_fails_the_verifier_where_its_window_breaks() {
    // n = 1000: a general scheme exists; at 4p (just past its range) the same strategy loses.
    let (p, q, r) = general_primes(1000).expect("three primes in (250, 333]");
    let scheme = Scheme::general(p, q, r).unwrap();
    let inside = scheme_certificate(&scheme, 1000).unwrap();
    assert!(verify_bytes(&inside, &Limits::default()).is_ok());
    let outside = scheme_certificate(&scheme, 4 * p).unwrap();
    assert!(verify_bytes(&outside, &Limits::default()).is_err());
}
