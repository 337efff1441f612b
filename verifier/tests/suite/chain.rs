//! Chain certificates (spec.md §6): every published one verifies and matches the b-file, and
//! each kind of lie is refused with its own reason, without a panic.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`, as in the checker

use jg_verify::chain::{check, is_chain_certificate};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../certificates/chains")
}

fn published(n: u64) -> String {
    let path = dir().join(format!("chain-{n}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rejection(text: &str) -> String {
    check(text.as_bytes()).expect_err("accepted a bad certificate").to_string()
}

fn assert_says(message: &str, part: &str) {
    assert!(message.contains(part), "{message:?} should contain {part:?}");
}

/// Replaces the first line equal to `from` by `to` (which may hold several lines or none).
fn replace_line(text: &str, from: &str, to: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| *l == from).expect("line present");
    let mut out: Vec<&str> = lines[..at].to_vec();
    if !to.is_empty() {
        out.push(to);
    }
    out.extend(&lines[at + 1..]);
    out.join("\n") + "\n"
}

/// Every committed certificate is valid and proves its own n; the b-file lists exactly the
/// proved lengths for n = 1, 2, … up to the first n without a certificate, and every file is
/// a certificate (those past that gap included).
#[test]
fn every_published_chain_certificate_verifies_and_matches_the_b_file() {
    let b_file = std::fs::read_to_string(dir().join("a337125.txt")).unwrap();
    let mut count = 0;
    for (i, line) in b_file.lines().enumerate() {
        let (n, length) = line.split_once(' ').expect("`n a(n)`");
        let (n, length): (u64, u64) = (n.parse().unwrap(), length.parse().unwrap());
        assert_eq!(n, i as u64 + 1, "the b-file has a gap before {n}");
        let verdict = check(published(n).as_bytes()).unwrap_or_else(|e| panic!("n = {n}: {e}"));
        assert_eq!((verdict.n, verdict.length), (n, length), "n = {n}");
        count += 1;
    }
    assert!(count >= 1000, "only {count} terms published");
    // Past the b-file's first gap, terms proved out of order: each file valid for its own n.
    for entry in std::fs::read_dir(dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name == "a337125.txt" {
            continue;
        }
        let n = name.strip_prefix("chain-").and_then(|s| s.strip_suffix(".txt"));
        let n: u64 = n.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("stray {name}"));
        assert_ne!(n, count as u64 + 1, "chain-{n}.txt is valid but not in the b-file");
        if n > count as u64 {
            let verdict = check(published(n).as_bytes()).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(verdict.n, n, "{name} proves another n");
        } else {
            assert!(n >= 1, "{name}");
        }
    }
    // The first terms against trying every chain (independent of the certificates).
    for n in 1..=16 {
        assert_eq!(check(published(n).as_bytes()).unwrap().length, brute_force(n), "n = {n}");
    }
}

/// The longest chain of 1..n by trying every chain, on bit masks: the oracle for small n.
fn brute_force(n: u64) -> u64 {
    fn walk(neighbours: &[u32], last: usize, used: u32) -> u64 {
        let mut best = 0;
        let mut moves = neighbours[last] & !used;
        while moves != 0 {
            let next = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            best = best.max(1 + walk(neighbours, next, used | 1 << next));
        }
        best
    }
    let n = n as usize;
    let neighbours: Vec<u32> = (0..=n)
        .map(|a| {
            let related = |b: &usize| a != 0 && *b != a && (a % b == 0 || b % a == 0);
            (1..=n).filter(related).fold(0, |mask, b| mask | 1 << b)
        })
        .collect();
    (1..=n).map(|s| 1 + walk(&neighbours, s, 1 << s)).max().unwrap_or(0)
}

#[test]
fn the_verdict_line_starts_as_the_contract_says() {
    let verdict = check(published(100).as_bytes()).unwrap();
    assert!(verdict.to_string().starts_with("valid: a longest chain of 1..100 has 77 numbers, "));
    assert!(is_chain_certificate(published(100).as_bytes()));
    assert!(!is_chain_certificate(b"JGCERT\n"));
    assert_says(&rejection("JGCERT1\nn 3"), "magic");
}

