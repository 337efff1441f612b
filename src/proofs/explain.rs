//! Certificates as proofs a person can read (`jg explain`). The verifier accepts a file first;
//! then this module decodes the body again (spec.md §2–3; decoding to render is presentation, not
//! trust), recomputes a closed pairing's closure by the raw rules with, for each number, how the
//! loser can reach it, and writes the proof as Markdown or LaTeX.
//!
//! Kinds 2 (closed pairing), 3 (interval closed pairing, docs/MATH.md §8) and 4 (openings,
//! spec.md §3.4) are decoded and rendered; kinds 0 and 1 are retired (the verifier refuses
//! them, so `jg explain` says so); which of them a file may carry is the verifier's decision.

use crate::game::{OpeningRule, Player};
use crate::proofs::certificate::OpeningEntry;
use crate::proofs::large_board::{factorisation, read_witnesses, witness_rows, Witness};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fmt::Write as _;

/// Output language of a rendered proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Latex,
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

/// What the verifier said about the file, carried into the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The verifier's position count (the closure size for closed pairings).
    pub positions: u64,
    /// BLAKE3 of the whole file, hex.
    pub blake3: String,
    /// Size of the file in bytes.
    pub bytes: usize,
    /// How the file is named in the text (e.g. `cert-117.bin`).
    pub name: String,
}

fn number(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0, |value, &byte| value << 8 | u64::from(byte))
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
    crate::proofs::large_board::read_witnesses(body).map(|(_, rest)| rest)
}

/// The prime witnesses of a version 2 file (none for version 1, or for bytes too short).
fn witnesses_of(bytes: &[u8]) -> Vec<Witness> {
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

/// The divisors and multiples of `y` in 1..=n, other than `y`, ascending (the raw rule).
/// Callers keep n / y small (see `MAX_LISTED`).
fn neighbours(n: u64, y: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut d = 1;
    while d <= y / d {
        if y.is_multiple_of(d) {
            out.push(d);
            out.push(y / d);
        }
        d += 1;
    }
    let mut m = y.saturating_mul(2);
    while m <= n {
        out.push(m);
        m = match m.checked_add(y) {
            Some(next) => next,
            None => break,
        };
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&x| x != y);
    out
}

/// Most multiples listed for one number (rendering is for tables a person reads).
const MAX_LISTED: u64 = 1 << 22;

/// How the loser can reach a number of the closure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A first move of the game (a second-player claim: any allowed opening).
    Opening,
    /// A reply to the winner's opening (first-player claims): a divisor or multiple of it.
    AfterOpening(u64),
    /// A divisor or multiple of `answer`, the winner's answer to `to`.
    After { answer: u64, to: u64 },
}

/// One row of the closure table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub loser: u64,
    pub answer: u64,
    pub reach: Reach,
}

/// The closure of a pairing (docs/MATH.md §7) on the board 1..=n, ascending, each number with
/// its answer and the first way (breadth first) the loser reaches it. Err names a number of the
/// closure with no partner, or a partner that is not a divisor or multiple.
pub fn closure(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
) -> Result<Vec<Row>, String> {
    closure_from(n, rule, opening, None, pairs)
}

/// `closure`, with the loser's first moves restricted to `only` when given (a lose-pairing entry
/// of an openings certificate, spec.md §3.4: the loser is the first player and opens with one of
/// these). `opening` and `only` are not both given.
pub fn closure_from(
    n: u64,
    rule: OpeningRule,
    opening: Option<u64>,
    only: Option<&[u64]>,
    pairs: &[(u64, u64)],
) -> Result<Vec<Row>, String> {
    let partner: HashMap<u64, u64> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let mut reach: BTreeMap<u64, Reach> = BTreeMap::new();
    let mut queue = VecDeque::new();
    let first: Vec<(u64, Reach)> = match opening {
        Some(e) if n / e > MAX_LISTED => {
            return Err(format!("the opening {e} has too many multiples"))
        }
        Some(e) => neighbours(n, e)
            .into_iter()
            .map(|x| (x, Reach::AfterOpening(e)))
            .collect(),
        None if only.is_some() => only
            .unwrap_or_default()
            .iter()
            .map(|&x| (x, Reach::Opening))
            .collect(),
        None if n > 1 << 24 => return Err(format!("n = {n}: too many openings to list")),
        None => (1..=n)
            .filter(|&x| rule.allows(x))
            .map(|x| (x, Reach::Opening))
            .collect(),
    };
    for (x, how) in first {
        reach.insert(x, how);
        queue.push_back(x);
    }
    let mut expanded = HashSet::new();
    while let Some(x) = queue.pop_front() {
        let y = *partner
            .get(&x)
            .ok_or_else(|| format!("{x} is reachable but has no partner"))?;
        if n / y > MAX_LISTED {
            return Err(format!(
                "the answer {y} has too many multiples on 1..{n} to list"
            ));
        }
        if x % y != 0 && y % x != 0 {
            return Err(format!("{y} neither divides nor is a multiple of {x}"));
        }
        if !expanded.insert(y) {
            continue;
        }
        for z in neighbours(n, y) {
            if Some(z) != opening && !reach.contains_key(&z) {
                reach.insert(z, Reach::After { answer: y, to: x });
                queue.push_back(z);
            }
        }
    }
    Ok(reach
        .into_iter()
        .map(|(loser, reach)| Row {
            loser,
            answer: partner[&loser],
            reach,
        })
        .collect())
}

/// A piece of the document, rendered the same way in both formats.
enum Block {
    Title(String),
    Heading(String),
    Para(String),
    /// A line of its own, such as `Opening: 22`.
    Line(String),
    Items(Vec<String>),
    /// Header cells, then rows; the first `usize` columns are numbers (aligned right).
    Table(Vec<String>, Vec<Vec<String>>, usize),
    Code(Vec<String>),
}

