use super::arena::{first_won, game_rng, play_out, round_robin};
use super::perfect::Chances;
use super::*;
use crate::engines::search::{SearchConfig, Searcher};
use crate::game::{Board, OpeningRule, Player as Side};
use crate::test_support::{naive_legal_moves, to_move_wins};
use rand::SeedableRng;

fn rng(seed: u64) -> PlayerRng {
    PlayerRng::seed_from_u64(seed)
}

fn all_players() -> Vec<Box<dyn Player>> {
    ["random", "careful", "fewest-replies", "playouts", "perfect"]
        .iter()
        .map(|name| by_name(name).unwrap())
        .collect()
}

/// The winner of 1..=n by the exact search (bitsets, negamax), not the matching engine that
/// `perfect` asks.
fn first_player_wins_by_search(n: u64) -> bool {
    let board = Board::new(n as u32);
    let searcher = Searcher::new(&board, &SearchConfig::default());
    searcher.wins(&crate::Position::start())
}

#[test]
fn the_game_lists_the_legal_moves_of_the_rules() {
    let mut random = crate::test_support::Random(0xA5A5_1234);
    for n in [1u64, 2, 7, 20, 36] {
        for _ in 0..60 {
            let mut game = Game::new(n, OpeningRule::Even).unwrap();
            loop {
                let moves = game.legal_moves();
                assert_eq!(
                    moves,
                    naive_legal_moves(n, game.line()),
                    "{:?}",
                    game.line()
                );
                for &m in &moves {
                    let mut after = game.line().to_vec();
                    after.push(m);
                    assert_eq!(game.replies_after(m), naive_legal_moves(n, &after).len());
                }
                if moves.is_empty() {
                    break;
                }
                let m = moves[random.below(moves.len() as u64) as usize];
                game.play(m).unwrap();
            }
            // Undo walks back to the start, and an illegal move is refused.
            let line = game.line().to_vec();
            while game.undo().is_some() {}
            assert!(game.line().is_empty() && game.legal_moves().len() == n as usize / 2);
            assert!(game.play(1).is_err() || n < 2);
            let again = Game::from_line(n, OpeningRule::Even, &line).unwrap();
            assert_eq!(again.line(), &line[..]);
        }
    }
    assert!(matches!(
        Game::from_line(10, OpeningRule::Even, &[4, 3]),
        Err(GameError::Illegal(_))
    ));
    assert_eq!(
        Game::new(0, OpeningRule::Even).unwrap_err(),
        GameError::Empty
    );
    assert!(matches!(
        Game::new(MAX_N + 1, OpeningRule::Even),
        Err(GameError::TooLarge { .. })
    ));
}

#[test]
fn names_parse_and_bad_names_are_refused() {
    for name in [
        "random",
        "careful",
        "fewest-replies",
        "perfect",
        " playouts:7 ",
    ] {
        assert_eq!(by_name(name).unwrap().name(), name.trim());
    }
    assert_eq!(canonical_name("playouts").unwrap(), "playouts:100");
    assert_eq!(canonical_name("playouts:0100").unwrap(), "playouts:100");
    for bad in [
        "",
        "Perfect",
        "fewest",
        "playouts:",
        "playouts:0",
        "playouts:-1",
    ] {
        assert!(by_name(bad).is_err(), "{bad}");
    }
    assert!(matches!(
        by_name("playouts:100001"),
        Err(NameError::BadPlayouts(_))
    ));
    assert!(matches!(
        by_name("perfect:3"),
        Err(NameError::NoArgument(_))
    ));
}

/// Every player answers every position of random games with one of the legal moves, and with
/// none only when there is none.
#[test]
fn every_player_plays_legal_moves_to_the_end() {
    let players = all_players();
    for n in [1u64, 2, 3, 10, 31, 64, 150] {
        let start = Game::new(n, OpeningRule::Even).unwrap();
        for (a, first) in players.iter().enumerate() {
            for second in &players {
                let (mut x, mut y) = (rng(a as u64), rng(n));
                // play_out panics on an illegal move or on giving up with moves left.
                let line = play_out(&start, &**first, &**second, [&mut x, &mut y]);
                assert!(naive_legal_moves(n, &line).is_empty(), "{line:?}");
                assert!(Game::from_line(n, OpeningRule::Even, &line).is_ok());
            }
        }
    }
}

