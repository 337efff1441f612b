//! The solitaire question (docs/MATH.md §6): a longest chain of distinct numbers in 1..n, each dividing
//! or a multiple of the previous one (a longest simple path in G_n, OEIS A337125), found and
//! proved longest. Two exact methods: branch and cut on the path's integer programme (`cut`, the
//! default) and a combinatorial branch and bound with a separator bound (`Search`, kept as an
//! independent cross-check). `check_chain` is a naive checker of the rules that shares no code.

mod answer;
mod certify;
mod cut;
mod improve;
mod lp;
mod search;
#[cfg(test)]
mod tests;
mod through;

pub use answer::{CertifiedChain, ChainSearchError, LongestChain, MAX_CHAIN_N, MAX_SEARCH_N};
pub use cut::{Progress, Report};
pub use lp::Backend;

use std::time::Instant;

/// Why a chain breaks the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    #[error("{number} (place {place}) is not in 1..={n}")]
    OffBoard { number: u64, place: usize, n: u64 },
    #[error("{number} appears twice (places {first} and {second})")]
    Repeated {
        number: u64,
        first: usize,
        second: usize,
    },
    #[error("{next} (place {place}) neither divides nor is a multiple of {previous}")]
    NotRelated {
        previous: u64,
        next: u64,
        place: usize,
    },
}

/// Checks a chain against the raw rules: numbers in 1..=n, no repeats, each step a divisor or
/// a multiple. Places are counted from 1. Written out plainly so it shares nothing with the search.
pub fn check_chain(n: u64, chain: &[u64]) -> Result<(), ChainError> {
    for (i, &number) in chain.iter().enumerate() {
        if number == 0 || number > n {
            return Err(ChainError::OffBoard {
                number,
                place: i + 1,
                n,
            });
        }
        if let Some(j) = chain[..i].iter().position(|&x| x == number) {
            return Err(ChainError::Repeated {
                number,
                first: j + 1,
                second: i + 1,
            });
        }
        if i > 0 {
            let previous = chain[i - 1];
            if !number.is_multiple_of(previous) && !previous.is_multiple_of(number) {
                return Err(ChainError::NotRelated {
                    previous,
                    next: number,
                    place: i + 1,
                });
            }
        }
    }
    Ok(())
}

/// One question to the chain engine: a longest chain of 1..=n, and how to run.
#[derive(Clone, Copy)]
pub struct Request<'a> {
    pub n: u64,
    /// A chain of 1..=n already known (the range run passes the chain of n − 1, since
    /// a(n) ≥ a(n − 1)): the branch and cut starts with the longer of it and its own first
    /// chain, and closes the root as soon as the bound is below that length + 1. A seed that
    /// breaks the rules is refused.
    pub seed: &'a [u64],
    /// When to stop: an answer then has `proved` false and holds the longest chain found so
    /// far, and no certificate is written.
    pub deadline: Option<Instant>,
    /// Told how the branch and cut stands after each node (nodes, longest chain so far, root
    /// bound): for a progress line.
    pub report: Report<'a>,
}

fn silent(_: Progress) {}

impl Request<'static> {
    /// n, no seed, no deadline, no report.
    pub fn new(n: u64) -> Request<'static> {
        Request {
            n,
            seed: &[],
            deadline: None,
            report: &silent,
        }
    }
}

impl Request<'_> {
    /// Finds a longest chain in 1..=n and proves it longest by exhausting the branch and cut
    /// (the combinatorial search takes over, for n ≤ `MAX_SEARCH_N`, if the LP fails).
    pub fn solve(&self) -> Result<LongestChain, ChainSearchError> {
        let n = self.n;
        match n {
            0 => Err(ChainSearchError::Zero),
            1..=MAX_CHAIN_N => {
                let seed = self.checked_seed()?;
                match by_cuts(n as usize, &seed, self.deadline, SEARCH, self.report) {
                    Ok((found, _)) => Ok(found),
                    Err(_) if n <= MAX_SEARCH_N => self.search(),
                    Err(reason) => Err(ChainSearchError::NotCertified(n, reason)),
                }
            }
            _ => Err(ChainSearchError::TooLarge(n, MAX_CHAIN_N)),
        }
    }

    /// Finds a longest chain of 1..=n and writes its certificate, checked by the verifier
    /// before it is returned. Fails (never falls back to an unproved answer) when the branch and
    /// cut does not finish, the LP engine fails, or the rounded multipliers do not prove the
    /// bound.
    pub fn certify(&self) -> Result<CertifiedChain, ChainSearchError> {
        certify_with(self, CERTIFY)
    }

    /// Certifies n from `below`, a valid certificate of n − 1 whose proof is over G_{n−1} (no
    /// `graph` line): the branch and cut runs on the chains through n alone (y_n fixed to 1), and
    /// the certificate branches on y_n, n − 1's tree on its 0 side (spec.md §6.4). Holds whenever
    /// n changes nothing else in the reduced graph (§6.2): n is not a prime above n/2 and not
    /// twice one. When a(n) > a(n − 1) the longer chain goes through n, and n − 1's tree bounds
    /// the others below it all the more.
    pub fn certify_through(&self, below: &[u8]) -> Result<CertifiedChain, ChainSearchError> {
        certify_through_with(self, below, CERTIFY)
    }

    /// The combinatorial branch and bound alone (separator bound, no LP, no seed): an
    /// independent method, slower, kept to cross-check the branch and cut.
    pub fn search(&self) -> Result<LongestChain, ChainSearchError> {
        search::longest_chain_by_search(self.n, self.deadline)
    }

    /// The seed as the branch and cut takes it, checked against the rules.
    fn checked_seed(&self) -> Result<Vec<usize>, ChainSearchError> {
        check_chain(self.n, self.seed)
            .map_err(|e| ChainSearchError::NotCertified(self.n, format!("the seed chain: {e}")))?;
        Ok(self.seed.iter().map(|&v| v as usize).collect())
    }
}

