//! The frontier counter (docs/COUNTING.md §6): the complete games of 1..n counted by a dynamic
//! programme over the vertices of the divisibility graph taken one at a time, in an order
//! chosen to keep few of them "open" at once, never game by game (the frontier-based search of
//! Knuth's SIMPATH and of TdZdd).
//!
//! A complete game names 1 (1 divides every number, so the last number would otherwise have a
//! move), so it is `P1 1 P2`: P1 a path from the opening, P2 a path ending on the last number e.
//! 1 and the odd primes above n/2 (joined to 1 only) are taken out of the graph; what is left,
//! H, holds P1 and P2 as two disjoint paths. A prime above n/2 can only be a whole P2 by itself,
//! so the games are
//!
//! - (a) P1 and P2 in H, every neighbour of e in H named (e's other neighbour, 1, is named);
//! - (b) P1 alone in H, then 1 and one of the primes above n/2 (each ends the game);
//! - (c) P1 alone, then 1, every number named (only when there is no prime above n/2: n ≤ 2).
//!
//! The programme introduces the vertices of H one by one. When v comes, it is left out or named,
//! and its edges to the vertices already there are chosen (at most two). The state is what the
//! rest of the count needs of the part already decided: for each vertex of the *frontier*
//! (introduced, with a neighbour still to come) whether it is out, full, alone, or the end of a
//! partial path and where that path's other end is (another frontier vertex, the opening or e,
//! or 1); and the two flags of the issue, on the vertices: e (each neighbour of e must be named,
//! so a vertex left out next to it is refused, and e comes only when its earlier neighbours are
//! named), and the far end that is the opening or e. A vertex leaves the frontier when its last
//! neighbour has come: it must then be out, full, or an end, which becomes its path's end
//! joined to 1 (§6 gives the argument). The openings are counted by two passes, forward and
//! backward, so that no state has to name its opening.
//!
//! Exact `u128` counts, every operation checked; the same counts whatever the thread count
//! (states are summed, and integer sums do not depend on their order).

use super::parity::{Overflow, Parity};
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Largest n taken (the order's frontier, not this bound, is what limits the count: about n = 78
/// on 24 GB, docs/COUNTING.md §6).
pub const MAX_FRONTIER_N: u32 = 128;

/// Largest frontier: a state holds 5 bits per frontier vertex in a `u128`.
pub const MAX_WIDTH: usize = 22;

// What a frontier vertex is, 5 bits. An *end* is an end of a partial path that may still take
// an edge; its code says where the other end of its path is.
const OUT: u8 = 0; // not named
const FULL: u8 = 1; // named, takes no more edges
const FULL_E: u8 = 2; // the last number e, full
const ALONE: u8 = 3; // named, no edge yet, not the opening nor e: both ends of its path
const TO_SPECIAL: u8 = 4; // an end; the other end is the opening or e (closed)
const E_ALONE: u8 = 5; // e itself with no edge yet: an end whose other end is e
const TO_ONE: u8 = 6; // an end; the other end left the frontier and is joined to 1
const TO_VERTEX: u8 = 7; // an end; the other end is the frontier vertex (code − 7), also an end

const SLOT_BITS: u32 = 5;
const OPENING_PLACED: u32 = 110;
const E_PLACED: u32 = 111;
const DONE: u32 = 112; // two bits
const SKIPPED: u32 = 114;

/// The far end of a partial path, seen from one of its ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// A frontier vertex, still an end.
    Open(usize),
    /// Closed: the opening or e, or an end joined to 1.
    Special,
    One,
}

fn far(codes: &[u8], x: usize) -> End {
    match codes[x] {
        ALONE => End::Open(x),
        TO_SPECIAL | E_ALONE => End::Special,
        TO_ONE => End::One,
        c => End::Open((c - TO_VERTEX) as usize),
    }
}

fn code_of(end: End) -> u8 {
    match end {
        End::Open(j) => TO_VERTEX + j as u8,
        End::Special => TO_SPECIAL,
        End::One => TO_ONE,
    }
}

fn is_end(code: u8) -> bool {
    code >= ALONE
}

