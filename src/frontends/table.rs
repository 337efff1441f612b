//! The results table: one `Outcome` per n, rendered as aligned text, CSV or JSON, a row at a
//! time so that a long table streams. The CSV columns are the CLI contract (docs/DESIGN.md):
//! `n,winner,winning_openings,all_openings,method`, the openings space-separated and ascending,
//! empty when the second player wins; `all_openings` (`true`/`false`) says whether the list is
//! complete and `method` (`search`, `matching`, `scheme`) which method decided, the same names
//! and values as the JSON fields. The first three columns are those of earlier versions.

use crate::outcome::Outcome;
use crate::OpeningRule;
use std::fmt::Write;
use std::path::Path;

/// The output formats of `jg table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// Aligned columns for reading
    Text,
    /// n,winner,winning_openings,all_openings,method
    Csv,
    /// An array of objects with the same fields
    Json,
    /// A chart of the winner per n (at most 10000 n)
    Svg,
}

/// Most n an SVG chart holds (50 a line: 200 lines).
pub const MAX_CHART_ROWS: u64 = 10_000;

/// Renders a table row by row: `header`, then `row` for each outcome in order, then `footer`.
/// Text rows are aligned for n up to `last_n`. Not for `Format::Svg` (see `draw::plot_winners`).
pub struct Renderer {
    format: Format,
    width: usize,
    rows: u64,
    /// Whether a `certified` column is shown (`with_certified`).
    certified: bool,
    /// Whether long text lists are summarised (`abbreviated`).
    abbreviated: bool,
    /// Whether the rows are of the free-opening variant (`free_opening`).
    free: bool,
}

impl Renderer {
    pub fn new(format: Format, last_n: u64) -> Renderer {
        Renderer {
            format,
            width: last_n.to_string().len(),
            rows: 0,
            certified: false,
            abbreviated: false,
            free: false,
        }
    }

    /// The same renderer with long lists of openings in the text format summarised as the first
    /// and last few and the count (`play::abbreviate`); CSV and JSON stay complete.
    pub fn abbreviated(mut self) -> Renderer {
        self.abbreviated = true;
        self
    }

    /// The same renderer for the free-opening variant, which every format names: text a first
    /// line, CSV a last column `free_opening` (`true`), JSON a field `"free_opening": true`.
    pub fn free_opening(mut self) -> Renderer {
        self.free = true;
        self
    }

    /// The same renderer with a `certified` column (see `certified_row`): text `yes` or `-`
    /// before the openings, csv a last column `yes` or empty, json a boolean field; the rows
    /// are then written with `row_certified`.
    pub fn with_certified(mut self) -> Renderer {
        self.certified = true;
        self
    }

    pub fn header(&self) -> String {
        let free = match (self.free, self.format) {
            (true, Format::Text) => "free opening: the first number may be odd\n",
            _ => "",
        };
        let csv_free = if self.free { ",free_opening" } else { "" };
        match self.format {
            Format::Text => format!(
                "{free}{:>width$}  {:<6}  {:<8}  {}winning openings\n",
                "n",
                "winner",
                "method",
                if self.certified { "certified  " } else { "" },
                width = self.width
            ),
            Format::Csv if self.certified => {
                format!("n,winner,winning_openings,all_openings,method,certified{csv_free}\n")
            }
            Format::Csv => format!("n,winner,winning_openings,all_openings,method{csv_free}\n"),
            Format::Json => "[\n".to_string(),
            Format::Svg => String::new(),
        }
    }

    pub fn row(&mut self, row: &Outcome) -> String {
        self.row_certified(row, false)
    }

    /// A row with its `certified` flag (shown only by a renderer `with_certified`).
    pub fn row_certified(&mut self, row: &Outcome, certified: bool) -> String {
        self.rows += 1;
        let mark = match (self.certified, certified) {
            (false, _) => "",
            (true, true) => "yes        ",
            (true, false) => "-          ",
        };
        match self.format {
            Format::Text => {
                let list = match self.abbreviated {
                    true => crate::frontends::play::abbreviate(&row.winning_openings),
                    false => openings_text(row),
                };
                let openings = match (row.winning_openings.is_empty(), row.all_openings) {
                    (true, _) => "-".to_string(),
                    (false, true) => list,
                    (false, false) => format!("{list}; others not tried"),
                };
                format!(
                    "{:>width$}  {:<6}  {:<8}  {mark}{}\n",
                    row.n,
                    row.winner.name(),
                    row.method.name(),
                    openings,
                    width = self.width
                )
            }
            Format::Csv => format!(
                "{},{},{},{},{}{}{}\n",
                row.n,
                row.winner.name(),
                openings_text(row),
                row.all_openings,
                row.method.name(),
                match (self.certified, certified) {
                    (false, _) => "",
                    (true, true) => ",yes",
                    (true, false) => ",",
                },
                if self.free { ",true" } else { "" }
            ),
            Format::Json => {
                // The same bytes as serde_json's pretty array: items indented by two spaces.
                let item = if self.certified || self.free {
                    let mut value = serde_json::to_value(row).expect("outcomes always serialize");
                    if self.certified {
                        value["certified"] = certified.into();
                    }
                    if self.free {
                        value["free_opening"] = true.into();
                    }
                    serde_json::to_string_pretty(&value).expect("values serialize")
                } else {
                    serde_json::to_string_pretty(row).expect("outcomes always serialize")
                };
                let mut out = String::new();
                push_json_item(&mut out, &item, self.rows <= 1);
                out
            }
            Format::Svg => String::new(),
        }
    }

