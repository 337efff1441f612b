//! The order of the frontier counter: the vertices of H (1 and the primes above n/2 left out),
//! chosen greedily then improved by simulated annealing to keep the frontier small, and the
//! steps that order gives.

use super::step::{Step, GONE};
use rayon::prelude::*;

/// The order of the vertices and the frontier it gives.
#[derive(Clone, Debug)]
pub struct Plan {
    pub n: u32,
    /// The vertices of H (1 and the primes above n/2 left out), in the order introduced.
    pub order: Vec<u32>,
    /// The largest frontier while a vertex is introduced (the vertex counted).
    pub width: usize,
    /// The primes above n/2 (odd: 2 is an opening).
    pub leaf_primes: u32,
    pub(super) steps: Vec<Step>,
}

/// An odd prime above n/2: joined to 1 alone in G_n, counted in closed form.
pub(super) fn leaf_prime(v: u32, n: u32) -> bool {
    v % 2 == 1 && 2 * v > n && crate::primes::is_prime(v.into())
}

/// Whether a and b are joined in G_n (the game's rule, `game::related`).
pub(super) fn related(a: u32, b: u32) -> bool {
    crate::game::related(a.into(), b.into())
}

impl Plan {
    /// The base of the order's cost, the sum over the steps of base^(frontier size): of 3.5,
    /// 4.5, 6, 8 and 12, 8 gave the fewest states after one vertex at n = 60..66 and the fewest
    /// states at 70; 3.5 the most (measured: docs/COUNTING.md §6).
    pub const COST_BASE: f64 = 8.0;
    /// Moves tried per vertex of H by the annealing, from each of this many seeds.
    pub const MOVES_PER_VERTEX: usize = 2000;
    pub const SEEDS: u64 = 12;

    /// The vertices of H for 1..n and their order: greedy first (next, the vertex that leaves
    /// the smallest frontier after it; then the one that lets most vertices leave; then the one
    /// with fewest neighbours still to come; then the smallest), then improved by simulated
    /// annealing on the sum over the steps of 8^(frontier size), from 12 fixed seeds.
    pub fn new(n: u32) -> Plan {
        Plan::seeded(n, 0)
    }

    /// The plan annealed from the `SEEDS` seeds of set `set` (the cheapest order kept; set 0:
    /// `Plan::new`'s). The sets do not overlap, so another set gives another order (`jg count
    /// --order-seed`), unless the annealing finds the same one from both.
    pub fn seeded(n: u32, set: u64) -> Plan {
        let first = set.saturating_mul(Plan::SEEDS);
        let seeds = first..first.saturating_add(Plan::SEEDS);
        Plan::search(n, Plan::COST_BASE, Plan::MOVES_PER_VERTEX, seeds)
    }

    /// The greedy order alone (no annealing).
    pub fn greedy(n: u32) -> Plan {
        Plan::searched(n, Plan::COST_BASE, 0, 1)
    }

    /// The plan annealed on the sum over the steps of `base`^(frontier size), with `moves`
    /// moves per vertex from each of the first `seeds` seeds (the cheapest order kept; 0 moves:
    /// the greedy order).
    pub fn searched(n: u32, base: f64, moves: usize, seeds: u64) -> Plan {
        Plan::search(n, base, moves, 0..seeds.max(1))
    }

    fn search(n: u32, base: f64, moves: usize, seeds: std::ops::Range<u64>) -> Plan {
        let vertices: Vec<u32> = (2..=n).filter(|&v| !leaf_prime(v, n)).collect();
        let leaf_primes = (2..=n).filter(|&v| leaf_prime(v, n)).count() as u32;
        let greedy = greedy_order(&vertices);
        let order = if moves == 0 {
            greedy
        } else {
            // Each seed on its own (in parallel when there are threads); the cheapest order
            // kept, the first seed's of equal cost: the same order whatever the thread count.
            let found: Vec<(f64, Vec<u32>)> = seeds
                .into_par_iter()
                .map(|seed| improve(greedy.clone(), base, moves * vertices.len(), seed))
                .collect();
            found
                .into_iter()
                .reduce(|a, b| if b.0 < a.0 { b } else { a })
                .expect("one seed at least")
                .1
        };
        Plan::with_order(n, order, leaf_primes)
    }

