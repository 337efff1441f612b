//! The published table of values, `certificates/grundy/`: `start.txt` (lines `n value`) and
//! `openings.txt` (lines `n opening value`) for the game, `start-any.txt` and
//! `openings-any.txt` for the version whose first number may be any number. Each file opens
//! with a header in the words of an OEIS b-file (what the terms are, how and when they were
//! computed), and its bytes depend on nothing but N: the same N writes the same files.

use super::{BoardValues, GrundyError, Limits, Values};
use crate::game::OpeningRule;
use rayon::prelude::*;

/// When the table was first computed (in the header, so that a later run writes the same bytes).
pub const COMPUTED: &str = "December 2026";

/// The name of a file of the table.
pub fn file_name(kind: Kind, rule: OpeningRule) -> &'static str {
    match (kind, rule) {
        (Kind::Start, OpeningRule::Even) => "start.txt",
        (Kind::Openings, OpeningRule::Even) => "openings.txt",
        (Kind::Start, OpeningRule::Free) => "start-any.txt",
        (Kind::Openings, OpeningRule::Free) => "openings-any.txt",
    }
}

/// The two files of each rule: the start's values, and the values after each opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Start,
    Openings,
}

fn game_words(rule: OpeningRule) -> &'static str {
    match rule {
        OpeningRule::Even => "Juniper Green on 1..n (the first number named must be even; each later one divides or is a multiple of the one before; a player who cannot move loses)",
        OpeningRule::Free => "Juniper Green on 1..n with a free first move (the first number named may be any number of 1..n; each later one divides or is a multiple of the one before; a player who cannot move loses)",
    }
}

/// The header lines of a file for n = 1..to.
pub fn header(kind: Kind, rule: OpeningRule, to: u64) -> String {
    let what = match kind {
        Kind::Start => format!(
            "# Sprague-Grundy value of the starting position of {}, n = 1..{to}. Lines: n, value.",
            game_words(rule)
        ),
        Kind::Openings => format!(
            "# Sprague-Grundy value of the position after the first move k of {}, for n = 1..{to} and each allowed first move k in increasing order. Lines: n, k, value.",
            game_words(rule)
        ),
    };
    format!(
        "{what}\n\
         # A position's value is the mex (least nonnegative integer not present) of the values of the positions one move away; it is 0 exactly when the player to move loses. Computed exactly ({COMPUTED}) by a memoized search over the reachable positions, each reduced to the last number and the unplayed numbers connected to it, with the positions lost for the player to move found by maximum matchings (docs/GRUNDY.md); the values were checked against plain recursion for n <= 18 and against a second, plain memoized search for n <= 36, and value 0 against the matching theorem for every line.\n\
         # Written by jg's Grundy engine; do not edit by hand.\n"
    )
}

/// The values of the start of 1..=n for every n of `1..=to`, in parallel over n (each board
/// under `limits`; the order and the values do not depend on the threads). `progress(n)` is
/// called as each board is done.
pub fn compute(
    to: u64,
    rule: OpeningRule,
    limits: Limits,
    progress: impl Fn(u64) + Sync,
) -> Result<Vec<Values>, GrundyError> {
    // The largest boards first, so that two threads end together.
    let mut all: Vec<(u64, Values)> = (1..=to)
        .rev()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|n| {
            let values = BoardValues::new(n, rule, limits)?.after(&[], |_, _| {})?;
            progress(n);
            Ok((n, values))
        })
        .collect::<Result<_, GrundyError>>()?;
    all.sort_by_key(|&(n, _)| n);
    Ok(all.into_iter().map(|(_, v)| v).collect())
}

/// The text of one file from the values of n = 1..=to (in order).
pub fn render(kind: Kind, rule: OpeningRule, values: &[Values]) -> String {
    let mut text = header(kind, rule, values.len() as u64);
    for v in values {
        match kind {
            Kind::Start => text.push_str(&format!("{} {}\n", v.n, v.value)),
            Kind::Openings => {
                for &(k, value) in &v.moves {
                    text.push_str(&format!("{} {k} {value}\n", v.n));
                }
            }
        }
    }
    text
}

/// The data lines of a file (its header left out), as numbers; None on a malformed line.
pub fn parse(text: &str) -> Option<Vec<Vec<u64>>> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            line.split(' ')
                .map(|word| word.parse::<u64>().ok())
                .collect()
        })
        .collect()
}
