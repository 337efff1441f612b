//! Certificates on the solver side: the data of a proof and its encoding (spec.md gives the
//! bytes). Writing is atomic: a temporary file beside the target, then a rename.
//! Decoding and checking belong to the verifier crate alone.

use crate::game::{OpeningRule, Player};

/// What the winner's moves are made of (spec.md, "Body").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// The winner's moves in the verifier's walk order (depth-first pre-order).
    Tree { moves: Vec<u64> },
    /// The opening (when the first player is the winner) and the pairs; each winner move comes
    /// from the rule in spec.md ("The pairing rule").
    Pairing {
        opening: Option<u64>,
        pairs: Vec<(u64, u64)>,
    },
}

/// A complete certificate: the claim and the strategy that proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub n: u64,
    pub opening_rule: OpeningRule,
    pub winner: Player,
    /// Name and version of the program that made it, e.g. `jg 0.1.0 search-tree`.
    pub generator: String,
    pub body: Body,
}
