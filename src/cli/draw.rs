//! `jg draw N [--after "22 11 33"] -o FILE.svg`: G_N with the line of play and the winning moves.

use super::CliError;
use juniper_green::draw::draw_graph;
use juniper_green::play::{MatchingOracle, Oracle};
use juniper_green::OpeningRule;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The numbers 1..=N
    pub n: u64,
    /// The moves played so far, separated by spaces or commas
    #[arg(long, default_value = "")]
    pub after: String,
    /// Where to write the SVG
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let line = super::parse_line(&args.after)?;
    let oracle = MatchingOracle {
        rule: OpeningRule::Even,
    };
    let n = args.n;
    let winning = |played: &[u64]| oracle.winning_moves(n, played);
    let svg = draw_graph(n, &line, &winning)?;
    std::fs::write(&args.output, svg)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(ExitCode::SUCCESS)
}
