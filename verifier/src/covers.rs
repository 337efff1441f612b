//! The theorem check (`--covers A..B`, spec.md §4.7): the claims of accepted certificates cover
//! every n of A..B and never disagree. It reads only verdicts, so it trusts nothing but the
//! checks that produced them; what it returns is the statement those verdicts prove together.

use crate::claim::{OpeningRule, Verdict, Winner};

/// An accepted certificate: a name for messages (its path), its size in bytes and its verdict.
pub struct Proved {
    pub name: String,
    pub bytes: u64,
    pub verdict: Verdict,
}

/// The statement the certificates prove for `from..=to`, or the first n that they leave
/// unproved or prove both ways (or the two files whose opening rules differ).
pub fn covers((from, to): (u64, u64), proved: &[Proved]) -> Result<String, String> {
    let rule = |p: &Proved| p.verdict.opening_rule;
    if let Some(other) = proved.iter().find(|p| rule(p) != rule(&proved[0])) {
        let (a, b) = (&proved[0].name, &other.name);
        return Err(format!("{a} and {b} use different opening rules: a theorem takes one rule"));
    }
    let mut claims: Vec<&Proved> = proved.iter().collect();
    claims.sort_by_key(|p| (p.verdict.n, p.verdict.n_last));
    // The first n of from..=to not proved yet (None once every n up to u64::MAX is), the furthest
    // n each winner's claims reach so far (with the file), and the second player's n in range.
    let mut next = Some(from);
    let mut reach: [Option<(u64, &str)>; 2] = [None, None];
    let mut second: Vec<(u64, u64)> = Vec::new();
    for p in claims {
        let (a, b, winner) = (p.verdict.n, p.verdict.n_last, p.verdict.winner);
        if let Some(n) = next.filter(|&n| n < a && n <= to) {
            return Err(format!("n={n} is proved by no file"));
        }
        let side = usize::from(winner == Winner::Second);
        if let Some((_, other)) = reach[1 - side].filter(|&(end, _)| end >= a) {
            let (first, second) = if side == 0 { (&*p.name, other) } else { (other, &*p.name) };
            return Err(format!(
                "n={a} is proved won by the first player ({first}) and by the second ({second})"
            ));
        }
        if reach[side].is_none_or(|(end, _)| b > end) {
            reach[side] = Some((b, &p.name));
        }
        next = next.and_then(|n| if b >= n { b.checked_add(1) } else { Some(n) });
        let (low, high) = (a.max(from), b.min(to));
        if winner == Winner::Second && low <= high {
            match second.last_mut() {
                Some(last) if last.1.saturating_add(1) >= low => last.1 = last.1.max(high),
                _ => second.push((low, high)),
            }
        }
    }
    if let Some(n) = next.filter(|&n| n <= to) {
        return Err(format!("n={n} is proved by no file"));
    }
    let range = |&(a, b): &(u64, u64)| match b - a {
        0 => a.to_string(),
        1 => format!("{a}, {b}"),
        _ => format!("{a}..{b}"),
    };
    let seconds: Vec<String> = second.iter().map(range).collect();
    let (list, every) = (seconds.join(", "), "the first player wins every");
    let who = match seconds.is_empty() {
        true => format!("the second player wins for no n; {every} n"),
        false => format!("the second player wins exactly for n = {list}; {every} other n"),
    };
    let free = proved.first().is_some_and(|p| rule(p) == OpeningRule::Free);
    let rule = if free { "free opening" } else { "even opening" };
    let bytes: u64 = proved.iter().map(|p| p.bytes).sum();
    Ok(format!("{who} ({rule}; {} files, {bytes} bytes)", proved.len()))
}
