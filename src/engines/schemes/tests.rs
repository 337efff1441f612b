//! Tests of the schemes against independent oracles: a sieve for the prime windows, the solver's
//! bitset legal-move generator (game.rs) for a second walk on boards up to 128, and the
//! simulation itself for every n from 119 to 100 000.

use super::*;
use crate::game::proper_divisors;
use crate::game::{numbers, Board, Position};
use crate::primes::largest_prime_at_most;
use std::collections::HashSet;

const EXAMPLE: &str = "[2 22 11 33 3][2 26 13 39 3][3 21 7 35 5 25 1 37]";

fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The walk of `simulate` with the pairing rule, written on game.rs's bitset board: a second,
/// independent implementation for n ≤ 128. Ok(positions) or Err(line of play at the failure).
fn walk_on_board(n: u32, pairing: &Pairing) -> Result<u64, Vec<u64>> {
    struct Reference<'a> {
        board: Board,
        pairing: &'a Pairing,
        memo: HashSet<Position>,
        line: Vec<u64>,
        positions: u64,
    }
    impl Reference<'_> {
        fn winner(&mut self, position: Position) -> Result<(), Vec<u64>> {
            self.positions += 1;
            let moves = self.board.legal_moves(&position);
            let stuck_after = |m: u32| self.board.legal_moves(&position.after(m)) == 0;
            let quick = numbers(moves).find(|&m| stuck_after(m));
            let answer = match (position.last, quick) {
                (None, _) => self.pairing.opening.ok_or_else(|| self.line.clone())?,
                (Some(_), Some(m)) => m as u64,
                (Some(last), None) => self
                    .pairing
                    .partner(last as u64)
                    .ok_or_else(|| self.line.clone())?,
            };
            let next = self
                .board
                .play(&position, answer)
                .map_err(|_| self.line.clone())?;
            self.line.push(answer);
            self.loser(next)?;
            self.line.pop();
            Ok(())
        }

        fn loser(&mut self, position: Position) -> Result<(), Vec<u64>> {
            if self.memo.contains(&position) {
                return Ok(());
            }
            self.positions += 1;
            for reply in numbers(self.board.legal_moves(&position)) {
                self.line.push(reply as u64);
                self.winner(position.after(reply))?;
                self.line.pop();
            }
            self.memo.insert(position);
            Ok(())
        }
    }
    let mut reference = Reference {
        board: Board::new(n),
        pairing,
        memo: HashSet::new(),
        line: Vec::new(),
        positions: 0,
    };
    reference.winner(Position::start())?;
    Ok(reference.positions)
}

/// The simulation and the bitset walk agree: both succeed with the same number of positions, or
/// both fail. Above 128 (beyond the bitset board) only the simulation runs.
fn assert_walks_agree(n: u64, pairing: &Pairing) -> Result<Simulation, SimulationError> {
    let simulated = simulate(n, pairing);
    if n > u64::from(crate::game::MAX_SMALL_N) {
        return simulated;
    }
    let reference = walk_on_board(n as u32, pairing);
    match (&simulated, &reference) {
        (Ok(simulation), Ok(positions)) => assert_eq!(simulation.positions, *positions, "n = {n}"),
        (Err(_), Err(_)) => {}
        _ => panic!("n = {n}, {pairing:?}: simulation {simulated:?}, bitset walk {reference:?}"),
    }
    simulated
}

fn sieve(limit: usize) -> Vec<bool> {
    let mut prime = vec![true; limit + 1];
    prime[0] = false;
    prime[1] = false;
    for i in 2..=limit {
        if i * i > limit {
            break;
        }
        if prime[i] {
            for multiple in (i * i..=limit).step_by(i) {
                prime[multiple] = false;
            }
        }
    }
    prime
}

// ---- notation ----

