//! `jg explain`: the closure table it prints is a proof on its own. These tests read only the
//! printed table (and the `Opening:` line), then re-check the claim with the raw rules written
//! here again (divides or is a multiple, every move of the loser covered, pairs disjoint), for a
//! second-player n, first-player n and an interval; for openings certificates (kind 4), the
//! summary of every opening is checked against the matching engine and each entry's table is
//! re-checked from its restricted first moves; a rejected file gives the verifier's reason; the
//! LaTeX has balanced environments and braces.

#![allow(clippy::manual_is_multiple_of)] // the raw rules, stated with `%`

use juniper_green::engines::matching;
use juniper_green::proofs::accept::Accepted;
use juniper_green::proofs::decode::decode;
use juniper_green::publish::explain::{render, Format};
use juniper_green::{OpeningRule, Player};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// A certificate file the test made, in a temporary directory removed when it is dropped.
struct Made {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Made {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Made {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

/// A certificate for n made now by `jg certify --strategy STRATEGY` (not read from
/// certificates/, whose files change when the folder is regenerated). Each (n, strategy) is
/// certified once per test binary; every caller gets its own copy of the bytes.
fn certificate_with(n: u64, strategy: &str) -> Made {
    type Cache = Vec<((u64, String), Vec<u8>)>; // (n, strategy) and the file's bytes
    static MADE: Mutex<Cache> = Mutex::new(Vec::new());
    let key = (n, strategy.to_string());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{strategy}-{n}.bin"));
    let cached = MADE
        .lock()
        .unwrap()
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, b)| b.clone());
    match cached {
        Some(bytes) => std::fs::write(&path, bytes).unwrap(),
        None => {
            let args = [
                "certify",
                &n.to_string(),
                "--strategy",
                strategy,
                "-o",
                path.to_str().unwrap(),
            ];
            let (_, stderr, code) = jg(&args);
            assert_eq!(
                code,
                Some(0),
                "jg certify {n} --strategy {strategy}: {stderr}"
            );
            let bytes = std::fs::read(&path).unwrap();
            MADE.lock().unwrap().push((key, bytes));
        }
    }
    Made { _dir: dir, path }
}

/// A closed pairing for n (kind 2), or a scheme (also written as a closed pairing) for n ≥ 119.
fn certificate(n: u64) -> Made {
    certificate_with(n, if n > 118 { "scheme" } else { "closed" })
}

fn jg(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .output()
        .expect("jg runs");
    (
        String::from_utf8(output.stdout).expect("utf-8"),
        String::from_utf8(output.stderr).expect("utf-8"),
        output.status.code(),
    )
}

/// The `Opening: N` line, if any, and the rows (loser's number → answer) of the closure table.
fn parse(markdown: &str) -> (Option<u64>, BTreeMap<u64, u64>) {
    let opening = markdown
        .lines()
        .find_map(|line| line.strip_prefix("Opening: "))
        .map(|n| n.trim().parse().expect("a number after Opening:"));
    let mut lines = markdown.lines();
    lines
        .by_ref()
        .find(|line| line.starts_with("| loser plays | winner answers |"))
        .expect("the closure table");
    lines.next().expect("the alignment row");
    let mut rows = BTreeMap::new();
    let mut previous = 0;
    for line in lines.take_while(|line| line.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let x: u64 = cells[0].parse().expect("a number in the first column");
        let y: u64 = cells[1].parse().expect("a number in the second column");
        assert!(x > previous, "rows ascend, once each: {x} after {previous}");
        previous = x;
        rows.insert(x, y);
    }
    (opening, rows)
}

fn related(x: u64, y: u64) -> bool {
    x != y && (x % y == 0 || y % x == 0)
}

/// The claim, re-proved from the table alone on the board 1..=n: every first move of the loser
/// is in the table, every answer is legal, no number is in two pairs, and every number the loser
/// can reach from an answer is in the table.
fn check_table(n: u64, winner: Player, opening: Option<u64>, rows: &BTreeMap<u64, u64>) {
    assert_eq!(
        opening.is_some(),
        winner == Player::First,
        "n = {n}: opening line"
    );
    let first_moves: Vec<u64> = match opening {
        Some(e) => (1..=n).filter(|&z| related(z, e)).collect(),
        None => (2..=n).step_by(2).collect(),
    };
    check_closed(n, opening, &first_moves, rows);
}

/// The closed-pairing check from the table alone: `first_moves` are the loser's possible first
/// moves (after the winner's `opening`, if the winner opens), each must have a row, as must every
/// number the loser can reach from an answer; every answer is legal; no number is in two pairs.
fn check_closed(n: u64, opening: Option<u64>, first_moves: &[u64], rows: &BTreeMap<u64, u64>) {
    let mut used = BTreeMap::new();
    for (&x, &y) in rows {
        assert!(
            (1..=n).contains(&x) && (1..=n).contains(&y),
            "n = {n}: {x}→{y} off the board"
        );
        assert!(
            related(x, y),
            "n = {n}: {y} does not divide and is not a multiple of {x}"
        );
        assert!(
            Some(x) != opening && Some(y) != opening,
            "n = {n}: the opening is in a pair"
        );
        if let Some(&back) = rows.get(&y) {
            assert_eq!(
                back, x,
                "n = {n}: {y} answers {x} but is answered with {back}"
            );
        }
        if let Some(other) = used.insert(y, x) {
            assert_eq!(other, x, "n = {n}: {y} answers both {other} and {x}");
        }
    }
    for &z in first_moves {
        assert!(
            rows.contains_key(&z),
            "n = {n}: the loser's first move {z} is not in the table"
        );
    }
    for &y in rows.values() {
        for z in (1..=n).filter(|&z| related(z, y) && Some(z) != opening) {
            assert!(
                rows.contains_key(&z),
                "n = {n}: {z} follows the answer {y} but has no row"
            );
        }
    }
}

#[test]
fn the_closure_table_proves_second_and_first_player_wins_on_its_own() {
    for (n, winner) in [
        (117, Player::Second),
        (110, Player::Second),
        (20, Player::First),
        (116, Player::First),
    ] {
        let path = certificate(n);
        let (markdown, stderr, code) = jg(&["explain", path.to_str().unwrap()]);
        assert_eq!(code, Some(0), "n = {n}: {stderr}");
        let (opening, rows) = parse(&markdown);
        check_table(n, winner, opening, &rows);
        // The independent method agrees on the winner, and the verifier on the closure size.
        assert_eq!(
            matching::solve(n, OpeningRule::Even).winner,
            winner,
            "n = {n}"
        );
        let bytes = std::fs::read(&path).unwrap();
        let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()).unwrap();
        assert_eq!(
            verdict.positions,
            rows.len() as u64,
            "n = {n}: closure size"
        );
    }
}

