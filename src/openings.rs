//! Openings certificates (spec.md §3.4, kind 4): which openings win for n, each proved on its
//! own. A winning opening v gets a closed pairing from the position after v: a maximum matching
//! of G_n − v (MATH.md §3: v is missed by some maximum matching exactly when it wins) whose
//! closure is all paired. Losing openings share closed pairings: one maximum matching of G_n
//! serves, in one entry, every losing opening whose closure it pairs. Where no matching tried
//! closes, a strategy tree (n ≤ 128, the search's moves) proves the opening instead.
//!
//! Each entry carries only the pairs its closure uses, so an entry for a large opening (few
//! neighbours) is a few bytes. The closures are computed here from the divisibility graph, not
//! by the verifier's code; `check_entry` recomputes them with the raw rules for the tests.

use crate::certificate::{Body, Certificate, OpeningEntry};
use crate::game::{Board, OpeningRule, Player, Position, MAX_SMALL_N};
use crate::matching::{self, Class, Engine, Graph, NONE};
use crate::search::{SearchConfig, Searcher};
use crate::strategy::{build_opening_tree, StrategyError};

/// Alternating-path swaps tried to close one pairing before falling back to a tree.
pub const REPAIRS_TRIED: usize = 64;

/// Targets tried for each hole moved (the nearest along alternating paths).
pub const TARGETS_TRIED: usize = 32;

/// Most positions a fallback tree may take.
pub const MAX_TREE_POSITIONS: u64 = 50_000_000;

/// How the openings of one certificate were proved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Winning openings proved by a closed pairing (one entry each).
    pub win_pairings: usize,
    /// Losing openings proved by closed pairings, and the entries that hold them.
    pub lose_by_pairing: usize,
    pub lose_pairings: usize,
    /// Openings where no pairing tried closes: proved by a tree instead (win, lose).
    pub win_trees: usize,
    pub lose_trees: usize,
}

impl Stats {
    /// Openings for which no closed pairing was found.
    pub fn trees(&self) -> usize {
        self.win_trees + self.lose_trees
    }
}

/// Why no openings certificate could be made.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    #[error(
        "n = {n} is beyond the matching engine's range 1..={}",
        matching::MAX_N
    )]
    TooLarge { n: u64 },
    #[error(
        "no closed pairing found for opening {opening} (n = {n}) and no tree beyond n = {}",
        MAX_SMALL_N
    )]
    NoPairing { n: u64, opening: u64 },
    #[error("no tree for opening {opening} (n = {n}): {why}")]
    Tree {
        n: u64,
        opening: u64,
        why: StrategyError,
    },
}