#[test]
fn bracket_notation_round_trips() {
    for entry in catalogue() {
        let text = entry.scheme.to_string();
        assert_eq!(text.parse::<Scheme>(), Ok(entry.scheme.clone()));
    }
    let example: Scheme = EXAMPLE.parse().unwrap();
    assert_eq!(example.to_string(), EXAMPLE);
    let spaced = " [2 22 11 33 3] [ 2 26\t13 39 3 ]\n[3 21 7 35 5 25 1 37]\n";
    assert_eq!(spaced.parse::<Scheme>(), Ok(example.clone()));
    assert_eq!(example.chains()[2], vec![3, 21, 7, 35, 5, 25, 1, 37]);
    assert_eq!(example.opening(), 22);
    let mut first: Vec<u64> = example.first_player_numbers().collect();
    first.sort_unstable();
    assert_eq!(first, vec![21, 22, 25, 26, 33, 35, 37, 39]);
}

#[test]
fn malformed_notation_is_refused_with_the_reason() {
    let error = |text: &str| text.parse::<Scheme>().unwrap_err();
    assert_eq!(
        error("2 22"),
        NotationError::ExpectedChain {
            offset: 0,
            found: '2'
        }
    );
    assert_eq!(
        error("[2 22 11"),
        NotationError::UnclosedChain { offset: 0 }
    );
    assert_eq!(
        error("[2 22][2 x]"),
        NotationError::UnexpectedCharacter {
            offset: 9,
            found: 'x'
        }
    );
    assert_eq!(
        error("[2 99999999999999999999]"),
        NotationError::NumberTooLarge { offset: 3 }
    );
    assert_eq!(error(""), ShapeError::NoChain.into());
    assert_eq!(
        error("[2 22][]"),
        ShapeError::EmptyChain { chain: 1 }.into()
    );
    assert_eq!(error("[2]"), ShapeError::NoOpening.into());
    assert_eq!(
        error("[3 21 7]"),
        ShapeError::OddOpening { opening: 21 }.into()
    );
    assert_eq!(error("[0 22]"), ShapeError::Zero.into());
    assert_eq!(
        error("[2 22 11 34]"),
        ShapeError::NotADivisor {
            chain: 0,
            divisor: 11,
            number: 34
        }
        .into()
    );
    assert_eq!(
        error("[2 22 11 33 3][3 33 11]"),
        ShapeError::FirstPlayerTwice { number: 33 }.into()
    );
    assert_eq!(
        error("[2 22 11 33 3][11 22]"),
        ShapeError::FirstPlayerTwice { number: 22 }.into()
    );
    assert_eq!(
        error("[2 22 11 33 3][3 33]"),
        ShapeError::FirstPlayerTwice { number: 33 }.into()
    );
    assert_eq!(
        error("[2 22 11 33 3][3 21][3 39]"),
        ShapeError::AnsweredTwice { number: 3 }.into()
    );
    assert_eq!(
        error("[2 22 11 33 3][3 21 7 35][1 22]"),
        ShapeError::FirstPlayerTwice { number: 22 }.into()
    );
    assert_eq!(
        error("[2 22 11 33 3][3 21 7 35 5 25][1 5]"),
        ShapeError::PlayedByBoth { number: 5 }.into()
    );
    // 10 and 30: 10 has the multiple 20 below 30, so no board suits the scheme.
    assert_eq!(
        error("[2 10 5 30 3]"),
        ShapeError::EmptyRange {
            largest: 30,
            smallest: 10
        }
        .into()
    );
}

// ---- the catalogue ----

#[test]
fn the_catalogue_ranges_are_those_math_md_states() {
    assert_eq!(catalogue().len(), 10);
    for entry in catalogue() {
        assert_eq!(
            entry.scheme.valid_range(),
            entry.stated_range,
            "{}",
            entry.scheme
        );
    }
}

#[test]
fn every_catalogue_scheme_wins_on_its_whole_range_and_both_walks_agree() {
    for entry in catalogue() {
        let range = entry.scheme.valid_range();
        for n in range.clone() {
            let pairing = entry.scheme.pairing(n).unwrap();
            assert_eq!(pairing.opening, Some(entry.scheme.opening()));
            assert!(pairing.pairs.iter().any(|&(a, _)| a == 1), "1 is answered");
            let simulation = assert_walks_agree(n, &pairing);
            assert!(
                simulation.is_ok(),
                "{} at n = {n}: {simulation:?}",
                entry.scheme
            );
        }
    }
}

