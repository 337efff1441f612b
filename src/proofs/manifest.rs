//! `certificates/MANIFEST.tsv`: one row per published certificate file, pinning its bytes by
//! BLAKE3. Columns (tab-separated, after a header line, rows sorted by the first n):
//! `range` (`N`, or `A..B` for an interval certificate), `winner`, `kind`, `bytes`, `blake3`
//! (of the whole file) and `file` (its name in the folder).

use crate::game::Player;
use std::collections::BTreeMap;
use std::path::Path;

pub const HEADER: &str = "range\twinner\tkind\tbytes\tblake3\tfile";

/// The kinds a row may name (spec.md §2, `kind`): the two of `certificates/`. The retired
/// `tree` and `pairing` (§3.1) are refused like any other unknown name, since no verifier
/// accepts their files.
pub const KINDS: [&str; 2] = ["closed-pairing", "interval-closed-pairing"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The first and last n the file proves (equal for a single-n certificate).
    pub first: u64,
    pub last: u64,
    pub winner: Player,
    /// One of `KINDS`.
    pub kind: String,
    pub bytes: u64,
    pub blake3: String,
    pub file: String,
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
    /// `N` or `A..B`.
    pub fn range(&self) -> String {
        if self.first == self.last {
            self.first.to_string()
        } else {
            format!("{}..{}", self.first, self.last)
        }
    }

    fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.range(),
            self.winner.name(),
            self.kind,
            self.bytes,
            self.blake3,
            self.file
        )
    }

    fn parse(line: &str) -> Result<Row, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [range, winner, kind, bytes, blake3, file] = fields[..] else {
            return Err(format!(
                "expected 6 tab-separated fields, found {}",
                fields.len()
            ));
        };
        let number = |text: &str, what: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{what} '{text}' is not a number"))
        };
        let (first, last) = match range.split_once("..") {
            Some((a, b)) => (number(a, "range start")?, number(b, "range end")?),
            None => (number(range, "n")?, number(range, "n")?),
        };
        if first == 0 || first > last || (range.contains("..") && first == last) {
            return Err(format!("range '{range}' is not N or A..B with 1 ≤ A < B"));
        }
        let winner = match winner {
            "first" => Player::First,
            "second" => Player::Second,
            other => return Err(format!("winner '{other}' is neither first nor second")),
        };
        if !KINDS.contains(&kind) {
            return Err(format!("kind '{kind}' is not one of {}", KINDS.join(", ")));
        }
        if blake3.len() != 64 || !blake3.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("'{blake3}' is not a BLAKE3 hex digest"));
        }
        if file.is_empty() || file.contains('/') {
            return Err(format!("'{file}' is not a file name"));
        }
        Ok(Row {
            first,
            last,
            winner,
            kind: kind.to_string(),
            bytes: number(bytes, "bytes")?,
            blake3: blake3.to_string(),
            file: file.to_string(),
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

/// Writes exactly `rows`, sorted by range, atomically and durably (`write_atomically`).
pub fn write(path: &Path, rows: &[Row]) -> Result<(), ManifestError> {
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by_key(|row| (row.first, row.last));
    let mut text = format!("{HEADER}\n");
    for row in sorted {
        text.push_str(&row.to_line());
        text.push('\n');
    }
    let io = |source| ManifestError::Io {
        path: path.display().to_string(),
        source,
    };
    crate::proofs::certificate::write_atomically(path, text.as_bytes()).map_err(io)
}

/// Replaces the rows for the same range (or the same file) by `updates` and writes the
/// manifest sorted by range.
pub fn update(path: &Path, updates: &[Row]) -> Result<(), ManifestError> {
    let mut rows: BTreeMap<(u64, u64), Row> = read(path)?
        .into_iter()
        .filter(|row| !updates.iter().any(|u| u.file == row.file))
        .map(|row| ((row.first, row.last), row))
        .collect();
    for row in updates {
        rows.insert((row.first, row.last), row.clone());
    }
    let rows: Vec<Row> = rows.into_values().collect();
    write(path, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_writes_leave_one_whole_manifest_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("MANIFEST.tsv");
        let rows = |count: u64| -> Vec<Row> {
            (1..=count)
                .map(|n| Row {
                    first: n,
                    last: n,
                    winner: Player::Second,
                    kind: "closed-pairing".into(),
                    bytes: 100 + n,
                    blake3: "cd".repeat(32),
                    file: format!("cert-{n}.bin"),
                })
                .collect()
        };
        // Eight writers at once, each a manifest of a different length: the file is always one
        // of them, whole, and nothing else is left in the folder.
        std::thread::scope(|scope| {
            for count in 1..=8 {
                let (path, rows) = (&path, rows(count * 50));
                scope.spawn(move || write(path, &rows).unwrap());
            }
        });
        let read_back = read(&path).unwrap();
        assert!(read_back.len().is_multiple_of(50) && !read_back.is_empty());
        assert_eq!(read_back, rows(read_back.len() as u64));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["MANIFEST.tsv"]);
    }

    #[test]
    fn rows_round_trip_and_updates_replace_by_range() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("MANIFEST.tsv");
        let row = |first, last, bytes| Row {
            first,
            last,
            winner: Player::First,
            kind: "closed-pairing".into(),
            bytes,
            blake3: "ab".repeat(32),
            file: if first == last {
                format!("cert-{first}.bin")
            } else {
                format!("cert-{first}-{last}.bin")
            },
        };
        update(&path, &[row(20, 20, 5), row(3, 3, 7), row(129, 147, 1)]).unwrap();
        update(&path, &[row(20, 20, 9)]).unwrap();
        assert_eq!(
            read(&path).unwrap(),
            vec![row(3, 3, 7), row(20, 20, 9), row(129, 147, 1)]
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\n129..147\tfirst\t"), "{text}");
        for bad in [
            "3\tfirst\tclosed-pairing\t1\tnothex\tcert-3.bin",
            "5..5\tfirst\tclosed-pairing\t1\t{h}\tcert-5.bin",
            "9..4\tfirst\tclosed-pairing\t1\t{h}\tcert-9.bin",
            "3\tfirst\twalk\t1\t{h}\tcert-3.bin",
            "3\tfirst\ttree\t1\t{h}\tcert-3.bin",
            "3\tfirst\tpairing\t1\t{h}\tcert-3.bin",
        ] {
            let line = bad.replace("{h}", &"ab".repeat(32));
            std::fs::write(&path, format!("{HEADER}\n{line}\n")).unwrap();
            assert!(
                matches!(read(&path), Err(ManifestError::Malformed { line: 2, .. })),
                "{line}"
            );
        }
    }
}
