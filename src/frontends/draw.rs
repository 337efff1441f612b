//! Pictures, hand-written SVG: the divisibility graph G_n (docs/MATH.md §1) on a circle with a line of
//! play drawn as arrows and the winning moves of the player to move marked, and a chart of the
//! winner for each n. Who wins comes from outside (an oracle closure), so any engine can draw.

use crate::game::{check_line, legal_moves_after, related_numbers, OpeningRule, Player};
use std::fmt::Write as _;

/// Largest n drawn. The labels sit on a circle about 2540 px round; a three-digit label at
/// font size 9 is about 15 px wide, so above about 160 numbers the labels at the top and bottom
/// of the circle overlap (and the n ln n edges fill the disc): the picture stops being readable.
pub const MAX_DRAW_N: u64 = 150;

pub(crate) const PLAYED: &str = "#d62728";
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

/// The numbers 1..=n on a circle in a square picture of `size` pixels (plus a caption below):
/// the layout `jg draw` and the chain figure (`chain_draw`) share.
pub(crate) struct Circle {
    pub(crate) n: u64,
    /// The square's side: `SIZE`, or more for a longest chain of many numbers.
    pub(crate) size: f64,
    pub(crate) centre: f64,
    pub(crate) radius: f64,
    /// Dots shrink as the circle fills, but never below a visible size.
    pub(crate) dot: f64,
}

impl Circle {
    pub(crate) const SIZE: f64 = 900.0;
    /// The circle sits this much below the square's middle, so that the label of 1 (at the
    /// top) clears the title.
    pub(crate) const DROP: f64 = 24.0;

    fn new(n: u64) -> Circle {
        Circle::sized(n, Self::SIZE)
    }

    /// The circle in a square of `size` pixels.
    pub(crate) fn sized(n: u64, size: f64) -> Circle {
        let radius = size / 2.0 - 60.0;
        Circle {
            n,
            size,
            centre: size / 2.0,
            radius,
            dot: (radius * std::f64::consts::PI / n as f64 * 0.7).clamp(1.5, 14.0),
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
            self.centre + Self::DROP + radius * angle.sin(),
        )
    }

    pub(crate) fn place(&self, k: u64) -> (f64, f64) {
        self.at(k, self.radius)
    }

    fn header(&self, svg: &mut String) {
        self.open(svg, Self::SIZE + 70.0 + Self::DROP);
        let n = self.n;
        self.title(
            svg,
            &format!("Juniper Green: the numbers 1 to {n}, joined when one divides the other"),
        );
    }