/// `perfect` wins every game from the winning side (decided by the exact search, not by the
/// matching engine it plays with) against every player, for every n ≤ 60: each random
/// player on several seeds.
#[test]
fn perfect_wins_every_game_from_the_winning_side_up_to_60() {
    let perfect = by_name("perfect").unwrap();
    let opponents = all_players();
    for n in 1..=60u64 {
        let start = Game::new(n, OpeningRule::Even).unwrap();
        let first_wins = first_player_wins_by_search(n);
        for opponent in &opponents {
            for seed in 0..3u64 {
                let (mut x, mut y) = (rng(seed), rng(seed + 100));
                let line = if first_wins {
                    play_out(&start, &*perfect, &**opponent, [&mut x, &mut y])
                } else {
                    play_out(&start, &**opponent, &*perfect, [&mut x, &mut y])
                };
                assert_eq!(
                    first_won(&line),
                    first_wins,
                    "n = {n}, perfect against {} lost: {line:?}",
                    opponent.name()
                );
            }
        }
    }
}

/// The first player wins on 1..=n by at least one opening; a second-player board is lost by
/// every opening. So on a board where the first player loses, `perfect` moving first loses to
/// `perfect`, and on one where it wins, it wins.
#[test]
fn perfect_against_perfect_follows_the_theorem() {
    let perfect = by_name("perfect").unwrap();
    for n in 1..=40u64 {
        let start = Game::new(n, OpeningRule::Even).unwrap();
        let line = play_out(&start, &*perfect, &*perfect, [&mut rng(0), &mut rng(1)]);
        assert_eq!(first_won(&line), first_player_wins_by_search(n), "n = {n}");
    }
}

/// Walks every position of random games on 1..=n and calls `check` on each one where the
/// player to move has a move.
fn on_positions(ns: &[u64], games: u64, check: &mut dyn FnMut(&Game)) {
    let mut random = crate::test_support::Random(0x1234_5678_9ABC);
    for &n in ns {
        for _ in 0..games {
            let mut game = Game::new(n, OpeningRule::Even).unwrap();
            loop {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                check(&game);
                game.play(moves[random.below(moves.len() as u64) as usize])
                    .unwrap();
            }
        }
    }
}

#[test]
fn fewest_replies_and_careful_name_1_only_when_forced() {
    let players = [
        by_name("fewest-replies").unwrap(),
        by_name("careful").unwrap(),
    ];
    let mut checked = 0;
    let mut seed = 0;
    on_positions(&[6, 12, 20, 30, 50, 100], 300, &mut |game| {
        let moves = game.legal_moves();
        for player in &players {
            seed += 1;
            let m = player.choose(game, &mut rng(seed)).unwrap();
            assert!(moves.contains(&m));
            if m == 1 {
                assert_eq!(moves, [1], "{} after {:?}", player.name(), game.line());
            }
        }
        checked += usize::from(moves.contains(&1) && moves.len() > 1);
    });
    // The walk did meet positions where 1 was legal but not forced.
    assert!(checked > 100, "{checked}");
}

/// The moves the first facts leave, written out over the naive rules: no 1 while another move
/// exists; the moves that leave no reply if any; else those after which no reply leaves
/// nothing but 1, if any; else all but 1.
fn naive_sensible_moves(n: u64, line: &[u64]) -> Vec<u64> {
    let after = |k: u64| [line, &[k]].concat();
    let mut moves = naive_legal_moves(n, line);
    if moves.len() > 1 {
        moves.retain(|&k| k != 1);
    }
    let winning: Vec<u64> = moves
        .iter()
        .copied()
        .filter(|&k| naive_legal_moves(n, &after(k)).is_empty())
        .collect();
    if !winning.is_empty() {
        return winning;
    }
    let safe: Vec<u64> = moves
        .iter()
        .copied()
        .filter(|&k| {
            let line = after(k);
            naive_legal_moves(n, &line).into_iter().all(|r| {
                let deeper = [&line[..], &[r]].concat();
                naive_legal_moves(n, &deeper).iter().any(|&x| x != 1)
            })
        })
        .collect();
    if safe.is_empty() {
        moves
    } else {
        safe
    }
}

#[test]
fn fewest_replies_leaves_the_fewest_replies_among_the_sensible_moves() {
    on_positions(&[20, 45], 100, &mut |game| {
        let m = FewestReplies.choose(game, &mut rng(0)).unwrap();
        let replies = |k: u64| naive_legal_moves(game.n(), &[game.line(), &[k]].concat()).len();
        let expected = naive_sensible_moves(game.n(), game.line())
            .into_iter()
            .min_by_key(|&k| (replies(k), k == 1, k))
            .unwrap();
        assert_eq!(m, expected, "after {:?}", game.line());
    });
    // On 1..20 it opens with 8: 14 leaves fewer replies (1 2 7), but 7 then forces 1; 8, 10
    // and 16 leave four.
    let start = Game::new(20, OpeningRule::Even).unwrap();
    assert_eq!(FewestReplies.choose(&start, &mut rng(0)), Some(8));
}

