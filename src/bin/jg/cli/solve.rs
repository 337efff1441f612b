//! `jg solve N`: the outcome of one n with its winning openings, or of one mid-game position.

use super::{progress_spinner, CliError, MethodArgs, RuleArgs};
use juniper_green::engines::position::{PositionError, PositionOracle};
use juniper_green::engines::solver::MethodChoice;
use juniper_green::OpeningRule;
use juniper_green::Outcome;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The size of the board: numbers 1..=N (any N ≥ 1 for --method auto; ≤ 128 for search,
    /// ≤ 50000000 for matching and for --all-openings, --free-opening or --after above 128)
    #[arg(value_parser = super::parse_n)]
    pub n: u64,
    #[command(flatten)]
    pub method: MethodArgs,
    /// Prove every opening won or lost and list all winning ones (search: can cost as much as
    /// a second-player win; matching always lists them all)
    #[arg(long)]
    pub all_openings: bool,
    #[command(flatten)]
    pub rule: RuleArgs,
    /// Analyse the position after this line of play (numbers separated by spaces or commas):
    /// who wins from there and every winning move. By matching for any n; with --method
    /// search (n ≤ 128) the search decides it too and the two must agree
    #[arg(long, value_name = "LINE")]
    pub after: Option<String>,
    /// List every winning opening or move (by default a long list shows its first and last
    /// few and its count; JSON always lists them all)
    #[arg(long)]
    pub full: bool,
    /// Output: text, or one JSON object with the same fields (n, free_opening, winner,
    /// winning_openings, all_openings, method, seconds; with --after: after, to_move,
    /// to_move_wins, winning_moves)
    #[arg(long, value_enum, default_value_t = super::TextOrJson::Text)]
    pub format: super::TextOrJson,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(line) = &args.after {
        return analyse(&args, line);
    }
    let started = Instant::now();
    let spinner = progress_spinner(format!("solving n = {}", args.n));
    let outcome: Outcome =
        (args.method.solver()).solve(args.n, args.rule.rule(), args.all_openings)?;
    spinner.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let openings = if outcome.winning_openings.is_empty() {
        "none".to_string()
    } else {
        let words = super::numbers_text(&outcome.winning_openings, args.full);
        let complete = if outcome.all_openings {
            ""
        } else {
            "; other openings not tried"
        };
        format!("{words}{complete}")
    };
    let free = args.rule.rule() == OpeningRule::Free;
    if args.format == super::TextOrJson::Json {
        let object = serde_json::json!({
            "n": outcome.n,
            "free_opening": free,
            "winner": outcome.winner.name(),
            "winning_openings": outcome.winning_openings,
            "all_openings": outcome.all_openings,
            "method": outcome.method.name(),
            "seconds": seconds,
        });
        println!("{object}");
        return Ok(ExitCode::SUCCESS);
    }
    // A free-opening result must never read as one about the game itself (first move even).
    let rule = match free {
        true => ", free opening (the first number may be odd)",
        false => "",
    };
    println!(
        "n = {}{rule}: the {} player wins",
        outcome.n,
        outcome.winner.name()
    );
    println!("winning openings: {openings}");
    if !super::quiet() {
        println!("method: {}, {seconds:.3} s", outcome.method.name());
    }
    Ok(ExitCode::SUCCESS)
}

fn analyse(args: &Args, text: &str) -> Result<ExitCode, CliError> {
    let started = Instant::now();
    let line = super::parse_line(text)?;
    let rule = args.rule.rule();
    // Matching decides the position; with --method search (n ≤ 128) the search decides it too
    // (with the table size of --table-mib), and the two must agree.
    let oracle = PositionOracle {
        rule,
        cross_check: (args.method.method == MethodChoice::Search)
            .then(|| args.method.search_config()),
    };
    let analysis = oracle.analyse(args.n, &line).map_err(|e| match e {
        PositionError::TooLarge { n, max } => {
            format!("n = {n}: --after is analysed by the matching method, which stops at n = {max}")
        }
        other => other.to_string(),
    })?;
    let method = if oracle.cross_checks(args.n) {
        "matching (search agrees)"
    } else {
        "matching"
    };
    let verdict = if analysis.to_move_wins {
        "wins"
    } else {
        "loses"
    };
    // The line as read, one space between moves, whatever separators were typed.
    let after = if line.is_empty() {
        "at the start".to_string()
    } else {
        let words: Vec<String> = line.iter().map(u64::to_string).collect();
        format!("after {}", words.join(" "))
    };
    let free = args.rule.rule() == OpeningRule::Free;
    let seconds = started.elapsed().as_secs_f64();
    if args.format == super::TextOrJson::Json {
        let object = serde_json::json!({
            "n": args.n,
            "free_opening": free,
            "after": line,
            "to_move": analysis.to_move.name(),
            "to_move_wins": analysis.to_move_wins,
            "winning_moves": analysis.winning_moves,
            "method": method,
            "seconds": seconds,
        });
        println!("{object}");
        return Ok(ExitCode::SUCCESS);
    }
    let rule = if free { ", free opening" } else { "" };
    println!(
        "n = {}{rule}, {after}: the {} player is to move and {verdict}",
        args.n,
        analysis.to_move.name()
    );
    println!(
        "winning moves: {}",
        if analysis.winning_moves.is_empty() {
            "none".to_string()
        } else {
            super::numbers_text(&analysis.winning_moves, args.full)
        }
    );
    if !super::quiet() {
        println!("method: {method}, {seconds:.3} s");
    }
    Ok(ExitCode::SUCCESS)
}
