//! The walk of spec.md §4: the winner's move at the winner's turns (read from the body, or given
//! by the pairing rule), every legal move at the loser's, memo of the loser positions already
//! proven. Iterative, so that no input can overflow the call stack.

use crate::format::{read_number, table_entry_bytes, Strategy};
use crate::rules::{check_move, Board, PositionHasher};
use crate::{Limits, Rejection, Verdict, Winner};
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

/// Positions between two calls of the progress callback.
const PROGRESS_EVERY: u64 = 1 << 22;

type Progress<'a> = &'a mut dyn FnMut(u64);

/// Walks the game `claim`ed on `board` with the winner's moves from `strategy`; the number of
/// positions expanded, or why it is no proof. `used` is the memory already held (pairs maps).
pub(crate) fn walk<'a, B: Board>(
    board: &'a mut B, claim: &'a Verdict, strategy: &'a Strategy<'a>, limits: &'a Limits,
    used: u64, progress: Progress<'a>,
) -> Result<u64, Rejection> {
    let (memo, stack, line) = (HashSet::default(), Vec::new(), Vec::new());
    let (read, positions, memory) = (0, 0, used);
    Walk { board, claim, strategy, limits, progress, memo, stack, line, read, positions, memory }
        .run()
}

/// A loser-to-move position being proven and its legal moves not yet tried.
struct Frame<B: Board> {
    position: B::Position,
    moves: B::Moves,
    /// Length of the line of play at `position`.
    line_len: usize,
}

struct Walk<'a, B: Board> {
    board: &'a mut B,
    claim: &'a Verdict,
    strategy: &'a Strategy<'a>,
    limits: &'a Limits,
    progress: Progress<'a>,
    /// Loser-to-move positions already proven (exact raw positions).
    memo: HashSet<B::Position, BuildHasherDefault<PositionHasher>>,
    stack: Vec<Frame<B>>,
    /// The moves from the opening to the position at hand.
    line: Vec<u64>,
    /// Bytes of a tree body read so far.
    read: usize,
    positions: u64,
    memory: u64,
}

impl<B: Board> Walk<'_, B> {
    fn run(mut self) -> Result<u64, Rejection> {
        let start = B::Position::default();
        match self.claim.winner {
            Winner::First => self.winner_turn(start)?,
            Winner::Second => self.loser_turn(start)?,
        }
        while let Some(top) = self.stack.last_mut() {
            if let Some(reply) = top.moves.next() {
                self.line.truncate(top.line_len);
                self.line.push(reply);
                let position = self.board.play(&top.position, reply);
                self.winner_turn(position)?;
            } else {
                self.stack.pop();
            }
        }
        if let Strategy::Tree { moves, offset, .. } = self.strategy {
            if self.read < moves.len() {
                let (offset, left) = (offset + self.read as u64, (moves.len() - self.read) as u64);
                return Err(Rejection::TrailingBytes { offset, left });
            }
        }
        Ok(self.positions)
    }

    /// prove_winner_turn of spec.md §4.
    fn winner_turn(&mut self, position: B::Position) -> Result<(), Rejection> {
        self.count_position()?;
        let (number, offset) = self.winner_move(&position)?;
        let rules = (self.claim.n, self.claim.opening_rule);
        if let Err(why) = check_move(&*self.board, rules, &position, &self.line, number) {
            let line = self.line.clone();
            return Err(Rejection::IllegalMove { number, offset, line, why });
        }
        self.line.push(number);
        let next = self.board.play(&position, number);
        self.loser_turn(next)
    }

    /// prove_loser_turn of spec.md §4, up to the loop over the moves (done by `run`).
    fn loser_turn(&mut self, position: B::Position) -> Result<(), Rejection> {
        // One probe: adding q now rather than after its loop gives the same walk, because until
        // the loop ends the walk only meets positions with more numbers played (spec.md §4.2).
        if !self.memo.insert(position.clone()) {
            return Ok(());
        }
        self.count_position()?;
        let moves = self.board.legal_moves(&position).map_err(|what| self.limit(what))?;
        self.memory += table_entry_bytes::<B::Position>() + self.board.heap_bytes(&position);
        if self.memory > self.limits.max_memory {
            let max = self.limits.max_memory;
            return Err(self.limit(format!("memory limit: the memo needs more than {max} bytes")));
        }
        self.stack.push(Frame { position, moves, line_len: self.line.len() });
        Ok(())
    }

    /// The winner's move and the file offset it comes from (spec.md §3).
    fn winner_move(&mut self, position: &B::Position) -> Result<(u64, Option<u64>), Rejection> {
        match self.strategy {
            Strategy::Tree { moves, width, offset } => {
                let at = offset + self.read as u64;
                let Some(bytes) = moves.get(self.read..self.read + width) else {
                    return Err(Rejection::BodyEndsEarly { offset: at, line: self.line.clone() });
                };
                self.read += width;
                Ok((read_number(bytes), Some(at)))
            }
            Strategy::Pairing { opening, offset, partners } => {
                let Some(&last) = self.line.last() else {
                    return Ok((*opening, Some(*offset)));
                };
                if let Some(number) = self.immediate_win(position)? {
                    return Ok((number, None));
                }
                match partners.get(&last) {
                    Some(&(partner, at)) => Ok((partner, Some(at))),
                    None => Err(Rejection::NoPartner { line: self.line.clone() }),
                }
            }
            // Never walked: openings entries are (spec.md §4.8), a barrier is counted (§4.10).
            Strategy::Openings { offset, .. } | Strategy::Barrier { offset, .. } => {
                Err(Rejection::Body { offset: *offset, what: "no move to walk".into() })
            }
        }
    }

    /// Step 1 of the pairing rule (n ≤ 128): the smallest move that leaves the loser stuck.
    fn immediate_win(&mut self, position: &B::Position) -> Result<Option<u64>, Rejection> {
        if self.claim.n > 128 {
            return Ok(None);
        }
        let moves = self.board.legal_moves(position).map_err(|what| self.limit(what))?;
        for number in moves {
            let next = self.board.play(position, number);
            let mut replies = self.board.legal_moves(&next).map_err(|what| self.limit(what))?;
            if replies.next().is_none() {
                return Ok(Some(number));
            }
        }
        Ok(None)
    }

    fn count_position(&mut self) -> Result<(), Rejection> {
        self.positions += 1;
        if self.positions > self.limits.max_positions {
            let what = format!("position limit: more than {} positions", self.limits.max_positions);
            return Err(self.limit(what));
        }
        if self.positions.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(self.positions);
        }
        Ok(())
    }

    fn limit(&self, what: String) -> Rejection {
        Rejection::Limit { what, line: self.line.clone() }
    }
}
