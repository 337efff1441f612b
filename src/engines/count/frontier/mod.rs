//! The frontier counter (docs/COUNTING.md §6): the complete games of 1..n counted by a dynamic
//! programme over the vertices of the divisibility graph taken one at a time, in an order
//! chosen to keep few of them "open" at once, never game by game (the frontier-based search of
//! Knuth's SIMPATH and of TdZdd).
//!
//! A complete game names 1 (1 divides every number, so the last number would otherwise have a
//! move), so it is `P1 1 P2`: P1 a path from the opening, P2 a path ending on the last number e.
//! 1 and the odd primes above n/2 (joined to 1 only) are taken out of the graph; what is left,
//! H, holds P1 and P2 as two disjoint paths. A prime above n/2 can only be a whole P2 by itself,
//! so the games are
//!
//! - (a) P1 and P2 in H, every neighbour of e in H named (e's other neighbour, 1, is named);
//! - (b) P1 alone in H, then 1 and one of the primes above n/2 (each ends the game);
//! - (c) P1 alone, then 1, every number named (only when there is no prime above n/2: n ≤ 2).
//!
//! The programme introduces the vertices of H one by one. When v comes, it is left out or named,
//! and its edges to the vertices already there are chosen (at most two). The state is what the
//! rest of the count needs of the part already decided: for each vertex of the *frontier*
//! (introduced, with a neighbour still to come) whether it is out, full, alone, or the end of a
//! partial path and where that path's other end is (another frontier vertex, the opening or e,
//! or 1); and the two flags of the issue, on the vertices: e (each neighbour of e must be named,
//! so a vertex left out next to it is refused, and e comes only when its earlier neighbours are
//! named), and the far end that is the opening or e. A vertex leaves the frontier when its last
//! neighbour has come: it must then be out, full, or an end, which becomes its path's end
//! joined to 1 (§6 gives the argument). The openings are counted by two passes, forward and
//! backward, so that no state has to name its opening; all the games alone take the forward
//! pass only.
//!
//! Exact `u128` counts, every operation checked; the same counts whatever the thread count
//! (states are summed, and integer sums do not depend on their order).

mod counter;
mod counts;
mod order;
mod shards;
mod spill;
mod state;
mod step;
mod table;
#[cfg(test)]
mod tests;

pub use counter::{FrontierCounter, FrontierError, Stats, MAX_FRONTIER_N};
pub use order::Plan;
pub use state::MAX_WIDTH;
