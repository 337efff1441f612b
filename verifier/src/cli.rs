//! The command line of `jg-verify` and `jg verify` (one implementation for both): one result
//! line per file on stdout, errors and warnings on stderr, and the exit codes of spec.md §4.9.
//! It only reads files and prints what the check library decides.

use crate::covers::{covers, Proved};
use crate::{verify_bytes, Limits, Rejection};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the exit codes mean; shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes:
  0  every file is a valid proof (and, with --covers, they prove the statement printed)
  1  some file is not a proof (invalid), does not prove the expected n, or --covers found a
     gap or a conflict: the proof is wrong or incomplete
  2  usage error, or a file could not be read
  3  a limit refused to check some file (refused): that says nothing about the proof; rerun
     with larger --max-positions, --max-memory-mib or --max-work
When several apply, the first in the order 1, 2, 3 wins.";

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Certificate files to check
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Also check that the files together prove who wins for every n in A..B, and print that
    /// statement (a gap or a disagreement is a failure naming the first n concerned)
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    pub covers: Option<(u64, u64)>,
    /// Fail (exit 1) for a file whose claim does not include this n
    #[arg(long, value_name = "N")]
    pub expect_n: Option<u64>,
    /// Most numbers a closure or a barrier check may count before the check is refused
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_positions)]
    pub max_positions: u64,
    /// Most memory, in MiB, for the pairs and the checks' tables (estimated per entry)
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().max_memory >> 20)]
    pub max_memory_mib: u64,
    /// Most steps (trial divisions, multiples listed) spent listing moves
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_work)]
    pub max_work: u64,
}

/// Parses `A..B` (or a single `N`, meaning N..N) with A ≤ B.
pub fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let number = |word: &str| {
        word.trim().parse::<u64>().map_err(|_| format!("'{word}' is not a whole number"))
    };
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    match a <= b {
        true => Ok((a, b)),
        false => Err(format!("the range {a}..{b} is empty: {a} > {b}")),
    }
}

/// One file's outcome, in the order of precedence of the exit codes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Valid,
    Refused,
    Unreadable,
    Invalid,
}

impl Outcome {
    fn code(self) -> u8 {
        [0, 3, 2, 1][self as usize]
    }
}

/// Checks every file, prints one line each, then the `--covers` statement; the exit code.
pub fn run(args: &Args) -> ExitCode {
    let limits = Limits {
        max_positions: args.max_positions,
        max_memory: args.max_memory_mib.saturating_mul(1 << 20),
        max_work: args.max_work,
    };
    let mut worst = Outcome::Valid;
    let mut proved = Vec::new();
    for path in &args.paths {
        let (outcome, verdict) = check(path, &limits, args.expect_n);
        worst = worst.max(outcome);
        proved.extend(verdict);
    }
    if let Some((from, to)) = args.covers {
        if worst != Outcome::Valid {
            eprintln!("covers n={from}..{to}: not checked, as some files were not accepted");
        } else {
            match covers((from, to), &proved) {
                Ok(statement) => println!("covers n={from}..{to}: {statement}"),
                Err(failure) => {
                    println!("covers n={from}..{to}: fails: {failure}");
                    worst = Outcome::Invalid;
                }
            }
        }
    }
    ExitCode::from(worst.code())
}

/// Checks one file and prints its line.
fn check(path: &Path, limits: &Limits, expect_n: Option<u64>) -> (Outcome, Option<Proved>) {
    let name = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{name}: error: {error}");
            return (Outcome::Unreadable, None);
        }
    };
    // A chain certificate (spec.md §6) is a claim about the solitaire, not about who wins.
    if crate::chain::is_chain_certificate(&bytes) {
        return match crate::chain::check(&bytes) {
            Ok(verdict) => {
                println!("{name}: {verdict}");
                (Outcome::Valid, None)
            }
            Err(rejection) => {
                println!("{name}: invalid: {rejection}");
                (Outcome::Invalid, None)
            }
        };
    }
    let verdict = match verify_bytes(&bytes, limits) {
        Ok(verdict) => verdict,
        Err(rejection @ Rejection::Limit { .. }) => {
            println!("{name}: refused: {rejection}");
            return (Outcome::Refused, None);
        }
        Err(rejection) => {
            println!("{name}: invalid: {rejection}");
            return (Outcome::Invalid, None);
        }
    };
    println!("{name}: {verdict}");
    let (first, last) = (verdict.n, verdict.n_last);
    if let Some(named) = named_range(path).filter(|&named| named != (first, last)) {
        let named = if named.0 == named.1 {
            named.0.to_string()
        } else {
            format!("{}..{}", named.0, named.1)
        };
        eprintln!(
            "{name}: warning: the file name says n={named} but it proves {}",
            verdict.claim()
        );
    }
    if let Some(n) = expect_n.filter(|&n| n < first || n > last) {
        eprintln!("{name}: error: expected a proof for n={n}, but it proves {}", verdict.claim());
        return (Outcome::Invalid, None);
    }
    let bytes = bytes.len() as u64;
    (Outcome::Valid, Some(Proved { name, bytes, verdict }))
}

/// The n a file named `cert-N.bin` or `cert-A-B.bin` is meant to prove.
fn named_range(path: &Path) -> Option<(u64, u64)> {
    let stem = path.file_name()?.to_str()?.strip_prefix("cert-")?.strip_suffix(".bin")?;
    let (a, b) = stem.split_once('-').unwrap_or((stem, stem));
    Some((a.parse().ok()?, b.parse().ok()?))
}
