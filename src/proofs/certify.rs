//! `certify`: builds the candidate proofs for one n (a prime-window scheme, else a closed
//! pairing), checks it with the verifier crate (the trust anchor, docs/DESIGN.md) and keeps the
//! first one accepted. A candidate the verifier rejects is never written; it is an error naming
//! the verifier's reason. (Walked certificates, kinds 0 and 1, are retired: spec.md §2.)

use crate::engines::{matching, schemes};
use crate::game::{OpeningRule, Player};
use crate::proofs::certificate::{Body, Certificate, CertificateError};
use jg_verify::{verify_bytes, Limits, Rejection, Verdict};

/// Which kinds of proof to consider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum StrategyChoice {
    /// A scheme if one applies, else a closed pairing
    Auto,
    /// A prime-window scheme (docs/MATH.md §4) as a closed pairing certificate
    Scheme,
    /// The pairs of a maximum matching whose closure is all paired: checked by one invariant
    /// (spec.md §4.5); for any n the matching engine takes
    Closed,
}

impl StrategyChoice {
    pub fn name(self) -> &'static str {
        match self {
            StrategyChoice::Auto => "auto",
            StrategyChoice::Scheme => "scheme",
            StrategyChoice::Closed => "closed-pairing",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub strategy: StrategyChoice,
    pub rule: OpeningRule,
    /// Numbers a candidate's closure may hold in the verifier (its position bound).
    pub max_positions: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strategy: StrategyChoice::Auto,
            rule: OpeningRule::Even,
            max_positions: 200_000_000,
        }
    }
}

/// A certificate that the verifier accepted, with its bytes and the verifier's verdict.
#[derive(Clone, Debug)]
pub struct Certified {
    pub certificate: Certificate,
    pub bytes: Vec<u8>,
    pub verdict: Verdict,
    pub strategy: StrategyChoice,
}

#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    #[error("no {strategy} certificate for n = {n}: {why}", strategy = .strategy.name())]
    NotApplicable {
        n: u64,
        strategy: StrategyChoice,
        why: String,
    },
    #[error("the verifier rejected the {strategy} certificate for n = {n}: {rejection}", strategy = .strategy.name())]
    Rejected {
        n: u64,
        strategy: StrategyChoice,
        rejection: Rejection,
    },
    #[error(transparent)]
    Encoding(#[from] CertificateError),
    #[error("no strategy produced a certificate for n = {n}: {reasons}")]
    Nothing { n: u64, reasons: String },
}

/// Builds, checks and picks the certificate for `n`: in auto mode the first of a scheme and a
/// closed pairing that the verifier accepts.
pub fn certify(n: u64, options: &Options) -> Result<Certified, CertifyError> {
    let strategies: &[StrategyChoice] = match options.strategy {
        StrategyChoice::Auto => &[StrategyChoice::Scheme, StrategyChoice::Closed],
        StrategyChoice::Scheme => &[StrategyChoice::Scheme],
        StrategyChoice::Closed => &[StrategyChoice::Closed],
    };
    let mut reasons = Vec::new();
    for &strategy in strategies {
        // In auto mode, skip what cannot apply rather than fail on it.
        match candidate(n, strategy, options) {
            Ok(found) => return Ok(found),
            Err(error) if options.strategy == StrategyChoice::Auto => {
                reasons.push(error.to_string())
            }
            Err(error) => return Err(error),
        }
    }
    Err(CertifyError::Nothing {
        n,
        reasons: reasons.join("; "),
    })
}

impl Certified {
    /// The manifest row that pins this certificate (from the verifier's verdict).
    pub fn manifest_row(&self) -> crate::proofs::manifest::Row {
        crate::proofs::manifest::Row {
            first: self.verdict.n,
            last: self.verdict.n,
            winner: self.certificate.winner,
            kind: self.verdict.kind.name().to_string(),
            bytes: self.bytes.len() as u64,
            blake3: self.verdict.blake3_hex(),
            file: file_name(self.verdict.n),
        }
    }
}

/// `cert-N.bin`, decimal N without padding (docs/DESIGN.md, CLI contract).
pub fn file_name(n: u64) -> String {
    format!("cert-{n}.bin")
}

