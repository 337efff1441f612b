//! The cost of `jg chain N --draw` apart from the search, for BENCHMARKS.md: draws the chain of a
//! chain certificate (`certificates/chains/chain-N.txt`, its `n` and `chain` lines; the file is
//! not verified here, only its chain checked by the rules) REPEATS times and prints the bytes of
//! the figure and the median seconds of one drawing.
//! `cargo run --release --example chain_draw_bench -- certificates/chains/chain-1000.txt [REPEATS] [OUT.svg]`

use juniper_green::engines::chain::LongestChain;
use juniper_green::frontends::chain_draw::draw_chain;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("a chain certificate");
    let repeats: usize = args.get(1).map_or(10, |r| r.parse().expect("REPEATS"));
    let text = std::fs::read_to_string(path).expect("a readable file");
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no `{name}` line"))
    };
    let n: u64 = field("n ").trim().parse().expect("n");
    let chain: Vec<u64> = field("chain ")
        .split_whitespace()
        .map(|x| x.parse().expect("a number"))
        .collect();
    let found = LongestChain {
        n,
        root_bound: chain.len() as u64,
        chain,
        nodes: 0,
        proved: true,
    };
    let mut seconds = Vec::new();
    let mut svg = String::new();
    for _ in 0..repeats.max(1) {
        let started = Instant::now();
        svg = draw_chain(&found).expect("a chain that obeys the rules");
        seconds.push(started.elapsed().as_secs_f64());
    }
    seconds.sort_by(f64::total_cmp);
    if let Some(out) = args.get(2) {
        std::fs::write(out, &svg).expect("a writable OUT.svg");
    }
    println!(
        "n = {n}: {} numbers on the chain, figure {} bytes, {:.4} s per drawing (median of {})",
        found.chain.len(),
        svg.len(),
        seconds[seconds.len() / 2],
        seconds.len()
    );
}
