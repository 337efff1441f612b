//! The reference: every complete game walked one by one, by the rules of `game.rs` alone (a
//! depth-first walk over positions of the bitset board). No idea of the fast counter is used, so
//! the two methods check each other (tests/count.rs). About 2·10^7 games a second on one core.

use super::parity::Parity;
use crate::game::{numbers, Board, Position};
use rayon::prelude::*;

/// Largest n the walk takes: n = 31 already has 5.6·10^8 games (half a minute on one core), and
/// the count about doubles with each n.
pub const MAX_ENUMERATE_N: u32 = 32;

/// The games of 1..n that open with `opening`, by parity of their number of moves; walked one by
/// one. `opening` must be an allowed first move of the board.
pub fn games_after_opening(board: &Board, opening: u32) -> Parity {
    let start = Position::start().after(opening);
    // The second moves are walked in parallel: one opening's tree is too coarse a unit of work.
    let seconds: Vec<u32> = numbers(board.legal_moves(&start)).collect();
    if seconds.is_empty() {
        // The opening ends the game: one move.
        return Parity::Z;
    }
    let (even, odd) = seconds
        .par_iter()
        .map(|&second| {
            let mut tally = [0u64; 2];
            walk(board, start.after(second), &mut tally);
            (tally[0], tally[1])
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    Parity {
        even: even as u128,
        odd: odd as u128,
    }
}

/// Adds every game that continues `position` to `tally` (index: the parity of its moves).
fn walk(board: &Board, position: Position, tally: &mut [u64; 2]) {
    let moves = board.legal_moves(&position);
    if moves == 0 {
        tally[(position.moves_made() % 2) as usize] += 1;
        return;
    }
    for next in numbers(moves) {
        walk(board, position.after(next), tally);
    }
}

/// The games of 1..n for each opening 2, 4, …, by parity, every game walked: what the counters
/// must agree with.
#[cfg(test)]
pub(crate) fn walked(n: u32) -> Vec<(u32, Parity)> {
    let board = Board::new(n);
    (2..=n)
        .step_by(2)
        .map(|c| (c, games_after_opening(&board, c)))
        .collect()
}

/// A counter broken on purpose (`fault`) disagrees with the walk for some n ≤ 20.
#[cfg(test)]
pub(crate) fn assert_caught(
    fault: impl std::fmt::Debug,
    counted: impl Fn(u32) -> Vec<(u32, Parity)>,
) {
    let first_wrong = (1..=20).find(|&n| counted(n) != walked(n));
    assert!(
        first_wrong.is_some(),
        "{fault:?} went unnoticed up to n = 20"
    );
}
