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
use super::end::{end_facts, followed_plan, EndFacts, StrategyFacts};
use super::error::ApiError;
use super::line::{self, Moves, Typed};
use super::story;
use crate::engines::position::{PositionError, PositionOracle};
use crate::frontends::session::Session;
use crate::game::{legal_moves_after, Player as Side};
use crate::pairing::Pairing;
use crate::players::{self, keyed_rng, Game, Player, PlayerRng, Playouts, Stop, Stopped};
use crate::proofs::certify::{certify, Options};
use serde::{Deserialize, Serialize};
use std::cell::Cell;

pub use super::line::RULE;

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

/// The opponent that is another person on the same screen: the server plays no move, and
/// `legal` and `winning` are those of whichever side is to move.
pub const PERSON: &str = "person";

/// A request of `POST /api/game` (docs/API.md), its fields read and defaulted.
#[derive(Clone, Debug)]
pub struct GameRequest {
    pub n: u64,
    pub you: YourSide,
    pub opponent: String,
    pub seed: u64,
    pub line: Vec<u64>,
    pub hints: bool,
}

/// The body of `POST /api/game` as sent, no other field: n and the line as typed (refused in
/// plain words before the rest is looked at), the rest typed.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameBody {
    pub n: Option<Typed>,
    pub line: Option<Moves>,
    pub you: Option<YourSide>,
    pub opponent: Option<String>,
    pub seed: Option<u64>,
    pub hints: Option<bool>,
}

impl GameBody {
    /// The request: n and the line first, so that a number typed on the page is refused in
    /// plain words; then `you` (required) and the defaults of the rest.
    pub fn request(self) -> Result<GameRequest, ApiError> {
        let n = line::board_n(self.n.as_ref())?;
        let line = line::line_of_play(self.line.as_ref(), n)?;
        let you = self.you.ok_or_else(|| {
            ApiError::bad_request(
                "the body is not the JSON this route reads (missing field `you`); docs/API.md \
                 gives its fields",
            )
        })?;
        Ok(GameRequest {
            n,
            you,
            opponent: self.opponent.unwrap_or_else(default_opponent),
            seed: self.seed.unwrap_or_default(),
            line,
            hints: self.hints.unwrap_or_default(),
        })
    }
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
    /// The side to move ("first" or "second"), null when over.
    pub to_move_side: Option<Side>,
    /// The side that won, null while playing.
    pub winner_side: Option<Side>,
    /// At the end, `message` as numbers: the last move and its divisors and multiples.
    pub end: Option<EndFacts>,
    /// With `strategy`, the same as a case and its numbers.
    pub strategy_facts: Option<StrategyFacts>,
}

/// The opponent's random source for one request: ChaCha8 seeded by the BLAKE3 of the seed, n
/// and the line, so that the same request draws the same reply and two positions of one game
/// draw independently.
pub fn reply_rng(seed: u64, n: u64, line: &[u64]) -> PlayerRng {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"jg serve: the opponent's reply");
    keyed_rng(hasher, seed, n, line)
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
/// from the start (`end::followed_plan`: the pairing then proves the move wins), else the
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
        .filter(|pairing| followed_plan(pairing, line, side))
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
        return Err(line::n_refused(&n.to_string(), MAX_GAME_N));
    }
    line::not_too_long(n, request.line.len())?;
    if request.opponent == PERSON {
        return two_people(request);
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
    line::legal(n, &request.line)?;
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
    let oracle = PositionOracle::new(RULE);
    let winning = match (request.hints, over || to_move != human) {
        (false, _) => None,
        (true, true) => Some(Vec::new()),
        (true, false) => Some(oracle.winning_moves(n, &line).map_err(internal)?),
    };
    let shown = to_move == human;
    let mut response = position(n, human, line, reply, legal, shown, winning);
    if over {
        stop.check()?;
        let end = story::end(n, human, &response.line, perfect, plan.as_ref(), &oracle)
            .map_err(internal)?;
        response.message = Some(end.message);
        response.end = Some(end_facts(n, &response.line));
        response.strategy_facts = end.strategy_facts;
        response.strategy = end.strategy;
        response.certificate = end.certificate;
    }
    Ok(response)
}

