//! The bytes of a certificate (spec.md §2–3): the header through serde + bincode with a fixed
//! configuration, then a body of little-endian numbers of the move width. Everything is checked
//! against the bytes actually present, so no length field read from the file drives an allocation.

use crate::claim::{Bound, Kind, Limits, OpeningRule, Verdict, Winner};
use crate::primes::{self, Witness};
use crate::rejection::Rejection;
use crate::rules::Board;
use serde::Deserialize;
use std::collections::HashMap;
use std::io::{self, Read};

const MAGIC: [u8; 8] = *b"JUNIPERG";

/// Heap bytes of one entry of a hash table of `E`s plus its control byte, at the table's worst
/// moment: 7/8 full, while it doubles (old and new tables both live).
pub(crate) fn table_entry_bytes<E>() -> u64 {
    (size_of::<E>() as u64 + 1) * 24 / 7
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

/// Each paired number's partner and the file offset of its pair.
pub(crate) type Partners = HashMap<u64, (u64, u64)>;

/// A closed pairing (§3.2): the opening (0 for a second-player claim) with its offset, and
/// the pairs.
pub(crate) struct Pairing {
    pub opening: u64,
    pub offset: u64,
    pub partners: Partners,
}

/// A matching of the whole board, a barrier set with its offset, and alternating paths, one
/// for each winning opening (§3.4, tag 4).
pub(crate) struct Barrier {
    pub partners: Partners,
    pub barrier: Vec<u64>,
    pub offset: u64,
    /// Each path with the file offset of its first number.
    pub paths: Vec<(Vec<u64>, u64)>,
}

/// How one claim is proved.
pub(crate) enum Strategy {
    Pairing(Pairing),
    Barrier(Barrier),
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

/// A decoded file: the claim (the verdict it would give, before the check counts the
/// positions), its proof, the heap bytes its maps and lists hold (charged to the memory
/// bound), and the board its checks run on, with the primes a version 2 file witnesses.
pub(crate) struct Decoded {
    pub verdict: Verdict,
    pub body: Body,
    pub held: u64,
    pub board: Board,
}

/// The little-endian number in `bytes` (at most 8 of them).
fn read_number(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte))
}

/// The largest witness section (§3.5): the count, then 96 witnesses of 3 + 63 fields.
const WITNESSES_MOST: u64 = 8 + 96 * (24 + 8 * 63);

/// `truncated: the file has B bytes, its header takes H`.
fn truncated(bytes: &[u8], takes: impl std::fmt::Display) -> String {
    format!("truncated: the file has {} bytes, its header takes {takes}", bytes.len())
}