#[test]
fn a_table_missing_one_row_fails_the_check() {
    // The checker itself can fail: drop a row of n = 117 and it must object.
    let (markdown, _, _) = jg(&["explain", certificate(117).to_str().unwrap()]);
    let (opening, mut rows) = parse(&markdown);
    rows.remove(&39);
    let failed =
        std::panic::catch_unwind(|| check_table(117, Player::Second, opening, &rows)).is_err();
    assert!(failed, "a table without 39 must not pass");
}

#[test]
fn a_rejected_file_gives_the_verifiers_reason_and_no_document() {
    let mut bytes = std::fs::read(certificate(117)).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flipped.bin");
    std::fs::write(&path, &bytes).unwrap();
    let (stdout, stderr, code) = jg(&["explain", path.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.is_empty(),
        "no document for a rejected file: {stdout}"
    );
    let expected = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()).unwrap_err();
    assert!(stderr.contains(&format!("invalid: {expected}")), "{stderr}");
}

/// A walked certificate of the retired kinds (0, 1), written by an older `jg`: `jg explain`
/// gives no document and says that the kind is retired and how to re-certify.
#[test]
fn an_old_walked_certificate_is_explained_as_retired() {
    let mut bytes = std::fs::read(certificate(60)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (kind, name) in [(0, "kind 0 (tree)"), (1, "kind 1 (walked pairing)")] {
        bytes[28] = kind;
        let path = dir.path().join(format!("old-{kind}.bin"));
        std::fs::write(&path, &bytes).unwrap();
        let (stdout, stderr, code) = jg(&["explain", path.to_str().unwrap()]);
        assert_eq!((stdout.as_str(), code), ("", Some(1)), "{stderr}");
        let expected = format!(
            "invalid: header at byte 28: {name} is retired: re-certify with `jg certify 60`"
        );
        assert!(stderr.contains(&expected), "{stderr}");
    }
}

/// \begin/\end properly nested, braces balanced (escaped ones aside), one document.
fn check_latex(tex: &str) {
    assert!(tex.starts_with("\\documentclass"));
    assert!(tex.trim_end().ends_with("\\end{document}"));
    let mut stack: Vec<String> = Vec::new();
    let mut depth = 0i64;
    let bytes = tex.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if i + 1 < bytes.len() && b"{}$&#%_\\".contains(&bytes[i + 1]) => i += 1,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                assert!(
                    depth >= 0,
                    "a closing brace without an opening one at byte {i}"
                );
            }
            _ => {}
        }
        for (word, open) in [("\\begin{", true), ("\\end{", false)] {
            if tex[i..].starts_with(word) {
                let name = tex[i + word.len()..].split('}').next().unwrap().to_string();
                if open {
                    stack.push(name);
                } else {
                    assert_eq!(
                        stack.pop().as_deref(),
                        Some(name.as_str()),
                        "unbalanced \\end"
                    );
                }
            }
        }
        i += 1;
    }
    assert_eq!(depth, 0, "braces balance");
    assert!(stack.is_empty(), "environments left open: {stack:?}");
}

