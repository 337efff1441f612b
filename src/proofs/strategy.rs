//! Strategy trees: the winner's moves written in the verifier's walk order (spec.md §4), built
//! from any oracle that decides raw positions (the search, docs/MATH.md §2, or the matching, §3).
//! The builder walks exactly as the verifier will, so the body it emits is the body the verifier
//! reads; it picks each winning move to keep the walk small.

use crate::game::{numbers, Board, NumberSet, Player, Position};
use rustc_hash::FxHashSet;

/// Decides raw positions. Implemented by the search and by the matching engine.
pub trait Oracle: Sync {
    /// True when the player to move at `position` loses with perfect play.
    fn loses(&self, position: &Position) -> bool;
}

impl<F: Fn(&Position) -> bool + Sync> Oracle for F {
    fn loses(&self, position: &Position) -> bool {
        self(position)
    }
}

/// A strategy tree: the winner's moves in walk order, and the size of the walk that checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyTree {
    pub winner: Player,
    pub moves: Vec<u64>,
    /// Positions the verifier's walk expands (spec.md §4 counts them the same way).
    pub positions: u64,
}

/// Why no tree could be built: the oracle was wrong, or the claim is false.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    #[error("the {winner} player has no winning move after {line}", winner = .winner.name())]
    NoWinningMove { winner: Player, line: String },
    #[error("the walk passed the limit of {0} positions")]
    TooLarge(u64),
}

/// Builds a tree proving that `winner` wins on `board`, asking `oracle` about positions.
///
/// At each of the winner's turns the move is, in this order of preference:
/// 1. a move after which the loser has no reply (the walk ends there);
/// 2. a move into a position already proven (a transposition: the verifier skips it);
/// 3. among the moves the oracle says win, one that leaves the fewest replies (then the smallest).
///
/// 1 and 2 need no oracle: a proven loser position is lost by construction of the walk.
pub fn build_tree(
    board: &Board,
    winner: Player,
    oracle: &impl Oracle,
    max_positions: u64,
) -> Result<StrategyTree, StrategyError> {
    let mut builder = Builder::new(board, winner, oracle, max_positions, Vec::new());
    let start = Position::start();
    match winner {
        Player::First => builder.winner_turn(&start)?,
        Player::Second => builder.loser_turn(&start)?,
    }
    Ok(builder.into_tree())
}

struct Builder<'a, O> {
    board: &'a Board,
    winner: Player,
    oracle: &'a O,
    /// Loser-to-move positions whose proof is finished, keyed exactly as the verifier keys them.
    proven: FxHashSet<(NumberSet, u8)>,
    moves: Vec<u64>,
    positions: u64,
    line: Vec<u32>,
    max_positions: u64,
}

impl<'a, O: Oracle> Builder<'a, O> {
    /// A builder for `winner` whose line of play starts with `line`.
    fn new(
        board: &'a Board,
        winner: Player,
        oracle: &'a O,
        max_positions: u64,
        line: Vec<u32>,
    ) -> Self {
        let (proven, moves, positions) = (FxHashSet::default(), Vec::new(), 0);
        Builder {
            board,
            winner,
            oracle,
            proven,
            moves,
            positions,
            line,
            max_positions,
        }
    }

    fn into_tree(self) -> StrategyTree {
        let (winner, moves, positions) = (self.winner, self.moves, self.positions);
        StrategyTree {
            winner,
            moves,
            positions,
        }
    }

    fn count_position(&mut self) -> Result<(), StrategyError> {
        self.positions += 1;
        if self.positions > self.max_positions {
            return Err(StrategyError::TooLarge(self.max_positions));
        }
        Ok(())
    }

    fn key(position: &Position) -> (NumberSet, u8) {
        (position.played, position.last.unwrap_or(0))
    }

    fn winner_turn(&mut self, position: &Position) -> Result<(), StrategyError> {
        self.count_position()?;
        let choice = self.choose(position)?;
        self.moves.push(choice as u64);
        self.line.push(choice);
        let result = self.loser_turn(&position.after(choice));
        self.line.pop();
        result
    }

