//! Branch and cut for the longest chain (docs/MATH.md §6): a longest simple path of G_n as an integer
//! programme over vertices (y) and edges (x): degree ≤ 2·y, y ≤ degree, x(E) = y(V) − 1, and the
//! forest inequalities x(E(C)) ≤ y(C) − y_k (k ∈ C), added lazily when the LP breaks them. A
//! forest with one edge fewer than vertices is a tree, and a tree of degree ≤ 2 is a path, so
//! the integer optimum is the longest chain. The LP (microlp) only bounds; the path it yields is
//! re-read as a chain and checked by `check_chain` like any other.

use super::improve::Board;
use microlp::{ComparisonOp, Error as LpError, OptimizationDirection, Problem, Solution, Variable};
use std::time::Instant;

/// Values this close to an integer count as that integer; the LP bound is rounded down only
/// after adding it, so a float error below it cannot cut a real chain.
const EPS: f64 = 1e-6;

/// The graph the programme is built on, and the answer it reached.
pub(super) struct Outcome {
    /// A longest chain found (the incumbent), in order.
    pub chain: Vec<usize>,
    /// The LP bound at the root, after the cut rounds.
    pub root_bound: u64,
    /// Nodes of the branch and cut.
    pub nodes: u64,
    /// True when the tree was exhausted: no chain is longer than `chain`.
    pub proved: bool,
    /// The exact proof, when asked for and found (spec.md §6).
    pub proof: Option<Result<super::certify::Proof, String>>,
}

/// Why the LP engine gave up; the caller falls back to the combinatorial search.
#[derive(Debug, thiserror::Error)]
#[error("the LP engine failed: {0}")]
pub(super) struct EngineFailed(String);

/// The vertices 1..=n (some dropped, see `longest_path`), the edges of G_n between them, and
/// the LP variables of each.
pub(super) struct Model {
    pub(super) vertices: Vec<usize>,
    pub(super) edges: Vec<(usize, usize)>,
    /// Edge ids at each vertex index.
    pub(super) incident: Vec<Vec<usize>>,
    pub(super) y: Vec<Variable>,
    pub(super) x: Vec<Variable>,
    board: Board,
}

/// A forest inequality x(E(S)) ≤ y(S) − y_k: the members S (vertex indices, sorted) and k.
pub(super) type Cut = (Vec<usize>, usize);

/// Local search rounds per number on the first chain, and on the chain read off each node's LP.
const ROOT_ROUNDS: usize = 40;
const NODE_ROUNDS: usize = 3;

/// A node is closed when its LP bound is below best + 1 by at least this much: a bound closer
/// to best + 1 is float noise around best + 1 itself, and the certificate (spec.md §6) needs
/// the room to round its multipliers.
const PRUNE: f64 = 1e-4;

fn prunable(objective: f64, best: usize) -> bool {
    objective + PRUNE < (best + 1) as f64
}

/// Told after each node: nodes so far, the longest chain so far, the root's LP bound.
pub type Report<'a> = &'a dyn Fn(Progress);

/// How the branch and cut stands.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub nodes: u64,
    pub longest: usize,
    pub root_bound: f64,
}

/// How the branch and cut runs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    /// Keep what the certificate needs: the LP point, fixings and cuts of every leaf.
    pub want_proof: bool,
    /// For tests that need a tree certificate at small n: no forest cuts at the root, and the
    /// nodes of depth below `WEAK_DEPTH` are branched on even when their bound closes them.
    pub weak_root: bool,
    /// At most this many open nodes keep their solved LP (`WARM_NODES`; 0 in tests of the
    /// rebuilding of the others).
    pub warm_nodes: usize,
}

/// How deep a weak root (`Settings::weak_root`) forces branching.
const WEAK_DEPTH: usize = 3;

/// By default, at most this many open nodes keep their solved LP (a copy of the whole simplex state, some
/// MB at n = 1000); the others keep only their fixings and cuts. This bounds the memory of the
/// depth-first search, whose stack would otherwise hold one LP per level.
pub(super) const WARM_NODES: usize = 16;

