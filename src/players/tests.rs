use super::arena::{first_won, game_rng, play_out, round_robin};
use super::perfect::Chances;
use super::*;
use crate::engines::search::{SearchConfig, Searcher};
use crate::game::{Board, OpeningRule, Player as Side};
use crate::test_support::{naive_legal_moves, on_threads, to_move_wins, Plain};
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

/// The losing rule above the look-ahead's boards (by the next reply) against plain recursion,
/// tried on small boards: from lost positions, the move it picks offers the best chances, counted by a recursion that shares no code with the
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
            let mut only_one = false;
            for &r in &replies {
                after.push(r);
                mistakes += u64::from(to_move_wins(n, &mut after));
                let ours = naive_legal_moves(n, &after);
                immediate_win |= ours.is_empty();
                only_one |= ours == [1];
                after.pop();
            }
            Chances {
                replies: replies.len() as u64,
                mistakes,
                immediate_win,
                only_one,
            }
        };
        let moves = naive_legal_moves(n, &line);
        let best = moves
            .iter()
            .map(|&m| chances(m))
            .max_by(|a, b| a.better_than(b))
            .unwrap();
        let chosen = Perfect::by_next_reply(game, &Stop::never())
            .unwrap()
            .unwrap();
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
        only_one: false,
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
        on_threads(threads, || {
            round_robin(24, &players, 30, 7, &|| {}).unwrap()
        })
    };
    let one = run(1);
    assert_eq!(one, run(3));
    // A different seed plays different games (the random players' wins move).
    let other = on_threads(2, || round_robin(24, &players, 30, 8, &|| {}).unwrap());
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

/// From every position of every n ≤ 18 where the player to move wins (by plain recursion), the
/// perfect player's move wins: after it, the opponent loses.
#[test]
fn perfect_wins_from_every_winning_position_up_to_18() {
    let mut checked = 0u64;
    for n in 1..=18u64 {
        let mut plain = Plain::new(n);
        let mut seen = std::collections::HashSet::new();
        let mut game = Game::new(n, OpeningRule::Even).unwrap();
        // Depth first over every line, each position (numbers played, last) once.
        fn walk(
            game: &mut Game,
            played: u64,
            plain: &mut Plain,
            seen: &mut std::collections::HashSet<(u64, u64)>,
            checked: &mut u64,
        ) {
            let last = game.line().last().copied().unwrap_or(0);
            if !seen.insert((played, last)) {
                return;
            }
            if plain.wins(played, last) {
                let m = Perfect.choose(game, &mut rng(0)).unwrap();
                assert!(
                    !plain.wins(played | 1 << m, m),
                    "n = {}: after {:?} perfect plays {m}, which loses",
                    game.n(),
                    game.line()
                );
                *checked += 1;
            }
            for m in plain.moves(played, last) {
                game.play(m).unwrap();
                walk(game, played | 1 << m, plain, seen, checked);
                game.undo();
            }
        }
        walk(&mut game, 0, &mut plain, &mut seen, &mut checked);
    }
    // Every winning position of 1..18 (30 483 in all), far more than random walks meet.
    assert!(checked > 30_000, "{checked}");
}

/// On random lines at n = 20, 40 and 110 (the moves of random players, so the lines go where
/// no good player goes), the perfect player's move is one of the winning moves the matching
/// oracle lists whenever there is one.
#[test]
fn perfect_plays_a_winning_move_on_random_lines_at_20_40_110() {
    use crate::engines::position::PositionOracle;
    let oracle = PositionOracle::new(OpeningRule::Even);
    let mut winning_positions = 0;
    on_positions(&[20, 40, 110], 30, &mut |game| {
        let winning = oracle.winning_moves(game.n(), game.line()).unwrap();
        if winning.is_empty() {
            return;
        }
        let m = Perfect.choose(game, &mut rng(0)).unwrap();
        assert!(winning.contains(&m), "{m} after {:?}", game.line());
        winning_positions += 1;
    });
    assert!(winning_positions > 500, "{winning_positions}");
}

