//! `jg certify`: certificates built, self-checked by the verifier crate, written atomically,
//! with a one-line summary. The arguments are turned once into a [`Target`] (one n, a range, or
//! the theorem folder covering a range); a winner's certificate (`pairing`) or an openings
//! certificate (`openings`, with `--openings`) is made for one n or each n of a range, both
//! writing through `output`.

mod openings;
mod output;
mod pairing;

use super::{progress_spinner, range_of, CliError, RuleArgs};
use juniper_green::proofs::certify::{Options, StrategyChoice};
use output::Output;
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
    #[command(flatten)]
    pub ends: super::FromTo,
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
    /// n = 10^6 takes about 8 s and 0.84 GB (a certificate of 111 MB, which jg-verify checks
    /// under its default bounds); n = 10^7 about 3.5 min and 7.7 GB (a certificate of 1.1 GB,
    /// checked here under larger bounds, with a note that jg-verify needs --max-memory-mib and
    /// --max-work raised for it); beyond that the paths outgrow this kind of machine
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

/// What a `jg certify` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// One n (`N`).
    One(u64),
    /// Every n of a range, one certificate each (`--range A..B`, `--from A --to B`).
    Range(u64, u64),
    /// The theorem folder for a range: the fewest files proving every n (`--cover A..B`).
    Cover(u64, u64),
}

impl Args {
    /// The target: clap lets exactly one of N, --range, --from/--to and --cover through.
    pub fn target(&self) -> Result<Target, CliError> {
        match (self.n, self.range.or(self.ends.pair()), self.cover) {
            (Some(n), None, None) => Ok(Target::One(n)),
            (None, Some((from, to)), None) => {
                let (from, to) = range_of(from, to, None)?;
                Ok(Target::Range(from, to))
            }
            (None, None, Some((from, to))) => Ok(Target::Cover(from, to)),
            _ => Err("name one of N, --range A..B, --from A --to B or --cover A..B".into()),
        }
    }
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let output = Output {
        out_dir: &args.out_dir,
        output: args.output.as_deref(),
        manifest: args.manifest.as_deref(),
        dry_run: args.dry_run,
    };
    let options = Options {
        strategy: args.strategy,
        rule: args.rule.rule(),
        max_positions: args.max_positions,
    };
    match (args.target()?, args.openings) {
        (Target::Cover(from, to), _) => cover(from, to, &args.out_dir, args.dry_run),
        (Target::One(n), false) => pairing::one(n, &output, &options),
        (Target::Range(from, to), false) => pairing::range((from, to), &output, &options),
        (Target::One(n), true) => openings::one(n, &output, options.rule),
        (Target::Range(from, to), true) => openings::range((from, to), &output, options.rule),
    }
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
