//! `jg certify N --openings` (or `--range A..B --openings`): an openings certificate (spec.md
//! §3.4) proving exactly which openings win, self-checked by the verifier crate, written
//! atomically as cert-N-openings.bin, with a one-line summary.

use super::super::{counted, create_parent, progress_spinner, quiet, CliError};
use super::output::Output;
use juniper_green::proofs::openings::{
    certify_openings_range, certify_openings_verified, file_name, update_manifest,
    CertifiedOpenings,
};
use juniper_green::OpeningRule;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// One n: the openings certificate, written to -o or to cert-N-openings.bin in --out-dir, and
/// the summary line.
pub fn one(n: u64, output: &Output, rule: OpeningRule) -> Result<ExitCode, CliError> {
    let path = output.path(file_name(n))?;
    let started = Instant::now();
    let spinner = progress_spinner(format!("certifying the openings of n = {n}"));
    let certified = certify_openings_verified(n, rule)?;
    spinner.finish_and_clear();
    if !output.dry_run {
        create_parent(&path)?;
        certified.certificate.write(&path)?;
        if let Some(manifest) = output.manifest {
            update_manifest(manifest, &[certified.manifest_row()])?;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    if !quiet() {
        println!("{}", summary(&path, &certified, seconds));
    }
    if let Some(refusal) = &certified.beyond_defaults {
        eprintln!(
            "jg: note: jg-verify refuses {} under its default bounds ({refusal}); it is valid \
             under larger ones (jg-verify --max-memory-mib, --max-work)",
            path.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Every n of a range, in parallel, into --out-dir.
pub fn range(
    (from, to): (u64, u64),
    output: &Output,
    rule: OpeningRule,
) -> Result<ExitCode, CliError> {
    output.run_range(
        (from, to),
        "openings certificates",
        |out_dir, done| certify_openings_range(from, to, rule, out_dir, done),
        |manifest, rows| Ok(update_manifest(manifest, rows)?),
        |report| {
            format!(
                "{} openings certificates made and verified, {} failed, {} bytes, {} openings by matching and barrier",
                report.rows.len(),
                report.failures.len(),
                report.bytes,
                report.by_barrier
            )
        },
    )
}

/// `PATH: valid: <the verifier's claim>, W win pairings, L losing openings in P lose pairings,
/// B openings by matching and barrier (L losing, W winning), P positions, B bytes, blake3 H,
/// S s`.
fn summary(path: &Path, certified: &CertifiedOpenings, seconds: f64) -> String {
    let (verdict, stats) = (&certified.verdict, &certified.stats);
    format!(
        "{}: {}, {}, {} in {}, {} by matching and barrier ({} losing, {} winning), {}, {}, blake3 {}, {seconds:.2} s",
        path.display(),
        verdict.claim(),
        counted(stats.win_pairings, "win pairing", "win pairings"),
        counted(stats.lose_by_pairing, "losing opening", "losing openings"),
        counted(stats.lose_pairings, "lose pairing", "lose pairings"),
        counted(stats.by_barrier(), "opening", "openings"),
        stats.lose_by_barrier,
        stats.win_by_path,
        counted(verdict.positions, "position", "positions"),
        counted(certified.bytes.len(), "byte", "bytes"),
        verdict.blake3_hex()
    )
}
