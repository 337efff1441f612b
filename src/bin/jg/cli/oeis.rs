//! `jg oeis [--certificates DIR] [--openings DIR] [--chains DIR] [-o DIR]`: the results as OEIS
//! b-files, written only from certificates the verifier accepts (`juniper_green::publish::oeis`).
//! An invalid certificate is named on stderr and nothing is written (exit 1).

use super::CliError;
use juniper_green::proofs::accept::FolderError;
use juniper_green::publish::oeis::{self, OeisError};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub folders: super::Published,
    /// The folder the b-files go to
    #[arg(short = 'o', long = "out-dir", default_value = "certificates/oeis")]
    pub out_dir: PathBuf,
    /// Also count the games of n = 1..N and write b348842.txt, b348843.txt and b348844.txt
    /// (`jg count`'s default method and memory bound; n = 1..60 takes about 3 min of CPU time
    /// and 0.6 GB; the bound, 4 GiB, takes N up to 74: past it, count with `jg count
    /// --memory-mib` and write the files with --games-from; BENCHMARKS.md)
    #[arg(long, value_name = "N", value_parser = super::count::parse_count_n)]
    pub games_to: Option<u64>,
    /// Write those three b-files from counts already made: the CSV of
    /// `jg count --range 1..N --by-opening --format csv` (the same bytes as --games-to N; the
    /// CSVs of several runs may be concatenated, in the order of n)
    #[arg(long, value_name = "CSV", conflicts_with = "games_to")]
    pub games_from: Option<PathBuf>,
    /// Extend the three b-files of the out-dir: the counts their b348844.txt holds (n = 1..N),
    /// then those of CSV, from n = N + 1 on (`jg count N+1 --by-opening --format csv`, …,
    /// concatenated in the order of n); the earlier n are not counted again
    #[arg(long, value_name = "CSV", conflicts_with_all = ["games_to", "games_from"])]
    pub games_after: Option<PathBuf>,
    /// With --games-to, --games-from or --games-after: also write the SVG chart of the counts' growth to FILE
    /// (the chart of `jg count --format svg`; docs/figures/game-counts.svg)
    #[arg(long, value_name = "FILE")]
    pub games_figure: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    args.folders.require()?;
    match oeis::generate(
        &args.folders.certificates,
        &args.folders.openings,
        &args.folders.chains,
    ) {
        Ok(mut files) => {
            // Every file made before any is written: a bad CSV writes nothing.
            let counts = match (args.games_to, &args.games_from, &args.games_after) {
                (Some(to), _, _) => Some(super::count::counts_to(to as u32)?),
                (None, Some(csv), _) => Some(super::count::counts_from(csv)?),
                (None, None, Some(csv)) => Some(super::count::counts_after(&args.out_dir, csv)?),
                (None, None, None) if args.games_figure.is_some() => {
                    return Err(
                        "--games-figure needs --games-to, --games-from or --games-after".into(),
                    )
                }
                (None, None, None) => None,
            };
            let mut figure = None;
            if let Some(counts) = &counts {
                files.extend(juniper_green::publish::oeis_games::b_files(counts)?);
                if let Some(path) = &args.games_figure {
                    figure = Some((path, super::count::figure(counts)?));
                }
            }
            for path in oeis::write(&args.out_dir, &files)? {
                println!("wrote {}", path.display());
            }
            if let Some((path, svg)) = figure {
                std::fs::write(path, svg)
                    .map_err(|e| CliError::from(format!("cannot write {}: {e}", path.display())))?;
                println!("wrote {}", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(
            error @ (OeisError::Invalid { .. }
            | OeisError::Incomplete(_)
            | OeisError::Folder(FolderError::Refused { .. } | FolderError::Incomplete(_))),
        ) => {
            eprintln!("jg oeis: {error}; no b-file written");
            Ok(ExitCode::from(1))
        }
        Err(error) => Err(error.into()),
    }
}
