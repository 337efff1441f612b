//! `jg chain --certificate`, `--json` with the certificate's figures, and the resumable
//! `--range` that writes the published folder and its b-file.

use std::process::Command;

fn jg(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .output()
        .expect("jg runs")
}

#[test]
fn certificate_is_written_verified_and_reported_in_json() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    let path = dir.join("c.txt");
    let out = jg(&[
        "chain",
        "50",
        "--certificate",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let verdict = jg_verify::chain::check(&bytes).unwrap();
    assert_eq!(json["length"], verdict.length);
    assert_eq!(json["certificate"]["bytes"], bytes.len());
    assert_eq!(json["certificate"]["blake3"], verdict.blake3);
    assert_eq!(json["certificate"]["leaves"], verdict.leaves);
    // Same input, same bytes.
    let again = dir.join("d.txt");
    assert!(
        jg(&["chain", "50", "--certificate", again.to_str().unwrap()])
            .status
            .success()
    );
    assert_eq!(std::fs::read(again).unwrap(), bytes);
}

#[test]
fn range_is_resumable_and_writes_the_b_file() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    let d = dir.to_str().unwrap();
    let first = jg(&["chain", "--range", "1..6", "--out-dir", d]);
    assert!(first.status.success());
    // A bad certificate is replaced, good ones are kept.
    std::fs::write(dir.join("chain-4.txt"), "JGCHAIN1\nn 4\nlength 9\n").unwrap();
    let second = jg(&["chain", "--range", "1..6", "--out-dir", d]);
    let stdout = String::from_utf8(second.stdout).unwrap();
    assert_eq!(
        stdout.lines().filter(|l| l.contains("present")).count(),
        5,
        "{stdout}"
    );
    assert!(stdout.lines().any(|l| l.starts_with("4\t4\t")), "{stdout}");
    let b_file = std::fs::read_to_string(dir.join("a337125.txt")).unwrap();
    let expected: String = (1..=6)
        .map(|n| format!("{n} {}\n", brute_force(n)))
        .collect();
    assert_eq!(b_file, expected);
    for n in 1..=6 {
        let bytes = std::fs::read(dir.join(format!("chain-{n}.txt"))).unwrap();
        assert_eq!(jg_verify::chain::check(&bytes).unwrap().n, n);
    }
}

#[test]
fn bad_range_is_a_usage_error() {
    let out = jg(&["chain", "--range", "9..3"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The one wording of every subcommand's ranges (issue 17).
    assert!(
        stderr.contains("invalid value '9..3' for '--range <A..B>': the range 9..3 is empty"),
        "{stderr}"
    );
}

/// The longest chain of 1..n by trying every chain: the oracle for small n.
fn brute_force(n: usize) -> usize {
    fn walk(n: usize, last: usize, used: &mut Vec<bool>, depth: usize) -> usize {
        let mut best = depth;
        for next in 1..=n {
            if !used[next] && (next.is_multiple_of(last) || last.is_multiple_of(next)) {
                used[next] = true;
                best = best.max(walk(n, next, used, depth + 1));
                used[next] = false;
            }
        }
        best
    }
    (1..=n)
        .map(|start| {
            let mut used = vec![false; n + 1];
            used[start] = true;
            walk(n, start, &mut used, 1)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn help_states_the_limit_and_the_memory() {
    let out = jg(&["chain", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("at most 2^20"), "{help}");
    assert!(help.contains("Memory: "), "{help}");
    assert!(help.contains("one LP of G_N"), "{help}");
}

/// `--from-below`: n = 65 on the certificate of 64 (a(65) = a(64)) proves the length the plain
/// run finds, under a branch on 65; a prime n, a missing file, a certificate of another n, and
/// the flag without `--certificate` are refused with a reason.
#[test]
fn from_below_builds_on_the_certificate_of_n_minus_1() {
    let temporary = tempfile::tempdir().unwrap();
    let path = |name: &str| temporary.path().join(name).to_str().unwrap().to_string();
    let (b64, c65) = (path("b64.txt"), path("c65.txt"));
    assert!(jg(&["chain", "64", "--certificate", &b64]).status.success());
    let out = jg(&["chain", "65", "--certificate", &c65, "--from-below", &b64]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&c65).unwrap();
    let verdict = jg_verify::chain::check(&bytes).unwrap();
    let plain = jg(&["chain", "65", "--format", "json"]);
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_eq!((verdict.n, verdict.graph), (65, 65));
    assert_eq!(plain["length"], verdict.length);
    assert!(String::from_utf8(bytes)
        .unwrap()
        .contains("\ntree\nbranch y 65\n"));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with(&format!(
        "n = 65: a longest chain has {} numbers",
        verdict.length
    )));
    assert!(stdout.contains(&format!("certificate {c65}: ")), "{stdout}");

    let refused = |args: &[&str], reason: &str| {
        let out = jg(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    };
    let c = path("c.txt");
    let b66 = path("b66.txt");
    assert!(jg(&["chain", "66", "--certificate", &b66]).status.success());
    refused(
        &["chain", "67", "--certificate", &c, "--from-below", &b66],
        "67 changes which numbers the reduction keeps",
    );
    refused(
        &[
            "chain",
            "66",
            "--certificate",
            &c,
            "--from-below",
            &path("none.txt"),
        ],
        "cannot read",
    );
    refused(
        &["chain", "66", "--certificate", &c, "--from-below", &b64],
        "must prove n − 1 = 65",
    );
    refused(
        &["chain", "66", "--from-below", &b64],
        "--certificate <FILE>",
    );
    assert!(!std::path::Path::new(&c).exists());
}

/// `jg chain --help` ends by naming the LP solver of the binary at hand (README, "Which
/// build"): microlp in a default build, HiGHS with the cargo feature `highs`.
#[test]
fn help_names_the_lp_solver_of_the_build() {
    let out = jg(&["chain", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let solver = if cfg!(feature = "highs") {
        "LP solver of this binary: HiGHS"
    } else {
        "LP solver of this binary: microlp (pure Rust"
    };
    assert!(help.contains(solver), "{help}");
}
