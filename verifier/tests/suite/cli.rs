//! The `jg-verify` binary: one line per file on stdout, errors on stderr, the exit codes of
//! spec.md §4.9 (0 valid, 1 invalid, 2 usage or I/O, 3 refused by a limit), `--covers`.

use crate::common::*;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::Command;

struct Run {
    out: String,
    err: String,
    code: i32,
}

fn run(args: &[&OsStr]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_jg-verify")).args(args).output().unwrap();
    Run {
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().expect("exited, not killed by a signal"),
    }
}

/// A valid closed pairing for n (the brute-force matching's closure is all paired there).
fn closed(n: u64, free: bool) -> Vec<u8> {
    closed_certificate(&mut Game::new(n, free)).expect("closed").0
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn valid_invalid_and_missing_files() {
    let dir = tempfile::tempdir().unwrap();
    let (bytes, first, positions) = closed_certificate(&mut Game::new(14, false)).unwrap();
    let valid = write(dir.path(), "cert-14.bin", &bytes);
    let invalid = write(dir.path(), "bad.bin", &bytes[..bytes.len() - 1]);
    let missing = dir.path().join("missing.bin");

    let result = run(&[valid.as_os_str()]);
    let winner = if first { "first" } else { "second" };
    let hash = blake3::hash(&bytes).to_hex();
    let expected =
        format!("valid: n=14, {winner} player wins, {positions} positions, blake3 {hash}");
    assert_eq!(result.out, format!("{}: {expected}\n", valid.display()));
    assert_eq!((result.err.as_str(), result.code), ("", 0));

    let result = run(&[valid.as_os_str(), invalid.as_os_str()]);
    let lines: Vec<&str> = result.out.lines().collect();
    let prefix = format!("{}: invalid: header at byte", invalid.display());
    assert!(lines[1].starts_with(&prefix), "{}", result.out);
    assert_eq!((lines.len(), result.code), (2, 1));

    // Unreadable files are errors, on stderr; an invalid file still decides the exit code.
    let result = run(&[missing.as_os_str(), dir.path().as_os_str()]);
    assert_eq!(result.out, "");
    let errors: Vec<&str> = result.err.lines().collect();
    assert!(errors[0].starts_with(&format!("{}: error: ", missing.display())), "{}", result.err);
    assert!(errors[1].starts_with(&format!("{}: error: ", dir.path().display())));
    assert_eq!(result.code, 2);
    assert_eq!(run(&[invalid.as_os_str(), missing.as_os_str()]).code, 1);
}

#[test]
fn usage_errors_exit_2_and_help_and_version_exit_0() {
    assert_eq!(run(&[]).code, 2);
    assert_eq!(run(&["--max-positions".as_ref()]).code, 2);
    assert_eq!(run(&["--max-work".as_ref(), "lots".as_ref(), "x".as_ref()]).code, 2);
    let unknown = run(&["--max-postions".as_ref(), "5".as_ref(), "x".as_ref()]);
    assert_eq!(unknown.code, 2);
    assert!(unknown.err.contains("--max-positions"), "a did-you-mean tip: {}", unknown.err);
    let version = run(&["--version".as_ref()]);
    assert_eq!((version.out.trim(), version.code), ("jg-verify 0.1.0", 0));
    let help = run(&["--help".as_ref()]);
    assert_eq!(help.code, 0);
    for needle in
        ["Exit codes:", "[default: 1024]", "[default: 3000000000]", "--covers <A..B>", "refused"]
    {
        assert!(help.out.contains(needle), "help lacks {needle}: {}", help.out);
    }
}

#[test]
fn a_limit_is_a_refusal_not_a_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "cert.bin", &closed(16, false));
    let result = run(&["--max-positions".as_ref(), "5".as_ref(), path.as_os_str()]);
    let expected = format!("{}: refused: position limit: more than 5 numbers", path.display());
    assert!(result.out.starts_with(&expected), "{}", result.out);
    assert_eq!(result.code, 3);
    // A refuted file outranks a refused one.
    let bad = write(dir.path(), "bad.bin", b"JUNIPERG");
    assert_eq!(
        run(&["--max-positions".as_ref(), "5".as_ref(), path.as_os_str(), bad.as_os_str()]).code,
        1
    );
}

