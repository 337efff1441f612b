//! The front-ends of the library: what a person sees.
//!
//! - [`session`]: a game between a person and an opponent, without input or output (the turn
//!   logic the terminal game and a web front-end share);
//! - [`play`]: the terminal game against any of the players (the perfect player by default);
//! - [`sum_play`]: the terminal game on two or three boards side by side (a sum), the perfect
//!   player playing by the nim-sum of the boards' values;
//! - [`draw`]: SVG pictures of `G_n`, a line of play and the winners of a range;
//! - [`chain_draw`]: a longest chain on `G_n` and the numbers it leaves out, by prime window;
//! - [`table`]: the results table (text, csv, json);
//! - [`growth`]: how many games there are (`jg count`): rows and the chart of their growth;
//! - `serve` (the `serve` feature): the web app of `jg serve`, its pages and JSON API; its
//!   answers without HTTP are the `api` feature, which the static site's WebAssembly engine takes;
//! - [`words`]: words shared with the binary (a count and its noun).
//!
//! The command line is the `jg` binary's (`src/bin/jg/cli/`), not the library's.

pub mod chain_draw;
pub mod draw;
pub mod growth;
pub mod play;
#[cfg(feature = "api")]
pub mod serve;
pub mod session;
pub mod sum_play;
pub mod table;
pub mod words;
