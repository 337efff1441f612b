//! One module a subcommand: its arguments (clap derive) and its `run`.
//! Each `run` returns the exit code, or an error that `main` prints on one line with exit 2.

pub mod chain;
pub mod draw;
pub mod play;
pub mod solve;
pub mod table;

use std::process::ExitCode;

/// A failure that ends the command with exit code 2 and one line on stderr.
pub type CliError = Box<dyn std::error::Error>;

/// Prints a clap error as one clear line (help and version go out whole) and picks the exit code.
pub fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(2)
        }
        _ => {
            let text = error.render().to_string();
            let line = text.lines().next().unwrap_or("error: bad arguments");
            eprintln!("jg: {}", line.trim_start_matches("error: "));
            ExitCode::from(2)
        }
    }
}