    pub fn footer(&self) -> String {
        match self.format {
            Format::Json if self.rows == 0 => "]\n".to_string(),
            Format::Json => "\n]\n".to_string(),
            _ => String::new(),
        }
    }
}

/// Renders the rows in the given format; the result ends with a newline.
/// Appends one item of a streamed JSON array as serde_json's pretty printer lays it out inside
/// the array: after a comma and a line break unless it is the first, every line indented by two
/// spaces.
pub(crate) fn push_json_item(out: &mut String, item: &str, first: bool) {
    if !first {
        out.push_str(",\n");
    }
    for (i, line) in item.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str("  ");
        out.push_str(line);
    }
}

pub fn render(rows: &[Outcome], format: Format) -> String {
    if format == Format::Svg {
        let winners: Vec<_> = rows.iter().map(|row| (row.n, row.winner)).collect();
        return crate::frontends::draw::plot_winners(&winners, OpeningRule::Even);
    }
    if rows.is_empty() && format == Format::Json {
        return "[]\n".to_string();
    }
    let mut renderer = Renderer::new(format, rows.iter().map(|r| r.n).max().unwrap_or(1));
    let mut out = renderer.header();
    for row in rows {
        let _ = write!(out, "{}", renderer.row(row));
    }
    out.push_str(&renderer.footer());
    out
}

/// Whether `dir/cert-N-openings.bin` (N = the row's n) exists, the verifier accepts it under
/// `rule`, and the winning openings it proves are exactly the row's, a complete list. A file
/// that is missing or rejected leaves its row unmarked.
pub fn certified_row(row: &Outcome, dir: &Path, rule: OpeningRule) -> bool {
    let verifier_rule = match rule {
        OpeningRule::Even => jg_verify::OpeningRule::Even,
        OpeningRule::Free => jg_verify::OpeningRule::Free,
    };
    let Ok(bytes) = std::fs::read(dir.join(crate::proofs::openings::file_name(row.n))) else {
        return false;
    };
    match jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()) {
        Ok(verdict) => {
            verdict.n == row.n
                && verdict.opening_rule == verifier_rule
                && row.all_openings
                && verdict.winning_openings.as_deref() == Some(&row.winning_openings[..])
        }
        Err(_) => false,
    }
}

fn openings_text(row: &Outcome) -> String {
    let words: Vec<String> = row.winning_openings.iter().map(u64::to_string).collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Method, Player};

    fn rows() -> Vec<Outcome> {
        vec![
            Outcome {
                n: 1,
                winner: Player::Second,
                winning_openings: vec![],
                all_openings: true,
                method: Method::Search,
            },
            Outcome {
                n: 42,
                winner: Player::First,
                winning_openings: vec![22, 26],
                all_openings: true,
                method: Method::Matching,
            },
            Outcome {
                n: 130,
                winner: Player::First,
                winning_openings: vec![86],
                all_openings: false,
                method: Method::Scheme,
            },
        ]
    }

    #[test]
    fn csv_follows_the_contract() {
        assert_eq!(
            render(&rows(), Format::Csv),
            "n,winner,winning_openings,all_openings,method\n1,second,,true,search\n\
             42,first,22 26,true,matching\n130,first,86,false,scheme\n"
        );
    }

    #[test]
    fn streamed_json_is_serde_jsons_pretty_array() {
        for count in 0..=3 {
            let rows = &rows()[..count];
            let expected = format!("{}\n", serde_json::to_string_pretty(rows).unwrap());
            assert_eq!(render(rows, Format::Json), expected, "{count} rows");
        }
    }

    #[test]
    fn json_names_players_in_lowercase() {
        let json = render(&rows(), Format::Json);
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed[1]["winner"], "first");
        assert_eq!(parsed[1]["winning_openings"][1], 26);
        assert_eq!(parsed[0]["method"], "search");
        assert_eq!(parsed[2]["all_openings"], false);
    }

    #[test]
    fn text_aligns_columns_and_marks_partial_lists() {
        let mut partial = rows();
        partial[1].all_openings = false;
        let text = render(&partial, Format::Text);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[2].ends_with("22 26; others not tried"), "{text}");
        assert!(lines[1].starts_with("  1  second "), "{text}");
    }

    #[test]
    fn the_certified_column_follows_the_flags() {
        let render = |format| {
            let mut renderer = Renderer::new(format, 42).with_certified();
            let mut out = renderer.header();
            for (row, flag) in rows().iter().zip([false, true]) {
                out.push_str(&renderer.row_certified(row, flag));
            }
            out + &renderer.footer()
        };
        assert_eq!(
            render(Format::Csv),
            "n,winner,winning_openings,all_openings,method,certified\n\
             1,second,,true,search,\n42,first,22 26,true,matching,yes\n"
        );
        let text = render(Format::Text);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].ends_with("  certified  winning openings"),
            "{text}"
        );
        assert!(lines[1].ends_with("  -          -"), "{text}");
        assert!(lines[2].ends_with("  yes        22 26"), "{text}");
        let parsed: serde_json::Value = serde_json::from_str(&render(Format::Json)).unwrap();
        assert_eq!(parsed[0]["certified"], false);
        assert_eq!(parsed[1]["certified"], true);
        // Without the column, rows are as before.
        let mut plain = Renderer::new(Format::Csv, 42);
        assert_eq!(plain.row_certified(&rows()[1], true), plain.row(&rows()[1]));
    }
}
