//! `jg certify N` (or `--range A..B`): build a certificate, self-check it with the verifier
//! crate, write it atomically and print a one-line summary.

use super::{progress_bar, progress_spinner, CliError, RuleArgs};
use juniper_green::proofs::certify::{
    certify, certify_range, file_name, Certified, Options, RangeReport, StrategyChoice,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
#[command(
    group = clap::ArgGroup::new("what").required(true).args(["n", "range", "from", "cover"]),
    after_help = "Memory: the verifier's closure holds about 100 bytes a number, capped by \
    --max-positions.\n\
    The same n always gives the same bytes, whatever the number of threads."
)]
pub struct Args {
    /// The board size (omit with --range, --from/--to or --cover)
    #[arg(value_parser = super::parse_n)]
    pub n: Option<u64>,
    /// Where to write the certificate (default: cert-N.bin in --out-dir); `-` writes its bytes
    /// to stdout, and the summary line then goes to stderr
    #[arg(short, long, conflicts_with_all = ["range", "from", "out_dir"])]
    pub output: Option<PathBuf>,
    /// Certify every n in A..B (inclusive), writing cert-N.bin files into --out-dir
    #[arg(long, value_name = "A..B", value_parser = super::parse_range,
          conflicts_with_all = ["n", "from", "to"])]
    pub range: Option<(u64, u64)>,
    /// First n of a range (with --to; the same as --range FROM..TO)
    #[arg(long, value_parser = super::parse_n, requires = "to", conflicts_with = "n")]
    pub from: Option<u64>,
    /// Last n of a range (with --from)
    #[arg(long, value_parser = super::parse_n, requires = "from")]
    pub to: Option<u64>,
    /// Write the theorem folder for A..B into --out-dir: the fewest files (interval closed
    /// pairings and single-n certificates) proving every n, and its MANIFEST.tsv
    #[arg(long, value_name = "A..B", value_parser = super::parse_range,
          conflicts_with_all = ["n", "range", "from", "to", "output"])]
    pub cover: Option<(u64, u64)>,
    /// Directory for the files written (created if missing)
    #[arg(long, default_value = ".")]
    pub out_dir: PathBuf,
    /// Add (or replace) the certificates' rows in this manifest (e.g. certificates/MANIFEST.tsv)
    #[arg(long, value_name = "MANIFEST.tsv")]
    pub manifest: Option<PathBuf>,
    /// Build and verify, but write nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Prove exactly which openings win instead of the winner: an openings certificate
    /// (spec.md §3.4), cert-N-openings.bin; --manifest then names an openings manifest. It
    /// chooses its own proofs (closed pairings, matching-and-barrier entries), so --strategy
    /// and --max-positions do not apply to it. For n ≤ 50000000 (the matching engine's range),
    /// but time and memory grow with the paths, one per winning opening, which lengthen with n:
    /// n = 10^6 takes about 8 s and 0.84 GB (a certificate of 111 MB); n = 10^7 about 3.5 min
    /// and 7.7 GB (a certificate of 1.1 GB, which jg-verify checks only with --max-memory-mib
    /// raised past its 8 GiB default); beyond that the paths outgrow this kind of machine
    #[arg(long, conflicts_with_all = ["cover", "strategy", "max_positions"])]
    pub openings: bool,
    /// Which strategy to use
    #[arg(long, value_enum, default_value_t = StrategyChoice::Auto)]
    pub strategy: StrategyChoice,
    /// Most numbers a candidate's closure may hold in the verifier; larger candidates are
    /// dropped
    #[arg(long, default_value_t = Options::default().max_positions)]
    pub max_positions: u64,
    #[command(flatten)]
    pub rule: RuleArgs,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.openings {
        return super::certify_openings::run(args);
    }
    let options = Options {
        strategy: args.strategy,
        rule: args.rule.rule(),
        max_positions: args.max_positions,
    };
    if let Some((from, to)) = args.cover {
        return cover(from, to, &args.out_dir, args.dry_run);
    }
    let from_to = args.from.zip(args.to);
    match (args.n, args.range.or(from_to)) {
        (Some(n), _) => {
            let to_stdout = args.output.as_deref() == Some(Path::new("-"));
            if to_stdout && args.manifest.is_some() {
                return Err(
                    "--manifest needs a file: it cannot list a certificate written to stdout (-o -)"
                        .into(),
                );
            }
            let path = match &args.output {
                Some(path) => path.clone(),
                None => {
                    if !args.dry_run {
                        create_out_dir(&args.out_dir)?;
                    }
                    default_name(&args.out_dir, n)
                }
            };
            let started = Instant::now();
            let spinner = progress_spinner(format!("certifying n = {n}"));
            let certified = certify(n, &options)?;
            spinner.finish_and_clear();
            if !args.dry_run && to_stdout {
                super::write_output(&path, &certified.bytes)?;
            } else if !args.dry_run {
                super::create_parent(&path)?;
                certified.certificate.write(&path)?;
                if let Some(manifest) = &args.manifest {
                    juniper_green::proofs::manifest::update(manifest, &[certified.manifest_row()])?;
                }
            }
            if !super::quiet() {
                let label = if to_stdout {
                    Path::new("stdout")
                } else {
                    path.as_path()
                };
                let written = (!args.dry_run).then_some(label);
                let line = summary(written, &certified, started.elapsed().as_secs_f64());
                match to_stdout {
                    true => eprintln!("{line}"),
                    false => println!("{line}"),
                }
            }
        }
        (None, Some(range)) => {
            return run_range(
                &args,
                range,
                "certificates",
                |out_dir, done| certify_range(range.0, range.1, &options, out_dir, done),
                |manifest, rows| Ok(juniper_green::proofs::manifest::update(manifest, rows)?),
                |report| {
                    format!(
                        "{} certified and verified, {} failed, {}, {}",
                        report.rows.len(),
                        report.failures.len(),
                        super::counted(report.positions, "position", "positions"),
                        super::counted(report.bytes, "byte", "bytes")
                    )
                },
            );
        }
        (None, None) => unreachable!("clap requires N, --range or --from/--to"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `--cover A..B`: the theorem folder (library: `theorem::plan`, `theorem::write_folder`).
fn cover(from: u64, to: u64, dir: &Path, dry_run: bool) -> Result<ExitCode, CliError> {
    use juniper_green::proofs::theorem;
    let started = Instant::now();
    let spinner = progress_spinner(format!("covering {from}..{to}"));
    let pieces = theorem::plan(from, to).map_err(|e| e.to_string())?;
    if !dry_run {
        theorem::write_folder(&pieces, dir).map_err(|e| e.to_string())?;
    }
    spinner.finish_and_clear();
    let count = |f: &dyn Fn(&theorem::Piece) -> bool| pieces.iter().filter(|p| f(p)).count();
    let bytes: usize = pieces.iter().map(|p| p.bytes.len()).sum();
    println!(
        "{from}..{to}: {} files ({} second-player singles, {} first-player singles, {} intervals), {bytes} bytes, {:.2} s{}",
        pieces.len(),
        count(&|p| p.winner == juniper_green::Player::Second),
        count(&|p| p.winner == juniper_green::Player::First && p.first == p.last),
        count(&|p| p.first < p.last),
        started.elapsed().as_secs_f64(),
        if dry_run { " (dry run: nothing written)" } else { "" }
    );
    Ok(ExitCode::SUCCESS)
}

/// A range run, the same for both kinds of certificate: `run` (the library) makes the range
/// under a progress bar labelled `what`, writing into --out-dir unless --dry-run; then the
/// failures go to stderr, the rows to --manifest, and the line `A..B: <counts>, S s` to stdout
/// (`counts` says what the report holds). Exit 1 when an n failed.
pub(super) fn run_range<R>(
    args: &Args,
    (from, to): (u64, u64),
    what: &str,
    run: impl FnOnce(Option<&Path>, &(dyn Fn() + Sync)) -> RangeReport<R>,
    update_manifest: impl FnOnce(&Path, &[R]) -> Result<(), CliError>,
    counts: impl FnOnce(&RangeReport<R>) -> String,
) -> Result<ExitCode, CliError> {
    let (from, to) = super::range_of(from, to, None)?;
    if !args.dry_run {
        create_out_dir(&args.out_dir)?;
    }
    let started = Instant::now();
    let bar = progress_bar(to - from + 1, what);
    let report = run((!args.dry_run).then_some(args.out_dir.as_path()), &|| {
        bar.inc(1)
    });
    bar.finish_and_clear();
    for error in &report.failures {
        eprintln!("jg: {error}");
    }
    if let (Some(manifest), false) = (&args.manifest, args.dry_run) {
        update_manifest(manifest, &report.rows)?;
    }
    if !super::quiet() {
        println!(
            "{from}..{to}: {}, {:.2} s{}",
            counts(&report),
            started.elapsed().as_secs_f64(),
            if args.dry_run {
                " (dry run: nothing written)"
            } else {
                ""
            }
        );
    }
    match report.failures.is_empty() {
        true => Ok(ExitCode::SUCCESS),
        false => Ok(ExitCode::from(1)),
    }
}

/// `cert-N.bin`, decimal N without padding (CLI contract).
pub fn default_name(dir: &Path, n: u64) -> PathBuf {
    dir.join(file_name(n))
}

pub(super) fn create_out_dir(dir: &Path) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create --out-dir {}: {e}", dir.display()).into())
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
        super::counted(certified.verdict.positions, "position", "positions"),
        super::counted(certified.bytes.len(), "byte", "bytes"),
        certified.verdict.blake3_hex()
    )
}