/// Where a TeX engine is installed (CI does not install one), the document must also compile.
fn compile_if_tex_is_installed(n: u64, tex: &str) {
    let probe = Command::new("pdflatex").arg("--version").output();
    if !probe.is_ok_and(|output| output.status.success()) {
        return;
    }
    // A folder of its own: tests run in parallel and may compile the same n.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("proof.tex"), tex).unwrap();
    let output = Command::new("pdflatex")
        .current_dir(dir.path())
        .args(["-interaction=nonstopmode", "-halt-on-error", "proof.tex"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "n = {n}: {}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[test]
fn latex_output_has_balanced_environments_and_the_same_rows() {
    for n in [117, 20, 500] {
        let path = certificate(n);
        let (tex, stderr, code) = jg(&["explain", path.to_str().unwrap(), "--format", "tex"]);
        assert_eq!(code, Some(0), "{stderr}");
        check_latex(&tex);
        let (markdown, _, _) = jg(&["explain", path.to_str().unwrap()]);
        let tex_rows = tex
            .lines()
            .skip_while(|line| *line != "\\endhead")
            .skip(1)
            .take_while(|line| !line.starts_with("\\end{longtable}"))
            .count();
        let markdown_rows = if markdown.contains("| loser plays |") {
            parse(&markdown).1.len()
        } else {
            0
        };
        assert_eq!(tex_rows, markdown_rows, "n = {n}");
        compile_if_tex_is_installed(n, &tex);
    }
    let failed =
        std::panic::catch_unwind(|| check_latex("\\documentclass{x}\\begin{a}\\end{document}"));
    assert!(
        failed.is_err(),
        "the checker notices an unclosed environment"
    );
}

/// A kind-3 certificate written by hand from the interval brief: the general scheme for the
/// consecutive primes 41 < 43 < 47, valid for 141 ≤ n ≤ 163 (3r = 141, 4p − 1 = 163).
fn interval_bytes() -> Vec<u8> {
    let (n_first, n_last) = (141u64, 163u64);
    let mut body = n_last.to_le_bytes().to_vec();
    body.push(82); // the opening 2p, width 1 (n_first ≤ 255)
    let pairs = [
        (1u8, 139u8),
        (2, 94),
        (3, 129),
        (41, 123),
        (43, 86),
        (47, 141),
    ];
    body.push(pairs.len() as u8);
    for (a, b) in pairs {
        body.extend([a, b]);
    }
    let generator = b"test";
    let mut bytes = b"JUNIPERG".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend(n_first.to_le_bytes());
    bytes.extend(0u32.to_le_bytes()); // even opening
    bytes.extend(0u32.to_le_bytes()); // first player
    bytes.extend(3u32.to_le_bytes()); // interval closed pairing
    bytes.extend((generator.len() as u64).to_le_bytes());
    bytes.extend(generator);
    bytes.extend((body.len() as u64).to_le_bytes());
    bytes.extend(blake3::hash(&body).as_bytes());
    bytes.extend(body);
    bytes
}

#[test]
fn an_interval_table_proves_every_n_of_the_interval() {
    let bytes = interval_bytes();
    let decoded = decode(&bytes).expect("a kind-3 file decodes");
    assert_eq!((decoded.n, decoded.n_last), (141, 163));
    let accepted = Accepted {
        positions: 0,
        blake3: blake3::hash(&bytes).to_hex().to_string(),
        bytes: bytes.len(),
        name: "interval.bin".into(),
    };
    let markdown = render(&decoded, &accepted, Format::Markdown).unwrap();
    assert!(
        markdown.contains("every n with 141 ≤ n ≤ 163"),
        "{markdown}"
    );
    let (opening, rows) = parse(&markdown);
    assert_eq!(opening, Some(82));
    // The table alone proves each n of the interval, and each n agrees with the matching engine.
    for n in 141..=163 {
        check_table(n, Player::First, opening, &rows);
        assert_eq!(matching::solve(n, OpeningRule::Even).winner, Player::First);
    }
    // One past the end, 2 · 82 = 164 is a new first move with no row: the table no longer proves.
    let past = std::panic::catch_unwind(|| check_table(164, Player::First, opening, &rows));
    assert!(past.is_err(), "the table must not prove n = 164");
    let tex = render(&decoded, &accepted, Format::Latex).unwrap();
    check_latex(&tex);
    compile_if_tex_is_installed(141, &tex);
}

/// `jg certify N --openings -o DIR/cert-N-openings.bin`, made now in a temporary directory.
fn openings_certificate(dir: &std::path::Path, n: u64) -> PathBuf {
    openings_certificate_with(dir, n, OpeningRule::Even)
}

/// The same under either opening rule (`--free-opening` for the free one).
fn openings_certificate_with(dir: &std::path::Path, n: u64, rule: OpeningRule) -> PathBuf {
    let path = dir.join(format!("cert-{n}-{rule:?}-openings.bin"));
    let mut args = vec![
        "certify".to_string(),
        n.to_string(),
        "--openings".into(),
        "-o".into(),
        path.to_str().unwrap().into(),
    ];
    if rule == OpeningRule::Free {
        args.push("--free-opening".into());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, stderr, code) = jg(&args);
    assert_eq!(code, Some(0), "jg certify {n} --openings: {stderr}");
    path
}

/// The summary table of an openings document: opening → (wins, entry number, how proved).
fn parse_summary(markdown: &str) -> BTreeMap<u64, (bool, usize, String)> {
    let mut lines = markdown.lines();
    lines
        .by_ref()
        .find(|line| *line == "| opening | result | proved by |")
        .expect("the summary table");
    lines.next().expect("the alignment row");
    let mut summary = BTreeMap::new();
    let mut previous = 0;
    for line in lines.take_while(|line| line.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let opening: u64 = cells[0].parse().expect("an opening in the first column");
        assert!(opening > previous, "openings ascend, once each");
        previous = opening;
        let wins = match cells[1] {
            "wins" => true,
            "loses" => false,
            other => panic!("result {other}"),
        };
        let (how, entry) = cells[2]
            .strip_suffix(')')
            .and_then(|cell| cell.split_once(" (entry "))
            .expect("proved by HOW (entry K)");
        summary.insert(
            opening,
            (wins, entry.parse().expect("an entry number"), how.into()),
        );
    }
    summary
}

/// One entry section of an openings document.
#[derive(Debug)]
struct EntryDoc {
    number: usize,
    wins: bool,
    openings: Vec<u64>,
    how: String,
    /// The closure table (closed-pairing entries).
    rows: Option<BTreeMap<u64, u64>>,
    /// The matching M, the barrier S and the paths (matching-and-barrier entries).
    barrier: Option<BarrierDoc>,
}

/// What a matching-and-barrier entry prints: M, S and one path per winning opening.
#[derive(Clone, Debug)]
struct BarrierDoc {
    pairs: Vec<(u64, u64)>,
    barrier: Vec<u64>,
    paths: Vec<Vec<u64>>,
}

/// The numbers of `text`, in order (punctuation ignored).
fn numbers_in(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect()
}

/// M, S and the paths of the entry section starting at line `at`.
fn parse_barrier(lines: &[&str], at: usize) -> BarrierDoc {
    let section: Vec<&str> = lines[at + 1..]
        .iter()
        .take_while(|line| !line.starts_with("## "))
        .copied()
        .collect();
    let item = |prefix: &str| {
        let line = section.iter().find_map(|line| line.strip_prefix(prefix));
        numbers_in(line.unwrap_or_else(|| panic!("a line {prefix}")))
    };
    let flat = item("- M: ");
    let paths = section
        .iter()
        .find_map(|line| line.split_once("which the first player answers with: "))
        .map_or(vec![], |(_, list)| {
            list.split("; ").map(numbers_in).collect()
        });
    BarrierDoc {
        pairs: flat.chunks_exact(2).map(|p| (p[0], p[1])).collect(),
        barrier: item("- S: "),
        paths,
    }
}

/// A matching-and-barrier entry re-proved from its text alone (spec.md §4.10, in the test's own
/// words): M is a matching of moves; removing S leaves `odd` odd components with 2|M| = n + |S|
/// − odd; a losing opening is in S or in an even component; a winning one ends a path from a
/// number M leaves unpaired that alternates moves and pairs of M.
fn check_barrier(n: u64, wins: bool, openings: &[u64], doc: &BarrierDoc) {
    let mut partner = BTreeMap::new();
    for &(a, b) in &doc.pairs {
        assert!(related(a, b) && b <= n, "n = {n}: ({a}, {b}) is no move");
        assert!(partner.insert(a, b).is_none() && partner.insert(b, a).is_none());
    }
    let in_s = |x: u64| doc.barrier.contains(&x);
    let mut component = vec![usize::MAX; n as usize + 1];
    let mut sizes = Vec::new();
    for start in (1..=n).filter(|&x| !in_s(x)) {
        if component[start as usize] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        component[start as usize] = sizes.len();
        let mut size = 0;
        while let Some(x) = stack.pop() {
            size += 1;
            for y in (1..=n).filter(|&y| related(x, y) && !in_s(y)) {
                if component[y as usize] == usize::MAX {
                    component[y as usize] = sizes.len();
                    stack.push(y);
                }
            }
        }
        sizes.push(size);
    }
    let odd = sizes.iter().filter(|&&size| size % 2 == 1).count() as u64;
    assert_eq!(
        2 * doc.pairs.len() as u64,
        n + doc.barrier.len() as u64 - odd,
        "n = {n}: tight"
    );
    for &v in openings {
        if !wins {
            assert!(
                in_s(v) || sizes[component[v as usize]] % 2 == 0,
                "n = {n}: {v}"
            );
            continue;
        }
        let path = doc.paths.iter().find(|path| path.last() == Some(&v));
        let path = path.unwrap_or_else(|| panic!("n = {n}: no path to {v}"));
        assert!(
            path.len() % 2 == 1 && !partner.contains_key(&path[0]),
            "n = {n}: {path:?}"
        );
        for i in (1..path.len()).step_by(2) {
            assert!(related(path[i - 1], path[i]), "n = {n}: {path:?}");
            assert_eq!(
                partner.get(&path[i]),
                Some(&path[i + 1]),
                "n = {n}: {path:?}"
            );
        }
        let distinct: std::collections::BTreeSet<_> = path.iter().collect();
        assert_eq!(distinct.len(), path.len(), "n = {n}: {path:?}");
    }
}

/// Every `## Entry K: the opening(s) … win(s)/lose(s) (HOW)` section and its closure table.
fn parse_entries(markdown: &str) -> Vec<EntryDoc> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut entries = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("## Entry ") else {
            continue;
        };
        let (number, claim) = rest.split_once(": ").expect("Entry K: …");
        let (claim, how) = claim
            .strip_suffix(')')
            .and_then(|claim| claim.rsplit_once(" ("))
            .expect("… (HOW)");
        let barrier = (how == "matching and barrier").then(|| parse_barrier(&lines, at));
        // A matching-and-barrier entry may name losing and winning openings: one part each.
        for part in claim.split(", ") {
            let words: Vec<&str> = part.split(' ').collect();
            let wins = matches!(words.last(), Some(&"wins" | &"win"));
            assert!(
                wins || matches!(words.last(), Some(&"loses" | &"lose")),
                "{line}"
            );
            let openings = words.iter().filter_map(|w| w.parse().ok()).collect();
            let rows = (how == "closed pairing").then(|| {
                let header = lines[at..]
                    .iter()
                    .position(|line| line.starts_with("| loser plays"))
                    .expect("a closure table")
                    + at;
                assert_eq!(
                    lines[header],
                    "| loser plays | winner answers | how the loser can reach it |"
                );
                let mut rows = BTreeMap::new();
                let mut previous = 0;
                for row in lines[header + 2..]
                    .iter()
                    .take_while(|line| line.starts_with('|'))
                {
                    let cells: Vec<&str> =
                        row.trim_matches('|').split('|').map(str::trim).collect();
                    let x: u64 = cells[0].parse().expect("a number in the first column");
                    assert!(x > previous, "rows ascend, once each");
                    previous = x;
                    rows.insert(x, cells[1].parse().expect("a number in the second column"));
                }
                rows
            });
            entries.push(EntryDoc {
                number: number.parse().expect("an entry number"),
                wins,
                openings,
                how: how.into(),
                rows,
                barrier: barrier.clone(),
            });
        }
    }
    entries
}

/// An entry re-proved from its table alone: a winning opening e is the first player's move, the
/// loser's first moves are its divisors and multiples; for losing openings the loser is the first
/// player and its first moves are exactly those openings.
fn check_entry(n: u64, entry: &EntryDoc) {
    if let Some(doc) = &entry.barrier {
        return check_barrier(n, entry.wins, &entry.openings, doc);
    }
    let rows = entry.rows.as_ref().expect("a closure table");
    match (entry.wins, &entry.openings[..]) {
        (true, &[e]) => {
            let first: Vec<u64> = (1..=n).filter(|&z| related(z, e)).collect();
            check_closed(n, Some(e), &first, rows);
        }
        (false, openings) if !openings.is_empty() => check_closed(n, None, openings, rows),
        _ => panic!("n = {n}: entry {} names {:?}", entry.number, entry.openings),
    }
}

#[test]
fn an_openings_document_proves_every_opening_from_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    for (n, rule) in [
        (20, OpeningRule::Even),
        (26, OpeningRule::Even),
        (116, OpeningRule::Even),
        (12, OpeningRule::Free),
    ] {
        let path = openings_certificate_with(dir.path(), n, rule);
        let (markdown, stderr, code) = jg(&["explain", path.to_str().unwrap()]);
        assert_eq!(code, Some(0), "n = {n}: {stderr}");
        let summary = parse_summary(&markdown);
        let allowed: Vec<u64> = match rule {
            OpeningRule::Even => (2..=n).step_by(2).collect(),
            OpeningRule::Free => (1..=n).collect(),
        };
        assert_eq!(
            summary.keys().copied().collect::<Vec<_>>(),
            allowed,
            "n = {n}: every allowed opening, once"
        );
        // The independent method agrees on which openings win.
        let winning: Vec<u64> = summary
            .iter()
            .filter(|(_, (wins, _, _))| *wins)
            .map(|(&opening, _)| opening)
            .collect();
        assert_eq!(
            winning,
            matching::solve(n, rule).winning_openings,
            "n = {n}"
        );
        let entries = parse_entries(&markdown);
        let mut named: Vec<u64> = Vec::new();
        let mut closure_sizes = 0;
        let mut numbers: Vec<usize> = entries.iter().map(|entry| entry.number).collect();
        numbers.dedup();
        assert_eq!(
            numbers,
            (1..=numbers.len()).collect::<Vec<_>>(),
            "n = {n}: in order"
        );
        for entry in &entries {
            for &opening in &entry.openings {
                let row = (entry.wins, entry.number, entry.how.clone());
                assert_eq!(summary[&opening], row, "n = {n}: opening {opening}");
            }
            named.extend(&entry.openings);
            check_entry(n, entry);
            closure_sizes += entry.rows.as_ref().map_or(0, BTreeMap::len);
        }
        named.sort_unstable();
        assert_eq!(
            named, allowed,
            "n = {n}: the entries name every opening once"
        );
        // The verifier's positions are the closures' sizes, summed, and for a barrier entry the
        // numbers outside S plus the paths' numbers.
        let bytes = std::fs::read(&path).unwrap();
        let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()).unwrap();
        let mut barriers: Vec<(usize, &BarrierDoc)> = entries
            .iter()
            .filter_map(|e| Some((e.number, e.barrier.as_ref()?)))
            .collect();
        barriers.dedup_by_key(|(number, _)| *number);
        let barrier_positions: usize = barriers
            .iter()
            .map(|(_, doc)| {
                n as usize - doc.barrier.len() + doc.paths.iter().map(Vec::len).sum::<usize>()
            })
            .sum();
        assert_eq!(
            verdict.positions,
            (closure_sizes + barrier_positions) as u64,
            "n = {n}"
        );
        assert_eq!(verdict.winning_openings, Some(winning), "n = {n}");
        assert!(!markdown.contains("Opening: "), "n = {n}");
    }
}