    fn loser_turn(&mut self, position: &Position) -> Result<(), StrategyError> {
        let key = Self::key(position);
        if self.proven.contains(&key) {
            return Ok(());
        }
        self.count_position()?;
        for reply in numbers(self.board.legal_moves(position)) {
            self.line.push(reply);
            let result = self.winner_turn(&position.after(reply));
            self.line.pop();
            result?;
        }
        self.proven.insert(key);
        Ok(())
    }

    /// The winner's move at `position` (see `build_tree` for the order of preference).
    fn choose(&self, position: &Position) -> Result<u32, StrategyError> {
        let moves = self.board.legal_moves(position);
        let replies = |m: u32| -> NumberSet { self.board.legal_moves(&position.after(m)) };
        if let Some(m) = numbers(moves).find(|&m| replies(m) == 0) {
            return Ok(m);
        }
        if let Some(m) =
            numbers(moves).find(|&m| self.proven.contains(&Self::key(&position.after(m))))
        {
            return Ok(m);
        }
        let mut candidates: Vec<(u32, u32)> = numbers(moves)
            .map(|m| (replies(m).count_ones(), m))
            .collect();
        candidates.sort_unstable();
        candidates
            .into_iter()
            .map(|(_, m)| m)
            .find(|&m| self.oracle.loses(&position.after(m)))
            .ok_or_else(|| StrategyError::NoWinningMove {
                winner: self.winner,
                line: self.line_text(),
            })
    }

    fn line_text(&self) -> String {
        if self.line.is_empty() {
            return "the start".to_string();
        }
        let words: Vec<String> = self.line.iter().map(u32::to_string).collect();
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::Mutex;

    /// Plain minimax on raw positions, memoized on the exact position: the test oracle.
    struct Minimax<'a> {
        board: &'a Board,
        memo: Mutex<HashMap<Position, bool>>,
    }

    impl Minimax<'_> {
        fn new(board: &Board) -> Minimax<'_> {
            Minimax {
                board,
                memo: Mutex::new(HashMap::new()),
            }
        }

        fn winner(&self) -> Player {
            Player::winner(self.wins(&Position::start()))
        }

        fn wins(&self, position: &Position) -> bool {
            if let Some(&known) = self.memo.lock().unwrap().get(position) {
                return known;
            }
            let result =
                numbers(self.board.legal_moves(position)).any(|m| !self.wins(&position.after(m)));
            self.memo.lock().unwrap().insert(*position, result);
            result
        }
    }

    impl Oracle for Minimax<'_> {
        fn loses(&self, position: &Position) -> bool {
            !self.wins(position)
        }
    }

    #[test]
    fn trees_exist_exactly_for_the_true_winner() {
        for n in 1..=22 {
            let board = Board::new(n);
            let oracle = Minimax::new(&board);
            let winner = oracle.winner();
            let tree =
                build_tree(&board, winner, &oracle, 1 << 30).expect("the true winner has a tree");
            // The independent verifier walks the tree: it proves the minimax winner, and it
            // expands exactly the positions the builder counted.
            let certificate = crate::proofs::certificate::Certificate {
                n: n as u64,
                opening_rule: crate::OpeningRule::Even,
                winner,
                generator: "strategy tests".into(),
                body: crate::proofs::certificate::Body::Tree {
                    moves: tree.moves.clone(),
                },
            };
            let bytes = certificate.to_bytes().unwrap();
            let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default())
                .unwrap_or_else(|rejection| panic!("n = {n}: {rejection}"));
            assert_eq!(
                verdict.winner == jg_verify::Winner::First,
                winner == Player::First
            );
            assert_eq!(verdict.positions, tree.positions, "n = {n}");
            let wrong = build_tree(&board, winner.other(), &oracle, 1 << 30);
            assert!(
                matches!(wrong, Err(StrategyError::NoWinningMove { .. })),
                "n = {n}"
            );
        }
    }

    #[test]
    fn the_position_limit_is_enforced() {
        let board = Board::new(20);
        let oracle = Minimax::new(&board);
        let winner = oracle.winner();
        assert_eq!(
            build_tree(&board, winner, &oracle, 3),
            Err(StrategyError::TooLarge(3))
        );
    }
}
