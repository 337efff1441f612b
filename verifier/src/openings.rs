//! Openings certificates (kind 4, spec.md §3.4, §4.8): which openings win, proved opening by
//! opening. The entries must name every allowed opening exactly once; each is then proved on
//! its own, as a closure or a barrier, with the board's work and the position bound shared.

use crate::claim::{OpeningRule, Verdict, Winner};
use crate::format::{Barrier, Entry, Strategy};
use crate::rejection::Rejection;

/// The winning openings, once the entries name every allowed opening exactly once and agree
/// with the header's winner; each entry is then proved on its own (`check::verify_bytes`).
pub(crate) fn check(
    verdict: &Verdict, entries: &[Entry], offset: u64,
) -> Result<Vec<u64>, Rejection> {
    let winning = coverage(verdict, entries)
        .map_err(|what| Rejection::Body { offset, what: format!("the entries: {what}") })?;
    let what = match (verdict.winner, winning.first()) {
        (Winner::Second, Some(v)) => format!("the second player is claimed to win, but {v} wins"),
        (Winner::First, None) => "the first player is claimed to win, but no opening wins".into(),
        _ => return Ok(winning),
    };
    Err(Rejection::Header { offset: 24, what })
}

/// The winning openings, ascending, once every allowed opening is named by exactly one entry.
fn coverage(verdict: &Verdict, entries: &[Entry]) -> Result<Vec<u64>, String> {
    let (mut named, mut winning) = (Vec::new(), Vec::new());
    for entry in entries {
        match entry {
            Entry::Win(Strategy::Pairing(pairing)) => winning.push(pairing.opening),
            Entry::Win(_) => {}
            Entry::Lose(openings, _, strategy) => {
                named.extend(openings);
                if let Strategy::Barrier(Barrier { paths, .. }) = strategy {
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
    // The first place where the names differ from the openings, if any.
    if let Some((i, want)) = expected.enumerate().find(|&(i, want)| named.get(i) != Some(&want)) {
        return Err(match named.get(i) {
            Some(&got) if got < want => format!("{got} is named twice or is no opening"),
            _ => format!("the opening {want} is named by no entry"),
        });
    }
    if let Some(extra) = named.get((verdict.n / step) as usize) {
        return Err(format!("{extra} is named twice or is no opening"));
    }
    Ok(winning)
}
