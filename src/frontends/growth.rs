//! How many games there are, for a person or a script: the rows of `jg count` as text, CSV or
//! JSON, streamed one n at a time, and the SVG chart of their growth (docs/COUNTING.md's
//! figure). The CSV columns are a contract (docs/DESIGN.md, CLI contract).

use crate::engines::count::{Count, Overflow, Parity};
use std::fmt::Write as _;

/// How `jg count` writes its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    Text,
    Csv,
    Json,
    /// The chart of the counts' growth (written once every row is in).
    Svg,
}

/// The CSV header, without and with `--by-opening`.
pub const CSV_HEADER: &str = "n,games,odd,even";
pub const CSV_HEADER_BY_OPENING: &str = "n,opening,games,odd,even";

#[derive(serde::Serialize)]
struct JsonOpening {
    opening: u32,
    games: u128,
    odd: u128,
    even: u128,
}

#[derive(serde::Serialize)]
struct JsonRow {
    n: u32,
    games: u128,
    odd: u128,
    even: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    openings: Option<Vec<JsonOpening>>,
}

/// Writes the rows of `jg count` one n at a time (the SVG chart at the end).
pub struct Renderer {
    format: Format,
    by_opening: bool,
    rows: usize,
    totals: Vec<(u32, Parity)>,
}

impl Renderer {
    pub fn new(format: Format, by_opening: bool) -> Renderer {
        Renderer {
            format,
            by_opening,
            rows: 0,
            totals: Vec::new(),
        }
    }

    pub fn header(&self) -> String {
        match (self.format, self.by_opening) {
            (Format::Text, false) => format!(
                "{:>3}  {:>22}  {:>22}  {:>22}\n",
                "n", "games", "odd (first wins)", "even (second wins)"
            ),
            (Format::Text, true) => format!(
                "{:>3}  {:>5}  {:>22}  {:>22}  {:>22}\n",
                "n", "first", "games", "odd (first wins)", "even (second wins)"
            ),
            (Format::Csv, false) => format!("{CSV_HEADER}\n"),
            (Format::Csv, true) => format!("{CSV_HEADER_BY_OPENING}\n"),
            (Format::Json, _) => "[\n".to_string(),
            (Format::Svg, _) => String::new(),
        }
    }

    /// The lines of one n.
    pub fn row(&mut self, count: &Count) -> Result<String, Overflow> {
        self.rows += 1;
        let games = count.games;
        let total = games.total()?;
        self.totals.push((count.n, games));
        let mut out = String::new();
        match self.format {
            Format::Text if !self.by_opening => {
                let _ = writeln!(
                    out,
                    "{:>3}  {:>22}  {:>22}  {:>22}",
                    count.n, total, games.odd, games.even
                );
            }
            Format::Text => {
                let _ = writeln!(
                    out,
                    "{:>3}  {:>5}  {:>22}  {:>22}  {:>22}",
                    count.n, "all", total, games.odd, games.even
                );
                for (opening, g) in &count.openings {
                    let _ = writeln!(
                        out,
                        "{:>3}  {:>5}  {:>22}  {:>22}  {:>22}",
                        count.n,
                        opening,
                        g.total()?,
                        g.odd,
                        g.even
                    );
                }
            }
            Format::Csv => {
                if self.by_opening {
                    let _ = writeln!(out, "{},all,{total},{},{}", count.n, games.odd, games.even);
                    for (opening, g) in &count.openings {
                        let _ = writeln!(
                            out,
                            "{},{opening},{},{},{}",
                            count.n,
                            g.total()?,
                            g.odd,
                            g.even
                        );
                    }
                } else {
                    let _ = writeln!(out, "{},{total},{},{}", count.n, games.odd, games.even);
                }
            }
            Format::Json => {
                let openings = match self.by_opening {
                    true => Some(
                        count
                            .openings
                            .iter()
                            .map(|(opening, g)| {
                                Ok(JsonOpening {
                                    opening: *opening,
                                    games: g.total()?,
                                    odd: g.odd,
                                    even: g.even,
                                })
                            })
                            .collect::<Result<_, Overflow>>()?,
                    ),
                    false => None,
                };
                let row = JsonRow {
                    n: count.n,
                    games: total,
                    odd: games.odd,
                    even: games.even,
                    openings,
                };
                // The same bytes as serde_json's pretty array: items indented by two spaces.
                let item = serde_json::to_string_pretty(&row).expect("rows always serialize");
                super::table::push_json_item(&mut out, &item, self.rows <= 1);
            }
            Format::Svg => {}
        }
        Ok(out)
    }

    pub fn footer(&self) -> String {
        match self.format {
            Format::Json if self.rows == 0 => "]\n".to_string(),
            Format::Json => "\n]\n".to_string(),
            Format::Svg => growth_chart(&self.totals),
            _ => String::new(),
        }
    }
}

