//! One oracle for positions: who wins after a line of play, and with which moves. `jg solve
//! --after` and `jg play`'s hints (and `jg draw`'s marks) all ask `PositionOracle`, so they
//! cannot disagree. The matching engine answers for any n ≤ `matching::MAX_N`
//! (docs/MATH.md §3); for n ≤ 128 the exact search can be asked to decide the same position,
//! and a disagreement is an error, never an answer.

use crate::engines::matching::{self, Analysis};
use crate::engines::search::{SearchConfig, Searcher};
use crate::game::{Board, IllegalLine, OpeningRule, MAX_SMALL_N};

/// Why a position cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("illegal line of play: {0}")]
    Illegal(#[from] IllegalLine),
    #[error("n = {n}: positions are analysed by the matching method, which stops at n = {max}")]
    TooLarge { n: u64, max: u64 },
    #[error("internal disagreement: matching says {matching:?}, search says {search:?}")]
    Disagreement {
        matching: Vec<u64>,
        search: Vec<u64>,
    },
}

/// The analysis of positions under one opening rule.
#[derive(Clone, Debug, Default)]
pub struct PositionOracle {
    pub rule: OpeningRule,
    /// When set, the exact search (with this configuration: its table size is the caller's
    /// `--table-mib`) decides every position of a board with n ≤ 128 as well.
    pub cross_check: Option<SearchConfig>,
}

impl PositionOracle {
    /// The matching engine alone (what `jg play` uses: one matching per position, any n).
    pub fn new(rule: OpeningRule) -> PositionOracle {
        PositionOracle {
            rule,
            cross_check: None,
        }
    }

    /// The position after `line` on 1..=n, checked against the rules first.
    pub fn analyse(&self, n: u64, line: &[u64]) -> Result<Analysis, PositionError> {
        if n > matching::MAX_N {
            return Err(PositionError::TooLarge {
                n,
                max: matching::MAX_N,
            });
        }
        let analysis = matching::analyse(n, self.rule, line)?;
        if let Some(config) = self
            .cross_check
            .as_ref()
            .filter(|_| n <= MAX_SMALL_N as u64)
        {
            let board = Board::with_opening(n as u32, self.rule);
            let position = board.play_line(line)?;
            let search: Vec<u64> = Searcher::new(&board, config)
                .winning_moves(&position)
                .into_iter()
                .map(u64::from)
                .collect();
            if search != analysis.winning_moves {
                return Err(PositionError::Disagreement {
                    matching: analysis.winning_moves,
                    search,
                });
            }
        }
        Ok(analysis)
    }

    /// Whether the search decides positions of 1..=n too (`cross_check` set and n ≤ 128).
    pub fn cross_checks(&self, n: u64) -> bool {
        self.cross_check.is_some() && n <= MAX_SMALL_N as u64
    }

    /// The winning moves of the player to move after `line`, ascending; empty when that player
    /// loses or has no move. A line it cannot analyse (illegal, or n too large) is an error, not
    /// an empty list, which would read as "lost".
    pub fn winning_moves(&self, n: u64, line: &[u64]) -> Result<Vec<u64>, PositionError> {
        self.analyse(n, line).map(|analysis| analysis.winning_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{naive_legal_moves, to_move_wins};

    #[test]
    fn the_oracle_agrees_with_plain_recursion_and_with_the_search() {
        let checked = PositionOracle {
            rule: OpeningRule::Even,
            cross_check: Some(SearchConfig::default()),
        };
        for n in 1..=14 {
            for line in [vec![], vec![2], vec![4, 1], vec![6, 3, 9]] {
                let Ok(analysis) = checked.analyse(n, &line) else {
                    assert!(line.iter().any(|&k| k > n), "n = {n}, {line:?}");
                    continue;
                };
                let mut winning = Vec::new();
                for m in naive_legal_moves(n, &line) {
                    let mut after = line.clone();
                    after.push(m);
                    if !to_move_wins(n, &mut after) {
                        winning.push(m);
                    }
                }
                assert_eq!(analysis.winning_moves, winning, "n = {n}, {line:?}");
                assert_eq!(analysis.to_move_wins, !winning.is_empty());
            }
        }
    }

    #[test]
    fn illegal_lines_and_boards_too_large_are_errors() {
        let oracle = PositionOracle::new(OpeningRule::Even);
        assert!(matches!(
            oracle.analyse(10, &[3]),
            Err(PositionError::Illegal(_))
        ));
        assert!(matches!(
            oracle.winning_moves(10, &[3]),
            Err(PositionError::Illegal(_))
        ));
        let n = matching::MAX_N + 1;
        assert_eq!(
            oracle.analyse(n, &[]).unwrap_err(),
            PositionError::TooLarge {
                n,
                max: matching::MAX_N
            }
        );
    }
}