    /// The order's cost, as the annealing measures it (base `COST_BASE`).
    pub fn cost(&self) -> f64 {
        self.steps
            .iter()
            .map(|s| Plan::COST_BASE.powi(s.after as i32))
            .sum()
    }

    pub(super) fn with_order(n: u32, order: Vec<u32>, leaf_primes: u32) -> Plan {
        let mut position = vec![usize::MAX; n as usize + 1];
        for (i, &v) in order.iter().enumerate() {
            position[v as usize] = i;
        }
        let last_neighbour: Vec<usize> = order
            .iter()
            .map(|&v| {
                order
                    .iter()
                    .filter(|&&w| related(v, w))
                    .map(|&w| position[w as usize])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut frontier: Vec<usize> = Vec::new(); // indices into `order`
        let mut steps = Vec::new();
        let mut width = 0;
        for (t, &v) in order.iter().enumerate() {
            let neighbours: Vec<usize> = frontier
                .iter()
                .enumerate()
                .filter(|(_, &w)| related(v, order[w]))
                .map(|(i, _)| i)
                .collect();
            let before = frontier.len();
            frontier.push(t);
            width = width.max(frontier.len());
            let stays: Vec<bool> = frontier.iter().map(|&w| last_neighbour[w] > t).collect();
            let leave: Vec<usize> = (0..=before).filter(|&i| !stays[i]).collect();
            let mut moves_to = vec![GONE; before + 1];
            let mut next = 0;
            for (i, &s) in stays.iter().enumerate() {
                if s {
                    moves_to[i] = next;
                    next += 1;
                }
            }
            frontier = frontier
                .iter()
                .zip(&stays)
                .filter(|(_, &s)| s)
                .map(|(&w, _)| w)
                .collect();
            steps.push(Step {
                opening: if v % 2 == 0 { (v / 2) as u8 } else { 0 },
                evens_after: order[t + 1..].iter().filter(|&&w| w % 2 == 0).count() as u32,
                before,
                after: frontier.len(),
                neighbours,
                leave,
                moves_to,
            });
        }
        Plan {
            n,
            order,
            width,
            leaf_primes,
            steps,
        }
    }

    /// The frontier while each vertex is introduced (the vertex counted).
    pub fn profile(&self) -> Vec<usize> {
        self.steps.iter().map(|s| s.before + 1).collect()
    }
}

/// The cost of an order: the sum over the steps of base^(frontier size after the step).
fn order_cost(
    order: &[usize],
    neighbours: &[Vec<usize>],
    position: &mut [usize],
    base: f64,
) -> f64 {
    let n = order.len();
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    // Vertex v is in the frontier after the steps pos(v)..last(v) − 1.
    let mut delta = vec![0i32; n + 1];
    for (i, &v) in order.iter().enumerate() {
        let last = neighbours[v]
            .iter()
            .map(|&w| position[w])
            .max()
            .unwrap_or(0);
        if last > i {
            delta[i] += 1;
            delta[last] -= 1;
        }
    }
    let mut size = 0;
    let mut cost = 0.0;
    for d in delta.iter().take(n) {
        size += d;
        cost += base.powi(size);
    }
    cost
}

/// Simulated annealing from `order`: a random move, kept when the cost falls, or grows by a
/// factor the falling temperature still allows (a fixed seed: the same order every time).
/// Returns the cheapest order met. Five kinds of move, equally often: a vertex to any place; a
/// vertex to a place at most 8 away; a block of 2 to 8 consecutive vertices to any place; a
/// cluster (the vertices whose largest prime factor is the same p > 3: {p, 2p, 3p, …}) gathered
/// at any place, in their order or by size; two adjacent blocks of 1 to 6 vertices swapped. The
/// single-vertex move alone left the seeds' results far apart (at n = 84, costs 1.3 to 6.4·10^9
/// in 6^(size) from 12 seeds); with the five, 1.25 to 3.0·10^9, most within 20% of the best.
fn improve(order: Vec<u32>, base: f64, iterations: usize, seed: u64) -> (f64, Vec<u32>) {
    use rand::{Rng, SeedableRng};
    let n = order.len();
    if n < 3 {
        return (0.0, order);
    }
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| related(order[i], order[j])).collect())
        .collect();
    // The cluster of a vertex: the vertices sharing its largest prime factor p, when p > 3.
    let top = |v: u32| {
        crate::primes::factorise(v.into())
            .last()
            .map_or(1, |&(p, _)| p)
    };
    let cluster: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            let p = top(order[i]);
            if p <= 3 {
                vec![i]
            } else {
                (0..n).filter(|&j| top(order[j]) == p).collect()
            }
        })
        .collect();
    let mut at: Vec<usize> = (0..n).collect();
    let mut before = at.clone();
    let mut position = vec![0; n];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(51 + seed);
    let mut cost = order_cost(&at, &neighbours, &mut position, base).ln();
    let mut best = (cost, at.clone());
    for k in 0..iterations {
        let temperature = 0.3 * (1.0 - k as f64 / iterations as f64);
        before.copy_from_slice(&at);
        match rng.random_range(0..5usize) {
            0 => {
                let from = rng.random_range(0..n);
                let to = rng.random_range(0..n);
                let v = at.remove(from);
                at.insert(to, v);
            }
            1 => {
                let from = rng.random_range(0..n);
                let to = (from + rng.random_range(0..=16))
                    .saturating_sub(8)
                    .min(n - 1);
                let v = at.remove(from);
                at.insert(to, v);
            }
            2 => {
                let len = rng.random_range(2..=8).min(n - 1);
                let from = rng.random_range(0..=n - len);
                let block: Vec<usize> = at.drain(from..from + len).collect();
                let to = rng.random_range(0..=n - len);
                at.splice(to..to, block);
            }
            3 => {
                let v = rng.random_range(0..n);
                let members = &cluster[v];
                if members.len() < 2 {
                    continue;
                }
                at.retain(|w| !members.contains(w));
                let mut block: Vec<usize> = before
                    .iter()
                    .copied()
                    .filter(|w| members.contains(w))
                    .collect();
                if rng.random_range(0..2) == 0 {
                    block.sort_unstable_by_key(|&w| order[w]);
                }
                let to = rng.random_range(0..=at.len());
                at.splice(to..to, block);
            }
            _ => {
                let a = rng.random_range(1..=6);
                let b = rng.random_range(1..=6);
                if a + b > n {
                    continue;
                }
                let from = rng.random_range(0..=n - a - b);
                at[from..from + a + b].rotate_left(a);
            }
        }
        if at == before {
            continue;
        }
        let c = order_cost(&at, &neighbours, &mut position, base).ln();
        let threshold: f64 = rng.random();
        if c <= cost || threshold < (-(c - cost) / temperature.max(1e-9)).exp() {
            cost = c;
            if c < best.0 {
                best = (c, at.clone());
            }
        } else {
            at.copy_from_slice(&before);
        }
    }
    (best.0, best.1.into_iter().map(|i| order[i]).collect())
}

