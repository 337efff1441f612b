//! A layer built in parallel: each state goes to one of `SHARDS` tables by its hash, each
//! thread gathering a chunk's states by table before it takes a table's lock, within a memory
//! bound. The forward pass packs the tables into the layer's list; the backward pass keeps them
//! as they are and looks the states up in them, table by hash then slot by hash.

use super::counts::Count;
use super::table::{Entry, Table};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

const SHARDS: usize = 64;

/// Why a build stopped.
#[derive(Debug)]
pub(super) enum Stop {
    /// A count past its type (64 bits: build again with 128).
    Overflow,
    /// The tables outgrew the room they were given.
    Budget,
}

/// The tables being built.
pub(super) struct Building<C> {
    shards: Vec<Mutex<Table<C>>>,
    /// The bytes of the tables' slots.
    bytes: AtomicUsize,
    overflow: AtomicBool,
    over_budget: AtomicBool,
    /// The bytes the tables may take.
    room: usize,
}

/// A thread's states on their way to the tables, one buffer per table.
pub(super) type Buffers<C> = Vec<Vec<Entry<C>>>;

impl<C: Count> Building<C> {
    pub(super) fn new(room: usize) -> Building<C> {
        Building::sized(room, 0)
    }

    /// The tables for about `states` states, sized for them at once (a few more, as the
    /// hashes do not share them out evenly), so that they need not grow.
    pub(super) fn sized(room: usize, states: usize) -> Building<C> {
        let per_shard = states / SHARDS;
        let per_shard = per_shard + per_shard / 32;
        let shards: Vec<Mutex<Table<C>>> = (0..SHARDS)
            .map(|_| Mutex::new(Table::for_states(per_shard)))
            .collect();
        let bytes = shards.len() * Table::<C>::for_states(per_shard).bytes();
        Building {
            shards,
            bytes: AtomicUsize::new(bytes),
            overflow: AtomicBool::new(false),
            over_budget: AtomicBool::new(false),
            room,
        }
    }

    pub(super) fn buffers() -> Buffers<C> {
        vec![Vec::new(); SHARDS]
    }

    /// Whether the build has stopped: the chunks left are skipped.
    pub(super) fn stopped(&self) -> bool {
        self.overflow.load(Ordering::Relaxed) || self.over_budget.load(Ordering::Relaxed)
    }

    /// A count past its type met outside the tables.
    pub(super) fn overflowed(&self) {
        self.overflow.store(true, Ordering::Relaxed);
    }

    #[inline]
    pub(super) fn push(buffers: &mut Buffers<C>, e: Entry<C>) {
        buffers[e.hash as usize % SHARDS].push(e);
    }

    /// Adds the buffers' states to their tables and empties them.
    pub(super) fn flush(&self, buffers: &mut Buffers<C>) {
        for (i, buffer) in buffers.iter_mut().enumerate() {
            if buffer.is_empty() {
                continue;
            }
            let mut shard = self.shards[i].lock().unwrap_or_else(|e| e.into_inner());
            let before = shard.bytes();
            if shard.add_all(buffer).is_err() {
                self.overflowed();
            }
            let grown = shard.bytes() - before;
            drop(shard);
            buffer.clear();
            let bytes = self.bytes.fetch_add(grown, Ordering::Relaxed) + grown;
            if bytes > self.room {
                self.over_budget.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The tables, or why the build stopped (an overflow first). Whatever the threads, a table
    /// only grows, and its size follows from its states alone: a build stops for its room
    /// exactly when its whole tables would not fit, on any thread count.
    pub(super) fn finish(self) -> Result<Sharded<C>, Stop> {
        if self.overflow.load(Ordering::Relaxed) {
            return Err(Stop::Overflow);
        }
        if self.over_budget.load(Ordering::Relaxed) || self.bytes.into_inner() > self.room {
            return Err(Stop::Budget);
        }
        let tables = self.shards.into_iter();
        Ok(Sharded {
            tables: tables
                .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
                .collect(),
        })
    }
}

/// A layer's states and their counts in the tables they were built in.
pub(super) struct Sharded<C> {
    tables: Vec<Table<C>>,
}

impl<C: Count> Sharded<C> {
    pub(super) fn bytes(&self) -> usize {
        self.tables.iter().map(Table::bytes).sum()
    }

    pub(super) fn len(&self) -> usize {
        self.tables.iter().map(Table::len).sum()
    }

    /// Each state and its count, table after table.
    pub(super) fn each(&self) -> impl Iterator<Item = (u64, Option<C>)> + '_ {
        self.tables
            .iter()
            .flat_map(|t| t.each().map(|(k, c)| (k, Some(c))))
    }

    /// The count of the state `key` of hash `hash`, if the layer holds it.
    #[inline]
    pub(super) fn get(&self, hash: u64, key: u64) -> Option<C> {
        self.tables[hash as usize % SHARDS].get(hash, key)
    }

    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        self.tables[hash as usize % SHARDS].prefetch(hash)
    }

    /// The states and their counts, table after table, each packed in place.
    pub(super) fn into_lists(self) -> Vec<Vec<(u64, C)>> {
        self.tables.into_iter().map(Table::into_list).collect()
    }
}
