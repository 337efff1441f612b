//! Branch and cut for the longest chain (docs/MATH.md §6): a longest simple path of G_n as an integer
//! programme over vertices (y) and edges (x): degree ≤ 2·y, y ≤ degree, x(E) = y(V) − 1, and the
//! forest inequalities x(E(C)) ≤ y(C) − y_k (k ∈ C), added lazily when the LP breaks them. A
//! forest with one edge fewer than vertices is a tree, and a tree of degree ≤ 2 is a path, so
//! the integer optimum is the longest chain. The LP (HiGHS, see `lp`) only bounds; the path it
//! yields is re-read as a chain and checked by `check_chain` like any other.

use super::improve::Board;
use super::lp::{Backend, Builder, Lp, LpFailed, Point, Sense, Snapshot};
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
    /// What the exact proof (spec.md §6) is built from, when asked for (`Settings::want_proof`)
    /// and the tree was exhausted: `certify::prove` turns it into multipliers.
    pub explored: Option<Explored>,
}

/// What a proof of the branch and cut's bound is built from: the programme's graph, the tree to
/// prove (slot 0 its root: the root alone when its bound is enough, else every node explored),
/// the forest cuts its leaves' LPs held, and the length of the longest chain it found (the proof
/// shows that none has one number more).
pub(super) struct Explored {
    pub model: Model,
    pub tree: Vec<Node>,
    pub cuts: Vec<Cut>,
    pub length: usize,
}

/// Why the LP engine gave up; the caller falls back to the combinatorial search.
#[derive(Debug, thiserror::Error)]
#[error("the LP engine failed: {0}")]
pub(super) struct EngineFailed(String);

impl From<LpFailed> for EngineFailed {
    fn from(LpFailed(reason): LpFailed) -> Self {
        EngineFailed(reason)
    }
}

/// The vertices 1..=n (some dropped, see `longest_path`) and the edges of G_n between them.
/// The LP's columns are y_i = i (vertex index i) and x_e = |V| + e.
pub(super) struct Model {
    pub(super) vertices: Vec<usize>,
    pub(super) edges: Vec<(usize, usize)>,
    /// Edge ids at each vertex index.
    pub(super) incident: Vec<Vec<usize>>,
    board: Board,
    /// The LP solver, for the leaves' dual LPs too.
    pub(super) backend: Backend,
}

/// A forest inequality x(E(S)) ≤ y(S) − y_k: the members S (vertex indices, sorted) and k.
pub(super) type Cut = (Vec<usize>, usize);

/// Local search rounds per number on the first chain, and on the chain read off each node's LP.
const ROOT_ROUNDS: usize = 40;
const NODE_ROUNDS: usize = 3;
/// Every this many nodes, `ROOT_ROUNDS` of local search start from the longest chain so far.
const INCUMBENT_EVERY: u64 = 8;

/// A node is closed when its LP bound is below best + 1 by at least this much: a bound closer
/// to best + 1 is float noise around best + 1 itself, and the certificate (spec.md §6) needs
/// the room to round its multipliers.
const PRUNE: f64 = 1e-4;

fn prunable(objective: f64, best: usize) -> bool {
    objective + PRUNE < (best + 1) as f64
}

/// The cut rounds at a fractional point stop (tailing off) once the bound has fallen by less
/// than `TAIL_PROGRESS` over the last `TAIL_ROUNDS` rounds, and the node is branched on: at
/// n = 1000, microlp's nodes went on adding five cuts a round, 0.7 s each, for a bound falling
/// by 0.002 a round, and the chain of 666 was never found. The root has `ROOT_TAIL_ROUNDS` of
/// patience: a root that closes gives the smallest certificate (n = 477 is the root alone with
/// 30, a tree of 8 leaves with 3). A round after one that gained less than `TAIL_PROGRESS`
/// also runs the exact separation: the pieces of the point's support can keep yielding one
/// shallow cut a round while the exact separation finds dozens (the root at n = 1000: 30
/// rounds at 697.56, then 45 cuts and 12 numbers less).
///
/// microlp only: its cut rounds are what costs (a re-solve per added row), so it gains by
/// branching sooner. HiGHS's rounds are cheap, and the long rounds find its chains: with the same
/// rules its n = 1000 went from 5 nodes and 11 s to 53 nodes and 49 s, so it keeps them.
const TAIL_ROUNDS: usize = 2;
const ROOT_TAIL_ROUNDS: usize = 30;
const TAIL_PROGRESS: f64 = 0.01;