/// `--max-memory-mib` reaches the check: with 0 MiB even a 14-number closed pairing is refused
/// (exit 3), with 1 MiB the same file is valid.
#[test]
fn the_memory_option_is_the_bound_the_check_uses() {
    let published = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/cert-14.bin");
    let result = run(&["--max-memory-mib".as_ref(), "0".as_ref(), published.as_os_str()]);
    let expected = format!("{}: refused: memory limit: ", published.display());
    assert!(result.out.starts_with(&expected), "{}", result.out);
    assert_eq!(result.code, 3);
    assert_eq!(run(&["--max-memory-mib".as_ref(), "1".as_ref(), published.as_os_str()]).code, 0);
}

/// `--max-work` and `--max-positions` reach the checks: the published closed pairing for n = 14
/// is refused with one step of work, valid with room; a position bound below its closure
/// refuses it too.
#[test]
fn the_work_and_position_options_are_the_bounds_the_check_uses() {
    let published = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/cert-14.bin");
    let with =
        |option: &str, value: &str| run(&[option.as_ref(), value.as_ref(), published.as_os_str()]);
    let refused = with("--max-work", "1");
    let expected = format!("{}: refused: work limit: the moves from ", published.display());
    assert!(refused.out.starts_with(&expected), "{}", refused.out);
    assert_eq!(refused.code, 3);
    assert_eq!(with("--max-work", "1000").code, 0);
    let refused = with("--max-positions", "3");
    assert!(
        refused.out.contains(": refused: position limit: more than 3 numbers"),
        "{}",
        refused.out
    );
    assert_eq!(refused.code, 3);
}

#[test]
fn paths_that_are_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let name = OsStr::from_bytes(b"cert-\xff.bin");
    let path = dir.path().join(name);
    std::fs::write(&path, closed(12, false)).unwrap();
    let result = run(&[path.as_os_str()]);
    assert_eq!(result.code, 0, "{}{}", result.out, result.err);
    assert!(result.out.contains(": valid: n=12, "), "{}", result.out);
    let missing = dir.path().join(OsStr::from_bytes(b"\xfe.bin"));
    assert_eq!(run(&[missing.as_os_str()]).code, 2);
}

#[test]
fn a_file_named_for_another_n_warns_and_expect_n_fails() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "cert-15.bin", &closed(14, false));
    let result = run(&[path.as_os_str()]);
    assert_eq!(result.code, 0);
    let warning =
        format!("{}: warning: the file name says n=15 but it proves n=14, ", path.display());
    assert!(result.err.starts_with(&warning), "{}", result.err);
    let result = run(&["--expect-n".as_ref(), "15".as_ref(), path.as_os_str()]);
    assert_eq!(result.code, 1);
    assert!(
        result.err.contains("error: expected a proof for n=15, but it proves n=14"),
        "{}",
        result.err
    );
    assert_eq!(run(&["--expect-n".as_ref(), "14".as_ref(), path.as_os_str()]).code, 0);
}

/// `--expect-n` against an interval certificate (n = 39..41): accepted exactly inside it.
#[test]
fn expect_n_holds_an_interval_certificate_to_its_range() {
    let published = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/cert-39-41.bin");
    for (n, code) in [(38, 1), (39, 0), (40, 0), (41, 0), (42, 1)] {
        let n = n.to_string();
        let result = run(&["--expect-n".as_ref(), OsStr::new(&n), published.as_os_str()]);
        assert_eq!(result.code, code, "n = {n}: {}{}", result.out, result.err);
    }
}

