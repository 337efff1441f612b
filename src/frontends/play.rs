//! A terminal game of Juniper Green against one of the players (docs/PLAYERS.md; docs/MATH.md §1
//! for the rules). The hints ask `PositionOracle`, the engine that answers `jg solve --after`;
//! the legal moves come from the rules of game.rs.
//! All input and output go through `BufRead` and `Write`, so tests play whole games in-process.

use crate::engines::position::{PositionError, PositionOracle};
use crate::frontends::session::{MoveRefused, Opponent, Session};
use crate::game::{IllegalReason, OpeningRule, Player};
use crate::players::{self, Game};
use std::collections::BTreeSet;
use std::io::{BufRead, Write};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The player at the keyboard won; the line of play is given.
    HumanWon(Vec<u64>),
    /// The perfect player won.
    ComputerWon(Vec<u64>),
    /// The player typed `quit` or the input ended.
    Quit(Vec<u64>),
}

/// Why a game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("n must be at least 1")]
    Zero,
    #[error("cannot read or write the terminal: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot analyse the position: {0}")]
    Position(#[from] PositionError),
}

/// Plays one game on 1..=n under the oracle's opening rule: the person at `input`/`output` is
/// `human`, the perfect player (the oracle) the other; with `hints`, each position is said won
/// or lost.
pub fn play_game(
    n: u64,
    human: Player,
    oracle: &PositionOracle,
    hints: bool,
    input: impl BufRead,
    output: impl Write,
) -> Result<GameEnd, PlayError> {
    let perfect = as_opponent(Box::new(players::Perfect), oracle.rule, 0);
    play_against(n, human, oracle, perfect, hints, input, output)
}

/// `player` as the opponent of a session on boards with `rule`: each move drawn from the random
/// source of its position (`players::position_rng(seed, n, line)`), so that the same seed and
/// the same moves give the same game, after an undo too.
pub fn as_opponent(
    player: Box<dyn players::Player>,
    rule: OpeningRule,
    seed: u64,
) -> impl Opponent {
    move |n: u64, line: &[u64], moves: &[u64]| {
        let chosen = Game::from_line(n, rule, line)
            .ok()
            .and_then(|game| player.choose(&game, &mut players::position_rng(seed, n, line)));
        // The session asks only on a legal line with a move left, so the game exists and the
        // player has a move; should either fail, the smallest legal move is played.
        Ok(chosen.unwrap_or(moves[0]))
    }
}

