//! The `jg-verify` binary: one line per file and the exit codes of the CLI contract.

mod common;

use common::*;
use std::path::PathBuf;
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jg-verify-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&std::ffi::OsStr]) -> (String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg-verify")).args(args).output().unwrap();
    (String::from_utf8(output.stdout).unwrap(), output.status.code().unwrap())
}

#[test]
fn valid_invalid_and_missing_files() {
    let dir = scratch("files");
    let (bytes, first, positions) = tree_certificate(&mut Game::new(14, false));
    let valid = dir.join("cert-14.bin");
    std::fs::write(&valid, &bytes).unwrap();
    let invalid = dir.join("bad.bin");
    std::fs::write(&invalid, &bytes[..bytes.len() - 1]).unwrap();
    let missing = dir.join("missing.bin");

    let (out, code) = run(&[valid.as_os_str()]);
    let winner = if first { "first" } else { "second" };
    let hash = blake3::hash(&bytes).to_hex();
    let expected =
        format!("valid: n=14, {winner} player wins, {positions} positions, blake3 {hash}");
    assert_eq!(out, format!("{}: {expected}\n", valid.display()));
    assert_eq!(code, 0);

    let (out, code) = run(&[valid.as_os_str(), invalid.as_os_str()]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].starts_with(&format!("{}: invalid: header at byte", invalid.display())),
        "{out}"
    );
    assert_eq!((lines.len(), code), (2, 1));

    let (out, code) = run(&[invalid.as_os_str(), missing.as_os_str(), dir.as_os_str()]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with(&format!("{}: error: ", missing.display())), "{out}");
    assert!(lines[2].starts_with(&format!("{}: error: ", dir.display())), "{out}");
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&[]).1, 2);
    assert_eq!(run(&["--max-positions".as_ref()]).1, 2);
    assert_eq!(run(&["--max-work".as_ref(), "lots".as_ref(), "x".as_ref()]).1, 2);
}

#[test]
fn limits_from_the_command_line() {
    let dir = scratch("limits");
    let path = dir.join("cert.bin");
    std::fs::write(&path, tree_certificate(&mut Game::new(16, false)).0).unwrap();
    let (out, code) = run(&["--max-positions".as_ref(), "5".as_ref(), path.as_os_str()]);
    assert!(out.contains("invalid: position limit: more than 5 positions"), "{out}");
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