#[test]
fn an_entry_table_missing_a_row_or_widened_to_another_opening_fails_the_check() {
    // n = 32: the second player wins, one closed pairing serves every opening.
    let dir = tempfile::tempdir().unwrap();
    let path = openings_certificate(dir.path(), 32);
    let (markdown, _, _) = jg(&["explain", path.to_str().unwrap()]);
    let entries = parse_entries(&markdown);
    let entry = entries.iter().find(|e| !e.wins).expect("a losing entry");
    assert_eq!(entry.how, "closed pairing");
    check_entry(32, entry);
    // The checker itself can fail: drop the row of a losing opening.
    let mut dropped = EntryDoc {
        rows: entry.rows.clone(),
        openings: entry.openings.clone(),
        how: entry.how.clone(),
        barrier: None,
        ..*entry
    };
    let first = entry.openings[0];
    dropped.rows.as_mut().unwrap().remove(&first);
    assert!(std::panic::catch_unwind(|| check_entry(32, &dropped)).is_err());
    // A winning-entry reading of the same table (the opening played by the winner) must fail
    // too: the opening would be in a pair.
    let widened = EntryDoc {
        wins: true,
        openings: vec![first],
        rows: entry.rows.clone(),
        how: entry.how.clone(),
        barrier: None,
        ..*entry
    };
    assert!(std::panic::catch_unwind(|| check_entry(32, &widened)).is_err());
}

