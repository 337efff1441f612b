//! The solver-side encoder (`certificate.rs`) against spec.md and the verifier crate: certificates
//! built from a brute-force minimax on the solver's own board are accepted; the header bytes sit
//! where spec.md §2 says; encoding is deterministic; writing is atomic; `jg verify` reports like
//! `jg-verify`.

use juniper_green::game::{numbers, Board, OpeningRule, Player, Position};
use juniper_green::proofs::certificate::{move_width, Body, Certificate, CertificateError};
use std::collections::{HashMap, HashSet};
use std::process::Command;

/// Brute-force minimax on raw positions and a tree builder that follows the walk of spec.md §4.
struct Minimax {
    board: Board,
    wins: HashMap<Position, bool>,
    memo: HashSet<Position>,
    moves: Vec<u64>,
    positions: u64,
}

impl Minimax {
    fn new(n: u32, rule: OpeningRule) -> Minimax {
        let board = Board::with_opening(n, rule);
        Minimax {
            board,
            wins: HashMap::new(),
            memo: HashSet::new(),
            moves: Vec::new(),
            positions: 0,
        }
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

    fn winner_turn(&mut self, position: Position) {
        self.positions += 1;
        let moves: Vec<u32> = numbers(self.board.legal_moves(&position)).collect();
        let k = moves
            .into_iter()
            .find(|&k| !self.wins(position.after(k)))
            .unwrap();
        self.moves.push(u64::from(k));
        self.loser_turn(position.after(k));
    }

    fn loser_turn(&mut self, position: Position) {
        if self.memo.contains(&position) {
            return;
        }
        self.positions += 1;
        for k in numbers(self.board.legal_moves(&position)).collect::<Vec<_>>() {
            self.winner_turn(position.after(k));
        }
        self.memo.insert(position);
    }

    /// A tree certificate for the game and the positions the walk must report.
    fn certificate(n: u32, rule: OpeningRule) -> (Certificate, u64) {
        let mut minimax = Minimax::new(n, rule);
        let winner = Player::winner(minimax.wins(Position::start()));
        match winner {
            Player::First => minimax.winner_turn(Position::start()),
            Player::Second => minimax.loser_turn(Position::start()),
        }
        let body = Body::Tree {
            moves: minimax.moves,
        };
        let generator = "verifier_encoder test".to_string();
        let certificate = Certificate {
            n: u64::from(n),
            opening_rule: rule,
            winner,
            generator,
            body,
        };
        (certificate, minimax.positions)
    }
}

#[test]
fn minimax_certificates_are_accepted_by_the_verifier() {
    for rule in [OpeningRule::Even, OpeningRule::Free] {
        for n in 1..=18 {
            let (certificate, positions) = Minimax::certificate(n, rule);
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
    let (certificate, _) = Minimax::certificate(16, OpeningRule::Free);
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
    assert_eq!((u32_at(28), u64_at(32) as usize), (0, g));
    assert_eq!(&bytes[40..40 + g], certificate.generator.as_bytes());
    let body = &bytes[80 + g..];
    assert_eq!(u64_at(40 + g), body.len() as u64);
    assert_eq!(&bytes[48 + g..80 + g], blake3::hash(body).as_bytes());
    let Body::Tree { moves } = &certificate.body else {
        unreachable!()
    };
    assert_eq!(body, moves.iter().map(|&m| m as u8).collect::<Vec<_>>());
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
    let body = Body::Pairing { opening, pairs };
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
    // The verifier decodes it, then the walk refutes the claim (these pairs prove nothing).
    let rejection = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()).unwrap_err();
    let decoded = !matches!(
        rejection,
        jg_verify::Rejection::Header { .. } | jg_verify::Rejection::Body { .. }
    );
    assert!(decoded, "{rejection}");
}

#[test]
fn encoding_errors() {
    let (mut certificate, _) = Minimax::certificate(8, OpeningRule::Even);
    certificate.generator = "x".repeat(201);
    assert!(matches!(
        certificate.to_bytes(),
        Err(CertificateError::GeneratorTooLong(201))
    ));
    certificate.generator = "t".into();
    let out_of_range = Certificate {
        body: Body::Tree { moves: vec![9] },
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
    let (certificate, _) = Minimax::certificate(12, OpeningRule::Even);
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
    let (certificate, positions) = Minimax::certificate(14, OpeningRule::Even);
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