#[test]
fn covers_states_the_theorem_or_names_the_first_gap_or_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for n in 1..=12 {
        let bytes = closed(n, false);
        paths.push(write(dir.path(), &format!("cert-{n}.bin"), &bytes));
    }
    let args = |range: &str, paths: &[std::path::PathBuf]| {
        let mut args: Vec<std::ffi::OsString> = vec!["--covers".into(), range.into()];
        args.extend(paths.iter().map(|p| p.clone().into_os_string()));
        args
    };
    let os =
        |args: &[std::ffi::OsString]| run(&args.iter().map(|a| a.as_os_str()).collect::<Vec<_>>());
    let result = os(&args("1..12", &paths));
    assert_eq!(result.code, 0, "{}", result.err);
    let statement = result.out.lines().last().unwrap();
    // The second player wins n = 1, 2, 4..7, 9..11 (a brute-force minimax says the same).
    let seconds: Vec<u64> = (1..=12).filter(|&n| !Game::new(n, false).first_wins()).collect();
    assert_eq!(seconds, [1, 2, 4, 5, 6, 7, 9, 10, 11]);
    let bytes: u64 = paths.iter().map(|p| std::fs::metadata(p).unwrap().len()).sum();
    let expected = format!(
        "covers n=1..12: the second player wins exactly for n = 1, 2, 4..7, 9..11; the first \
         player wins every other n (even opening; 12 files, {bytes} bytes)"
    );
    assert_eq!(statement, expected);

    let result = os(&args("1..13", &paths));
    assert_eq!(result.code, 1);
    assert_eq!(
        result.out.lines().last().unwrap(),
        "covers n=1..13: fails: n=13 is proved by no file"
    );
    let mut gap = paths.clone();
    gap.remove(6);
    let result = os(&args("1..12", &gap));
    assert_eq!(
        result.out.lines().last().unwrap(),
        "covers n=1..12: fails: n=7 is proved by no file"
    );

    // A lying file: the 8-board proof relabelled as n = 9 (where the second player wins) cannot
    // pass the verifier; a valid free-opening file cannot be mixed with even-opening ones.
    let free = write(dir.path(), "free-3.bin", &closed(3, true));
    let mut mixed = paths.clone();
    mixed.push(free.clone());
    let result = os(&args("1..12", &mixed));
    assert_eq!(result.code, 1);
    assert!(
        result.out.lines().last().unwrap().contains("use different opening rules"),
        "{}",
        result.out
    );
}

#[test]
fn chain_certificates_are_checked_by_the_same_command() {
    let dir = tempfile::tempdir().unwrap();
    let published = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../certificates/chains/chain-30.txt");
    let bytes = std::fs::read(&published).unwrap();
    let valid = write(dir.path(), "chain-30.txt", &bytes);
    let result = run(&[valid.as_os_str()]);
    assert_eq!(result.code, 0, "{}{}", result.out, result.err);
    let prefix = format!("{}: valid: a longest chain of 1..30 has ", valid.display());
    assert!(result.out.starts_with(&prefix), "{}", result.out);
    // Drop the last line (part of the proof): the same command refutes it, exit 1.
    let text = String::from_utf8(bytes).unwrap();
    let cut = text.trim_end().rsplit_once('\n').unwrap().0.to_string() + "\n";
    let broken = write(dir.path(), "broken.txt", cut.as_bytes());
    let result = run(&[broken.as_os_str()]);
    assert_eq!(result.code, 1, "{}", result.out);
    assert!(result.out.starts_with(&format!("{}: invalid: ", broken.display())), "{}", result.out);
}

/// Runs `jg-verify ARGS` under a shell's address-space limit (`ulimit -v`, in KiB), killed
/// after `seconds` if it has not ended; `None` when it had to be killed.
fn run_limited(kib: u64, seconds: u64, args: &str) -> Option<Run> {
    let binary = env!("CARGO_BIN_EXE_jg-verify");
    let script = format!("ulimit -v {kib} && exec '{binary}' {args}");
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    Some(Run {
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().expect("exited, not killed by a signal"),
    })
}

