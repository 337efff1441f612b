//! The losing side's table of docs/PLAYERS.md: each player on the losing side of 1..n against
//! `random`, `careful` and `fewest-replies`, G games a cell, with 95 % Wilson intervals, beside
//! the best score any player can reach against that opponent (exact by expectimax where it ends
//! within the budget, else bounds).
//!
//! `cargo run --release --example losing_side -- [--games G] [--seed S] [--budget B] N…`
//! (defaults: G = 500, S = 1, B = 2·10^7 positions, N = 18 22 28 46). Memory: the memo of the
//! exact expectimax, at most B entries (about 100 bytes each).
//!
//! The games are the arena's: each side of game g draws from `arena::game_rng(S, N, player,
//! opponent, g, side)`, so a cell is the same whatever else is computed.

use juniper_green::engines::position::PositionOracle;
use juniper_green::game::Player as Side;
use juniper_green::players::arena::{first_won, game_rng, play_out, wilson};
use juniper_green::players::model::{Halt, Lookahead, Model, Small};
use juniper_green::players::{by_name, Game, Stop};
use juniper_green::OpeningRule;
use rayon::prelude::*;

const PLAYERS: [&str; 5] = ["random", "careful", "fewest-replies", "playouts", "perfect"];
const OPPONENTS: [(&str, Model); 3] = [
    ("random", Model::Random),
    ("careful", Model::Careful),
    ("fewest-replies", Model::FewestReplies),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut games, mut seed, mut budget, mut ns) = (500u64, 1u64, 20_000_000u64, Vec::new());
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .and_then(|v| v.parse::<u64>().ok())
                .expect("a number")
        };
        match arg.as_str() {
            "--games" => games = value(),
            "--seed" => seed = value(),
            "--budget" => budget = value(),
            n => ns.push(n.parse::<u64>().expect("N is a whole number")),
        }
    }
    if ns.is_empty() {
        ns = vec![18, 22, 28, 46];
    }
    println!("games {games} a cell, seed {seed}; rate [95 % Wilson interval]");
    for n in ns {
        let rule = OpeningRule::Even;
        let first_wins = !PositionOracle::new(rule)
            .winning_moves(n, &[])
            .expect("n within the oracle's reach")
            .is_empty();
        let losing = if first_wins {
            Side::Second
        } else {
            Side::First
        };
        println!(
            "\nn = {n}: the {} player loses against best play",
            losing.name()
        );
        let start = Game::new(n, rule).expect("a board");
        for (opponent, model) in OPPONENTS {
            let (best, how) = best_possible(n, rule, losing, model, budget);
            print!("against {opponent:<15} best possible {best} ({how})");
            println!();
            for name in PLAYERS {
                let player = by_name(name).expect("a player");
                let other = by_name(opponent).expect("a player");
                let (first, second) = match losing {
                    Side::First => (&player, &other),
                    Side::Second => (&other, &player),
                };
                let wins = (0..games)
                    .into_par_iter()
                    .filter(|&g| {
                        let rng = |side| game_rng(seed, n, first.name(), second.name(), g, side);
                        let (mut x, mut y) = (rng(Side::First), rng(Side::Second));
                        let line = play_out(&start, &**first, &**second, [&mut x, &mut y]);
                        first_won(&line) == (losing == Side::First)
                    })
                    .count() as u64;
                let (lo, hi) = wilson(wins, games);
                println!(
                    "  {name:<15} {wins:>4}/{games}  {:.3} [{lo:.3}, {hi:.3}]",
                    wins as f64 / games as f64
                );
            }
        }
    }
}

/// The best chance of the losing side against `model`: exact when the expectimax ends within
/// `budget` positions, else the bounds of the deepest look-ahead that does (a cut position
/// counted lost, then won).
fn best_possible(
    n: u64,
    rule: OpeningRule,
    losing: Side,
    model: Model,
    budget: u64,
) -> (String, String) {
    let small = Small::new(n, rule);
    let stop = Stop::never();
    let start = small.position(&[]);
    let value = |search: &mut Lookahead, depth: u32| -> Result<f64, Halt> {
        match losing {
            Side::First => search.value(start, depth),
            Side::Second => {
                // The opponent opens; then we are to move.
                let mut sum = 0.0;
                for (r, p) in model.replies(&small, start) {
                    sum += p * search.value(start.after(r), depth)?;
                }
                Ok(sum)
            }
        }
    };
    let mut exact = Lookahead::new(&small, model, false, &stop).with_budget(budget);
    if let Ok(v) = value(&mut exact, u32::MAX) {
        return (
            format!("{v:.4}"),
            format!("exact, {} positions", exact.nodes()),
        );
    }
    drop(exact);
    let mut bounds = None;
    for depth in 1..=n as u32 {
        let mut low = Lookahead::new(&small, model, false, &stop).with_budget(budget / 2);
        let mut high = Lookahead::new(&small, model, false, &stop)
            .with_budget(budget / 2)
            .with_leaf(1.0);
        match (value(&mut low, depth), value(&mut high, depth)) {
            (Ok(lo), Ok(hi)) => bounds = Some((lo, hi, depth)),
            _ => break,
        }
    }
    match bounds {
        Some((lo, hi, depth)) => (
            format!("{lo:.4} to {hi:.4}"),
            format!("bounds, {depth} of our moves ahead"),
        ),
        None => ("?".to_string(), "beyond the budget".to_string()),
    }
}
