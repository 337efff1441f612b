//! The chain engine's tests: the branch and cut against brute force and the combinatorial
//! search, its certificates against the verifier (and damaged ones refused), the proofs built
//! on n − 1's, and the reader and splicer of those.

use super::*;

/// Longest chain by plain exhaustive search over every simple path, no bound at all: the
/// oracle. Bit masks only make the enumeration fast enough for n = 30.
fn brute_force_length(n: u64) -> usize {
    fn walk(neighbours: &[u64], last: usize, used: u64, depth: usize, best: &mut usize) {
        *best = (*best).max(depth);
        let mut moves = neighbours[last] & !used;
        while moves != 0 {
            let next = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            walk(neighbours, next, used | 1 << next, depth + 1, best);
        }
    }
    let n = n as usize;
    let neighbours: Vec<u64> = (0..=n)
        .map(|a| {
            (1..=n)
                .filter(|&b| a != 0 && b != a && (a % b == 0 || b % a == 0))
                .fold(0, |mask, b| mask | 1 << b)
        })
        .collect();
    let mut best = 0;
    for start in 1..=n {
        walk(&neighbours, start, 1 << start, 1, &mut best);
    }
    best
}

/// How far the brute force goes: all n <= 30 (about 20 s); JG_CHAIN_BRUTE_TO sets another end.
fn brute_force_limit() -> u64 {
    std::env::var("JG_CHAIN_BRUTE_TO")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30)
}

#[test]
fn search_matches_brute_force_for_small_n() {
    for n in 1..=brute_force_limit() {
        let found = Request::new(n).solve().unwrap();
        check_chain(n, &found.chain).unwrap();
        assert_eq!(found.chain.len(), brute_force_length(n), "n = {n}");
        assert!(found.root_bound >= found.chain.len() as u64, "n = {n}");
        assert!(found.proved);
    }
}

/// The branch and cut against the independent combinatorial search, past the brute force.
#[test]
fn branch_and_cut_matches_the_search() {
    for n in 31..=36 {
        let cut = Request::new(n).solve().unwrap();
        let search = Request::new(n).search().unwrap();
        assert!(cut.proved && search.proved, "n = {n}");
        check_chain(n, &cut.chain).unwrap();
        check_chain(n, &search.chain).unwrap();
        assert_eq!(cut.chain.len(), search.chain.len(), "n = {n}");
    }
}

/// Every proved chain is a chain, and the proved lengths never decrease with n (a chain of
/// 1..n is one of 1..n + 1), nor do the proved bounds undercut them.
#[test]
fn proved_lengths_never_decrease() {
    let mut previous = 0;
    for n in 1..=70 {
        let found = Request::new(n).solve().unwrap();
        assert!(found.proved, "n = {n}");
        check_chain(n, &found.chain).unwrap();
        let length = found.chain.len();
        assert!(found.root_bound >= length as u64, "n = {n}");
        assert!(previous <= length, "n = {n}: {length} after {previous}");
        previous = length;
    }
}

/// The certified length against the brute force, and every certificate accepted by the
/// independent verifier for exactly that n and length.
#[test]
fn certified_lengths_match_brute_force() {
    for n in 1..=22 {
        let certified = Request::new(n).certify().unwrap();
        check_chain(n, &certified.found.chain).unwrap();
        let verdict = jg_verify::chain::check(&certified.certificate).unwrap();
        assert_eq!(verdict.n, n);
        assert_eq!(verdict.length as usize, brute_force_length(n), "n = {n}");
        assert_eq!(certified.found.chain.len() as u64, verdict.length);
    }
}

/// Past the brute force: the certificate's length against the combinatorial search.
#[test]
fn certified_lengths_match_the_search() {
    for n in [33, 36] {
        let certified = Request::new(n).certify().unwrap();
        let search = Request::new(n).search().unwrap();
        assert!(search.proved);
        let verdict = jg_verify::chain::check(&certified.certificate).unwrap();
        assert_eq!(verdict.length as usize, search.chain.len(), "n = {n}");
    }
}

/// Seeded with the chain of n − 1 (as the range run does), the certificate is valid and
/// proves the same length as the unseeded run; a seed that breaks the rules is refused.
#[test]
fn a_seed_from_n_minus_1_gives_the_same_length() {
    let mut previous = Request::new(40).certify().unwrap().found.chain;
    for n in 41..=60 {
        let seeded = Request {
            seed: &previous,
            ..Request::new(n)
        }
        .certify()
        .unwrap();
        let verdict =
            jg_verify::chain::check(&seeded.certificate).unwrap_or_else(|e| panic!("n = {n}: {e}"));
        let plain = Request::new(n).certify().unwrap();
        assert_eq!(verdict.n, n);
        assert_eq!(verdict.length as usize, plain.found.chain.len(), "n = {n}");
        assert!(seeded.found.chain.len() >= previous.len(), "n = {n}");
        previous = seeded.found.chain;
    }
    let refused = Request {
        seed: &[4, 3],
        ..Request::new(30)
    }
    .certify();
    assert!(
        matches!(&refused, Err(ChainSearchError::NotCertified(30, why)) if why.contains("seed")),
        "{refused:?}"
    );
}

