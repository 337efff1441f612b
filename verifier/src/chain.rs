//! Chain certificates (spec.md §6): a chain of 1..n and an exact proof that none is longer.
//! Integers only (i128, checked): the chain against the raw rules, each leaf's bound from its
//! multipliers over rows the checker builds itself, and the tree of fixings. No LP, no floats.
//! Every step and every table is charged to the work and memory bounds of `Limits` (§6.3).

use crate::claim::{Bound, Limits};
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

/// Why a chain certificate is not accepted: each holds its whole message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainRejection {
    /// It is not a proof: `invalid chain certificate: ` and what is wrong.
    Invalid(String),
    /// The bound `Bound` of `Limits` was reached: not a verdict on the proof.
    Limit(Bound, String),
}

impl fmt::Display for ChainRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ChainRejection::Invalid(what) | ChainRejection::Limit(_, what)) = self;
        f.write_str(what)
    }
}

impl std::error::Error for ChainRejection {}

/// What the checks return: a rejection carries its whole message.
type Result<T, E = ChainRejection> = std::result::Result<T, E>;

fn no<T>(reason: impl fmt::Display) -> Result<T> {
    Err(ChainRejection::Invalid(format!("invalid chain certificate: {reason}")))
}

fn overflow() -> ChainRejection {
    ChainRejection::Invalid("invalid chain certificate: arithmetic overflow".into())
}

/// True when the bytes start with the chain certificate's magic line.
pub fn is_chain_certificate(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// What is left of the bounds as the check goes (spec.md §6.3, "Cost").
impl Limits {
    /// Takes `steps` of work and `bytes` of memory for `what`, or refuses before it is done.
    fn charge(&mut self, steps: u64, bytes: u64, what: &str) -> Result<()> {
        let (work, memory) = (self.max_work, self.max_memory);
        let (bound, what) = if self.stop.load(std::sync::atomic::Ordering::Relaxed) {
            (Bound::Work, "work limit: the check was stopped".into())
        } else if steps > work {
            (Bound::Work, format!("work limit: {what} takes {steps} steps, {work} left"))
        } else if bytes > memory {
            (Bound::Memory, format!("memory limit: {what} needs {bytes} bytes, {memory} left"))
        } else {
            (self.max_work, self.max_memory) = (work - steps, memory - bytes);
            return Ok(());
        };
        Err(ChainRejection::Limit(bound, what))
    }
}

/// Adds `by` to each entry of `at` in `r`, checked.
fn add(r: &mut [i128], at: impl IntoIterator<Item = usize>, by: i128) -> Result<()> {
    for j in at {
        r[j] = r[j].checked_add(by).ok_or_else(overflow)?;
    }
    Ok(())
}

struct Tokens<'a>(std::str::SplitAsciiWhitespace<'a>);

impl<'a> Tokens<'a> {
    fn word(&mut self, what: &str) -> Result<&'a str> {
        self.0.next().map_or_else(|| no(format!("truncated: {what} missing")), Ok)
    }
    fn expect(&mut self, keyword: &str) -> Result<()> {
        let word = self.word(keyword)?;
        let other = || no(format!("expected `{keyword}`, found `{word}`"));
        (word == keyword).then_some(()).map_or_else(other, Ok)
    }
    fn int(&mut self, what: &str) -> Result<i128> {
        let word = self.word(what)?;
        let not_integer = || no(format!("{what}: `{word}` is not an integer"));
        // Digits after an optional `-`: of what else parse takes, only a leading `+` is left.
        word.parse().ok().filter(|_| !word.starts_with('+')).map_or_else(not_integer, Ok)
    }
    fn number(&mut self, what: &str, low: i128, high: i128) -> Result<usize> {
        let v = self.int(what)?;
        let outside = || no(format!("{what} {v} is outside {low}..={high}"));
        (low..=high).contains(&v).then_some(v as usize).map_or_else(outside, Ok)
    }
}

/// A forest cut (spec.md §6.2): k, the set S, and the edges of H inside S.
type Cut = (usize, Vec<usize>, Vec<usize>);

