//! The search checked against a plain minimax on the raw rules (no simplification, memo on the
//! exact position), against hand derivations on small boards, and against itself across threads.

use super::*;
use crate::game::set_of;
use crate::test_support::Random;
use std::collections::HashMap;

/// The raw rules and nothing else: the player to move wins iff some legal move leaves the
/// opponent in a lost position. Memo on the exact raw position.
struct PlainMinimax {
    board: Board,
    memo: HashMap<Position, bool>,
}

impl PlainMinimax {
    fn new(board: &Board) -> PlainMinimax {
        PlainMinimax {
            board: board.clone(),
            memo: HashMap::new(),
        }
    }

    fn wins(&mut self, position: &Position) -> bool {
        if let Some(&win) = self.memo.get(position) {
            return win;
        }
        let mut win = false;
        for m in numbers(self.board.legal_moves(position)) {
            if !self.wins(&position.after(m)) {
                win = true;
                break;
            }
        }
        self.memo.insert(*position, win);
        win
    }

    fn winning_moves(&mut self, position: &Position) -> Vec<u32> {
        numbers(self.board.legal_moves(position))
            .filter(|&m| !self.wins(&position.after(m)))
            .collect()
    }
}

fn small_config(simplifications: Simplifications) -> SearchConfig {
    SearchConfig {
        table_megabytes: 4,
        simplifications,
        threads: 2,
    }
}

/// A random position on a random board with 2 ≤ n ≤ 40, small enough for the plain minimax:
/// a last number and at most `free` other unplayed numbers. Half of them come from random play
/// (reachable positions), half are arbitrary played sets (any position is a game on its own).
fn random_position(random: &mut Random, free: u32) -> (Board, Position) {
    let n = 2 + random.below(39) as u32;
    let board = Board::new(n);
    if random.below(2) == 0 {
        let mut position = Position::start();
        loop {
            let moves: Vec<u32> = numbers(board.legal_moves(&position)).collect();
            let unplayed = n - position.moves_made();
            if moves.is_empty() || (unplayed <= free + 1 && random.below(3) == 0) {
                return (board, position);
            }
            let m = moves[random.below(moves.len() as u64) as usize];
            position = position.after(m);
        }
    }
    let last = 1 + random.below(n as u64) as u32;
    let mut unplayed: NumberSet = 0;
    let keep = free.min(n - 1);
    let wanted = random.below(keep as u64 + 1) as u32;
    while unplayed.count_ones() < wanted {
        let k = 1 + random.below(n as u64) as u32;
        if k != last {
            unplayed |= bit(k);
        }
    }
    let played = board.all() & !unplayed;
    (
        board,
        Position {
            last: Some(last as u8),
            played,
        },
    )
}

/// Compares the search with only `which` switched on against the plain minimax, and returns how
/// many positions the simplification changed (so a test can insist it was exercised).
fn check_against_minimax(which: Simplifications, seed: u64, positions: usize) -> usize {
    let mut random = Random(seed);
    let mut changed = 0;
    for _ in 0..positions {
        let (board, position) = random_position(&mut random, 18);
        let searcher = Searcher::new(&board, &small_config(which));
        let mut plain = PlainMinimax::new(&board);
        if let Some(last) = position.last {
            let remaining = board.all() & !position.played;
            if simplify(&board, last as u32, remaining, which) != Simplified::Remaining(remaining) {
                changed += 1;
            }
        }
        assert_eq!(
            searcher.winning_moves(&position),
            plain.winning_moves(&position),
            "n = {}, position {:?}, simplifications {:?}",
            board.n(),
            position,
            which
        );
    }
    changed
}

const ONLY_COMPONENTS: Simplifications = Simplifications {
    components: true,
    sink_pairs: false,
    even_cycles: false,
};
const ONLY_SINK_PAIRS: Simplifications = Simplifications {
    components: false,
    sink_pairs: true,
    even_cycles: false,
};
const ONLY_EVEN_CYCLES: Simplifications = Simplifications {
    components: false,
    sink_pairs: false,
    even_cycles: true,
};

#[test]
fn no_simplification_agrees_with_plain_minimax() {
    check_against_minimax(Simplifications::NONE, 0x1234_5678, 1500);
}

#[test]
fn other_components_agree_with_plain_minimax() {
    let changed = check_against_minimax(ONLY_COMPONENTS, 0xC0FF_EE00, 3000);
    assert!(changed > 1000, "components dropped only {changed} times");
}

#[test]
fn sink_pairs_agree_with_plain_minimax() {
    let changed = check_against_minimax(ONLY_SINK_PAIRS, 0x5EED_0001, 3000);
    assert!(changed > 1500, "sink pairs fired only {changed} times");
}

