//! The fast counter (docs/COUNTING.md): the complete games of 1..n counted through the *hubs*
//! 1..k, never one by one.
//!
//! A game is cut at the hubs it names: light runs (paths among the numbers above k) separated by
//! distinct hubs, `σ0 h1 σ1 … hr σr`. For a fixed hub sequence (h1 … hr) the runs only meet
//! inside the components of the light graph, so the count is a product over those components
//! of polynomials whose variables are the slots σ0 … σr (§3–4). A component's polynomial is a
//! path-following recursion over (number, piece of what is left) in the light graph, memoised;
//! the light graph is sparse, so there are few such states (§5). Exact `u128` counts, every
//! operation checked.

use super::memo::{Key, Memo, Stored};
use super::parity::{Overflow, Parity};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// Largest n: the numbers are bits of a `u64`.
pub const MAX_HUBS_N: u32 = 64;

/// Largest number of hubs: a hub sequence has up to k + 1 slots, so a polynomial has up to
/// 2^(k+1) coefficients, whose sets of slots the memo stores as bytes.
pub const MAX_HUBS: u32 = 7;

type Set = u64;

#[inline]
fn bit(k: u32) -> Set {
    1u64 << (k - 1)
}

#[inline]
fn lowest(set: Set) -> u32 {
    set.trailing_zeros() + 1
}

fn members(set: Set) -> impl Iterator<Item = u32> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let k = lowest(rest);
            rest &= rest - 1;
            k
        })
    })
}

/// Where a run may start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Entry {
    /// On the opening itself (slot 0; the opening is light).
    Opening(u32),
    /// On a light multiple of this hub, named just before.
    Hub(u32),
}

/// Where a run may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Exit {
    /// On a light multiple of this hub, named just after.
    Hub(u32),
    /// The game ends: every light neighbour named, every hub divisor among `named` hubs.
    End { named: Set },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Slot {
    entry: Entry,
    exit: Exit,
}

/// The slots still to place, and how the game ends when the last slot is not a run.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Suffix {
    slots: Vec<Slot>,
    /// The game ends on this hub: every light multiple of it must be named.
    cover: Option<u32>,
}

/// An interned suffix: its first slot, the suffix after it, and its number of slots.
#[derive(Clone, Copy, Debug)]
struct SuffixInfo {
    first: Option<Slot>,
    tail: u32,
    /// What a run of the first slot depends on once started: its exit and the tail. Suffixes
    /// that differ only in where the first run may start share their run states.
    run: u32,
    slots: u32,
    cover: Option<u32>,
}

/// One hub sequence for one opening: the products to take and which coefficients to add.
#[derive(Clone, Debug)]
struct Task {
    opening_index: usize,
    /// Number of hubs named (each counts one move).
    hubs: u32,
    /// The suffix with the last slot a run, and the one where the game ends on the last hub.
    run: u32,
    cover: Option<u32>,
    /// Slots 0..r that may be empty (bit j): slot 0 when the opening is the first hub, slot j
    /// when hubs j and j + 1 are related.
    may_be_empty: u32,
}

/// A step of the counter a test may break on purpose (the agreement test must then fail).
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// The last number's hub divisors are not required to be named.
    EndIgnoresHubDivisors,
    /// A game may end on a hub whose light multiples are not all named.
    CoverIgnored,
    /// No slot between two related hubs may be empty.
    NoEmptySlots,
}

/// Figures of one count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Hub sequences times openings: the units of parallel work.
    pub tasks: u64,
    /// Entries the memo stored, the bytes it charged, and stores refused for want of budget.
    pub entries: usize,
    pub bytes: usize,
    pub refused: u64,
}

pub struct HubCounter {
    k: u32,
    /// Light neighbours of each light number; hub divisors of each light number (as hub bits).
    nb: Vec<Set>,
    hub_div: Vec<Set>,
    /// Of each hub: its neighbours among the hubs, its light multiples.
    hub_nb: Vec<Set>,
    light_mul: Vec<Set>,
    components: Vec<Set>,
    openings: Vec<u32>,
    suffixes: Vec<SuffixInfo>,
    tasks: Vec<Task>,
    memo: Memo,
    #[cfg(test)]
    fault: Option<Fault>,
}

