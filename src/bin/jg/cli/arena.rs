//! `jg arena N --players a,b,c --games G --seed S`: a round robin of the players
//! (`juniper_green::players`), its table as text, CSV or JSON.

use super::{progress_bar, quiet, CliError};
use juniper_green::players::{self, arena, Player};
use std::process::ExitCode;

/// Games of a run below which no progress bar is drawn (a small run ends before it would show).
const BAR_FROM_GAMES: u64 = 200;

#[derive(clap::Args)]
#[command(
    after_help = "Players: random (a legal move drawn uniformly); careful (never \
    names 1 while another move exists, takes a move that leaves no reply, avoids a move after \
    which a reply leaves it nothing but 1); fewest-replies (the move that leaves the fewest \
    replies, the smallest number among equals, 1 last); playouts[:K] (K random games played on \
    from each legal move, default 100, the move that won most); perfect (the solver: a winning \
    move when there is one; from a lost position never a trap while another move exists, and up to \
    n = 64 the move with the best chance against random, careful and fewest-replies in equal parts). \
    docs/PLAYERS.md gives the rules in full.\n\n\
    Every ordered pair of distinct players plays G games, the first of the pair moving first: \
    with P players, P(P-1)G games. The text output gives each rate with its 95 % Wilson interval \
    (8 wins in 10 games: 49–94 %). Each game's random draws come from S, N, the two names and \
    the game's number, so the output is the same bytes for the same request on any number of \
    threads (RAYON_NUM_THREADS sets them).\n\n\
    Time (CPU, one thread, per game against random at N = 20 / 100 / 1000): careful and \
    fewest-replies a few µs / about 10 µs / under 0.5 ms; perfect 0.05 / 0.25 / 5 ms; \
    playouts 0.5 ms / 11 ms with K = 100, 69 ms at N = 1000 with K = 10: it plays K games \
    from each legal move at each turn, so its cost grows with K. The five players' round robin with G = 1000 \
    took 4 s of CPU at N = 20 and 73 s at N = 100 (docs/benchmarks-history.md, \
    \"Players and the arena\"). Memory: the board's \
    divisibility graph (about 10 MB at N = 100000) and one game per thread; the results are \
    counts. Limits: \
    N ≤ 100000, and N ≤ 10000 with playouts."
)]
pub struct Args {
    /// The board 1..=N
    #[arg(value_parser = |text: &str| super::parse_n_at_most(text, players::MAX_N))]
    pub n: u64,
    /// The players, separated by commas (at least two, each named once): random, careful,
    /// fewest-replies, playouts, playouts:K, perfect. Default: all five (playouts with K = 100)
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "NAME,NAME,…",
        default_value = "random,careful,fewest-replies,playouts,perfect"
    )]
    pub players: Vec<String>,
    /// Games for each ordered pair (1 ≤ G ≤ 1000000000)
    #[arg(long, value_name = "G", default_value_t = 100)]
    pub games: u64,
    /// The seed of every random draw
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Output format (csv columns: first,second,games,first_wins, one row per ordered pair,
    /// then one row per player with second = total)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut chosen: Vec<Box<dyn Player>> = Vec::new();
    let mut keys = Vec::new();
    for name in &args.players {
        chosen.push(players::by_name(name)?);
        keys.push(players::canonical_name(name)?);
    }
    arena::check(args.n, &chosen, &keys, args.games)?;
    let total = (chosen.len() * (chosen.len() - 1)) as u64 * args.games;
    let bar = progress_bar(total, "games");
    if quiet() || total < BAR_FROM_GAMES {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let result = arena::round_robin(args.n, &chosen, args.games, args.seed, &|| bar.inc(1))?;
    bar.finish_and_clear();
    let text = match args.format {
        Format::Text => result.to_text(),
        Format::Csv => result.to_csv(),
        Format::Json => result.to_json(),
    };
    use std::io::Write;
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
