//! `jg schemes [N]`: the prime-window schemes of docs/MATH.md §4. Without N, the catalogue with its
//! ranges and the general scheme; with N, which schemes apply, the strategy the one in use gives
//! and the outcome of simulating it against every reply; with `--to`, that check for a range.

use super::CliError;
use juniper_green::engines::schemes::{self, Scheme};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(group = clap::ArgGroup::new("first").args(["n", "from"]))]
pub struct Args {
    /// The size of the board: numbers 1..=N (omit to list the catalogue)
    #[arg(value_parser = super::parse_n)]
    pub n: Option<u64>,
    /// First board of a range to check (with --to; `jg schemes N --to M` is the same as
    /// --from N --to M)
    #[arg(long, value_parser = super::parse_n, requires = "to")]
    pub from: Option<u64>,
    /// Check every board from N (or --from) to this one: produce and simulate each scheme, print
    /// a summary (a progress bar shows the current n)
    #[arg(long, value_parser = super::parse_n, requires = "first")]
    pub to: Option<u64>,
    /// The range as A..B (the same as --from A --to B)
    #[arg(long, value_name = "A..B", value_parser = super::parse_range,
          conflicts_with_all = ["n", "from", "to"])]
    pub range: Option<(u64, u64)>,
    /// Output: text, or one JSON object with the same fields
    #[arg(long, value_enum, default_value_t = super::TextOrJson::Text)]
    pub format: super::TextOrJson,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let json = args.format == super::TextOrJson::Json;
    if let Some((first, last)) = args.range {
        check_range(first, last, json)?;
        return Ok(ExitCode::SUCCESS);
    }
    match (args.n.or(args.from), args.to) {
        (None, _) if json => println!("{}", catalogue_json()),
        (None, _) => print_catalogue(),
        (Some(n), None) if json => println!("{}", json_for(n)?),
        (Some(n), None) => print_for(n)?,
        (Some(n), Some(last)) => check_range(n, last, json)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The boards a scheme wins: `n = 117` or `n = 102–109`.
fn range_text(scheme: &Scheme) -> String {
    let range = scheme.valid_range();
    if range.start() == range.end() {
        format!("n = {}", range.start())
    } else {
        format!("n = {}–{}", range.start(), range.end())
    }
}

/// A scheme as JSON: its notation and the boards it wins.
fn scheme_json(scheme: &Scheme) -> serde_json::Value {
    let range = scheme.valid_range();
    serde_json::json!({
        "scheme": scheme.to_string(),
        "from": range.start(),
        "to": range.end(),
    })
}

/// The catalogue as JSON: `catalogue`, the schemes with their ranges, and `general`.
fn catalogue_json() -> serde_json::Value {
    let catalogue: Vec<_> = schemes::catalogue()
        .iter()
        .map(|entry| scheme_json(&entry.scheme))
        .collect();
    serde_json::json!({ "catalogue": catalogue, "general": GENERAL })
}

/// The general scheme in words (docs/MATH.md §4).
const GENERAL: &str = "[2 2p p 3p 3][3 3q q 2q 2][2 2r r 3r 3], 1 → s: for three primes \
    p < q < r in (n/4, n/3] and s a prime in (n/2, n]";

/// One board as JSON: the schemes that apply, the general one, and the one used with its
/// opening, pairs and check (null where none applies).
fn json_for(n: u64) -> Result<serde_json::Value, CliError> {
    let applying: Vec<_> = schemes::catalogue()
        .iter()
        .map(|entry| &entry.scheme)
        .filter(|scheme| scheme.valid_range().contains(&n))
        .map(scheme_json)
        .collect();
    let general = match schemes::general_primes(n).zip(schemes::general_scheme(n)) {
        Some(((p, q, r), scheme)) => {
            let mut value = scheme_json(&scheme);
            value["p"] = p.into();
            value["q"] = q.into();
            value["r"] = r.into();
            value
        }
        None => serde_json::Value::Null,
    };
    let mut object = serde_json::json!({
        "n": n,
        "catalogue": applying,
        "general": general,
        "used": null,
    });
    if let Some(scheme) = schemes::scheme_for(n) {
        let pairing = scheme.pairing(n)?;
        let simulation = schemes::simulate(n, &pairing)?;
        object["used"] = serde_json::json!({
            "scheme": scheme.to_string(),
            "opening": pairing.opening,
            "pairs": pairing.pairs,
            "positions": simulation.positions,
            "longest_game": simulation.longest_game,
        });
    }
    Ok(object)
}

fn print_catalogue() {
    println!("# Prime-window schemes (docs/MATH.md §4): in each chain the first player plays the");
    println!("# 2nd, 4th, 6th, … numbers (the opening is the 2nd number of the first chain: 22 in");
    println!("# [2 22 11 33 3]); the second player is forced onto the others (2, 11, 3).");
    for entry in schemes::catalogue() {
        println!("{:<17}{}", range_text(&entry.scheme), entry.scheme);
    }
    println!("{:<17}{GENERAL}", "general");
}

/// Produces and simulates the scheme of every n from `first` to `last`, and says which n have
/// none.
fn check_range(first: u64, last: u64, json: bool) -> Result<(), CliError> {
    if last < first {
        return Err(format!("--to {last} is below n = {first}").into());
    }
    let bar = super::progress_bar(last - first + 1, "boards");
    let check = schemes::check_range(first, last, &mut |n| {
        bar.inc(1);
        if n % 1024 == 0 {
            bar.set_message(format!("(n = {n})"));
        }
    })
    .map_err(|(n, error)| format!("n = {n}: {error}"))?;
    bar.finish_and_clear();
    let schemes::RangeCheck {
        checked,
        positions,
        without,
        without_count,
    } = check;
    if json {
        let object = serde_json::json!({
            "from": first,
            "to": last,
            "checked": checked,
            "positions": positions,
            "without_count": without_count,
            "without": without,
        });
        println!("{object}");
        return Ok(());
    }
    let boards = if checked == 1 { "board" } else { "boards" };
    println!(
        "n = {first} to {last}: {checked} {boards} won by a scheme, checked against every reply \
         ({positions} positions in all)"
    );
    if without.is_empty() {
        println!("every n has a scheme");
    } else {
        let shown: Vec<String> = without.iter().map(u64::to_string).collect();
        let more = if without_count > without.len() as u64 {
            " …"
        } else {
            ""
        };
        println!("no scheme for {without_count} n: {}{more}", shown.join(" "));
    }
    Ok(())
}

fn print_for(n: u64) -> Result<(), CliError> {
    println!("n = {n}");
    let applying: Vec<&Scheme> = schemes::catalogue()
        .iter()
        .map(|entry| &entry.scheme)
        .filter(|scheme| scheme.valid_range().contains(&n))
        .collect();
    if applying.is_empty() {
        println!("catalogue: none applies");
    }
    for scheme in &applying {
        println!("catalogue: {} {scheme}", range_text(scheme));
    }
    match schemes::general_primes(n).zip(schemes::general_scheme(n)) {
        Some(((p, q, r), scheme)) => println!(
            "general:   p = {p}, q = {q}, r = {r}: {} {scheme}",
            range_text(&scheme)
        ),
        None => println!("general:   fewer than three primes in (n/4, n/3]"),
    }
    let Some(scheme) = schemes::scheme_for(n) else {
        println!("no prime-window scheme applies to n = {n}");
        return Ok(());
    };
    let pairing = scheme.pairing(n)?;
    let simulation = schemes::simulate(n, &pairing)?;
    let opening = pairing
        .opening
        .map_or("none".to_string(), |o| o.to_string());
    let pairs: Vec<String> = pairing
        .pairs
        .iter()
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    println!("used:      {scheme}");
    println!("opening:   {opening}");
    println!("pairs:     {}", pairs.join(" "));
    println!(
        "checked:   the first player wins against every reply ({} positions, longest game {} moves)",
        simulation.positions, simulation.longest_game
    );
    Ok(())
}
