//! `jg solve N`: the outcome of one n and its winning openings.

use super::CliError;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The size of the board: numbers 1..=N
    pub n: u64,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    Err(format!("solve {} is not wired yet", args.n).into())
}