/// careful draws among the sensible moves, and every one of them is drawn.
#[test]
fn careful_draws_every_sensible_move_and_no_other() {
    let mut draws = 0;
    on_positions(&[20, 30], 40, &mut |game| {
        let sensible = naive_sensible_moves(game.n(), game.line());
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..(20 * sensible.len() as u64) {
            let m = Careful.choose(game, &mut rng(seed)).unwrap();
            assert!(sensible.contains(&m), "{m} after {:?}", game.line());
            seen.insert(m);
            draws += 1;
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), sensible);
    });
    assert!(draws > 1000);
}

/// After the opponent names 1, careful answers with a free prime above n/2, whatever it draws.
#[test]
fn careful_answers_1_with_a_large_prime() {
    for seed in 0..40 {
        let game = Game::from_line(20, OpeningRule::Even, &[6, 1]).unwrap();
        let m = Careful.choose(&game, &mut rng(seed)).unwrap();
        assert!([11, 13, 17, 19].contains(&m), "{m}");
        // Later in a game, on a larger board: a prime above 15, or 25 (5 and 1 are played,
        // so 25 leaves no reply either).
        let game = Game::from_line(30, OpeningRule::Even, &[20, 10, 5, 15, 3, 1]).unwrap();
        let m = Careful.choose(&game, &mut rng(seed)).unwrap();
        assert!([17, 19, 23, 25, 29].contains(&m), "{m}");
    }
}

#[test]
fn careful_never_names_14_after_2_on_1_to_20() {
    // 14 after 2: the opponent answers 7, whose only other neighbour on 1..20 is 1.
    let game = Game::from_line(20, OpeningRule::Even, &[2]).unwrap();
    for seed in 0..200 {
        assert_ne!(Careful.choose(&game, &mut rng(seed)), Some(14));
    }
}

/// The losing rule against plain recursion: from lost positions on small boards, the move
/// `perfect` picks offers the best chances, counted by a recursion that shares no code with the
/// matching engine.
#[test]
fn perfect_from_a_lost_position_offers_the_most_chances_to_err() {
    let mut lost_positions = 0;
    on_positions(&[9, 12, 14], 40, &mut |game| {
        let n = game.n();
        let mut line = game.line().to_vec();
        if to_move_wins(n, &mut line) {
            return;
        }
        lost_positions += 1;
        let chances = |m: u64| {
            let mut after = line.clone();
            after.push(m);
            let replies = naive_legal_moves(n, &after);
            let mut mistakes = 0;
            let mut immediate_win = false;
            for &r in &replies {
                after.push(r);
                mistakes += u64::from(to_move_wins(n, &mut after));
                immediate_win |= naive_legal_moves(n, &after).is_empty();
                after.pop();
            }
            Chances {
                replies: replies.len() as u64,
                mistakes,
                immediate_win,
            }
        };
        let moves = naive_legal_moves(n, &line);
        let best = moves
            .iter()
            .map(|&m| chances(m))
            .max_by(|a, b| a.better_than(b))
            .unwrap();
        let chosen = Perfect.choose(game, &mut rng(0)).unwrap();
        assert_eq!(chances(chosen), best, "after {line:?}");
        assert_eq!(Perfect::chances_after(game, chosen), best);
        // The smallest of the best.
        let first = moves.iter().find(|&&m| chances(m) == best).unwrap();
        assert_eq!(chosen, *first);
    });
    assert!(lost_positions > 50, "{lost_positions}");
}

#[test]
fn chances_order_immediate_wins_then_share_then_count() {
    let c = |replies, mistakes, immediate_win| Chances {
        replies,
        mistakes,
        immediate_win,
    };
    use std::cmp::Ordering::*;
    assert_eq!(c(2, 1, false).better_than(&c(2, 2, true)), Greater);
    assert_eq!(c(3, 2, false).better_than(&c(4, 2, false)), Greater);
    assert_eq!(c(4, 2, false).better_than(&c(2, 1, false)), Greater);
    assert_eq!(c(2, 1, false).better_than(&c(2, 1, false)), Equal);
    assert_eq!(c(0, 0, false).better_than(&c(5, 1, false)), Less);
}

