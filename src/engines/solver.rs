//! Which engine decides an n, and whether it can: the choice behind `--method` of `jg solve`
//! and `jg table`. `auto` takes the fastest exact method for the question asked: the matching
//! engine (docs/MATH.md §3: exact, every winning opening) for every n up to
//! `AUTO_MATCHING_MAX`, for every opening and for the free-opening variant; above that bound,
//! for one winning opening of the game, a prime-window scheme where one applies (microseconds,
//! where one matching takes seconds at n = 10^6), else matching. The exact game-tree search is
//! never auto's choice (it is 50 to 300 times slower than matching at n ≈ 100): it stays as
//! `--method search` and as the independent cross-check of the tests.
//! A request no engine can finish is refused before any work starts (`Solver::check`).

use crate::engines::{matching, schemes, search};
use crate::game::{OpeningRule, Player};
use crate::outcome::{Method, Outcome};

/// The engine asked to decide each n (`--method`). Not to be confused with `outcome::Method`,
/// the engine that did decide it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum MethodChoice {
    /// The fastest exact method for the question: matching (every winning opening) for
    /// n ≤ 2000, for --all-openings and for --free-opening (n ≤ 50000000); above 2000 a
    /// prime-window scheme (one winning opening) where one applies, else matching
    #[default]
    Auto,
    /// Exact game-tree search with the simplifications of docs/MATH.md §2 (n ≤ 128)
    Search,
    /// One maximum matching and its Gallai–Edmonds sets (docs/MATH.md §3); all openings, n ≤ 50000000
    Matching,
}

/// Up to this n, `auto` decides by the matching engine even when one winning opening would
/// do: it gives them all in milliseconds (n = 2000: under 10 ms; a table 1..2000, one graph
/// grown number by number, about 0.15 s of CPU). Above it the cost of a table row grows
/// with n (1..10000: 5 s of CPU) while a scheme's stays in microseconds.
pub const AUTO_MATCHING_MAX: u64 = 2000;

/// Why an n cannot be decided as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "n = {n} is beyond the search's range 1..{}; use --method matching (n ≤ {}) or auto",
        search::MAX_N,
        matching::MAX_N
    )]
    BeyondSearch { n: u64 },
    #[error(
        "n = {n} is beyond the matching's range 1..{}; --method auto decides larger n by a \
         prime-window scheme",
        matching::MAX_N
    )]
    BeyondMatching { n: u64 },
    #[error(
        "n = {n}: above {} only a prime-window scheme decides, and it proves one opening of \
         the even-opening game; {flag} needs n ≤ {}",
        matching::MAX_N,
        matching::MAX_N
    )]
    SchemeOnly { n: u64, flag: &'static str },
    #[error(
        "n = {n}: no prime-window scheme decides it{why}, and the matching method stops at n = {}",
        matching::MAX_N
    )]
    Undecided { n: u64, why: String },
}

/// An engine choice with the search's settings (its table size is `--table-mib`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solver {
    pub choice: MethodChoice,
    pub search: search::SearchConfig,
}

impl Solver {
    /// Refuses, before any work starts, a request the chosen engine cannot finish for every n
    /// up to `to` (the schemes themselves are checked n by n, as they are found).
    pub fn check(&self, to: u64, rule: OpeningRule, all_openings: bool) -> Result<(), SolveError> {
        match self.choice {
            MethodChoice::Search => search::check_n(to)
                .map(|_| ())
                .map_err(|_| SolveError::BeyondSearch { n: to }),
            MethodChoice::Matching if to > matching::MAX_N => {
                Err(SolveError::BeyondMatching { n: to })
            }
            MethodChoice::Auto
                if to > matching::MAX_N && (all_openings || rule == OpeningRule::Free) =>
            {
                Err(SolveError::SchemeOnly {
                    n: to,
                    flag: if all_openings {
                        "--all-openings"
                    } else {
                        "--free-opening"
                    },
                })
            }
            _ => Ok(()),
        }
    }

    /// Decides one n by the chosen engine.
    pub fn solve(
        &self,
        n: u64,
        rule: OpeningRule,
        all_openings: bool,
    ) -> Result<Outcome, SolveError> {
        self.check(n, rule, all_openings)?;
        self.solve_unmarked(n, rule, all_openings)
            .map(|outcome| complete(outcome, rule))
    }

    fn solve_unmarked(
        &self,
        n: u64,
        rule: OpeningRule,
        all_openings: bool,
    ) -> Result<Outcome, SolveError> {
        let by_search = |n: u32| search::solve(n, rule, all_openings, &self.search);
        match self.choice {
            MethodChoice::Search => search::check_n(n)
                .map(by_search)
                .map_err(|_| SolveError::BeyondSearch { n }),
            MethodChoice::Matching => Ok(matching::solve(n, rule)),
            MethodChoice::Auto if all_openings || rule == OpeningRule::Free => {
                // check() refused n above the matching's range for these questions.
                Ok(matching::solve(n, rule))
            }
            // Schemes are for the even opening; the free variant took the arm above.
            MethodChoice::Auto if n <= AUTO_MATCHING_MAX => Ok(matching::solve(n, rule)),
            MethodChoice::Auto => match by_scheme(n) {
                Ok(outcome) => Ok(outcome),
                Err(_) if n <= matching::MAX_N => Ok(matching::solve(n, rule)),
                Err(error) => Err(SolveError::Undecided {
                    n,
                    why: format!(" ({error})"),
                }),
            },
        }
    }

