//! `jg formal-data [--certificates DIR] [--openings DIR] [--chains DIR] [--oeis DIR]
//! [--out-dir DIR]`: writes the certificates (every n up to 10^12), the openings certificates
//! (every n up to 1000, with the two b-files of their results) and the chain certificates (every
//! n up to 1000, with the b-file of A337125) as Coq data (formal/data, formal/data/openings,
//! formal/data/chains), after `jg_verify` accepts each of them. Nothing is written when a file
//! is refused.

use super::CliError;
use juniper_green::publish::formal::{self, FormalError};
use juniper_green::publish::{formal_chains, formal_openings};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub folders: super::Published,
    /// The folder of the b-files winning-openings.txt, smallest-winning-opening.txt and
    /// b337125.txt
    #[arg(long, default_value = "certificates/oeis")]
    pub oeis: PathBuf,
    /// Where the Coq files go (Data1.v … and DataAll.v; openings/Numbers.v, openings/Openings1.v
    /// …, openings/OpeningsAll.v and openings/Bfiles.v; chains/Chains1.v …, chains/ChainsAll.v
    /// and chains/Terms.v)
    #[arg(long, default_value = "formal/data")]
    pub out_dir: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    args.folders.require()?;
    super::require_folder(&args.oeis, "--oeis", "b-files")?;
    let certs = match formal::read_certificates(&args.folders.certificates, formal::CERTIFIED_BELOW)
    {
        Ok(certs) => certs,
        // A certificate that is not accepted is exit 1, as for `jg verify`.
        Err(FormalError::Folder(error)) if error.is_about_a_certificate() => {
            eprintln!("jg: {error}");
            return Ok(ExitCode::from(1));
        }
        Err(error) => return Err(error.into()),
    };
    let mut files: Vec<(PathBuf, String)> = formal::render(&certs)?
        .into_iter()
        .map(|(name, text)| (args.out_dir.join(name), text))
        .collect();
    let openings = formal_openings::read_openings(&args.folders.openings)?;
    let openings_dir = args.out_dir.join("openings");
    for (name, text) in formal_openings::render(&openings)? {
        files.push((openings_dir.join(name), text));
    }
    files.push((
        openings_dir.join("Bfiles.v"),
        formal_openings::render_bfiles(&args.oeis)?,
    ));
    let chains = formal_chains::read_chains(&args.folders.chains, formal_chains::CHAINS_UPTO)?;
    let chains_dir = args.out_dir.join("chains");
    for (name, text) in formal_chains::render(&chains, &args.oeis.join("b337125.txt"))? {
        files.push((chains_dir.join(name), text));
    }
    std::fs::create_dir_all(&openings_dir)?;
    std::fs::create_dir_all(&chains_dir)?;
    // A file whose text is already there is left alone, so that `make` rebuilds only what the
    // new data changed (a rewrite would date every proof of formal/ anew).
    for (path, text) in files {
        if std::fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
            println!("unchanged {}", path.display());
        } else {
            std::fs::write(&path, text)?;
            println!("wrote {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
