//! The exact proof of a chain's length (spec.md §6): multipliers for the rows of the root LP,
//! found by solving its dual over the rows tight at the leaf's point, and written with one
//! common integer denominator so that `jg_verify::chain` recomputes the bound in integers.

use super::cut::{Cut, Explored, Leaf, Model, Node};
use super::lp::{Builder, LpFailed, Sense};

/// A row of the programme, named by its family and its numbers (spec.md §6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    /// Σ x − Σ y = −1 (any sign).
    Tree,
    /// The edges at v number at most 2·y_v.
    AtMostTwo(usize),
    /// y_v at most the edges at v.
    AtLeastOne(usize),
    /// x_{ab} ≤ y_a: (a, b).
    Edge(usize, usize),
    /// The forest inequality of cut i.
    Forest(usize),
}

/// A branched variable, named by its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Var {
    Y(usize),
    X(usize, usize),
}

/// One node of the certificate's tree, in preorder.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// Fix the variable to 0 for the next subtree, to 1 for the one after it.
    Branch(Var),
    /// Multipliers (floats, not yet rounded) on rows named by numbers and cut numbers.
    Leaf(Vec<(Row, f64)>),
}

/// The proof before rounding: the tree in preorder and the forest cuts its leaves name.
#[derive(Clone, Debug)]
pub(crate) struct Proof {
    pub steps: Vec<Step>,
    /// (k, S) with S sorted.
    pub cuts: Vec<(usize, Vec<usize>)>,
}

/// A leaf's multipliers (rows named by vertex indices and cut ids), with what their bound
/// under any fixings needs: r = c − λA by column, and the constant λ·b.
pub(super) struct Multipliers {
    rows: Vec<(Row, f64)>,
    reduced: Vec<f64>,
    constant: f64,
}

impl Multipliers {
    /// The bound these multipliers give (floats) under `fixings`, as spec.md §6.3 computes it.
    pub(super) fn bound(&self, fixings: &[(usize, bool)]) -> f64 {
        let mut bound = self.constant + self.reduced.iter().map(|&r| r.max(0.0)).sum::<f64>();
        for &(j, value) in fixings {
            let r = self.reduced[j];
            bound += if value { r } else { 0.0 } - r.max(0.0);
        }
        bound
    }

    /// Whether their bound under `fixings` is below `length` + 1, with room for rounding.
    fn close(&self, fixings: &[(usize, bool)], length: usize) -> bool {
        self.bound(fixings) < length as f64 + 0.999
    }
}

/// Rows this close to tight at the LP point may carry a multiplier.
const TIGHT: f64 = 1e-6;
/// Multipliers are boxed so that the dual is bounded even when the LP is empty.
const CAP: f64 = 1e4;

/// The proof that no chain is longer than `explored.length`: the multipliers of every leaf of
/// the explored tree, in preorder, with the cuts the leaves use numbered in their order of first
/// use.
pub(super) fn prove(explored: &Explored) -> Result<Proof, String> {
    let Explored {
        model,
        tree,
        cuts,
        length,
    } = explored;
    model.prove_tree(tree, cuts, *length)
}

