//! The command line of `jg-verify` and `jg verify` (one implementation for both): one result
//! line per file on stdout, errors and warnings on stderr, and the exit codes of spec.md §4.9.
//! It only opens files and prints what the check library decides.

use crate::chain::{check_within, is_chain_certificate, ChainRejection};
use crate::covers::{covers, Proved};
use crate::{read_bounded, verify_bytes, Bound, Limits, OpeningRule, Rejection};
use serde::Serializer as _;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the exit codes mean; shown in `--help` (text kept in exit-codes.txt, beside this file).
pub const EXIT_CODES: &str = include_str!("exit-codes.txt");

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
    /// Most numbers a closure or a barrier check may count before the check is refused (each is
    /// also charged to the memory bound, which is the tighter one by default)
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_positions)]
    pub max_positions: u64,
    /// Most memory, in MiB, for the file, its decoded pairs and lists and the checks' tables
    /// (a chain certificate's graph and tables too), each charged before it is made (spec.md
    /// §4.4): the process holds at most this and a few MiB. The default, 1 GiB, holds every
    /// published certificate and the openings certificate of n = 10^6 (111 MB, 629 MiB
    /// charged)
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().max_memory >> 20)]
    pub max_memory_mib: u64,
    /// Most steps (trial divisions, multiples listed; for a chain certificate, the graph, the
    /// leaves and their rows) spent by the checks. The default, 3·10^9, is at most about 8 s
    /// of CPU on a 2-core machine of 2026 (BENCHMARKS.md); the openings certificate of
    /// n = 10^6 takes 6.2·10^8, every other published certificate far less
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_work)]
    pub max_work: u64,
    /// Print a rejection's whole line of play (by default a line of more than 8 numbers is
    /// given by its length and its first and last 4)
    #[arg(long)]
    pub whole_line: bool,
    /// Output: a line per file, or one JSON object per line per file (path, status: valid,
    /// invalid, refused or error, then the claim's fields or the reason) and one for the
    /// --covers statement
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
}

/// Parses `A..B` (or a single `N`, meaning N..N) with A ≤ B.
pub fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let number = |w: &str| w.trim().parse().map_err(|_| format!("'{w}' is not a whole number"));
    let (a, b) = text.split_once("..").unwrap_or((text, text));
    let (a, b) = (number(a)?, number(b)?);
    (a <= b).then_some((a, b)).ok_or(format!("the range {a}..{b} is empty: {a} > {b}"))
}

/// The first bytes of a certificate (spec.md §2) and of a chain certificate (spec.md §6).
const MAGICS: [&[u8]; 2] = [b"JUNIPERG", b"JGCHAIN1\n"];
const NOT_A_CERTIFICATE: &str = "not a certificate (a certificate starts with JUNIPERG, a chain \
                                 certificate with JGCHAIN1); nothing checked";

/// One file's outcome, in the order of precedence of the exit codes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Valid,
    Refused,
    Unreadable,
    Invalid,
    /// Valid, but not for `--expect-n`.
    Unexpected,
}

/// Checks every file, prints one line each, then the `--covers` statement; the exit code.
/// `quiet` prints no line for a valid file (the failures and the statement still print).
pub fn run(args: &Args, quiet: bool) -> ExitCode {
    let max_memory = args.max_memory_mib.saturating_mul(1 << 20);
    let (max_positions, max_work) = (args.max_positions, args.max_work);
    let limits = Limits { max_positions, max_memory, max_work, ..Limits::default() };
    let (json, expect_n) = (args.format == "json", args.expect_n);
    let out = Report { json, quiet, whole: args.whole_line, limits, expect_n };
    let (mut worst, mut proved) = (Outcome::Valid, Vec::new());
    for path in &args.paths {
        let (outcome, verdict) = out.check(path);
        worst = worst.max(outcome);
        proved.extend(verdict);
    }
    if let Some((from, to)) = args.covers {
        let (holds, key, text) = match worst {
            Outcome::Valid => match covers((from, to), &proved) {
                Ok(statement) => (Some(true), "statement", statement),
                Err(failure) => (Some(false), "failure", failure),
            },
            _ => (None, "reason", "not checked, as some files were not accepted".into()),
        };
        let range = json!({ "from": from, "to": to });
        match holds {
            _ if json => {
                say(object(&[("covers", range), ("holds", json!(holds)), (key, json!(text))]))
            }
            None => eprintln!("covers n={from}..{to}: {text}"),
            Some(true) => say(format_args!("covers n={from}..{to}: {text}")),
            Some(false) => say(format_args!("covers n={from}..{to}: fails: {text}")),
        }
        worst = if holds == Some(false) { Outcome::Invalid } else { worst };
    }
    ExitCode::from([0, 3, 2, 1, 1][worst as usize])
}

/// How files are checked and reported: text lines or JSON objects, whether valid files are
/// left out, whether a rejection's line of play is printed whole, the bounds, `--expect-n`.
struct Report {
    json: bool,
    quiet: bool,
    whole: bool,
    limits: Limits,
    expect_n: Option<u64>,
}

impl Report {
    /// One file's line: `PATH: valid: …` (left out when quiet), `PATH: STATUS: REASON` (an
    /// unreadable file's on stderr), or its object: `path`, `status`, then `fields`.
    fn line(&self, path: &str, outcome: Outcome, text: &str, fields: &[(&str, Value)]) -> Outcome {
        let status = ["valid", "refused", "error", "invalid", "unexpected"][outcome as usize];
        let head = [("path", path.into()), ("status", status.into())];
        match (self.json, outcome) {
            (_, Outcome::Valid) if self.quiet => {}
            (true, _) => say(object(&[&head[..], fields].concat())),
            (false, Outcome::Valid) => say(format_args!("{path}: {text}")),
            (false, Outcome::Unreadable) => eprintln!("{path}: error: {text}"),
            (false, _) => say(format_args!("{path}: {status}: {text}")),
        }
        outcome
    }

