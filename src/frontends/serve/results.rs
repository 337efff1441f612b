//! The Results page's routes: who wins one n (`Solver`, as `jg solve`), the theorem (the text of
//! docs/THEOREM.md, which `jg theorem` writes from the verified certificates), the chart of
//! winners (`draw::plot_winners`, as `jg table --format svg`) and the certificate of n (as
//! `jg certify n`).

use super::bounds::{MAX_CHART_N, MAX_GAME_N, MAX_LISTED_OPENINGS_N};
use super::error::ApiError;
use super::line::n_refused;
use crate::engines::schemes;
use crate::engines::solver::{SolveError, Solver};
use crate::frontends::draw::plot_winners;
use crate::game::{OpeningRule, Player};
use crate::outcome::Method;
use crate::proofs::certify::{certify, Options};
use crate::publish::explain::{explain_bytes, Format};
use serde_json::{json, Value};

/// The generated theorem document, read at build time.
const THEOREM_MD: &str = include_str!("../../../docs/THEOREM.md");

/// `GET /api/results/{n}`: the winner, the openings where they are listed, the scheme and the
/// method (docs/API.md).
pub fn results(n: u64) -> Result<Value, ApiError> {
    if n == 0 {
        return Err(n_refused("0", u64::MAX));
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
    let found = (outcome.winner == Player::First)
        .then(|| schemes::scheme_for(n))
        .flatten();
    let scheme = found.as_ref().map(|scheme| {
        let range = scheme.valid_range();
        format!(
            "the prime-window scheme {scheme}: the first player opens with {} and answers \
             by its chains, on every board 1..m with {} ≤ m ≤ {} (docs/MATH.md §4)",
            scheme.opening(),
            range.start(),
            range.end()
        )
    });
    let scheme_facts = found.as_ref().map(|scheme| {
        let range = scheme.valid_range();
        json!({
            "name": scheme.to_string(),
            "opening": scheme.opening().to_string(),
            "from": range.start().to_string(),
            "to": range.end().to_string(),
        })
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
        "scheme_facts": scheme_facts,
        "method_name": outcome.method.name(),
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

/// The n where the second player wins, as the Theorem paragraph of docs/THEOREM.md lists them
/// (`{1, 2, 4–7, …}`): runs `[first, last]`, ascending.
pub fn second_player_runs() -> Vec<[u64; 2]> {
    let statement = paragraph("Theorem");
    let Some(list) = statement
        .split_once('{')
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(list, _)| list)
    else {
        return Vec::new();
    };
    list.split(',')
        .filter_map(|item| {
            let item = item.trim();
            let (a, b) = item.split_once('–').unwrap_or((item, item));
            Some([a.trim().parse().ok()?, b.trim().parse().ok()?])
        })
        .collect()
}

/// The facts of the Proof paragraph of docs/THEOREM.md the pages word: "For 1 ≤ n ≤ 10^K by
/// the C certificates": (K, C).
pub fn proof_facts() -> Option<(u32, u64)> {
    let proof = paragraph("Proof");
    let power = proof.split_once("n ≤ 10^")?.1;
    let power: u32 = power
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let count = proof.split_once("by the ")?.1;
    let count: u64 = count.split(' ').next()?.parse().ok()?;
    Some((power, count))
}

/// `GET /api/theorem`: the statement and its proof, from docs/THEOREM.md, and the same as
/// numbers for the pages to word: the n where the second player wins, how far certificates
/// reach (10^`certified_to_power`) and how many there are.
pub fn theorem() -> Value {
    let proof = [paragraph("Proof"), paragraph("Formally proved")]
        .into_iter()
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let (power, certificates) = proof_facts().unzip();
    json!({
        "statement": paragraph("Theorem"),
        "proof": proof,
        "second_player_wins": second_player_runs(),
        "certified_to_power": power,
        "certificates": certificates,
        "formally_proved": !paragraph("Formally proved").is_empty(),
    })
}

/// `GET /api/chart.svg?to=N`: the winner of every n in 1..=N as an SVG chart.
pub fn chart(to: u64) -> Result<String, ApiError> {
    Ok(plot_winners(&winners_up_to(to)?, OpeningRule::Even))
}

/// (n, the winner of 1..n) for every n in 1..=`to`, in order; `to` refused outside
/// 1..=[`MAX_CHART_N`]. The chart and its data, `/api/winners`, both come from here.
fn winners_up_to(to: u64) -> Result<Vec<(u64, Player)>, ApiError> {
    if !(1..=MAX_CHART_N).contains(&to) {
        return Err(chart_refused(&to.to_string(), false));
    }
    let mut winners = Vec::new();
    Solver::default()
        .solve_range(1, to, OpeningRule::Even, false, &mut |row| {
            winners.push((row.n, row.winner));
            Ok::<(), SolveError>(())
        })
        .map_err(|error| ApiError::unprocessable(error.to_string()))?;
    Ok(winners)
}

/// The refusal of a chart's size: 400 when `typed` is no whole number (`malformed`), else 422.
pub fn chart_refused(typed: &str, malformed: bool) -> ApiError {
    let message = format!(
        "the chart cannot go up to {typed}: it goes up to a number from 1 to {MAX_CHART_N}"
    );
    let error = match malformed {
        true => ApiError::bad_request(message),
        false => ApiError::unprocessable(message),
    };
    error.with_code("chart_range", json!({ "to": typed, "max": MAX_CHART_N }))
}

/// `GET /api/winners?to=N`: the winner of every n in 1..=N, in order (the chart's data, for the
/// pages to draw in their language).
pub fn winners(to: u64) -> Result<Value, ApiError> {
    let winners: Vec<&str> = winners_up_to(to)?
        .into_iter()
        .map(|(_, winner)| winner.name())
        .collect();
    Ok(json!({ "to": to, "winners": winners }))
}

/// `GET /api/certificate/{n}`: the bytes `jg certify n` writes, checked by the verifier.
pub fn certificate(n: u64) -> Result<Vec<u8>, ApiError> {
    if n == 0 {
        return Err(n_refused("0", u64::MAX));
    }
    certify(n, &Options::default())
        .map(|certified| certified.bytes)
        .map_err(|error| ApiError::unprocessable(error.to_string()))
}

/// `GET /api/proof/{n}`: the proof that the winner of 1..n wins, as `jg explain` writes it
/// (Markdown) for the certificate `jg certify n` writes, for 1 ≤ n ≤ 10 000; the certificate is
/// at `/api/certificate/{n}`.
pub fn proof(n: u64) -> Result<Value, ApiError> {
    if !(1..=MAX_GAME_N).contains(&n) {
        return Err(n_refused(&n.to_string(), MAX_GAME_N));
    }
    let bytes = certificate(n)?;
    let name = format!("cert-{n}.bin");
    let markdown = explain_bytes(&bytes, &name, Format::Markdown).map_err(|why| {
        ApiError::new(
            http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("the certificate of n = {n} could not be written out: {why}"),
        )
    })?;
    Ok(json!({
        "n": n.to_string(),
        "markdown": markdown,
        "certificate": format!("/api/certificate/{n}"),
        "file": name,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theorems_list_is_the_solvers_up_to_200() {
        let runs = second_player_runs();
        let listed: Vec<u64> = runs.iter().flat_map(|&[a, b]| a..=b).collect();
        let mut solved = Vec::new();
        Solver::default()
            .solve_range(1, 200, OpeningRule::Even, false, &mut |row| {
                if row.winner == Player::Second {
                    solved.push(row.n);
                }
                Ok::<(), SolveError>(())
            })
            .unwrap();
        assert_eq!(listed, solved);
        assert!(runs.contains(&[4, 7]) && runs.last() == Some(&[118, 118]));
        let (power, certificates) = proof_facts().expect("the proof's facts");
        assert!(power >= 12 && certificates > 100, "{power} {certificates}");
    }
}
