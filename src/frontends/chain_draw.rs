//! The solitaire's figure (`jg chain N --draw FILE.svg`): a longest chain of 1..n drawn on the
//! divisibility graph G_n as `jg draw` draws a line of play (the numbers on a circle, the edges
//! faint, the chain as arrows), then the chain in order, and the numbers it leaves out grouped
//! by prime windows (n/2, n], (n/3, n/2], …, as the classroom write-ups present the solitaire:
//! each left-out number x in the window (n/(k+1), n/k] with k = ⌊n/x⌋, and where the reason is
//! short, why few numbers of that window fit in any chain.

use super::draw::{escape, Circle, PLAYED};
use super::words::counted;
use crate::engines::chain::{check_chain, ChainError, LongestChain};
use crate::primes::{factorise, is_prime};
use std::fmt::Write as _;

/// Largest n drawn: the circle grows to give each number 6 px, so n = 2000 is a picture about
/// 3 900 px wide with some 15 000 edges (a few MB); a chain that long is out of reach of the
/// solver anyway.
pub const MAX_CHAIN_DRAW_N: u64 = 2000;

const LEFT_OUT: &str = "#555";
/// Text of the sections below the circle: size, line height, left margin.
const FONT: f64 = 13.0;
const LINE: f64 = 19.0;
const MARGIN: f64 = 40.0;

/// Why a chain cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainDrawError {
    #[error("n must be between 1 and {MAX_CHAIN_DRAW_N} to draw a chain, got {0}")]
    BadN(u64),
    #[error("the chain breaks the rules: {0}")]
    Broken(#[from] ChainError),
}

/// The numbers of 1..=n that `chain` leaves out, by window: `(k, numbers)` for each k with a
/// number x left out in (n/(k+1), n/k] (that is, k = ⌊n/x⌋), k increasing, numbers increasing.
pub fn left_out_by_window(n: u64, chain: &[u64]) -> Vec<(u64, Vec<u64>)> {
    let mut on = vec![false; n as usize + 1];
    for &x in chain.iter().filter(|&&x| x >= 1 && x <= n) {
        on[x as usize] = true;
    }
    let mut windows: Vec<(u64, Vec<u64>)> = Vec::new();
    for x in (1..=n).rev().filter(|&x| !on[x as usize]) {
        let k = n / x;
        match windows.last_mut() {
            Some((last, numbers)) if *last == k => numbers.push(x),
            _ => windows.push((k, vec![x])),
        }
    }
    for (_, numbers) in &mut windows {
        numbers.reverse();
    }
    windows
}

/// x = m·p with p the largest prime factor of a composite x and p² > n, as (m, p): then x is
/// joined only to other multiples of p and to divisors of m, all at most n/p.
fn multiple_of_large_prime(n: u64, x: u64) -> Option<(u64, u64)> {
    if x < 4 || is_prime(x) {
        return None;
    }
    let p = factorise(x).iter().map(|&(p, _)| p).max()?;
    (p.checked_mul(p)? > n).then_some((x / p, p))
}

/// The window's bounds as a reader writes them: `(n/3, n/2]`, and `(n/2, n]` for k = 1.
fn window_name(k: u64) -> String {
    let over = |d: u64| {
        if d == 1 {
            "n".to_string()
        } else {
            format!("n/{d}")
        }
    };
    format!("({}, {}]", over(k + 1), over(k))
}

/// Why a prime p of the window (n/(k+1), n/k] is seldom on a chain, when every prime there is
/// above k (so that 1..k and p's multiples do not meet): its neighbours in G_n.
fn prime_reason(n: u64, k: u64) -> Option<String> {
    if n < k * (k + 1) {
        return None;
    }
    Some(match k {
        1 => "Why: a prime here is joined to 1 alone, so it can only end the chain, next to 1: \
              at most two of them are on any chain."
            .to_string(),
        2 => "Why: a prime p here is joined only to 1 and to 2p, and 2p only to 1, 2 and p: the \
              chain reaches p only through 1 and 2."
            .to_string(),
        k => {
            let multiples = if k <= 4 {
                (2..=k)
                    .map(|m| format!("{m}p"))
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                format!("2p, …, {k}p")
            };
            format!(
                "Why: a prime p here is joined only to 1 and to {multiples}, which are joined \
                 only to p, to each other and to numbers up to {k}: the chain reaches p only \
                 through 1..{k}."
            )
        }
    })
}

