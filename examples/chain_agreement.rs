//! The chain mutants of the verifier's tests (verifier/tests/suite/chain.rs), written out for
//! the Coq checker: `cargo run --release --example chain_agreement -- DIR` writes, for each
//! mutant, `DIR/m<i>.v` (the certificate as a Coq term and `Eval vm_compute in check m.`) and a
//! line `i<TAB>verifier's verdict<TAB>name` of `DIR/verdicts.tsv` (`accepted` or `refused`).
//! formal/tests/chain-agree.sh then runs Coq on each file and compares: the Coq checker
//! (formal/ChainCheck.v) and `jg-verify` must accept and refuse the same certificates. A text
//! that Coq's data cannot hold (a word where a number goes, a missing line) is written as
//! `unreadable` and counts as refused on the Coq side.

use juniper_green::publish::formal_chains::{coq_term, HEADER};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn published(n: u64) -> String {
    let path = root().join(format!("certificates/chains/chain-{n}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replaces the first line equal to `from` by `to` (several lines or none), as the verifier's
/// tests do.
fn replace_line(text: &str, from: &str, to: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == from)
        .unwrap_or_else(|| panic!("no line {from:?}"));
    let mut out: Vec<&str> = lines[..at].to_vec();
    if !to.is_empty() {
        out.push(to);
    }
    out.extend(&lines[at + 1..]);
    out.join("\n") + "\n"
}

fn mutants() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, text: String| out.push((name.to_string(), text));
    let t10 = published(10);
    let t12 = published(12);
    let t50 = published(50);
    let t100 = published(100);
    let tree700 = std::fs::read_to_string(root().join("verifier/tests/data/chain-700-tree.txt"))
        .expect("verifier/tests/data/chain-700-tree.txt");
    for (name, text) in [("10", &t10), ("12", &t12), ("50", &t50), ("100", &t100)] {
        add(&format!("chain-{name} as published"), text.clone());
    }
    add("the 700 tree as published", tree700.clone());
    // a_lying_length_is_refused
    let chain_line = t100.lines().nth(3).unwrap();
    let shorter = chain_line.rsplit_once(' ').unwrap().0;
    add(
        "100: one number fewer claimed",
        replace_line(
            &replace_line(&t100, "length 77", "length 76"),
            chain_line,
            shorter,
        ),
    );
    let wider = replace_line(&t100, "length 77", "length 78");
    add(
        "100: one number more, 97",
        replace_line(&wider, chain_line, &format!("{chain_line} 97")),
    );
    add(
        "50: length 42 claimed",
        replace_line(&t50, "length 41", "length 42"),
    );
    // a_dropped_cut_is_refused
    add(
        "100: cut row c 2 dropped",
        replace_line(&replace_line(&t100, "c 2 2", ""), "leaf 88", "leaf 87"),
    );
    // a_negative_or_altered_multiplier_is_refused
    add("100: d 1 -4", replace_line(&t100, "d 1 4", "d 1 -4"));
    add("100: d 1 3", replace_line(&t100, "d 1 4", "d 1 3"));
    add("100: t -3", replace_line(&t100, "t -4", "t -3"));
    add(
        "100: denominator 1",
        replace_line(&t100, "denominator 2", "denominator 1"),
    );
    add(
        "100: denominator 0",
        replace_line(&t100, "denominator 2", "denominator 0"),
    );
    add(
        "100: d 1 i128::MAX",
        replace_line(&t100, "d 1 4", &format!("d 1 {}", i128::MAX)),
    );
    add(
        "100: t i128::MIN",
        replace_line(&t100, "t -4", &format!("t {}", i128::MIN)),
    );
    add("100: d 1 4x", replace_line(&t100, "d 1 4", "d 1 4x"));
    // rows_and_cuts_must_name_rows_of_the_reduced_graph
    add(
        "100: d 53 (a prime left out)",
        replace_line(&t100, "d 3 4", "d 53 4"),
    );
    add(
        "100: e 55 12 (not an edge)",
        replace_line(&t100, "e 55 11 2", "e 55 12 2"),
    );
    add(
        "100: cut k not in its set",
        replace_line(&t100, "cut 68 3 17 34 68", "cut 51 3 17 34 68"),
    );
    add(
        "100: cut not increasing",
        replace_line(&t100, "cut 68 3 17 34 68", "cut 68 3 34 17 68"),
    );
    add(
        "100: cut index 4 of 4",
        replace_line(&t100, "c 3 2", "c 4 2"),
    );
    // the_tree_must_cover_every_case
    let leaf_start = t100.find("leaf ").unwrap();
    let leaf = t100[leaf_start..].trim_end().strip_suffix("end").unwrap();
    let head = &t100[..leaf_start];
    add(
        "100: split on y 6",
        format!("{head}branch y 6\n{leaf}{leaf}end\n"),
    );
    add(
        "100: split on x 2 6, then y 3",
        format!("{head}branch x 2 6\n{leaf}branch y 3\n{leaf}{leaf}end\n"),
    );
    add(
        "100: a branch with one child",
        format!("{head}branch y 6\n{leaf}end\n"),
    );
    add(
        "100: y 6 fixed twice",
        format!("{head}branch y 6\nbranch y 6\n{leaf}{leaf}{leaf}end\n"),
    );
    add("100: a leaf too many", format!("{head}{leaf}{leaf}end\n"));
    // chains_and_sizes_are_checked_against_the_raw_rules
    let line = t10.lines().nth(3).unwrap();
    add(
        "10: 9 twice",
        replace_line(&t10, line, "chain 5 10 2 4 8 1 9 3 9"),
    );
    add(
        "10: 7 after 3",
        replace_line(&t10, line, "chain 5 10 2 4 8 1 9 3 7"),
    );
    add(
        "10: 11 in 1..10",
        replace_line(&t10, line, "chain 5 10 2 4 8 1 9 3 11"),
    );
    // a_branch_and_cut_tree_certificate_verifies_and_needs_every_node
    add(
        "700: branch y 1 for y 89",
        tree700.replacen("branch y 89\n", "branch y 1\n", 1),
    );
    add(
        "700: length 473",
        tree700.replacen("length 472\n", "length 473\n", 1),
    );
    let lines: Vec<&str> = tree700.lines().collect();
    let mut dropped_leaves = 0;
    for (i, line) in lines.iter().enumerate() {
        let end = match line.strip_prefix("leaf ") {
            Some(rows) => i + 1 + rows.parse::<usize>().unwrap(),
            None if line.starts_with("branch ") => i + 1,
            None => continue,
        };
        if dropped_leaves < 6 {
            let mut dropped = lines.clone();
            dropped.drain(i..end);
            add(
                &format!("700: line {i} ({line}) dropped"),
                dropped.join("\n") + "\n",
            );
            dropped_leaves += 1;
        }
    }
    // a_branch_fixes_exactly_the_variable_it_names
    let tree = "JGCHAIN1\nn 12\nlength 11\nchain 5 10 2 8 4 12 6 3 9 1 11\ndenominator 1\ncuts 0\n\
                tree\nbranch x 1 11\nleaf 1 u 11 2\nleaf 0\nend\n";
    add("12: branch x 1 11", tree.to_string());
    add(
        "12: unbranched",
        tree.replace("branch x 1 11\n", "").replace("leaf 0\n", ""),
    );
    add(
        "12: branch y 11",
        tree.replace("branch x 1 11", "branch y 11"),
    );
    // a_zero_multiplier_is_allowed
    add(
        "12: d 1 0 added",
        replace_line(&t12, "leaf 0", "leaf 1 d 1 0"),
    );
    // every_row_named_once_is_accepted_and_none_twice (one of its repeats)
    let (head, leaf) = t100.split_once("leaf ").unwrap();
    let (count, rows) = leaf.split_once('\n').unwrap();
    let first = rows.lines().find(|l| l.starts_with("d ")).unwrap();
    let row = first.rsplit_once(' ').unwrap().0;
    let count: usize = count.parse().unwrap();
    add(
        "100: a d row named twice",
        format!("{head}leaf {}\n{row} 0\n{rows}", count + 1),
    );
    out
}

fn write(dir: &Path) -> std::io::Result<usize> {
    let mut table = String::new();
    let all = mutants();
    for (i, (name, text)) in all.iter().enumerate() {
        let verdict = match jg_verify::chain::check(text.as_bytes()) {
            Ok(_) => "accepted",
            Err(_) => "refused",
        };
        let _ = writeln!(table, "{i}\t{verdict}\t{name}");
        let coq = match coq_term(text) {
            Ok(term) => {
                format!(
                    "{HEADER}\nDefinition m : ccert :=\n  {term}.\n\nEval vm_compute in check m.\n"
                )
            }
            Err(_) => String::from("unreadable\n"),
        };
        std::fs::write(dir.join(format!("m{i}.v")), coq)?;
    }
    std::fs::write(dir.join("verdicts.tsv"), table)?;
    Ok(all.len())
}

fn main() {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: chain_agreement DIR");
        std::process::exit(2);
    };
    match write(&dir) {
        Ok(count) => println!("wrote {count} mutants to {}", dir.display()),
        Err(error) => {
            eprintln!("chain_agreement: {error}");
            std::process::exit(1);
        }
    }
}
