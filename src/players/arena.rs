//! The round robin of `jg arena`: every ordered pair of distinct players plays G games with
//! the first of the pair moving first; the results as text, CSV or JSON.
//!
//! Each game's random sources come from the seed, n, the two names, the game's number and the
//! side (blake3 in key-derivation mode), never from the order in which the threads run: the
//! same request gives the same bytes on any number of threads, and a pair's games do not
//! change when other players join the round robin.

use super::game::{Game, GameError, Player, PlayerRng};
use crate::game::{OpeningRule, Player as Side};
use rand::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;

/// Why a round robin cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    #[error("a round robin needs at least two players, got {0}")]
    TooFewPlayers(usize),
    #[error("'{0}' is named twice")]
    Repeated(String),
    #[error("'{0}' is the same player as '{1}': name each player once")]
    SameAs(String, String),
    #[error("--games must be at least 1")]
    NoGames,
    #[error("--games {0} is more than {MAX_GAMES} a pair")]
    TooManyGames(u64),
    #[error("{player} plays boards of at most {max} numbers, not {n}")]
    TooLargeFor { player: String, n: u64, max: u64 },
    #[error(transparent)]
    Board(#[from] GameError),
}

/// One ordered pair's result: `first_wins` of `games` won by the player moving first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairResult {
    pub first: String,
    pub second: String,
    pub games: u64,
    pub first_wins: u64,
}

/// One player's wins over all its games (as first and as second player).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Total {
    pub player: String,
    pub wins: u64,
    pub games: u64,
}

/// The whole round robin; serialised, the JSON contract of `jg arena --format json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArenaResult {
    pub n: u64,
    pub games: u64,
    pub seed: u64,
    pub pairs: Vec<PairResult>,
    pub totals: Vec<Total>,
}

/// The most games a pair plays (a billion: days of work for the cheapest players; the counts
/// stay far from overflow).
pub const MAX_GAMES: u64 = 1_000_000_000;

/// Checks a round robin before any work: two players or more, none named twice (`key` gives
/// each name's identity, e.g. `playouts` = `playouts:100`), G ≥ 1, and n within every
/// player's reach. The board (1 ≤ n ≤ `players::MAX_N`) is checked by `Game::new`.
pub fn check(
    n: u64,
    players: &[Box<dyn Player>],
    keys: &[String],
    games: u64,
) -> Result<(), ArenaError> {
    if players.len() < 2 {
        return Err(ArenaError::TooFewPlayers(players.len()));
    }
    for (i, key) in keys.iter().enumerate() {
        if let Some(j) = keys[..i].iter().position(|k| k == key) {
            let (name, earlier) = (players[i].name(), players[j].name());
            return Err(if name == earlier {
                ArenaError::Repeated(name.to_string())
            } else {
                ArenaError::SameAs(name.to_string(), earlier.to_string())
            });
        }
    }
    if games == 0 {
        return Err(ArenaError::NoGames);
    }
    if games > MAX_GAMES {
        return Err(ArenaError::TooManyGames(games));
    }
    if n == 0 {
        return Err(GameError::Empty.into());
    }
    for player in players {
        if n > player.max_n() {
            return Err(ArenaError::TooLargeFor {
                player: player.name().to_string(),
                n,
                max: player.max_n(),
            });
        }
    }
    Ok(())
}

/// The random source of one side of one game.
pub fn game_rng(seed: u64, n: u64, first: &str, second: &str, game: u64, side: Side) -> PlayerRng {
    let mut hasher = blake3::Hasher::new_derive_key("juniper-green jg arena per-game seed v1");
    hasher.update(&seed.to_le_bytes());
    hasher.update(&n.to_le_bytes());
    for name in [first, second] {
        hasher.update(&(name.len() as u64).to_le_bytes());
        hasher.update(name.as_bytes());
    }
    hasher.update(&game.to_le_bytes());
    hasher.update(&[side as u8]);
    PlayerRng::from_seed(*hasher.finalize().as_bytes())
}

/// Plays one game from `start` (usually the empty line) to its end; the line of play. Panics
/// if a player answers with an illegal move (a bug of that player, which the tests look for).
pub fn play_out(
    start: &Game,
    first: &dyn Player,
    second: &dyn Player,
    rngs: [&mut PlayerRng; 2],
) -> Vec<u64> {
    let mut game = start.clone();
    let [first_rng, second_rng] = rngs;
    loop {
        let chosen = match game.to_move() {
            Side::First => first.choose(&game, first_rng),
            Side::Second => second.choose(&game, second_rng),
        };
        let Some(m) = chosen else {
            assert!(
                game.legal_moves().is_empty(),
                "a player gave up with legal moves left"
            );
            return game.line().to_vec();
        };
        if let Err(reason) = game.play(m) {
            let who = match game.to_move() {
                Side::First => first.name(),
                Side::Second => second.name(),
            };
            panic!("{who} played {m} after {:?}: {reason}", game.line());
        }
    }
}

