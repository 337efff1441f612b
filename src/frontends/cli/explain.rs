//! `jg explain PATH [--format md|tex]`: a certificate the verifier accepts, written out as a
//! proof a person can read (src/explain.rs). A rejected file gives the verifier's reason.

use super::CliError;
use juniper_green::proofs::explain::{explain_bytes, Format};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Markdown
    Md,
    /// A LaTeX document
    Tex,
}

#[derive(clap::Args)]
pub struct Args {
    /// The certificate file
    pub path: PathBuf,
    /// Output language
    #[arg(long, value_enum, default_value_t = FormatArg::Md)]
    pub format: FormatArg,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let bytes = std::fs::read(&args.path)
        .map_err(|error| format!("cannot read {}: {error}", args.path.display()))?;
    let format = match args.format {
        FormatArg::Md => Format::Markdown,
        FormatArg::Tex => Format::Latex,
    };
    let name = args
        .path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| args.path.display().to_string());
    match explain_bytes(&bytes, &name, format) {
        Ok(text) => {
            print!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Err(reason) => {
            eprintln!("jg: {}: {reason}", args.path.display());
            Ok(ExitCode::from(1))
        }
    }
}