/// Splits words into lines of at most `width` characters (a word longer stands alone).
fn wrap(words: &[String], width: usize) -> Vec<Vec<String>> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut length = 0;
    for word in words {
        let size = word.chars().count();
        match lines.last_mut() {
            Some(line) if length + 1 + size <= width => {
                line.push(word.clone());
                length += 1 + size;
            }
            _ => {
                lines.push(vec![word.clone()]);
                length = size;
            }
        }
    }
    lines
}

/// The text below the circle, line by line from `top`, and where it ends.
struct Page {
    svg: String,
    y: f64,
    /// Characters of body text a line holds.
    width: usize,
}

impl Page {
    fn gap(&mut self, by: f64) {
        self.y += by;
    }

    fn heading(&mut self, text: &str) {
        self.y += LINE + 4.0;
        let _ = writeln!(
            self.svg,
            r#"<text x="{MARGIN}" y="{:.0}" font-size="15" font-weight="bold">{}</text>"#,
            self.y,
            escape(text)
        );
    }

    /// A paragraph in grey, wrapped (letters at 12 px are narrower than digits at 13).
    fn note(&mut self, text: &str) {
        let words: Vec<String> = text.split(' ').map(str::to_string).collect();
        for line in wrap(&words, self.width * 6 / 5) {
            self.y += LINE;
            let _ = writeln!(
                self.svg,
                r##"<text x="{MARGIN}" y="{:.0}" font-size="12" fill="#444">{}</text>"##,
                self.y,
                escape(&line.join(" "))
            );
        }
    }