impl HubCounter {
    /// The counter for 1..n with hubs 1..k (k is clamped to 1..=min(n, MAX_HUBS)); the memo
    /// stores at most about `budget` bytes.
    pub fn new(n: u32, k: u32, budget: usize) -> HubCounter {
        assert!(
            (1..=MAX_HUBS_N).contains(&n),
            "the hub counter takes 1 ≤ n ≤ {MAX_HUBS_N}"
        );
        let k = k.clamp(1, n.min(MAX_HUBS));
        let size = n as usize + 1;
        let (mut nb, mut hub_div, mut hub_nb, mut light_mul) =
            (vec![0; size], vec![0; size], vec![0; size], vec![0; size]);
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a as usize) {
                let (a, b) = (a as usize, b as usize);
                if b as u32 <= k {
                    hub_nb[a] |= bit(b as u32);
                    hub_nb[b] |= bit(a as u32);
                } else if a as u32 <= k {
                    hub_div[b] |= bit(a as u32);
                    light_mul[a] |= bit(b as u32);
                } else {
                    nb[a] |= bit(b as u32);
                    nb[b] |= bit(a as u32);
                }
            }
        }
        let mut counter = HubCounter {
            k,
            nb,
            hub_div,
            hub_nb,
            light_mul,
            components: Vec::new(),
            openings: (2..=n).step_by(2).collect(),
            suffixes: Vec::new(),
            tasks: Vec::new(),
            memo: Memo::new(budget),
            #[cfg(test)]
            fault: None,
        };
        let light = (u64::MAX >> (64 - n)) & !(u64::MAX >> (64 - k));
        let mut left = light;
        while left != 0 {
            let component = counter.grow(lowest(left), left);
            left &= !component;
            counter.components.push(component);
        }
        counter.plan();
        counter
    }

    /// The hub sequences (distinct hubs, 1 among them: every game names 1, which divides
    /// every number) for every opening, and their suffixes, interned once so that threads
    /// only read them.
    fn plan(&mut self) {
        let mut sequences = Vec::new();
        fn extend(prefix: &mut Vec<u32>, k: u32, out: &mut Vec<Vec<u32>>) {
            if prefix.contains(&1) {
                out.push(prefix.clone());
            }
            for h in 1..=k {
                if !prefix.contains(&h) {
                    prefix.push(h);
                    extend(prefix, k, out);
                    prefix.pop();
                }
            }
        }
        extend(&mut Vec::new(), self.k, &mut sequences);
        let (mut interned, mut runs) = (HashMap::new(), HashMap::new());
        for (opening_index, &c0) in self.openings.clone().iter().enumerate() {
            for seq in &sequences {
                let hub_opening = c0 <= self.k;
                if hub_opening && seq[0] != c0 {
                    continue;
                }
                let r = seq.len();
                let named: Set = seq.iter().fold(0, |s, &h| s | bit(h));
                let slots: Vec<Slot> = (0..=r)
                    .map(|j| Slot {
                        entry: if j == 0 {
                            Entry::Opening(c0)
                        } else {
                            Entry::Hub(seq[j - 1])
                        },
                        exit: if j < r {
                            Exit::Hub(seq[j])
                        } else {
                            Exit::End { named }
                        },
                    })
                    .collect();
                let mut may_be_empty = hub_opening as u32;
                for j in 1..r {
                    if self.hub_nb[seq[j - 1] as usize] & bit(seq[j]) != 0 {
                        may_be_empty |= 1 << j;
                    }
                }
                let run = self.intern(
                    &mut interned,
                    &mut runs,
                    Suffix {
                        slots: slots.clone(),
                        cover: None,
                    },
                );
                // The game may end on the last hub when all its hub neighbours are named.
                let last = seq[r - 1];
                let cover = (self.hub_nb[last as usize] & !named == 0).then(|| {
                    self.intern(
                        &mut interned,
                        &mut runs,
                        Suffix {
                            slots: slots[..r].to_vec(),
                            cover: Some(last),
                        },
                    )
                });
                self.tasks.push(Task {
                    opening_index,
                    hubs: r as u32,
                    run,
                    cover,
                    may_be_empty,
                });
            }
        }
    }

    fn intern(
        &mut self,
        interned: &mut HashMap<Suffix, u32>,
        runs: &mut HashMap<(Option<Exit>, u32), u32>,
        suffix: Suffix,
    ) -> u32 {
        if let Some(&id) = interned.get(&suffix) {
            return id;
        }
        let tail = match suffix.slots.len() {
            0 => u32::MAX,
            _ => self.intern(
                interned,
                runs,
                Suffix {
                    slots: suffix.slots[1..].to_vec(),
                    cover: suffix.cover,
                },
            ),
        };
        let id = self.suffixes.len() as u32;
        let next = runs.len() as u32;
        let run = *runs
            .entry((suffix.slots.first().map(|s| s.exit), tail))
            .or_insert(next);
        self.suffixes.push(SuffixInfo {
            first: suffix.slots.first().copied(),
            tail,
            run,
            slots: suffix.slots.len() as u32,
            cover: suffix.cover,
        });
        interned.insert(suffix, id);
        id
    }

    /// The light component of `start` within `within`.
    fn grow(&self, start: u32, within: Set) -> Set {
        let mut component = bit(start);
        let mut frontier = component;
        while frontier != 0 {
            let mut next = 0;
            for v in members(frontier) {
                next |= self.nb[v as usize];
            }
            frontier = next & within & !component;
            component |= frontier;
        }
        component
    }

    fn width(&self, s: u32) -> usize {
        1 << self.suffixes[s as usize].slots
    }

    /// The polynomial of the piece `a` (connected, light) for the slots of suffix `s`: the
    /// coefficient of a set of slots counts the ways to place disjoint runs for exactly those
    /// slots in `a`, by parity of their numbers named (§4).
    fn piece(&self, s: u32, a: Set) -> Result<Stored, Overflow> {
        let key = Key {
            set: a,
            suffix: s,
            at: 0,
        };
        if let Some(p) = self.memo.get(&key) {
            return Ok(p);
        }
        let info = self.suffixes[s as usize];
        let mut out = vec![Parity::ZERO; 1 << info.slots];
        match info.first {
            None => {
                let covered = match info.cover {
                    Some(h) => a & self.light_mul[h as usize] == 0 || self.cover_ignored(),
                    None => true,
                };
                if covered {
                    out[0] = Parity::ONE;
                }
            }
            Some(slot) => {
                // The first slot is elsewhere: the rest of the slots, shifted past it.
                for (mask, c) in self.piece(info.tail, a)?.terms() {
                    out[mask << 1] = c;
                }
                // The first slot is a run in this piece, from each allowed start.
                let starts = match slot.entry {
                    Entry::Opening(c0) => a & bit(c0),
                    Entry::Hub(h) => a & self.light_mul[h as usize],
                };
                for v in members(starts) {
                    let r = self.run(s, v, a & !bit(v))?;
                    for (mask, &c) in r.iter().enumerate() {
                        let place = &mut out[(mask << 1) | 1];
                        *place = place.checked_add(c.shift())?;
                    }
                }
            }
        }
        let out = Stored::pack(&out);
        self.memo.put(key, out.clone());
        Ok(out)
    }

    /// The run of the first slot of `s` stands on `w` (named); `rest` is what is left of its
    /// piece. Returns the polynomial over the later slots of everything after: the run either
    /// stops on `w` (if it may) or goes on into one piece of `rest`, and every piece of `rest`
    /// then holds later slots (§4).
    fn run(&self, s: u32, w: u32, rest: Set) -> Result<Vec<Parity>, Overflow> {
        let info = self.suffixes[s as usize];
        let slot = info.first.expect("a run belongs to a slot");
        let near = self.nb[w as usize];
        let mut pieces: Vec<(Set, Stored)> = Vec::new();
        let mut left = rest;
        while left != 0 {
            let p = self.grow(lowest(left), left);
            left &= !p;
            pieces.push((p, self.piece(info.tail, p)?));
        }
        let width = self.width(info.tail);
        let stops = match slot.exit {
            Exit::Hub(h) => self.hub_div[w as usize] & bit(h) != 0,
            Exit::End { named } => {
                rest & near == 0
                    && (self.hub_div[w as usize] & !named == 0 || self.end_ignores_hubs())
            }
        };
        let mut out = vec![Parity::ZERO; width];
        if stops {
            out[0] = Parity::ONE;
            for (_, poly) in &pieces {
                out = multiply(&out, poly)?;
            }
        }
        for (i, (p, _)) in pieces.iter().enumerate() {
            if p & near == 0 {
                continue;
            }
            let mut term = vec![Parity::ZERO; width];
            for (mask, c) in self.enter(s, w, *p)?.terms() {
                term[mask] = c;
            }
            for (j, (_, poly)) in pieces.iter().enumerate() {
                if j != i {
                    term = multiply(&term, poly)?;
                }
            }
            for (x, y) in out.iter_mut().zip(term) {
                *x = x.checked_add(y)?;
            }
        }
        Ok(out)
    }

    /// The run of the first slot of `s` goes from `w` into the piece `b` (adjacent to `w`).
    fn enter(&self, s: u32, w: u32, b: Set) -> Result<Stored, Overflow> {
        // Keyed by the run, not the suffix: `at` ≠ 0 keeps these apart from the pieces' keys.
        let key = Key {
            set: b,
            suffix: self.suffixes[s as usize].run,
            at: w,
        };
        if let Some(p) = self.memo.get(&key) {
            return Ok(p);
        }
        let mut out = vec![Parity::ZERO; self.width(self.suffixes[s as usize].tail)];
        for y in members(self.nb[w as usize] & b) {
            for (x, c) in out.iter_mut().zip(self.run(s, y, b & !bit(y))?) {
                *x = x.checked_add(c.shift())?;
            }
        }
        let out = Stored::pack(&out);
        self.memo.put(key, out.clone());
        Ok(out)
    }

    /// The product over all light components of their polynomials for suffix `s`.
    fn product(&self, s: u32) -> Result<Vec<Parity>, Overflow> {
        let mut q = vec![Parity::ZERO; self.width(s)];
        q[0] = Parity::ONE;
        for &c in &self.components {
            q = multiply(&q, &self.piece(s, c)?)?;
        }
        Ok(q)
    }

    /// The games of one task: the coefficients of the slot sets in which every missing slot
    /// may be empty (§3), each game one move longer for each hub.
    fn task(&self, task: &Task) -> Result<Parity, Overflow> {
        let r = task.hubs;
        let mut may_be_empty = task.may_be_empty;
        if self.no_empty_slots() {
            may_be_empty &= 1;
        }
        let allowed = |mask: usize| (mask as u32 | may_be_empty) & ((1 << r) - 1) == (1 << r) - 1;
        let mut total = Parity::ZERO;
        // The last slot a run.
        for (mask, &c) in self.product(task.run)?.iter().enumerate() {
            if mask & (1 << r) != 0 && allowed(mask) {
                total = total.checked_add(c)?;
            }
        }
        // The game ends on the last hub.
        if let Some(cover) = task.cover {
            for (mask, &c) in self.product(cover)?.iter().enumerate() {
                if allowed(mask) {
                    total = total.checked_add(c)?;
                }
            }
        }
        Ok(total.shift_by(r))
    }

    /// The games of each opening 2, 4, …, by parity. `progress(done, total)` is called after
    /// each task (from any thread).
    pub fn count(
        &self,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Vec<(u32, Parity)>, Overflow> {
        let done = AtomicU64::new(0);
        let total = self.tasks.len() as u64;
        let per_task: Vec<Parity> = self
            .tasks
            .par_iter()
            .map(|task| {
                let games = self.task(task);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                games
            })
            .collect::<Result<_, _>>()?;
        let mut rows: Vec<(u32, Parity)> =
            self.openings.iter().map(|&c| (c, Parity::ZERO)).collect();
        for (task, games) in self.tasks.iter().zip(per_task) {
            let row = &mut rows[task.opening_index].1;
            *row = row.checked_add(games)?;
        }
        Ok(rows)
    }

    pub fn stats(&self) -> Stats {
        let (entries, bytes, refused) = self.memo.usage();
        Stats {
            tasks: self.tasks.len() as u64,
            entries,
            bytes,
            refused,
        }
    }

    #[cfg(test)]
    pub(crate) fn break_step(&mut self, fault: Fault) {
        self.fault = Some(fault);
    }

    #[inline]
    fn end_ignores_hubs(&self) -> bool {
        #[cfg(test)]
        return self.fault == Some(Fault::EndIgnoresHubDivisors);
        #[cfg(not(test))]
        false
    }

    #[inline]
    fn cover_ignored(&self) -> bool {
        #[cfg(test)]
        return self.fault == Some(Fault::CoverIgnored);
        #[cfg(not(test))]
        false
    }

    #[inline]
    fn no_empty_slots(&self) -> bool {
        #[cfg(test)]
        return self.fault == Some(Fault::NoEmptySlots);
        #[cfg(not(test))]
        false
    }
}