#[test]
fn a_lying_length_is_refused() {
    let text = published(100);
    // One number fewer claimed: the bound 77 is not below 77.
    let chain_line = text.lines().nth(3).unwrap();
    let shorter = chain_line.rsplit_once(' ').unwrap().0;
    let lie = replace_line(&replace_line(&text, "length 77", "length 76"), chain_line, shorter);
    assert_says(&rejection(&lie), "leaf 1: bound 154/2 is not below length + 1");
    // One number more claimed, with a number that does not fit the chain.
    let lie = replace_line(&text, "length 77", "length 78");
    let lie = replace_line(&lie, chain_line, &format!("{chain_line} 97"));
    assert_says(&rejection(&lie), "chain: 97 (place 78) is not related to 58");
    // A length that is not the chain's: said in the file's own words (issue 40).
    let lie = replace_line(&text, "length 77", "length 78");
    assert_says(&rejection(&lie), "the chain has 77 numbers, its `length` line says 78");
    let lie = replace_line(&text, "length 77", "length 76");
    assert_says(&rejection(&lie), "76 chain numbers, then `58`, not `denominator`");
    // The newcomer's edit: n = 50 (a chain of 41) claimed as `length 42`.
    let lie = replace_line(&published(50), "length 41", "length 42");
    let message = rejection(&lie);
    assert_eq!(
        message,
        "invalid chain certificate: the chain has 41 numbers, its `length` line says 42"
    );
}

#[test]
fn a_dropped_cut_is_refused() {
    let text = published(100);
    let dropped = replace_line(&replace_line(&text, "c 2 2", ""), "leaf 88", "leaf 87");
    assert_says(&rejection(&dropped), "is not below length + 1");
    assert_says(&rejection(&replace_line(&text, "leaf 88", "leaf 87")), "is not below length + 1");
    let no_definition = replace_line(&text, "cut 76 3 19 38 76", "");
    assert_says(&rejection(&no_definition), "expected `cut`, found `tree`");
}

#[test]
fn a_negative_or_altered_multiplier_is_refused() {
    let text = published(100);
    assert_says(
        &rejection(&replace_line(&text, "d 1 4", "d 1 -4")),
        "negative multiplier -4 on a `d` row",
    );
    assert_says(&rejection(&replace_line(&text, "d 1 4", "d 1 3")), "is not below length + 1");
    assert_says(&rejection(&replace_line(&text, "t -4", "t -3")), "is not below length + 1");
    assert_says(
        &rejection(&replace_line(&text, "denominator 2", "denominator 1")),
        "is not below length + 1",
    );
    assert_says(
        &rejection(&replace_line(&text, "denominator 2", "denominator 0")),
        "denominator 0 is outside",
    );
    let huge = format!("d 1 {}", i128::MAX);
    assert_says(&rejection(&replace_line(&text, "d 1 4", &huge)), "arithmetic overflow");
    assert_says(&rejection(&replace_line(&text, "d 1 4", "d 1 4x")), "is not an integer");
    let most_negative = format!("t {}", i128::MIN);
    assert_says(&rejection(&replace_line(&text, "t -4", &most_negative)), "arithmetic overflow");
}

#[test]
fn rows_and_cuts_must_name_rows_of_the_reduced_graph() {
    let text = published(100);
    // 97 is a prime above 50 hanging on 1 like 53: only the largest of them is kept.
    assert_says(
        &rejection(&replace_line(&text, "d 3 4", "d 53 4")),
        "53 is not a number of the reduced graph",
    );
    assert_says(&rejection(&replace_line(&text, "e 55 11 2", "e 55 12 2")), "55 12 is not an edge");
    let text_k = replace_line(&text, "cut 68 3 17 34 68", "cut 51 3 17 34 68");
    assert_says(&rejection(&text_k), "cut 1: 51 is not in its set");
    let unsorted = replace_line(&text, "cut 68 3 17 34 68", "cut 68 3 34 17 68");
    assert_says(&rejection(&unsorted), "cut 1: its numbers are not strictly increasing");
    assert_says(&rejection(&replace_line(&text, "c 3 2", "c 4 2")), "cut index 4 is outside 0..=3");
    assert_says(&rejection(&replace_line(&text, "t -4", "z -4")), "unknown row family `z`");
}

