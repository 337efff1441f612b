//! `jg verify PATH...`: exactly `jg-verify` (the same code, `jg_verify::cli`): one line per file
//! from the verifier crate, the trust anchor, and `--covers A..B` for the theorem check.
//! A file that does not start as either kind of certificate is an error of the verifier's
//! (exit 2, `not a certificate … nothing checked`); a folder gets its error line, then a hint.

use super::CliError;
use std::path::Path;
use std::process::ExitCode;

pub use jg_verify::cli::Args;

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    // `-q` hides progress and summary lines; the line of each file and a `--covers`
    // statement are the results asked for and still print (`jg --help`).
    let code = jg_verify::cli::run(&args, false);
    // A folder gets the verifier's line (`error: Is a directory`, exit 2) and then a hint.
    for folder in args.paths.iter().filter(|path| path.is_dir()) {
        eprintln!("jg: {}", folder_hint(folder));
    }
    Ok(code)
}

fn folder_hint(path: &Path) -> String {
    format!(
        "{0} is a folder: name its certificates, e.g. {0}/*.bin (the theorem: jg verify \
         --covers 1..1000000000000 {0}/*.bin)",
        path.display().to_string().trim_end_matches('/')
    )
}
