//! The routes of docs/API.md on axum: a request addressed to another name than the server's is
//! refused (421), a POST body of another type than the route's (415); each handler reads its
//! body within its time (408) and the bodies' memory budget, refuses what is malformed (400),
//! too large (413) or not allowed by the game (422) with a JSON sentence, and hands the work to
//! the blocking pool behind a semaphore and a time limit (503 past it, and the work stopped).
//! Unknown paths and wrong methods get JSON too; nothing here panics on any input.

use super::assets::asset;
use super::boards::{self, BoardsBody, BoardsReviewBody};
use super::bounds::{
    Limits, ADDRESS_BODY_BYTES, BODY_BYTES, DEFAULT_CHART_N, MAX_JSON_BYTES, MAX_UPLOAD_BYTES,
};
use super::error::ApiError;
use super::game::{answer, GameBody};
use super::hosts::Hosts;
use super::line::{self, LineBody, Moves};
use super::plan::{plan_for, PlanBody};
use super::qr;
use super::results;
use super::review::review;
use super::shares::{Peer, Shares};
use super::verify;
use crate::players::Stop;
use axum::body::Body;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use http_body_util::BodyExt;
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// The Content-Security-Policy of the pages: their own script, style and requests only; images
/// of their own and the empty icon's `data:`; no frames, forms or plugins. The pages are ES
/// modules of their own (`script-src 'self'` covers them), the chart is HTML.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
form-action 'none'; frame-ancestors 'none'";

/// What every handler shares: the permits of the blocking work, the bytes of the bodies held
/// (the server's and each client address's share), the limits and the server's names.
#[derive(Clone)]
struct Shared {
    work: Arc<Semaphore>,
    body_bytes: Arc<Semaphore>,
    address_bytes: Arc<Shares>,
    limits: Limits,
    hosts: Arc<Hosts>,
    /// True once the server stops: every request's work is told to stop.
    stopping: watch::Receiver<bool>,
    /// The sending end, kept so that the channel stays open whoever holds a [`Stopper`].
    _stopper: Arc<watch::Sender<bool>>,
}

/// Tells every request of an [`app`] to stop its work (Ctrl-C): each is answered 503 at once and
/// its job sees its stop.
#[derive(Clone)]
pub struct Stopper(Arc<watch::Sender<bool>>);

impl Stopper {
    pub fn stop(&self) {
        self.0.send_replace(true);
    }
}

/// The whole application: the API routes, the pages, and JSON for every refusal; a request
/// whose Host is not one of `hosts` is refused (421) before any route sees it.
pub fn app(limits: Limits, hosts: Hosts) -> Router {
    app_and_stopper(limits, hosts).0
}

/// [`app`], and what stops the work of all its requests.
pub fn app_and_stopper(limits: Limits, hosts: Hosts) -> (Router, Stopper) {
    let (sender, stopping) = watch::channel(false);
    let stopper = Arc::new(sender);
    let shared = Shared {
        work: Arc::new(Semaphore::new(limits.permits.max(1))),
        body_bytes: Arc::new(Semaphore::new(BODY_BYTES as usize)),
        address_bytes: Arc::new(Shares::new(ADDRESS_BODY_BYTES as usize)),
        limits,
        hosts: Arc::new(hosts),
        stopping,
        _stopper: stopper.clone(),
    };
    let router = Router::new()
        .route("/api/game", post(game))
        .route("/api/review", post(review_handler))
        .route("/api/plan", post(plan_handler))
        .route("/api/boards", post(boards_handler))
        .route("/api/boards/review", post(boards_review_handler))
        .route("/api/proof/{n}", get(proof))
        .route("/api/certificate/{n}", get(certificate))
        .route("/api/results/{n}", get(results_handler))
        .route("/api/theorem", get(theorem))
        .route("/api/chart.svg", get(chart))
        .route("/api/winners", get(winners))
        .route("/api/verify", post(verify_handler))
        .route("/api/qr", get(qr_handler))
        .route("/api/addresses", get(addresses))
        .fallback(page)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(shared.clone(), check_host))
        .with_state(shared);
    (router, Stopper(stopper))
}

/// Refuses (421) a request addressed to a name that is not the server's: the Host header, and
/// the authority of a request line in absolute form.
async fn check_host(State(shared): State<Shared>, request: Request, next: Next) -> Response {
    let header = request
        .headers()
        .get(header::HOST)
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
    let authority = request.uri().authority().map(|a| a.as_str().to_string());
    let named: Vec<&String> = header.iter().chain(authority.iter()).collect();
    match named.iter().find(|host| !shared.hosts.allows(host)) {
        None if !named.is_empty() => next.run(request).await,
        refused => {
            let host = refused.map_or("(no Host header)", |host| host.as_str());
            ApiError::not_this_host(host, &shared.hosts.described()).into_response()
        }
    }
}

