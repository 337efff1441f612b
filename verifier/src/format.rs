//! The bytes of a certificate (spec.md §2–3): the header through serde + bincode with a fixed
//! configuration, then a body of little-endian numbers of the move width. Everything is checked
//! against the bytes actually present, so no length field read from the file drives an allocation.

use crate::{Limits, OpeningRule, Rejection, Verdict, Winner};
use serde::Deserialize;
use std::collections::HashMap;

const MAGIC: [u8; 8] = *b"JUNIPERG";

/// Where the winner's moves come from: read one by one from the body, or the pairing rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Tree,
    Pairing,
    /// A pairing checked by its closure instead of a walk (spec.md §4.5).
    ClosedPairing,
    /// A closed pairing whose claim is every n of an interval (spec.md §4.6).
    IntervalClosedPairing,
}

impl Kind {
    /// The kind's name in reports and manifests.
    pub fn name(self) -> &'static str {
        ["tree", "pairing", "closed-pairing", "interval-closed-pairing"][self as usize]
    }
}

/// Heap bytes of one entry of a hash table of `E`s plus its control byte, at the table's worst
/// moment: 7/8 full, while it doubles (old and new tables both live).
pub(crate) fn table_entry_bytes<E>() -> u64 {
    (size_of::<E>() as u64 + 1) * 24 / 7
}

/// Heap bytes of the map from each of `numbers` paired numbers to its partner and offset.
pub(crate) fn pairs_bytes(numbers: u64) -> u64 {
    numbers.saturating_mul(table_entry_bytes::<(u64, (u64, u64))>())
}

/// Bytes per number in the body for the board 1..n: 1, 2, 4 or 8 (spec.md §3).
pub fn move_width(n: u64) -> usize {
    match n {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

/// The header as bincode sees it; enums are read as their u32 index so that a bad index is
/// reported with its offset (the bytes are the same as for a serde enum).
#[derive(Deserialize)]
struct RawHeader<'a> {
    /// Checked before decoding, as a prefix (so that a short file is named as such).
    _magic: [u8; 8],
    version: u32,
    n: u64,
    opening_rule: u32,
    winner: u32,
    kind: u32,
    generator: &'a str,
    body_len: u64,
    body_blake3: [u8; 32],
}

/// Where the walk gets the winner's moves.
pub(crate) enum Strategy<'a> {
    /// The body's numbers; `offset` is the file offset of `moves[0]`.
    Tree { moves: &'a [u8], width: usize, offset: u64 },
    /// `partners` maps each paired number to its partner and the file offset of its pair.
    Pairing { opening: u64, offset: u64, partners: HashMap<u64, (u64, u64)> },
}

/// The little-endian number in `bytes` (at most 8 of them).
pub(crate) fn read_number(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte))
}