const GAMES: &str = "#333333";
const ODD: &str = "#1f77b4";
const EVEN: &str = "#ff7f0e";
const GAP: &str = "#2ca02c";

/// The chart of docs/COUNTING.md: for each n, log10 of the number of games, of its odd part
/// (won by the first player), of its even part, and of the gap between the two, against n.
/// A function of the counts alone: the same counts give the same bytes.
pub fn growth_chart(rows: &[(u32, Parity)]) -> String {
    let (width, height) = (940.0, 560.0);
    let (left, right, top, bottom) = (70.0, 230.0, 60.0, 70.0);
    let log = |x: u128| (x > 0).then(|| (x as f64).log10());
    type Pick = fn(&Parity) -> u128;
    let picks: [(&str, &str, bool, Pick); 4] = [
        ("all games", GAMES, false, |g| g.even.saturating_add(g.odd)),
        ("odd: first player wins", ODD, false, |g| g.odd),
        ("even: second player wins", EVEN, false, |g| g.even),
        ("|odd − even|", GAP, true, |g| g.odd.abs_diff(g.even)),
    ];
    struct Series<'a> {
        name: &'a str,
        colour: &'a str,
        dashed: bool,
        points: Vec<(u32, f64)>,
    }
    let series: Vec<Series> = picks
        .iter()
        .map(|&(name, colour, dashed, pick)| Series {
            name,
            colour,
            dashed,
            points: rows
                .iter()
                .filter_map(|(n, g)| log(pick(g)).map(|y| (*n, y)))
                .collect(),
        })
        .collect();
    let n_max = rows.iter().map(|r| r.0).max().unwrap_or(1).max(2) as f64;
    let y_max = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(1.0f64, f64::max)
        .ceil();
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let x = |n: f64| left + plot_w * (n - 1.0) / (n_max - 1.0);
    let y = |v: f64| top + plot_h * (1.0 - v / y_max);
    let mut svg = String::new();
    crate::frontends::draw::figure_start(&mut svg, width, height, 12);
    let _ = writeln!(
        svg,
        r#"<text x="{:.0}" y="28" text-anchor="middle" font-size="16">Juniper Green: how many complete games 1..n has (even first number), n = 1 to {}</text>"#,
        width / 2.0,
        n_max
    );
    // Axes, with a line at each power of ten and every ten n.
    for k in 0..=(y_max as u32) {
        let at = y(k as f64);
        let label = super::draw::power_of_ten_label(k);
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" y1="{at:.1}" x2="{:.1}" y2="{at:.1}" stroke="#dddddd"/><text x="{:.0}" y="{:.1}" text-anchor="end">{label}</text>"##,
            left + plot_w,
            left - 8.0,
            at + 4.0
        );
    }
    let mut tick = 10;
    while tick as f64 <= n_max {
        let at = x(tick as f64);
        let _ = writeln!(
            svg,
            r##"<line x1="{at:.1}" y1="{top}" x2="{at:.1}" y2="{:.1}" stroke="#dddddd"/><text x="{at:.1}" y="{:.1}" text-anchor="middle">{tick}</text>"##,
            top + plot_h,
            top + plot_h + 18.0
        );
        tick += 10;
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333333"/>"##
    );
    let _ = writeln!(
        svg,
        r#"<text x="{:.0}" y="{:.0}" text-anchor="middle">n, the numbers 1 to n on the board</text>"#,
        left + plot_w / 2.0,
        height - 25.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="18" y="{:.0}" text-anchor="middle" transform="rotate(-90 18 {:.0})">number of games (logarithmic scale)</text>"#,
        top + plot_h / 2.0,
        top + plot_h / 2.0
    );
    for (i, s) in series.iter().enumerate() {
        let (name, colour, points) = (s.name, s.colour, &s.points);
        let dash = if s.dashed {
            r#" stroke-dasharray="5 3""#
        } else {
            ""
        };
        let path: Vec<String> = points
            .iter()
            .map(|&(n, v)| format!("{:.1},{:.1}", x(n as f64), y(v)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.6"{dash}/>"#,
            path.join(" ")
        );
        for &(n, v) in points {
            let _ = writeln!(
                svg,
                r#"<circle cx="{:.1}" cy="{:.1}" r="2" fill="{colour}"/>"#,
                x(n as f64),
                y(v)
            );
        }
        let ly = top + 20.0 + 22.0 * i as f64;
        let lx = left + plot_w + 15.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{lx}" y1="{ly}" x2="{:.0}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/><text x="{:.0}" y="{:.0}">{name}</text>"#,
            lx + 24.0,
            lx + 30.0,
            ly + 4.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}