fn busy(limits: &Limits) -> ApiError {
    ApiError::busy(format!(
        "the server is busy: the answer did not come within its time limit of {} s; try again",
        limits.time_limit.as_secs_f64()
    ))
}

/// Raises its stop when dropped: when the request's future goes (its time limit passed, its
/// client closed the connection, the server stops), the work it started stops too.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// Runs `work` on the blocking pool with one of the work permits, all within the time limit.
/// Past the limit the request gets 503 and the work is stopped: `work` is handed a `Stop` at
/// the limit (also raised when the request goes away), which the players and the verifier's
/// budget see, so it ends and frees its permit.
async fn blocking<T: Send + 'static>(
    shared: &Shared,
    work: impl FnOnce(&Stop) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let limit = shared.limits.time_limit;
    let stop = Stop::at(Instant::now() + limit).with_flag(Arc::new(AtomicBool::new(false)));
    let _stop_on_drop = StopOnDrop(stop.clone());
    let run = async {
        let permit = shared
            .work
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::busy("the server is stopping"))?;
        let stop = stop.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&stop)
        })
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the work stopped before it gave an answer",
            )
        })?
    };
    let mut stopping = shared.stopping.clone();
    let answered = tokio::select! {
        answered = tokio::time::timeout(limit, run) => answered,
        // The server stops: `run` is dropped here, and with it the stop is raised.
        _ = stopping.wait_for(|stopping| *stopping) => {
            return Err(ApiError::busy("the server is stopping"));
        }
    };
    match answered {
        Ok(Err(error)) if error.status == StatusCode::SERVICE_UNAVAILABLE && stop.reached() => {
            Err(busy(&shared.limits))
        }
        Ok(answer) => answer,
        Err(_) => Err(busy(&shared.limits)),
    }
}

/// Refuses (415) a body whose Content-Type is not `wanted` (parameters such as a charset
/// aside): a page of another site can send a text/plain or form body without asking the
/// browser first, not these.
fn content_type(headers: &HeaderMap, wanted: &str) -> Result<(), ApiError> {
    let value = headers.get(header::CONTENT_TYPE).map(|v| v.as_bytes());
    let text = value.map(String::from_utf8_lossy);
    let essence = text
        .as_deref()
        .map(|t| t.split(';').next().unwrap_or_default().trim());
    match essence {
        Some(essence) if essence.eq_ignore_ascii_case(wanted) => Ok(()),
        _ => Err(ApiError::unsupported_type(wanted, text.as_deref())),
    }
}

/// A request body and the share of [`BODY_BYTES`] and of its address's
/// [`ADDRESS_BODY_BYTES`] it holds (released with it: a JSON body's when its job ends).
struct Held {
    bytes: Vec<u8>,
    _permits: Vec<OwnedSemaphorePermit>,
}

/// The client address of a request, put there by the accept loop (none when the router is
/// called without it, as the tests do: one address for all).
type From = Option<Extension<Peer>>;

impl Shared {
    /// Takes `room` bytes of the bodies' budget for `held`: its address's share, then the
    /// server's, waiting for either (`waiting` says so meanwhile).
    async fn take(
        &self,
        from: &From,
        held: &mut Held,
        room: usize,
        waiting: &AtomicBool,
    ) -> Result<(), ApiError> {
        let stopping = |_| ApiError::busy("the server is stopping");
        let room = u32::try_from(room).map_err(|_| ApiError::too_large(room, "body"))?;
        let address = self
            .address_bytes
            .of(from.as_ref().map(|Extension(peer)| *peer));
        waiting.store(true, Ordering::Relaxed);
        let own = address.acquire_many_owned(room).await.map_err(stopping)?;
        let all = self
            .body_bytes
            .clone()
            .acquire_many_owned(room)
            .await
            .map_err(stopping)?;
        waiting.store(false, Ordering::Relaxed);
        held._permits.extend([own, all]);
        Ok(())
    }
}

