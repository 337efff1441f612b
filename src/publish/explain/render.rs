//! Rendering: the document as blocks, each written the same way in Markdown and in LaTeX.

use std::fmt::Write as _;

/// Output language of a rendered proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Latex,
}

/// A piece of the document, rendered the same way in both formats.
pub(super) enum Block {
    Title(String),
    Heading(String),
    Para(String),
    /// A line of its own, such as `Opening: 22`.
    Line(String),
    Items(Vec<String>),
    /// Header cells, then rows; the first `usize` columns are numbers (aligned right).
    Table(Vec<String>, Vec<Vec<String>>, usize),
    Code(Vec<String>),
}

pub(super) fn markdown(blocks: &[Block], name: &str) -> String {
    let mut s = String::new();
    for block in blocks {
        match block {
            Block::Title(t) => {
                let _ = writeln!(s, "# {t}\n");
            }
            Block::Heading(t) => {
                let _ = writeln!(s, "## {t}\n");
            }
            Block::Para(t) => {
                let _ = writeln!(s, "{t}\n");
            }
            Block::Line(t) => {
                let _ = writeln!(s, "{t}\n");
            }
            Block::Items(items) => {
                for item in items {
                    let _ = writeln!(s, "- {item}");
                }
                s.push('\n');
            }
            Block::Table(header, rows, numeric) => {
                let _ = writeln!(s, "| {} |", header.join(" | "));
                let align: Vec<&str> = (0..header.len())
                    .map(|i| if i < *numeric { "---:" } else { "---" })
                    .collect();
                let _ = writeln!(s, "|{}|", align.join("|"));
                for row in rows {
                    let _ = writeln!(s, "| {} |", row.join(" | "));
                }
                s.push('\n');
            }
            Block::Code(lines) => {
                let _ = writeln!(s, "```sh");
                for line in lines {
                    let _ = writeln!(s, "{}", line.replace("CERTIFICATE", name));
                }
                let _ = writeln!(s, "```\n");
            }
        }
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

/// Escapes text for LaTeX: special characters, then the few Unicode signs the text uses.
/// `code` spans (between backticks) become \texttt and **bold** becomes \textbf.
pub fn tex_escape(text: &str) -> String {
    let mut out = String::new();
    let mut code = false;
    let mut bold = false;
    let mut in_code = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if code && c != '`' {
            // Long hashes in code spans may break every 16 characters.
            in_code += 1;
            if in_code % 16 == 0 {
                out.push_str("\\allowbreak{}");
            }
        }
        match c {
            '`' => {
                out.push_str(if code { "}" } else { "\\texttt{" });
                code = !code;
                in_code = 0;
            }
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                out.push_str(if bold { "}" } else { "\\textbf{" });
                bold = !bold;
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '·' => out.push_str("$\\cdot$"),
            '×' => out.push_str("$\\times$"),
            '−' => out.push_str("$-$"),
            '→' => out.push_str("$\\to$"),
            '§' => out.push_str("\\S{}"),
            '…' => out.push_str("\\ldots{}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            _ => out.push(c),
        }
    }
    if code || bold {
        out.push('}');
    }
    out
}

pub(super) fn latex(blocks: &[Block], name: &str) -> String {
    let mut s = String::from(
        "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage{longtable}\n\
         \\begin{document}\n",
    );
    for block in blocks {
        match block {
            Block::Title(t) => {
                let _ = writeln!(s, "\\section*{{{}}}\n", tex_escape(t));
            }
            Block::Heading(t) => {
                let _ = writeln!(s, "\\subsection*{{{}}}\n", tex_escape(t));
            }
            Block::Para(t) => {
                let _ = writeln!(s, "{}\n", tex_escape(t));
            }
            Block::Line(t) => {
                let _ = writeln!(s, "\\noindent {}\n", tex_escape(t));
            }
            Block::Items(items) => {
                s.push_str("\\begin{itemize}\n");
                for item in items {
                    let _ = writeln!(s, "\\item {}", tex_escape(item));
                }
                s.push_str("\\end{itemize}\n\n");
            }
            Block::Table(header, rows, numeric) => {
                let spec: String = (0..header.len())
                    .map(|i| if i < *numeric { 'r' } else { 'l' })
                    .collect();
                let _ = writeln!(s, "\\begin{{longtable}}{{{spec}}}");
                let cells: Vec<String> = header.iter().map(|h| tex_escape(h)).collect();
                let _ = writeln!(s, "{} \\\\\n\\hline\n\\endhead", cells.join(" & "));
                for row in rows {
                    let cells: Vec<String> = row.iter().map(|c| tex_escape(c)).collect();
                    let _ = writeln!(s, "{} \\\\", cells.join(" & "));
                }
                s.push_str("\\end{longtable}\n\n");
            }
            Block::Code(lines) => {
                s.push_str("\\begin{verbatim}\n");
                for line in lines {
                    let _ = writeln!(s, "{}", line.replace("CERTIFICATE", name));
                }
                s.push_str("\\end{verbatim}\n\n");
            }
        }
    }
    s.push_str("\\end{document}\n");
    s
}