/// The branch and cut's settings for a plain answer, and for a certificate.
const SEARCH: cut::Settings = cut::Settings {
    want_proof: false,
    weak_root: false,
    through: None,
    backend: Backend::DEFAULT,
};
const CERTIFY: cut::Settings = cut::Settings {
    want_proof: true,
    weak_root: false,
    through: None,
    backend: Backend::DEFAULT,
};

fn certify_through_with(
    request: &Request,
    below: &[u8],
    settings: cut::Settings,
) -> Result<CertifiedChain, ChainSearchError> {
    let n = request.n;
    let fail = |reason: String| ChainSearchError::NotCertified(n, reason);
    let verdict = jg_verify::chain::check(below)
        .map_err(|e| fail(format!("the certificate of n − 1 is refused: {e}")))?;
    if n < 2 || verdict.n != n - 1 || verdict.graph != n - 1 {
        return Err(fail(format!(
            "the certificate below must prove n − 1 = {} over its own graph (it proves {} over 1..{})",
            n.saturating_sub(1),
            verdict.n,
            verdict.graph
        )));
    }
    if n > MAX_CHAIN_N {
        return Err(ChainSearchError::TooLarge(n, MAX_CHAIN_N));
    }
    let below = std::str::from_utf8(below)
        .map_err(|_| fail("the certificate below is not text".into()))
        .and_then(|text| through::Below::read(text).map_err(fail))?;
    let (before, after) = (kept_numbers(n as usize - 1), kept_numbers(n as usize));
    if after[..n as usize] != before[..] || !after[n as usize] {
        return Err(fail(format!(
            "{n} changes which numbers the reduction keeps (spec.md §6.2): prove it on its own"
        )));
    }
    let seed: Vec<usize> = below.chain.iter().map(|&v| v as usize).collect();
    let settings = cut::Settings {
        through: Some(n as usize),
        ..settings
    };
    let (found, proof) = proved(request, &seed, settings)?;
    let mut last_reason = String::from("the common denominator overflows");
    for power in 0..=40u32 {
        for scale in [1u64 << power, 3 << power] {
            let Some((text, rows)) = through::splice(n, &found.chain, &below, &proof, scale) else {
                continue;
            };
            match jg_verify::chain::check(text.as_bytes()) {
                Ok(verdict) if verdict.n == n && verdict.length == found.chain.len() as u64 => {
                    return Ok(CertifiedChain {
                        denominator: below.denominator * scale,
                        cuts: verdict.cuts as usize,
                        rows,
                        leaves: verdict.leaves,
                        found,
                        certificate: text.into_bytes(),
                    })
                }
                Ok(_) => return Err(fail("the verifier read another length".into())),
                Err(reason) => last_reason = reason.to_string(),
            }
        }
    }
    Err(fail(format!(
        "the spliced proof was refused at every denominator ({last_reason})"
    )))
}

/// Which numbers of 1..=n the reduced graph H keeps (spec.md §6.2; index 0 unused).
fn kept_numbers(n: usize) -> Vec<bool> {
    reduction(&neighbour_lists(n)).0
}

/// The reduction of spec.md §6.2 on G_n (`neighbours` by number): which numbers H keeps, all
/// but the smaller numbers of each group hanging on one neighbour alone; and for each such
/// neighbour u, the number its group keeps (usize::MAX for the others).
fn reduction(neighbours: &[Vec<usize>]) -> (Vec<bool>, Vec<usize>) {
    let n = neighbours.len() - 1;
    let mut kept = vec![true; n + 1];
    let mut group_of = vec![usize::MAX; n + 1];
    for v in (1..=n).rev() {
        if neighbours[v].len() == 1 {
            let u = neighbours[v][0];
            if group_of[u] == usize::MAX {
                group_of[u] = v;
            } else {
                kept[v] = false;
            }
        }
    }
    (kept, group_of)
}