/// Plays one game on 1..=n against `opponent`; the oracle answers the `hint` command and, with
/// `hints`, says after every move whether the person's position is won or lost (without it, the
/// game says nothing of the kind unless asked).
pub fn play_against(
    n: u64,
    human: Player,
    oracle: &PositionOracle,
    opponent: impl Opponent,
    hints: bool,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<GameEnd, PlayError> {
    let mut session = Session::new(n, oracle.rule, human, opponent).ok_or(PlayError::Zero)?;
    let out = &mut output;
    writeln!(
        out,
        "Juniper Green on 1..{n}. You play {}. Commands: a number, hint, moves, undo, quit \
         (after a game: undo, new, quit).",
        human.name()
    )?;
    loop {
        if session.to_move() != human {
            if let Some(reply) = session.reply()? {
                writeln!(out, "I play {reply}.")?;
                continue;
            }
            writeln!(out, "I have no legal move: you win.")?;
            if after_the_end(&mut input, out, &mut session)? {
                continue;
            }
            return Ok(GameEnd::HumanWon(session.line().to_vec()));
        }
        let moves = session.legal_moves();
        if moves.is_empty() {
            writeln!(out, "You have no legal move: you lose.")?;
            if after_the_end(&mut input, out, &mut session)? {
                continue;
            }
            return Ok(GameEnd::ComputerWon(session.line().to_vec()));
        }
        show_position(out, n, session.line(), &moves)?;
        if hints {
            let winning = !oracle.winning_moves(n, session.line())?.is_empty();
            writeln!(
                out,
                "This position is {} for you.",
                if winning { "won" } else { "lost" }
            )?;
        }
        if !human_turn(&mut input, out, oracle, hints, &mut session, &moves)? {
            return Ok(GameEnd::Quit(session.line().to_vec()));
        }
    }
}

/// Reads commands until the person plays a legal move or takes one back (true), or quits or
/// the input ends (false). Hints come from the oracle; with `hints`, the verdict after the move.
fn human_turn(
    input: &mut impl BufRead,
    out: &mut impl Write,
    oracle: &PositionOracle,
    hints: bool,
    session: &mut Session,
    moves: &[u64],
) -> Result<bool, PlayError> {
    let n = session.n();
    loop {
        let Some(text) = ask(input, out, "your move> ")? else {
            return Ok(false);
        };
        match text.trim() {
            "" => continue,
            "quit" | "q" => return Ok(false),
            "hint" | "h" | "hint all" => {
                let hints = oracle.winning_moves(n, session.line())?;
                if hints.is_empty() {
                    writeln!(out, "No winning move: every move loses against best play.")?;
                } else if text.trim() == "hint all" {
                    writeln!(out, "Winning moves: {}", join(&hints))?;
                } else {
                    writeln!(out, "Winning moves: {}", abbreviate(&hints))?;
                }
            }
            "moves" | "m" => writeln!(out, "Legal moves: {}", join(moves))?,
            "undo" | "u" => {
                // Back to the previous position where it was the person's turn.
                if session.undo() {
                    return Ok(true);
                }
                writeln!(out, "Nothing to undo.")?;
            }
            word => match word.parse::<u64>() {
                Ok(number) => match session.play(number) {
                    Ok(()) if hints => {
                        let lost_for_opponent = oracle.winning_moves(n, session.line())?.is_empty();
                        writeln!(
                            out,
                            "You play {number}. The position is {} for you.",
                            if lost_for_opponent { "won" } else { "lost" }
                        )?;
                        return Ok(true);
                    }
                    Ok(()) => {
                        writeln!(out, "You play {number}.")?;
                        return Ok(true);
                    }
                    Err(refused) => writeln!(
                        out,
                        "{number} is not a legal move: {}. Legal moves: {}",
                        in_words(number, &refused),
                        abbreviate(moves)
                    )?,
                },
                Err(_) => writeln!(
                    out,
                    "Type a number, hint (hint all), moves, undo or quit (got {word:?})."
                )?,
            },
        }
    }
}

/// Why `number` was refused, in the rules' words for a person at the terminal.
fn in_words(number: u64, refused: &MoveRefused) -> String {
    match refused {
        MoveRefused::Illegal(IllegalReason::OffBoard { n }) => format!("the board is 1..{n}"),
        MoveRefused::Illegal(IllegalReason::AlreadyPlayed) => {
            format!("{number} was already played")
        }
        MoveRefused::Illegal(IllegalReason::OddOpening) => {
            "the first number must be even".to_string()
        }
        MoveRefused::Illegal(IllegalReason::NotRelated { last }) => {
            format!("{number} neither divides nor is a multiple of {last}")
        }
        MoveRefused::NotYourTurn => refused.to_string(),
    }
}

/// Prints `prompt` and reads one line; None at the end of the input (a new line is printed, so
/// the shell's prompt starts on its own line).
fn ask(
    input: &mut impl BufRead,
    out: &mut impl Write,
    prompt: &str,
) -> Result<Option<String>, PlayError> {
    write!(out, "{prompt}")?;
    out.flush()?;
    let mut text = String::new();
    if input.read_line(&mut text)? == 0 {
        writeln!(out)?;
        return Ok(None);
    }
    Ok(Some(text))
}

/// After a game: `undo` takes back the person's last move, `new` starts again (true: play
/// on); `quit` or the end of the input ends (false).
fn after_the_end(
    input: &mut impl BufRead,
    out: &mut impl Write,
    session: &mut Session,
) -> Result<bool, PlayError> {
    writeln!(
        out,
        "Game over. Type undo to take back your last move, new for a new game, or quit."
    )?;
    loop {
        let Some(text) = ask(input, out, "> ")? else {
            return Ok(false);
        };
        match text.trim() {
            "" => continue,
            "quit" | "q" => return Ok(false),
            "new" | "n" => {
                session.new_game();
                writeln!(out, "New game on 1..{}.", session.n())?;
                return Ok(true);
            }
            "undo" | "u" => {
                // Back to before the person's last move.
                if session.undo() {
                    return Ok(true);
                }
                writeln!(out, "You have made no move to undo.")?;
            }
            word => writeln!(out, "Type undo, new or quit (got {word:?}).")?,
        }
    }
}

fn show_position(out: &mut impl Write, n: u64, line: &[u64], moves: &[u64]) -> std::io::Result<()> {
    if !line.is_empty() {
        writeln!(out, "Played: {}", join(line))?;
    }
    // Listing every free number only helps on boards small enough to read.
    if n <= 200 {
        let played: BTreeSet<u64> = line.iter().copied().collect();
        let free: Vec<u64> = (1..=n).filter(|k| !played.contains(k)).collect();
        writeln!(out, "Free: {}", join(&free))?;
    }
    if moves.len() > SHOWN_IN_FULL {
        writeln!(
            out,
            "Legal moves: {} (type moves to list them all)",
            abbreviate(moves)
        )
    } else {
        writeln!(out, "Legal moves: {}", join(moves))
    }
}

/// Lists longer than this are shown abbreviated (`abbreviate`).
pub const SHOWN_IN_FULL: usize = 24;

/// A list for a person to read: whole when it has at most `SHOWN_IN_FULL` numbers, else the
/// first 10 and last 5 around `…`, and the count: `2 4 … 98 100 (50 in all)`.
pub fn abbreviate(numbers: &[u64]) -> String {
    if numbers.len() <= SHOWN_IN_FULL {
        return join(numbers);
    }
    format!(
        "{} … {} ({} in all)",
        join(&numbers[..10]),
        join(&numbers[numbers.len() - 5..]),
        numbers.len()
    )
}

fn join(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::legal_moves_after;
    use crate::OpeningRule;

    use crate::test_support::{naive_legal_moves, to_move_wins};

    fn legal_moves(n: u64, line: &[u64]) -> Vec<u64> {
        legal_moves_after(n, OpeningRule::Even, line).unwrap()
    }

    fn oracle() -> PositionOracle {
        PositionOracle::new(OpeningRule::Even)
    }

    /// Winner by a second, independent recursion (no table) over the rules.
    fn first_player_wins(n: u64) -> bool {
        to_move_wins(n, &mut Vec::new())
    }

    #[test]
    fn legal_moves_follow_the_rules() {
        for n in 1..=40 {
            for line in [vec![], vec![6], vec![6, 3], vec![12, 1, 7], vec![2, 4, 8]] {
                if line.iter().all(|&k| k <= n) {
                    assert_eq!(legal_moves(n, &line), naive_legal_moves(n, &line));
                }
            }
        }
    }

    #[test]
    fn the_oracle_agrees_with_plain_recursion_on_the_winner() {
        let oracle = oracle();
        for n in 1..=14 {
            let first_wins = !oracle.winning_moves(n, &[]).unwrap().is_empty();
            assert_eq!(first_wins, first_player_wins(n), "n = {n}");
        }
    }

    /// Plays the human side with `choose` picking from the legal moves; returns the game's end.
    fn scripted_game(
        n: u64,
        human: Player,
        choose: &mut dyn FnMut(&[u64], &[u64]) -> u64,
    ) -> GameEnd {
        // Feed the game one move at a time: replay with a longer script until it ends.
        let oracle = oracle();
        let mut script: Vec<String> = Vec::new();
        loop {
            let input = script.join("\n") + "\n";
            let mut output = Vec::new();
            let end = play_game(n, human, &oracle, false, input.as_bytes(), &mut output).unwrap();
            match end {
                GameEnd::Quit(line) => {
                    let moves = legal_moves(n, &line);
                    script.push(choose(&line, &moves).to_string());
                }
                done => return done,
            }
        }
    }

    #[test]
    fn the_perfect_player_wins_every_game_it_can_win() {
        let oracle = oracle();
        for n in 2..=16 {
            let first_wins = !oracle.winning_moves(n, &[]).unwrap().is_empty();
            let computer = Player::winner(first_wins);
            let human = computer.other();
            // Several human styles: smallest, largest and a pseudo-random move.
            for style in 0..3u64 {
                let mut state = n * 7919 + style;
                let mut choose = |_: &[u64], moves: &[u64]| match style {
                    0 => moves[0],
                    1 => *moves.last().unwrap(),
                    _ => {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                        moves[(state >> 33) as usize % moves.len()]
                    }
                };
                let end = scripted_game(n, human, &mut choose);
                assert!(
                    matches!(end, GameEnd::ComputerWon(_)),
                    "n = {n}, style {style}: {end:?}"
                );
            }
        }
    }

    #[test]
    fn a_player_following_hints_beats_the_computer_when_it_can() {
        let oracle = oracle();
        for n in 2..=16 {
            let first_wins = !oracle.winning_moves(n, &[]).unwrap().is_empty();
            let human = Player::winner(first_wins);
            let mut choose = |line: &[u64], _: &[u64]| oracle.winning_moves(n, line).unwrap()[0];
            let end = scripted_game(n, human, &mut choose);
            assert!(matches!(end, GameEnd::HumanWon(_)), "n = {n}: {end:?}");
        }
    }

    #[test]
    fn bad_input_is_answered_and_undo_and_hint_work() {
        let oracle = oracle();
        let input = "banana\n7\n\n999\nhint\n4\nundo\nundo\n10\nquit\n";
        let mut output = Vec::new();
        let end = play_game(
            10,
            Player::First,
            &oracle,
            false,
            input.as_bytes(),
            &mut output,
        )
        .unwrap();
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("Type a number"), "{text}");
        assert!(text.contains("7 is not a legal move"), "{text}");
        assert!(text.contains("999 is not a legal move"), "{text}");
        // The hint at the start of 1..10 must match the verdict of the plain recursion, and
        // only that one.
        let first_wins = first_player_wins(10);
        let (hint, not) = match first_wins {
            true => ("Winning moves", "No winning move"),
            false => ("No winning move", "Winning moves"),
        };
        assert!(text.contains(hint) && !text.contains(not), "{text}");
        assert!(text.contains("Nothing to undo"), "{text}");
        // 4 and the reply were taken back, then 10 was played and the computer answered.
        let GameEnd::Quit(line) = end else {
            panic!("expected quit, got {end:?}")
        };
        assert_eq!(line[0], 10);
        assert_eq!(line.len(), 2);
        assert!(legal_moves(10, &[10]).contains(&line[1]));
    }

    #[test]
    fn an_illegal_move_is_told_why() {
        use crate::OpeningRule::{Even, Free};
        // The person is the player to move after the line; an opponent that follows the line
        // plays the other moves.
        let why = |rule, line: &[u64], number| {
            let script = line.to_vec();
            let follow = move |_: u64, played: &[u64], _: &[u64]| Ok(script[played.len()]);
            let human = Player::to_move_after(line.len());
            let mut session = Session::new(30, rule, human, follow).unwrap();
            for (i, &k) in line.iter().enumerate() {
                if Player::to_move_after(i) == human {
                    session.play(k).unwrap();
                } else {
                    assert_eq!(session.reply(), Ok(Some(k)));
                }
            }
            in_words(number, &session.play(number).unwrap_err())
        };
        assert_eq!(
            why(Even, &[22], 9),
            "9 neither divides nor is a multiple of 22"
        );
        assert_eq!(why(Even, &[], 9), "the first number must be even");
        assert_eq!(why(Free, &[22, 11], 22), "22 was already played");
        assert_eq!(why(Even, &[22], 31), "the board is 1..30");
        assert_eq!(why(Even, &[22], 0), "the board is 1..30");
        // Through the game: the reason is on the line that refuses the move.
        let mut output = Vec::new();
        play_game(
            4,
            Player::First,
            &oracle(),
            false,
            "3\nquit\n".as_bytes(),
            &mut output,
        )
        .unwrap();
        let text = String::from_utf8(output).unwrap();
        assert!(
            text.contains("3 is not a legal move: the first number must be even."),
            "{text}"
        );
    }

    /// On 1..2 the first player opens 2, the computer answers 1, and the person has no move:
    /// `undo` takes the opening back, `new` starts again, and neither ends the game.
    #[test]
    fn the_end_offers_undo_and_a_new_game() {
        let input = "2\nundo\n2\nnew\n2\nquit\n";
        let mut output = Vec::new();
        let end = play_game(
            2,
            Player::First,
            &oracle(),
            false,
            input.as_bytes(),
            &mut output,
        )
        .unwrap();
        let text = String::from_utf8(output).unwrap();
        assert_eq!(
            text.matches("You have no legal move: you lose.").count(),
            3,
            "{text}"
        );
        assert_eq!(text.matches("Game over. Type undo").count(), 3, "{text}");
        assert!(text.contains("New game on 1..2."), "{text}");
        assert_eq!(end, GameEnd::ComputerWon(vec![2, 1]));
    }

    /// Without --hints the game never says whether a position is won; with it, at every turn.
    #[test]
    fn the_verdicts_come_only_with_hints() {
        let input = "4\nquit\n";
        for hints in [false, true] {
            let mut output = Vec::new();
            play_game(
                12,
                Player::First,
                &oracle(),
                hints,
                input.as_bytes(),
                &mut output,
            )
            .unwrap();
            let text = String::from_utf8(output).unwrap();
            assert_eq!(text.contains("This position is"), hints, "{text}");
            assert_eq!(text.contains("The position is"), hints, "{text}");
            assert!(text.contains("You play 4."), "{text}");
        }
    }

    /// With a seed, an opponent that draws answers a position the same way after an undo: the
    /// draw depends on the seed and the position, not on the moves asked before.
    #[test]
    fn a_seeded_opponent_answers_the_same_after_an_undo() {
        for level in ["random", "careful", "playouts:5"] {
            for seed in 0..20 {
                let player = players::by_name(level).unwrap();
                let opponent = as_opponent(player, OpeningRule::Even, seed);
                let input = "12\nundo\n12\nundo\n12\nquit\n";
                let mut output = Vec::new();
                play_against(
                    60,
                    Player::First,
                    &oracle(),
                    opponent,
                    false,
                    input.as_bytes(),
                    &mut output,
                )
                .unwrap();
                let text = String::from_utf8(output).unwrap();
                let replies: Vec<&str> = text
                    .lines()
                    .flat_map(|l| l.split("> "))
                    .filter(|l| l.starts_with("I play "))
                    .collect();
                assert_eq!(replies.len(), 3, "{text}");
                assert!(
                    replies.iter().all(|r| *r == replies[0]),
                    "{level}, seed {seed}: {replies:?}"
                );
            }
        }
        // Seeds do draw: random's answers to 12 on 1..60 are not all one.
        let answers: std::collections::BTreeSet<u64> = (0..20)
            .map(|seed| {
                let game = Game::from_line(60, OpeningRule::Even, &[12]).unwrap();
                let player = players::by_name("random").unwrap();
                player
                    .choose(&game, &mut players::position_rng(seed, 60, &[12]))
                    .unwrap()
            })
            .collect();
        assert!(answers.len() > 3, "{answers:?}");
    }
}