fn claim_text(d: &Decoded) -> String {
    let rule = match d.rule {
        OpeningRule::Even => "the first move must be even",
        OpeningRule::Free => "the first move may be any number (free opening)",
    };
    let board = if d.n_last > d.n {
        format!("every n with {} ≤ n ≤ {}", d.n, d.n_last)
    } else {
        format!("n = {}", d.n)
    };
    format!(
        "In Juniper Green on the numbers 1..n ({rule}; each later number divides or is a \
         multiple of the one before; a player who cannot move loses), for {board}, the {} player \
         wins.",
        d.winner.name()
    )
}

fn reach_text_for(row: &Row) -> String {
    match row.reach {
        Reach::Opening => "first move (an opening)".into(),
        Reach::AfterOpening(e) => {
            let word = if e % row.loser == 0 {
                "divisor"
            } else {
                "multiple"
            };
            format!("{word} of the opening {e}")
        }
        Reach::After { answer, to } => {
            let word = if answer % row.loser == 0 {
                "divisor"
            } else {
                "multiple"
            };
            format!("{word} of {answer}, the answer to {to}")
        }
    }
}

/// The closed-pairing table: the loser's number, the winner's answer, how the loser reaches it.
fn closure_table(rows: &[Row]) -> Block {
    let table_rows = rows
        .iter()
        .map(|row| {
            vec![
                row.loser.to_string(),
                row.answer.to_string(),
                reach_text_for(row),
            ]
        })
        .collect();
    Block::Table(
        vec![
            "loser plays".into(),
            "winner answers".into(),
            "how the loser can reach it".into(),
        ],
        table_rows,
        2,
    )
}

/// The document for an accepted certificate.
fn blocks(
    d: &Decoded,
    accepted: &Accepted,
    lemma: Option<&str>,
    witnesses: &[Witness],
) -> Result<Vec<Block>, String> {
    if let DecodedStrategy::Openings { entries } = &d.strategy {
        return openings_blocks(d, entries, accepted);
    }
    let mut out = Vec::new();
    let range = if d.n_last > d.n {
        format!("n = {}..{}", d.n, d.n_last)
    } else {
        format!("n = {}", d.n)
    };
    out.push(Block::Title(format!(
        "Juniper Green, {range}: the {} player wins",
        d.winner.name()
    )));
    out.push(Block::Para(format!("**Theorem.** {}", claim_text(d))));
    out.push(Block::Para(format!(
        "Certificate `{}`: {}, {} bytes, BLAKE3 `{}`, made by `{}`. The verifier `jg-verify` \
         accepted it ({} {}).",
        accepted.name,
        d.kind.name(),
        accepted.bytes,
        accepted.blake3,
        d.generator,
        accepted.positions,
        if accepted.positions == 1 {
            "position"
        } else {
            "positions"
        }
    )));
    if let DecodedStrategy::Pairing { opening, pairs } = &d.strategy {
        closed_blocks(d, *opening, pairs, lemma, witnesses, &mut out)?;
    }
    Ok(out)
}

fn closed_blocks(
    d: &Decoded,
    opening: Option<u64>,
    pairs: &[(u64, u64)],
    lemma: Option<&str>,
    witnesses: &[Witness],
    out: &mut Vec<Block>,
) -> Result<(), String> {
    let rows = closure(d.n_last, d.rule, opening, pairs)?;
    let (winner, loser) = match d.winner {
        Player::First => ("the first player", "the second player"),
        Player::Second => ("the second player", "the first player"),
    };
    out.push(Block::Heading("Strategy".into()));
    if let Some(e) = opening {
        // The opening once, on the line scripts read (docs/DESIGN.md, CLI contract).
        out.push(Block::Line(format!("Opening: {e}")));
        out.push(Block::Para(format!(
            "Then {winner} answers each number the loser names with its partner in the table \
             below."
        )));
    } else {
        out.push(Block::Para(format!(
            "{} opens; {winner} answers each number {loser} names (the opening included) with \
             its partner in the table below.",
            capitalise(loser)
        )));
    }
    out.push(Block::Heading("The closure".into()));
    out.push(Block::Para(format!(
        "The table lists every number {loser} can ever name against this strategy ({} numbers, \
         ascending), the answer of {winner}, and a way {loser} can reach it.",
        rows.len()
    )));
    out.push(closure_table(&rows));
    if rows.is_empty() {
        out.push(Block::Para(format!(
            "The table is empty: {loser} has no legal move at all{}, and loses at once.",
            match (opening, d.rule) {
                (Some(_), _) => " after the opening",
                (None, OpeningRule::Even) => " (no even number on the board)",
                (None, OpeningRule::Free) => "",
            }
        )));
    }
    out.extend(unused_pairs(&rows, pairs, "certificate"));
    out.extend(closedness(d, opening, &rows));
    out.push(Block::Heading("Why this is a proof".into()));
    let first = match opening {
        Some(e) => format!("every divisor and multiple of the opening {e}"),
        None => match d.rule {
            OpeningRule::Even => format!("every even number of 1..{}", d.n_last),
            OpeningRule::Free => format!("every number of 1..{}", d.n_last),
        },
    };
    let board = if d.n_last > d.n {
        format!("1..{}", d.n_last)
    } else {
        format!("1..{}", d.n)
    };
    out.push(Block::Para(match d.n_last > MAX_CLOSEDNESS {
        false => "Three facts can be checked by hand from the table:".into(),
        true => format!(
            "Three facts make the proof. The first two can be checked by hand from the table; \
             the third needs the divisors and multiples of the opening and of each answer on \
             the board, and above n = {MAX_CLOSEDNESS} the table of them is omitted (it would \
             list the board): the factorisations below give the divisors, and 2y > n leaves an \
             answer y no other multiple on the board. `jg-verify` checks all three:"
        ),
    }));
    let but_opening = opening
        .map(|e| format!(" and other than the opening {e}"))
        .unwrap_or_default();
    out.push(Block::Items(vec![
        format!("every answer divides the number it answers or is a multiple of it;"),
        format!(
            "no number is in two pairs: each row's answer is answered back with the row's number \
             when it appears in the first column, and no two rows share an answer{};",
            opening
                .map(|e| format!(", and the opening {e} is in no pair"))
                .unwrap_or_default()
        ),
        format!(
            "the first column is closed: it holds {first} (the loser's first moves), and for \
             every answer y in the second column, every divisor and multiple of y on the board \
             {board}, other than y{but_opening}."
        ),
    ]));
    out.push(Block::Para(match lemma {
        Some(cited) => format!(
            "By {cited}, {winner} wins: the three facts are its hypotheses for this pairing{}.",
            if opening.is_some() {
                " and this opening"
            } else {
                ""
            }
        ),
        None => pairing_argument(winner, loser, opening.is_some()),
    }));
    if d.n_last > MAX_CLOSEDNESS {
        out.extend(factorisation_blocks(opening, &rows, witnesses));
    }
    if d.n_last > d.n {
        let mut winner_numbers: Vec<u64> = rows.iter().map(|r| r.answer).collect();
        winner_numbers.extend(opening);
        let smallest = winner_numbers.iter().copied().min().unwrap_or(0);
        let largest = pairs
            .iter()
            .map(|&(a, b)| a.max(b))
            .chain(opening)
            .max()
            .unwrap_or(0);
        out.push(Block::Heading(
            "Why the same table proves every n of the interval".into(),
        ));
        out.push(Block::Para(format!(
            "The table was computed on the board 1..{last}. The numbers {winner} names are the \
             opening and the answers; the smallest is {smallest}, and 2 · {smallest} = {double} > \
             {last}. So none of them has a multiple other than itself on any board 1..n with \
             n ≤ {last}: their neighbours are their divisors, which do not depend on n. The \
             loser's numbers are such divisors (or, for the first move, divisors of the opening). \
             The largest number of the pairing and the opening is {largest}, and \
             {largest} ≤ {first_n}, so each of them is on every board 1..n with \
             {first_n} ≤ n ≤ {last}. Hence the first column, the answers and the \
             three facts above are the same for each such n, and the first player wins every \
             one of them.",
            last = d.n_last,
            double = 2 * smallest,
            first_n = d.n,
        )));
    }
    out.push(Block::Heading("Checking by machine".into()));
    out.push(Block::Code(vec![
        format!("jg-verify {}", "CERTIFICATE"),
        "jg explain CERTIFICATE".into(),
    ]));
    Ok(())
}

