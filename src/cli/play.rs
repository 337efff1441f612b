//! `jg play N [--first|--second]`: a game in the terminal against the perfect player.

use super::CliError;
use juniper_green::play::{play_game, GameEnd, MatchingOracle};
use juniper_green::OpeningRule;
use juniper_green::Player;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The numbers 1..=N
    pub n: u64,
    /// You move first (the default)
    #[arg(long, conflicts_with = "second")]
    pub first: bool,
    /// You move second
    #[arg(long)]
    pub second: bool,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    // The matching engine answers every position in about one maximum matching.
    const MAX_PLAY_N: u64 = 100_000;
    if args.n == 0 || args.n > MAX_PLAY_N {
        return Err(format!("play needs 1 <= N <= {MAX_PLAY_N}, got {}", args.n).into());
    }
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let oracle = MatchingOracle {
        rule: OpeningRule::Even,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match play_game(args.n, human, &oracle, stdin.lock(), stdout.lock())? {
        GameEnd::HumanWon(_) | GameEnd::ComputerWon(_) | GameEnd::Quit(_) => Ok(ExitCode::SUCCESS),
    }
}