/// Both LP solvers of a `highs` build prove the same lengths, from strong roots and from
/// weak ones (trees), and every certificate of each verifies. (A default build has microlp
/// alone, which every other test here runs.)
#[cfg(feature = "highs")]
#[test]
fn both_lp_backends_prove_the_same_lengths() {
    for (n, base) in [
        (30, CERTIFY),
        (100, CERTIFY),
        (200, CERTIFY),
        (41, WEAK_ROOT),
        (57, WEAK_ROOT),
    ] {
        let lengths: Vec<(lp::Backend, u64)> = lp::Backend::ALL
            .iter()
            .map(|&backend| {
                let settings = cut::Settings { backend, ..base };
                let certified = certify_with(&Request::new(n), settings).unwrap();
                let verdict = jg_verify::chain::check(&certified.certificate)
                    .unwrap_or_else(|e| panic!("n = {n}, {backend:?}: {e}"));
                (backend, verdict.length)
            })
            .collect();
        assert_eq!(lengths.len(), 2);
        assert_eq!(lengths[0].1, lengths[1].1, "n = {n}: {lengths:?}");
    }
}

/// The branch and cut without forest cuts at the root: its root bound is too weak to prove
/// the length, so the certificate must be the tree it explored.
const WEAK_ROOT: cut::Settings = cut::Settings {
    want_proof: true,
    weak_root: true,
    through: None,
    backend: Backend::DEFAULT,
};

/// n proved on n − 1's proof (both trees, from weak roots): the certificate verifies and
/// proves the plain run's length; its tree is n − 1's under `branch y n`, the chains through
/// n beside it, each `d n μ` row has μ the largest reduced cost at n (and a leaf without one
/// has none positive), those rows are really needed somewhere, the rows figure counts the
/// text's rows; and
/// that holds whether a(n) = a(n − 1) or not. A prime or twice a prime (they change the
/// reduced graph), a certificate of another n and a damaged one are refused.
#[test]
fn a_proof_through_n_on_the_proof_of_n_minus_1_verifies() {
    let (mut equal, mut paid, mut longer) = (0, 0, 0);
    for n in 40..=100u64 {
        let below = certify_with(&Request::new(n - 1), WEAK_ROOT).unwrap();
        let plain = Request::new(n).certify().unwrap().found.chain.len();
        let result = certify_through_with(&Request::new(n), &below.certificate, WEAK_ROOT);
        let prime = |p: u64| p > 1 && (2..p).all(|d| !p.is_multiple_of(d));
        if prime(n) || (n % 2 == 0 && prime(n / 2)) {
            let refused = result.unwrap_err().to_string();
            assert!(refused.contains("reduction keeps"), "n = {n}: {refused}");
            continue;
        }
        if plain > below.found.chain.len() {
            longer += 1;
        } else {
            equal += 1;
        }
        let through = result.unwrap_or_else(|e| panic!("n = {n}: {e}"));
        let verdict = jg_verify::chain::check(&through.certificate).unwrap();
        assert_eq!((verdict.n, verdict.graph), (n, n));
        assert_eq!(verdict.length as usize, plain, "n = {n}");
        assert_eq!(through.leaves, verdict.leaves);
        let text = String::from_utf8(through.certificate).unwrap();
        let tree: Vec<&str> = text.lines().skip_while(|l| *l != "tree").collect();
        assert_eq!(tree[1], format!("branch y {n}"), "n = {n}");
        assert!(verdict.leaves > below.leaves, "n = {n}");
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let leaves: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("leaf "))
            .collect();
        let sizes = leaves.iter().map(|&at| leaf_lines(&lines, at).len() - 1);
        assert_eq!(
            through.rows,
            sizes.sum::<usize>(),
            "n = {n}: the rows figure"
        );
        // Each leaf of n − 1's tree (the first ones, in order) carries `d n μ` with μ the
        // largest reduced cost u_a − d_a − t over the divisors a of n, when that is positive
        // (spec.md §6.4), computed here from the leaf's own rows.
        for &at in &leaves[..below.leaves as usize] {
            let rows: Vec<Vec<&str>> = lines[leaf_lines(&lines, at)]
                .iter()
                .skip(1)
                .map(|l| l.split(' ').collect())
                .collect();
            let of = |family: &str, a: u64| -> i128 {
                rows.iter()
                    .filter(|r| r[0] == family && (family == "t" || r[1] == a.to_string()))
                    .map(|r| r[r.len() - 1].parse::<i128>().unwrap())
                    .sum()
            };
            let largest = (1..n)
                .filter(|a| n.is_multiple_of(*a))
                .map(|a| of("u", a) - of("d", a) - of("t", 0))
                .max()
                .unwrap();
            let paid = rows.iter().find(|r| r[0] == "d" && r[1] == n.to_string());
            match paid {
                Some(row) => assert_eq!(row[2].parse::<i128>().unwrap(), largest, "n = {n}"),
                None => assert!(largest <= 0, "n = {n}: a leaf without its d row"),
            }
        }
        // Some leaf of n − 1's tree no longer closes in G_n without its `d n` row (others
        // have room to spare).
        let row = format!("d {n} ");
        for at in (0..lines.len()).filter(|&i| lines[i].starts_with(&row)) {
            let leaf = (0..at)
                .rev()
                .find(|&i| lines[i].starts_with("leaf "))
                .unwrap();
            let rows: usize = lines[leaf]["leaf ".len()..].parse().unwrap();
            let mut unpaid = lines.clone();
            unpaid.remove(at);
            unpaid[leaf] = format!("leaf {}", rows - 1);
            if verdict_of(&unpaid).is_err() {
                paid += 1;
            }
        }
    }
    assert!(equal >= 4 && longer >= 10, "{equal} equal, {longer} longer");
    assert!(paid >= 1, "no leaf needed its d row at n");
    let below = Request::new(49).certify().unwrap().certificate;
    let other = Request::new(51).certify_through(&below).unwrap_err();
    assert!(other.to_string().contains("n − 1 = 50"), "{other}");
    let mut damaged = below.clone();
    let at = damaged.len() - 10;
    damaged[at] ^= 0x01;
    let refused = Request::new(50).certify_through(&damaged).unwrap_err();
    assert!(refused.to_string().contains("refused"), "{refused}");
}

