//! The linear programmes of the branch and cut, solved by HiGHS (dual simplex, one thread).
//!
//! One `Lp` serves the whole tree: rows (the cuts) are only ever added, and a node is its column
//! fixings, set as bounds before the solve. HiGHS keeps its basis between solves, so each node
//! starts from the last one's optimum. Only bounds come from here: every chain is re-read and
//! checked, and every bound is re-proved in exact arithmetic (spec.md §6).

pub(super) use highs::Sense;
use highs::{Col, HighsModelStatus, Model, RowProblem, SolvedModel};
use std::num::NonZeroU32;

/// A programme and HiGHS's state for it.
pub(super) struct Lp {
    /// None only while HiGHS holds it between `take` and `put` (a panic there is a bug).
    state: Option<State>,
    cols: Vec<Col>,
    /// The columns the last `fix` set, to free them again at the next one.
    fixed: Vec<usize>,
}

enum State {
    Ready(Model),
    Solved(SolvedModel),
}

/// A solved LP: every column's value, by column, and the objective.
pub(super) struct Point {
    pub values: Vec<f64>,
    pub objective: f64,
}

/// Why HiGHS gave no answer.
#[derive(Debug)]
pub(super) struct LpFailed(pub String);

/// Rows of (column, coefficient) with their bounds, as `Lp::new` and `Lp::add_row` take them.
pub(super) type Entries<'a> = &'a [(usize, f64)];

/// A builder of a programme: columns with their costs and bounds, then rows.
pub(super) struct Builder {
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
        let mut model = self.problem.optimise(sense);
        model.make_quiet();
        // One thread: the same pivots, so the same tree and the same certificate, on any machine.
        model.set_threads(NonZeroU32::MIN);
        Lp {
            state: Some(State::Ready(model)),
            cols: self.cols,
            fixed: Vec::new(),
        }
    }
}

impl Lp {
    fn model(&mut self) -> &mut Model {
        let state = match self.state.take().expect("the LP is held") {
            State::Solved(solved) => State::Ready(Model::from(solved)),
            ready => ready,
        };
        match self.state.insert(state) {
            State::Ready(model) => model,
            State::Solved(_) => unreachable!("just made ready"),
        }
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
        // Solving twice with no change in between is allowed: HiGHS starts from its optimum.
        let model = match self.state.take().expect("the LP is held") {
            State::Ready(model) => model,
            State::Solved(solved) => Model::from(solved),
        };
        let solved = model
            .try_solve()
            .map_err(|status| LpFailed(format!("HiGHS failed: {status:?}")))?;
        let status = solved.status();
        let point = match status {
            HighsModelStatus::Optimal => Some(Point {
                values: solved.get_solution().columns().to_vec(),
                objective: solved.objective_value(),
            }),
            HighsModelStatus::Infeasible => None,
            other => {
                self.state = Some(State::Solved(solved));
                return Err(LpFailed(format!("HiGHS stopped: {other:?}")));
            }
        };
        self.state = Some(State::Solved(solved));
        Ok(point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// max x + y with x + y ≤ 1.5 in [0, 1]²: 1.5; with x fixed to 0: 1; freed again: 1.5.
    /// A solve with no change since the last one (the dive's last step) is allowed.
    #[test]
    fn fixings_are_undone_and_a_repeated_solve_is_allowed() {
        let mut lp = Builder::new();
        let (x, y) = (lp.column(1.0, 0.0, 1.0), lp.column(1.0, 0.0, 1.0));
        lp.row(&[(x, 1.0), (y, 1.0)], f64::NEG_INFINITY, 1.5);
        let mut lp = lp.build(Sense::Maximise);
        let objective = |lp: &mut Lp| lp.solve().unwrap().unwrap().objective;
        assert_eq!(objective(&mut lp), 1.5);
        assert_eq!(objective(&mut lp), 1.5);
        lp.fix(&[(x, false)]);
        assert_eq!(objective(&mut lp), 1.0);
        lp.fix(&[(x, true), (y, true)]);
        assert!(lp.solve().unwrap().is_none(), "x = y = 1 breaks the row");
        lp.fix(&[]);
        assert_eq!(objective(&mut lp), 1.5);
        lp.add_row(&[(y, 1.0)], 0.25).unwrap();
        assert_eq!(objective(&mut lp), 1.25);
    }
}
