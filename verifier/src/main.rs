//! `jg-verify PATH...`: checks certificate files with the verifier library and prints one line
//! each (docs/DESIGN.md, CLI contract). Exit 0 when all are valid, 1 when any is invalid,
//! 2 on usage or I/O errors.

use jg_verify::{verify_bytes_with_progress, Limits};
use std::io::IsTerminal;
use std::process::ExitCode;

const USAGE: &str =
    "usage: jg-verify [--max-positions N] [--max-memory-mib N] [--max-work N] PATH...
Checks Juniper Green certificates against the raw rules of the game (spec.md).";

fn main() -> ExitCode {
    let (mut limits, mut paths) = (Limits::default(), Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let (field, unit) = match arg.as_str() {
            "-h" | "--help" => return usage(None),
            "--max-positions" => (&mut limits.max_positions, 1),
            "--max-memory-mib" => (&mut limits.max_memory, 1 << 20),
            "--max-work" => (&mut limits.max_work, 1),
            _ => {
                paths.push(arg);
                continue;
            }
        };
        match args.next().and_then(|value| value.parse::<u64>().ok()) {
            Some(value) => *field = value.saturating_mul(unit),
            None => return usage(Some(&format!("{arg} needs a number"))),
        }
    }
    if paths.is_empty() {
        return usage(Some("no certificate given"));
    }
    let codes = paths.iter().map(|path| {
        let (line, code) = check(path, &limits);
        println!("{path}: {line}");
        code
    });
    ExitCode::from(codes.fold(0, u8::max))
}

fn usage(problem: Option<&str>) -> ExitCode {
    match problem {
        None => println!("{USAGE}"),
        Some(problem) => eprintln!("jg-verify: {problem}\n{USAGE}"),
    }
    ExitCode::from(if problem.is_some() { 2 } else { 0 })
}

/// The report line for one file and its exit code; progress on stderr when it is a terminal.
fn check(path: &str, limits: &Limits) -> (String, u8) {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => return (format!("error: {error}"), 2),
    };
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |positions| {
        if terminal {
            eprint!("\r{path}: {positions} positions…")
        }
    };
    let result = verify_bytes_with_progress(&bytes, limits, &mut progress);
    if terminal {
        eprint!("\r\x1b[K");
    }
    match result {
        Ok(verdict) => (verdict.to_string(), 0),
        Err(rejection) => (format!("invalid: {rejection}"), 1),
    }
}
