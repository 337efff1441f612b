//! The openings certificates (`certificates/openings/`, spec.md §3.4) and the OEIS b-files of
//! their results as Coq data (formal/Barrier.v, formal/Openings.v), for `jg formal-data`.
//!
//! Each file is verified by `jg_verify` first (a refused file stops everything) and decoded.
//! Its winning openings (what the verifier reports) go into the table that the Coq theorem
//! states; its proof goes into the data that Coq checks:
//! - every opening loses (a tag 1 entry naming every opening, or no entry at all when there is
//!   no opening): the pairs and their closure, a closed pairing for the second player;
//! - a matching-and-barrier entry (tag 4): the matching M, the barrier S (from which Coq
//!   computes the components of 1..n without S once, by `labels`), and the alternating paths as
//!   a tree: the paths from one start that share their beginning share it in the tree, so each
//!   step is written once.
//!
//! Coq reads a name much faster than a numeral, so the proof data writes the numbers 1..n as
//! the names `k1`, `k2`, … of `Numbers.v`; the table of winning openings, which the theorem's
//! reader reads, keeps plain numerals. The files are split into [`PARTS`] of about equal
//! checking cost, compiled in parallel. Nothing written here is trusted: Coq checks it all.

use crate::game::OpeningRule;
use crate::proofs::accept;
use crate::proofs::certificate::OpeningEntry;
use crate::proofs::decode::{DecodedStrategy, Kind};
use crate::publish::explain;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// How many data files the openings are split into.
pub const PARTS: usize = 8;

/// The proof of one board's openings, as Coq checks it (formal/Barrier.v, `odata`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Every opening loses: a closed pairing for the second player and its closure.
    Pairing {
        pairs: Vec<(u64, u64)>,
        closure: Vec<u64>,
    },
    /// A maximum matching, its barrier, and the alternating paths to the winning openings.
    Barrier {
        pairs: Vec<(u64, u64)>,
        barrier: Vec<u64>,
        paths: Vec<Vec<u64>>,
    },
}

/// One openings certificate, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoqOpenings {
    pub file: String,
    pub blake3: String,
    pub n: u64,
    /// The winning openings, ascending, as the verifier reports them.
    pub winning: Vec<u64>,
    pub proof: Proof,
}

/// Reads, verifies and decodes every openings certificate of `dir`, ascending in n; they must
/// be the boards 1..N for some N. Err names a file that `jg_verify` refuses, a file of another
/// kind or rule, an entry that the Coq data cannot hold, or a missing board.
pub fn read_openings(dir: &Path) -> Result<Vec<CoqOpenings>, String> {
    let expect = accept::Expect {
        rule: Some(OpeningRule::Even),
        kinds: Some(&[Kind::Openings]),
        first_below: None,
    };
    let files = accept::read_folder(dir, &expect).map_err(|error| error.to_string())?;
    let mut out = Vec::new();
    for accepted in files {
        let file = accepted.file;
        let decoded = accepted.decoded;
        // read_folder checked the verdict's winning openings equal the decoded ones.
        let winning = decoded.winning_openings().unwrap_or_default();
        let DecodedStrategy::Openings { entries } = decoded.strategy else {
            return Err(format!("{file}: not an openings certificate (kind 4)"));
        };
        let n = decoded.n;
        let proof = proof_of(n, &entries).map_err(|why| format!("{file}: {why}"))?;
        if let Proof::Barrier { paths, .. } = &proof {
            let mut ends: Vec<u64> = paths.iter().filter_map(|p| p.last().copied()).collect();
            ends.sort_unstable();
            if ends != winning {
                return Err(format!(
                    "{file}: the paths' ends differ from the verdict's winning openings"
                ));
            }
        } else if !winning.is_empty() {
            return Err(format!(
                "{file}: a pairing for the second player, but openings win"
            ));
        }
        out.push(CoqOpenings {
            file,
            blake3: accepted.accepted.blake3,
            n,
            winning,
            proof,
        });
    }
    out.sort_by_key(|o| o.n);
    for (i, o) in out.iter().enumerate() {
        if o.n != i as u64 + 1 {
            return Err(format!(
                "no openings certificate for n = {} (next is {})",
                i + 1,
                o.file
            ));
        }
    }
    Ok(out)
}

