//! `POST /api/verify`: a certificate's bytes checked by `jg_verify`, the trust anchor, as
//! `jg-verify FILE` checks a file, under the server's bounds (`bounds::Limits::verify_limits`:
//! one job's share of the memory, the steps of the time left); nothing is kept.

use super::error::ApiError;
use jg_verify::chain::{check_within, is_chain_certificate, ChainRejection};
use jg_verify::{verify_bytes, Limits, Rejection};
use serde_json::{json, Value};

/// The verdict on `bytes`: 200 with `valid` and the verdict line, or 422 for bytes that are not
/// a certificate. A certificate is recognised by its header: the magic, the version, the length
/// it announces. A header whose only fault is the body's BLAKE3 (a certificate altered after it
/// was written, a bit flipped) is a certificate that fails: invalid, not 422.
/// The bytes are the upload itself (bounded by the route, 16 MiB), not a copy.
pub fn verify(bytes: &[u8], limits: &Limits) -> Result<Value, ApiError> {
    let not_a_certificate = |why: &dyn std::fmt::Display| {
        ApiError::unprocessable(format!("not a certificate: {why}"))
            .with_code("not_certificate", json!({ "reason": why.to_string() }))
    };
    if is_chain_certificate(bytes) {
        return Ok(match check_within(bytes, limits) {
            Ok(verdict) => {
                let facts = json!({
                    "kind": "chain",
                    "n": verdict.n.to_string(),
                    "length": verdict.length.to_string(),
                });
                valid(verdict.to_string(), facts)
            }
            Err(why @ ChainRejection::Limit(..)) => refused(&why),
            Err(why) => invalid(&why),
        });
    }
    match verify_bytes(bytes, limits) {
        Ok(verdict) => {
            let facts = json!({
                "kind": "game",
                "n": verdict.n.to_string(),
                "n_last": verdict.n_last.to_string(),
                "winner": verdict.winner.name(),
                "positions": verdict.positions.to_string(),
            });
            Ok(valid(verdict.to_string(), facts))
        }
        Err(why @ Rejection::Header { .. }) if !why.to_string().contains("BLAKE3") => {
            Err(not_a_certificate(&why))
        }
        Err(why @ Rejection::Limit { .. }) => Ok(refused(&why)),
        Err(why) => Ok(invalid(&why)),
    }
}

/// A valid certificate: the verifier's line and what it proves (`claim`, for the pages to word).
fn valid(line: String, claim: Value) -> Value {
    json!({ "valid": true, "status": "valid", "verdict": line, "claim": claim })
}

/// A certificate whose proof fails: the verifier's line and its reason alone.
fn invalid(why: &dyn std::fmt::Display) -> Value {
    json!({
        "valid": false,
        "status": "invalid",
        "verdict": format!("invalid: {why}"),
        "reason": why.to_string(),
    })
}

/// A verifier bound stopped the check: no verdict on the proof.
fn refused(why: &dyn std::fmt::Display) -> Value {
    json!({
        "valid": false,
        "status": "refused",
        "verdict": format!("refused: {why}"),
        "reason": why.to_string(),
    })
}