    /// The SVG element, `size` wide and `height` high, the arrow head and the white ground.
    pub(crate) fn open(&self, svg: &mut String, height: f64) {
        let size = self.size;
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {size} {height}" font-family="sans-serif">"#
        );
        let _ = writeln!(
            svg,
            r#"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{PLAYED}"/></marker></defs>"#
        );
        let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    }

    /// The title, centred at the top (clear of the label of 1: `DROP`).
    pub(crate) fn title(&self, svg: &mut String, title: &str) {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="28" text-anchor="middle" font-size="20">{}</text>"#,
            self.centre,
            escape(title)
        );
    }

    /// Every edge of G_n, faint: each number to its multiples on the board.
    pub(crate) fn edges(&self, svg: &mut String) {
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
            self.arrow(svg, pair[0], pair[1], 3.5);
        }
    }

    /// An arrow from number `from` to number `to`, in the colour of a played line.
    pub(crate) fn arrow(&self, svg: &mut String, from: u64, to: u64, width: f64) {
        let (a, b) = shortened(self.place(from), self.place(to), self.dot + 2.0);
        let _ = writeln!(
            svg,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{PLAYED}" stroke-width="{width}" marker-end="url(#arrow)"/>"#,
            a.0, a.1, b.0, b.1
        );
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
            self.label(svg, k);
        }
    }

    /// The label of number k, just outside the circle, so it never hides an edge end.
    pub(crate) fn label(&self, svg: &mut String, k: u64) {
        let (lx, ly) = self.at(k, self.radius + self.dot + 12.0);
        let ly = ly + 4.0;
        let font = if self.n <= 60 { 13 } else { 9 };
        let _ = writeln!(
            svg,
            r#"<text x="{lx:.1}" y="{ly:.1}" text-anchor="middle" font-size="{font}">{k}</text>"#
        );
    }

    /// The line, the player to move and the winning moves in words, and the legend.
    fn caption(&self, svg: &mut String, line: &[u64], winning: &[u64]) {
        let size = Self::SIZE + Self::DROP;
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

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The opening of a docs figure: the SVG element of this size and font size, on white.
pub(crate) fn figure_start(svg: &mut String, width: f64, height: f64, font_size: u32) {
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{font_size}">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
}

/// The certificates of a theorem folder over n, on a logarithmic axis: one row per winner, a
/// mark or a bar per file over the n it proves (`spans`: first n, last n, winner), with a
/// title, the rows named and the axis marked 1, 10, 10², … and named n.
pub fn coverage_chart(spans: &[(u64, u64, Player)]) -> String {
    let top = spans.iter().map(|s| s.1).max().unwrap_or(1).max(10) as f64;
    let (width, height, left, right) = (900.0, 200.0, 140.0, 30.0);
    let span = top.log10();
    let x = |n: f64| left + (width - left - right) * (n.max(1.0).log10() / span);
    let mut svg = String::new();
    figure_start(&mut svg, width, height, 12);
    let _ = writeln!(
        svg,
        r#"<text x="{:.0}" y="24" text-anchor="middle" font-size="16">Juniper Green: who wins each n, proved by the certificates</text>"#,
        width / 2.0
    );
    for (row, (player, colour)) in [(Player::First, FIRST), (Player::Second, SECOND)]
        .into_iter()
        .enumerate()
    {
        let y = 45.0 + 40.0 * row as f64;
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="end">{} player wins</text>"#,
            left - 10.0,
            y + 14.0,
            player.name()
        );
        for &(first, last, _) in spans.iter().filter(|s| s.2 == player) {
            let (a, b) = (x(first as f64 - 0.5), x(last as f64 + 0.5));
            let _ = writeln!(
                svg,
                r#"<rect x="{a:.2}" y="{y}" width="{:.2}" height="20" fill="{colour}"/>"#,
                (b - a).max(0.6)
            );
        }
    }
    let axis = 128.0;
    let mut decade = 1.0;
    while decade <= top {
        let (at, k) = (x(decade), decade.log10().round() as u32);
        let label = power_of_ten_label(k);
        let _ = writeln!(
            svg,
            r##"<line x1="{at:.2}" y1="{axis}" x2="{at:.2}" y2="{}" stroke="#333"/><text x="{at:.2}" y="{}" text-anchor="middle">{label}</text>"##,
            axis + 6.0,
            axis + 22.0
        );
        decade *= 10.0;
    }
    let _ = writeln!(
        svg,
        r##"<line x1="{left}" y1="{axis}" x2="{}" y2="{axis}" stroke="#333"/>"##,
        width - right
    );
    let _ = writeln!(
        svg,
        r#"<text x="{:.0}" y="{}" text-anchor="middle">n, the numbers 1 to n on the board (logarithmic scale)</text>"#,
        left + (width - left - right) / 2.0,
        axis + 50.0
    );
    svg.push_str("</svg>\n");
    svg
}

