//! The fast counter's memory: finished polynomials keyed by (suffix, number, set), shared by
//! every thread. A value is only ever stored once computed, and two threads that compute the
//! same key compute the same value, so which one stores it changes nothing: the counts are the
//! same whatever the thread count. Bounded: past its budget the table stops storing (the
//! counter then recomputes what it would have found, exact but slower).
//!
//! Values are stored packed: most coefficients are zero (about nine in ten with 6 hubs), and
//! the others fit 64 bits, so a value keeps its non-zero terms only, as `u64` pairs, or as
//! `u128` pairs when one does not fit.

use super::key_hash::KeyHasher;
use super::parity::Parity;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// What a value is the answer to: the piece `set` for the slots of `suffix` (`at` = 0), or a
/// run of the first slot of `suffix` standing on `at` and entering the piece `set`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub set: u64,
    pub suffix: u32,
    pub at: u32,
}

/// A finished polynomial, packed: word 0 holds the number of terms t (low 32 bits) and 1 when
/// the values are `u128`; then the t masks, eight bytes to a word; then the values, (even, odd)
/// per term, one word each (`u64`) or two (`u128`, low word first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored(Arc<[u64]>);

impl Stored {
    /// Packs a polynomial given by all its coefficients (index: the set of slots).
    pub fn pack(dense: &[Parity]) -> Stored {
        let terms: Vec<(usize, Parity)> = dense
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != Parity::ZERO)
            .map(|(mask, c)| (mask, *c))
            .collect();
        assert!(dense.len() <= 256, "masks are stored as bytes");
        let wide = terms
            .iter()
            .any(|(_, c)| c.even > u64::MAX as u128 || c.odd > u64::MAX as u128);
        let t = terms.len();
        let mut words = vec![t as u64 | (wide as u64) << 32];
        words.resize(1 + t.div_ceil(8), 0);
        for (i, (mask, _)) in terms.iter().enumerate() {
            words[1 + i / 8] |= (*mask as u64) << (8 * (i % 8));
        }
        for (_, c) in &terms {
            for value in [c.even, c.odd] {
                words.push(value as u64);
                if wide {
                    words.push((value >> 64) as u64);
                }
            }
        }
        Stored(words.into())
    }

    /// The non-zero terms: (set of slots, coefficient).
    pub fn terms(&self) -> impl Iterator<Item = (usize, Parity)> + '_ {
        let words = &self.0;
        let t = (words[0] & 0xFFFF_FFFF) as usize;
        let wide = words[0] >> 32 == 1;
        let values = 1 + t.div_ceil(8);
        (0..t).map(move |i| {
            let mask = (words[1 + i / 8] >> (8 * (i % 8))) as u8 as usize;
            let read = |j: usize| -> u128 {
                if wide {
                    words[values + 2 * j] as u128 | (words[values + 2 * j + 1] as u128) << 64
                } else {
                    words[values + j] as u128
                }
            };
            (
                mask,
                Parity {
                    even: read(2 * i),
                    odd: read(2 * i + 1),
                },
            )
        })
    }

    fn bytes(&self) -> usize {
        8 * self.0.len()
    }
}

const SHARDS: usize = 64;

type Shard = HashMap<Key, Stored, BuildHasherDefault<KeyHasher>>;

/// Bytes charged for one stored entry besides its words: the key and pointer in the hash
/// table's slot at its usual load, its control byte, the `Arc` counts and the allocator's
/// rounding.
pub const ENTRY_OVERHEAD: usize = 96;

pub struct Memo {
    shards: Vec<Mutex<Shard>>,
    budget: usize,
    used: AtomicUsize,
    refused: AtomicU64,
}

impl Memo {
    /// A table that stores at most about `budget` bytes.
    pub fn new(budget: usize) -> Memo {
        Memo {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            budget,
            used: AtomicUsize::new(0),
            refused: AtomicU64::new(0),
        }
    }

    fn shard(&self, key: &Key) -> std::sync::MutexGuard<'_, Shard> {
        let mut hasher = KeyHasher::default();
        key.hash(&mut hasher);
        // Not the hash's top bits: the table inside the shard reads them as its tag.
        let mixed = hasher.finish().wrapping_mul(0xA076_1D64_78BD_642F);
        let shard = &self.shards[(mixed >> 58) as usize % SHARDS];
        // A panic elsewhere cannot leave a half-written entry (insert is one call): go on.
        shard.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &Key) -> Option<Stored> {
        self.shard(key).get(key).cloned()
    }

    /// Stores `value` under `key` unless the budget is spent.
    pub fn put(&self, key: Key, value: Stored) {
        let cost = ENTRY_OVERHEAD + value.bytes();
        if self.used.load(Ordering::Relaxed) + cost > self.budget {
            self.refused.fetch_add(1, Ordering::Relaxed);
            return;
        }
        if self.shard(&key).insert(key, value).is_none() {
            self.used.fetch_add(cost, Ordering::Relaxed);
        }
    }

    /// Entries stored, bytes charged, and stores refused for want of budget.
    pub fn usage(&self) -> (usize, usize, u64) {
        let entries = self
            .shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).len())
            .sum();
        (
            entries,
            self.used.load(Ordering::Relaxed),
            self.refused.load(Ordering::Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_polynomial_gives_back_its_terms() {
        let big = u64::MAX as u128 + 5;
        for dense in [
            vec![Parity::ZERO; 4],
            vec![
                Parity::ONE,
                Parity::ZERO,
                Parity::Z,
                Parity { even: 3, odd: 4 },
            ],
            (0..64)
                .map(|i| Parity {
                    even: i * 7 % 5,
                    odd: i % 3,
                })
                .collect(),
            vec![Parity::ZERO, Parity { even: big, odd: 1 }],
        ] {
            let stored = Stored::pack(&dense);
            let mut back = vec![Parity::ZERO; dense.len()];
            for (mask, c) in stored.terms() {
                assert_ne!(c, Parity::ZERO);
                back[mask] = c;
            }
            assert_eq!(back, dense);
        }
    }

    #[test]
    fn the_table_stops_storing_at_its_budget() {
        let memo = Memo::new(3 * (ENTRY_OVERHEAD + 40));
        let value = Stored::pack(&[Parity::ONE, Parity::Z]);
        for set in 0..10 {
            memo.put(
                Key {
                    set,
                    suffix: 0,
                    at: 0,
                },
                value.clone(),
            );
        }
        let (entries, bytes, refused) = memo.usage();
        assert!(entries < 10 && entries > 0);
        assert_eq!(entries as u64 + refused, 10);
        assert!(bytes <= 3 * (ENTRY_OVERHEAD + 40));
        let key = Key {
            set: 0,
            suffix: 0,
            at: 0,
        };
        assert_eq!(memo.get(&key), Some(value));
    }
}
