//! Writes the hostile certificates of BENCHMARKS.md "Hostile certificates" into a folder:
//! `cargo run --release -p jg-verify --example hostile -- DIR`, then time `jg-verify DIR/*.bin`.
//! Each file is well formed up to its hash (spec.md §2); what it claims is the attack. The k0 and
//! k1 files use the retired kinds 0 and 1 (spec.md §3.1): they are now refused at byte 28.

use std::path::PathBuf;

fn width(n: u64) -> usize {
    jg_verify::move_width(n)
}

fn number(x: u64, n: u64) -> Vec<u8> {
    x.to_le_bytes()[..width(n)].to_vec()
}

/// Header of spec.md §2 (generator "x") and the body.
fn certificate(n: u64, winner: u32, kind: u32, body: &[u8]) -> Vec<u8> {
    let mut bytes = b"JUNIPERG".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend(n.to_le_bytes());
    for field in [0u32, winner, kind] {
        bytes.extend(field.to_le_bytes());
    }
    bytes.extend(1u64.to_le_bytes());
    bytes.push(b'x');
    bytes.extend((body.len() as u64).to_le_bytes());
    bytes.extend(blake3::hash(body).as_bytes());
    bytes.extend(body);
    bytes
}

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(std::env::args_os().nth(1).unwrap_or_else(|| "hostile".into()));
    std::fs::create_dir_all(&dir)?;
    let big = 20_000_000_000;
    let empty_pairing = |n| [number(0, n), number(0, n)].concat();
    let n = 1u64 << 40;
    let mut pairs = [number(0, n), number(1 << 24, n)].concat();
    for k in 1..=1u64 << 24 {
        pairs.extend(number(2 * k - 1, n));
        pairs.extend(number(2 * k, n));
    }
    let files = [
        ("k2-second-2e10-nopairs", certificate(big, 1, 2, &empty_pairing(big))),
        (
            "k2-first-1e12-open2",
            certificate(
                1_000_000_000_000,
                0,
                2,
                &[number(2, 1_000_000_000_000), number(0, 1_000_000_000_000)].concat(),
            ),
        ),
        ("k0-second-2e10-empty", certificate(big, 1, 0, &[])),
        ("k1-second-2e10-nopairs", certificate(big, 1, 1, &empty_pairing(big))),
        ("k2-second-2p40-16Mpairs", certificate(n, 1, 2, &pairs)),
    ];
    for (name, bytes) in files {
        std::fs::write(dir.join(format!("{name}.bin")), &bytes)?;
        println!("{name}.bin {} bytes", bytes.len());
    }
    Ok(())
}
