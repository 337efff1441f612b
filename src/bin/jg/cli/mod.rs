//! One module a subcommand: its arguments (clap derive) and its `run`.
//! Each `run` returns the exit code, or an error that `main` prints on stderr with exit 2.
//! This file holds what several subcommands share: parsing n, ranges and lines of play, the
//! method and rule flags, up-front checks of a request, output files, progress and `--quiet`.

pub mod arena;
pub mod certify;
pub mod chain;
pub mod count;
pub mod draw;
pub mod explain;
pub mod formal_data;
pub mod grundy;
pub mod oeis;
pub mod play;
mod progress;
pub mod schemes;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solve;
pub mod table;
pub mod theorem;
pub mod verify;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use juniper_green::engines::search::SearchConfig;
use juniper_green::engines::solver::{MethodChoice, Solver};
use juniper_green::OpeningRule;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A failure that ends the command with exit code 2 and a message on stderr.
pub type CliError = Box<dyn std::error::Error>;

/// Set by `-q/--quiet`: no progress bars and no summary lines.
static QUIET: AtomicBool = AtomicBool::new(false);

pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Prints a clap error whole on stderr (help and version on stdout) and picks the exit code:
/// clap's message names the missing argument, lists the possible values and suggests the
/// closest spelling, so none of it is cut. The leading `error: ` becomes `jg: `.
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
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            eprintln!("jg: {}", text.trim_end());
            ExitCode::from(2)
        }
    }
}

/// Parses a board size: a whole number from 1 to `max`, with one wording for every subcommand.
/// Digits may be grouped with `_` (1_000_000).
pub fn parse_n_at_most(text: &str, max: u64) -> Result<u64, String> {
    let digits: String = text.trim().chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("'{text}' is not a whole number ≥ 1"));
    }
    match digits.parse::<u64>() {
        Ok(0) => Err("n must be at least 1".to_string()),
        Ok(n) if n <= max => Ok(n),
        // Only digits are left, so the parse fails by overflow: too large as well.
        _ => Err(format!("too large: this command takes n ≤ {max}")),
    }
}

/// A range given by its ends, `--from A --to B` (the same as `--range A..B`), for the commands
/// that take both; a command that has it also has an `n` and a `range` argument.
#[derive(clap::Args)]
pub struct FromTo {
    /// First n of a range (with --to; the same as --range FROM..TO)
    #[arg(long, value_parser = parse_n, requires = "to", conflicts_with = "n")]
    pub from: Option<u64>,
    /// Last n of a range (with --from)
    #[arg(long, value_parser = parse_n, requires = "from")]
    pub to: Option<u64>,
}

impl FromTo {
    /// (from, to) when both are given.
    pub fn pair(&self) -> Option<(u64, u64)> {
        self.from.zip(self.to)
    }
}

/// The published folders that `jg oeis` and `jg formal-data` read, every file verified first.
#[derive(clap::Args)]
pub struct Published {
    /// The theorem's certificates (every *.bin verified)
    #[arg(long, default_value = "certificates")]
    pub certificates: PathBuf,
    /// The openings certificates, cert-N-openings.bin for N = 1, 2, … (every *.bin verified)
    #[arg(long, default_value = "certificates/openings")]
    pub openings: PathBuf,
    /// The chain certificates, chain-N.txt for N = 1, 2, … (every one verified)
    #[arg(long, default_value = "certificates/chains")]
    pub chains: PathBuf,
}

impl Published {
    /// The three folders exist (else exit 2 with the hint of `require_folder`).
    pub fn require(&self) -> Result<(), CliError> {
        require_folder(&self.certificates, "--certificates", "certificates")?;
        require_folder(&self.openings, "--openings", "openings certificates")?;
        require_folder(&self.chains, "--chains", "chain certificates")
    }
}

/// Parses a board size for the solving commands: 1..=2^64 − 1.
pub fn parse_n(text: &str) -> Result<u64, String> {
    parse_n_at_most(text, u64::MAX)
}

/// Parses a range of board sizes `A..B` (inclusive, A ≤ B), each end as `parse_n`.
pub fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("'{text}' is not a range A..B"))?;
    let from = parse_n(a)?;
    let to = parse_n(b.strip_prefix('=').unwrap_or(b))?;
    if from > to {
        return Err(format!("the range {from}..{to} is empty"));
    }
    Ok((from, to))
}

/// The range of a command taking `--from A --to B` or `--range A..B`: refuses an empty one.
pub fn range_of(from: u64, to: u64, range: Option<(u64, u64)>) -> Result<(u64, u64), CliError> {
    if let Some(range) = range {
        return Ok(range);
    }
    if from > to {
        return Err(format!("--from {from} is greater than --to {to}").into());
    }
    Ok((from, to))
}

/// Parses a line of play (`--after`): whole numbers separated by spaces or commas. An empty
/// place between commas (`22,,11`, a leading or trailing comma) is refused, not skipped.
pub fn parse_line(text: &str) -> Result<Vec<u64>, CliError> {
    let pieces: Vec<&str> = text.split(',').collect();
    if pieces.len() > 1 && pieces.iter().any(|piece| piece.trim().is_empty()) {
        return Err(
            format!("'{text}' in --after has a comma with no number before or after it").into(),
        );
    }
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<u64>()
                .map_err(|_| format!("'{word}' in --after is not a whole number").into())
        })
        .collect()
}