    /// A file that is not accepted, and why.
    fn fail(&self, path: &str, outcome: Outcome, reason: String) -> Outcome {
        self.line(path, outcome, &reason, &[("reason", json!(reason))])
    }

    /// Checks one file and prints its line.
    fn check(&self, path: &Path) -> (Outcome, Option<Proved>) {
        let (name, limits) = (path.display().to_string(), &self.limits);
        let read = match path == Path::new("-") {
            true => read_bounded(std::io::stdin().lock(), limits),
            false => std::fs::File::open(path).and_then(|file| read_bounded(file, limits)),
        };
        // Refused when a bound was reached, else invalid; `{:#}`: the whole line of play.
        let rejected = |bound: Option<Bound>, why: &dyn std::fmt::Display| {
            let text = if self.whole { format!("{why:#}") } else { why.to_string() };
            // A refusal names the option that raises its bound (`work limit` → `--max-work`).
            let option = bound.map(|bound| ["positions", "memory-mib", "work"][bound as usize]);
            let text = option.map_or(text.clone(), |f| format!("{text}; raise it with --max-{f}"));
            let outcome = [Outcome::Invalid, Outcome::Refused][bound.is_some() as usize];
            (self.fail(&name, outcome, text), None)
        };
        let bytes = match read {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(why)) => return rejected(limit(&why), &why),
            Err(error) => return (self.fail(&name, Outcome::Unreadable, error.to_string()), None),
        };
        // Bytes that do not start as either kind of certificate (a start cut short does) are no
        // proof at all: an error, as for a file that cannot be read (spec.md §4.9).
        if !MAGICS.iter().any(|magic| magic.starts_with(&bytes[..bytes.len().min(magic.len())])) {
            return (self.fail(&name, Outcome::Unreadable, NOT_A_CERTIFICATE.into()), None);
        }
        // A chain certificate (spec.md §6) is a claim about the solitaire, not about who wins.
        if is_chain_certificate(&bytes) {
            let v = match check_within(&bytes, limits) {
                Ok(verdict) => verdict,
                Err(why @ ChainRejection::Limit(bound, _)) => return rejected(Some(bound), &why),
                Err(why) => return rejected(None, &why),
            };
            let fields = [("kind", json!("chain")), ("n", json!(v.n)), ("length", json!(v.length))];
            let more =
                [("graph", json!(v.graph)), ("cuts", json!(v.cuts)), ("leaves", json!(v.leaves))];
            let fields = [&fields[..], &more, &[("blake3", json!(v.blake3))]].concat();
            return (self.line(&name, Outcome::Valid, &v.to_string(), &fields), None);
        }
        let verdict = match verify_bytes(&bytes, limits) {
            Ok(verdict) => verdict,
            Err(why) => return rejected(limit(&why), &why),
        };
        let (first, last, claim) = (verdict.n, verdict.n_last, verdict.claim());
        let unexpected = self.expect_n.filter(|&n| n < first || n > last);
        let unexpected =
            unexpected.map(|n| format!("expected a proof for n={n}, but it proves {claim}"));
        let won = match &verdict.winning_openings {
            Some(openings) => ("winning_openings", json!(openings)),
            None => ("winner", json!(verdict.winner.name())),
        };
        let free = verdict.opening_rule == OpeningRule::Free;
        let fields = [("n", json!(first)), ("n_last", json!(last)), ("free_opening", json!(free))];
        let more =
            [("kind", json!(verdict.kind.name())), won, ("positions", json!(verdict.positions))];
        let fields = [&fields[..], &more, &[("blake3", json!(verdict.blake3_hex()))]].concat();
        match &unexpected {
            Some(reason) if self.json => _ = self.fail(&name, Outcome::Unexpected, reason.clone()),
            _ => _ = self.line(&name, Outcome::Valid, &verdict.to_string(), &fields),
        }
        if let Some((a, b)) = named_range(path).filter(|&named| named != (first, last)) {
            let named = if a == b { a.to_string() } else { format!("{a}..{b}") };
            eprintln!("{name}: warning: the file name says n={named} but it proves {claim}");
        }
        if let Some(reason) = unexpected {
            if !self.json {
                eprintln!("{name}: error: {reason}");
            }
            return (Outcome::Unexpected, None);
        }
        (Outcome::Valid, Some(Proved { name, bytes: bytes.len() as u64, verdict }))
    }
}

/// The bound a rejection reached, when it is a refusal.
fn limit(why: &Rejection) -> Option<Bound> {
    let Rejection::Limit { bound, .. } = why else { return None };
    Some(*bound)
}

/// The n a file named `cert-N.bin` or `cert-A-B.bin` is meant to prove.
fn named_range(path: &Path) -> Option<(u64, u64)> {
    let stem = path.file_name()?.to_str()?.strip_prefix("cert-")?.strip_suffix(".bin")?;
    let (a, b) = stem.split_once('-').unwrap_or((stem, stem));
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// A JSON object on one line, its keys in the order given (spec.md §4.9).
fn object(fields: &[(&str, Value)]) -> String {
    let mut out = serde_json::Serializer::new(Vec::new());
    let _ = out.collect_map(fields.iter().map(|(key, value)| (key, value)));
    String::from_utf8(out.into_inner()).unwrap_or_default()
}

/// Prints one result line on stdout. A closed stdout (`jg-verify … | head`) ends the lines,
/// not the checks or the exit code.
fn say(line: impl std::fmt::Display) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}
