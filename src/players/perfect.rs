//! `perfect`: the solver as a player. It asks the position oracle of `jg play` and `jg solve
//! --after` (the matching engine, docs/MATH.md §3), so it cannot disagree with their hints.

use super::game::{Game, Player, PlayerRng};
use super::model::{losing_move, Small, MODEL_MAX_N};
use super::stop::{Stop, Stopped};
use crate::engines::position::PositionOracle;
use crate::game::OpeningRule;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::rc::Rc;

/// From a winning position, the smallest winning move. From a losing one (every move loses
/// against best play), the move that gives a fallible opponent the most chances to err,
/// never a trap while another move exists (a move after which some reply leaves us no move, or 1
/// alone):
///
/// - on boards of at most `MODEL_MAX_N` numbers, by looking ahead (`model::losing_move`): the
///   chance of winning against an opponent that replies like `random`, `careful` and
///   `fewest-replies` in equal parts, as deep as a fixed number of positions allows;
/// - above, by the next reply only (`Chances`): a move with no trap, then the largest share of
///   the opponent's replies that are mistakes (replies after which we are the ones with a
///   winning move), then the larger number of mistakes, then the smallest number.
///
/// It draws nothing: the same position always gets the same move.
pub struct Perfect;

/// What a losing move offers the opponent: its replies, how many of them are mistakes, and
/// whether one of them wins at once or leaves us 1 alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chances {
    pub replies: u64,
    pub mistakes: u64,
    /// A reply leaves us no move.
    pub immediate_win: bool,
    /// A reply leaves us 1 alone (after which the opponent wins with a free prime above n/2,
    /// or any number with no free neighbour).
    pub only_one: bool,
}

impl Chances {
    /// How bad the worst reply is: 2 when none leaves us 1 alone or nothing, 1 when one leaves
    /// us 1 alone, 0 when one leaves us no move.
    fn safety(&self) -> u8 {
        match (self.immediate_win, self.only_one) {
            (true, _) => 0,
            (false, true) => 1,
            (false, false) => 2,
        }
    }

    /// Better for the player who moves into it: no trap, then a larger share of mistakes
    /// (compared exactly, by cross-multiplication), then more mistakes.
    pub fn better_than(&self, other: &Chances) -> Ordering {
        let share = |c: &Chances| (c.mistakes as u128, c.replies.max(1) as u128);
        let ((a, b), (c, d)) = (share(self), share(other));
        self.safety()
            .cmp(&other.safety())
            .then((a * d).cmp(&(c * b)))
            .then(self.mistakes.cmp(&other.mistakes))
    }
}

thread_local! {
    /// The small board this thread last looked ahead on: its exact search (a table of up to
    /// 1 MiB) is built once per board, not once per move of a losing position. One a thread, so
    /// the memory stays bounded; the search's answers are exact, so a warm table changes no move.
    static SMALL: RefCell<Option<(u64, OpeningRule, Rc<Small>)>> = const { RefCell::new(None) };
}

/// The small board 1..n under `rule`, kept from the last call on this thread when it is the same.
fn small_board(n: u64, rule: OpeningRule) -> Rc<Small> {
    SMALL.with(|slot| {
        let mut slot = slot.borrow_mut();
        match &*slot {
            Some((m, r, small)) if (*m, *r) == (n, rule) => small.clone(),
            _ => {
                let small = Rc::new(Small::new(n, rule));
                *slot = Some((n, rule, small.clone()));
                small
            }
        }
    })
}

impl Perfect {
    fn oracle(game: &Game) -> PositionOracle {
        PositionOracle::new(game.rule())
    }

    /// The winning moves of the player to move. A `Game` holds a legal line on a board of at
    /// most `MAX_N` numbers, far below the matching's bound, so the oracle cannot refuse it; were
    /// it ever to, the list is empty and the player still moves legally (by the losing side's
    /// rule) instead of stopping the arena.
    fn winning_moves(game: &Game) -> Vec<u64> {
        let answer = Self::oracle(game).winning_moves(game.n(), game.line());
        debug_assert!(answer.is_ok(), "the oracle refused a game: {answer:?}");
        answer.unwrap_or_default()
    }

    /// The opponent's chances after the legal move `m`.
    pub(crate) fn chances_after(game: &Game, m: u64) -> Chances {
        let mut after = game.clone();
        after.push(m);
        let replies = after.legal_moves();
        let winning = Self::winning_moves(&after);
        // After m and a reply r, our moves are the free numbers related to r (m is played).
        Chances {
            replies: replies.len() as u64,
            mistakes: (replies.len() - winning.len()) as u64,
            immediate_win: replies.iter().any(|&r| after.replies_after(r) == 0),
            only_one: replies
                .iter()
                .any(|&r| after.free_neighbours(r).eq(std::iter::once(1))),
        }
    }

    /// The move by the next reply only (`Chances`), from a position the player to move loses;
    /// None when there is no legal move.
    pub(crate) fn by_next_reply(game: &Game, stop: &Stop) -> Result<Option<u64>, Stopped> {
        let mut best: Option<(Chances, u64)> = None;
        for m in game.legal_moves() {
            // One maximum matching a move (about 5 ms at n = 10 000): the stop is seen between.
            stop.check()?;
            let chances = Self::chances_after(game, m);
            if best
                .as_ref()
                .is_none_or(|(most, _)| chances.better_than(most) == Ordering::Greater)
            {
                best = Some((chances, m));
            }
        }
        Ok(best.map(|(_, m)| m))
    }
}

impl Player for Perfect {
    fn name(&self) -> &str {
        "perfect"
    }

    fn choose_until(
        &self,
        game: &Game,
        _rng: &mut PlayerRng,
        stop: &Stop,
    ) -> Result<Option<u64>, Stopped> {
        stop.check()?;
        let winning = Self::winning_moves(game);
        if let Some(&m) = winning.first() {
            return Ok(Some(m));
        }
        if game.n() <= MODEL_MAX_N {
            let small = small_board(game.n(), game.rule());
            let s = small.position(game.line());
            return Ok(losing_move(&small, s, stop)?.map(u64::from));
        }
        Self::by_next_reply(game, stop)
    }
}
