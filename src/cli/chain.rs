//! `jg chain N [--json]`: a longest chain of 1..N and the proof that none is longer (MATH.md §6).

use super::CliError;
use juniper_green::chain::{check_chain, longest_chain_within};
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The numbers 1..=N
    #[arg(value_parser = super::parse_n)]
    pub n: u64,
    /// Print one JSON object (n, length, chain, proved, root_bound, nodes) instead of text
    #[arg(long)]
    pub json: bool,
    /// Stop after this many seconds and print the longest chain found, marked not proved
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let started = Instant::now();
    let deadline = match args.time_limit {
        Some(seconds) if seconds.is_finite() && seconds >= 0.0 => {
            Some(started + Duration::from_secs_f64(seconds.min(1e9)))
        }
        Some(seconds) => return Err(format!("--time-limit {seconds} is not a duration").into()),
        None => None,
    };
    let found = longest_chain_within(args.n, deadline)?;
    // The search's answer is printed only once the plain rules checker accepts it.
    check_chain(found.n, &found.chain)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        writeln!(std::io::stdout().lock(), "{}", serde_json_like(&found))?;
    } else {
        let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
        let mut out = std::io::stdout().lock();
        if found.proved {
            writeln!(
                out,
                "n = {}: a longest chain has {} numbers (proved: the branch and cut closed {} \
                 nodes; LP bound at the root {}; {:.2} s)",
                found.n,
                found.chain.len(),
                found.nodes,
                found.root_bound,
                seconds
            )?;
        } else {
            writeln!(
                out,
                "n = {}: NOT proved within the time limit: a chain of {} numbers found, none \
                 longer than {} ({} nodes; {:.2} s)",
                found.n,
                found.chain.len(),
                found.root_bound,
                found.nodes,
                seconds
            )?;
        }
        writeln!(out, "{}", numbers.join(" "))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The JSON object by hand: the crate has no JSON dependency and the shape is flat.
fn serde_json_like(found: &juniper_green::chain::LongestChain) -> String {
    let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
    format!(
        "{{\"n\":{},\"length\":{},\"chain\":[{}],\"proved\":{},\"root_bound\":{},\"nodes\":{}}}",
        found.n,
        found.chain.len(),
        numbers.join(","),
        found.proved,
        found.root_bound,
        found.nodes
    )
}
