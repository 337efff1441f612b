//! The OEIS b-files of how many games there are, written by `jg oeis --games-to N` from the
//! exact counts of `engines::count` (docs/COUNTING.md):
//!
//! - `b348842.txt`: A348842, the number of complete games of 1..n, n = 1..N (offset 1);
//! - `b348843.txt`: A348843, the triangle read by rows n = 2..N, row n the games opening with
//!   2k for k = 1..⌊n/2⌋;
//! - `b348844.txt`: A348844, the same rows with each entry split into the games with an odd
//!   and an even number of moves, in that order.
//!
//! As in the OEIS, the terms of a triangle are numbered one after the other from its offset (2
//! for both; their first row is n = 2). The text is a function of the counts alone, so the same
//! counts give the same bytes; `counts_from_b348844` reads the counts back, so that a test can
//! re-render a committed file without counting again.

use crate::engines::count::{Count, Overflow, Parity};
use crate::publish::oeis::BFile;
use std::fmt::Write as _;

pub const A348842: &str = "b348842.txt";
pub const A348843: &str = "b348843.txt";
pub const A348844: &str = "b348844.txt";

/// The day the committed files were computed, and the last n for which the hub counter was run
/// beside the frontier counter for them (BENCHMARKS.md, "Counting games to n = 60 and beyond"):
/// both stated in every header, so that the text stays a function of the counts (a header that
/// dated or timed its own run would differ at each run).
pub const COMPUTED_ON: &str = "2026-11-28";
pub const HUBS_AGREE_TO: u32 = 43;

/// The last n of the committed files.
pub const PUBLISHED_TO: u32 = 84;

/// The terms from this n on were computed later, each counted twice by the frontier programme
/// along two different orders of the numbers (`jg count --order-seed`), with the same result;
/// the header says so when the files reach them.
pub const TWICE_FROM: u32 = 77;
pub const TWICE_ON: &str = "2026-12-05";

/// The header's second line: how the terms were computed, in words an OEIS reader can follow.
fn method_line(to: u32) -> String {
    let both = to.min(HUBS_AGREE_TO);
    let mut line = format!(
        "Computed exactly on {COMPUTED_ON} by a frontier-based dynamic programme over the \
         divisibility graph of 1..n (the numbers taken one at a time, each state recording only \
         how the path pieces meet the numbers still to come), which never lists the games. For \
         n <= {both} a second, independent method, which cuts each game at the small numbers it \
         names, gives the same terms."
    );
    if to >= TWICE_FROM {
        let _ = write!(
            line,
            " The terms for n = {TWICE_FROM}..{to} were computed on {TWICE_ON}, each twice, by \
             the same programme taking the numbers in two different orders, with the same \
             result."
        );
    }
    line
}

fn render(first: String, to: u32, terms: &[(u64, u128)]) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "# {first}");
    let _ = writeln!(text, "# {}", method_line(to));
    for (i, a) in terms {
        let _ = writeln!(text, "{i} {a}");
    }
    text
}

/// The three b-files from the counts of n = 1, 2, …, N (in that order, none missing).
pub fn b_files(counts: &[Count]) -> Result<[BFile; 3], Overflow> {
    for (i, count) in counts.iter().enumerate() {
        assert_eq!(
            count.n as usize,
            i + 1,
            "the counts of n = 1, 2, … in order"
        );
        assert_eq!(
            count.openings.len(),
            (count.n / 2) as usize,
            "the counts by opening (CountOptions::by_opening)"
        );
    }
    let to = counts.len() as u32;
    let mut totals = Vec::new();
    let mut by_opening = Vec::new();
    let mut by_parity = Vec::new();
    for count in counts {
        totals.push((count.n as u64, count.games.total()?));
        for (_, games) in &count.openings {
            by_opening.push(games.total()?);
            by_parity.push(games.odd);
            by_parity.push(games.even);
        }
    }
    let numbered = |values: Vec<u128>| -> Vec<(u64, u128)> { (2..).zip(values).collect() };
    let (by_opening, by_parity) = (numbered(by_opening), numbered(by_parity));
    let last = |terms: &[(u64, u128)]| terms.last().map_or(1, |t| t.0);
    let rows = if to >= 2 {
        format!("rows 2..{to}")
    } else {
        "no row".to_string()
    };
    Ok([
        BFile {
            name: A348842,
            text: render(
                format!("A348842: Table of n, a(n) for n = 1..{to}"),
                to,
                &totals,
            ),
        },
        BFile {
            name: A348843,
            text: render(
                format!(
                    "A348843: Table of n, a(n) for n = 2..{} ({rows} of the triangle)",
                    last(&by_opening)
                ),
                to,
                &by_opening,
            ),
        },
        BFile {
            name: A348844,
            text: render(
                format!(
                    "A348844: Table of n, a(n) for n = 2..{} ({rows} of the triangle)",
                    last(&by_parity)
                ),
                to,
                &by_parity,
            ),
        },
    ])
}

