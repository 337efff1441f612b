//! The theorem folder: a small set of certificates that together prove who wins on every board
//! 1..n for n in a range (`certificates/`, 1..10^12). Second-player wins are single-n closed
//! pairings (a second-player claim cannot be an interval: the loser's openings change with n);
//! first-player wins are interval closed pairings (kind 3, spec.md §3.3) wherever one serves,
//! else single-n certificates from `certify`.
//!
//! Where the intervals come from:
//! - the general scheme (docs/MATH.md §4) with consecutive primes p < q < r: open 2p, pairs
//!   p–3p, 3–3q, q–2q, 2–2r, r–3r, 1–s; every number is at most 3r and every number the winner
//!   plays is at least 2p, so it proves every n in [3r, 4p − 1] (s a prime in (2p, n_first]);
//! - the catalogue schemes, on their whole valid range;
//! - for small n, a search for closed pairings whose winner numbers all lie in
//!   (n_last/2, n_first] (`search_interval`), widened to every board their closure allows.
//!
//! Every piece is checked before it is kept: single-n files by the verifier crate, intervals by
//! the solver-side interval check (`pairing::check_closure` with a first board), see `self_check`.

use crate::engines::matching;
use crate::engines::schemes::{self, Scheme};
use crate::game::{OpeningRule, Player};
use crate::primes::largest_prime_at_most;
use crate::proofs::certificate::{Body, Certificate, CertificateError};
use crate::proofs::certify::{certify, CertifyError, Options};
use crate::proofs::closure::{self, Interval};
use crate::proofs::manifest;
use std::path::Path;

/// Boards up to this n get candidates from the catalogue and the search, and their winner from
/// the matching engine; above it only the general scheme is used (every n above
/// 176 has three primes in (n/4, n/3], docs/MATH.md §4, and the greedy cover meets no gap there).
pub const SMALL_BOUND: u64 = 200;

