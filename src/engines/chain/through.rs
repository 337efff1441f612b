//! A proof of n built on the proof of n − 1 (spec.md §6.4). A chain of 1..n either avoids n,
//! and then it is a chain of 1..n − 1, which n − 1's certificate bounds, or it goes through n.
//! So n's certificate branches on y_n first: its 0 side is n − 1's tree, each leaf given one
//! more row, `d n μ`, that pays for the edges at n (free there, but absent from G_{n−1}), and
//! its 1 side is a tree for the chains through n alone, which is often far smaller than a
//! tree for all of G_n. The text is read back by the verifier like any other certificate.

use super::certify::{body, Proof};
use std::fmt::Write;

/// A chain certificate of n − 1 whose proof is over G_{n−1} itself, read into its parts.
/// Only certificates the verifier has accepted are read, so a malformed one is refused, not
/// repaired.
pub(super) struct Below {
    pub chain: Vec<u64>,
    pub denominator: u64,
    /// The `cut …` records, each as one line.
    cuts: Vec<String>,
    pub(super) tree: Vec<Step>,
}

pub(super) enum Step {
    /// `branch y v` or `branch x a b`, as one line.
    Branch(String),
    /// Rows: family letter, its numbers, the multiplier.
    Leaf(Vec<(String, Vec<u64>, i128)>),
}

impl Below {
    /// Reads `text` (already accepted by the verifier, with no `graph` line).
    pub fn read(text: &str) -> Result<Below, String> {
        let mut t = Tokens(text.split_ascii_whitespace());
        t.expect("JGCHAIN1")?;
        t.expect("n")?;
        t.next("n")?;
        t.expect("length")?;
        let length: usize = number(t.next("length")?)?;
        t.expect("chain")?;
        let chain = (0..length)
            .map(|_| number(t.next("the chain")?))
            .collect::<Result<Vec<u64>, _>>()?;
        t.expect("denominator")?;
        let denominator = number(t.next("denominator")?)?;
        t.expect("cuts")?;
        let count: usize = number(t.next("cuts")?)?;
        let mut cuts = Vec::new();
        for _ in 0..count {
            t.expect("cut")?;
            let k = t.next("a cut")?;
            let m: usize = number(t.next("a cut")?)?;
            let members = (0..m)
                .map(|_| t.next("a cut"))
                .collect::<Result<Vec<_>, _>>()?;
            cuts.push(format!("cut {k} {m} {}", members.join(" ")));
        }
        t.expect("tree")?;
        let mut tree = Vec::new();
        loop {
            match t.next("end")? {
                "end" => break,
                "branch" => match t.next("a branch")? {
                    "y" => tree.push(Step::Branch(format!("branch y {}", t.next("a branch")?))),
                    "x" => {
                        let (a, b) = (t.next("a branch")?, t.next("a branch")?);
                        tree.push(Step::Branch(format!("branch x {a} {b}")));
                    }
                    other => return Err(format!("branch on {other:?}")),
                },
                "leaf" => {
                    let rows: usize = number(t.next("a leaf")?)?;
                    let mut leaf = Vec::new();
                    for _ in 0..rows {
                        let family = t.next("a row")?.to_string();
                        let numbers = match family.as_str() {
                            "t" => 0,
                            "d" | "u" | "c" => 1,
                            "e" => 2,
                            other => return Err(format!("a row of family {other:?}")),
                        };
                        let numbers = (0..numbers)
                            .map(|_| number(t.next("a row")?))
                            .collect::<Result<Vec<u64>, _>>()?;
                        let multiplier = number(t.next("a row")?)?;
                        leaf.push((family, numbers, multiplier));
                    }
                    tree.push(Step::Leaf(leaf));
                }
                other => return Err(format!("{other:?} in the tree")),
            }
        }
        Ok(Below {
            chain,
            denominator,
            cuts,
            tree,
        })
    }
}

/// The tokens of a certificate, read in order.
struct Tokens<'a>(std::str::SplitAsciiWhitespace<'a>);

