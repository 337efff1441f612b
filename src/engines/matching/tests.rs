//! Cross-checks of the matching engine against brute force: exhaustive maximum matchings on
//! small random graphs, Tutte–Berge witnesses on G_n, and a plain minimax on the raw rules for
//! outcomes, winning moves and the pairing strategy.

use super::*;
use crate::game::IllegalReason;
use crate::test_support::Random;
use std::collections::HashMap;

/// ν of the subgraph induced by `mask`, by exhaustion: the lowest vertex is either unmatched or
/// matched to one of its neighbours in the mask.
fn brute_nu(adjacency: &[u32], mask: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if mask == 0 {
        return 0;
    }
    if let Some(&nu) = memo.get(&mask) {
        return nu;
    }
    let v = mask.trailing_zeros();
    let rest = mask & !(1 << v);
    let mut best = brute_nu(adjacency, rest, memo);
    let mut options = adjacency[v as usize] & rest;
    while options != 0 {
        let u = options.trailing_zeros();
        options &= options - 1;
        best = best.max(1 + brute_nu(adjacency, rest & !(1 << u), memo));
    }
    memo.insert(mask, best);
    best
}

fn random_graph(random: &mut Random) -> (u32, Vec<(u32, u32)>) {
    let vertices = (random.below(12) + 1) as u32;
    let density = random.below(100);
    let mut edges = Vec::new();
    for a in 0..vertices {
        for b in a + 1..vertices {
            if random.below(100) < density {
                edges.push((a, b));
            }
        }
    }
    (vertices, edges)
}

fn a_set(classes: &[Class]) -> Vec<bool> {
    classes.iter().map(|&c| c == Class::A).collect()
}

#[test]
fn matching_size_and_gallai_edmonds_sets_match_brute_force_on_random_graphs() {
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    for _ in 0..4000 {
        let (vertices, edges) = random_graph(&mut random);
        let graph = Graph::from_edges(vertices, &edges);
        let mut adjacency = vec![0u32; vertices as usize];
        for &(a, b) in &edges {
            adjacency[a as usize] |= 1 << b;
            adjacency[b as usize] |= 1 << a;
        }
        let mut memo = HashMap::new();
        let all = (1u32 << vertices) - 1;
        let nu = brute_nu(&adjacency, all, &mut memo);

        let mut engine = Engine::new(&graph);
        let (matching, classes) = engine.maximum_matching_and_classes(vertices);
        assert_eq!(matching.size() as u32, nu, "{edges:?}");
        assert_eq!(engine.gallai_edmonds(vertices, &matching), classes);
        assert!(is_tutte_berge_witness(
            &graph,
            vertices,
            &matching,
            &a_set(&classes)
        ));
        for v in 0..vertices {
            let missed = brute_nu(&adjacency, all & !(1 << v), &mut memo) == nu;
            assert_eq!(classes[v as usize] == Class::D, missed, "v={v} {edges:?}");
            let a = classes[v as usize] == Class::A;
            let next_to_d = adjacency[v as usize] & all != 0
                && (0..vertices).any(|u| {
                    adjacency[v as usize] & (1 << u) != 0 && classes[u as usize] == Class::D
                });
            assert_eq!(a, !missed && next_to_d, "v={v} {edges:?}");

            let mut avoiding = matching.clone();
            assert_eq!(engine.avoid(vertices, &mut avoiding, v), missed);
            assert_eq!(avoiding.size() as u32, nu);
            if missed {
                assert_eq!(avoiding.partner(v), None);
            }
        }
    }
}

#[test]
fn matchings_from_the_empty_start_are_maximum_too() {
    // Neither way of augmenting may rely on the greedy start.
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let (vertices, edges) = random_graph(&mut random);
        let graph = Graph::from_edges(vertices, &edges);
        let mut engine = Engine::new(&graph);
        let best = engine.maximum_matching(vertices).size();
        let mut by_phases = Matching::empty(vertices);
        engine.complete(vertices, &mut by_phases);
        let mut by_roots = Matching::empty(vertices);
        engine.complete_by_roots(vertices, &mut by_roots);
        for matching in [by_phases, by_roots] {
            let classes = engine.gallai_edmonds(vertices, &matching);
            assert!(is_tutte_berge_witness(
                &graph,
                vertices,
                &matching,
                &a_set(&classes)
            ));
            assert_eq!(matching.size(), best, "{edges:?}");
        }
    }
}

#[test]
fn tutte_berge_witness_proves_the_matching_of_g_n_maximum() {
    let sizes = (1..=400).chain([1000, 4321, 10_000, 30_030, 100_000]);
    for n in sizes {
        let (graph, matching, classes) = decompose(n);
        let active = graph.vertex_count();
        assert!(
            is_tutte_berge_witness(&graph, active, &matching, &a_set(&classes)),
            "n={n}"
        );
    }
}

