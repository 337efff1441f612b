//! The theorem document (`jg theorem`): `docs/THEOREM.md` and its figures, generated from the
//! certificates folder. Every file is verified first and the claims are taken from what the
//! verifier accepted (n, winner) and from the decoded header (n_last for intervals); the
//! manifest is only pinned by its hash. The argument above the folder's last n (`large-n.md`
//! next to the output) is read by the caller and passed in; the figures are described here
//! ([`Figure`]) and drawn by the caller.

use crate::game::{OpeningRule, Player};
use crate::proofs::accept::{self, coverage, AcceptedFile, Coverage, FolderError};
use crate::proofs::decode::{Decoded, DecodedStrategy, Kind};
use crate::publish::explain::{self, Format};
use std::fmt::Write as _;
use std::path::Path;

mod words;
pub use words::spell;
use words::{anchor, ranges, span, CITE, LEMMA};

/// The other published results the document states, each read from verified certificates
/// (`accept::openings_terms`, `accept::chain_terms`): the winning openings of `openings/` and
/// the longest chains of `chains/` inside the certificates folder. None when the subfolder is
/// absent.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// (n, its winning openings) for n = 1, 2, … as far as the openings certificates go.
    pub openings: Option<Vec<(u64, Vec<u64>)>>,
    /// (n, a(n)) of A337125 for n = 1, 2, … as far as the chain certificates go.
    pub chains: Option<Vec<(u64, u64)>>,
}

/// Reads and verifies `openings/` and `chains/` of the certificates folder `dir`. Err names a
/// certificate the verifier refuses.
pub fn read_extras(dir: &Path) -> Result<Extras, FolderError> {
    let openings = dir.join("openings");
    let chains = dir.join("chains");
    Ok(Extras {
        openings: if openings.is_dir() {
            Some(accept::openings_terms(&openings)?)
        } else {
            None
        },
        chains: if chains.is_dir() {
            Some(accept::chain_terms(&chains)?)
        } else {
            None
        },
    })
}

/// The generated document, and its figures as (path relative to it, what to draw).
pub struct Generated {
    pub markdown: String,
    pub figures: Vec<(String, Figure)>,
}

/// A figure of the document, as data: the caller draws it (`frontends::draw`).
#[derive(Clone, Debug)]
pub enum Figure {
    /// Certificates over n on a log axis, one (n, n_last, winner) per file
    /// (`draw::coverage_chart`).
    Coverage(Vec<(u64, u64, Player)>),
    /// A closed pairing on the numbers 1..n with its closure's rows
    /// (`draw::closed_pairing`).
    Pairing {
        n: u64,
        winner: Player,
        opening: Option<u64>,
        rows: Vec<explain::Row>,
    },
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
    // MATH.md §4's six pairs, written out again on purpose (as the scheme's test does): the
    // document recognises the scheme in a decoded certificate by its own reading, not by asking
    // the engine that made it.
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
        .all(|&x| x > 3 && crate::primes::is_prime(x));
    let distinct = p != q && q != r && p != r && s != p && s != q && s != r;
    let (small, large) = (p.min(q).min(r), p.max(q).max(r));
    let interval = small.checked_mul(4)? > d.n_last
        && s.checked_mul(2)? > d.n_last
        && large.checked_mul(3)? <= d.n
        && s <= d.n;
    (all_pairs && primes && distinct && interval).then_some([p, q, r, s])
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
        .filter(|&x| x > 3 && crate::primes::is_prime(x))
        .collect();
    primes.sort_unstable();
    primes.dedup();
    primes
}