#[test]
fn every_catalogue_scheme_is_refused_just_outside_its_range_and_would_lose_there() {
    for entry in catalogue() {
        let range = entry.scheme.valid_range();
        for n in [range.start() - 1, range.end() + 1] {
            assert!(
                matches!(entry.scheme.pairing(n), Err(SchemeError::OutOfRange { .. })),
                "{} at n = {n}",
                entry.scheme
            );
            // The strategy the scheme would give there is really wrong: the range is tight.
            let forced = entry.scheme.pairing_ignoring_range(n).unwrap();
            let simulation = assert_walks_agree(n, &forced);
            assert!(simulation.is_err(), "{} at n = {n}", entry.scheme);
        }
    }
}

#[test]
fn the_example_expands_to_the_pairs_math_md_describes() {
    let scheme: Scheme = EXAMPLE.parse().unwrap();
    let pairing = scheme.pairing(40).unwrap();
    // 2 → 26 (the second bridge), 11 → 33 and 13 → 39 (the bridges), 3 → 21, 7 → 35, 5 → 25,
    // 1 → 37 (the last chain); 2 → 22 is the opening, not a pair.
    let expected = vec![
        (1, 37),
        (2, 26),
        (3, 21),
        (5, 25),
        (7, 35),
        (11, 33),
        (13, 39),
    ];
    assert_eq!(pairing.pairs, expected);
    assert_eq!(pairing.opening, Some(22));
}

#[test]
fn no_prime_to_answer_1_is_a_refusal() {
    let scheme: Scheme = "[2 4]".parse().unwrap();
    assert_eq!(scheme.valid_range(), 4..=7);
    // (2, 4] holds the prime 3, which answers 1; (0, 1] holds none.
    assert_eq!(scheme.pairing(4).unwrap().pairs, vec![(1, 3)]);
    assert_eq!(
        scheme.pairing_ignoring_range(1),
        Err(SchemeError::NoPrimeForOne { n: 1 })
    );
    // The scheme's own numbers are never the answer to 1: opening with 2 on 1..=2 leaves no
    // prime for it, on 1..=3 the answer is 3.
    let opens_with_two: Scheme = "[1 2]".parse().unwrap();
    assert_eq!(
        opens_with_two.pairing(2),
        Err(SchemeError::NoPrimeForOne { n: 2 })
    );
    assert_eq!(opens_with_two.pairing(3).unwrap().pairs, vec![(1, 3)]);
}

// ---- the general scheme ----

/// docs/MATH.md: three primes lie in (n/4, n/3] for every n except these, checked here with a sieve.
fn math_md_general_exception(n: u64) -> bool {
    matches!(n, 1..=110 | 116..=122 | 124..=128 | 172..=176)
}

#[test]
fn the_general_window_holds_three_primes_exactly_where_math_md_says_up_to_100000() {
    let limit = 100_000;
    let prime = sieve(limit);
    for n in 1..=limit as u64 {
        let in_window = (n / 4 + 1..=n / 3).filter(|&x| prime[x as usize]).count();
        assert_eq!(in_window >= 3, !math_md_general_exception(n), "n = {n}");
        assert_eq!(general_primes(n).is_some(), in_window >= 3, "n = {n}");
    }
}

#[test]
fn the_general_primes_are_the_three_largest_of_the_window() {
    let prime = sieve(20_000);
    let mut random = xorshift(7);
    for _ in 0..2000 {
        let n = 111 + random() % 50_000;
        let Some((p, q, r)) = general_primes(n) else {
            continue;
        };
        let window: Vec<u64> = (n / 4 + 1..=n / 3)
            .rev()
            .filter(|&x| prime[x as usize])
            .take(3)
            .collect();
        assert_eq!(window, vec![r, q, p], "n = {n}");
    }
}

