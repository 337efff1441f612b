//! What every player stands on: the position it is handed ([`Game`]), the interface it answers
//! through ([`Player`]) and its random source ([`PlayerRng`]).

use super::stop::{Stop, Stopped};
use crate::engines::matching::Graph;
use crate::game::{check_line, IllegalLine, IllegalReason, OpeningRule, Player as Side};
use rand::Rng;
use std::sync::Arc;

/// The random source a player draws from: ChaCha with 8 rounds, seeded per game.
pub type PlayerRng = rand_chacha::ChaCha8Rng;

/// A program that plays Juniper Green.
pub trait Player: Send + Sync {
    /// The name it was asked by (`perfect`, `playouts:50`).
    fn name(&self) -> &str;
    /// A legal move for the player to move in `game`, or None when there is none; `Stopped`
    /// when `stop` is reached first. A stop that is not reached changes nothing: the same game
    /// and random source give the same move with any stop.
    fn choose_until(
        &self,
        game: &Game,
        rng: &mut PlayerRng,
        stop: &Stop,
    ) -> Result<Option<u64>, Stopped>;
    /// A legal move for the player to move in `game`, or None when there is none (no stop).
    fn choose(&self, game: &Game, rng: &mut PlayerRng) -> Option<u64> {
        // `Stop::never` is never reached, so the work always answers.
        self.choose_until(game, rng, &Stop::never())
            .unwrap_or_default()
    }
    /// The largest board it plays in reasonable time (`jg arena --help` gives the costs).
    fn max_n(&self) -> u64 {
        MAX_N
    }
}

/// The largest board a [`Game`] holds (its divisibility graph takes about 10 MB there).
pub const MAX_N: u64 = 100_000;

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("n must be at least 1")]
    Empty,
    #[error("n = {n} is too large: games are played on boards of at most {max} numbers")]
    TooLarge { n: u64, max: u64 },
    #[error("illegal line of play: {0}")]
    Illegal(#[from] IllegalLine),
}

/// A position: the board 1..=n, the opening rule and the line of play so far, with the
/// divisibility graph of the board (shared, built once per board) and the set of numbers played.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) n: u64,
    pub(super) rule: OpeningRule,
    /// G_n: vertex k − 1 is the number k.
    pub(super) graph: Arc<Graph>,
    pub(super) line: Vec<u64>,
    /// `played[k]` for k in 0..=n (index 0 unused).
    pub(super) played: Vec<bool>,
}

impl Game {
    /// The start of a game on 1..=n (1 ≤ n ≤ `MAX_N`).
    pub fn new(n: u64, rule: OpeningRule) -> Result<Game, GameError> {
        if n == 0 {
            return Err(GameError::Empty);
        }
        if n > MAX_N {
            return Err(GameError::TooLarge { n, max: MAX_N });
        }
        Ok(Game {
            n,
            rule,
            graph: Arc::new(Graph::divisibility(n)),
            line: Vec::new(),
            played: vec![false; n as usize + 1],
        })
    }

    /// The position after `line`, checked against the rules.
    pub fn from_line(n: u64, rule: OpeningRule, line: &[u64]) -> Result<Game, GameError> {
        let mut game = Game::new(n, rule)?;
        check_line(n, rule, line)?;
        for &k in line {
            game.push(k);
        }
        Ok(game)
    }

    /// A new game on the same board (the graph is shared, not rebuilt).
    pub fn restart(&self) -> Game {
        Game {
            n: self.n,
            rule: self.rule,
            graph: Arc::clone(&self.graph),
            line: Vec::new(),
            played: vec![false; self.n as usize + 1],
        }
    }

    pub fn n(&self) -> u64 {
        self.n
    }

    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The numbers played so far, in order.
    pub fn line(&self) -> &[u64] {
        &self.line
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        Side::to_move_after(self.line.len())
    }