/// The answer for the position after `line` (`legal`: the moves of the side to move, none at
/// the end), seen by the person who plays `human`: whose turn or who won, `legal` when `shown`,
/// `winning` as given; the texts of the end are the caller's.
fn position(
    n: u64,
    human: Side,
    line: Vec<u64>,
    reply: Option<u64>,
    legal: Vec<u64>,
    shown: bool,
    winning: Option<Vec<u64>>,
) -> GameResponse {
    let over = legal.is_empty();
    let to_move = Side::to_move_after(line.len());
    let who = |side: Side| {
        if side == human {
            Who::You
        } else {
            Who::Opponent
        }
    };
    GameResponse {
        n,
        reply,
        to_move: (!over).then(|| who(to_move)),
        legal: if shown { legal } else { Vec::new() },
        winning,
        over,
        winner: over.then(|| who(to_move.other())),
        message: None,
        strategy: None,
        certificate: None,
        to_move_side: (!over).then_some(to_move),
        winner_side: over.then(|| to_move.other()),
        end: None,
        strategy_facts: None,
        line,
    }
}

/// Two people on one screen: the position after the line as it is, the legal (and with
/// `hints`, winning) moves of the side to move, whichever person that is; at the end, who won
/// and why. Nothing is played by the server and nothing is kept. The line is checked here, once,
/// as its legal moves are listed.
fn two_people(request: &GameRequest) -> Result<GameResponse, ApiError> {
    let (n, line) = (request.n, request.line.clone());
    let human = request.you.side();
    let legal =
        legal_moves_after(n, RULE, &line).map_err(|illegal| line::refused(&line, illegal))?;
    let over = legal.is_empty();
    let winning = match (request.hints, over) {
        (false, _) => None,
        (true, true) => Some(Vec::new()),
        (true, false) => Some(
            PositionOracle::new(RULE)
                .winning_moves(n, &line)
                .map_err(internal)?,
        ),
    };
    let to_move = Side::to_move_after(line.len());
    let mut response = position(n, human, line, None, legal, true, winning);
    if over {
        response.message = Some(story::why_over(n, human, &response.line, to_move));
        response.end = Some(end_facts(n, &response.line));
    }
    Ok(response)
}

/// A failure of the engines on a line already checked legal: not the person's fault.
pub fn internal(error: PositionError) -> ApiError {
    ApiError::new(
        http::StatusCode::INTERNAL_SERVER_ERROR,
        format!("the position could not be analysed: {error}"),
    )
}

#[cfg(test)]
mod tests {
    use super::super::story;
    use super::*;
    use crate::test_support::Plain;
    use rand::SeedableRng;

    fn oracle() -> PositionOracle {
        PositionOracle::new(RULE)
    }

    /// The perfect player's move on the server after `line`, with the plan of its side.
    fn server_move(n: u64, line: &[u64]) -> u64 {
        let side = Side::to_move_after(line.len());
        let plan = perfect_plan(n, side);
        let moves = crate::game::legal_moves_after(n, RULE, line).unwrap();
        let mut rng = PlayerRng::seed_from_u64(0);
        perfect_move(n, line, &moves, plan.as_ref(), &mut rng, &Stop::never()).unwrap()
    }

    /// The lines of the issue where the server's perfect player followed its pairing to a
    /// partner that loses: it now plays the only winning move.
    #[test]
    fn the_perfect_player_leaves_its_plan_for_the_winning_move_on_a_line_made_by_hand() {
        for (line, only_win) in [
            (&[8, 1, 18, 2, 10, 20, 5, 15, 3, 12][..], 6),
            (&[12, 2, 6, 1, 20, 5][..], 10),
            (&[20, 2, 8, 4, 1, 15, 3, 18][..], 9),
        ] {
            let winning = oracle().winning_moves(20, line).unwrap();
            assert_eq!(winning, [only_win], "{line:?}");
            assert_eq!(server_move(20, line), only_win, "{line:?}");
        }
    }