/// Decodes and checks the header, the body's length and hash, and a pairing body's lists. The
/// header's claim comes as the verdict it would give, before the walk counts the positions.
pub(crate) fn decode<'a>(
    bytes: &'a [u8], limits: &Limits,
) -> Result<(Verdict, Strategy<'a>), Rejection> {
    let header = |offset: usize, what: String| Rejection::Header { offset: offset as u64, what };
    let wrong_magic = "wrong magic: not a Juniper Green certificate (it must start with JUNIPERG)";
    if bytes.is_empty() || !MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
        return Err(header(0, if bytes.is_empty() { "empty file" } else { wrong_magic }.into()));
    }
    if bytes.len() < 80 {
        let what =
            format!("truncated: the file has {} bytes, a header takes 80 or more", bytes.len());
        return Err(header(bytes.len(), what));
    }
    // `standard()` is already little-endian: this is the configuration of spec.md §2.
    let config = bincode::config::standard().with_fixed_int_encoding().with_limit::<1024>();
    let (raw, len): (RawHeader, usize) = bincode::serde::borrow_decode_from_slice(bytes, config)
        .map_err(|error| {
            use bincode::error::DecodeError;
            let what = match error {
                DecodeError::UnexpectedEnd { .. } => "truncated: the file ends inside the header",
                DecodeError::LimitExceeded => "the generator length runs past any header",
                DecodeError::Utf8 { .. } => "the generator is not UTF-8 text",
                _ => "the generator does not decode",
            };
            header(32, what.into())
        })?;
    let body = &bytes[len..];
    let (version, generator, actual) = (raw.version, raw.generator.len(), body.len() as u64);
    let checks = [
        (version != 1, 8, format!("unsupported version {version} (this verifier reads 1)")),
        (raw.n == 0, 12, "n = 0: the board needs n ≥ 1".into()),
        (raw.opening_rule > 1, 20, format!("opening_rule is {}, not 0 or 1", raw.opening_rule)),
        (raw.winner > 1, 24, format!("winner is {}, not 0 (first) or 1 (second)", raw.winner)),
        (raw.kind > 3, 28, format!("kind is {}, not 0, 1, 2 or 3", raw.kind)),
        (
            raw.kind == 3 && raw.winner != 0,
            24,
            "an interval (kind 3) claims first-player wins".into(),
        ),
        (generator > 200, 32, format!("generator is {generator} bytes long, at most 200 allowed")),
        (raw.body_len != actual, len - 40, format!("body_len is {} not {actual}", raw.body_len)),
        (*blake3::hash(body).as_bytes() != raw.body_blake3, len - 32, "body BLAKE3 differs".into()),
    ];
    if let Some((_, offset, what)) = checks.into_iter().find(|check| check.0) {
        return Err(header(offset, what));
    }
    let (n, width, offset) = (raw.n, move_width(raw.n), len as u64);
    let first = raw.winner == 0;
    let mut n_last = n;
    let (kind, strategy) = match raw.kind {
        0 => (Kind::Tree, Strategy::Tree { moves: body, width, offset }),
        1 => (Kind::Pairing, decode_pairs(body, n, width, offset, first, limits)?),
        2 => (Kind::ClosedPairing, decode_pairs(body, n, width, offset, first, limits)?),
        _ => {
            // `n_last`, 8 bytes, then a pairing body whose numbers are all at most n (§3.3).
            let Some((last, pairs)) = body.split_first_chunk::<8>() else {
                let what = "an interval body starts with n_last: 8 bytes".into();
                return Err(Rejection::Body { offset, what });
            };
            n_last = read_number(last);
            if n_last < n {
                let what = format!("n_last is {n_last}, below n = {n}");
                return Err(Rejection::Body { offset, what });
            }
            let strategy = decode_pairs(pairs, n, width, offset + 8, first, limits)?;
            (Kind::IntervalClosedPairing, strategy)
        }
    };
    let opening_rule = if raw.opening_rule == 0 { OpeningRule::Even } else { OpeningRule::Free };
    let winner = if first { Winner::First } else { Winner::Second };
    let blake3 = *blake3::hash(bytes).as_bytes();
    Ok((Verdict { n, n_last, opening_rule, winner, kind, positions: 0, blake3 }, strategy))
}

/// A pairing body (spec.md §3.2): opening, count, then canonical pairs.
fn decode_pairs<'a>(
    body: &'a [u8], n: u64, width: usize, offset: u64, winner_first: bool, limits: &Limits,
) -> Result<Strategy<'a>, Rejection> {
    let error = |at: usize, what: String| Rejection::Body { offset: offset + at as u64, what };
    if body.len() < 2 * width {
        return Err(error(0, format!("a pairing body needs at least {} bytes", 2 * width)));
    }
    let opening = read_number(&body[..width]);
    if winner_first == (opening == 0) {
        let what =
            format!("opening is {opening}: it must be 0 exactly when the second player wins");
        return Err(error(0, what));
    }
    let count = read_number(&body[width..2 * width]);
    let pairs = &body[2 * width..];
    if count.checked_mul(2 * width as u64) != Some(pairs.len() as u64) {
        let what = format!("count is {count} pairs but {} bytes follow", pairs.len());
        return Err(error(width, what));
    }
    // Two entries a pair; refused before the map is allocated if they would break the bound.
    let numbers = (pairs.len() / width) as u64;
    if pairs_bytes(numbers) > limits.max_memory {
        let (max, count) = (limits.max_memory, numbers / 2);
        let what = format!("memory limit: {count} pairs need more than {max} bytes");
        return Err(Rejection::Limit { what, line: vec![] });
    }
    let mut partners = HashMap::with_capacity(numbers as usize);
    let mut previous = 0;
    for (index, pair) in pairs.chunks_exact(2 * width).enumerate() {
        let at = 2 * width * (index + 1);
        let (a, b) = (read_number(&pair[..width]), read_number(&pair[width..]));
        if !(previous < a && a < b && b <= n) {
            let what = format!("pair ({a}, {b}) is not canonical: {previous} < a < b ≤ {n} fails");
            return Err(error(at, what));
        }
        previous = a;
        for (number, partner) in [(a, b), (b, a)] {
            if partners.insert(number, (partner, offset + at as u64)).is_some() {
                return Err(error(at, format!("{number} is in two pairs")));
            }
        }
    }
    Ok(Strategy::Pairing { opening, offset, partners })
}
