//! `jg play N [--first|--second] [--opponent LEVEL] [--seed S]`: a game in the terminal against
//! one of the players (docs/PLAYERS.md); the hints always come from the perfect player.

use super::CliError;
use juniper_green::engines::position::PositionOracle;
use juniper_green::frontends::play::{as_opponent, play_against, GameEnd};
use juniper_green::frontends::sum_play::{play_sum, SumOpponent, MAX_SUM_N};
use juniper_green::players;
use juniper_green::OpeningRule;
use juniper_green::Player;
use std::process::ExitCode;

/// The largest board played: the matching engine answers every position in about one maximum
/// matching, which stays quick up to here.
pub const MAX_PLAY_N: u64 = 100_000;

#[derive(clap::Args)]
#[command(
    after_help = "In the game: a number plays it; hint shows the winning moves (hint all lists every one); moves lists every legal move; undo takes back your last move; quit ends. After a game: undo takes back your last move, new starts a new game, quit ends."
)]
pub struct Args {
    /// The numbers 1..=N (N ≤ 100000); two or three N for boards side by side (a sum, each
    /// N ≤ 50): a move names a board and a number (A 8), each board keeps its own rules, and
    /// whoever has no move on any board loses; the perfect player plays by the nim-sum of the
    /// boards' values (jg grundy), which hint shows
    #[arg(value_parser = |text: &str| super::parse_n_at_most(text, MAX_PLAY_N), num_args = 1..=3, required = true)]
    pub n: Vec<u64>,
    /// You move first (the default)
    #[arg(long, conflicts_with = "second")]
    pub first: bool,
    /// You move second
    #[arg(long)]
    pub second: bool,
    /// Who you play against: random, careful, fewest-replies, playouts[:K] or perfect (the
    /// solver; from a lost position it plays the move that leaves you the most ways to err).
    /// docs/PLAYERS.md says how each plays
    #[arg(long, value_name = "LEVEL", default_value = "perfect", value_parser = parse_opponent)]
    pub opponent: String,
    /// The seed of an opponent that draws at random (random, careful, playouts): the same seed
    /// and the same moves give the same game, after an undo too (each move's draw depends on
    /// the seed and the position only)
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Say after every move whether your position is won or lost (the hint command works either
    /// way)
    #[arg(long)]
    pub hints: bool,
}

fn parse_opponent(text: &str) -> Result<String, String> {
    players::by_name(text)
        .map(|player| player.name().to_string())
        .map_err(|error| error.to_string())
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let player = players::by_name(&args.opponent).map_err(|error| error.to_string())?;
    if args.n.len() > 1 {
        return sum(&args, human, player);
    }
    let n = args.n[0];
    if n > player.max_n() {
        return Err(format!(
            "{} plays boards up to n = {} (jg arena --help gives the costs)",
            player.name(),
            player.max_n()
        )
        .into());
    }
    let opponent = as_opponent(player, OpeningRule::Even, args.seed);
    // The engine of `jg solve --after`, so a hint and an analysis never disagree.
    let oracle = PositionOracle::new(OpeningRule::Even);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match play_against(
        n,
        human,
        &oracle,
        opponent,
        args.hints,
        stdin.lock(),
        stdout.lock(),
    )? {
        GameEnd::HumanWon(_) | GameEnd::ComputerWon(_) | GameEnd::Quit(_) => Ok(ExitCode::SUCCESS),
    }
}

/// Two or three boards side by side.
fn sum(args: &Args, human: Player, player: Box<dyn players::Player>) -> Result<ExitCode, CliError> {
    if let Some(&n) = args.n.iter().find(|&&n| n > MAX_SUM_N) {
        return Err(format!("n = {n}: a board of a sum has n ≤ {MAX_SUM_N}").into());
    }
    let opponent = if player.name() == "perfect" {
        SumOpponent::Perfect
    } else {
        SumOpponent::Level {
            player,
            seed: args.seed,
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play_sum(
        &args.n,
        human,
        opponent,
        args.hints,
        stdin.lock(),
        stdout.lock(),
    )?;
    Ok(ExitCode::SUCCESS)
}
