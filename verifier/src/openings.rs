//! Openings certificates (kind 4, spec.md §3.4, §4.8): which openings win, proved opening by
//! opening. The entries must name every allowed opening exactly once; each is then proved on
//! its own, as a closure or a barrier, with the board's work and the position bound shared.

use crate::format::{Entry, Strategy};
use crate::rules::Board;
use crate::{prove, Kind, Limits, OpeningRule, Rejection, Verdict, Winner};

/// Checks every entry; sets the verdict's winning openings and returns the positions in all.
pub(crate) fn check(
    board: &mut Board, verdict: &mut Verdict, (entries, offset): (&[Entry], u64), limits: &Limits,
    used: u64,
) -> Result<u64, Rejection> {
    let winning = coverage(verdict, entries)
        .map_err(|what| Rejection::Body { offset, what: format!("the entries: {what}") })?;
    let header = |what: String| Rejection::Header { offset: 24, what };
    match (verdict.winner, winning.first()) {
        (Winner::Second, Some(opening)) => {
            return Err(header(format!("the second player is claimed to win, but {opening} wins")))
        }
        (Winner::First, None) => {
            return Err(header("the first player is claimed to win, but no opening wins".into()))
        }
        _ => {}
    }
    let mut positions = 0u64;
    for entry in entries {
        let (winner, only, strategy) = match entry {
            Entry::Win(strategy) => (Winner::First, None, strategy),
            Entry::Lose(openings, offset, strategy) => {
                (Winner::Second, Some((&openings[..], *offset)), strategy)
            }
        };
        // Every entry is a closed pairing or a barrier: neither is walked (§4.8, §4.10).
        let claim = Verdict { winner, kind: Kind::ClosedPairing, ..verdict.clone() };
        let left = Limits { max_positions: limits.max_positions - positions, ..limits.clone() };
        positions += prove(board, &claim, strategy, only, &left, used)?;
    }
    verdict.winning_openings = Some(winning);
    Ok(positions)
}

/// The winning openings, ascending, once every allowed opening is named by exactly one entry.
fn coverage(verdict: &Verdict, entries: &[Entry]) -> Result<Vec<u64>, String> {
    let (mut named, mut winning) = (Vec::new(), Vec::new());
    for entry in entries {
        match entry {
            Entry::Win(Strategy::Pairing { opening, .. }) => winning.push(*opening),
            Entry::Win(_) => {}
            Entry::Lose(openings, _, strategy) => {
                named.extend(openings);
                if let Strategy::Barrier { paths, .. } = strategy {
                    winning.extend(paths.iter().filter_map(|(path, _)| path.last()));
                }
            }
        }
    }
    named.extend(&winning);
    named.sort_unstable();
    winning.sort_unstable();
    let step = if verdict.opening_rule == OpeningRule::Even { 2 } else { 1 };
    let expected = (1..=verdict.n / step).map(|k| k * step);
    let mismatch = named
        .iter()
        .map(Some)
        .chain(std::iter::repeat(None))
        .zip(expected)
        .find(|(got, want)| *got != Some(want));
    if let Some((got, want)) = mismatch {
        return Err(match got {
            Some(&got) if got < want => format!("{got} is named twice or is no opening"),
            _ => format!("the opening {want} is named by no entry"),
        });
    }
    if let Some(extra) = named.get((verdict.n / step) as usize) {
        return Err(format!("{extra} is named twice or is no opening"));
    }
    Ok(winning)
}