#[test]
fn a_wrong_witness_is_refused() {
    let (graph, matching, classes) = decompose(60);
    let active = graph.vertex_count();
    let mut smaller = matching.clone();
    let (a, b) = smaller.pairs().next().unwrap();
    smaller.mate[a as usize] = NONE;
    smaller.mate[b as usize] = NONE;
    assert!(!is_tutte_berge_witness(
        &graph,
        active,
        &smaller,
        &a_set(&classes)
    ));
    assert!(!is_tutte_berge_witness(
        &graph,
        active,
        &matching,
        &vec![false; active as usize]
    ));
}

/// Plain minimax on the raw rules with an exact-position memo: does the player to move win?
struct Minimax {
    n: u64,
    rule: OpeningRule,
    memo: HashMap<(u64, u32), bool>,
}

impl Minimax {
    fn new(n: u64, rule: OpeningRule) -> Minimax {
        assert!(n <= 31);
        Minimax {
            n,
            rule,
            memo: HashMap::new(),
        }
    }

    fn moves(&self, last: Option<u64>, played: u32) -> Vec<u64> {
        (1..=self.n)
            .filter(|&x| played & (1 << x) == 0)
            .filter(|&x| match last {
                None => self.rule.allows(x),
                Some(c) => x % c == 0 || c % x == 0,
            })
            .collect()
    }

    fn wins(&mut self, last: Option<u64>, played: u32) -> bool {
        let key = (last.unwrap_or(0), played);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let result = self
            .moves(last, played)
            .into_iter()
            .any(|x| !self.wins(Some(x), played | 1 << x));
        self.memo.insert(key, result);
        result
    }

    fn winning_moves(&mut self, last: Option<u64>, played: u32) -> Vec<u64> {
        self.moves(last, played)
            .into_iter()
            .filter(|&x| !self.wins(Some(x), played | 1 << x))
            .collect()
    }
}

#[test]
fn outcomes_and_winning_openings_match_minimax_for_n_up_to_26() {
    for rule in [OpeningRule::Even, OpeningRule::Free] {
        let table = solve_range(0, 26, rule);
        for n in 0..=26u64 {
            let mut minimax = Minimax::new(n, rule);
            let openings = minimax.winning_moves(None, 0);
            let outcome = solve(n, rule);
            assert_eq!(outcome.winning_openings, openings, "n={n} {rule:?}");
            let winner = Player::winner(!openings.is_empty());
            assert_eq!(outcome.winner, winner, "n={n}");
            assert_eq!(table[n as usize], outcome, "solve_range n={n}");
        }
    }
}

#[test]
fn solve_range_agrees_with_solve_one_n_at_a_time() {
    let table = solve_range(150, 400, OpeningRule::Even);
    for outcome in table {
        assert_eq!(outcome, solve(outcome.n, OpeningRule::Even));
    }
}

#[test]
fn analysis_matches_minimax_on_random_positions() {
    let mut random = Random(0xD1B5_4A32_D192_ED03);
    let mut engines: HashMap<(u64, bool), Minimax> = HashMap::new();
    let mut checked = 0;
    while checked < 3000 {
        let n = random.below(30) + 1;
        let rule = if random.below(4) == 0 {
            OpeningRule::Free
        } else {
            OpeningRule::Even
        };
        let minimax = engines
            .entry((n, rule == OpeningRule::Free))
            .or_insert_with(|| Minimax::new(n, rule));
        // Short lines for large n keep the minimax cheap; n ≤ 20 may start anywhere.
        let shortest = if n > 20 { 3 } else { 0 };
        let length = shortest + random.below(12);
        let mut line = Vec::new();
        let mut played = 0u32;
        let mut last = None;
        for _ in 0..length {
            let moves = minimax.moves(last, played);
            if moves.is_empty() {
                break;
            }
            let x = moves[random.below(moves.len() as u64) as usize];
            line.push(x);
            played |= 1 << x;
            last = Some(x);
        }
        let analysis = analyse(n, rule, &line).unwrap();
        let expected = minimax.winning_moves(last, played);
        assert_eq!(analysis.winning_moves, expected, "n={n} {rule:?} {line:?}");
        assert_eq!(analysis.to_move_wins, minimax.wins(last, played));
        let to_move = Player::to_move_after(line.len());
        assert_eq!(analysis.to_move, to_move);
        checked += 1;
    }
}

#[test]
fn illegal_lines_name_the_move_and_the_reason() {
    let rule = OpeningRule::Even;
    let illegal = |index, number, reason| {
        Err(IllegalLine {
            index,
            number,
            reason,
        })
    };
    assert_eq!(
        analyse(40, rule, &[3]),
        illegal(0, 3, IllegalReason::OddOpening)
    );
    assert_eq!(
        analyse(40, rule, &[22, 11, 22]),
        illegal(2, 22, IllegalReason::AlreadyPlayed)
    );
    assert_eq!(
        analyse(40, rule, &[22, 7]),
        illegal(1, 7, IllegalReason::NotRelated { last: 22 })
    );
    assert_eq!(
        analyse(40, rule, &[41]),
        illegal(0, 41, IllegalReason::OffBoard { n: 40 })
    );
    assert_eq!(
        analyse(40, rule, &[0]),
        illegal(0, 0, IllegalReason::OffBoard { n: 40 })
    );
    assert!(analyse(40, OpeningRule::Free, &[3, 1]).is_ok());
}

