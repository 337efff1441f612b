//! `GET /api/qr?text=…`: the QR code of a lesson's link, which the teacher's page shows large
//! for the projector, so that thirty pupils open the same link with a phone's camera instead of
//! typing it. Drawn by the `qrcode` crate (pure Rust, its SVG renderer only), so that `jg serve`
//! and the static site's engine give the same picture.

use super::error::ApiError;
use qrcode::render::svg;
use qrcode::{Color, EcLevel, QrCode};
use serde::Serialize;

/// The longest text a QR code is made of: a lesson's link is far shorter, and a code of this
/// many bytes (version 25 at level M, 117 × 117 modules) is still read from across a classroom
/// when projected large.
pub const MAX_QR_TEXT: usize = 1000;

/// The answer of `GET /api/qr` (docs/API.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Qr {
    /// The text encoded, as it was asked.
    pub text: String,
    /// Modules on a side, without the quiet zone.
    pub size: usize,
    /// The modules, a string of `1` (dark) and `0` (light) a row, top to bottom.
    pub rows: Vec<String>,
    /// The same code as an SVG picture, with its quiet zone (4 modules), black on white.
    pub svg: String,
}

/// The QR code of `text` at error correction level M (15 % of the code may be lost: a
/// projector's glare, a finger).
pub fn qr(text: &str) -> Result<Qr, ApiError> {
    if text.is_empty() {
        return Err(ApiError::unprocessable(
            "the QR code needs a text: GET /api/qr?text=…",
        ));
    }
    if text.len() > MAX_QR_TEXT {
        return Err(ApiError::unprocessable(format!(
            "the text of a QR code is at most {MAX_QR_TEXT} bytes; this one has {}",
            text.len()
        )));
    }
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| ApiError::unprocessable(format!("no QR code can hold this text ({e})")))?;
    let size = code.width();
    let rows = code
        .to_colors()
        .chunks(size)
        .map(|row| {
            row.iter()
                .map(|&c| if c == Color::Dark { '1' } else { '0' })
                .collect()
        })
        .collect();
    let svg = code
        .render::<svg::Color>()
        .module_dimensions(1, 1)
        .quiet_zone(true)
        .build();
    Ok(Qr {
        text: text.to_string(),
        size,
        rows,
        svg,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three finder patterns (7 × 7, a dark ring, a light ring, a dark 3 × 3 centre) sit in
    /// three corners of every QR code: a reader looks for them first.
    fn has_finder(rows: &[String], top: usize, left: usize) -> bool {
        (0..7).all(|y| {
            (0..7).all(|x| {
                let ring = x == 0 || y == 0 || x == 6 || y == 6;
                let centre = (2..=4).contains(&x) && (2..=4).contains(&y);
                let dark = rows[top + y].as_bytes()[left + x] == b'1';
                dark == (ring || centre)
            })
        })
    }

    #[test]
    fn a_link_gets_a_square_code_with_its_finders_and_an_svg() {
        let text = "http://192.168.1.20:8080/?n=40&opponent=random&help=off#play";
        let q = qr(text).unwrap();
        assert_eq!(q.text, text);
        // A version's size is 17 + 4 × version; 61 bytes at level M need version 4 (33).
        assert_eq!(q.size, 33);
        assert_eq!(q.rows.len(), q.size);
        assert!(q.rows.iter().all(|row| row.len() == q.size));
        let far = q.size - 7;
        assert!(has_finder(&q.rows, 0, 0) && has_finder(&q.rows, 0, far));
        assert!(has_finder(&q.rows, far, 0));
        assert!(
            !has_finder(&q.rows, far, far),
            "no finder in the fourth corner"
        );
        // The picture: the size with a quiet zone of 4 modules on each side.
        let side = q.size + 8;
        assert!(
            q.svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")),
            "{}",
            q.svg
        );
        assert!(q.svg.contains("<path fill=\"#000\""));
        // Another text, another code; the same text, the same code.
        assert_ne!(qr("http://127.0.0.1:8080/").unwrap().rows, q.rows);
        assert_eq!(qr(text).unwrap(), q);
    }

    #[test]
    fn no_text_or_too_long_a_text_is_refused_in_words() {
        let empty = qr("").unwrap_err();
        assert_eq!(empty.status, http::StatusCode::UNPROCESSABLE_ENTITY);
        let long = qr(&"a".repeat(MAX_QR_TEXT + 1)).unwrap_err();
        assert_eq!(long.status, http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            long.body().contains("at most 1000 bytes"),
            "{}",
            long.body()
        );
        assert!(qr(&"a".repeat(MAX_QR_TEXT)).is_ok());
    }
}
