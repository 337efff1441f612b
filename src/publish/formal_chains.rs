//! The chain certificates (`certificates/chains/`, spec.md §6) and the b-file of A337125 as Coq
//! data for the formal proof of the longest chains (formal/ChainCheck.v, formal/Chains.v), for
//! `jg formal-data`.
//!
//! Each certificate is accepted by `jg_verify::chain::check` first (a refused file stops
//! everything) and written as one Coq term `CC n L chain M D cuts tree`: the chain, the graph's
//! M (n without a `graph` line), the denominator, the cuts `(k, S)` and the tree of fixings with
//! the leaves' rows, as the text has them. The numbers 1..1000 are written as the names `k1`,
//! `k2`, … of `data/openings/Numbers.v` (Coq reads a name much faster than a numeral). The
//! b-file's terms are written as the list that the theorem `a337125` states, after each is
//! compared with the length its certificate proves; the generated file records the BLAKE3 of
//! the b-file's terms (its `n a(n)` lines, so not of its header, which says how the file was
//! made). Nothing written here is trusted: Coq checks every certificate and every term.

use super::formal_openings::read_bfile;
use std::fmt::Write as _;
use std::path::Path;

/// The boards whose certificates the Coq data holds: every n of A337125's published range.
pub const CHAINS_UPTO: u64 = 1000;

/// How many files the certificates are split into (about equal sizes, compiled in parallel).
pub const PARTS: usize = 8;

/// Names `k1`..`k1000` exist in `data/openings/Numbers.v`; larger numbers stay numerals.
const NAMED: u64 = 1000;

/// One accepted chain certificate: its n, its length and its blake3, and its text's tokens
/// after the magic line.
#[derive(Clone, Debug)]
pub struct CoqChain {
    pub file: String,
    pub blake3: String,
    pub n: u64,
    pub length: u64,
    pub bytes: usize,
    term: String,
}

/// Reads and verifies `chain-1.txt` … `chain-{upto}.txt` of `dir`, and writes each as a Coq
/// term. Err names a file that cannot be read or that `jg_verify` refuses.
pub fn read_chains(dir: &Path, upto: u64) -> Result<Vec<CoqChain>, String> {
    let mut out = Vec::new();
    for n in 1..=upto {
        let file = format!("chain-{n}.txt");
        let path = dir.join(&file);
        let bytes = std::fs::read(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let verdict =
            jg_verify::chain::check(&bytes).map_err(|error| format!("{file}: {error}"))?;
        if verdict.n != n {
            return Err(format!("{file}: a certificate of n = {}", verdict.n));
        }
        // Accepted, so the text is well formed: the term follows its tokens.
        let text = std::str::from_utf8(&bytes).map_err(|_| format!("{file}: not UTF-8"))?;
        let term = coq_term(text).map_err(|why| format!("{file}: {why}"))?;
        out.push(CoqChain {
            file,
            blake3: verdict.blake3,
            n,
            length: verdict.length,
            bytes: bytes.len(),
            term,
        });
    }
    Ok(out)
}

fn number(x: u64) -> String {
    if (1..=NAMED).contains(&x) {
        format!("k{x}")
    } else {
        x.to_string()
    }
}

fn integer(x: i128) -> String {
    if x < 0 {
        format!("({x})")
    } else {
        x.to_string()
    }
}

struct Tokens<'a>(std::str::SplitAsciiWhitespace<'a>);

impl<'a> Tokens<'a> {
    fn word(&mut self) -> Result<&'a str, String> {
        self.0.next().ok_or_else(|| "truncated".to_string())
    }
    fn keyword(&mut self, keyword: &str) -> Result<(), String> {
        let word = self.word()?;
        (word == keyword)
            .then_some(())
            .ok_or_else(|| format!("expected `{keyword}`, found `{word}`"))
    }
    fn int(&mut self) -> Result<i128, String> {
        let word = self.word()?;
        word.parse()
            .map_err(|_| format!("`{word}` is not an integer"))
    }
    fn natural(&mut self) -> Result<u64, String> {
        let word = self.word()?;
        word.parse()
            .map_err(|_| format!("`{word}` is not a number"))
    }
    fn numbers(&mut self, count: u64) -> Result<String, String> {
        let mut items = Vec::new();
        for _ in 0..count {
            items.push(number(self.natural()?));
        }
        Ok(format!("[{}]", items.join("; ")))
    }
}

