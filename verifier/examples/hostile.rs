//! Writes the hostile certificates of docs/benchmarks-history.md, "Hostile certificates", into a folder:
//! `cargo run --release -p jg-verify --example hostile -- DIR`, then time `jg-verify DIR/*.bin`.
//! Issue 39's two inputs (docs/benchmarks-history.md, "Hostile inputs of issue 39"), from files made by `jg`:
//! `hostile -- swap OPENINGS.bin OUT.bin` writes the maximum matching of an openings certificate
//! (`jg certify N --openings`, one matching-and-barrier entry) swapped along its first path, as
//! a first-player closed pairing; `hostile -- pad CHAIN.txt ROWS OUT.txt` adds ROWS `t 0` rows
//! to the first leaf of a chain certificate.
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

/// The little-endian number of `width` bytes at `at`.
fn read(bytes: &[u8], at: usize, width: usize) -> u64 {
    bytes[at..at + width].iter().rev().fold(0, |value, &byte| value << 8 | u64::from(byte))
}

/// The matching of an openings certificate's tag 4 entry (spec.md §3.4) swapped along its first
/// path: a first-player closed pairing for the opening the path ends at.
fn swap(openings: &[u8]) -> Vec<u8> {
    let n = read(openings, 12, 8);
    let (w, mut at) = (width(n), 80 + read(openings, 32, 8) as usize);
    assert_eq!(openings[at], 4, "one matching-and-barrier entry");
    at += 1;
    at += w * (1 + read(openings, at, w) as usize);
    let count = read(openings, at, w) as usize;
    let mut partner = std::collections::HashMap::new();
    for i in 0..count {
        let (a, b) =
            (read(openings, at + w * (1 + 2 * i), w), read(openings, at + w * (2 + 2 * i), w));
        partner.extend([(a, b), (b, a)]);
    }
    at += w * (1 + 2 * count);
    at += w * (1 + read(openings, at, w) as usize);
    let len = read(openings, at + w, w) as usize;
    let path: Vec<u64> = (0..len).map(|i| read(openings, at + w * (2 + i), w)).collect();
    for step in path[1..].chunks(2) {
        partner.remove(&step[0]);
        partner.remove(&step[1]);
    }
    for step in path.chunks(2).filter(|step| step.len() == 2) {
        partner.extend([(step[0], step[1]), (step[1], step[0])]);
    }
    let mut pairs: Vec<(u64, u64)> = partner.into_iter().filter(|(a, b)| a < b).collect();
    pairs.sort();
    let mut body = [number(path[len - 1], n), number(pairs.len() as u64, n)].concat();
    body.extend(pairs.iter().flat_map(|&(a, b)| [number(a, n), number(b, n)].concat()));
    certificate(n, 0, 2, &body)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [command, from, rest @ ..] = &args[..] {
        let input = std::fs::read(from)?;
        match (command.as_str(), rest) {
            ("swap", [out]) => return std::fs::write(out, swap(&input)),
            ("pad", [rows, out]) => {
                let (text, rows) = (String::from_utf8(input).unwrap(), rows.parse().unwrap());
                let leaf = text.lines().find(|line| line.starts_with("leaf ")).unwrap();
                let count: usize = leaf[5..].parse().unwrap();
                let padded = format!("leaf {}\n{}", count + rows, "t 0\n".repeat(rows));
                return std::fs::write(out, text.replacen(&format!("{leaf}\n"), &padded, 1));
            }
            _ => panic!("hostile DIR | swap OPENINGS.bin OUT.bin | pad CHAIN.txt ROWS OUT.txt"),
        }
    }
    let dir = PathBuf::from(args.first().map_or("hostile", String::as_str));
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
