//! The verifier's integration tests, one module per subject, in one test binary: one link per
//! build instead of eleven (the mutation runs of docs/benchmarks-history.md rebuild the tests for every
//! mutant). Run one subject with `cargo test -p jg-verify --test suite -- barrier::`.

mod common;

mod barrier;
mod chain;
mod cli;
mod closure;
mod costs;
mod covers;
mod fuzz_replay;
mod hostile;
mod interval;
mod mutation;
mod openings;
mod published;
mod rejections;
mod roundtrip;
mod witnesses;