    /// From every position of every n ≤ 16 where the player to move wins (plain recursion), the
    /// server's perfect player wins, with its plan or without; and while it follows its plan
    /// from the start, it plays the plan's moves (the pairs the end texts name).
    #[test]
    fn the_servers_perfect_player_wins_from_every_winning_position_up_to_16() {
        let mut checked = 0;
        for n in 1..=16u64 {
            let mut plain = Plain::new(n);
            let plans = [Side::First, Side::Second].map(|side| perfect_plan(n, side));
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![Vec::<u64>::new()];
            while let Some(line) = stack.pop() {
                let played = line.iter().fold(0u64, |set, &k| set | 1 << k);
                let last = line.last().copied().unwrap_or(0);
                if !seen.insert((played, last)) {
                    continue;
                }
                let moves = plain.moves(played, last);
                if plain.wins(played, last) {
                    let side = Side::to_move_after(line.len());
                    let plan = plans[side as usize].as_ref();
                    let mut rng = PlayerRng::seed_from_u64(0);
                    let m = perfect_move(n, &line, &moves, plan, &mut rng, &Stop::never()).unwrap();
                    assert!(
                        !plain.wins(played | 1 << m, m),
                        "n = {n}: {m} after {line:?}"
                    );
                    if let Some(pairing) = plan.filter(|p| followed_plan(p, &line, side)) {
                        let planned = match line.last() {
                            None => pairing.opening,
                            Some(&last) => pairing.partner(last),
                        };
                        assert_eq!(Some(m), planned, "n = {n}: {line:?}");
                    }
                    checked += 1;
                }
                for m in moves {
                    stack.push([&line[..], &[m]].concat());
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The line of the issue: 14 already gave the win away at move 1; the story names move 1,
    /// not a later one, and the perfect player's answer to it.
    #[test]
    fn the_first_mistake_of_a_line_is_named_with_the_answer_to_it() {
        let line = [14, 2, 8, 4, 16, 1, 18, 6, 12, 3, 15, 5, 20, 10];
        assert!(crate::game::legal_moves_after(20, RULE, &line)
            .unwrap()
            .is_empty());
        let end = story::end(20, Side::First, &line, true, None, &oracle()).unwrap();
        // The facts the pages word are the ones the English text words.
        assert_eq!(
            end.strategy_facts,
            Some(StrategyFacts::Mistake {
                index: 0,
                played: 14,
                winning: vec![2, 4, 6, 8, 10, 12, 16, 18, 20],
                answer: Some(2),
                pairs: vec![[8, 4], [16, 1], [18, 6], [12, 3], [15, 5], [20, 10]],
            })
        );
        assert_eq!(end.certificate, None);
        let strategy = end.strategy.unwrap();
        assert!(
            strategy.starts_with(
                "You had a winning position until move 1 of the game: there you played 14, but \
                 the winning moves were 2 4 6 8 10 12 16 18 20"
            ),
            "{strategy}"
        );
        assert!(
            strategy.ends_with(
                "The perfect player answered 2; then the game went: 8 ↔ 4, 16 ↔ 1, 18 ↔ 6, \
                 12 ↔ 3, 15 ↔ 5, 20 ↔ 10."
            ),
            "{strategy}"
        );
        // 14 answered by 7, which leaves 1 alone, then a prime above 10.
        let line = [14, 7, 1, 19];
        let end = story::end(20, Side::First, &line, true, None, &oracle()).unwrap();
        assert!(
            end.strategy
                .unwrap()
                .ends_with("The perfect player answered 7; then the game went: 1 ↔ 19."),
            "{line:?}"
        );
    }

    #[test]
    fn on_1_to_1_the_story_says_the_first_player_has_no_opening() {
        let plan = perfect_plan(1, Side::Second);
        let end = story::end(1, Side::First, &[], true, plan.as_ref(), &oracle()).unwrap();
        let strategy = end.strategy.unwrap();
        assert!(!strategy.contains(": ."), "{strategy}");
        assert!(
            strategy.starts_with("On 1..1 the second player wins"),
            "{strategy}"
        );
        assert!(
            end.message.contains("no even number on 1..1"),
            "{}",
            end.message
        );
    }
}
