//! `jg play N [--first|--second]`: a game in the terminal against the perfect player.

use super::CliError;
use juniper_green::engines::position::PositionOracle;
use juniper_green::frontends::play::{play_game, GameEnd};
use juniper_green::OpeningRule;
use juniper_green::Player;
use std::process::ExitCode;

/// The largest board played: the matching engine answers every position in about one maximum
/// matching, which stays quick up to here.
pub const MAX_PLAY_N: u64 = 100_000;

#[derive(clap::Args)]
#[command(
    after_help = "In the game: a number plays it; hint shows winning moves (hint all lists every one); moves lists every legal move; undo takes back your last move; quit ends."
)]
pub struct Args {
    /// The numbers 1..=N (N ≤ 100000)
    #[arg(value_parser = |text: &str| super::parse_n_at_most(text, MAX_PLAY_N))]
    pub n: u64,
    /// You move first (the default)
    #[arg(long, conflicts_with = "second")]
    pub first: bool,
    /// You move second
    #[arg(long)]
    pub second: bool,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    // The engine of `jg solve --after`, so a hint and an analysis never disagree.
    let oracle = PositionOracle::new(OpeningRule::Even);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match play_game(args.n, human, &oracle, stdin.lock(), stdout.lock())? {
        GameEnd::HumanWon(_) | GameEnd::ComputerWon(_) | GameEnd::Quit(_) => Ok(ExitCode::SUCCESS),
    }
}