impl Model {
    /// The proof of every leaf of `tree` (slot 0 its root), in preorder, with the cuts the
    /// leaves use numbered in their order of first use.
    fn prove_tree(&self, tree: &[Node], cuts: &[Cut], length: usize) -> Result<Proof, String> {
        let mut proof = Proof {
            steps: Vec::new(),
            cuts: Vec::new(),
        };
        let mut cut_number = vec![usize::MAX; cuts.len()];
        let mut known: Vec<Multipliers> = Vec::new();
        let mut stack = vec![0];
        while let Some(slot) = stack.pop() {
            match &tree[slot] {
                Node::Open => return Err("the tree has an unexplored node".into()),
                Node::Branch(column, zero, one) => {
                    let var = match column.checked_sub(self.vertices.len()) {
                        None => Var::Y(self.vertices[*column]),
                        Some(e) => {
                            let (a, b) = self.edges[e];
                            Var::X(self.vertices[a], self.vertices[b])
                        }
                    };
                    proof.steps.push(Step::Branch(var));
                    stack.push(*one);
                    stack.push(*zero);
                }
                Node::Leaf(leaf) => {
                    // Every row is valid for every chain, so multipliers found at an earlier
                    // leaf serve again when their bound under this leaf's fixings is low
                    // enough; else this leaf's own dual LP is solved.
                    let reused = known
                        .iter()
                        .position(|m: &Multipliers| m.close(&leaf.fixings, length));
                    let index = match reused {
                        Some(index) => index,
                        None => {
                            known.push(self.prove_leaf(leaf, cuts, length)?);
                            known.len() - 1
                        }
                    };
                    let rows = known[index].rows.clone();
                    let mut named = Vec::with_capacity(rows.len());
                    for (row, value) in rows {
                        let row = match row {
                            Row::Forest(c) => {
                                if cut_number[c] == usize::MAX {
                                    cut_number[c] = proof.cuts.len();
                                    let (members, k) = &cuts[c];
                                    let set = members.iter().map(|&v| self.vertices[v]).collect();
                                    proof.cuts.push((self.vertices[*k], set));
                                }
                                Row::Forest(cut_number[c])
                            }
                            Row::AtMostTwo(i) => Row::AtMostTwo(self.vertices[i]),
                            Row::AtLeastOne(i) => Row::AtLeastOne(self.vertices[i]),
                            Row::Edge(a, b) => Row::Edge(self.vertices[a], self.vertices[b]),
                            Row::Tree => Row::Tree,
                        };
                        named.push((row, value));
                    }
                    proof.steps.push(Step::Leaf(named));
                }
            }
        }
        Ok(proof)
    }

    /// Multipliers that bound the leaf below `length` + 1: first from the dual LP narrowed by
    /// complementary slackness (`prove` with `narrow`), else from the whole one.
    pub(super) fn prove_leaf(
        &self,
        leaf: &Leaf,
        cuts: &[Cut],
        length: usize,
    ) -> Result<Multipliers, String> {
        match self.prove(leaf, cuts, true) {
            Ok(narrow) if narrow.close(&leaf.fixings, length) => Ok(narrow),
            _ => self.prove(leaf, cuts, false),
        }
    }

