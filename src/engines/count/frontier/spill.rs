//! The layers the forward pass keeps for the backward one (by first number): in memory, or in
//! files on disk (`jg count --spill DIR`), where they cost no memory. Each layer is written once
//! after it is read, and read back, the last first, in batches of states: on disk, only a batch
//! is in memory at once.
//!
//! A layer's file is its states one after the other, each its key (little-endian `u64`) then,
//! when the layer has them, its counts (`u64` or `u128`, even then odd). What was written is
//! known in memory (the number of states, the counts' width, the blake3 hash of each batch's
//! bytes): a file read back that is shorter, longer or other than that is an error that says
//! so, and a batch is checked before any of its states is used.

use super::counts::{Count, Narrow};
use crate::engines::count::parity::Parity;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A layer's counts, in its order.
pub(super) enum Counts {
    Narrow(Vec<Narrow>),
    Wide(Vec<Parity>),
}

impl Counts {
    pub(super) fn get(&self, i: usize) -> Parity {
        match self {
            Counts::Narrow(c) => c[i].wide(),
            Counts::Wide(c) => c[i],
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Counts::Narrow(c) => c.len() * std::mem::size_of::<Narrow>(),
            Counts::Wide(c) => c.len() * std::mem::size_of::<Parity>(),
        }
    }
}

/// Bytes charged per state kept for the second pass (in memory): its key, and its count when
/// the vertex after it is even. The bound is charged the bytes held: these, the layer a step
/// reads (`table::slot_bytes` a state) or the completions it looks up, and the tables it builds
/// (their slots, as they grow: shards.rs).
const KEY_BYTES: usize = 8;

/// A layer kept from the first pass: its states, and their counts when the next vertex is even.
pub(super) struct Kept {
    pub(super) keys: Vec<u64>,
    pub(super) forward: Option<Counts>,
}

impl Kept {
    pub(super) fn bytes(&self) -> usize {
        self.keys.len() * KEY_BYTES + self.forward.as_ref().map_or(0, Counts::bytes)
    }
}

/// What a layer's file holds, kept in memory to check it when it is read back.
pub(super) struct Written {
    states: usize,
    /// 0: no counts; 1: 64-bit; 2: 128-bit.
    width: u8,
    /// The hash of each batch of `BATCH` states.
    hashes: Vec<blake3::Hash>,
}

impl Written {
    /// The bytes of a state in the file.
    fn record(&self) -> usize {
        8 + [0, 16, 32][self.width as usize]
    }
}

/// The kept layers.
pub(super) enum Store {
    Memory(Vec<Kept>),
    Disk { dir: PathBuf, written: Vec<Written> },
}

/// The last layer kept, to be read (once, or again should a step be done again).
pub(super) enum Source<'a> {
    Memory(&'a Kept),
    Disk { path: PathBuf, written: &'a Written },
}

/// Folders made by this process (so that two counts at once never share one).
static FOLDERS: AtomicU64 = AtomicU64::new(0);

/// The states written, hashed and read back at once (fewer in the tests, so that a layer
/// there is several batches).
#[cfg(not(test))]
const BATCH: usize = 1 << 20;
#[cfg(test)]
const BATCH: usize = 1000;

impl Store {
    /// The layers kept in memory.
    pub(super) fn memory() -> Store {
        Store::Memory(Vec::new())
    }

    /// The layers kept in a new folder under `parent` (made if missing), removed when the store
    /// is dropped.
    pub(super) fn disk(parent: &Path, n: u32) -> io::Result<Store> {
        fs::create_dir_all(parent)?;
        let k = FOLDERS.fetch_add(1, Ordering::Relaxed);
        let dir = parent.join(format!("jg-count-{n}-{}-{k}", std::process::id()));
        fs::create_dir(&dir)?;
        Ok(Store::Disk {
            dir,
            written: Vec::new(),
        })
    }

    /// The bytes the kept layers hold in memory.
    pub(super) fn bytes(&self) -> usize {
        match self {
            Store::Memory(kept) => kept.iter().map(Kept::bytes).sum(),
            Store::Disk { .. } => 0,
        }
    }

    fn path(dir: &Path, t: usize) -> PathBuf {
        dir.join(format!("layer-{t}"))
    }

    pub(super) fn push(&mut self, kept: Kept) -> io::Result<()> {
        if let Store::Memory(layers) = self {
            layers.push(kept);
            return Ok(());
        }
        let keys = kept.keys.iter().copied();
        match &kept.forward {
            None => self.write(keys.map(|k| (k, None::<Narrow>)), kept.keys.len()),
            Some(Counts::Narrow(c)) => self.write(keys.zip(c.iter().copied().map(Some)), c.len()),
            Some(Counts::Wide(c)) => self.write(keys.zip(c.iter().copied().map(Some)), c.len()),
        }
    }

    /// Writes a layer of `states` states and their counts (on disk only: the forward pass
    /// streams its layers through the disk when the store is there).
    pub(super) fn write<C: Count>(
        &mut self,
        items: impl Iterator<Item = (u64, Option<C>)>,
        states: usize,
    ) -> io::Result<()> {
        let Store::Disk { dir, written } = self else {
            return Err(io::Error::other("a layer written to a store in memory"));
        };
        let mut file = BufWriter::new(File::create(Store::path(dir, written.len()))?);
        let (mut hashes, mut block, mut width, mut seen) = (Vec::new(), Vec::new(), 0, 0);
        for (key, count) in items {
            block.extend(key.to_le_bytes());
            if let Some(count) = count {
                count.put(&mut block);
                width = C::WIDTH;
            }
            seen += 1;
            if seen % BATCH == 0 {
                hashes.push(blake3::hash(&block));
                file.write_all(&block)?;
                block.clear();
            }
        }
        if !block.is_empty() {
            hashes.push(blake3::hash(&block));
            file.write_all(&block)?;
        }
        file.flush()?;
        if seen != states {
            return Err(io::Error::other("a layer of another length than said"));
        }
        written.push(Written {
            states,
            width,
            hashes,
        });
        Ok(())
    }

    /// The last layer kept; `None` when none is left.
    pub(super) fn last(&self) -> Option<Source<'_>> {
        match self {
            Store::Memory(layers) => layers.last().map(Source::Memory),
            Store::Disk { dir, written } => written.last().map(|w| Source::Disk {
                path: Store::path(dir, written.len() - 1),
                written: w,
            }),
        }
    }

    /// Drops the last layer kept (its file removed).
    pub(super) fn remove_last(&mut self) -> io::Result<()> {
        match self {
            Store::Memory(layers) => {
                layers.pop();
                Ok(())
            }
            Store::Disk { dir, written } => match written.pop() {
                Some(_) => fs::remove_file(Store::path(dir, written.len())),
                None => Ok(()),
            },
        }
    }
}