/// A node of the explored tree, by slot: columns are y_i = i, x_e = |V| + e.
pub(super) enum Node {
    /// Not yet explored (only while the search runs).
    Open,
    /// Fixes the column to 0 in the first child's slot, to 1 in the second's.
    Branch(usize, usize, usize),
    Leaf(Leaf),
}

/// A closed node: what its bound's proof needs.
pub(super) struct Leaf {
    /// The LP point's non-zero values by column, or None when the LP was empty (or no proof
    /// is wanted). Sparse: a leaf keeps it until the search ends.
    pub point: Option<Vec<(usize, f64)>>,
    /// The columns fixed on the way from the root, with their values.
    pub fixings: Vec<(usize, bool)>,
    /// The ids of the cuts in the node's LP.
    pub cuts: Vec<usize>,
}

/// A node waiting on the depth-first stack.
struct Open {
    /// The node's LP, solved; None once set aside to bound memory (`WARM_NODES`): it is then
    /// rebuilt from the root's LP, its fixings and its cuts when its turn comes.
    solution: Option<Solution>,
    slot: usize,
    fixings: Vec<(usize, bool)>,
    cuts: Vec<usize>,
}

/// A longest path of G_n among `vertices` (numbers, sorted), starting from the chain
/// `incumbent` (which must be a path of that graph). Stops at `deadline`, unproved.
pub(super) fn longest_path(
    vertices: Vec<usize>,
    incumbent: Vec<usize>,
    deadline: Option<Instant>,
    settings: Settings,
    report: Report,
) -> Result<Outcome, EngineFailed> {
    let n = vertices.iter().copied().max().unwrap_or(0);
    let mut index = vec![usize::MAX; n + 1];
    for (i, &v) in vertices.iter().enumerate() {
        index[v] = i;
    }
    let mut edges = Vec::new();
    let mut incident = vec![Vec::new(); vertices.len()];
    for (i, &a) in vertices.iter().enumerate() {
        for b in (2 * a..=n).step_by(a.max(1)) {
            let j = index[b];
            if j != usize::MAX {
                incident[i].push(edges.len());
                incident[j].push(edges.len());
                edges.push((i, j));
            }
        }
    }
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let y: Vec<Variable> = vertices
        .iter()
        .map(|_| problem.add_var(1.0, (0.0, 1.0)))
        .collect();
    let x: Vec<Variable> = edges
        .iter()
        .map(|_| problem.add_var(0.0, (0.0, 1.0)))
        .collect();
    for (i, edge_ids) in incident.iter().enumerate() {
        let around: Vec<(Variable, f64)> = edge_ids.iter().map(|&e| (x[e], 1.0)).collect();
        // A used number has one or two chain neighbours; an unused one has none.
        let mut at_most_two = around.clone();
        at_most_two.push((y[i], -2.0));
        problem.add_constraint(at_most_two, ComparisonOp::Le, 0.0);
        let mut at_least_one = around;
        at_least_one.push((y[i], -1.0));
        problem.add_constraint(at_least_one, ComparisonOp::Ge, 0.0);
    }
    for (e, &(a, b)) in edges.iter().enumerate() {
        // The forest inequality of the pair {a, b}: an edge needs both ends.
        problem.add_constraint([(x[e], 1.0), (y[a], -1.0)], ComparisonOp::Le, 0.0);
        problem.add_constraint([(x[e], 1.0), (y[b], -1.0)], ComparisonOp::Le, 0.0);
    }
    let mut tree: Vec<(Variable, f64)> = x.iter().map(|&v| (v, 1.0)).collect();
    tree.extend(y.iter().map(|&v| (v, -1.0)));
    problem.add_constraint(tree, ComparisonOp::Eq, -1.0);
    let model = Model {
        board: Board::new(&vertices),
        vertices,
        edges,
        incident,
        y,
        x,
    };
    model.branch_and_cut(&problem, incumbent, deadline, settings, report)
}

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

