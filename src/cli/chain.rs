//! `jg chain N [--json]`: a longest chain of 1..N and the proof that none is longer (MATH.md §6).

use super::CliError;
use juniper_green::chain::{check_chain, longest_chain};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The numbers 1..=N
    pub n: u64,
    /// Print one JSON object (n, length, chain, root_bound, nodes) instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let started = std::time::Instant::now();
    let found = longest_chain(args.n)?;
    // The search's answer is printed only once the plain rules checker accepts it.
    check_chain(found.n, &found.chain)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let mut value = serde_json_like(&found);
        value.push('\n');
        print!("{value}");
    } else {
        let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
        println!(
            "n = {}: a longest chain has {} numbers (proved: the search exhausted {} nodes; \
             bound before search {}; {:.2} s)",
            found.n,
            found.chain.len(),
            found.nodes,
            found.root_bound,
            seconds
        );
        println!("{}", numbers.join(" "));
    }
    Ok(ExitCode::SUCCESS)
}

/// The JSON object by hand: the crate has no JSON dependency and the shape is flat.
fn serde_json_like(found: &juniper_green::chain::LongestChain) -> String {
    let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
    format!(
        "{{\"n\":{},\"length\":{},\"chain\":[{}],\"proved\":true,\"root_bound\":{},\"nodes\":{}}}",
        found.n,
        found.chain.len(),
        numbers.join(","),
        found.root_bound,
        found.nodes
    )
}