/// Tree certificates end to end: with a weak root every certificate is a tree of several
/// leaves, the verifier accepts it, and the length it proves is the brute force's.
#[test]
fn a_weak_root_gives_tree_certificates_that_verify() {
    for n in 25..=40 {
        let certified = certify_with(&Request::new(n), WEAK_ROOT).unwrap();
        let verdict = jg_verify::chain::check(&certified.certificate)
            .unwrap_or_else(|e| panic!("n = {n}: {e}"));
        let search = Request::new(n).search().unwrap();
        assert!(search.proved);
        assert_eq!(verdict.length as usize, search.chain.len(), "n = {n}");
        assert_eq!(verdict.leaves, certified.leaves);
        // Forced to depth 3: a binary tree, each leaf under its own fixings. It is full
        // unless a fixing empties the LP (a prime p > n/2 used while 1, its only neighbour,
        // is not).
        assert!(verdict.leaves >= 4, "n = {n}: {} leaves", verdict.leaves);
        let text = String::from_utf8(certified.certificate).unwrap();
        assert_eq!(
            text.lines().filter(|l| l.starts_with("branch ")).count() as u64,
            verdict.leaves - 1
        );
    }
}

/// The lines of a weak-root (tree) certificate of n = 40, and where each leaf starts.
fn tree_certificate() -> (Vec<String>, Vec<usize>) {
    let certified = certify_with(&Request::new(40), WEAK_ROOT).unwrap();
    let text = String::from_utf8(certified.certificate).unwrap();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let leaves = (0..lines.len())
        .filter(|&i| lines[i].starts_with("leaf "))
        .collect();
    (lines, leaves)
}

fn verdict_of(lines: &[String]) -> Result<jg_verify::chain::ChainVerdict, String> {
    let text = lines.join("\n") + "\n";
    jg_verify::chain::check(text.as_bytes()).map_err(|e| e.to_string())
}

/// The leaf starting at line `at`: its header and its rows.
fn leaf_lines(lines: &[String], at: usize) -> std::ops::Range<usize> {
    let rows: usize = lines[at]["leaf ".len()..].parse().unwrap();
    at..at + 1 + rows
}

