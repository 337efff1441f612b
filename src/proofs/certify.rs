//! `certify`: builds the candidate proofs for one n, checks each with the verifier crate (the
//! trust anchor, docs/DESIGN.md) and keeps the one whose walk is smallest. A candidate the
//! verifier rejects is never written; it is an error naming the verifier's reason.

use crate::engines::search::{SearchConfig, Searcher};
use crate::engines::{matching, schemes};
use crate::game::{Board, OpeningRule, Player, MAX_SMALL_N};
use crate::proofs::certificate::{Body, Certificate, CertificateError};
use crate::proofs::strategy::{build_tree, StrategyError};
use jg_verify::{verify_bytes, Limits, Rejection, Verdict};

/// Which kinds of proof to consider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StrategyChoice {
    /// A scheme if one applies, else a closed pairing, else the smaller walk of a pairing and a
    /// tree (then the fewest bytes)
    Auto,
    /// A prime-window scheme (docs/MATH.md §4) as a pairing certificate
    Scheme,
    /// The pairs of a maximum matching whose closure is all paired: checked by one invariant,
    /// no walk (spec.md §4.5); for any n the matching engine takes
    Closed,
    /// The pairs of a maximum matching (docs/MATH.md §3) as a pairing certificate (n ≤ 128)
    Pairing,
    /// A strategy tree whose winner moves the exact search chooses (n ≤ 128)
    Tree,
}

impl StrategyChoice {
    pub fn name(self) -> &'static str {
        match self {
            StrategyChoice::Auto => "auto",
            StrategyChoice::Scheme => "scheme",
            StrategyChoice::Closed => "closed-pairing",
            StrategyChoice::Pairing => "matching-pairing",
            StrategyChoice::Tree => "search-tree",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub strategy: StrategyChoice,
    pub rule: OpeningRule,
    /// Positions a candidate's walk may take (while building a tree, and in the verifier).
    pub max_positions: u64,
    pub search: SearchConfig,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strategy: StrategyChoice::Auto,
            rule: OpeningRule::Even,
            max_positions: 200_000_000,
            search: SearchConfig::default(),
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

/// Builds, checks and picks the certificate for `n`.
pub fn certify(n: u64, options: &Options) -> Result<Certified, CertifyError> {
    let strategies: &[StrategyChoice] = match options.strategy {
        StrategyChoice::Auto => &[
            StrategyChoice::Scheme,
            StrategyChoice::Closed,
            StrategyChoice::Pairing,
            StrategyChoice::Tree,
        ],
        StrategyChoice::Scheme => &[StrategyChoice::Scheme],
        StrategyChoice::Closed => &[StrategyChoice::Closed],
        StrategyChoice::Pairing => &[StrategyChoice::Pairing],
        StrategyChoice::Tree => &[StrategyChoice::Tree],
    };
    let mut best: Option<Certified> = None;
    let mut reasons = Vec::new();
    for &strategy in strategies {
        // In auto mode, skip what cannot apply rather than fail on it.
        match candidate(n, strategy, options) {
            // A scheme walks a few dozen positions and a closed pairing checks one closure of at
            // most n numbers: nothing else is worth building.
            Ok(found) if matches!(strategy, StrategyChoice::Scheme | StrategyChoice::Closed) => {
                return Ok(found)
            }
            Ok(found) => {
                let better = best.as_ref().is_none_or(|b| {
                    (found.verdict.positions, found.bytes.len())
                        < (b.verdict.positions, b.bytes.len())
                });
                if better {
                    best = Some(found);
                }
            }
            Err(error) if options.strategy == StrategyChoice::Auto => {
                reasons.push(error.to_string())
            }
            Err(error) => return Err(error),
        }
    }
    best.ok_or(CertifyError::Nothing {
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
    let (winner, body) = match strategy {
        StrategyChoice::Scheme => {
            if options.rule != OpeningRule::Even {
                return Err(not_applicable("schemes are for the even opening".into()));
            }
            let (_, pairing, _) =
                schemes::winning_pairing(n).map_err(|e| not_applicable(e.to_string()))?;
            // A closed pairing (one invariant, no walk): its closure is all paired for every
            // scheme in its range. Should the verifier reject it, the walked pairing is tried
            // (below); no second closure is computed here, as it costs as much as the check.
            (
                Player::First,
                Body::ClosedPairing {
                    opening: pairing.opening,
                    pairs: pairing.pairs,
                },
            )
        }
        StrategyChoice::Closed => {
            if n > matching::MAX_N {
                return Err(not_applicable(format!("only for n ≤ {}", matching::MAX_N)));
            }
            let pairing =
                crate::proofs::closure::closed_pairing(n, options.rule).ok_or_else(|| {
                    not_applicable("no maximum matching tried has an all-paired closure".into())
                })?;
            let winner = pairing.winner();
            let body = Body::ClosedPairing {
                opening: pairing.opening,
                pairs: pairing.pairs,
            };
            (winner, body)
        }
        StrategyChoice::Pairing => {
            small_board(n).map_err(not_applicable)?;
            let pairing = matching::pairing_strategy(n, options.rule);
            (pairing.winner(), pairing.into_body())
        }
        StrategyChoice::Tree => {
            let board = Board::with_opening(small_board(n).map_err(not_applicable)?, options.rule);
            let searcher = Searcher::new(&board, &options.search);
            let winner = Player::winner(searcher.wins(&crate::Position::start()));
            let oracle = |position: &crate::Position| !searcher.wins(position);
            let tree = build_tree(&board, winner, &oracle, options.max_positions)
                .map_err(|e: StrategyError| not_applicable(e.to_string()))?;
            (winner, Body::Tree { moves: tree.moves })
        }
        StrategyChoice::Auto => unreachable!("auto is expanded by certify"),
    };
    let certificate = Certificate {
        n,
        opening_rule: options.rule,
        winner,
        generator: format!("jg {} {}", env!("CARGO_PKG_VERSION"), strategy.name()),
        body,
    };
    let bytes = certificate.to_bytes()?;
    let limits = Limits {
        max_positions: options.max_positions,
        ..Limits::default()
    };
    let verdict = match verify_bytes(&bytes, &limits) {
        Ok(verdict) => verdict,
        Err(_) if strategy == StrategyChoice::Scheme && is_closed(&certificate.body) => {
            return walked_scheme(n, certificate, &limits);
        }
        Err(rejection) => {
            return Err(CertifyError::Rejected {
                n,
                strategy,
                rejection,
            })
        }
    };
    Ok(Certified {
        certificate,
        bytes,
        verdict,
        strategy,
    })
}

fn is_closed(body: &Body) -> bool {
    matches!(body, Body::ClosedPairing { .. })
}

/// A scheme whose closure the verifier rejected, as a pairing walked against every reply.
fn walked_scheme(
    n: u64,
    mut certificate: Certificate,
    limits: &Limits,
) -> Result<Certified, CertifyError> {
    if let Body::ClosedPairing { opening, pairs } = certificate.body {
        certificate.body = Body::Pairing { opening, pairs };
    }
    let bytes = certificate.to_bytes()?;
    let strategy = StrategyChoice::Scheme;
    let verdict = verify_bytes(&bytes, limits).map_err(|rejection| CertifyError::Rejected {
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

fn small_board(n: u64) -> Result<u32, String> {
    if n <= MAX_SMALL_N as u64 {
        Ok(n as u32)
    } else {
        Err(format!("only for n ≤ {MAX_SMALL_N}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
