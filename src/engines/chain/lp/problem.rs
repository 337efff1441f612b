//! What a programme and its answer are, in the words the interface and both backends share.

/// Whether a programme is maximised or minimised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::engines::chain) enum Sense {
    Maximise,
    Minimise,
}

/// A solved LP: every column's value, by column, and the objective.
pub(in crate::engines::chain) struct Point {
    pub values: Vec<f64>,
    pub objective: f64,
}

/// Why the LP solver gave no answer.
#[derive(Debug)]
pub(in crate::engines::chain) struct LpFailed(pub String);

/// A row's entries (column, coefficient), as `Builder::row` and `Lp::add_row` take them.
pub(in crate::engines::chain) type Entries<'a> = &'a [(usize, f64)];