    /// Whether `k` (1 ≤ k ≤ n) is still free.
    pub fn is_free(&self, k: u64) -> bool {
        !self.played[k as usize]
    }

    /// The free numbers related to `k` (its divisors and multiples on the board), ascending.
    pub fn free_neighbours(&self, k: u64) -> impl Iterator<Item = u64> + '_ {
        self.graph
            .neighbours((k - 1) as u32)
            .iter()
            .map(|&v| v as u64 + 1)
            .filter(|&x| !self.played[x as usize])
    }

    /// The legal moves, ascending.
    pub fn legal_moves(&self) -> Vec<u64> {
        match self.line.last() {
            None => (1..=self.n)
                .filter(|&k| self.rule.allows(k) && self.is_free(k))
                .collect(),
            Some(&last) => self.free_neighbours(last).collect(),
        }
    }

    /// How many replies the opponent has after the legal move `m`: the free numbers related
    /// to m (m itself is not one of them).
    pub fn replies_after(&self, m: u64) -> usize {
        self.free_neighbours(m).count()
    }

    /// Plays `k` if it is legal.
    pub fn play(&mut self, k: u64) -> Result<(), IllegalReason> {
        let played = |x: u64| self.played[x as usize];
        let last = self.line.last().copied();
        if let Some(reason) = crate::game::move_error(self.n, self.rule, played, last, k) {
            return Err(reason);
        }
        self.push(k);
        Ok(())
    }

    /// Takes the last move back.
    pub fn undo(&mut self) -> Option<u64> {
        let k = self.line.pop()?;
        self.played[k as usize] = false;
        Some(k)
    }

    /// Plays `k`, known to be legal.
    pub(super) fn push(&mut self, k: u64) {
        self.played[k as usize] = true;
        self.line.push(k);
    }

    /// A move drawn uniformly from the legal ones, without listing them; None when there is none.
    pub(super) fn random_move(&self, rng: &mut PlayerRng) -> Option<u64> {
        match self.line.last() {
            None => pick(rng, &self.legal_moves()),
            Some(&last) => {
                let count = self.free_neighbours(last).count();
                if count == 0 {
                    return None;
                }
                self.free_neighbours(last).nth(draw_below(rng, count))
            }
        }
    }
}

/// The random source of a player's move at one position: ChaCha8 keyed by blake3 on the seed, n
/// and the line, so that the move depends on the position alone and not on the moves asked
/// before it: after an undo, the same seed and the same moves give the same game.
pub fn position_rng(seed: u64, n: u64, line: &[u64]) -> PlayerRng {
    let hasher = blake3::Hasher::new_derive_key("juniper-green jg play per-position seed v1");
    keyed_rng(hasher, seed, n, line)
}

/// ChaCha8 seeded by `hasher` (keyed or tagged by its caller) fed the seed, n and the line: the
/// one way a position's random source is made (`position_rng`, and `jg serve`'s reply).
pub fn keyed_rng(mut hasher: blake3::Hasher, seed: u64, n: u64, line: &[u64]) -> PlayerRng {
    use rand::SeedableRng;
    hasher.update(&seed.to_le_bytes());
    hasher.update(&n.to_le_bytes());
    hasher.update(&(line.len() as u64).to_le_bytes());
    for k in line {
        hasher.update(&k.to_le_bytes());
    }
    PlayerRng::from_seed(*hasher.finalize().as_bytes())
}

/// A uniform draw from 0..count (count ≥ 1), through `u32` so that it is the same on 32- and
/// 64-bit machines (a board has at most `MAX_N` numbers).
fn draw_below(rng: &mut PlayerRng, count: usize) -> usize {
    rng.random_range(0..count as u32) as usize
}

/// One of `items`, drawn uniformly; None when there is none.
pub(super) fn pick(rng: &mut PlayerRng, items: &[u64]) -> Option<u64> {
    match items.len() {
        0 => None,
        len => Some(items[draw_below(rng, len)]),
    }
}