/// The product of two polynomials in nilpotent slot variables (a slot holds one run): the
/// coefficient of a set S is the sum over S = A ∪ B, A ∩ B = ∅, of a[A]·b[B].
fn multiply(a: &[Parity], b: &Stored) -> Result<Vec<Parity>, Overflow> {
    let terms: Vec<(usize, Parity)> = b.terms().collect();
    let mut out = vec![Parity::ZERO; a.len()];
    for (i, &x) in a.iter().enumerate() {
        if x == Parity::ZERO {
            continue;
        }
        for &(j, y) in &terms {
            if i & j == 0 {
                out[i | j] = out[i | j].checked_add(x.checked_mul(y)?)?;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::count::enumerate::{assert_caught, walked};
    use crate::test_support::on_threads;

    fn counted(n: u32, k: u32, fault: Option<Fault>) -> Vec<(u32, Parity)> {
        let mut counter = HubCounter::new(n, k, 64 << 20);
        if let Some(fault) = fault {
            counter.break_step(fault);
        }
        counter.count(&|_, _| {}).unwrap()
    }

    #[test]
    fn every_number_of_hubs_gives_the_walked_counts() {
        for n in 1..=20 {
            let expected = walked(n);
            // Many hubs cost many hub sequences for nothing on small boards: a few n suffice.
            for k in (1..=MAX_HUBS).filter(|&k| k < 6 || n % 5 == 0) {
                assert_eq!(counted(n, k, None), expected, "n = {n}, {k} hubs");
            }
        }
    }

    #[test]
    fn each_broken_step_makes_the_counts_disagree_with_the_walk() {
        for fault in [
            Fault::EndIgnoresHubDivisors,
            Fault::CoverIgnored,
            Fault::NoEmptySlots,
        ] {
            assert_caught(fault, |n| counted(n, 3, Some(fault)));
        }
    }

    #[test]
    fn a_table_too_small_to_store_anything_gives_the_same_counts() {
        for n in [12, 17] {
            let mut counter = HubCounter::new(n, 3, 0);
            assert_eq!(counter.count(&|_, _| {}).unwrap(), walked(n));
            let stats = counter.stats();
            assert_eq!((stats.entries, stats.bytes), (0, 0));
            assert!(stats.refused > 0);
            counter = HubCounter::new(n, 3, 1 << 30);
            counter.count(&|_, _| {}).unwrap();
            assert_eq!(counter.stats().refused, 0);
        }
    }

    #[test]
    fn the_counts_are_the_same_on_one_thread_and_on_two() {
        let on = |threads| on_threads(threads, || counted(27, 4, None));
        assert_eq!(on(1), on(2));
    }
}
