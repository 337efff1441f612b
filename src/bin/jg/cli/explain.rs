//! `jg explain PATH [--format md|tex] [-o FILE]`: a certificate the verifier accepts, written out
//! as a proof a person can read (`juniper_green::publish::explain`). A rejected file gives the
//! verifier's reason.

use super::CliError;
use juniper_green::publish::explain::{explain_bytes, Format};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
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
    /// The certificate file (`-`: standard input)
    pub path: PathBuf,
    /// Output language
    #[arg(long, value_enum, default_value_t = FormatArg::Md)]
    pub format: FormatArg,
    /// Write the proof to this file instead of stdout (`-`: stdout; missing folders are created)
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let stdin = args.path == Path::new("-");
    let bytes = if stdin {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|error| format!("cannot read standard input: {error}"))?;
        bytes
    } else {
        std::fs::read(&args.path)
            .map_err(|error| format!("cannot read {}: {error}", args.path.display()))?
    };
    let format = match args.format {
        FormatArg::Md => Format::Markdown,
        FormatArg::Tex => Format::Latex,
    };
    // The path as given, so that the document's "Checking by machine" commands run as written.
    let name = match stdin {
        true => "standard input".to_string(),
        false => args.path.display().to_string(),
    };
    let shown = args.path.display();
    // A chain certificate (the solitaire) is checked, and named as such: it has no game to
    // explain.
    if jg_verify::chain::is_chain_certificate(&bytes) {
        return match jg_verify::chain::check(&bytes) {
            Ok(verdict) => Err(format!(
                "{shown}: a chain certificate ({verdict}); `jg explain` writes out proofs of \
                 who wins, and `jg verify {shown}` checks this one"
            )
            .into()),
            Err(reason) => {
                eprintln!("jg: {shown}: invalid: {reason}");
                Ok(ExitCode::from(1))
            }
        };
    }
    match explain_bytes(&bytes, &name, format) {
        Ok(text) => {
            let mut out = super::output_writer(args.output.as_deref())?;
            out.write_all(text.as_bytes()).and_then(|_| out.flush())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(reason) => {
            eprintln!("jg: {shown}: {reason}");
            Ok(ExitCode::from(1))
        }
    }
}