/// The `index value` lines of a b-file, comments left out.
pub fn terms(text: &str) -> Result<Vec<(u64, u128)>, String> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (i, a) = line
                .split_once(' ')
                .ok_or_else(|| format!("`{line}` is not `index value`"))?;
            let i = i.parse().map_err(|_| format!("`{line}`: bad index"))?;
            let a = a.parse().map_err(|_| format!("`{line}`: bad value"))?;
            Ok((i, a))
        })
        .collect()
}

/// The counts n = 1..N read back from the text of `b348844.txt` (whole rows only).
pub fn counts_from_b348844(text: &str) -> Result<Vec<Count>, String> {
    let terms = terms(text)?;
    let mut counts = vec![Count {
        n: 1,
        games: Parity::ZERO,
        openings: Vec::new(),
        stats: None,
    }];
    let mut at = 0;
    for n in 2u32.. {
        let row = 2 * (n / 2) as usize;
        if at + row > terms.len() {
            break;
        }
        let openings = (0..row / 2)
            .map(|k| {
                let (odd, even) = (terms[at + 2 * k], terms[at + 2 * k + 1]);
                for (j, term) in [(2 * k, odd), (2 * k + 1, even)] {
                    if term.0 != (at + j) as u64 + 2 {
                        return Err(format!("term {} is numbered {}", at + j + 2, term.0));
                    }
                }
                Ok((
                    2 * (k as u32 + 1),
                    Parity {
                        odd: odd.1,
                        even: even.1,
                    },
                ))
            })
            .collect::<Result<_, String>>()?;
        counts.push(Count::from_openings(n, openings, None).map_err(|e| format!("row {n}: {e}"))?);
        at += row;
    }
    if at != terms.len() {
        return Err(format!(
            "{} terms after the last whole row",
            terms.len() - at
        ));
    }
    Ok(counts)
}

/// The counts n = 1..N read from the CSV of `jg count --by-opening --format csv` (header
/// `n,opening,games,odd,even`; for each n its `all` row, then one row per opening). Header lines
/// may repeat, so that the outputs of several `jg count --range` runs can be concatenated. The
/// rows must give n = 1, 2, …, N in order, each opening 2, 4, …, 2·⌊n/2⌋ once, and each `all`
/// row and `games` column must be the sum of their parts: a long count can be run once by
/// `jg count`, and its b-files written from it (`jg oeis --games-from`) are the bytes
/// `jg oeis --games-to N` writes.
pub fn counts_from_csv(text: &str) -> Result<Vec<Count>, String> {
    counts_after(Vec::new(), text)
}