impl Source<'_> {
    /// Its states.
    pub(super) fn states(&self) -> usize {
        match self {
            Source::Memory(kept) => kept.keys.len(),
            Source::Disk { written, .. } => written.states,
        }
    }

    /// Whether its counts are 128-bit.
    pub(super) fn wide(&self) -> bool {
        match self {
            Source::Memory(kept) => matches!(kept.forward, Some(Counts::Wide(_))),
            Source::Disk { written, .. } => written.width == Parity::WIDTH,
        }
    }

    /// The bytes a read holds in memory beyond the store's (a batch, from disk).
    pub(super) fn bytes(&self) -> usize {
        match self {
            Source::Memory(_) => 0,
            Source::Disk { written, .. } => BATCH.min(written.states) * written.record(),
        }
    }

    /// Calls `each` on the layer's states and counts, in order: from disk in batches of
    /// `BATCH` states, each checked before it is given; in memory, the whole layer at once. An
    /// error of the file is given to `io`.
    pub(super) fn for_batches<E>(
        &self,
        io: impl Fn(io::Error) -> E,
        mut each: impl FnMut(&Kept) -> Result<(), E>,
    ) -> Result<(), E> {
        let (path, w) = match self {
            Source::Memory(kept) => return each(kept),
            Source::Disk { path, written } => (path, *written),
        };
        let bad = |what: &str| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} is {what} than the layer written there", path.display()),
            )
        };
        let mut file = File::open(path).map_err(&io)?;
        let record = w.record();
        let mut bytes = vec![0u8; BATCH.min(w.states) * record];
        for (b, hash) in w.hashes.iter().enumerate() {
            let k = (w.states - b * BATCH).min(BATCH);
            let bytes = &mut bytes[..k * record];
            file.read_exact(bytes).map_err(|e| match e.kind() {
                io::ErrorKind::UnexpectedEof => io(bad("shorter")),
                _ => io(e),
            })?;
            if blake3::hash(bytes) != *hash {
                return Err(io(bad("other")));
            }
            each(&decode(bytes, w.width, record))?;
        }
        if file.read(&mut [0u8; 1]).map_err(&io)? != 0 {
            return Err(io(bad("longer")));
        }
        Ok(())
    }
}

