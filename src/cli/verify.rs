//! `jg verify PATH...`: checks certificates with the verifier crate (the trust anchor), one line
//! per file, exactly as `jg-verify` prints them (ARCHITECTURE.md, CLI contract).

use super::CliError;
use indicatif::{ProgressBar, ProgressStyle};
use jg_verify::{verify_bytes_with_progress, Limits};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Certificate files to check
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Most positions the walk may expand before giving up
    #[arg(long)]
    pub max_positions: Option<u64>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut limits = Limits::default();
    if let Some(max_positions) = args.max_positions {
        limits.max_positions = max_positions;
    }
    let mut code = 0;
    for path in &args.paths {
        let (line, file_code) = check(path, &limits);
        println!("{}: {line}", path.display());
        code = code.max(file_code);
    }
    Ok(ExitCode::from(code))
}

/// The report line for one file and its exit code: 0 valid, 1 invalid, 2 unreadable.
fn check(path: &std::path::Path, limits: &Limits) -> (String, u8) {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => return (format!("error: {error}"), 2),
    };
    // Hidden by indicatif when stderr is not a terminal.
    let spinner = ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template("{spinner} {msg} {human_pos} positions ({per_sec})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    spinner.set_message(path.display().to_string());
    let result = verify_bytes_with_progress(&bytes, limits, &mut |positions| {
        spinner.set_position(positions)
    });
    spinner.finish_and_clear();
    match result {
        Ok(verdict) => (verdict.to_string(), 0),
        Err(rejection) => (format!("invalid: {rejection}"), 1),
    }
}