#[test]
fn a_barrier_entry_read_wrongly_fails_the_check() {
    // n = 30: one matching-and-barrier entry, losing and winning openings.
    let dir = tempfile::tempdir().unwrap();
    let path = openings_certificate(dir.path(), 30);
    let (markdown, _, _) = jg(&["explain", path.to_str().unwrap()]);
    let entries = parse_entries(&markdown);
    let lose = entries.iter().find(|e| !e.wins).expect("a losing part");
    let win = entries.iter().find(|e| e.wins).expect("a winning part");
    let doc = lose.barrier.clone().expect("a barrier entry");
    check_barrier(30, false, &lose.openings, &doc);
    check_barrier(30, true, &win.openings, &doc);
    let fails = |wins: bool, openings: &[u64], doc: &BarrierDoc| {
        let (openings, doc) = (openings.to_vec(), doc.clone());
        std::panic::catch_unwind(move || check_barrier(30, wins, &openings, &doc)).is_err()
    };
    // Each opening read with the other outcome, a pair dropped, a number left out of S, a path
    // cut short: each is caught.
    assert!(fails(true, &lose.openings[..1], &doc));
    assert!(fails(false, &win.openings[..1], &doc));
    let mut fewer = doc.clone();
    fewer.pairs.pop();
    assert!(fails(false, &lose.openings, &fewer));
    let mut smaller = doc.clone();
    smaller.barrier.remove(0);
    assert!(fails(false, &lose.openings, &smaller));
    let long = doc
        .paths
        .iter()
        .position(|p| p.len() > 1)
        .expect("a path with a step");
    let mut cut = doc.clone();
    cut.paths[long].drain(..2);
    let ends = cut.paths[long].last().copied().unwrap();
    assert!(fails(true, &[ends], &cut));
}