/// The play-out player wins more play-outs with the moves it picks than with any other: with a
/// single play-out per move on a board with one legal move, it plays that move; and on 1..20
/// it finds the immediate win after 1 every time (a prime above 10 wins all its play-outs).
#[test]
fn playouts_find_the_sure_wins() {
    let p = by_name("playouts:20").unwrap();
    for seed in 0..20 {
        let game = Game::from_line(20, OpeningRule::Even, &[6, 1]).unwrap();
        let m = p.choose(&game, &mut rng(seed)).unwrap();
        assert!([11, 13, 17, 19].contains(&m), "{m}");
    }
    let game = Game::from_line(4, OpeningRule::Even, &[4, 2]).unwrap();
    assert_eq!(p.choose(&game, &mut rng(0)), Some(1));
    let game = Game::from_line(3, OpeningRule::Even, &[2, 1, 3]).unwrap();
    assert_eq!(p.choose(&game, &mut rng(0)), None);
}

#[test]
fn the_round_robin_is_the_same_on_any_number_of_threads() {
    let players: Vec<Box<dyn Player>> = ["random", "careful", "playouts:5"]
        .iter()
        .map(|name| by_name(name).unwrap())
        .collect();
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| round_robin(24, &players, 30, 7, &|| {}).unwrap())
    };
    let one = run(1);
    assert_eq!(one, run(3));
    // A different seed plays different games (the random players' wins move).
    let other = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap()
        .install(|| round_robin(24, &players, 30, 8, &|| {}).unwrap());
    assert_ne!(one.pairs, other.pairs);
    // Totals add up: every game has one winner.
    let wins: u64 = one.totals.iter().map(|t| t.wins).sum();
    assert_eq!(wins, 30 * 6);
    assert!(one.totals.iter().all(|t| t.games == 2 * 30 * 2));
}

#[test]
fn game_seeds_depend_on_every_part() {
    use rand::RngCore;
    let base = game_rng(1, 20, "a", "b", 0, Side::First).next_u64();
    for other in [
        game_rng(2, 20, "a", "b", 0, Side::First),
        game_rng(1, 21, "a", "b", 0, Side::First),
        game_rng(1, 20, "b", "a", 0, Side::First),
        game_rng(1, 20, "ab", "", 0, Side::First),
        game_rng(1, 20, "a", "b", 1, Side::First),
        game_rng(1, 20, "a", "b", 0, Side::Second),
    ] {
        assert_ne!(other.clone().next_u64(), base);
    }
}

#[test]
fn a_stop_not_reached_changes_no_move_and_a_reached_one_stops_every_player() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let players = all_players();
    let flag = Arc::new(AtomicBool::new(false));
    let far = Stop::at(Instant::now() + Duration::from_secs(3600)).with_flag(flag.clone());
    let mut seed = 0;
    let mut compared = 0;
    on_positions(&[12, 30, 60], 4, &mut |game| {
        for player in &players {
            seed += 1;
            let (mut plain, mut stopped) = (rng(seed), rng(seed));
            let without = player.choose(game, &mut plain);
            let with = player.choose_until(game, &mut stopped, &far);
            assert_eq!(
                with,
                Ok(without),
                "{} after {:?}",
                player.name(),
                game.line()
            );
            // The same draws were made: the stop is read, never drawn from.
            assert_eq!(plain, stopped, "{}", player.name());
            compared += 1;
        }
    });
    assert!(compared > 100, "{compared}");
    // Reached before the start: no player answers, whatever the position.
    let game = Game::from_line(30, OpeningRule::Even, &[6]).unwrap();
    far.raise();
    for player in &players {
        assert_eq!(
            player.choose_until(&game, &mut rng(1), &far),
            Err(Stopped),
            "{}",
            player.name()
        );
    }
    assert!(Stop::never().check().is_ok());
}

#[test]
fn a_deadline_stops_play_outs_and_the_perfect_player_in_the_middle_of_their_work() {
    use std::time::{Duration, Instant};
    // playouts:100000 opening on 1..10000: 5000 moves × 100 000 play-outs, hours of work;
    // an answer here means the deadline was not seen.
    let game = Game::new(10_000, OpeningRule::Even).unwrap();
    let heavy = by_name("playouts:100000").unwrap();
    let stop = Stop::at(Instant::now() + Duration::from_millis(200));
    assert_eq!(heavy.choose_until(&game, &mut rng(0), &stop), Err(Stopped));
    // The perfect player on the losing side after a winning opening weighs each reply by a
    // matching (about a second of work at n = 10 000): a deadline 100 ms away ends it.
    let losing = Game::from_line(10_000, OpeningRule::Even, &[50]).unwrap();
    let stop = Stop::at(Instant::now() + Duration::from_millis(100));
    assert_eq!(
        Perfect.choose_until(&losing, &mut rng(0), &stop),
        Err(Stopped)
    );
}
