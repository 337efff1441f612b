//! A terminal game on two or three boards side by side (a sum of games, docs/GRUNDY.md): each
//! board keeps its own rules (its first number even, then divisors and multiples of its own
//! last number), a move names a number on one board, and the player with no move on any board
//! loses. The perfect opponent plays by the nim-sum of the boards' Sprague–Grundy values
//! (engines/grundy); a level (docs/PLAYERS.md) plays its own move on a board drawn at random
//! among those with a move. Hints show each board's value and the nim-sum, and the review at
//! the end each move with the values before and after it.

use crate::engines::grundy::sums::{self, SumBoard, SumMove};
use crate::engines::grundy::{values_after, GrundyError, Values};
use crate::game::{legal_moves_after, OpeningRule, Player};
use crate::players::{self, Game, Stop, Stopped};
use rand::Rng;
use std::collections::HashMap;
use std::io::{BufRead, Write};

/// The largest board of a sum in `jg play` (a start of 1..50 is valued in about a second).
pub const MAX_SUM_N: u64 = 50;

/// Why a sum could not be played.
#[derive(Debug, thiserror::Error)]
pub enum SumPlayError {
    #[error("a sum has two or three boards, each 1 ≤ n ≤ {MAX_SUM_N}")]
    Boards,
    #[error("cannot read or write the terminal: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot value a board: {0}")]
    Values(#[from] GrundyError),
}

/// How a game on several boards ended: who won (None: the person quit) and the moves made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumEnd {
    pub winner: Option<Player>,
    pub moves: Vec<SumMove>,
}

/// Who plays against the person: the nim-sum player, or a level by its name.
pub enum SumOpponent {
    Perfect,
    Level {
        player: Box<dyn players::Player>,
        seed: u64,
    },
}

/// The values of the boards' positions, each computed once.
struct Valuer {
    known: HashMap<(u64, Vec<u64>), Values>,
}

impl Valuer {
    fn values(&mut self, board: &SumBoard) -> Result<&Values, GrundyError> {
        let key = (board.n, board.line.clone());
        if !self.known.contains_key(&key) {
            let values = values_after(board.n, OpeningRule::Even, &board.line)?;
            self.known.insert(key.clone(), values);
        }
        Ok(&self.known[&key])
    }

    fn sum(&mut self, boards: &[SumBoard]) -> Result<sums::SumValues, GrundyError> {
        let values = boards
            .iter()
            .map(|b| self.values(b).cloned())
            .collect::<Result<Vec<_>, _>>()?;
        Ok(sums::from_values(values))
    }
}

fn letter(board: usize) -> char {
    (b'A' + board as u8) as char
}

/// The legal moves of each board (ascending), by its own rules.
pub fn legal(boards: &[SumBoard]) -> Vec<Vec<u64>> {
    boards
        .iter()
        .map(|b| legal_moves_after(b.n, OpeningRule::Even, &b.line).unwrap_or_default())
        .collect()
}

fn join(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(" ")
}

/// Reads `A 8`, `a8`, `A:8` (board letter, then the number).
fn parse_move(text: &str, boards: usize) -> Option<(usize, u64)> {
    let text = text.trim();
    let first = text.chars().next()?.to_ascii_uppercase();
    let board = (first as u8).checked_sub(b'A')? as usize;
    if board >= boards {
        return None;
    }
    let number = text[1..]
        .trim_start_matches([' ', ':'])
        .trim()
        .parse()
        .ok()?;
    Some((board, number))
}

impl SumOpponent {
    fn choose(
        &self,
        boards: &[SumBoard],
        valuer: &mut Valuer,
        made: usize,
    ) -> Result<SumMove, GrundyError> {
        let moves = legal(boards);
        match self {
            SumOpponent::Perfect => Ok(nim_sum_move(&valuer.sum(boards)?, &moves)),
            // `Stop::never` is never reached: the level always answers.
            SumOpponent::Level { player, seed } => {
                Ok(
                    level_move(player.as_ref(), *seed, made, boards, &moves, &Stop::never())
                        .unwrap_or_else(|Stopped| first_move(&moves)),
                )
            }
        }
    }
}

