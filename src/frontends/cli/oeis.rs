//! `jg oeis [--certificates DIR] [--openings DIR] [--chains DIR] [-o DIR]`: the results as OEIS
//! b-files, written only from certificates the verifier accepts (`juniper_green::proofs::oeis`).
//! An invalid certificate is named on stderr and nothing is written (exit 1).

use super::CliError;
use juniper_green::proofs::oeis::{self, OeisError};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The theorem folder (every *.bin verified)
    #[arg(long, default_value = "certificates")]
    pub certificates: PathBuf,
    /// The openings certificates (every *.bin verified)
    #[arg(long, default_value = "certificates/openings")]
    pub openings: PathBuf,
    /// The chain certificates (every chain-N.txt verified)
    #[arg(long, default_value = "certificates/chains")]
    pub chains: PathBuf,
    /// The folder the b-files go to
    #[arg(short = 'o', long = "out-dir", default_value = "certificates/oeis")]
    pub out_dir: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    super::require_folder(&args.certificates, "--certificates", "certificates")?;
    super::require_folder(&args.openings, "--openings", "openings certificates")?;
    super::require_folder(&args.chains, "--chains", "chain certificates")?;
    match oeis::generate(&args.certificates, &args.openings, &args.chains) {
        Ok(files) => {
            for path in oeis::write(&args.out_dir, &files)? {
                println!("wrote {}", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(error @ (OeisError::Invalid { .. } | OeisError::Incomplete(_))) => {
            eprintln!("jg oeis: {error}; no b-file written");
            Ok(ExitCode::from(1))
        }
        Err(error) => Err(error.into()),
    }
}
