//! What the tests of `jg serve`'s routes share (tests/serve*.rs): a router as `jg serve` builds
//! it, a request as the pages send it (Host `localhost:8080`), and the legal moves by the raw
//! rules, which the brute forces start from (written from the rules, not from the engine).
#![allow(dead_code)] // each test file uses its part

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use axum::Router;
use juniper_green::frontends::serve::{app, bounds, Hosts};
use serde_json::Value;
use tower::ServiceExt;

/// The router of `jg serve` bound to `bound` (an address and port), default limits.
pub fn server_on(bound: &str) -> Router {
    app(
        bounds::Limits::default(),
        Hosts::for_address(bound.parse().unwrap(), &[]),
    )
}

/// The router of `jg serve` on 127.0.0.1:8080.
pub fn server() -> Router {
    server_on("127.0.0.1:8080")
}

/// A POST of `body` as `mime`: the status and the JSON answer.
pub async fn post_as(router: &Router, uri: &str, body: &str, mime: &str) -> (StatusCode, Value) {
    let request = Request::builder()
        .method("POST")
        .uri(uri)
        .header("host", "localhost:8080")
        .header("content-type", mime)
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

/// A POST of a JSON body: the status and the JSON answer.
pub async fn post(router: &Router, uri: &str, body: &str) -> (StatusCode, Value) {
    post_as(router, uri, body, "application/json").await
}

/// A GET: the status and the JSON answer (its content type checked).
pub async fn get(router: &Router, uri: &str) -> (StatusCode, Value) {
    let request = Request::builder()
        .uri(uri)
        .header("host", "localhost:8080")
        .body(Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let mime = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(mime, "application/json", "{uri}");
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

/// Legal moves on 1..n after `line`, by the raw rules.
pub fn legal(n: u64, line: &[u64]) -> Vec<u64> {
    (1..=n)
        .filter(|k| !line.contains(k))
        .filter(|&k| match line.last() {
            None => k % 2 == 0,
            Some(&last) => k % last == 0 || last % k == 0,
        })
        .collect()
}