/// The smallest number of the first board with a move.
fn first_move(moves: &[Vec<u64>]) -> SumMove {
    let board = moves.iter().position(|m| !m.is_empty()).unwrap_or(0);
    SumMove {
        board,
        number: moves[board].first().copied().unwrap_or(0),
    }
}

/// The perfect player's move on a sum whose values are `sum` (legal moves `moves`, one list a
/// board, not all empty): the move to nim-sum 0 when there is one; from a lost position (nim-sum
/// 0) every move loses against best play, and it names the smallest number of the first board
/// with a move. The terminal game and `jg serve`'s `/api/boards` both play it.
pub fn nim_sum_move(sum: &sums::SumValues, moves: &[Vec<u64>]) -> SumMove {
    sum.winning_move.unwrap_or_else(|| first_move(moves))
}

/// A level's move on a sum (`made` moves made so far; legal moves `moves`, not all empty): a
/// board drawn at random among those with a move (from the seed and `made`), then the level's
/// own move on that board as if it were alone. The terminal game and `jg serve`'s
/// `/api/boards` both play it; `Stopped` when `stop` is reached first.
pub fn level_move(
    player: &dyn players::Player,
    seed: u64,
    made: usize,
    boards: &[SumBoard],
    moves: &[Vec<u64>],
    stop: &Stop,
) -> Result<SumMove, Stopped> {
    let open: Vec<usize> = (0..boards.len())
        .filter(|&i| !moves[i].is_empty())
        .collect();
    let mut rng = players::position_rng(seed ^ made as u64, boards[0].n, &[]);
    let board = open[rng.random_range(0..open.len())];
    let b = &boards[board];
    let chosen = match Game::from_line(b.n, OpeningRule::Even, &b.line) {
        Ok(game) => {
            player.choose_until(&game, &mut players::position_rng(seed, b.n, &b.line), stop)?
        }
        Err(_) => None,
    };
    Ok(SumMove {
        board,
        number: chosen.unwrap_or(moves[board][0]),
    })
}