/// Decodes the header and runs its checks in the order of spec.md §4.3, up to the body's
/// length: the first bytes of a file decide them all.
fn header(bytes: &[u8]) -> Result<(RawHeader<'_>, usize), Rejection> {
    let header = |offset: usize, what: String| Rejection::Header { offset: offset as u64, what };
    let wrong_magic = "wrong magic: not a Juniper Green certificate (it must start with JUNIPERG)";
    if bytes.is_empty() || !MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
        return Err(header(0, if bytes.is_empty() { "empty file" } else { wrong_magic }.into()));
    }
    if bytes.len() < 80 {
        return Err(header(bytes.len(), truncated(bytes, "80 or more")));
    }
    // `standard()` is already little-endian: this is the configuration of spec.md §2.
    let config = bincode::config::standard().with_fixed_int_encoding().with_limit::<1024>();
    let (raw, len): (RawHeader, usize) = bincode::serde::borrow_decode_from_slice(bytes, config)
        .map_err(|error| {
            use bincode::error::DecodeError;
            // A header takes 80 bytes and its generator's, whose length is at byte 32.
            let takes = read_number(&bytes[32..40]).saturating_add(80);
            let what = match error {
                DecodeError::UnexpectedEnd { .. } => truncated(bytes, takes),
                DecodeError::LimitExceeded => "the generator length runs past any header".into(),
                DecodeError::Utf8 { .. } => "the generator is not UTF-8 text".into(),
                _ => "the generator does not decode".into(),
            };
            header(32, what)
        })?;
    let (version, generator, n, kind) = (raw.version, raw.generator.len(), raw.n, raw.kind);
    let retired = ["0 (tree)", "1 (walked pairing)"][kind.min(1) as usize];
    let free = if raw.opening_rule == 1 { " --free-opening" } else { "" };
    let retired = format!("kind {retired} is retired: re-certify with `jg certify {n}{free}`");
    // A pairing body holds each number of 1..n at most once, after the opening and the count,
    // and n_last for an interval (§3.2, §3.3), after the witnesses of a version 2 file.
    let largest = n.saturating_add(2).saturating_mul(move_width(n) as u64).saturating_add(8);
    let largest = largest.saturating_add(if version == 2 { WITNESSES_MOST } else { 0 });
    let body_len = raw.body_len;
    let too_long = format!(
        "body_len is {body_len}: a certificate of kind {kind} for n = {n} has at most {largest} \
         body bytes"
    );
    let checks = [
        (version == 0 || version > 2, 8, format!("unsupported version {version}, not 1 or 2")),
        (n == 0, 12, "n = 0: the board needs n ≥ 1".into()),
        (raw.opening_rule > 1, 20, format!("opening_rule is {}, not 0 or 1", raw.opening_rule)),
        (raw.winner > 1, 24, format!("winner is {}, not 0 (first) or 1 (second)", raw.winner)),
        (kind > 4, 28, format!("kind is {kind}, not 2, 3 or 4")),
        (kind < 2, 28, retired),
        (kind == 3 && raw.winner != 0, 24, "an interval (kind 3) claims first-player wins".into()),
        (generator > 200, 32, format!("generator is {generator} bytes long, at most 200 allowed")),
        (matches!(kind, 2 | 3) && body_len > largest, len - 40, too_long),
    ];
    if let Some((_, offset, what)) = checks.into_iter().find(|check| check.0) {
        return Err(header(offset, what));
    }
    Ok((raw, len))
}

/// The first bytes read of every input: more than any header the decoder may look at
/// (bincode's limit of 1024 bytes), so that they alone decide the header's checks.
const PREFIX: u64 = 1100;
/// Bytes a file may run on past the length its header announces and still be read, so that a
/// few trailing bytes are counted exactly in the rejection.
const SLACK: u64 = 4096;

/// Reads a certificate (or a chain certificate, spec.md §6) without ever holding more than the
/// memory bound (spec.md §4.4): first its first 1100 bytes, then, when they hold a header that
/// passes its checks, at most the length it announces and 4096 bytes more (a chain
/// certificate: up to the bound). `Ok(Err)` is the refusal of a file longer than the bound,
/// before the rest is read; the bytes returned are judged by `verify_bytes` as the whole file
/// would be.
pub fn read_bounded(
    mut input: impl Read, limits: &Limits,
) -> io::Result<Result<Vec<u8>, Rejection>> {
    let mut bytes = Vec::new();
    input.by_ref().take(PREFIX).read_to_end(&mut bytes)?;
    let most = match header(&bytes) {
        _ if crate::chain::is_chain_certificate(&bytes) => u64::MAX,
        Ok((raw, len)) => (len as u64).saturating_add(raw.body_len).saturating_add(SLACK),
        Err(_) => return Ok(Ok(bytes)),
    };
    let cap = limits.max_memory;
    let mut input = input.take(most.min(cap).saturating_add(1).saturating_sub(bytes.len() as u64));
    // In steps of 1 MiB, each reserved first, so that a machine with less memory than the
    // bound refuses the file instead of aborting.
    let what = loop {
        if bytes.try_reserve_exact(1 << 20).is_err() {
            break format!("memory limit: no memory left to read past byte {}", bytes.len());
        } else if input.by_ref().take(1 << 20).read_to_end(&mut bytes)? > 0 {
            continue;
        } else if bytes.len() as u64 <= cap {
            return Ok(Ok(bytes));
        }
        break format!("memory limit: the file has more than {cap} bytes");
    };
    Ok(Err(Rejection::Limit { bound: Bound::Memory, what, line: vec![] }))
}