/// How many rounds without progress the cut rounds take before they tail off (`None`: no limit,
/// and no exact separation but when the pieces find no cut), at the root and at the other nodes.
#[derive(Clone, Copy)]
struct Patience {
    root: Option<usize>,
    node: Option<usize>,
}

impl Patience {
    fn of(backend: Backend) -> Patience {
        match backend {
            Backend::Microlp => Patience {
                root: Some(ROOT_TAIL_ROUNDS),
                node: Some(TAIL_ROUNDS),
            },
            #[cfg(feature = "highs")]
            Backend::Highs => Patience {
                root: None,
                node: None,
            },
        }
    }
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
    /// Only chains through this number: y of it is fixed to 1 in every node, and the tree
    /// proves the bound for those chains alone (the other side of a branch on it comes from
    /// elsewhere, see `certify_through` in the chain engine).
    pub through: Option<usize>,
    /// The LP solver.
    pub backend: Backend,
}

/// How deep a weak root (`Settings::weak_root`) forces branching.
const WEAK_DEPTH: usize = 3;

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
    /// The node's LP held the first this many cuts (cuts are valid everywhere and never
    /// removed, so every later node's LP holds every earlier node's).
    pub cuts: usize,
}

/// A node waiting on the depth-first stack: its slot and its fixings.
struct Open {
    slot: usize,
    fixings: Vec<(usize, bool)>,
    /// The parent's solved LP, to start this node's solve from (see `MAX_SNAPSHOTS`).
    from: Snapshot,
}

/// At most this many nodes waiting on the stack hold their parent's solved LP (a copy of
/// microlp's whole state, tens of MB at n = 1000); deeper nodes start from the last solve.
const MAX_SNAPSHOTS: usize = 8;

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
    let nv = vertices.len();
    let mut lp = Builder::new(settings.backend);
    for j in 0..nv + edges.len() {
        lp.column(if j < nv { 1.0 } else { 0.0 }, 0.0, 1.0);
    }
    for (i, edge_ids) in incident.iter().enumerate() {
        // A used number has one or two chain neighbours; an unused one has none.
        let mut around: Vec<(usize, f64)> = edge_ids.iter().map(|&e| (nv + e, 1.0)).collect();
        around.push((i, -2.0));
        lp.row(&around, f64::NEG_INFINITY, 0.0);
        *around.last_mut().expect("pushed") = (i, -1.0);
        lp.row(&around, 0.0, f64::INFINITY);
    }
    for (e, &(a, b)) in edges.iter().enumerate() {
        // The forest inequality of the pair {a, b}: an edge needs both ends.
        lp.row(&[(nv + e, 1.0), (a, -1.0)], f64::NEG_INFINITY, 0.0);
        lp.row(&[(nv + e, 1.0), (b, -1.0)], f64::NEG_INFINITY, 0.0);
    }
    let tree: Vec<(usize, f64)> = (0..nv + edges.len())
        .map(|j| (j, if j < nv { -1.0 } else { 1.0 }))
        .collect();
    lp.row(&tree, -1.0, -1.0);
    let base: Vec<(usize, bool)> = match settings.through {
        Some(v) if index.get(v).is_some_and(|&i| i != usize::MAX) => vec![(index[v], true)],
        Some(v) => return Err(EngineFailed(format!("{v} is not a number of the graph"))),
        None => Vec::new(),
    };
    let model = Model {
        board: Board::new(&vertices),
        vertices,
        edges,
        incident,
        backend: settings.backend,
    };
    let (mut outcome, to_prove) = model.branch_and_cut(
        lp.build(Sense::Maximise),
        incumbent,
        &base,
        deadline,
        settings,
        report,
    )?;
    outcome.explored = to_prove.map(|(tree, cuts)| Explored {
        model,
        tree,
        cuts,
        length: outcome.chain.len(),
    });
    Ok(outcome)
}

