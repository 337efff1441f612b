//! The compact table of values the fast method keeps: open addressing over `u128` slots, one
//! slot per position, the key and its value packed together (unplayed numbers in bits 0..100,
//! the last number in bits 100..107, the value in bits 107..128; an empty slot is 0, which no
//! key is, since the last number is at least 1). 16 bytes a position at most 3/4 full; the
//! table doubles while the memory bound allows and refuses to grow past it.

use crate::game::NumberSet;

/// Largest n whose keys fit a slot (100 bits of numbers, 7 of last number).
pub const MAX_KEY_N: u32 = 100;

const LAST_SHIFT: u32 = 100;
const VALUE_SHIFT: u32 = 107;
const KEY_MASK: u128 = (1u128 << VALUE_SHIFT) - 1;

/// A value too large for its 21 bits (never seen: values stay below 30 on every board tried).
pub const MAX_STORED_VALUE: u32 = (1 << 21) - 1;

/// The table is full at the memory bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full {
    pub positions: u64,
    pub bytes: u64,
}

pub struct Memo {
    slots: Vec<u128>,
    len: usize,
    max_bytes: u64,
}

/// The packed key of (last number, unplayed numbers of its component).
#[inline]
pub fn key(last: u32, unplayed: NumberSet) -> u128 {
    debug_assert!((1..128).contains(&last) && unplayed >> LAST_SHIFT == 0);
    unplayed | (last as u128) << LAST_SHIFT
}

#[inline]
fn hash(key: u128) -> u64 {
    let lo = key as u64;
    let hi = (key >> 64) as u64;
    let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.rotate_left(29);
    h = (h ^ (h >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^ (h >> 32)
}

impl Memo {
    /// An empty table that will not grow past `max_bytes` of slots.
    pub fn new(max_bytes: u64) -> Memo {
        let start = (1usize << 12).min((max_bytes / 16).next_power_of_two().max(16) as usize);
        Memo {
            slots: vec![0; start],
            len: 0,
            max_bytes,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the slots.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 16
    }

    #[inline]
    pub fn get(&self, key: u128) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = hash(key) as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot & KEY_MASK == key {
                return Some((slot >> VALUE_SHIFT) as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores a value (the key must be absent); `Err` when the table is full at its bound.
    pub fn insert(&mut self, key: u128, value: u32) -> Result<(), Full> {
        debug_assert!(value <= MAX_STORED_VALUE);
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow()?;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash(key) as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = key | (value as u128) << VALUE_SHIFT;
        self.len += 1;
        Ok(())
    }

    fn grow(&mut self) -> Result<(), Full> {
        let bigger = self.slots.len() * 2;
        if bigger as u64 * 16 > self.max_bytes {
            return Err(Full {
                positions: self.len as u64,
                bytes: self.bytes(),
            });
        }
        let old = std::mem::replace(&mut self.slots, vec![0; bigger]);
        let mask = bigger - 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let mut i = hash(slot & KEY_MASK) as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_every_value_through_growth_and_refuses_past_its_bound() {
        let mut memo = Memo::new(1 << 16);
        let mut stored = Vec::new();
        let mut k = 0u32;
        loop {
            k += 1;
            let set = (k as u128).wrapping_mul(0x1234_5678_9abc_def1) & ((1u128 << 100) - 1);
            let key = key(1 + k % 120, set);
            if memo.get(key).is_some() {
                continue;
            }
            match memo.insert(key, k % 23) {
                Ok(()) => stored.push((key, k % 23)),
                Err(full) => {
                    assert_eq!(full.bytes, 1 << 16);
                    break;
                }
            }
        }
        assert_eq!(stored.len(), memo.len());
        assert!(memo.len() * 16 <= 1 << 16);
        for (key, value) in stored {
            assert_eq!(memo.get(key), Some(value));
        }
        assert_eq!(memo.get(key(5, 3)), None);
    }
}
