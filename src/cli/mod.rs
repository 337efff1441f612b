//! One module a subcommand: its arguments (clap derive) and its `run`.
//! Each `run` returns the exit code, or an error that `main` prints on one line with exit 2.
//! This file holds what several subcommands share: parsing n, the method and rule flags, progress.

pub mod certify;
pub mod certify_openings;
pub mod chain;
pub mod draw;
pub mod play;
pub mod schemes;
pub mod solve;
pub mod table;
pub mod verify;

use indicatif::{ProgressBar, ProgressStyle};
use juniper_green::game::MAX_SMALL_N;
use juniper_green::{OpeningRule, Outcome};
use std::process::ExitCode;
use std::time::Duration;

/// A failure that ends the command with exit code 2 and one line on stderr.
pub type CliError = Box<dyn std::error::Error>;

/// Prints a clap error as one clear line (help and version go out whole) and picks the exit code.
pub fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(2)
        }
        _ => {
            let text = error.render().to_string();
            let line = text.lines().next().unwrap_or("error: bad arguments");
            eprintln!("jg: {}", line.trim_start_matches("error: "));
            ExitCode::from(2)
        }
    }
}

/// Parses a board size: a whole number ≥ 1.
pub fn parse_n(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("n must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number ≥ 1")),
    }
}

/// Parses a line of play (`--after`): whole numbers separated by spaces or commas.
pub fn parse_line(text: &str) -> Result<Vec<u64>, CliError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<u64>()
                .map_err(|_| format!("'{word}' in --after is not a number").into())
        })
        .collect()
}

/// The opening-rule flag shared by the solving commands.
#[derive(clap::Args, Clone, Copy)]
pub struct RuleArgs {
    /// Play the variant where the first move may be any number (default: it must be even)
    #[arg(long)]
    pub free_opening: bool,
}

impl RuleArgs {
    pub fn rule(self) -> OpeningRule {
        if self.free_opening {
            OpeningRule::Free
        } else {
            OpeningRule::Even
        }
    }
}

/// Which method decides an n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// A scheme where one applies (unless all openings are asked), else search for n ≤ 128,
    /// else matching
    Auto,
    /// Exact game-tree search with the simplifications of MATH.md §2 (n ≤ 128)
    Search,
    /// One maximum matching and its Gallai–Edmonds sets (MATH.md §3); all openings, any n
    Matching,
}

#[derive(clap::Args, Clone, Copy)]
pub struct MethodChoice {
    /// How to decide each n
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub method: Method,
    /// Search transposition-table size in MiB (the search's memory bound; the table never grows
    /// past it)
    #[arg(long, default_value_t = juniper_green::search::SearchConfig::default().table_megabytes)]
    pub table_mib: usize,
}

impl MethodChoice {
    /// Decides one n by the chosen method.
    pub fn solve(
        &self,
        n: u64,
        rule: OpeningRule,
        all_openings: bool,
    ) -> Result<Outcome, CliError> {
        match self.method {
            Method::Search => self.search(n, rule, all_openings),
            Method::Matching => by_matching(n, rule),
            Method::Auto => {
                if !all_openings && rule == OpeningRule::Even {
                    if let Some(outcome) = by_scheme(n) {
                        return Ok(outcome);
                    }
                }
                if n <= MAX_SMALL_N as u64 {
                    self.search(n, rule, all_openings)
                } else {
                    by_matching(n, rule)
                }
            }
        }
    }

    /// Decides every n of `from..=to` (matching rows are computed together, in parallel).
    pub fn solve_range(
        &self,
        from: u64,
        to: u64,
        rule: OpeningRule,
        all_openings: bool,
        on_row: &dyn Fn(),
    ) -> Result<Vec<Outcome>, CliError> {
        if self.method == Method::Matching {
            check_matching_range(to)?;
            return Ok(juniper_green::matching::solve_range(from, to, rule));
        }
        (from..=to)
            .map(|n| {
                let row = self.solve(n, rule, all_openings);
                on_row();
                row
            })
            .collect()
    }

    fn search(&self, n: u64, rule: OpeningRule, all_openings: bool) -> Result<Outcome, CliError> {
        if n > MAX_SMALL_N as u64 {
            return Err(format!(
                "n = {n} is beyond the search's range 1..={MAX_SMALL_N}; use --method matching"
            )
            .into());
        }
        let config = juniper_green::search::SearchConfig {
            table_megabytes: self.table_mib,
            ..Default::default()
        };
        Ok(juniper_green::search::solve(
            n as u32,
            rule,
            all_openings,
            &config,
        ))
    }
}

/// A spinner on stderr when it is a terminal; drawn nowhere otherwise.
pub fn progress_spinner(message: String) -> ProgressBar {
    let spinner = ProgressBar::new_spinner().with_message(message);
    spinner.enable_steady_tick(Duration::from_millis(120));
    spinner
}

/// A bar over `total` steps on stderr when it is a terminal; drawn nowhere otherwise.
pub fn progress_bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} {{elapsed}} (eta {{eta}})"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn check_matching_range(n: u64) -> Result<(), CliError> {
    let limit = juniper_green::matching::MAX_N;
    if n > limit {
        return Err(format!("n = {n} is beyond the matching's range 1..={limit}").into());
    }
    Ok(())
}

fn by_matching(n: u64, rule: OpeningRule) -> Result<Outcome, CliError> {
    check_matching_range(n)?;
    Ok(juniper_green::matching::solve(n, rule))
}

/// The outcome a prime-window scheme proves (after its own simulation against every reply):
/// the first player wins with the scheme's opening; the other openings are not decided.
fn by_scheme(n: u64) -> Option<Outcome> {
    let (scheme, _, _) = juniper_green::schemes::winning_pairing(n).ok()?;
    Some(Outcome {
        n,
        winner: juniper_green::Player::First,
        winning_openings: vec![scheme.opening()],
        all_openings: false,
        method: juniper_green::Method::Scheme,
    })
}