/// Builds the document, one section after another. `large_n` is the text of `large-n.md` (the
/// argument above the folder's last n), if written; `manifest` the bytes of MANIFEST.tsv, if
/// any.
pub fn generate(
    entries: &[AcceptedFile],
    extras: &Extras,
    large_n: Option<&str>,
    manifest: Option<&[u8]>,
) -> Result<Generated, String> {
    let Coverage {
        covered,
        second,
        gaps,
    } = coverage(entries).map_err(|disagreement| disagreement.to_string())?;
    let intervals: Vec<&AcceptedFile> = entries
        .iter()
        .filter(|e| e.decoded.kind == Kind::IntervalClosedPairing)
        .collect();
    let (general, catalogue): (Vec<&AcceptedFile>, Vec<&AcceptedFile>) = intervals
        .iter()
        .partition(|e| general_scheme(&e.decoded).is_some());
    let c = Context {
        entries,
        extras,
        large_n,
        manifest,
        covered,
        n0: spell(covered),
        second,
        gaps,
        general,
        catalogue,
    };
    let mut s = String::new();
    let w = &mut s;
    title(w);
    contents(w, &c);
    the_theorem(w, &c);
    results(w, &c);
    let figures = figures(w, &c);
    lemma(w);
    general_scheme_section(w, &c);
    catalogue_section(w, &c)?;
    readable_proofs(w, &c)?;
    large_n_section(w, &c);
    if let Some(openings) = &extras.openings {
        push_openings(w, openings);
    }
    if let Some(chains) = &extras.chains {
        push_chains(w, chains);
    }
    rerunning(w, &c);
    Ok(Generated {
        markdown: s,
        figures,
    })
}

/// What the sections of the document are written from.
struct Context<'a> {
    entries: &'a [AcceptedFile],
    extras: &'a Extras,
    large_n: Option<&'a str>,
    manifest: Option<&'a [u8]>,
    /// The folder proves every n of 1..=covered (`n0` as the prose spells it).
    covered: u64,
    n0: String,
    /// The n the second player wins, and the n no file covers.
    second: Vec<u64>,
    gaps: Vec<(u64, u64)>,
    /// The interval files of the general scheme, and the others.
    general: Vec<&'a AcceptedFile>,
    catalogue: Vec<&'a AcceptedFile>,
}

/// The title, the generated-file note and the rules in one paragraph.
fn title(w: &mut String) {
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
}

/// The contents: one link per section present.
fn contents(w: &mut String, c: &Context) {
    let Context {
        extras,
        n0,
        general,
        catalogue,
        ..
    } = c;
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
}

