//! spec.md §4.4 and §6.3 state each cost exactly, so that a second implementation finds the same
//! work figure and the same `refused:` verdicts. Here a second computation, written from the
//! spec alone (it decodes the bytes and lists the moves itself), gives the figure W, and the
//! verifier accepts the file under a bound of exactly W and refuses it under W − 1.

#![allow(clippy::manual_is_multiple_of)] // the rules are stated with `%`

use jg_verify::chain::{check_within, ChainRejection};
use jg_verify::{verify_bytes, Bound, Limits, Rejection};
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../certificates")
}

/// A little-endian number of `width` bytes at `at`.
fn number(bytes: &[u8], at: usize, width: usize) -> u64 {
    bytes[at..at + width].iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte))
}

fn width(n: u64) -> usize {
    [1, 2, 4, 8][usize::from(n > 0xFF) + usize::from(n > 0xFFFF) + usize::from(n > 0xFFFF_FFFF)]
}

/// The steps of listing the moves from `c` on 1..n in a version 1 file (§4.4).
fn listing(c: u64, n: u64) -> u64 {
    c.isqrt() + n / c
}

/// The divisors and multiples of `c` on 1..n, `c` itself left out.
fn neighbours(c: u64, n: u64) -> BTreeSet<u64> {
    let divisors = (1..=c.isqrt()).filter(|d| c % d == 0).flat_map(|d| [d, c / d]);
    let multiples = (2..=n / c).map(|k| k * c);
    divisors.chain(multiples).filter(|&x| x != c).collect()
}

/// The work of a closed pairing (kind 2 or 3, version 1) by §4.4–§4.6: the loser's first moves
/// (n for every opening, or the listing from the opening), then one listing from each partner
/// of a number of the closure L, all on the board 1..n_last.
fn pairing_work(bytes: &[u8]) -> u64 {
    let (n, g, winner, kind) =
        (number(bytes, 12, 8), number(bytes, 32, 8) as usize, bytes[24], bytes[28]);
    let (w, mut at) = (width(n), 80 + g);
    let board = if kind == 3 { (number(bytes, at, 8), at += 8).0 } else { n };
    let opening = number(bytes, at, w);
    let count = number(bytes, at + w, w) as usize;
    let mut partner = HashMap::new();
    for i in 0..count {
        let (a, b) =
            (number(bytes, at + 2 * w + 2 * w * i, w), number(bytes, at + 3 * w + 2 * w * i, w));
        partner.insert(a, b);
        partner.insert(b, a);
    }
    let (mut work, mut todo): (u64, Vec<u64>) = match winner {
        0 => (listing(opening, board), neighbours(opening, board).into_iter().collect()),
        _ => (board, (2..=board).step_by(2).collect()),
    };
    let (mut closure, mut expanded) =
        (todo.iter().copied().collect::<BTreeSet<_>>(), BTreeSet::new());
    while let Some(x) = todo.pop() {
        let y = partner[&x];
        if expanded.insert(y) {
            work += listing(y, board);
            let new =
                neighbours(y, board).into_iter().filter(|&z| z != opening && closure.insert(z));
            todo.extend(new.collect::<Vec<_>>());
        }
    }
    work
}

/// The work of an openings certificate made of one matching-and-barrier entry (tag 4, §4.10):
/// one listing from each number not in the barrier S.
fn barrier_work(bytes: &[u8]) -> u64 {
    let (n, g) = (number(bytes, 12, 8), number(bytes, 32, 8) as usize);
    let (w, mut at) = (width(n), 80 + g);
    assert_eq!(bytes[at], 4, "one tag 4 entry");
    at += 1;
    at += w * (1 + number(bytes, at, w) as usize); // the losing openings
    at += w * (1 + 2 * number(bytes, at, w) as usize); // the matching
    let barrier: BTreeSet<u64> =
        (0..number(bytes, at, w) as usize).map(|i| number(bytes, at + w * (1 + i), w)).collect();
    (1..=n).filter(|x| !barrier.contains(x)).map(|x| listing(x, n)).sum()
}

/// Accepted under a work bound of exactly `work`, refused ("work limit") under one step less.
fn work_is_exact(name: &str, bytes: &[u8], work: u64) {
    let exact = Limits { max_work: work, ..Limits::default() };
    verify_bytes(bytes, &exact).unwrap_or_else(|r| panic!("{name}: refused under {work}: {r}"));
    let less = Limits { max_work: work - 1, ..Limits::default() };
    match verify_bytes(bytes, &less) {
        Err(Rejection::Limit { bound: Bound::Work, what, .. }) => {
            assert!(what.starts_with("work limit"), "{name}: {what}")
        }
        other => panic!("{name}: under {} steps: {other:?}", work - 1),
    }
}