/// A step of the counter a test may break on purpose (the agreement tests must then fail);
/// outside tests `Rules::broken` is always false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// A vertex next to e may be left out, and e may come after a neighbour left out: the
    /// game need not be complete.
    MaximalityIgnored,
    /// A vertex named with no edge may leave the frontier: a path of one number that is
    /// neither the opening nor e (joined to 1 on both sides).
    AloneMayLeave,
    /// An edge may join the two ends of one path, closing a cycle.
    CyclesAllowed,
}

/// What the transitions need besides the state: whether left-out vertices are tracked, and
/// (in tests) a step broken on purpose.
#[derive(Clone, Copy, Debug)]
struct Rules {
    track_skips: bool,
    #[cfg(test)]
    fault: Option<Fault>,
}

impl Rules {
    #[cfg(test)]
    fn broken(&self, fault: Fault) -> bool {
        self.fault == Some(fault)
    }

    #[cfg(not(test))]
    #[inline]
    fn broken(&self, _: Fault) -> bool {
        false
    }
}

/// A state decoded: the frontier's codes (the vertex being introduced last), whether the
/// opening and e are placed, how many paths are closed at both ends, and whether a vertex was
/// left out (tracked only when no prime lies above n/2, for the games that end on 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    codes: [u8; MAX_WIDTH + 1],
    opening_placed: bool,
    e_placed: bool,
    /// Paths closed at both ends (each has one end joined to 1 and the other the opening or e).
    done: u8,
    skipped: bool,
}

impl State {
    fn decode(key: u128, len: usize) -> State {
        let mut codes = [0u8; MAX_WIDTH + 1];
        for (i, c) in codes.iter_mut().enumerate().take(len) {
            *c = ((key >> (SLOT_BITS * i as u32)) & 31) as u8;
        }
        State {
            codes,
            opening_placed: key >> OPENING_PLACED & 1 == 1,
            e_placed: key >> E_PLACED & 1 == 1,
            done: (key >> DONE & 3) as u8,
            skipped: key >> SKIPPED & 1 == 1,
        }
    }

    fn flags(&self) -> u128 {
        (self.opening_placed as u128) << OPENING_PLACED
            | (self.e_placed as u128) << E_PLACED
            | (self.done as u128) << DONE
            | (self.skipped as u128) << SKIPPED
    }

    /// The edge between the ends `u` and `v`: their paths join into one. False when it would
    /// close a cycle or join two closed ends that make no game.
    fn join(&mut self, u: usize, v: usize, rules: &Rules) -> bool {
        let (a, b) = (far(&self.codes, u), far(&self.codes, v));
        if a == End::Open(v) && !rules.broken(Fault::CyclesAllowed) {
            return false;
        }
        for (x, other) in [(u, b), (v, a)] {
            self.codes[x] = match self.codes[x] {
                ALONE => code_of(other),
                E_ALONE => FULL_E,
                _ => FULL,
            };
        }
        if let End::Open(p) = a {
            if p != u {
                self.codes[p] = code_of(b);
            }
        }
        if let End::Open(q) = b {
            if q != v {
                self.codes[q] = code_of(a);
            }
        }
        match (a, b) {
            (End::Open(_), _) | (_, End::Open(_)) => true,
            (End::Special, End::One) | (End::One, End::Special) => {
                self.done += 1;
                true
            }
            // The opening and e on one path (1 is then on neither), or a path joined to 1 at
            // both ends.
            _ => false,
        }
    }

    /// Vertex `x` leaves the frontier (its slot is dropped afterwards): it must be out or full,
    /// or an end, which becomes an end of its path, joined to 1.
    fn forget(&mut self, x: usize, rules: &Rules) -> bool {
        if !is_end(self.codes[x]) {
            return true;
        }
        match far(&self.codes, x) {
            // Named alone, neither the opening nor e: joined to 1 on both sides.
            End::Open(j) if j == x => rules.broken(Fault::AloneMayLeave),
            End::Open(j) => {
                self.codes[j] = TO_ONE;
                true
            }
            End::Special => {
                self.done += 1;
                true
            }
            // Both ends joined to 1.
            End::One => false,
        }
    }
}

