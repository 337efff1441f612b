//! The two reference methods the fast one is compared with. `PlainMemo` is the memoised search
//! on (last number, unplayed numbers of its component) and nothing else: the second way of
//! computing a start's value, and the baseline of the benchmark. `recursion_value` is the
//! definition itself, mex over the legal moves on (last number, named set), memoised on that
//! raw position only: no fold, no matching, used for small boards.

use crate::game::{bit, numbers, Board, NumberSet};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-and-mix hasher for the `u128` keys (SipHash costs more than the search's work).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ (h >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u128(&mut self, k: u128) {
        self.0 = (self.0 ^ k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((k >> 64) as u64).rotate_left(29);
    }
}

type Map = HashMap<u128, u8, BuildHasherDefault<KeyHasher>>;

/// The plain memo ran past its bound of positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMany {
    pub positions: u64,
}

/// Mex of a set of values given as a bit mask.
fn mex(seen: u128) -> u8 {
    (!seen).trailing_zeros() as u8
}

/// The memoised search on (last number, unplayed numbers of its component).
pub struct PlainMemo<'b> {
    board: &'b Board,
    memo: Map,
    max_positions: usize,
}

impl<'b> PlainMemo<'b> {
    pub fn new(board: &'b Board, max_positions: usize) -> PlainMemo<'b> {
        PlainMemo {
            board,
            memo: Map::default(),
            max_positions,
        }
    }

    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The value of the position with last number `last` and `unplayed` unnamed.
    pub fn value(&mut self, last: u32, unplayed: NumberSet) -> Result<u8, TooMany> {
        let mut reached = bit(last);
        let mut frontier = bit(last);
        while frontier != 0 {
            let mut next = 0;
            for x in numbers(frontier) {
                next |= self.board.neighbours(x);
            }
            next &= unplayed & !reached;
            reached |= next;
            frontier = next;
        }
        let rest = reached & !bit(last);
        let key = rest | (last as u128) << 120;
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let mut seen = 0u128;
        for m in numbers(self.board.neighbours(last) & rest) {
            seen |= 1u128 << self.value(m, rest & !bit(m))?;
        }
        let value = mex(seen);
        if self.memo.len() >= self.max_positions {
            return Err(TooMany {
                positions: self.memo.len() as u64,
            });
        }
        self.memo.insert(key, value);
        Ok(value)
    }

    /// The start's value and each opening's, as `FastValues` gives them.
    pub fn start(&mut self) -> Result<(u8, Vec<(u32, u8)>), TooMany> {
        let all = self.board.all();
        let mut openings = Vec::new();
        for e in numbers(self.board.openings()) {
            openings.push((e, self.value(e, all & !bit(e))?));
        }
        let seen = openings.iter().fold(0u128, |s, &(_, v)| s | 1u128 << v);
        Ok((mex(seen), openings))
    }
}

/// The value by the definition: mex over the legal moves from the raw position (last number,
/// the numbers not named), memoised on that raw position only. `last = None` is the start.
pub struct Recursion<'b> {
    board: &'b Board,
    memo: Map,
}

impl<'b> Recursion<'b> {
    pub fn new(board: &'b Board) -> Recursion<'b> {
        Recursion {
            board,
            memo: Map::default(),
        }
    }

    pub fn value(&mut self, last: Option<u32>, named: NumberSet) -> u8 {
        let key = named | (last.unwrap_or(0) as u128) << 120;
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let moves = match last {
            None => self.board.openings() & !named,
            Some(c) => self.board.neighbours(c) & !named,
        };
        let mut seen = 0u128;
        for m in numbers(moves) {
            seen |= 1u128 << self.value(Some(m), named | bit(m));
        }
        let v = mex(seen);
        self.memo.insert(key, v);
        v
    }
}
