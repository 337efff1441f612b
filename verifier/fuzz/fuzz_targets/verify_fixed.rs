//! Fuzz target `verify_fixed` (see src/lib.rs): `RUSTC_BOOTSTRAP=1 cargo fuzz run verify_fixed` from verifier/.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| jg_verify_fuzz::verify_fixed(data));
