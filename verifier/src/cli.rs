//! The command line of `jg-verify` and `jg verify` (one implementation for both): one result
//! line per file on stdout, errors and warnings on stderr, and the exit codes of spec.md §4.9.
//! It only reads files and prints what the check library decides.

use crate::covers::{covers, Proved};
use crate::{verify_bytes, Limits, Rejection};
use std::io::{Read, Write};
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
    /// Certificate files to check (`-`: standard input)
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
    /// Output: a line per file, or one JSON object per line per file (path, status: valid,
    /// invalid, refused or error, then the claim's fields or the reason) and one for the
    /// --covers statement
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The report's form (`--format`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
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

/// Which lines of success `run` leaves out (failures always print).
#[derive(Clone, Copy, Default)]
pub struct Quiet {
    pub files: bool,
    pub statement: bool,
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
/// `quiet.files` prints no line for a valid file, `quiet.statement` no `--covers` statement
/// that holds: with both, only the failures print.
pub fn run(args: &Args, quiet: Quiet) -> ExitCode {
    let limits = Limits {
        max_positions: args.max_positions,
        max_memory: args.max_memory_mib.saturating_mul(1 << 20),
        max_work: args.max_work,
    };
    let mut worst = Outcome::Valid;
    let mut proved = Vec::new();
    let json = args.format == Format::Json;
    let out = Report { json, quiet: quiet.files };
    for path in &args.paths {
        let (outcome, verdict) = check(path, &limits, args.expect_n, out);
        worst = worst.max(outcome);
        proved.extend(verdict);
    }
    if let Some((from, to)) = args.covers {
        let range = [("from", Json::Number(from)), ("to", Json::Number(to))];
        let object = |holds: Json, key: &'static str, text: String| {
            let fields = [("covers", Json::Object(range.to_vec())), ("holds", holds)];
            say(format_args!(
                "{}",
                Json::Object([&fields[..], &[(key, Json::Text(text))]].concat())
            ));
        };
        let not_checked = "not checked, as some files were not accepted".to_string();
        if worst != Outcome::Valid {
            match json {
                true => object(Json::Null, "reason", not_checked),
                false => eprintln!("covers n={from}..{to}: {not_checked}"),
            }
        } else {
            match covers((from, to), &proved) {
                Ok(_) if quiet.statement => {}
                Ok(statement) if json => object(Json::Bool(true), "statement", statement),
                Ok(statement) => say(format_args!("covers n={from}..{to}: {statement}")),
                Err(failure) => {
                    match json {
                        true => object(Json::Bool(false), "failure", failure),
                        false => say(format_args!("covers n={from}..{to}: fails: {failure}")),
                    }
                    worst = Outcome::Invalid;
                }
            }
        }
    }
    ExitCode::from(worst.code())
}

/// How `check` reports: text lines or JSON objects, and whether valid files are left out.
#[derive(Clone, Copy)]
struct Report {
    json: bool,
    quiet: bool,
}

impl Report {
    /// A file that is not accepted: `PATH: STATUS: REASON`, or its object.
    fn failure(self, name: &str, status: &str, reason: &dyn std::fmt::Display) {
        match self.json {
            true => say(format_args!("{}", failure_json(name, status, reason))),
            false => say(format_args!("{name}: {status}: {reason}")),
        }
    }
}

/// The object of a file that is not accepted.
fn failure_json(name: &str, status: &str, reason: &dyn std::fmt::Display) -> Json {
    Json::Object(vec![
        ("path", Json::Text(name.into())),
        ("status", Json::Text(status.into())),
        ("reason", Json::Text(reason.to_string())),
    ])
}

