//! The generator's own check of a first-player pairing strategy, for any n in u64: a
//! depth-first walk over every legal reply of the second player, the winner answering by the
//! pairing rule (a move that leaves no reply when n ≤ 128, else the partner; the rule of the
//! retired kind 1, spec.md §3.1). Replies are the related numbers of game.rs (divisors by trial division, multiples by
//! stepping), so no array of size n is built. The independent verifier crate is the real check; this walk is the
//! schemes' test oracle (and `jg schemes`'s check); it counts the positions it expands.

use crate::game::{multiples, proper_divisors, related};
use crate::pairing::Pairing;
use std::collections::{HashMap, HashSet};

/// The pairing rule looks for an immediate win first only on boards up to this n.
pub const IMMEDIATE_WIN_MAX_N: u64 = 128;

/// A scheme's walk expands a few dozen positions; a wrong strategy on a huge board must end in
/// an error, not run for ever.
const POSITION_LIMIT: u64 = 10_000_000;

/// What a successful walk saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simulation {
    /// Positions expanded: every winner turn and every loser position not seen before.
    pub positions: u64,
    /// Moves in the longest game the walk played out.
    pub longest_game: usize,
}

/// Why the strategy does not win; `line` is the play from the opening to the failure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulationError {
    #[error("n must be at least 1")]
    EmptyBoard,
    #[error("the pairs are not canonical at ({a}, {b}): need 1 ≤ a < b ≤ n, a ascending, no number twice")]
    NotCanonical { a: u64, b: u64 },
    #[error("a first-player pairing strategy needs an opening")]
    NoOpening,
    #[error("the opening {opening} is not an even number of 1..={n}")]
    IllegalOpening { opening: u64, n: u64 },
    #[error("after {}: {last} has no partner", show(line))]
    NoPartner { line: Vec<u64>, last: u64 },
    #[error(
        "after {}: the partner {partner} of {last} is not a legal move",
        show(line)
    )]
    IllegalPartner {
        line: Vec<u64>,
        last: u64,
        partner: u64,
    },
    #[error("gave up after {limit} positions")]
    TooManyPositions { limit: u64 },
}

fn show(line: &[u64]) -> String {
    let moves: Vec<String> = line.iter().map(u64::to_string).collect();
    moves.join(" ")
}

/// Walks the first player's pairing strategy on 1..=n against every reply of the second player.
pub fn simulate(n: u64, pairing: &Pairing) -> Result<Simulation, SimulationError> {
    if n == 0 {
        return Err(SimulationError::EmptyBoard);
    }
    let mut partners = HashMap::new();
    let mut previous = 0;
    for &(a, b) in &pairing.pairs {
        let fresh = !partners.contains_key(&a) && !partners.contains_key(&b);
        if !(previous < a && a < b && b <= n && fresh) {
            return Err(SimulationError::NotCanonical { a, b });
        }
        partners.insert(a, b);
        partners.insert(b, a);
        previous = a;
    }
    let opening = pairing.opening.ok_or(SimulationError::NoOpening)?;
    if opening == 0 || opening > n || opening % 2 != 0 {
        return Err(SimulationError::IllegalOpening { opening, n });
    }
    let mut walk = Walk {
        n,
        partners,
        divisors: HashMap::new(),
        memo: HashSet::new(),
        line: vec![opening],
        positions: 1, // the start, where the winner opens
        longest_game: 1,
    };
    walk.loser_turn(opening)?;
    Ok(Simulation {
        positions: walk.positions,
        longest_game: walk.longest_game,
    })
}

struct Walk {
    n: u64,
    partners: HashMap<u64, u64>,
    /// Proper divisors by number: the same few numbers recur on every line.
    divisors: HashMap<u64, Vec<u64>>,
    /// Loser-to-move positions already proven: (last, played numbers sorted).
    memo: HashSet<(u64, Vec<u64>)>,
    /// The moves from the opening; also the played set (games here are short).
    line: Vec<u64>,
    positions: u64,
    longest_game: usize,
}

impl Walk {
    fn played(&self, x: u64) -> bool {
        self.line.contains(&x)
    }

    fn count_position(&mut self) -> Result<(), SimulationError> {
        self.positions += 1;
        if self.positions > POSITION_LIMIT {
            return Err(SimulationError::TooManyPositions {
                limit: POSITION_LIMIT,
            });
        }
        Ok(())
    }

    fn proper_divisors(&mut self, x: u64) -> Vec<u64> {
        self.divisors
            .entry(x)
            .or_insert_with(|| proper_divisors(x))
            .clone()
    }

    /// Whether the player to move after `last` has a legal move.
    fn has_move(&mut self, last: u64) -> bool {
        let divisors = self.proper_divisors(last);
        divisors.iter().any(|&d| !self.played(d))
            || multiples(last, self.n).any(|m| !self.played(m))
    }

    /// The smallest move after `last` that leaves the other player stuck, if any.
    fn immediate_win(&mut self, last: u64) -> Option<u64> {
        let mut moves = self.proper_divisors(last);
        moves.extend(multiples(last, self.n));
        moves.retain(|&m| !self.played(m));
        moves.into_iter().find(|&m| {
            self.line.push(m);
            let stuck = !self.has_move(m);
            self.line.pop();
            stuck
        })
    }

    /// The winner answers the loser's `last` by the pairing rule, then the loser moves.
    fn winner_turn(&mut self, last: u64) -> Result<(), SimulationError> {
        self.count_position()?;
        let quick = if self.n <= IMMEDIATE_WIN_MAX_N {
            self.immediate_win(last)
        } else {
            None
        };
        let answer = match quick {
            Some(answer) => answer,
            None => {
                let partner =
                    *self
                        .partners
                        .get(&last)
                        .ok_or_else(|| SimulationError::NoPartner {
                            line: self.line.clone(),
                            last,
                        })?;
                if !(related(partner, last) && partner <= self.n && !self.played(partner)) {
                    return Err(SimulationError::IllegalPartner {
                        line: self.line.clone(),
                        last,
                        partner,
                    });
                }
                partner
            }
        };
        self.line.push(answer);
        let result = self.loser_turn(answer);
        self.line.pop();
        result
    }

    /// Every legal reply of the loser to the winner's `last`, ascending.
    fn loser_turn(&mut self, last: u64) -> Result<(), SimulationError> {
        let mut played = self.line.clone();
        played.sort_unstable();
        let key = (last, played);
        if self.memo.contains(&key) {
            return Ok(());
        }
        self.count_position()?;
        self.longest_game = self.longest_game.max(self.line.len());
        for reply in self.proper_divisors(last) {
            self.reply(reply)?;
        }
        for reply in multiples(last, self.n) {
            self.reply(reply)?;
        }
        self.memo.insert(key);
        Ok(())
    }

    fn reply(&mut self, reply: u64) -> Result<(), SimulationError> {
        if self.played(reply) {
            return Ok(());
        }
        self.line.push(reply);
        let result = self.winner_turn(reply);
        self.line.pop();
        result
    }
}
