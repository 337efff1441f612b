//! Players: programs that choose a move, from a random mover to the perfect player, behind one
//! interface ([`Player`]), and the round robin that plays them against each other
//! ([`arena`]). docs/PLAYERS.md states each player's rule.
//!
//! A player is handed a position as a [`Game`] (n, the opening rule and the line of play) and a
//! seeded random source ([`PlayerRng`]), and answers with a legal move, or none when there is
//! no legal move (the player to move has lost). The random source is ChaCha8 (`rand_chacha`),
//! an algorithm fixed by its specification: the same seed gives the same draws on every platform
//! and with every version of the crate, so a game is reproduced by its seed.
//!
//! Not to be confused with [`crate::game::Player`], which names a side (first or second).

pub mod arena;
mod game;
mod heuristics;
pub mod model;
mod perfect;
mod stop;

pub use game::{keyed_rng, position_rng, Game, GameError, Player, PlayerRng, MAX_N};
pub use heuristics::{Careful, FewestReplies, Playouts, RandomMover};
pub use perfect::Perfect;
pub use stop::{Stop, Stopped};

/// The players `jg arena` and `--help` list, as one line.
pub const PLAYER_NAMES: &str = "random, careful, fewest-replies, playouts[:K], perfect";

/// Play-outs per move when `playouts` is named without `:K`.
pub const DEFAULT_PLAYOUTS: u32 = 100;

/// The largest K of `playouts:K`.
pub const MAX_PLAYOUTS: u32 = 100_000;

/// Why a player's name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("unknown player '{0}': the players are {PLAYER_NAMES}")]
    Unknown(String),
    #[error("'{0}': K in playouts:K must be a whole number from 1 to {MAX_PLAYOUTS}")]
    BadPlayouts(String),
    #[error("'{0}' takes no ':' argument (only playouts:K does)")]
    NoArgument(String),
}

/// The player of a name: `random`, `careful`, `fewest-replies`, `playouts`, `playouts:K` or
/// `perfect`. The player keeps the name as written (surrounding spaces cut).
pub fn by_name(name: &str) -> Result<Box<dyn Player>, NameError> {
    let name = name.trim();
    let (base, argument) = match name.split_once(':') {
        Some((base, argument)) => (base, Some(argument)),
        None => (name, None),
    };
    let player: Box<dyn Player> = match (base, argument) {
        ("playouts", argument) => {
            let k = match argument {
                None => DEFAULT_PLAYOUTS,
                Some(text) => text
                    .parse::<u32>()
                    .ok()
                    .filter(|k| (1..=MAX_PLAYOUTS).contains(k))
                    .ok_or_else(|| NameError::BadPlayouts(name.to_string()))?,
            };
            Box::new(Playouts::new(name, k))
        }
        ("random" | "careful" | "fewest-replies" | "perfect", Some(_)) => {
            return Err(NameError::NoArgument(name.to_string()))
        }
        ("random", None) => Box::new(RandomMover),
        ("careful", None) => Box::new(Careful),
        ("fewest-replies", None) => Box::new(FewestReplies),
        ("perfect", None) => Box::new(Perfect),
        _ => return Err(NameError::Unknown(name.to_string())),
    };
    Ok(player)
}

/// Two names of the same player (`playouts` and `playouts:100`) have the same key.
pub fn canonical_name(name: &str) -> Result<String, NameError> {
    by_name(name)?;
    let name = name.trim();
    Ok(match name {
        "playouts" => format!("playouts:{DEFAULT_PLAYOUTS}"),
        _ => match name.split_once(':') {
            // The number as parsed: playouts:050 is playouts:50.
            Some((base, k)) => format!("{base}:{}", k.parse::<u32>().unwrap_or_default()),
            None => name.to_string(),
        },
    })
}

#[cfg(test)]
mod tests;