/// The closed-pairing argument (spec.md §5), written for one certificate: `winner` follows the
/// table; `opened` when the winner is the first player (the opening is named first).
pub fn pairing_argument(winner: &str, loser: &str, opened: bool) -> String {
    let turns = if opened {
        format!(
            "At each turn of {loser}, the numbers named so far are the opening and whole pairs of \
             the table, and the last number is the opening or an answer. So {loser}'s move is a \
             divisor or multiple of the opening or of an answer: it is in the first column. Its \
             answer is a divisor or multiple of it; the answer is not yet named, because the \
             named numbers other than the opening are whole pairs, the opening is in no pair, and \
             the move itself was not named, so its partner was not either."
        )
    } else {
        format!(
            "At the first turn of {loser} nothing is named yet, and its move is a first move: it \
             is in the first column. At each later turn of {loser}, the numbers named so far are \
             whole pairs of the table and the last number is an answer, so {loser}'s move is a \
             divisor or multiple of an answer: it is in the first column. Either way its answer \
             is a divisor or multiple of it, and is not yet named, because the named numbers are \
             whole pairs and the move itself was not named, so its partner was not either."
        )
    };
    format!(
        "Then {winner} always has a legal move. {turns} The game is finite and {winner} is never \
         stuck, so {loser} is the one left without a move. (This is the argument of spec.md §5 \
         for closed pairings; it uses the rules only.)"
    )
}

/// Boards up to this n get the third fact written out by `closedness` (past it the lists are
/// left to the verifier).
const MAX_CLOSEDNESS: u64 = 1 << 12;

/// The third fact of the proof (the first column is closed) written out as a table a reader
/// checks in minutes, from whichever side lists fewer numbers: the numbers outside the first
/// column, each with all its divisors and multiples on the board (none may be an answer or the
/// opening), or every answer with its divisors and multiples (all must be in the first column).
fn closedness(d: &Decoded, opening: Option<u64>, rows: &[Row]) -> Vec<Block> {
    let n = d.n_last;
    if n > MAX_CLOSEDNESS {
        return vec![];
    }
    let in_first: HashSet<u64> = rows.iter().map(|r| r.loser).collect();
    let mut answers: Vec<u64> = rows.iter().map(|r| r.answer).collect();
    answers.sort_unstable();
    answers.dedup();
    let outside: Vec<u64> = (1..=n)
        .filter(|z| !in_first.contains(z) && Some(*z) != opening)
        .collect();
    let board = format!("1..{n}");
    let but_opening = opening
        .map(|e| format!(" other than the opening {e}"))
        .unwrap_or_default();
    if outside.is_empty() {
        return vec![Block::Para(format!(
            "Every number of {board}{but_opening} is in the first column, so the third fact \
             holds trivially."
        ))];
    }
    let near = |z: u64| -> Vec<u64> {
        neighbours(n, z)
            .into_iter()
            .filter(|&x| Some(x) != opening || !answers.contains(&z))
            .collect()
    };
    let cost_outside: usize = outside.iter().map(|&z| neighbours(n, z).len()).sum();
    let cost_answers: usize = answers.iter().map(|&y| neighbours(n, y).len()).sum();
    let table = |numbers: &[u64], first: String, skip_opening: bool| {
        let rows = numbers
            .iter()
            .map(|&z| {
                let listed: Vec<String> = if skip_opening {
                    near(z)
                } else {
                    neighbours(n, z)
                }
                .into_iter()
                .map(|x| x.to_string())
                .collect();
                vec![
                    z.to_string(),
                    if listed.is_empty() {
                        "none".into()
                    } else {
                        listed.join(", ")
                    },
                ]
            })
            .collect();
        Block::Table(
            vec![first, format!("its divisors and multiples on {board}")],
            rows,
            1,
        )
    };
    let mut named = answers.clone();
    named.extend(opening);
    named.sort_unstable();
    named.dedup();
    if cost_outside <= cost_answers {
        // The shorter of the two lists a reader compares against.
        let others: Vec<u64> = (1..=n)
            .filter(|x| answers.binary_search(x).is_err() && Some(*x) != opening)
            .collect();
        let against = if answers.is_empty() && opening.is_none() {
            "there is no answer to compare with".to_string()
        } else if answers.len() <= others.len() {
            format!(
                "no listed number is {}an answer (the second column: {})",
                opening
                    .map(|e| format!("the opening {e} or "))
                    .unwrap_or_default(),
                joined_list(&answers)
            )
        } else {
            format!(
                "every listed number is one of the {} numbers that are {}: {}",
                others.len(),
                if opening.is_some() {
                    "neither an answer nor the opening"
                } else {
                    "not answers"
                },
                joined_list(&others)
            )
        };
        let why = match (opening, d.rule) {
            (None, OpeningRule::Even) => {
                format!("the number is odd (not a first move), and {against}")
            }
            _ => against,
        };
        vec![
            Block::Para(format!(
                "That the first column is closed (the third fact below), checked from outside: the numbers of {board} that are not in \
                 the first column{}, each with all its divisors and multiples on the board. In \
                 every row {why}. So neither a first move nor a neighbour of an answer is \
                 outside the first column.",
                if opening.is_some() {
                    " (the opening left out)"
                } else {
                    ""
                }
            )),
            table(&outside, format!("not in the first column ({})", outside.len()), false),
        ]
    } else {
        vec![
            Block::Para(format!(
                "That the first column is closed (the third fact below), written out: every answer with all its divisors and multiples \
                 on {board}{}; each listed number is in the first column{}.",
                if opening.is_some() {
                    ", and the opening with its own"
                } else {
                    ""
                },
                opening
                    .map(|e| format!(" (the opening {e} is left out of the answers' lists)"))
                    .unwrap_or_default()
            )),
            table(&named, "answer or opening".into(), true),
        ]
    }
}

