//! `certificates/MANIFEST.tsv`: one row per published certificate, pinning its bytes by BLAKE3.
//! Columns: `n`, `winner`, `kind`, `bytes`, `positions`, `blake3` (tab-separated, a header line,
//! rows sorted by n). A certificate over 10 MB is not committed; its row still pins it and
//! `jg certify N` reproduces it byte for byte.

use crate::game::Player;
use std::collections::BTreeMap;
use std::path::Path;

pub const HEADER: &str = "n\twinner\tkind\tbytes\tpositions\tblake3";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub n: u64,
    pub winner: Player,
    /// `tree`, `pairing` or `closed-pairing` (spec.md §2, `kind`).
    pub kind: String,
    pub bytes: u64,
    pub positions: u64,
    pub blake3: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}, line {line}: {why}")]
    Malformed {
        path: String,
        line: usize,
        why: String,
    },
}

impl Row {
    fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.n,
            self.winner.name(),
            self.kind,
            self.bytes,
            self.positions,
            self.blake3
        )
    }

    fn parse(line: &str) -> Result<Row, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [n, winner, kind, bytes, positions, blake3] = fields[..] else {
            return Err(format!(
                "expected 6 tab-separated fields, found {}",
                fields.len()
            ));
        };
        let number = |text: &str, what: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{what} '{text}' is not a number"))
        };
        let winner = match winner {
            "first" => Player::First,
            "second" => Player::Second,
            other => return Err(format!("winner '{other}' is neither first nor second")),
        };
        if !matches!(kind, "tree" | "pairing" | "closed-pairing") {
            return Err(format!(
                "kind '{kind}' is not tree, pairing or closed-pairing"
            ));
        }
        if blake3.len() != 64 || !blake3.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("'{blake3}' is not a BLAKE3 hex digest"));
        }
        Ok(Row {
            n: number(n, "n")?,
            winner,
            kind: kind.to_string(),
            bytes: number(bytes, "bytes")?,
            positions: number(positions, "positions")?,
            blake3: blake3.to_string(),
        })
    }
}

/// Reads a manifest; a missing file is an empty manifest.
pub fn read(path: &Path) -> Result<Vec<Row>, ManifestError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(ManifestError::Io {
                path: path.display().to_string(),
                source,
            })
        }
    };
    let malformed = |line: usize, why: String| ManifestError::Malformed {
        path: path.display().to_string(),
        line,
        why,
    };
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, HEADER)) => {}
        _ => {
            return Err(malformed(
                1,
                format!("the first line must be the header '{HEADER}'"),
            ))
        }
    }
    lines
        .filter(|(_, line)| !line.is_empty())
        .map(|(i, line)| Row::parse(line).map_err(|why| malformed(i + 1, why)))
        .collect()
}

/// Replaces the rows for the same n by `updates` and writes the manifest sorted by n
/// (atomically: a temporary file, then a rename).
pub fn update(path: &Path, updates: &[Row]) -> Result<(), ManifestError> {
    let mut rows: BTreeMap<u64, Row> = read(path)?.into_iter().map(|row| (row.n, row)).collect();
    for row in updates {
        rows.insert(row.n, row.clone());
    }
    let mut text = format!("{HEADER}\n");
    for row in rows.values() {
        text.push_str(&row.to_line());
        text.push('\n');
    }
    let io = |source| ManifestError::Io {
        path: path.display().to_string(),
        source,
    };
    let temporary = path.with_extension("tsv.tmp");
    std::fs::write(&temporary, text).map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_and_updates_replace_by_n() {
        let dir = std::env::temp_dir().join(format!("jg-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("MANIFEST.tsv");
        let row = |n, positions| Row {
            n,
            winner: Player::First,
            kind: "pairing".into(),
            bytes: 120,
            positions,
            blake3: "ab".repeat(32),
        };
        update(&path, &[row(20, 5), row(3, 7)]).unwrap();
        update(&path, &[row(20, 9)]).unwrap();
        assert_eq!(read(&path).unwrap(), vec![row(3, 7), row(20, 9)]);
        std::fs::write(&path, format!("{HEADER}\n3\tfirst\ttree\t1\t1\tnothex\n")).unwrap();
        assert!(matches!(
            read(&path),
            Err(ManifestError::Malformed { line: 2, .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
