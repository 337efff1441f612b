//! The matching engine (docs/MATH.md §3): one maximum matching of G_n and its Gallai–Edmonds sets
//! decide the game for any n and give every winning opening; one matching of the unplayed
//! numbers gives the winning moves of any position; a maximum matching is the winner's pairing
//! strategy. Own Edmonds blossom code in CSR form (petgraph has no Gallai–Edmonds sets).

mod blossom;
mod graph;
#[cfg(test)]
mod tests;

pub use blossom::{greedy_matching, is_tutte_berge_witness, Class, Engine, Matching, NONE};
pub use graph::{Graph, MAX_N};

use crate::game::{check_line, related_numbers, IllegalLine, OpeningRule, Player};
use crate::outcome::{Method, Outcome};
use crate::pairing::Pairing;

/// The position after a line of play, seen from the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub to_move: Player,
    pub to_move_wins: bool,
    /// The moves that leave the opponent in a lost position, ascending.
    pub winning_moves: Vec<u64>,
}

/// Maximum matching and Gallai–Edmonds classes of G_n (vertex k − 1 is number k).
fn decompose(n: u64) -> (Graph, Matching, Vec<Class>) {
    let graph = Graph::divisibility(n);
    let active = graph.vertex_count();
    let (matching, classes) = Engine::new(&graph).maximum_matching_and_classes(active);
    (graph, matching, classes)
}

fn openings_in_d(classes: &[Class], rule: OpeningRule) -> Vec<u64> {
    (1..=classes.len() as u64)
        .filter(|&k| rule.allows(k) && classes[(k - 1) as usize] == Class::D)
        .collect()
}

fn outcome_from(n: u64, winning_openings: Vec<u64>) -> Outcome {
    Outcome {
        n,
        winner: Player::winner(!winning_openings.is_empty()),
        winning_openings,
        all_openings: true,
        method: Method::Matching,
    }
}

/// Outcome of the game on 1..=n with all winning openings: the openings allowed by `rule`
/// that lie in D(G_n). Panics if n > `MAX_N`.
pub fn solve(n: u64, rule: OpeningRule) -> Outcome {
    let (_, _, classes) = decompose(n);
    outcome_from(n, openings_in_d(&classes, rule))
}

/// Outcomes for every n in `from..=to`. The range is cut into chunks solved in parallel; each
/// chunk grows one graph number by number: a maximum matching of G_(n−1) needs at most one
/// augmentation (from the new number n) to become one of G_n, then one forest gives D(G_n).
/// The outcomes do not depend on which maximum matching is found, so neither on the threads.
/// Panics if to > `MAX_N`.
pub fn solve_range(from: u64, to: u64, rule: OpeningRule) -> Vec<Outcome> {
    use rayon::prelude::*;
    let mut outcomes = Vec::new();
    if from > to {
        return outcomes;
    }
    if from == 0 {
        outcomes.push(outcome_from(0, Vec::new()));
    }
    let from = from.max(1);
    if from > to {
        return outcomes;
    }
    let chunks = 2 * rayon::current_num_threads() as u64;
    let span = (to - from + 1).div_ceil(chunks);
    let bounds: Vec<(u64, u64)> = (0..chunks)
        .map(|i| (from + i * span, (from + (i + 1) * span - 1).min(to)))
        .filter(|&(first, last)| first <= last)
        .collect();
    let parts: Vec<Vec<Outcome>> = bounds
        .par_iter()
        .map(|&(first, last)| solve_chunk(first, last, rule))
        .collect();
    outcomes.extend(parts.into_iter().flatten());
    outcomes
}

fn solve_chunk(from: u64, to: u64, rule: OpeningRule) -> Vec<Outcome> {
    let graph = Graph::divisibility(to);
    let mut engine = Engine::new(&graph);
    let mut matching = Matching::empty(graph.vertex_count());
    let mut outcomes = Vec::new();
    for n in 1..=to {
        let newest = (n - 1) as u32;
        engine.augment_from(n as u32, &mut matching, newest);
        if n >= from {
            let classes = engine.gallai_edmonds(n as u32, &matching);
            outcomes.push(outcome_from(n, openings_in_d(&classes, rule)));
        }
    }
    outcomes
}

