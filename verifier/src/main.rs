//! `jg-verify PATH...`: checks certificate files with the verifier library and prints one line
//! each (ARCHITECTURE.md, CLI contract). Exit 0 when all are valid, 1 when any is invalid,
//! 2 on usage or I/O errors.

use jg_verify::{verify_bytes_with_progress, Limits};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

const USAGE: &str =
    "usage: jg-verify [--max-positions N] [--max-memory-mib N] [--max-work N] PATH...";

fn main() -> ExitCode {
    let mut limits = Limits::default();
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let field = match arg.as_str() {
            "-h" | "--help" => {
                println!(
                    "{USAGE}\nChecks Juniper Green certificates against the raw rules (spec.md)."
                );
                return ExitCode::SUCCESS;
            }
            "--max-positions" => &mut limits.max_positions,
            "--max-memory-mib" => &mut limits.max_memory,
            "--max-work" => &mut limits.max_work,
            _ => {
                paths.push(arg);
                continue;
            }
        };
        match args.next().and_then(|value| value.parse().ok()) {
            Some(value) => *field = value,
            None => return usage(&format!("{arg} needs a number")),
        }
        if arg == "--max-memory-mib" {
            limits.max_memory = limits.max_memory.saturating_mul(1 << 20);
        }
    }
    if paths.is_empty() {
        return usage("no certificate given");
    }
    let mut code = 0;
    for path in &paths {
        let (line, file_code) = check(path, &limits);
        println!("{path}: {line}");
        code = code.max(file_code);
    }
    ExitCode::from(code)
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("jg-verify: {problem}\n{USAGE}");
    ExitCode::from(2)
}

/// The report line for one file and its exit code.
fn check(path: &str, limits: &Limits) -> (String, u8) {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => return (format!("error: {error}"), 2),
    };
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |positions: u64| {
        if terminal {
            eprint!("\r{path}: {positions} positions…");
            let _ = std::io::stderr().flush();
        }
    };
    let result = verify_bytes_with_progress(&bytes, limits, &mut progress);
    if terminal {
        eprint!("\r\x1b[K");
    }
    match result {
        Ok(verdict) => {
            let line = format!(
                "valid: n={}, {} player wins, {} positions, blake3 {}",
                verdict.n,
                verdict.winner.name(),
                verdict.positions,
                verdict.blake3_hex()
            );
            (line, 0)
        }
        Err(rejection) => (format!("invalid: {rejection}"), 1),
    }
}
