//! Pictures, hand-written SVG: the divisibility graph G_n (docs/MATH.md §1) on a circle with a line of
//! play drawn as arrows and the winning moves of the player to move marked, and a chart of the
//! winner for each n. Who wins comes from outside (an oracle closure), so any engine can draw.

use crate::game::{check_line, legal_moves_after, related_numbers, OpeningRule, Player};
use std::fmt::Write as _;

/// Largest n drawn. The labels sit on a circle about 2540 px round; a three-digit label at
/// font size 9 is about 15 px wide, so above about 160 numbers the labels at the top and bottom
/// of the circle overlap (and the n ln n edges fill the disc): the picture stops being readable.
pub const MAX_DRAW_N: u64 = 150;

const PLAYED: &str = "#d62728";
const WINNING: &str = "#2ca02c";
const FIRST: &str = "#1f77b4";
const SECOND: &str = "#ff7f0e";

/// Why a picture cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    #[error("n must be between 1 and {MAX_DRAW_N} to draw, got {0}")]
    BadN(u64),
    #[error("move {place} of the line, {number}, is not legal here")]
    IllegalMove { place: usize, number: u64 },
}

/// The SVG of G_n on a circle, with `line` (from the start) drawn as numbered arrows and the
/// moves that `winning_moves(line)` returns marked in green with dashed edges from the last number.
pub fn draw_graph(
    n: u64,
    line: &[u64],
    winning_moves: &dyn Fn(&[u64]) -> Vec<u64>,
) -> Result<String, DrawError> {
    if n == 0 || n > MAX_DRAW_N {
        return Err(DrawError::BadN(n));
    }
    let illegal = |e: crate::game::IllegalLine| DrawError::IllegalMove {
        place: e.index + 1,
        number: e.number,
    };
    check_line(n, OpeningRule::Even, line).map_err(illegal)?;
    let winning = winning_moves(line);
    let moves = legal_moves_after(n, OpeningRule::Even, line).map_err(illegal)?;
    let circle = Circle::new(n);
    let mut svg = String::new();
    circle.header(&mut svg);
    circle.edges(&mut svg);
    circle.arrows(&mut svg, line, &winning);
    circle.numbers(&mut svg, line, &winning, &moves);
    circle.caption(&mut svg, line, &winning);
    svg.push_str("</svg>\n");
    Ok(svg)
}

/// The numbers 1..=n on a circle in a square picture of `SIZE` pixels (plus a caption below).
struct Circle {
    n: u64,
    centre: f64,
    radius: f64,
    /// Dots shrink as the circle fills, but never below a readable size.
    dot: f64,
}

impl Circle {
    const SIZE: f64 = 900.0;

    fn new(n: u64) -> Circle {
        let radius = Self::SIZE / 2.0 - 60.0;
        Circle {
            n,
            centre: Self::SIZE / 2.0,
            radius,
            dot: (radius * std::f64::consts::PI / n as f64 * 0.7).clamp(3.0, 14.0),
        }
    }

    /// The angle of number k, from the top, clockwise.
    fn angle(&self, k: u64) -> f64 {
        -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * (k - 1) as f64 / self.n as f64
    }

    /// Where number k sits at `radius` from the centre.
    fn at(&self, k: u64, radius: f64) -> (f64, f64) {
        let angle = self.angle(k);
        (
            self.centre + radius * angle.cos(),
            self.centre + radius * angle.sin(),
        )
    }

    fn place(&self, k: u64) -> (f64, f64) {
        self.at(k, self.radius)
    }