/// Analysis of the position reached by `line` from the start. After a move to c, the player to
/// move wins by moving to x exactly when x ∈ D(H − c), H − c being the unplayed numbers: the
/// opponent then sits on x and every maximum matching of what is left can miss x (docs/MATH.md §3).
/// Panics if n > `MAX_N`.
pub fn analyse(n: u64, rule: OpeningRule, line: &[u64]) -> Result<Analysis, IllegalLine> {
    analyse_kept(n, rule, line).map(|analysed| analysed.analysis)
}

/// What [`analyse_kept`] finds, with the work it stands on: the graph of the unplayed numbers
/// (vertex i is `numbers[i]`) and the maximum matching whose classes decide the winning moves.
pub struct Analysed {
    pub analysis: Analysis,
    pub graph: Graph,
    pub numbers: Vec<u64>,
    pub matching: Matching,
}

/// [`analyse`], keeping its graph and matching (a plan of `jg serve` goes on from them rather
/// than build both again). One graph and one maximum matching, whatever the line. Panics if
/// n > `MAX_N`.
pub fn analyse_kept(n: u64, rule: OpeningRule, line: &[u64]) -> Result<Analysed, IllegalLine> {
    let mut played = vec![false; n as usize + 1];
    for k in check_line(n, rule, line)? {
        played[k as usize] = true;
    }
    let (graph, numbers) = Graph::divisibility_induced(n, |k| !played[k as usize]);
    let active = graph.vertex_count();
    let (matching, classes) = Engine::new(&graph).maximum_matching_and_classes(active);
    let in_d = |x: u64| classes[numbers.partition_point(|&k| k < x)] == Class::D;
    // Before the opening nothing is played: the vertices are 1..=n.
    let winning_moves: Vec<u64> = match line.last() {
        None => (1..=n).filter(|&k| rule.allows(k) && in_d(k)).collect(),
        Some(&c) => related_numbers(n, c)
            .filter(|&x| !played[x as usize] && in_d(x))
            .collect(),
    };
    let analysis = Analysis {
        to_move: Player::to_move_after(line.len()),
        to_move_wins: !winning_moves.is_empty(),
        winning_moves,
    };
    Ok(Analysed {
        analysis,
        graph,
        numbers,
        matching,
    })
}

/// The winner's pairing strategy for 1..=n. First player wins: the opening is the smallest
/// winning opening v and the pairs are a maximum matching of G_n that misses v. Second player
/// wins: the pairs are a maximum matching of G_n. Same n, same pairs. Panics if n > `MAX_N`.
pub fn pairing_strategy(n: u64, rule: OpeningRule) -> Pairing {
    let (_, _, classes) = decompose(n);
    let opening = openings_in_d(&classes, rule).first().copied();
    pairing_strategy_with(n, opening).expect("a vertex of D is missed by some maximum matching")
}

/// The pairs of a maximum matching of G_n that misses `opening` (any maximum matching when
/// `opening` is None, the second player's strategy); None when no maximum matching misses it,
/// that is when `opening` is not a winning opening. Panics if n > `MAX_N`.
pub fn pairing_strategy_with(n: u64, opening: Option<u64>) -> Option<Pairing> {
    let (graph, mut matching, _) = decompose(n);
    let active = graph.vertex_count();
    if let Some(v) = opening {
        if !Engine::new(&graph).avoid(active, &mut matching, (v - 1) as u32) {
            return None;
        }
    }
    Some(Pairing {
        opening,
        pairs: matching
            .pairs()
            .map(|(a, b)| (a as u64 + 1, b as u64 + 1))
            .collect(),
    })
}