fn lp_error(error: LpError) -> EngineFailed {
    EngineFailed(error.to_string())
}

/// A node's LP: solved, or proved empty.
fn into_node(
    outcome: Result<microlp::SolveOutcome, LpError>,
) -> Result<Option<Solution>, EngineFailed> {
    match outcome {
        Ok(outcome) => outcome
            .into_solution()
            .map(Some)
            .map_err(|_| EngineFailed("interrupted".into())),
        Err(LpError::Infeasible) => Ok(None),
        Err(error) => Err(lp_error(error)),
    }
}

impl Model {
    fn branch_and_cut(
        &self,
        problem: &Problem,
        mut best: Vec<usize>,
        deadline: Option<Instant>,
        settings: Settings,
        report: Report,
    ) -> Result<Outcome, EngineFailed> {
        // Every forest cut found, at the root or at a node; each node's LP holds some of them.
        let mut cuts: Vec<Cut> = Vec::new();
        let mut root_cuts = Vec::new();
        let root = into_node(problem.solve())?;
        let root = if settings.weak_root {
            root
        } else {
            self.cut_rounds(root, deadline, &mut cuts, &mut root_cuts)?
        };
        let Some(root) = root else {
            let empty = Leaf {
                point: None,
                fixings: Vec::new(),
                cuts: root_cuts,
            };
            let tree = vec![Node::Leaf(empty)];
            let proof = settings
                .want_proof
                .then(|| self.prove_tree(&tree, &cuts, best.len()));
            return Ok(Outcome {
                chain: best,
                root_bound: 0,
                nodes: 1,
                proved: true,
                proof,
            });
        };
        let root_objective = root.objective();
        let root_leaf = settings.want_proof.then(|| Leaf {
            point: Some(self.point(&root)),
            fixings: Vec::new(),
            cuts: root_cuts.clone(),
        });
        let root_bound = (root_objective + EPS).floor() as u64;
        // The first chain: the root LP's pieces patched together, then the local search.
        let patched = self.board.improve(
            self.lp_patch(&root),
            ROOT_ROUNDS * self.vertices.len(),
            0x9e37_79b9_7f4a_7c15,
        );
        if patched.len() > best.len() {
            best = patched;
        }
        let mut nodes = 0u64;
        // The tree as explored (slot 0 the root), for the certificate when the root alone
        // does not prove the bound. Open nodes carry their fixings and the cuts in their LP.
        let mut tree = vec![Node::Open];
        let root_copy = (root.clone(), root_cuts.len());
        let mut stack = vec![Open {
            solution: Some(root),
            slot: 0,
            fixings: Vec::new(),
            cuts: root_cuts,
        }];
        let mut proved = true;
        while let Some(Open {
            solution,
            slot,
            fixings,
            cuts: mut active,
        }) = stack.pop()
        {
            nodes += 1;
            report(Progress {
                nodes,
                longest: best.len(),
                root_bound: root_objective,
            });
            let forced = settings.weak_root && fixings.len() < WEAK_DEPTH;
            let solution = match solution {
                Some(solution) => Some(solution),
                None => self.rebuild(&root_copy, &fixings, &active, &cuts)?,
            };
            let node = if slot == 0 && settings.weak_root {
                solution
            } else {
                self.cut_rounds(solution, deadline, &mut cuts, &mut active)?
            };
            let leaf = |point: Option<&Solution>, fixings: Vec<(usize, bool)>, cuts: Vec<usize>| {
                Node::Leaf(Leaf {
                    point: point.filter(|_| settings.want_proof).map(|s| self.point(s)),
                    fixings,
                    cuts,
                })
            };
            let Some(node) = node else {
                tree[slot] = leaf(None, fixings, active);
                continue;
            };
            // Past the deadline the node may still break forest inequalities: read nothing.
            if past(deadline) {
                proved = false;
                break;
            }
            if prunable(node.objective(), best.len()) && !forced {
                tree[slot] = leaf(Some(&node), fixings, active);
                continue;
            }
            let patched = self.lp_patch(&node);
            let guess = self
                .board
                .improve(patched, NODE_ROUNDS * self.vertices.len(), nodes);
            if guess.len() > best.len() {
                best = guess;
                if prunable(node.objective(), best.len()) && !forced {
                    tree[slot] = leaf(Some(&node), fixings, active);
                    continue;
                }
            }
            // A forced node is branched on even when integral: on the first column not fixed.
            let branching = match self.branching_variable(&node) {
                None if forced => (0..).find(|j| fixings.iter().all(|&(f, _)| f != *j)),
                branching => branching,
            };
            match branching {
                None => {
                    // Integral and no forest inequality broken: a path, its length the bound.
                    let path = self.read_path(&node);
                    if path.len() > best.len() {
                        best = path;
                    }
                    tree[slot] = leaf(Some(&node), fixings, active);
                }
                Some(column) => {
                    // Depth first, the "use it" side last so that it is explored first.
                    let var = self.variable(column);
                    let zero = into_node(node.clone().fix_var(var, 0.0))?;
                    let one = into_node(node.fix_var(var, 1.0))?;
                    let (zero_slot, one_slot) = (tree.len(), tree.len() + 1);
                    tree[slot] = Node::Branch(column, zero_slot, one_slot);
                    for (solution, value) in [(zero, false), (one, true)] {
                        let mut fixings = fixings.clone();
                        fixings.push((column, value));
                        match solution {
                            None => tree.push(leaf(None, fixings, active.clone())),
                            Some(solution) => {
                                stack.push(Open {
                                    solution: Some(solution),
                                    slot: tree.len(),
                                    fixings,
                                    cuts: active.clone(),
                                });
                                tree.push(Node::Open);
                            }
                        }
                    }
                    let warm = stack.iter().filter(|open| open.solution.is_some()).count();
                    let aside = warm.saturating_sub(settings.warm_nodes);
                    for open in stack
                        .iter_mut()
                        .filter(|o| o.solution.is_some())
                        .take(aside)
                    {
                        open.solution = None;
                    }
                }
            }
        }
        let proof = match root_leaf {
            Some(root) if proved => {
                // The root alone when its bound is enough, as in every certificate up to the
                // first n where it is not; else the whole tree explored.
                if prunable(root_objective, best.len()) && !settings.weak_root {
                    Some(self.prove_tree(&[Node::Leaf(root)], &cuts, best.len()))
                } else {
                    Some(self.prove_tree(&tree, &cuts, best.len()))
                }
            }
            _ => None,
        };
        Ok(Outcome {
            chain: best,
            root_bound,
            nodes,
            proved,
            proof,
        })
    }

