//! Why a certificate is rejected: one value per kind of failure, each naming what is wrong,
//! the byte offset where it applies and the line of play from the opening (spec.md §4.3).

use std::fmt;

/// Why a move breaks the raw rules (spec.md, "legal").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    OutOfRange { n: u64 },
    AlreadyPlayed,
    OddOpening,
    NotDivisorOrMultiple { last: u64 },
}

/// A certificate that is not a proof, and where it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The header (spec.md §2) is malformed or disagrees with the file.
    Header { offset: u64, what: String },
    /// The body (spec.md §3) is malformed before the walk starts (pairing lists).
    Body { offset: u64, what: String },
    /// A winner's move breaks the rules; `offset` is where the move (or its pair) is stored.
    IllegalMove { number: u64, offset: Option<u64>, line: Vec<u64>, why: Illegal },
    /// The body has no (whole) move left where the walk needs the winner's next move.
    BodyEndsEarly { offset: u64, line: Vec<u64> },
    /// The walk is over but the body is not.
    TrailingBytes { offset: u64, left: u64 },
    /// Pairing: the loser's last move has no partner.
    NoPartner { line: Vec<u64> },
    /// A bound of `Limits` was reached.
    Limit { what: String, line: Vec<u64> },
}

impl std::error::Error for Rejection {}

/// The line of play as text: `after 22 11 33`, or `at the start`.
struct Line<'a>(&'a [u64]);

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => write!(f, "at the start"),
            line => line.iter().try_fold(write!(f, "after")?, |(), number| write!(f, " {number}")),
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Header { offset, what } => write!(f, "header at byte {offset}: {what}"),
            Rejection::Body { offset, what } => write!(f, "body at byte {offset}: {what}"),
            Rejection::IllegalMove { number, offset, line, why } => {
                write!(f, "illegal move {number}")?;
                if let Some(offset) = offset {
                    write!(f, " at byte {offset}")?;
                }
                write!(f, " {}: ", Line(line))?;
                match why {
                    Illegal::OutOfRange { n } => write!(f, "{number} is not in 1..{n}"),
                    Illegal::AlreadyPlayed => write!(f, "{number} was already played"),
                    Illegal::OddOpening => write!(f, "the opening must be even"),
                    Illegal::NotDivisorOrMultiple { last } => {
                        write!(f, "{number} neither divides nor is a multiple of {last}")
                    }
                }
            }
            Rejection::BodyEndsEarly { offset, line } => write!(
                f,
                "body ends early at byte {offset}: the winner must move {} and the body has no \
                 whole move left",
                Line(line)
            ),
            Rejection::TrailingBytes { offset, left } => write!(
                f,
                "trailing bytes: the walk is complete at byte {offset} but {left} more bytes follow"
            ),
            Rejection::NoPartner { line } => {
                let (last, before) = line.split_last().unwrap_or((&0, &[]));
                write!(
                    f,
                    "no pair holds {last}, the loser's move {}: the pairing gives the winner \
                     no answer",
                    Line(before)
                )
            }
            Rejection::Limit { what, line } => write!(f, "{what} ({})", Line(line)),
        }
    }
}