#[test]
fn even_cycles_agree_with_plain_minimax() {
    let changed = check_against_minimax(ONLY_EVEN_CYCLES, 0xD00D_0002, 3000);
    assert!(changed > 100, "even cycles fired only {changed} times");
}

#[test]
fn all_simplifications_together_agree_with_plain_minimax() {
    check_against_minimax(Simplifications::ALL, 0xFACE_0003, 3000);
}

/// The cycle of docs/MATH.md §2.3 for n = 110 (1 already gone), 2–58–29–87–3–93–31–62–2, with 4, 6, 9
/// also left: 6 is a third link between 2 and 3, 4 and 9 hang on them.
#[test]
fn the_cycle_of_the_maths_note_is_found() {
    let board = Board::new(110);
    let cycle = set_of([2, 58, 29, 87, 3, 93, 31, 62]);
    let around = set_of([4, 6, 9]);
    // The token on 5 touches nothing: the three links between 2 and 3 go, with 2 and 3.
    assert_eq!(even_cycles(&board, 5, cycle | around), cycle | bit(6));
    // The token on 4 is next to 2: entering 2 still loses, the same numbers go.
    assert_eq!(
        even_cycles(&board, 4, (cycle | around) & !bit(4)),
        cycle | bit(6)
    );
    // The token on 29 cuts the chain 58–29–87; 93–31–62 and 6 still form a cycle through 2 and 3.
    assert_eq!(
        even_cycles(&board, 29, (cycle | around) & !bit(29)),
        set_of([2, 3, 6, 93, 31, 62])
    );
    // An even chain is no link: with 29 and 31 gone nothing is dropped.
    assert_eq!(
        even_cycles(&board, 5, (cycle | around) & !set_of([29, 31])) & cycle,
        0
    );
}

/// n = 1: no even number, the first player cannot move and loses.
/// n = 2: 2 is forced, then 1, then the first player (on 1, with 2 played) is stuck.
/// n = 3: 2, then 1 is forced, then 3, and the second player (on 3, with 1 played) is stuck.
/// n = 8: 5 and 7 hang on 1 alone, so whoever plays 1 loses (the reply 5 is a dead end).
///   What is left is 2–4, 2–8, 4–8, 2–6, 6–3. Opening 6 loses to the reply 3 (dead end).
///   Opening 2: replies 4, 8 lose to 8, 4 (the triangle is closed); 6 loses to 3.
///   Opening 4: the reply 2 loses to 8 (2 and 4 gone); the reply 8 loses to 2, 6, 3.
///   Opening 8 is opening 4 with 4 and 8 swapped. So the winning openings are 2, 4, 8.
#[test]
fn small_boards_derived_by_hand() {
    let config = small_config(Simplifications::ALL);
    let expect = |n: u32, winner: Player, openings: &[u64]| {
        let outcome = solve(n, OpeningRule::Even, true, &config);
        assert_eq!(outcome.winner, winner, "n = {n}");
        assert_eq!(outcome.winning_openings, openings, "n = {n}");
        assert!(outcome.all_openings);
        assert_eq!(outcome.method, Method::Search);
    };
    expect(1, Player::Second, &[]);
    expect(2, Player::Second, &[]);
    expect(3, Player::First, &[2]);
    expect(8, Player::First, &[2, 4, 8]);
}

#[test]
fn every_board_up_to_24_agrees_with_plain_minimax() {
    let config = small_config(Simplifications::ALL);
    for n in 1..=24 {
        let board = Board::new(n);
        let mut plain = PlainMinimax::new(&board);
        let expected: Vec<u64> = plain
            .winning_moves(&Position::start())
            .into_iter()
            .map(u64::from)
            .collect();
        let outcome = solve(n, OpeningRule::Even, true, &config);
        assert_eq!(outcome.winning_openings, expected, "n = {n}");
        let searcher = Searcher::new(&board, &config);
        let from_start: Vec<u64> = searcher
            .winning_moves(&Position::start())
            .into_iter()
            .map(u64::from)
            .collect();
        assert_eq!(from_start, expected, "n = {n}");
        assert_eq!(searcher.wins(&Position::start()), !expected.is_empty());
        let winner = Player::winner(!expected.is_empty());
        assert_eq!(outcome.winner, winner, "n = {n}");
        // Without all_openings: the same winner, and the opening given is a winning one.
        let quick = solve(n, OpeningRule::Even, false, &config);
        assert_eq!(quick.winner, winner, "n = {n}");
        assert!(quick.winning_openings.len() <= 1);
        assert!(quick.winning_openings.iter().all(|v| expected.contains(v)));
        assert_eq!(quick.winning_openings.is_empty(), expected.is_empty());
        // The list is complete exactly when it says so: a second-player win tried every opening
        // (as the matching engine reports it), a first-player win stopped at the first.
        assert_eq!(
            quick.all_openings,
            crate::engines::matching::solve(n as u64, OpeningRule::Even)
                .winning_openings
                .is_empty(),
            "n = {n}"
        );
    }
}