#[test]
fn the_general_scheme_has_the_pairing_of_math_md() {
    let n = 1000;
    let (p, q, r) = general_primes(n).unwrap();
    let scheme = general_scheme(n).unwrap();
    let pairing = scheme.pairing(n).unwrap();
    let s = largest_prime_at_most(n).unwrap();
    let mut expected = vec![
        (p, 3 * p),
        (3, 3 * q),
        (q, 2 * q),
        (2, 2 * r),
        (r, 3 * r),
        (1, s),
    ];
    expected.sort_unstable();
    assert_eq!(pairing.pairs, expected);
    assert_eq!(pairing.opening, Some(2 * p));
    assert_eq!(scheme.valid_range(), 3 * r..=4 * p - 1);
}

#[test]
fn some_scheme_wins_for_every_n_from_119_to_100000() {
    for n in 119..=100_000 {
        let (scheme, pairing, simulation) =
            winning_pairing(n).unwrap_or_else(|error| panic!("n = {n}: {error}"));
        assert!(scheme.valid_range().contains(&n));
        assert!(simulation.positions >= 3);
        // The second player's replies are forced, so games stay short.
        assert!(simulation.longest_game <= 2 * pairing.pairs.len() + 1);
    }
}

#[test]
fn schemes_apply_below_119_exactly_where_the_catalogue_or_window_covers() {
    for n in 1..119 {
        let in_catalogue = catalogue()
            .iter()
            .any(|entry| entry.stated_range.contains(&n));
        let expected = in_catalogue || !math_md_general_exception(n);
        assert_eq!(scheme_for(n).is_some(), expected, "n = {n}");
        if expected {
            let (_, pairing, _) = winning_pairing(n).unwrap();
            assert!(assert_walks_agree(n, &pairing).is_ok());
        }
    }
}

#[test]
fn the_general_scheme_wins_for_random_n_up_to_ten_to_the_fifteen() {
    let mut random = xorshift(0x5EED);
    let mut ns: Vec<u64> = (0..12)
        .map(|_| 1000 + random() % 1_000_000_000_000_000)
        .collect();
    ns.extend([
        1_000_000_000_000,
        1_000_000_000_000_000,
        999_999_999_999_989,
    ]);
    for n in ns {
        let scheme = scheme_for(n).unwrap();
        let (p, q, r) = general_primes(n).unwrap();
        assert_eq!(scheme, Scheme::general(p, q, r).unwrap());
        assert!(4 * p > n && 3 * r <= n && p < q && q < r);
        let pairing = scheme.pairing(n).unwrap();
        let simulation = simulate(n, &pairing).unwrap();
        assert!(simulation.positions >= 10, "n = {n}");
    }
}

#[test]
fn the_general_scheme_is_refused_outside_its_range_and_would_lose_there() {
    let mut random = xorshift(11);
    for _ in 0..200 {
        let n = 200 + random() % 10_000_000;
        let Some((p, q, r)) = general_primes(n) else {
            continue;
        };
        let scheme = Scheme::general(p, q, r).unwrap();
        for outside in [3 * r - 1, 4 * p] {
            assert!(matches!(
                scheme.pairing(outside),
                Err(SchemeError::OutOfRange { .. })
            ));
            let forced = scheme.pairing_ignoring_range(outside).unwrap();
            assert!(simulate(outside, &forced).is_err(), "n = {outside}");
        }
    }
}

// ---- the simulation itself ----

#[test]
fn the_simulation_agrees_with_the_bitset_walk_on_random_pairings() {
    let mut random = xorshift(0xC0FFEE);
    let mut wins = 0;
    for _ in 0..4000 {
        let n = 2 + random() % 60;
        let board = Board::new(n as u32);
        // A random matching of G_n (pairs are divisor–multiple) and a random even opening.
        let mut free: Vec<u64> = (1..=n).collect();
        let mut pairs = Vec::new();
        while free.len() > 1 && !random().is_multiple_of(8) {
            let a = free.swap_remove((random() % free.len() as u64) as usize);
            let partners: Vec<usize> = (0..free.len())
                .filter(|&i| numbers(board.neighbours(a as u32)).any(|k| k as u64 == free[i]))
                .collect();
            if let Some(&i) = partners.get((random() % (partners.len() as u64).max(1)) as usize) {
                let b = free.swap_remove(i);
                pairs.push((a.min(b), a.max(b)));
            }
        }
        pairs.sort_unstable();
        let opening = 2 * (1 + random() % (n / 2));
        let pairing = Pairing {
            opening: Some(opening),
            pairs,
        };
        if assert_walks_agree(n, &pairing).is_ok() {
            wins += 1;
        }
    }
    // Both outcomes occur, or the comparison would say little.
    assert!(wins > 20, "only {wins} winning pairings");
}

