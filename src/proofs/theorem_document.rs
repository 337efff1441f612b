//! The theorem document (`jg theorem`): `docs/THEOREM.md` and its figures, generated from the
//! certificates folder. Every file is verified first and the claims are taken from what the
//! verifier accepted (n, winner) and from the decoded header (n_last for intervals); the
//! manifest is only pinned by its hash. The argument above the folder's last n is read at run
//! time from `large-n.md` next to the output, when that file exists.

use crate::game::{OpeningRule, Player};
use crate::proofs::explain::{self, Accepted, Decoded, DecodedStrategy, Format, Kind};
use std::fmt::Write as _;
use std::path::Path;

/// One verified certificate of the folder.
pub struct Entry {
    pub file: String,
    pub decoded: Decoded,
    pub accepted: Accepted,
}

/// The other published results the document states, each read from verified certificates
/// (`crate::proofs::oeis`): the winning openings of `openings/` and the longest chains of
/// `chains/` inside the certificates folder. None when the subfolder is absent.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// (n, its winning openings) for n = 1, 2, … as far as the openings certificates go.
    pub openings: Option<Vec<(u64, Vec<u64>)>>,
    /// (n, a(n)) of A337125 for n = 1, 2, … as far as the chain certificates go.
    pub chains: Option<Vec<(u64, u64)>>,
}

/// Reads and verifies `openings/` and `chains/` of the certificates folder `dir`. Err names a
/// certificate the verifier refuses.
pub fn read_extras(dir: &Path) -> Result<Extras, String> {
    use crate::proofs::oeis;
    let openings = dir.join("openings");
    let chains = dir.join("chains");
    Ok(Extras {
        openings: if openings.is_dir() {
            Some(oeis::openings_terms(&openings).map_err(|e| e.to_string())?)
        } else {
            None
        },
        chains: if chains.is_dir() {
            Some(oeis::chain_terms(&chains).map_err(|e| e.to_string())?)
        } else {
            None
        },
    })
}

/// The generated files: the document, and the figures as (path relative to it, SVG).
pub struct Generated {
    pub markdown: String,
    pub figures: Vec<(String, String)>,
}

/// Reads and verifies every `*.bin` of `dir`, sorted by the n they claim, then the file name.
pub fn read_folder(dir: &Path) -> Result<Vec<Entry>, String> {
    let folder = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string());
    let mut entries = Vec::new();
    for path in super::files_with_extension(dir, "bin")? {
        let bytes = super::read_bytes(&path)?;
        let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default())
            .map_err(|rejection| format!("{}: invalid: {rejection}", path.display()))?;
        let decoded =
            explain::decode(&bytes).map_err(|why| format!("{}: {why}", path.display()))?;
        let winner = Player::winner(verdict.winner == jg_verify::Winner::First);
        if verdict.n != decoded.n || winner != decoded.winner {
            return Err(format!(
                "{}: the verdict and the header differ",
                path.display()
            ));
        }
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        entries.push(Entry {
            accepted: Accepted {
                positions: verdict.positions,
                blake3: verdict.blake3_hex(),
                bytes: bytes.len(),
                name: format!("{folder}/{file}"),
            },
            file,
            decoded,
        });
    }
    entries.sort_by(|a, b| {
        (a.decoded.n, a.decoded.n_last, &a.file).cmp(&(b.decoded.n, b.decoded.n_last, &b.file))
    });
    Ok(entries)
}

/// A number as the prose writes it: powers of ten from 10^6 on as `10^k`, others in digits
/// (commands keep the digits).
pub fn spell(n: u64) -> String {
    let mut k = 0;
    let mut m = n;
    while m >= 10 && m.is_multiple_of(10) {
        m /= 10;
        k += 1;
    }
    if m == 1 && k >= 6 {
        format!("10^{k}")
    } else {
        n.to_string()
    }
}

/// The HTML anchor of a certificate's proof in the document: `n-N` or `n-A-B`.
fn anchor(d: &Decoded) -> String {
    if d.n_last > d.n {
        format!("n-{}-{}", d.n, d.n_last)
    } else {
        format!("n-{}", d.n)
    }
}

/// How the document names a run `a..b` of n.
fn span(from: u64, to: u64) -> String {
    if from == to {
        spell(from)
    } else {
        format!("{}–{}", spell(from), spell(to))
    }
}