/// The entries proving exactly which openings win on 1..=n, and how they were found. Entries
/// are ordered by their smallest opening; every allowed opening is in exactly one.
pub fn openings_entries(
    n: u64,
    rule: OpeningRule,
) -> Result<(Vec<OpeningEntry>, Stats), OpeningsError> {
    if n > matching::MAX_N {
        return Err(OpeningsError::TooLarge { n });
    }
    let graph = Graph::divisibility(n);
    let active = graph.vertex_count();
    let mut engine = Engine::new(&graph);
    let (base, classes) = engine.maximum_matching_and_classes(active);
    let openings: Vec<u64> = (1..=n).filter(|&k| rule.allows(k)).collect();
    let (winning, losing): (Vec<u64>, Vec<u64>) = openings
        .iter()
        .partition(|&&v| classes[(v - 1) as usize] == Class::D);
    let mut closer = Closer::new(&graph);
    // One matching for all: its holes moved so that as many losing openings as possible close.
    let mut shared = base;
    let starts: Vec<u32> = losing.iter().map(|&v| (v - 1) as u32).collect();
    closer.close(&mut shared.mate, &starts, None);
    let mut stats = Stats::default();
    let mut entries = Vec::new();
    let mut unclosed = Vec::new();
    for &v in &winning {
        let mut avoiding = shared.clone();
        assert!(
            engine.avoid(active, &mut avoiding, (v - 1) as u32),
            "a vertex of D is missed by some maximum matching"
        );
        let mut mate = avoiding.mate;
        let first: Vec<u32> = graph.neighbours((v - 1) as u32).to_vec();
        match closer.close(&mut mate, &first, Some((v - 1) as u32)) {
            Some(pairs) => {
                stats.win_pairings += 1;
                entries.push(OpeningEntry::WinPairing { opening: v, pairs });
            }
            None => unclosed.push((v, true)),
        }
    }
    let mut mate = shared.mate;
    let mut remaining = losing;
    while let Some(&first) = remaining.first() {
        let bad = closer.unclosed_from(&mate, None);
        let good: Vec<u64> = remaining
            .iter()
            .copied()
            .filter(|&v| !bad[(v - 1) as usize])
            .collect();
        if good.is_empty() {
            // Swap alternating paths until the first remaining opening closes, or give up.
            if closer
                .close(&mut mate, &[(first - 1) as u32], None)
                .is_none()
            {
                unclosed.push((first, false));
                remaining.remove(0);
            }
            continue;
        }
        let starts: Vec<u32> = good.iter().map(|&v| (v - 1) as u32).collect();
        let pairs = closer
            .closure(&mate, &starts, None)
            .map(|reached| pairs_of(&mate, &reached))
            .expect("no opening of `good` reaches an unpaired number");
        stats.lose_by_pairing += good.len();
        stats.lose_pairings += 1;
        remaining.retain(|v| !good.contains(v));
        entries.push(OpeningEntry::LosePairing {
            openings: good,
            pairs,
        });
    }
    if !unclosed.is_empty() {
        let board = match u32::try_from(n) {
            Ok(small) if small <= MAX_SMALL_N => Board::with_opening(small, rule),
            _ => {
                let opening = unclosed[0].0;
                return Err(OpeningsError::NoPairing { n, opening });
            }
        };
        let searcher = Searcher::new(&board, &SearchConfig::default());
        let oracle = |position: &Position| !searcher.wins(position);
        for (v, wins) in unclosed {
            let tree = build_opening_tree(&board, v as u32, wins, &oracle, MAX_TREE_POSITIONS)
                .map_err(|why| OpeningsError::Tree { n, opening: v, why })?;
            if wins {
                stats.win_trees += 1;
                entries.push(OpeningEntry::WinTree { moves: tree.moves });
            } else {
                stats.lose_trees += 1;
                entries.push(OpeningEntry::LoseTree {
                    opening: v,
                    moves: tree.moves,
                });
            }
        }
    }
    entries.sort_by_key(|entry| entry.openings()[0]);
    Ok((entries, stats))
}

/// The openings certificate for 1..=n (spec.md §3.4), with how its entries were found.
pub fn certify_openings(n: u64, rule: OpeningRule) -> Result<(Certificate, Stats), OpeningsError> {
    let (entries, stats) = openings_entries(n, rule)?;
    let winner = match entries.iter().any(OpeningEntry::wins) {
        true => Player::First,
        false => Player::Second,
    };
    let certificate = Certificate {
        n,
        opening_rule: rule,
        winner,
        generator: format!("jg {} openings", env!("CARGO_PKG_VERSION")),
        body: Body::Openings { entries },
    };
    Ok((certificate, stats))
}

/// The pairs `(x, partner)` of the numbers reached, canonical and sorted.
fn pairs_of(mate: &[u32], reached: &[u32]) -> Vec<(u64, u64)> {
    let mut pairs: Vec<(u64, u64)> = reached
        .iter()
        .map(|&x| {
            let (a, b) = (x as u64 + 1, mate[x as usize] as u64 + 1);
            (a.min(b), a.max(b))
        })
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Closures of "answer with the partner" on G_n (vertex k − 1 is number k), and the swaps
/// that try to close them.
struct Closer<'g> {
    graph: &'g Graph,
    reached: Vec<bool>,
    expanded: Vec<bool>,
}