/// The witness section at the start of a version 2 body (`count`, then per witness `p`, `a`,
/// `k` and `k` factors, 8 bytes each), read whole before any is checked; and its length.
fn witnesses(body: &[u8], offset: u64) -> Result<(Vec<Witness>, usize), Rejection> {
    let error = |at: usize, what: String| Rejection::Body { offset: offset + at as u64, what };
    let end = |at| error(at, "the witnesses end early".into());
    let field = |at: usize| body.get(at..at + 8).map(read_number).ok_or_else(|| end(at));
    let count = field(0)?;
    if !(1..=96).contains(&count) {
        return Err(error(0, format!("{count} witnesses: 1 to 96 allowed")));
    }
    let (mut witnesses, mut at) = (Vec::new(), 8);
    for _ in 0..count {
        let (p, a, k) = (field(at)?, field(at + 8)?, field(at + 16)?);
        if !(1..=63).contains(&k) {
            return Err(error(at + 16, format!("{k} factors of {p} − 1: 1 to 63 allowed")));
        }
        let factors = (0..k as usize).map(|i| field(at + 24 + 8 * i)).collect::<Result<_, _>>()?;
        witnesses.push(Witness { p, a, factors, offset: offset + at as u64 });
        at += 24 + 8 * k as usize;
    }
    Ok((witnesses, at))
}

/// Decodes and checks a whole file: the header (§2), the body's length and hash, a version 2
/// file's witnesses (checked here, §4.11), and the body of its kind (§3), every list of it
/// read and its maps charged to the memory bound before any check of §4.5–§4.10 starts.
pub(crate) fn decode(bytes: &[u8], limits: &Limits) -> Result<Decoded, Rejection> {
    let (header, len) = self::header(bytes)?;
    let (body, size) = (&bytes[len..], bytes.len() as u64);
    // The header announces the file's size: its own bytes and `body_len`. Past 4096 bytes
    // more, the rest is not read (`read_bounded`), so not counted.
    let total = (len as u64).saturating_add(header.body_len);
    let most = total.saturating_add(SLACK);
    let (more, shown) = if size > most { ("more than ", most) } else { ("", size) };
    let sizes = format!("the file has {more}{shown} bytes, its header announces {total}");
    if size != total {
        return Err(Rejection::Header { offset: len as u64 - 40, what: sizes });
    } else if blake3::hash(body) != header.body_blake3 {
        let what = "body BLAKE3 differs".into();
        return Err(Rejection::Header { offset: len as u64 - 32, what });
    }
    // Version 2: the prime witnesses come first (§3.5, checked here: §4.11), then the body of
    // the kind. The board for the checks starts with the work they left.
    let mut work_left = limits.max_work;
    let (primes, read) = match header.version {
        2 => {
            let (witnesses, read) = witnesses(body, len as u64)?;
            (primes::check(witnesses, &mut work_left)?, read)
        }
        _ => (Vec::new(), 0),
    };
    let (n, offset, body) = (header.n, (len + read) as u64, &body[read..]);
    let (width, first) = (move_width(n), header.winner == 0);
    let mut n_last = n;
    // The memory left once the file is held, for the decoded maps and lists: each is charged
    // to it before it is allocated (§4.4).
    let mut budget = limits.max_memory;
    charge(&mut budget, size, "the file")?;
    let (kind, strategy) = if header.kind == 4 {
        let entries = decode_entries(body, n, width, offset, &mut budget)?;
        (Kind::Openings, Body::Openings(entries, offset))
    } else if header.kind == 2 {
        let pairs = decode_pairs(body, n, width, offset, first, &mut budget)?;
        (Kind::ClosedPairing, Body::One(pairs))
    } else {
        // `n_last`, 8 bytes, then a pairing body whose numbers are all at most n (§3.3).
        let error = |what| Err(Rejection::Body { offset, what });
        let Some((last, pairs)) = body.split_first_chunk::<8>() else {
            return error("an interval body starts with n_last: 8 bytes".into());
        };
        n_last = read_number(last);
        if n_last < n {
            return error(format!("n_last is {n_last}, below n = {n}"));
        }
        let strategy = decode_pairs(pairs, n, width, offset + 8, first, &mut budget)?;
        (Kind::IntervalClosedPairing, Body::One(strategy))
    };
    let opening_rule = [OpeningRule::Even, OpeningRule::Free][header.opening_rule as usize];
    let winner = [Winner::Second, Winner::First][first as usize];
    let (blake3, winning_openings) = (*blake3::hash(bytes).as_bytes(), None);
    let verdict =
        Verdict { n, n_last, opening_rule, winner, kind, winning_openings, positions: 0, blake3 };
    // One board for the whole file, so that the work bound covers every check; an interval is
    // checked on its largest board (§4.6).
    let board = Board { n: n_last, opening_rule, work_left, primes, stop: limits.stop.clone() };
    Ok(Decoded { verdict, body: strategy, held: limits.max_memory - budget, board })
}

