//! `jg`: the command-line face of the library. Argument parsing, printing, progress and exit
//! codes only; the work is done by `juniper_green`.
//!
//! Exit codes (docs/DESIGN.md, CLI contract): 0 success, 1 an invalid certificate,
//! 2 bad arguments or an I/O error.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "jg",
    version,
    about = "Solve Juniper Green for any n and publish proofs anyone can check",
    long_about = "Solve Juniper Green for any n and publish proofs anyone can check.\n\n\
        Players take turns naming an unplayed number from 1..n; the first number must be even, \
        every later one must divide or be a multiple of the previous one; a player with no legal \
        move loses."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Who wins for one n, and with which openings
    Solve(cli::solve::Args),
    /// The results table: the winner and winning openings for a range of n
    Table(cli::table::Args),
    /// Prime-window schemes: the catalogue, or the scheme and its strategy for one n
    Schemes(cli::schemes::Args),
    /// Write a certificate (a proof of the winner) for N, checked by the verifier before it is kept
    Certify(cli::certify::Args),
    /// Check certificate files against the raw rules (the verifier crate)
    Verify(cli::verify::Args),
    /// Solitaire: a longest chain of 1..N, proved longest
    Chain(cli::chain::Args),
    /// Play a game in the terminal against the perfect player
    Play(cli::play::Args),
    /// Draw G_N as SVG with a line of play and the winning moves marked
    Draw(cli::draw::Args),
    /// A certificate the verifier accepts, written as a proof a person can read
    Explain(cli::explain::Args),
    /// Write docs/THEOREM.md and its figures from the certificates folder
    Theorem(cli::theorem::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return cli::usage_error(error),
    };
    let result = match cli.command {
        Command::Solve(args) => cli::solve::run(args),
        Command::Table(args) => cli::table::run(args),
        Command::Schemes(args) => cli::schemes::run(args),
        Command::Certify(args) => cli::certify::run(args),
        Command::Verify(args) => cli::verify::run(args),
        Command::Chain(args) => cli::chain::run(args),
        Command::Play(args) => cli::play::run(args),
        Command::Draw(args) => cli::draw::run(args),
        Command::Explain(args) => cli::explain::run(args),
        Command::Theorem(args) => cli::theorem::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("jg: {error}");
            ExitCode::from(2)
        }
    }
}
