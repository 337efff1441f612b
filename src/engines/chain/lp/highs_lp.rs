//! The HiGHS backend (cargo feature `highs`): dual simplex, one thread.
//!
//! A node's fixings are set as column bounds before the solve; HiGHS keeps its basis between
//! solves, so each node starts from the last one's optimum.

use super::problem::{Entries, LpFailed, Point, Sense};
use highs::{Col, HighsModelStatus, Model, RowProblem};
use std::num::NonZeroU32;

/// A programme and HiGHS's state for it (its basis stays in the model between solves).
pub(in crate::engines::chain) struct Lp {
    /// None only inside `solve`, while HiGHS holds it as a solved model.
    model: Option<Model>,
    cols: Vec<Col>,
    /// The columns the last `fix` set, to free them again at the next one.
    fixed: Vec<usize>,
}

/// A builder of a programme: columns with their costs and bounds, then rows.
pub(in crate::engines::chain) struct Builder {
    problem: RowProblem,
    cols: Vec<Col>,
}

impl Builder {
    pub fn new() -> Builder {
        Builder {
            problem: RowProblem::default(),
            cols: Vec::new(),
        }
    }

    /// A column of this cost in [lower, upper] (an infinite bound is none); its index.
    pub fn column(&mut self, cost: f64, lower: f64, upper: f64) -> usize {
        self.cols.push(self.problem.add_column(cost, lower..=upper));
        self.cols.len() - 1
    }

    /// lower ≤ Σ entries ≤ upper (an infinite bound is none).
    pub fn row(&mut self, entries: Entries, lower: f64, upper: f64) {
        let factors = entries.iter().map(|&(j, a)| (self.cols[j], a));
        self.problem.add_row(lower..=upper, factors);
    }

    pub fn build(self, sense: Sense) -> Lp {
        let sense = match sense {
            Sense::Maximise => highs::Sense::Maximise,
            Sense::Minimise => highs::Sense::Minimise,
        };
        let mut model = self.problem.optimise(sense);
        model.make_quiet();
        // One thread: the same pivots, so the same tree and the same certificate, on any machine.
        model.set_threads(NonZeroU32::MIN);
        // Devex pricing instead of dual steepest edge: after every round of added cuts HiGHS
        // recomputed the exact edge weights (a BTRAN per row), 12 % of n = 600's time; devex
        // made n = 664 13 s instead of 20 and n = 1000 14 s instead of 112 (docs/benchmarks-history.md).
        model.set_option("simplex_dual_edge_weight_strategy", 1);
        Lp {
            model: Some(model),
            cols: self.cols,
            fixed: Vec::new(),
        }
    }
}

impl Lp {
    fn model(&mut self) -> &mut Model {
        self.model.as_mut().expect("the LP is held")
    }

    /// Frees the columns the last call fixed, then fixes these (true: 1, false: 0).
    pub fn fix(&mut self, fixings: &[(usize, bool)]) {
        let previous = std::mem::take(&mut self.fixed);
        for j in previous {
            // Every column the branch and cut fixes is a [0, 1] one.
            let col = self.cols[j];
            self.model().change_column_bounds(col, 0.0..=1.0);
        }
        for &(j, value) in fixings {
            let col = self.cols[j];
            let v = if value { 1.0 } else { 0.0 };
            self.model().change_column_bounds(col, v..=v);
            self.fixed.push(j);
        }
    }

    /// Σ entries ≤ upper.
    pub fn add_row(&mut self, entries: Entries, upper: f64) -> Result<(), LpFailed> {
        let factors: Vec<(Col, f64)> = entries.iter().map(|&(j, a)| (self.cols[j], a)).collect();
        self.model()
            .try_add_row(f64::NEG_INFINITY..=upper, factors)
            .map(|_| ())
            .map_err(|status| LpFailed(format!("HiGHS refused a row: {status:?}")))
    }

    /// The optimum, or None when the programme is empty.
    pub fn solve(&mut self) -> Result<Option<Point>, LpFailed> {
        // A solved model turns back into one that can be changed and solved again (the same
        // HiGHS instance, its basis kept), so solving twice with no change is allowed too.
        let model = self.model.take().expect("the LP is held");
        let solved = model
            .try_solve()
            .map_err(|status| LpFailed(format!("HiGHS failed: {status:?}")))?;
        let point = match solved.status() {
            HighsModelStatus::Optimal => Ok(Some(Point {
                values: solved.get_solution().columns().to_vec(),
                objective: solved.objective_value(),
            })),
            HighsModelStatus::Infeasible => Ok(None),
            other => Err(LpFailed(format!("HiGHS stopped: {other:?}"))),
        };
        self.model = Some(Model::from(solved));
        point
    }
}
