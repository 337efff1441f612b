//! `jg certify N --openings` (or `--range A..B --openings`): an openings certificate (spec.md
//! §3.4) proving exactly which openings win, self-checked by the verifier crate, written
//! atomically as cert-N-openings.bin, with a one-line summary.

use super::certify::Args;
use super::{progress_spinner, CliError};
use juniper_green::proofs::openings::{
    certify_openings_range, certify_openings_verified, file_name, update_manifest,
    CertifiedOpenings,
};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let rule = args.rule.rule();
    match (args.n, args.range.or(args.from.zip(args.to))) {
        (Some(n), _) => {
            let path = match &args.output {
                Some(path) => path.clone(),
                None => {
                    if !args.dry_run {
                        super::certify::create_out_dir(&args.out_dir)?;
                    }
                    args.out_dir.join(file_name(n))
                }
            };
            let started = Instant::now();
            let spinner = progress_spinner(format!("certifying the openings of n = {n}"));
            let certified = certify_openings_verified(n, rule)?;
            spinner.finish_and_clear();
            if !args.dry_run {
                super::create_parent(&path)?;
                certified.certificate.write(&path)?;
                if let Some(manifest) = &args.manifest {
                    update_manifest(manifest, &[certified.manifest_row()])?;
                }
            }
            let seconds = started.elapsed().as_secs_f64();
            if !super::quiet() {
                println!("{}", summary(&path, &certified, seconds));
            }
        }
        (None, Some(range)) => {
            return super::certify::run_range(
                &args,
                range,
                "openings certificates",
                |out_dir, done| certify_openings_range(range.0, range.1, rule, out_dir, done),
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
            );
        }
        (None, None) => unreachable!("clap requires N, --range or --from/--to"),
    }
    Ok(ExitCode::SUCCESS)
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
        super::counted(stats.win_pairings, "win pairing", "win pairings"),
        super::counted(stats.lose_by_pairing, "losing opening", "losing openings"),
        super::counted(stats.lose_pairings, "lose pairing", "lose pairings"),
        super::counted(stats.by_barrier(), "opening", "openings"),
        stats.lose_by_barrier,
        stats.win_by_path,
        super::counted(verdict.positions, "position", "positions"),
        super::counted(certified.bytes.len(), "byte", "bytes"),
        verdict.blake3_hex()
    )
}
