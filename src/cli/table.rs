//! `jg table`: the results table over a range of n.

use super::CliError;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// First n of the table
    #[arg(long, default_value_t = 1)]
    pub from: u64,
    /// Last n of the table
    #[arg(long, default_value_t = 100)]
    pub to: u64,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    Err(format!("table {}..{} is not wired yet", args.from, args.to).into())
}