/// The traps of a position, written out over the naive rules: the moves after which some reply
/// leaves the mover no move, or 1 alone.
fn naive_traps(n: u64, line: &[u64]) -> Vec<u64> {
    naive_legal_moves(n, line)
        .into_iter()
        .filter(|&m| {
            let after = [line, &[m]].concat();
            naive_legal_moves(n, &after).into_iter().any(|r| {
                let ours = naive_legal_moves(n, &[&after[..], &[r]].concat());
                ours.is_empty() || ours == [1]
            })
        })
        .collect()
}

/// On the losing side (n = 18, 22, 28, 46, where the first player loses), the perfect player
/// never names a trap while another move exists: `jg play 18 --second` used to open 14, which
/// 7 answers, leaving 1 alone.
#[test]
fn the_losing_side_never_names_a_trap() {
    let mut positions = 0;
    let mut with_a_trap = 0;
    let oracle = crate::engines::position::PositionOracle::new(OpeningRule::Even);
    for (n, games) in [(18u64, 40), (22, 30), (28, 20), (46, 3)] {
        on_positions(&[n], games, &mut |game| {
            if let Some(avoided) = no_trap_named(&oracle, game) {
                positions += 1;
                with_a_trap += usize::from(avoided);
            }
        });
    }
    let start = Game::new(18, OpeningRule::Even).unwrap();
    assert!(naive_traps(18, &[]).contains(&14));
    assert_ne!(Perfect.choose(&start, &mut rng(0)), Some(14));
    assert!(
        positions > 250 && with_a_trap > 100,
        "{positions} {with_a_trap}"
    );
}

/// In a position the player to move loses, perfect's move is no trap while another move
/// exists: None when the position is won, else whether there was a trap to avoid.
fn no_trap_named(oracle: &crate::engines::position::PositionOracle, game: &Game) -> Option<bool> {
    let n = game.n();
    if !oracle.winning_moves(n, game.line()).unwrap().is_empty() {
        return None;
    }
    let moves = naive_legal_moves(n, game.line());
    let traps = naive_traps(n, game.line());
    let m = Perfect.choose(game, &mut rng(0)).unwrap();
    let avoidable = traps.len() < moves.len();
    if avoidable {
        assert!(!traps.contains(&m), "n = {n}: {m} after {:?}", game.line());
    }
    Some(avoidable && !traps.is_empty())
}

/// Above the look-ahead's boards the rule is by the next reply: no trap while another move
/// exists there too (n = 70 and 100).
#[test]
fn the_losing_side_by_the_next_reply_never_names_a_trap() {
    let oracle = crate::engines::position::PositionOracle::new(OpeningRule::Even);
    let mut with_a_trap = 0;
    on_positions(&[70, 100], 6, &mut |game| {
        with_a_trap += usize::from(no_trap_named(&oracle, game) == Some(true));
    });
    assert!(with_a_trap > 10, "{with_a_trap}");
}

/// The losing side against `fewest-replies` at n = 18, 22 and 28: it wins (both draw nothing, so
/// every game is this one); it lost all of them before it looked ahead.
#[test]
fn perfect_on_the_losing_side_beats_fewest_replies_at_18_22_28() {
    for n in [18u64, 22, 28] {
        assert!(!first_player_wins_by_search(n));
        let start = Game::new(n, OpeningRule::Even).unwrap();
        let line = play_out(&start, &Perfect, &FewestReplies, [&mut rng(0), &mut rng(1)]);
        assert!(first_won(&line), "n = {n}: {line:?}");
    }
}

/// `fewest-replies` moving first on 1..20 opens 8 and wins against every sequence of replies:
/// the paper's IA3, which lost 2 games in 10 moving first against IA4, played otherwise.
#[test]
fn fewest_replies_first_never_loses_on_1_to_20() {
    fn all_replies_lose(game: &mut Game, games: &mut u64) {
        let Some(m) = FewestReplies.choose(game, &mut rng(0)) else {
            panic!("fewest-replies lost after {:?}", game.line());
        };
        game.play(m).unwrap();
        let replies = game.legal_moves();
        if replies.is_empty() {
            *games += 1;
        }
        for r in replies {
            game.play(r).unwrap();
            all_replies_lose(game, games);
            game.undo();
        }
        game.undo();
    }
    let mut game = Game::new(20, OpeningRule::Even).unwrap();
    assert_eq!(FewestReplies.choose(&game, &mut rng(0)), Some(8));
    let mut games = 0;
    all_replies_lose(&mut game, &mut games);
    assert!(games > 10, "{games}");
}

