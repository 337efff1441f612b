//! The fast method against the definition and against the plain memo; sums against a search of
//! the sum itself; value 0 against the matching engine.

use super::fast::{lost_after_move, FastValues, Folds};
use super::plain::{PlainMemo, Recursion};
use super::sums::{sum_values, SumBoard};
use super::{mex, values_after, Limits};
use crate::engines::matching;
use crate::game::{bit, numbers, Board, NumberSet, OpeningRule, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

const RULES: [OpeningRule; 2] = [OpeningRule::Even, OpeningRule::Free];

/// Every combination of the folds: each must give the values of the definition.
fn every_folds() -> Vec<Folds> {
    (0..8)
        .map(|m| Folds {
            component: m & 1 != 0,
            leaves: m & 2 != 0,
            matching: m & 4 != 0,
        })
        .collect()
}

/// Every position reachable from the start: (last number, named set).
fn reachable(board: &Board) -> Vec<(u32, NumberSet)> {
    let mut seen = HashSet::new();
    let mut stack: Vec<(u32, NumberSet)> = numbers(board.openings()).map(|e| (e, bit(e))).collect();
    while let Some((c, named)) = stack.pop() {
        if !seen.insert((c, named)) {
            continue;
        }
        for m in numbers(board.neighbours(c) & !named) {
            stack.push((m, named | bit(m)));
        }
    }
    let mut all: Vec<_> = seen.into_iter().collect();
    all.sort_unstable();
    all
}

#[test]
fn every_position_of_small_boards_has_the_value_of_the_definition() {
    for rule in RULES {
        for n in 1..=14u32 {
            let board = Board::with_opening(n, rule);
            let mut recursion = Recursion::new(&board);
            let positions = reachable(&board);
            for folds in every_folds() {
                let mut fast = FastValues::new(&board, folds, 1 << 26);
                for &(c, named) in &positions {
                    let got = fast.value(c, board.all() & !named).unwrap();
                    let want = recursion.value(Some(c), named) as u32;
                    assert_eq!(
                        got, want,
                        "n = {n} {rule:?} {folds:?} last {c} named {named:b}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_start_and_every_opening_have_the_value_of_the_definition_to_18() {
    for rule in RULES {
        for n in 1..=18u64 {
            let board = Board::with_opening(n as u32, rule);
            let mut recursion = Recursion::new(&board);
            let values = values_after(n, rule, &[]).unwrap();
            assert_eq!(
                values.value,
                recursion.value(None, 0) as u32,
                "n = {n} {rule:?}"
            );
            let want: Vec<(u64, u32)> = numbers(board.openings())
                .map(|e| (e as u64, recursion.value(Some(e), bit(e)) as u32))
                .collect();
            assert_eq!(values.moves, want, "n = {n} {rule:?}");
        }
    }
}

#[test]
fn the_plain_memo_gives_the_same_starts() {
    // To 28 on every run (seconds); to 36 in tests/grundy.rs against the published table.
    for rule in RULES {
        for n in 1..=28u64 {
            let board = Board::with_opening(n as u32, rule);
            let (value, openings) = PlainMemo::new(&board, usize::MAX).start().unwrap();
            let fast = values_after(n, rule, &[]).unwrap();
            assert_eq!(fast.value, value as u32, "n = {n} {rule:?}");
            let openings: Vec<(u64, u32)> = openings
                .iter()
                .map(|&(e, v)| (e as u64, v as u32))
                .collect();
            assert_eq!(fast.moves, openings, "n = {n} {rule:?}");
        }
    }
}

#[test]
fn value_zero_exactly_where_the_matching_engine_says_the_mover_loses() {
    for rule in RULES {
        for n in 1..=40u64 {
            let values = values_after(n, rule, &[]).unwrap();
            let outcome = matching::solve(n, rule);
            let zeros: Vec<u64> = values
                .moves
                .iter()
                .filter(|&&(_, v)| v == 0)
                .map(|&(k, _)| k)
                .collect();
            assert_eq!(zeros, outcome.winning_openings, "n = {n} {rule:?}");
            assert_eq!(
                values.value == 0,
                outcome.winner == Player::Second,
                "n = {n}"
            );
        }
    }
}

#[test]
fn random_mid_game_positions_agree_with_the_matching_engine_and_the_mex_rule() {
    let mut rng = ChaCha8Rng::seed_from_u64(56);
    for _ in 0..60 {
        let n = rng.random_range(20..=44u64);
        let rule = RULES[rng.random_range(0..2)];
        let mut line = Vec::new();
        let depth = rng.random_range(1..=6);
        while line.len() < depth {
            let moves = crate::game::legal_moves_after(n, rule, &line).unwrap();
            if moves.is_empty() {
                break;
            }
            line.push(moves[rng.random_range(0..moves.len())]);
        }
        let values = values_after(n, rule, &line).unwrap();
        let analysis = matching::analyse(n, rule, &line).unwrap();
        assert_eq!(values.value != 0, analysis.to_move_wins, "n = {n} {line:?}");
        let zeros: Vec<u64> = values
            .moves
            .iter()
            .filter(|m| m.1 == 0)
            .map(|m| m.0)
            .collect();
        assert_eq!(zeros, analysis.winning_moves, "n = {n} {line:?}");
        // The value of each move is the value of the position after it.
        for &(k, v) in values.moves.iter().take(3) {
            let mut after = line.clone();
            after.push(k);
            assert_eq!(values_after(n, rule, &after).unwrap().value, v);
        }
        assert_eq!(values.value, mex(values.moves.iter().map(|m| m.1)));
    }
}

#[test]
fn lost_after_move_is_the_set_the_definition_gives() {
    // x is in the set exactly when the player who must move from x, with the rest unplayed,
    // loses: checked by the definition on random sets of small boards.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200 {
        let n = rng.random_range(1..=16u32);
        let board = Board::new(n);
        let unplayed: NumberSet = rng.random::<u128>() & board.all();
        let mut recursion = Recursion::new(&board);
        let want = numbers(unplayed).fold(0, |set, x| {
            let named = board.all() & !(unplayed & !bit(x));
            match recursion.value(Some(x), named) {
                0 => set | bit(x),
                _ => set,
            }
        });
        assert_eq!(
            lost_after_move(n, unplayed),
            want,
            "n = {n} unplayed {unplayed:b}"
        );
    }
}

#[test]
fn mex_is_the_least_missing_value() {
    assert_eq!(mex([]), 0);
    assert_eq!(mex([1, 2]), 0);
    assert_eq!(mex([0, 2, 1, 4]), 3);
    assert_eq!(mex([0, 0, 1]), 2);
}

/// The sum of small boards searched as one game: state = each board's (last, named).
fn sum_search(boards: &[Board], state: &mut Vec<(Option<u32>, NumberSet)>) -> bool {
    for i in 0..boards.len() {
        let (last, named) = state[i];
        let moves = match last {
            None => boards[i].openings() & !named,
            Some(c) => boards[i].neighbours(c) & !named,
        };
        for m in numbers(moves) {
            state[i] = (Some(m), named | bit(m));
            let opponent_wins = sum_search(boards, state);
            state[i] = (last, named);
            if !opponent_wins {
                return true;
            }
        }
    }
    false
}

#[test]
fn sums_winning_moves_leave_nim_sum_zero_and_small_sums_agree_with_a_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for round in 0..40 {
        let count = 2 + round % 2;
        let small = round < 16;
        let ns: Vec<u64> = (0..count)
            .map(|_| rng.random_range(1..=if small { 9 } else { 30 }))
            .collect();
        let rule = if round % 5 == 4 {
            OpeningRule::Free
        } else {
            OpeningRule::Even
        };
        let boards: Vec<SumBoard> = ns.iter().map(|&n| SumBoard { n, line: vec![] }).collect();
        let answer = sum_values(&boards, rule, Limits::default()).unwrap();
        let x = answer.boards.iter().fold(0, |x, b| x ^ b.value);
        assert_eq!(answer.nim_sum, x);
        match answer.winning_move {
            Some(m) => {
                let after = values_after(ns[m.board], rule, &[m.number]).unwrap().value;
                let rest = answer
                    .boards
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != m.board)
                    .fold(after, |x, (_, b)| x ^ b.value);
                assert_eq!(rest, 0, "{ns:?}: the move leaves nim-sum {rest}");
            }
            None => assert_eq!(answer.nim_sum, 0),
        }
        if small {
            let search_boards: Vec<Board> = ns
                .iter()
                .map(|&n| Board::with_opening(n as u32, rule))
                .collect();
            let mut state = vec![(None, 0); ns.len()];
            let first_wins = sum_search(&search_boards, &mut state);
            assert_eq!(first_wins, answer.to_move_wins(), "{ns:?} {rule:?}");
        }
    }
}

#[test]
fn a_full_table_is_refused_with_the_flag_to_raise() {
    let engine = super::BoardValues::new(36, OpeningRule::Even, Limits { memory_mib: 1 }).unwrap();
    let error = engine.after(&[], |_, _| {}).unwrap_err();
    assert!(error.to_string().contains("--memory-mib"), "{error}");
    assert!(matches!(
        super::BoardValues::new(101, OpeningRule::Even, Limits::default()),
        Err(super::GrundyError::TooLarge { .. })
    ));
}

/// A search that keeps its table from one position to the next (a review, a reply) gives each
/// position the values a fresh table gives it, along random games, both rules.
#[test]
fn a_kept_table_gives_the_values_of_a_fresh_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(56);
    for rule in RULES {
        for n in [20u64, 30, 36] {
            let engine = super::BoardValues::new(n, rule, Limits::default()).unwrap();
            let mut search = engine.search();
            let mut line: Vec<u64> = Vec::new();
            loop {
                let kept = search.after(&line, |_, _| {}).unwrap();
                let fresh = values_after(n, rule, &line).unwrap();
                assert_eq!(
                    (kept.value, &kept.moves),
                    (fresh.value, &fresh.moves),
                    "n = {n} {line:?}"
                );
                if kept.moves.is_empty() {
                    break;
                }
                line.push(kept.moves[rng.random_range(0..kept.moves.len())].0);
            }
        }
    }
}
