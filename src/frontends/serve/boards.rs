//! `POST /api/boards` and `POST /api/boards/review`: a game on two or three boards side by side
//! (a sum of games, docs/GRUNDY.md). A move names a number on one board, by that board's own
//! rules (its first number even, then a divisor or multiple of its own last number); the player
//! with no move on any board loses. The answers are the boards' Sprague–Grundy values
//! (`engines::grundy::values_after`, one board at a time: no threads, so the static site's
//! WebAssembly engine answers the same), their nim-sum, the moves that leave it 0, and the
//! opponent's reply, played as `jg play N1 N2` plays it (`frontends::sum_play`).
//!
//! As for one board, the server keeps nothing: the page sends the boards' sizes and every move
//! made, in order, with each request. Each board is at most [`MAX_BOARDS_N`] (as in `jg play`),
//! its table of values bounded by [`BOARD_MEMORY_MIB`]; the stop is looked at between boards.

use super::error::ApiError;
use super::game::{YourSide, PERSON};
use super::line::{self, Typed, RULE};
use crate::engines::grundy::sums::{self, SumBoard, SumMove};
use crate::engines::grundy::{BoardSearch, BoardValues, GrundyError, Limits, Values};
use crate::frontends::sum_play::{self, MAX_SUM_N};
use crate::game::{check_line, Player as Side};
use crate::players::{self, Stop};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The largest board of a game on boards: `jg play`'s bound (the start of 1..50 is valued in
/// about a quarter of a second natively).
pub const MAX_BOARDS_N: u64 = MAX_SUM_N;

/// The fewest and most boards of a game.
pub const MIN_BOARDS: usize = 2;
pub const MAX_BOARDS: usize = 3;

/// The memory bound of one board's table of values, in MiB (the start of 1..50 holds about
/// 3 MB of it; a table that needs more is refused, never answered wrongly).
pub const BOARD_MEMORY_MIB: u64 = 64;

/// A list of a body read keeping at most `N` values (the rest only counted), so that a request
/// holds no more than a game can use, whatever its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capped<T, const N: usize> {
    pub kept: Vec<T>,
    pub count: usize,
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Capped<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<T, const N: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const N: usize> de::Visitor<'de> for Visitor<T, N> {
            type Value = Capped<T, N>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut capped = Capped {
                    kept: Vec::new(),
                    count: 0,
                };
                loop {
                    let more = if capped.count < N {
                        seq.next_element::<T>()?
                            .map(|value| capped.kept.push(value))
                    } else {
                        seq.next_element::<de::IgnoredAny>()?.map(drop)
                    };
                    if more.is_none() {
                        return Ok(capped);
                    }
                    capped.count += 1;
                }
            }
        }
        deserializer.deserialize_seq(Visitor::<T, N>(std::marker::PhantomData))
    }
}

impl<T, const N: usize> Default for Capped<T, N> {
    fn default() -> Self {
        Capped {
            kept: Vec::new(),
            count: 0,
        }
    }
}

/// One move of a request: the board (counted from 0) and the number, as typed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    pub board: Typed,
    pub number: Typed,
}

/// The most moves a game on boards can have, plus one (to refuse a longer list).
const MOST_MOVES: usize = MAX_BOARDS * MAX_BOARDS_N as usize + 1;

/// The body of `POST /api/boards` (docs/API.md), no other field.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardsBody {
    pub boards: Option<Capped<Typed, { MAX_BOARDS + 1 }>>,
    pub moves: Option<Capped<MoveBody, MOST_MOVES>>,
    pub you: Option<YourSide>,
    pub opponent: Option<String>,
    pub seed: Option<u64>,
    pub hints: Option<bool>,
}

/// The body of `POST /api/boards/review`: the boards and the moves, no other field.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardsReviewBody {
    pub boards: Option<Capped<Typed, { MAX_BOARDS + 1 }>>,
    pub moves: Option<Capped<MoveBody, MOST_MOVES>>,
}

/// A game on boards: the boards' sizes and the moves made, checked legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub ns: Vec<u64>,
    pub moves: Vec<SumMove>,
}

impl Position {
    /// Each board with its own line of play.
    pub fn boards(&self) -> Vec<SumBoard> {
        let mut boards: Vec<SumBoard> = self
            .ns
            .iter()
            .map(|&n| SumBoard {
                n,
                line: Vec::new(),
            })
            .collect();
        for m in &self.moves {
            boards[m.board].line.push(m.number);
        }
        boards
    }
}

/// A request of `POST /api/boards`, its fields read and defaulted.
#[derive(Clone, Debug)]
pub struct BoardsRequest {
    pub position: Position,
    pub you: YourSide,
    pub opponent: String,
    pub seed: u64,
    pub hints: bool,
}

