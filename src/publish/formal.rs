//! The certificates as Coq data for the formal proof (`formal/`, `jg formal-data`).
//!
//! Every certificate of the folder (they cover every n up to 10^12) is verified by `jg_verify`,
//! decoded, and written as one Coq term `Cert lo hi opening pairs closure` (formal/Checker.v).
//! They reach past [`TAIL_FROM`], where the formal proof's prime-window argument takes over, so
//! the two overlap. The closure is the set of numbers the loser may be about to name (spec.md
//! §4.5), recomputed here by the raw rules; Coq checks that it is closed, so nothing written
//! here is trusted. The certificates before [`SCHEME_FROM`] are checked in Coq by listing
//! divisors: in ascending order of their first n, split into [`PARTS`] files, the first one
//! those below [`TAIL_FROM`] (all the main theorem needs), the others of about equal checking
//! cost (cut where the estimate of [`cost`] says) so that Coq checks them in parallel.
//! The ones from [`SCHEME_FROM`] on are all of the general prime-window scheme, checked by the
//! interval lemma with certificates for their primes (`formal_scheme`), in one more file.
//! `DataAll.v` joins them. The output is deterministic.

use crate::game::OpeningRule;
use crate::proofs::accept::{read_folder, AcceptedFile, Expect, FolderError};
use crate::proofs::decode::{DecodedStrategy, Kind};
use crate::publish::explain;
use std::fmt::Write as _;
use std::path::Path;

/// The first n of the formal proof's general argument (3 · 2^17, formal/Tail.v): the
/// certificates cover below.
pub const TAIL_FROM: u64 = 393_216;

/// The certificates written are those whose first n is below this: every n up to 10^12.
pub const CERTIFIED_BELOW: u64 = 1_000_000_000_000;

pub use super::formal_cert::{coq_name, CoqCert};
pub use super::formal_scheme::SCHEME_FROM;

/// How many data files the certificates before [`SCHEME_FROM`] are split into. Coq's check
/// lists divisors by trial division up to the square root, so its cost grows like the square
/// root of the largest n (docs/benchmarks-history.md, "Formal proof").
pub const PARTS: usize = 4;

/// Why the Coq data cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum FormalError {
    /// A file refused (by the verifier, or not a closed pairing of the even-opening game), or
    /// one that cannot be read.
    #[error(transparent)]
    Folder(#[from] FolderError),
    /// The certificates leave a gap below `below`.
    #[error("{0}")]
    Gap(String),
    /// The closure of an accepted certificate cannot be listed.
    #[error("{file}: {why}")]
    Closure { file: String, why: String },
}

/// Reads, verifies and decodes every certificate of `dir` whose first n is below `below`,
/// ascending (`accept::read_folder`: each a closed pairing of the even-opening game, named by
/// its claim). Err names a file refused, or a gap in the certificates.
pub fn read_certificates(dir: &Path, below: u64) -> Result<Vec<CoqCert>, FormalError> {
    let expect = Expect {
        rule: Some(OpeningRule::Even),
        kinds: Some(&[Kind::ClosedPairing, Kind::IntervalClosedPairing]),
        first_below: Some(below),
    };
    let mut certs = Vec::new();
    for accepted in read_folder(dir, &expect)? {
        let AcceptedFile {
            file,
            decoded,
            accepted,
        } = accepted;
        let DecodedStrategy::Pairing { opening, pairs } = decoded.strategy else {
            continue; // not a pairing: the kinds expected above are pairings only
        };
        let rows = explain::closure_rows(decoded.n_last, decoded.rule, opening, &pairs).map_err(
            |why| FormalError::Closure {
                file: file.clone(),
                why,
            },
        )?;
        certs.push(CoqCert {
            file,
            blake3: accepted.blake3,
            lo: decoded.n,
            hi: decoded.n_last,
            opening: opening.unwrap_or(0),
            pairs,
            closure: rows.iter().map(|row| row.loser).collect(),
        });
    }
    certs.sort_by_key(|cert| cert.lo);
    let mut next = 1;
    for cert in &certs {
        if cert.lo != next {
            return Err(FormalError::Gap(format!(
                "no certificate starts at n = {next} (next is {})",
                cert.file
            )));
        }
        next = cert.hi + 1;
    }
    if next < below {
        return Err(FormalError::Gap(format!(
            "the certificates stop at n = {}, below {below}",
            next - 1
        )));
    }
    Ok(certs)
}

/// Appends `items` as a Coq list, wrapped at about 100 columns with the given indent.
fn coq_list(out: &mut String, items: &[String], indent: &str) {
    out.push('[');
    let mut column = indent.len() + 1;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item};")
        } else {
            item.clone()
        };
        if i > 0 {
            if column + 1 + piece.len() > 100 {
                out.push('\n');
                out.push_str(indent);
                out.push(' ');
                column = indent.len() + 1;
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(&piece);
        column += piece.len();
    }
    out.push(']');
}

/// An estimate of Coq's work to check `cert`: the divisions and multiples listed for the opening
/// and every partner of the closure (square root plus hi / y each), and the first moves of a
/// second-player claim.
pub fn cost(cert: &CoqCert) -> u64 {
    let partner = |x: u64| {
        cert.pairs
            .iter()
            .find_map(|&(a, b)| (a == x).then_some(b).or((b == x).then_some(a)))
    };
    let mut expanded: Vec<u64> = cert.closure.iter().filter_map(|&x| partner(x)).collect();
    expanded.push(cert.opening);
    expanded.sort_unstable();
    expanded.dedup();
    let listing: u64 = expanded
        .iter()
        .filter(|&&y| y > 0)
        .map(|&y| y.isqrt() + cert.hi / y)
        .sum();
    listing + if cert.opening == 0 { cert.hi } else { 0 }
}