    /// The dual of a leaf's LP over the rows tight at its point (all rows when there is no
    /// point: the LP was empty): min −μ + Σ s_j over λ ≥ 0 with (λA)_j + μ·t_j + s_j ≥ c_j,
    /// s_j ≥ 0 for a free column, any sign for a column fixed to 1, and no constraint for a
    /// column fixed to 0 (spec.md §6.3 counts r_j, r_j or 0 for them). Its value is the LP
    /// bound, and any feasible λ gives a valid one. Rows name vertex indices and cut ids.
    ///
    /// `narrow`: complementary slackness at the leaf's point, when it is optimal, says that an
    /// optimal dual has s_j = 0 wherever x_j < 1, and a reduced cost of 0 wherever 0 < x_j < 1;
    /// so those s_j are left out and those rows are equations: a smaller LP with the same
    /// optimum, 2.4–4.2 s a leaf at n = 1000 instead of about 12 s. Any λ it returns is still
    /// valid, and the caller checks that its bound is low enough.
    pub(super) fn prove(
        &self,
        leaf: &Leaf,
        cuts: &[Cut],
        narrow: bool,
    ) -> Result<Multipliers, String> {
        let (nv, ne) = (self.vertices.len(), self.edges.len());
        let tight = |slack: f64| leaf.point.is_none() || slack <= TIGHT;
        let mut values = vec![0.0; nv + ne];
        for &(j, value) in leaf.point.iter().flatten() {
            values[j] = value;
        }
        let (ys, xs) = values.split_at(nv);
        let mut fixed = vec![None; nv + ne];
        for &(j, value) in &leaf.fixings {
            fixed[j] = Some(value);
        }
        // (row, its entries (column, coefficient)).
        let mut rows: Vec<(Row, Vec<(usize, f64)>)> = Vec::new();
        for (i, &y) in ys.iter().enumerate() {
            let degree: f64 = self.incident[i].iter().map(|&e| xs[e]).sum();
            let around = || self.incident[i].iter().map(|&e| nv + e);
            if tight(2.0 * y - degree) {
                let mut entries: Vec<(usize, f64)> = around().map(|j| (j, 1.0)).collect();
                entries.push((i, -2.0));
                rows.push((Row::AtMostTwo(i), entries));
            }
            if tight(degree - y) {
                let mut entries: Vec<(usize, f64)> = around().map(|j| (j, -1.0)).collect();
                entries.push((i, 1.0));
                rows.push((Row::AtLeastOne(i), entries));
            }
        }
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            for (end, other) in [(a, b), (b, a)] {
                if tight(ys[end] - xs[e]) {
                    rows.push((Row::Edge(end, other), vec![(nv + e, 1.0), (end, -1.0)]));
                }
            }
        }
        for (c, cut) in cuts.iter().enumerate().take(leaf.cuts) {
            // The LP's own row of the cut, ≤ 0: its slack is minus its value at the point.
            let entries = self.cut_row(cut);
            let value: f64 = entries.iter().map(|&(j, a)| a * values[j]).sum();
            if tight(-value) {
                rows.push((Row::Forest(c), entries));
            }
        }
        let mut dual = Builder::new(self.backend);
        let lambda: Vec<usize> = rows.iter().map(|_| dual.column(0.0, 0.0, CAP)).collect();
        let mu = dual.column(-1.0, -CAP, CAP);
        let mut columns: Vec<Vec<(usize, f64)>> = vec![Vec::new(); nv + ne];
        for (r, (_, entries)) in rows.iter().enumerate() {
            for &(j, a) in entries {
                columns[j].push((lambda[r], a));
            }
        }
        for (j, mut column) in columns.into_iter().enumerate() {
            let (tree_coefficient, objective) = if j < nv { (-1.0, 1.0) } else { (1.0, 0.0) };
            let (lower, upper) = match fixed[j] {
                Some(false) => continue,
                Some(true) => (f64::NEG_INFINITY, f64::INFINITY),
                None => (0.0, f64::INFINITY),
            };
            column.push((mu, tree_coefficient));
            // Narrowed: a free column below 1 at the point has s_j = 0 at an optimal dual, and
            // one strictly between its bounds a reduced cost of 0 too.
            let below_one = leaf.point.is_some() && values[j] < 1.0 - TIGHT;
            let settled = narrow && fixed[j].is_none() && below_one;
            if !settled {
                column.push((dual.column(1.0, lower, upper), 1.0));
            }
            let upper = match settled && values[j] > TIGHT {
                true => objective,
                false => f64::INFINITY,
            };
            dual.row(&column, objective, upper);
        }
        let solution = dual
            .build(Sense::Minimise)
            .solve()
            .map_err(|LpFailed(error)| format!("the dual LP failed: {error}"))?
            .ok_or("the dual LP is empty")?;
        let mu = solution.values[mu];
        let mut proof = vec![(Row::Tree, mu)];
        // r = c − λA − μ·t, by column, to try these multipliers at later leaves.
        let mut reduced: Vec<f64> = (0..nv + ne)
            .map(|j| if j < nv { 1.0 + mu } else { -mu })
            .collect();
        for (r, (row, entries)) in rows.iter().enumerate() {
            let value = solution.values[lambda[r]];
            if value > 1e-12 {
                proof.push((*row, value));
                for &(j, a) in entries {
                    reduced[j] -= value * a;
                }
            }
        }
        Ok(Multipliers {
            rows: proof,
            reduced,
            constant: -mu,
        })
    }
}

