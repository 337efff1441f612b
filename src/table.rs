//! The results table: one `Outcome` per n, rendered as aligned text, CSV or JSON.
//! The CSV columns are the CLI contract (ARCHITECTURE.md): `n,winner,winning_openings`, the
//! openings space-separated and ascending, empty when the second player wins.

use crate::outcome::Outcome;
use crate::OpeningRule;
use std::fmt::Write;
use std::path::Path;

/// The output formats of `jg table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
}

/// Renders the rows in the given format; the result ends with a newline.
pub fn render(rows: &[Outcome], format: Format) -> String {
    render_certified(rows, format, None)
}

/// Renders the rows with, when `certified` is given (one flag per row), a last column
/// `certified` (text: `yes` or `-`; csv: `yes` or empty; json: a boolean field).
pub fn render_certified(rows: &[Outcome], format: Format, certified: Option<&[bool]>) -> String {
    let mut text = match format {
        Format::Text => return render_text(rows, certified),
        Format::Csv => render_csv(rows),
        Format::Json => {
            let mut value = serde_json::to_value(rows).expect("outcomes always serialize");
            if let (Some(flags), Some(list)) = (certified, value.as_array_mut()) {
                for (row, &flag) in list.iter_mut().zip(flags) {
                    row["certified"] = flag.into();
                }
            }
            let mut text = serde_json::to_string_pretty(&value).expect("values serialize");
            text.push('\n');
            return text;
        }
    };
    if let Some(flags) = certified {
        let (yes, no) = if format == Format::Csv {
            (",yes", ",")
        } else {
            ("  yes", "  -")
        };
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default().to_string();
        let column = if format == Format::Csv {
            ",certified"
        } else {
            "  certified"
        };
        let mut out = format!("{header}{column}\n");
        for (line, &flag) in lines.zip(flags) {
            let _ = writeln!(out, "{line}{}", if flag { yes } else { no });
        }
        text = out;
    }
    text
}

/// For each row: whether `dir/cert-N-openings.bin` exists, the verifier accepts it under the
/// same opening rule, and the winning openings it proves are exactly the row's (a complete
/// list). A file that is missing or rejected leaves its row unmarked.
pub fn certified_rows(rows: &[Outcome], dir: &Path, rule: OpeningRule) -> Vec<bool> {
    let verifier_rule = match rule {
        OpeningRule::Even => jg_verify::OpeningRule::Even,
        OpeningRule::Free => jg_verify::OpeningRule::Free,
    };
    rows.iter()
        .map(|row| {
            let Ok(bytes) = std::fs::read(dir.join(crate::openings::file_name(row.n))) else {
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
        })
        .collect()
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

fn render_text(rows: &[Outcome], certified: Option<&[bool]>) -> String {
    let width = rows
        .iter()
        .map(|r| r.n.to_string().len())
        .max()
        .unwrap_or(1)
        .max(1);
    // The optional column goes before the openings, whose width varies.
    let column = |flag: Option<bool>| match (certified, flag) {
        (None, _) => String::new(),
        (Some(_), None) => format!("{:<9}  ", "certified"),
        (Some(_), Some(flag)) => format!("{:<9}  ", if flag { "yes" } else { "-" }),
    };
    let mut out = format!(
        "{:>width$}  {:<6}  {:<8}  {}winning openings\n",
        "n",
        "winner",
        "method",
        column(None)
    );
    for (index, row) in rows.iter().enumerate() {
        let flag = certified.and_then(|flags| flags.get(index).copied());
        let openings = match (row.winning_openings.is_empty(), row.all_openings) {
            (true, _) => "-".to_string(),
            (false, true) => openings_text(row),
            (false, false) => format!("{} (not all tried)", openings_text(row)),
        };
        let _ = writeln!(
            out,
            "{:>width$}  {:<6}  {:<8}  {}{}",
            row.n,
            row.winner.name(),
            row.method.name(),
            column(Some(flag.unwrap_or(false))),
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

    #[test]
    fn the_certified_column_follows_the_flags() {
        let flags = [false, true];
        let csv = render_certified(&rows(), Format::Csv, Some(&flags));
        assert_eq!(
            csv,
            "n,winner,winning_openings,certified\n1,second,,\n42,first,22 26,yes\n"
        );
        let text = render_certified(&rows(), Format::Text, Some(&flags));
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains("  certified  winning openings"), "{text}");
        assert!(lines[1].ends_with("  -          -"), "{text}");
        assert!(lines[2].ends_with("  yes        22 26"), "{text}");
        let json = render_certified(&rows(), Format::Json, Some(&flags));
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed[0]["certified"], false);
        assert_eq!(parsed[1]["certified"], true);
        assert_eq!(
            render_certified(&rows(), Format::Csv, None),
            render(&rows(), Format::Csv)
        );
    }
}
