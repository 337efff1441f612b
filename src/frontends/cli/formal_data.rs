//! `jg formal-data [--certificates DIR] [--out-dir DIR]`: writes the certificates whose first
//! n is below 10^9 as Coq data (formal/data), after `jg_verify` accepts each of them.

use super::CliError;
use juniper_green::proofs::formal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The folder of certificates (every *.bin whose first n is below 10^9 is used)
    #[arg(long, default_value = "certificates")]
    pub certificates: PathBuf,
    /// Where the Coq files go (Data1.v … and DataAll.v)
    #[arg(long, default_value = "formal/data")]
    pub out_dir: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    super::require_folder(&args.certificates, "--certificates", "certificates")?;
    let certs = formal::read_certificates(&args.certificates, formal::CERTIFIED_BELOW)?;
    std::fs::create_dir_all(&args.out_dir)?;
    for (name, text) in formal::render(&certs) {
        let path = args.out_dir.join(name);
        std::fs::write(&path, text)?;
        println!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
