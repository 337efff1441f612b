//! `jg theorem [--certificates DIR] [-o FILE]`: verifies every certificate of DIR and writes the
//! theorem document (default docs/THEOREM.md) with its figures in `figures/` beside it.

use super::CliError;
use juniper_green::proofs::theorem_document as theorem;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The folder of certificates (every *.bin in it is verified and used)
    #[arg(long, default_value = "certificates")]
    pub certificates: PathBuf,
    /// The document to write; the figures go to figures/ in the same folder
    #[arg(short = 'o', long = "output", default_value = "docs/THEOREM.md")]
    pub output: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    super::require_folder(&args.certificates, "--certificates", "certificates")?;
    let entries = match theorem::read_folder(&args.certificates) {
        Ok(entries) => entries,
        // A certificate that is not a proof is exit 1, as for `jg verify`; the rest (a file
        // that cannot be read) is exit 2.
        Err(why)
            if why.contains(": invalid: ")
                || why.ends_with("the verdict and the header differ") =>
        {
            eprintln!("jg: {why}");
            return Ok(ExitCode::from(1));
        }
        Err(why) => return Err(why.into()),
    };
    let docs = args
        .output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    let manifest = std::fs::read(args.certificates.join("MANIFEST.tsv")).ok();
    let extras = theorem::read_extras(&args.certificates)?;
    let generated = theorem::generate(&entries, &extras, &docs, manifest.as_deref())?;
    let name = args
        .output
        .file_name()
        .ok_or("the output needs a file name")?
        .to_string_lossy()
        .into_owned();
    super::create_parent(&args.output)?;
    for path in theorem::write(&docs, &name, &generated)? {
        if !super::quiet() {
            println!("wrote {path}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
