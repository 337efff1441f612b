use juniper_green::matching::*;
use std::time::Instant;
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let t = Instant::now();
    let g = Graph::divisibility(n);
    println!("build {:?} edges {}", t.elapsed(), g.edge_count());
    let active = g.vertex_count();
    let t = Instant::now();
    let mut m = greedy_matching(&g, active);
    println!("greedy {:?} size {}", t.elapsed(), m.size());
    let mut e = Engine::new(&g);
    let t = Instant::now();
    e.complete(active, &mut m);
    println!("complete {:?} size {}", t.elapsed(), m.size());
    let t = Instant::now();
    let c = e.gallai_edmonds(active, &m);
    println!(
        "ge {:?} D {}",
        t.elapsed(),
        c.iter().filter(|&&x| x == Class::D).count()
    );
}
