//! `POST /api/game`: the position after a line of play, the opponent's reply when it is the
//! opponent's turn, and at the end who won and why. The server keeps no game: the page sends
//! the whole line with every request, and the same request always gets the same reply (the
//! opponent's random source is seeded from the seed, n and the line).
//!
//! The turns are `frontends::session`'s: the line is replayed through a `Session` whose
//! opponent plays the line's own moves, then its real choice. The opponents are
//! `players::by_name`'s; the perfect player follows the pairing of the certificate of n when it
//! is on the winning side from the start (`perfect_plan`), so that the end can say which pairs
//! it played and the certificate proves that they always win.

use super::bounds::MAX_GAME_N;
use super::error::ApiError;
use super::story;
use crate::engines::position::{PositionError, PositionOracle};
use crate::frontends::session::Session;
use crate::game::{check_line, OpeningRule, Player as Side};
use crate::pairing::Pairing;
use crate::players::{self, Game, Player as _, PlayerRng};
use crate::proofs::certify::{certify, Options};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The rule of every game the server plays: the first number is even.
pub const RULE: OpeningRule = OpeningRule::Even;

/// The person's side, as the request names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum YourSide {
    First,
    Second,
}

impl YourSide {
    pub fn side(self) -> Side {
        match self {
            YourSide::First => Side::First,
            YourSide::Second => Side::Second,
        }
    }
}

fn default_opponent() -> String {
    "perfect".to_string()
}

/// The body of `POST /api/game` (docs/API.md).
#[derive(Clone, Debug, Deserialize)]
pub struct GameRequest {
    pub n: u64,
    pub you: YourSide,
    #[serde(default = "default_opponent")]
    pub opponent: String,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub line: Vec<u64>,
    #[serde(default)]
    pub hints: bool,
}

/// Who, seen from the person: `you` or `opponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    You,
    Opponent,
}

/// The answer of `POST /api/game` (docs/API.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResponse {
    pub n: u64,
    pub line: Vec<u64>,
    pub reply: Option<u64>,
    pub to_move: Option<Who>,
    pub legal: Vec<u64>,
    pub winning: Option<Vec<u64>>,
    pub over: bool,
    pub winner: Option<Who>,
    pub message: Option<String>,
    pub strategy: Option<String>,
    pub certificate: Option<String>,
}

/// The opponent's random source for one request: ChaCha8 seeded by the BLAKE3 of the seed, n
/// and the line, so that the same request draws the same reply and two positions of one game
/// draw independently.
pub fn reply_rng(seed: u64, n: u64, line: &[u64]) -> PlayerRng {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"jg serve: the opponent's reply");
    hasher.update(&seed.to_le_bytes());
    hasher.update(&n.to_le_bytes());
    hasher.update(&(line.len() as u64).to_le_bytes());
    for k in line {
        hasher.update(&k.to_le_bytes());
    }
    PlayerRng::from_seed(*hasher.finalize().as_bytes())
}

/// The pairing the perfect player follows on 1..n when it plays `side` and that side wins from
/// the start: the one of the certificate `jg certify n` writes (which the verifier has just
/// accepted inside `certify`). None when `side` loses, or when no certificate is found.
pub fn perfect_plan(n: u64, side: Side) -> Option<Pairing> {
    let certified = certify(n, &Options::default()).ok()?;
    if certified.certificate.winner != side {
        return None;
    }
    match certified.certificate.body {
        crate::proofs::certificate::Body::ClosedPairing { opening, pairs } => {
            Some(Pairing { opening, pairs })
        }
        _ => None,
    }
}

/// The perfect player's move after `line` (legal moves `moves`, never empty): the plan's
/// opening or the partner of the last number when the plan has one that is legal, else the
/// players' `perfect` (a winning move when there is one, else the move that leaves the most
/// ways to err).
pub fn perfect_move(
    n: u64,
    line: &[u64],
    moves: &[u64],
    plan: Option<&Pairing>,
    rng: &mut PlayerRng,
) -> u64 {
    let planned = plan.and_then(|pairing| match line.last() {
        None => pairing.opening,
        Some(&last) => pairing.partner(last),
    });
    if let Some(m) = planned.filter(|m| moves.contains(m)) {
        return m;
    }
    let chosen = Game::from_line(n, RULE, line)
        .ok()
        .and_then(|game| players::Perfect.choose(&game, rng));
    chosen.unwrap_or(moves[0])
}

