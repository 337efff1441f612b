//! `jg-verify PATH...`: checks certificate files with the verifier library and prints one line
//! each; `--covers A..B` then checks that they prove who wins for every n in A..B. The command
//! line itself is `jg_verify::cli`, shared with `jg verify`.

use clap::Parser;
use jg_verify::cli;
use std::process::ExitCode;

/// Checks Juniper Green certificates against the raw rules of the game (spec.md), trusting
/// nothing of the program that made them.
#[derive(Parser)]
#[command(name = "jg-verify", version, after_help = cli::EXIT_CODES)]
struct Command {
    /// Print only the failures: no line for a valid file, no statement that holds
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    args: cli::Args,
}

fn main() -> ExitCode {
    match Command::try_parse() {
        Ok(command) => {
            let quiet = cli::Quiet { files: command.quiet, statement: command.quiet };
            cli::run(&command.args, quiet)
        }
        Err(error) => {
            let _ = error.print();
            ExitCode::from(if error.use_stderr() { 2 } else { 0 })
        }
    }
}