/// An endless input is refused from its first bytes: `/dev/zero` under a 1 GiB address space
/// is no certificate at once (exit 2), not read. (The deadline is generous for a shared
/// machine; the read stops after its first kilobyte.)
#[test]
fn an_endless_input_is_refused_from_its_magic() {
    let result = run_limited(1 << 20, 20, "/dev/zero").expect("jg-verify /dev/zero ended");
    assert_eq!(result.code, 2, "{}{}", result.out, result.err);
    assert!(result.err.starts_with("/dev/zero: error: not a certificate"), "{}", result.err);
}

/// Bytes that start as neither kind of certificate (a text file, a flipped magic) are not a
/// proof at all: an error (exit 2, on stderr, status `error` in JSON), as `jg verify` says,
/// and the other files are still checked; a certificate cut short within its magic is still a
/// certificate, invalid (issue 40: `jg-verify README.md` said invalid, exit 1).
#[test]
fn what_is_no_certificate_is_an_error_not_an_invalid_proof() {
    let dir = tempfile::tempdir().unwrap();
    let valid = write(dir.path(), "cert-14.bin", &closed(14, false));
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let flipped = write(dir.path(), "flipped.bin", b"JUNIPERX and more");
    for other in [readme.as_path(), &flipped] {
        let result = run(&[other.as_os_str(), valid.as_os_str()]);
        let expected = format!(
            "{}: error: not a certificate (a certificate starts with JUNIPERG, a chain certificate \
             with JGCHAIN1); nothing checked\n",
            other.display()
        );
        assert_eq!((result.code, result.err), (2, expected));
        assert!(result.out.starts_with(&format!("{}: valid: ", valid.display())), "{}", result.out);
        let json = run(&["--format".as_ref(), "json".as_ref(), other.as_os_str()]);
        assert_eq!(json.code, 2);
        assert!(
            json.out.contains(r#""status":"error","reason":"not a certificate"#),
            "{}",
            json.out
        );
    }
    for start in [&b"JUNIPER"[..], b"JGCHA", b""] {
        let cut = write(dir.path(), "cut.bin", start);
        let result = run(&[cut.as_os_str()]);
        assert_eq!(result.code, 1, "{start:?}: {}{}", result.out, result.err);
        assert!(result.out.contains(": invalid: "), "{}", result.out);
    }
}

/// A header that announces more bytes than the memory bound: the file is refused after at most
/// the bound is read; under an address space smaller than the bound, refused as well (never
/// an abort); a kind 2 header announcing more than any closed pairing for its n can hold is
/// invalid before the body is read. The files are sparse: 16 GiB on disk costs nothing.
#[test]
fn a_huge_file_is_read_only_up_to_the_memory_bound() {
    let dir = tempfile::tempdir().unwrap();
    let huge = |kind: u32, n: u64, name: &str| {
        let mut bytes = certificate(n, false, true, kind, &[]);
        bytes[BODY - 40..BODY - 32].copy_from_slice(&(1u64 << 40).to_le_bytes());
        let path = write(dir.path(), name, &bytes);
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(16 << 30).unwrap();
        path
    };
    let openings = huge(4, 100, "openings.bin");
    let quoted = format!("--max-memory-mib 64 '{}'", openings.display());
    let result = run_limited(1 << 20, 60, &quoted).expect("ended");
    assert_eq!(result.code, 3, "{}{}", result.out, result.err);
    assert!(result.out.contains("refused: memory limit: the file has more than 67108864 bytes"));
    // The default bound (8 GiB) is over the address space: refused, not an abort.
    let result = run_limited(1 << 20, 60, &format!("'{}'", openings.display())).expect("ended");
    assert_eq!(result.code, 3, "{}{}", result.out, result.err);
    assert!(result.out.contains("refused: memory limit"), "{}", result.out);
    let pairing = huge(2, 100, "pairing.bin");
    let result = run_limited(1 << 20, 20, &format!("'{}'", pairing.display())).expect("ended");
    assert_eq!(result.code, 1, "{}{}", result.out, result.err);
    let expected = "body_len is 1099511627776: a certificate of kind 2 for n = 100 has at most 110";
    assert!(result.out.contains(expected), "{}", result.out);
}

/// A file longer than its header says is invalid, whether by a few bytes (counted exactly, as
/// the library counts them) or by far more (named without reading the rest).
#[test]
fn trailing_bytes_are_invalid_however_many() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = closed(14, false);
    let length = bytes.len();
    bytes.extend([0; 3]);
    let path = write(dir.path(), "few.bin", &bytes);
    let result = run(&[path.as_os_str()]);
    assert_eq!(result.code, 1);
    let expected = format!("the file has {} bytes, its header announces {length}", length + 3);
    assert!(result.out.contains(&expected), "{}", result.out);
    bytes.resize(length + (1 << 20), 0);
    let path = write(dir.path(), "many.bin", &bytes);
    let result = run(&[path.as_os_str()]);
    assert_eq!(result.code, 1);
    // Past 4096 bytes more, the rest is not read: "more than" the bytes read.
    let (at, read) = (BODY - 40, length + 4096);
    let expected = format!("header at byte {at}: the file has more than {read} bytes, its header");
    assert!(result.out.contains(&expected), "{}", result.out);
}

