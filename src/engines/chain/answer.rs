//! What the chain engine answers: a longest chain (proved or not), its certificate, and why
//! an n is refused. Shared by the engine's files (the branch and cut's certification, the
//! combinatorial search) and re-exported by `chain`.

use serde::Serialize;

/// Largest n the branch and cut accepts (the bound is memory: G_n has about n ln n edges).
pub const MAX_CHAIN_N: u64 = 1 << 20;
/// Largest n the combinatorial search accepts (bitsets of eight 64-bit words).
pub const MAX_SEARCH_N: u64 = 512;

/// A longest chain and the proof that none is longer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LongestChain {
    pub n: u64,
    /// The numbers of the chain, in order.
    pub chain: Vec<u64>,
    /// The separator bound before any search: no chain is longer than this.
    pub root_bound: u64,
    /// Nodes of the branch and bound visited.
    pub nodes: u64,
    /// True when the search ran to the end, so no chain beats `chain`; false when the time
    /// limit stopped it, and then only `root_bound` is proved.
    pub proved: bool,
}

/// Why the search refuses an n.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainSearchError {
    #[error("n must be at least 1")]
    Zero,
    #[error("n = {0} is too large for the chain search (at most {1})")]
    TooLarge(u64, u64),
    #[error("n = {0}: {1}; no certificate")]
    NotCertified(u64, String),
}

/// A longest chain with its certificate (spec.md §6), already accepted by `jg_verify::chain`.
#[derive(Clone, Debug)]
pub struct CertifiedChain {
    pub found: LongestChain,
    /// The certificate file's bytes.
    pub certificate: Vec<u8>,
    /// Its figures: the common denominator, forest cuts, rows with a multiplier, leaves.
    pub denominator: u64,
    pub cuts: usize,
    pub rows: usize,
    pub leaves: u64,
}
