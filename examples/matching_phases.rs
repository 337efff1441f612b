//! Where the time of one n goes in the matching engine (docs/MATH.md §3): graph build, greedy start,
//! augmenting phases, Gallai–Edmonds forest. `cargo run --release --example matching_phases -- N`.

use juniper_green::engines::matching::{greedy_matching, Class, Engine, Graph};
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let start = Instant::now();
    let graph = Graph::divisibility(n);
    println!(
        "build G_{n}: {:.3?}, {} edges",
        start.elapsed(),
        graph.edge_count()
    );
    let active = graph.vertex_count();
    let start = Instant::now();
    let mut matching = greedy_matching(&graph, active);
    println!("greedy: {:.3?}, {} pairs", start.elapsed(), matching.size());
    let mut engine = Engine::new(&graph);
    let start = Instant::now();
    engine.complete(active, &mut matching);
    println!("phases: {:.3?}, {} pairs", start.elapsed(), matching.size());
    let start = Instant::now();
    let classes = engine.gallai_edmonds(active, &matching);
    let in_d = classes.iter().filter(|&&c| c == Class::D).count();
    println!(
        "Gallai–Edmonds forest: {:.3?}, |D| = {in_d}",
        start.elapsed()
    );
}