    /// Numbers, wrapped, each line a `<text>` of class `class` with `attributes`; a word of
    /// `bold` is set in bold.
    fn numbers(&mut self, words: &[(String, bool)], class: &str, attributes: &str) {
        let plain: Vec<String> = words.iter().map(|w| w.0.clone()).collect();
        let mut at = 0;
        for line in wrap(&plain, self.width) {
            self.y += LINE;
            let spans: Vec<String> = words[at..at + line.len()]
                .iter()
                .map(|(word, bold)| {
                    if *bold {
                        format!(r#"<tspan font-weight="bold">{}</tspan>"#, escape(word))
                    } else {
                        escape(word)
                    }
                })
                .collect();
            at += line.len();
            let _ = writeln!(
                self.svg,
                r#"<text x="{MARGIN}" y="{:.0}" font-size="{FONT}" class="{class}"{attributes}>{}</text>"#,
                self.y,
                spans.join(" ")
            );
        }
    }
}

/// The figure of `found`: G_n on a circle with the chain drawn as arrows (its first number
/// ringed), whether it is proved longest, the chain in order, and the numbers it leaves out by
/// window with the reasons that are short. Refuses an n above [`MAX_CHAIN_DRAW_N`] and a chain
/// that breaks the rules (checked by `check_chain`).
pub fn draw_chain(found: &LongestChain) -> Result<String, ChainDrawError> {
    let n = found.n;
    if n == 0 || n > MAX_CHAIN_DRAW_N {
        return Err(ChainDrawError::BadN(n));
    }
    check_chain(n, &found.chain)?;
    // Each number gets 6 px of the circle at least; up to n = 150 the size of `jg draw`.
    let radius = (6.0 * n as f64 / std::f64::consts::TAU).max(Circle::SIZE / 2.0 - 60.0);
    let circle = Circle::sized(n, (2.0 * (radius + 60.0)).round());
    let length = found.chain.len();
    let mut body = String::new();
    circle.title(
        &mut body,
        &format!(
            "Juniper Green solitaire, n = {n}: {}",
            if found.proved {
                format!("a longest chain, {length} numbers")
            } else {
                format!("a chain of {length} numbers, NOT proved longest")
            }
        ),
    );
    circle.edges(&mut body);
    let width = (circle.dot / 2.5).clamp(0.6, 3.5);
    for pair in found.chain.windows(2) {
        circle.arrow(&mut body, pair[0], pair[1], width);
    }
    dots(&circle, &mut body, &found.chain);

    let size = circle.size;
    let top = size + Circle::DROP;
    let status = if found.proved {
        format!(
            "Proved: no chain of 1..{n} is longer (the branch and cut closed {}; LP bound at the root {}).",
            counted(found.nodes, "node", "nodes"),
            found.root_bound
        )
    } else {
        format!(
            "NOT proved: the search stopped at its time limit ({} explored); no chain of 1..{n} is \
             longer than {} (the LP bound at the root).",
            counted(found.nodes, "node", "nodes"),
            found.root_bound
        )
    };
    let _ = writeln!(
        body,
        r#"<text x="{}" y="{:.0}" text-anchor="middle" font-size="15" class="status" data-proved="{}">{}</text>"#,
        circle.centre,
        top + 10.0,
        found.proved,
        escape(&status)
    );
    let (y, t) = (top + 40.0, top + 45.0);
    let _ = writeln!(
        body,
        r##"<g font-size="13"><circle cx="40" cy="{y:.0}" r="7" fill="{PLAYED}" stroke="black" stroke-width="3"/><text x="52" y="{t:.0}">where the chain starts</text><circle cx="230" cy="{y:.0}" r="7" fill="{PLAYED}"/><text x="242" y="{t:.0}">on the chain (arrows: its order)</text><circle cx="470" cy="{y:.0}" r="7" fill="white" stroke="{LEFT_OUT}"/><text x="482" y="{t:.0}">left out</text></g>"##
    );

    let mut page = Page {
        svg: body,
        y: top + 50.0,
        width: ((size - 2.0 * MARGIN) / (0.6 * FONT)) as usize,
    };
    page.heading(&format!(
        "The chain, in order ({length} numbers; each divides or is a multiple of the one before):"
    ));
    let chain: Vec<(String, bool)> = found.chain.iter().map(|x| (x.to_string(), false)).collect();
    page.numbers(&chain, "chain", "");

    let windows = left_out_by_window(n, &found.chain);
    let left_out: usize = windows.iter().map(|w| w.1.len()).sum();
    page.gap(8.0);
    page.heading(&format!(
        "Left out of this chain: {}, by window (n/(k+1), n/k]",
        counted(left_out, "number", "numbers")
    ));
    page.note(
        "Each number x left out is listed in the window (n/(k+1), n/k] that holds it (k = n/x \
         rounded down). Primes are in bold; m·p marks a multiple of a prime p above √n, which is \
         joined only to other multiples of p and to numbers up to n/p. Another longest chain may \
         leave out other numbers: a reason says why few numbers of its window fit in any chain.",
    );
    for (k, numbers) in &windows {
        let (low, high) = (n / (k + 1) + 1, n / k);
        page.gap(6.0);
        page.y += LINE;
        let _ = writeln!(
            page.svg,
            r#"<text x="{MARGIN}" y="{:.0}" font-size="14" font-weight="bold" class="window" data-k="{k}">{} = {low}..{high}: {} of its {} left out</text>"#,
            page.y,
            window_name(*k),
            numbers.len(),
            counted(high - low + 1, "number", "numbers")
        );
        if numbers.iter().any(|&x| is_prime(x)) {
            if let Some(reason) = prime_reason(n, *k) {
                page.note(&reason);
            }
        }
        let words: Vec<(String, bool)> = numbers
            .iter()
            .map(|&x| match multiple_of_large_prime(n, x) {
                Some((m, p)) => (format!("{x}={m}·{p}"), false),
                None => (x.to_string(), is_prime(x)),
            })
            .collect();
        page.numbers(&words, "left-out", &format!(r#" data-k="{k}""#));
    }
    let height = (page.y + 30.0).ceil();
    let mut svg = String::new();
    circle.open(&mut svg, height);
    svg.push_str(&page.svg);
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// A dot per number (the chain's in the colour of a played line, its first number ringed), and
/// the labels: every number up to 150 numbers, as `jg draw`; above, 1 and every `step`-th
/// number, the step the least of 1, 2, 5, 10, 20, 50, … that leaves 26 px between labels.
fn dots(circle: &Circle, svg: &mut String, chain: &[u64]) {
    let n = circle.n;
    let mut on = vec![false; n as usize + 1];
    for &x in chain {
        on[x as usize] = true;
    }
    let spacing = std::f64::consts::TAU * circle.radius / n as f64;
    let step = [1, 2, 5]
        .iter()
        .flat_map(|&s| (0..7).map(move |e| s * 10u64.pow(e)))
        .filter(|&s| n <= 150 || s as f64 * spacing >= 26.0)
        .min()
        .unwrap_or(1);
    let dot = circle.dot;
    for k in 1..=n {
        let (x, y) = circle.place(k);
        let (fill, stroke, width) = if chain.first() == Some(&k) {
            (PLAYED, "black", (dot / 3.0).clamp(1.0, 3.0))
        } else if on[k as usize] {
            (PLAYED, PLAYED, 1.0)
        } else {
            ("white", LEFT_OUT, 1.0)
        };
        let _ = writeln!(
            svg,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{dot:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{width:.1}"/>"#
        );
        if k == 1 || k % step == 0 {
            circle.label(svg, k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_left_out_number_is_in_the_window_that_holds_it() {
        let n = 30;
        let chain = [1, 2, 4, 8, 16];
        let windows = left_out_by_window(n, &chain);
        let mut seen = Vec::new();
        for (k, numbers) in &windows {
            for &x in numbers {
                assert!(x * (k + 1) > n && x * k <= n, "{x} in window {k}");
                seen.push(x);
            }
        }
        seen.sort_unstable();
        let expected: Vec<u64> = (1..=n).filter(|x| !chain.contains(x)).collect();
        assert_eq!(seen, expected);
        assert_eq!(windows[0].0, 1);
        assert!(windows.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn multiples_of_a_prime_above_the_square_root_are_marked() {
        assert_eq!(multiple_of_large_prime(100, 74), Some((2, 37)));
        assert_eq!(multiple_of_large_prime(100, 37), None); // a prime is set in bold instead
        assert_eq!(multiple_of_large_prime(100, 98), None); // 7² ≤ 100
        assert_eq!(multiple_of_large_prime(100, 55), Some((5, 11)));
    }

    #[test]
    fn the_reasons_hold_only_where_the_primes_exceed_k() {
        assert!(prime_reason(100, 1).unwrap().contains("joined to 1 alone"));
        assert!(prime_reason(100, 2)
            .unwrap()
            .contains("2p only to 1, 2 and p"));
        assert!(prime_reason(100, 3).unwrap().contains("2p, 3p,"));
        assert!(prime_reason(100, 7).unwrap().contains("2p, …, 7p"));
        assert_eq!(prime_reason(100, 10), None); // a window below 10 may hold a prime ≤ 10
        assert_eq!(window_name(1), "(n/2, n]");
        assert_eq!(window_name(3), "(n/4, n/3]");
    }

    #[test]
    fn a_broken_chain_or_a_large_n_is_refused() {
        let answer = |n, chain: Vec<u64>| LongestChain {
            n,
            chain,
            root_bound: 3,
            nodes: 1,
            proved: true,
        };
        assert!(matches!(
            draw_chain(&answer(10, vec![3, 5])),
            Err(ChainDrawError::Broken(_))
        ));
        assert_eq!(
            draw_chain(&answer(MAX_CHAIN_DRAW_N + 1, vec![1])),
            Err(ChainDrawError::BadN(MAX_CHAIN_DRAW_N + 1))
        );
    }
}
