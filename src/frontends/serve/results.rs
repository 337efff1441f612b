//! The Results page's routes: who wins one n (`Solver`, as `jg solve`), the theorem (the text of
//! docs/THEOREM.md, which `jg theorem` writes from the verified certificates), the chart of
//! winners (`draw::plot_winners`, as `jg table --format svg`) and the certificate of n (as
//! `jg certify n`).

use super::bounds::{MAX_CHART_N, MAX_LISTED_OPENINGS_N};
use super::error::ApiError;
use crate::engines::schemes;
use crate::engines::solver::{SolveError, Solver};
use crate::frontends::draw::plot_winners;
use crate::game::{OpeningRule, Player};
use crate::outcome::Method;
use crate::proofs::certify::{certify, Options};
use serde_json::{json, Value};

/// The generated theorem document, read at build time.
const THEOREM_MD: &str = include_str!("../../../docs/THEOREM.md");

/// `GET /api/results/{n}`: the winner, the openings where they are listed, the scheme and the
/// method (docs/API.md).
pub fn results(n: u64) -> Result<Value, ApiError> {
    if n == 0 {
        return Err(ApiError::unprocessable("n must be at least 1"));
    }
    let all = n <= MAX_LISTED_OPENINGS_N;
    let outcome = Solver::default()
        .solve(n, OpeningRule::Even, all)
        .map_err(|error| ApiError::unprocessable(error.to_string()))?;
    let (openings, note) = match (outcome.all_openings, outcome.winner) {
        (true, Player::Second) => (
            Some(Vec::new()),
            "the second player wins: every opening loses against best play".to_string(),
        ),
        (true, Player::First) => (
            Some(outcome.winning_openings.clone()),
            "every opening decided (one maximum matching)".to_string(),
        ),
        (false, _) => {
            let one: Vec<String> = outcome
                .winning_openings
                .iter()
                .map(u64::to_string)
                .collect();
            (
                None,
                format!(
                    "the winning openings are listed for n ≤ {MAX_LISTED_OPENINGS_N}; above, the \
                     {} proves one: {}",
                    outcome.method.name(),
                    one.join(" ")
                ),
            )
        }
    };
    let scheme = (outcome.winner == Player::First)
        .then(|| schemes::scheme_for(n))
        .flatten()
        .map(|scheme| {
            let range = scheme.valid_range();
            format!(
                "the prime-window scheme {scheme}: the first player opens with {} and answers \
                 by its chains, on every board 1..m with {} ≤ m ≤ {} (docs/MATH.md §4)",
                scheme.opening(),
                range.start(),
                range.end()
            )
        });
    let method = match outcome.method {
        Method::Matching => {
            "matching: one maximum matching of the divisibility graph and its \
                             Gallai–Edmonds sets decide every opening (docs/MATH.md §3)"
        }
        Method::Scheme => {
            "scheme: a prime-window scheme gives the first player a pairing \
                           strategy, which the verifier checks (docs/MATH.md §4)"
        }
        Method::Search => "search: the exact game-tree search (docs/MATH.md §2)",
    };
    Ok(json!({
        "n": n.to_string(),
        "winner": outcome.winner.name(),
        "openings": openings,
        "openings_note": note,
        "scheme": scheme,
        "method": method,
    }))
}

/// A paragraph of docs/THEOREM.md that starts with `**Label.**`, as plain text: the label,
/// links reduced to their words, no emphasis.
fn paragraph(label: &str) -> String {
    let start = format!("**{label}.**");
    let text = THEOREM_MD
        .lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_default();
    plain(text)
}

/// Markdown to plain words: `[words](target)` becomes `words`; `**` and backticks go.
fn plain(markdown: &str) -> String {
    let mut out = String::new();
    let mut rest = markdown;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find("](").and_then(|close| {
            let end = after[close..].find(')')? + close;
            Some((close, end))
        }) {
            Some((close, end)) => {
                out.push_str(&after[..close]);
                rest = &after[end + 1..];
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "").replace('`', "")
}

/// `GET /api/theorem`: the statement and its proof, from docs/THEOREM.md.
pub fn theorem() -> Value {
    let proof = [paragraph("Proof"), paragraph("Formally proved")]
        .into_iter()
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    json!({ "statement": paragraph("Theorem"), "proof": proof })
}

/// `GET /api/chart.svg?to=N`: the winner of every n in 1..=N as an SVG chart.
pub fn chart(to: u64) -> Result<String, ApiError> {
    if !(1..=MAX_CHART_N).contains(&to) {
        return Err(ApiError::unprocessable(format!(
            "to = {to} is out of range: the chart covers 1..N with 1 ≤ N ≤ {MAX_CHART_N}"
        )));
    }
    let mut winners = Vec::new();
    Solver::default()
        .solve_range(1, to, OpeningRule::Even, false, &mut |row| {
            winners.push((row.n, row.winner));
            Ok::<(), SolveError>(())
        })
        .map_err(|error| ApiError::unprocessable(error.to_string()))?;
    Ok(plot_winners(&winners, OpeningRule::Even))
}

/// `GET /api/certificate/{n}`: the bytes `jg certify n` writes, checked by the verifier.
pub fn certificate(n: u64) -> Result<Vec<u8>, ApiError> {
    if n == 0 {
        return Err(ApiError::unprocessable("n must be at least 1"));
    }
    certify(n, &Options::default())
        .map(|certified| certified.bytes)
        .map_err(|error| ApiError::unprocessable(error.to_string()))
}
