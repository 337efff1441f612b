//! `jg verify PATH...`: exactly `jg-verify` (the same code, `jg_verify::cli`): one line per file
//! from the verifier crate, the trust anchor, and `--covers A..B` for the theorem check.

use super::CliError;
use std::process::ExitCode;

pub use jg_verify::cli::Args;

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    // `-q` leaves out the summary: the line of each valid file; a `--covers` statement is the
    // answer asked for and still prints.
    let quiet = jg_verify::cli::Quiet {
        files: super::quiet(),
        statement: false,
    };
    Ok(jg_verify::cli::run(&args, quiet))
}