/// The Coq term `CC n L chain M D cuts tree` (formal/ChainCheck.v) of a certificate's text,
/// read as it stands (nothing is checked here; Coq decides). Err when the text does not have
/// the shape of spec.md §6.1 (Coq's data cannot hold it).
pub fn coq_term(text: &str) -> Result<String, String> {
    let tokens = &mut Tokens(text.split_ascii_whitespace());
    tokens.keyword("JGCHAIN1")?;
    tokens.keyword("n")?;
    let n = tokens.natural()?;
    tokens.keyword("length")?;
    let length = tokens.natural()?;
    tokens.keyword("chain")?;
    let chain = tokens.numbers(length)?;
    let graph = match tokens.word()? {
        "graph" => {
            let m = tokens.natural()?;
            tokens.keyword("denominator")?;
            m
        }
        "denominator" => n,
        other => return Err(format!("`{other}` after the chain")),
    };
    let denominator = tokens.int()?;
    tokens.keyword("cuts")?;
    let mut cuts = Vec::new();
    for _ in 0..tokens.natural()? {
        tokens.keyword("cut")?;
        let k = number(tokens.natural()?);
        let size = tokens.natural()?;
        cuts.push(format!("({k}, {})", tokens.numbers(size)?));
    }
    tokens.keyword("tree")?;
    let mut tree = String::new();
    write_tree(tokens, &mut tree)?;
    tokens.keyword("end")?;
    Ok(format!(
        "CC {} {length} {chain} {} {denominator}\n  [{}]\n  {tree}",
        number(n),
        number(graph),
        cuts.join(";\n   ")
    ))
}

/// The tree in preorder as nested `CB x t0 t1` and `CL rows` (an explicit stack: the trees of
/// the published certificates are shallow, but the text may nest deeper).
fn write_tree(tokens: &mut Tokens, out: &mut String) -> Result<(), String> {
    // How many subtrees each open `CB` still waits for.
    let mut open: Vec<u8> = Vec::new();
    loop {
        match tokens.word()? {
            "branch" => {
                let var = match tokens.word()? {
                    "y" => format!("(VY {})", number(tokens.natural()?)),
                    "x" => {
                        let a = number(tokens.natural()?);
                        format!("(VX {a} {})", number(tokens.natural()?))
                    }
                    other => return Err(format!("unknown variable `{other}`")),
                };
                let _ = write!(out, "(CB {var}\n  ");
                open.push(2);
                continue;
            }
            "leaf" => {
                let mut rows = Vec::new();
                for _ in 0..tokens.natural()? {
                    let row = match tokens.word()? {
                        "t" => format!("RT {}", integer(tokens.int()?)),
                        family @ ("d" | "u") => {
                            let v = number(tokens.natural()?);
                            let kind = if family == "d" { "RD" } else { "RU" };
                            format!("{kind} {v} {}", integer(tokens.int()?))
                        }
                        "e" => {
                            let a = number(tokens.natural()?);
                            let b = number(tokens.natural()?);
                            format!("RE {a} {b} {}", integer(tokens.int()?))
                        }
                        "c" => {
                            let i = tokens.natural()?;
                            format!("RC {i} {}", integer(tokens.int()?))
                        }
                        other => return Err(format!("unknown row family `{other}`")),
                    };
                    rows.push(row);
                }
                let _ = write!(out, "(CL [{}])", rows.join("; "));
            }
            other => return Err(format!("unknown tree node `{other}`")),
        }
        // A subtree is done: close every `CB` whose second subtree it was.
        loop {
            match open.last_mut() {
                None => return Ok(()),
                Some(2) => {
                    *open.last_mut().unwrap() = 1;
                    out.push_str("\n  ");
                    break;
                }
                Some(_) => {
                    open.pop();
                    out.push(')');
                }
            }
        }
    }
}

/// What a Coq file of chain certificates starts with.
pub const HEADER: &str = "From Coq Require Import NArith ZArith List.\nImport ListNotations.\n\
                          From JG Require Import ChainCheck.\n\
                          From JG.data.openings Require Import Numbers.\nOpen Scope N_scope.\n";

/// The n of the first data file, checked on their own by `make -C formal chains-200` (the range
/// of the OEIS's own b-file of A337125): a quick part, which CI runs.
pub const FIRST_PART_UPTO: u64 = 200;

/// Cuts the certificates (ascending in n) into at most [`PARTS`] runs: n up to
/// [`FIRST_PART_UPTO`], then runs of about equal size.
fn split(chains: &[CoqChain]) -> Vec<&[CoqChain]> {
    let (head, chains) = chains.split_at(chains.partition_point(|c| c.n <= FIRST_PART_UPTO));
    let mut runs: Vec<&[CoqChain]> = Vec::new();
    if !head.is_empty() {
        runs.push(head);
    }
    let (first, parts) = (runs.len(), PARTS - runs.len());
    let total: usize = chains.iter().map(|c| c.bytes).sum::<usize>().max(1);
    let (mut start, mut done) = (0, 0);
    for (i, chain) in chains.iter().enumerate() {
        done += chain.bytes;
        if done * parts >= (runs.len() - first + 1) * total && runs.len() + 1 < PARTS {
            runs.push(&chains[start..=i]);
            start = i + 1;
        }
    }
    if start < chains.len() {
        runs.push(&chains[start..]);
    }
    runs
}

/// The BLAKE3 of a b-file's terms: its `n a(n)` lines, one `n a(n)\n` each.
pub fn terms_blake3(terms: &[(u64, u64)]) -> String {
    let mut text = String::new();
    for (n, a) in terms {
        let _ = writeln!(text, "{n} {a}");
    }
    blake3::hash(text.as_bytes()).to_hex().to_string()
}

