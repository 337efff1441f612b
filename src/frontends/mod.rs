//! The front-ends of the library: what a person sees.
//!
//! - [`play`]: the terminal game against the perfect player;
//! - [`draw`]: SVG pictures of `G_n`, a line of play and the winners of a range;
//! - [`table`]: the results table (text, csv, json).
//!
//! The command line is the `jg` binary's (`src/bin/jg/cli/`), not the library's.

pub mod draw;
pub mod play;
pub mod table;