#[test]
fn the_tree_must_cover_every_case() {
    let text = published(100);
    let leaf_start = text.find("leaf ").unwrap();
    let leaf = text[leaf_start..].trim_end().strip_suffix("end").unwrap();
    let head = &text[..leaf_start];
    // Two children under one branch, each with the root's multipliers: valid, two leaves.
    let split = format!("{head}branch y 6\n{leaf}{leaf}end\n");
    assert_eq!(check(split.as_bytes()).unwrap().leaves, 2);
    let split_edge = format!("{head}branch x 2 6\n{leaf}branch y 3\n{leaf}{leaf}end\n");
    assert_eq!(check(split_edge.as_bytes()).unwrap().leaves, 3);
    // A branch with one child only: the case y_6 = 1 is not covered.
    let uncovered = format!("{head}branch y 6\n{leaf}end\n");
    assert_says(&rejection(&uncovered), "unknown tree node `end`");
    let twice = format!("{head}branch y 6\nbranch y 6\n{leaf}{leaf}{leaf}end\n");
    assert_says(&rejection(&twice), "fixed twice on one path");
    let extra = format!("{head}{leaf}{leaf}end\n");
    assert_says(&rejection(&extra), "expected `end`, found `leaf`");
    assert_says(&rejection(&format!("{text}0\n")), "extra data after `end`: `0`");
    assert_says(&rejection(&format!("{head}branch y 101\n")), "number 101 is outside 1..=100");
}

#[test]
fn chains_and_sizes_are_checked_against_the_raw_rules() {
    let text = published(10);
    let line = text.lines().nth(3).unwrap();
    let repeated = replace_line(&text, line, "chain 5 10 2 4 8 1 9 3 9");
    assert_says(&rejection(&repeated), "chain: 9 appears twice (places 7 and 9)");
    let unrelated = replace_line(&text, line, "chain 5 10 2 4 8 1 9 3 7");
    assert_says(&rejection(&unrelated), "chain: 7 (place 9) is not related to 3");
    let off = replace_line(&text, line, "chain 5 10 2 4 8 1 9 3 11");
    assert_says(&rejection(&off), "chain number 11 is outside 1..=10");
    let wide = "JGCHAIN1\nn 1000000\nlength 3\nchain 1 2 4\n";
    assert_says(&rejection(wide), "too short for n = 1000000");
    assert_says(&rejection("JGCHAIN1\nn 99999999999\n"), "n 99999999999 is outside");
    let not_text = check(b"JGCHAIN1\n\xff").unwrap_err().to_string();
    assert_says(&not_text, "not UTF-8");
}

#[test]
fn truncated_and_bit_flipped_files_never_pass_as_another_claim() {
    for n in [30, 100] {
        let bytes = published(n).into_bytes();
        let end = bytes.len() - 4; // "end\n": any cut before it loses the end marker
        for cut in 0..end {
            assert!(check(&bytes[..cut]).is_err(), "n = {n}: a prefix of {cut} bytes passed");
        }
        // The proved lengths, to judge a flip that turns the file into a proof for another n.
        let a = |n: u64| check(published(n).as_bytes()).unwrap().length;
        let step = if n == 30 { 1 } else { 7 };
        for bit in (0..bytes.len() * 8).step_by(step) {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            // A flip may leave a weaker but still valid proof (a smaller multiplier, a space
            // turned into a tab, n = 30 into 31 where the reduced graphs agree); it must never
            // prove a length that the published certificate of that n contradicts.
            if let Ok(verdict) = check(&flipped) {
                assert_eq!(verdict.length, a(verdict.n), "bit {bit}: n = {}", verdict.n);
            }
        }
    }
}

