//! Why a certificate is rejected: one value per kind of failure, each naming what is wrong,
//! the byte offset where it applies and the line of play from the opening (spec.md §4.3).

use std::fmt;

/// A certificate that is not a proof, and where it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The header (spec.md §2) is malformed or disagrees with the file.
    Header { offset: u64, what: String },
    /// The body (spec.md §3) is malformed, or a check of its lists fails.
    Body { offset: u64, what: String },
    /// A winner's move breaks the raw rule `why`; `offset` is where the move (or its pair) is
    /// stored.
    IllegalMove { number: u64, offset: u64, line: Vec<u64>, why: String },
    /// Pairing: the loser's last move has no partner.
    NoPartner { line: Vec<u64> },
    /// A bound of `Limits` was reached.
    Limit { what: String, line: Vec<u64> },
}

impl std::error::Error for Rejection {}

/// The line of play as text: `after 22 11 33`, or `at the start`.
fn line_of_play(numbers: &[u64]) -> String {
    match numbers {
        [] => "at the start".into(),
        _ => numbers.iter().fold("after".into(), |text, number| format!("{text} {number}")),
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Header { offset, what } => write!(f, "header at byte {offset}: {what}"),
            Rejection::Body { offset, what } => write!(f, "body at byte {offset}: {what}"),
            Rejection::IllegalMove { number, offset, line, why } => {
                write!(f, "illegal move {number} at byte {offset} {}: {why}", line_of_play(line))
            }
            Rejection::NoPartner { line } => {
                let (last, before) = line.split_last().unwrap_or((&0, &[]));
                write!(
                    f,
                    "no pair holds {last}, the loser's move {}: the pairing gives the winner \
                     no answer",
                    line_of_play(before)
                )
            }
            Rejection::Limit { what, line } => write!(f, "{what} ({})", line_of_play(line)),
        }
    }
}
