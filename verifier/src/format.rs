//! The bytes of a certificate (spec.md §2–3): the header through serde + bincode with a fixed
//! configuration, then a body of little-endian numbers of the move width. Everything is checked
//! against the bytes actually present, so no length field read from the file drives an allocation.

use crate::rules::Board;
use crate::{Limits, OpeningRule, Rejection, Verdict, Winner};
use serde::Deserialize;
use std::collections::HashMap;

const MAGIC: [u8; 8] = *b"JUNIPERG";

/// What a certificate claims and how it proves it (spec.md §2, `kind`). Kinds 0 (tree) and 1
/// (walked pairing) are retired: refused by `decode`, never a `Kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A pairing checked by its closure (spec.md §4.5).
    ClosedPairing = 2,
    /// A closed pairing whose claim is every n of an interval (spec.md §4.6).
    IntervalClosedPairing = 3,
    /// Which openings win: one proof per opening or group of openings (spec.md §3.4, §4.8).
    Openings = 4,
}

impl Kind {
    /// The kind's name in reports and manifests.
    pub fn name(self) -> &'static str {
        ["closed-pairing", "interval-closed-pairing", "openings"][self as usize - 2]
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

/// A decoded file: the claim, its proof, the bytes held, the board its checks run on.
pub(crate) type Decoded = (Verdict, Body, u64, Board);

/// Each paired number's partner and the file offset of its pair.
pub(crate) type Partners = HashMap<u64, (u64, u64)>;

/// The paths of a matching-and-barrier entry, each with the file offset of its first number.
pub(crate) type Paths = Vec<(Vec<u64>, u64)>;

/// How one claim is proved.
pub(crate) enum Strategy {
    /// The opening (0 for a second-player claim), its offset, and the pairs.
    Pairing { opening: u64, offset: u64, partners: Partners },
    /// A matching of the whole board, a barrier set with its offset, and alternating paths with
    /// theirs, one for each winning opening (spec.md §3.4, tag 4).
    Barrier { partners: Partners, barrier: Vec<u64>, paths: Paths, offset: u64 },
}

/// A decoded body: one strategy for the header's claim, or an openings certificate's entries
/// and the body's offset.
pub(crate) enum Body {
    One(Strategy),
    Openings(Vec<Entry>, u64),
}

/// An entry of an openings body (spec.md §3.4).
pub(crate) enum Entry {
    /// Its opening wins: a closed pairing from the opening (tag 0).
    Win(Strategy),
    /// These openings (with their offset) lose: a closed pairing (tag 1) or a barrier (tag 4).
    Lose(Vec<u64>, u64, Strategy),
}

/// The little-endian number in `bytes` (at most 8 of them).
pub(crate) fn read_number(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte))
}