/// The programme of spec.md §6.2: H (G_n after the reduction: `kept[v]`, the edges (a < b,
/// a | b) sorted, the edge ids at each number) and the certificate's cuts over it. Variables:
/// y_v is v (1..=n), x_e is n + 1 + e.
struct Programme {
    n: usize,
    kept: Vec<bool>,
    edges: Vec<(usize, usize)>,
    incident: Vec<Vec<usize>>,
    cuts: Vec<Cut>,
    /// For each row a leaf may name (`d v`, `u v`, `c i`), the last leaf that named it: a row
    /// appears at most once in a leaf (§6.3), so no leaf pays twice for one.
    named: Vec<u64>,
}

impl Programme {
    /// Builds H from G_n, which has `edges` edges.
    fn new(n: usize, reduce: bool, edges: usize) -> Programme {
        let (mut degree, mut only) = (vec![0usize; n + 1], vec![0usize; n + 1]);
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a) {
                (degree[a], degree[b], only[a], only[b]) = (degree[a] + 1, degree[b] + 1, b, a);
            }
        }
        let (mut kept, mut group_taken) =
            ((0..=n).map(|v| v > 0).collect::<Vec<_>>(), vec![false; n + 1]);
        // Of the numbers hanging on one neighbour only, all but the largest go.
        for v in (1..=n).rev().filter(|&v| reduce && degree[v] == 1) {
            kept[v] = !std::mem::replace(&mut group_taken[only[v]], true);
        }
        let (mut edges, mut incident) = (Vec::with_capacity(edges), vec![Vec::new(); n + 1]);
        for a in (1..=n).filter(|&a| kept[a]) {
            for b in (2 * a..=n).step_by(a).filter(|&b| kept[b]) {
                incident[a].push(edges.len());
                incident[b].push(edges.len());
                edges.push((a, b));
            }
        }
        Programme { n, kept, edges, incident, cuts: Vec::new(), named: Vec::new() }
    }
    fn vertex(&self, tokens: &mut Tokens) -> Result<usize> {
        let v = tokens.number("number", 1, self.n as i128)?;
        let removed = || no(format!("{v} is not a number of the reduced graph"));
        self.kept[v].then_some(v).map_or_else(removed, Ok)
    }
    fn edge(&self, tokens: &mut Tokens) -> Result<(usize, usize)> {
        let (a, b) = (self.vertex(tokens)?, self.vertex(tokens)?);
        let e = self.edges.binary_search(&(a.min(b), a.max(b)));
        e.map_or_else(|_| no(format!("{a} {b} is not an edge")), |e| Ok((e, a)))
    }
    fn variable(&self, tokens: &mut Tokens) -> Result<usize> {
        match tokens.word("variable")? {
            "y" => self.vertex(tokens),
            "x" => Ok(self.n + 1 + self.edge(tokens)?.0),
            other => no(format!("unknown variable kind `{other}`")),
        }
    }

    /// Marks `row` (`d v`, `u v` or `c i`) as named by `leaf`: named twice, it is refused.
    fn once(&mut self, row: usize, leaf: u64, name: fmt::Arguments) -> Result<()> {
        let twice = || no(format!("leaf {leaf}: the row `{name}` appears twice"));
        (std::mem::replace(&mut self.named[row], leaf) != leaf).then_some(()).map_or_else(twice, Ok)
    }

    /// D times a leaf's bound under the fixings: Σ λ_i b_i + Σ_j max over the allowed z_j of
    /// r_j z_j, where r = D·c − λA (spec.md §6.3), from the leaf's rows, read from the tokens,
    /// each charged before it is added. `r` comes all zero and is left so.
    fn bound(
        &mut self, leaf: u64, fixed: &[Option<bool>], d: i128, r: &mut [i128], tokens: &mut Tokens,
        budget: &mut Limits,
    ) -> Result<i128> {
        // The `t` rows' multipliers, summed: each row costs one step, not one per variable.
        let (x0, mut t) = (self.n + 1, 0i128);
        for _ in 0..tokens.number("row count", 0, u64::MAX as i128)? {
            let family = tokens.word("row family")?;
            // The multiplier, after the row's numbers; a row costs a step per entry it changes.
            let mut multiplier = |tokens: &mut Tokens, entries: usize| {
                let m = tokens.int("multiplier")?;
                if m < 0 && family != "t" {
                    return no(format!("negative multiplier {m} on a `{family}` row"));
                }
                budget.charge(1 + entries as u64, 0, "a row").map(|_| m)
            };
            match family {
                "t" => t = t.checked_add(multiplier(tokens, 0)?).ok_or_else(overflow)?,
                "d" | "u" => {
                    // d: Σ_{e ∋ v} x_e − 2 y_v ≤ 0; u: y_v − Σ_{e ∋ v} x_e ≤ 0
                    let v = self.vertex(tokens)?;
                    let row = v + (self.n + 1) * usize::from(family == "u");
                    self.once(row, leaf, format_args!("{family} {v}"))?;
                    let m = multiplier(tokens, self.incident[v].len() + 1)?;
                    let double = || m.checked_mul(2).ok_or_else(overflow);
                    let (at_edges, at_v) = if family == "d" { (-m, double()?) } else { (m, -m) };
                    add(r, self.incident[v].iter().map(|e| x0 + e), at_edges)?;
                    add(r, [v], at_v)?;
                }
                "e" => {
                    // x_e − y_a ≤ 0
                    let (e, a) = self.edge(tokens)?;
                    let m = multiplier(tokens, 2)?;
                    add(r, [x0 + e], -m)?;
                    add(r, [a], m)?;
                }
                "c" => {
                    // x(E(S)) − y(S) + y_k ≤ 0
                    let i = tokens.number("cut index", 0, self.cuts.len() as i128 - 1)?;
                    self.once(2 * (self.n + 1) + i, leaf, format_args!("c {i}"))?;
                    let (k, set, within) = &self.cuts[i];
                    let m = multiplier(tokens, within.len() + set.len() - 1)?;
                    add(r, within.iter().map(|e| x0 + e), -m)?;
                    add(r, set.iter().copied().filter(|v| v != k), m)?;
                }
                other => return no(format!("unknown row family `{other}`")),
            }
        }
        // D·c_j and the `t` rows (Σ x − Σ y = −1): r_j + D + T for a kept y, r_j − T for an x.
        let (y_shift, x_shift) = (d.checked_add(t), t.checked_neg());
        let (y_shift, x_shift) = (y_shift.ok_or_else(overflow)?, x_shift.ok_or_else(overflow)?);
        r.iter_mut().enumerate().try_fold(x_shift, |bound, (j, rj)| {
            let shift = self.kept.get(j).map_or(x_shift, |&kept| if kept { y_shift } else { 0 });
            let rj = std::mem::take(rj).checked_add(shift).ok_or_else(overflow)?;
            let best = fixed[j].map_or(rj.max(0), |one| if one { rj } else { 0 });
            bound.checked_add(best).ok_or_else(overflow)
        })
    }
}