/// Reads a body of at most `bound` bytes within the body's time limit, charging the room it
/// takes to the bodies' budgets as its bytes arrive, and `then(bytes)` more at its end (what
/// its parsed form may hold): 413 past the bound (at once when the announced length is over
/// it), 408 when it does not arrive in time, 503 when a budget stays full that long, 400 when
/// it cannot be read.
async fn read_body(
    shared: &Shared,
    from: &From,
    headers: &HeaderMap,
    body: Body,
    bound: usize,
    what: &str,
    then: fn(usize) -> usize,
) -> Result<Held, ApiError> {
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|length| length > bound as u64) {
        return Err(ApiError::too_large(bound, what));
    }
    let waiting = AtomicBool::new(false);
    let read = async {
        let mut body = body;
        let mut held = Held {
            bytes: Vec::new(),
            _permits: Vec::new(),
        };
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|error| {
                ApiError::bad_request(format!("the {what} could not be read: {error}"))
            })?;
            let Ok(data) = frame.into_data() else {
                continue;
            };
            let needed = held.bytes.len() + data.len();
            if needed > bound {
                return Err(ApiError::too_large(bound, what));
            }
            if needed > held.bytes.capacity() {
                // Room for twice what came, at most the bound, charged before it is taken.
                let room = needed.max(2 * held.bytes.capacity()).min(bound);
                let more = room - held.bytes.capacity();
                shared.take(from, &mut held, more, &waiting).await?;
                held.bytes.reserve_exact(room - held.bytes.len());
            }
            held.bytes.extend_from_slice(&data);
        }
        let parsed = then(held.bytes.len());
        if parsed > 0 {
            shared.take(from, &mut held, parsed, &waiting).await?;
        }
        Ok(held)
    };
    match tokio::time::timeout(shared.limits.body_timeout, read).await {
        Ok(read) => read,
        Err(_) if waiting.load(Ordering::Relaxed) => Err(ApiError::busy(
            "the server is busy: too many request bodies are being read; try again",
        )),
        Err(_) => Err(ApiError::body_too_slow(shared.limits.body_timeout)),
    }
}

/// A JSON body of at most [`MAX_JSON_BYTES`], sent as `application/json`, read straight into
/// `T` (never a tree of values): 400 when it is not JSON, or not the JSON of the route (another
/// field, a value of another type). Its bytes go once read; the budget it took stays held
/// (with room for the most its line may hold once parsed, [`Moves::most_bytes`]) until the
/// caller drops it, when the request's job ends.
async fn json_body<T: DeserializeOwned>(
    shared: &Shared,
    from: &From,
    headers: &HeaderMap,
    body: Body,
) -> Result<(T, Held), ApiError> {
    content_type(headers, "application/json")?;
    let most = |bytes: usize| Moves::most_bytes(bytes / 2 + 1);
    let mut held = read_body(shared, from, headers, body, MAX_JSON_BYTES, "body", most).await?;
    let parsed = line::parse_body(&held.bytes)?;
    held.bytes = Vec::new();
    Ok((parsed, held))
}

async fn game(
    State(shared): State<Shared>,
    from: From,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let (body, held) = json_body::<GameBody>(&shared, &from, &headers, body).await?;
    let request = body.request()?;
    let limits = shared.limits;
    let response = blocking(&shared, move |stop| {
        let _held = held;
        answer(&request, &limits, stop)
    })
    .await?;
    Ok(Json(response).into_response())
}

/// `POST /api/review` and `/api/plan`: n and the line read from the body, then `answer` (the
/// review or the plan of that line) on the blocking pool, the body's charge held until it ends.
async fn line_route<T: serde::Serialize + Send + 'static>(
    shared: Shared,
    from: From,
    headers: HeaderMap,
    body: Body,
    answer: fn(u64, &[u64], &Stop) -> Result<T, ApiError>,
) -> Result<Response, ApiError> {
    let (body, held) = json_body::<LineBody>(&shared, &from, &headers, body).await?;
    let (n, moves) = line::board_and_line(&body)?;
    drop(body);
    let value = blocking(&shared, move |stop| {
        let _held = held;
        answer(n, &moves, stop)
    })
    .await?;
    Ok(Json(value).into_response())
}

async fn review_handler(
    State(shared): State<Shared>,
    from: From,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    line_route(shared, from, headers, body, review).await
}

async fn plan_handler(
    State(shared): State<Shared>,
    from: From,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let (body, held) = json_body::<PlanBody>(&shared, &from, &headers, body).await?;
    let (n, moves, chosen) = body.request()?;
    drop(body);
    let value = blocking(&shared, move |stop| {
        let _held = held;
        plan_for(n, &moves, chosen, stop)
    })
    .await?;
    Ok(Json(value).into_response())
}

async fn boards_handler(
    State(shared): State<Shared>,
    from: From,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let (body, held) = json_body::<BoardsBody>(&shared, &from, &headers, body).await?;
    let request = body.request()?;
    let value = blocking(&shared, move |stop| {
        let _held = held;
        boards::answer(&request, stop)
    })
    .await?;
    Ok(Json(value).into_response())
}

async fn boards_review_handler(
    State(shared): State<Shared>,
    from: From,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let (body, held) = json_body::<BoardsReviewBody>(&shared, &from, &headers, body).await?;
    let position = body.position()?;
    let value = blocking(&shared, move |stop| {
        let _held = held;
        boards::review(&position, stop)
    })
    .await?;
    Ok(Json(value).into_response())
}