    /// A set-aside node's LP: the root's (with its first `root_cuts` cuts), the node's
    /// fixings, then the rest of its cuts. None when that LP is empty.
    fn rebuild(
        &self,
        (root, root_cuts): &(Solution, usize),
        fixings: &[(usize, bool)],
        active: &[usize],
        cuts: &[Cut],
    ) -> Result<Option<Solution>, EngineFailed> {
        let mut solution = root.clone();
        for &(column, value) in fixings {
            let value = if value { 1.0 } else { 0.0 };
            match into_node(solution.fix_var(self.variable(column), value))? {
                Some(next) => solution = next,
                None => return Ok(None),
            }
        }
        for &c in &active[*root_cuts..] {
            let row = self.cut_row(&cuts[c]);
            match into_node(solution.add_constraint(row, ComparisonOp::Le, 0.0))? {
                Some(next) => solution = next,
                None => return Ok(None),
            }
        }
        Ok(Some(solution))
    }

    /// The LP variable of a column: y_i is column i, x_e is column |V| + e.
    fn variable(&self, column: usize) -> Variable {
        match column.checked_sub(self.vertices.len()) {
            None => self.y[column],
            Some(e) => self.x[e],
        }
    }

    /// The LP point's non-zero values by column: y by vertex index, then x by edge id.
    fn point(&self, solution: &Solution) -> Vec<(usize, f64)> {
        self.y
            .iter()
            .chain(&self.x)
            .map(|&v| solution.var_value(v))
            .enumerate()
            .filter(|&(_, value)| value != 0.0)
            .collect()
    }

