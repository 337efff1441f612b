//! The published folder of chain certificates (`certificates/chains/`): one `chain-N.txt` per n
//! (spec.md §6), each accepted by the verifier's chain checker, and the b-file `a337125.txt` of
//! the terms proved from n = 1 on. Certifying a range is resumable: an n whose certificate is
//! already there and valid is skipped, so a stopped run loses at most the n it was working on.

use crate::engines::chain::{Progress, Request};
use crate::proofs::certificate::write_atomically;
use jg_verify::chain::ChainVerdict;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The b-file's name in the folder (OEIS form: `n a(n)`, one line each).
pub const B_FILE: &str = "a337125.txt";

#[derive(Debug, thiserror::Error)]
pub enum ChainFolderError {
    #[error("--range 0..: n must be at least 1")]
    ZeroN,
    #[error("cannot {what} {}: {source}", path.display())]
    Io {
        what: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The certificate file of n in `dir`.
pub fn certificate_path(dir: &Path, n: u64) -> PathBuf {
    dir.join(format!("chain-{n}.txt"))
}

/// The length a valid certificate of exactly n in `dir` proves, if there is one.
pub fn verified_length(dir: &Path, n: u64) -> Option<u64> {
    verified_chain(dir, n).map(|chain| chain.len() as u64)
}

/// What became of one n of a range.
pub enum ChainItem {
    /// A valid certificate was already there.
    Present { length: u64 },
    /// Certified and written now.
    Certified {
        length: usize,
        seconds: f64,
        bytes: usize,
    },
    /// Not certified (time limit, or the bound not closed): why.
    Failed(String),
    /// Certified after the range, with the proof of `graph` (a later n of equal length).
    Above {
        length: u64,
        graph: u64,
        bytes: usize,
    },
    /// Certified after the range from the proof of n − 1 and a search of the chains through n
    /// alone (spec.md §6.4).
    Below {
        length: usize,
        seconds: f64,
        bytes: usize,
    },
}

/// The chain a valid certificate of exactly n in `dir` carries (its length the one proved), if
/// there is one.
pub fn verified_chain(dir: &Path, n: u64) -> Option<Vec<u64>> {
    let text = std::fs::read_to_string(certificate_path(dir, n)).ok()?;
    let verdict = jg_verify::chain::check(text.as_bytes()).ok()?;
    // The checker accepted the file, so its `chain` line is there and holds the chain.
    let line = text.lines().find_map(|line| line.strip_prefix("chain "))?;
    let chain: Vec<u64> = line
        .split_whitespace()
        .map(|v| v.parse().ok())
        .collect::<Option<_>>()?;
    (verdict.n == n && chain.len() as u64 == verdict.length).then_some(chain)
}

/// The chain of the largest m < n with a valid certificate in `dir`, if any: a chain of 1..m is
/// one of 1..n, and the nearest is the longest (a(m) grows with m). A range resumed after n − 1
/// ran out of time still starts n from the chain n − 2 (or below) proved.
pub fn seed_below(dir: &Path, n: u64) -> Option<Vec<u64>> {
    (1..n).rev().find_map(|m| verified_chain(dir, m))
}

/// Certifies each n of `low..=high` that has no valid certificate in `dir` yet, writing each one
/// atomically as soon as it is proved; `time_limit` bounds each n's branch and cut. Each n
/// starts from the chain of n − 1 (certified just before, or read from its valid certificate in
/// `dir`, or when n − 1 has none from the nearest certificate below, `seed_below`): a chain of
/// 1..n − 1 is one of 1..n, so a(n) ≥ a(n − 1), and with that chain the root bound often closes
/// n at once. `progress` hears the branch and cut's progress for the n at
/// work, `item` the outcome of each n in order. Returns how many failed; only I/O stops it.
pub fn certify_chain_range(
    (low, high): (u64, u64),
    dir: &Path,
    time_limit: Option<Duration>,
    progress: &dyn Fn(u64, Option<Progress>),
    item: &mut dyn FnMut(u64, &ChainItem),
) -> Result<u64, ChainFolderError> {
    if low == 0 {
        return Err(ChainFolderError::ZeroN);
    }
    std::fs::create_dir_all(dir).map_err(io("create", dir))?;
    let mut failures = Vec::new();
    // The chain of n − 1, when known.
    let mut previous: Option<Vec<u64>> = None;
    for n in low..=high {
        progress(n, None);
        if let Some(chain) = verified_chain(dir, n) {
            let length = chain.len() as u64;
            item(n, &ChainItem::Present { length });
            previous = Some(chain);
            continue;
        }
        let seed = previous
            .take()
            .or_else(|| seed_below(dir, n))
            .unwrap_or_default();
        // If n fails, this chain (of 1..n − 1) still starts n + 1.
        let kept = seed.clone();
        let started = Instant::now();
        let deadline = time_limit.map(|limit| started + limit);
        let report = |p| progress(n, Some(p));
        let request = Request {
            n,
            seed: &seed,
            deadline,
            report: &report,
        };
        let outcome = match request.certify() {
            Ok(c) => {
                previous = Some(c.found.chain.clone());
                let path = certificate_path(dir, n);
                write_atomically(&path, &c.certificate).map_err(io("write", &path))?;
                let seconds = started.elapsed().as_secs_f64();
                ChainItem::Certified {
                    length: c.found.chain.len(),
                    seconds,
                    bytes: c.certificate.len(),
                }
            }
            Err(error) => {
                failures.push(n);
                previous = Some(kept);
                ChainItem::Failed(error.to_string())
            }
        };
        item(n, &outcome);
    }
    // Smallest first, so that n may build on the proof n − 1 itself built on n − 2's. Only a
    // certificate with its own proof serves below, and those the pass after this one writes
    // do not, so one pass each, in this order, is all that can succeed.
    let mut left = Vec::new();
    for &n in &failures {
        match certificate_from_below(dir, n, time_limit, progress)? {
            Some(outcome) => item(n, &outcome),
            None => left.push(n),
        }
    }
    // Largest first, so that n may take the proof n + 1 itself took from n + 2.
    let mut failed = 0;
    for &n in left.iter().rev() {
        let below = verified_chain(dir, n - 1);
        match certificate_from_above(dir, n, below.as_deref()) {
            Some((bytes, verdict)) => {
                let path = certificate_path(dir, n);
                write_atomically(&path, &bytes).map_err(io("write", &path))?;
                let (length, graph) = (verdict.length, verdict.graph);
                let bytes = bytes.len();
                item(
                    n,
                    &ChainItem::Above {
                        length,
                        graph,
                        bytes,
                    },
                );
            }
            None => failed += 1,
        }
    }
    Ok(failed)
}

/// Certifies n from the valid certificate of n − 1 in `dir` when that one has its own proof:
/// the branch and cut searches the chains through n alone, within `time_limit`, and n − 1's
/// tree bounds the others (spec.md §6.4). Writes `chain-N.txt` and returns what became of n;
/// None when n − 1 has no such certificate, the search needs more than the time, or n
/// changes the reduced graph. Only I/O is an error.
pub fn certificate_from_below(
    dir: &Path,
    n: u64,
    time_limit: Option<Duration>,
    progress: &dyn Fn(u64, Option<Progress>),
) -> Result<Option<ChainItem>, ChainFolderError> {
    progress(n, None);
    let Ok(below) = std::fs::read(certificate_path(dir, n - 1)) else {
        return Ok(None);
    };
    let started = Instant::now();
    let deadline = time_limit.map(|limit| started + limit);
    let report = |p| progress(n, Some(p));
    let request = Request {
        deadline,
        report: &report,
        ..Request::new(n)
    };
    let Ok(c) = request.certify_through(&below) else {
        return Ok(None);
    };
    let path = certificate_path(dir, n);
    write_atomically(&path, &c.certificate).map_err(io("write", &path))?;
    Ok(Some(ChainItem::Below {
        length: c.found.chain.len(),
        seconds: started.elapsed().as_secs_f64(),
        bytes: c.certificate.len(),
    }))
}

/// A certificate of n that reuses the proof of n + 1's valid certificate in `dir` (spec.md
/// §6.4): a chain of 1..n is one of 1..n + 1, so the bound proved there holds for n, and it is
/// exact when a chain of 1..n is as long, either n + 1's own chain when it avoids n + 1, or
/// `below` (a chain of 1..n − 1). None when neither is, or n + 1 has no valid certificate.
/// What it returns has been accepted by the checker, with its verdict.
pub fn certificate_from_above(
    dir: &Path,
    n: u64,
    below: Option<&[u64]>,
) -> Option<(Vec<u8>, ChainVerdict)> {
    let above = verified_chain(dir, n + 1)?;
    let text = std::fs::read_to_string(certificate_path(dir, n + 1)).ok()?;
    let chain = if above.iter().all(|&v| v <= n) {
        above
    } else {
        below.filter(|chain| chain.len() == above.len())?.to_vec()
    };
    // The proof: n + 1's lines from its `graph` line (a proof taken from further up) or else
    // its `denominator` line on.
    let at = text
        .lines()
        .position(|line| line.starts_with("graph ") || line.starts_with("denominator "))?;
    let proof: Vec<&str> = text.lines().skip(at).collect();
    let graph = match proof[0].starts_with("graph ") {
        true => String::new(),
        false => format!("graph {}\n", n + 1),
    };
    let numbers: Vec<String> = chain.iter().map(u64::to_string).collect();
    let head = format!(
        "JGCHAIN1\nn {n}\nlength {}\nchain {}\n",
        chain.len(),
        numbers.join(" ")
    );
    let bytes = format!("{head}{graph}{}\n", proof.join("\n")).into_bytes();
    let verdict = jg_verify::chain::check(&bytes).ok()?;
    (verdict.n == n && verdict.length == chain.len() as u64).then_some((bytes, verdict))
}

/// Rewrites the b-file from the run of valid certificates n = 1, 2, … with no gap; returns its
/// path and the last n it lists (0 when there is none).
pub fn write_b_file(dir: &Path) -> Result<(PathBuf, u64), ChainFolderError> {
    let mut b_file = String::new();
    let mut n = 1;
    while let Some(length) = verified_length(dir, n) {
        b_file.push_str(&format!("{n} {length}\n"));
        n += 1;
    }
    let path = dir.join(B_FILE);
    write_atomically(&path, b_file.as_bytes()).map_err(io("write", &path))?;
    Ok((path, n - 1))
}

/// The error for an I/O failure doing `what` to `path`.
fn io(what: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> ChainFolderError {
    let path = path.to_path_buf();
    move |source| ChainFolderError::Io { what, path, source }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(dir: &Path, range: (u64, u64)) -> Vec<(u64, &'static str)> {
        let mut seen = Vec::new();
        let mut item = |n, outcome: &ChainItem| {
            let kind = match outcome {
                ChainItem::Present { .. } => "present",
                ChainItem::Certified { .. } => "certified",
                ChainItem::Failed(_) => "failed",
                ChainItem::Above { .. } => "above",
                ChainItem::Below { .. } => "below",
            };
            seen.push((n, kind));
        };
        assert_eq!(
            certify_chain_range(range, dir, None, &|_, _| {}, &mut item).unwrap(),
            0
        );
        seen
    }

    /// A stopped or damaged folder resumes: only the missing or invalid certificates are made
    /// again, and the b-file lists the terms from 1 up to the first gap, each as its certificate
    /// proves it.
    #[test]
    fn a_range_resumes_and_the_b_file_stops_at_the_first_gap() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        assert!(run(dir, (1, 12))
            .iter()
            .all(|&(_, kind)| kind == "certified"));
        std::fs::write(certificate_path(dir, 5), "JGCHAIN1\nn 5\n").unwrap();
        let again = run(dir, (1, 12));
        let made: Vec<u64> = again
            .iter()
            .filter(|(_, k)| *k == "certified")
            .map(|&(n, _)| n)
            .collect();
        assert_eq!(made, [5]);
        std::fs::remove_file(certificate_path(dir, 8)).unwrap();
        let (path, last) = write_b_file(dir).unwrap();
        assert_eq!(last, 7);
        let expected: String = (1..=7)
            .map(|n| format!("{n} {}\n", verified_length(dir, n).unwrap()))
            .collect();
        assert_eq!(std::fs::read_to_string(path).unwrap(), expected);
        assert!(matches!(run_err(dir), ChainFolderError::ZeroN));
    }

    /// The chain a range starts n from is the one n − 1's valid certificate carries; a damaged
    /// or missing certificate gives none.
    #[test]
    fn the_seed_is_read_only_from_a_valid_certificate() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        run(dir, (1, 9));
        for n in 1..=9 {
            let chain = verified_chain(dir, n).unwrap();
            crate::engines::chain::check_chain(n, &chain).unwrap();
            assert_eq!(Some(chain.len() as u64), verified_length(dir, n), "n = {n}");
        }
        let path = certificate_path(dir, 9);
        let text = std::fs::read_to_string(&path).unwrap();
        // A chain line one number longer than its length: the checker refuses it, so no seed.
        let short = text.replacen("chain ", "chain 7 ", 1);
        std::fs::write(&path, short).unwrap();
        assert_eq!(verified_chain(dir, 9), None);
        assert_eq!(verified_chain(dir, 10), None);
    }

    /// A range resumed over a gap starts from the nearest certificate below it: with 8 and 9
    /// missing (8 ran out of time, say), 9 starts from 7's chain, the longest known; with
    /// nothing valid below, from nothing.
    #[test]
    fn the_seed_comes_from_the_nearest_valid_certificate_below() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        run(dir, (1, 9));
        let seven = verified_chain(dir, 7).unwrap();
        assert_eq!(seed_below(dir, 9), verified_chain(dir, 8));
        std::fs::remove_file(certificate_path(dir, 8)).unwrap();
        assert_eq!(seed_below(dir, 9).as_ref(), Some(&seven));
        std::fs::write(certificate_path(dir, 7), "JGCHAIN1\nn 7\n").unwrap();
        assert_eq!(seed_below(dir, 9), verified_chain(dir, 6));
        assert_ne!(seed_below(dir, 9), None);
        assert_eq!(seed_below(dir, 1), None);
        let empty = tempfile::tempdir().unwrap();
        assert_eq!(seed_below(empty.path(), 9), None);
    }

