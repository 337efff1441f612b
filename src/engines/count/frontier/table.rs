//! The table a layer of the frontier counter is built in: the states after a vertex and the
//! ways into each, summed as the successors of the layer before arrive. Open addressing with
//! linear probing over one array of (state, count) pairs, 24 bytes a slot with 64-bit counts
//! (48 with 128-bit ones, aligned) and nothing else (no control bytes, no pointers); a batch of
//! successors is added with the slots of the next few looked up ahead (prefetched), so that the
//! cache misses of a large table overlap instead of following one another. Once built, the
//! table is packed in place into the layer's list; the backward pass looks its states up in
//! one the same way.

use super::counts::Count;
use super::state::NO_STATE as EMPTY;
use crate::engines::count::key_hash::KeyHasher;
use crate::engines::count::parity::Overflow;
use std::hash::Hasher;

/// How far ahead in a batch the slots are prefetched.
const AHEAD: usize = 16;

/// The most slots in use per slot, in tenths: past it the table grows by half. So a table
/// holds between 8/15 and 4/5 of its slots (any number of slots: the slot of a hash is found by
/// a multiplication, not a mask): 30 to 45 bytes a state with 64-bit counts. Growing by half
/// rather than doubling keeps the slack small whatever the layer's size (doubling took 128
/// bytes a state at n = 74, whose tables had just passed a power of two).
const MAX_LOAD_TENTHS: usize = 8;

/// The bytes of a state and its count in a list.
pub(super) const fn slot_bytes<C: Count>() -> usize {
    std::mem::size_of::<(u64, C)>()
}

/// The hash of a state (its low bits choose the table of a shard, the whole of it the slot).
#[inline]
pub(super) fn hash(key: u64) -> u64 {
    let mut h = KeyHasher::default();
    h.write_u64(key);
    h.finish().wrapping_mul(0xA076_1D64_78BD_642F)
}

/// A successor on its way to a table: its state, its count, and its hash (found once: it chose
/// the table, and it chooses the slot).
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<C> {
    pub(super) hash: u64,
    pub(super) key: u64,
    pub(super) value: C,
}

impl<C> Entry<C> {
    #[inline]
    pub(super) fn new(key: u64, value: C) -> Entry<C> {
        Entry {
            hash: hash(key),
            key,
            value,
        }
    }
}

pub(super) struct Table<C> {
    slots: Vec<(u64, C)>,
    len: usize,
}

impl<C: Count> Default for Table<C> {
    fn default() -> Table<C> {
        Table {
            slots: vec![(EMPTY, C::default()); 16],
            len: 0,
        }
    }
}

/// The slot of a state of hash `hash` among `slots`: the hash scaled to 0..slots.
#[inline]
fn slot_in(hash: u64, slots: usize) -> usize {
    ((hash as u128 * slots as u128) >> 64) as usize
}

#[inline]
fn prefetch<C>(slot: &(u64, C)) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that reads nothing and cannot fault, whatever the address
    // (here the first and last bytes of a live element of the table, which may lie on two
    // cache lines).
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let first = slot as *const (u64, C) as *const i8;
        _mm_prefetch::<_MM_HINT_T0>(first);
        _mm_prefetch::<_MM_HINT_T0>(first.wrapping_add(std::mem::size_of::<(u64, C)>() - 1));
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

