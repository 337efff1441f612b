//! Certificates on the solver side: the data of a proof and its encoding (spec.md §2–3 give the
//! bytes). Encoding is deterministic: the same certificate always gives the same bytes. Writing
//! is atomic: a temporary file beside the target, fsync, then a rename.
//! Decoding and checking belong to the verifier crate alone.

use crate::game::{OpeningRule, Player};
use crate::pairing::Pairing;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` so that a reader sees the old file or the whole new one, never a
/// part, and the new one survives a crash once this returns: a temporary file beside it, named
/// by the process and a counter (two runs, or two threads, never share one), synced, renamed
/// over `path`, then the directory synced where the platform allows. Certificates, manifests
/// and chain files all use it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let count = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = path.with_file_name(format!(".{name}.{}.{count}.tmp", std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(error) = written.and_then(|()| std::fs::rename(&temporary, path)) {
        let _ = std::fs::remove_file(&temporary);
        return Err(error);
    }
    if let Some(directory) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::File::open(directory).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// The first bytes of every certificate (ASCII `JUNIPERG`).
pub const MAGIC: [u8; 8] = *b"JUNIPERG";
/// The format version this crate writes (spec.md §2); `VERSION_WITH_WITNESSES` when the body
/// starts with prime witnesses (spec.md §3.5).
pub const VERSION: u32 = 1;
pub const VERSION_WITH_WITNESSES: u32 = 2;
/// Longest generator name the format allows, in bytes.
pub const MAX_GENERATOR_LEN: usize = 200;

/// What the winner's strategy is made of (spec.md, "Body"). Kinds 0 (tree) and 1 (walked
/// pairing) are retired (spec.md §2): nothing here writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// The opening (when the first player is the winner) and the pairs, checked by their
    /// closure (spec.md §3.2, §4.5): the winner always answers with the partner.
    ClosedPairing {
        opening: Option<u64>,
        pairs: Vec<(u64, u64)>,
    },
    /// A closed pairing that proves a first-player win for every board 1..m with
    /// `n ≤ m ≤ n_last` (kind 3): the header's `n` is the smallest board, every number is at
    /// most `n`, and every number the winner plays has `2y > n_last` (so its neighbours are its
    /// divisors on every board of the interval). The body is `n_last` as 8 little-endian bytes,
    /// then the pairing body of `ClosedPairing` (the opening is never 0).
    IntervalClosedPairing {
        n_last: u64,
        opening: u64,
        pairs: Vec<(u64, u64)>,
    },
    /// Which openings win (spec.md §3.4): every allowed opening covered by exactly one entry.
    /// Written in a fixed order, by the smallest opening each entry covers, whatever the order
    /// given here.
    Openings { entries: Vec<OpeningEntry> },
}

/// The certificate body carrying a pairing strategy, checked by its closure (kind 2).
impl From<Pairing> for Body {
    fn from(pairing: Pairing) -> Body {
        Body::ClosedPairing {
            opening: pairing.opening,
            pairs: pairing.pairs,
        }
    }
}

/// One entry of an openings certificate (spec.md §3.4): a proof that one opening wins, or that
/// one or several openings lose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningEntry {
    /// Tag 0: `opening` wins; its pairs are closed from the position after it (spec.md §4.5).
    WinPairing {
        opening: u64,
        pairs: Vec<(u64, u64)>,
    },
    /// Tag 1: each of `openings` loses; the pairs are closed from these first moves.
    LosePairing {
        openings: Vec<u64>,
        pairs: Vec<(u64, u64)>,
    },
    // Tags 2 and 3 (win and lose trees) are retired: the verifier rejects them.
    /// Tag 4: `pairs` is a maximum matching of the whole board and `barrier` a set S proving
    /// it maximum (spec.md §4.10). Each of `losing` loses: it is in S or in a component of even
    /// size of the board without S. Each path wins its last number: it runs from a number in
    /// no pair to that opening, alternating a move and a pair.
    Barrier {
        losing: Vec<u64>,
        pairs: Vec<(u64, u64)>,
        barrier: Vec<u64>,
        paths: Vec<Vec<u64>>,
    },
}

impl OpeningEntry {
    /// The bytes this entry takes in an openings body for the board 1..n (spec.md §3.4), or
    /// the error that keeps it from being written.
    pub fn encoded_len(&self, n: u64) -> Result<usize, CertificateError> {
        let holder = Certificate {
            n,
            opening_rule: OpeningRule::Even,
            winner: Player::First,
            generator: String::new(),
            body: Body::Openings { entries: vec![] },
        };
        Ok(holder.entry_body(self)?.len())
    }

    /// The openings this entry proves, ascending, each with whether it wins.
    pub fn proves(&self) -> Vec<(u64, bool)> {
        let mut proved = match self {
            OpeningEntry::WinPairing { opening, .. } => vec![(*opening, true)],
            OpeningEntry::LosePairing { openings, .. } => {
                openings.iter().map(|&v| (v, false)).collect()
            }
            OpeningEntry::Barrier { losing, paths, .. } => {
                let won = paths
                    .iter()
                    .filter_map(|path| path.last())
                    .map(|&v| (v, true));
                losing.iter().map(|&v| (v, false)).chain(won).collect()
            }
        };
        proved.sort_unstable();
        proved
    }

    /// The openings this entry proves won or lost, ascending.
    pub fn openings(&self) -> Vec<u64> {
        self.proves().into_iter().map(|(v, _)| v).collect()
    }

    /// The openings this entry proves won, ascending.
    pub fn winning(&self) -> Vec<u64> {
        let proved = self.proves().into_iter();
        proved.filter(|&(_, wins)| wins).map(|(v, _)| v).collect()
    }

    /// Whether it proves some opening wins.
    pub fn wins(&self) -> bool {
        self.proves().iter().any(|&(_, wins)| wins)
    }
}

/// A complete certificate: the claim and the strategy that proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub n: u64,
    pub opening_rule: OpeningRule,
    pub winner: Player,
    /// Name and version of the program that made it, e.g. `jg 0.1.0 closed-pairing`.
    pub generator: String,
    pub body: Body,
}

/// Why a certificate cannot be encoded or written.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    #[error("n = 0: the board needs n ≥ 1")]
    ZeroN,
    #[error("the generator name is {0} bytes long; the format allows at most 200")]
    GeneratorTooLong(usize),
    #[error("{number} is not a number of the board 1..{n}")]
    NumberOutOfRange { number: u64, n: u64 },
    #[error("pair ({0}, {0}) joins a number to itself")]
    SelfPair(u64),
    #[error("the winner is the first player but the pairing has no opening, or the reverse")]
    OpeningMismatch,
    #[error(
        "an openings entry names no opening, or its losing openings are not strictly ascending"
    )]
    BadOpeningList,
    #[error("a length of {len} does not fit the {width}-byte numbers of this board")]
    LengthTooLarge { len: usize, width: usize },
    #[error("the header's winner disagrees with the entries (first player iff some opening wins)")]
    WinnerMismatch,
    #[error("an interval certificate ends at n_last = {n_last}, below its first board n = {n}")]
    EmptyInterval { n: u64, n_last: u64 },
    #[error("encoding the header: {0}")]
    Encode(#[from] bincode::error::EncodeError),
    #[error("writing {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The `kind` field: which body follows (spec.md §2; 0 and 1 are retired).
const CLOSED_PAIRING: u32 = 2;
const INTERVAL_CLOSED_PAIRING: u32 = 3;
const OPENINGS: u32 = 4;

/// The header exactly as spec.md §2 lays it out (serde + bincode, fixed-int little endian).
#[derive(Serialize)]
struct Header<'a> {
    magic: [u8; 8],
    version: u32,
    n: u64,
    opening_rule: OpeningRule,
    winner: Player,
    kind: u32,
    generator: &'a str,
    body_len: u64,
    body_blake3: [u8; 32],
}

/// A length as one number of the body: `width` bytes, little endian (an error if it overflows).
fn length_field(len: usize, width: usize) -> Result<Vec<u8>, CertificateError> {
    let fits = width >= 8 || (len as u64) >> (8 * width) == 0;
    match fits {
        true => Ok((len as u64).to_le_bytes()[..width].to_vec()),
        false => Err(CertificateError::LengthTooLarge { len, width }),
    }
}

/// The witness section of a version 2 body (spec.md §3.5): `count`, then each witness's prime,
/// its number of order p − 1, `k` and the k factors of p − 1, every field 8 bytes.
fn witness_section(witnesses: &[crate::primes::Witness]) -> Vec<u8> {
    let mut bytes = (witnesses.len() as u64).to_le_bytes().to_vec();
    for witness in witnesses {
        let k = witness.factors.len() as u64;
        for field in [witness.prime, witness.generator, k]
            .iter()
            .chain(&witness.factors)
        {
            bytes.extend(field.to_le_bytes());
        }
    }
    bytes
}

/// Bytes per number in the body for the board 1..n: 1, 2, 4 or 8 (spec.md §3).
pub fn move_width(n: u64) -> usize {
    match n {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

impl Certificate {
    /// The file's bytes: header then body (spec.md §1).
    pub fn to_bytes(&self) -> Result<Vec<u8>, CertificateError> {
        if self.n == 0 {
            return Err(CertificateError::ZeroN);
        }
        if self.generator.len() > MAX_GENERATOR_LEN {
            return Err(CertificateError::GeneratorTooLong(self.generator.len()));
        }
        let (kind, mut body) = match &self.body {
            Body::ClosedPairing { opening, pairs } => {
                (CLOSED_PAIRING, self.pairing_body(*opening, pairs)?)
            }
            Body::Openings { entries } => (OPENINGS, self.openings_body(entries)?),
            Body::IntervalClosedPairing {
                n_last,
                opening,
                pairs,
            } => {
                if *n_last < self.n {
                    return Err(CertificateError::EmptyInterval {
                        n: self.n,
                        n_last: *n_last,
                    });
                }
                let mut body = n_last.to_le_bytes().to_vec();
                body.extend(self.pairing_body(Some(*opening), pairs)?);
                (INTERVAL_CLOSED_PAIRING, body)
            }
        };
        let witnesses = self.witnesses();
        if !witnesses.is_empty() {
            body.splice(0..0, witness_section(&witnesses));
        }
        let header = Header {
            magic: MAGIC,
            version: if witnesses.is_empty() {
                VERSION
            } else {
                VERSION_WITH_WITNESSES
            },
            n: self.n,
            opening_rule: self.opening_rule,
            winner: self.winner,
            kind,
            generator: &self.generator,
            body_len: body.len() as u64,
            body_blake3: *blake3::hash(&body).as_bytes(),
        };
        let config = bincode::config::standard()
            .with_little_endian()
            .with_fixed_int_encoding();
        let mut bytes = bincode::serde::encode_to_vec(&header, config)?;
        bytes.extend_from_slice(&body);
        Ok(bytes)
    }

    /// The prime witnesses the verifier needs (spec.md §3.5): for the prime factors from 2^40 up
    /// of the numbers whose divisors the closure lists. For a first-player pairing on a board
    /// this large those are the opening and the winner's answers, each the larger number of
    /// its pair (its partner divides it: a multiple of it would be off the board in a scheme);
    /// so the opening and the larger number of each pair. Empty below 2^40: such files are
    /// version 1, byte for byte as before.
    pub fn witnesses(&self) -> Vec<crate::primes::Witness> {
        let (opening, pairs) = match &self.body {
            Body::ClosedPairing { opening, pairs } => (*opening, pairs),
            Body::IntervalClosedPairing { opening, pairs, .. } => (Some(*opening), pairs),
            Body::Openings { .. } => return Vec::new(),
        };
        if self.n_last() < crate::primes::WITNESS_FROM {
            return Vec::new();
        }
        let larger = pairs.iter().map(|&(a, b)| a.max(b));
        crate::primes::witnesses_for(opening.into_iter().chain(larger))
    }

    /// The largest board the certificate claims: `n_last` for an interval, else `n`.
    pub fn n_last(&self) -> u64 {
        match self.body {
            Body::IntervalClosedPairing { n_last, .. } => n_last,
            _ => self.n,
        }
    }

    /// The BLAKE3 of the whole file, in hex: what `jg-verify` prints and MANIFEST.tsv pins.
    pub fn blake3_hex(&self) -> Result<String, CertificateError> {
        Ok(blake3::hash(&self.to_bytes()?).to_hex().to_string())
    }

    /// Writes the certificate to `path` atomically: a reader sees the old file or the whole
    /// new one, never a part.
    pub fn write(&self, path: &Path) -> Result<(), CertificateError> {
        let bytes = self.to_bytes()?;
        let io_error = |source| CertificateError::Io {
            path: path.to_path_buf(),
            source,
        };
        write_atomically(path, &bytes).map_err(io_error)?;
        Ok(())
    }

    fn number(&self, number: u64) -> Result<Vec<u8>, CertificateError> {
        if number == 0 || number > self.n {
            return Err(CertificateError::NumberOutOfRange { number, n: self.n });
        }
        Ok(number.to_le_bytes()[..move_width(self.n)].to_vec())
    }

    /// `count`, then the numbers (ascending, as the caller gives them).
    fn number_list(&self, numbers: &[u64]) -> Result<Vec<u8>, CertificateError> {
        let mut body = length_field(numbers.len(), move_width(self.n))?;
        for &number in numbers {
            body.extend(self.number(number)?);
        }
        Ok(body)
    }

    /// The entries of spec.md §3.4, ordered by the smallest opening each covers: tag, then the
    /// entry's numbers. Pairs are made canonical as in `pairing_body`.
    fn openings_body(&self, entries: &[OpeningEntry]) -> Result<Vec<u8>, CertificateError> {
        let wins = entries.iter().any(OpeningEntry::wins);
        if wins != (self.winner == Player::First) {
            return Err(CertificateError::WinnerMismatch);
        }
        let mut ordered: Vec<(u64, &OpeningEntry)> = Vec::with_capacity(entries.len());
        for entry in entries {
            let openings = entry.openings();
            let listed = match entry {
                OpeningEntry::LosePairing { openings, .. } => openings,
                OpeningEntry::Barrier { losing, .. } => losing,
                _ => &openings,
            };
            let ascending = listed.windows(2).all(|pair| pair[0] < pair[1]);
            match openings.first() {
                Some(&first) if ascending => ordered.push((first, entry)),
                _ => return Err(CertificateError::BadOpeningList),
            }
        }
        ordered.sort_by_key(|&(first, _)| first);
        let mut body = Vec::new();
        for (_, entry) in ordered {
            body.extend(self.entry_body(entry)?);
        }
        Ok(body)
    }

    /// One entry of spec.md §3.4: its tag, then its numbers. (The match names every field of
    /// each entry, as `jg explain`'s blocks do: the shape of the type, not logic said twice.)
    fn entry_body(&self, entry: &OpeningEntry) -> Result<Vec<u8>, CertificateError> {
        let mut body = Vec::new();
        match entry {
            OpeningEntry::WinPairing { opening, pairs } => {
                body.push(0);
                body.extend(self.number(*opening)?);
                body.extend(self.pair_list(pairs)?);
            }
            OpeningEntry::LosePairing { openings, pairs } => {
                body.push(1);
                body.extend(self.number_list(openings)?);
                body.extend(self.pair_list(pairs)?);
            }
            OpeningEntry::Barrier {
                losing,
                pairs,
                barrier,
                paths,
            } => {
                body.push(4);
                body.extend(self.number_list(losing)?);
                body.extend(self.pair_list(pairs)?);
                body.extend(self.number_list(barrier)?);
                body.extend(length_field(paths.len(), move_width(self.n))?);
                for path in paths {
                    body.extend(self.number_list(path)?);
                }
            }
        }
        Ok(body)
    }

    /// Opening (0 for none), count, then the pairs made canonical: each (smaller, larger),
    /// sorted, so that the same pairing always gives the same bytes.
    fn pairing_body(
        &self,
        opening: Option<u64>,
        pairs: &[(u64, u64)],
    ) -> Result<Vec<u8>, CertificateError> {
        if opening.is_some() != (self.winner == Player::First) {
            return Err(CertificateError::OpeningMismatch);
        }
        let width = move_width(self.n);
        let mut body = match opening {
            Some(opening) => self.number(opening)?,
            None => vec![0; width],
        };
        body.extend(self.pair_list(pairs)?);
        Ok(body)
    }

    /// `count`, then the pairs made canonical: each (smaller, larger), sorted.
    fn pair_list(&self, pairs: &[(u64, u64)]) -> Result<Vec<u8>, CertificateError> {
        let width = move_width(self.n);
        let mut body = length_field(pairs.len(), width)?;
        let mut canonical: Vec<(u64, u64)> =
            pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        canonical.sort_unstable();
        for (a, b) in canonical {
            if a == b {
                return Err(CertificateError::SelfPair(a));
            }
            body.extend(self.number(a)?);
            body.extend(self.number(b)?);
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(n: u64, n_last: u64, pairs: Vec<(u64, u64)>) -> Certificate {
        Certificate {
            n,
            opening_rule: OpeningRule::Even,
            winner: Player::First,
            generator: "test".into(),
            body: Body::IntervalClosedPairing {
                n_last,
                opening: 58,
                pairs,
            },
        }
    }

    #[test]
    fn an_interval_body_is_n_last_then_a_pairing_body_of_the_first_boards_width() {
        // n = 111 (width 1), n_last = 300: the body is 8 bytes of n_last, the opening, the
        // count and the canonical pairs, one byte each, whatever n_last is.
        let bytes = interval(111, 300, vec![(59, 1), (2, 74)])
            .to_bytes()
            .unwrap();
        let header = 80 + "test".len();
        assert_eq!(u32::from_le_bytes(bytes[28..32].try_into().unwrap()), 3);
        assert_eq!(u64::from_le_bytes(bytes[12..20].try_into().unwrap()), 111);
        let body = &bytes[header..];
        assert_eq!(body[..8], 300u64.to_le_bytes());
        assert_eq!(body[8..], [58, 2, 1, 59, 2, 74]);
        // Header n 256 (width 2): the numbers take two bytes.
        let wide = interval(256, 256, vec![(1, 59)]).to_bytes().unwrap();
        assert_eq!(wide[header + 8..], [58, 0, 1, 0, 1, 0, 59, 0]);
    }

    #[test]
    fn an_interval_that_ends_before_it_starts_or_holds_a_number_past_its_first_board_is_refused() {
        assert!(matches!(
            interval(111, 110, vec![]).to_bytes(),
            Err(CertificateError::EmptyInterval { .. })
        ));
        assert!(matches!(
            interval(111, 115, vec![(37, 112)]).to_bytes(),
            Err(CertificateError::NumberOutOfRange { number: 112, .. })
        ));
        let mut second = interval(111, 115, vec![]);
        second.winner = Player::Second;
        assert!(matches!(
            second.to_bytes(),
            Err(CertificateError::OpeningMismatch)
        ));
    }

    fn openings(n: u64, winner: Player, entries: Vec<OpeningEntry>) -> Certificate {
        Certificate {
            n,
            opening_rule: OpeningRule::Even,
            winner,
            generator: "t".into(),
            body: Body::Openings { entries },
        }
    }

    #[test]
    fn openings_bodies_have_the_layout_of_spec_3_4() {
        // Given out of order; written by smallest opening: 2 (lose pairing), 4 (win pairing),
        // 6 and 8 (barrier). Pairs made canonical and sorted.
        let entries = vec![
            OpeningEntry::Barrier {
                losing: vec![6],
                pairs: vec![(6, 3), (2, 1)],
                barrier: vec![3],
                paths: vec![vec![5, 1, 8]],
            },
            OpeningEntry::WinPairing {
                opening: 4,
                pairs: vec![(3, 1)],
            },
            OpeningEntry::LosePairing {
                openings: vec![2],
                pairs: vec![(6, 3), (5, 1)],
            },
        ];
        let bytes = openings(8, Player::First, entries).to_bytes().unwrap();
        let body: &[u8] = &[
            1, 1, 2, 2, 1, 5, 3, 6, // tag 1, k = 1, opening 2, count 2, (1, 5), (3, 6)
            0, 4, 1, 1, 3, // tag 0, opening 4, count 1, (1, 3)
            4, 1, 6, 2, 1, 2, 3, 6, // tag 4, k = 1, losing 6, count 2, (1, 2), (3, 6)
            1, 3, 1, 3, 5, 1, 8, // barrier: 1 number, 3; 1 path: len 3, 5 1 8
        ];
        assert_eq!(&bytes[81..], body);
        assert_eq!(&bytes[28..32], &4u32.to_le_bytes(), "kind 4");
        assert_eq!(&bytes[24..28], &0u32.to_le_bytes(), "first player");
        assert_eq!(&bytes[41..49], &(body.len() as u64).to_le_bytes());
        assert_eq!(&bytes[49..81], blake3::hash(body).as_bytes());
    }

    #[test]
    fn openings_bodies_refuse_what_the_format_cannot_say() {
        let lose = |openings: Vec<u64>| OpeningEntry::LosePairing {
            openings,
            pairs: vec![],
        };
        let win = OpeningEntry::WinPairing {
            opening: 2,
            pairs: vec![],
        };
        let refused = |certificate: Certificate| certificate.to_bytes().unwrap_err().to_string();
        assert!(refused(openings(8, Player::Second, vec![lose(vec![4, 2])])).contains("ascending"));
        assert!(refused(openings(8, Player::Second, vec![lose(vec![])])).contains("names no"));
        assert!(refused(openings(8, Player::Second, vec![win.clone()])).contains("winner"));
        assert!(refused(openings(8, Player::First, vec![lose(vec![2])])).contains("winner"));
        // A path longer than the move width can count is refused, not cut.
        let long = OpeningEntry::Barrier {
            losing: vec![],
            pairs: vec![],
            barrier: vec![],
            paths: vec![vec![2; 256]],
        };
        let text = refused(openings(8, Player::First, vec![long]));
        assert!(text.contains("does not fit the 1-byte numbers"), "{text}");
    }
}