/// What the greedy rule minimises, in order: the frontier after, minus the vertices that leave,
/// the neighbours still to come, the number.
type GreedyKey = (usize, isize, usize, u32);

fn greedy_order(vertices: &[u32]) -> Vec<u32> {
    let mut placed: Vec<bool> = vec![false; vertices.len()];
    let mut frontier: Vec<usize> = Vec::new();
    let mut order = Vec::new();
    let adjacent = |i: usize, j: usize| related(vertices[i], vertices[j]);
    let waiting = |i: usize, placed: &[bool]| {
        (0..vertices.len())
            .filter(|&j| !placed[j] && adjacent(i, j))
            .count()
    };
    for _ in 0..vertices.len() {
        let mut best: Option<(GreedyKey, usize, Vec<usize>)> = None;
        for i in 0..vertices.len() {
            if placed[i] {
                continue;
            }
            placed[i] = true;
            let mut after: Vec<usize> = frontier.clone();
            after.push(i);
            let before = after.len();
            after.retain(|&j| waiting(j, &placed) > 0);
            let key = (
                after.len(),
                -((before - after.len()) as isize),
                waiting(i, &placed),
                vertices[i],
            );
            placed[i] = false;
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, i, after));
            }
        }
        let (_, i, after) = best.expect("a vertex left");
        placed[i] = true;
        order.push(vertices[i]);
        frontier = after;
    }
    order
}