#[test]
fn latex_output_of_an_openings_document_has_balanced_environments_and_every_row() {
    let dir = tempfile::tempdir().unwrap();
    for n in [20, 26, 116] {
        let path = openings_certificate(dir.path(), n);
        let (tex, stderr, code) = jg(&["explain", path.to_str().unwrap(), "--format", "tex"]);
        assert_eq!(code, Some(0), "{stderr}");
        check_latex(&tex);
        let (markdown, _, _) = jg(&["explain", path.to_str().unwrap()]);
        let mut tex_rows = 0;
        let mut in_table = false;
        for line in tex.lines() {
            match line {
                "\\endhead" => in_table = true,
                "\\end{longtable}" => in_table = false,
                _ if in_table => tex_rows += 1,
                _ => {}
            }
        }
        let markdown_rows = parse_summary(&markdown).len()
            + parse_entries(&markdown)
                .iter()
                .map(|e| e.rows.as_ref().map_or(0, BTreeMap::len))
                .sum::<usize>();
        assert_eq!(tex_rows, markdown_rows, "n = {n}");
        compile_if_tex_is_installed(n, &tex);
    }
}

/// The closedness table of a closed-pairing document (the numbers outside the first column with
/// all their neighbours, or every answer and the opening with theirs): its header and rows.
fn parse_closedness(markdown: &str) -> (String, Vec<(u64, Vec<u64>)>) {
    let mut lines = markdown.lines();
    let header = lines
        .by_ref()
        .find(|line| {
            line.starts_with("| not in the first column") || line.starts_with("| answer or opening")
        })
        .expect("the closedness table")
        .to_string();
    lines.next().expect("the alignment row");
    let rows = lines
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let listed = match cells[1] {
                "none" => vec![],
                list => list.split(", ").map(|x| x.parse().unwrap()).collect(),
            };
            (cells[0].parse().unwrap(), listed)
        })
        .collect();
    (header, rows)
}