/// Checks one file and prints its line.
fn check(
    path: &Path, limits: &Limits, expect_n: Option<u64>, out: Report,
) -> (Outcome, Option<Proved>) {
    let name = path.display().to_string();
    let bytes = match read_bounded(path, limits) {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(rejection @ Rejection::Limit { .. })) => {
            out.failure(&name, "refused", &rejection);
            return (Outcome::Refused, None);
        }
        Ok(Err(rejection)) => {
            out.failure(&name, "invalid", &rejection);
            return (Outcome::Invalid, None);
        }
        Err(error) => {
            match out.json {
                true => out.failure(&name, "error", &error),
                false => eprintln!("{name}: error: {error}"),
            }
            return (Outcome::Unreadable, None);
        }
    };
    // A chain certificate (spec.md §6) is a claim about the solitaire, not about who wins.
    if crate::chain::is_chain_certificate(&bytes) {
        return match crate::chain::check(&bytes) {
            Ok(verdict) => {
                match (out.quiet, out.json) {
                    (true, _) => {}
                    (false, true) => say(format_args!("{}", chain_json(&name, &verdict))),
                    (false, false) => say(format_args!("{name}: {verdict}")),
                }
                (Outcome::Valid, None)
            }
            Err(rejection) => {
                out.failure(&name, "invalid", &rejection);
                (Outcome::Invalid, None)
            }
        };
    }
    let verdict = match verify_bytes(&bytes, limits) {
        Ok(verdict) => verdict,
        Err(rejection @ Rejection::Limit { .. }) => {
            out.failure(&name, "refused", &rejection);
            return (Outcome::Refused, None);
        }
        Err(rejection) => {
            out.failure(&name, "invalid", &rejection);
            return (Outcome::Invalid, None);
        }
    };
    let (first, last) = (verdict.n, verdict.n_last);
    let unexpected = expect_n
        .filter(|&n| n < first || n > last)
        .map(|n| format!("expected a proof for n={n}, but it proves {}", verdict.claim()));
    match (out.quiet, out.json, &unexpected) {
        (_, true, Some(reason)) => out.failure(&name, "unexpected", reason),
        (true, _, _) => {}
        (false, true, None) => say(format_args!("{}", verdict_json(&name, &verdict))),
        (false, false, _) => say(format_args!("{name}: {verdict}")),
    }
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
    if let Some(reason) = unexpected {
        if !out.json {
            eprintln!("{name}: error: {reason}");
        }
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

/// Set once stdout is closed (`jg-verify … | head`): the lines stop, the checks and the exit
/// code do not.
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Prints one result line on stdout; a closed stdout ends the printing quietly.
fn say(line: std::fmt::Arguments) {
    use std::sync::atomic::Ordering::Relaxed;
    if !STDOUT_CLOSED.load(Relaxed) && writeln!(std::io::stdout().lock(), "{line}").is_err() {
        STDOUT_CLOSED.store(true, Relaxed);
    }
}

/// The first bytes read of every file: more than any header the decoder may look at (bincode's
/// limit of 1024 bytes), so that a bad header is named as the whole file would name it.
const PREFIX: u64 = 1100;
/// Bytes read past the length a header announces, so that a few trailing bytes are counted
/// exactly in the rejection.
const SLACK: u64 = 4096;

/// Reads a file (`-`: stdin) without ever holding more than the memory bound: first its magic
/// and header (spec.md §2), then at most the length the header announces. A file larger than
/// the bound is refused as such, one larger than its header says, or than any certificate of
/// its kind for its n can be, is invalid, all before the rest is read.
fn read_bounded(path: &Path, limits: &Limits) -> std::io::Result<Result<Vec<u8>, Rejection>> {
    let mut input: Box<dyn Read> = match path == Path::new("-") {
        true => Box::new(std::io::stdin().lock()),
        false => Box::new(std::fs::File::open(path)?),
    };
    let mut bytes = Vec::new();
    input.by_ref().take(PREFIX).read_to_end(&mut bytes)?;
    let number = |at: usize, width: usize| -> Option<u64> {
        let field = bytes.get(at..at + width)?;
        Some(field.iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte)))
    };
    let cap = limits.max_memory;
    // The length the file should have: the header's, or the bound for a chain certificate
    // (text, spec.md §6) and for a header too broken to say (the decoder names what is wrong
    // from the prefix alone).
    let total = if crate::chain::is_chain_certificate(&bytes) {
        u64::MAX
    } else if bytes.starts_with(b"JUNIPERG") {
        let generator = number(32, 8).filter(|&g| g <= 200);
        let body_len = generator.and_then(|g| Some((g, number(40 + g as usize, 8)?)));
        match (body_len, number(12, 8), number(28, 4)) {
            (Some((g, body_len)), Some(n), Some(kind)) => {
                // A pairing body holds each number of 1..n at most once, after the opening and
                // the count, and n_last for an interval (spec.md §3.2, §3.3).
                let width = crate::move_width(n) as u64;
                let largest = n.saturating_add(2).saturating_mul(width).saturating_add(8);
                if matches!(kind, 2 | 3) && body_len > largest {
                    let what = format!(
                        "body_len is {body_len}: a certificate of kind {kind} for n = {n} has \
                         at most {largest} body bytes"
                    );
                    return Ok(Err(Rejection::Header { offset: 40 + g, what }));
                }
                (80 + g).saturating_add(body_len)
            }
            _ => return Ok(Ok(bytes)),
        }
    } else {
        return Ok(Ok(bytes));
    };
    let most = total.saturating_add(SLACK).min(cap).saturating_add(1);
    let left = most.saturating_sub(bytes.len() as u64);
    // In steps of 1 MiB, each reserved first, so that a machine with less memory than the
    // bound refuses the file instead of aborting.
    let mut input = input.take(left);
    loop {
        if bytes.try_reserve(1 << 20).is_err() {
            let what = format!("memory limit: no memory left to read past byte {}", bytes.len());
            return Ok(Err(Rejection::Limit { what, line: Vec::new() }));
        }
        if input.by_ref().take(1 << 20).read_to_end(&mut bytes)? == 0 {
            break;
        }
    }
    let read = bytes.len() as u64;
    if read > cap {
        let what = format!("memory limit: the file has more than {cap} bytes (--max-memory-mib)");
        return Ok(Err(Rejection::Limit { what, line: Vec::new() }));
    }
    if read > total.saturating_add(SLACK) {
        // A header wrong before its body_len is named as the decoder names it.
        bytes.truncate(total.saturating_add(SLACK) as usize);
        if let Err(rejection @ Rejection::Header { offset, .. }) = verify_bytes(&bytes, limits) {
            if offset < 40 {
                return Ok(Err(rejection));
            }
        }
        let what = format!("the file runs on past the {total} bytes its header announces");
        return Ok(Err(Rejection::Header { offset: total, what }));
    }
    Ok(Ok(bytes))
}

