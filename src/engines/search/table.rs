//! The transposition table of the exact search (docs/MATH.md §2): simplified position
//! (current number + remaining set) → win or loss for the player to move.
//! Exact: an entry is keyed by the whole position, never by a hash alone. Lock-free for several
//! threads: each bucket is a seqlock over atomics, so a torn entry is never read.

use crate::game::NumberSet;
use std::sync::atomic::{fence, AtomicU64, Ordering};

/// Words per bucket: a version word, then two entries of three words (remaining low, remaining
/// high, meta), then one spare word so a bucket fills one 64-byte cache line.
const WORDS: usize = 8;
const BUCKET_BYTES: usize = WORDS * 8;

/// `meta` = current number (bits 0..8, 0 = empty slot) | win (bit 8) | log2 of the work (bits 16..24).
fn meta(last: u32, win: bool, work: u8) -> u64 {
    last as u64 | (win as u64) << 8 | (work as u64) << 16
}

fn meta_work(meta: u64) -> u8 {
    (meta >> 16) as u8
}

/// A fixed-size, two-tier table: slot 0 keeps the entry that cost the most work, slot 1 the most
/// recent one. Bounded: it never grows after `new`.
pub struct Table {
    words: Box<[AtomicU64]>,
    bucket_mask: u64,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one bucket). Memory is claimed lazily by the
    /// OS as buckets are touched, so a large bound costs nothing on small boards.
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        // vec![0; _] asks the allocator for zeroed pages (calloc), which the OS maps lazily.
        let zeroed: Box<[u64]> = vec![0u64; buckets * WORDS].into_boxed_slice();
        // SAFETY: AtomicU64 has the same size, alignment and bit validity as u64 (documented in
        // std), so a boxed slice of u64 is a valid boxed slice of AtomicU64 of the same length.
        let words = unsafe { Box::from_raw(Box::into_raw(zeroed) as *mut [AtomicU64]) };
        Table {
            words,
            bucket_mask: buckets as u64 - 1,
        }
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        (self.bucket_mask as usize + 1) * 2
    }

    #[inline]
    fn bucket(&self, last: u32, remaining: NumberSet) -> &[AtomicU64] {
        let lo = remaining as u64;
        let hi = (remaining >> 64) as u64;
        let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ hi.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ (last as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 31;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 29;
        let start = ((h & self.bucket_mask) as usize) * WORDS;
        &self.words[start..start + WORDS]
    }

    /// The stored outcome of a simplified position, if any.
    #[inline]
    pub fn probe(&self, last: u32, remaining: NumberSet) -> Option<bool> {
        let bucket = self.bucket(last, remaining);
        let lo = remaining as u64;
        let hi = (remaining >> 64) as u64;
        let version = bucket[0].load(Ordering::Acquire);
        if version & 1 == 1 {
            return None;
        }
        let mut found = None;
        for slot in 0..2 {
            let base = 1 + 3 * slot;
            let m = bucket[base + 2].load(Ordering::Relaxed);
            if m & 0xFF == last as u64
                && bucket[base].load(Ordering::Relaxed) == lo
                && bucket[base + 1].load(Ordering::Relaxed) == hi
            {
                found = Some(m & 0x100 != 0);
                break;
            }
        }
        fence(Ordering::Acquire);
        // A writer that ran meanwhile may have torn what we read: then it is a miss.
        if bucket[0].load(Ordering::Relaxed) != version {
            return None;
        }
        found
    }

    /// Stores an outcome. `work` is log2 of the nodes its proof cost, used for replacement.
    /// Skipped when another thread holds the bucket: the table is a cache, losing an entry is safe.
    #[inline]
    pub fn store(&self, last: u32, remaining: NumberSet, win: bool, work: u8) {
        let bucket = self.bucket(last, remaining);
        let version = bucket[0].load(Ordering::Relaxed);
        if version & 1 == 1
            || bucket[0]
                .compare_exchange(version, version + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        let lo = remaining as u64;
        let hi = (remaining >> 64) as u64;
        let new_meta = meta(last, win, work);
        let deep_meta = bucket[3].load(Ordering::Relaxed);
        let same_as_deep = deep_meta & 0xFF == last as u64
            && bucket[1].load(Ordering::Relaxed) == lo
            && bucket[2].load(Ordering::Relaxed) == hi;
        let slot = if same_as_deep || work >= meta_work(deep_meta) {
            if !same_as_deep && deep_meta != 0 {
                // The displaced deep entry is still worth keeping as the recent one.
                for i in 0..3 {
                    let w = bucket[1 + i].load(Ordering::Relaxed);
                    bucket[4 + i].store(w, Ordering::Relaxed);
                }
            }
            0
        } else {
            1
        };
        let base = 1 + 3 * slot;
        bucket[base].store(lo, Ordering::Relaxed);
        bucket[base + 1].store(hi, Ordering::Relaxed);
        bucket[base + 2].store(new_meta, Ordering::Relaxed);
        bucket[0].store(version + 2, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_exact_positions_only() {
        let table = Table::new(1);
        table.store(6, 0b1011, true, 3);
        table.store(5, 0b1011, false, 3);
        assert_eq!(table.probe(6, 0b1011), Some(true));
        assert_eq!(table.probe(5, 0b1011), Some(false));
        assert_eq!(table.probe(6, 0b1111), None);
        assert_eq!(table.probe(6, 0b1011 | 1 << 100), None);
    }

    #[test]
    fn a_full_table_keeps_answering_correctly() {
        // A tiny table forced to replace entries: whatever it returns must be what was stored.
        let table = Table::new(1);
        let mut stored = std::collections::HashMap::new();
        for i in 0..200_000u32 {
            let remaining = (i as u128).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
            let last = 1 + i % 127;
            let win = i % 3 == 0;
            table.store(last, remaining, win, (i % 7) as u8);
            stored.insert((last, remaining), win);
        }
        let mut hits = 0;
        for (&(last, remaining), &win) in &stored {
            if let Some(found) = table.probe(last, remaining) {
                assert_eq!(found, win);
                hits += 1;
            }
        }
        assert!(hits > 0 && hits <= table.capacity());
    }
}
