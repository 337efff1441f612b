//! A refused request: its status and one sentence, sent as `{"error": "…"}` (docs/API.md,
//! "Errors"). Every refusal of the server, axum's own included, goes out through this type.
//! A refusal a person can cause from the pages (a number typed, a move) also carries a `code`
//! and its `values`, from which the pages word it in their language.

#[cfg(feature = "serve")]
use axum::response::{IntoResponse, Response};
pub use http::StatusCode;

/// A status (4xx or 503) and the sentence that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// What the refusal is, for the pages to word it (docs/API.md lists the codes); None for
    /// refusals only a program can cause.
    pub code: Option<&'static str>,
    /// The numbers and words the sentence names, by name (with `code`).
    pub values: serde_json::Map<String, serde_json::Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            code: None,
            values: serde_json::Map::new(),
        }
    }

    /// The same refusal with its code and the values it names.
    pub fn with_code(mut self, code: &'static str, values: serde_json::Value) -> ApiError {
        self.code = Some(code);
        if let serde_json::Value::Object(values) = values {
            self.values = values;
        }
        self
    }

    /// 400: the body or query is not what the route reads.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: a well-formed request the game refuses.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 404: no such route or page.
    pub fn not_found(what: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such page or route: {what} (the routes are listed in docs/API.md)"),
        )
    }

    /// 413: a body over the route's bound.
    pub fn too_large(bound: usize, what: &str) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the {what} is larger than this route reads ({bound} bytes at most)"),
        )
    }

    /// 503: busy, or past the time limit.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 408: the body did not arrive within its time.
    pub fn body_too_slow(limit: std::time::Duration) -> ApiError {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the body did not arrive within {} s of the request's head; send it again",
                limit.as_secs_f64()
            ),
        )
    }

    /// 415: a POST whose body is not of the route's content type.
    pub fn unsupported_type(wanted: &str, got: Option<&str>) -> ApiError {
        let got = match got {
            Some(got) => format!("'{got}'"),
            None => "no Content-Type".to_string(),
        };
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("this route reads a body of type {wanted}, and the request has {got}"),
        )
    }

    /// 421: a request whose Host is not a name of this server.
    pub fn not_this_host(host: &str, accepted: &str) -> ApiError {
        ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "the request is addressed to '{host}', which is not a name of this server: it \
                 answers {accepted} (jg serve --allow-host NAME adds a name)"
            ),
        )
    }

    /// The JSON body `{"error": "…"}`, with `"code"` and `"values"` when the refusal has a code.
    pub fn body(&self) -> String {
        match self.code {
            None => serde_json::json!({ "error": self.message }).to_string(),
            Some(code) => serde_json::json!({
                "error": self.message,
                "code": code,
                "values": self.values,
            })
            .to_string(),
        }
    }
}

/// Work stopped by its stop (its time limit, or its request went away): 503.
impl From<crate::players::Stopped> for ApiError {
    fn from(_: crate::players::Stopped) -> ApiError {
        ApiError::busy(
            "the server is busy: the answer did not come within its time limit; try again",
        )
    }
}

#[cfg(feature = "serve")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = self.body();
        (
            self.status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response()
    }
}
