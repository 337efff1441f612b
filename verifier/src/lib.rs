//! The trust anchor: checks a Juniper Green certificate against the raw rules of the game only
//! (numbers 1..n, even opening, divisor-or-multiple, no repeats, no move = loss).
//! spec.md is the contract: §2–3 the bytes (`format`), §4 the checks (`closure`, `barrier`,
//! `openings`, over the board of `rules`), §5 why an accepted certificate is a proof. It shares
//! no code with the solver.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

mod barrier;
pub mod chain;
mod check;
mod claim;
#[cfg(feature = "cli")]
pub mod cli;
mod closure;
pub mod covers;
mod format;
mod openings;
mod primes;
mod rejection;
mod rules;

pub use check::verify_bytes;
pub use claim::{Bound, Kind, Limits, OpeningRule, Verdict, Winner};
pub use format::{move_width, read_bounded};
pub use rejection::Rejection;