/// Beyond the plain minimax's reach: the even-cycle cores must not change any opening's outcome
/// compared with a search that uses only the two older simplifications.
#[test]
fn even_cycles_change_no_outcome_up_to_60() {
    let without = small_config(Simplifications {
        even_cycles: false,
        ..Simplifications::ALL
    });
    let with = small_config(Simplifications::ALL);
    for n in 25..=60 {
        assert_eq!(
            solve(n, OpeningRule::Even, true, &without).winning_openings,
            solve(n, OpeningRule::Even, true, &with).winning_openings,
            "n = {n}"
        );
    }
}

#[test]
fn free_openings_agree_with_plain_minimax() {
    let config = small_config(Simplifications::ALL);
    for n in 1..=18 {
        let board = Board::with_opening(n, OpeningRule::Free);
        let expected: Vec<u64> = PlainMinimax::new(&board)
            .winning_moves(&Position::start())
            .into_iter()
            .map(u64::from)
            .collect();
        let outcome = solve(n, OpeningRule::Free, true, &config);
        assert_eq!(outcome.winning_openings, expected, "n = {n}");
    }
}

#[test]
fn the_answer_does_not_depend_on_the_thread_count() {
    for n in [30, 41, 47, 50] {
        let one = SearchConfig {
            threads: 1,
            ..small_config(Simplifications::ALL)
        };
        let two = SearchConfig {
            threads: 2,
            ..small_config(Simplifications::ALL)
        };
        assert_eq!(
            solve(n, OpeningRule::Even, true, &one),
            solve(n, OpeningRule::Even, true, &two)
        );
        assert_eq!(
            solve(n, OpeningRule::Even, false, &one),
            solve(n, OpeningRule::Even, false, &two)
        );
    }
}

/// One searcher (one table) used from several threads at once on mid-game positions of one
/// board: every answer must still be the plain minimax's.
#[test]
fn a_shared_searcher_answers_right_from_several_threads() {
    use rayon::prelude::*;
    let board = Board::new(40);
    let searcher = Searcher::new(&board, &small_config(Simplifications::ALL));
    let mut random = Random(0xABCD_EF01);
    let mut positions = Vec::new();
    while positions.len() < 400 {
        let (_, position) = random_position(&mut random, 18);
        let unplayed = board.all() & !position.played;
        // Positions of other boards reread on n = 40: keep those whose numbers fit.
        if position.last.is_some_and(|last| last as u32 <= 40) && unplayed.count_ones() <= 19 {
            positions.push(position);
        }
    }
    let answers: Vec<Vec<u32>> = positions
        .par_iter()
        .map(|position| searcher.winning_moves(position))
        .collect();
    let mut plain = PlainMinimax::new(&board);
    for (position, answer) in positions.iter().zip(answers) {
        assert_eq!(answer, plain.winning_moves(position), "{position:?}");
    }
    assert!(searcher.stats().nodes > 0);
}

#[test]
fn only_boards_up_to_128_are_accepted() {
    assert_eq!(check_n(128), Ok(128));
    assert_eq!(check_n(1), Ok(1));
    assert_eq!(check_n(129), Err(SearchError::TooLarge { n: 129 }));
    assert_eq!(
        check_n(u64::MAX),
        Err(SearchError::TooLarge { n: u64::MAX })
    );
}

/// docs/MATH.md §5 (p − 1 and p agree for primes p ≥ 5; 2p − 1 and 2p agree for primes p ≥ 3) and the
/// scheme windows of §4 ([[39, 41]], [[57, 67]], {69}: first player) are theorems the search does
/// not use: its answers must obey them.
#[test]
fn the_search_obeys_the_equal_results_and_the_scheme_windows() {
    let config = SearchConfig {
        table_megabytes: 64,
        ..SearchConfig::default()
    };
    let winner: Vec<Player> = (0..=80)
        .map(|n| solve(n, OpeningRule::Even, false, &config).winner)
        .collect();
    let is_prime = |p: u32| {
        p > 1
            && (2..p)
                .take_while(|d| d * d <= p)
                .all(|d| !p.is_multiple_of(d))
    };
    for p in (3..=80).filter(|&p| is_prime(p)) {
        if p >= 5 {
            assert_eq!(winner[p as usize], winner[p as usize - 1], "p = {p}");
        }
        if 2 * p <= 80 {
            assert_eq!(
                winner[2 * p as usize],
                winner[2 * p as usize - 1],
                "p = {p}"
            );
        }
    }
    for n in (39..=41).chain(57..=67).chain([69]) {
        assert_eq!(winner[n], Player::First, "n = {n}");
    }
}