#[test]
fn the_failure_names_the_line_of_play() {
    let scheme: Scheme = EXAMPLE.parse().unwrap();
    // On 1..=42 the first player's 21 has the multiple 42, which nothing answers.
    let forced = scheme.pairing_ignoring_range(42).unwrap();
    let error = simulate(42, &forced).unwrap_err();
    let SimulationError::NoPartner { line, last } = error else {
        panic!("{error:?}")
    };
    assert_eq!(last, 42);
    assert_eq!(line.last(), Some(&42));
    assert_eq!(line.first(), Some(&22));
    assert_eq!(walk_on_board(42, &forced), Err(line));
}

#[test]
fn non_canonical_pairs_are_refused() {
    let pairing = |pairs: Vec<(u64, u64)>| Pairing {
        opening: Some(22),
        pairs,
    };
    for pairs in [
        vec![(3, 2)],
        vec![(2, 4), (2, 6)],
        vec![(2, 4), (4, 8)],
        vec![(3, 9), (2, 4)],
        vec![(2, 41)],
        vec![(0, 4)],
    ] {
        assert!(
            matches!(
                simulate(40, &pairing(pairs.clone())),
                Err(SimulationError::NotCanonical { .. })
            ),
            "{pairs:?}"
        );
    }
    let no_opening = Pairing {
        opening: None,
        pairs: vec![],
    };
    assert_eq!(simulate(40, &no_opening), Err(SimulationError::NoOpening));
    let odd = Pairing {
        opening: Some(21),
        pairs: vec![],
    };
    assert!(matches!(
        simulate(40, &odd),
        Err(SimulationError::IllegalOpening { .. })
    ));
}

#[test]
fn proper_divisors_match_the_definition() {
    for x in 1..=3000u64 {
        let naive: Vec<u64> = (1..x).filter(|d| x % d == 0).collect();
        assert_eq!(proper_divisors(x), naive, "x = {x}");
    }
    let mut random = xorshift(3);
    for _ in 0..20 {
        let x = random() % 1_000_000_000_000;
        let divisors = proper_divisors(x);
        let square_root = (x as f64).sqrt() as u64 + 1;
        let small: Vec<u64> = (1..=square_root)
            .filter(|d| x.is_multiple_of(*d) && *d < x)
            .collect();
        for d in &small {
            assert!(divisors.binary_search(d).is_ok(), "{d} divides {x}");
            if x / d < x {
                assert!(
                    divisors.binary_search(&(x / d)).is_ok(),
                    "{} divides {x}",
                    x / d
                );
            }
        }
        assert!(divisors.iter().all(|d| x.is_multiple_of(*d) && *d < x));
        assert!(divisors.windows(2).all(|w| w[0] < w[1]));
    }
}

#[test]
fn a_range_check_counts_what_each_board_gives() {
    // 1..=200: more boards without a scheme than are listed, and every catalogue entry.
    let mut started = Vec::new();
    let check = check_range(1, 200, &mut |n| started.push(n)).unwrap();
    assert_eq!(started, (1..=200).collect::<Vec<_>>());
    let without: Vec<u64> = (1..=200).filter(|&n| scheme_for(n).is_none()).collect();
    assert!(without.len() > WITHOUT_LISTED);
    assert_eq!(check.without, without[..WITHOUT_LISTED]);
    assert_eq!(check.without_count, without.len() as u64);
    let positions: u64 = (1..=200)
        .filter_map(|n| winning_pairing(n).ok())
        .map(|(_, _, simulation)| simulation.positions)
        .sum();
    assert_eq!(check.checked, 200 - without.len() as u64);
    assert_eq!(check.positions, positions);
}