/// One vertex of the order: where its earlier neighbours are in the frontier, which slots leave
/// after it, and where the others go.
#[derive(Clone, Debug)]
struct Step {
    /// 1 + the index of the opening it is (v/2), or 0 when odd.
    opening: u8,
    /// Frontier sizes before and after the step.
    before: usize,
    after: usize,
    neighbours: Vec<usize>,
    leave: Vec<usize>,
    /// For each slot 0..=before (the vertex itself last), its slot after the step or `GONE`.
    moves_to: Vec<u8>,
}

const GONE: u8 = u8::MAX;

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
    steps: Vec<Step>,
}

/// An odd prime above n/2: joined to 1 alone in G_n, counted in closed form.
fn leaf_prime(v: u32, n: u32) -> bool {
    v % 2 == 1 && 2 * v > n && crate::primes::is_prime(v.into())
}

/// Whether a and b are joined in G_n (the game's rule, `game::related`).
fn related(a: u32, b: u32) -> bool {
    crate::game::related(a.into(), b.into())
}

/// The base of the order's cost: each vertex more in the frontier multiplies the states by about
/// this much (measured: docs/COUNTING.md §6).
const COST_BASE: f64 = 6.0;

/// Moves tried per vertex of H by the annealing, and how many seeds.
const MOVES_PER_VERTEX: usize = 2000;
const SEEDS: u64 = 4;

impl Plan {
    /// The vertices of H for 1..n and their order: greedy first (next, the vertex that leaves
    /// the smallest frontier after it; then the one that lets most vertices leave; then the one
    /// with fewest neighbours still to come; then the smallest), then improved by simulated
    /// annealing on the sum over the steps of 6^(frontier size), with a fixed seed.
    pub fn new(n: u32) -> Plan {
        Plan::searched(n, MOVES_PER_VERTEX, SEEDS)
    }

    /// The plan with `moves` annealing moves per vertex from each of the first `seeds` seeds
    /// (the cheapest order kept; 0 moves: the greedy order).
    pub fn searched(n: u32, moves: usize, seeds: u64) -> Plan {
        let vertices: Vec<u32> = (2..=n).filter(|&v| !leaf_prime(v, n)).collect();
        let leaf_primes = (2..=n).filter(|&v| leaf_prime(v, n)).count() as u32;
        let greedy = greedy_order(&vertices);
        let order = if moves == 0 {
            greedy
        } else {
            (0..seeds.max(1))
                .map(|seed| improve(greedy.clone(), COST_BASE, moves * vertices.len(), seed))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .expect("one seed at least")
                .1
        };
        Plan::with_order(n, order, leaf_primes)
    }

    /// The order's cost, as the annealing measures it.
    pub fn cost(&self) -> f64 {
        self.steps
            .iter()
            .map(|s| COST_BASE.powi(s.after as i32))
            .sum()
    }

