//! `jg oeis [--certificates DIR] [--openings DIR] [--chains DIR] [-o DIR]`: the results as OEIS
//! b-files, written only from certificates the verifier accepts (`juniper_green::proofs::oeis`).
//! An invalid certificate is named on stderr and nothing is written (exit 1).

use super::CliError;
use juniper_green::proofs::accept::FolderError;
use juniper_green::proofs::oeis::{self, OeisError};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub folders: super::Published,
    /// The chain certificates (every chain-N.txt verified)
    #[arg(long, default_value = "certificates/chains")]
    pub chains: PathBuf,
    /// The folder the b-files go to
    #[arg(short = 'o', long = "out-dir", default_value = "certificates/oeis")]
    pub out_dir: PathBuf,
    /// Also count the games of n = 1..N and write b348842.txt, b348843.txt and b348844.txt
    /// (`jg count`'s hub counter; the published files, N = 43, took about 6 min of CPU time and
    /// 2.7 GB: BENCHMARKS.md)
    #[arg(long, value_name = "N", value_parser = super::count::parse_count_n)]
    pub games_to: Option<u64>,
    /// Write those three b-files from counts already made: the CSV of
    /// `jg count --range 1..N --by-opening --format csv` (the same bytes as --games-to N)
    #[arg(long, value_name = "CSV", conflicts_with = "games_to")]
    pub games_from: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    args.folders.require()?;
    super::require_folder(&args.chains, "--chains", "chain certificates")?;
    match oeis::generate(
        &args.folders.certificates,
        &args.folders.openings,
        &args.chains,
    ) {
        Ok(mut files) => {
            // Every file made before any is written: a bad CSV writes nothing.
            if let Some(to) = args.games_to {
                files.extend(super::count::b_files(to as u32)?);
            }
            if let Some(csv) = &args.games_from {
                files.extend(super::count::b_files_from(csv)?);
            }
            for path in oeis::write(&args.out_dir, &files)? {
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