fn missing(field: &str) -> ApiError {
    ApiError::bad_request(format!(
        "the body is not the JSON this route reads (missing field `{field}`); docs/API.md gives \
         its fields"
    ))
}

/// The boards and the moves of a request, refused in plain words with the codes of
/// docs/API.md: 2 or 3 boards (`boards_count`), each n from 1 to [`MAX_BOARDS_N`] (`n_range`),
/// each move on a board of the game (`board_range`) and legal on it (the codes of one board,
/// with `board`; `index` and `at` count the moves of the whole game from 0).
pub fn position(
    boards: Option<&Capped<Typed, { MAX_BOARDS + 1 }>>,
    moves: Option<&Capped<MoveBody, MOST_MOVES>>,
) -> Result<Position, ApiError> {
    let boards = boards.ok_or_else(|| missing("boards"))?;
    if !(MIN_BOARDS..=MAX_BOARDS).contains(&boards.count) {
        return Err(ApiError::unprocessable(format!(
            "a game on boards has {MIN_BOARDS} or {MAX_BOARDS} boards, not {}",
            boards.count
        ))
        .with_code(
            "boards_count",
            json!({ "count": boards.count, "min": MIN_BOARDS, "max": MAX_BOARDS }),
        ));
    }
    let ns = boards
        .kept
        .iter()
        .map(|typed| {
            typed
                .whole(1, MAX_BOARDS_N)
                .ok_or_else(|| line::n_refused(&typed.shown(), MAX_BOARDS_N))
        })
        .collect::<Result<Vec<u64>, ApiError>>()?;
    let empty = Capped::default();
    let moves = moves.unwrap_or(&empty);
    let most: u64 = ns.iter().sum();
    if moves.count as u64 > most {
        return Err(ApiError::unprocessable(format!(
            "the game has {} moves, more than the {most} numbers of its boards",
            moves.count
        )));
    }
    let mut lines: Vec<Vec<u64>> = vec![Vec::new(); ns.len()];
    // The index in the whole game of each board's moves.
    let mut indices: Vec<Vec<usize>> = vec![Vec::new(); ns.len()];
    let mut made = Vec::with_capacity(moves.kept.len());
    for (index, m) in moves.kept.iter().enumerate() {
        let Some(board) = m.board.whole(0, ns.len() as u64 - 1).map(|b| b as usize) else {
            return Err(ApiError::unprocessable(format!(
                "board {} is not a board of the game (they are counted from 0 to {})",
                m.board.shown(),
                ns.len() - 1
            ))
            .with_code(
                "board_range",
                json!({ "board": m.board.shown(), "boards": ns.len(), "index": index }),
            ));
        };
        let n = ns[board];
        let Some(number) = m.number.whole(1, n) else {
            return Err(ApiError::unprocessable(format!(
                "{} is not a number from 1 to {n}",
                m.number.shown()
            ))
            .with_code(
                "move_range",
                json!({ "move": m.number.shown(), "n": n, "index": index, "board": board }),
            ));
        };
        lines[board].push(number);
        indices[board].push(index);
        if let Err(illegal) = check_line(n, RULE, &lines[board]) {
            let mut error = line::refused(&lines[board], illegal);
            error.values.insert("index".into(), json!(index));
            error.values.insert("board".into(), json!(board));
            if let Some(at) = error.values.get("at").and_then(|at| at.as_u64()) {
                // Where it was played first, counted in the whole game.
                let at = indices[board][at as usize];
                error.values.insert("at".into(), json!(at));
                error.message = format!(
                    "{number} was already played on this board (move {}): each number is named \
                     once",
                    at + 1
                );
            }
            return Err(error);
        }
        made.push(SumMove { board, number });
    }
    Ok(Position { ns, moves: made })
}

impl BoardsBody {
    /// The request: the boards and the moves first (refused in plain words), then `you`
    /// (required) and the defaults of the rest.
    pub fn request(self) -> Result<BoardsRequest, ApiError> {
        let position = position(self.boards.as_ref(), self.moves.as_ref())?;
        Ok(BoardsRequest {
            position,
            you: self.you.ok_or_else(|| missing("you"))?,
            opponent: self.opponent.unwrap_or_else(|| "perfect".to_string()),
            seed: self.seed.unwrap_or_default(),
            hints: self.hints.unwrap_or_default(),
        })
    }
}

impl BoardsReviewBody {
    pub fn position(self) -> Result<Position, ApiError> {
        position(self.boards.as_ref(), self.moves.as_ref())
    }
}

/// The value after a legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    pub number: u64,
    pub value: u32,
}

