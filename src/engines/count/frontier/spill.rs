//! The layers the forward pass keeps for the backward one (by first number): in memory, or in
//! files on disk (`jg count --spill DIR`), where they cost no memory. Each layer is written once
//! after it is read and read back once, the last first, so the files are streamed; the layer
//! being read back is the only one in memory.
//!
//! A layer's file is its keys (little-endian `u64`), then its counts when it has them (`u64`
//! or `u128` pairs, even then odd). What was written is known in memory (the number of states,
//! the counts' width, the blake3 hash of the bytes): a file read back that is shorter, longer or
//! other than that is an error that says so, never a count.

use super::counter::{Counts, Kept};
use super::counts::Narrow;
use crate::engines::count::parity::Parity;
use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a layer's file holds, kept in memory to check it when it is read back.
pub(super) struct Written {
    states: usize,
    /// 0: no counts; 1: 64-bit; 2: 128-bit.
    width: u8,
    hash: blake3::Hash,
}

/// The kept layers.
pub(super) enum Store {
    Memory(Vec<Kept>),
    Disk { dir: PathBuf, written: Vec<Written> },
}

/// Folders made by this process (so that two counts at once never share one).
static FOLDERS: AtomicU64 = AtomicU64::new(0);

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
        let (dir, written) = match self {
            Store::Memory(layers) => {
                layers.push(kept);
                return Ok(());
            }
            Store::Disk { dir, written } => (dir, written),
        };
        let mut file =
            BufWriter::with_capacity(BLOCK, File::create(Store::path(dir, written.len()))?);
        let mut hash = blake3::Hasher::new();
        let mut put = |items: usize, encode: &dyn Fn(usize, &mut Vec<u8>)| -> io::Result<()> {
            let mut block = Vec::with_capacity(BLOCK);
            for i in 0..items {
                encode(i, &mut block);
                if block.len() >= BLOCK {
                    hash.update(&block);
                    file.write_all(&block)?;
                    block.clear();
                }
            }
            hash.update(&block);
            file.write_all(&block)
        };
        put(kept.keys.len(), &|i, b| {
            b.extend(kept.keys[i].to_le_bytes())
        })?;
        let width = match &kept.forward {
            None => 0,
            Some(Counts::Narrow(c)) => {
                put(c.len(), &|i, b| {
                    b.extend(c[i].even.to_le_bytes());
                    b.extend(c[i].odd.to_le_bytes());
                })?;
                1
            }
            Some(Counts::Wide(c)) => {
                put(c.len(), &|i, b| {
                    b.extend(c[i].even.to_le_bytes());
                    b.extend(c[i].odd.to_le_bytes());
                })?;
                2
            }
        };
        file.flush()?;
        written.push(Written {
            states: kept.keys.len(),
            width,
            hash: hash.finalize(),
        });
        Ok(())
    }

    /// The last layer kept, taken out (its file removed); `None` when none is left.
    pub(super) fn pop(&mut self) -> Option<io::Result<Kept>> {
        match self {
            Store::Memory(layers) => layers.pop().map(Ok),
            Store::Disk { dir, written } => {
                let w = written.pop()?;
                let path = Store::path(dir, written.len());
                let bad = |what: &str| {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("{} is {what} than the layer written there", path.display()),
                    )
                };
                let kept = match Store::read(&path, &w) {
                    Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(bad("shorter")),
                    Ok((_, true)) => Err(bad("longer")),
                    Ok((kept, false)) if kept.1 != w.hash => Err(bad("other")),
                    read => read.map(|((kept, _), _)| kept),
                };
                Some(kept.and_then(|kept| fs::remove_file(&path).map(|_| kept)))
            }
        }
    }

    /// The layer of `w` read from `path`, the hash of the bytes read, and whether the file
    /// goes on past them.
    fn read(path: &Path, w: &Written) -> io::Result<((Kept, blake3::Hash), bool)> {
        let mut file = File::open(path)?;
        let mut hash = blake3::Hasher::new();
        let mut block = vec![0u8; BLOCK];
        let mut take =
            |items: usize, size: usize, decode: &mut dyn FnMut(&[u8])| -> io::Result<()> {
                let per_block = BLOCK / size;
                let mut left = items;
                while left > 0 {
                    let k = left.min(per_block);
                    let bytes = &mut block[..k * size];
                    file.read_exact(bytes)?;
                    hash.update(bytes);
                    bytes.chunks_exact(size).for_each(&mut *decode);
                    left -= k;
                }
                Ok(())
            };
        let u64_at =
            |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or_default());
        let u128_at =
            |b: &[u8], i: usize| u128::from_le_bytes(b[i..i + 16].try_into().unwrap_or_default());
        let mut keys = Vec::with_capacity(w.states);
        take(w.states, 8, &mut |b| keys.push(u64_at(b, 0)))?;
        let forward = match w.width {
            0 => None,
            1 => {
                let mut c = Vec::with_capacity(w.states);
                take(w.states, 16, &mut |b| {
                    c.push(Narrow {
                        even: u64_at(b, 0),
                        odd: u64_at(b, 8),
                    })
                })?;
                Some(Counts::Narrow(c))
            }
            _ => {
                let mut c = Vec::with_capacity(w.states);
                take(w.states, 32, &mut |b| {
                    c.push(Parity {
                        even: u128_at(b, 0),
                        odd: u128_at(b, 16),
                    })
                })?;
                Some(Counts::Wide(c))
            }
        };
        let longer = file.read(&mut block[..1])? != 0;
        Ok(((Kept { keys, forward }, hash.finalize()), longer))
    }
}