/// The proof of a file's entries: one tag 1 entry that names every opening, one tag 4 entry,
/// or none (no opening at all, n = 1).
fn proof_of(n: u64, entries: &[OpeningEntry]) -> Result<Proof, String> {
    let every: Vec<u64> = (1..=n / 2).map(|k| 2 * k).collect();
    match entries {
        [] if every.is_empty() => Ok(Proof::Pairing {
            pairs: vec![],
            closure: vec![],
        }),
        [OpeningEntry::LosePairing { openings, pairs }] if *openings == every => {
            let rows = explain::closure_rows(n, OpeningRule::Even, None, pairs)?;
            Ok(Proof::Pairing {
                pairs: pairs.clone(),
                closure: rows.iter().map(|row| row.loser).collect(),
            })
        }
        [OpeningEntry::Barrier {
            pairs,
            barrier,
            paths,
            ..
        }] => Ok(Proof::Barrier {
            pairs: pairs.clone(),
            barrier: barrier.clone(),
            paths: paths.clone(),
        }),
        _ => Err(
            "the Coq data holds one entry: a lose pairing naming every opening, or a \
                  matching and barrier"
                .into(),
        ),
    }
}

/// The alternating paths as a tree: each start, then each step (the number after a path's
/// end, whose partner the path goes on to), the paths through one step sharing its node.
#[derive(Default)]
struct Tree(BTreeMap<u64, Tree>);

fn tree_of(paths: &[Vec<u64>]) -> Result<Tree, String> {
    let mut tree = Tree::default();
    for path in paths {
        if path.len() % 2 == 0 {
            return Err(format!(
                "a path has {} numbers, not an odd number",
                path.len()
            ));
        }
        let mut node = &mut tree;
        for &x in path
            .iter()
            .step_by(2)
            .take(1)
            .chain(path.iter().skip(1).step_by(2))
        {
            node = node.0.entry(x).or_default();
        }
    }
    Ok(tree)
}

/// `PT x kids next … PE` (formal/Barrier.v, `ptree`), as tokens.
fn tree_tokens(tree: &Tree, out: &mut Vec<String>) {
    let mut closes = 0;
    for (x, kids) in &tree.0 {
        out.push(format!("(PT k{x}"));
        if kids.0.is_empty() {
            out.push("PE".into());
        } else {
            out.push("(".into());
            tree_tokens(kids, out);
            out.push(")".into());
        }
        closes += 1;
    }
    out.push(format!("PE{}", ")".repeat(closes)));
}

/// Writes tokens separated by spaces, wrapped at about 100 columns after `indent`; "(" and ")"
/// tokens stick to their neighbours.
fn wrap(out: &mut String, tokens: &[String], indent: &str) {
    let mut column = indent.len();
    let mut glue = true;
    for token in tokens {
        let stick = glue || token == ")";
        if !stick && column + 1 + token.len() > 100 {
            out.push('\n');
            out.push_str(indent);
            column = indent.len();
        } else if !stick {
            out.push(' ');
            column += 1;
        }
        out.push_str(token);
        column += token.len();
        glue = token == "(";
    }
}

fn numbers(list: &[u64], named: bool) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|x| {
            if named {
                format!("k{x}")
            } else {
                x.to_string()
            }
        })
        .collect();
    format!("[{}]", items.join("; "))
}

/// An estimate of Coq's work for one board: reading its data and checking it (the board, the
/// pairs, the barrier, the paths' numbers).
fn cost(o: &CoqOpenings) -> u64 {
    let data = match &o.proof {
        Proof::Pairing { pairs, closure } => 2 * pairs.len() + closure.len(),
        Proof::Barrier {
            pairs,
            barrier,
            paths,
        } => 2 * pairs.len() + barrier.len() + paths.iter().map(Vec::len).sum::<usize>(),
    };
    o.n + 4 * data as u64
}