/// `cert-A-B.bin`, the name of an interval certificate proving every n in A..B (A < B).
pub fn interval_file_name(first: u64, last: u64) -> String {
    format!("cert-{first}-{last}.bin")
}

/// What certifying a range gave, the same for both kinds of range (`certify_range` and
/// `openings::certify_openings_range`): the manifest rows of the n certified (ascending; `R` is
/// the manifest's row type), totals over those certificates, and the failures in the order of
/// their n.
#[derive(Clone, Debug)]
pub struct RangeReport<R> {
    pub rows: Vec<R>,
    /// The positions the verifier checked, summed.
    pub positions: u64,
    /// The certificates' bytes, summed.
    pub bytes: u64,
    /// Openings proved by a matching-and-barrier entry, summed (0 but for openings certificates).
    pub by_barrier: usize,
    pub failures: Vec<String>,
}

/// One certificate of a range that the verifier accepted, as its range report counts it.
pub(crate) struct RangeItem<R> {
    pub certificate: Certificate,
    pub row: R,
    pub positions: u64,
    pub bytes: u64,
    pub by_barrier: usize,
}

impl<R> RangeItem<R> {
    /// An accepted certificate with its bytes, the verifier's verdict and its manifest row.
    pub(crate) fn new(row: R, certificate: Certificate, bytes: &[u8], verdict: &Verdict) -> Self {
        RangeItem {
            certificate,
            row,
            positions: verdict.positions,
            bytes: bytes.len() as u64,
            by_barrier: 0,
        }
    }
}

/// Makes every n of `from..=to` with `make` (in parallel; the same bytes on any thread count)
/// and, unless `out_dir` is None (a dry run), writes each as `out_dir/file_name(n)`. `done` is
/// called from the worker threads after each n, made or not. The ranges of both kinds of
/// certificate run here.
pub(crate) fn certify_each<R: Send>(
    from: u64,
    to: u64,
    out_dir: Option<&std::path::Path>,
    file_name: fn(u64) -> String,
    done: &(dyn Fn() + Sync),
    make: impl Fn(u64) -> Result<RangeItem<R>, String> + Sync,
) -> RangeReport<R> {
    use rayon::prelude::*;
    let results: Vec<Result<RangeItem<R>, String>> = (from..=to)
        .into_par_iter()
        .map(|n| {
            let result = make(n).and_then(|item| {
                if let Some(dir) = out_dir {
                    let path = dir.join(file_name(n));
                    item.certificate.write(&path).map_err(|e| e.to_string())?;
                }
                Ok(item)
            });
            done();
            result
        })
        .collect();
    let mut report = RangeReport {
        rows: Vec::new(),
        positions: 0,
        bytes: 0,
        by_barrier: 0,
        failures: Vec::new(),
    };
    for result in results {
        match result {
            Ok(item) => {
                report.positions += item.positions;
                report.bytes += item.bytes;
                report.by_barrier += item.by_barrier;
                report.rows.push(item.row);
            }
            Err(error) => report.failures.push(error),
        }
    }
    report
}

/// Certifies every n of `from..=to` (in parallel; the same bytes on any thread count) and,
/// unless `out_dir` is None (a dry run), writes each as `out_dir/cert-N.bin`. `done` is called
/// from the worker threads after each n, certified or not.
pub fn certify_range(
    from: u64,
    to: u64,
    options: &Options,
    out_dir: Option<&std::path::Path>,
    done: &(dyn Fn() + Sync),
) -> RangeReport<crate::proofs::manifest::Row> {
    certify_each(from, to, out_dir, file_name, done, |n| {
        let c = certify(n, options).map_err(|e| e.to_string())?;
        Ok(RangeItem::new(
            c.manifest_row(),
            c.certificate,
            &c.bytes,
            &c.verdict,
        ))
    })
}