/// The counts `before` (n = 1..N) followed by those of a CSV of `jg count --by-opening --format
/// csv` from n = N + 1 on (the same rules as `counts_from_csv`): the committed files extended
/// by the counts of the n after them, without counting the earlier n again.
pub fn counts_after(before: Vec<Count>, text: &str) -> Result<Vec<Count>, String> {
    let known = before.len();
    let mut counts: Vec<Count> = before;
    let mut totals: Vec<Parity> = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        if line == "n,opening,games,odd,even" {
            continue;
        }
        let bad = |why: &str| format!("line {number} `{line}`: {why}");
        let fields: Vec<&str> = line.split(',').collect();
        let [n, opening, games, odd, even] = fields[..] else {
            return Err(bad("not n,opening,games,odd,even"));
        };
        let number_in = |field: &str| field.parse::<u128>().map_err(|_| bad("not a number"));
        let (n, games) = (number_in(n)?, number_in(games)?);
        let parity = Parity {
            odd: number_in(odd)?,
            even: number_in(even)?,
        };
        if parity.total().ok() != Some(games) {
            return Err(bad("games is not odd + even"));
        }
        if opening == "all" {
            if n != counts.len() as u128 + 1 {
                return Err(bad(&format!("n = {} expected", counts.len() + 1)));
            }
            counts.push(Count {
                n: n as u32,
                games: parity,
                openings: Vec::new(),
                stats: None,
            });
            totals.push(parity);
            continue;
        }
        let fresh = counts.len() > known;
        let Some(count) = counts.last_mut().filter(|c| fresh && c.n as u128 == n) else {
            return Err(bad("an opening row outside its n's rows"));
        };
        let expected = 2 * (count.openings.len() as u128 + 1);
        if number_in(opening)? != expected || expected > n {
            return Err(bad(&format!("opening {expected} expected")));
        }
        count.openings.push((expected as u32, parity));
    }
    for (count, total) in counts[known..].iter().zip(&totals) {
        let n = count.n;
        if count.openings.len() != (n / 2) as usize {
            return Err(format!(
                "n = {n}: {} openings, not {}",
                count.openings.len(),
                n / 2
            ));
        }
        let sum = count
            .openings
            .iter()
            .try_fold(Parity::ZERO, |s, (_, g)| s.checked_add(*g));
        if sum.ok() != Some(*total) {
            return Err(format!(
                "n = {n}: the `all` row is not the sum of the openings"
            ));
        }
    }
    if counts.len() == known {
        return Err("no count in the file".to_string());
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::count::{count, CountOptions};

    fn counts(to: u32) -> Vec<Count> {
        (1..=to)
            .map(|n| count(n, &CountOptions::default(), &|_, _| {}).unwrap())
            .collect()
    }

    #[test]
    fn the_triangles_are_numbered_from_their_offset_row_after_row() {
        let [a42, a43, a44] = b_files(&counts(5)).unwrap();
        // A348842: n = 1..5: 0, 1, 1, 6, 10 (the OEIS data).
        assert_eq!(
            terms(&a42.text).unwrap(),
            [(1, 0), (2, 1), (3, 1), (4, 6), (5, 10)]
        );
        // A348843 rows 2..5: 1 | 1 | 3 3 | 5 5, numbered from 2.
        assert_eq!(
            terms(&a43.text).unwrap(),
            [(2, 1), (3, 1), (4, 3), (5, 3), (6, 5), (7, 5)]
        );
        // A348844 rows 2..5: 0 1 | 1 0 | 2 1 2 1 | 3 2 3 2.
        let values: Vec<u128> = terms(&a44.text).unwrap().iter().map(|t| t.1).collect();
        assert_eq!(values, [0, 1, 1, 0, 2, 1, 2, 1, 3, 2, 3, 2]);
        assert_eq!(terms(&a44.text).unwrap()[0].0, 2);
        assert!(a42
            .text
            .starts_with("# A348842: Table of n, a(n) for n = 1..5\n# Computed exactly on "));
        assert!(a43
            .text
            .starts_with("# A348843: Table of n, a(n) for n = 2..7 (rows 2..5 of the triangle)\n"));
        assert!(a44.text.starts_with(
            "# A348844: Table of n, a(n) for n = 2..13 (rows 2..5 of the triangle)\n"
        ));
        // Two comment lines in plain words: no command, no path.
        for file in [&a42, &a43, &a44] {
            let comments = file.text.lines().filter(|l| l.starts_with('#')).count();
            assert_eq!(comments, 2);
            for word in ["jg ", "/", "`", ".rs", ".md"] {
                assert!(!file.text.contains(word), "{word}");
            }
        }
    }

    #[test]
    fn the_counts_read_back_from_a348844_re_render_every_file() {
        let original = counts(12);
        let files = b_files(&original).unwrap();
        let back = counts_from_b348844(&files[2].text).unwrap();
        let strip = |c: &[Count]| -> Vec<(u32, Vec<(u32, Parity)>)> {
            c.iter().map(|c| (c.n, c.openings.clone())).collect()
        };
        assert_eq!(strip(&back), strip(&original));
        assert_eq!(b_files(&back).unwrap(), files);
        // A row cut short, or a term numbered wrongly, is refused.
        let cut: String = files[2]
            .text
            .lines()
            .take(files[2].text.lines().count() - 1)
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(counts_from_b348844(&cut).is_err());
        let renumbered = files[2].text.replace("\n7 ", "\n8 ");
        assert!(counts_from_b348844(&renumbered).is_err());
    }

    #[test]
    fn the_csv_of_jg_count_gives_the_same_files() {
        let original = counts(9);
        let mut csv = String::from("n,opening,games,odd,even\n");
        for c in &original {
            let g = c.games;
            csv += &format!("{},all,{},{},{}\n", c.n, g.total().unwrap(), g.odd, g.even);
            for (k, g) in &c.openings {
                csv += &format!("{},{k},{},{},{}\n", c.n, g.total().unwrap(), g.odd, g.even);
            }
            if c.n == 4 {
                csv += "n,opening,games,odd,even\n";
            }
        }
        let back = counts_from_csv(&csv).unwrap();
        assert_eq!(b_files(&back).unwrap(), b_files(&original).unwrap());
        // A changed term, a missing row, a skipped n, a wrong sum: each refused.
        for broken in [
            csv.replace("9,2,", "9,4,"),
            csv.replace("6,4,11,7,4\n", ""),
            csv.replacen("3,all,", "4,all,", 1),
            csv.replace("6,all,35,19,16", "6,all,36,20,16"),
            csv.replace("6,4,11,7,4", "6,4,12,7,4"),
        ] {
            assert_ne!(broken, csv);
            assert!(counts_from_csv(&broken).is_err(), "{broken}");
        }
    }

    /// `jg oeis --games-after`: the counts of a b348844.txt of n = 1..6 and a CSV of n = 7..9
    /// give the files of n = 1..9; a CSV that starts elsewhere, or repeats a known n's opening,
    /// is refused, and the header says when terms were counted twice.
    #[test]
    fn the_files_extended_by_later_counts_are_the_files_of_all_the_counts() {
        let original = counts(9);
        let mut csv = String::from("n,opening,games,odd,even\n");
        for c in &original[6..] {
            let g = c.games;
            csv += &format!("{},all,{},{},{}\n", c.n, g.total().unwrap(), g.odd, g.even);
            for (k, g) in &c.openings {
                csv += &format!("{},{k},{},{},{}\n", c.n, g.total().unwrap(), g.odd, g.even);
            }
        }
        let [_, _, a44] = b_files(&original[..6]).unwrap();
        let before = counts_from_b348844(&a44.text).unwrap();
        let extended = counts_after(before.clone(), &csv).unwrap();
        assert_eq!(b_files(&extended).unwrap(), b_files(&original).unwrap());
        for broken in [
            csv.replacen("7,all,", "8,all,", 1),
            format!("6,2,1,1,0\n{csv}"),
            String::from("n,opening,games,odd,even\n"),
        ] {
            assert!(counts_after(before.clone(), &broken).is_err(), "{broken}");
        }
        assert!(!method_line(TWICE_FROM - 1).contains("twice"));
        assert!(method_line(TWICE_FROM).contains(&format!("n = {TWICE_FROM}..{TWICE_FROM}")));
    }
}