/// Decodes and checks the header, the body's length and hash, and a pairing body's lists. The
/// header's claim comes as the verdict it would give, before the check counts the positions;
/// then the body, the heap bytes its maps and lists hold (charged to the memory bound), and the
/// board, with the primes a version 2 file witnesses (spec.md §3.5).
pub(crate) fn decode(bytes: &[u8], limits: &Limits) -> Result<Decoded, Rejection> {
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
    let retired = ["0 (tree)", "1 (walked pairing)"][raw.kind.min(1) as usize];
    let free = if raw.opening_rule == 1 { " --free-opening" } else { "" };
    let checks = [
        (version == 0 || version > 2, 8, format!("unsupported version {version}, not 1 or 2")),
        (raw.n == 0, 12, "n = 0: the board needs n ≥ 1".into()),
        (raw.opening_rule > 1, 20, format!("opening_rule is {}, not 0 or 1", raw.opening_rule)),
        (raw.winner > 1, 24, format!("winner is {}, not 0 (first) or 1 (second)", raw.winner)),
        (raw.kind > 4, 28, format!("kind is {}, not 2, 3 or 4", raw.kind)),
        (
            raw.kind < 2,
            28,
            format!("kind {retired} is retired: re-certify with `jg certify {}{free}`", raw.n),
        ),
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
    // Version 2: the prime witnesses come first (§3.5, checked here: §4.11), then the body of
    // the kind. The board for the checks starts with the work they left.
    let mut work_left = limits.max_work;
    let (primes, read) = match version {
        2 => crate::primes::read(body, len as u64, &mut work_left)?,
        _ => (Vec::new(), 0),
    };
    let (n, width, offset, body) = (raw.n, move_width(raw.n), (len + read) as u64, &body[read..]);
    let first = raw.winner == 0;
    let mut n_last = n;
    // The memory left for pairs maps; each map is charged to it before it is allocated.
    let mut budget = limits.max_memory;
    let (kind, strategy) = if raw.kind == 4 {
        let entries = decode_entries(body, n, width, offset, &mut budget)?;
        (Kind::Openings, Body::Openings(entries, offset))
    } else if raw.kind == 2 {
        let pairs = decode_pairs(body, n, width, offset, first, &mut budget)?;
        (Kind::ClosedPairing, Body::One(pairs))
    } else {
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
        let strategy = decode_pairs(pairs, n, width, offset + 8, first, &mut budget)?;
        (Kind::IntervalClosedPairing, Body::One(strategy))
    };
    let opening_rule = if raw.opening_rule == 0 { OpeningRule::Even } else { OpeningRule::Free };
    let winner = if first { Winner::First } else { Winner::Second };
    let (blake3, winning_openings) = (*blake3::hash(bytes).as_bytes(), None);
    let verdict =
        Verdict { n, n_last, opening_rule, winner, kind, winning_openings, positions: 0, blake3 };
    // One board for the whole file, so that the work bound covers every check; an interval is
    // checked on its largest board (§4.6).
    let board = Board { n: n_last, opening_rule, work_left, primes };
    Ok((verdict, strategy, limits.max_memory - budget, board))
}

/// A pairing body (spec.md §3.2): the opening, then the pair list.
fn decode_pairs(
    body: &[u8], n: u64, width: usize, offset: u64, winner_first: bool, budget: &mut u64,
) -> Result<Strategy, Rejection> {
    if body.len() < 2 * width {
        let what = format!("a pairing body needs at least {} bytes", 2 * width);
        return Err(Rejection::Body { offset, what });
    }
    let opening = read_number(&body[..width]);
    if winner_first == (opening == 0) {
        let what =
            format!("opening is {opening}: it must be 0 exactly when the second player wins");
        return Err(Rejection::Body { offset, what });
    }
    let partners = pair_list(&body[width..], n, width, offset + width as u64, budget)?;
    Ok(Strategy::Pairing { opening, offset, partners })
}

/// `count`, then `count` canonical pairs filling `body` exactly (at least `width` bytes): each
/// number's partner and the offset of its pair. The map is charged to the memory `budget`
/// before it is allocated.
fn pair_list(
    body: &[u8], n: u64, width: usize, offset: u64, budget: &mut u64,
) -> Result<Partners, Rejection> {
    let error = |at: usize, what: String| Rejection::Body { offset: offset + at as u64, what };
    let count = read_number(&body[..width]);
    let pairs = &body[width..];
    if count.checked_mul(2 * width as u64) != Some(pairs.len() as u64) {
        let what = format!("count is {count} pairs but {} bytes follow", pairs.len());
        return Err(error(0, what));
    }
    // Two entries a pair; refused before the map is allocated if they would break the bound.
    let numbers = (pairs.len() / width) as u64;
    let Some(left) = budget.checked_sub(pairs_bytes(numbers)) else {
        let what = format!("memory limit: {} pairs need more than {budget} bytes", numbers / 2);
        return Err(Rejection::Limit { what, line: vec![] });
    };
    *budget = left;
    let mut partners = HashMap::with_capacity(numbers as usize);
    let mut previous = 0;
    for (index, pair) in pairs.chunks_exact(2 * width).enumerate() {
        let at = width + 2 * width * index;
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
    Ok(partners)
}

/// Takes `bytes` from the memory `budget`, or refuses (spec.md §4.4).
fn charge(budget: &mut u64, bytes: u64, what: &str) -> Result<(), Rejection> {
    let Some(left) = budget.checked_sub(bytes) else {
        let what = format!("memory limit: {what} needs {bytes} bytes, {budget} are left");
        return Err(Rejection::Limit { what, line: vec![] });
    };
    *budget = left;
    Ok(())
}

/// An openings body (spec.md §3.4): tagged entries until the body ends.
fn decode_entries(
    body: &[u8], n: u64, width: usize, offset: u64, budget: &mut u64,
) -> Result<Vec<Entry>, Rejection> {
    let error = |at: usize, what: String| Rejection::Body { offset: offset + at as u64, what };
    // `count` numbers from `at`, if the body holds them.
    let numbers = |at: usize, count: u64| {
        let end = count.checked_mul(width as u64).and_then(|len| (at as u64).checked_add(len));
        let slice = end.and_then(|end| body.get(at..usize::try_from(end).ok()?));
        slice.ok_or_else(|| error(at, format!("the entry ends early: {count} numbers do not fit")))
    };
    let number = |at: usize| numbers(at, 1).map(read_number);
    let (mut entries, mut at) = (Vec::new(), 0);
    while let Some(&tag) = body.get(at) {
        let (start, w) = (at + 1, width);
        // `k` (at `at`), then k numbers strictly ascending in 1..n, charged to the memory
        // budget (8 bytes a number) before they are read; and the offset after them.
        let ascending = |at: usize, what: &str, budget: &mut u64| {
            let bytes = numbers(at + w, number(at)?)?;
            charge(budget, 8 * (bytes.len() / w) as u64, what)?;
            let list: Vec<u64> = bytes.chunks_exact(w).map(read_number).collect();
            let ordered = list.windows(2).all(|pair| pair[0] < pair[1]);
            if list.first() == Some(&0) || list.last() > Some(&n) || !ordered {
                let what = format!("{what} must be strictly ascending numbers of 1..{n}");
                return Err(error(at, what));
            }
            Ok((list, at + w + bytes.len()))
        };
        let (entry, end) = match tag {
            0 => {
                let len = number(start + w)?.saturating_mul(2).saturating_add(2);
                let slice = numbers(start, len)?;
                let pairs = decode_pairs(slice, n, w, offset + start as u64, true, budget)?;
                (Entry::Win(pairs), start + slice.len())
            }
            1 | 4 => {
                let (openings, list) = ascending(start, "the losing openings", budget)?;
                if openings.is_empty() && tag == 1 {
                    return Err(error(start, "the losing openings must be at least one".into()));
                }
                let slice = numbers(list, number(list)?.saturating_mul(2).saturating_add(1))?;
                let partners = pair_list(slice, n, w, offset + list as u64, budget)?;
                let (strategy, end) = if tag == 1 {
                    let offset = offset + list as u64;
                    (Strategy::Pairing { opening: 0, offset, partners }, list + slice.len())
                } else {
                    let at = list + slice.len();
                    let (barrier, mut end) = ascending(at, "the barrier", budget)?;
                    // `j`, then j paths: `len`, then len numbers each (8 bytes a number and 24
                    // a path, charged before they are read).
                    let (mut paths, count) = (Vec::new(), number(end)?);
                    end += w;
                    // Each path takes at least its `len`: the loop ends with the body.
                    for _ in 0..count {
                        let path = numbers(end + w, number(end)?)?;
                        charge(budget, 8 * (3 + path.len() / w) as u64, "a path")?;
                        let numbers = path.chunks_exact(w).map(read_number).collect();
                        paths.push((numbers, offset + (end + w) as u64));
                        end += w + path.len();
                    }
                    let offset = offset + at as u64;
                    (Strategy::Barrier { partners, barrier, paths, offset }, end)
                };
                (Entry::Lose(openings, offset + start as u64, strategy), end)
            }
            // Tags 2 and 3 (win and lose trees) are retired: rejected like any unknown tag.
            _ => return Err(error(at, format!("entry tag is {tag}, not 0, 1 or 4"))),
        };
        entries.push(entry);
        at = end;
    }
    Ok(entries)
}
