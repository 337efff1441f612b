//! The blocks of an openings certificate's proof (kind 4, spec.md §3.4): which entry proves
//! each opening, each closed-pairing entry's table, each matching-and-barrier entry's count, and
//! the arguments once.

use super::pairing_blocks::{closure_table, unused_pairs};
use super::render::Block;
use super::rows::{closure_rows_from, Row};
use crate::game::OpeningRule;
use crate::proofs::accept::Accepted;
use crate::proofs::certificate::OpeningEntry;
use crate::proofs::decode::winning_openings;
use crate::proofs::decode::Decoded;
use std::collections::{BTreeMap, HashSet};

/// The document for an openings certificate (kind 4): the summary of every opening, each
/// closed-pairing entry's table, each barrier entry's count, and the argument once.
pub(super) fn openings_blocks(
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
                let rows = closure_rows_from(n, d.rule, Some(*opening), None, pairs)?;
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
                let rows = closure_rows_from(n, d.rule, None, Some(openings), pairs)?;
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

fn joined(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(" ")
}