fn certify_with(
    request: &Request,
    settings: cut::Settings,
) -> Result<CertifiedChain, ChainSearchError> {
    let n = request.n;
    if n == 0 {
        return Err(ChainSearchError::Zero);
    }
    if n > MAX_CHAIN_N {
        return Err(ChainSearchError::TooLarge(n, MAX_CHAIN_N));
    }
    let seed = request.checked_seed()?;
    let (found, proof) = proved(request, &seed, settings)?;
    certify::write(&found, &proof).map_err(|reason| ChainSearchError::NotCertified(n, reason))
}

/// The branch and cut from `seed`, run to the end, and the exact proof over what it explored:
/// an error when the time limit stopped it or no proof could be built.
fn proved(
    request: &Request,
    seed: &[usize],
    settings: cut::Settings,
) -> Result<(LongestChain, certify::Proof), ChainSearchError> {
    let fail = |reason: String| ChainSearchError::NotCertified(request.n, reason);
    let (found, explored) = by_cuts(
        request.n as usize,
        seed,
        request.deadline,
        settings,
        request.report,
    )
    .map_err(fail)?;
    if !found.proved {
        return Err(fail("the time limit stopped the branch and cut".into()));
    }
    let explored = explored.ok_or_else(|| fail("no proof was built".into()))?;
    let proof = certify::prove(&explored).map_err(fail)?;
    Ok((found, proof))
}

/// The branch and cut on G_n less some interchangeable ends: numbers whose only neighbour is
/// the same `u` (the primes above n/2, all hanging on 1) can appear two at a time only in the
/// chain `p u p'` of three numbers, so once a chain of three is known, the largest of each such
/// group is enough (spec.md §6.2: the checker removes exactly the same numbers).
fn by_cuts(
    n: usize,
    seed: &[usize],
    deadline: Option<Instant>,
    settings: cut::Settings,
    report: cut::Report,
) -> Result<(LongestChain, Option<cut::Explored>), String> {
    let neighbours = neighbour_lists(n);
    let greedy = greedy_chain(&neighbours);
    // A seed (a chain of 1..=n, checked by the caller) replaces the greedy chain when longer.
    let incumbent = if seed.len() > greedy.len() {
        seed.to_vec()
    } else {
        greedy
    };
    let reduce = incumbent.len() >= 3;
    let (kept, group_of) = match reduce {
        true => reduction(&neighbours),
        false => (vec![true; n + 1], vec![usize::MAX; n + 1]),
    };
    // The first chain on the reduced graph: a dropped end becomes its group's kept one, or
    // goes when that one is on the chain already (a dropped number, with one neighbour, can
    // only be an end).
    let mut start = incumbent.clone();
    for _ in 0..2 {
        if let Some(&v) = start.last() {
            if !kept[v] {
                let replacement = group_of[neighbours[v][0]];
                if start.contains(&replacement) {
                    start.pop();
                } else {
                    *start.last_mut().expect("non-empty") = replacement;
                }
            }
        }
        start.reverse();
    }
    if start.is_empty() || start.iter().any(|&v| !kept[v]) {
        start = vec![n];
    }
    let vertices: Vec<usize> = (1..=n).filter(|&v| kept[v]).collect();
    let found = cut::longest_path(vertices, start, deadline, settings, report)
        .map_err(|e| e.to_string())?;
    let chain = if found.chain.len() >= incumbent.len() {
        found.chain
    } else {
        incumbent
    };
    Ok((
        LongestChain {
            n: n as u64,
            chain: chain.iter().map(|&k| k as u64).collect(),
            // The LP bounds chains of H with at least 2 numbers (at least 4 when reduced).
            root_bound: found
                .root_bound
                .max(if reduce { 3 } else { 1 })
                .max(chain.len() as u64),
            nodes: found.nodes,
            proved: found.proved,
        },
        found.explored,
    ))
}

/// The neighbours of each number of 1..=n in G_n, ascending.
fn neighbour_lists(n: usize) -> Vec<Vec<usize>> {
    let mut neighbours = vec![Vec::new(); n + 1];
    for a in 1..=n {
        for b in (2 * a..=n).step_by(a) {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
    }
    neighbours
}

/// A first long chain, walking always to the free neighbour with the fewest free neighbours
/// (Warnsdorff, ties to the smaller number), from every start.
fn greedy_chain(neighbours: &[Vec<usize>]) -> Vec<usize> {
    let n = neighbours.len() - 1;
    let mut best = Vec::new();
    let mut free = vec![true; n + 1];
    for s in 1..=n {
        free.iter_mut().for_each(|f| *f = true);
        free[s] = false;
        let mut path = vec![s];
        let mut last = s;
        while let Some(next) = neighbours[last]
            .iter()
            .copied()
            .filter(|&k| free[k])
            .min_by_key(|&k| (neighbours[k].iter().filter(|&&j| free[j]).count(), k))
        {
            free[next] = false;
            path.push(next);
            last = next;
        }
        if path.len() > best.len() {
            best = path;
        }
    }
    best
}