#[test]
fn the_work_of_closed_pairings_is_the_one_spec_md_states() {
    let mut files = 0;
    for entry in std::fs::read_dir(folder()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "bin") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        if bytes[8] == 1 && number(&bytes, 12, 8) <= 1 << 20 {
            work_is_exact(&path.display().to_string(), &bytes, pairing_work(&bytes));
            files += 1;
        }
    }
    assert!(files >= 100, "only {files} files");
}

#[test]
fn the_work_of_a_barrier_entry_is_the_one_spec_md_states() {
    for n in [129, 200, 500, 1000] {
        let path = folder().join(format!("openings/cert-{n}-openings.bin"));
        let bytes = std::fs::read(path).unwrap();
        work_is_exact(&format!("n={n}"), &bytes, barrier_work(&bytes));
    }
}

/// A chain certificate's work and memory by §6.3, "Cost", from its tokens and the graph.
fn chain_costs(text: &str) -> (u64, u64) {
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    let at = |word: &str| words.iter().position(|w| *w == word).unwrap();
    let int = |i: usize| words[i].parse::<u64>().unwrap();
    let (n, length) = (int(2), int(4));
    let m = if words[6 + length as usize] == "graph" { int(7 + length as usize) } else { n };
    let g_edges: u64 = (1..=m).map(|a| m / a - 1).sum();
    // H: of the numbers with one neighbour in G_M, all but the largest on each neighbour go.
    let degree = |v: u64| neighbours(v, m).len();
    let lone: Vec<(u64, u64)> = (1..=m)
        .filter(|&v| degree(v) == 1)
        .map(|v| (v, *neighbours(v, m).first().unwrap()))
        .collect();
    let largest =
        |v: u64| lone.iter().all(|&(u, on)| u != v || lone.iter().all(|&(w, o)| o != on || w <= v));
    let kept: Vec<bool> = (0..=m).map(|v| v > 0 && (length < 3 || largest(v))).collect();
    let h_degree = |v: u64| neighbours(v, m).iter().filter(|&&u| kept[u as usize]).count() as u64;
    let h_edges: u64 = (1..=m).filter(|&v| kept[v as usize]).map(h_degree).sum::<u64>() / 2;
    let mut work = m + g_edges;
    let mut memory = text.len() as u64 + 8 * (n + 1) + 96 * (m + 1 + g_edges);
    let mut cuts = Vec::new();
    let mut i = at("cuts") + 2;
    while words[i] == "cut" {
        let size = int(i + 2) as usize;
        let set: Vec<u64> = (0..size).map(|j| int(i + 3 + j)).collect();
        let degrees: u64 = set.iter().map(|&a| h_degree(a)).sum();
        let inside = set.iter().map(|&a| {
            neighbours(a, m).iter().filter(|b| **b > a && set.contains(b)).count() as u64
        });
        cuts.push((size as u64, inside.sum::<u64>()));
        (work, memory) = (work + degrees, memory + 8 * size as u64 + 120 + 8 * degrees);
        i += 3 + size;
    }
    for (j, word) in words.iter().enumerate().skip(i) {
        let next = words.get(j + 1).copied().unwrap_or("");
        work += match *word {
            "leaf" => m + 1 + h_edges,
            "t" => 1,
            "d" | "u" => h_degree(next.parse().unwrap()) + 2,
            "e" => 3,
            "c" => cuts[next.parse::<usize>().unwrap()].1 + cuts[next.parse::<usize>().unwrap()].0,
            _ => 0,
        };
    }
    (work, memory)
}

#[test]
fn the_work_and_memory_of_chain_certificates_are_the_ones_spec_md_states() {
    let chains = folder().join("chains");
    let tree = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/chain-700-tree.txt");
    let files = [10, 30, 100, 300, 950].map(|n| chains.join(format!("chain-{n}.txt")));
    for path in files.iter().chain([&tree]) {
        let text = std::fs::read_to_string(path).unwrap();
        let (work, memory) = chain_costs(&text);
        let name = path.display();
        for (limits, what, bound) in [
            (Limits { max_work: work, max_memory: memory, ..Limits::default() }, "", None),
            (Limits { max_work: work - 1, ..Limits::default() }, "work limit: ", Some(Bound::Work)),
            (
                Limits { max_memory: memory - 1, ..Limits::default() },
                "memory limit: ",
                Some(Bound::Memory),
            ),
        ] {
            match (check_within(text.as_bytes(), &limits), what) {
                (Ok(_), "") => {}
                (Err(ChainRejection::Limit(refused_by, refused)), _)
                    if refused.starts_with(what) && Some(refused_by) == bound => {}
                (other, _) => panic!("{name} under {limits:?}: {other:?}"),
            }
        }
    }
}
