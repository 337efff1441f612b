//! Chain certificates (spec.md §6): a chain of 1..n and an exact proof that none is longer.
//! Integers only (i128, checked): the chain against the raw rules, each leaf's bound from its
//! multipliers over rows the checker builds itself, and the tree of fixings. No LP, no floats.

use std::fmt;

const MAGIC: &[u8] = b"JGCHAIN1\n";
/// Largest n accepted: the checker holds the edges of G_n (about n ln n).
const MAX_N: usize = 1 << 20;

/// What an accepted chain certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainVerdict {
    pub n: u64,
    pub length: u64,
    /// The M of the proof's graph G_M: n itself, or a larger M named by a `graph` line.
    pub graph: u64,
    pub cuts: u64,
    pub leaves: u64,
    pub blake3: String,
}

impl fmt::Display for ChainVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "valid: a longest chain of 1..{} has {} numbers, ", self.n, self.length)?;
        if self.graph != self.n {
            write!(f, "bound over 1..{}, ", self.graph)?;
        }
        let cuts = if self.cuts == 1 { "cut" } else { "cuts" };
        let leaves = if self.leaves == 1 { "leaf" } else { "leaves" };
        write!(f, "{} {cuts}, {} {leaves}, blake3 {}", self.cuts, self.leaves, self.blake3)
    }
}

/// Why a chain certificate is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainRejection(pub String);

impl fmt::Display for ChainRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid chain certificate: {}", self.0)
    }
}

impl std::error::Error for ChainRejection {}

type Checked<T> = Result<T, ChainRejection>;

fn no<T>(reason: impl Into<String>) -> Checked<T> {
    Err(ChainRejection(reason.into()))
}

/// True when the bytes start with the chain certificate's magic line.
pub fn is_chain_certificate(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

struct Tokens<'a>(std::str::SplitAsciiWhitespace<'a>);

impl<'a> Tokens<'a> {
    fn word(&mut self, what: &str) -> Checked<&'a str> {
        self.0.next().map_or_else(|| no(format!("truncated: {what} missing")), Ok)
    }
    fn expect(&mut self, keyword: &str) -> Checked<()> {
        let word = self.word(keyword)?;
        if word == keyword {
            Ok(())
        } else {
            no(format!("expected `{keyword}`, found `{word}`"))
        }
    }
    fn int(&mut self, what: &str) -> Checked<i128> {
        let word = self.word(what)?;
        let digits = word.strip_prefix('-').unwrap_or(word);
        match word.parse::<i128>() {
            Ok(v) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => Ok(v),
            _ => no(format!("{what}: `{word}` is not an integer")),
        }
    }
    fn number(&mut self, what: &str, low: i128, high: i128) -> Checked<usize> {
        let v = self.int(what)?;
        if v < low || v > high {
            return no(format!("{what} {v} is outside {low}..={high}"));
        }
        Ok(v as usize)
    }
}

/// G_n after the reduction of spec.md §6.2: `kept[v]`, the edges (a < b, a | b) sorted, and the
/// edge ids at each number. Variables: y_v is v (1..=n), x_e is n + 1 + e.
struct Graph {
    n: usize,
    kept: Vec<bool>,
    edges: Vec<(usize, usize)>,
    incident: Vec<Vec<usize>>,
}

impl Graph {
    fn new(n: usize, reduce: bool) -> Graph {
        let mut degree = vec![0usize; n + 1];
        let mut only = vec![0usize; n + 1];
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a) {
                (degree[a], degree[b], only[a], only[b]) = (degree[a] + 1, degree[b] + 1, b, a);
            }
        }
        let mut kept = vec![true; n + 1];
        kept[0] = false;
        let mut group_taken = vec![false; n + 1];
        for v in (1..=n).rev() {
            if reduce && degree[v] == 1 && std::mem::replace(&mut group_taken[only[v]], true) {
                kept[v] = false; // a smaller end hanging on the same number as a kept larger one
            }
        }
        let (mut edges, mut incident) = (Vec::new(), vec![Vec::new(); n + 1]);
        for a in (1..=n).filter(|&a| kept[a]) {
            for b in (2 * a..=n).step_by(a).filter(|&b| kept[b]) {
                incident[a].push(edges.len());
                incident[b].push(edges.len());
                edges.push((a, b));
            }
        }
        Graph { n, kept, edges, incident }
    }
    fn vertex(&self, tokens: &mut Tokens) -> Checked<usize> {
        let v = tokens.number("number", 1, self.n as i128)?;
        if self.kept[v] {
            Ok(v)
        } else {
            no(format!("{v} is not a number of the reduced graph"))
        }
    }
    fn edge(&self, tokens: &mut Tokens) -> Checked<(usize, usize)> {
        let (a, b) = (self.vertex(tokens)?, self.vertex(tokens)?);
        match self.edges.binary_search(&(a.min(b), a.max(b))) {
            Ok(e) => Ok((e, a)),
            Err(_) => no(format!("{a} {b} is not an edge")),
        }
    }
    fn variable(&self, tokens: &mut Tokens) -> Checked<usize> {
        match tokens.word("variable")? {
            "y" => self.vertex(tokens),
            "x" => Ok(self.n + 1 + self.edge(tokens)?.0),
            other => no(format!("unknown variable kind `{other}`")),
        }
    }
}

