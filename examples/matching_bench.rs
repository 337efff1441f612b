//! Timings of the matching engine for BENCHMARKS.md (docs/MATH.md §3):
//! `cargo run --release --example matching_bench [-- N...]`.
//! Without arguments: n = 200 (all openings), the table n = 1..=10000, and n = 10^6;
//! `-- N...`: those n only; `-- table [TO]`: the table n = 1..=TO only; `-- openings N`: the
//! winning openings of n, space-separated (to compare with a reference).

use juniper_green::engines::matching::{pairing_strategy, solve, solve_range};
use juniper_green::OpeningRule;
use std::time::Instant;

fn one(n: u64) {
    let start = Instant::now();
    let outcome = solve(n, OpeningRule::Even);
    let solved = start.elapsed();
    let start = Instant::now();
    let strategy = pairing_strategy(n, OpeningRule::Even);
    let paired = start.elapsed();
    println!(
        "n = {n}: {} wins, {} winning openings (first {:?}), solve {:.3?}; pairing strategy {} pairs, opening {:?}, {:.3?}",
        outcome.winner.name(),
        outcome.winning_openings.len(),
        outcome.winning_openings.first(),
        solved,
        strategy.pairs.len(),
        strategy.opening,
        paired
    );
}

fn table(to: u64) {
    let start = Instant::now();
    let table = solve_range(1, to, OpeningRule::Even);
    let second = table
        .iter()
        .filter(|o| o.winning_openings.is_empty())
        .count();
    println!(
        "table n = 1..={to} (all openings): {:.3?}; second player wins for {second} n",
        start.elapsed()
    );
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("openings") {
        let n = std::env::args()
            .nth(2)
            .and_then(|a| a.parse().ok())
            .unwrap_or(200);
        let outcome = solve(n, OpeningRule::Even);
        let list: Vec<String> = outcome
            .winning_openings
            .iter()
            .map(u64::to_string)
            .collect();
        println!("{}", list.join(" "));
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("table") {
        let to = std::env::args()
            .nth(2)
            .and_then(|a| a.parse().ok())
            .unwrap_or(10_000);
        table(to);
        return;
    }
    let sizes: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if !sizes.is_empty() {
        sizes.into_iter().for_each(one);
        return;
    }
    let runs = 200;
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(solve(200, OpeningRule::Even));
    }
    println!(
        "n = 200, all openings: {:.3?} per solve (mean of {runs})",
        start.elapsed() / runs
    );
    one(200);

    let start = Instant::now();
    let table = solve_range(1, 10_000, OpeningRule::Even);
    let second = table
        .iter()
        .filter(|o| o.winning_openings.is_empty())
        .count();
    println!(
        "table n = 1..=10000 (all openings): {:.3?}; second player wins for {second} n",
        start.elapsed()
    );
    one(1_000_000);
}