/// Checks a line of play against the rules on 1..=n, with one wording for every subcommand:
/// `illegal line of play: move 2 (23) is illegal: neither divides nor is a multiple of 22`.
pub fn check_line(n: u64, rule: OpeningRule, line: &[u64]) -> Result<(), CliError> {
    juniper_green::game::check_line(n, rule, line)
        .map(|_| ())
        .map_err(|illegal| format!("illegal line of play: {illegal}").into())
}

/// A list of numbers for a person to read: all of them when short or when `full`, else the
/// first and last few and the count.
pub fn numbers_text(numbers: &[u64], full: bool) -> String {
    if full {
        let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
        return words.join(" ");
    }
    juniper_green::frontends::play::abbreviate(numbers)
}

/// `--format` of the commands that print either text or one JSON object with the same fields.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum TextOrJson {
    Text,
    Json,
}

/// A count and its noun, singular for one: the library's, shared with its figures.
pub use juniper_green::frontends::words::counted;

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

/// Used when /proc/meminfo cannot be read: the largest `--table-mib` accepted then (64 GiB).
pub const FALLBACK_MAX_TABLE_MIB: usize = 65_536;

/// The largest `--table-mib` this machine can hold: its total memory (MemTotal in
/// /proc/meminfo), or `FALLBACK_MAX_TABLE_MIB` where that cannot be read.
pub fn max_table_mib() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            usize::try_from(kib / 1024).ok()
        })
        .unwrap_or(FALLBACK_MAX_TABLE_MIB)
}

/// Parses `--table-mib`: 1 to the machine's memory, refused before anything is allocated.
pub fn parse_table_mib(text: &str) -> Result<usize, String> {
    let mib: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number of MiB"))?;
    let max = max_table_mib();
    if mib == 0 {
        return Err("the table needs at least 1 MiB".to_string());
    }
    if mib > max {
        return Err(format!(
            "{mib} MiB is more than this machine's memory ({max} MiB, MemTotal in /proc/meminfo)"
        ));
    }
    Ok(mib)
}

/// The method flags shared by `jg solve` and `jg table`; the library's `Solver` decides.
#[derive(clap::Args, Clone, Copy)]
pub struct MethodArgs {
    /// How to decide each n
    #[arg(long, value_enum, default_value_t = MethodChoice::Auto)]
    pub method: MethodChoice,
    /// Search transposition-table size in MiB (the search's memory bound; the table never grows
    /// past it). At most the machine's memory (MemTotal in /proc/meminfo; 65536 where that
    /// cannot be read)
    #[arg(long, value_name = "MIB", value_parser = parse_table_mib,
          default_value_t = SearchConfig::default().table_megabytes)]
    pub table_mib: usize,
}

impl MethodArgs {
    /// The search's settings with `--table-mib`.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            table_megabytes: self.table_mib,
            ..Default::default()
        }
    }

    pub fn solver(&self) -> Solver {
        Solver {
            choice: self.method,
            search: self.search_config(),
        }
    }
}

/// Refuses (exit 2) a folder a command reads that does not exist, with the hint that the
/// default names a folder of the repository: `flag` is the option that names another.
pub fn require_folder(path: &Path, flag: &str, what: &str) -> Result<(), CliError> {
    if path.is_dir() {
        return Ok(());
    }
    Err(format!(
        "cannot read {what} from {}: no such folder (run from the repository's top folder, or \
         name the folder with {flag} DIR)",
        path.display()
    )
    .into())
}

/// The one rule for every file a command writes (`-o`, `--chart`, `--certificate`): missing
/// parent folders are created, as `--out-dir` creates its folder.
pub fn create_parent(path: &Path) -> Result<(), CliError> {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() && !parent.is_dir() => {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create the folder {}: {e}", parent.display()).into())
        }
        _ => Ok(()),
    }
}

/// Where a command's output goes: `-o FILE`, or stdout for `-` or no `-o`.
pub fn output_writer(path: Option<&Path>) -> Result<Box<dyn Write>, CliError> {
    match path {
        None => Ok(Box::new(std::io::BufWriter::new(std::io::stdout().lock()))),
        Some(path) if path == Path::new("-") => {
            Ok(Box::new(std::io::BufWriter::new(std::io::stdout().lock())))
        }
        Some(path) => {
            create_parent(path)?;
            let file = std::fs::File::create(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Ok(Box::new(std::io::BufWriter::new(file)))
        }
    }
}

/// Writes `bytes` to `path`, or to stdout when `path` is `-`.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut out = output_writer(Some(path))?;
    out.write_all(bytes)
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write {}: {e}", path.display()).into())
}

/// A spinner on stderr when it is a terminal and not `--quiet`; piped, one line every few
/// seconds (`progress`).
pub fn progress_spinner(message: String) -> ProgressBar {
    let spinner = ProgressBar::new_spinner().with_message(message);
    if quiet() {
        spinner.set_draw_target(ProgressDrawTarget::hidden());
    }
    spinner.enable_steady_tick(Duration::from_millis(120));
    progress::log_when_piped(&spinner, "", !quiet(), progress::every());
    spinner
}

/// A bar over `total` steps on stderr when it is a terminal and not `--quiet` (piped, one line
/// every few seconds: `progress`). The message
/// (`set_message`) says which item is under way: the cost of a row grows with n, so a
/// time estimate from the first rows would mislead and none is shown.
pub fn progress_bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if quiet() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} {{msg}} {{elapsed}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    progress::log_when_piped(&bar, what, !quiet(), progress::every());
    bar
}
