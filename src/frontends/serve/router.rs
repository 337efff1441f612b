//! The routes of docs/API.md on axum: each handler reads its input, refuses what is malformed
//! (400), too large (413) or not allowed by the game (422) with a JSON sentence, and hands the
//! work to the blocking pool behind a semaphore and a time limit (503 past it). Unknown paths
//! and wrong methods get JSON too; nothing here panics on any input.

use super::assets::asset;
use super::bounds::{Limits, DEFAULT_CHART_N, MAX_IN_FLIGHT, MAX_JSON_BYTES, MAX_UPLOAD_BYTES};
use super::error::ApiError;
use super::game::{answer, GameRequest};
use super::results;
use super::verify;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// What every handler shares: the permits of the blocking work, of uploads, of requests in
/// flight, and the time limit.
#[derive(Clone)]
struct Shared {
    work: Arc<Semaphore>,
    uploads: Arc<Semaphore>,
    in_flight: Arc<Semaphore>,
    limits: Limits,
}

/// The whole application: the API routes, the pages, and JSON for every refusal.
pub fn app(limits: Limits) -> Router {
    let permits = limits.permits.max(1);
    let shared = Shared {
        work: Arc::new(Semaphore::new(permits)),
        uploads: Arc::new(Semaphore::new(permits)),
        in_flight: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
        limits,
    };
    let verify_route = post(verify_handler)
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES))
        .layer(middleware::from_fn_with_state(
            shared.clone(),
            upload_permit,
        ));
    Router::new()
        .route(
            "/api/game",
            post(game).layer(DefaultBodyLimit::max(MAX_JSON_BYTES)),
        )
        .route("/api/certificate/{n}", get(certificate))
        .route("/api/results/{n}", get(results_handler))
        .route("/api/theorem", get(theorem))
        .route("/api/chart.svg", get(chart))
        .route("/api/verify", verify_route)
        .fallback(page)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(shared.clone(), in_flight))
        .with_state(shared)
}

/// Holds one of `MAX_IN_FLIGHT` permits while a request is read and answered.
async fn in_flight(State(shared): State<Shared>, request: Request, next: Next) -> Response {
    let Ok(_permit) = shared.in_flight.acquire_owned().await else {
        return ApiError::busy("the server is stopping").into_response();
    };
    next.run(request).await
}

/// An upload is read only while it holds one of the upload permits (as many as the work's), so
/// at most that many bodies of `MAX_UPLOAD_BYTES` are held at once; waiting counts against the
/// time limit.
async fn upload_permit(State(shared): State<Shared>, request: Request, next: Next) -> Response {
    let wait = tokio::time::timeout(shared.limits.time_limit, shared.uploads.acquire_owned());
    match wait.await {
        Ok(Ok(_permit)) => next.run(request).await,
        Ok(Err(_)) => ApiError::busy("the server is stopping").into_response(),
        Err(_) => busy(&shared.limits).into_response(),
    }
}

fn busy(limits: &Limits) -> ApiError {
    ApiError::busy(format!(
        "the server is busy: the answer did not come within its time limit of {} s; try again",
        limits.time_limit.as_secs_f64()
    ))
}

/// Runs `work` on the blocking pool with one of the work permits, all within the time limit.
/// Past the limit the request gets 503; the work still ends (a thread cannot be stopped) and
/// keeps its permit until it does, so the number of jobs stays bounded.
async fn blocking<T: Send + 'static>(
    shared: &Shared,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let run = async {
        let permit = shared
            .work
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::busy("the server is stopping"))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the work stopped before it gave an answer",
            )
        })?
    };
    match tokio::time::timeout(shared.limits.time_limit, run).await {
        Ok(answer) => answer,
        Err(_) => Err(busy(&shared.limits)),
    }
}

/// A body read under its route's bound: 413 past it, 400 when it cannot be read.
fn body(read: Result<Bytes, BytesRejection>, bound: usize, what: &str) -> Result<Bytes, ApiError> {
    read.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::too_large(bound, what),
        _ => ApiError::bad_request(format!(
            "the {what} could not be read: {}",
            rejection.body_text()
        )),
    })
}

async fn game(
    State(shared): State<Shared>,
    read: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = body(read, MAX_JSON_BYTES, "body")?;
    let request: GameRequest = serde_json::from_slice(&bytes).map_err(|error| {
        ApiError::bad_request(format!(
            "the body is not the JSON this route reads ({error}); docs/API.md gives its fields"
        ))
    })?;
    let response = blocking(&shared, move || answer(&request)).await?;
    Ok(Json(response).into_response())
}

/// n of a path: a whole number from 1 to 2^64 − 1 (0 is refused by the route, 422).
fn path_n(path: Result<Path<String>, PathRejection>) -> Result<u64, ApiError> {
    let Path(text) = path.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    text.parse::<u64>().map_err(|_| {
        ApiError::bad_request(format!(
            "'{text}' is not a whole number from 1 to {}",
            u64::MAX
        ))
    })
}

async fn certificate(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let n = path_n(path)?;
    let bytes = blocking(&shared, move || results::certificate(n)).await?;
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
    let value = blocking(&shared, move || results::results(n)).await?;
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

async fn chart(
    State(shared): State<Shared>,
    query: Result<Query<ChartQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    let to = match query.to {
        None => DEFAULT_CHART_N,
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| ApiError::bad_request(format!("to = '{text}' is not a whole number")))?,
    };
    let svg = blocking(&shared, move || results::chart(to)).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

async fn verify_handler(
    State(shared): State<Shared>,
    read: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let bytes = body(read, MAX_UPLOAD_BYTES, "certificate")?;
    let value = blocking(&shared, move || verify::verify(&bytes)).await?;
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
