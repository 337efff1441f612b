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

/// The generated files: the document, and the figures as (path relative to it, SVG).
pub struct Generated {
    pub markdown: String,
    pub figures: Vec<(String, String)>,
}

/// Reads and verifies every `*.bin` of `dir`, sorted by the n they claim, then the file name.
pub fn read_folder(dir: &Path) -> Result<Vec<Entry>, String> {
    let listing = std::fs::read_dir(dir)
        .map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    let folder = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string());
    let mut entries = Vec::new();
    for item in listing {
        let path = item.map_err(|error| error.to_string())?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("bin") {
            continue;
        }
        let bytes = std::fs::read(&path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
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
fn coverage(entries: &[Entry]) -> Result<(u64, Vec<u64>, Vec<(u64, u64)>), String> {
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
    docs_dir: &Path,
    manifest: Option<&[u8]>,
) -> Result<Generated, String> {
    let (covered, second, gaps) = coverage(entries)?;
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
    let _ = writeln!(w, "## The theorem\n");
    let large_n = std::fs::read_to_string(docs_dir.join("large-n.md")).ok();
    let others = if large_n.is_some() {
        "every other n ≥ 1".to_string()
    } else {
        format!("every other n with 1 ≤ n ≤ {covered}")
    };
    let _ = writeln!(
        w,
        "**Theorem.** The second player wins Juniper Green on 1..n exactly for n ∈ {{{}}}; the \
         first player wins for {others}.\n",
        ranges(&second)
    );
    let _ = writeln!(
        w,
        "**Proof.** For 1 ≤ n ≤ {covered} by the {} certificates of `certificates/`, each \
         accepted by the verifier `jg-verify`, which checks it against the raw rules of the game \
         (below: the results, then the readable proofs). {}\n",
        entries.len(),
        if large_n.is_some() {
            format!(
                "For n > {covered} by the argument of the section \"Every n above {covered}\", \
                 which rests on a published prime-gap theorem."
            )
        } else {
            format!(
                "For n > {covered} the statement rests on the general prime-window scheme \
                 (MATH.md §4), which applies whenever three primes lie in (n/4, n/3]; the \
                 written argument that this holds for every n > {covered} (`docs/large-n.md`) \
                 is not in this repository yet, so the theorem above is stated for \
                 n ≤ {covered} only."
            )
        }
    );
    if !gaps.is_empty() {
        let _ = writeln!(
            w,
            "**Not covered by any certificate:** {} (the statement above is not proved for \
             these n).\n",
            gaps.iter()
                .map(|&(a, b)| if a == b {
                    a.to_string()
                } else {
                    format!("{a}–{b}")
                })
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    // Results: maximal runs of the same winner and kind.
    let _ = writeln!(w, "## Results\n");
    let _ = writeln!(
        w,
        "Each row is a run of consecutive n with the same winner and the same kind of \
         certificate (even opening). Per-file bytes and hashes are in `certificates/MANIFEST.tsv`.\n"
    );
    let _ = writeln!(w, "| n | winner | certificate kind | files |");
    let _ = writeln!(w, "|---|---|---|---:|");
    let mut runs: Vec<(u64, u64, Player, Kind, usize)> = Vec::new();
    for e in entries
        .iter()
        .filter(|e| e.decoded.rule == OpeningRule::Even)
    {
        let d = &e.decoded;
        match runs.last_mut() {
            Some(run) if run.1 + 1 == d.n && run.2 == d.winner && run.3 == d.kind => {
                run.1 = d.n_last;
                run.4 += 1;
            }
            _ => runs.push((d.n, d.n_last, d.winner, d.kind, 1)),
        }
    }
    for (from, to, winner, kind, files) in &runs {
        let span = if from == to {
            from.to_string()
        } else {
            format!("{from}–{to}")
        };
        let _ = writeln!(
            w,
            "| {span} | {} | {} | {files} |",
            winner.name(),
            kind.name()
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
    // Intervals.
    let intervals: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.decoded.kind == Kind::IntervalClosedPairing)
        .collect();
    if !intervals.is_empty() {
        let _ = writeln!(w, "## Intervals\n");
        let _ = writeln!(
            w,
            "Each interval certificate is one closed pairing that wins every n of its interval \
             (MATH.md §8): all the first player's numbers y satisfy 2y > n_last.\n"
        );
        let _ = writeln!(
            w,
            "| n from | n to | opening | primes used | closure | file |"
        );
        let _ = writeln!(w, "|---:|---:|---:|---|---:|---|");
        for e in &intervals {
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
                "| {} | {} | {opening} | {} | {} | `{}` |",
                d.n,
                d.n_last,
                primes.join(", "),
                e.accepted.positions,
                e.file
            );
        }
        let _ = writeln!(w);
        let _ = writeln!(
            w,
            "The first interval, written out as `jg explain` writes every interval certificate:\n"
        );
        push_demoted(
            w,
            &explain::render(
                &intervals[0].decoded,
                &intervals[0].accepted,
                Format::Markdown,
            )?,
        );
    }
    // Readable proofs.
    let _ = writeln!(w, "## Readable proofs\n");
    let _ = writeln!(
        w,
        "Below, every second-player n and every first-player n proved by a closed pairing of \
         its own, as `jg explain` writes it.\n"
    );
    for e in entries.iter().filter(|e| {
        matches!(e.decoded.kind, Kind::ClosedPairing)
            || (e.decoded.winner == Player::Second && e.decoded.rule == OpeningRule::Even)
    }) {
        push_demoted(
            w,
            &explain::render(&e.decoded, &e.accepted, Format::Markdown)?,
        );
    }
    let _ = writeln!(w, "## Every n above {covered}\n");
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
    let _ = writeln!(w, "## Rerunning every check\n");
    let _ = writeln!(w, "From a clone of the repository:\n");
    let _ = writeln!(w, "```sh");
    let _ = writeln!(w, "cargo build --release --workspace");
    let _ = writeln!(
        w,
        "target/release/jg-verify --covers 1..{covered} certificates/*.bin   # every file, and that they cover 1..{covered}"
    );
    let _ = writeln!(
        w,
        "target/release/jg theorem && git diff --exit-code docs/             # this document, byte for byte"
    );
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
        let without = generate(&[interval_entry()], docs, None).unwrap().markdown;
        assert!(
            without.contains("| 141 | 163 | 82 | 41, 43, 47, 139 | 6 |"),
            "{without}"
        );
        assert!(without.contains("**Not covered by any certificate:** 1–140"));
        assert!(without.contains("Why the same table proves every n of the interval"));
        assert!(without.contains("for every other n with 1 ≤ n ≤ 163"));
        std::fs::write(docs.join("large-n.md"), "# Above\n\nA cited theorem.\n").unwrap();
        let with = generate(&[interval_entry()], docs, None).unwrap().markdown;
        assert!(with.contains("### Above\n\nA cited theorem."), "{with}");
        assert!(with.contains("the first player wins for every other n ≥ 1"));
    }

    #[test]
    fn two_files_that_disagree_are_refused() {
        let mut liar = interval_entry();
        liar.file = "liar.bin".into();
        liar.decoded.n = 150;
        liar.decoded.n_last = 150;
        liar.decoded.winner = Player::Second;
        let error = generate(&[interval_entry(), liar], Path::new("."), None)
            .err()
            .unwrap();
        assert!(error.contains("disagree on n = 150"), "{error}");
    }
}
