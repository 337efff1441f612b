//! `jg draw N [--after "22 11 33"] -o FILE.svg`: G_N with the line of play and the winning moves.

use super::CliError;
use juniper_green::engines::position::PositionOracle;
use juniper_green::frontends::draw::{draw_graph, MAX_DRAW_N};
use juniper_green::OpeningRule;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The numbers 1..=N (N ≤ 150: beyond it the labels overlap and the edges fill the circle)
    #[arg(value_parser = |text: &str| super::parse_n_at_most(text, MAX_DRAW_N))]
    pub n: u64,
    /// The moves played so far, separated by spaces or commas
    #[arg(long, value_name = "LINE", default_value = "")]
    pub after: String,
    /// Where to write the SVG (`-`: stdout)
    #[arg(short = 'o', long = "output", value_name = "FILE.svg")]
    pub output: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let n = args.n;
    let line = super::parse_line(&args.after)?;
    super::check_line(n, OpeningRule::Even, &line)?;
    let oracle = PositionOracle::new(OpeningRule::Even);
    let winning = oracle.winning_moves(n, &line)?;
    let svg = draw_graph(n, &line, &|_: &[u64]| winning.clone())?;
    super::write_output(&args.output, svg.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
