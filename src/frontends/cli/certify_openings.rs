//! `jg certify N --openings` (or `--range A..B --openings`): an openings certificate (spec.md
//! §3.4) proving exactly which openings win, self-checked by the verifier crate, written
//! atomically as cert-N-openings.bin, with a one-line summary.

use super::certify::Args;
use super::{progress_bar, progress_spinner, CliError};
use juniper_green::proofs::openings::{
    certify_openings_verified, file_name, update_manifest, CertifiedOpenings, ManifestRow,
};
use rayon::prelude::*;
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
                        std::fs::create_dir_all(&args.out_dir).map_err(|e| {
                            format!("cannot create {}: {e}", args.out_dir.display())
                        })?;
                    }
                    args.out_dir.join(file_name(n))
                }
            };
            let started = Instant::now();
            let spinner = progress_spinner(format!("certifying the openings of n = {n}"));
            let certified = certify_openings_verified(n, rule)?;
            spinner.finish_and_clear();
            if !args.dry_run {
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
        (None, Some((from, to))) => {
            if !args.dry_run {
                std::fs::create_dir_all(&args.out_dir)
                    .map_err(|e| format!("cannot create {}: {e}", args.out_dir.display()))?;
            }
            let started = Instant::now();
            let bar = progress_bar(to - from + 1, "openings certificates");
            let results: Vec<Result<(ManifestRow, usize), String>> = (from..=to)
                .into_par_iter()
                .map(|n| {
                    let certified =
                        certify_openings_verified(n, rule).map_err(|e| e.to_string())?;
                    if !args.dry_run {
                        let path = args.out_dir.join(file_name(n));
                        certified
                            .certificate
                            .write(&path)
                            .map_err(|e| e.to_string())?;
                    }
                    bar.inc(1);
                    Ok((certified.manifest_row(), certified.stats.by_barrier()))
                })
                .collect();
            bar.finish_and_clear();
            let (mut rows, mut failed, mut bytes, mut by_barrier) = (Vec::new(), 0, 0u64, 0usize);
            for result in results {
                match result {
                    Ok((row, row_by_barrier)) => {
                        bytes += row.bytes;
                        by_barrier += row_by_barrier;
                        rows.push(row);
                    }
                    Err(error) => {
                        failed += 1;
                        eprintln!("jg: {error}");
                    }
                }
            }
            if let (Some(manifest), false) = (&args.manifest, args.dry_run) {
                update_manifest(manifest, &rows)?;
            }
            if !super::quiet() {
                println!(
                    "{from}..{to}: {} openings certificates made and verified, {failed} failed, {bytes} bytes, {by_barrier} openings by matching and barrier, {:.2} s{}",
                    rows.len(),
                    started.elapsed().as_secs_f64(),
                    if args.dry_run { " (dry run: nothing written)" } else { "" }
                );
            }
            if failed > 0 {
                return Ok(ExitCode::from(1));
            }
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
        "{}: {}, {} win pairings, {} losing openings in {} lose pairings, {} openings by matching and barrier ({} losing, {} winning), {} positions, {} bytes, blake3 {}, {seconds:.2} s",
        path.display(),
        verdict.claim(),
        stats.win_pairings,
        stats.lose_by_pairing,
        stats.lose_pairings,
        stats.by_barrier(),
        stats.lose_by_barrier,
        stats.win_by_path,
        verdict.positions,
        certified.bytes.len(),
        verdict.blake3_hex()
    )
}
