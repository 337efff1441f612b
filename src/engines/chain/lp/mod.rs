//! The linear programmes of the branch and cut, behind one interface with two backends.
//!
//! One `Lp` serves the whole tree: rows (the cuts) are only ever added, and a node is its column
//! fixings, set before the solve; each backend re-solves from the last optimum's basis. Only
//! bounds come from here: every chain is re-read and checked, and every bound is re-proved in
//! exact arithmetic (spec.md §6), so neither backend is trusted.
//!
//! - `microlp` (pure Rust, always built): the default, so that `cargo build` needs nothing but
//!   Rust.
//! - `highs` (the cargo feature `highs`: HiGHS compiled from C++ source, which needs cmake, a C++
//!   compiler and libclang): faster on the hard n; the default backend of a build with the
//!   feature.

#[cfg(feature = "highs")]
mod highs_lp;
mod micro_lp;
mod problem;

pub(super) use problem::{Entries, LpFailed, Point, Sense};

/// Which LP solver a branch and cut uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// microlp, pure Rust.
    Microlp,
    /// HiGHS (cargo feature `highs`).
    #[cfg(feature = "highs")]
    Highs,
}

impl Backend {
    /// The backend of this build: HiGHS when compiled in, else microlp.
    #[cfg(feature = "highs")]
    pub const DEFAULT: Backend = Backend::Highs;
    /// The backend of this build: HiGHS when compiled in, else microlp.
    #[cfg(not(feature = "highs"))]
    pub const DEFAULT: Backend = Backend::Microlp;

    /// Every backend compiled into this build.
    pub const ALL: &'static [Backend] = &[
        Backend::Microlp,
        #[cfg(feature = "highs")]
        Backend::Highs,
    ];

    /// The name users see (`jg chain --help`, BENCHMARKS.md).
    pub fn name(self) -> &'static str {
        match self {
            Backend::Microlp => "microlp (pure Rust)",
            #[cfg(feature = "highs")]
            Backend::Highs => "HiGHS",
        }
    }
}

/// A builder of a programme: columns with their costs and bounds, then rows.
pub(super) enum Builder {
    Microlp(micro_lp::Builder),
    #[cfg(feature = "highs")]
    Highs(highs_lp::Builder),
}

/// A programme and its solver's state.
pub(super) enum Lp {
    Microlp(micro_lp::Lp),
    #[cfg(feature = "highs")]
    Highs(highs_lp::Lp),
}

/// Calls the same method on whichever backend `$value` holds.
macro_rules! each_backend {
    ($value:expr, $inner:ident => $call:expr) => {
        match $value {
            Self::Microlp($inner) => $call,
            #[cfg(feature = "highs")]
            Self::Highs($inner) => $call,
        }
    };
}

impl Builder {
    pub fn new(backend: Backend) -> Builder {
        match backend {
            Backend::Microlp => Builder::Microlp(micro_lp::Builder::new()),
            #[cfg(feature = "highs")]
            Backend::Highs => Builder::Highs(highs_lp::Builder::new()),
        }
    }

    /// A column of this cost in [lower, upper] (an infinite bound is none); its index.
    pub fn column(&mut self, cost: f64, lower: f64, upper: f64) -> usize {
        each_backend!(self, b => b.column(cost, lower, upper))
    }

    /// lower ≤ Σ entries ≤ upper (an infinite bound is none).
    pub fn row(&mut self, entries: Entries, lower: f64, upper: f64) {
        each_backend!(self, b => b.row(entries, lower, upper))
    }

    pub fn build(self, sense: Sense) -> Lp {
        match self {
            Builder::Microlp(b) => Lp::Microlp(b.build(sense)),
            #[cfg(feature = "highs")]
            Builder::Highs(b) => Lp::Highs(b.build(sense)),
        }
    }
}

/// A solved state of an `Lp`, kept to start a later solve from (`Lp::restore`). Only microlp
/// has one: HiGHS keeps its own basis between solves and re-solves a node from any of them
/// in a few pivots.
#[derive(Clone)]
pub(super) enum Snapshot {
    None,
    Microlp(std::rc::Rc<micro_lp::Solved>),
}

impl Lp {
    /// A copy of the last solve's state, to start a later one from (`restore`).
    pub fn snapshot(&self) -> Snapshot {
        match self {
            Lp::Microlp(lp) => lp
                .snapshot()
                .map_or(Snapshot::None, |s| Snapshot::Microlp(std::rc::Rc::new(s))),
            #[cfg(feature = "highs")]
            Lp::Highs(_) => Snapshot::None,
        }
    }

