//! One certificate as the Coq data holds it, shared by the data of the listed certificates
//! (`formal`) and of the general scheme (`formal_scheme`).

/// One certificate as the Coq checker reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoqCert {
    /// The certificate's file name, e.g. `cert-39-41.bin`.
    pub file: String,
    pub blake3: String,
    /// The boards lo..=hi it claims.
    pub lo: u64,
    pub hi: u64,
    /// The winner's opening; `0` when the winner is the second player.
    pub opening: u64,
    pub pairs: Vec<(u64, u64)>,
    /// Every number the loser may be about to name, ascending.
    pub closure: Vec<u64>,
}

/// The Coq name of a certificate: `c_39_41` for `cert-39-41.bin`.
pub fn coq_name(file: &str) -> String {
    let stem = file.trim_end_matches(".bin").trim_start_matches("cert-");
    format!("c_{}", stem.replace('-', "_"))
}