/// Cuts the ascending certificates into at most [`PARTS`] runs: first the ones whose first n is
/// below [`TAIL_FROM`], all that the main theorem rests on (formal/Certified.v; a small file, so
/// that `make coqchk` re-checks its computation too), then the others in runs of about equal
/// [`cost`].
fn split(certs: &[CoqCert]) -> Vec<&[CoqCert]> {
    let (head, certs) = certs.split_at(certs.partition_point(|cert| cert.lo < TAIL_FROM));
    let mut runs: Vec<&[CoqCert]> = Vec::new();
    if !head.is_empty() {
        runs.push(head);
    }
    let total: u64 = certs.iter().map(cost).sum::<u64>().max(1);
    let (first, parts) = (runs.len(), PARTS - runs.len());
    let (mut start, mut done) = (0, 0u64);
    for (i, cert) in certs.iter().enumerate() {
        done += cost(cert);
        let cut = (runs.len() - first) as u64 + 1;
        if done >= cut * total / parts as u64 && runs.len() + 1 < PARTS {
            runs.push(&certs[start..=i]);
            start = i + 1;
        }
    }
    if start < certs.len() {
        runs.push(&certs[start..]);
    }
    runs
}

/// The data files: `(name, contents)` for `Data1.v` …, the scheme's part, and `DataAll.v`. Err
/// names a certificate from [`SCHEME_FROM`] on that is not of the general scheme.
pub fn render(certs: &[CoqCert]) -> Result<Vec<(String, String)>, String> {
    let (listed, schemes): (Vec<CoqCert>, Vec<CoqCert>) = certs
        .iter()
        .cloned()
        .partition(|cert| cert.lo < SCHEME_FROM);
    let certs = &listed[..];
    let mut files = Vec::new();
    let mut parts = Vec::new();
    for (k, chunk) in split(certs).into_iter().enumerate() {
        let part = k + 1;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "(* Generated by `jg formal-data` from certificates/: do not edit. Part {part} of the\n   certificates whose first n is below {SCHEME_FROM}, as data for Checker.v. *)"
        );
        out.push_str("From Coq Require Import NArith List.\nImport ListNotations.\nFrom JG Require Import Checker.\nOpen Scope N_scope.\n");
        let mut names = Vec::new();
        for cert in chunk {
            let name = coq_name(&cert.file);
            let _ = writeln!(out, "\n(* {}, blake3 {} *)", cert.file, cert.blake3);
            let _ = write!(
                out,
                "Definition {name} : cert := Cert {} {} {}\n  ",
                cert.lo, cert.hi, cert.opening
            );
            let pairs: Vec<String> = cert
                .pairs
                .iter()
                .map(|(a, b)| format!("({a}, {b})"))
                .collect();
            coq_list(&mut out, &pairs, "  ");
            out.push_str("\n  ");
            let closure: Vec<String> = cert.closure.iter().map(u64::to_string).collect();
            coq_list(&mut out, &closure, "  ");
            out.push_str(".\n");
            names.push(name);
        }
        let _ = write!(out, "\nDefinition part_{part} : list cert :=\n  ");
        coq_list(&mut out, &names, "  ");
        let _ = writeln!(
            out,
            ".\n\nTheorem part_{part}_ok : forallb check part_{part} = true.\nProof. vm_compute. reflexivity. Qed."
        );
        files.push((format!("Data{part}.v"), out));
        parts.push(part);
    }
    if !schemes.is_empty() {
        let part = parts.len() + 1;
        files.push((
            format!("Data{part}.v"),
            super::formal_scheme::render(part, &schemes)?,
        ));
        parts.push(part);
    }
    let mut all = String::from(
        "(* Generated by `jg formal-data` from certificates/: do not edit. All the parts. *)\nFrom Coq Require Import NArith List.\nImport ListNotations.\nFrom JG Require Import Checker Interval.\n",
    );
    let imports: Vec<String> = parts.iter().map(|p| format!("Data{p}")).collect();
    let _ = writeln!(all, "From JG.data Require Import {}.", imports.join(" "));
    let joined: Vec<String> = parts.iter().map(|p| format!("part_{p}")).collect();
    let _ = writeln!(
        all,
        "\nDefinition certificates : list cert := {}.",
        joined.join(" ++ ")
    );
    all.push_str(
        "\n(* Each certificate proves what it claims: by Checker.v, or by Interval.v for the scheme. *)\n\
         Theorem certificates_ok : forall c, In c certificates -> cert_sound c.\n\
         Proof.\n  unfold certificates. intros c H.\n",
    );
    for (i, p) in parts.iter().enumerate() {
        let proof = if schemes.is_empty() || i + 1 < parts.len() {
            format!("check_part_sound _ part_{p}_ok c H")
        } else {
            format!("scheme_part_sound _ _ prime_certificates_ok part_{p}_ok c H")
        };
        if i + 1 < parts.len() {
            let _ = writeln!(all, "  apply in_app_or in H as [H|H]; [exact ({proof})|].");
        } else {
            let _ = writeln!(all, "  exact ({proof}).\nQed.");
        }
    }
    files.push(("DataAll.v".to_string(), all));
    Ok(files)
}