    /// a(36) = a(37) = a(38) = 30 and a(39) = 31 (the b-file, each term proved by its own
    /// tree). An n that runs out of time takes the proof of n + 1, itself possibly taken from
    /// n + 2, and the result is what the checker accepts; it is refused when n + 1's chain is
    /// longer than any chain known for n.
    #[test]
    fn an_n_out_of_time_takes_the_proof_of_n_plus_1_when_the_lengths_agree() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        run(dir, (38, 39));
        let mut seen = Vec::new();
        let mut item = |n, outcome: &ChainItem| {
            let what = match outcome {
                ChainItem::Failed(_) => "failed".to_string(),
                ChainItem::Above { length, graph, .. } => format!("{length} over {graph}"),
                _ => "other".to_string(),
            };
            seen.push((n, what));
        };
        let limit = Some(Duration::ZERO);
        let failed = certify_chain_range((36, 37), dir, limit, &|_, _| {}, &mut item).unwrap();
        assert_eq!(failed, 0);
        let expected = [
            (36, "failed"),
            (37, "failed"),
            (37, "30 over 38"),
            (36, "30 over 38"),
        ];
        let expected: Vec<(u64, String)> = expected.map(|(n, s)| (n, s.to_string())).into();
        assert_eq!(seen, expected);
        for n in [36, 37] {
            let bytes = std::fs::read(certificate_path(dir, n)).unwrap();
            let verdict = jg_verify::chain::check(&bytes).unwrap();
            assert_eq!((verdict.n, verdict.length, verdict.graph), (n, 30, 38));
            let chain = verified_chain(dir, n).unwrap();
            crate::engines::chain::check_chain(n, &chain).unwrap();
        }
        // a(38) < a(39), and no chain of 1..37 is as long as 39's: nothing to take.
        let below = verified_chain(dir, 37).unwrap();
        assert!(certificate_from_above(dir, 38, Some(&below)).is_none());
        // Without a certificate of n + 1 there is nothing to take either.
        assert!(certificate_from_above(dir, 39, Some(&below)).is_none());
    }

    /// The pass after the range that builds n on n − 1's proof: it writes n's certificate
    /// whether a(n) = a(n − 1) (49 on 48) or a(n) is larger (50 on 49), and leaves n alone
    /// when n − 1 has no certificate or n changes the reduced graph (53, a prime).
    #[test]
    fn an_n_out_of_time_builds_on_the_proof_of_n_minus_1() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        run(dir, (48, 48));
        let quiet = &|_, _| {};
        for (n, expected) in [(49, 39), (50, 41)] {
            let made = certificate_from_below(dir, n, None, quiet).unwrap();
            assert!(
                matches!(made, Some(ChainItem::Below { length, .. }) if length == expected),
                "n = {n}"
            );
            let bytes = std::fs::read(certificate_path(dir, n)).unwrap();
            let verdict = jg_verify::chain::check(&bytes).unwrap();
            assert_eq!(
                (verdict.n, verdict.length, verdict.graph),
                (n, expected as u64, n)
            );
            let text = String::from_utf8(bytes).unwrap();
            assert!(text.contains(&format!("\ntree\nbranch y {n}\n")), "n = {n}");
        }
        assert!(certificate_from_below(dir, 52, None, quiet)
            .unwrap()
            .is_none());
        run(dir, (52, 52));
        assert!(certificate_from_below(dir, 53, None, quiet)
            .unwrap()
            .is_none());
        assert!(!certificate_path(dir, 53).exists());
        assert_eq!(verified_length(dir, 50), Some(41));
    }

    fn run_err(dir: &Path) -> ChainFolderError {
        certify_chain_range((0, 3), dir, None, &|_, _| {}, &mut |_, _| {}).unwrap_err()
    }
}