/// Plays one game on the boards 1..=ns[i] side by side: the person is `human`, `opponent` the
/// other; with `hints`, each board's value and the nim-sum are shown before each of the
/// person's moves. The review follows the end.
pub fn play_sum(
    ns: &[u64],
    human: Player,
    opponent: SumOpponent,
    hints: bool,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<SumEnd, SumPlayError> {
    if !(2..=3).contains(&ns.len()) || ns.iter().any(|&n| n == 0 || n > MAX_SUM_N) {
        return Err(SumPlayError::Boards);
    }
    let out = &mut output;
    let mut boards: Vec<SumBoard> = ns.iter().map(|&n| SumBoard { n, line: vec![] }).collect();
    let mut made: Vec<SumMove> = Vec::new();
    let mut valuer = Valuer {
        known: HashMap::new(),
    };
    let names: Vec<String> = (0..ns.len())
        .map(|i| format!("{} (1..{})", letter(i), ns[i]))
        .collect();
    writeln!(
        out,
        "Juniper Green on {} boards side by side: {}. A move names a number on one board (A 8); \
         each board keeps its own rules (its first number even); whoever has no move on any \
         board loses. You play {}. Commands: a move, hint, moves, undo, quit.",
        ns.len(),
        names.join(", "),
        human.name()
    )?;
    let winner = loop {
        let to_move = Player::to_move_after(made.len());
        let moves = legal(&boards);
        if moves.iter().all(Vec::is_empty) {
            let text = if to_move == human {
                "You have no move on any board: you lose."
            } else {
                "I have no move on any board: you win."
            };
            writeln!(out, "{text}")?;
            break Some(to_move.other());
        }
        if to_move != human {
            let m = opponent.choose(&boards, &mut valuer, made.len())?;
            boards[m.board].line.push(m.number);
            made.push(m);
            writeln!(out, "I play {} on board {}.", m.number, letter(m.board))?;
            continue;
        }
        for (i, b) in boards.iter().enumerate() {
            let played = if b.line.is_empty() {
                "nothing played".to_string()
            } else {
                format!("played {}", join(&b.line))
            };
            writeln!(
                out,
                "Board {}: {played}; legal: {}",
                letter(i),
                if moves[i].is_empty() {
                    "none".to_string()
                } else {
                    join(&moves[i])
                }
            )?;
        }
        if hints {
            write_values(out, &valuer.sum(&boards)?)?;
        }
        match human_turn(&mut input, out, &boards, &moves, &mut valuer)? {
            Turn::Play(m) => {
                boards[m.board].line.push(m.number);
                made.push(m);
            }
            Turn::Undo => {
                // Back to the person's previous turn: the opponent's reply and the person's move.
                let mut undone = false;
                while let Some(m) = made.pop() {
                    boards[m.board].line.pop();
                    if Player::to_move_after(made.len()) == human {
                        undone = true;
                        break;
                    }
                }
                if !undone {
                    writeln!(out, "Nothing to undo.")?;
                }
            }
            Turn::Quit => break None,
        }
    };
    if winner.is_some() {
        review(out, ns, &made, human, &mut valuer)?;
    }
    Ok(SumEnd {
        winner,
        moves: made,
    })
}

fn write_values(out: &mut impl Write, answer: &sums::SumValues) -> std::io::Result<()> {
    let terms: Vec<String> = answer
        .boards
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{} {}", letter(i), b.value))
        .collect();
    let xor: Vec<String> = answer.boards.iter().map(|b| b.value.to_string()).collect();
    writeln!(
        out,
        "Values: {}; nim-sum {} = {}: {}",
        terms.join(", "),
        xor.join(" XOR "),
        answer.nim_sum,
        match answer.winning_move {
            Some(m) => format!(
                "won for you (play {} on board {}: it leaves nim-sum 0)",
                m.number,
                letter(m.board)
            ),
            None => "lost for you against best play (every move leaves a nim-sum other than 0)"
                .to_string(),
        }
    )
}

enum Turn {
    Play(SumMove),
    Undo,
    Quit,
}

fn human_turn(
    input: &mut impl BufRead,
    out: &mut impl Write,
    boards: &[SumBoard],
    moves: &[Vec<u64>],
    valuer: &mut Valuer,
) -> Result<Turn, SumPlayError> {
    loop {
        write!(out, "your move> ")?;
        out.flush()?;
        let mut text = String::new();
        if input.read_line(&mut text)? == 0 {
            writeln!(out)?;
            return Ok(Turn::Quit);
        }
        match text.trim() {
            "" => continue,
            "quit" | "q" => return Ok(Turn::Quit),
            "undo" | "u" => return Ok(Turn::Undo),
            "hint" | "h" => write_values(out, &valuer.sum(boards)?)?,
            "moves" | "m" => {
                for (i, m) in moves.iter().enumerate() {
                    writeln!(out, "Board {}: {}", letter(i), join(m))?;
                }
            }
            word => match parse_move(word, boards.len()) {
                Some((board, number)) if moves[board].contains(&number) => {
                    writeln!(out, "You play {number} on board {}.", letter(board))?;
                    return Ok(Turn::Play(SumMove { board, number }));
                }
                Some((board, number)) => writeln!(
                    out,
                    "{number} is not a legal move on board {}; legal there: {}",
                    letter(board),
                    if moves[board].is_empty() { "none".to_string() } else { join(&moves[board]) }
                )?,
                None => writeln!(
                    out,
                    "Type a board letter and a number (A 8), hint, moves, undo or quit (got {word:?})."
                )?,
            },
        }
    }
}

/// Each move with the boards' values before it and the nim-sum it left; a move from a
/// nim-sum other than 0 that leaves one other than 0 gave the win away.
fn review(
    out: &mut impl Write,
    ns: &[u64],
    made: &[SumMove],
    human: Player,
    valuer: &mut Valuer,
) -> Result<(), SumPlayError> {
    writeln!(out, "Review (values of boards {} before each move):", {
        let l: Vec<String> = (0..ns.len()).map(|i| letter(i).to_string()).collect();
        l.join(", ")
    })?;
    let mut boards: Vec<SumBoard> = ns.iter().map(|&n| SumBoard { n, line: vec![] }).collect();
    for (i, m) in made.iter().enumerate() {
        let before = valuer.sum(&boards)?;
        boards[m.board].line.push(m.number);
        let after = valuer.sum(&boards)?;
        let who = if Player::to_move_after(i) == human {
            "you"
        } else {
            "me"
        };
        let values: Vec<String> = before.boards.iter().map(|b| b.value.to_string()).collect();
        let mark = if before.nim_sum != 0 && after.nim_sum != 0 {
            "  a mistake: a move to nim-sum 0 was there"
        } else {
            ""
        };
        writeln!(
            out,
            "  {:>2}. {who:<3} {} on {}   values {}   nim-sum {} -> {}{mark}",
            i + 1,
            m.number,
            letter(m.board),
            values.join(" "),
            before.nim_sum,
            after.nim_sum
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scripted_game_is_won_by_the_moves_the_values_name_and_reviewed() {
        // 1..2 has value 0 and 1..3 value 1: B 2 leaves nim-sum 0; the perfect player answers
        // A 2, the person's A 1 leaves 0 again, then B 1 and B 3 end it.
        let mut out = Vec::new();
        let input = "hint\nb 2\nz 9\na 1\nb 3\n";
        let end = play_sum(
            &[2, 3],
            Player::First,
            SumOpponent::Perfect,
            false,
            input.as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(end.winner, Some(Player::First), "{text}");
        let moves: Vec<(usize, u64)> = end.moves.iter().map(|m| (m.board, m.number)).collect();
        assert_eq!(moves, [(1, 2), (0, 2), (0, 1), (1, 1), (1, 3)], "{text}");
        assert!(
            text.contains("Values: A 0, B 1; nim-sum 0 XOR 1 = 1: won for you (play 2 on board B"),
            "{text}"
        );
        assert!(
            text.contains("I have no move on any board: you win."),
            "{text}"
        );
        assert!(text.contains("Type a board letter"), "{text}");
        assert!(!text.contains("mistake"), "{text}");
    }

    #[test]
    fn the_nim_sum_player_never_loses_a_sum_it_can_win() {
        let mut valuer = Valuer {
            known: HashMap::new(),
        };
        for (ns, seed) in [
            (vec![12u64, 20], 1u64),
            (vec![9, 14, 6], 2),
            (vec![16, 11], 3),
            (vec![7, 10, 13], 4),
        ] {
            for game in 0..6 {
                let mut boards: Vec<SumBoard> =
                    ns.iter().map(|&n| SumBoard { n, line: vec![] }).collect();
                let first_wins = valuer.sum(&boards).unwrap().nim_sum != 0;
                let random = SumOpponent::Level {
                    player: players::by_name("random").unwrap(),
                    seed: seed * 100 + game,
                };
                let perfect = SumOpponent::Perfect;
                let (a, b) = if first_wins {
                    (&perfect, &random)
                } else {
                    (&random, &perfect)
                };
                let mut made = 0;
                while legal(&boards).iter().any(|m| !m.is_empty()) {
                    let m = if made % 2 == 0 { a } else { b }
                        .choose(&boards, &mut valuer, made)
                        .unwrap();
                    assert!(legal(&boards)[m.board].contains(&m.number));
                    boards[m.board].line.push(m.number);
                    made += 1;
                }
                // The player who moved last won; it must be the perfect player.
                assert_eq!(made % 2 == 1, first_wins, "{ns:?} game {game}");
            }
        }
    }

    #[test]
    fn moves_are_read_with_or_without_a_space_or_colon() {
        assert_eq!(parse_move("A 8", 2), Some((0, 8)));
        assert_eq!(parse_move("b8", 2), Some((1, 8)));
        assert_eq!(parse_move("c:12", 3), Some((2, 12)));
        assert_eq!(parse_move("c 12", 2), None);
        assert_eq!(parse_move("8", 2), None);
    }
}
