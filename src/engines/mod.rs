//! The engines: each answers questions about positions of the game by its own method.
//!
//! - [`search`]: exact negamax for n ≤ 128 (docs/MATH.md §2);
//! - [`matching`]: blossom matching on `G_n`, outcomes and winning moves of any position (§3);
//! - [`schemes`]: prime-window schemes, their catalogue and simulation (§4);
//! - [`chain`]: longest chains of 1..n, local search and branch and cut (§6);
//! - [`position`]: the one oracle for positions (`jg solve --after`, `jg play`, `jg draw`):
//!   matching, cross-checked by search on request;
//! - [`solver`]: which engine decides an n (`--method`), and the refusal of what none can.

pub mod chain;
pub mod count;
pub mod grundy;
pub mod matching;
pub mod position;
pub mod schemes;
pub mod search;
pub mod solver;