/// The certificate's text with every multiplier rounded to a multiple of 1/denominator.
fn text(found: &super::answer::LongestChain, proof: &Proof, denominator: u64) -> (String, usize) {
    let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
    let (cuts, tree, rows) = body(proof, denominator, 0);
    let out = format!(
        "JGCHAIN1\nn {}\nlength {}\nchain {}\ndenominator {denominator}\ncuts {}\n{cuts}tree\n{tree}end\n",
        found.n,
        found.chain.len(),
        numbers.join(" "),
        proof.cuts.len()
    );
    (out, rows)
}

/// The proof's `cut` lines and its tree's lines (spec.md §6.1), every multiplier rounded to a
/// multiple of 1/denominator and every cut number shifted by `cut_offset` (for a tree that
/// follows another's cuts); and the count of rows with a multiplier.
pub(super) fn body(proof: &Proof, denominator: u64, cut_offset: usize) -> (String, String, usize) {
    use std::fmt::Write;
    let mut cuts = String::new();
    for (k, set) in &proof.cuts {
        let set: Vec<String> = set.iter().map(usize::to_string).collect();
        let _ = writeln!(cuts, "cut {k} {} {}", set.len(), set.join(" "));
    }
    let mut out = String::new();
    let mut rows = 0;
    for step in &proof.steps {
        let leaf = match step {
            Step::Branch(Var::Y(v)) => {
                let _ = writeln!(out, "branch y {v}");
                continue;
            }
            Step::Branch(Var::X(a, b)) => {
                let _ = writeln!(out, "branch x {a} {b}");
                continue;
            }
            Step::Leaf(leaf) => leaf,
        };
        let rounded: Vec<(Row, i128)> = leaf
            .iter()
            .map(|&(row, value)| (row, (value * denominator as f64).round() as i128))
            .filter(|&(row, m)| m > 0 || (m < 0 && row == Row::Tree))
            .collect();
        rows += rounded.len();
        let _ = writeln!(out, "leaf {}", rounded.len());
        for (row, m) in &rounded {
            let _ = match *row {
                Row::Tree => writeln!(out, "t {m}"),
                Row::AtMostTwo(v) => writeln!(out, "d {v} {m}"),
                Row::AtLeastOne(v) => writeln!(out, "u {v} {m}"),
                Row::Edge(a, b) => writeln!(out, "e {a} {b} {m}"),
                Row::Forest(c) => writeln!(out, "c {} {m}", c + cut_offset),
            };
        }
    }
    (cuts, out, rows)
}

/// The smallest denominator in 1, 2, 3, 4, 6, 8, 12, … 2^40 whose rounded multipliers the
/// verifier accepts: the certificate is checked here exactly as `jg-verify` will check it.
pub(super) fn write(
    found: &super::answer::LongestChain,
    proof: &Proof,
) -> Result<super::answer::CertifiedChain, String> {
    let mut last_reason = String::new();
    for power in 0..=40u32 {
        for denominator in [1u64 << power, 3 << power] {
            if denominator > 1 << 40 {
                continue;
            }
            let (text, rows) = text(found, proof, denominator);
            match jg_verify::chain::check(text.as_bytes()) {
                Ok(verdict) if verdict.length == found.chain.len() as u64 => {
                    return Ok(super::answer::CertifiedChain {
                        found: found.clone(),
                        certificate: text.into_bytes(),
                        denominator,
                        cuts: proof.cuts.len(),
                        rows,
                        leaves: verdict.leaves,
                    })
                }
                Ok(_) => return Err("the verifier read another length".into()),
                Err(reason) => last_reason = reason.to_string(),
            }
        }
    }
    Err(format!(
        "the LP bounds could not be certified with rounded multipliers ({last_reason})"
    ))
}
