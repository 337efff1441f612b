//! `jg oeis`: the committed b-files of certificates/oeis/ are what the command writes now from the
//! certificates (regenerated into a temporary folder and compared byte for byte: run `jg oeis`
//! and commit when this fails); their terms agree with independent methods (the matching engine
//! for the openings, the chain folder's own b-file); and a corrupted certificate in any of the
//! three folders makes the command refuse, name the file and write nothing.

use juniper_green::engines::matching;
use juniper_green::OpeningRule;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn jg_oeis(extra: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jg"))
        .current_dir(root())
        .arg("oeis")
        .args(extra)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

/// The `n a(n)` lines of a b-file, comments left out.
fn terms(path: &Path) -> Vec<(u64, u64)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (n, a) = line.split_once(' ').expect("`n a(n)`");
            (n.parse().unwrap(), a.parse().unwrap())
        })
        .collect()
}

#[test]
fn the_committed_b_files_are_what_jg_oeis_writes() {
    let temporary = tempfile::tempdir().unwrap();
    let output = jg_oeis(&[], temporary.path());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut compared = Vec::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let written = PathBuf::from(line.strip_prefix("wrote ").expect("a `wrote PATH` line"));
        let name = written.file_name().unwrap().to_string_lossy().into_owned();
        let committed = std::fs::read(root().join("certificates/oeis").join(&name))
            .unwrap_or_else(|_| panic!("certificates/oeis/{name} is not committed"));
        assert!(
            std::fs::read(&written).unwrap() == committed,
            "certificates/oeis/{name} differs from what `jg oeis` writes now: run it and commit"
        );
        compared.push(name);
    }
    assert_eq!(
        compared,
        [
            "second-player-wins.txt",
            "winning-openings.txt",
            "smallest-winning-opening.txt",
            "b337125.txt"
        ]
    );
}

#[test]
fn the_terms_agree_with_the_matching_engine_and_the_chain_folder() {
    let oeis = root().join("certificates/oeis");
    let count = terms(&oeis.join("winning-openings.txt"));
    let smallest = terms(&oeis.join("smallest-winning-opening.txt"));
    assert!(count.len() >= 128, "the openings folder covers n = 1..128");
    let engine = matching::solve_range(1, count.len() as u64, OpeningRule::Even);
    for ((outcome, &(n, c)), &(m, s)) in engine.iter().zip(&count).zip(&smallest) {
        assert_eq!((n, m), (outcome.n, outcome.n));
        assert_eq!(c, outcome.winning_openings.len() as u64, "n = {n}");
        assert_eq!(
            s,
            outcome.winning_openings.first().copied().unwrap_or(0),
            "n = {n}"
        );
    }
    // The second-player n: 44 of them, exactly the n where no opening wins (up to 128), and
    // the same list the matching engine gives up to 300.
    let second: Vec<u64> = terms(&oeis.join("second-player-wins.txt"))
        .into_iter()
        .enumerate()
        .map(|(i, (k, n))| {
            assert_eq!(k, i as u64 + 1);
            n
        })
        .collect();
    assert_eq!(second.len(), 44);
    let no_winning: Vec<u64> = count.iter().filter(|t| t.1 == 0).map(|t| t.0).collect();
    assert_eq!(second, no_winning);
    let by_engine: Vec<u64> = matching::solve_range(1, 300, OpeningRule::Even)
        .into_iter()
        .filter(|o| o.winning_openings.is_empty())
        .map(|o| o.n)
        .collect();
    assert_eq!(second, by_engine);
    // A337125: the chain folder's b-file (written by `jg chain --range`) has the same terms.
    let chains = terms(&oeis.join("b337125.txt"));
    assert_eq!(
        chains,
        terms(&root().join("certificates/chains/a337125.txt"))
    );
    assert_eq!(chains.len(), 1000);
    assert_eq!(chains[99], (100, 77));
    assert_eq!(chains[999], (1000, 666));
}

/// Copies the files of `from` whose names pass `keep` into a new temporary folder.
fn copy(from: &str, keep: impl Fn(&str) -> bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for item in std::fs::read_dir(root().join(from)).unwrap() {
        let path = item.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_file() && keep(&name) {
            std::fs::copy(&path, dir.path().join(&name)).unwrap();
        }
    }
    dir
}