/// One position is `1 position` (cert-2 and cert-3; issue 40 read `1 positions`), two or more
/// are `positions`.
#[test]
fn one_position_is_singular() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates");
    let (two, four) = (dir.join("cert-2.bin"), dir.join("cert-4.bin"));
    let result = run(&[two.as_os_str(), four.as_os_str()]);
    let lines: Vec<&str> = result.out.lines().collect();
    assert_eq!((result.code, lines.len()), (0, 2), "{}", result.out);
    assert!(
        lines[0].contains(": valid: n=2, second player wins, 1 position, blake3 "),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains(" positions, blake3 ") && !lines[1].contains(" 1 position"));
}

/// `-` reads standard input, as `-o -` writes standard output.
#[test]
fn a_dash_reads_standard_input() {
    use std::io::Write;
    let bytes = closed(14, false);
    let mut child = Command::new(env!("CARGO_BIN_EXE_jg-verify"))
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.starts_with("-: valid: n=14, "), "{out}");
}

/// `-q` leaves out the line of each valid file: an invalid file's line still prints.
#[test]
fn quiet_prints_only_the_failures() {
    let dir = tempfile::tempdir().unwrap();
    let valid = write(dir.path(), "cert-14.bin", &closed(14, false));
    let result = run(&["-q".as_ref(), valid.as_os_str()]);
    assert_eq!((result.code, result.out.as_str(), result.err.as_str()), (0, "", ""));
    let bad = write(dir.path(), "bad.bin", b"JUNIPERG");
    let result = run(&["-q".as_ref(), valid.as_os_str(), bad.as_os_str()]);
    assert_eq!(result.code, 1);
    assert_eq!(result.out.lines().count(), 1, "{}", result.out);
    assert!(result.out.starts_with(&format!("{}: invalid: ", bad.display())));
}

/// A reader that closes the pipe ends the printing quietly: no panic, and the exit code is
/// still the verdict (here 1, for the invalid file at the end).
#[test]
fn a_closed_pipe_ends_the_lines_not_the_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let valid = write(dir.path(), "cert-14.bin", &closed(14, false));
    let bad = write(dir.path(), "bad.bin", b"JUNIPERG");
    let many = vec![format!("'{}'", valid.display()); 2000].join(" ");
    let binary = env!("CARGO_BIN_EXE_jg-verify");
    let script = format!("'{binary}' {many} '{}' | true; echo \"$?\"", bad.display());
    let script = format!("set -o pipefail 2>/dev/null; {script}");
    let output = Command::new("bash").args(["-c", &script]).output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{err}");
    assert_eq!(String::from_utf8(output.stdout).unwrap().trim(), "1");
}