fn joined_list(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(", ")
}

/// The winning openings an openings certificate names, ascending.
pub fn winning_openings(entries: &[OpeningEntry]) -> Vec<u64> {
    let mut winning: Vec<u64> = entries.iter().flat_map(OpeningEntry::winning).collect();
    winning.sort_unstable();
    winning
}

fn joined(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(" ")
}

/// The document for an openings certificate (kind 4): the summary of every opening, each
/// closed-pairing entry's table, each barrier entry's count, and the argument once.
fn openings_blocks(
    d: &Decoded,
    entries: &[OpeningEntry],
    accepted: &Accepted,
) -> Result<Vec<Block>, String> {
    let n = d.n;
    let winning = winning_openings(entries);
    let entry_count = match entries.len() {
        1 => "1 entry".to_string(),
        count => format!("{count} entries"),
    };
    let mut out = Vec::new();
    let (title, statement) = if winning.is_empty() {
        (
            "no opening wins: the second player wins".to_string(),
            "no opening wins: whatever the first player opens with, the second player wins"
                .to_string(),
        )
    } else {
        let list = joined(&winning);
        (
            format!("the winning openings are exactly {list}"),
            format!(
                "the winning openings are exactly {list}: the first player wins by opening with \
                 any of them and loses after any other opening"
            ),
        )
    };
    out.push(Block::Title(format!("Juniper Green, n = {n}: {title}")));
    let (rule, allowed) = match d.rule {
        OpeningRule::Even => (
            "the first move must be even",
            format!("the even numbers of 1..{n}"),
        ),
        OpeningRule::Free => (
            "free opening: the first move may be any number",
            format!("every number of 1..{n}"),
        ),
    };
    out.push(Block::Para(format!(
        "**Theorem.** In Juniper Green on the numbers 1..{n} ({rule}; each later number divides \
         or is a multiple of the one before; a player who cannot move loses), {statement}."
    )));
    out.push(Block::Para(format!(
        "Certificate `{}`: {}, {}, {} bytes, BLAKE3 `{}`, made by `{}`. The verifier \
         `jg-verify` accepted it ({} positions in all entries).",
        accepted.name,
        d.kind.name(),
        entry_count,
        accepted.bytes,
        accepted.blake3,
        d.generator,
        accepted.positions
    )));
    // Which entry proves each opening, and how.
    let mut proved: BTreeMap<u64, (usize, bool, &str)> = BTreeMap::new();
    for (k, entry) in entries.iter().enumerate() {
        let how = match entry {
            OpeningEntry::WinPairing { .. } | OpeningEntry::LosePairing { .. } => "closed pairing",
            OpeningEntry::Barrier { .. } => "matching and barrier",
        };
        for (opening, wins) in entry.proves() {
            if proved.insert(opening, (k + 1, wins, how)).is_some() {
                return Err(format!("the opening {opening} is named twice"));
            }
        }
    }
    if n > 1 << 20 {
        return Err(format!("n = {n}: too many openings to list"));
    }
    let allowed_openings: Vec<u64> = (1..=n).filter(|&x| d.rule.allows(x)).collect();
    if proved.keys().ne(allowed_openings.iter()) {
        return Err("the entries do not name every allowed opening exactly once".into());
    }
    out.push(Block::Heading("Summary".into()));
    out.push(Block::Para(format!(
        "Every allowed opening ({allowed}) is named by exactly one entry of the certificate, \
         which proves that it wins or that it loses:"
    )));
    let rows = proved
        .iter()
        .map(|(opening, &(k, wins, how))| {
            vec![
                opening.to_string(),
                if wins { "wins" } else { "loses" }.to_string(),
                format!("{how} (entry {k})"),
            ]
        })
        .collect();
    out.push(Block::Table(
        vec!["opening".into(), "result".into(), "proved by".into()],
        rows,
        1,
    ));
    let mut barriers = false;
    for (k, entry) in entries.iter().enumerate() {
        let k = k + 1;
        match entry {
            OpeningEntry::WinPairing { opening, pairs } => {
                out.push(Block::Heading(format!(
                    "Entry {k}: the opening {opening} wins (closed pairing)"
                )));
                out.push(Block::Para(format!(
                    "The first player opens with {opening}, then answers each number the second \
                     player names with its partner in the table. The table lists every number \
                     the second player can ever name against this strategy, ascending."
                )));
                let rows = closure_from(n, d.rule, Some(*opening), None, pairs)?;
                pairing_entry_blocks(&rows, pairs, &mut out);
            }
            OpeningEntry::LosePairing { openings, pairs } => {
                let (list, each) = match openings.as_slice() {
                    [one] => (format!("the opening {one} loses"), "opens with it"),
                    _ => (
                        format!("the openings {} lose", joined(openings)),
                        "opens with any of them",
                    ),
                };
                out.push(Block::Heading(format!(
                    "Entry {k}: {list} (closed pairing)"
                )));
                out.push(Block::Para(format!(
                    "Here the loser is the first player, who {each}; the second player answers \
                     each number the first player names, the opening included, with its partner \
                     in the table. The table lists every number the first player can ever name \
                     against this strategy, ascending."
                )));
                let rows = closure_from(n, d.rule, None, Some(openings), pairs)?;
                pairing_entry_blocks(&rows, pairs, &mut out);
            }
            OpeningEntry::Barrier {
                losing,
                pairs,
                barrier,
                paths,
            } => {
                barriers = true;
                out.push(Block::Heading(format!(
                    "Entry {k}: {} (matching and barrier)",
                    barrier_title(losing, paths)
                )));
                out.extend(barrier_blocks(n, (losing, paths), pairs, barrier)?);
            }
        }
    }
    out.push(Block::Heading("Why this is a proof".into()));
    out.push(Block::Para(
        "Each entry proves its openings on its own, and the summary shows that every allowed \
         opening is named by exactly one entry: each is proven to win or to lose, never both, so \
         the winning openings are exactly those of the theorem."
            .into(),
    ));
    if entries.iter().any(|e| {
        matches!(
            e,
            OpeningEntry::WinPairing { .. } | OpeningEntry::LosePairing { .. }
        )
    }) {
        out.push(Block::Para(
            "In an entry with a table, call **winner** the player who answers with partners (the \
             first player in an entry whose opening wins, the second in an entry whose openings \
             lose) and **loser** the other. Three facts can be checked by hand from each table:"
                .into(),
        ));
        out.push(Block::Items(vec![
            "every answer divides the number it answers or is a multiple of it;".into(),
            "no number is in two pairs: each row's answer is answered back with the row's number \
             when it appears in the first column, and no two rows share an answer; in an entry \
             whose opening wins, the opening is in no pair;"
                .into(),
            format!(
                "the first column is closed: it holds the loser's first moves (every divisor and \
                 multiple of the opening, when the opening wins; the entry's openings, the only \
                 first moves the entry considers, when they lose), and for every answer y in the \
                 second column, every divisor and multiple of y on the board 1..{n}, other than y \
                 (and other than the opening, when it wins)."
            ),
        ]));
        out.push(Block::Para(
            "Then the winner always has a legal move. At each turn of the loser, the numbers \
             named so far are (when the opening wins) the opening and whole pairs of the table, \
             and the last number is the opening or an answer; when the openings lose, the loser's \
             first move is one of them, and after it the named numbers are whole pairs and the \
             last one is an answer. So the loser's move is a first move or a divisor or multiple \
             of an answer: it is in the first column. Its answer is a divisor or multiple of it; \
             the answer is not yet named, because the named numbers (a winning opening aside) \
             are whole pairs and the move itself was not named, so its pair was not either. The \
             game is finite and the winner is never stuck, so the loser is the one left without a \
             move: an entry whose opening wins proves it wins, and an entry whose openings lose \
             proves that each of them loses. (This is the argument of spec.md §5 for closed \
             pairings, with the first moves restricted as in its paragraph on openings; it uses \
             the rules only.)"
                .into(),
        ));
    }
    if barriers {
        out.push(Block::Para(BARRIER_ARGUMENT.into()));
    }
    out.push(Block::Heading("Size".into()));
    out.push(Block::Items(vec![
        format!("{} bytes;", accepted.bytes),
        format!("{entry_count};"),
        format!(
            "{} positions checked by the verifier, in all entries.",
            accepted.positions
        ),
    ]));
    out.push(Block::Heading("Checking by machine".into()));
    out.push(Block::Code(vec![
        "jg-verify CERTIFICATE".into(),
        "jg explain CERTIFICATE".into(),
    ]));
    Ok(out)
}