/// The Coq files: `(name, contents)` for `Numbers.v`, `Openings1.v` …, and `OpeningsAll.v`.
pub fn render(openings: &[CoqOpenings]) -> Result<Vec<(String, String)>, String> {
    let last = openings.last().map_or(0, |o| o.n);
    let mut files = Vec::new();
    let mut numbers_file = format!(
        "(* Generated by `jg formal-data`: do not edit. Names for the numbers 1..{last}: Coq reads \
         a name\n   much faster than a numeral, so the openings' proof data uses these. *)\n\
         From Coq Require Import NArith.\nOpen Scope N_scope.\n"
    );
    for k in 1..=last {
        let _ = writeln!(numbers_file, "Definition k{k} : N := {k}.");
    }
    files.push(("Numbers.v".to_string(), numbers_file));
    let total: u64 = openings.iter().map(cost).sum::<u64>().max(1);
    let mut chunks: Vec<&[CoqOpenings]> = Vec::new();
    let (mut start, mut done) = (0, 0u64);
    for (i, o) in openings.iter().enumerate() {
        done += cost(o);
        if done >= (chunks.len() as u64 + 1) * total / PARTS as u64 && chunks.len() + 1 < PARTS {
            chunks.push(&openings[start..=i]);
            start = i + 1;
        }
    }
    if start < openings.len() {
        chunks.push(&openings[start..]);
    }
    for (k, chunk) in chunks.iter().enumerate() {
        let part = k + 1;
        files.push((format!("Openings{part}.v"), render_part(part, chunk)?));
    }
    let parts: Vec<usize> = (1..=chunks.len()).collect();
    let mut all = String::from(
        "(* Generated by `jg formal-data` from certificates/openings/: do not edit. All the \
         parts. *)\nFrom Coq Require Import NArith List.\nImport ListNotations.\n\
         From JG Require Import Rules Barrier.\n",
    );
    let imports: Vec<String> = parts.iter().map(|p| format!("Openings{p}")).collect();
    let _ = writeln!(
        all,
        "From JG.data.openings Require Import {}.",
        imports.join(" ")
    );
    let joined: Vec<String> = parts.iter().map(|p| format!("winning_part_{p}")).collect();
    let _ = writeln!(
        all,
        "\n(* n and its winning openings, for n = 1..{last}. *)\n\
         Definition winning_table : list (N * list N) := {}.",
        joined.join(" ++ ")
    );
    all.push_str(
        "\nTheorem winning_table_sound : forall n W, In (n, W) winning_table ->\n  \
         forall v, first_player_wins_with n v <-> In v W.\nProof.\n  \
         unfold winning_table. intros n W H.\n",
    );
    for p in &parts {
        let proof = format!("ocheck_all_sound _ _ part_{p}_ok n W H");
        if *p < parts.len() {
            let _ = writeln!(all, "  apply in_app_or in H as [H|H]; [exact ({proof})|].");
        } else {
            let _ = writeln!(all, "  exact ({proof}).\nQed.");
        }
    }
    files.push(("OpeningsAll.v".to_string(), all));
    Ok(files)
}

fn render_part(part: usize, chunk: &[CoqOpenings]) -> Result<String, String> {
    let (first, last) = (chunk[0].n, chunk[chunk.len() - 1].n);
    let mut out = format!(
        "(* Generated by `jg formal-data` from certificates/openings/: do not edit. Part {part}: \
         n = {first}..{last},\n   the winning openings and their proofs, checked by Barrier.v. *)\n\
         From Coq Require Import NArith List.\nImport ListNotations.\n\
         From JG Require Import Checker Barrier.\nFrom JG.data.openings Require Import Numbers.\n\
         Open Scope N_scope.\n"
    );
    let mut data = Vec::new();
    for o in chunk {
        let n = o.n;
        let _ = writeln!(out, "\n(* {}, blake3 {} *)", o.file, o.blake3);
        match &o.proof {
            Proof::Pairing { pairs, closure } => {
                let pairs: Vec<String> = pairs.iter().map(|(a, b)| format!("({a}, {b})")).collect();
                let _ = writeln!(
                    out,
                    "Definition o_{n} : odata := OPairing\n  [{}]\n  {}.",
                    pairs.join("; "),
                    numbers(closure, false)
                );
                data.push(format!("o_{n}"));
            }
            Proof::Barrier {
                pairs,
                barrier,
                paths,
            } => {
                let mut tokens: Vec<String> = Vec::new();
                for (a, b) in pairs {
                    tokens.push(format!("(PC k{a} k{b}"));
                }
                tokens.push(format!("PN{}", ")".repeat(pairs.len())));
                let _ = write!(out, "Definition m_{n} : plist :=\n  ");
                wrap(&mut out, &tokens, "  ");
                let _ = writeln!(
                    out,
                    ".\nDefinition l_{n} : nmap := Eval vm_compute in labels {n}"
                );
                out.push_str("  ");
                let items: Vec<String> = numbers(barrier, true)
                    .split(' ')
                    .map(str::to_string)
                    .collect();
                wrap(&mut out, &items, "  ");
                let _ = write!(out, ".\nDefinition t_{n} : ptree :=\n  ");
                let mut tokens = Vec::new();
                tree_tokens(&tree_of(paths)?, &mut tokens);
                wrap(&mut out, &tokens, "  ");
                out.push_str(".\n");
                data.push(format!("OBarrier (to_pairs m_{n}) l_{n} t_{n}"));
            }
        }
    }
    let _ = write!(
        out,
        "\n(* The winning openings of each n: the published result. *)\n\
         Definition winning_part_{part} : list (N * list N) := [\n"
    );
    for (i, o) in chunk.iter().enumerate() {
        let end = if i + 1 < chunk.len() { ";" } else { "" };
        let _ = write!(out, "  ({}, ", o.n);
        let items: Vec<String> = numbers(&o.winning, false)
            .split(' ')
            .map(str::to_string)
            .collect();
        wrap(&mut out, &items, "    ");
        let _ = writeln!(out, "){end}");
    }
    let _ = write!(
        out,
        "].\n\nDefinition data_part_{part} : list odata := [\n  {}].\n\n\
         Theorem part_{part}_ok : ocheck_all winning_part_{part} data_part_{part} = true.\n\
         Proof. vm_compute. reflexivity. Qed.\n",
        data.join(";\n  ")
    );
    Ok(out)
}