/// `--whole-line` prints a rejection's whole line of play; without it a long line is summed up
/// by its length and ends (text and JSON alike).
#[test]
fn whole_line_prints_the_line_of_play_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (bytes, line) = crate::closure::long_line_certificate();
    let path = write(dir.path(), "long.bin", &bytes);
    let words = |numbers: &[u64]| numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let len = line.len() - 1;
    let short = run(&[path.as_os_str()]);
    assert_eq!(short.code, 1);
    assert!(
        short.out.contains(&format!(" … {} (a line of {len} numbers)", words(&line[len - 4..len]))),
        "{}",
        short.out
    );
    let whole = run(&["--whole-line".as_ref(), path.as_os_str()]);
    assert_eq!(whole.code, 1);
    assert!(
        whole.out.contains(&format!("move after {}: the pairing", words(&line[..len]))),
        "{}",
        whole.out
    );
    let json =
        run(&["--whole-line".as_ref(), "--format".as_ref(), "json".as_ref(), path.as_os_str()]);
    assert!(
        json.out.contains(&format!("move after {}: the pairing", words(&line[..len]))),
        "{}",
        json.out
    );
}

/// A chain certificate is checked under the same `--max-*` bounds: below them it is refused
/// (exit 3), not judged.
#[test]
fn a_chain_certificate_past_a_bound_is_refused() {
    let published =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates/chains/chain-30.txt");
    for (option, what) in
        [("--max-work", "work limit: the graph takes"), ("--max-memory-mib", "memory limit: ")]
    {
        let result = run(&[option.as_ref(), "0".as_ref(), published.as_os_str()]);
        assert_eq!(result.code, 3, "{}", result.out);
        let expected = format!("{}: refused: {what}", published.display());
        assert!(result.out.starts_with(&expected), "{}", result.out);
    }
    assert_eq!(run(&["--max-work".as_ref(), "10000".as_ref(), published.as_os_str()]).code, 0);
}

/// `--covers` with `-q` prints the statement, holding or failing, and no valid file's line
/// (as its help says; `jg verify -q` prints it too: issue 40); with
/// `--format json` the statement is one object `covers`, `holds`, then `statement`, `failure`
/// or `reason` (spec.md §4.9), in that order of keys.
#[test]
fn the_covers_statement_quiet_and_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let paths: Vec<_> =
        (1..=3).map(|n| write(dir.path(), &format!("cert-{n}.bin"), &closed(n, false))).collect();
    let with = |extra: &[&str], paths: &[std::path::PathBuf]| {
        let mut args: Vec<&OsStr> = extra.iter().map(OsStr::new).collect();
        args.extend(paths.iter().map(|p| p.as_os_str()));
        run(&args)
    };
    let quiet = with(&["-q", "--covers", "1..3"], &paths);
    let statement =
        "the second player wins exactly for n = 1, 2; the first player wins every other n";
    let bytes: u64 = paths.iter().map(|p| std::fs::metadata(p).unwrap().len()).sum();
    let line = format!("covers n=1..3: {statement} (even opening; 3 files, {bytes} bytes)\n");
    assert_eq!((quiet.code, quiet.out.as_str(), quiet.err.as_str()), (0, line.as_str(), ""));
    let quiet = with(&["-q", "--covers", "1..4"], &paths);
    assert_eq!(quiet.code, 1);
    assert_eq!(quiet.out, "covers n=1..4: fails: n=4 is proved by no file\n");
    let json = with(&["--format", "json", "--covers", "1..3"], &paths);
    assert_eq!(
        json.out.lines().last().unwrap(),
        format!(
            r#"{{"covers":{{"from":1,"to":3}},"holds":true,"statement":"{statement} (even opening; 3 files, {bytes} bytes)"}}"#
        )
    );
    let json = with(&["--format", "json", "-q", "--covers", "1..4"], &paths);
    assert_eq!(
        (json.code, json.out.as_str()),
        (1, "{\"covers\":{\"from\":1,\"to\":4},\"holds\":false,\"failure\":\"n=4 is proved by no file\"}\n")
    );
    let bad = write(dir.path(), "bad.bin", b"JUNIPERG");
    let json = with(&["--format", "json", "--covers", "1..3"], &[paths[0].clone(), bad]);
    assert_eq!(json.code, 1);
    assert_eq!(
        json.out.lines().last().unwrap(),
        r#"{"covers":{"from":1,"to":3},"holds":null,"reason":"not checked, as some files were not accepted"}"#
    );
    assert_eq!(json.err, "");
}