/// A tree certificate as the generator writes it where the root bound is not enough:
/// `jg chain 700 --certificate` (the root LP bound is not below 473; 11 branches on y and x
/// variables, 12 leaves). Not in the published folder, which is contiguous from n = 1.
fn tree_700() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/chain-700-tree.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_branch_and_cut_tree_certificate_verifies_and_needs_every_node() {
    let text = tree_700();
    let verdict = check(text.as_bytes()).unwrap();
    assert_eq!((verdict.n, verdict.length, verdict.leaves), (700, 472, 12));
    let lines: Vec<&str> = text.lines().collect();
    let rejected = |lines: &[&str]| check((lines.join("\n") + "\n").as_bytes()).is_err();
    // Every leaf dropped in turn (its case is then uncovered), and every branch dropped.
    for (i, line) in lines.iter().enumerate() {
        let end = match line.strip_prefix("leaf ") {
            Some(rows) => i + 1 + rows.parse::<usize>().unwrap(),
            None if line.starts_with("branch ") => i + 1,
            None => continue,
        };
        let mut dropped = lines.clone();
        dropped.drain(i..end);
        assert!(rejected(&dropped), "line {i} ({line}) dropped, still accepted");
    }
    // The first leaf's bound needs its fixing y_89 = 0: under y_1 = 0 it is too high.
    let other = text.replacen("branch y 89\n", "branch y 1\n", 1);
    assert_says(&rejection(&other), "leaf 1: bound 1906/4 is not below length + 1");
    // One number more claimed (the chain is then too short for its length).
    let wider = text.replacen("length 472\n", "length 473\n", 1);
    assert_says(&rejection(&wider), "the chain has 472 numbers, its `length` line says 473");
    // Every prefix short of `end` is refused.
    let bytes = text.as_bytes();
    for cut in (0..bytes.len() - 4).step_by(97) {
        assert!(check(&bytes[..cut]).is_err(), "a prefix of {cut} bytes passed");
    }
}