    fn header(&self, svg: &mut String) {
        let (size, centre, n) = (Self::SIZE, self.centre, self.n);
        let height = size + 70.0;
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {size} {height}" font-family="sans-serif">"#
        );
        let _ = writeln!(
            svg,
            r#"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{PLAYED}"/></marker></defs>"#
        );
        let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
        let _ = writeln!(
            svg,
            r#"<text x="{centre}" y="28" text-anchor="middle" font-size="20">Juniper Green: the numbers 1 to {n}, joined when one divides the other</text>"#
        );
    }

    /// Every edge of G_n, faint: each number to its multiples on the board.
    fn edges(&self, svg: &mut String) {
        let _ = writeln!(
            svg,
            r##"<g stroke="#999" stroke-opacity="0.35" stroke-width="0.8">"##
        );
        for a in 1..=self.n {
            for b in related_numbers(self.n, a).filter(|&b| b > a) {
                let ((x1, y1), (x2, y2)) = (self.place(a), self.place(b));
                let _ = writeln!(
                    svg,
                    r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                );
            }
        }
        let _ = writeln!(svg, "</g>");
    }

    /// Dashed green edges from the last number to the winning moves, then the line of play
    /// as arrows.
    fn arrows(&self, svg: &mut String, line: &[u64], winning: &[u64]) {
        if let Some(&last) = line.last() {
            for &m in winning {
                let (a, b) = shortened(self.place(last), self.place(m), self.dot);
                let _ = writeln!(
                    svg,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{WINNING}" stroke-width="2.5" stroke-dasharray="7 4"/>"#,
                    a.0, a.1, b.0, b.1
                );
            }
        }
        for pair in line.windows(2) {
            let (a, b) = shortened(self.place(pair[0]), self.place(pair[1]), self.dot + 2.0);
            let _ = writeln!(
                svg,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{PLAYED}" stroke-width="3.5" marker-end="url(#arrow)"/>"#,
                a.0, a.1, b.0, b.1
            );
        }
    }

    /// A dot per number, coloured by its part in the position, and its label.
    fn numbers(&self, svg: &mut String, line: &[u64], winning: &[u64], moves: &[u64]) {
        let dot = self.dot;
        for k in 1..=self.n {
            let (x, y) = self.place(k);
            let (fill, stroke, width) = if line.last() == Some(&k) {
                (PLAYED, "black", 3.0)
            } else if line.contains(&k) {
                (PLAYED, PLAYED, 1.0)
            } else if winning.contains(&k) {
                (WINNING, "black", 2.0)
            } else if moves.contains(&k) {
                ("white", WINNING, 2.0)
            } else {
                ("white", "#555", 1.0)
            };
            let _ = writeln!(
                svg,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{dot:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#
            );
            // Labels sit just outside the circle, so they never hide an edge end.
            let (lx, ly) = self.at(k, self.radius + dot + 12.0);
            let ly = ly + 4.0;
            let font = if self.n <= 60 { 13 } else { 9 };
            let _ = writeln!(
                svg,
                r#"<text x="{lx:.1}" y="{ly:.1}" text-anchor="middle" font-size="{font}">{k}</text>"#
            );
        }
    }

    /// The line, the player to move and the winning moves in words, and the legend.
    fn caption(&self, svg: &mut String, line: &[u64], winning: &[u64]) {
        let size = Self::SIZE;
        let to_move = Player::to_move_after(line.len());
        let played: Vec<String> = line.iter().map(u64::to_string).collect();
        let wins: Vec<String> = winning.iter().map(u64::to_string).collect();
        let caption = format!(
            "Played: {} — {} player to move; winning moves: {}",
            if played.is_empty() {
                "nothing yet".to_string()
            } else {
                played.join(" ")
            },
            to_move.name(),
            if wins.is_empty() {
                "none (a lost position)".to_string()
            } else {
                wins.join(" ")
            }
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{:.0}" text-anchor="middle" font-size="15">{}</text>"#,
            self.centre,
            size + 10.0,
            escape(&caption)
        );
        let _ = writeln!(
            svg,
            r##"<g font-size="13"><circle cx="40" cy="{y:.0}" r="7" fill="{PLAYED}"/><text x="52" y="{t:.0}">played (arrows: the line)</text><circle cx="260" cy="{y:.0}" r="7" fill="{WINNING}" stroke="black"/><text x="272" y="{t:.0}">winning move</text><circle cx="420" cy="{y:.0}" r="7" fill="white" stroke="{WINNING}" stroke-width="2"/><text x="432" y="{t:.0}">other legal move</text></g>"##,
            y = size + 40.0,
            t = size + 45.0
        );
    }
}

/// A chart of the winner for each n: one cell per n, fifty to a row, blue when the first player
/// wins and orange when the second does. The title names the free-opening variant.
pub fn plot_winners(rows: &[(u64, Player)], rule: OpeningRule) -> String {
    const PER_ROW: u64 = 50;
    const CELL: f64 = 15.0;
    const ROW: f64 = 34.0;
    let left = 90.0;
    let top = 60.0;
    let first_n = rows.iter().map(|r| r.0).min().unwrap_or(1);
    let last_n = rows.iter().map(|r| r.0).max().unwrap_or(1);
    let row_of = |k: u64| (k - first_n) / PER_ROW;
    let rows_count = row_of(last_n) + 1;
    let width = left + PER_ROW as f64 * CELL + 30.0;
    let height = top + rows_count as f64 * ROW + 50.0;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{:.0}" y="26" text-anchor="middle" font-size="18">Juniper Green{}: who wins, n = {first_n} to {last_n}</text>"#,
        width / 2.0,
        match rule {
            OpeningRule::Even => "",
            OpeningRule::Free => ", free opening (the first number may be odd)",
        }
    );
    for r in 0..rows_count {
        let start = first_n + r * PER_ROW;
        let end = (start + PER_ROW - 1).min(last_n);
        let y = top + r as f64 * ROW;
        let _ = writeln!(
            svg,
            r#"<text x="{:.0}" y="{:.1}" text-anchor="end" font-size="12">{start}–{end}</text>"#,
            left - 8.0,
            y + CELL * 0.75
        );
    }
    for &(k, winner) in rows {
        let column = (k - first_n) % PER_ROW;
        let x = left + column as f64 * CELL;
        let y = top + row_of(k) as f64 * ROW;
        let colour = match winner {
            Player::First => FIRST,
            Player::Second => SECOND,
        };
        let _ = writeln!(
            svg,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{CELL}" fill="{colour}"><title>n = {k}: {} player wins</title></rect>"#,
            CELL - 1.0,
            winner.name()
        );
        if k % 10 == 0 {
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="9">{k}</text>"#,
                x + CELL / 2.0,
                y + CELL + 11.0
            );
        }
    }
    let legend_y = top + rows_count as f64 * ROW + 15.0;
    let _ = writeln!(
        svg,
        r#"<g font-size="13"><rect x="{left}" y="{legend_y:.0}" width="14" height="14" fill="{FIRST}"/><text x="{:.0}" y="{:.0}">first player wins</text><rect x="{:.0}" y="{legend_y:.0}" width="14" height="14" fill="{SECOND}"/><text x="{:.0}" y="{:.0}">second player wins</text></g>"#,
        left + 20.0,
        legend_y + 12.0,
        left + 180.0,
        left + 200.0,
        legend_y + 12.0
    );
    svg.push_str("</svg>\n");
    svg
}

