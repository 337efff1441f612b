//! The frontier counter's vertex order, greedy against annealed (BENCHMARKS.md, "The frontier
//! counter's order, issue 60"): `cargo run --release --example frontier_orders -- A B` prints,
//! for each n = A..B, the order's width and cost (the sum over the steps of 8^(frontier size),
//! whatever base the order was searched with), then counts all the games with it (the forward
//! pass of `jg count N`) and prints the states summed over the layers, the most after one
//! vertex, the bytes charged and the seconds (wall). `BASE` (the annealing's cost base, default
//! 8), `MOVES` (annealing moves per vertex, 0: the greedy order alone; default 2000) and `SEEDS`
//! (default 12) choose the order, or `SET` the order of `jg count --order-seed SET`;
//! `PLAN_ONLY=1` skips the count; `BY_OPENING=1` counts by
//! opening (both passes).

use juniper_green::engines::count::frontier::{FrontierCounter, Plan};
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("n"))
        .collect();
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|m| m.parse().ok())
            .unwrap_or(default)
    };
    let (moves, seeds) = (
        var("MOVES", Plan::MOVES_PER_VERTEX as u64) as usize,
        var("SEEDS", Plan::SEEDS),
    );
    let base: f64 = std::env::var("BASE")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(Plan::COST_BASE);
    for n in args[0]..=args[1] {
        let t = Instant::now();
        let plan = match std::env::var("SET").ok().and_then(|s| s.parse().ok()) {
            Some(set) => Plan::seeded(n, set),
            None => Plan::searched(n, base, moves, seeds),
        };
        print!(
            "n = {n}: width {}, cost {:.3e}, order found in {:.2} s",
            plan.width,
            plan.cost(),
            t.elapsed().as_secs_f64()
        );
        if std::env::var("PLAN_ONLY").is_ok() {
            println!();
            continue;
        }
        let t = Instant::now();
        let counter = FrontierCounter::with_plan(plan, 20 << 30);
        let stats = if std::env::var("BY_OPENING").is_ok() {
            counter.count(&|_, _| {}).expect("a count").1
        } else {
            counter.count_all(&|_, _| {}).expect("a count").1
        };
        println!(
            "; {} states, at most {} after one vertex, {} MiB charged, {:.2} s",
            stats.total_states,
            stats.peak_states,
            stats.peak_bytes >> 20,
            t.elapsed().as_secs_f64()
        );
    }
}
