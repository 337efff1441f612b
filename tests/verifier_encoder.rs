//! The solver-side encoder (`certificate.rs`) against spec.md and the verifier crate: closed
//! pairings built by the solver are accepted with the winner of a brute-force minimax on the
//! solver's own board and the size of a closure recomputed here; the header bytes sit where
//! spec.md §2 says; encoding is deterministic; writing is atomic; `jg verify` reports like
//! `jg-verify`.

use juniper_green::game::{numbers, Board, OpeningRule, Player, Position};
use juniper_green::proofs::certificate::{move_width, Body, Certificate, CertificateError};
use juniper_green::proofs::closure::closed_pairing;
use std::collections::{HashMap, HashSet};
use std::process::Command;

/// Brute-force minimax on raw positions.
struct Minimax {
    board: Board,
    wins: HashMap<Position, bool>,
}

impl Minimax {
    fn winner(n: u32, rule: OpeningRule) -> Player {
        let board = Board::with_opening(n, rule);
        let mut minimax = Minimax {
            board,
            wins: HashMap::new(),
        };
        Player::winner(minimax.wins(Position::start()))
    }

    fn wins(&mut self, position: Position) -> bool {
        if let Some(&known) = self.wins.get(&position) {
            return known;
        }
        let moves: Vec<u32> = numbers(self.board.legal_moves(&position)).collect();
        let result = moves.into_iter().any(|k| !self.wins(position.after(k)));
        self.wins.insert(position, result);
        result
    }
}

/// The solver's closed pairing for the game as a certificate, and the size of its closure
/// (spec.md §4.5) recomputed here on the solver's board: the positions the verifier reports.
fn certificate(n: u32, rule: OpeningRule) -> (Certificate, u64) {
    let pairing = closed_pairing(u64::from(n), rule).expect("a closed pairing for n ≤ 128");
    let board = Board::with_opening(n, rule);
    let partner: HashMap<u64, u64> = pairing
        .pairs
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .collect();
    let first = match pairing.opening {
        Some(v) => Position::start().after(v as u32),
        None => Position::start(),
    };
    let mut todo: Vec<u32> = numbers(board.legal_moves(&first)).collect();
    let mut closure: HashSet<u32> = todo.iter().copied().collect();
    while let Some(x) = todo.pop() {
        let y = partner[&u64::from(x)] as u32;
        for z in numbers(board.legal_moves(&first.after(y))) {
            if closure.insert(z) {
                todo.push(z);
            }
        }
    }
    let certificate = Certificate {
        n: u64::from(n),
        opening_rule: rule,
        winner: pairing.winner(),
        generator: "verifier_encoder test".to_string(),
        body: Body::ClosedPairing {
            opening: pairing.opening,
            pairs: pairing.pairs,
        },
    };
    (certificate, closure.len() as u64)
}

/// The engine's closed pairings name the minimax winner, and the verifier accepts them with
/// the closure counted here (one cross-check of the matching engine against the search-free
/// minimax, through the verifier).
#[test]
fn closed_pairing_certificates_are_accepted_with_the_minimax_winner() {
    for rule in [OpeningRule::Even, OpeningRule::Free] {
        for n in 1..=18 {
            let (certificate, positions) = certificate(n, rule);
            assert_eq!(certificate.winner, Minimax::winner(n, rule), "n={n}");
            let bytes = certificate.to_bytes().unwrap();
            let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default())
                .unwrap_or_else(|rejection| panic!("n={n}: {rejection}"));
            assert_eq!(verdict.n, u64::from(n));
            assert_eq!(verdict.winner.name(), certificate.winner.name());
            assert_eq!(verdict.positions, positions);
            assert_eq!(verdict.blake3_hex(), certificate.blake3_hex().unwrap());
        }
    }
}

#[test]
fn header_bytes_follow_the_spec_table() {
    let (certificate, _) = certificate(16, OpeningRule::Free);
    let bytes = certificate.to_bytes().unwrap();
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    let g = certificate.generator.len();
    assert_eq!(&bytes[..8], b"JUNIPERG");
    assert_eq!((u32_at(8), u64_at(12), u32_at(20)), (1, 16, 1));
    assert_eq!(
        u32_at(24),
        if certificate.winner == Player::First {
            0
        } else {
            1
        }
    );
    assert_eq!((u32_at(28), u64_at(32) as usize), (2, g));
    assert_eq!(&bytes[40..40 + g], certificate.generator.as_bytes());
    let body = &bytes[80 + g..];
    assert_eq!(u64_at(40 + g), body.len() as u64);
    assert_eq!(&bytes[48 + g..80 + g], blake3::hash(body).as_bytes());
    let Body::ClosedPairing { opening, pairs } = &certificate.body else {
        unreachable!()
    };
    // The opening (0 for none), the count, then the pairs (already canonical), one byte each.
    let mut expected = vec![opening.unwrap_or(0) as u8, pairs.len() as u8];
    expected.extend(pairs.iter().flat_map(|&(a, b)| [a as u8, b as u8]));
    assert_eq!(body, expected);
}

