//! `jg solve N`: the outcome of one n with its winning openings, or of one mid-game position.

use super::{progress_spinner, CliError, MethodChoice, RuleArgs};
use juniper_green::Outcome;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The size of the board: numbers 1..=N (N ≥ 1)
    #[arg(value_parser = super::parse_n)]
    pub n: u64,
    #[command(flatten)]
    pub method: MethodChoice,
    /// Prove every opening won or lost and list all winning ones (search: can cost as much as
    /// a second-player win; matching always lists them all)
    #[arg(long)]
    pub all_openings: bool,
    #[command(flatten)]
    pub rule: RuleArgs,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let started = Instant::now();
    let spinner = progress_spinner(format!("solving n = {}", args.n));
    let outcome: Outcome = args
        .method
        .solve(args.n, args.rule.rule(), args.all_openings)?;
    spinner.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let openings = if outcome.winning_openings.is_empty() {
        "none".to_string()
    } else {
        let words: Vec<String> = outcome
            .winning_openings
            .iter()
            .map(u64::to_string)
            .collect();
        let complete = if outcome.all_openings {
            ""
        } else {
            " (not all openings tried)"
        };
        format!("{}{complete}", words.join(" "))
    };
    println!(
        "n = {}: the {} player wins",
        outcome.n,
        outcome.winner.name()
    );
    println!("winning openings: {openings}");
    println!("method: {}, {seconds:.3} s", outcome.method.name());
    Ok(ExitCode::SUCCESS)
}
