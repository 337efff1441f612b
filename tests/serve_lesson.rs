//! The routes of the teacher's page (issue 55) through the router itself: the QR code of a
//! lesson's link (`GET /api/qr`) and the addresses pupils can type (`GET /api/addresses`),
//! with their refusals.
#![cfg(feature = "serve")]

mod serve_support;

use axum::http::StatusCode;
use juniper_green::frontends::serve::listen;
use serde_json::{json, Value};
use serve_support::{get, post, server_on};

/// Whether the 7 × 7 finder pattern (a dark ring, a light ring, a dark centre) is at (top, left).
fn finder_at(rows: &[String], top: usize, left: usize) -> bool {
    (0..7).all(|y| {
        (0..7).all(|x| {
            let dark = rows[top + y].as_bytes()[left + x] == b'1';
            let ring = x == 0 || y == 0 || x == 6 || y == 6;
            let centre = (2..=4).contains(&x) && (2..=4).contains(&y);
            dark == (ring || centre)
        })
    })
}

#[tokio::test]
async fn the_qr_code_of_a_lesson_link_is_a_square_code_of_that_link() {
    let router = server_on("127.0.0.1:8080");
    let link = "http://192.168.1.20:8080/?n=40&opponent=random&help=off#play";
    let encoded =
        "http%3A%2F%2F192.168.1.20%3A8080%2F%3Fn%3D40%26opponent%3Drandom%26help%3Doff%23play";
    let (status, qr) = get(&router, &format!("/api/qr?text={encoded}")).await;
    assert_eq!(status, StatusCode::OK, "{qr}");
    assert_eq!(qr["text"], link, "the text encoded is the link, decoded");
    let size = qr["size"].as_u64().unwrap() as usize;
    // 61 bytes at error correction level M: version 4, 17 + 4 × 4 modules a side.
    assert_eq!(size, 33);
    let rows: Vec<String> = serde_json::from_value(qr["rows"].clone()).unwrap();
    assert_eq!(rows.len(), size);
    assert!(rows
        .iter()
        .all(|row| row.len() == size && row.bytes().all(|b| b == b'0' || b == b'1')));
    assert!(
        finder_at(&rows, 0, 0) && finder_at(&rows, 0, size - 7) && finder_at(&rows, size - 7, 0)
    );
    let svg = qr["svg"].as_str().unwrap();
    assert!(
        svg.contains("<svg") && svg.contains("viewBox=\"0 0 41 41\""),
        "{svg}"
    );
    // Another lesson, another code.
    let (_, other) = get(
        &router,
        "/api/qr?text=http%3A%2F%2F127.0.0.1%3A8080%2F%3Fn%3D20",
    )
    .await;
    assert_ne!(other["rows"], qr["rows"]);
}

#[tokio::test]
async fn a_qr_code_without_text_or_of_too_long_a_text_is_refused_in_words() {
    let router = server_on("127.0.0.1:8080");
    for uri in ["/api/qr", "/api/qr?text="] {
        let (status, body) = get(&router, uri).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{uri}");
        assert!(
            body["error"].as_str().unwrap().contains("needs a text"),
            "{body}"
        );
    }
    let long = "a".repeat(1001);
    let (status, body) = get(&router, &format!("/api/qr?text={long}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("at most 1000 bytes"),
        "{body}"
    );
    let (status, _) = get(&router, &format!("/api/qr?text={}", &long[..1000])).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_addresses_are_those_pupils_can_type() {
    // On loopback (the default) no other machine reaches the server: no address.
    let (status, body) = get(&server_on("127.0.0.1:8080"), "/api/addresses").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["addresses"], serde_json::json!([]));
    // Bound to one network address: that one.
    let (_, body) = get(&server_on("192.168.1.20:8080"), "/api/addresses").await;
    assert_eq!(
        body["addresses"],
        serde_json::json!(["http://192.168.1.20:8080/"])
    );
    // On every interface: this machine's addresses, as `jg serve` prints them.
    let bound = "0.0.0.0:8080".parse().unwrap();
    let (_, body) = get(&server_on("0.0.0.0:8080"), "/api/addresses").await;
    let expected = listen::network_urls(bound, &listen::network_addresses());
    assert_eq!(body["addresses"], serde_json::json!(expected));
    let printed: Vec<String> = listen::network_lines(bound, &listen::network_addresses())
        .into_iter()
        .filter_map(|line| {
            line.strip_prefix("jg serve: on the network: ")
                .map(String::from)
        })
        .collect();
    assert_eq!(
        expected, printed,
        "the page and the terminal give the same addresses"
    );
}

#[tokio::test]
async fn the_plan_explains_the_winning_move_asked_about_and_refuses_the_others_in_words() {
    let router = server_on("127.0.0.1:8080");
    let (_, review) = post(&router, "/api/review", r#"{"n":20,"line":[]}"#).await;
    assert_eq!(review["first_mistake"], Value::Null);
    // The winning openings of 1..20, from the review of a one-move line.
    let (_, review) = post(&router, "/api/review", r#"{"n":20,"line":[14]}"#).await;
    let openings: Vec<u64> = serde_json::from_value(review["moves"][0]["winning"].clone()).unwrap();
    assert!(openings.len() > 1, "{openings:?}");
    for w in &openings {
        let (status, plan) = post(
            &router,
            "/api/plan",
            &format!(r#"{{"n":20,"line":[],"move":{w}}}"#),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{plan}");
        assert_eq!(plan["move"], *w);
        assert!(!plan["pairs"].as_array().unwrap().is_empty());
    }
    // Without a move: the smallest winning move, as before.
    let (_, plan) = post(&router, "/api/plan", r#"{"n":20,"line":[]}"#).await;
    assert_eq!(plan["move"], openings[0]);
    // 14 loses (the review's mistake): refused in words, with its code.
    let (status, error) = post(&router, "/api/plan", r#"{"n":20,"line":[],"move":14}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["code"], "not_winning");
    assert_eq!(error["values"], json!({"move": 14, "index": 0}));
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .starts_with("14 does not win here"),
        "{error}"
    );
    // A move that is no legal move is refused as a move of the line would be.
    for (body, code) in [
        (r#"{"n":20,"line":[],"move":7}"#, "odd_opening"),
        (r#"{"n":20,"line":[4],"move":7}"#, "not_related"),
        (r#"{"n":20,"line":[4],"move":4}"#, "played"),
        (r#"{"n":20,"line":[4],"move":"x"}"#, "move_range"),
        (r#"{"n":20,"line":[4],"move":21}"#, "move_range"),
    ] {
        let (status, error) = post(&router, "/api/plan", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(error["code"], code, "{body}: {error}");
    }
    // The review reads no move: a field it does not read is 400.
    let (status, _) = post(&router, "/api/review", r#"{"n":20,"line":[],"move":4}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