/// One board of the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardAnswer {
    pub n: u64,
    /// The numbers named on this board, in order.
    pub line: Vec<u64>,
    /// Its Sprague–Grundy value.
    pub value: u32,
    /// The legal moves on it (ascending), for the side to move; empty at the end.
    pub legal: Vec<u64>,
    /// The value of this board after each legal move (the mex of these is `value`).
    pub options: Vec<MoveValue>,
    /// With `hints`, the legal moves on it that leave the nim-sum 0 when the person is to move
    /// (empty otherwise); null without `hints`.
    pub winning: Option<Vec<u64>>,
}

/// Who, seen from the person.
pub use super::game::Who;

/// The answer of `POST /api/boards` (docs/API.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardsAnswer {
    pub boards: Vec<BoardAnswer>,
    /// The XOR of the boards' values: 0 exactly when the side to move loses against best play.
    pub nim_sum: u32,
    /// Every move of the game, the reply included: `{"board", "number"}`.
    pub moves: Vec<MoveAnswer>,
    /// The opponent's move played by this request, or null.
    pub reply: Option<MoveAnswer>,
    pub to_move: Option<Who>,
    pub to_move_side: Option<Side>,
    pub over: bool,
    pub winner: Option<Who>,
    pub winner_side: Option<Side>,
}

/// A move as the answers write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnswer {
    pub board: usize,
    pub number: u64,
}

impl From<SumMove> for MoveAnswer {
    fn from(m: SumMove) -> MoveAnswer {
        MoveAnswer {
            board: m.board,
            number: m.number,
        }
    }
}

/// The engine of each board of a game, under [`BOARD_MEMORY_MIB`] each.
fn engines(boards: &[SumBoard]) -> Result<Vec<BoardValues>, ApiError> {
    let limits = Limits {
        memory_mib: BOARD_MEMORY_MIB,
    };
    boards
        .iter()
        .map(|b| BoardValues::new(b.n, RULE, limits).map_err(values_refused))
        .collect()
}

/// A board's values after its line, from its search (whose table the positions of one request
/// share); `stop` looked at first.
fn board_values(
    search: &mut BoardSearch<'_>,
    board: &SumBoard,
    stop: &Stop,
) -> Result<Values, ApiError> {
    stop.check()?;
    search.after(&board.line, |_, _| {}).map_err(values_refused)
}

/// A board the values could not be given for (the memory bound): 503, as work past a bound.
fn values_refused(error: GrundyError) -> ApiError {
    match error {
        GrundyError::Illegal(_) => ApiError::new(
            http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("a line already checked legal was refused: {error}"),
        ),
        _ => ApiError::busy(format!("the values could not be computed: {error}")),
    }
}