/// Why a matching and barrier entry proves its openings lose (spec.md §5, in words).
const BARRIER_ARGUMENT: &str = "In an entry with a matching M and a barrier S: every matching of \
the board has at most (n + |S| − odd)/2 pairs, where odd counts the components of odd size left \
when S is removed, because each such component has a number matched outside it (into S, at most \
|S| of them) or not matched at all. M reaches that bound, so it is a maximum matching. Take an \
opening v of the entry. Without v, the bound drops by one: if v is in S, remove S without v from \
the board without v, which leaves the same components; if v lies in a component of even size, \
that component without v has an odd number of numbers, so it holds a component of odd size. So \
no matching avoiding v has as many pairs as M. The second player answers every number with its \
partner in M. The partner exists: if the first player named a number x with no partner, the \
numbers v, M(v), …, x named so far would form a path along which swapping the pairs of M gives a \
matching as large as M that avoids v, which is impossible. The partner is legal (the pairs are \
divisor and multiple) and not yet named (the named numbers are whole pairs, and x was not named). \
The game is finite, so the first player is the one left without a move: each opening loses. \
For a winning opening v, the entry gives a path from a number that M leaves unpaired to v, \
alternating a move and a pair of M; swapping the pairs of M along the path for its moves gives \
a matching M' as large as M, so maximum, that leaves v unpaired. The first player opens with v \
and answers every number with its partner in M'. The partner exists: otherwise the numbers named \
so far, from v to the unpaired number x, would form a path along which swapping gives a matching \
larger than M'. It is legal and not yet named, as above, and v is in no pair of M'. So the \
second player is the one left without a move: each such opening wins.";

