//! A game in progress between a person and an opponent, without any input or output: the turn
//! logic (play, the opponent's reply, undo, a new game) that the terminal game (`play.rs`) and a
//! web front-end share. The legality of a move is `game::move_error`'s; who the opponent is, is
//! a parameter ([`Opponent`]): the perfect player of `jg play`, or any other strategy.

use crate::engines::position::PositionError;
use crate::game::{legal_moves_after, move_error, IllegalReason, OpeningRule, Player};

/// Who answers the person's moves: given the board 1..=n and the line so far, one of `moves`
/// (the legal moves after `line`, ascending, never empty). A closure with this signature is an
/// opponent too.
pub trait Opponent {
    fn reply(&mut self, n: u64, line: &[u64], moves: &[u64]) -> Result<u64, PositionError>;
}

impl<F> Opponent for F
where
    F: FnMut(u64, &[u64], &[u64]) -> Result<u64, PositionError>,
{
    fn reply(&mut self, n: u64, line: &[u64], moves: &[u64]) -> Result<u64, PositionError> {
        self(n, line, moves)
    }
}

/// Why the person's move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefused {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("{0}")]
    Illegal(IllegalReason),
}

/// One game on 1..=n: the line played so far, the person's side and the opponent.
pub struct Session<'o> {
    n: u64,
    rule: OpeningRule,
    human: Player,
    line: Vec<u64>,
    opponent: Box<dyn Opponent + 'o>,
}

impl<'o> Session<'o> {
    /// A new game on 1..=n (n ≥ 1) where the person plays `human`; None for n = 0.
    pub fn new(
        n: u64,
        rule: OpeningRule,
        human: Player,
        opponent: impl Opponent + 'o,
    ) -> Option<Session<'o>> {
        (n >= 1).then(|| Session {
            n,
            rule,
            human,
            line: Vec::new(),
            opponent: Box::new(opponent),
        })
    }

    pub fn n(&self) -> u64 {
        self.n
    }

    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    pub fn human(&self) -> Player {
        self.human
    }

    /// The moves played so far, from the opening.
    pub fn line(&self) -> &[u64] {
        &self.line
    }

    /// Whose move it is.
    pub fn to_move(&self) -> Player {
        Player::to_move_after(self.line.len())
    }

    /// The legal moves of the player to move, ascending; empty when the game is over.
    pub fn legal_moves(&self) -> Vec<u64> {
        // The line is made of legal moves only, so it is never refused here.
        legal_moves_after(self.n, self.rule, &self.line).unwrap_or_default()
    }

    /// Why `number` is not a legal move now; None when it is.
    pub fn move_error(&self, number: u64) -> Option<IllegalReason> {
        move_error(
            self.n,
            self.rule,
            |k| self.line.contains(&k),
            self.line.last().copied(),
            number,
        )
    }

    /// Plays the person's move.
    pub fn play(&mut self, number: u64) -> Result<(), MoveRefused> {
        if self.to_move() != self.human {
            return Err(MoveRefused::NotYourTurn);
        }
        if let Some(reason) = self.move_error(number) {
            return Err(MoveRefused::Illegal(reason));
        }
        self.line.push(number);
        Ok(())
    }

    /// The opponent's move, played, when it is the opponent's turn and it has one (None
    /// otherwise). A move outside the legal ones is never played: the smallest legal one is.
    pub fn reply(&mut self) -> Result<Option<u64>, PositionError> {
        if self.to_move() == self.human {
            return Ok(None);
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Ok(None);
        }
        let chosen = self.opponent.reply(self.n, &self.line, &moves)?;
        let number = if moves.contains(&chosen) {
            chosen
        } else {
            moves[0]
        };
        self.line.push(number);
        Ok(Some(number))
    }

    /// Takes back the person's last move (and the opponent's replies after it): false when the
    /// person has made no move.
    pub fn undo(&mut self) -> bool {
        match (0..self.line.len())
            .rev()
            .find(|&i| Player::to_move_after(i) == self.human)
        {
            Some(i) => {
                self.line.truncate(i);
                true
            }
            None => false,
        }
    }

    /// Starts again from the empty board, the same sides.
    pub fn new_game(&mut self) {
        self.line.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::position::PositionOracle;

    fn smallest(_: u64, _: &[u64], moves: &[u64]) -> Result<u64, PositionError> {
        Ok(moves[0])
    }

    #[test]
    fn turns_are_kept_and_illegal_moves_refused() {
        let mut session = Session::new(10, OpeningRule::Even, Player::First, smallest).unwrap();
        assert_eq!(session.reply(), Ok(None), "the person moves first");
        assert_eq!(
            session.play(7),
            Err(MoveRefused::Illegal(IllegalReason::OddOpening))
        );
        assert_eq!(session.play(6), Ok(()));
        assert_eq!(session.play(3), Err(MoveRefused::NotYourTurn));
        assert_eq!(session.reply(), Ok(Some(1)));
        assert_eq!(
            session.play(6),
            Err(MoveRefused::Illegal(IllegalReason::AlreadyPlayed))
        );
        assert_eq!(
            session.play(11),
            Err(MoveRefused::Illegal(IllegalReason::OffBoard { n: 10 }))
        );
        assert_eq!(session.line(), &[6, 1]);
    }

    #[test]
    fn undo_takes_back_the_persons_last_move_and_new_game_clears() {
        let mut session = Session::new(10, OpeningRule::Even, Player::Second, smallest).unwrap();
        assert!(!session.undo(), "no move of the person yet");
        assert_eq!(session.reply(), Ok(Some(2)));
        assert!(
            !session.undo(),
            "the opponent's opening is not the person's"
        );
        session.play(4).unwrap();
        assert_eq!(session.reply(), Ok(Some(1)));
        assert!(session.undo());
        assert_eq!(session.line(), &[2]);
        session.new_game();
        assert_eq!(session.line(), &[] as &[u64]);
        assert!(Session::new(0, OpeningRule::Even, Player::First, smallest).is_none());
    }

    #[test]
    fn an_opponent_outside_the_rules_is_overruled_and_the_perfect_player_wins() {
        let cheat = |_: u64, _: &[u64], _: &[u64]| Ok(99);
        let mut session = Session::new(10, OpeningRule::Even, Player::Second, cheat).unwrap();
        assert_eq!(session.reply(), Ok(Some(2)));
        // On 1..2 the first player wins: the person opens 2, the perfect player answers 1, and
        // the person has no move left.
        let oracle = PositionOracle::new(OpeningRule::Even);
        let perfect = |n: u64, line: &[u64], moves: &[u64]| {
            let winning = oracle.winning_moves(n, line)?;
            Ok(winning.first().copied().unwrap_or(moves[0]))
        };
        let mut session = Session::new(2, OpeningRule::Even, Player::First, perfect).unwrap();
        session.play(2).unwrap();
        assert_eq!(session.reply(), Ok(Some(1)));
        assert_eq!(session.to_move(), Player::First);
        assert!(session.legal_moves().is_empty());
    }
}