fn candidate(
    n: u64,
    strategy: StrategyChoice,
    options: &Options,
) -> Result<Certified, CertifyError> {
    let not_applicable = |why: String| CertifyError::NotApplicable { n, strategy, why };
    let (winner, opening, pairs) = match strategy {
        StrategyChoice::Scheme => {
            if options.rule != OpeningRule::Even {
                return Err(not_applicable("schemes are for the even opening".into()));
            }
            // A closed pairing (one invariant, no walk): its closure is all paired for every
            // scheme in its range.
            // The verifier's check below is the only one: no walk, no second closure.
            let (_, pairing) =
                schemes::scheme_pairing(n).map_err(|e| not_applicable(e.to_string()))?;
            (Player::First, pairing.opening, pairing.pairs)
        }
        StrategyChoice::Closed => {
            if n > matching::MAX_N {
                return Err(not_applicable(format!("only for n ≤ {}", matching::MAX_N)));
            }
            let pairing =
                crate::proofs::closure::closed_pairing(n, options.rule).ok_or_else(|| {
                    not_applicable("no maximum matching tried has an all-paired closure".into())
                })?;
            (pairing.winner(), pairing.opening, pairing.pairs)
        }
        StrategyChoice::Auto => unreachable!("auto is expanded by certify"),
    };
    let certificate = Certificate {
        n,
        opening_rule: options.rule,
        winner,
        generator: format!("jg {} {}", env!("CARGO_PKG_VERSION"), strategy.name()),
        body: Body::ClosedPairing { opening, pairs },
    };
    let bytes = certificate.to_bytes()?;
    let limits = Limits {
        max_positions: options.max_positions,
        ..Limits::default()
    };
    let verdict = verify_bytes(&bytes, &limits).map_err(|rejection| CertifyError::Rejected {
        n,
        strategy,
        rejection,
    })?;
    Ok(Certified {
        certificate,
        bytes,
        verdict,
        strategy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::search::{SearchConfig, Searcher};
    use crate::game::Board;

    /// Each engine against the verifier: the winner of the verified closed pairing (kind 2) is
    /// the exact search's and the matching's winner for every n ≤ 40 under both rules, and a
    /// verified scheme certificate (n = 119..400) claims the matching's winner, the first.
    #[test]
    fn every_engine_agrees_with_the_verified_certificates() {
        for rule in [OpeningRule::Even, OpeningRule::Free] {
            for n in 1..=40u32 {
                let options = Options {
                    strategy: StrategyChoice::Closed,
                    rule,
                    ..Options::default()
                };
                let certified = certify(u64::from(n), &options).unwrap();
                let verified = Player::winner(certified.verdict.winner == jg_verify::Winner::First);
                let board = Board::with_opening(n, rule);
                let searcher = Searcher::new(&board, &SearchConfig::default());
                let searched = Player::winner(searcher.wins(&crate::Position::start()));
                assert_eq!(verified, searched, "n = {n}, {rule:?}: search");
                let matched = matching::solve(u64::from(n), rule).winner;
                assert_eq!(verified, matched, "n = {n}, {rule:?}: matching");
            }
        }
        let schemes = Options {
            strategy: StrategyChoice::Scheme,
            ..Options::default()
        };
        for n in 119..=400 {
            let certified = certify(n, &schemes).unwrap();
            assert_eq!(
                certified.verdict.winner,
                jg_verify::Winner::First,
                "n = {n}"
            );
            assert_eq!(matching::solve(n, OpeningRule::Even).winner, Player::First);
        }
    }

    #[test]
    fn a_range_writes_what_certify_makes_for_each_n_and_reports_failures_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let options = Options::default();
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let done = || {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        let report = certify_range(1, 12, &options, Some(dir.path()), &done);
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        assert_eq!(calls.into_inner(), 12);
        let firsts: Vec<u64> = report.rows.iter().map(|r| r.first).collect();
        assert_eq!(firsts, (1..=12).collect::<Vec<_>>());
        for row in &report.rows {
            let written = std::fs::read(dir.path().join(&row.file)).unwrap();
            assert_eq!(written, certify(row.first, &options).unwrap().bytes);
            assert_eq!(row.bytes, written.len() as u64);
        }
        assert_eq!(
            report.bytes,
            report.rows.iter().map(|r| r.bytes).sum::<u64>()
        );
        // A strategy that cannot apply fails for every n, and the failures come in order.
        let schemes_only = Options {
            strategy: StrategyChoice::Scheme,
            ..Options::default()
        };
        let report = certify_range(4, 6, &schemes_only, None, &|| {});
        assert!(report.rows.is_empty());
        assert_eq!(report.failures.len(), 3);
        for (n, failure) in (4..=6).zip(&report.failures) {
            assert!(failure.contains(&format!("n = {n}")), "{failure}");
        }
    }
}