/// Checks a chain certificate held in memory (spec.md §6.3).
pub fn check(bytes: &[u8]) -> Result<ChainVerdict, ChainRejection> {
    if !is_chain_certificate(bytes) {
        return no("no JGCHAIN1 magic line");
    }
    let Ok(text) = std::str::from_utf8(&bytes[MAGIC.len()..]) else {
        return no("not UTF-8 text");
    };
    let tokens = &mut Tokens(text.split_ascii_whitespace());
    tokens.expect("n")?;
    let n = tokens.number("n", 1, MAX_N as i128)?;
    tokens.expect("length")?;
    let length = tokens.number("length", 1, n as i128)?;
    if n > 2 * length + 8 {
        return no(format!("length {length} is too short for n = {n} (n > 2·length + 8)"));
    }
    tokens.expect("chain")?;
    let mut place = vec![0usize; n + 1];
    let mut previous = 0;
    for i in 1..=length {
        let v = tokens.number("chain number", 1, n as i128)?;
        if place[v] != 0 {
            return no(format!("chain: {v} appears twice (places {} and {i})", place[v]));
        }
        if i > 1 && v % previous != 0 && previous % v != 0 {
            return no(format!("chain: {v} (place {i}) is not related to {previous}"));
        }
        (place[v], previous) = (i, v);
    }
    // Optionally, the proof is over G_M for a larger M: G_n is G_M's part on 1..n, so a chain
    // of 1..n is one of 1..M, and a bound on G_M's chains bounds G_n's (spec.md §6.4).
    let mut m = n;
    match tokens.word("denominator")? {
        "denominator" => {}
        "graph" => {
            m = tokens.number("graph", n as i128 + 1, (2 * length + 8).min(MAX_N) as i128)?;
            tokens.expect("denominator")?;
        }
        other => return no(format!("expected `denominator`, found `{other}`")),
    }
    let graph = Graph::new(m, length >= 3);
    let denominator = tokens.int("denominator")?;
    if !(1..=1 << 62).contains(&denominator) {
        return no(format!("denominator {denominator} is outside 1..=2^62"));
    }
    tokens.expect("cuts")?;
    let cut_count = tokens.number("cut count", 0, i128::MAX)?;
    let mut cuts: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in 0..cut_count {
        tokens.expect("cut")?;
        let k = graph.vertex(tokens)?;
        let size = tokens.number("cut size", 2, m as i128)?;
        let mut set = Vec::new();
        for _ in 0..size {
            let v = graph.vertex(tokens)?;
            if set.last().is_some_and(|&last| last >= v) {
                return no(format!("cut {i}: its numbers are not strictly increasing"));
            }
            set.push(v);
        }
        if set.binary_search(&k).is_err() {
            return no(format!("cut {i}: {k} is not in its set"));
        }
        cuts.push((k, set));
    }
    tokens.expect("tree")?;
    let bar = denominator.checked_mul(length as i128 + 1).ok_or_else(overflow)?;
    let mut fixed: Vec<Option<bool>> = vec![None; m + 1 + graph.edges.len()];
    let mut open: Vec<usize> = Vec::new();
    let mut leaves = 0u64;
    loop {
        match tokens.word("tree node")? {
            "branch" => {
                let var = graph.variable(tokens)?;
                if fixed[var].is_some() {
                    return no(format!("branch: variable {var} is fixed twice on one path"));
                }
                (fixed[var], _) = (Some(false), open.push(var));
                continue;
            }
            "leaf" => {
                let bound = leaf_bound(&graph, &cuts, &fixed, denominator, tokens)?;
                if bound >= bar {
                    let (leaf, d) = (leaves + 1, denominator);
                    return no(format!("leaf {leaf}: bound {bound}/{d} is not below length + 1"));
                }
                leaves += 1;
            }
            other => return no(format!("unknown tree node `{other}`")),
        }
        while let Some(&var) = open.last() {
            if fixed[var] == Some(false) {
                fixed[var] = Some(true); // the subtree for 0 is done: now the one for 1
                break;
            }
            (fixed[var], _) = (None, open.pop());
        }
        if open.is_empty() {
            break;
        }
    }
    tokens.expect("end")?;
    if let Some(extra) = tokens.0.next() {
        return no(format!("extra data after `end`: `{extra}`"));
    }
    let blake3 = blake3::hash(bytes).to_hex().to_string();
    let (n, length, graph, cuts) = (n as u64, length as u64, m as u64, cut_count as u64);
    Ok(ChainVerdict { n, length, graph, cuts, leaves, blake3 })
}

