//! What a new user met trying every README line and bad inputs (issue 40), a test a point:
//! `-o -` writes stdout for `jg chain` too, and `-o` is the printed output there as everywhere
//! (the proof is `--certificate`); the folder commands outside the repository exit 2 with a
//! hint; `jg verify` refuses a folder and a file that is no certificate (exit 2) and `-q` keeps
//! its results; an empty place in `--after` is refused; `jg explain` names the path it was given,
//! says the opening once, counts "1 position", and past its divisor table says so
//! and gives factorisations; `jg schemes` says from where it counts.

use std::path::Path;
use std::process::Command;

fn jg_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the jg binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn jg(args: &[&str]) -> (i32, String, String) {
    jg_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

#[test]
fn chain_dash_o_dash_writes_stdout_and_certificate_names_the_proof() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = jg_in(dir.path(), &["chain", "20", "-o", "-"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("n = 20: a longest chain has 17 numbers"),
        "{out}"
    );
    assert!(!dir.path().join("-").exists(), "a file named - was written");
    // -o FILE holds what is printed (here the JSON); --certificate FILE the proof.
    let (code, out, err) = jg_in(
        dir.path(),
        &[
            "chain",
            "20",
            "--format",
            "json",
            "-o",
            "c.json",
            "--certificate",
            "c.txt",
        ],
    );
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("c.json")).unwrap()).unwrap();
    assert_eq!(json["length"], 17);
    let proof = std::fs::read(dir.path().join("c.txt")).unwrap();
    assert!(proof.starts_with(b"JGCHAIN1\n"));
    assert_eq!(
        json["certificate"]["blake3"],
        blake3::hash(&proof).to_hex().as_str()
    );
}