/// The primes (p, q, r, s) when an interval certificate is the general scheme: opening 2p, pairs
/// p–3p, 3–3q, q–2q, 2–2r, r–3r, 1–s, with p, q, r, s distinct primes above 3 and the interval
/// conditions of the scheme (4·min(p, q, r) > n_last, 2s > n_last, 3·max(p, q, r) ≤ n_first,
/// s ≤ n_first), each checked here. None for any other pairing.
pub fn general_scheme(d: &Decoded) -> Option<[u64; 4]> {
    let DecodedStrategy::Pairing {
        opening: Some(opening),
        pairs,
    } = &d.strategy
    else {
        return None;
    };
    if pairs.len() != 6 || opening % 2 != 0 {
        return None;
    }
    let partner = |x: u64| {
        pairs
            .iter()
            .find_map(|&(a, b)| (a == x).then_some(b).or((b == x).then_some(a)))
    };
    let p = opening / 2;
    let q = partner(3)?.checked_div(3)?;
    let r = partner(2)?.checked_div(2)?;
    let s = partner(1)?;
    let expected = [
        (p, 3 * p),
        (3, 3 * q),
        (q, 2 * q),
        (2, 2 * r),
        (r, 3 * r),
        (1, s),
    ];
    let all_pairs = expected.iter().all(|&(x, y)| partner(x) == Some(y));
    let primes = [p, q, r, s]
        .iter()
        .all(|&x| x > 3 && crate::engines::schemes::is_prime(x));
    let distinct = p != q && q != r && p != r && s != p && s != q && s != r;
    let (small, large) = (p.min(q).min(r), p.max(q).max(r));
    let interval = small.checked_mul(4)? > d.n_last
        && s.checked_mul(2)? > d.n_last
        && large.checked_mul(3)? <= d.n
        && s <= d.n;
    (all_pairs && primes && distinct && interval).then_some([p, q, r, s])
}

/// The closed-pairing lemma, stated and proved once; every proof of the document cites it.
const LEMMA: &str = "**Lemma (closed pairings).** Let n ≥ 1 and let W be one of the two players \
(the winner) and L the other. Suppose W is given a set of pairs of numbers of 1..n, no number in \
two pairs, and, when W is the first player, an even opening e in 1..n that is in no pair. Call \
*first column* a set C of numbers of 1..n such that

1. every x in C is in a pair, and its partner y (the *answer* to x) divides x or is a multiple of \
x;
2. C holds every first move of L: every even number of 1..n when L is the first player, every \
divisor and multiple of e in 1..n other than e when W is;
3. for every answer y to a number of C, every divisor and multiple z of y in 1..n with z ≠ y and \
z ≠ e is in C.

Then W wins Juniper Green on 1..n by opening with e (when W is the first player) and answering \
every number x that L names with its partner.

*Proof.* We show that at each turn of W the answer is a legal move. At each turn of L the \
numbers named so far are e (when W is first) and whole pairs, and the last number named is e or \
an answer (or nothing: the very first move, when L is the first player). L's move x is \
therefore a first move or a divisor or multiple, other than itself, of e or of an answer, and \
it is not e (already named): by 2 and 3, x is in C. By 1, x has a partner y that divides x or \
is a multiple of it. y is not named yet: the named numbers other than e are whole pairs, x was \
not named, so neither was its partner; and y ≠ e because e is in no pair. So W can name y, and \
afterwards the named numbers are again e and whole pairs, the last one an answer. Every move \
names a new number of 1..n, so the game ends; it never ends on W's turn, so L is the player left \
without a move. ∎

The lemma uses only the rules of the game. It is the argument of spec.md §5 for closed \
pairings; the verifier's check (spec.md §4.5) computes the smallest first column and rejects \
the file when condition 1 fails for one of its numbers. Each proof below prints its first \
column (the closure table: a way the loser reaches each number, so none can be left out) and \
checks condition 3 from the shorter side: either every answer with all its neighbours, or the \
numbers outside the first column with all theirs.";

/// How every proof of the document cites the lemma.
const CITE: &str = "[the closed-pairing lemma](#lemma)";