    /// Adds broken forest inequalities until none is found, or the deadline passes (the LP value
    /// is a bound either way: cuts only lower it). Each cut goes to `cuts`, its id to `active`.
    fn cut_rounds(
        &self,
        mut node: Option<Solution>,
        deadline: Option<Instant>,
        cuts: &mut Vec<Cut>,
        active: &mut Vec<usize>,
    ) -> Result<Option<Solution>, EngineFailed> {
        while let Some(solution) = node.take() {
            if past(deadline) {
                return Ok(Some(solution));
            }
            let found = self.broken_forest_inequalities(&solution);
            if found.is_empty() {
                return Ok(Some(solution));
            }
            let mut current = Some(solution);
            for cut in found {
                let Some(solution) = current.take() else {
                    break;
                };
                let row = self.cut_row(&cut);
                active.push(cuts.len());
                cuts.push(cut);
                current = into_node(solution.add_constraint(row, ComparisonOp::Le, 0.0))?;
            }
            node = current;
            if node.is_none() {
                return Ok(None);
            }
        }
        Ok(None)
    }

    /// Forest inequalities broken by the LP point, one per connected piece of its support: the
    /// edges inside a piece C may number at most y(C) − max y_k. At an integral point every
    /// cycle is such a piece, so this finds a cut whenever the point is not a path.
    fn broken_forest_inequalities(&self, solution: &Solution) -> Vec<Cut> {
        let m = self.vertices.len();
        let xs: Vec<f64> = self.x.iter().map(|&v| solution.var_value(v)).collect();
        let ys: Vec<f64> = self.y.iter().map(|&v| solution.var_value(v)).collect();
        let mut piece = vec![usize::MAX; m];
        let mut pieces = 0;
        for start in 0..m {
            if piece[start] != usize::MAX || ys[start] <= EPS {
                continue;
            }
            piece[start] = pieces;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &e in &self.incident[v] {
                    if xs[e] > EPS {
                        let (a, b) = self.edges[e];
                        let w = if a == v { b } else { a };
                        if piece[w] == usize::MAX {
                            piece[w] = pieces;
                            stack.push(w);
                        }
                    }
                }
            }
            pieces += 1;
        }
        let mut cuts: Vec<_> = (0..pieces)
            .map(|p| (0..m).filter(|&v| piece[v] == p).collect::<Vec<_>>())
            .filter(|members| members.len() >= 2)
            .filter_map(|members| self.forest_cut(&members, &xs, &ys))
            .collect();
        if cuts.is_empty() {
            cuts = self
                .violated_sets(&xs, &ys)
                .iter()
                .filter_map(|members| self.forest_cut(members, &xs, &ys))
                .collect();
        }
        cuts
    }

    /// The forest inequality of `members` with k the member of largest y, if the point breaks it.
    fn forest_cut(&self, members: &[usize], xs: &[f64], ys: &[f64]) -> Option<Cut> {
        let inside = self.edges_inside(members);
        let k = *members.iter().max_by(|&&a, &&b| ys[a].total_cmp(&ys[b]))?;
        let lhs: f64 = inside.iter().map(|&e| xs[e]).sum();
        let rhs: f64 = members.iter().map(|&v| ys[v]).sum::<f64>() - ys[k];
        let mut sorted = members.to_vec();
        sorted.sort_unstable();
        (lhs > rhs + EPS).then_some((sorted, k))
    }

    /// The LP row of a forest inequality, ≤ 0.
    pub(super) fn cut_row(&self, (members, k): &Cut) -> Vec<(Variable, f64)> {
        let mut row: Vec<(Variable, f64)> = self
            .edges_inside(members)
            .iter()
            .map(|&e| (self.x[e], 1.0))
            .collect();
        row.extend(
            members
                .iter()
                .filter(|&v| v != k)
                .map(|&v| (self.y[v], -1.0)),
        );
        row
    }

    /// The edges of G_n with both ends in `members`.
    pub(super) fn edges_inside(&self, members: &[usize]) -> Vec<usize> {
        let mut inside = vec![false; self.vertices.len()];
        for &v in members {
            inside[v] = true;
        }
        (0..self.edges.len())
            .filter(|&e| inside[self.edges[e].0] && inside[self.edges[e].1])
            .collect()
    }

    /// Exact separation of the forest inequalities (Padberg and Wolsey): x(E(S)) − y(S) equals
    /// Σ_{v∈S} (d_x(v)/2 − y_v) − x(δ(S))/2, so the most broken set containing k, and none of the
    /// vertices tried before it, is a minimum cut with k on the source side. Every broken set is
    /// found at its first vertex.
    fn violated_sets(&self, xs: &[f64], ys: &[f64]) -> Vec<Vec<usize>> {
        let active: Vec<usize> = (0..self.vertices.len()).filter(|&v| ys[v] > EPS).collect();
        let mut position = vec![usize::MAX; self.vertices.len()];
        for (i, &v) in active.iter().enumerate() {
            position[v] = i;
        }
        let mut degree = vec![0.0; active.len()];
        let mut support = Vec::new();
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            if xs[e] > EPS && position[a] != usize::MAX && position[b] != usize::MAX {
                degree[position[a]] += xs[e];
                degree[position[b]] += xs[e];
                support.push((position[a], position[b], xs[e] / 2.0));
            }
        }
        let (source, sink) = (active.len(), active.len() + 1);
        let mut sets = Vec::new();
        for k in 0..active.len() {
            let mut flow = MaxFlow::new(active.len() + 2);
            for (i, &v) in active.iter().enumerate() {
                let slack = (ys[v] - degree[i] / 2.0).max(0.0);
                let capacity = if i < k { f64::INFINITY } else { slack };
                flow.add_edge(i, sink, capacity);
            }
            flow.add_edge(source, k, f64::INFINITY);
            for &(a, b, c) in &support {
                flow.add_edge(a, b, c);
                flow.add_edge(b, a, c);
            }
            if flow.run(source, sink) < ys[active[k]] - EPS {
                let side = flow.source_side(source);
                sets.push(
                    (0..active.len())
                        .filter(|&i| side[i])
                        .map(|i| active[i])
                        .collect(),
                );
            }
        }
        sets
    }

    /// A chain from the LP's edges, heaviest first (`Board::patch`).
    fn lp_patch(&self, solution: &Solution) -> Vec<usize> {
        let weighted = self
            .edges
            .iter()
            .zip(&self.x)
            .map(|(&(a, b), &x)| (self.vertices[a], self.vertices[b], solution.var_value(x)))
            .collect();
        self.board.patch(weighted)
    }

    /// The most fractional vertex variable, else the most fractional edge variable: its column.
    fn branching_variable(&self, solution: &Solution) -> Option<usize> {
        let most_fractional = |vars: &[Variable], offset: usize| {
            vars.iter()
                .enumerate()
                .map(|(i, &v)| (offset + i, solution.var_value(v)))
                .filter(|&(_, value)| value > EPS && value < 1.0 - EPS)
                .min_by(|a, b| (a.1 - 0.5).abs().total_cmp(&(b.1 - 0.5).abs()))
                .map(|(column, _)| column)
        };
        most_fractional(&self.y, 0).or_else(|| most_fractional(&self.x, self.vertices.len()))
    }

    /// The numbers of an integral LP point that is a path, in path order.
    fn read_path(&self, solution: &Solution) -> Vec<usize> {
        let used: Vec<usize> = (0..self.edges.len())
            .filter(|&e| solution.var_value(self.x[e]) > 0.5)
            .collect();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); self.vertices.len()];
        for &e in &used {
            let (a, b) = self.edges[e];
            next[a].push(b);
            next[b].push(a);
        }
        let on_path: Vec<usize> = (0..self.vertices.len())
            .filter(|&v| solution.var_value(self.y[v]) > 0.5)
            .collect();
        let Some(&start) = on_path.iter().find(|&&v| next[v].len() <= 1) else {
            return Vec::new();
        };
        let mut path = vec![start];
        let mut previous = usize::MAX;
        let mut current = start;
        while let Some(&step) = next[current].iter().find(|&&w| w != previous) {
            path.push(step);
            previous = current;
            current = step;
        }
        path.into_iter().map(|i| self.vertices[i]).collect()
    }
}