fn values_of(
    searches: &mut [BoardSearch<'_>],
    boards: &[SumBoard],
    stop: &Stop,
) -> Result<Vec<Values>, ApiError> {
    searches
        .iter_mut()
        .zip(boards)
        .map(|(search, b)| board_values(search, b, stop))
        .collect()
}

/// The moves of `values` (one board's) that leave the nim-sum 0 when the nim-sum is `nim_sum`.
fn to_nim_sum_zero(values: &Values, nim_sum: u32) -> Vec<u64> {
    if nim_sum == 0 {
        return Vec::new();
    }
    let target = values.value ^ nim_sum;
    values
        .moves
        .iter()
        .filter(|&&(_, v)| v == target)
        .map(|&(m, _)| m)
        .collect()
}

/// The position after the request's moves, with the opponent's reply when it is its turn:
/// the perfect player plays by the nim-sum (`sum_play::nim_sum_move`), a level plays its own
/// move on a board drawn at random (`sum_play::level_move`); `person` plays none. 503 when
/// `stop` is reached first.
pub fn answer(request: &BoardsRequest, stop: &Stop) -> Result<BoardsAnswer, ApiError> {
    let person = request.opponent == PERSON;
    let player = if person {
        None
    } else {
        let player = players::by_name(&request.opponent)
            .map_err(|error| ApiError::unprocessable(error.to_string()))?;
        Some(player)
    };
    let human = request.you.side();
    let mut position = request.position.clone();
    let mut boards = position.boards();
    let engines = engines(&boards)?;
    let mut searches: Vec<BoardSearch> = engines.iter().map(BoardValues::search).collect();
    let mut values = values_of(&mut searches, &boards, stop)?;
    let mut legal = sum_play::legal(&boards);
    let mut reply = None;
    let to_move = Side::to_move_after(position.moves.len());
    if let Some(player) = &player {
        if to_move != human && legal.iter().any(|m| !m.is_empty()) {
            let m = if player.name() == "perfect" {
                sum_play::nim_sum_move(&sums::from_values(values.clone()), &legal)
            } else {
                let made = position.moves.len();
                sum_play::level_move(player.as_ref(), request.seed, made, &boards, &legal, stop)?
            };
            boards[m.board].line.push(m.number);
            position.moves.push(m);
            values[m.board] = board_values(&mut searches[m.board], &boards[m.board], stop)?;
            legal = sum_play::legal(&boards);
            reply = Some(MoveAnswer::from(m));
        }
    }
    let nim_sum = values.iter().fold(0, |x, v| x ^ v.value);
    let over = legal.iter().all(Vec::is_empty);
    let to_move = Side::to_move_after(position.moves.len());
    let shown = person || to_move == human;
    // With two people on one screen, `you` is the first player.
    let you = if person { Side::First } else { human };
    let who = |side: Side| if side == you { Who::You } else { Who::Opponent };
    let boards = boards
        .into_iter()
        .zip(values)
        .zip(legal)
        .map(|((board, values), legal)| BoardAnswer {
            n: board.n,
            line: board.line,
            value: values.value,
            winning: request.hints.then(|| {
                if shown && !over {
                    to_nim_sum_zero(&values, nim_sum)
                } else {
                    Vec::new()
                }
            }),
            options: values
                .moves
                .iter()
                .map(|&(number, value)| MoveValue { number, value })
                .collect(),
            legal,
        })
        .collect();
    Ok(BoardsAnswer {
        boards,
        nim_sum,
        moves: position.moves.iter().map(|&m| m.into()).collect(),
        reply,
        to_move: (!over).then(|| who(to_move)),
        to_move_side: (!over).then_some(to_move),
        over,
        winner: over.then(|| who(to_move.other())),
        winner_side: over.then(|| to_move.other()),
    })
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewedBoardMove {
    pub board: usize,
    pub number: u64,
    /// Who played it.
    pub player: Side,
    /// The nim-sum before the move.
    pub nim_sum_before: u32,
    /// The boards' values after the move, in the order of the boards.
    pub values: Vec<u32>,
    /// The nim-sum the move left.
    pub nim_sum: u32,
    /// The moves that would have left the nim-sum 0 (empty when it was 0 before: every move
    /// loses against best play).
    pub winning: Vec<MoveAnswer>,
    /// `winning` is not empty and the move is not in it: it gave the win away.
    pub mistake: bool,
}

/// The answer of `POST /api/boards/review` (docs/API.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardsReview {
    pub boards: Vec<u64>,
    /// The boards' values and their nim-sum at the start.
    pub start_values: Vec<u32>,
    pub start_nim_sum: u32,
    pub moves: Vec<ReviewedBoardMove>,
    /// The index of the first mistake, or null.
    pub first_mistake: Option<usize>,
}

/// The review of a game on boards: each position valued once (a board's values change only
/// with its own moves), each board's table kept from one of its positions to the next, `stop`
/// looked at between boards.
pub fn review(position: &Position, stop: &Stop) -> Result<BoardsReview, ApiError> {
    let mut boards: Vec<SumBoard> = position
        .ns
        .iter()
        .map(|&n| SumBoard {
            n,
            line: Vec::new(),
        })
        .collect();
    let engines = engines(&boards)?;
    let mut searches: Vec<BoardSearch> = engines.iter().map(BoardValues::search).collect();
    let mut values = values_of(&mut searches, &boards, stop)?;
    let start_values: Vec<u32> = values.iter().map(|v| v.value).collect();
    let start_nim_sum = start_values.iter().fold(0, |x, v| x ^ v);
    let mut moves = Vec::with_capacity(position.moves.len());
    for (i, &m) in position.moves.iter().enumerate() {
        let nim_sum_before = values.iter().fold(0, |x, v| x ^ v.value);
        let winning: Vec<MoveAnswer> = values
            .iter()
            .enumerate()
            .flat_map(|(board, v)| {
                to_nim_sum_zero(v, nim_sum_before)
                    .into_iter()
                    .map(move |number| MoveAnswer { board, number })
            })
            .collect();
        let mistake = !winning.is_empty() && !winning.contains(&m.into());
        boards[m.board].line.push(m.number);
        values[m.board] = board_values(&mut searches[m.board], &boards[m.board], stop)?;
        let after: Vec<u32> = values.iter().map(|v| v.value).collect();
        moves.push(ReviewedBoardMove {
            board: m.board,
            number: m.number,
            player: Side::to_move_after(i),
            nim_sum_before,
            nim_sum: after.iter().fold(0, |x, v| x ^ v),
            values: after,
            winning,
            mistake,
        });
    }
    let first_mistake = moves.iter().position(|m| m.mistake);
    Ok(BoardsReview {
        boards: position.ns.clone(),
        start_values,
        start_nim_sum,
        moves,
        first_mistake,
    })
}