/// Re-checks, from the printed tables alone and the raw rule, that the closedness table shows
/// the first column closed: each listed row is all the neighbours of its number on 1..n; from
/// outside, the rows are exactly the numbers not in the first column (the opening aside), none
/// with an answer or the opening among its neighbours (and odd, for a second-player claim);
/// from the answers, the rows are every answer and the opening, and all they list is in the
/// first column.
fn check_closedness(n: u64, opening: Option<u64>, rows: &BTreeMap<u64, u64>, markdown: &str) {
    let (header, listed) = parse_closedness(markdown);
    let answers: Vec<u64> = rows.values().copied().collect();
    for (z, near) in &listed {
        let mut raw: Vec<u64> = (1..=n).filter(|&x| related(x, *z)).collect();
        if answers.contains(z) {
            raw.retain(|&x| Some(x) != opening);
        }
        assert_eq!(near, &raw, "n = {n}: the neighbours of {z}");
    }
    let numbers: Vec<u64> = listed.iter().map(|row| row.0).collect();
    if header.starts_with("| not in the first column") {
        let outside: Vec<u64> = (1..=n)
            .filter(|z| !rows.contains_key(z) && Some(*z) != opening)
            .collect();
        assert_eq!(numbers, outside, "n = {n}: the rows are the outside");
        for (z, near) in &listed {
            assert!(
                opening.is_some() || z % 2 == 1,
                "n = {n}: {z} is a first move"
            );
            for x in near {
                assert!(
                    !answers.contains(x) && Some(*x) != opening,
                    "n = {n}: {z} is a neighbour of {x}, an answer or the opening"
                );
            }
        }
    } else {
        let mut named = answers.clone();
        named.extend(opening);
        named.sort_unstable();
        named.dedup();
        assert_eq!(
            numbers, named,
            "n = {n}: the rows are the answers and the opening"
        );
        for (y, near) in &listed {
            for x in near {
                assert!(
                    rows.contains_key(x),
                    "n = {n}: {x}, next to {y}, has no row"
                );
            }
        }
    }
}