/// A closed pairing drawn on the numbers 1..n (on a circle): `rows` is its closure (the
/// loser's possible moves, each with the winner's answer and how the loser gets there), the
/// `opening` the winner's first move if the winner moves first. Each pair is a thick line,
/// each move from an answer to a closure number a thin one; a title and a legend say so.
pub fn closed_pairing(
    n: u64,
    winner: Player,
    opening: Option<u64>,
    rows: &[crate::publish::explain::Row],
) -> String {
    use crate::publish::explain::Reach;
    let (width, radius, top) = (1000.0, 420.0, 60.0);
    let (cx, cy) = (width / 2.0, top + radius + 40.0);
    let height = cy + radius + 140.0;
    let place = |k: u64| {
        let angle =
            -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * (k - 1) as f64 / n as f64;
        (cx + radius * angle.cos(), cy + radius * angle.sin())
    };
    let loser: std::collections::BTreeSet<u64> = rows.iter().map(|r| r.loser).collect();
    let answers: std::collections::BTreeSet<u64> = rows.iter().map(|r| r.answer).collect();
    let (edge, pair) = ("#bbbbbb", "#333333");
    let (closure, answer, other) = (FIRST, SECOND, "#eeeeee");
    let mut svg = String::new();
    figure_start(&mut svg, width, height, 9);
    let _ = writeln!(
        svg,
        r#"<text x="{cx}" y="30" text-anchor="middle" font-size="18">Juniper Green, n = {n}: the {} player wins with a closed pairing</text>"#,
        winner.name()
    );
    let _ = writeln!(
        svg,
        r#"<text x="{cx}" y="52" text-anchor="middle" font-size="13">whatever the {} player plays, the answer is its partner, and the partners never run out</text>"#,
        winner.other().name()
    );
    for r in rows {
        if let Reach::After { answer, .. } = r.reach {
            let ((x1, y1), (x2, y2)) = (place(answer), place(r.loser));
            let _ = writeln!(
                svg,
                r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{edge}" stroke-width="0.6"/>"#
            );
        }
    }
    for r in rows
        .iter()
        .filter(|r| r.loser < r.answer || !loser.contains(&r.answer))
    {
        let ((x1, y1), (x2, y2)) = (place(r.loser), place(r.answer));
        let _ = writeln!(
            svg,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{pair}" stroke-width="2.2"/>"#
        );
    }
    for k in 1..=n {
        let (x, y) = place(k);
        let fill = if loser.contains(&k) {
            closure
        } else if answers.contains(&k) || Some(k) == opening {
            answer
        } else {
            other
        };
        let _ = writeln!(
            svg,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="7" fill="{fill}" stroke="#555" stroke-width="0.5"/>"##
        );
        // Labels outside the circle, centred on its radius, so neighbours never meet.
        let out = (radius + 19.0) / radius;
        let (lx, ly) = (cx + out * (x - cx), cy + out * (y - cy));
        let _ = writeln!(
            svg,
            r#"<text x="{lx:.1}" y="{:.1}" text-anchor="middle">{k}</text>"#,
            ly + 3.2
        );
    }
    let y = cy + radius + 55.0;
    let (left, step) = (60.0, 24.0);
    let what = winner.other().name();
    let legend = [
        format!(
            r##"<circle cx="{left}" cy="{y}" r="7" fill="{closure}" stroke="#555" stroke-width="0.5"/><text x="{}" y="{}">a number the {what} player can reach (the closure)</text>"##,
            left + 14.0,
            y + 4.0
        ),
        format!(
            r##"<circle cx="{left}" cy="{y}" r="7" fill="{answer}" stroke="#555" stroke-width="0.5"/><text x="{}" y="{}">an answer (or the opening) the {what} player never plays</text>"##,
            left + 14.0,
            y + 4.0
        ),
        format!(
            r##"<circle cx="{left}" cy="{y}" r="7" fill="{other}" stroke="#555" stroke-width="0.5"/><text x="{}" y="{}">a number this strategy never reaches</text>"##,
            left + 14.0,
            y + 4.0
        ),
    ];
    let lines = [
        (
            pair,
            2.2,
            "a pair: each number is answered with the other".to_string(),
        ),
        (
            edge,
            1.0,
            format!("a move of the {what} player after an answer"),
        ),
    ];
    let _ = writeln!(svg, r#"<g font-size="13">"#);
    for (i, item) in legend.iter().enumerate() {
        let shift = step * i as f64;
        let _ = writeln!(svg, r#"<g transform="translate(0 {shift})">{item}</g>"#);
    }
    for (i, (colour, thickness, text)) in lines.iter().enumerate() {
        let (x, ly) = (width / 2.0 + 40.0, y + step * i as f64);
        let _ = writeln!(
            svg,
            r#"<line x1="{}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="{thickness}"/><text x="{}" y="{}">{text}</text>"#,
            x - 10.0,
            x + 20.0,
            x + 28.0,
            ly + 4.0
        );
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}

/// The label of the axis line at 10^k: 1, 10, then 10 with k raised.
pub(crate) fn power_of_ten_label(k: u32) -> String {
    match k {
        0 => "1".to_string(),
        1 => "10".to_string(),
        k => format!(r#"10<tspan dy="-5" font-size="9">{k}</tspan>"#),
    }
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
        let svg = draw_graph(n, &line, &|l: &[u64]| oracle.winning_moves(n, l).unwrap()).unwrap();
        let edges: usize = (1..=n)
            .map(|a| (2 * a..=n).step_by(a as usize).count())
            .sum();
        let arrows = count(&svg, "marker-end=\"url(#arrow)\"");
        let dashed = count(&svg, "stroke-dasharray");
        let winning = oracle.winning_moves(n, &line).unwrap();
        assert_eq!(count(&svg, "<line ") - arrows - dashed, edges);
        assert_eq!(arrows, line.len() - 1);
        assert_eq!(dashed, winning.len());
        assert_eq!(count(&svg, "<circle ") - 3, n as usize); // three legend dots
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    }

    /// The label of 1, at the top of the circle, sits clear of the title (baseline at y = 28,
    /// font size 20): its top (baseline minus its font size) at least 10 px below.
    #[test]
    fn the_label_of_1_clears_the_title() {
        for n in [2, 30, 60, 61, MAX_DRAW_N] {
            let svg = draw_graph(n, &[], &|_: &[u64]| Vec::new()).unwrap();
            let label = svg
                .lines()
                .find(|l| l.starts_with("<text ") && l.ends_with(">1</text>"))
                .expect("a label of 1");
            let field = |name: &str| -> f64 {
                let start = label.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                label[start..].split('"').next().unwrap().parse().unwrap()
            };
            assert!(
                field("y") - field("font-size") >= 28.0 + 10.0,
                "n = {n}: {label}"
            );
        }
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
                let first = !oracle.winning_moves(n, &[]).unwrap().is_empty();
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

    /// The coverage chart: a title, both rows named, the axis marked 1, 10, 10², … (no `1e12`)
    /// and named.
    #[test]
    fn the_coverage_chart_has_a_title_and_powers_of_ten() {
        let spans = [
            (1, 1, Player::Second),
            (3, 3, Player::First),
            (1000, 1_000_000_000_000, Player::First),
        ];
        let svg = coverage_chart(&spans);
        assert!(svg.contains(">Juniper Green: who wins each n, proved by the certificates</text>"));
        assert!(
            svg.contains(">first player wins</text>") && svg.contains(">second player wins</text>")
        );
        assert!(!svg.contains(">1e"), "{svg}");
        for k in 2..=12 {
            assert!(svg.contains(&format!(
                r#">10<tspan dy="-5" font-size="9">{k}</tspan></text>"#
            )));
        }
        assert!(svg.contains("(logarithmic scale)</text>"));
    }

    /// The pairing picture: a title naming n and the winner, a legend of its three colours and
    /// two lines, and each number's label outside the circle of dots, far enough from its
    /// neighbours' labels for three digits (at most 117 numbers on the circle: 22 px apart).
    #[test]
    fn the_pairing_picture_has_a_title_a_legend_and_room_for_labels() {
        use crate::publish::explain::closure_rows;
        let pairs = [(2, 4), (3, 9), (5, 10), (6, 12)];
        let rows = closure_rows(12, OpeningRule::Even, None, &pairs).unwrap_or_default();
        let svg = closed_pairing(12, Player::Second, None, &rows);
        assert!(svg.contains(
            ">Juniper Green, n = 12: the second player wins with a closed pairing</text>"
        ));
        for item in [
            "(the closure)",
            "never plays",
            "never reaches",
            "a pair:",
            "after an answer",
        ] {
            assert!(svg.contains(item), "{item}");
        }
        // The labels of 1..117 (the published picture): neighbours' centres over 23 px apart,
        // room for three digits at 9 px (the first picture had 22 px for 10 px digits).
        let svg = closed_pairing(117, Player::Second, None, &[]);
        let labels: Vec<(f64, f64)> = svg
            .lines()
            .filter(|l| l.starts_with("<text x=") && !l.contains("font-size"))
            .filter_map(|l| {
                let number = |key: &str| l.split(key).nth(1)?.split('"').next()?.parse().ok();
                Some((number("x=\"")?, number("y=\"")?))
            })
            .collect();
        assert_eq!(labels.len(), 117);
        for (k, a) in labels.iter().enumerate() {
            let b = labels[(k + 1) % labels.len()];
            let gap = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
            assert!(gap > 23.0, "labels {} and {}: {gap:.1} px", k + 1, k + 2);
        }
    }
}