/// The tree to prove and the cuts, as `branch_and_cut` leaves them for `Explored`.
type ToProve = (Vec<Node>, Vec<Cut>);

/// Turns into a leaf every branched node whose own bound closes it against the final longest
/// chain (`best` numbers): its subtree is then left out of the proof (its slots stay, out of
/// reach). The root alone, when its bound is enough, as in every certificate up to the first n
/// where it is not.
pub(super) fn collapse(tree: &mut [Node], branched: Vec<Option<(f64, Leaf)>>, best: usize) {
    for (slot, held) in branched.into_iter().enumerate() {
        if let Some((objective, leaf)) = held {
            if prunable(objective, best) {
                tree[slot] = Node::Leaf(leaf);
            }
        }
    }
}

/// The point's non-zero values by column.
fn sparse(point: &Point) -> Vec<(usize, f64)> {
    point
        .values
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, value)| value != 0.0)
        .collect()
}

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

impl Model {
    fn branch_and_cut(
        &self,
        mut lp: Lp,
        mut best: Vec<usize>,
        base: &[(usize, bool)],
        deadline: Option<Instant>,
        settings: Settings,
        report: Report,
    ) -> Result<(Outcome, Option<ToProve>), EngineFailed> {
        // Every forest cut found, at the root or at a node; all of them stay in the LP.
        let mut cuts: Vec<Cut> = Vec::new();
        // How long its cut rounds go on without progress: this backend's (`Patience`).
        let patience = Patience::of(settings.backend);
        // The local search from the first chain before the root: from a seed (the range run's
        // chain of n − 1) it often finds the one number more that closes the root at once
        // (n = 726..733: 36 s instead of 53, certificates up to 3 times smaller).
        let searched = self.board.improve(
            best.clone(),
            ROOT_ROUNDS * self.vertices.len(),
            0x51_7cc1_b727_220a,
        );
        if searched.len() > best.len() {
            best = searched;
        }
        if !base.is_empty() {
            lp.fix(base);
        }
        let root = lp.solve()?;
        let root = if settings.weak_root {
            root
        } else {
            let rounds = patience.root;
            self.cut_rounds(&mut lp, root, deadline, &mut cuts, best.len(), rounds)?
        };
        let Some(root) = root else {
            let empty = Leaf {
                point: None,
                fixings: base.to_vec(),
                cuts: cuts.len(),
            };
            let to_prove = settings.want_proof.then(|| (vec![Node::Leaf(empty)], cuts));
            let outcome = Outcome {
                chain: best,
                root_bound: 0,
                nodes: 1,
                proved: true,
                explored: None,
            };
            return Ok((outcome, to_prove));
        };
        let root_objective = root.objective;
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
        // Then a dive from the root, when the root's bound does not close the question already.
        if !prunable(root_objective, best.len()) {
            best = self.dive(&mut lp, &root, best, base, deadline)?;
        }
        let mut nodes = 0u64;
        // The tree as explored (slot 0 the root), for the certificate when the root alone
        // does not prove the bound. The root's LP is solved already: the stack starts below it.
        let mut tree = vec![Node::Open];
        let mut stack = vec![Open {
            slot: 0,
            fixings: base.to_vec(),
            from: Snapshot::None,
        }];
        let mut solved_root = Some(root);
        // For the proof: each branched node's bound and what its own leaf would be, so that a
        // node branched on while the longest chain known was shorter than the final one can
        // close as a leaf (`collapse`).
        let mut branched: Vec<Option<(f64, Leaf)>> = vec![None];
        let mut proved = true;
        while let Some(Open {
            slot,
            fixings,
            from,
        }) = stack.pop()
        {
            nodes += 1;
            report(Progress {
                nodes,
                longest: best.len(),
                root_bound: root_objective,
            });
            let forced = settings.weak_root && fixings.len() < base.len() + WEAK_DEPTH;
            let node = match solved_root.take() {
                Some(root) => Some(root),
                None => {
                    lp.fix(&fixings);
                    lp.restore(&from);
                    let solution = lp.solve()?;
                    let rounds = patience.node;
                    self.cut_rounds(&mut lp, solution, deadline, &mut cuts, best.len(), rounds)?
                }
            };
            let leaf = |point: Option<&Point>, fixings: Vec<(usize, bool)>, cuts: usize| {
                Node::Leaf(Leaf {
                    point: point.filter(|_| settings.want_proof).map(sparse),
                    fixings,
                    cuts,
                })
            };
            let Some(node) = node else {
                tree[slot] = leaf(None, fixings, cuts.len());
                continue;
            };
            // Past the deadline the node may still break forest inequalities: read nothing.
            if past(deadline) {
                proved = false;
                break;
            }
            if prunable(node.objective, best.len()) && !forced {
                tree[slot] = leaf(Some(&node), fixings, cuts.len());
                continue;
            }
            let patched = self.lp_patch(&node);
            let mut guess = self
                .board
                .improve(patched, NODE_ROUNDS * self.vertices.len(), nodes);
            // Now and then a longer search from the longest chain so far: the LP's pieces can
            // keep missing a chain one longer that the bound already allows (n = 328 took
            // minutes of nodes without it, 35 nodes and 3 s with it).
            if nodes.is_multiple_of(INCUMBENT_EVERY) {
                let rounds = ROOT_ROUNDS * self.vertices.len();
                let again = self.board.improve(best.clone(), rounds, !nodes);
                if again.len() > guess.len() {
                    guess = again;
                }
            }
            if guess.len() > best.len() {
                best = guess;
                if prunable(node.objective, best.len()) && !forced {
                    tree[slot] = leaf(Some(&node), fixings, cuts.len());
                    continue;
                }
            }
            // A forced node is branched on even when integral: on the first column not fixed.
            let branching = match self.branching_variable(&node) {
                None if forced => (0..).find(|j| fixings.iter().all(|&(f, _)| f != *j)),
                branching => branching,
            };
            let Some(column) = branching else {
                // Integral and no forest inequality broken: a path, its length the bound.
                let path = self.read_path(&node);
                if path.len() > best.len() {
                    best = path;
                }
                tree[slot] = leaf(Some(&node), fixings, cuts.len());
                continue;
            };
            // Depth first, the "use it" side last so that it is explored first.
            let (zero_slot, one_slot) = (tree.len(), tree.len() + 1);
            tree[slot] = Node::Branch(column, zero_slot, one_slot);
            if settings.want_proof {
                branched[slot] = Some((
                    node.objective,
                    Leaf {
                        point: Some(sparse(&node)),
                        fixings: fixings.clone(),
                        cuts: cuts.len(),
                    },
                ));
            }
            // The "use it" child is solved next, from this very state; the other one after
            // that child's whole subtree, which is nearer to this node's optimum than to the
            // subtree's last (one fixing against the subtree's depth).
            let held = stack
                .iter()
                .filter(|open| matches!(open.from, Snapshot::Microlp(_)))
                .count();
            let from = if held < MAX_SNAPSHOTS {
                lp.snapshot()
            } else {
                Snapshot::None
            };
            for (child, value) in [(zero_slot, false), (one_slot, true)] {
                let mut fixings = fixings.clone();
                fixings.push((column, value));
                stack.push(Open {
                    slot: child,
                    fixings,
                    from: from.clone(),
                });
                tree.push(Node::Open);
                branched.push(None);
            }
        }
        let to_prove = (settings.want_proof && proved).then(|| {
            if !settings.weak_root {
                collapse(&mut tree, branched, best.len());
            }
            (tree, cuts)
        });
        let outcome = Outcome {
            chain: best,
            root_bound,
            nodes,
            proved,
            explored: None,
        };
        Ok((outcome, to_prove))
    }