/// Plays the pairing strategy against every opponent reply; panics if an answer is ever
/// missing or illegal. Returns the number of games walked.
fn walk_pairing(strategy: &Pairing, minimax: &Minimax, last: Option<u64>, played: u32) -> u64 {
    let replies = minimax.moves(last, played);
    if replies.is_empty() {
        return 1;
    }
    let mut games = 0;
    for w in replies {
        let answer = strategy
            .partner(w)
            .unwrap_or_else(|| panic!("n={} no partner for {w}", minimax.n));
        let after_w = played | 1 << w;
        assert!(
            minimax.moves(Some(w), after_w).contains(&answer),
            "n={} answer {answer} to {w} is illegal",
            minimax.n
        );
        games += walk_pairing(strategy, minimax, Some(answer), after_w | 1 << answer);
    }
    games
}

#[test]
fn the_pairing_strategy_wins_against_every_opponent_for_n_up_to_30() {
    for rule in [OpeningRule::Even, OpeningRule::Free] {
        for n in 0..=30u64 {
            let strategy = pairing_strategy(n, rule);
            assert!(strategy
                .pairs
                .windows(2)
                .all(|w| w[0].0 < w[1].0 && w[0].0 < w[0].1));
            for &(a, b) in &strategy.pairs {
                assert!(a < b && b % a == 0, "n={n} pair ({a}, {b})");
            }
            let minimax = Minimax::new(n, rule);
            match strategy.opening {
                Some(v) => {
                    assert_eq!(strategy.winner(), Player::First);
                    assert!(rule.allows(v) && (1..=n).contains(&v));
                    assert_eq!(strategy.partner(v), None);
                    walk_pairing(&strategy, &minimax, Some(v), 1 << v);
                }
                None => {
                    assert_eq!(strategy.winner(), Player::Second);
                    walk_pairing(&strategy, &minimax, None, 0);
                }
            }
            assert_eq!(strategy, pairing_strategy(n, rule), "deterministic");
        }
    }
}

#[test]
fn the_pairing_strategy_is_a_maximum_matching_for_larger_n() {
    for n in [100, 110, 200, 1000, 5000] {
        let strategy = pairing_strategy(n, OpeningRule::Even);
        let (graph, matching, _) = decompose(n);
        assert_eq!(strategy.pairs.len(), matching.size(), "n={n}");
        for &(a, b) in &strategy.pairs {
            assert!(graph.has_edge((a - 1) as u32, (b - 1) as u32));
        }
        let mut covered = vec![false; n as usize + 1];
        for &(a, b) in &strategy.pairs {
            assert!(!covered[a as usize] && !covered[b as usize]);
            covered[a as usize] = true;
            covered[b as usize] = true;
        }
        if let Some(v) = strategy.opening {
            assert!(!covered[v as usize]);
        }
    }
}

#[test]
fn winning_moves_are_consistent_one_move_deeper_at_larger_n() {
    // Beyond minimax's reach: x is a winning move iff the opponent, after x, has none.
    let mut random = Random(0xA076_1D64_78BD_642F);
    for _ in 0..40 {
        let n = 100 + random.below(300);
        let mut line = Vec::new();
        let mut analysis = analyse(n, OpeningRule::Even, &line).unwrap();
        assert_eq!(
            analysis.winning_moves,
            solve(n, OpeningRule::Even).winning_openings
        );
        for _ in 0..random.below(8) {
            let legal: Vec<u64> = match line.last() {
                None => (2..=n).step_by(2).collect(),
                Some(&c) => related_numbers(n, c)
                    .filter(|x| !line.contains(x))
                    .collect(),
            };
            if legal.is_empty() {
                break;
            }
            for &x in &legal {
                let mut deeper = line.clone();
                deeper.push(x);
                let reply = analyse(n, OpeningRule::Even, &deeper).unwrap();
                assert_eq!(
                    !reply.to_move_wins,
                    analysis.winning_moves.contains(&x),
                    "n={n} {deeper:?}"
                );
            }
            line.push(legal[random.below(legal.len() as u64) as usize]);
            analysis = analyse(n, OpeningRule::Even, &line).unwrap();
        }
    }
}

#[test]
fn the_same_n_gives_the_same_pairs() {
    for n in [97, 1000, 5000] {
        assert_eq!(
            pairing_strategy(n, OpeningRule::Even),
            pairing_strategy(n, OpeningRule::Even)
        );
    }
}
