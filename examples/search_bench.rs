//! Times the exact search (src/search) on chosen n: `cargo run --release --example search_bench
//! -- [--all-openings] [--no-cycles] [--threads T] [--table MB] N…` (ranges like 1-128 allowed). For BENCHMARKS.md.

use juniper_green::engines::search::{SearchConfig, Searcher};
use juniper_green::Board;
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
        let searcher = Searcher::new(&Board::new(n), &config);
        let openings = searcher.winning_openings(all, config.threads);
        let stats = searcher.stats();
        println!(
            "n={n} winner={} openings={openings:?} time={:.2}s nodes={} hits={}",
            if openings.is_empty() {
                "second"
            } else {
                "first"
            },
            start.elapsed().as_secs_f64(),
            stats.nodes,
            stats.table_hits
        );
    }
    println!("total={:.2}s", total.elapsed().as_secs_f64());
}