/// Ranges of consecutive numbers, written `a–b` or `a`.
fn ranges(numbers: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => numbers[i].to_string(),
            1 => format!("{}, {}", numbers[i], numbers[j]),
            _ => format!("{}–{}", numbers[i], numbers[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// The end of the unbroken run 1..N0 the folder covers (even opening), the second-player n,
/// and the gaps (as ranges) before N0's run ends. Err names two files that disagree.
#[allow(clippy::type_complexity)]
pub fn coverage(entries: &[Entry]) -> Result<(u64, Vec<u64>, Vec<(u64, u64)>), String> {
    let claims: Vec<(u64, u64, Player, &str)> = entries
        .iter()
        .filter(|e| e.decoded.rule == OpeningRule::Even)
        .map(|e| {
            (
                e.decoded.n,
                e.decoded.n_last,
                e.decoded.winner,
                e.file.as_str(),
            )
        })
        .collect();
    for (i, later) in claims.iter().enumerate() {
        for earlier in &claims[..i] {
            if earlier.1 >= later.0 && earlier.0 <= later.1 && earlier.2 != later.2 {
                let n = later.0.max(earlier.0);
                return Err(format!("{} and {} disagree on n = {n}", earlier.3, later.3));
            }
        }
    }
    let (mut covered, mut gaps) = (0, Vec::new());
    for &(from, to, _, _) in &claims {
        if from > covered + 1 {
            gaps.push((covered + 1, from - 1));
        }
        covered = covered.max(to);
    }
    let second: Vec<u64> = claims
        .iter()
        .filter(|c| c.2 == Player::Second)
        .flat_map(|c| c.0..=c.1)
        .collect();
    Ok((covered, second, gaps))
}

/// The numbers the first player names in a pairing of one interval certificate, and the primes
/// among its pairs' numbers beyond 3.
fn interval_primes(d: &Decoded) -> Vec<u64> {
    let DecodedStrategy::Pairing { opening, pairs } = &d.strategy else {
        return vec![];
    };
    let mut primes: Vec<u64> = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .chain(*opening)
        .filter(|&x| x > 3 && crate::engines::schemes::is_prime(x))
        .collect();
    primes.sort_unstable();
    primes.dedup();
    primes
}

/// Builds the document. `docs_dir` is where it will live (for `large-n.md`); `manifest` the
/// bytes of MANIFEST.tsv, if any.
pub fn generate(
    entries: &[Entry],
    extras: &Extras,
    docs_dir: &Path,
    manifest: Option<&[u8]>,
) -> Result<Generated, String> {
    let (covered, second, gaps) = coverage(entries)?;
    let n0 = spell(covered);
    let mut figures = Vec::new();
    let mut s = String::new();
    let w = &mut s;
    let _ = writeln!(w, "# The Juniper Green theorem\n");
    let _ = writeln!(
        w,
        "<!-- Generated by `jg theorem` from certificates/: do not edit by hand. -->\n"
    );
    let _ = writeln!(
        w,
        "Juniper Green is played on the numbers 1..n. Players alternately name a number not \
         named before; the first number must be even, every later number must divide or be a \
         multiple of the previous one; a player who cannot move loses. The rules, the methods \
         and the words used here are in [MATH.md](MATH.md); the certificate format and why an \
         accepted certificate is a proof in [spec.md](../spec.md) (§5).\n"
    );
    let large_n = std::fs::read_to_string(docs_dir.join("large-n.md")).ok();
    let intervals: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.decoded.kind == Kind::IntervalClosedPairing)
        .collect();
    let (general, catalogue): (Vec<&Entry>, Vec<&Entry>) = intervals
        .iter()
        .partition(|e| general_scheme(&e.decoded).is_some());
    // Contents.
    let _ = writeln!(w, "## Contents\n");
    let mut contents = vec![
        ("the-theorem", "The theorem".to_string()),
        ("results", "Results".to_string()),
        ("figures", "Figures".to_string()),
        ("lemma", "The closed-pairing lemma".to_string()),
    ];
    if !general.is_empty() {
        contents.push((
            "general-scheme",
            "Intervals: the general scheme".to_string(),
        ));
    }
    if !catalogue.is_empty() {
        contents.push(("catalogue", "Intervals: the catalogue schemes".to_string()));
    }
    contents.push(("readable-proofs", "Readable proofs, n by n".to_string()));
    contents.push(("large-n", format!("Every n above {n0}")));
    if extras.openings.is_some() {
        contents.push(("openings", "The winning openings of each n".to_string()));
    }
    if extras.chains.is_some() {
        contents.push(("chains", "Longest chains (OEIS A337125)".to_string()));
    }
    contents.push(("rerunning", "Rerunning every check".to_string()));
    for (id, title) in &contents {
        let _ = writeln!(w, "- [{title}](#{id})");
    }
    let _ = writeln!(w);
    let _ = writeln!(w, "<a id=\"the-theorem\"></a>\n");
    let _ = writeln!(w, "## The theorem\n");
    let others = if large_n.is_some() {
        "every other n ≥ 1".to_string()
    } else {
        format!("every other n with 1 ≤ n ≤ {n0}")
    };
    let _ = writeln!(
        w,
        "**Theorem.** The second player wins Juniper Green on 1..n exactly for n ∈ {{{}}}; the \
         first player wins for {others}.\n",
        ranges(&second)
    );
    let _ = writeln!(
        w,
        "**Proof.** For 1 ≤ n ≤ {n0} by the {} certificates of `certificates/`, each \
         accepted by the verifier `jg-verify`, which checks it against the raw rules of the game \
         (below: the [results](#results), then the proofs, each an instance of \
         [the closed-pairing lemma](#lemma)). {}\n",
        entries.len(),
        if large_n.is_some() {
            format!(
                "For n > {n0} by the argument of the section \
                 [Every n above {n0}](#large-n), which rests on a published prime-gap theorem."
            )
        } else {
            format!(
                "For n > {n0} the statement rests on the general prime-window scheme \
                 (MATH.md §4), which applies whenever three primes lie in (n/4, n/3]; the \
                 written argument that this holds for every n > {n0} (`docs/large-n.md`) \
                 is not in this repository yet, so the theorem above is stated for \
                 n ≤ {n0} only."
            )
        }
    );
    if large_n.is_some() {
        let _ = writeln!(
            w,
            "**Formally proved.** The theorem is also proved in the Coq proof assistant \
             (`formal/`, see formal/README.md), with no trust in `jg-verify`: `juniper_green` \
             (formal/Main.v) states it for every n ≥ 1 from a short statement of the raw rules \
             (formal/Rules.v). Its one hypothesis is Dusart's prime-gap theorem (Ramanujan \
             Journal 45 (2018), Proposition 5.4), stated as published in formal/Dusart.v and \
             used only above the certificates that Coq checks itself; below that, \
             `juniper_green_certified` proves every n ≤ 10^12 with no hypothesis at all (`Print \
             Assumptions`: \"Closed under the global context\"). To re-run it: `make -C formal \
             && make -C formal check-assumptions` (Debian's `coq` package).\n"
        );
    }
    if !gaps.is_empty() {
        let _ = writeln!(
            w,
            "**Not covered by any certificate:** {} (the statement above is not proved for \
             these n).\n",
            gaps.iter()
                .map(|&(a, b)| span(a, b))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    // Results: maximal runs of the same winner and kind, each with links to its proofs.
    let _ = writeln!(w, "<a id=\"results\"></a>\n");
    let _ = writeln!(w, "## Results\n");
    let _ = writeln!(
        w,
        "Each row is a run of consecutive n with the same winner and the same kind of \
         certificate (even opening), with links to the proofs. Per-file bytes and hashes are in \
         `certificates/MANIFEST.tsv`.\n"
    );
    let _ = writeln!(w, "| n | winner | certificate kind | files | proofs |");
    let _ = writeln!(w, "|---|---|---|---:|---|");
    let mut runs: Vec<(u64, u64, Player, Kind, Vec<&Entry>)> = Vec::new();
    for e in entries
        .iter()
        .filter(|e| e.decoded.rule == OpeningRule::Even)
    {
        let d = &e.decoded;
        match runs.last_mut() {
            Some(run) if run.1 + 1 == d.n && run.2 == d.winner && run.3 == d.kind => {
                run.1 = d.n_last;
                run.4.push(e);
            }
            _ => runs.push((d.n, d.n_last, d.winner, d.kind, vec![e])),
        }
    }
    for (from, to, winner, kind, files) in &runs {
        let mut links: Vec<String> = Vec::new();
        let mut general_in_run = 0;
        for e in files {
            if general_scheme(&e.decoded).is_some() {
                general_in_run += 1;
            } else {
                links.push(format!(
                    "[{}](#{})",
                    span(e.decoded.n, e.decoded.n_last),
                    anchor(&e.decoded)
                ));
            }
        }
        if general_in_run > 0 {
            links.push(format!(
                "[{general_in_run} general-scheme interval{}](#general-scheme)",
                if general_in_run == 1 { "" } else { "s" }
            ));
        }
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {} |",
            span(*from, *to),
            winner.name(),
            kind.name(),
            files.len(),
            links.join(", ")
        );
    }
    if large_n.is_some() {
        let _ = writeln!(
            w,
            "| above {n0} | first | written proof | 0 | [Every n above {n0}](#large-n) |"
        );
    }
    let _ = writeln!(w);
    let free: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.decoded.rule == OpeningRule::Free)
        .collect();
    if !free.is_empty() {
        let list: Vec<String> = free
            .iter()
            .map(|e| format!("n = {} ({} player)", e.decoded.n, e.decoded.winner.name()))
            .collect();
        let _ = writeln!(
            w,
            "Free-opening certificates (the variant, not part of the theorem): {}.\n",
            list.join(", ")
        );
    }
    let _ = writeln!(w, "<a id=\"figures\"></a>\n");
    // Figures.
    let _ = writeln!(w, "## Figures\n");
    let _ = writeln!(
        w,
        "![Who wins each n, on a logarithmic axis](figures/coverage.svg)\n"
    );
    let _ = writeln!(
        w,
        "*Each certificate as a mark or a bar over the n it proves, on a logarithmic axis; blue: \
         the first player wins, orange: the second.*\n"
    );
    figures.push(("figures/coverage.svg".into(), coverage_svg(entries)));
    let pictured = entries
        .iter()
        .filter(|e| e.decoded.kind == Kind::ClosedPairing && e.decoded.winner == Player::Second)
        .max_by_key(|e| (e.decoded.n == 117, e.decoded.n))
        .or_else(|| {
            entries
                .iter()
                .find(|e| e.decoded.kind == Kind::ClosedPairing)
        });
    if let Some(e) = pictured {
        if let Some(svg) = pairing_svg(&e.decoded) {
            let name = format!("figures/pairing-{}.svg", e.decoded.n);
            let _ = writeln!(
                w,
                "![The closed pairing for n = {n} on the divisibility graph]({name})\n",
                n = e.decoded.n
            );
            let _ = writeln!(
                w,
                "*n = {n}: the numbers 1..{n} on a circle. Blue: the numbers the loser can name \
                 (the closure); orange: numbers only the winner names (answers outside the \
                 closure, and the opening); grey: numbers never named against this strategy. A \
                 thick line joins each pair; a thin line joins an answer to a number it first \
                 opens to the loser (the third column of the table).*\n",
                n = e.decoded.n
            );
            figures.push((name, svg));
        }
    }
    // The lemma, once.
    let _ = writeln!(w, "<a id=\"lemma\"></a>\n");
    let _ = writeln!(w, "## The closed-pairing lemma\n");
    let _ = writeln!(w, "{LEMMA}\n");
    // Intervals.
    if !general.is_empty() {
        let _ = writeln!(w, "<a id=\"general-scheme\"></a>\n");
        let _ = writeln!(w, "## Intervals: the general scheme\n");
        let _ = writeln!(
            w,
            "{} interval certificates are the *general scheme* (MATH.md §4), one row each below \
             with its primes p, q, r and s.\n",
            general.len()
        );
        let _ = writeln!(
            w,
            "**The general scheme.** Let p, q, r be distinct primes greater than 3 and s a \
             prime, and let a ≤ b be integers with 3·max(p, q, r) ≤ a, s ≤ a, \
             4·min(p, q, r) > b and 2s > b. The first player opens with 2p and answers with \
             the pairs\n\n    p ↔ 3p    3 ↔ 3q    q ↔ 2q    2 ↔ 2r    r ↔ 3r    1 ↔ s\n\n\
             Then the first player wins Juniper Green on 1..n for every n with a ≤ n ≤ b.\n"
        );
        let _ = writeln!(
            w,
            "*Proof.* Every number used is at most max(3p, 3q, 3r, s) ≤ a ≤ n, so it is on the \
             board. The six composites are distinct (2x = 3y has no solution in primes above 3), \
             and s is none of p, q, r (2s > b ≥ a ≥ 3·max(p, q, r)), so no number is in two \
             pairs, and the opening 2p is in none. The first player's numbers are 2p, 3p, 3q, \
             2q, 2r, 3r and s; each y of them satisfies 2y > b ≥ n (2·2p ≥ 4·min(p, q, r) > b, \
             2s > b), so its only neighbours on 1..n are its proper divisors, read from its \
             factorisation: 2p: 1, 2, p; 3p: 1, 3, p; 3q: 1, 3, q; 2q: 1, 2, q; 2r: 1, 2, r; \
             3r: 1, 3, r; s: 1. So C = {{1, 2, 3, p, q, r}} is a first column in the sense of \
             the lemma: its answers are s, 2r, 3q, 3p, 2q and 3r (condition 1: each a multiple \
             of its number); the first moves after 2p are 1, 2 and p (condition 2); and every \
             neighbour of every answer is one of 1, 2, 3, p, q, r (condition 3). Every other \
             number of 1..n is a neighbour of neither the opening nor an answer. By \
             [the closed-pairing lemma](#lemma) the first player wins. ∎ (The same argument \
             with a = b = n is the written proof for every n above {n0}.)\n"
        );
        let _ = writeln!(
            w,
            "In each row below `jg theorem` checked that the certificate's opening and pairs \
             are exactly the scheme's for the p, q, r, s shown, that p, q, r and s are prime \
             (a deterministic Miller–Rabin test for 64-bit numbers), and the four inequalities \
             with a = n from and b = n to. Primality of 12-digit numbers is not a hand check: \
             the verifier, accepting the file, also finds the divisors of each answer by trial \
             division (spec.md §4.4) and so confirms the factorisations above.\n"
        );
        let _ = writeln!(
            w,
            "| n from (a) | n to (b) | p | q | r | s | opening 2p | file |"
        );
        let _ = writeln!(w, "|---:|---:|---:|---:|---:|---:|---:|---|");
        for e in &general {
            let d = &e.decoded;
            let [p, q, r, s] = general_scheme(d).unwrap_or_default();
            let _ = writeln!(
                w,
                "| {} | {} | {p} | {q} | {r} | {s} | {} | `{}` |",
                spell(d.n),
                spell(d.n_last),
                2 * p,
                e.file
            );
        }
        let _ = writeln!(w);
    }
    if !catalogue.is_empty() {
        let _ = writeln!(w, "<a id=\"catalogue\"></a>\n");
        let _ = writeln!(w, "## Intervals: the catalogue schemes\n");
        let _ = writeln!(
            w,
            "The other interval certificates: each is one closed pairing that wins every n of \
             its interval (MATH.md §8), because every number the first player names, y, \
             satisfies 2y > n_to, and every number of the pairing and the opening is at most \
             n_from. Each is written out in full below.\n"
        );
        let _ = writeln!(
            w,
            "| n from | n to | opening | primes used | closure | proof |"
        );
        let _ = writeln!(w, "|---:|---:|---:|---|---:|---|");
        for e in &catalogue {
            let d = &e.decoded;
            let opening = match &d.strategy {
                DecodedStrategy::Pairing {
                    opening: Some(o), ..
                } => o.to_string(),
                _ => String::new(),
            };
            let primes: Vec<String> = interval_primes(d).iter().map(u64::to_string).collect();
            let _ = writeln!(
                w,
                "| {} | {} | {opening} | {} | {} | [`{}`](#{}) |",
                d.n,
                d.n_last,
                primes.join(", "),
                e.accepted.positions,
                e.file,
                anchor(d)
            );
        }
        let _ = writeln!(w);
        for e in &catalogue {
            push_proof(w, e)?;
        }
    }
    // Readable proofs.
    let _ = writeln!(w, "<a id=\"readable-proofs\"></a>\n");
    let _ = writeln!(w, "## Readable proofs, n by n\n");
    let _ = writeln!(
        w,
        "Below, every second-player n and every first-player n proved by a closed pairing of \
         its own, as `jg explain` writes it, each citing [the closed-pairing lemma](#lemma) \
         instead of repeating it.\n"
    );
    for e in entries.iter().filter(|e| {
        matches!(e.decoded.kind, Kind::ClosedPairing)
            || (e.decoded.winner == Player::Second && e.decoded.rule == OpeningRule::Even)
    }) {
        push_proof(w, e)?;
    }
    let _ = writeln!(w, "<a id=\"large-n\"></a>\n");
    let _ = writeln!(w, "## Every n above {n0}\n");
    match &large_n {
        Some(text) => {
            push_demoted(w, text);
            let _ = writeln!(w, "(From `docs/large-n.md`.)\n");
        }
        None => {
            let _ = writeln!(
                w,
                "Not written yet: `docs/large-n.md` will hold the argument from a cited \
                 prime-gap theorem. The scheme it uses is in MATH.md §4.\n"
            );
        }
    }
    if let Some(openings) = &extras.openings {
        push_openings(w, openings);
    }
    if let Some(chains) = &extras.chains {
        push_chains(w, chains);
    }
    let _ = writeln!(w, "<a id=\"rerunning\"></a>\n");
    let _ = writeln!(w, "## Rerunning every check\n");
    let _ = writeln!(w, "From a clone of the repository:\n");
    let _ = writeln!(w, "```sh");
    let _ = writeln!(w, "cargo build --release --workspace --locked");
    let _ = writeln!(
        w,
        "target/release/jg-verify --covers 1..{covered} certificates/*.bin   # every file, and that they cover 1..{n0}"
    );
    let _ = writeln!(
        w,
        "target/release/jg theorem && git diff --exit-code docs/             # this document, byte for byte"
    );
    if extras.openings.is_some() {
        let _ = writeln!(
            w,
            "target/release/jg-verify certificates/openings/*.bin                 # the winning openings"
        );
    }
    if extras.chains.is_some() {
        let _ = writeln!(
            w,
            "target/release/jg-verify certificates/chains/chain-*.txt             # the longest chains"
        );
    }
    if extras.openings.is_some() || extras.chains.is_some() {
        let _ = writeln!(
            w,
            "target/release/jg oeis && git diff --exit-code certificates/oeis/    # the b-files"
        );
    }
    let _ = writeln!(w, "```\n");
    let _ = writeln!(
        w,
        "Each verdict line ends with the BLAKE3 of the whole file; `certificates/MANIFEST.tsv` \
         lists the same hashes{}. Any verifier written from spec.md alone must accept the same \
         files.",
        match manifest {
            Some(bytes) => format!(", and its own BLAKE3 is `{}`", blake3::hash(bytes).to_hex()),
            None => String::new(),
        }
    );
    Ok(Generated {
        markdown: s,
        figures,
    })
}

/// Longest list of winning openings the document prints in full (every n ≤ 128 has at most 48).
const MAX_LISTED_OPENINGS: usize = 60;

/// The section on `certificates/openings/`: the statement, how it is proved, every n's winning
/// openings (a list past `MAX_LISTED_OPENINGS` shortened, with where to read it whole).
fn push_openings(w: &mut String, openings: &[(u64, Vec<u64>)]) {
    let last = openings.last().map_or(0, |o| o.0);
    let _ = writeln!(w, "<a id=\"openings\"></a>\n");
    let _ = writeln!(w, "## The winning openings of each n\n");
    let _ = writeln!(
        w,
        "**Theorem (winning openings).** For every n with 1 ≤ n ≤ {last}, the even numbers with \
         which the first player can open Juniper Green on 1..n and still win are exactly those \
         of the table below; after any other even opening the second player wins.\n"
    );
    let _ = writeln!(
        w,
        "**Proof.** For each n, `certificates/openings/cert-n-openings.bin` is an openings \
         certificate (spec.md §3.4), accepted by `jg-verify`: every even opening of 1..n is \
         covered by exactly one entry, a closed pairing ([the lemma](#lemma) \
         for one winning opening; for a set of losing ones, the lemma with the loser's first \
         moves restricted to those openings) or a maximum matching with a Tutte–Berge barrier (spec.md §4.10, §5). `jg explain` writes any of \
         them out as a proof. The counts and the smallest winning opening are the b-files \
         `certificates/oeis/winning-openings.txt` and `smallest-winning-opening.txt`. Coq \
         checks the same certificates with no trust in `jg-verify` and no hypothesis \
         (`juniper_green_openings` and the b-files' corollaries, formal/Openings.v; see \
         formal/README.md).\n"
    );
    let _ = writeln!(w, "| n | winning openings | count |");
    let _ = writeln!(w, "|---:|---|---:|");
    for (n, winning) in openings {
        let list = if winning.is_empty() {
            "none (the second player wins)".to_string()
        } else if winning.len() > MAX_LISTED_OPENINGS {
            let shown: Vec<String> = winning[..MAX_LISTED_OPENINGS / 2]
                .iter()
                .map(u64::to_string)
                .collect();
            format!(
                "{} … {} (all {} in `jg explain certificates/openings/cert-{n}-openings.bin`)",
                shown.join(" "),
                winning[winning.len() - 1],
                winning.len()
            )
        } else {
            winning
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let _ = writeln!(w, "| {n} | {list} | {} |", winning.len());
    }
    let _ = writeln!(w);
}

/// The section on `certificates/chains/`: the statement, how it is proved, a(n) in rows of ten.
fn push_chains(w: &mut String, chains: &[(u64, u64)]) {
    let last = chains.last().map_or(0, |c| c.0);
    let _ = writeln!(w, "<a id=\"chains\"></a>\n");
    let _ = writeln!(w, "## Longest chains (OEIS A337125)\n");
    let _ = writeln!(
        w,
        "**Theorem (longest chains).** For every n with 1 ≤ n ≤ {last}, the longest sequence of \
         distinct numbers of 1..n in which each divides or is a multiple of the one before has \
         exactly a(n) numbers, a(n) as in the table below (row r, column c: n = r + c).\n"
    );
    let _ = writeln!(
        w,
        "**Proof.** For each n, `certificates/chains/chain-n.txt` (spec.md §6) carries a chain \
         of a(n) numbers and an exact proof that no chain has a(n) + 1: integer multipliers for \
         linear inequalities every chain satisfies, over a branch-and-bound tree, which \
         `jg-verify` checks in integer arithmetic (spec.md §6.3–6.4). The same terms are the \
         b-file `certificates/oeis/b337125.txt`.\n"
    );
    let _ = writeln!(w, "| n | +0 | +1 | +2 | +3 | +4 | +5 | +6 | +7 | +8 | +9 |");
    let _ = writeln!(
        w,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    let a: std::collections::BTreeMap<u64, u64> = chains.iter().copied().collect();
    let mut row = 0;
    while row <= last {
        let cells: Vec<String> = (row..row + 10)
            .map(|n| a.get(&n).map(u64::to_string).unwrap_or_default())
            .collect();
        let _ = writeln!(w, "| {row} | {} |", cells.join(" | "));
        row += 10;
    }
    let _ = writeln!(w);
}

/// Appends one certificate's proof with its anchor, citing the lemma.
fn push_proof(w: &mut String, e: &Entry) -> Result<(), String> {
    let _ = writeln!(w, "<a id=\"{}\"></a>\n", anchor(&e.decoded));
    push_demoted(
        w,
        &explain::render_citing(&e.decoded, &e.accepted, Format::Markdown, Some(CITE))?,
    );
    Ok(())
}

/// Appends a Markdown text with its headings two levels down, then a blank line.
fn push_demoted(w: &mut String, text: &str) {
    for line in text.trim_end().lines() {
        if line.starts_with('#') {
            let _ = writeln!(w, "##{line}");
        } else {
            let _ = writeln!(w, "{line}");
        }
    }
    let _ = writeln!(w);
}

/// Certificates over n on a log axis: one row per winner, a tick or a bar per file (the
/// picture is drawn by `frontends::draw`).
fn coverage_svg(entries: &[Entry]) -> String {
    let spans: Vec<_> = entries
        .iter()
        .map(|e| (e.decoded.n, e.decoded.n_last, e.decoded.winner))
        .collect();
    crate::frontends::draw::coverage_chart(&spans)
}

/// A closed pairing drawn on the numbers 1..n (`frontends::draw::closed_pairing`): the
/// closure and the answers coloured, each pair joined by a thick line.
fn pairing_svg(d: &Decoded) -> Option<String> {
    let DecodedStrategy::Pairing { opening, pairs } = &d.strategy else {
        return None;
    };
    if d.n_last > 400 {
        return None;
    }
    let rows = explain::closure(d.n_last, d.rule, *opening, pairs).ok()?;
    let (n, winner) = (d.n_last, d.winner);
    Some(crate::frontends::draw::closed_pairing(
        n, winner, *opening, &rows,
    ))
}

/// Writes the document and its figures; returns the paths written.
pub fn write(
    dir_out: &Path,
    file_name: &str,
    generated: &Generated,
) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    let out = dir_out.join(file_name);
    std::fs::write(&out, &generated.markdown)
        .map_err(|error| format!("cannot write {}: {error}", out.display()))?;
    written.push(out.display().to_string());
    for (name, svg) in &generated.figures {
        let path = dir_out.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
        }
        std::fs::write(&path, svg)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        written.push(path.display().to_string());
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proofs::explain::Kind;

    /// The general scheme for 41 < 43 < 47 as an interval claim for 141..=163 (MATH.md §8).
    fn interval_entry() -> Entry {
        Entry {
            file: "interval-141-163.bin".into(),
            decoded: Decoded {
                n: 141,
                n_last: 163,
                rule: OpeningRule::Even,
                winner: Player::First,
                kind: Kind::IntervalClosedPairing,
                generator: "test".into(),
                strategy: DecodedStrategy::Pairing {
                    opening: Some(82),
                    pairs: vec![(1, 139), (2, 94), (3, 129), (41, 123), (43, 86), (47, 141)],
                },
            },
            accepted: Accepted {
                positions: 6,
                blake3: "00".into(),
                bytes: 100,
                name: "certificates/interval-141-163.bin".into(),
            },
        }
    }

    #[test]
    fn intervals_gaps_and_the_large_n_argument_appear_in_the_document() {
        let temporary = tempfile::tempdir().unwrap();
        let docs = temporary.path();
        let without = generate(&[interval_entry()], &Extras::default(), docs, None)
            .unwrap()
            .markdown;
        assert!(
            without.contains("| 141 | 163 | 41 | 43 | 47 | 139 | 82 | `interval-141-163.bin` |"),
            "{without}"
        );
        assert!(without.contains("**Not covered by any certificate:** 1–140"));
        assert!(without.contains("[1 general-scheme interval](#general-scheme)"));
        assert!(without.contains("for every other n with 1 ≤ n ≤ 163"));
        std::fs::write(docs.join("large-n.md"), "# Above\n\nA cited theorem.\n").unwrap();
        let with = generate(&[interval_entry()], &Extras::default(), docs, None)
            .unwrap()
            .markdown;
        assert!(with.contains("### Above\n\nA cited theorem."), "{with}");
        assert!(with.contains("the first player wins for every other n ≥ 1"));
    }

    #[test]
    fn the_general_scheme_is_recognised_only_with_its_pairs_primes_and_bounds() {
        let entry = interval_entry();
        assert_eq!(general_scheme(&entry.decoded), Some([41, 43, 47, 139]));
        let with = |n: u64, n_last: u64, pairs: Vec<(u64, u64)>| {
            let mut d = interval_entry().decoded;
            (d.n, d.n_last) = (n, n_last);
            if let DecodedStrategy::Pairing { pairs: p, .. } = &mut d.strategy {
                *p = pairs;
            }
            general_scheme(&d)
        };
        let pairs = vec![(1, 139), (2, 94), (3, 129), (41, 123), (43, 86), (47, 141)];
        // 3r = 141 must be on the first board; 4p = 164 must exceed the last.
        assert_eq!(with(140, 163, pairs.clone()), None);
        assert_eq!(with(141, 164, pairs.clone()), None);
        // Another prime s is read as it is; a composite s, or a pair other than the scheme's, is
        // not the scheme.
        let mut wrong = pairs.clone();
        wrong[0] = (1, 137);
        assert_eq!(with(141, 163, wrong), Some([41, 43, 47, 137]));
        let mut composite = pairs.clone();
        composite[0] = (1, 133);
        assert_eq!(with(141, 163, composite), None);
        let mut swapped = pairs;
        swapped[4] = (43, 129);
        assert_eq!(with(141, 163, swapped), None);
    }

    #[test]
    fn the_openings_and_chains_sections_state_what_the_extras_hold() {
        let extras = Extras {
            openings: Some(vec![
                (1, vec![]),
                (2, vec![]),
                (3, vec![2]),
                (4, (1..=61).map(|k| 2 * k).collect()),
            ]),
            chains: Some(vec![(1, 1), (2, 2), (3, 3), (4, 4), (5, 4)]),
        };
        let text = generate(&[interval_entry()], &extras, Path::new("."), None)
            .unwrap()
            .markdown;
        assert!(
            text.contains("For every n with 1 ≤ n ≤ 4, the even numbers"),
            "{text}"
        );
        // 61 openings are more than the document lists: the first 30, the last, where to read all.
        assert!(
            text.contains(
                " 58 60 … 122 (all 61 in `jg explain certificates/openings/cert-4-openings.bin`) \
                 | 61 |"
            ),
            "{text}"
        );
        assert!(text.contains("| 3 | 2 | 1 |\n"), "{text}");
        assert!(text.contains("| 2 | none (the second player wins) | 0 |\n"));
        assert!(text.contains("For every n with 1 ≤ n ≤ 5, the longest sequence"));
        assert!(
            text.contains("| 0 |  | 1 | 2 | 3 | 4 | 4 |  |  |  |  |\n"),
            "{text}"
        );
        assert!(text.contains("- [Longest chains (OEIS A337125)](#chains)"));
        assert!(text.contains("jg-verify certificates/openings/*.bin"));
        let without = generate(
            &[interval_entry()],
            &Extras::default(),
            Path::new("."),
            None,
        )
        .unwrap()
        .markdown;
        assert!(!without.contains("(#chains)") && !without.contains("(#openings)"));
    }

    #[test]
    fn two_files_that_disagree_are_refused() {
        let mut liar = interval_entry();
        liar.file = "liar.bin".into();
        liar.decoded.n = 150;
        liar.decoded.n_last = 150;
        liar.decoded.winner = Player::Second;
        let error = generate(
            &[interval_entry(), liar],
            &Extras::default(),
            Path::new("."),
            None,
        )
        .err()
        .unwrap();
        assert!(error.contains("disagree on n = 150"), "{error}");
    }
}
