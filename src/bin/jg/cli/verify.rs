//! `jg verify PATH...`: exactly `jg-verify` (the same code, `jg_verify::cli`): one line per file
//! from the verifier crate, the trust anchor, and `--covers A..B` for the theorem check.
//! Before that, a file that does not start as either kind of certificate does is a usage error
//! (exit 2), and nothing is checked; a folder gets the verifier's error line, then a hint.

use super::CliError;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

pub use jg_verify::cli::Args;

/// The first bytes of a certificate (spec.md §3) and of a chain certificate (spec.md §6).
const MAGICS: [&[u8]; 2] = [b"JUNIPERG", b"JGCHAIN1\n"];

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    for path in args.paths.iter().filter(|path| !path.is_dir()) {
        not_a_certificate(path)?;
    }
    // `-q` hides progress and summary lines; the line of each file and a `--covers`
    // statement are the results asked for and still print (`jg --help`).
    let quiet = jg_verify::cli::Quiet {
        files: false,
        statement: false,
    };
    let code = jg_verify::cli::run(&args, quiet);
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

/// Refuses a file whose first bytes are those of neither kind of certificate. A file that starts as one does, however damaged after, is
/// left to the verifier; so is one that cannot be opened (the verifier says why).
fn not_a_certificate(path: &Path) -> Result<(), CliError> {
    if path == Path::new("-") {
        return Ok(());
    }
    let mut start = Vec::new();
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(());
    };
    if file.take(9).read_to_end(&mut start).is_err() || start.is_empty() {
        return Ok(());
    }
    let fits = |magic: &[u8]| magic.starts_with(&start[..start.len().min(magic.len())]);
    if MAGICS.iter().any(|magic| fits(magic)) {
        return Ok(());
    }
    Err(format!(
        "{}: not a certificate (a certificate starts with JUNIPERG, a chain certificate with \
         JGCHAIN1); nothing checked",
        path.display()
    )
    .into())
}