/// Runs `jg oeis` with one folder replaced, and checks that it refuses, names `file` and writes
/// nothing.
fn refuses(flag: &str, folder: &Path, file: &str) {
    let temporary = tempfile::tempdir().unwrap();
    let out = temporary.path().join("oeis");
    let output = jg_oeis(&[flag, folder.to_str().unwrap()], &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(file), "{stderr}");
    assert!(stderr.contains("no b-file written"), "{stderr}");
    assert!(!out.exists(), "nothing may be written");
}

#[test]
fn a_corrupted_certificate_in_any_folder_is_refused_and_nothing_is_written() {
    // The openings of n = 60: one bit of its body flipped.
    let openings = copy("certificates/openings", |name| name.ends_with(".bin"));
    let victim = openings.path().join("cert-60-openings.bin");
    let mut bytes = std::fs::read(&victim).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&victim, bytes).unwrap();
    refuses("--openings", openings.path(), "cert-60-openings.bin");

    // A chain certificate that claims one number more than it proves.
    let chains = copy("certificates/chains", |name| {
        ["chain-1.txt", "chain-2.txt", "chain-3.txt", "chain-10.txt"].contains(&name)
    });
    let victim = chains.path().join("chain-10.txt");
    let text = std::fs::read_to_string(&victim).unwrap();
    let length = text.lines().find(|l| l.starts_with("length ")).unwrap();
    let more: u64 = length["length ".len()..].parse::<u64>().unwrap() + 1;
    std::fs::write(&victim, text.replace(length, &format!("length {more}"))).unwrap();
    refuses("--chains", chains.path(), "chain-10.txt");

    // The theorem folder with the certificate of n = 117 (a second-player win) cut short.
    let theorem = copy("certificates", |name| name.ends_with(".bin"));
    let victim = theorem.path().join("cert-117.bin");
    let bytes = std::fs::read(&victim).unwrap();
    std::fs::write(&victim, &bytes[..bytes.len() - 3]).unwrap();
    refuses("--certificates", theorem.path(), "cert-117.bin");

    // A file renamed to another n is refused too: its claim is not what its name says.
    let renamed = copy("certificates/openings", |name| name.ends_with(".bin"));
    std::fs::rename(
        renamed.path().join("cert-61-openings.bin"),
        renamed.path().join("cert-62-openings.bin"),
    )
    .unwrap();
    refuses("--openings", renamed.path(), "cert-62-openings.bin");
}

/// A337125's b-file speaks in OEIS's words, like the b-files of the counts: the title line, one
/// comment in plain words (no command, no path), then the terms.
#[test]
fn the_a337125_b_file_has_the_header_of_an_oeis_b_file() {
    let text = std::fs::read_to_string(root().join("certificates/oeis/b337125.txt")).unwrap();
    let comments: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(comments.len(), 2, "{comments:?}");
    assert_eq!(comments[0], "# A337125: Table of n, a(n) for n = 1..1000");
    for line in &comments {
        assert!(
            !line.contains("jg") && !line.contains(".txt") && !line.contains('/'),
            "{line}"
        );
    }
    assert!(text.lines().take(2).all(|l| l.starts_with('#')));
}

/// `jg oeis --games-after`: the b-files of n = 1..9 extended by a CSV of `jg count` for
/// n = 10..12 are the files `--games-to 12` writes, byte for byte; a CSV that starts at an n
/// already in the files is refused and nothing is written.
#[test]
fn the_b_files_extended_after_their_last_n_are_those_counted_whole() {
    let (whole, part) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    for (dir, to) in [(&whole, "12"), (&part, "9")] {
        let output = jg_oeis(&["--games-to", to], dir.path());
        assert!(output.status.success(), "{output:?}");
    }
    let count = |range: &str, csv: &Path| {
        let output = Command::new(env!("CARGO_BIN_EXE_jg"))
            .args([
                "count",
                "--range",
                range,
                "--by-opening",
                "--format",
                "csv",
                "-o",
            ])
            .arg(csv)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
    };
    let (rows, early) = (part.path().join("rows.csv"), part.path().join("early.csv"));
    count("10..12", &rows);
    count("9..12", &early);
    let a44 = part.path().join("b348844.txt");
    let before = std::fs::read(&a44).unwrap();
    let refused = jg_oeis(&["--games-after", early.to_str().unwrap()], part.path());
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("n = 10 expected"));
    assert_eq!(std::fs::read(&a44).unwrap(), before);
    let output = jg_oeis(&["--games-after", rows.to_str().unwrap()], part.path());
    assert!(output.status.success(), "{output:?}");
    for name in ["b348842.txt", "b348843.txt", "b348844.txt"] {
        let read = |dir: &Path| std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(read(part.path()), read(whole.path()), "{name}");
    }
}