#[test]
fn move_widths() {
    let cases = [
        (1, 1),
        (255, 1),
        (256, 2),
        (65_535, 2),
        (65_536, 4),
        (1 << 32, 8),
        (u64::MAX, 8),
    ];
    for (n, width) in cases {
        assert_eq!(move_width(n), width, "n={n}");
        assert_eq!(jg_verify::move_width(n), width, "n={n}");
    }
}

fn pairing(n: u64, winner: Player, opening: Option<u64>, pairs: Vec<(u64, u64)>) -> Certificate {
    let body = Body::ClosedPairing { opening, pairs };
    Certificate {
        n,
        opening_rule: OpeningRule::Even,
        winner,
        generator: "test".into(),
        body,
    }
}

#[test]
fn pairings_are_canonical_and_deterministic() {
    let a = pairing(300, Player::Second, None, vec![(4, 2), (3, 1), (300, 150)]);
    let b = pairing(300, Player::Second, None, vec![(1, 3), (150, 300), (2, 4)]);
    let bytes = a.to_bytes().unwrap();
    assert_eq!(bytes, b.to_bytes().unwrap());
    let body = &bytes[bytes.len() - 2 * (2 + 6)..];
    let numbers: Vec<u16> = body
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(numbers, [0, 3, 1, 3, 2, 4, 150, 300]);
    // The verifier decodes it, then the closure refutes the claim (these pairs prove nothing).
    let rejection = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()).unwrap_err();
    let decoded = !matches!(
        rejection,
        jg_verify::Rejection::Header { .. } | jg_verify::Rejection::Body { .. }
    );
    assert!(decoded, "{rejection}");
}

#[test]
fn encoding_errors() {
    let (mut certificate, _) = certificate(8, OpeningRule::Even);
    certificate.generator = "x".repeat(201);
    assert!(matches!(
        certificate.to_bytes(),
        Err(CertificateError::GeneratorTooLong(201))
    ));
    certificate.generator = "t".into();
    let out_of_range = Certificate {
        body: Body::ClosedPairing {
            opening: None,
            pairs: vec![(3, 9)],
        },
        winner: Player::Second,
        ..certificate.clone()
    };
    let error = out_of_range.to_bytes();
    assert!(matches!(
        error,
        Err(CertificateError::NumberOutOfRange { number: 9, n: 8 })
    ));
    let zero = Certificate {
        n: 0,
        ..certificate
    };
    assert!(matches!(zero.to_bytes(), Err(CertificateError::ZeroN)));
    let mismatch = pairing(8, Player::First, None, vec![]);
    assert!(matches!(
        mismatch.to_bytes(),
        Err(CertificateError::OpeningMismatch)
    ));
    let self_pair = pairing(8, Player::Second, None, vec![(3, 3)]);
    assert!(matches!(
        self_pair.to_bytes(),
        Err(CertificateError::SelfPair(3))
    ));
}

#[test]
fn write_is_atomic_and_replaces_the_file() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    let path = dir.join("cert-12.bin");
    std::fs::write(&path, b"old contents").unwrap();
    let (certificate, _) = certificate(12, OpeningRule::Even);
    certificate.write(&path).unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        certificate.to_bytes().unwrap()
    );
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        left,
        [std::ffi::OsString::from("cert-12.bin")],
        "no temporary file is left"
    );
    let missing = dir.join("no-such-dir").join("cert.bin");
    assert!(matches!(
        certificate.write(&missing),
        Err(CertificateError::Io { .. })
    ));
}

#[test]
fn jg_verify_subcommand_reports_like_jg_verify() {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    let (certificate, positions) = certificate(14, OpeningRule::Even);
    let valid = dir.join("cert-14.bin");
    certificate.write(&valid).unwrap();
    let invalid = dir.join("bad.bin");
    std::fs::write(&invalid, b"JUNIPERG but not much else").unwrap();
    let missing = dir.join("missing.bin");
    let jg = |paths: &[&std::path::Path]| {
        let output = Command::new(env!("CARGO_BIN_EXE_jg"))
            .arg("verify")
            .args(paths)
            .output();
        let output = output.unwrap();
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        (
            text(output.stdout),
            text(output.stderr),
            output.status.code().unwrap(),
        )
    };
    let (out, err, code) = jg(&[&valid]);
    let expected = format!(
        "{}: valid: n=14, {} player wins, {positions} positions, blake3 {}\n",
        valid.display(),
        certificate.winner.name(),
        certificate.blake3_hex().unwrap()
    );
    assert_eq!((out, err, code), (expected, String::new(), 0));
    let (out, _, code) = jg(&[&valid, &invalid]);
    let second = out.lines().nth(1).unwrap();
    assert!(second.starts_with(&format!("{}: invalid: ", invalid.display())));
    assert_eq!(code, 1);
    // Unreadable files go to stderr; exit 2 unless a file is invalid (exit 1 outranks it).
    let (out, err, code) = jg(&[&missing, dir]);
    assert_eq!(out, "");
    let errors: Vec<&str> = err.lines().collect();
    assert!(errors[0].starts_with(&format!("{}: error: ", missing.display())));
    assert!(errors[1].starts_with(&format!("{}: error: ", dir.display())));
    assert_eq!(code, 2);
    assert_eq!(jg(&[&invalid, &missing]).2, 1);
}