    /// A dive for a longer chain from the root's point: fix the fractional column nearest to 1
    /// to 1, re-solve (no cuts), patch the point into a chain; until the LP is integral, empty
    /// or below best + 1. The LP's fixings are undone and the root re-solved at the end. It only
    /// looks for chains: the tree that follows proves the bound. (Measured on n = 300..664:
    /// n = 500 went from 21 s to 1.6 s, n = 480 from 24 to 13 s; the LP's pieces alone found
    /// 343 of 348 at n = 500.)
    fn dive(
        &self,
        lp: &mut Lp,
        root: &Point,
        mut best: Vec<usize>,
        base: &[(usize, bool)],
        deadline: Option<Instant>,
    ) -> Result<Vec<usize>, EngineFailed> {
        let start = lp.snapshot();
        let mut fixings: Vec<(usize, bool)> = base.to_vec();
        let mut values = root.values.clone();
        for step in 0..self.vertices.len() {
            let next = values
                .iter()
                .enumerate()
                // A fixed column is 1, so it is never picked again.
                .filter(|&(_, &v)| v > EPS && v < 1.0 - EPS)
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map(|(j, _)| j);
            let Some(j) = next.filter(|_| !past(deadline)) else {
                break;
            };
            fixings.push((j, true));
            lp.fix(&fixings);
            let Some(point) = lp.solve()? else { break };
            if !prunable(point.objective, best.len()) {
                let guess = self.board.improve(
                    self.lp_patch(&point),
                    NODE_ROUNDS * self.vertices.len(),
                    step as u64,
                );
                if guess.len() > best.len() {
                    best = guess;
                }
            }
            if prunable(point.objective, best.len()) {
                break;
            }
            values = point.values;
        }
        // Back to the root's optimum, so that the tree starts from the root's basis: microlp
        // from its copy of it (undoing the dive's fixings one by one took 8 s at n = 1000).
        lp.fix(base);
        lp.restore(&start);
        lp.solve()?;
        Ok(best)
    }