/// The theorem, its proof in a paragraph, the formal proof and the n no file covers.
fn the_theorem(w: &mut String, c: &Context) {
    let Context {
        entries,
        large_n,
        n0,
        second,
        gaps,
        ..
    } = c;
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
        ranges(second)
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
                 [Every n above {n0}](#large-n), which rests on a published prime-gap theorem \
                 (the Coq proof below needs none)."
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
             (formal/Rules.v), with no hypothesis at all (`Print Assumptions`: \"Closed under \
             the global context\"). Coq checks every certificate itself, and above them it \
             cites no prime-gap theorem: Chebyshev's bounds on ψ, proved from first principles \
             (formal/Chebyshev.v), give three primes in (n/4, n/3] and one in (n/2, n] for every \
             n ≥ 393 216, and the general prime-window scheme, proved symbolically, wins with \
             them. To re-run it: `make -C formal && make -C formal check-assumptions` \
             (Debian's `coq` package).\n"
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
}

/// The results: maximal runs of the same winner and kind, each with links to its proofs; the free-opening files.
fn results(w: &mut String, c: &Context) {
    let Context {
        entries,
        large_n,
        n0,
        ..
    } = c;
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
    let mut runs: Vec<(u64, u64, Player, Kind, Vec<&AcceptedFile>)> = Vec::new();
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
    let free: Vec<&AcceptedFile> = entries
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
}

/// The figures: the coverage chart, and one closed pairing drawn (117 if present); returns them for the caller to draw.
fn figures(w: &mut String, c: &Context) -> Vec<(String, Figure)> {
    let Context { entries, .. } = c;
    let mut figures = Vec::new();
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
    figures.push(("figures/coverage.svg".into(), coverage_figure(entries)));
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
        if let Some(figure) = pairing_figure(&e.decoded) {
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
            figures.push((name, figure));
        }
    }
    figures
}

/// The closed-pairing lemma, once.
fn lemma(w: &mut String) {
    // The lemma, once.
    let _ = writeln!(w, "<a id=\"lemma\"></a>\n");
    let _ = writeln!(w, "## The closed-pairing lemma\n");
    let _ = writeln!(w, "{LEMMA}\n");
}

/// The interval certificates of the general scheme: the scheme, its proof and one row each.
fn general_scheme_section(w: &mut String, c: &Context) {
    let Context { n0, general, .. } = c;
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
        for e in general.iter() {
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
}

/// The other interval certificates, each written out in full.
fn catalogue_section(w: &mut String, c: &Context) -> Result<(), String> {
    let Context { catalogue, .. } = c;
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
        for e in catalogue.iter() {
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
        for e in catalogue.iter() {
            push_proof(w, e)?;
        }
    }
    Ok(())
}

/// The readable proofs, n by n.
fn readable_proofs(w: &mut String, c: &Context) -> Result<(), String> {
    let Context { entries, .. } = c;
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
    Ok(())
}

/// The argument above the last n (from `docs/large-n.md`), or that it is not written yet.
fn large_n_section(w: &mut String, c: &Context) {
    let Context { large_n, n0, .. } = c;
    let _ = writeln!(w, "<a id=\"large-n\"></a>\n");
    let _ = writeln!(w, "## Every n above {n0}\n");
    match large_n {
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
}

/// The commands that rerun every check.
fn rerunning(w: &mut String, c: &Context) {
    let Context {
        extras,
        manifest,
        covered,
        n0,
        ..
    } = c;
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
         b-file `certificates/oeis/b337125.txt`.\n\n\
         **Formally proved.** Coq checks the same certificates with a checker proved sound \
         against a 22-line definition of a chain (formal/ChainRules.v), with no hypothesis \
         (`Print Assumptions`: \"Closed under the global context\"): every term for n ≤ 200 \
         (`a337125_200`, formal/Chains200.v, `make -C formal chains-200`), and every term for \
         n ≤ 1000 with `make -C formal chains` (`a337125`, formal/Chains.v; formal/README.md).\n"
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
fn push_proof(w: &mut String, e: &AcceptedFile) -> Result<(), String> {
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

/// Certificates over n on a log axis: one row per winner, a tick or a bar per file.
fn coverage_figure(entries: &[AcceptedFile]) -> Figure {
    Figure::Coverage(
        entries
            .iter()
            .map(|e| (e.decoded.n, e.decoded.n_last, e.decoded.winner))
            .collect(),
    )
}

/// A closed pairing drawn on the numbers 1..n: the closure and the answers coloured, each
/// pair joined by a thick line. None above 400 numbers.
fn pairing_figure(d: &Decoded) -> Option<Figure> {
    let DecodedStrategy::Pairing { opening, pairs } = &d.strategy else {
        return None;
    };
    if d.n_last > 400 {
        return None;
    }
    let rows = explain::closure_rows(d.n_last, d.rule, *opening, pairs).ok()?;
    Some(Figure::Pairing {
        n: d.n_last,
        winner: d.winner,
        opening: *opening,
        rows,
    })
}

/// Writes the document and its figures, drawn (path relative to it, SVG); returns the paths
/// written.
pub fn write(
    dir_out: &Path,
    file_name: &str,
    markdown: &str,
    figures: &[(String, String)],
) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    let out = dir_out.join(file_name);
    std::fs::write(&out, markdown)
        .map_err(|error| format!("cannot write {}: {error}", out.display()))?;
    written.push(out.display().to_string());
    for (name, svg) in figures {
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
mod tests;
