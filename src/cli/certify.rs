//! `jg certify N` (or `--range A..B`): build a certificate, self-check it with the verifier
//! crate, write it atomically and print a one-line summary.

use super::{progress_bar, progress_spinner, CliError, RuleArgs};
use juniper_green::certify::{certify, Certified, Options, Strategy};
use juniper_green::manifest::Row;
use juniper_green::search::SearchConfig;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
#[command(
    after_help = "Memory: the search's table is bounded by --table-mib; the verifier's \
    memo by the walk (about 40 bytes a position), capped by --max-positions.\n\
    The same n always gives the same bytes, whatever the number of threads."
)]
pub struct Args {
    /// The board size (omit with --range)
    #[arg(value_parser = super::parse_n, required_unless_present = "range")]
    pub n: Option<u64>,
    /// Where to write the certificate (default: cert-N.bin in the current directory)
    #[arg(short, long, conflicts_with = "range")]
    pub output: Option<PathBuf>,
    /// Certify every n in A..B (inclusive), writing cert-N.bin files into --out-dir
    #[arg(long, value_parser = parse_range, conflicts_with = "n")]
    pub range: Option<(u64, u64)>,
    /// Directory for the files written with --range
    #[arg(long, default_value = ".")]
    pub out_dir: PathBuf,
    /// Add (or replace) the certificates' rows in this manifest (e.g. certificates/MANIFEST.tsv)
    #[arg(long, value_name = "MANIFEST.tsv")]
    pub manifest: Option<PathBuf>,
    /// Build and verify, but write nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Prove exactly which openings win instead of the winner: an openings certificate
    /// (spec.md §3.4), cert-N-openings.bin; --manifest then names an openings manifest
    #[arg(long)]
    pub openings: bool,
    /// Which strategy to use
    #[arg(long, value_enum, default_value_t = Strategy::Auto)]
    pub strategy: Strategy,
    /// Most positions a candidate's walk may take; larger candidates are dropped
    #[arg(long, default_value_t = Options::default().max_positions)]
    pub max_positions: u64,
    /// Search transposition-table size in MiB (tree strategy)
    #[arg(long, default_value_t = SearchConfig::default().table_megabytes)]
    pub table_mib: usize,
    #[command(flatten)]
    pub rule: RuleArgs,
}

fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("'{text}' is not a range A..B"))?;
    let from = super::parse_n(a)?;
    let to = super::parse_n(b)?;
    if from > to {
        return Err(format!("the range {from}..{to} is empty"));
    }
    Ok((from, to))
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.openings {
        return super::certify_openings::run(args);
    }
    let options = Options {
        strategy: args.strategy,
        rule: args.rule.rule(),
        max_positions: args.max_positions,
        search: SearchConfig {
            table_megabytes: args.table_mib,
            ..Default::default()
        },
    };
    match (args.n, args.range) {
        (Some(n), _) => {
            let path = args
                .output
                .clone()
                .unwrap_or_else(|| default_name(Path::new("."), n));
            let started = Instant::now();
            let spinner = progress_spinner(format!("certifying n = {n}"));
            let certified = certify(n, &options)?;
            spinner.finish_and_clear();
            if !args.dry_run {
                certified.certificate.write(&path)?;
                if let Some(manifest) = &args.manifest {
                    juniper_green::manifest::update(manifest, &[certified.manifest_row()])?;
                }
            }
            println!(
                "{}",
                summary(&path, &certified, started.elapsed().as_secs_f64())
            );
        }
        (None, Some((from, to))) => {
            if !args.dry_run {
                std::fs::create_dir_all(&args.out_dir)
                    .map_err(|e| format!("cannot create {}: {e}", args.out_dir.display()))?;
            }
            let started = Instant::now();
            let bar = progress_bar(to - from + 1, "certificates");
            let results: Vec<Result<Row, String>> = (from..=to)
                .into_par_iter()
                .map(|n| {
                    let certified = certify(n, &options).map_err(|e| e.to_string())?;
                    if !args.dry_run {
                        let path = default_name(&args.out_dir, n);
                        certified
                            .certificate
                            .write(&path)
                            .map_err(|e| e.to_string())?;
                    }
                    bar.inc(1);
                    Ok(certified.manifest_row())
                })
                .collect();
            bar.finish_and_clear();
            let mut failed = 0;
            let (mut positions, mut bytes) = (0u64, 0u64);
            let mut rows = Vec::new();
            for result in results {
                match result {
                    Ok(row) => {
                        positions += row.positions;
                        bytes += row.bytes;
                        rows.push(row);
                    }
                    Err(error) => {
                        failed += 1;
                        eprintln!("jg: {error}");
                    }
                }
            }
            if let (Some(manifest), false) = (&args.manifest, args.dry_run) {
                juniper_green::manifest::update(manifest, &rows)?;
            }
            println!(
                "{from}..{to}: {} certified and verified, {failed} failed, {positions} positions, {bytes} bytes, {:.2} s{}",
                rows.len(),
                started.elapsed().as_secs_f64(),
                if args.dry_run { " (dry run: nothing written)" } else { "" }
            );
            if failed > 0 {
                return Ok(ExitCode::from(1));
            }
        }
        (None, None) => unreachable!("clap requires N or --range"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `cert-N.bin`, decimal N without padding (CLI contract).
pub fn default_name(dir: &Path, n: u64) -> PathBuf {
    dir.join(format!("cert-{n}.bin"))
}

fn summary(path: &Path, certified: &Certified, seconds: f64) -> String {
    format!(
        "{}: n={}, {} player wins, {}, {} positions, {} bytes, blake3 {}, {seconds:.2} s",
        path.display(),
        certified.verdict.n,
        certified.verdict.winner.name(),
        certified.strategy.name(),
        certified.verdict.positions,
        certified.bytes.len(),
        certified.verdict.blake3_hex()
    )
}
