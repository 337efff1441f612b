//! `jg certify N` and `jg certify --range A..B`: a certificate of the winner (a scheme or a
//! closed pairing, `juniper_green::proofs::certify`) for one n or each n of a range.

use super::super::{counted, create_parent, progress_spinner, quiet, write_output, CliError};
use super::output::Output;
use juniper_green::proofs::certify::{certify, certify_range, file_name, Certified, Options};
use juniper_green::proofs::manifest;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// One n: the certificate, written to -o (`-`: stdout, the summary then on stderr) or to
/// cert-N.bin in --out-dir, and the summary line.
pub fn one(n: u64, output: &Output, options: &Options) -> Result<ExitCode, CliError> {
    let to_stdout = output.output == Some(Path::new("-"));
    if to_stdout && output.manifest.is_some() {
        return Err(
            "--manifest needs a file: it cannot list a certificate written to stdout (-o -)".into(),
        );
    }
    let path = output.path(file_name(n))?;
    let started = Instant::now();
    let spinner = progress_spinner(format!("certifying n = {n}"));
    let certified = certify(n, options)?;
    spinner.finish_and_clear();
    if !output.dry_run && to_stdout {
        write_output(&path, &certified.bytes)?;
    } else if !output.dry_run {
        create_parent(&path)?;
        certified.certificate.write(&path)?;
        if let Some(manifest) = output.manifest {
            manifest::update(manifest, &[certified.manifest_row()])?;
        }
    }
    if !quiet() {
        let label = if to_stdout {
            Path::new("stdout")
        } else {
            path.as_path()
        };
        let written = (!output.dry_run).then_some(label);
        let line = summary(written, &certified, started.elapsed().as_secs_f64());
        match to_stdout {
            true => eprintln!("{line}"),
            false => println!("{line}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Every n of a range, in parallel, into --out-dir.
pub fn range(
    (from, to): (u64, u64),
    output: &Output,
    options: &Options,
) -> Result<ExitCode, CliError> {
    output.run_range(
        (from, to),
        "certificates",
        |out_dir, done| certify_range(from, to, options, out_dir, done),
        |manifest, rows| Ok(manifest::update(manifest, rows)?),
        |report| {
            format!(
                "{} certified and verified, {} failed, {}, {}",
                report.rows.len(),
                report.failures.len(),
                counted(report.positions, "position", "positions"),
                counted(report.bytes, "byte", "bytes")
            )
        },
    )
}

/// The summary line: `PATH: n=…`, or `dry run, nothing written: n=…` when no file was written.
fn summary(path: Option<&Path>, certified: &Certified, seconds: f64) -> String {
    let label = path.map_or("dry run, nothing written".to_string(), |path| {
        path.display().to_string()
    });
    // The verifier's own words for the claim: they name the free opening when it applies.
    format!(
        "{label}: {}, {}, {}, {}, blake3 {}, {seconds:.2} s",
        certified.verdict.claim(),
        certified.strategy.name(),
        counted(certified.verdict.positions, "position", "positions"),
        counted(certified.bytes.len(), "byte", "bytes"),
        certified.verdict.blake3_hex()
    )
}
