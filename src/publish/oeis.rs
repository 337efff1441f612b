//! `jg oeis`: the results in the form the OEIS takes them, b-files (`n a(n)` lines, after `#`
//! comment lines), each written only from certificates the verifier crate accepts now:
//!
//! - `second-player-wins.txt`: the n for which the second player wins (a finite sequence, all
//!   of it), from the theorem folder `certificates/` (every file verified, no gap);
//! - `winning-openings.txt` and `smallest-winning-opening.txt`: for each n, how many even
//!   openings win, and the smallest (0 when none does), from the openings certificates of
//!   `certificates/openings/` (kind 4), for the unbroken run n = 1, 2, … they cover;
//! - `b337125.txt`: A337125, the longest chain of 1..n, from `certificates/chains/`.
//!
//! Any file of a folder that the verifier refuses stops the run with its name: a b-file is never
//! written from part of a folder that holds an invalid certificate. The output is the same
//! bytes for the same certificates.

use crate::game::{OpeningRule, Player};
use crate::proofs::accept::{self, FolderError};
use crate::publish::theorem_document;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Why no b-file was written.
#[derive(Debug, thiserror::Error)]
pub enum OeisError {
    /// A folder that cannot be read whole: a certificate refused (the verifier's reason, or a
    /// claim that is not what its name says), or a file that cannot be read.
    #[error(transparent)]
    Folder(#[from] FolderError),
    /// Two certificates of the folder that disagree.
    #[error("{file}: {why}")]
    Invalid { file: String, why: String },
    /// The folder does not prove what the b-file needs (a gap, an empty folder).
    #[error("{0}")]
    Incomplete(String),
    #[error("{0}")]
    Io(String),
}

/// One b-file: its name in the output folder and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BFile {
    pub name: &'static str,
    pub text: String,
}

/// The file names, in the order they are written.
pub const SECOND_PLAYER: &str = "second-player-wins.txt";
pub const WINNING_COUNT: &str = "winning-openings.txt";
pub const SMALLEST_WINNING: &str = "smallest-winning-opening.txt";
pub const A337125: &str = "b337125.txt";

/// The n from which docs/large-n.md proves a first-player win (4 · 89693, Dusart's threshold).
pub const LARGE_N_FROM: u64 = 358_772;

/// The last comment line of the project's own lists (not of A337125's b-file, which speaks in
/// OEIS's words like the b-files of the counts).
const WRITTEN_BY: &str =
    "Written by `jg oeis` from certificates the verifier jg-verify accepts; do not edit by hand.";

/// The b-file text: the comment lines, then `n a(n)` for each term.
fn b_file(comments: &[String], terms: &[(u64, u64)]) -> String {
    let mut text = String::new();
    for line in comments {
        let _ = writeln!(text, "# {line}");
    }
    for (n, a) in terms {
        let _ = writeln!(text, "{n} {a}");
    }
    text
}

/// The second-player n, from the theorem folder: every `*.bin` verified (refused files stop the
/// run), no two files disagreeing and no gap from 1 to the folder's end.
pub fn second_player_wins(folder: &Path) -> Result<BFile, OeisError> {
    let entries = accept::read_theorem_folder(folder)?;
    let accept::Coverage {
        covered,
        second,
        gaps,
    } = accept::coverage(&entries).map_err(|disagreement| OeisError::Invalid {
        file: folder.display().to_string(),
        why: disagreement.to_string(),
    })?;
    if let Some(&(a, b)) = gaps.first() {
        return Err(OeisError::Incomplete(format!(
            "{}: no certificate proves n = {a}..{b}",
            folder.display()
        )));
    }
    if covered < LARGE_N_FROM {
        return Err(OeisError::Incomplete(format!(
            "{}: the folder ends at n = {covered}, below n = {LARGE_N_FROM}, where the written \
             proof of docs/large-n.md takes over: the list would not be known complete",
            folder.display()
        )));
    }
    let files: Vec<String> = entries
        .iter()
        .filter(|e| e.decoded.winner == Player::Second && e.decoded.rule == OpeningRule::Even)
        .map(|e| e.file.clone())
        .collect();
    let comments = vec![
        "Juniper Green on 1..n (the first number named must be even; each later one divides or is \
         a multiple of the one before; a player who cannot move loses): the n for which the \
         second player wins. A finite sequence, given in full."
            .to_string(),
        format!(
            "Each term n is proved by certificates/cert-n.bin (a closed pairing): {}.",
            files.join(" ")
        ),
        format!(
            "Completeness: the {} certificates of certificates/ cover every n from 1 to {} \
             (jg-verify --covers 1..{covered} certificates/*.bin), and docs/large-n.md proves \
             that the first player wins for every n ≥ {LARGE_N_FROM}.",
            entries.len(),
            theorem_document::spell(covered)
        ),
        WRITTEN_BY.to_string(),
    ];
    let terms: Vec<(u64, u64)> = (1..).zip(second.iter().copied()).collect();
    Ok(BFile {
        name: SECOND_PLAYER,
        text: b_file(&comments, &terms),
    })
}