impl<C: Count> Table<C> {
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes of its slots.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * slot_bytes::<C>()
    }

    #[inline]
    fn slot_of(&self, hash: u64) -> usize {
        slot_in(hash, self.slots.len())
    }

    /// Adds each (state, count) of `batch` to the table; the states it did not hold are new
    /// ones. Returns how many were new.
    pub(super) fn add_all(&mut self, batch: &[Entry<C>]) -> Result<usize, Overflow> {
        let before = self.len;
        for (i, e) in batch.iter().enumerate() {
            if let Some(ahead) = batch.get(i + AHEAD) {
                prefetch(&self.slots[self.slot_of(ahead.hash)]);
            }
            self.add(e.hash, e.key, e.value)?;
        }
        Ok(self.len - before)
    }

    #[inline]
    fn add(&mut self, hash: u64, key: u64, value: C) -> Result<(), Overflow> {
        let size = self.slots.len();
        let mut i = self.slot_of(hash);
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 = slot.1.checked_add(value)?;
                return Ok(());
            }
            if slot.0 == EMPTY {
                *slot = (key, value);
                self.len += 1;
                if self.len * 10 > size * MAX_LOAD_TENTHS {
                    self.grow();
                }
                return Ok(());
            }
            i += 1;
            if i == size {
                i = 0;
            }
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 3 / 2;
        let old = std::mem::replace(&mut self.slots, vec![(EMPTY, C::default()); size]);
        for (key, value) in old.into_iter().filter(|s| s.0 != EMPTY) {
            let mut i = self.slot_of(hash(key));
            while self.slots[i].0 != EMPTY {
                i = if i + 1 == size { 0 } else { i + 1 };
            }
            self.slots[i] = (key, value);
        }
    }

    /// A table sized for `states` states, so that it does not grow while they are added.
    pub(super) fn for_states(states: usize) -> Table<C> {
        let size = (states * 10 / MAX_LOAD_TENTHS + 16).max(16);
        Table {
            slots: vec![(EMPTY, C::default()); size],
            len: 0,
        }
    }

    /// The count of the state `key` of hash `hash`, if the table holds it.
    #[inline]
    pub(super) fn get(&self, hash: u64, key: u64) -> Option<C> {
        let size = self.slots.len();
        let mut i = self.slot_of(hash);
        loop {
            let (k, value) = self.slots[i];
            if k == key {
                return Some(value);
            }
            if k == EMPTY {
                return None;
            }
            i = if i + 1 == size { 0 } else { i + 1 };
        }
    }

    /// Brings the slot of hash `hash` into the cache ahead of a `get`.
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        prefetch(&self.slots[self.slot_of(hash)]);
    }

    /// Each state and its count, in the table's order.
    pub(super) fn each(&self) -> impl Iterator<Item = (u64, C)> + '_ {
        self.slots.iter().copied().filter(|s| s.0 != EMPTY)
    }

    /// The states and their counts, packed in place (in the table's order).
    pub(super) fn into_list(self) -> Vec<(u64, C)> {
        let mut slots = self.slots;
        slots.retain(|s| s.0 != EMPTY);
        slots.shrink_to_fit();
        slots
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::count::parity::Parity;

    /// The table sums the counts of equal states, as it grows and across batches, and keeps
    /// every state once.
    #[test]
    fn the_table_sums_what_a_map_sums() {
        let mut table = Table::default();
        let mut expected = std::collections::BTreeMap::new();
        let mut new = 0;
        for round in 0..20u64 {
            let batch: Vec<Entry<Parity>> = (0..500u64)
                .map(|i| {
                    let key = (i * 7919 + round * 104_729) % 3001 + ((round % 3) << 50);
                    Entry::new(
                        key,
                        Parity {
                            even: i.into(),
                            odd: round.into(),
                        },
                    )
                })
                .collect();
            for &Entry { key, value, .. } in &batch {
                let sum: &mut Parity = expected.entry(key).or_default();
                *sum = sum.checked_add(value).unwrap();
            }
            new += table.add_all(&batch).unwrap();
        }
        assert_eq!(table.len(), expected.len());
        assert_eq!(new, expected.len());
        for (&key, &value) in &expected {
            assert_eq!(table.get(hash(key), key), Some(value));
        }
        assert_eq!(table.get(hash(1 << 55), 1 << 55), None);
        let mut list = table.into_list();
        list.sort_by_key(|e| e.0);
        assert_eq!(list, expected.into_iter().collect::<Vec<_>>());
    }

    #[test]
    fn an_overflowing_sum_is_an_error() {
        let mut table = Table::default();
        let big = Parity {
            even: u128::MAX,
            odd: 0,
        };
        assert_eq!(table.add_all(&[Entry::new(5, big)]), Ok(1));
        assert_eq!(table.add_all(&[Entry::new(5, Parity::ONE)]), Err(Overflow));
    }
}