/// "the openings 4 6 lose, the openings 8 10 win" for a matching-and-barrier entry.
fn barrier_title(losing: &[u64], paths: &[Vec<u64>]) -> String {
    let won: Vec<u64> = paths
        .iter()
        .filter_map(|path| path.last().copied())
        .collect();
    let part = |list: &[u64], one: &str, many: &str| match list {
        [] => None,
        [v] => Some(format!("the opening {v} {one}")),
        _ => Some(format!("the openings {} {many}", joined(list))),
    };
    let parts = [part(losing, "loses", "lose"), part(&won, "wins", "win")];
    parts.into_iter().flatten().collect::<Vec<_>>().join(", ")
}

/// The matching, the barrier and the components of an entry with a barrier (tag 4), so that a
/// reader can redo the count.
fn barrier_blocks(
    n: u64,
    (openings, paths): (&[u64], &[Vec<u64>]),
    pairs: &[(u64, u64)],
    barrier: &[u64],
) -> Result<Vec<Block>, String> {
    let in_barrier: HashSet<u64> = barrier.iter().copied().collect();
    // The components of the board without S, each ascending, by their smallest number.
    let mut component_of = vec![usize::MAX; n as usize + 1];
    let mut components: Vec<Vec<u64>> = Vec::new();
    for start in 1..=n {
        if in_barrier.contains(&start) || component_of[start as usize] != usize::MAX {
            continue;
        }
        let mut members = vec![start];
        component_of[start as usize] = components.len();
        let mut next = 0;
        while let Some(&x) = members.get(next) {
            next += 1;
            let divisors = (1..x).filter(|d| x % d == 0);
            for y in divisors.chain((2..=n / x).map(|k| k * x)) {
                if !in_barrier.contains(&y) && component_of[y as usize] == usize::MAX {
                    component_of[y as usize] = components.len();
                    members.push(y);
                }
            }
        }
        members.sort_unstable();
        components.push(members);
    }
    let odd = components.iter().filter(|c| c.len() % 2 == 1).count() as u64;
    let bound = n + barrier.len() as u64 - odd;
    if bound != 2 * pairs.len() as u64 {
        return Err(format!(
            "the barrier gives the bound {bound}/2, the matching has {} pairs",
            pairs.len()
        ));
    }
    let mut out = vec![Block::Para(format!(
        "The second player answers each number the first player names with its partner in the \
         matching M ({} pairs). Removing the barrier S ({} numbers) from the board 1..{n} leaves \
         {} components, {odd} of them of odd size, so no matching has more than ({n} + {} − \
         {odd})/2 = {} pairs: M is maximum.",
        pairs.len(),
        barrier.len(),
        components.len(),
        barrier.len(),
        pairs.len()
    ))];
    let where_each: Vec<String> = openings
        .iter()
        .map(|&v| match component_of.get(v as usize) {
            Some(&c) if c < components.len() => {
                format!("{v}: in a component of {} numbers", components[c].len())
            }
            _ => format!("{v}: in S"),
        })
        .collect();
    if !openings.is_empty() {
        out.push(Block::Para(format!(
            "Each losing opening of the entry is in S or in a component of even size: {}.",
            where_each.join("; ")
        )));
    }
    if !paths.is_empty() {
        let listed: Vec<String> = paths.iter().map(|path| joined(path)).collect();
        out.push(Block::Para(format!(
            "Each winning opening ends a path that starts at a number M leaves unpaired and \
             alternates a move and a pair of M; swapping the pairs along it gives a maximum \
             matching that leaves the opening unpaired, which the first player answers with: {}.",
            listed.join("; ")
        )));
    }
    let listed: Vec<String> = pairs.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    out.push(Block::Items(vec![
        format!("M: {};", listed.join(", ")),
        format!("S: {};", joined(barrier)),
        format!(
            "components of the board without S: {}.",
            components
                .iter()
                .map(|c| format!("{{{}}}", joined(c)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ]));
    Ok(out)
}

/// An entry's closure table and the pairs it never uses.
fn pairing_entry_blocks(rows: &[Row], pairs: &[(u64, u64)], out: &mut Vec<Block>) {
    out.push(closure_table(rows));
    if rows.is_empty() {
        out.push(Block::Para(
            "The table is empty: the loser has no legal move after the opening, and loses at once."
                .into(),
        ));
    }
    out.extend(unused_pairs(rows, pairs, "entry"));
}

/// A paragraph naming the pairs of `holder` (the certificate, or an entry) that no row of the
/// closure uses, if there are any.
fn unused_pairs(rows: &[Row], pairs: &[(u64, u64)], holder: &str) -> Option<Block> {
    let in_table: HashSet<u64> = rows.iter().map(|r| r.loser).collect();
    let unused: Vec<String> = pairs
        .iter()
        .filter(|(a, b)| !in_table.contains(a) && !in_table.contains(b))
        .map(|(a, b)| format!("({a}, {b})"))
        .collect();
    (!unused.is_empty()).then(|| {
        let list = unused.join(", ");
        Block::Para(format!(
            "The {holder} also holds pairs the loser can never enter: {list}."
        ))
    })
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// Renders an accepted certificate. `accepted` carries what the verifier reported; call this
/// only after `jg_verify` accepted the same bytes (see `explain_bytes`).
pub fn render(d: &Decoded, accepted: &Accepted, format: Format) -> Result<String, String> {
    render_citing(d, accepted, format, None)
}

/// `render`, with the closed-pairing argument replaced by a citation of `lemma` (Markdown text
/// naming a lemma that states it once, as docs/THEOREM.md does).
pub fn render_citing(
    d: &Decoded,
    accepted: &Accepted,
    format: Format,
    lemma: Option<&str>,
) -> Result<String, String> {
    render_blocks(blocks(d, accepted, lemma, &[])?, accepted, format)
}

fn render_blocks(
    blocks: Vec<Block>,
    accepted: &Accepted,
    format: Format,
) -> Result<String, String> {
    Ok(match format {
        Format::Markdown => markdown(&blocks, &accepted.name),
        Format::Latex => latex(&blocks, &accepted.name),
    })
}

/// Verifies `bytes` with the verifier crate, then decodes and renders them. Err is the line to
/// print: `invalid: <the verifier's reason>` for a rejected file.
pub fn explain_bytes(bytes: &[u8], name: &str, format: Format) -> Result<String, String> {
    let verdict = jg_verify::verify_bytes(bytes, &jg_verify::Limits::default())
        .map_err(|rejection| format!("invalid: {rejection}"))?;
    let decoded = decode(bytes)?;
    let winner = Player::winner(verdict.winner == jg_verify::Winner::First);
    // The document restates the verifier's claim: the two readings of the header must agree.
    if (verdict.n, verdict.n_last) != (decoded.n, decoded.n_last) || winner != decoded.winner {
        return Err("the verifier's claim and the decoded header differ".into());
    }
    // For an openings certificate, the verifier's winning openings must be the decoded ones.
    let decoded_winning = match &decoded.strategy {
        DecodedStrategy::Openings { entries } => Some(winning_openings(entries)),
        _ => None,
    };
    if verdict.winning_openings != decoded_winning {
        return Err("the verifier's winning openings and the decoded entries differ".into());
    }
    let accepted = Accepted {
        positions: verdict.positions,
        blake3: verdict.blake3_hex(),
        bytes: bytes.len(),
        name: name.to_string(),
    };
    let witnesses = witnesses_of(bytes);
    render_blocks(
        blocks(&decoded, &accepted, None, &witnesses)?,
        &accepted,
        format,
    )
}

/// For a board past the divisor table (`MAX_CLOSEDNESS`): the factorisation of the opening and
/// of each answer, and the prime witnesses of a version 2 file that prove the large primes.
fn factorisation_blocks(opening: Option<u64>, rows: &[Row], witnesses: &[Witness]) -> Vec<Block> {
    let primes: Vec<u64> = witnesses.iter().map(|w| w.p).collect();
    let mut numbers: Vec<u64> = rows.iter().map(|r| r.answer).chain(opening).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut out = vec![
        Block::Heading("Factorisations".into()),
        Block::Para(
            "The loser's moves are the divisors of the opening and of the answers (and their \
             multiples on the board, which exist only for a number y with 2y ≤ n). Their prime \
             factorisations:"
                .into(),
        ),
        Block::Table(
            vec!["number".into(), "prime factorisation".into()],
            numbers
                .iter()
                .map(|&x| vec![x.to_string(), factorisation(x, &primes)])
                .collect(),
            1,
        ),
    ];
    if !witnesses.is_empty() {
        out.push(Block::Heading("Prime witnesses".into()));
        out.push(Block::Para(format!(
            "This is a version 2 file: it carries {} (spec.md §3.5), one for each prime p ≥ 2^40 \
             whose divisors the check lists (and for such factors of p − 1). Each is a Pratt \
             certificate: a number a of order p − 1 modulo p (a^(p−1) ≡ 1, and a^((p−1)/q) ≢ 1 \
             for each prime q of p − 1), with the factorisation of p − 1; it proves p prime. \
             The verifier checked them before anything else, and the primes of the \
             factorisations above rest on them.",
            if witnesses.len() == 1 {
                "1 prime witness".to_string()
            } else {
                format!("{} prime witnesses", witnesses.len())
            }
        )));
        out.push(Block::Table(
            vec!["p".into(), "a".into(), "p − 1".into()],
            witness_rows(witnesses),
            2,
        ));
    }
    out
}

fn markdown(blocks: &[Block], name: &str) -> String {
    let mut s = String::new();
    for block in blocks {
        match block {
            Block::Title(t) => {
                let _ = writeln!(s, "# {t}\n");
            }
            Block::Heading(t) => {
                let _ = writeln!(s, "## {t}\n");
            }
            Block::Para(t) => {
                let _ = writeln!(s, "{t}\n");
            }
            Block::Line(t) => {
                let _ = writeln!(s, "{t}\n");
            }
            Block::Items(items) => {
                for item in items {
                    let _ = writeln!(s, "- {item}");
                }
                s.push('\n');
            }
            Block::Table(header, rows, numeric) => {
                let _ = writeln!(s, "| {} |", header.join(" | "));
                let align: Vec<&str> = (0..header.len())
                    .map(|i| if i < *numeric { "---:" } else { "---" })
                    .collect();
                let _ = writeln!(s, "|{}|", align.join("|"));
                for row in rows {
                    let _ = writeln!(s, "| {} |", row.join(" | "));
                }
                s.push('\n');
            }
            Block::Code(lines) => {
                let _ = writeln!(s, "```sh");
                for line in lines {
                    let _ = writeln!(s, "{}", line.replace("CERTIFICATE", name));
                }
                let _ = writeln!(s, "```\n");
            }
        }
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

/// Escapes text for LaTeX: special characters, then the few Unicode signs the text uses.
/// `code` spans (between backticks) become \texttt and **bold** becomes \textbf.
pub fn tex_escape(text: &str) -> String {
    let mut out = String::new();
    let mut code = false;
    let mut bold = false;
    let mut in_code = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if code && c != '`' {
            // Long hashes in code spans may break every 16 characters.
            in_code += 1;
            if in_code % 16 == 0 {
                out.push_str("\\allowbreak{}");
            }
        }
        match c {
            '`' => {
                out.push_str(if code { "}" } else { "\\texttt{" });
                code = !code;
                in_code = 0;
            }
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                out.push_str(if bold { "}" } else { "\\textbf{" });
                bold = !bold;
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '·' => out.push_str("$\\cdot$"),
            '×' => out.push_str("$\\times$"),
            '−' => out.push_str("$-$"),
            '→' => out.push_str("$\\to$"),
            '§' => out.push_str("\\S{}"),
            '…' => out.push_str("\\ldots{}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            _ => out.push(c),
        }
    }
    if code || bold {
        out.push('}');
    }
    out
}

fn latex(blocks: &[Block], name: &str) -> String {
    let mut s = String::from(
        "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage{longtable}\n\
         \\begin{document}\n",
    );
    for block in blocks {
        match block {
            Block::Title(t) => {
                let _ = writeln!(s, "\\section*{{{}}}\n", tex_escape(t));
            }
            Block::Heading(t) => {
                let _ = writeln!(s, "\\subsection*{{{}}}\n", tex_escape(t));
            }
            Block::Para(t) => {
                let _ = writeln!(s, "{}\n", tex_escape(t));
            }
            Block::Line(t) => {
                let _ = writeln!(s, "\\noindent {}\n", tex_escape(t));
            }
            Block::Items(items) => {
                s.push_str("\\begin{itemize}\n");
                for item in items {
                    let _ = writeln!(s, "\\item {}", tex_escape(item));
                }
                s.push_str("\\end{itemize}\n\n");
            }
            Block::Table(header, rows, numeric) => {
                let spec: String = (0..header.len())
                    .map(|i| if i < *numeric { 'r' } else { 'l' })
                    .collect();
                let _ = writeln!(s, "\\begin{{longtable}}{{{spec}}}");
                let cells: Vec<String> = header.iter().map(|h| tex_escape(h)).collect();
                let _ = writeln!(s, "{} \\\\\n\\hline\n\\endhead", cells.join(" & "));
                for row in rows {
                    let cells: Vec<String> = row.iter().map(|c| tex_escape(c)).collect();
                    let _ = writeln!(s, "{} \\\\", cells.join(" & "));
                }
                s.push_str("\\end{longtable}\n\n");
            }
            Block::Code(lines) => {
                s.push_str("\\begin{verbatim}\n");
                for line in lines {
                    let _ = writeln!(s, "{}", line.replace("CERTIFICATE", name));
                }
                s.push_str("\\end{verbatim}\n\n");
            }
        }
    }
    s.push_str("\\end{document}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_divisors_and_multiples() {
        assert_eq!(neighbours(12, 6), vec![1, 2, 3, 12]);
        assert_eq!(neighbours(10, 7), vec![1]);
        assert_eq!(neighbours(10, 1), (2..=10).collect::<Vec<_>>());
    }

    /// An openings certificate for n = 8 with every tag (0, 1 and 4), encoded by the solver's
    /// encoder: 2 wins by a closed pairing, 6 loses by one, and 4 and 8 win by alternating
    /// paths from 2 (M leaves 2 and 7 unpaired; S = {1, 6} leaves {2, 4, 8}, {3}, {5}, {7}).
    fn every_tag() -> (Vec<OpeningEntry>, Vec<u8>) {
        use crate::proofs::certificate::{Body, Certificate};
        let entries = vec![
            OpeningEntry::WinPairing {
                opening: 2,
                pairs: vec![(1, 7), (3, 6), (4, 8)],
            },
            OpeningEntry::Barrier {
                losing: vec![],
                pairs: vec![(1, 5), (3, 6), (4, 8)],
                barrier: vec![1, 6],
                paths: vec![vec![2, 8, 4], vec![2, 4, 8]],
            },
            OpeningEntry::LosePairing {
                openings: vec![6],
                pairs: vec![(1, 5), (3, 6)],
            },
        ];
        let certificate = Certificate {
            n: 8,
            opening_rule: OpeningRule::Even,
            winner: Player::First,
            generator: "test".into(),
            body: Body::Openings {
                entries: entries.clone(),
            },
        };
        (entries, certificate.to_bytes().unwrap())
    }

    #[test]
    fn an_openings_body_decodes_to_the_entries_encoded() {
        let (entries, bytes) = every_tag();
        let decoded = decode(&bytes).unwrap();
        assert_eq!(decoded.kind, Kind::Openings);
        assert_eq!(
            decoded.strategy,
            DecodedStrategy::Openings {
                entries: entries.clone()
            }
        );
        // Cut anywhere in the body: the entries before the cut, or an entry ends early.
        for len in 80 + "test".len()..bytes.len() {
            match decode(&bytes[..len]).map(|d| d.strategy) {
                Ok(DecodedStrategy::Openings { entries: before }) => {
                    assert!(before.len() < entries.len(), "cut at {len}");
                    assert_eq!(before[..], entries[..before.len()], "cut at {len}");
                }
                Ok(other) => panic!("cut at {len}: {other:?}"),
                Err(reason) => assert!(reason.contains("ends early"), "{reason}"),
            }
        }
    }

    #[test]
    fn the_retired_tree_tags_are_refused() {
        // Tags 2 and 3 (win and lose trees) are no longer entries: the tag byte of the first
        // entry set to either is reported as an unknown tag, like 7.
        let (_, bytes) = every_tag();
        let body = 80 + "test".len();
        assert_eq!(bytes[body], 0, "the first entry is the win pairing");
        for tag in [2, 3, 7] {
            let mut retagged = bytes.clone();
            retagged[body] = tag;
            let reason = decode(&retagged).map(|d| d.strategy).unwrap_err();
            assert_eq!(reason, format!("entry tag {tag} at body byte 0"));
        }
    }

    #[test]
    fn barrier_entries_are_named_with_their_count_beside_the_pairing_tables() {
        let (_, bytes) = every_tag();
        let decoded = decode(&bytes).unwrap();
        let accepted = Accepted {
            positions: 0,
            blake3: String::new(),
            bytes: bytes.len(),
            name: "t.bin".into(),
        };
        let md = render(&decoded, &accepted, Format::Markdown).unwrap();
        assert!(md.contains("winning openings are exactly 2 4 8"), "{md}");
        for row in [
            "| 2 | wins | closed pairing (entry 1) |",
            "| 4 | wins | matching and barrier (entry 2) |",
            "| 6 | loses | closed pairing (entry 3) |",
            "| 8 | wins | matching and barrier (entry 2) |",
        ] {
            assert!(md.contains(row), "{row}\n{md}");
        }
        assert!(
            md.contains("## Entry 2: the openings 4 8 win (matching and barrier)"),
            "{md}"
        );
        assert!(md.contains("(8 + 2 − 4)/2 = 3 pairs"), "{md}");
        assert!(md.contains("- S: 1 6;"), "{md}");
        assert!(!md.contains("tree"), "no tree entry is left to name: {md}");
        assert_eq!(md.matches("| loser plays | winner answers |").count(), 2);
        assert!(!md.contains("Opening: "));
        // The same bytes give the same document.
        assert_eq!(md, render(&decoded, &accepted, Format::Markdown).unwrap());
    }
}