    /// Adds broken forest inequalities until none is found, the bound closes the node against
    /// the longest chain known (`best` numbers), or the deadline passes (the LP value is a bound
    /// either way: cuts only lower it). Each cut goes to `cuts` and into the LP.
    fn cut_rounds(
        &self,
        lp: &mut Lp,
        mut node: Option<Point>,
        deadline: Option<Instant>,
        cuts: &mut Vec<Cut>,
        best: usize,
        patience: Option<usize>,
    ) -> Result<Option<Point>, EngineFailed> {
        // The bound after each round.
        let mut bounds: Vec<f64> = Vec::new();
        while let Some(point) = node.take() {
            if past(deadline) || prunable(point.objective, best) {
                return Ok(Some(point));
            }
            bounds.push(point.objective);
            // Whether the bound gained less than `TAIL_PROGRESS` over the last `rounds` rounds.
            let stalled = |rounds: usize| {
                let before = bounds.len().checked_sub(rounds + 1).map(|i| bounds[i]);
                before.is_some_and(|b| b - point.objective < TAIL_PROGRESS)
            };
            // Without patience (HiGHS): no tailing off, and the pieces' cuts alone while they
            // find any.
            if patience.is_some_and(stalled) && self.branching_variable(&point).is_some() {
                return Ok(Some(point));
            }
            let exact = patience.is_some() && stalled(1);
            let found = self.broken_forest_inequalities(&point, exact);
            if found.is_empty() {
                return Ok(Some(point));
            }
            // A round's cuts go in together: one re-solve for all of them.
            for cut in found {
                lp.add_row(&self.cut_row(&cut), 0.0)?;
                cuts.push(cut);
            }
            node = lp.solve()?;
        }
        Ok(None)
    }