/// Moves the ends of a segment inwards by `by`, so lines meet dots at their rim.
fn shortened(from: (f64, f64), to: (f64, f64), by: f64) -> ((f64, f64), (f64, f64)) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / length * by, dy / length * by);
    ((from.0 + ux, from.1 + uy), (to.0 - ux, to.1 - uy))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::position::PositionOracle;

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn the_graph_has_one_line_per_edge_one_arrow_per_step_and_marks_the_winners() {
        let n = 24;
        let oracle = PositionOracle::new(OpeningRule::Even);
        let line = [22, 11, 1];
        let svg = draw_graph(n, &line, &|l: &[u64]| oracle.winning_moves(n, l)).unwrap();
        let edges: usize = (1..=n)
            .map(|a| (2 * a..=n).step_by(a as usize).count())
            .sum();
        let arrows = count(&svg, "marker-end=\"url(#arrow)\"");
        let dashed = count(&svg, "stroke-dasharray");
        let winning = oracle.winning_moves(n, &line);
        assert_eq!(count(&svg, "<line ") - arrows - dashed, edges);
        assert_eq!(arrows, line.len() - 1);
        assert_eq!(dashed, winning.len());
        assert_eq!(count(&svg, "<circle ") - 3, n as usize); // three legend dots
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    }

    #[test]
    fn illegal_lines_and_bad_n_are_refused() {
        let none = |_: &[u64]| Vec::new();
        assert_eq!(
            draw_graph(10, &[4, 3], &none),
            Err(DrawError::IllegalMove {
                place: 2,
                number: 3
            })
        );
        assert_eq!(draw_graph(0, &[], &none), Err(DrawError::BadN(0)));
        assert_eq!(
            draw_graph(MAX_DRAW_N + 1, &[], &none),
            Err(DrawError::BadN(MAX_DRAW_N + 1))
        );
    }

    #[test]
    fn the_winner_chart_has_one_cell_per_n_coloured_by_winner() {
        let oracle = PositionOracle::new(OpeningRule::Even);
        let rows: Vec<(u64, Player)> = (1..=20)
            .map(|n| {
                let first = !oracle.winning_moves(n, &[]).is_empty();
                (n, Player::winner(first))
            })
            .collect();
        let svg = plot_winners(&rows, OpeningRule::Even);
        let firsts = rows.iter().filter(|r| r.1 == Player::First).count();
        assert_eq!(count(&svg, &format!("fill=\"{FIRST}\"><title>")), firsts);
        assert_eq!(
            count(&svg, &format!("fill=\"{SECOND}\"><title>")),
            rows.len() - firsts
        );
    }
}
