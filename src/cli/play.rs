//! `jg play N [--first|--second]`: a game in the terminal against the perfect player.

use super::CliError;
use juniper_green::play::{play_game, GameEnd, Minimax, MAX_MINIMAX_N};
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
    // The matching engine will answer for every n; until it is plugged in, the plain minimax
    // limits the board.
    if args.n == 0 || args.n > MAX_MINIMAX_N {
        return Err(format!("play needs 1 <= N <= {MAX_MINIMAX_N}, got {}", args.n).into());
    }
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let oracle = Minimax::new();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match play_game(args.n, human, &oracle, stdin.lock(), stdout.lock())? {
        GameEnd::HumanWon(_) | GameEnd::ComputerWon(_) | GameEnd::Quit(_) => Ok(ExitCode::SUCCESS),
    }
}
