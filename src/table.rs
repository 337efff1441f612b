//! The results table: one `Outcome` per n, rendered as aligned text, CSV or JSON.
//! The CSV columns are the CLI contract (docs/DESIGN.md): `n,winner,winning_openings`, the
//! openings space-separated and ascending, empty when the second player wins.

use crate::outcome::Outcome;
use std::fmt::Write;

/// The output formats of `jg table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
}

/// Renders the rows in the given format; the result ends with a newline.
pub fn render(rows: &[Outcome], format: Format) -> String {
    match format {
        Format::Text => render_text(rows),
        Format::Csv => render_csv(rows),
        Format::Json => {
            let mut text = serde_json::to_string_pretty(rows).expect("outcomes always serialize");
            text.push('\n');
            text
        }
    }
}

fn openings_text(row: &Outcome) -> String {
    let words: Vec<String> = row.winning_openings.iter().map(u64::to_string).collect();
    words.join(" ")
}

fn render_csv(rows: &[Outcome]) -> String {
    let mut out = String::from("n,winner,winning_openings\n");
    for row in rows {
        let _ = writeln!(
            out,
            "{},{},{}",
            row.n,
            row.winner.name(),
            openings_text(row)
        );
    }
    out
}

fn render_text(rows: &[Outcome]) -> String {
    let width = rows
        .iter()
        .map(|r| r.n.to_string().len())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut out = format!(
        "{:>width$}  {:<6}  {:<8}  winning openings\n",
        "n", "winner", "method"
    );
    for row in rows {
        let openings = match (row.winning_openings.is_empty(), row.all_openings) {
            (true, _) => "-".to_string(),
            (false, true) => openings_text(row),
            (false, false) => format!("{} (not all tried)", openings_text(row)),
        };
        let _ = writeln!(
            out,
            "{:>width$}  {:<6}  {:<8}  {}",
            row.n,
            row.winner.name(),
            row.method.name(),
            openings
        );
    }
    out
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
        ]
    }

    #[test]
    fn csv_follows_the_contract() {
        assert_eq!(
            render(&rows(), Format::Csv),
            "n,winner,winning_openings\n1,second,\n42,first,22 26\n"
        );
    }

    #[test]
    fn json_names_players_in_lowercase() {
        let json = render(&rows(), Format::Json);
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed[1]["winner"], "first");
        assert_eq!(parsed[1]["winning_openings"][1], 26);
        assert_eq!(parsed[0]["method"], "search");
    }

    #[test]
    fn text_aligns_columns_and_marks_partial_lists() {
        let mut partial = rows();
        partial[1].all_openings = false;
        let text = render(&partial, Format::Text);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[2].ends_with("22 26 (not all tried)"), "{text}");
        assert!(lines[1].contains(" second "), "{text}");
    }
}
