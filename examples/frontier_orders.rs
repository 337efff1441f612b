//! The frontier counter's vertex order, greedy against annealed (BENCHMARKS.md, "Counting games
//! to n = 60 and beyond"): `cargo run --release --example frontier_orders -- A B` prints, for
//! each n = A..B, the order's width and cost (the sum over the steps of 6^(frontier size)),
//! then counts with it and prints the states, the most after one vertex, the bytes charged and
//! the seconds (wall). `MOVES` (annealing moves per vertex, 0: the greedy order alone; default
//! 2000) and `SEEDS` (default 4) choose the order; `PLAN_ONLY=1` skips the count.

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
    let (moves, seeds) = (var("MOVES", 2000) as usize, var("SEEDS", 4));
    for n in args[0]..=args[1] {
        let t = Instant::now();
        let plan = Plan::searched(n, moves, seeds);
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
        let (_, stats) = counter.count(&|_, _| {}).expect("a count");
        println!(
            "; {} states, at most {} after one vertex, {} MiB charged, {:.2} s",
            stats.total_states,
            stats.peak_states,
            stats.peak_bytes >> 20,
            t.elapsed().as_secs_f64()
        );
    }
}
