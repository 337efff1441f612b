//! Why a certificate is rejected: one value per kind of failure, each naming what is wrong,
//! the byte offset where it applies and the line of play from the opening (spec.md §4.3), a
//! long line summed up by its length and ends unless asked for whole.

use crate::claim::Bound;
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
    /// The bound `bound` of `Limits` was reached.
    Limit { bound: Bound, what: String, line: Vec<u64> },
}

impl std::error::Error for Rejection {}

/// Numbers of a line of play printed at each end when it is too long to print whole.
const ENDS: usize = 4;

const NO_ANSWER: &str = "the pairing gives the winner no answer";

/// The line of play as text: `after 22 11 33`, or `at the start`. A line of more than 8
/// numbers is summed up by its length and its first and last 4 unless `whole` (`{:#}`).
fn line_of_play(numbers: &[u64], whole: bool) -> String {
    let words = |numbers: &[u64]| numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    match numbers.len() {
        0 => "at the start".into(),
        len if whole || len <= 2 * ENDS => format!("after {}", words(numbers)),
        len => {
            let (first, last) = (words(&numbers[..ENDS]), words(&numbers[len - ENDS..]));
            format!("after {first} … {last} (a line of {len} numbers)")
        }
    }
}

/// The rejection; with `{:#}`, a long line of play is printed whole.
impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = f.alternate();
        match self {
            Rejection::Header { offset, what } => write!(f, "header at byte {offset}: {what}"),
            Rejection::Body { offset, what } => write!(f, "body at byte {offset}: {what}"),
            Rejection::IllegalMove { number, offset, line, why } => {
                let line = line_of_play(line, whole);
                write!(f, "illegal move {number} at byte {offset} {line}: {why}")
            }
            Rejection::NoPartner { line } => {
                let (last, before) = line.split_last().unwrap_or((&0, &[]));
                let (line, no_answer) = (line_of_play(before, whole), NO_ANSWER);
                write!(f, "no pair holds {last}, the loser's move {line}: {no_answer}")
            }
            Rejection::Limit { what, line, .. } => {
                write!(f, "{what} ({})", line_of_play(line, whole))
            }
        }
    }
}