/// The Coq files (name, contents) under `data/chains/`: `Chains1.v` … (the certificates),
/// `ChainsAll.v` (all of them, with the proof that Coq's checker accepts each) and `Terms.v`
/// (the b-file's terms). Err when the b-file's terms are not a(1), a(2), … or differ from the
/// lengths the certificates prove.
pub fn render(chains: &[CoqChain], bfile: &Path) -> Result<Vec<(String, String)>, String> {
    let terms = read_bfile(bfile)?;
    if terms.len() != chains.len() {
        return Err(format!(
            "{}: {} terms, {} certificates",
            bfile.display(),
            terms.len(),
            chains.len()
        ));
    }
    for ((n, a), chain) in terms.iter().zip(chains) {
        if (*n, *a) != (chain.n, chain.length) {
            return Err(format!(
                "{}: the term `{n} {a}`, but {} proves a({}) = {}",
                bfile.display(),
                chain.file,
                chain.n,
                chain.length
            ));
        }
    }
    let header = HEADER;
    let mut files = Vec::new();
    let runs = split(chains);
    for (k, run) in runs.iter().enumerate() {
        let part = k + 1;
        let (first, last) = (run[0].n, run[run.len() - 1].n);
        let mut out = format!(
            "(* Generated by `jg formal-data` from certificates/chains/: do not edit. Part {part}: \
             the chain\n   certificates of n = {first}..{last}, as data for ChainCheck.v. *)\n{header}"
        );
        for chain in *run {
            let _ = write!(
                out,
                "\n(* {}, blake3 {} *)\nDefinition chain_{} : ccert :=\n  {}.\n",
                chain.file, chain.blake3, chain.n, chain.term
            );
        }
        let names: Vec<String> = run.iter().map(|c| format!("chain_{}", c.n)).collect();
        let _ = write!(
            out,
            "\nDefinition chains_{part} : list ccert :=\n  [{}].\n\n\
             Theorem chains_{part}_ok : forallb check chains_{part} = true.\n\
             Proof. vm_compute. reflexivity. Qed.\n",
            names.join("; ")
        );
        files.push((format!("Chains{part}.v"), out));
    }
    let parts: Vec<String> = (1..=runs.len()).map(|p| format!("Chains{p}")).collect();
    let lists: Vec<String> = (1..=runs.len()).map(|p| format!("chains_{p}")).collect();
    let mut all = format!(
        "(* Generated by `jg formal-data` from certificates/chains/: do not edit. All the \
         parts. *)\nFrom Coq Require Import NArith List Bool.\nImport ListNotations.\n\
         From JG Require Import ChainCheck.\nFrom JG.data.chains Require Import {}.\n\n\
         Definition chain_certificates : list ccert := {}.\n\n\
         Theorem chain_certificates_ok : forallb check chain_certificates = true.\nProof.\n  \
         unfold chain_certificates.",
        parts.join(" "),
        lists.join(" ++ ")
    );
    for p in 1..=runs.len() {
        if p < runs.len() {
            let _ = write!(all, " rewrite forallb_app, chains_{p}_ok.");
        } else {
            let _ = write!(all, " exact chains_{p}_ok.");
        }
    }
    all.push_str("\nQed.\n");
    files.push(("ChainsAll.v".to_string(), all));
    let values: Vec<String> = terms.iter().map(|(_, a)| a.to_string()).collect();
    let mut out = format!(
        "(* Generated by `jg formal-data` from certificates/oeis/b337125.txt: do not edit. Its \
         terms\n   a(1), …, a({}) (blake3 of its `n a(n)` lines {}), after a(0) = 0 so that \
         a(n) is\n   the n-th. *)\nFrom Coq Require Import NArith List.\nImport ListNotations.\n\
         Open Scope N_scope.\n\nDefinition a337125_terms : list N :=\n  [0;",
        terms.len(),
        terms_blake3(&terms)
    );
    let mut column = 4;
    for (i, value) in values.iter().enumerate() {
        let item = if i + 1 < values.len() {
            format!(" {value};")
        } else {
            format!(" {value}].\n")
        };
        if column + item.len() > 100 {
            out.push_str("\n  ");
            column = 2;
        }
        column += item.len();
        out.push_str(&item);
    }
    files.push(("Terms.v".to_string(), out));
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certificate_becomes_one_term() {
        let text = "JGCHAIN1\nn 10\nlength 9\nchain 5 10 2 4 8 1 9 3 6\ndenominator 1\ncuts 1\n\
                    cut 2 3 1 2 4\ntree\nbranch y 3\nleaf 2\nt -1\nd 1 1\n\
                    branch x 2 4\nleaf 1\ne 2 4 3\nleaf 1\nc 0 2\nend\n";
        assert_eq!(
            coq_term(text).unwrap(),
            "CC k10 9 [k5; k10; k2; k4; k8; k1; k9; k3; k6] k10 1\n  [(k2, [k1; k2; k4])]\n  \
             (CB (VY k3)\n  (CL [RT (-1); RD k1 1])\n  (CB (VX k2 k4)\n  (CL [RE k2 k4 3])\n  \
             (CL [RC 0 2])))"
        );
        assert!(coq_term("JGCHAIN1\nn 10\nlength 1\nchain 1\nnothing").is_err());
    }
}
