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

use super::bounds::{Limits, MAX_GAME_N};
use super::error::ApiError;
use super::story;
use crate::engines::position::{PositionError, PositionOracle};
use crate::frontends::session::Session;
use crate::game::{check_line, OpeningRule, Player as Side};
use crate::pairing::Pairing;
use crate::players::{self, Game, Player, PlayerRng, Playouts, Stop, Stopped};
use crate::proofs::certify::{certify, Options};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::cell::Cell;

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

/// The plans certified so far, by n, the oldest forgotten first past `PLAN_CACHE` boards: a
/// plan holds at most n/2 pairs (16 bytes each: 80 KB at n = 10 000), so the cache stays under
/// 6 MB. Certifying n (the verifier included) is the cost of a plan: once per board, not once
/// per request.
type PlanCache = std::collections::VecDeque<(u64, Option<(Side, Pairing)>)>;
static PLANS: std::sync::Mutex<PlanCache> = std::sync::Mutex::new(PlanCache::new());

/// Boards whose plan the server keeps.
pub const PLAN_CACHE: usize = 64;

/// The pairing the perfect player follows on 1..n when it plays `side` and that side wins from
/// the start: the one of the certificate `jg certify n` writes (which the verifier has accepted
/// inside `certify`), certified once and kept (`PLAN_CACHE`). None when `side` loses, or when
/// no certificate is found.
pub fn perfect_plan(n: u64, side: Side) -> Option<Pairing> {
    let cached = |plans: &PlanCache| plans.iter().find(|(m, _)| *m == n).map(|(_, p)| p.clone());
    let known = cached(
        &PLANS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    );
    let plan = match known {
        Some(plan) => plan,
        None => {
            // Certified without the lock: two first requests for one n may both certify.
            let plan = certify(n, &Options::default()).ok().and_then(|certified| {
                let winner = certified.certificate.winner;
                match certified.certificate.body {
                    crate::proofs::certificate::Body::ClosedPairing { opening, pairs } => {
                        Some((winner, Pairing { opening, pairs }))
                    }
                    _ => None,
                }
            });
            let mut plans = PLANS
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if cached(&plans).is_none() {
                if plans.len() >= PLAN_CACHE {
                    plans.pop_front();
                }
                plans.push_back((n, plan.clone()));
            }
            plan
        }
    };
    plan.filter(|(winner, _)| *winner == side)
        .map(|(_, pairing)| pairing)
}

/// The perfect player's move after `line` (legal moves `moves`, never empty): the plan's
/// opening or the partner of the last number while the perfect player has followed the plan
/// from the start (`story::followed_plan`: the pairing then proves the move wins), else the
/// players' `perfect` (a winning move when there is one, else the losing side's rule of
/// docs/PLAYERS.md): on a line that left the plan, the partner may lose; `Stopped` when `stop`
/// is reached first.
pub fn perfect_move(
    n: u64,
    line: &[u64],
    moves: &[u64],
    plan: Option<&Pairing>,
    rng: &mut PlayerRng,
    stop: &Stop,
) -> Result<u64, Stopped> {
    let side = Side::to_move_after(line.len());
    let planned = plan
        .filter(|pairing| story::followed_plan(pairing, line, side))
        .and_then(|pairing| match line.last() {
            None => pairing.opening,
            Some(&last) => pairing.partner(last),
        });
    if let Some(m) = planned.filter(|m| moves.contains(m)) {
        return Ok(m);
    }
    chosen_or_first(&players::Perfect, n, line, moves, rng, stop)
}

/// `player`'s move after `line` (legal moves `moves`, never empty), the first legal move
/// should it find none (it always finds one on a legal line).
fn chosen_or_first(
    player: &dyn Player,
    n: u64,
    line: &[u64],
    moves: &[u64],
    rng: &mut PlayerRng,
    stop: &Stop,
) -> Result<u64, Stopped> {
    let chosen = match Game::from_line(n, RULE, line) {
        Ok(game) => player.choose_until(&game, rng, stop)?,
        Err(_) => None,
    };
    Ok(chosen.unwrap_or(moves[0]))
}

/// K of `playouts:K` (the default K for `playouts`), None for another player.
fn playouts_asked(name: &str) -> Option<u32> {
    let canonical = players::canonical_name(name).ok()?;
    canonical.strip_prefix("playouts:")?.parse().ok()
}

/// The position after `request.line`, with the opponent's reply when it is its turn; 503 when
/// `stop` is reached first (the work ends there). `playouts:K` plays at most
/// `limits.playouts_per_move` play-outs a move, so that its move fits the time limit.
pub fn answer(
    request: &GameRequest,
    limits: &Limits,
    stop: &Stop,
) -> Result<GameResponse, ApiError> {
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
    stop.check()?;
    let plan = perfect.then(|| perfect_plan(n, human.other())).flatten();
    let playouts = playouts_asked(&request.opponent);
    let given = request.line.clone();
    let seed = request.seed;
    // Set when the opponent's choice was stopped: the session then has a stand-in move, and
    // the request is answered 503.
    let stopped = Cell::new(false);
    // The opponent of the session plays the line's own moves first (already checked legal),
    // then its own choice.
    let opponent = |n: u64, line: &[u64], moves: &[u64]| -> Result<u64, PositionError> {
        if let Some(&k) = given.get(line.len()) {
            return Ok(k);
        }
        let mut rng = reply_rng(seed, n, line);
        let chosen = if perfect {
            perfect_move(n, line, moves, plan.as_ref(), &mut rng, stop)
        } else if let Some(asked) = playouts {
            let k = limits.playouts_per_move(asked, moves.len(), n);
            let capped = Playouts::new(&request.opponent, k);
            chosen_or_first(&capped, n, line, moves, &mut rng, stop)
        } else {
            chosen_or_first(player.as_ref(), n, line, moves, &mut rng, stop)
        };
        Ok(chosen.unwrap_or_else(|Stopped| {
            stopped.set(true);
            moves[0]
        }))
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
    if stopped.get() {
        return Err(Stopped.into());
    }
    stop.check()?;
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
        stop.check()?;
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
