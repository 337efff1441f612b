//! The results-table regression: the search and the matching engine, two independent methods,
//! must agree on every n, and the tables are pinned by reviewed insta snapshots.

use juniper_green::engines::search::{SearchConfig, Searcher};
use juniper_green::engines::{matching, search};
use juniper_green::game::{numbers, Board, Position};
use juniper_green::OpeningRule;
use std::process::Command;

fn jg(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_jg"))
        .args(args)
        .output()
        .expect("jg runs");
    assert!(
        output.status.success(),
        "jg {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("utf-8 output")
}

#[test]
fn search_table_to_100_with_all_openings() {
    insta::assert_snapshot!(jg(&[
        "table",
        "--to",
        "100",
        "--all-openings",
        "--method",
        "search",
        "--format",
        "csv"
    ]));
}

#[test]
fn matching_table_to_2000() {
    insta::assert_snapshot!(jg(&[
        "table", "--method", "matching", "--to", "2000", "--format", "csv"
    ]));
}

#[test]
fn search_and_matching_agree_on_every_n_up_to_100() {
    let config = SearchConfig {
        table_megabytes: 64,
        ..Default::default()
    };
    for rule in [OpeningRule::Even, OpeningRule::Free] {
        for n in 1..=100u32 {
            let by_search = search::solve(n, rule, true, &config);
            let by_matching = matching::solve(n as u64, rule);
            assert_eq!(by_search.winner, by_matching.winner, "n = {n}, {rule:?}");
            assert_eq!(
                by_search.winning_openings, by_matching.winning_openings,
                "n = {n}, {rule:?}"
            );
        }
    }
}

#[test]
fn search_and_matching_agree_on_random_mid_game_positions() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut random = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    // One searcher per n, so its table serves every position drawn for that n.
    let boards: Vec<Board> = (0..=70).map(Board::new).collect();
    let searchers: Vec<Searcher> = boards
        .iter()
        .map(|board| {
            Searcher::new(
                board,
                &SearchConfig {
                    table_megabytes: 4,
                    ..Default::default()
                },
            )
        })
        .collect();
    let mut checked = 0;
    while checked < 3000 {
        let n = 20 + random(51) as u32;
        let board = &boards[n as usize];
        let searcher = &searchers[n as usize];
        let mut position = Position::start();
        let mut line = Vec::new();
        for _ in 0..random(14) {
            let moves: Vec<u32> = numbers(board.legal_moves(&position)).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[random(moves.len() as u64) as usize];
            position = position.after(m);
            line.push(m as u64);
        }
        let analysis = matching::analyse(n as u64, OpeningRule::Even, &line).expect("a legal line");
        let by_search: Vec<u64> = searcher
            .winning_moves(&position)
            .into_iter()
            .map(u64::from)
            .collect();
        assert_eq!(analysis.winning_moves, by_search, "n = {n}, line {line:?}");
        assert_eq!(
            analysis.to_move_wins,
            searcher.wins(&position),
            "n = {n}, line {line:?}"
        );
        checked += 1;
    }
}

/// The README's results paragraph must say what the engine computes (no drift in the docs).
#[test]
fn the_readme_lists_exactly_the_second_player_wins_up_to_2000() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("The second player wins for n = ")
        .expect("the results paragraph");
    let text = &readme[start + "The second player wins for n = ".len()..];
    let list = &text[..text.find(" and for no").expect("the end of the list")];
    let mut listed = Vec::new();
    for item in list.split(',').map(str::trim) {
        match item.split_once('–') {
            Some((a, b)) => listed.extend(a.parse::<u64>().unwrap()..=b.parse::<u64>().unwrap()),
            None => listed.push(item.parse::<u64>().unwrap()),
        }
    }
    let computed: Vec<u64> = matching::solve_range(1, 2000, OpeningRule::Even)
        .into_iter()
        .filter(|outcome| outcome.winner == juniper_green::Player::Second)
        .map(|outcome| outcome.n)
        .collect();
    assert_eq!(listed, computed);
}
