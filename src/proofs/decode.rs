//! Decoding an accepted certificate again for presentation (spec.md §2–3): the header's claim
//! and the body's strategy, checking only what rendering needs (the verifier checked the file
//! first; this reading is presentation, not trust). Kinds 2 (closed pairing), 3 (interval
//! closed pairing) and 4 (openings) are decoded; kinds 0 and 1 are retired.

use crate::game::{OpeningRule, Player};
use crate::proofs::certificate::OpeningEntry;

/// One prime witness of a version 2 body: `a` has order `p − 1` modulo `p`, and `factors` are
/// the prime factors of `p − 1` (with repetition, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    pub p: u64,
    pub a: u64,
    pub factors: Vec<u64>,
}

/// A little-endian unsigned number (spec.md §2: every field is little-endian).
fn number(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0, |value, &byte| value << 8 | u64::from(byte))
}

/// Reads the witness section at the start of a version 2 body (spec.md §3.5): `count`, then per
/// witness `p`, `a`, `k` and `k` factors, 8 bytes each. Returns the witnesses and the body after
/// them. Counts are capped at the format's bounds (96 witnesses, 63 factors): the verifier has
/// refused any file past them before this is called.
pub fn read_witnesses(body: &[u8]) -> Result<(Vec<Witness>, &[u8]), String> {
    let field = |at: usize| {
        body.get(at..at + 8)
            .map(number)
            .ok_or_else(|| format!("the witnesses end early at body byte {at}"))
    };
    let mut at = 8;
    let mut witnesses = Vec::new();
    for _ in 0..field(0)?.min(96) {
        let (p, a) = (field(at)?, field(at + 8)?);
        let k = usize::try_from(field(at + 16)?.min(63)).unwrap_or(63);
        let factors = (0..k)
            .map(|i| field(at + 24 + 8 * i))
            .collect::<Result<Vec<u64>, String>>()?;
        witnesses.push(Witness { p, a, factors });
        at += 24 + 8 * k;
    }
    let rest = body
        .get(at..)
        .ok_or_else(|| "the witnesses run past the body".to_string())?;
    Ok((witnesses, rest))
}

/// The certificate kinds, as numbered in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    ClosedPairing,
    IntervalClosedPairing,
    Openings,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::ClosedPairing => "closed pairing",
            Kind::IntervalClosedPairing => "interval closed pairing",
            Kind::Openings => "openings",
        }
    }
}

/// The winner's strategy as the body states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodedStrategy {
    /// The opening (first-player claims) and the canonical pairs.
    Pairing {
        opening: Option<u64>,
        pairs: Vec<(u64, u64)>,
    },
    /// An openings certificate's entries (spec.md §3.4), in the body's order.
    Openings { entries: Vec<OpeningEntry> },
}

/// A decoded certificate: the header's claim and the body's strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The smallest n claimed (the header's n).
    pub n: u64,
    /// The largest n claimed: `n` except for an interval.
    pub n_last: u64,
    pub rule: OpeningRule,
    pub winner: Player,
    pub kind: Kind,
    pub generator: String,
    pub strategy: DecodedStrategy,
}

impl Decoded {
    /// The winning openings an openings certificate names, ascending; None for a pairing.
    pub fn winning_openings(&self) -> Option<Vec<u64>> {
        match &self.strategy {
            DecodedStrategy::Openings { entries } => Some(winning_openings(entries)),
            DecodedStrategy::Pairing { .. } => None,
        }
    }
}

