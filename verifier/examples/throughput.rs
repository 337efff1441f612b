//! Verifier throughput (BENCHMARKS.md, "Verifier"). A pairing certificate makes the walk expand
//! every reply of the loser, so it is the large case: `cargo run --release -p jg-verify --example
//! throughput -- N [RUNS]` finds a near-maximum matching of the divisibility graph (randomised
//! augmenting paths: no theory is trusted, the verifier is the judge), writes the pairing
//! certificate and times `verify_bytes` on both boards.

#[path = "../tests/suite/common/mod.rs"]
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

/// The same strategy written out as a tree certificate body: the winner's moves in the order of
/// the walk of spec.md §4, each given by the pairing rule of §3.2.
struct TreeWriter {
    neighbours: Vec<u128>,
    partner: std::collections::HashMap<u64, u64>,
    memo: std::collections::HashSet<(u128, u64)>,
    moves: Vec<u64>,
}

impl TreeWriter {
    fn legal(&self, played: u128, last: u64) -> u128 {
        let even = (1..self.neighbours.len() as u64)
            .filter(|x| x % 2 == 0)
            .fold(0, |s, x| s | 1 << (x - 1));
        (if last == 0 { even } else { self.neighbours[last as usize] }) & !played
    }
    fn numbers(set: u128) -> Vec<u64> {
        (1..=128u64).filter(|&x| set >> (x - 1) & 1 == 1).collect()
    }
    fn winner(&mut self, played: u128, last: u64, opening: Option<u64>) {
        let legal = Self::numbers(self.legal(played, last));
        let stuck = |m: &u64| self.legal(played | 1 << (m - 1), *m) == 0;
        let m = opening
            .or_else(|| legal.iter().copied().find(stuck))
            .unwrap_or_else(|| self.partner[&last]);
        self.moves.push(m);
        self.loser(played | 1 << (m - 1), m);
    }
    fn loser(&mut self, played: u128, last: u64) {
        if self.memo.insert((played, last)) {
            for x in Self::numbers(self.legal(played, last)) {
                self.winner(played | 1 << (x - 1), x, None);
            }
        }
    }
}

fn tree_body(n: u64, opening: Option<u64>, pairs: &[(u64, u64)]) -> Vec<u8> {
    let mut neighbours = vec![0u128; n as usize + 1];
    for a in 1..=n {
        for b in (2 * a..=n).step_by(a as usize) {
            neighbours[a as usize] |= 1 << (b - 1);
            neighbours[b as usize] |= 1 << (a - 1);
        }
    }
    let partner = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut writer =
        TreeWriter { neighbours, partner, memo: Default::default(), moves: Vec::new() };
    match opening {
        Some(_) => writer.winner(0, 0, opening),
        None => writer.loser(0, 0),
    }
    common::tree_body(n, &writer.moves)
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
        verify_bytes(&bytes, &limits).ok().map(|_| (opening, pairs, bytes))
    });
    let Some((opening, pairs, pairing)) = accepted else {
        println!("n={n}: no candidate pairing was accepted");
        return;
    };
    let tree = certificate(n, false, opening.is_some(), false, &tree_body(n, opening, &pairs));
    println!(
        "n={n}: opening {opening:?}: pairing {} bytes, tree {} bytes",
        pairing.len(),
        tree.len()
    );
    for (kind, bytes) in [("pairing", &pairing), ("tree", &tree)] {
        for board in std::env::var("BOARDS").unwrap_or("u128 general".into()).split_whitespace() {
            let limits = Limits { force_general_board: board == "general", ..Limits::default() };
            for _ in 0..runs {
                let started = Instant::now();
                let verdict = verify_bytes(bytes, &limits).expect("valid");
                let seconds = started.elapsed().as_secs_f64();
                let rate = verdict.positions as f64 / seconds;
                println!(
                    "{kind:>7} {board:>7}: {} positions in {seconds:.3} s = {rate:.3e} positions/s",
                    verdict.positions
                );
            }
        }
    }
}
