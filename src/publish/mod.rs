//! Publishing: accepted certificates written for people and archives. Nothing here chooses,
//! encodes or checks a certificate (that is `proofs/`, below); every file is accepted by
//! `proofs::accept` (the verifier, then the decoding again) before a word is written about it.
//!
//! - [`explain`]: one certificate as a readable proof, Markdown or LaTeX (`jg explain`);
//!   [`large_board`] the factorisations and prime witnesses it shows past its divisor table;
//! - [`theorem_document`]: `docs/THEOREM.md` from the folder of certificates (`jg theorem`);
//! - [`oeis`] and [`oeis_games`]: the OEIS b-files, from verified certificates and from the
//!   exact counts of games (`jg oeis`);
//! - [`formal`], [`formal_openings`], [`formal_scheme`], [`formal_cert`]: the certificates as Coq
//!   data for `formal/` (`jg formal-data`).
//!
//! Only the frontends and the `jg` binary import this room (tests/module_cycles.rs).

pub mod explain;
pub mod formal;
pub mod formal_cert;
pub mod formal_chains;
pub mod formal_openings;
pub mod formal_scheme;
pub mod large_board;
pub mod oeis;
pub mod oeis_games;
pub mod theorem_document;