#[test]
fn the_closedness_table_shows_the_first_column_closed_from_either_side() {
    let mut sides = Vec::new();
    for n in [117, 116, 20, 110] {
        let (markdown, stderr, code) = jg(&["explain", certificate(n).to_str().unwrap()]);
        assert_eq!(code, Some(0), "n = {n}: {stderr}");
        let (opening, rows) = parse(&markdown);
        check_closedness(n, opening, &rows, &markdown);
        sides.push(parse_closedness(&markdown).0.starts_with("| not in"));
    }
    // n = 117: the 18 primes 41..113 are outside, 41 with the neighbours 1 and 82.
    let (markdown, _, _) = jg(&["explain", certificate(117).to_str().unwrap()]);
    let (_, outside) = parse_closedness(&markdown);
    assert_eq!(outside.len(), 18);
    assert_eq!(outside[0], (41, vec![1, 82]));
    assert!(outside.iter().all(|(z, _)| (41..=113).contains(z)));
    // An interval (the general scheme, answers side) for every n of it.
    let bytes = interval_bytes();
    let decoded = decode(&bytes).unwrap();
    let accepted = Accepted {
        positions: 6,
        blake3: String::new(),
        bytes: bytes.len(),
        name: "interval.bin".into(),
    };
    let markdown = render(&decoded, &accepted, Format::Markdown).unwrap();
    let (opening, rows) = parse(&markdown);
    check_closedness(163, opening, &rows, &markdown);
    sides.push(parse_closedness(&markdown).0.starts_with("| not in"));
    assert!(sides.contains(&true) && sides.contains(&false), "{sides:?}");
}

#[test]
fn a_closedness_table_read_wrongly_fails_the_check() {
    let (markdown, _, _) = jg(&["explain", certificate(117).to_str().unwrap()]);
    let (opening, rows) = parse(&markdown);
    // A row left out of the outside list, or a neighbour left out of a row, must not pass.
    let dropped = markdown.replace("| 43 | 1, 86 |\n", "");
    let neighbour = markdown.replace("| 43 | 1, 86 |\n", "| 43 | 1 |\n");
    assert_ne!(dropped, markdown);
    for wrong in [dropped, neighbour] {
        let rows = rows.clone();
        let failed =
            std::panic::catch_unwind(move || check_closedness(117, opening, &rows, &wrong))
                .is_err();
        assert!(failed, "a wrong closedness table must not pass");
    }
}
