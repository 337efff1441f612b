//! The exact proof of a chain's length (spec.md §6): multipliers for the rows of the root LP,
//! found by solving its dual (microlp gives no duals), and written with one common integer
//! denominator so that `jg_verify::chain` recomputes the bound in integers.

use super::cut::{Cut, Model};
use microlp::{ComparisonOp, OptimizationDirection, Problem};

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

/// Multipliers (floats, not yet rounded) on rows, and the forest cuts they name (numbers).
#[derive(Clone, Debug)]
pub(crate) struct Proof {
    pub rows: Vec<(Row, f64)>,
    /// (k, S) with S sorted.
    pub cuts: Vec<(usize, Vec<usize>)>,
}

/// Rows this close to tight at the LP point may carry a multiplier.
const TIGHT: f64 = 1e-6;
/// Multipliers are boxed so that the dual is bounded even when the LP is empty.
const CAP: f64 = 1e4;

impl Model {
    /// The dual of the LP over the rows tight at `point` (all rows when there is no point: the
    /// LP was empty): min −μ + Σ s_j over λ ≥ 0, s ≥ 0 with (λA)_j + μ·t_j + s_j ≥ c_j.
    /// Its value is the LP bound, and any feasible λ gives a valid bound (spec.md §6.3).
    pub(super) fn prove(
        &self,
        point: Option<&(Vec<f64>, Vec<f64>)>,
        cuts: &[Cut],
        _length: usize,
    ) -> Result<Proof, String> {
        let (nv, ne) = (self.vertices.len(), self.edges.len());
        let tight = |slack: f64| point.is_none() || slack <= TIGHT;
        let (ys, xs) = match point {
            Some((ys, xs)) => (ys.clone(), xs.clone()),
            None => (vec![0.0; nv], vec![0.0; ne]),
        };
        // (row, its entries (primal column, coefficient)); columns: y_i = i, x_e = nv + e.
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
        for (c, cut) in cuts.iter().enumerate() {
            let inside = self.edges_inside(&cut.0);
            let lhs: f64 = inside.iter().map(|&e| xs[e]).sum();
            let rhs: f64 = cut.0.iter().map(|&v| ys[v]).sum::<f64>() - ys[cut.1];
            if tight(rhs - lhs) {
                let mut entries: Vec<(usize, f64)> =
                    inside.iter().map(|&e| (nv + e, 1.0)).collect();
                entries.extend(cut.0.iter().filter(|&&v| v != cut.1).map(|&v| (v, -1.0)));
                rows.push((Row::Forest(c), entries));
            }
        }
        let mut dual = Problem::new(OptimizationDirection::Minimize);
        let lambda: Vec<_> = rows.iter().map(|_| dual.add_var(0.0, (0.0, CAP))).collect();
        let mu = dual.add_var(-1.0, (-CAP, CAP));
        let mut columns: Vec<Vec<(microlp::Variable, f64)>> = vec![Vec::new(); nv + ne];
        for (r, (_, entries)) in rows.iter().enumerate() {
            for &(j, a) in entries {
                columns[j].push((lambda[r], a));
            }
        }
        for (j, mut column) in columns.into_iter().enumerate() {
            let (tree_coefficient, objective) = if j < nv { (-1.0, 1.0) } else { (1.0, 0.0) };
            column.push((mu, tree_coefficient));
            column.push((dual.add_var(1.0, (0.0, f64::INFINITY)), 1.0));
            dual.add_constraint(column, ComparisonOp::Ge, objective);
        }
        let solution = dual
            .solve()
            .map_err(|error| format!("the dual LP failed: {error}"))?
            .into_solution()
            .map_err(|_| "the dual LP was interrupted".to_string())?;
        let mut proof = Proof {
            rows: vec![(Row::Tree, solution.var_value(mu))],
            cuts: Vec::new(),
        };
        let mut cut_number = vec![usize::MAX; cuts.len()];
        for (r, (row, _)) in rows.iter().enumerate() {
            let value = solution.var_value(lambda[r]);
            if value <= 1e-12 {
                continue;
            }
            let named = match *row {
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
            proof.rows.push((named, value));
        }
        Ok(proof)
    }
}

/// The certificate's text with every multiplier rounded to a multiple of 1/denominator.
fn text(found: &super::LongestChain, proof: &Proof, denominator: u64) -> (String, usize) {
    use std::fmt::Write;
    let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
    let mut out = format!(
        "JGCHAIN1\nn {}\nlength {}\nchain {}\ndenominator {denominator}\ncuts {}\n",
        found.n,
        found.chain.len(),
        numbers.join(" "),
        proof.cuts.len()
    );
    for (k, set) in &proof.cuts {
        let set: Vec<String> = set.iter().map(usize::to_string).collect();
        let _ = writeln!(out, "cut {k} {} {}", set.len(), set.join(" "));
    }
    let rounded: Vec<(Row, i128)> = proof
        .rows
        .iter()
        .map(|&(row, value)| (row, (value * denominator as f64).round() as i128))
        .filter(|&(row, m)| m > 0 || (m < 0 && row == Row::Tree))
        .collect();
    let _ = writeln!(out, "tree\nleaf {}", rounded.len());
    for (row, m) in &rounded {
        let _ = match *row {
            Row::Tree => writeln!(out, "t {m}"),
            Row::AtMostTwo(v) => writeln!(out, "d {v} {m}"),
            Row::AtLeastOne(v) => writeln!(out, "u {v} {m}"),
            Row::Edge(a, b) => writeln!(out, "e {a} {b} {m}"),
            Row::Forest(c) => writeln!(out, "c {c} {m}"),
        };
    }
    out.push_str("end\n");
    (out, rounded.len())
}

/// The smallest denominator in 1, 2, 3, 4, 6, 8, 12, … 2^40 whose rounded multipliers the
/// verifier accepts: the certificate is checked here exactly as `jg-verify` will check it.
pub(super) fn write(
    found: &super::LongestChain,
    proof: &Proof,
) -> Result<super::CertifiedChain, String> {
    let mut last_reason = String::new();
    for power in 0..=40u32 {
        for denominator in [1u64 << power, 3 << power] {
            if denominator > 1 << 40 {
                continue;
            }
            let (text, rows) = text(found, proof, denominator);
            match jg_verify::chain::check(text.as_bytes()) {
                Ok(verdict) if verdict.length == found.chain.len() as u64 => {
                    return Ok(super::CertifiedChain {
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
        "the root LP bound could not be certified with rounded multipliers ({last_reason})"
    ))
}