    /// Call after `fix`: the next solve starts from `snapshot` when fewer edits take it there.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        if let (Lp::Microlp(lp), Snapshot::Microlp(saved)) = (self, snapshot) {
            lp.restore(saved);
        }
    }

    /// Frees the columns the last call fixed, then fixes these (true: 1, false: 0).
    pub fn fix(&mut self, fixings: &[(usize, bool)]) {
        each_backend!(self, lp => lp.fix(fixings))
    }

    /// Σ entries ≤ upper.
    pub fn add_row(&mut self, entries: Entries, upper: f64) -> Result<(), LpFailed> {
        each_backend!(self, lp => lp.add_row(entries, upper))
    }

    /// The optimum, or None when the programme is empty.
    pub fn solve(&mut self) -> Result<Option<Point>, LpFailed> {
        each_backend!(self, lp => lp.solve())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// max x + y with x + y ≤ 1.5 in [0, 1]²: 1.5; with x fixed to 0: 1; freed again: 1.5.
    /// A solve with no change since the last one (the dive's last step) is allowed. The same
    /// answers from every backend of the build.
    #[test]
    fn fixings_are_undone_and_a_repeated_solve_is_allowed() {
        for &backend in Backend::ALL {
            let mut lp = Builder::new(backend);
            let (x, y) = (lp.column(1.0, 0.0, 1.0), lp.column(1.0, 0.0, 1.0));
            lp.row(&[(x, 1.0), (y, 1.0)], f64::NEG_INFINITY, 1.5);
            let mut lp = lp.build(Sense::Maximise);
            let objective = |lp: &mut Lp| lp.solve().unwrap().unwrap().objective;
            let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
            assert!(close(objective(&mut lp), 1.5), "{backend:?}");
            assert!(close(objective(&mut lp), 1.5), "{backend:?}");
            lp.fix(&[(x, false)]);
            assert!(close(objective(&mut lp), 1.0), "{backend:?}");
            lp.fix(&[(x, true), (y, true)]);
            assert!(
                lp.solve().unwrap().is_none(),
                "{backend:?}: x = y = 1 breaks the row"
            );
            lp.fix(&[]);
            assert!(close(objective(&mut lp), 1.5), "{backend:?}");
            lp.add_row(&[(y, 1.0)], 0.25).unwrap();
            assert!(close(objective(&mut lp), 1.25), "{backend:?}");
            // A row and a fixing at once, then both undone by a fixing that frees x.
            lp.fix(&[(x, false)]);
            lp.add_row(&[(x, 1.0), (y, 2.0)], 0.4).unwrap();
            assert!(close(objective(&mut lp), 0.2), "{backend:?}");
            lp.fix(&[]);
            assert!(
                close(objective(&mut lp), 0.4),
                "{backend:?}: x ≤ 0.4 − 2y, best y = 0"
            );
        }
    }

    /// A solve started from a snapshot answers the programme as it is now, not as it was when
    /// the snapshot was taken: the fixings wanted since and the rows added since apply.
    #[test]
    fn a_restored_snapshot_takes_the_current_fixings_and_rows() {
        for &backend in Backend::ALL {
            let mut lp = Builder::new(backend);
            let (x, y) = (lp.column(1.0, 0.0, 1.0), lp.column(2.0, 0.0, 1.0));
            lp.row(&[(x, 1.0), (y, 1.0)], f64::NEG_INFINITY, 1.5);
            let mut lp = lp.build(Sense::Maximise);
            let objective = |lp: &mut Lp| lp.solve().unwrap().map(|p| p.objective);
            let close = |a: Option<f64>, b: f64| a.is_some_and(|a| (a - b).abs() < 1e-9);
            // max x + 2y: y = 1, x = 0.5.
            assert!(close(objective(&mut lp), 2.5), "{backend:?}");
            let root = lp.snapshot();
            lp.fix(&[(y, false), (x, true)]);
            assert!(close(objective(&mut lp), 1.0), "{backend:?}");
            // From the root's state (one edit away) with y fixed to 0 alone: x = 1.
            lp.fix(&[(y, false)]);
            lp.restore(&root);
            assert!(
                close(objective(&mut lp), 1.0),
                "{backend:?}: y stays fixed to 0"
            );
            // A row added after the snapshot applies to a solve restored from it.
            lp.add_row(&[(x, 1.0), (y, 3.0)], 2.0).unwrap();
            lp.fix(&[]);
            lp.restore(&root);
            // x + 3y ≤ 2, x + y ≤ 1.5, x ≤ 1: y = 1/3, x = 1: 1 + 2/3.
            assert!(
                close(objective(&mut lp), 5.0 / 3.0),
                "{backend:?}: the new row holds"
            );
            lp.fix(&[(x, true), (y, true)]);
            lp.restore(&root);
            assert!(
                lp.solve().unwrap().is_none(),
                "{backend:?}: x = y = 1 breaks both rows"
            );
            // After an empty programme the snapshot is the only state left to start from.
            lp.fix(&[(x, false)]);
            lp.restore(&root);
            assert!(close(objective(&mut lp), 4.0 / 3.0), "{backend:?}: 3y ≤ 2");
        }
    }

    /// A minimisation with a range row and an equality, as the leaves' dual LPs have them:
    /// min x − y with 1 ≤ x + y ≤ 3, x − y = −1, x, y ∈ [0, 10]: x − y is −1 everywhere.
    #[test]
    fn minimisation_with_ranges_and_equalities() {
        for &backend in Backend::ALL {
            let mut lp = Builder::new(backend);
            let (x, y) = (lp.column(1.0, 0.0, 10.0), lp.column(-1.0, 0.0, 10.0));
            lp.row(&[(x, 1.0), (y, 1.0)], 1.0, 3.0);
            lp.row(&[(x, 1.0), (y, -1.0)], -1.0, -1.0);
            let point = lp.build(Sense::Minimise).solve().unwrap().unwrap();
            assert!((point.objective + 1.0).abs() < 1e-9, "{backend:?}");
            let (vx, vy) = (point.values[x], point.values[y]);
            assert!((vx - vy + 1.0).abs() < 1e-9 && vx + vy >= 1.0 - 1e-9 && vx + vy <= 3.0 + 1e-9);
        }
    }
}