    /// Decides every n of `from..=to` in order, handing each row to `on_row` as soon as it is
    /// known (matching rows are computed a block at a time, the block's n in parallel).
    pub fn solve_range<E: From<SolveError>>(
        &self,
        from: u64,
        to: u64,
        rule: OpeningRule,
        all_openings: bool,
        on_row: &mut dyn FnMut(Outcome) -> Result<(), E>,
    ) -> Result<(), E> {
        self.check(to, rule, all_openings)?;
        // The n decided by matching: a prefix of the range (none for the search).
        let matching_to = match self.choice {
            MethodChoice::Matching => Some(to),
            MethodChoice::Auto if all_openings || rule == OpeningRule::Free => Some(to),
            MethodChoice::Auto => Some(to.min(AUTO_MATCHING_MAX)),
            MethodChoice::Search => None,
        };
        let mut start = from;
        while let Some(matching_to) = matching_to.filter(|&last| start <= last) {
            // Each block starts its graphs from scratch (one per thread chunk), so blocks are
            // as large as memory allows: the rows of a block hold about n/3 openings of 8
            // bytes at each n, so a block from `start` to `last` holds about
            // (last² − start²)·8/6 bytes; keep that near 256 MiB.
            let budget = (256u64 << 20) as f64 * 6.0 / 8.0;
            let last = ((start as f64).powi(2) + budget).sqrt() as u64;
            let last = last.max(start).min(matching_to);
            for row in matching::solve_range(start, last, rule) {
                on_row(complete(row, rule))?;
            }
            start = last + 1;
        }
        for n in start..=to {
            on_row(self.solve(n, rule, all_openings)?)?;
        }
        Ok(())
    }
}

/// An outcome whose list holds every opening of the board is complete, however it was found
/// (n = 3: 2 is the only opening, and it wins).
fn complete(mut outcome: Outcome, rule: OpeningRule) -> Outcome {
    let openings = match rule {
        OpeningRule::Even => outcome.n / 2,
        OpeningRule::Free => outcome.n,
    };
    if outcome.winning_openings.len() as u64 == openings {
        outcome.all_openings = true;
    }
    outcome
}

/// The outcome a prime-window scheme proves (after the closure check of its pairing, spec.md
/// §4.5, on the solver side): the first player wins with the scheme's opening; the other
/// openings are not decided.
fn by_scheme(n: u64) -> Result<Outcome, schemes::SchemeError> {
    let (scheme, pairing) = schemes::scheme_pairing(n)?;
    let rule = crate::game::OpeningRule::Even;
    crate::pairing::check_closure(n, rule, pairing.opening, &pairing.pairs, None)
        .map_err(|error| schemes::SchemeError::NotClosed(error.to_string()))?;
    Ok(Outcome {
        n,
        winner: Player::First,
        winning_openings: vec![scheme.opening()],
        all_openings: false,
        method: Method::Scheme,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver(choice: MethodChoice) -> Solver {
        Solver {
            choice,
            search: search::SearchConfig {
                table_megabytes: 16,
                ..Default::default()
            },
        }
    }

    #[test]
    fn every_choice_agrees_where_it_applies() {
        let rule = OpeningRule::Even;
        for n in 1..=40 {
            let by_matching = solver(MethodChoice::Matching).solve(n, rule, true).unwrap();
            let by_search = solver(MethodChoice::Search).solve(n, rule, true).unwrap();
            let auto = solver(MethodChoice::Auto).solve(n, rule, false).unwrap();
            assert_eq!(by_search.winning_openings, by_matching.winning_openings);
            assert_eq!(by_search.method, Method::Search);
            assert_eq!(auto.winner, by_matching.winner, "n = {n}");
            assert!(auto
                .winning_openings
                .iter()
                .all(|v| by_matching.winning_openings.contains(v)));
        }
    }

    #[test]
    fn requests_out_of_range_are_refused_before_work() {
        let (rule, big) = (OpeningRule::Even, matching::MAX_N + 1);
        let search = solver(MethodChoice::Search);
        assert_eq!(
            search.check(129, rule, false),
            Err(SolveError::BeyondSearch { n: 129 })
        );
        assert!(search.check(128, rule, false).is_ok());
        assert_eq!(
            solver(MethodChoice::Matching).check(big, rule, false),
            Err(SolveError::BeyondMatching { n: big })
        );
        let auto = solver(MethodChoice::Auto);
        assert!(auto.check(big, rule, false).is_ok());
        assert!(matches!(
            auto.check(big, OpeningRule::Free, false),
            Err(SolveError::SchemeOnly { .. })
        ));
        // Up to AUTO_MATCHING_MAX, auto asks the matching engine (exact, every opening, the
        // fastest); so it does for every opening, or the free variant, at any n.
        for (all, rule) in [(true, rule), (false, OpeningRule::Free), (false, rule)] {
            for n in [116, AUTO_MATCHING_MAX] {
                let outcome = auto.solve(n, rule, all).unwrap();
                assert_eq!(
                    (outcome.method, outcome.all_openings),
                    (Method::Matching, true)
                );
            }
            assert_eq!(auto.solve(2100, rule, all).unwrap().method, {
                if all || rule == OpeningRule::Free {
                    Method::Matching
                } else {
                    Method::Scheme
                }
            });
        }
        // A list that holds every opening is complete, whichever method found it: n = 3 has
        // the one opening 2, n = 1 none (and the second player wins).
        for choice in [MethodChoice::Auto, MethodChoice::Search] {
            for n in [1, 2, 3] {
                assert!(
                    solver(choice).solve(n, rule, false).unwrap().all_openings,
                    "n = {n}"
                );
            }
        }
        // Above the matching's range, auto decides by a scheme: one winning opening.
        let outcome = auto.solve(big, rule, false).unwrap();
        assert_eq!(
            (outcome.method, outcome.all_openings),
            (Method::Scheme, false)
        );
    }
}
