//! Juniper Green: solve the game for every n and publish proofs that anyone can check.
//!
//! The library is the engine; `src/main.rs` (the `jg` binary) only parses arguments and prints.
//! The rules and the maths are in `docs/MATH.md`; the design in `docs/DESIGN.md`.

pub mod certificate;
pub mod certify;
pub mod chain;
pub mod closure;
pub mod draw;
pub mod explain;
pub mod game;
pub mod manifest;
pub mod matching;
pub mod openings;
pub mod outcome;
pub mod play;
pub mod schemes;
pub mod search;
pub mod strategy;
pub mod table;
#[cfg(test)]
mod test_support;
pub mod theorem;
pub mod theorem_document;

pub use game::{Board, OpeningRule, Player, Position};
pub use outcome::{Method, Outcome};