/// The two openings b-files (how many openings win, the smallest), from
/// `accept::openings_terms`.
pub fn winning_openings(folder: &Path) -> Result<[BFile; 2], OeisError> {
    let run = accept::openings_terms(folder)?;
    let last = run.last().map_or(0, |r| r.0);
    let source = format!(
        "Each term a(n) is proved by certificates/openings/cert-n-openings.bin (n = 1..{last}), an \
         openings certificate: for every even opening of 1..n, a proof that it wins or that it \
         loses (spec.md §3.4)."
    );
    let game =
        "Juniper Green on 1..n (the first number named must be even; each later one divides \
                or is a multiple of the one before; a player who cannot move loses)";
    let count = BFile {
        name: WINNING_COUNT,
        text: b_file(
            &[
                format!(
                    "{game}: the number of winning first moves (even numbers the first player \
                     can open with and still win), n = 1..{last}."
                ),
                source.clone(),
                WRITTEN_BY.to_string(),
            ],
            &run.iter()
                .map(|(n, winning)| (*n, winning.len() as u64))
                .collect::<Vec<_>>(),
        ),
    };
    let smallest = BFile {
        name: SMALLEST_WINNING,
        text: b_file(
            &[
                format!(
                    "{game}: the smallest winning first move, or 0 when the second player wins, \
                     n = 1..{last}."
                ),
                source,
                WRITTEN_BY.to_string(),
            ],
            &run.iter()
                .map(|(n, winning)| (*n, winning.first().copied().unwrap_or(0)))
                .collect::<Vec<_>>(),
        ),
    };
    Ok([count, smallest])
}

/// The A337125 b-file, from `accept::chain_terms`.
pub fn longest_chains(folder: &Path) -> Result<BFile, OeisError> {
    let terms = accept::chain_terms(folder)?;
    let last = terms.last().map_or(0, |t| t.0);
    // In OEIS's words, like the b-files of the counts: the title line and one comment in plain
    // words (no command, no path).
    let comments = vec![
        format!("A337125: Table of n, a(n) for n = 1..{last}"),
        "Each term is proved by a certificate that an independent verifier checks: a chain of \
         a(n) numbers of 1..n, each dividing or a multiple of the one before, and an exact proof \
         that no such chain is longer."
            .to_string(),
    ];
    Ok(BFile {
        name: A337125,
        text: b_file(&comments, &terms),
    })
}

/// Every b-file, in the order of the names above.
pub fn generate(theorem: &Path, openings: &Path, chains: &Path) -> Result<Vec<BFile>, OeisError> {
    let second = second_player_wins(theorem)?;
    let [count, smallest] = winning_openings(openings)?;
    let chains = longest_chains(chains)?;
    Ok(vec![second, count, smallest, chains])
}

/// Writes the b-files into `dir` (created if needed); returns the paths written.
pub fn write(dir: &Path, files: &[BFile]) -> Result<Vec<PathBuf>, OeisError> {
    std::fs::create_dir_all(dir)
        .map_err(|error| OeisError::Io(format!("cannot create {}: {error}", dir.display())))?;
    let mut written = Vec::new();
    for file in files {
        let path = dir.join(file.name);
        crate::proofs::certificate::write_atomically(&path, file.text.as_bytes())
            .map_err(|error| OeisError::Io(format!("cannot write {}: {error}", path.display())))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_b_file_is_comments_then_one_term_a_line() {
        let text = b_file(&["A test.".into()], &[(1, 0), (2, 5)]);
        assert_eq!(text, "# A test.\n1 0\n2 5\n");
    }
}