/// A pairing body (spec.md §3.2): the opening, then the pair list.
fn decode_pairs(
    body: &[u8], n: u64, width: usize, offset: u64, winner_first: bool, budget: &mut u64,
) -> Result<Strategy, Rejection> {
    let error = |what| Err(Rejection::Body { offset, what });
    if body.len() < 2 * width {
        return error(format!("a pairing body needs at least {} bytes", 2 * width));
    }
    let opening = read_number(&body[..width]);
    if winner_first == (opening == 0) {
        return error(format!(
            "opening is {opening}: it must be 0 exactly when the second player wins"
        ));
    }
    let partners = pair_list(&body[width..], n, width, offset + width as u64, budget)?;
    Ok(Strategy::Pairing(Pairing { opening, offset, partners }))
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
        return Err(error(0, format!("count is {count} pairs but {} bytes follow", pairs.len())));
    }
    // Two entries a pair; refused before the map is allocated if they would break the bound.
    let numbers = (pairs.len() / width) as u64;
    let bytes = numbers.saturating_mul(table_entry_bytes::<(u64, (u64, u64))>());
    charge(budget, bytes, &format!("a map of {} pairs", numbers / 2))?;
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
        return Err(Rejection::Limit { bound: Bound::Memory, what, line: vec![] });
    };
    *budget = left;
    Ok(())
}

/// Bytes charged for each entry of an openings body, before it is decoded (spec.md §4.4).
const ENTRY_BYTES: u64 = 640;

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
        // The entry's record in `entries` (three times its size: the list's buffers while it
        // doubles) and its lists' own overhead (spec.md §4.4).
        charge(budget, ENTRY_BYTES, "an entry")?;
        let (start, w) = (at + 1, width);
        // `k` (at `at`), then k numbers strictly ascending in 1..n, charged to the memory
        // budget before they are read (16 bytes a number: the list, and its copy when the
        // openings' coverage is checked); and the offset after them.
        let ascending = |at: usize, what: &str, budget: &mut u64| {
            let bytes = numbers(at + w, number(at)?)?;
            charge(budget, 16 * (bytes.len() / w) as u64, what)?;
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
                    let pairing = Pairing { opening: 0, offset: offset + list as u64, partners };
                    (Strategy::Pairing(pairing), list + slice.len())
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
                        charge(budget, 16 * (8 + path.len() / w) as u64, "a path")?;
                        let numbers = path.chunks_exact(w).map(read_number).collect();
                        paths.push((numbers, offset + (end + w) as u64));
                        end += w + path.len();
                    }
                    let offset = offset + at as u64;
                    (Strategy::Barrier(Barrier { partners, barrier, offset, paths }), end)
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