    fn with_order(n: u32, order: Vec<u32>, leaf_primes: u32) -> Plan {
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

/// Simulated annealing from `order`: a random vertex moved to a random place, kept when the
/// cost falls, or grows by a factor the falling temperature still allows (a fixed seed: the same
/// order every time). Returns the cheapest order met.
fn improve(order: Vec<u32>, base: f64, iterations: usize, seed: u64) -> (f64, Vec<u32>) {
    use rand::{Rng, SeedableRng};
    let n = order.len();
    if n < 3 {
        return (0.0, order);
    }
    let neighbours: Vec<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| related(order[i], order[j])).collect())
        .collect();
    let mut at: Vec<usize> = (0..n).collect();
    let mut position = vec![0; n];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(51 + seed);
    let mut cost = order_cost(&at, &neighbours, &mut position, base).ln();
    let mut best = (cost, at.clone());
    for k in 0..iterations {
        let temperature = 0.3 * (1.0 - k as f64 / iterations as f64);
        let from = rng.random_range(0..n);
        let to = rng.random_range(0..n);
        if from == to {
            continue;
        }
        let v = at.remove(from);
        at.insert(to, v);
        let c = order_cost(&at, &neighbours, &mut position, base).ln();
        let threshold: f64 = rng.random();
        if c <= cost || threshold < (-(c - cost) / temperature.max(1e-9)).exp() {
            cost = c;
            if c < best.0 {
                best = (c, at.clone());
            }
        } else {
            let v = at.remove(to);
            at.insert(from, v);
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

/// Figures of one count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The order's largest frontier (the vertex being introduced counted).
    pub width: usize,
    /// The most states after one vertex, and the states after every vertex summed.
    pub peak_states: usize,
    pub total_states: u64,
    /// The most bytes charged against the bound at once.
    pub peak_bytes: usize,
}

#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }
}

type Map = HashMap<u128, Parity, BuildHasherDefault<KeyHasher>>;

/// Why the frontier counter stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrontierError {
    #[error(transparent)]
    Overflow(#[from] Overflow),
    #[error(
        "the frontier counter needs more than its bound of {budget_mib} MiB at n = {n} \
         ({states} states before vertex {step} of {steps}, {pass} pass); give it more with \
         --memory-mib"
    )]
    Memory {
        n: u32,
        budget_mib: usize,
        pass: &'static str,
        step: usize,
        steps: usize,
        states: usize,
    },
    #[error("the vertex order of n = {n} has a frontier of {width}, more than {MAX_WIDTH}")]
    TooWide { n: u32, width: usize },
}

/// Bytes charged per state: in a hash table being built (key and value, 48 bytes, at the
/// table's load, with its control byte and the layer it is built from), and kept for the second
/// pass (the key, and the count when the vertex after it is even).
const MAP_BYTES: usize = 80;
const LIST_BYTES: usize = 48;
const KEY_BYTES: usize = 16;
const VALUE_BYTES: usize = 32;

/// A chunk of a backward step: its states with their completions, and its openings' games.
type Retreated = (Vec<(u128, Parity)>, Parity);

/// A layer kept from the first pass: its states, and their counts when the next vertex is even.
struct Kept {
    keys: Vec<u128>,
    forward: Option<Vec<Parity>>,
}

impl Kept {
    fn bytes(&self) -> usize {
        self.keys.len() * KEY_BYTES + self.forward.as_ref().map_or(0, |f| f.len() * VALUE_BYTES)
    }
}

const CHUNK: usize = 4096;

pub struct FrontierCounter {
    plan: Plan,
    openings: Vec<u32>,
    budget: usize,
    rules: Rules,
}

impl FrontierCounter {
    /// The counter for 1..n (its vertex order chosen now); its layers are charged at most
    /// `budget` bytes.
    pub fn new(n: u32, budget: usize) -> FrontierCounter {
        assert!(
            (1..=MAX_FRONTIER_N).contains(&n),
            "the frontier counter takes 1 ≤ n ≤ {MAX_FRONTIER_N}"
        );
        FrontierCounter::with_plan(Plan::new(n), budget)
    }