/// The sensible moves and fewest-replies' move on bitsets (`model::Small`, which the look-ahead
/// and the best scores use) are the players' own, on the positions of random games.
#[test]
fn the_models_replies_are_the_players_moves() {
    use super::model::{Model, Small};
    let mut compared = 0;
    for n in [12u64, 20, 33, 46] {
        let small = Small::new(n, OpeningRule::Even);
        on_positions(&[n], 30, &mut |game| {
            let s = small.position(game.line());
            let sensible: Vec<u64> = crate::game::numbers(small.sensible(s))
                .map(u64::from)
                .collect();
            assert_eq!(sensible, naive_sensible_moves(n, game.line()));
            let fewest = small.fewest_replies(s).map(u64::from);
            assert_eq!(fewest, FewestReplies.choose(game, &mut rng(0)));
            for model in [
                Model::Random,
                Model::Careful,
                Model::FewestReplies,
                Model::Mixture,
            ] {
                let replies = model.replies(&small, s);
                let total: f64 = replies.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-12, "{model:?} {total}");
            }
            compared += 1;
        });
    }
    assert!(compared > 500, "{compared}");
}

/// The best score against each opponent, computed by the look-ahead with no bound, is the one
/// a plain expectimax over the naive rules gives, from every position of short random games
/// on small boards.
#[test]
fn the_best_scores_agree_with_a_plain_expectimax() {
    use super::model::{Lookahead, Model, Small};
    /// An opponent's replies after a line, with their chances.
    type Replies<'a> = &'a dyn Fn(u64, &[u64]) -> Vec<(u64, f64)>;
    /// Our best chance from `line` (we are to move) against the opponent's replies `replies`.
    fn plain(n: u64, line: &mut Vec<u64>, replies: Replies) -> f64 {
        let mut best = 0.0f64;
        for m in naive_legal_moves(n, line) {
            line.push(m);
            let theirs = replies(n, line);
            let q = if theirs.is_empty() {
                1.0
            } else {
                theirs
                    .iter()
                    .map(|&(r, p)| {
                        line.push(r);
                        let v = plain(n, line, replies);
                        line.pop();
                        p * v
                    })
                    .sum()
            };
            line.pop();
            best = best.max(q);
        }
        best
    }
    let uniform = |moves: Vec<u64>| {
        let p = 1.0 / moves.len() as f64;
        moves.into_iter().map(|m| (m, p)).collect::<Vec<_>>()
    };
    let random = |n: u64, line: &[u64]| uniform(naive_legal_moves(n, line));
    let careful = |n: u64, line: &[u64]| match naive_legal_moves(n, line).is_empty() {
        true => Vec::new(),
        false => uniform(naive_sensible_moves(n, line)),
    };
    let fewest = |n: u64, line: &[u64]| {
        let replies = |k: u64| naive_legal_moves(n, &[line, &[k]].concat()).len();
        naive_sensible_moves(n, line)
            .into_iter()
            .min_by_key(|&k| (replies(k), k == 1, k))
            .map(|k| (k, 1.0))
            .into_iter()
            .collect()
    };
    let models: [(Model, Replies); 3] = [
        (Model::Random, &random),
        (Model::Careful, &careful),
        (Model::FewestReplies, &fewest),
    ];
    let stop = Stop::never();
    let mut compared = 0;
    for n in [8u64, 10, 12] {
        let small = Small::new(n, OpeningRule::Even);
        on_positions(&[n], 8, &mut |game| {
            for (model, replies) in &models {
                let mut search = Lookahead::new(&small, *model, false, &stop);
                let v = search.value(small.position(game.line()), u32::MAX).unwrap();
                let w = plain(n, &mut game.line().to_vec(), *replies);
                assert!(
                    (v - w).abs() < 1e-9,
                    "n = {n}, {model:?} after {:?}: {v} {w}",
                    game.line()
                );
                compared += 1;
            }
        });
    }
    assert!(compared > 100, "{compared}");
}