/// A JSON value, written by hand: the verifier keeps its dependencies to serde, bincode and
/// blake3.
#[derive(Clone)]
enum Json {
    Null,
    Bool(bool),
    Number(u64),
    Text(String),
    Numbers(Vec<u64>),
    Object(Vec<(&'static str, Json)>),
}

impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Json::Null => write!(f, "null"),
            Json::Bool(value) => write!(f, "{value}"),
            Json::Number(value) => write!(f, "{value}"),
            Json::Text(text) => {
                write!(f, "\"")?;
                for c in text.chars() {
                    match c {
                        '"' => write!(f, "\\\"")?,
                        '\\' => write!(f, "\\\\")?,
                        c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
                        c => write!(f, "{c}")?,
                    }
                }
                write!(f, "\"")
            }
            Json::Numbers(numbers) => {
                let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
                write!(f, "[{}]", words.join(","))
            }
            Json::Object(fields) => {
                write!(f, "{{")?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    write!(f, "{}\"{key}\":{value}", if i > 0 { "," } else { "" })?;
                }
                write!(f, "}}")
            }
        }
    }
}

/// The object of a valid certificate: the fields of its text line.
fn verdict_json(name: &str, verdict: &crate::Verdict) -> Json {
    let mut fields = vec![
        ("path", Json::Text(name.into())),
        ("status", Json::Text("valid".into())),
        ("n", Json::Number(verdict.n)),
        ("n_last", Json::Number(verdict.n_last)),
        ("free_opening", Json::Bool(verdict.opening_rule == crate::OpeningRule::Free)),
        ("kind", Json::Text(verdict.kind.name().into())),
    ];
    match &verdict.winning_openings {
        Some(openings) => fields.push(("winning_openings", Json::Numbers(openings.clone()))),
        None => fields.push(("winner", Json::Text(verdict.winner.name().into()))),
    }
    fields.push(("positions", Json::Number(verdict.positions)));
    fields.push(("blake3", Json::Text(verdict.blake3_hex())));
    Json::Object(fields)
}

/// The object of a valid chain certificate.
fn chain_json(name: &str, verdict: &crate::chain::ChainVerdict) -> Json {
    Json::Object(vec![
        ("path", Json::Text(name.into())),
        ("status", Json::Text("valid".into())),
        ("kind", Json::Text("chain".into())),
        ("n", Json::Number(verdict.n)),
        ("length", Json::Number(verdict.length)),
        ("graph", Json::Number(verdict.graph)),
        ("cuts", Json::Number(verdict.cuts)),
        ("leaves", Json::Number(verdict.leaves)),
        ("blake3", Json::Text(verdict.blake3.clone())),
    ])
}