    /// Forest inequalities broken by the LP point, one per connected piece of its support: the
    /// edges inside a piece C may number at most y(C) − max y_k. At an integral point every
    /// cycle is such a piece, so this finds a cut whenever the point is not a path. The exact
    /// separation's too when there is none, or when `exact`.
    fn broken_forest_inequalities(&self, point: &Point, exact: bool) -> Vec<Cut> {
        let m = self.vertices.len();
        let (ys, xs) = point.values.split_at(m);
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
            .filter_map(|members| self.forest_cut(&members, xs, ys))
            .collect();
        if cuts.is_empty() || exact {
            for members in self.violated_sets(xs, ys) {
                if let Some(cut) = self.forest_cut(&members, xs, ys) {
                    if !cuts.contains(&cut) {
                        cuts.push(cut);
                    }
                }
            }
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
    pub(super) fn cut_row(&self, (members, k): &Cut) -> Vec<(usize, f64)> {
        let nv = self.vertices.len();
        let mut row: Vec<(usize, f64)> = self
            .edges_inside(members)
            .iter()
            .map(|&e| (nv + e, 1.0))
            .collect();
        row.extend(members.iter().filter(|&v| v != k).map(|&v| (v, -1.0)));
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
        // One network for every k: k's own arcs (from the source, and to the sink for the
        // vertices tried before it) are set on a copy of the capacities.
        let (source, sink) = (active.len(), active.len() + 1);
        let mut flow = MaxFlow::new(active.len() + 2);
        let mut to_sink = Vec::with_capacity(active.len());
        let mut from_source = Vec::with_capacity(active.len());
        for (i, &v) in active.iter().enumerate() {
            let slack = (ys[v] - degree[i] / 2.0).max(0.0);
            to_sink.push(flow.add_edge(i, sink, slack));
            from_source.push(flow.add_edge(source, i, 0.0));
        }
        for &(a, b, c) in &support {
            flow.add_edge(a, b, c);
            flow.add_edge(b, a, c);
        }
        let capacities = flow.capacity.clone();
        let mut sets = Vec::new();
        for k in 0..active.len() {
            flow.capacity.copy_from_slice(&capacities);
            for &arc in &to_sink[..k] {
                flow.capacity[arc] = f64::INFINITY;
            }
            flow.capacity[from_source[k]] = f64::INFINITY;
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
    fn lp_patch(&self, point: &Point) -> Vec<usize> {
        let weighted = self
            .edges
            .iter()
            .zip(&point.values[self.vertices.len()..])
            .map(|(&(a, b), &x)| (self.vertices[a], self.vertices[b], x))
            .collect();
        self.board.patch(weighted)
    }

    /// The most fractional vertex variable, else the most fractional edge variable: its column.
    fn branching_variable(&self, point: &Point) -> Option<usize> {
        let nv = self.vertices.len();
        let most_fractional = |values: &[f64], offset: usize| {
            values
                .iter()
                .enumerate()
                .map(|(i, &value)| (offset + i, value))
                .filter(|&(_, value)| value > EPS && value < 1.0 - EPS)
                .min_by(|a, b| (a.1 - 0.5).abs().total_cmp(&(b.1 - 0.5).abs()))
                .map(|(column, _)| column)
        };
        let (ys, xs) = point.values.split_at(nv);
        most_fractional(ys, 0).or_else(|| most_fractional(xs, nv))
    }

    /// The numbers of an integral LP point that is a path, in path order.
    fn read_path(&self, point: &Point) -> Vec<usize> {
        let (ys, xs) = point.values.split_at(self.vertices.len());
        let used: Vec<usize> = (0..self.edges.len()).filter(|&e| xs[e] > 0.5).collect();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); self.vertices.len()];
        for &e in &used {
            let (a, b) = self.edges[e];
            next[a].push(b);
            next[b].push(a);
        }
        let on_path: Vec<usize> = (0..self.vertices.len()).filter(|&v| ys[v] > 0.5).collect();
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

    /// Adds an arc (and its residual twin, the id after it); its id.
    fn add_edge(&mut self, from: usize, to: usize, capacity: f64) -> usize {
        let arc = self.to.len();
        self.head[from].push(self.to.len());
        self.to.push(to);
        self.capacity.push(capacity);
        self.head[to].push(self.to.len());
        self.to.push(from);
        self.capacity.push(0.0);
        arc
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
