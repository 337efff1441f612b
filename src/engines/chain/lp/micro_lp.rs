//! The pure-Rust backend: microlp's dual simplex, warm-started from the last optimum.
//!
//! microlp edits a solved programme one change at a time (a fixed or freed column, an added
//! row), each a dual simplex re-solve from the basis it had. A copy of a solved state
//! (`snapshot`) lets a later solve start from it (`restore`): the branch and cut starts each
//! node from its parent's optimum, and the root from where it was before the dive. `Lp` keeps the programme's data
//! too, so that it can rebuild from scratch when a change leaves nothing to start from (an
//! infeasible node consumes microlp's solution) or when a node changes so many columns that
//! one fresh solve is cheaper than many small ones.

use super::problem::{Entries, LpFailed, Point, Sense};
use microlp::{
    ComparisonOp, Error, OptimizationDirection, Problem, Solution, SolveOutcome, Variable,
};
use std::collections::BTreeMap;

/// More column changes than this in one `solve` rebuild the programme instead of editing it.
const REBUILD_CHANGES: usize = 40;

/// A column: cost, lower and upper bound.
type Column = (f64, f64, f64);
/// A row: entries, lower and upper bound (an infinite bound is none).
type Row = (Vec<(usize, f64)>, f64, f64);

/// A builder of a programme: columns with their costs and bounds, then rows.
pub(in crate::engines::chain) struct Builder {
    columns: Vec<Column>,
    rows: Vec<Row>,
}