impl<'a> Tokens<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        self.0.next().ok_or(format!("ends before {what}"))
    }

    fn expect(&mut self, word: &str) -> Result<(), String> {
        match self.next(word)? {
            token if token == word => Ok(()),
            token => Err(format!("{token:?} where {word:?} belongs")),
        }
    }
}

fn number<T: std::str::FromStr>(token: &str) -> Result<T, String> {
    token
        .parse()
        .map_err(|_| format!("{token:?} is not a number"))
}

/// The certificate of `n` (text, and its rows with a multiplier): `chain`, then a branch on
/// y_n whose 0 side is `below`'s tree (multipliers times `scale`) and whose 1 side is
/// `through`'s tree (a proof found with y_n fixed to 1, rounded at the common denominator).
/// None when the common denominator overflows.
pub(super) fn splice(
    n: u64,
    chain: &[u64],
    below: &Below,
    through: &Proof,
    scale: u64,
) -> Option<(String, usize)> {
    let denominator = below.denominator.checked_mul(scale)?;
    if denominator > 1 << 62 {
        return None;
    }
    let scale = i128::from(scale);
    let (cuts, tree, mut rows) = body(through, denominator, below.cuts.len());
    let numbers: Vec<String> = chain.iter().map(u64::to_string).collect();
    let mut out = format!(
        "JGCHAIN1\nn {n}\nlength {}\nchain {}\ndenominator {denominator}\ncuts {}\n",
        chain.len(),
        numbers.join(" "),
        below.cuts.len() + through.cuts.len()
    );
    for cut in &below.cuts {
        let _ = writeln!(out, "{cut}");
    }
    out.push_str(&cuts);
    let _ = writeln!(out, "tree\nbranch y {n}");
    // The numbers next to n: its divisors below it.
    let divisors: Vec<u64> = (1..n).filter(|a| n.is_multiple_of(*a)).collect();
    for step in &below.tree {
        let leaf = match step {
            Step::Branch(line) => {
                let _ = writeln!(out, "{line}");
                continue;
            }
            Step::Leaf(leaf) => leaf,
        };
        // The reduced cost of x_{a n} under the leaf's multipliers is −λ_t − λ_{d a} + λ_{u a}
        // (the column meets t and d a with +1, u a with −1); `d n μ` takes μ off each, and
        // costs nothing (its right side is 0, and y_n is fixed to 0 on this side).
        let mut tree_row = 0i128;
        let mut at = vec![(0i128, 0i128); divisors.len()];
        let mut scaled = Vec::with_capacity(leaf.len() + 1);
        for (family, numbers, multiplier) in leaf {
            let multiplier = multiplier.checked_mul(scale)?;
            match (family.as_str(), numbers.first()) {
                ("t", _) => tree_row = tree_row.checked_add(multiplier)?,
                ("d", Some(v)) | ("u", Some(v)) => {
                    if let Ok(i) = divisors.binary_search(v) {
                        let slot = if family == "d" {
                            &mut at[i].0
                        } else {
                            &mut at[i].1
                        };
                        *slot = slot.checked_add(multiplier)?;
                    }
                }
                _ => {}
            }
            scaled.push((family, numbers, multiplier));
        }
        let mut mu = 0i128;
        for &(d, u) in &at {
            mu = mu.max(u.checked_sub(d)?.checked_sub(tree_row)?);
        }
        let _ = writeln!(out, "leaf {}", scaled.len() + usize::from(mu > 0));
        for (family, numbers, multiplier) in scaled {
            let _ = write!(out, "{family}");
            for v in numbers {
                let _ = write!(out, " {v}");
            }
            let _ = writeln!(out, " {multiplier}");
        }
        if mu > 0 {
            let _ = writeln!(out, "d {n} {mu}");
        }
        rows += leaf.len() + usize::from(mu > 0);
    }
    out.push_str(&tree);
    out.push_str("end\n");
    Some((out, rows))
}