/// Tree certificates against each kind of lie: a dropped leaf (its case uncovered), a
/// dropped branch, a leaf's bound raised, a negative multiplier deep in the tree, and every
/// truncation.
#[test]
fn a_lying_tree_certificate_is_refused() {
    let (lines, leaves) = tree_certificate();
    assert_eq!(verdict_of(&lines).unwrap().leaves, 8);
    let says = |lines: &[String], part: &str| {
        let rejection = verdict_of(lines).expect_err("a lie was accepted");
        assert!(
            rejection.contains(part),
            "{rejection:?} should contain {part:?}"
        );
    };
    // The last leaf dropped: the case y_1 = y_2 = y_3 = 1 is not covered.
    let mut dropped = lines.clone();
    dropped.drain(leaf_lines(&lines, leaves[7]));
    says(&dropped, "unknown tree node `end`");
    // A leaf in the middle dropped: the next one takes its place, the end comes too soon.
    let mut dropped = lines.clone();
    dropped.drain(leaf_lines(&lines, leaves[2]));
    says(&dropped, "invalid chain certificate");
    // The root's branch dropped: the leaves are read under other fixings (and two trees
    // where one is allowed).
    let root = lines.iter().position(|l| l.starts_with("branch ")).unwrap();
    let mut no_root = lines.clone();
    no_root.remove(root);
    says(&no_root, "invalid chain certificate");
    // Leaf 6 without one of its multipliers: for some row the bound left is too high
    // (which one depends on the LP's slack at that leaf, so each is tried).
    let range = leaf_lines(&lines, leaves[5]);
    let refused = range.clone().skip(1).filter(|&i| {
        let mut weaker = lines.clone();
        weaker.remove(i);
        weaker[range.start] = format!("leaf {}", range.len() - 2);
        verdict_of(&weaker).is_err_and(|rejection| rejection.contains("leaf 6: bound "))
    });
    assert!(refused.count() > 0, "leaf 6 has no necessary multiplier");
    // A negative multiplier in the last leaf.
    let row = leaf_lines(&lines, leaves[7]).end - 1;
    let mut negative = lines.clone();
    let (head, m) = lines[row].rsplit_once(' ').unwrap();
    negative[row] = format!("{head} -{m}");
    says(&negative, "negative multiplier");
    // Every prefix short of `end` is refused.
    let text = lines.join("\n") + "\n";
    for cut in 0..text.len() - 4 {
        assert!(
            jg_verify::chain::check(&text.as_bytes()[..cut]).is_err(),
            "{cut} bytes"
        );
    }
}

#[test]
fn an_unfinished_search_is_not_certified() {
    let past = Some(Instant::now());
    assert!(matches!(
        Request {
            deadline: past,
            ..Request::new(300)
        }
        .certify(),
        Err(ChainSearchError::NotCertified(300, _))
    ));
}

#[test]
fn checker_refuses_broken_chains() {
    assert_eq!(check_chain(10, &[4, 2, 6, 3, 9]), Ok(()));
    assert!(matches!(
        check_chain(10, &[4, 2, 4]),
        Err(ChainError::Repeated { number: 4, .. })
    ));
    assert!(matches!(
        check_chain(10, &[4, 6]),
        Err(ChainError::NotRelated { place: 2, .. })
    ));
    assert!(matches!(
        check_chain(10, &[11]),
        Err(ChainError::OffBoard { number: 11, .. })
    ));
    assert!(matches!(
        check_chain(10, &[0]),
        Err(ChainError::OffBoard { number: 0, .. })
    ));
}

#[test]
fn search_refuses_n_out_of_range() {
    assert_eq!(Request::new(0).solve(), Err(ChainSearchError::Zero));
    assert_eq!(
        Request::new(MAX_CHAIN_N + 1).solve(),
        Err(ChainSearchError::TooLarge(MAX_CHAIN_N + 1, MAX_CHAIN_N))
    );
    assert_eq!(
        Request::new(MAX_SEARCH_N + 1).search(),
        Err(ChainSearchError::TooLarge(MAX_SEARCH_N + 1, MAX_SEARCH_N))
    );
}