/// n of a path: a whole number from 1 to 2^64 − 1 (0 is refused by the route, 422).
fn path_n(path: Result<Path<String>, PathRejection>) -> Result<u64, ApiError> {
    let Path(text) = path.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    line::path_n(&text)
}

async fn certificate(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let n = path_n(path)?;
    let bytes = blocking(&shared, move |_| results::certificate(n)).await?;
    let disposition = format!("attachment; filename=\"cert-{n}.bin\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

async fn results_handler(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let n = path_n(path)?;
    let value = blocking(&shared, move |_| results::results(n)).await?;
    Ok(Json(value).into_response())
}

async fn proof(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let n = path_n(path)?;
    let value = blocking(&shared, move |_| results::proof(n)).await?;
    Ok(Json(value).into_response())
}

async fn theorem() -> Response {
    Json(results::theorem()).into_response()
}

/// The query of the chart: `to`, read as text so that its refusal is ours.
#[derive(serde::Deserialize)]
struct ChartQuery {
    to: Option<String>,
}

/// The last n of the chart (and of its data): `to`, or the default.
fn chart_to(query: Result<Query<ChartQuery>, QueryRejection>) -> Result<u64, ApiError> {
    let Query(query) = query.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    match query.to {
        None => Ok(DEFAULT_CHART_N),
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| results::chart_refused(&text, true)),
    }
}

async fn chart(
    State(shared): State<Shared>,
    query: Result<Query<ChartQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let to = chart_to(query)?;
    let svg = blocking(&shared, move |_| results::chart(to)).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// The query of the QR code: `text`.
#[derive(serde::Deserialize)]
struct QrQuery {
    text: Option<String>,
}

async fn qr_handler(
    State(shared): State<Shared>,
    query: Result<Query<QrQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    let text = query.text.unwrap_or_default();
    let value = blocking(&shared, move |_| qr::qr(&text)).await?;
    Ok(Json(value).into_response())
}

/// The addresses pupils can type to reach this server (none when it listens on loopback),
/// for the teacher's page.
async fn addresses(State(shared): State<Shared>) -> Result<Response, ApiError> {
    let bound = shared.hosts.bound();
    let urls = blocking(&shared, move |_| {
        Ok(super::listen::network_urls(
            bound,
            &super::listen::network_addresses(),
        ))
    })
    .await?;
    Ok(Json(serde_json::json!({ "addresses": urls })).into_response())
}

async fn winners(
    State(shared): State<Shared>,
    query: Result<Query<ChartQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let to = chart_to(query)?;
    let value = blocking(&shared, move |_| results::winners(to)).await?;
    Ok(Json(value).into_response())
}

async fn verify_handler(
    State(shared): State<Shared>,
    from: From,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    content_type(&headers, "application/octet-stream")?;
    let upload = MAX_UPLOAD_BYTES;
    let held = read_body(&shared, &from, &headers, body, upload, "certificate", |_| 0).await?;
    let limits = shared.limits;
    let value = blocking(&shared, move |stop| {
        // The steps of the time left: a check that waited for its job ends at the time limit.
        let left = stop.deadline().map_or(limits.time_limit, |at| {
            at.saturating_duration_since(Instant::now())
        });
        let value = verify::verify(&held.bytes, &limits.verify_limits(left, stop.flag()))?;
        drop(held);
        // Refused for steps it would have had without the wait: busy, not a verdict.
        let waited = limits.time_limit.saturating_sub(left) > Duration::from_millis(500);
        let verdict = value["verdict"].as_str().unwrap_or_default();
        let out_of_time = ["refused: work limit", "refused: position limit"]
            .iter()
            .any(|start| verdict.starts_with(start));
        if waited && out_of_time {
            return Err(ApiError::busy(
                "the server is busy: the check waited for a job and ran out of time; try again",
            ));
        }
        Ok(value)
    })
    .await?;
    Ok(Json(value).into_response())
}

/// Every other path: a page of `web/` for GET and HEAD, else 404 (405 for a page asked with
/// another method).
async fn page(method: Method, uri: axum::http::Uri) -> Response {
    let path = uri.path().strip_prefix('/').unwrap_or_default();
    let Some((bytes, mime)) = asset(path) else {
        return ApiError::not_found(uri.path()).into_response();
    };
    if method != Method::GET && method != Method::HEAD {
        return method_not_allowed().await;
    }
    let mime = HeaderValue::from_str(&mime)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CONTENT_SECURITY_POLICY),
            ),
        ],
        bytes,
    )
        .into_response()
}

async fn method_not_allowed() -> Response {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method: docs/API.md gives each route's (GET or POST)",
    )
    .into_response()
}