/// A hand-made tree for n = 12 that holds only because its branch fixes the right variable.
/// The reduced graph keeps 11 numbers (7 goes: it hangs on 1 like 11), so the root alone bounds
/// the chain by 11 < 12. Branch on x for the edge 1–11: where it is 0, the row "u 11" with
/// multiplier 2 moves 11's weight onto that edge (r = −1 on y_11, +2 on x_{1,11}), which the
/// fixing then removes: bound 10. Where it is 1, no rows: bound 11. Fixing any other variable
/// leaves the first leaf at 12, not below length + 1.
#[test]
fn a_branch_fixes_exactly_the_variable_it_names() {
    let tree = "JGCHAIN1\nn 12\nlength 11\nchain 5 10 2 8 4 12 6 3 9 1 11\ndenominator 1\ncuts 0\n\
                tree\nbranch x 1 11\nleaf 1 u 11 2\nleaf 0\nend\n";
    let verdict = check(tree.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((verdict.n, verdict.length, verdict.leaves), (12, 11, 2));
    // Without the branch, the same leaf is refused: the fixing is what proves it.
    let unbranched = tree.replace("branch x 1 11\n", "").replace("leaf 0\n", "");
    assert_says(&rejection(&unbranched), "leaf 1: bound 12/1 is not below length + 1");
    // Branching on y_11 instead does not fix the edge either.
    assert_says(&rejection(&tree.replace("branch x 1 11", "branch y 11")), "leaf 1: bound 12/1");
}

/// Multipliers must be non-negative: zero is allowed (the row adds nothing).
#[test]
fn a_zero_multiplier_is_allowed() {
    let text = published(12);
    let with_zero = replace_line(&text, "leaf 0", "leaf 1 d 1 0");
    assert_eq!(check(with_zero.as_bytes()).unwrap_or_else(|e| panic!("{e}")).length, 11);
}

/// Integers are plain decimal digits with an optional minus sign: no `+`, nothing empty.
#[test]
fn integers_are_plain_digits() {
    let text = published(12);
    for bad in ["length +11", "length -", "length 1_1"] {
        let lie = replace_line(&text, "length 11", bad);
        assert_says(&rejection(&lie), "is not an integer");
    }
}

/// A claimed length must be at least (n − 8)/2: n = 2·length + 8 passes that first test (and is
/// refused later for its chain), n = 2·length + 9 is refused by it.
#[test]
fn the_length_is_checked_against_n_at_its_boundary() {
    let text = published(12);
    let at = rejection(&replace_line(&text, "n 12", "n 30"));
    assert!(!at.contains("too short"), "{at}");
    let past = rejection(&replace_line(&text, "n 12", "n 31"));
    assert_says(&past, "length 11 is too short for n = 31 (n > 2·length + 8)");
}

/// The certificate of m with its `n` line set to n and a `graph m` line before `denominator`:
/// the proof over G_m offered for 1..n, with m's own chain.
fn from_above(m: u64, n: u64, graph: &str) -> String {
    let text = published(m);
    let text = replace_line(&text, &format!("n {m}"), &format!("n {n}"));
    let denominator = text.lines().find(|l| l.starts_with("denominator ")).unwrap().to_string();
    replace_line(&text, &denominator, &format!("{graph}\n{denominator}"))
}

/// a(36) = a(37) = a(38) = 30 < a(39). A proof over G_38 bounds the chains of 1..37 (they are
/// chains of 1..38), so 38's certificate with its chain (which avoids 37 and 38) proves a(37)
/// and a(36); the `graph` line must name a larger n, within the size bound, in its place, and
/// a proof does not pass for a graph other than its own, nor for a length it does not reach.
#[test]
fn a_proof_over_a_larger_graph_proves_a_smaller_n_and_nothing_more() {
    for n in [36, 37] {
        let verdict = check(from_above(38, n, "graph 38").as_bytes()).unwrap();
        assert_eq!((verdict.n, verdict.length, verdict.graph), (n, 30, 38));
        let line = format!("valid: a longest chain of 1..{n} has 30 numbers, bound over 1..38, ");
        assert!(verdict.to_string().starts_with(&line), "{verdict}");
    }
    assert_eq!(check(published(38).as_bytes()).unwrap().graph, 38);
    assert_says(&rejection(&from_above(38, 37, "graph 37")), "graph 37 is outside 38..=68");
    assert_says(&rejection(&from_above(38, 37, "graph 36")), "graph 36 is outside 38..=68");
    assert_says(&rejection(&from_above(38, 37, "graph 69")), "graph 69 is outside 38..=68");
    assert_says(&rejection(&from_above(38, 37, "graph x")), "graph: `x` is not an integer");
    assert_says(&rejection(&from_above(38, 37, "graph")), "graph: `denominator` is not");
    assert_says(&rejection(&from_above(38, 37, "grph 38")), "then `grph`, not `denominator`");
    // Its own proof over a larger graph than its own: the extra numbers are not bounded.
    assert_says(&rejection(&from_above(38, 38, "graph 40")), "is not below length + 1");
    // 39's chain holds 39: not a chain of 1..38.
    let text = from_above(39, 38, "graph 39");
    assert_says(&rejection(&text), "chain number 39 is outside 1..=38");
    // 39's proof (no chain of 32) offered for a chain of 30 of 1..38: not below 31.
    let chain_39 = published(39).lines().nth(3).unwrap().to_string();
    let chain_38 = published(38).lines().nth(3).unwrap().to_string();
    let lie = replace_line(&replace_line(&text, "length 31", "length 30"), &chain_39, &chain_38);
    assert_says(&rejection(&lie), "is not below length + 1");
    // The graph line after the denominator is no part of the format.
    let late = replace_line(&published(38), "cuts 3", "graph 39\ncuts 3");
    assert_says(&rejection(&late), "expected `cuts`, found `graph`");
}

/// A count of 2^64 or more (of cuts, of a leaf's rows) was cast to a machine word and read as
/// another count, so that `cuts 18446744073709551616` was accepted as 0 cuts (issue 39, found
/// in review). Counts are u64 now: one past is refused, and the largest is read as itself.
#[test]
fn a_count_past_u64_is_refused_not_wrapped() {
    let text = published(10);
    for (from, to) in
        [("cuts 0", "cuts 18446744073709551616"), ("leaf 3", "leaf 18446744073709551619")]
    {
        let message = rejection(&replace_line(&text, from, to));
        assert_says(&message, "is outside 0..=18446744073709551615");
    }
    let largest = replace_line(&text, "cuts 0", "cuts 18446744073709551615");
    assert_says(&rejection(&largest), "expected `cut`, found `tree`");
}

/// The chain check runs under the bounds it is given (spec.md §6.3, "Cost"): below what the
/// graph needs it is refused, naming the bound, never judged; `check` is the default bounds.
#[test]
fn a_chain_check_under_small_bounds_is_refused_not_judged() {
    use jg_verify::chain::{check_within, ChainRejection};
    use jg_verify::Limits;
    let text = published(100);
    assert_eq!(check(text.as_bytes()), check_within(text.as_bytes(), &Limits::default()));
    // The file itself is charged first (spec.md §6.3), then the tables.
    let file = text.len() as u64;
    for (limits, what) in [
        (
            Limits { max_memory: file - 1, ..Limits::default() },
            &*format!("memory limit: the file needs {file} bytes, {} left", file - 1),
        ),
        // M + |E(G_M)| = 100 + Σ (⌊100/a⌋ − 1) = 100 + 382.
        (
            Limits { max_work: 100, ..Limits::default() },
            "work limit: the graph takes 482 steps, 100 left",
        ),
        (Limits { max_memory: file + 1000, ..Limits::default() }, "memory limit: the graph needs"),
        (
            Limits { max_memory: file + 100, ..Limits::default() },
            "memory limit: the chain needs 808 bytes, 100 left",
        ),
    ] {
        match check_within(text.as_bytes(), &limits) {
            Err(ChainRejection::Limit(_, refused)) => assert_says(&refused, what),
            other => panic!("{limits:?}: {other:?}"),
        }
    }
}

/// spec.md §6.3: a leaf names each `d v`, `u v` and `c i` row at most once. Every row named
/// once is accepted, whatever else the leaf names: chain-100's leaf with every row of H it does
/// not name added with multiplier 0 (which changes no bound) is still valid, so no two rows
/// share the mark that finds a repeat; and naming any of them a second time is refused.
#[test]
fn every_row_named_once_is_accepted_and_none_twice() {
    let text = published(100);
    let prime = |p: u64| p > 1 && (2..p).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d));
    let lone: Vec<u64> = (51..=100).filter(|&p| prime(p)).collect();
    let kept = (1..=100).filter(|v| !lone.contains(v) || Some(v) == lone.last());
    let (head, leaf) = text.split_once("leaf ").unwrap();
    let (count, rows) = leaf.split_once('\n').unwrap();
    let named: Vec<&str> = rows.lines().take(count.parse().unwrap()).collect();
    let cuts: usize =
        head.split_once("cuts ").unwrap().1.split_whitespace().next().unwrap().parse().unwrap();
    let mut more: Vec<String> = kept
        .flat_map(|v| [format!("d {v}"), format!("u {v}")])
        .chain((0..cuts).map(|i| format!("c {i}")))
        .filter(|row| !named.iter().any(|line| line.starts_with(&format!("{row} "))))
        .map(|row| format!("{row} 0"))
        .collect();
    assert!(more.len() > 100, "{} rows added", more.len());
    let total = named.len() + more.len();
    let with = |more: &[String]| {
        let added = more.iter().map(|row| format!("{row}\n")).collect::<String>();
        let leaf = format!("leaf {}\n{added}", named.len() + more.len());
        text.replacen(&format!("leaf {count}\n"), &leaf, 1)
    };
    let all = with(&more);
    assert!(check(all.as_bytes()).is_ok(), "{total} rows: {:?}", check(all.as_bytes()));
    for twice in [more[0].clone(), more[more.len() / 2].clone(), more[more.len() - 1].clone()] {
        more.push(twice.clone());
        let repeated = with(&more);
        let row = twice.trim_end_matches(" 0");
        assert_says(&rejection(&repeated), &format!("leaf 1: the row `{row}` appears twice"));
        more.pop();
    }
}
