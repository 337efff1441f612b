//! The fallible players (docs/PLAYERS.md): a random mover, the careful player that knows the
//! first facts of the game, the fewest-replies player, and the play-out player that estimates
//! each move's chance by random games.

use super::game::{pick, Game, Player, PlayerRng};
use super::stop::{Stop, Stopped};

/// `random`: a legal move drawn uniformly.
pub struct RandomMover;

impl Player for RandomMover {
    fn name(&self) -> &str {
        "random"
    }

    fn choose_until(
        &self,
        game: &Game,
        rng: &mut PlayerRng,
        stop: &Stop,
    ) -> Result<Option<u64>, Stopped> {
        stop.check()?;
        Ok(game.random_move(rng))
    }
}

/// The legal moves less 1 when another move exists: whoever names 1 hands the opponent every
/// free number, a free prime above n/2 among them, after which there is no reply.
fn without_one(mut moves: Vec<u64>) -> Vec<u64> {
    if moves.len() > 1 {
        moves.retain(|&m| m != 1);
    }
    moves
}

/// The moves the first facts of the game leave, in this order: (1) never 1 while another move
/// exists; (2) if some move leaves the opponent no reply, those moves only (after the opponent
/// names 1, a free prime above n/2 is one); (3) else the safe moves, those after which no reply
/// leaves us nothing but 1 (no move, or 1 alone, which loses as (2) shows: on 1..20, 14 is
/// answered by 7, which forces 1); (4) when no move is safe, every move of (1).
fn sensible_moves(game: &Game) -> Vec<u64> {
    let moves = without_one(game.legal_moves());
    let winning_now: Vec<u64> = moves
        .iter()
        .copied()
        .filter(|&m| game.replies_after(m) == 0)
        .collect();
    if !winning_now.is_empty() {
        return winning_now;
    }
    // After m and a reply r, our moves are the free numbers related to r but m.
    let safe: Vec<u64> = moves
        .iter()
        .copied()
        .filter(|&m| {
            game.free_neighbours(m)
                .all(|r| game.free_neighbours(r).any(|x| x != m && x != 1))
        })
        .collect();
    if safe.is_empty() {
        moves
    } else {
        safe
    }
}

/// `careful`: a move drawn uniformly among those the first facts of the game leave
/// (`sensible_moves`): it never names 1 while another move exists, takes a move that leaves no
/// reply, and avoids a move after which a reply leaves it nothing but 1.
pub struct Careful;

impl Player for Careful {
    fn name(&self) -> &str {
        "careful"
    }

    fn choose_until(
        &self,
        game: &Game,
        rng: &mut PlayerRng,
        stop: &Stop,
    ) -> Result<Option<u64>, Stopped> {
        stop.check()?;
        Ok(pick(rng, &sensible_moves(game)))
    }
}

/// `fewest-replies`: the strongest of Laval and Sicard's "human" players. It knows what
/// `careful` knows (`sensible_moves`), and among those moves plays the one that leaves the
/// opponent the fewest replies; among equals, any number before 1, then the smallest. It draws
/// nothing.
///
/// It names 1 only when forced: `sensible_moves` drops 1 whenever another move exists.
pub struct FewestReplies;

impl Player for FewestReplies {
    fn name(&self) -> &str {
        "fewest-replies"
    }

    fn choose_until(
        &self,
        game: &Game,
        _rng: &mut PlayerRng,
        stop: &Stop,
    ) -> Result<Option<u64>, Stopped> {
        stop.check()?;
        Ok(sensible_moves(game)
            .into_iter()
            .min_by_key(|&m| (game.replies_after(m), m == 1, m)))
    }
}

/// `playouts:K`: for each legal move, K games played on from it with uniformly random moves by
/// both sides; the move with the most won play-outs, the smallest among equals.
pub struct Playouts {
    name: String,
    per_move: u32,
}

impl Playouts {
    pub fn new(name: &str, per_move: u32) -> Playouts {
        Playouts {
            name: name.to_string(),
            per_move,
        }
    }

    /// Play-outs per legal move.
    pub fn per_move(&self) -> u32 {
        self.per_move
    }
}

/// The largest board `playouts` takes: an opening there already costs K play-outs for each of
/// n/2 moves, each of up to hundreds of random moves.
pub const MAX_PLAYOUTS_N: u64 = 10_000;

impl Player for Playouts {
    fn name(&self) -> &str {
        &self.name
    }

    fn max_n(&self) -> u64 {
        MAX_PLAYOUTS_N
    }

    fn choose_until(
        &self,
        game: &Game,
        rng: &mut PlayerRng,
        stop: &Stop,
    ) -> Result<Option<u64>, Stopped> {
        let moves = game.legal_moves();
        let mut scratch = game.clone();
        let depth = scratch.line.len();
        let mut best: Option<(u32, u64)> = None;
        for &m in &moves {
            let mut wins = 0;
            for _ in 0..self.per_move {
                // A play-out costs microseconds (tens at n = 10 000): the stop is seen at once.
                stop.check()?;
                scratch.push(m);
                while let Some(k) = scratch.random_move(rng) {
                    scratch.push(k);
                }
                // The side that made the last move won; ours made the moves at odd distance.
                if (scratch.line.len() - depth) % 2 == 1 {
                    wins += 1;
                }
                while scratch.line.len() > depth {
                    scratch.undo();
                }
            }
            if best.is_none_or(|(most, _)| wins > most) {
                best = Some((wins, m));
            }
        }
        Ok(best.map(|(_, m)| m))
    }
}
