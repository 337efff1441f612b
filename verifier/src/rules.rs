//! The raw rules (spec.md, "legal"): 1 ≤ x ≤ n, x unplayed, an allowed opening or a divisor or
//! multiple of the last number. The board lists moves by trial division and multiples for any n
//! up to u64::MAX and never holds anything of size n; a number with a witnessed prime factor
//! p ≥ 2^40 (spec.md §3.5) is trial-divided only by its cofactor, below 2^24.

use crate::claim::{Bound, Limits, OpeningRule};
use crate::primes::Primes;
use crate::rejection::Rejection;
use std::sync::{atomic::AtomicBool, atomic::Ordering::Relaxed, Arc};

/// Ok when `number` (stored at `offset`) is an allowed opening on 1..n; otherwise the rule it
/// breaks.
pub(crate) fn check_opening(
    n: u64, rule: OpeningRule, number: u64, offset: u64,
) -> Result<(), Rejection> {
    let why = match () {
        _ if number == 0 || number > n => format!("{number} is not in 1..{n}"),
        _ if rule == OpeningRule::Even && number % 2 != 0 => "the opening must be even".into(),
        _ => return Ok(()),
    };
    Err(Rejection::IllegalMove { number, offset, line: vec![], why })
}

/// The board 1..n and the work its move listing may still take.
pub(crate) struct Board {
    pub n: u64,
    pub opening_rule: OpeningRule,
    /// Steps (trial divisions, multiples) that listing moves may still take.
    pub work_left: u64,
    /// The witnessed primes (spec.md §3.5, §4.11).
    pub primes: Primes,
    /// `Limits::stop`.
    pub stop: Arc<AtomicBool>,
}

impl Board {
    /// Every legal move, ascending, after `played` (at most two numbers; the last one is the
    /// last played, none before the opening). Err names the work bound it would break.
    pub fn moves(&mut self, played: &[u64]) -> Result<impl Iterator<Item = u64>, String> {
        let (n, left, last) = (self.n, self.work_left, played.last().copied().unwrap_or(0));
        // last = m·p with p a witnessed prime: p ≥ 2^40 > m, so p ∤ m and the divisors of last
        // are those of m, each also times p.
        let (mut prime, scan) = (1, self.primes.len() as u64);
        let divides = self.primes.iter_mut().find(|(p, ..)| last != 0 && last % *p == 0);
        if let Some((p, used, _)) = divides {
            (prime, *used) = (*p, true);
        }
        let m = last / prime;
        let cost = n.checked_div(last).map_or(n, |k| (m.isqrt() + scan).saturating_add(k));
        if cost > left {
            let why = if scan > 0 && prime == 1 { ", no witnessed prime divides it" } else { "" };
            let from = if last == 0 { "openings".into() } else { format!("moves from {last}") };
            let e = format!("work limit: the {from} on 1..{n} take {cost} steps, {left} left{why}");
            return Err(e);
        }
        self.work_left -= cost;
        // At most two numbers are played (0 is no number).
        let played = [played.first().copied().unwrap_or(0), last];
        let unplayed = move |x: &u64| !played.contains(x);
        // The last number is played, so neither list holds it: the divisors, all below it, come
        // before the multiples, all above it.
        // The stop flag (`Limits::stop`) is looked at every 2^22 trial divisions (about 10 ms),
        // and at the end of each listing's: raised, the listing is refused (spec.md §4.4).
        let mut divisors: Vec<u64> = (1..=m.isqrt())
            .take_while(|k| k % (1 << 22) != 0 || !self.stop.load(Relaxed))
            .filter(|divisor| m % divisor == 0)
            .flat_map(|divisor| [divisor, m / divisor])
            .flat_map(|divisor| [divisor, divisor * prime])
            .filter(&unplayed)
            .collect();
        (!self.stop.load(Relaxed)).then_some(()).ok_or("work limit: the check was stopped")?;
        divisors.sort_unstable();
        divisors.dedup();
        let step =
            if last != 0 { last } else { 1 + u64::from(self.opening_rule == OpeningRule::Even) };
        let multiples = (1..=n / step).map(move |k| k * step).filter(unplayed);
        Ok(divisors.into_iter().chain(multiples))
    }
}

/// What the checks of one file share, as varisat's checker keeps it in its `Context`: the
/// board (with the work its listings may still take), the bounds, the bytes the decoded maps
/// and lists hold, and the positions counted so far (spec.md §4.4).
pub(crate) struct Context<'a> {
    pub board: Board,
    pub limits: &'a Limits,
    pub held: u64,
    pub positions: u64,
}

impl Context<'_> {
    /// The numbers a check may still count under the position bound.
    pub fn positions_left(&self) -> u64 {
        self.limits.max_positions.saturating_sub(self.positions)
    }

    /// Ok when tables of `bytes` fit beside what is held; else the memory refusal, `what` told
    /// the bytes held then.
    pub fn fits(&self, bytes: u64, what: impl FnOnce(u64) -> String) -> Result<(), Rejection> {
        let bytes = bytes.saturating_add(self.held);
        let refused = || Rejection::Limit { bound: Bound::Memory, what: what(bytes), line: vec![] };
        (bytes <= self.limits.max_memory).then_some(()).ok_or_else(refused)
    }
}