fn overflow() -> ChainRejection {
    ChainRejection("arithmetic overflow".into())
}

/// Adds `by` to each entry of `at` in `r`, checked.
fn add(r: &mut [i128], at: impl IntoIterator<Item = usize>, by: i128) -> Checked<()> {
    for j in at {
        r[j] = r[j].checked_add(by).ok_or_else(overflow)?;
    }
    Ok(())
}

/// D times the bound of one leaf: Σ λ_i b_i + Σ_j max over the allowed z_j of r_j z_j, where
/// r = D·c − λA (spec.md §6.3). Reads `leaf`'s rows and multipliers from the tokens.
fn leaf_bound(
    g: &Graph, cuts: &[(usize, Vec<usize>)], fixed: &[Option<bool>], d: i128, tokens: &mut Tokens,
) -> Checked<i128> {
    let x0 = g.n + 1;
    let mut r = vec![0i128; fixed.len()];
    add(&mut r, (1..=g.n).filter(|&v| g.kept[v]), d)?;
    let mut constant = 0i128;
    let rows = tokens.number("row count", 0, i128::MAX)?;
    let mut inside = vec![false; g.n + 1];
    for _ in 0..rows {
        let family = tokens.word("row family")?;
        let data: (usize, usize) = match family {
            "t" => (0, 0),
            "d" | "u" => (g.vertex(tokens)?, 0),
            "e" => g.edge(tokens)?,
            "c" => (tokens.number("cut index", 0, cuts.len() as i128 - 1)?, 0),
            other => return no(format!("unknown row family `{other}`")),
        };
        let m = tokens.int("multiplier")?;
        if m < 0 && family != "t" {
            return no(format!("negative multiplier {m} on a `{family}` row"));
        }
        match family {
            "t" => {
                // Σ x − Σ y = −1: an equality, any sign.
                constant = constant.checked_sub(m).ok_or_else(overflow)?;
                add(&mut r, x0..x0 + g.edges.len(), m.checked_neg().ok_or_else(overflow)?)?;
                add(&mut r, (1..=g.n).filter(|&v| g.kept[v]), m)?;
            }
            "d" => {
                // Σ_{e ∋ v} x_e − 2 y_v ≤ 0
                add(&mut r, g.incident[data.0].iter().map(|e| x0 + e), -m)?;
                add(&mut r, [data.0], m.checked_mul(2).ok_or_else(overflow)?)?;
            }
            "u" => {
                // y_v − Σ_{e ∋ v} x_e ≤ 0
                add(&mut r, g.incident[data.0].iter().map(|e| x0 + e), m)?;
                add(&mut r, [data.0], -m)?;
            }
            "e" => {
                // x_e − y_a ≤ 0
                add(&mut r, [x0 + data.0], -m)?;
                add(&mut r, [data.1], m)?;
            }
            _ => {
                // x(E(S)) − y(S) + y_k ≤ 0
                let (k, set) = &cuts[data.0];
                set.iter().for_each(|&v| inside[v] = true);
                for &a in set {
                    let within = g.incident[a].iter().filter(|&&e| g.edges[e].0 == a);
                    let within = within.filter(|&&e| inside[g.edges[e].1]);
                    add(&mut r, within.map(|e| x0 + e), -m)?;
                }
                add(&mut r, set.iter().copied().filter(|v| v != k), m)?;
                set.iter().for_each(|&v| inside[v] = false);
            }
        }
    }
    let mut bound = constant;
    for (j, &rj) in r.iter().enumerate() {
        let best = match fixed[j] {
            Some(true) => rj,
            Some(false) => 0,
            None => rj.max(0),
        };
        bound = bound.checked_add(best).ok_or_else(overflow)?;
    }
    Ok(bound)
}