#[test]
fn folder_commands_outside_the_repository_exit_2_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["oeis", "formal-data", "theorem"] {
        let (code, out, err) = jg_in(dir.path(), &[command]);
        assert_eq!(code, 2, "jg {command}: {err}");
        assert!(out.is_empty(), "jg {command}: {out}");
        assert!(
            err.contains("run from the repository's top folder")
                && err.contains("--certificates DIR"),
            "jg {command}: {err}"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

#[test]
fn verify_refuses_what_is_no_certificate_and_quiet_keeps_results() {
    let (code, out, err) = jg(&["verify", "README.md"]);
    assert_eq!((code, out.as_str()), (2, ""));
    // jg-verify's own line (the same code): an error, not an invalid proof.
    assert!(
        err.starts_with("README.md: error: not a certificate") && err.contains("nothing checked"),
        "{err}"
    );
    let (code, _, err) = jg(&["verify", "certificates/"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("certificates is a folder") && err.contains("certificates/*.bin"),
        "{err}"
    );
    // A real certificate damaged past its first bytes is still the verifier's: invalid, 1.
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = std::fs::read("certificates/cert-117.bin").unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let damaged = dir.path().join("damaged.bin");
    std::fs::write(&damaged, bytes).unwrap();
    let (code, out, _) = jg(&["verify", damaged.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    // -q: the results are the same lines.
    let files = ["certificates/cert-2.bin", "certificates/cert-3.bin"];
    let loud = jg(&[&["verify", "--covers", "2..3"][..], &files].concat());
    let quiet = jg(&[&["-q", "verify", "--covers", "2..3"][..], &files].concat());
    assert_eq!(loud.0, 0);
    assert_eq!(loud, quiet);
    assert!(quiet.1.lines().count() == 3, "{}", quiet.1);
}

#[test]
fn an_empty_place_in_a_line_of_play_is_refused() {
    for line in ["22,11,,33", ",22", "22,"] {
        let (code, out, err) = jg(&["solve", "40", "--after", line]);
        assert_eq!((code, out.as_str()), (2, ""), "{line}");
        assert!(err.contains("a comma with no number"), "{line}: {err}");
    }
    // Commas and spaces as typed are read as one line, echoed with single spaces.
    let (code, out, _) = jg(&["solve", "40", "--after", "22, 11,33"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("n = 40, after 22 11 33: "), "{out}");
}

#[test]
fn explain_names_the_path_says_the_opening_once_and_counts_one_position() {
    let (code, md, err) = jg(&["explain", "certificates/cert-110.bin"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        md.contains("\njg-verify certificates/cert-110.bin\n"),
        "{md}"
    );
    let (_, md, _) = jg(&["explain", "certificates/cert-116.bin"]);
    // The opening once: the `Opening: N` line of the CLI contract, no sentence before it.
    assert_eq!(md.matches("Opening: ").count(), 1, "{md}");
    assert!(!md.contains("The first player opens with"), "{md}");
    let (_, md, _) = jg(&["explain", "certificates/cert-2.bin"]);
    assert!(md.contains("(1 position)."), "{md}");
}

#[test]
fn explain_past_the_divisor_table_says_so_and_factorises() {
    let file = "certificates/cert-988200288052-1000000000000.bin";
    let (code, md, err) = jg(&["explain", file]);
    assert_eq!(code, 0, "{err}");
    assert!(!md.contains("checked by hand from the table:"), "{md}");
    assert!(md.contains("the table of them is omitted"), "{md}");
    assert!(md.contains("| 658800191834 | 2 · 329400095917 |"), "{md}");
    // Every answer of the closure table is factorised, and the factors multiply back.
    let rows: Vec<(u64, String)> = md
        .split("## Factorisations")
        .nth(1)
        .unwrap()
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").collect();
            Some((
                cells.first()?.trim().parse().ok()?,
                cells.get(1)?.trim().to_string(),
            ))
        })
        .collect();
    assert_eq!(rows.len(), 7, "{md}");
    for (x, text) in rows {
        let product: u64 = text
            .split(" · ")
            .map(|f| match f.split_once('^') {
                Some((p, e)) => p.parse::<u64>().unwrap().pow(e.parse().unwrap()),
                None => f.parse().unwrap(),
            })
            .product();
        assert_eq!(product, x);
    }
    // A small board keeps the table and says so.
    let (_, md, _) = jg(&["explain", "certificates/cert-117.bin"]);
    assert!(md.contains("Three facts can be checked by hand from the table:"));
    assert!(!md.contains("## Factorisations"));
}

#[test]
fn schemes_say_from_where_positions_are_counted() {
    let (code, out, _) = jg(&["schemes"]);
    assert_eq!(code, 0);
    assert!(!out.contains("odd positions"), "{out}");
    assert!(out.contains("2nd, 4th, 6th"), "{out}");
    assert!(out.contains("22 in\n# [2 22 11 33 3]"), "{out}");
}

#[test]
fn explain_of_a_version_2_file_shows_its_prime_witnesses() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.bin");
    let path = path.to_str().unwrap();
    let (code, _, err) = jg(&["certify", "1200000000000", "-o", path]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(bytes[8..12], 2u32.to_le_bytes(), "a version 2 file");
    let (code, md, err) = jg(&["explain", path]);
    assert_eq!(code, 0, "{err}");
    assert!(md.contains("## Prime witnesses"), "{md}");
    assert!(md.contains("1 prime witness (spec.md §3.5)"), "{md}");
    assert!(
        md.contains("| 1199999999993 | 3 | 2^3 · 43 · 241 · 643 · 22511 |"),
        "{md}"
    );
    assert!(md.contains("| 1199999999993 | 1199999999993 |"), "{md}");
    // A version 1 file has none.
    let (_, md, _) = jg(&[
        "explain",
        "certificates/cert-988200288052-1000000000000.bin",
    ]);
    assert!(!md.contains("Prime witnesses"), "{md}");
}

/// Every file a README usage line writes (`-o FILE`, `--certificate FILE`, `--draw FILE`, `> FILE`, the
/// default `cert-N.bin`) is ignored by `.gitignore`, so running the README in the clone leaves
/// nothing untracked; the license files and CITATION.cff are there, with the crate's version.
#[test]
fn the_readme_leaves_no_untracked_file_and_names_its_license() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    let (readme, ignore) = (read("README.md"), read(".gitignore"));
    let ignored = |file: &str| {
        let top = file.split('/').next().unwrap();
        ignore.lines().any(|pattern| {
            let pattern = pattern.trim_start_matches('/').trim_end_matches('/');
            match pattern.split_once('*') {
                Some((before, after)) => top.starts_with(before) && top.ends_with(after),
                None => pattern == top,
            }
        })
    };
    let usage = readme.split("## Usage").nth(1).unwrap();
    let block = usage
        .split("```sh")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let mut written = 0;
    for line in block.lines() {
        let command = line.split(" #").next().unwrap();
        let words: Vec<&str> = command.split_whitespace().collect();
        for pair in words.windows(2) {
            if ["-o", "--certificate", "--draw", ">"].contains(&pair[0]) && pair[1] != "-" {
                assert!(ignored(pair[1]), "{} ({command}) is not ignored", pair[1]);
                written += 1;
            }
        }
        if let ["jg", "certify", n] = words[..] {
            assert!(ignored(&format!("cert-{n}.bin")), "{command}");
            written += 1;
        }
    }
    assert!(written >= 7, "{written} files found in the usage block");
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(readme.contains(&format!("]({file})")), "{file}");
    }
    assert!(read("LICENSE-APACHE").contains("Version 2.0, January 2004"));
    assert!(read("LICENSE-MIT").contains("Permission is hereby granted"));
    let cargo = read("Cargo.toml");
    assert!(cargo.contains("license = \"MIT OR Apache-2.0\""));
    let citation = read("CITATION.cff");
    let version = cargo
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .unwrap()
        .trim_end_matches('"');
    assert!(
        citation.contains(&format!("\nversion: {version}\n")),
        "{citation}"
    );
    assert!(citation.contains("  - MIT\n  - Apache-2.0\n"));
}