/// `--format json`: a valid file's object carries the fields of its text line, in the order of
/// spec.md §4.9 (a free-opening claim says so); a file that misses `--expect-n` is one object
/// with status `unexpected` and nothing on stderr, while the text report prints its valid line
/// and the error on stderr.
#[test]
fn json_objects_carry_the_claim_and_expect_n() {
    let dir = tempfile::tempdir().unwrap();
    let free = write(dir.path(), "free.bin", &closed(12, true));
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../certificates");
    let (interval, openings) =
        (folder.join("cert-39-41.bin"), folder.join("openings/cert-14-openings.bin"));
    let chain = folder.join("chains/chain-10.txt");
    let json = run(&[
        "--format".as_ref(),
        "json".as_ref(),
        free.as_os_str(),
        interval.as_os_str(),
        openings.as_os_str(),
        chain.as_os_str(),
    ]);
    assert_eq!(json.code, 0, "{}", json.err);
    let hash = |path: &Path| blake3::hash(&std::fs::read(path).unwrap()).to_hex().to_string();
    let lines: Vec<&str> = json.out.lines().collect();
    let positions = |line: &str| {
        line.split("\"positions\":").nth(1).unwrap().split(',').next().unwrap().to_string()
    };
    assert_eq!(
        lines[0],
        format!(
            r#"{{"path":"{}","status":"valid","n":12,"n_last":12,"free_opening":true,"kind":"closed-pairing","winner":"first","positions":{},"blake3":"{}"}}"#,
            free.display(),
            positions(lines[0]),
            hash(&free)
        )
    );
    assert!(lines[1].contains(r#""n":39,"n_last":41,"free_opening":false,"kind":"interval-closed-pairing","winner":"first","#), "{}", lines[1]);
    assert!(
        lines[2].contains(r#""kind":"openings","winning_openings":[2,4,6,8,12],"positions":"#),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        format!(
            r#"{{"path":"{}","status":"valid","kind":"chain","n":10,"length":9,"graph":10,"cuts":0,"leaves":1,"blake3":"{}"}}"#,
            chain.display(),
            hash(&chain)
        )
    );
    let unexpected = run(&[
        "--format".as_ref(),
        "json".as_ref(),
        "--expect-n".as_ref(),
        "13".as_ref(),
        free.as_os_str(),
    ]);
    assert_eq!((unexpected.code, unexpected.err.as_str()), (1, ""));
    assert_eq!(unexpected.out, format!("{{\"path\":\"{}\",\"status\":\"unexpected\",\"reason\":\"expected a proof for n=13, but it proves n=12, free opening, first player wins\"}}\n", free.display()));
    let text = run(&["--expect-n".as_ref(), "13".as_ref(), free.as_os_str()]);
    assert_eq!(text.code, 1);
    assert!(text.out.starts_with(&format!(
        "{}: valid: n=12, free opening, first player wins, ",
        free.display()
    )));
    assert_eq!(text.err, format!("{}: error: expected a proof for n=13, but it proves n=12, free opening, first player wins\n", free.display()));
}