/// The terms `n a(n)` of a b-file (lines starting with `#` are comments).
pub fn read_bfile(path: &Path) -> Result<Vec<(u64, u64)>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let mut terms = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split_whitespace().map(str::parse::<u64>);
        match (fields.next(), fields.next(), fields.next()) {
            (Some(Ok(n)), Some(Ok(a)), None) => terms.push((n, a)),
            _ => return Err(format!("{}:{}: not `n a(n)`", path.display(), i + 1)),
        }
    }
    Ok(terms)
}

/// The b-files of the openings' results as Coq data (`Bfiles.v`), from the folder of b-files.
pub fn render_bfiles(oeis: &Path) -> Result<String, String> {
    let mut out = String::from(
        "(* Generated by `jg formal-data` from certificates/oeis/: do not edit. The terms of two \
         b-files:\n   winning-openings.txt (how many first moves win) and \
         smallest-winning-opening.txt (the\n   smallest that wins, 0 when none), checked in \
         Openings.v. *)\nFrom Coq Require Import NArith List.\nImport ListNotations.\n\
         Open Scope N_scope.\n",
    );
    for (name, file) in [
        ("bfile_winning_openings", "winning-openings.txt"),
        (
            "bfile_smallest_winning_opening",
            "smallest-winning-opening.txt",
        ),
    ] {
        let terms = read_bfile(&oeis.join(file))?;
        let items: Vec<String> = terms
            .iter()
            .enumerate()
            .map(|(i, (n, a))| {
                let end = if i + 1 < terms.len() { ";" } else { "" };
                format!("({n}, {a}){end}")
            })
            .collect();
        let _ = write!(
            out,
            "\n(* {file} *)\nDefinition {name} : list (N * N) :=\n  ["
        );
        wrap(&mut out, &items, "   ");
        out.push_str("].\n");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_share_a_beginning_share_it_in_the_tree() {
        // 3 -> 6 ~ 12 -> 4 ~ 8, and 3 -> 6 ~ 12 -> 24 ~ 48: one start, one first step.
        let tree = tree_of(&[vec![3, 6, 12, 4, 8], vec![3, 6, 12, 24, 48], vec![5]]).unwrap();
        let mut tokens = Vec::new();
        tree_tokens(&tree, &mut tokens);
        assert_eq!(
            tokens.join(" "),
            "(PT k3 ( (PT k6 ( (PT k4 PE (PT k24 PE PE)) ) PE) ) (PT k5 PE PE))"
        );
        assert!(tree_of(&[vec![3, 6]]).is_err());
    }

    #[test]
    fn only_the_entries_coq_holds_are_written() {
        let pairs = vec![(1, 3), (2, 4)];
        let lose = |openings: Vec<u64>| OpeningEntry::LosePairing {
            openings,
            pairs: pairs.clone(),
        };
        // n = 4: the openings are 2 and 4; a lose pairing must name both.
        assert!(matches!(
            proof_of(4, &[lose(vec![2, 4])]),
            Ok(Proof::Pairing { .. })
        ));
        assert!(proof_of(4, &[lose(vec![2])]).is_err());
        let win = OpeningEntry::WinPairing {
            opening: 2,
            pairs: vec![(1, 3)],
        };
        assert!(proof_of(4, &[win]).is_err());
        assert!(proof_of(4, &[]).is_err());
        assert!(matches!(proof_of(1, &[]), Ok(Proof::Pairing { .. })));
    }
}