/// The bytes written or read at once.
const BLOCK: usize = 1 << 20;

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

    /// Three layers as the forward pass keeps them: no counts, 64-bit, 128-bit.
    fn layers() -> Vec<Kept> {
        let keys = |k: u64| (0..3000).map(|i| i * k + 7).collect::<Vec<u64>>();
        vec![
            Kept {
                keys: keys(3),
                forward: None,
            },
            Kept {
                keys: keys(5),
                forward: Some(Counts::Narrow(
                    (0..3000)
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
                    (0..3000)
                        .map(|i| Parity {
                            even: u128::MAX - i,
                            odd: i << 70,
                        })
                        .collect(),
                )),
            },
        ]
    }

    /// A layer's keys and counts, to compare.
    fn plain(k: &Kept) -> (Vec<u64>, Vec<Parity>) {
        let counts = match &k.forward {
            None => Vec::new(),
            Some(c) => (0..k.keys.len()).map(|i| c.get(i)).collect(),
        };
        (k.keys.clone(), counts)
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
            let (a, b) = (
                store.pop().unwrap().unwrap(),
                memory.pop().unwrap().unwrap(),
            );
            assert_eq!(plain(&a), plain(&b));
            assert_eq!(a.forward.is_some(), b.forward.is_some());
        }
        assert!(store.pop().is_none());
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
            store.pop().unwrap().unwrap();
        }
        let error = store.pop().unwrap().err().expect("a spoiled layer refused");
        error.to_string()
    }

    #[test]
    fn a_layer_file_shorter_longer_or_changed_is_refused() {
        for t in 0..3 {
            assert!(spoiled(t, |b| b.truncate(b.len() - 1)).contains("shorter"));
            assert!(spoiled(t, |b| b.clear()).contains("shorter"));
            assert!(spoiled(t, |b| b.push(0)).contains("longer"));
            // A bit flipped in a key, and in the counts.
            assert!(spoiled(t, |b| b[100] ^= 1).contains("other"));
            assert!(spoiled(t, |b| *b.last_mut().unwrap() ^= 0x80).contains("other"));
        }
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_an_error() {
        let parent = tempfile::tempdir().unwrap();
        let file = parent.path().join("a-file");
        fs::write(&file, b"").unwrap();
        assert!(Store::disk(&file, 9).is_err());
    }
}
