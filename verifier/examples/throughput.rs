//! Verifier throughput (BENCHMARKS.md, "Verifier"). A pairing certificate makes the walk expand
//! every reply of the loser, so it is the large case: `cargo run --release -p jg-verify --example
//! throughput -- N [RUNS]` finds a near-maximum matching of the divisibility graph (randomised
//! augmenting paths: no theory is trusted, the verifier is the judge), writes the pairing
//! certificate and times `verify_bytes` on both boards.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{certificate, pairing_body, Rng};
use jg_verify::{verify_bytes, Limits};
use std::time::Instant;

/// Tries to extend the matching by an alternating path from `v` (Kuhn-style; may miss paths
/// through odd cycles, which the random restarts make up for).
fn augment(adjacency: &[Vec<usize>], mate: &mut [usize], seen: &mut [bool], v: usize) -> bool {
    for &u in &adjacency[v] {
        if seen[u] {
            continue;
        }
        seen[u] = true;
        if mate[u] == 0
            || (!seen[mate[u]] && {
                seen[mate[u]] = true;
                augment(adjacency, mate, seen, mate[u])
            })
        {
            mate[u] = v;
            mate[v] = u;
            return true;
        }
    }
    false
}

/// A large matching of the graph on 1..n without `skip`, as pairs.
fn matching(n: usize, skip: usize, rng: &mut Rng) -> Vec<(u64, u64)> {
    let mut best: Vec<(u64, u64)> = Vec::new();
    for _ in 0..200 {
        let mut adjacency = vec![Vec::new(); n + 1];
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a) {
                if a != skip && b != skip {
                    adjacency[a].push(b);
                    adjacency[b].push(a);
                }
            }
        }
        for list in adjacency.iter_mut() {
            for i in (1..list.len()).rev() {
                list.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        let mut mate = vec![0; n + 1];
        let mut order: Vec<usize> = (1..=n).filter(|&v| v != skip).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for &v in &order {
            if mate[v] == 0 {
                let mut seen = vec![false; n + 1];
                seen[v] = true;
                augment(&adjacency, &mut mate, &mut seen, v);
            }
        }
        let pairs: Vec<(u64, u64)> =
            (1..=n).filter(|&v| mate[v] > v).map(|v| (v as u64, mate[v] as u64)).collect();
        if pairs.len() > best.len() {
            best = pairs;
        }
    }
    best
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().expect("a number"));
    let (n, runs) = (args.next().unwrap_or(60), args.next().unwrap_or(3));
    let mut rng = Rng(n);
    let full = matching(n as usize, 0, &mut rng);
    let mut candidates = vec![(None, full.clone())];
    for v in (2..=n).step_by(2) {
        let pairs = matching(n as usize, v as usize, &mut rng);
        if pairs.len() == full.len() {
            candidates.insert(0, (Some(v), pairs));
        }
    }
    let limits = Limits::default();
    let accepted = candidates.into_iter().find_map(|(opening, pairs)| {
        let bytes =
            certificate(n, false, opening.is_some(), true, &pairing_body(n, opening, &pairs));
        verify_bytes(&bytes, &limits).ok().map(|_| (opening, bytes))
    });
    let Some((opening, bytes)) = accepted else {
        println!("n={n}: no candidate pairing was accepted");
        return;
    };
    println!("n={n}: pairing certificate, opening {opening:?}, {} bytes", bytes.len());
    for board in std::env::var("BOARDS").unwrap_or("u128 general".into()).split_whitespace() {
        let limits = Limits { force_general_board: board == "general", ..Limits::default() };
        for _ in 0..runs {
            let started = Instant::now();
            let verdict = verify_bytes(&bytes, &limits).expect("valid");
            let seconds = started.elapsed().as_secs_f64();
            let rate = verdict.positions as f64 / seconds;
            println!(
                "{board:>7}: {} positions in {seconds:.3} s = {rate:.3e} positions/s",
                verdict.positions
            );
        }
    }
}
