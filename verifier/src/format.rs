//! The bytes of a certificate (spec.md §2–3): the header through serde + bincode with a fixed
//! configuration, then a body of little-endian numbers of the move width. Everything is checked
//! against the bytes actually present, so no length field read from the file drives an allocation.

use crate::{OpeningRule, Rejection, Winner};
use serde::Deserialize;
use std::collections::HashMap;

const MAGIC: [u8; 8] = *b"JUNIPERG";
const VERSION: u32 = 1;
const MAX_GENERATOR: usize = 200;
/// Bytes of the header around the generator text (spec.md §2).
const FIXED_HEADER: usize = 80;

/// Where the winner's moves come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Read one by one from the body.
    Tree,
    /// Computed by the pairing rule from a list of pairs.
    Pairing,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tree => "tree",
            Kind::Pairing => "pairing",
        }
    }
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
    magic: [u8; 8],
    version: u32,
    n: u64,
    opening_rule: u32,
    winner: u32,
    kind: u32,
    generator: &'a str,
    body_len: u64,
    body_blake3: [u8; 32],
}

/// A decoded certificate, ready for the walk.
pub(crate) struct Certificate<'a> {
    pub n: u64,
    pub opening_rule: OpeningRule,
    pub winner: Winner,
    pub strategy: Strategy<'a>,
}

pub(crate) enum Strategy<'a> {
    /// The body's numbers; `offset` is the file offset of `moves[0]`.
    Tree { moves: &'a [u8], width: usize, offset: u64 },
    /// `partners` maps each paired number to its partner and the file offset of its pair.
    Pairing { opening: u64, offset: u64, partners: HashMap<u64, (u64, u64)> },
}

impl Certificate<'_> {
    pub fn kind(&self) -> Kind {
        match self.strategy {
            Strategy::Tree { .. } => Kind::Tree,
            Strategy::Pairing { .. } => Kind::Pairing,
        }
    }
}

/// The little-endian number in `bytes` (at most 8 of them).
pub(crate) fn read_number(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte))
}

fn header_error(offset: usize, what: String) -> Rejection {
    Rejection::Header { offset: offset as u64, what }
}

/// Decodes and checks the header, the body's length and hash, and a pairing body's lists.
pub(crate) fn decode(bytes: &[u8]) -> Result<Certificate<'_>, Rejection> {
    let found = &bytes[..bytes.len().min(MAGIC.len())];
    if bytes.is_empty() {
        return Err(header_error(0, "empty file".into()));
    }
    if found != &MAGIC[..found.len()] {
        let what = "wrong magic: not a Juniper Green certificate (it must start with JUNIPERG)";
        return Err(header_error(0, what.into()));
    }
    if bytes.len() < FIXED_HEADER {
        let what =
            format!("truncated: the file has {} bytes, a header takes at least 80", bytes.len());
        return Err(header_error(bytes.len(), what));
    }
    let config = bincode::config::standard()
        .with_little_endian()
        .with_fixed_int_encoding()
        .with_limit::<1024>();
    let (raw, header_len): (RawHeader, usize) =
        bincode::serde::borrow_decode_from_slice(bytes, config)
            .map_err(|error| header_error(32, format!("generator does not decode: {error}")))?;
    debug_assert_eq!(raw.magic, MAGIC);
    if raw.version != VERSION {
        let what = format!("unsupported version {} (this verifier reads version 1)", raw.version);
        return Err(header_error(8, what));
    }
    if raw.n == 0 {
        return Err(header_error(12, "n = 0: the board needs n ≥ 1".into()));
    }
    let index = |offset: usize, field: &str, value: u32, names: &str| {
        let what = format!("{field} is {value}, not one of {names}");
        (value > 1).then(|| header_error(offset, what))
    };
    let errors = [
        index(20, "opening_rule", raw.opening_rule, "0 (even), 1 (free)"),
        index(24, "winner", raw.winner, "0 (first player), 1 (second player)"),
        index(28, "kind", raw.kind, "0 (tree), 1 (pairing)"),
    ];
    if let Some(error) = errors.into_iter().flatten().next() {
        return Err(error);
    }
    if raw.generator.len() > MAX_GENERATOR {
        let what = format!("generator is {} bytes long, at most 200 allowed", raw.generator.len());
        return Err(header_error(32, what));
    }
    let body = &bytes[header_len..];
    if raw.body_len != body.len() as u64 {
        let what =
            format!("body_len is {} but {} bytes follow the header", raw.body_len, body.len());
        return Err(header_error(header_len - 40, what));
    }
    if *blake3::hash(body).as_bytes() != raw.body_blake3 {
        let what = "the body's BLAKE3 differs from body_blake3".into();
        return Err(header_error(header_len - 32, what));
    }
    let width = move_width(raw.n);
    let offset = header_len as u64;
    let strategy = if raw.kind == 0 {
        Strategy::Tree { moves: body, width, offset }
    } else {
        decode_pairs(body, raw.n, width, offset, raw.winner == 0)?
    };
    Ok(Certificate {
        n: raw.n,
        opening_rule: if raw.opening_rule == 0 { OpeningRule::Even } else { OpeningRule::Free },
        winner: if raw.winner == 0 { Winner::First } else { Winner::Second },
        strategy,
    })
}

/// A pairing body (spec.md §3.2): opening, count, then canonical pairs.
fn decode_pairs(
    body: &[u8],
    n: u64,
    width: usize,
    offset: u64,
    winner_first: bool,
) -> Result<Strategy<'_>, Rejection> {
    let error = |at: usize, what: String| Rejection::Body { offset: offset + at as u64, what };
    if body.len() < 2 * width {
        return Err(error(0, format!("a pairing body needs at least {} bytes", 2 * width)));
    }
    let opening = read_number(&body[..width]);
    if winner_first == (opening == 0) {
        let what = match winner_first {
            true => "the opening is 0 but the first player is the claimed winner",
            false => "the opening must be 0 when the second player is the claimed winner",
        };
        return Err(error(0, what.into()));
    }
    let count = read_number(&body[width..2 * width]);
    let pairs = &body[2 * width..];
    if count.checked_mul(2 * width as u64) != Some(pairs.len() as u64) {
        let what = format!("count is {count} pairs but {} bytes follow it", pairs.len());
        return Err(error(width, what));
    }
    let mut partners = HashMap::with_capacity(pairs.len() / width);
    let mut previous = 0;
    for (index, pair) in pairs.chunks_exact(2 * width).enumerate() {
        let at = 2 * width + index * 2 * width;
        let (a, b) = (read_number(&pair[..width]), read_number(&pair[width..]));
        if !(1 <= a && a < b && b <= n) || a <= previous {
            let what = format!(
                "pair ({a}, {b}) is not canonical: it needs 1 ≤ a < b ≤ {n} and a above the \
                 previous pair's a ({previous})"
            );
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
