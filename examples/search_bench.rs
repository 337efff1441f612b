//! Times the exact search (src/search) on chosen n: `cargo run --release --example search_bench
//! -- [--all-openings] [--no-cycles] [--threads T] [--table MB] N…` (ranges like 1-128 allowed). For BENCHMARKS.md.

use juniper_green::search::{solve, SearchConfig};
use juniper_green::OpeningRule;
use std::time::Instant;

fn main() {
    let mut config = SearchConfig::default();
    let mut all = false;
    let mut ns = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--all-openings" => all = true,
            "--no-cycles" => config.simplifications.even_cycles = false,
            "--threads" => config.threads = args.next().and_then(|t| t.parse().ok()).unwrap_or(0),
            "--table" => {
                config.table_megabytes = args.next().and_then(|t| t.parse().ok()).unwrap_or(128)
            }
            range => {
                let (a, b) = range.split_once('-').unwrap_or((range, range));
                let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) else {
                    eprintln!("not a number or range: {range}");
                    std::process::exit(2);
                };
                ns.extend(a..=b);
            }
        }
    }
    let total = Instant::now();
    for n in ns {
        let start = Instant::now();
        let outcome = solve(n, OpeningRule::Even, all, &config);
        println!(
            "n={n} winner={} openings={:?} time={:.2}s",
            outcome.winner.name(),
            outcome.winning_openings,
            start.elapsed().as_secs_f64()
        );
    }
    println!("total={:.2}s", total.elapsed().as_secs_f64());
}