fn width(n: u64) -> usize {
    match n {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

/// Decodes a certificate's header and body (spec.md §2–3, kind 3 as its brief states: n_last as
/// a u64, then a pairing body). Checks only what rendering needs; the verifier checks the rest.
pub fn decode(bytes: &[u8]) -> Result<Decoded, String> {
    let field = |at: usize, len: usize| {
        bytes
            .get(at..at + len)
            .ok_or_else(|| format!("truncated at byte {at}"))
    };
    if field(0, 8)? != b"JUNIPERG" {
        return Err("not a Juniper Green certificate".into());
    }
    let n = number(field(12, 8)?);
    let rule = match number(field(20, 4)?) {
        0 => OpeningRule::Even,
        1 => OpeningRule::Free,
        other => return Err(format!("opening rule {other}")),
    };
    let winner = match number(field(24, 4)?) {
        0 => Player::First,
        1 => Player::Second,
        other => return Err(format!("winner {other}")),
    };
    let kind = match number(field(28, 4)?) {
        retired @ (0 | 1) => return Err(format!("kind {retired} is retired")),
        2 => Kind::ClosedPairing,
        3 => Kind::IntervalClosedPairing,
        4 => Kind::Openings,
        other => return Err(format!("kind {other}")),
    };
    let g = usize::try_from(number(field(32, 8)?)).map_err(|_| "generator length")?;
    if g > 200 {
        return Err("generator longer than 200 bytes".into());
    }
    let generator = String::from_utf8_lossy(field(40, g)?).into_owned();
    let body = bytes.get(80 + g..).ok_or("truncated header")?;
    // A version 2 body starts with prime witnesses (spec.md §3.5), which the verifier checked:
    // the text only needs what follows them.
    let body = match number(field(8, 4)?) {
        2 => skip_witnesses(body)?,
        _ => body,
    };
    let w = width(n);
    let (n_last, pairing) = match kind {
        Kind::IntervalClosedPairing => {
            let head = body.get(..8).ok_or("interval body shorter than 8 bytes")?;
            (number(head), &body[8..])
        }
        _ => (n, body),
    };
    if n_last < n {
        return Err(format!("n_last {n_last} < n {n}"));
    }
    let strategy = match kind {
        Kind::Openings => DecodedStrategy::Openings {
            entries: decode_entries(body, w)?,
        },
        _ => {
            let head = pairing.get(..2 * w).ok_or("pairing body too short")?;
            let opening = number(&head[..w]);
            let pairs: Vec<(u64, u64)> = pairing[2 * w..]
                .chunks_exact(2 * w)
                .map(|pair| (number(&pair[..w]), number(&pair[w..])))
                .collect();
            if number(&head[w..]) != pairs.len() as u64 {
                return Err("pair count differs from the pairs present".into());
            }
            DecodedStrategy::Pairing {
                opening: (opening != 0).then_some(opening),
                pairs,
            }
        }
    };
    Ok(Decoded {
        n,
        n_last,
        rule,
        winner,
        kind,
        generator,
        strategy,
    })
}

/// The body after its witness section (spec.md §3.5).
fn skip_witnesses(body: &[u8]) -> Result<&[u8], String> {
    read_witnesses(body).map(|(_, rest)| rest)
}

/// The prime witnesses of a version 2 file (none for version 1, or for bytes too short).
pub fn witnesses_of(bytes: &[u8]) -> Vec<Witness> {
    let g = bytes.get(32..40).map_or(0, number) as usize;
    match (bytes.get(8..12).map(number), bytes.get(80 + g.min(200)..)) {
        (Some(2), Some(body)) => read_witnesses(body).map_or(Vec::new(), |(w, _)| w),
        _ => Vec::new(),
    }
}

/// The entries of an openings body (spec.md §3.4): a one-byte tag (0, 1 or 4; the tree tags 2
/// and 3 are retired), then numbers of width `w`. Err names the byte of the body where an entry
/// does not fit, or the unknown tag.
fn decode_entries(body: &[u8], w: usize) -> Result<Vec<OpeningEntry>, String> {
    /// Reads the body from `at` on.
    struct Reader<'a> {
        body: &'a [u8],
        w: usize,
        at: usize,
    }
    impl Reader<'_> {
        /// `count` numbers of width `w`.
        fn numbers(&mut self, count: u64) -> Result<Vec<u64>, String> {
            let at = self.at;
            let len = usize::try_from(count)
                .ok()
                .and_then(|count| count.checked_mul(self.w))
                .filter(|&len| len <= self.body.len() - at)
                .ok_or_else(|| format!("an entry ends early at body byte {at}"))?;
            self.at += len;
            Ok(self.body[at..at + len]
                .chunks_exact(self.w)
                .map(number)
                .collect())
        }
        fn one(&mut self) -> Result<u64, String> {
            Ok(self.numbers(1)?[0])
        }
        /// `count`, then `count` pairs.
        fn pairs(&mut self) -> Result<Vec<(u64, u64)>, String> {
            let count = self.one()?;
            let flat = self.numbers(count.checked_mul(2).ok_or("pair count overflows")?)?;
            Ok(flat.chunks_exact(2).map(|p| (p[0], p[1])).collect())
        }
    }
    let mut r = Reader { body, w, at: 0 };
    let mut entries = Vec::new();
    while let Some(&tag) = body.get(r.at) {
        r.at += 1;
        entries.push(match tag {
            0 => OpeningEntry::WinPairing {
                opening: r.one()?,
                pairs: r.pairs()?,
            },
            1 => {
                let k = r.one()?;
                OpeningEntry::LosePairing {
                    openings: r.numbers(k)?,
                    pairs: r.pairs()?,
                }
            }
            4 => {
                let k = r.one()?;
                let losing = r.numbers(k)?;
                let pairs = r.pairs()?;
                let m = r.one()?;
                let barrier = r.numbers(m)?;
                let (mut paths, j) = (Vec::new(), r.one()?);
                for _ in 0..j {
                    let len = r.one()?;
                    paths.push(r.numbers(len)?);
                }
                OpeningEntry::Barrier {
                    losing,
                    pairs,
                    barrier,
                    paths,
                }
            }
            other => return Err(format!("entry tag {other} at body byte {}", r.at - 1)),
        });
    }
    Ok(entries)
}

/// The winning openings an openings certificate names, ascending.
pub fn winning_openings(entries: &[OpeningEntry]) -> Vec<u64> {
    let mut winning: Vec<u64> = entries.iter().flat_map(OpeningEntry::winning).collect();
    winning.sort_unstable();
    winning
}