impl Builder {
    pub fn new() -> Builder {
        Builder {
            columns: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// A column of this cost in [lower, upper] (an infinite bound is none); its index.
    pub fn column(&mut self, cost: f64, lower: f64, upper: f64) -> usize {
        self.columns.push((cost, lower, upper));
        self.columns.len() - 1
    }

    /// lower ≤ Σ entries ≤ upper (an infinite bound is none).
    pub fn row(&mut self, entries: Entries, lower: f64, upper: f64) {
        self.rows.push((entries.to_vec(), lower, upper));
    }

    pub fn build(self, sense: Sense) -> Lp {
        Lp {
            sense,
            variables: variables(self.columns.len()),
            columns: self.columns,
            rows: self.rows,
            solved: None,
            wanted: BTreeMap::new(),
        }
    }
}

/// microlp's last optimum, with what it holds: the rows it has and the columns it has fixed.
/// A copy of one (`Lp::snapshot`) starts a later solve nearer to where it is going.
#[derive(Clone)]
pub(in crate::engines::chain) struct Solved {
    solution: Solution,
    rows: usize,
    fixed: BTreeMap<usize, bool>,
}

/// A programme and microlp's state for it.
pub(in crate::engines::chain) struct Lp {
    sense: Sense,
    variables: Vec<Variable>,
    columns: Vec<Column>,
    rows: Vec<Row>,
    /// None before the first solve and after an infeasible one.
    solved: Option<Solved>,
    /// The fixings the next solve must have.
    wanted: BTreeMap<usize, bool>,
}

/// microlp's handles of columns 0, 1, …: it numbers variables in their order of creation
/// (`Variable::idx`), so the handles of one problem serve every rebuild of it.
fn variables(count: usize) -> Vec<Variable> {
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    (0..count)
        .map(|_| problem.add_var(0.0, (0.0, 1.0)))
        .collect()
}

fn expression(variables: &[Variable], entries: &[(usize, f64)]) -> Vec<(Variable, f64)> {
    entries.iter().map(|&(j, a)| (variables[j], a)).collect()
}

/// Adds lower ≤ Σ entries ≤ upper to a problem as microlp's one-sided rows.
fn add_row(problem: &mut Problem, variables: &[Variable], (entries, lower, upper): &Row) {
    let expr = expression(variables, entries);
    if lower == upper {
        problem.add_constraint(expr, ComparisonOp::Eq, *lower);
        return;
    }
    if lower.is_finite() {
        problem.add_constraint(expr.clone(), ComparisonOp::Ge, *lower);
    }
    if upper.is_finite() {
        problem.add_constraint(expr, ComparisonOp::Le, *upper);
    }
}

/// The optimum of an outcome; `Ok(None)` when microlp proved the programme infeasible.
fn optimum(outcome: Result<SolveOutcome, Error>) -> Result<Option<Solution>, LpFailed> {
    match outcome {
        Ok(SolveOutcome::Solution(solution)) => Ok(Some(solution)),
        Ok(SolveOutcome::Interrupted(_)) => Err(LpFailed("microlp stopped early".into())),
        Err(Error::Infeasible) => Ok(None),
        Err(other) => Err(LpFailed(format!("microlp failed: {other}"))),
    }
}

impl Lp {
    /// Frees the columns the last call fixed, then fixes these (true: 1, false: 0).
    pub fn fix(&mut self, fixings: &[(usize, bool)]) {
        self.wanted = fixings.iter().copied().collect();
    }

    /// Σ entries ≤ upper.
    pub fn add_row(&mut self, entries: Entries, upper: f64) -> Result<(), LpFailed> {
        self.rows.push((entries.to_vec(), f64::NEG_INFINITY, upper));
        Ok(())
    }

    /// The optimum, or None when the programme is empty.
    pub fn solve(&mut self) -> Result<Option<Point>, LpFailed> {
        let solution = match self.solved.take() {
            Some(solved) if self.changes(&solved) <= REBUILD_CHANGES => self.edit(solved)?,
            _ => self.solve_from_scratch()?,
        };
        let Some(solution) = solution else {
            return Ok(None);
        };
        let values = self
            .variables
            .iter()
            .map(|&var| solution.var_value(var))
            .collect();
        let point = Point {
            values,
            objective: solution.objective(),
        };
        self.solved = Some(Solved {
            solution,
            rows: self.rows.len(),
            fixed: self.wanted.clone(),
        });
        Ok(Some(point))
    }

    /// A copy of the last optimum (None before the first solve and after an infeasible one).
    pub fn snapshot(&self) -> Option<Solved> {
        self.solved.clone()
    }

    /// Call after `fix`: the next solve starts from `saved` instead of the last optimum when
    /// fewer edits take it to the wanted programme. Each edit is a re-solve, and undoing a
    /// subtree's fixings one by one costs many (a dive's 234 at n = 1000).
    pub fn restore(&mut self, saved: &Solved) {
        let nearer = match &self.solved {
            None => true,
            Some(current) => self.changes(saved) < self.changes(current),
        };
        if nearer {
            self.solved = Some(saved.clone());
        }
    }

    /// How many single edits take `solved` to the wanted programme.
    fn changes(&self, solved: &Solved) -> usize {
        let freed = solved
            .fixed
            .iter()
            .filter(|(j, v)| self.wanted.get(j) != Some(v))
            .count();
        let fixed = self
            .wanted
            .iter()
            .filter(|(j, v)| solved.fixed.get(j) != Some(v))
            .count();
        freed + fixed + (self.rows.len() - solved.rows)
    }

    /// The wanted programme solved from nothing, its fixings as column bounds.
    fn solve_from_scratch(&self) -> Result<Option<Solution>, LpFailed> {
        let direction = match self.sense {
            Sense::Maximise => OptimizationDirection::Maximize,
            Sense::Minimise => OptimizationDirection::Minimize,
        };
        let mut problem = Problem::new(direction);
        for (j, &(cost, lower, upper)) in self.columns.iter().enumerate() {
            let bounds = match self.wanted.get(&j) {
                Some(&value) => (f64::from(u8::from(value)), f64::from(u8::from(value))),
                None => (lower, upper),
            };
            problem.add_var(cost, bounds);
        }
        for row in &self.rows {
            add_row(&mut problem, &self.variables, row);
        }
        optimum(problem.solve())
    }

    /// `solved` edited into the wanted programme: first the columns it fixed otherwise are
    /// freed, then the new fixings and rows go in. Every step after the freeing only restricts
    /// the programme, and the freed one is a relaxation of the wanted one, so an infeasible
    /// step proves the wanted programme infeasible.
    fn edit(&self, solved: Solved) -> Result<Option<Solution>, LpFailed> {
        let Solved {
            mut solution,
            rows,
            fixed,
        } = solved;
        for (&j, value) in &fixed {
            if self.wanted.get(&j) != Some(value) {
                let outcome = solution
                    .unfix_var(self.variables[j])
                    .map(|(outcome, _)| outcome);
                let Some(next) = optimum(outcome)? else {
                    return Ok(None);
                };
                solution = next;
            }
        }
        for (&j, &value) in &self.wanted {
            if fixed.get(&j) != Some(&value) {
                let Some(next) =
                    optimum(solution.fix_var(self.variables[j], f64::from(u8::from(value))))?
                else {
                    return Ok(None);
                };
                solution = next;
            }
        }
        for (entries, _, upper) in &self.rows[rows..] {
            let outcome = solution.add_constraint(
                expression(&self.variables, entries),
                ComparisonOp::Le,
                *upper,
            );
            let Some(next) = optimum(outcome)? else {
                return Ok(None);
            };
            solution = next;
        }
        Ok(Some(solution))
    }
}