/// The states of `bytes`, records of `record` bytes with counts of `width`.
fn decode(bytes: &[u8], width: u8, record: usize) -> Kept {
    let u64_at = |b: &[u8], i: usize| {
        let mut x = [0u8; 8];
        x.copy_from_slice(&b[i..i + 8]);
        u64::from_le_bytes(x)
    };
    let u128_at = |b: &[u8], i: usize| {
        let mut x = [0u8; 16];
        x.copy_from_slice(&b[i..i + 16]);
        u128::from_le_bytes(x)
    };
    let records = bytes.chunks_exact(record);
    Kept {
        keys: records.clone().map(|r| u64_at(r, 0)).collect(),
        forward: match width {
            0 => None,
            1 => Some(Counts::Narrow(
                records
                    .map(|r| Narrow {
                        even: u64_at(r, 8),
                        odd: u64_at(r, 16),
                    })
                    .collect(),
            )),
            _ => Some(Counts::Wide(
                records
                    .map(|r| Parity {
                        even: u128_at(r, 8),
                        odd: u128_at(r, 24),
                    })
                    .collect(),
            )),
        },
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        if let Store::Disk { dir, .. } = self {
            let _ = fs::remove_dir_all(dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three layers as the forward pass keeps them (each a few batches long): no counts,
    /// 64-bit, 128-bit.
    fn layers() -> Vec<Kept> {
        let keys = |k: u64| (0..2500).map(|i| i * k + 7).collect::<Vec<u64>>();
        vec![
            Kept {
                keys: keys(3),
                forward: None,
            },
            Kept {
                keys: keys(5),
                forward: Some(Counts::Narrow(
                    (0..2500)
                        .map(|i| Narrow {
                            even: i,
                            odd: u64::MAX - i,
                        })
                        .collect(),
                )),
            },
            Kept {
                keys: keys(u64::MAX / 4000),
                forward: Some(Counts::Wide(
                    (0..2500)
                        .map(|i| Parity {
                            even: u128::MAX - i,
                            odd: i << 70,
                        })
                        .collect(),
                )),
            },
        ]
    }

    /// The last layer's keys and counts, read whole.
    fn read_last(store: &Store) -> io::Result<(Vec<u64>, Vec<Parity>, bool)> {
        let source = store.last().unwrap();
        let (mut keys, mut counts, mut has_counts) = (Vec::new(), Vec::new(), false);
        source.for_batches(
            |e| e,
            |batch| {
                keys.extend(&batch.keys);
                if let Some(c) = &batch.forward {
                    has_counts = true;
                    counts.extend((0..batch.keys.len()).map(|i| c.get(i)));
                }
                Ok(())
            },
        )?;
        assert_eq!(keys.len(), source.states());
        Ok((keys, counts, has_counts))
    }

    fn filled(parent: &Path) -> Store {
        let mut store = Store::disk(parent, 9).unwrap();
        for k in layers() {
            store.push(k).unwrap();
        }
        store
    }

    #[test]
    fn layers_come_back_from_disk_last_first_as_they_went_in_and_the_folder_goes() {
        let parent = tempfile::tempdir().unwrap();
        let mut store = filled(parent.path());
        assert_eq!(store.bytes(), 0);
        let mut memory = Store::memory();
        for k in layers() {
            memory.push(k).unwrap();
        }
        assert!(memory.bytes() > 0);
        for _ in 0..3 {
            let on_disk = read_last(&store).unwrap();
            // A layer may be read again (a step done again with 128-bit counts).
            assert_eq!(read_last(&store).unwrap(), on_disk);
            assert_eq!(on_disk, read_last(&memory).unwrap());
            assert!(store.last().unwrap().bytes() > 0);
            store.remove_last().unwrap();
            memory.remove_last().unwrap();
        }
        assert!(store.last().is_none());
        drop(store);
        assert_eq!(fs::read_dir(parent.path()).unwrap().count(), 0);
    }

    /// The file of layer `t` changed by `spoil`, then read back: an error naming what.
    fn spoiled(t: usize, spoil: impl Fn(&mut Vec<u8>)) -> String {
        let parent = tempfile::tempdir().unwrap();
        let mut store = filled(parent.path());
        let Store::Disk { dir, .. } = &store else {
            unreachable!()
        };
        let path = Store::path(dir, t);
        let mut bytes = fs::read(&path).unwrap();
        spoil(&mut bytes);
        fs::write(&path, bytes).unwrap();
        for _ in (t + 1)..3 {
            read_last(&store).unwrap();
            store.remove_last().unwrap();
        }
        let error = read_last(&store).expect_err("a spoiled layer refused");
        error.to_string()
    }

    #[test]
    fn a_layer_file_shorter_longer_or_changed_is_refused() {
        for t in 0..3 {
            assert!(spoiled(t, |b| b.truncate(b.len() - 1)).contains("shorter"));
            assert!(spoiled(t, |b| b.clear()).contains("shorter"));
            assert!(spoiled(t, |b| b.push(0)).contains("longer"));
            // A bit flipped in a key of the first batch, in the counts of the last.
            assert!(spoiled(t, |b| b[100] ^= 1).contains("other"));
            assert!(spoiled(t, |b| *b.last_mut().unwrap() ^= 0x80).contains("other"));
        }
    }

    /// A changed batch is refused before its states are given, the batches before it having
    /// been given.
    #[test]
    fn a_changed_batch_is_refused_before_it_is_used() {
        let parent = tempfile::tempdir().unwrap();
        let store = filled(parent.path());
        let Store::Disk { dir, .. } = &store else {
            unreachable!()
        };
        let path = Store::path(dir, 2);
        let mut bytes = fs::read(&path).unwrap();
        let record = 8 + 32;
        bytes[BATCH * record + 3] ^= 4;
        fs::write(&path, bytes).unwrap();
        let mut given = 0;
        let read = store.last().unwrap().for_batches(
            |e| e,
            |batch| {
                given += batch.keys.len();
                Ok(())
            },
        );
        assert!(read.is_err());
        assert_eq!(given, BATCH);
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_an_error() {
        let parent = tempfile::tempdir().unwrap();
        let file = parent.path().join("a-file");
        fs::write(&file, b"").unwrap();
        assert!(Store::disk(&file, 9).is_err());
    }
}