/// Checks a chain certificate held in memory under the default bounds.
pub fn check(bytes: &[u8]) -> Result<ChainVerdict, ChainRejection> {
    check_within(bytes, &Limits::default())
}

/// Checks a chain certificate held in memory (spec.md §6.3) within the work and memory bounds.
pub fn check_within(bytes: &[u8], limits: &Limits) -> Result<ChainVerdict, ChainRejection> {
    let text = bytes.strip_prefix(MAGIC).map_or_else(|| no("no JGCHAIN1 magic line"), Ok)?;
    let text = std::str::from_utf8(text).map_or_else(|_| no("not UTF-8 text"), Ok)?;
    let (budget, tokens) = (&mut limits.clone(), &mut Tokens(text.split_ascii_whitespace()));
    budget.charge(0, bytes.len() as u64, "the file")?;
    tokens.expect("n")?;
    let n = tokens.number("n", 1, MAX_N as i128)?;
    tokens.expect("length")?;
    let length = tokens.number("length", 1, n as i128)?;
    if n > 2 * length + 8 {
        return no(format!("length {length} is too short for n = {n} (n > 2·length + 8)"));
    }
    tokens.expect("chain")?;
    budget.charge(0, 8 * (n as u64 + 1), "the chain")?;
    let (mut place, mut previous) = (vec![0usize; n + 1], 0);
    for i in 1..=length {
        if let Some("graph" | "denominator") = tokens.0.clone().next() {
            return no(format!("the chain has {} numbers, its `length` line says {length}", i - 1));
        }
        let v = tokens.number("chain number", 1, n as i128)?;
        if place[v] != 0 {
            return no(format!("chain: {v} appears twice (places {} and {i})", place[v]));
        } else if i > 1 && v % previous != 0 && previous % v != 0 {
            return no(format!("chain: {v} (place {i}) is not related to {previous}"));
        }
        (place[v], previous) = (i, v);
    }
    // Optionally, the proof is over G_M for a larger M: G_n is G_M's part on 1..n, so a chain
    // of 1..n is one of 1..M, and a bound on G_M's chains bounds G_n's (spec.md §6.4).
    let most = (2 * length + 8).min(MAX_N) as i128;
    let m = match tokens.word("denominator")? {
        "denominator" => n,
        "graph" => (tokens.number("graph", n as i128 + 1, most)?, tokens.expect("denominator")?).0,
        other => return no(format!("{length} chain numbers, then `{other}`, not `denominator`")),
    };
    // G_M's edges, then H, the tree's tables and the marks of the rows `d v` and `u v`: 96
    // bytes a number and an edge of G_M.
    let edges: u64 = (1..=m as u64).map(|a| m as u64 / a - 1).sum();
    budget.charge(m as u64 + edges, 96 * (m as u64 + 1 + edges), "the graph")?;
    let mut programme = Programme::new(m, length >= 3, edges as usize);
    let d = tokens.int("denominator")?;
    if !(1..=1 << 62).contains(&d) {
        return no(format!("denominator {d} is outside 1..=2^62"));
    }
    tokens.expect("cuts")?;
    for i in 0..tokens.number("cut count", 0, u64::MAX as i128)? {
        tokens.expect("cut")?;
        let k = programme.vertex(tokens)?;
        let size = tokens.number("cut size", 2, m as i128)?;
        // Its numbers, its record and the mark of its row `c i`.
        budget.charge(0, 8 * size as u64 + 120, "a cut")?;
        let mut set = Vec::with_capacity(size);
        for _ in 0..size {
            set.push(programme.vertex(tokens)?);
        }
        if set.windows(2).any(|pair| pair[0] >= pair[1]) {
            return no(format!("cut {i}: its numbers are not strictly increasing"));
        } else if set.binary_search(&k).is_err() {
            return no(format!("cut {i}: {k} is not in its set"));
        }
        // The edges inside S: one step (a search in S) for each edge of H at a number of S.
        let (incident, edges) = (&programme.incident, &programme.edges);
        let degrees: usize = set.iter().map(|&a| incident[a].len()).sum();
        budget.charge(degrees as u64, 8 * degrees as u64, "a cut's edge list")?;
        let up = |&a: &usize| incident[a].iter().copied().filter(move |&e| edges[e].0 == a);
        let inside = |e: &usize| set.binary_search(&edges[*e].1).is_ok();
        let within = set.iter().flat_map(up).filter(inside).collect();
        programme.cuts.push((k, set, within));
    }
    tokens.expect("tree")?;
    programme.named = vec![0; 2 * (m + 1) + programme.cuts.len()];
    let bar = d.checked_mul(length as i128 + 1).ok_or_else(overflow)?;
    let variables = m + 1 + programme.edges.len();
    let (mut fixed, mut r) = (vec![None; variables], vec![0i128; variables]);
    let (mut open, mut leaves) = (Vec::new(), 0u64);
    loop {
        match tokens.word("tree node")? {
            "branch" => {
                let var = programme.variable(tokens)?;
                if fixed[var].is_some() {
                    return no(format!("branch: variable {var} is fixed twice on one path"));
                }
                (fixed[var], _) = (Some(false), open.push(var));
            }
            "leaf" => {
                budget.charge(variables as u64, 0, "a leaf")?;
                leaves += 1;
                let bound = programme.bound(leaves, &fixed, d, &mut r, tokens, budget)?;
                if bound >= bar {
                    return no(format!("leaf {leaves}: bound {bound}/{d} is not below length + 1"));
                }
                // Back to the deepest branch whose subtree for 1 is still to come; none: the
                // tree ends.
                while let Some(var) = open.pop_if(|&mut var| fixed[var] == Some(true)) {
                    fixed[var] = None;
                }
                let Some(&var) = open.last() else { break };
                fixed[var] = Some(true); // the subtree for 0 is done: now the one for 1
            }
            other => return no(format!("unknown tree node `{other}`")),
        }
    }
    tokens.expect("end")?;
    if let Some(extra) = tokens.0.next() {
        return no(format!("extra data after `end`: `{extra}`"));
    }
    let blake3 = blake3::hash(bytes).to_hex().to_string();
    let (n, length, graph) = (n as u64, length as u64, m as u64);
    Ok(ChainVerdict { n, length, graph, cuts: programme.cuts.len() as u64, leaves, blake3 })
}
