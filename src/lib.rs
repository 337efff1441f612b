//! Juniper Green: solve the game for every n and publish proofs that anyone can check.
//!
//! The library is the engine; the `jg` binary (`src/bin/jg/`) only parses arguments and prints.
//! The rules and the maths are in `docs/MATH.md`; the design in `docs/DESIGN.md`.
//!
//! Folders under the rules (`game`) and the engines' answers (`outcome`, `pairing`):
//! - [`engines`]: what answers questions about the game (search, matching, schemes, chains);
//! - [`proofs`]: what turns answers into certificates: choosing, encoding, checking, keeping;
//! - [`publish`]: what writes accepted certificates for people and archives (explanations,
//!   `docs/THEOREM.md`, the OEIS b-files, the Coq data);
//! - [`frontends`]: what shows them to a person (the terminal game, pictures, the results table);
//!   the command line itself (`src/bin/jg/cli/`) belongs to the `jg` binary;
//! - [`players`]: programs that play the game (random to perfect) and their round robin.
//!
//! The `cli` feature (on by default) only derives clap's `ValueEnum` on the enums the
//! command line takes as values (`MethodChoice`, `StrategyChoice`, `table::Format`,
//! `growth::Format`); without it
//! the library depends on no terminal crate.

pub mod engines;
pub mod frontends;
pub mod game;
pub mod outcome;
pub mod pairing;
pub mod players;
pub mod primes;
pub mod proofs;
pub mod publish;
#[cfg(test)]
mod test_support;

pub use game::{Board, OpeningRule, Player, Position};
pub use outcome::{Method, Outcome};
