//! The proofs: choosing a strategy, encoding it as a certificate, having the verifier check it,
//! keeping it, and rendering accepted certificates for people.
//!
//! - choose and build: [`certify`] (which strategy for n), [`closure`] (closed pairings),
//!   [`openings`] (per-opening certificates);
//! - encode and write: [`certificate`] (the bytes, atomic writes), [`manifest`] (`MANIFEST.tsv`),
//!   [`chains`] (the folder of chain certificates and its b-file, resumable);
//! - explain: [`explain`] (one certificate as a readable proof; [`large_board`] the
//!   factorisations and prime witnesses it gives past its divisor table), [`theorem`] and
//!   [`theorem_document`] (`docs/THEOREM.md` from the folder of certificates), [`oeis`] (the
//!   results as OEIS b-files, from verified certificates).

pub mod certificate;
pub mod certify;
pub mod chains;
pub mod closure;
pub mod explain;
pub mod formal;
pub mod large_board;
pub mod manifest;
pub mod oeis;
pub mod openings;
pub mod theorem;
pub mod theorem_document;

use std::path::{Path, PathBuf};

/// The files of `dir` with this extension (`bin`, `txt`), sorted by name: the certificates of a
/// folder, as `jg theorem`, `jg oeis` and `jg formal-data` read them. Err names what could not
/// be read.
pub fn files_with_extension(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, String> {
    let listing = std::fs::read_dir(dir)
        .map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    let mut paths = Vec::new();
    for item in listing {
        let path = item.map_err(|error| error.to_string())?.path();
        if path.extension().and_then(|e| e.to_str()) == Some(extension) {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// The bytes of a file; Err names the file.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))
}
