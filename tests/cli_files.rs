//! Files and pipes through the real binary: every `-o` creates missing folders (one rule, as
//! `--out-dir` does), `-` reads stdin, a closed pipe ends a command quietly, and the exit codes
//! of `jg explain` and `jg theorem` (1 for a certificate that is not a proof, 2 otherwise).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn jg_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jg"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the jg binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The published certificates folder.
fn certificates() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("certificates")
}

/// The README's `jg certify 110 -o proofs/n110.bin`, and every other `-o`, from an empty
/// folder: the missing folders are created and the file is there.
#[test]
fn every_output_file_gets_its_missing_folders() {
    let dir = tempfile::tempdir().unwrap();
    let cert = certificates().join("cert-110.bin");
    let cases: [(&[&str], &str); 6] = [
        (
            &["certify", "110", "-o", "proofs/n110.bin"],
            "proofs/n110.bin",
        ),
        (
            &["table", "--to", "12", "-o", "t/a/b.csv", "--format", "csv"],
            "t/a/b.csv",
        ),
        (&["draw", "12", "-o", "d/a/g.svg"], "d/a/g.svg"),
        (&["chain", "12", "--certificate", "c/a/c.txt"], "c/a/c.txt"),
        (&["chain", "12", "-o", "o/a/c.txt"], "o/a/c.txt"),
        (
            &["explain", cert.to_str().unwrap(), "-o", "e/a/x.md"],
            "e/a/x.md",
        ),
    ];
    for (args, file) in cases {
        let output = jg_in(dir.path(), args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "jg {args:?}: {}",
            text(&output.stderr)
        );
        let written = std::fs::metadata(dir.path().join(file)).expect(file);
        assert!(written.len() > 0, "jg {args:?}: {file} is empty");
    }
    // The certificate written is the one `jg verify` accepts.
    let output = jg_in(dir.path(), &["verify", "proofs/n110.bin"]);
    assert!(text(&output.stdout).starts_with("proofs/n110.bin: valid: n=110, second player wins"));
}

/// `jg explain -` reads the certificate from stdin, as `-o -` writes stdout.
#[test]
fn explain_reads_standard_input() {
    let bytes = std::fs::read(certificates().join("cert-110.bin")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(["explain", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let shown = text(&output.stdout);
    assert!(
        shown.starts_with("# Juniper Green, n = 110: the second player wins"),
        "{shown}"
    );
}

/// A reader that stops early (`| head -c 1`) ends the command quietly: exit 0, nothing on
/// stderr (no panic, no backtrace), for text printed by `print!` and by a writer alike.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    let binary = env!("CARGO_BIN_EXE_jg");
    // 1.7 MB, far more than a pipe holds.
    let command = format!("'{binary}' table --method matching --to 2000 --full");
    let script = format!("set -o pipefail; {command} | head -c 1 >/dev/null");
    let output = Command::new("bash").args(["-c", &script]).output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{command}: {stderr}");
    assert!(stderr.is_empty(), "{command}: {stderr}");
    // `jg explain -` cannot print before its input ends: the reader is gone by then, surely.
    let bytes = std::fs::read(certificates().join("cert-117.bin")).unwrap();
    let mut child = Command::new(binary)
        .args(["explain", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "jg explain -: {stderr}");
    assert!(stderr.is_empty(), "jg explain -: {stderr}");
}

/// `jg explain` of a chain certificate names it as one (exit 2: there is no game to explain),
/// of a corrupted chain certificate says invalid (exit 1).
#[test]
fn explain_names_a_chain_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let chain = certificates().join("chains/chain-10.txt");
    let output = jg_in(dir.path(), &["explain", chain.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("a chain certificate (valid: a longest chain of 1..10 has 9"),
        "{stderr}"
    );
    let mut bytes = std::fs::read(&chain).unwrap();
    let at = bytes.len() - 2;
    bytes[at] = b'x';
    std::fs::write(dir.path().join("bad.txt"), &bytes).unwrap();
    let output = jg_in(dir.path(), &["explain", "bad.txt"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("bad.txt: invalid: "));
}

/// `jg theorem`: an invalid certificate in the folder is exit 1, as for `jg verify`; no folder
/// is exit 2 with a hint of `--certificates`.
#[test]
fn theorem_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let output = jg_in(dir.path(), &["theorem"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("--certificates DIR"),
        "{}",
        text(&output.stderr)
    );
    let folder = dir.path().join("certs");
    std::fs::create_dir(&folder).unwrap();
    let mut bytes = std::fs::read(certificates().join("cert-110.bin")).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(folder.join("cert-110.bin"), &bytes).unwrap();
    let output = jg_in(
        dir.path(),
        &["theorem", "--certificates", "certs", "-o", "out/T.md"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("cert-110.bin: invalid: "));
}

/// Copies a folder, recursively (the published certificates, for the README's examples).
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for item in std::fs::read_dir(from).unwrap() {
        let item = item.unwrap();
        let target = to.join(item.file_name());
        match item.file_type().unwrap().is_dir() {
            true => copy_folder(&item.path(), &target),
            false => {
                std::fs::copy(item.path(), &target).unwrap();
            }
        }
    }
}

/// Every `jg` and `jg-verify` line of the README's shell blocks, run as a reader would: in
/// order, by `sh`, from a fresh folder holding a copy of the published certificates, with the
/// binaries on the PATH. Each must exit 0, and each file a line names with `-o` or `>` must be
/// there. (The README's other lines build, install or run hours-long jobs; `jg serve` runs
/// until stopped.)
#[test]
fn every_readme_example_runs_from_a_fresh_folder() {
    let readme = include_str!("../README.md");
    let dir = tempfile::tempdir().unwrap();
    copy_folder(&certificates(), &dir.path().join("certificates"));
    let bin = Path::new(env!("CARGO_BIN_EXE_jg")).parent().unwrap();
    assert!(
        bin.join("jg-verify").exists(),
        "build the workspace: jg-verify is missing"
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (mut inside, mut ran) = (false, 0);
    for line in readme.lines() {
        if line.starts_with("```") {
            inside = line == "```sh";
            continue;
        }
        let command = line.split(" #").next().unwrap().trim();
        if !inside || !(command.starts_with("jg ") || command.starts_with("jg-verify ")) {
            continue;
        }
        // A server runs until Ctrl-C: tests/serve.rs starts `jg serve` itself and stops it.
        if command == "jg serve" || command.starts_with("jg serve ") {
            continue;
        }
        let output = Command::new("sh")
            .args(["-c", command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "`{command}`: {}",
            text(&output.stderr)
        );
        let words: Vec<&str> = command.split_whitespace().collect();
        for pair in words.windows(2).filter(|w| w[0] == "-o" || w[0] == ">") {
            assert!(
                dir.path().join(pair[1]).is_file(),
                "`{command}` wrote no {}",
                pair[1]
            );
        }
        ran += 1;
    }
    assert!(ran >= 20, "only {ran} README lines ran");
}
