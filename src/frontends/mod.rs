//! The front-ends of the library: what a person sees.
//!
//! - [`play`]: the terminal game against the perfect player;
//! - [`draw`]: SVG pictures of `G_n`, a line of play and the winners of a range;
//! - [`table`]: the results table (text, csv, json);
//! - [`progress`]: a line on stderr every few seconds for long work whose stderr is piped.
//!
//! The command line (`cli/`, next to these files) is a module of the `jg` binary, not of the
//! library: `src/main.rs` includes it.

pub mod draw;
pub mod play;
pub mod progress;
pub mod table;