/// One file of the folder: its claim, certificate and bytes.
#[derive(Clone, Debug)]
pub struct Piece {
    pub first: u64,
    pub last: u64,
    pub winner: Player,
    pub certificate: Certificate,
    pub bytes: Vec<u8>,
    /// |L| of the closure (the positions the verifier reports).
    pub positions: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum TheoremError {
    #[error(transparent)]
    Certify(#[from] CertifyError),
    #[error(transparent)]
    Encoding(#[from] CertificateError),
    #[error("the interval certificate for n = {first}..{last} fails its check: {why}")]
    IntervalCheck { first: u64, last: u64, why: String },
    #[error(
        "n = {n} is above {} and no general-scheme interval covers it",
        SMALL_BOUND
    )]
    Uncovered { n: u64 },
    #[error(transparent)]
    Manifest(#[from] manifest::ManifestError),
    #[error("writing {path}: {why}")]
    Io { path: String, why: String },
}

impl Piece {
    /// `cert-N.bin` for one n, `cert-A-B.bin` for an interval (file-name contract).
    pub fn file_name(&self) -> String {
        if self.first == self.last {
            crate::proofs::certify::file_name(self.first)
        } else {
            crate::proofs::certify::interval_file_name(self.first, self.last)
        }
    }

    pub fn manifest_row(&self) -> manifest::Row {
        manifest::Row {
            first: self.first,
            last: self.last,
            winner: self.winner,
            kind: match self.certificate.body {
                Body::ClosedPairing { .. } => "closed-pairing",
                Body::IntervalClosedPairing { .. } => "interval-closed-pairing",
                Body::Openings { .. } => "openings",
            }
            .to_string(),
            bytes: self.bytes.len() as u64,
            blake3: blake3::hash(&self.bytes).to_hex().to_string(),
            file: self.file_name(),
        }
    }
}

/// The general scheme's interval that covers `c` and reaches furthest: p < q < r the three
/// largest primes at most c/3 (so 3r ≤ c), valid up to 4p − 1 if that is at least c.
/// A larger p would need r > c/3; a smaller one ends earlier. s is the scheme's prime for 1
/// on the board 1..c (the largest unused prime in (c/2, c]); the interval check requires it
/// to be above 2p.
pub fn general_interval(c: u64) -> Option<Interval> {
    let r = largest_prime_at_most(c / 3)?;
    let q = largest_prime_at_most(r - 1)?;
    let p = largest_prime_at_most(q - 1)?;
    if p < 5 || c > (4 * p).checked_sub(1)? {
        return None;
    }
    let scheme = Scheme::general(p, q, r).ok()?;
    interval_of_scheme(&scheme, c)
}

/// A scheme's strategy on the board 1..c as an interval [c, 2b − 1] (b the smallest number the
/// winner plays), if its closure passes the interval check.
fn interval_of_scheme(scheme: &Scheme, c: u64) -> Option<Interval> {
    let pairing = scheme.pairing(c).ok()?;
    let opening = pairing.opening?;
    let interval = closure::widest_interval(c, OpeningRule::Even, opening, &pairing.pairs)?;
    (interval.first <= c && c <= interval.last).then_some(interval)
}

/// Nodes the interval search may visit for one (first, last) before it gives up.
const SEARCH_NODES: usize = 200_000;

/// An interval closed pairing claiming every board 1..m, `first ≤ m ≤ last`, found by search.
///
/// The winner's numbers (opening and partners) must lie in W = (last/2, first]; then every
/// number the loser can reach is a proper divisor of one of them, so at most first/2 ≤ last/2,
/// and its partner, a number of W, must be a multiple of it. The search chooses an even opening
/// v of W, starts L with v's proper divisors, and assigns to each number of L (the one with the
/// fewest choices first) an unused multiple in W, adding that multiple's proper divisors to L,
/// with backtracking, until every number of L has a partner. The result is re-checked.
pub fn search_interval(first: u64, last: u64) -> Option<Interval> {
    let low = last / 2; // W = (low, first]
    if low >= first {
        return None;
    }
    let divisors = |y: u64| -> Vec<u64> { (1..y).filter(|&d| y.is_multiple_of(d)).collect() };
    struct State {
        reached: Vec<u64>,
        partner: std::collections::HashMap<u64, u64>,
        used: std::collections::HashSet<u64>,
        nodes: usize,
    }
    fn dfs(state: &mut State, low: u64, first: u64, divisors: &dyn Fn(u64) -> Vec<u64>) -> bool {
        state.nodes += 1;
        if state.nodes > SEARCH_NODES {
            return false;
        }
        // The unassigned number of L with the fewest free multiples in W.
        let options = |x: u64, state: &State| -> Vec<u64> {
            ((low / x + 1) * x..=first)
                .step_by(x as usize)
                .filter(|y| !state.used.contains(y))
                .collect()
        };
        let Some((x, choices)) = state
            .reached
            .iter()
            .filter(|x| !state.partner.contains_key(x))
            .map(|&x| (x, options(x, state)))
            .min_by_key(|(x, o)| (o.len(), *x))
        else {
            return true;
        };
        for y in choices {
            let added: Vec<u64> = divisors(y)
                .into_iter()
                .filter(|d| !state.reached.contains(d))
                .collect();
            state.reached.extend(&added);
            state.partner.insert(x, y);
            state.used.insert(y);
            if dfs(state, low, first, divisors) {
                return true;
            }
            state.used.remove(&y);
            state.partner.remove(&x);
            state.reached.truncate(state.reached.len() - added.len());
        }
        false
    }
    for v in (low + 1..=first).filter(|v| v % 2 == 0) {
        let mut state = State {
            reached: divisors(v),
            partner: Default::default(),
            used: [v].into_iter().collect(),
            nodes: 0,
        };
        if dfs(&mut state, low, first, &divisors) {
            let mut pairs: Vec<(u64, u64)> = state.partner.into_iter().collect();
            pairs.sort_unstable();
            return closure::widest_interval(first, OpeningRule::Even, v, &pairs)
                .filter(|i| i.first <= first && i.last >= last);
        }
    }
    None
}

/// The interval found by `search_interval` that starts at c and reaches furthest (None when
/// not even [c, c + 1] has one).
pub fn searched_interval(c: u64) -> Option<Interval> {
    let mut best = None;
    for last in c + 1..2 * c {
        match search_interval(c, last) {
            Some(found) => best = Some(found),
            None => break,
        }
    }
    best
}

/// The catalogue schemes as interval candidates, each on its valid range.
pub fn catalogue_intervals() -> Vec<Interval> {
    schemes::catalogue()
        .iter()
        .filter_map(|entry| interval_of_scheme(&entry.scheme, *entry.scheme.valid_range().start()))
        .collect()
}

/// The pieces that prove every n in `from..=to` (even opening), in ascending order, none
/// overlapping.
///
/// The cover is greedy: at the first n not yet proved, `c`, a second-player win gets its single
/// certificate; a first-player win gets the candidate interval holding c that reaches furthest
/// (claimed from c), or a single certificate when none reaches past c. Greedy is optimal for
/// covering points by intervals from a fixed family (here: the candidates and every single n):
/// take any cover with fewest intervals and its interval holding c; every n before c is already
/// covered, so replacing that interval by the greedy one (which holds c and ends no earlier)
/// still covers everything, and induction on the rest gives a cover of the same size. Each
/// file claims only [c, its end] (its numbers are all at most its first board, so any
/// sub-interval starting at or above it is proved by the same pairs), so files never overlap.
pub fn plan(from: u64, to: u64) -> Result<Vec<Piece>, TheoremError> {
    let small = catalogue_intervals();
    let winners = matching::solve_range(
        from.min(SMALL_BOUND + 1),
        to.min(SMALL_BOUND),
        OpeningRule::Even,
    );
    let small_winner = |n: u64| {
        winners
            .iter()
            .find(|outcome| outcome.n == n)
            .map(|outcome| outcome.winner)
    };
    let mut pieces = Vec::new();
    let mut c = from.max(1);
    while c <= to {
        if c <= SMALL_BOUND && small_winner(c) == Some(Player::Second) {
            pieces.push(single(c)?);
            c += 1;
            continue;
        }
        let mut best: Option<Interval> = general_interval(c);
        if c <= SMALL_BOUND {
            for candidate in small
                .iter()
                .chain(searched_interval(c).as_ref())
                .filter(|i| i.first <= c && c <= i.last)
            {
                if best.as_ref().is_none_or(|b| candidate.last > b.last) {
                    best = Some(candidate.clone());
                }
            }
        }
        match best {
            Some(interval) if interval.last > c => {
                let last = interval.last.min(to);
                pieces.push(interval_piece(c, last, &interval)?);
                c = last + 1;
            }
            _ if c <= SMALL_BOUND || c <= matching::MAX_N => {
                pieces.push(single(c)?);
                c += 1;
            }
            _ => return Err(TheoremError::Uncovered { n: c }),
        }
    }
    Ok(pieces)
}

/// The single-n certificate `jg certify n` writes (checked by the verifier crate).
fn single(n: u64) -> Result<Piece, TheoremError> {
    let certified = certify(n, &Options::default())?;
    Ok(Piece {
        first: n,
        last: n,
        winner: certified.certificate.winner,
        positions: certified.verdict.positions,
        certificate: certified.certificate,
        bytes: certified.bytes,
    })
}

/// The kind-3 certificate claiming [first, last] with the interval's pairs, self-checked.
pub fn interval_piece(first: u64, last: u64, interval: &Interval) -> Result<Piece, TheoremError> {
    let certificate = Certificate {
        n: first,
        opening_rule: OpeningRule::Even,
        winner: Player::First,
        generator: format!("jg {} interval", env!("CARGO_PKG_VERSION")),
        body: Body::IntervalClosedPairing {
            n_last: last,
            opening: interval.opening,
            pairs: interval.pairs.clone(),
        },
    };
    let bytes = certificate.to_bytes()?;
    let positions = self_check(&certificate)?;
    Ok(Piece {
        first,
        last,
        winner: Player::First,
        certificate,
        bytes,
        positions,
    })
}

/// The check a piece passes before it is kept; the closure size. Two independent checks must
/// agree: the solver-side interval check (`pairing::check_closure` on 1..n_last with the first board)
/// and the verifier crate, whose verdict must state exactly the claim.
pub fn self_check(certificate: &Certificate) -> Result<u64, TheoremError> {
    let Body::IntervalClosedPairing {
        n_last,
        opening,
        ref pairs,
    } = certificate.body
    else {
        unreachable!("self_check is for interval certificates");
    };
    let fail = |why: String| TheoremError::IntervalCheck {
        first: certificate.n,
        last: n_last,
        why,
    };
    if n_last < certificate.n || certificate.winner != Player::First {
        return Err(fail("not a first-player interval".into()));
    }
    let closed = crate::pairing::check_closure(
        n_last,
        certificate.opening_rule,
        Some(opening),
        pairs,
        Some(certificate.n),
    )
    .map_err(|e| fail(e.to_string()))?;
    let bytes = certificate.to_bytes()?;
    let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default())
        .map_err(|rejection| fail(format!("the verifier rejects it: {rejection}")))?;
    let claimed = (
        certificate.n,
        n_last,
        jg_verify::Winner::First,
        closed.size as u64,
    );
    if (verdict.n, verdict.n_last, verdict.winner, verdict.positions) != claimed {
        return Err(fail(format!(
            "the verifier proves {verdict}, not the claim"
        )));
    }
    Ok(closed.size as u64)
}

/// Writes every piece into `dir` and the manifest `dir/MANIFEST.tsv` (rewritten whole).
/// Returns the rows written.
pub fn write_folder(pieces: &[Piece], dir: &Path) -> Result<Vec<manifest::Row>, TheoremError> {
    std::fs::create_dir_all(dir).map_err(|e| TheoremError::Io {
        path: dir.display().to_string(),
        why: e.to_string(),
    })?;
    let mut rows = Vec::new();
    for piece in pieces {
        piece.certificate.write(&dir.join(piece.file_name()))?;
        rows.push(piece.manifest_row());
    }
    manifest::write(&dir.join("MANIFEST.tsv"), &rows)?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn general_intervals_are_the_scheme_windows() {
        // 10^6: the three largest primes at most 333333 are 333299 < 333323 < 333331.
        let interval = general_interval(1_000_000).unwrap();
        assert_eq!(interval.opening, 2 * 333_299);
        assert_eq!(interval.last, 4 * 333_299 - 1);
        assert!(interval.first <= 1_000_000);
        // Every number of the pairs is the scheme's: 1, 2, 3, p, q, r, 2q, 3p, 3q, 3r, 2r, s.
        assert_eq!(interval.pairs.len(), 6);
    }

    #[test]
    fn a_closed_pairing_found_at_n_widens_only_where_its_check_holds() {
        // Every candidate passes the interval check on its largest board and fails it one
        // board further (the smallest winner number then has a multiple on the board), and
        // fails when its first board is lowered below its largest number.
        let mut candidates = catalogue_intervals();
        assert_eq!(candidates.len(), schemes::catalogue().len());
        candidates.extend((3..=60).filter_map(searched_interval));
        assert!(candidates.len() > 15);
        for interval in &candidates {
            let Interval {
                first,
                last,
                opening,
                ref pairs,
            } = *interval;
            let rule = OpeningRule::Even;
            assert!(
                crate::pairing::check_closure(last, rule, Some(opening), pairs, Some(first))
                    .is_ok()
            );
            assert!(matches!(
                crate::pairing::check_closure(last + 1, rule, Some(opening), pairs, Some(first)),
                Err(crate::pairing::ClosureError::TooWide { .. })
            ));
            assert!(matches!(
                crate::pairing::check_closure(last, rule, Some(opening), pairs, Some(first - 1)),
                Err(crate::pairing::ClosureError::AboveFirst { .. })
            ));
        }
    }

    #[test]
    fn intervals_agree_with_a_walk_on_every_board() {
        // Every interval the search finds from c = 3..=60 wins, walked against every reply
        // (the scheme simulator, not the closure), on each board of its range; and the
        // closure check fails on the board just past it.
        let mut boards = 0;
        for c in 3..=60 {
            let Some(interval) = searched_interval(c) else {
                continue;
            };
            let pairing = crate::pairing::Pairing {
                opening: Some(interval.opening),
                pairs: interval.pairs.clone(),
            };
            for m in c..=interval.last {
                crate::engines::schemes::simulate(m, &pairing)
                    .unwrap_or_else(|e| panic!("m = {m}: {e}"));
                boards += 1;
            }
        }
        assert!(boards > 20, "{boards}");
    }
}
