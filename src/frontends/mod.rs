//! The front-ends of the library: what a person sees.
//!
//! - [`play`]: the terminal game against the perfect player;
//! - [`draw`]: SVG pictures of `G_n`, a line of play and the winners of a range;
//! - [`table`]: the results table (text, csv, json);
//! - [`growth`]: how many games there are (`jg count`): rows and the chart of their growth.
//!
//! The command line (`cli/`, next to these files) is a module of the `jg` binary, not of the
//! library: `src/main.rs` includes it.

pub mod draw;
pub mod growth;
pub mod play;
pub mod table;