    /// The counter with a given plan (any order of H gives the same counts; only the time and
    /// memory change).
    pub fn with_plan(plan: Plan, budget: usize) -> FrontierCounter {
        let n = plan.n;
        FrontierCounter {
            rules: Rules {
                track_skips: plan.leaf_primes == 0,
                #[cfg(test)]
                fault: None,
            },
            plan,
            openings: (2..=n).step_by(2).collect(),
            budget,
        }
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    #[cfg(test)]
    pub(crate) fn break_step(&mut self, fault: Fault) {
        self.rules.fault = Some(fault);
    }

    /// What a state with an empty frontier adds after the last vertex: 1 then P2 (both paths
    /// closed); or 1 and one of the primes above n/2 (P1 alone); or 1 last, every number named
    /// (P1 alone, nothing left out, no prime above n/2).
    fn accept(&self, key: u128) -> Result<Parity, Overflow> {
        let s = State::decode(key, 0);
        if !s.opening_placed {
            return Ok(Parity::ZERO);
        }
        if s.e_placed {
            return Ok(if s.done == 2 { Parity::Z } else { Parity::ZERO });
        }
        if s.done != 1 {
            return Ok(Parity::ZERO);
        }
        let mut g = Parity {
            even: self.plan.leaf_primes as u128,
            odd: 0,
        };
        if self.rules.track_skips && !s.skipped {
            g = g.checked_add(Parity::Z)?;
        }
        Ok(g)
    }

    fn over_budget(&self, pass: &'static str, t: usize, states: usize) -> FrontierError {
        FrontierError::Memory {
            n: self.plan.n,
            budget_mib: self.budget >> 20,
            pass,
            step: t + 1,
            steps: self.plan.steps.len(),
            states,
        }
    }

    /// The games of each opening 2, 4, …, by parity. Two passes: forward, the states after each
    /// vertex and how many ways lead to each; backward, how many ways each state completes to a
    /// game. The games of opening c are the ways into the states before c times the ways c, as
    /// the opening, leads on to a game. `progress(done, total)` after each vertex of each pass.
    pub fn count(
        &self,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(Vec<(u32, Parity)>, Stats), FrontierError> {
        let plan = &self.plan;
        if plan.width > MAX_WIDTH {
            return Err(FrontierError::TooWide {
                n: plan.n,
                width: plan.width,
            });
        }
        let steps = plan.steps.len();
        let mut stats = Stats {
            width: plan.width,
            ..Default::default()
        };
        let total = 2 * steps as u64;
        let mut kept: Vec<Kept> = Vec::with_capacity(steps);
        let mut kept_bytes = 0;
        let mut layer: Vec<(u128, Parity)> = vec![(0, Parity::ONE)];
        for (t, step) in plan.steps.iter().enumerate() {
            let fixed = kept_bytes + layer.len() * (LIST_BYTES + KEY_BYTES + VALUE_BYTES);
            let next = self.advance(&layer, step, t, fixed)?;
            let keep = Kept {
                keys: layer.iter().map(|e| e.0).collect(),
                forward: (step.opening != 0).then(|| layer.iter().map(|e| e.1).collect()),
            };
            kept_bytes += keep.bytes();
            kept.push(keep);
            stats.peak_bytes = stats
                .peak_bytes
                .max(kept_bytes + layer.len() * LIST_BYTES + next.len() * MAP_BYTES);
            layer = next;
            stats.peak_states = stats.peak_states.max(layer.len());
            stats.total_states += layer.len() as u64;
            progress(t as u64 + 1, total);
        }
        // Backward: what each state of the last layer adds, then layer by layer to the first.
        let mut forward_total = Parity::ZERO;
        let mut after = Map::default();
        for &(key, value) in &layer {
            let a = self.accept(key)?;
            forward_total = forward_total.checked_add(value.checked_mul(a)?)?;
            if a != Parity::ZERO {
                after.insert(key, a);
            }
        }
        drop(layer);
        let mut rows: Vec<(u32, Parity)> =
            self.openings.iter().map(|&c| (c, Parity::ZERO)).collect();
        for (t, step) in plan.steps.iter().enumerate().rev() {
            let keep = kept.pop().expect("a layer kept for each vertex");
            kept_bytes -= keep.bytes();
            let charged = kept_bytes + (keep.keys.len() + after.len()) * MAP_BYTES;
            stats.peak_bytes = stats.peak_bytes.max(charged);
            if charged > self.budget {
                return Err(self.over_budget("backward", t, keep.keys.len()));
            }
            let (before, games) = self.retreat(&keep, &after, step)?;
            if step.opening != 0 {
                let row = &mut rows[step.opening as usize - 1].1;
                *row = row.checked_add(games)?;
            }
            after = before;
            progress((2 * steps - t) as u64, total);
        }
        // The first layer is the empty start, whose completions are every game: the two passes
        // must count the same games.
        let all = rows
            .iter()
            .try_fold(Parity::ZERO, |s, (_, g)| s.checked_add(*g))?;
        let start = after.get(&0).copied().unwrap_or_default();
        assert!(
            all == forward_total && start == forward_total,
            "the two passes disagree: {all:?}, {start:?}, {forward_total:?}"
        );
        Ok((rows, stats))
    }

    /// The forward step: the states after `step` and how many ways lead to each. `fixed`: the
    /// bytes already charged.
    fn advance(
        &self,
        layer: &[(u128, Parity)],
        step: &Step,
        t: usize,
        fixed: usize,
    ) -> Result<Vec<(u128, Parity)>, FrontierError> {
        const SHARDS: usize = 64;
        let shards: Vec<Mutex<Map>> = (0..SHARDS).map(|_| Mutex::new(Map::default())).collect();
        let stored = AtomicUsize::new(0);
        let overflow = AtomicU64::new(0);
        let over_budget = AtomicU64::new(0);
        let shard_of = |key: u128| {
            let mut h = KeyHasher::default();
            h.write_u128(key);
            (h.finish().wrapping_mul(0xA076_1D64_78BD_642F) >> 58) as usize % SHARDS
        };
        layer.par_chunks(CHUNK).for_each(|chunk| {
            if over_budget.load(Ordering::Relaxed) != 0 {
                return;
            }
            let mut buffers: Vec<Vec<(u128, Parity)>> = vec![Vec::new(); SHARDS];
            for &(key, value) in chunk {
                let state = State::decode(key, step.before);
                successors(&state, step, &self.rules, &mut |next, used, _| {
                    buffers[shard_of(next)].push((next, if used { value.shift() } else { value }));
                });
            }
            for (i, buffer) in buffers.into_iter().enumerate() {
                if buffer.is_empty() {
                    continue;
                }
                let mut shard = shards[i].lock().unwrap_or_else(|e| e.into_inner());
                let before = shard.len();
                for (key, value) in buffer {
                    let slot = shard.entry(key).or_insert(Parity::ZERO);
                    match slot.checked_add(value) {
                        Ok(sum) => *slot = sum,
                        Err(_) => overflow.store(1, Ordering::Relaxed),
                    }
                }
                let added = shard.len() - before;
                drop(shard);
                let states = stored.fetch_add(added, Ordering::Relaxed) + added;
                if fixed + states * MAP_BYTES > self.budget {
                    over_budget.store(1, Ordering::Relaxed);
                }
            }
        });
        if overflow.load(Ordering::Relaxed) != 0 {
            return Err(Overflow.into());
        }
        // The layer outgrew the bound (whatever the threads: its states only grow, and the
        // flag is set once they pass it); the states named are the layer's before the vertex,
        // as in the backward pass, not the partial count at the stop, which depends on the
        // threads' order.
        if over_budget.load(Ordering::Relaxed) != 0 {
            return Err(self.over_budget("forward", t, layer.len()));
        }
        let mut next = Vec::with_capacity(stored.load(Ordering::Relaxed));
        for shard in shards {
            next.extend(shard.into_inner().unwrap_or_else(|e| e.into_inner()));
        }
        Ok(next)
    }

    /// The backward step: from the completions of the states after `step`, those of the states
    /// before it (states with none are dropped); and, when the vertex is even, its games as the
    /// opening.
    fn retreat(&self, keep: &Kept, after: &Map, step: &Step) -> Result<(Map, Parity), Overflow> {
        let parts: Vec<Result<Retreated, Overflow>> = keep
            .keys
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(i, chunk)| {
                let mut out = Vec::with_capacity(chunk.len());
                let mut games = Parity::ZERO;
                for (j, &key) in chunk.iter().enumerate() {
                    let state = State::decode(key, step.before);
                    let (mut completions, mut opened) = (Parity::ZERO, Parity::ZERO);
                    let mut failed = false;
                    successors(&state, step, &self.rules, &mut |next, used, opening| {
                        let Some(&b) = after.get(&next) else {
                            return;
                        };
                        let b = if used { b.shift() } else { b };
                        let sums = (completions.checked_add(b), opened.checked_add(b));
                        match sums {
                            (Ok(c), Ok(o)) => {
                                completions = c;
                                if opening {
                                    opened = o;
                                }
                            }
                            _ => failed = true,
                        }
                    });
                    if failed {
                        return Err(Overflow);
                    }
                    if let Some(forward) = &keep.forward {
                        games = games.checked_add(forward[i * CHUNK + j].checked_mul(opened)?)?;
                    }
                    if completions != Parity::ZERO {
                        out.push((key, completions));
                    }
                }
                Ok((out, games))
            })
            .collect();
        let mut before = Map::default();
        let mut games = Parity::ZERO;
        for part in parts {
            let (out, g) = part?;
            games = games.checked_add(g)?;
            before.extend(out);
        }
        Ok((before, games))
    }
}

/// Every state after `step` from `state`: `emit(key, named, opening)` with whether the vertex
/// is named (one move more) and whether it is the opening.
fn successors(state: &State, step: &Step, rules: &Rules, emit: &mut dyn FnMut(u128, bool, bool)) {
    let v = step.before;
    let near_e = step
        .neighbours
        .iter()
        .any(|&u| matches!(state.codes[u], FULL_E | E_ALONE));
    // Left out: no neighbour may be e.
    if !near_e || rules.broken(Fault::MaximalityIgnored) {
        let mut s = *state;
        s.codes[v] = OUT;
        s.skipped |= rules.track_skips;
        finish(s, step, rules, false, false, emit);
    }
    if state.done == 2 {
        return;
    }
    let mut ends = [0usize; MAX_WIDTH];
    let mut count = 0;
    for &u in &step.neighbours {
        if is_end(state.codes[u]) {
            ends[count] = u;
            count += 1;
        }
    }
    let ends = &ends[..count];
    let mut named = |code: u8, opening: bool, most: usize| {
        let mut s = *state;
        s.codes[v] = code;
        s.opening_placed |= opening;
        s.e_placed |= code == E_ALONE;
        finish(s, step, rules, true, opening, emit);
        for (i, &u) in ends.iter().enumerate() {
            let mut one = s;
            if one.join(u, v, rules) {
                finish(one, step, rules, true, opening, emit);
                if most == 2 {
                    for &w in &ends[i + 1..] {
                        let mut two = one;
                        if two.join(w, v, rules) {
                            finish(two, step, rules, true, opening, emit);
                        }
                    }
                }
            }
        }
    };
    // Named, inside a path or at its end joined to 1: up to two edges.
    named(ALONE, false, 2);
    // The opening: one edge at most.
    if step.opening != 0 && !state.opening_placed {
        named(TO_SPECIAL, true, 1);
    }
    // The last number, e: one edge at most, and every earlier neighbour named.
    if !state.e_placed
        && (step.neighbours.iter().all(|&u| state.codes[u] != OUT)
            || rules.broken(Fault::MaximalityIgnored))
    {
        named(E_ALONE, false, 1);
    }
}

/// The vertices whose last neighbour has come leave; the others move to their new slots.
fn finish(
    mut s: State,
    step: &Step,
    rules: &Rules,
    used: bool,
    opening: bool,
    emit: &mut dyn FnMut(u128, bool, bool),
) {
    for &x in &step.leave {
        if !s.forget(x, rules) {
            return;
        }
    }
    let mut key = 0u128;
    let (mut to_one, mut ends) = (0, false);
    for (i, &to) in step.moves_to.iter().enumerate() {
        if to == GONE {
            continue;
        }
        let mut c = s.codes[i];
        if c >= TO_VERTEX {
            c = TO_VERTEX + step.moves_to[(c - TO_VERTEX) as usize];
        } else if c == OUT && s.e_placed {
            // No vertex can be e any more: out and full differ in nothing still to come.
            c = FULL;
        }
        to_one += (c == TO_ONE) as u8;
        ends |= is_end(c);
        key |= (c as u128) << (SLOT_BITS * to as u32);
    }
    // Each path closed at one end by 1 needs the opening or e at its other end; with both
    // paths closed, nothing may still be open.
    if to_one + s.done > 2 || (s.done == 2 && ends) {
        return;
    }
    emit(key | s.flags(), used, opening);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::count::enumerate;
    use crate::game::Board;

    fn walked(n: u32) -> Vec<(u32, Parity)> {
        let board = Board::new(n);
        (2..=n)
            .step_by(2)
            .map(|c| (c, enumerate::games_after_opening(&board, c)))
            .collect()
    }

    fn counted(n: u32, fault: Option<Fault>) -> Vec<(u32, Parity)> {
        let mut counter = FrontierCounter::new(n, 1 << 30);
        if let Some(fault) = fault {
            counter.break_step(fault);
        }
        counter.count(&|_, _| {}).unwrap().0
    }

    #[test]
    fn the_frontier_counts_are_the_walked_counts() {
        for n in 1..=22 {
            assert_eq!(counted(n, None), walked(n), "n = {n}");
        }
    }

    /// The agreement check catches a broken transition: each fault changes some count of
    /// n ≤ 20, by opening or parity.
    #[test]
    fn each_broken_step_makes_the_counts_disagree_with_the_walk() {
        for fault in [
            Fault::MaximalityIgnored,
            Fault::AloneMayLeave,
            Fault::CyclesAllowed,
        ] {
            let first_wrong = (1..=20).find(|&n| counted(n, Some(fault)) != walked(n));
            assert!(
                first_wrong.is_some(),
                "{fault:?} went unnoticed up to n = 20"
            );
        }
    }

    #[test]
    fn the_order_is_a_permutation_of_h_and_its_frontier_is_right() {
        for n in [1, 2, 3, 10, 30, 60] {
            let plan = Plan::new(n);
            let mut sorted = plan.order.clone();
            sorted.sort();
            let expected: Vec<u32> = (2..=n).filter(|&v| !leaf_prime(v, n)).collect();
            assert_eq!(sorted, expected, "n = {n}");
            assert_eq!(
                plan.leaf_primes as usize + expected.len(),
                n.saturating_sub(1) as usize
            );
            // The frontier after step t: the vertices placed with a neighbour still to come.
            for (t, step) in plan.steps.iter().enumerate() {
                let expected = plan.order[..=t]
                    .iter()
                    .filter(|&&v| plan.order[t + 1..].iter().any(|&w| related(v, w)))
                    .count();
                assert_eq!(step.after, expected, "n = {n}, step {t}");
            }
            assert_eq!(plan.width, plan.profile().into_iter().max().unwrap_or(0));
        }
    }

    /// The order changes the time and memory, never the counts: the greedy order alone, and
    /// (on small boards: its frontier is wide) the numbers in increasing order, give the
    /// annealed order's counts.
    #[test]
    fn every_order_gives_the_same_counts() {
        for n in [9, 16, 24, 30] {
            let annealed = counted(n, None);
            let greedy = FrontierCounter::with_plan(Plan::searched(n, 0, 1), 1 << 30);
            assert_eq!(greedy.count(&|_, _| {}).unwrap().0, annealed, "n = {n}");
            if n <= 16 {
                let plan = Plan::new(n);
                let mut increasing = plan.order.clone();
                increasing.sort();
                let plan = Plan::with_order(n, increasing, plan.leaf_primes);
                let counter = FrontierCounter::with_plan(plan, 1 << 30);
                assert_eq!(counter.count(&|_, _| {}).unwrap().0, annealed, "n = {n}");
            }
        }
    }

    #[test]
    fn a_bound_too_small_is_a_clear_error() {
        let counter = FrontierCounter::new(30, 1 << 20);
        match counter.count(&|_, _| {}) {
            Err(FrontierError::Memory { n: 30, .. }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_counts_are_the_same_on_one_thread_and_on_two() {
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| counted(30, None))
        };
        assert_eq!(on(1), on(2));
    }

    /// The refusal names the same step and states whatever the threads (it named the partial
    /// count at the stop, 7 608 states on one thread and 8 349 on two at n = 40).
    #[test]
    fn the_refusal_is_the_same_on_one_thread_and_on_two() {
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| FrontierCounter::new(40, 1 << 20).count(&|_, _| {}))
        };
        let one = on(1);
        assert!(
            matches!(one, Err(FrontierError::Memory { n: 40, .. })),
            "{one:?}"
        );
        for _ in 0..4 {
            assert_eq!(on(2), one);
        }
    }
}
