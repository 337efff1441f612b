//! Fuzz target `chain` (see src/lib.rs): `RUSTC_BOOTSTRAP=1 cargo fuzz run chain` from verifier/.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jg_verify_fuzz::chain(data));