/// The 95 % Wilson score interval of a rate of `wins` in `games` (games ≥ 1): the rates p for
/// which `wins` is within 1.96 standard deviations of p·games. Unlike p ± 1.96·√(p(1−p)/G) it
/// stays inside [0, 1] and is not empty at 0 or G wins (8 in 10: 0.49 to 0.94; the exact
/// Clopper–Pearson interval, wider, is 0.44 to 0.97).
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    let (g, p) = (games as f64, wins as f64 / games as f64);
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * g)) / (1.0 + z2 / g);
    let half = Z / (1.0 + z2 / g) * (p * (1.0 - p) / g + z2 / (4.0 * g * g)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `wins` in `games` as a percentage and its Wilson interval: ` 82.0%  78.4–85.1%`.
fn rate_and_interval(wins: u64, games: u64) -> String {
    let (lo, hi) = wilson(wins, games);
    format!(
        "{:>5.1}%  {:.1}–{:.1}%",
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi
    )
}

/// Whether the first player won a finished game: the last player to move won.
pub fn first_won(line: &[u64]) -> bool {
    line.len() % 2 == 1
}

/// The round robin on 1..=n (checked first by `check`): for every ordered pair of distinct
/// players, `games` games. `tick` is called once per game played (from any thread).
pub fn round_robin(
    n: u64,
    players: &[Box<dyn Player>],
    games: u64,
    seed: u64,
    tick: &(dyn Fn() + Sync),
) -> Result<ArenaResult, ArenaError> {
    let start = Game::new(n, OpeningRule::Even)?;
    let pairs: Vec<(usize, usize)> = (0..players.len())
        .flat_map(|a| (0..players.len()).map(move |b| (a, b)))
        .filter(|(a, b)| a != b)
        .collect();
    let mut pair_results = Vec::with_capacity(pairs.len());
    let mut wins = vec![0u64; players.len()];
    for &(a, b) in &pairs {
        let (first, second) = (&*players[a], &*players[b]);
        // A count does not depend on which thread played which game, and holds no game.
        let first_wins = (0..games)
            .into_par_iter()
            .filter(|&g| {
                let rng = |side| game_rng(seed, n, first.name(), second.name(), g, side);
                let (mut x, mut y) = (rng(Side::First), rng(Side::Second));
                let won = first_won(&play_out(&start, first, second, [&mut x, &mut y]));
                tick();
                won
            })
            .count() as u64;
        wins[a] += first_wins;
        wins[b] += games - first_wins;
        pair_results.push(PairResult {
            first: players[a].name().to_string(),
            second: players[b].name().to_string(),
            games,
            first_wins,
        });
    }
    let per_player = 2 * games * (players.len() as u64 - 1);
    let totals = players
        .iter()
        .zip(wins)
        .map(|(player, wins)| Total {
            player: player.name().to_string(),
            wins,
            games: per_player,
        })
        .collect();
    Ok(ArenaResult {
        n,
        games,
        seed,
        pairs: pair_results,
        totals,
    })
}

impl ArenaResult {
    /// The JSON contract: `{"n", "games", "seed", "pairs": [{"first", "second", "games",
    /// "first_wins"}], "totals": [{"player", "wins", "games"}]}`, one line and a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("the result always serialises") + "\n"
    }

    /// CSV: one row per ordered pair (`first,second,games,first_wins`), then one row per
    /// player with `second` = `total`, `games` its games as either side and `first_wins`
    /// its wins as either side.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("first,second,games,first_wins\n");
        for pair in &self.pairs {
            out += &format!(
                "{},{},{},{}\n",
                pair.first, pair.second, pair.games, pair.first_wins
            );
        }
        for total in &self.totals {
            out += &format!("{},total,{},{}\n", total.player, total.games, total.wins);
        }
        out
    }

    /// The table for a person: a header, the first player's wins by pair (a row per first
    /// player, a column per second player), the first player's rate by pair with its 95 %
    /// Wilson interval, then each player's total and share of wins with its interval.
    pub fn to_text(&self) -> String {
        let names: Vec<&str> = self.totals.iter().map(|t| t.player.as_str()).collect();
        let first_col = names.iter().map(|s| s.len()).max().unwrap_or(0).max(12);
        let width = |name: &str| name.len().max(self.games.to_string().len()).max(5);
        let mut out = format!(
            "Round robin on 1..{}: {} games for each ordered pair, seed {}\n\n\
             Games won by the first player (row: first player, column: second player)\n",
            self.n, self.games, self.seed
        );
        out += &format!("{:first_col$}", "");
        for name in &names {
            out += &format!("  {name:>w$}", w = width(name));
        }
        out += "\n";
        for first in &names {
            out += &format!("{first:first_col$}");
            for second in &names {
                let cell = self
                    .pairs
                    .iter()
                    .find(|p| p.first == *first && p.second == *second)
                    .map_or("-".to_string(), |p| p.first_wins.to_string());
                out += &format!("  {cell:>w$}", w = width(second));
            }
            out += "\n";
        }
        let pair_col = first_col;
        let count = |wins: u64, games: u64| format!("{wins}/{games}");
        let count_col = self
            .pairs
            .iter()
            .map(|p| count(p.first_wins, p.games).len())
            .chain(self.totals.iter().map(|t| count(t.wins, t.games).len()))
            .max()
            .unwrap_or(0)
            .max(9);
        out += &format!(
            "\nThe first player's rate by pair, with its 95 % (Wilson) interval\n\
             {:pair_col$}  {:pair_col$}  {:>count_col$}  {:>6}  95 % interval\n",
            "first", "second", "wins/games", "rate"
        );
        for pair in &self.pairs {
            out += &format!(
                "{:pair_col$}  {:pair_col$}  {:>count_col$}  {}\n",
                pair.first,
                pair.second,
                count(pair.first_wins, pair.games),
                rate_and_interval(pair.first_wins, pair.games)
            );
        }
        out += &format!(
            "\nTotals (as first and as second player)\n{:first_col$}  {:>count_col$}  {:>6}  95 % interval\n",
            "player", "wins/games", "share"
        );
        for total in &self.totals {
            out += &format!(
                "{:first_col$}  {:>count_col$}  {}\n",
                total.player,
                count(total.wins, total.games),
                rate_and_interval(total.wins, total.games)
            );
        }
        out
    }
}