/// The reader takes a certificate the verifier accepted apart, and refuses text that is not
/// one (wrong magic, a `graph` line, a misspelt heading, a branch or row it does not know, no `end`)
/// rather than splicing it.
#[test]
fn below_reads_certificates_and_refuses_anything_else() {
    let text = String::from_utf8(Request::new(30).certify().unwrap().certificate).unwrap();
    let below = through::Below::read(&text).unwrap();
    let verdict = jg_verify::chain::check(text.as_bytes()).unwrap();
    assert_eq!(below.chain.len() as u64, verdict.length);
    assert!(below.tree.len() as u64 >= verdict.leaves);
    let swaps = [
        ("JGCHAIN1", "JGCHAIN2"),
        ("\nn 30\n", "\ngraph 30\nn 30\n"),
        ("\nlength ", "\nlenght "),
        ("\ndenominator ", "\ndenom "),
        ("\ncuts ", "\ncut "),
        ("\ntree\n", "\ntrees\n"),
        ("\nend", "\nbranch z 1\nend"),
        ("\nend", "\nleaf 1\nq 5 1\nend"),
        ("\nend", "\nwhat\nend"),
        ("\nend", ""),
    ];
    for (from, to) in swaps {
        assert!(text.contains(from), "{from:?}");
        let broken = text.replacen(from, to, 1);
        assert!(
            through::Below::read(&broken).is_err(),
            "{from:?} -> {to:?} was read"
        );
    }
}

/// The common denominator stops where the verifier's does (2^62): exactly 2^62 is written,
/// anything above gives no certificate rather than one the verifier would refuse.
#[test]
fn the_common_denominator_stops_at_the_verifiers_bound() {
    let text = String::from_utf8(Request::new(30).certify().unwrap().certificate).unwrap();
    let mut below = through::Below::read(&text).unwrap();
    below.denominator = 1 << 61;
    let empty = certify::Proof {
        steps: Vec::new(),
        cuts: Vec::new(),
    };
    let chain = below.chain.clone();
    let (spliced, _) = through::splice(31, &chain, &below, &empty, 2).unwrap();
    assert!(spliced.contains(&format!("\ndenominator {}\n", 1u64 << 62)));
    assert!(through::splice(31, &chain, &below, &empty, 3).is_none());
}

/// A node branched on while the longest chain known was short closes as a leaf once the
/// final chain is long enough: `collapse` turns it into its own leaf (its subtree then out of
/// the proof's reach) and leaves a branch whose bound is not below the final length + 1.
#[test]
fn branches_the_final_chain_closes_become_leaves() {
    use cut::{Leaf, Node};
    let leaf = |cuts| Leaf {
        point: None,
        fixings: Vec::new(),
        cuts,
    };
    let tree = || {
        vec![
            Node::Branch(0, 1, 2),
            Node::Leaf(leaf(1)),
            Node::Branch(1, 3, 4),
            Node::Leaf(leaf(2)),
            Node::Leaf(leaf(3)),
        ]
    };
    let branched = || {
        vec![
            Some((10.5, leaf(7))),
            None,
            Some((9.9, leaf(8))),
            None,
            None,
        ]
    };
    let shape = |tree: &[Node]| -> Vec<Option<usize>> {
        tree.iter()
            .map(|node| match node {
                Node::Leaf(leaf) => Some(leaf.cuts),
                _ => None,
            })
            .collect()
    };
    // Longest chain 9: the root's 10.5 allows 10 numbers, the node's 9.9 does not.
    let mut nine = tree();
    cut::collapse(&mut nine, branched(), 9);
    assert_eq!(shape(&nine), [None, Some(1), Some(8), Some(2), Some(3)]);
    // Longest chain 10: the root alone.
    let mut ten = tree();
    cut::collapse(&mut ten, branched(), 10);
    assert_eq!(shape(&ten)[0], Some(7));
    // Longest chain 8: nothing closes.
    let mut eight = tree();
    cut::collapse(&mut eight, branched(), 8);
    assert_eq!(shape(&eight), shape(&tree()));
}

/// The leaves' dual LP narrowed by complementary slackness gives the same bound as the whole
/// one on every leaf of the weak-root trees (n = 25..40), and so do the multipliers the
/// certificate takes.
#[test]
fn the_narrowed_dual_bounds_every_leaf_as_the_whole_one() {
    let mut leaves = 0;
    for n in 25..=40 {
        let (found, explored) = by_cuts(n, &[], None, WEAK_ROOT, &silent).unwrap();
        let explored = explored.unwrap();
        let (model, cuts) = (&explored.model, &explored.cuts);
        for node in &explored.tree {
            let cut::Node::Leaf(leaf) = node else {
                continue;
            };
            let whole = model.prove(leaf, cuts, false).unwrap();
            let narrow = model.prove(leaf, cuts, true).unwrap();
            let (a, b) = (whole.bound(&leaf.fixings), narrow.bound(&leaf.fixings));
            assert!((a - b).abs() < 1e-6, "n = {n}: whole {a}, narrowed {b}");
            let taken = model.prove_leaf(leaf, cuts, found.chain.len()).unwrap();
            assert!((taken.bound(&leaf.fixings) - a).abs() < 1e-6, "n = {n}");
            leaves += 1;
        }
    }
    assert!(leaves > 60, "{leaves} leaves");
}