/// The position after `request.line`, with the opponent's reply when it is its turn.
pub fn answer(request: &GameRequest) -> Result<GameResponse, ApiError> {
    let n = request.n;
    if !(1..=MAX_GAME_N).contains(&n) {
        return Err(ApiError::unprocessable(format!(
            "n = {n} is out of range: games are played on 1..n with 1 ≤ n ≤ {MAX_GAME_N}"
        )));
    }
    if request.line.len() as u64 > n {
        return Err(ApiError::unprocessable(format!(
            "the line has {} moves, more than the {n} numbers of the board",
            request.line.len()
        )));
    }
    let player = players::by_name(&request.opponent)
        .map_err(|error| ApiError::unprocessable(error.to_string()))?;
    if n > player.max_n() {
        return Err(ApiError::unprocessable(format!(
            "{} plays boards up to n = {}; choose a smaller n or another opponent",
            player.name(),
            player.max_n()
        )));
    }
    check_line(n, RULE, &request.line)
        .map_err(|illegal| ApiError::unprocessable(format!("illegal line of play: {illegal}")))?;
    let human = request.you.side();
    let perfect = player.name() == "perfect";
    let plan = perfect.then(|| perfect_plan(n, human.other())).flatten();
    let given = request.line.clone();
    let seed = request.seed;
    // The opponent of the session plays the line's own moves first (already checked legal),
    // then its own choice.
    let opponent = |n: u64, line: &[u64], moves: &[u64]| -> Result<u64, PositionError> {
        if let Some(&k) = given.get(line.len()) {
            return Ok(k);
        }
        let mut rng = reply_rng(seed, n, line);
        if perfect {
            return Ok(perfect_move(n, line, moves, plan.as_ref(), &mut rng));
        }
        let chosen = Game::from_line(n, RULE, line)
            .ok()
            .and_then(|game| player.choose(&game, &mut rng));
        Ok(chosen.unwrap_or(moves[0]))
    };
    let mut session = Session::new(n, RULE, human, opponent)
        .ok_or_else(|| ApiError::unprocessable("n must be at least 1"))?;
    for &k in &request.line {
        if session.to_move() == human {
            session
                .play(k)
                .map_err(|why| ApiError::unprocessable(format!("move {k}: {why}")))?;
        } else {
            session.reply().map_err(internal)?;
        }
    }
    let reply = session.reply().map_err(internal)?;
    let line = session.line().to_vec();
    let legal = session.legal_moves();
    let over = legal.is_empty();
    let to_move = session.to_move();
    let who = |side: Side| {
        if side == human {
            Who::You
        } else {
            Who::Opponent
        }
    };
    let oracle = PositionOracle::new(RULE);
    let winning = match (request.hints, over || to_move != human) {
        (false, _) => None,
        (true, true) => Some(Vec::new()),
        (true, false) => Some(oracle.winning_moves(n, &line).map_err(internal)?),
    };
    let mut response = GameResponse {
        n,
        reply,
        to_move: (!over).then(|| who(to_move)),
        legal: if !over && to_move == human {
            legal
        } else {
            Vec::new()
        },
        winning,
        over,
        winner: over.then(|| who(to_move.other())),
        message: None,
        strategy: None,
        certificate: None,
        line,
    };
    if over {
        let end = story::end(n, human, &response.line, perfect, plan.as_ref(), &oracle)
            .map_err(internal)?;
        response.message = Some(end.message);
        response.strategy = end.strategy;
        response.certificate = end.certificate;
    }
    Ok(response)
}

/// A failure of the engines on a line already checked legal: not the person's fault.
fn internal(error: PositionError) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        format!("the position could not be analysed: {error}"),
    )
}
