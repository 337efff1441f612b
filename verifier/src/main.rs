//! `jg-verify PATH...`: checks certificate files with the verifier library and prints one line
//! each; `--covers A..B` then checks that they prove who wins for every n in A..B. The command
//! line itself is `jg_verify::cli`, shared with `jg verify`.

use clap::Parser;
use jg_verify::cli;

/// Checks Juniper Green certificates against the raw rules of the game (spec.md), trusting
/// nothing of the program that made them.
#[derive(Parser)]
#[command(name = "jg-verify", version, after_help = cli::EXIT_CODES)]
struct Command {
    /// Print no line for a valid file: only the failures and the --covers statement
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    args: cli::Args,
}

fn main() -> std::process::ExitCode {
    // A usage error exits 2 with clap's message, `--help` and `--version` exit 0.
    let Command { quiet, args } = Command::parse();
    cli::run(&args, quiet)
}