/// Dinic's maximum flow on real capacities, small graphs: the separation's minimum cuts.
struct MaxFlow {
    head: Vec<Vec<usize>>,
    to: Vec<usize>,
    capacity: Vec<f64>,
}

impl MaxFlow {
    fn new(nodes: usize) -> Self {
        MaxFlow {
            head: vec![Vec::new(); nodes],
            to: Vec::new(),
            capacity: Vec::new(),
        }
    }

    fn add_edge(&mut self, from: usize, to: usize, capacity: f64) {
        self.head[from].push(self.to.len());
        self.to.push(to);
        self.capacity.push(capacity);
        self.head[to].push(self.to.len());
        self.to.push(from);
        self.capacity.push(0.0);
    }

    fn levels(&self, source: usize) -> Vec<usize> {
        let mut level = vec![usize::MAX; self.head.len()];
        level[source] = 0;
        let mut queue = std::collections::VecDeque::from([source]);
        while let Some(u) = queue.pop_front() {
            for &a in &self.head[u] {
                if self.capacity[a] > FLOW_EPS && level[self.to[a]] == usize::MAX {
                    level[self.to[a]] = level[u] + 1;
                    queue.push_back(self.to[a]);
                }
            }
        }
        level
    }

    fn push(
        &mut self,
        u: usize,
        sink: usize,
        limit: f64,
        level: &[usize],
        next: &mut [usize],
    ) -> f64 {
        if u == sink {
            return limit;
        }
        while next[u] < self.head[u].len() {
            let a = self.head[u][next[u]];
            let v = self.to[a];
            if self.capacity[a] > FLOW_EPS && level[v] == level[u] + 1 {
                let pushed = self.push(v, sink, limit.min(self.capacity[a]), level, next);
                if pushed > FLOW_EPS {
                    self.capacity[a] -= pushed;
                    self.capacity[a ^ 1] += pushed;
                    return pushed;
                }
            }
            next[u] += 1;
        }
        0.0
    }

    /// The value of a maximum flow (capped: an infinite one means no finite cut).
    fn run(&mut self, source: usize, sink: usize) -> f64 {
        let mut total = 0.0;
        loop {
            let level = self.levels(source);
            if level[sink] == usize::MAX {
                return total;
            }
            let mut next = vec![0; self.head.len()];
            loop {
                let pushed = self.push(source, sink, f64::INFINITY, &level, &mut next);
                if pushed <= FLOW_EPS || pushed.is_infinite() {
                    if pushed.is_infinite() {
                        return f64::INFINITY;
                    }
                    break;
                }
                total += pushed;
            }
        }
    }

    /// The nodes still reachable from the source in the residual graph: a minimum cut's side.
    fn source_side(&self, source: usize) -> Vec<bool> {
        self.levels(source)
            .iter()
            .map(|&l| l != usize::MAX)
            .collect()
    }
}

/// Residual capacity below this counts as none.
const FLOW_EPS: f64 = 1e-9;
