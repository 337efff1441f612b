//! The proofs: choosing a strategy, encoding it as a certificate, having the verifier check it,
//! keeping it, and rendering accepted certificates for people.
//!
//! - choose and build: [`certify`] (which strategy for n), [`closure`] (closed pairings),
//!   [`openings`] (per-opening certificates);
//! - encode and write: [`certificate`] (the bytes, atomic writes), [`manifest`] (`MANIFEST.tsv`),
//!   [`chains`] (the folder of chain certificates and its b-file, resumable);
//! - accept: [`accept`] (the verifier's acceptance, the decoding and the claim expected, for a
//!   file or a folder: the one step before anything below says a word about a certificate);
//! - explain: [`explain`] (one certificate as a readable proof; [`large_board`] the
//!   factorisations and prime witnesses it gives past its divisor table), [`theorem`] and
//!   [`theorem_document`] (`docs/THEOREM.md` from the folder of certificates), [`oeis`] (the
//!   results as OEIS b-files, from verified certificates), [`oeis_games`] (the b-files of how many
//!   games there are, from the exact counts).

pub mod accept;
pub mod certificate;
pub mod certify;
pub mod chains;
pub mod closure;
pub mod explain;
pub mod formal;
pub mod formal_cert;
pub mod formal_chains;
pub mod formal_openings;
pub mod formal_scheme;
pub mod large_board;
pub mod manifest;
pub mod oeis;
pub mod oeis_games;
pub mod openings;
pub mod theorem;
pub mod theorem_document;
