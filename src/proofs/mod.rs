//! The proofs: choosing a strategy, encoding it as a certificate, having the verifier check it,
//! and keeping it. Writing accepted certificates for people is the room above (`publish/`).
//!
//! - choose and build: [`certify`] (which strategy for n), [`closure`] (closed pairings),
//!   [`openings`] (per-opening certificates), [`theorem`] (the theorem folder: the few
//!   certificates that together cover a range);
//! - encode and write: [`certificate`] (the bytes, atomic writes), [`decode`] (the bytes read
//!   back: the claim and the strategy), [`manifest`] (`MANIFEST.tsv`), [`chains`] (the folder of
//!   chain certificates and its b-file, resumable);
//! - accept: [`accept`] (the verifier's acceptance, the decoding and the claim expected, for a
//!   file or a folder: the one step before anything is said about a certificate).

pub mod accept;
pub mod certificate;
pub mod certify;
pub mod chains;
pub mod closure;
pub mod decode;
pub mod manifest;
pub mod openings;
pub mod theorem;