impl<'g> Closer<'g> {
    fn new(graph: &'g Graph) -> Closer<'g> {
        let size = graph.vertex_count() as usize;
        Closer {
            graph,
            reached: vec![false; size],
            expanded: vec![false; size],
        }
    }

    /// The closure from the loser's first moves `first` (spec.md §4.5): every first move, then
    /// every neighbour of the partner of a number in it, `opening` (played all game) aside.
    /// Ok(the numbers reached) if all are paired, else Err(one reached number with no partner).
    fn closure(
        &mut self,
        mate: &[u32],
        first: &[u32],
        opening: Option<u32>,
    ) -> Result<Vec<u32>, u32> {
        self.reached.fill(false);
        self.expanded.fill(false);
        let mut list = Vec::new();
        for &x in first {
            if Some(x) != opening && !std::mem::replace(&mut self.reached[x as usize], true) {
                list.push(x);
            }
        }
        let mut next = 0;
        while let Some(&x) = list.get(next) {
            next += 1;
            let y = mate[x as usize];
            if y == NONE {
                return Err(x);
            }
            if std::mem::replace(&mut self.expanded[y as usize], true) {
                continue;
            }
            for &z in self.graph.neighbours(y) {
                if Some(z) != opening && !std::mem::replace(&mut self.reached[z as usize], true) {
                    list.push(z);
                }
            }
        }
        Ok(list)
    }

    /// Tries to close the closure from `first` by moving the matching's holes (its unpaired
    /// numbers) along alternating paths: a hole x moves to b along x – a₁ = b₁ – … – a_k = b_k
    /// (every a_i takes its predecessor as partner), which keeps the matching's size and leaves
    /// `opening` unpaired. Each round moves one hole the closure reaches to the target that
    /// most improves the score (first moves that reach a hole, then numbers that do); it stops
    /// when the closure is all paired, no move improves, or after `REPAIRS_TRIED` rounds.
    /// Returns the closure's pairs when it closes.
    fn close(
        &mut self,
        mate: &mut Vec<u32>,
        first: &[u32],
        opening: Option<u32>,
    ) -> Option<Vec<(u64, u64)>> {
        let mut score = self.score(mate, first, opening);
        for _ in 0..REPAIRS_TRIED {
            if score.0 == 0 {
                break;
            }
            let holes: Vec<u32> = match self.closure(mate, first, opening) {
                Ok(_) => break,
                Err(_) => (self.reached.iter().enumerate())
                    .filter(|&(x, &reached)| reached && mate[x] == NONE)
                    .map(|(x, _)| x as u32)
                    .collect(),
            };
            let mut best: Option<((usize, usize), Vec<u32>)> = None;
            for hole in holes {
                for moved in self.moves_of(mate, hole, opening) {
                    let candidate = self.score(&moved, first, opening);
                    if candidate < best.as_ref().map_or(score, |b| b.0) {
                        best = Some((candidate, moved));
                    }
                }
            }
            let Some((better, moved)) = best else { break };
            (score, *mate) = (better, moved);
        }
        let reached = self.closure(mate, first, opening).ok()?;
        Some(pairs_of(mate, &reached))
    }

    /// The matchings with the hole `x` moved along one alternating path (breadth first, the
    /// first `TARGETS_TRIED` targets).
    fn moves_of(&self, mate: &[u32], x: u32, opening: Option<u32>) -> Vec<Vec<u32>> {
        let size = mate.len();
        let mut seen = vec![false; size];
        // parent[b] = (a, o): b was reached through the matched edge a = b, from o by o – a.
        let mut parent = vec![(NONE, NONE); size];
        seen[x as usize] = true;
        if let Some(v) = opening {
            seen[v as usize] = true;
        }
        let mut queue = std::collections::VecDeque::from([x]);
        let mut moved = Vec::new();
        while let Some(o) = queue.pop_front() {
            for &a in self.graph.neighbours(o) {
                let b = mate[a as usize];
                if seen[a as usize] || b == NONE || seen[b as usize] {
                    continue;
                }
                seen[a as usize] = true;
                seen[b as usize] = true;
                parent[b as usize] = (a, o);
                let mut new = mate.to_vec();
                let mut at = b;
                new[b as usize] = NONE;
                loop {
                    let (a, o) = parent[at as usize];
                    new[a as usize] = o;
                    new[o as usize] = a;
                    if o == x {
                        break;
                    }
                    at = o;
                }
                moved.push(new);
                if moved.len() == TARGETS_TRIED {
                    return moved;
                }
                queue.push_back(b);
            }
        }
        moved
    }

    /// How far `mate` is from closing from `first`: the first moves whose closure reaches a
    /// hole, then all numbers whose closure does.
    fn score(&self, mate: &[u32], first: &[u32], opening: Option<u32>) -> (usize, usize) {
        let bad = self.unclosed_from(mate, opening);
        let first_bad = first.iter().filter(|&&x| bad[x as usize]).count();
        (first_bad, bad.iter().filter(|&&b| b).count())
    }

    /// `bad[k − 1]`: whether the closure from k reaches an unpaired number, for every k
    /// (`opening`, played all game, is not a hole). x reaches z when z is a neighbour of x's
    /// partner; found backwards from the holes.
    fn unclosed_from(&self, mate: &[u32], opening: Option<u32>) -> Vec<bool> {
        let mut bad: Vec<bool> = mate.iter().map(|&m| m == NONE).collect();
        if let Some(v) = opening {
            bad[v as usize] = false;
        }
        let mut todo: Vec<u32> = (0..mate.len() as u32)
            .filter(|&z| bad[z as usize])
            .collect();
        while let Some(z) = todo.pop() {
            for &y in self.graph.neighbours(z) {
                let x = mate[y as usize];
                if x != NONE && !bad[x as usize] {
                    bad[x as usize] = true;
                    todo.push(x);
                }
            }
        }
        bad
    }
}
