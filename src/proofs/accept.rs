//! Accepting certificates: the one step between a file and anything the solver side says about
//! it (`jg explain`, `jg theorem`, `jg oeis`, `jg formal-data`). The verifier crate checks the
//! bytes; the file is decoded again for presentation (`explain::decode`); the two readings of
//! the claim must agree (n, n_last, winner, opening rule and, for an openings certificate, the
//! winning openings); and the claim must be the one the caller expects (`Expect`: the opening
//! rule, the kinds, the file name that says the n). A folder is read whole or not at all: the
//! first file refused stops the reading, with its path and why.
//!
//! The three published folders are read here: the theorem folder (`read_folder`), the openings
//! certificates (`openings_terms`) and the chain certificates (`chain_terms`), and what the
//! theorem folder's files prove together (`coverage`).

use crate::game::{OpeningRule, Player};
use crate::proofs::decode::{decode, Decoded, Kind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the verifier said about a file, carried into the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The verifier's position count (the closure size for closed pairings).
    pub positions: u64,
    /// BLAKE3 of the whole file, hex.
    pub blake3: String,
    /// Size of the file in bytes.
    pub bytes: usize,
    /// How the file is named in the text (e.g. `cert-117.bin`).
    pub name: String,
}

/// A certificate accepted from a folder.
#[derive(Clone, Debug)]
pub struct AcceptedFile {
    /// The file's name in its folder, e.g. `cert-117.bin`.
    pub file: String,
    /// Its claim and strategy, decoded.
    pub decoded: Decoded,
    /// What the verifier said (its name in the text is `FOLDER/FILE`).
    pub accepted: Accepted,
}

/// What a caller expects of every file, beyond the verifier's acceptance and a name that says
/// its claim (`file_name_of`: every text that cites a file names it by its n).
#[derive(Clone, Copy, Debug, Default)]
pub struct Expect {
    /// The opening rule of the game the file must be about (any when None).
    pub rule: Option<OpeningRule>,
    /// The kinds the file may be (any when None).
    pub kinds: Option<&'static [Kind]>,
    /// Only files whose first n is below this are read: the others are left out before the
    /// verifier reads them (`jg formal-data` stops at 10^9).
    pub first_below: Option<u64>,
}

/// Why a certificate is not accepted.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The verifier refuses the file: it proves nothing.
    #[error("invalid: {0}")]
    Invalid(#[from] jg_verify::Rejection),
    /// The verifier's chain checker refuses a chain certificate.
    #[error("invalid: {0}")]
    InvalidChain(#[from] jg_verify::chain::ChainRejection),
    /// The verifier accepts the file but the solver side cannot decode it, or reads another
    /// claim: a fault of one of the two readings, so nothing is said about the file.
    #[error("{0}")]
    Decoding(String),
    /// A valid certificate, but not of the claim expected here.
    #[error("{0}")]
    Unexpected(String),
}

/// Why a folder could not be read whole.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: std::io::Error },
    /// A file of the folder is refused (its path, and why).
    #[error("{path}: {refusal}")]
    Refused { path: String, refusal: Refusal },
    /// The folder does not hold what is asked of it (no certificate for n = 1).
    #[error("{0}")]
    Incomplete(String),
}

impl FolderError {
    /// Whether the error is about a certificate (not accepted, or missing), not about reading
    /// files: what the command line reports with exit 1 rather than 2.
    pub fn is_about_a_certificate(&self) -> bool {
        !matches!(self, FolderError::Read { .. })
    }
}

/// Verifies `bytes` with the verifier crate under its default bounds, decodes them and checks
/// that the two readings of the claim agree. `name` is how the text will name the file.
pub fn accept(bytes: &[u8], name: &str) -> Result<(Decoded, Accepted), Refusal> {
    let verdict = jg_verify::verify_bytes(bytes, &jg_verify::Limits::default())?;
    let decoded = decode(bytes).map_err(Refusal::Decoding)?;
    let winner = Player::winner(verdict.winner == jg_verify::Winner::First);
    let rule = match verdict.opening_rule {
        jg_verify::OpeningRule::Even => OpeningRule::Even,
        jg_verify::OpeningRule::Free => OpeningRule::Free,
    };
    // The text restates the verifier's claim: the two readings of the header must agree.
    if (verdict.n, verdict.n_last, winner, rule)
        != (decoded.n, decoded.n_last, decoded.winner, decoded.rule)
    {
        return Err(Refusal::Decoding(
            "the verifier's claim and the decoded header differ".into(),
        ));
    }
    // For an openings certificate, the verifier's winning openings must be the decoded ones.
    if verdict.winning_openings != decoded.winning_openings() {
        return Err(Refusal::Decoding(
            "the verifier's winning openings and the decoded entries differ".into(),
        ));
    }
    let accepted = Accepted {
        positions: verdict.positions,
        blake3: verdict.blake3_hex(),
        bytes: bytes.len(),
        name: name.to_string(),
    };
    Ok((decoded, accepted))
}

/// The name `jg certify` gives a file of this claim: `cert-N.bin`, `cert-A-B.bin` for an
/// interval, `cert-N-openings.bin` for an openings certificate.
pub fn file_name_of(d: &Decoded) -> String {
    match d.kind {
        Kind::Openings => crate::proofs::openings::file_name(d.n),
        _ if d.n_last > d.n => crate::proofs::certify::interval_file_name(d.n, d.n_last),
        _ => crate::proofs::certify::file_name(d.n),
    }
}

/// What the claim `d` of the file `file` breaks of `expect`, if anything: the rule, the kind,
/// or the file name, which must be the one `jg certify` gives the claim (`file_name_of`).
fn unexpected(d: &Decoded, file: &str, expect: &Expect) -> Option<String> {
    if let Some(rule) = expect.rule.filter(|&rule| rule != d.rule) {
        return Some(match rule {
            OpeningRule::Even => "not the even-opening game".into(),
            OpeningRule::Free => "not the free-opening game".into(),
        });
    }
    if let Some(kinds) = expect.kinds.filter(|kinds| !kinds.contains(&d.kind)) {
        let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
        return Some(format!(
            "kind: {}, where {} is expected",
            d.kind.name(),
            names.join(" or ")
        ));
    }
    if file != file_name_of(d) {
        let claim = match d.n_last > d.n {
            true => format!("{}..{}", d.n, d.n_last),
            false => d.n.to_string(),
        };
        return Some(format!("proves n = {claim}, which its name does not say"));
    }
    None
}

/// Reads, verifies and decodes every `*.bin` of `dir` (those `expect` leaves out aside), each
/// checked against `expect`, in the order of their names. The text names each `FOLDER/FILE`,
/// FOLDER the last part of `dir`.
pub fn read_folder(dir: &Path, expect: &Expect) -> Result<Vec<AcceptedFile>, FolderError> {
    let folder = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string());
    let mut files = Vec::new();
    for path in files_with_extension(dir, "bin")? {
        let bytes = read_bytes(&path)?;
        let refused = |refusal: Refusal| FolderError::Refused {
            path: path.display().to_string(),
            refusal,
        };
        if let Some(below) = expect.first_below {
            let first = decode(&bytes)
                .map_err(|why| refused(Refusal::Decoding(why)))?
                .n;
            if first >= below {
                continue;
            }
        }
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let (decoded, accepted) = accept(&bytes, &format!("{folder}/{file}")).map_err(refused)?;
        if let Some(why) = unexpected(&decoded, &file, expect) {
            return Err(refused(Refusal::Unexpected(why)));
        }
        files.push(AcceptedFile {
            file,
            decoded,
            accepted,
        });
    }
    Ok(files)
}

/// The theorem folder as `jg theorem` and `jg oeis` read it: every file (any opening rule, any
/// kind), sorted by the n they claim, then the file name.
pub fn read_theorem_folder(dir: &Path) -> Result<Vec<AcceptedFile>, FolderError> {
    let mut files = read_folder(dir, &Expect::default())?;
    files.sort_by(|a, b| {
        (a.decoded.n, a.decoded.n_last, &a.file).cmp(&(b.decoded.n, b.decoded.n_last, &b.file))
    });
    Ok(files)
}

/// The winning openings of each n, from the openings folder: every `*.bin` an openings
/// certificate of the even-opening game named for its n (`cert-N-openings.bin`); the unbroken
/// run n = 1, 2, … is returned, each n with its winning openings, ascending.
pub fn openings_terms(folder: &Path) -> Result<Vec<(u64, Vec<u64>)>, FolderError> {
    let expect = Expect {
        rule: Some(OpeningRule::Even),
        kinds: Some(&[Kind::Openings]),
        first_below: None,
    };
    let by_n: BTreeMap<u64, Vec<u64>> = read_folder(folder, &expect)?
        .into_iter()
        .filter_map(|file| Some((file.decoded.n, file.decoded.winning_openings()?)))
        .collect();
    let run = unbroken_run(by_n);
    if run.is_empty() {
        return Err(FolderError::Incomplete(format!(
            "{}: no openings certificate for n = 1",
            folder.display()
        )));
    }
    Ok(run)
}

/// A337125 from the chain folder: every `chain-N.txt` checked by the verifier's chain checker,
/// each proving the n its name says (other `.txt` files, such as the folder's b-file, are
/// left alone); the unbroken run n = 1, 2, … of (n, a(n)) is returned.
pub fn chain_terms(folder: &Path) -> Result<Vec<(u64, u64)>, FolderError> {
    let mut by_n: BTreeMap<u64, u64> = BTreeMap::new();
    for path in files_with_extension(folder, "txt")? {
        let Some(n) = n_of(&path, "chain-", ".txt") else {
            continue; // the folder's own b-file, notes
        };
        let refused = |refusal: Refusal| FolderError::Refused {
            path: path.display().to_string(),
            refusal,
        };
        let verdict = jg_verify::chain::check(&read_bytes(&path)?)
            .map_err(|rejection| refused(rejection.into()))?;
        if verdict.n != n {
            return Err(refused(Refusal::Unexpected(format!(
                "proves n = {}, which its name does not say",
                verdict.n
            ))));
        }
        by_n.insert(n, verdict.length);
    }
    let terms = unbroken_run(by_n);
    if terms.is_empty() {
        return Err(FolderError::Incomplete(format!(
            "{}: no chain certificate for n = 1",
            folder.display()
        )));
    }
    Ok(terms)
}

/// The terms for n = 1, 2, … up to the first n missing.
fn unbroken_run<T>(by_n: BTreeMap<u64, T>) -> Vec<(u64, T)> {
    by_n.into_iter()
        .zip(1..)
        .take_while(|((n, _), expected)| n == expected)
        .map(|(term, _)| term)
        .collect()
}

/// The n of `chain-N.txt`: the digits between `prefix` and `suffix`.
fn n_of(path: &Path, prefix: &str, suffix: &str) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix(prefix)?
        .strip_suffix(suffix)?
        .parse()
        .ok()
}

/// What the even-opening files of a theorem folder prove together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The end N0 of the unbroken run 1..N0 the files cover.
    pub covered: u64,
    /// The n for which a file proves that the second player wins, ascending.
    pub second: Vec<u64>,
    /// The runs of n no file covers before N0, as (first, last).
    pub gaps: Vec<(u64, u64)>,
}

/// Two files that claim different winners for one n.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{earlier} and {later} disagree on n = {n}")]
pub struct Disagreement {
    pub earlier: String,
    pub later: String,
    pub n: u64,
}

/// What the even-opening files (sorted by n, as `read_theorem_folder` returns them) prove
/// together; Err names two files that disagree.
pub fn coverage(files: &[AcceptedFile]) -> Result<Coverage, Disagreement> {
    let claims: Vec<(u64, u64, Player, &str)> = files
        .iter()
        .filter(|f| f.decoded.rule == OpeningRule::Even)
        .map(|f| {
            let d = &f.decoded;
            (d.n, d.n_last, d.winner, f.file.as_str())
        })
        .collect();
    for (i, later) in claims.iter().enumerate() {
        for earlier in &claims[..i] {
            if earlier.1 >= later.0 && earlier.0 <= later.1 && earlier.2 != later.2 {
                return Err(Disagreement {
                    earlier: earlier.3.to_string(),
                    later: later.3.to_string(),
                    n: later.0.max(earlier.0),
                });
            }
        }
    }
    let (mut covered, mut gaps) = (0, Vec::new());
    for &(from, to, _, _) in &claims {
        if from > covered + 1 {
            gaps.push((covered + 1, from - 1));
        }
        covered = covered.max(to);
    }
    let second = claims
        .iter()
        .filter(|c| c.2 == Player::Second)
        .flat_map(|c| c.0..=c.1)
        .collect();
    Ok(Coverage {
        covered,
        second,
        gaps,
    })
}

/// The files of `dir` with this extension (`bin`, `txt`), sorted by name.
pub fn files_with_extension(dir: &Path, extension: &str) -> Result<Vec<PathBuf>, FolderError> {
    let unreadable = |error| FolderError::Read {
        path: dir.display().to_string(),
        error,
    };
    let mut paths = Vec::new();
    for item in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = item.map_err(unreadable)?.path();
        if path.extension().and_then(|e| e.to_str()) == Some(extension) {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// The bytes of a file; Err names it.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FolderError> {
    std::fs::read(path).map_err(|error| FolderError::Read {
        path: path.display().to_string(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proofs::certify::{certify, Options};
    use crate::proofs::openings::certify_openings_verified;

    /// A folder holding these files (name, bytes).
    fn folder(files: &[(&str, &[u8])]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in files {
            std::fs::write(dir.path().join(name), bytes).unwrap();
        }
        dir
    }

    fn closed(n: u64, rule: OpeningRule) -> Vec<u8> {
        let options = Options {
            rule,
            ..Options::default()
        };
        certify(n, &options).unwrap().bytes
    }

    fn refusal(error: FolderError) -> String {
        match error {
            FolderError::Refused { path, refusal } => {
                format!("{}: {refusal}", path.rsplit('/').next().unwrap())
            }
            other => panic!("not a refusal: {other}"),
        }
    }

    #[test]
    fn a_file_is_accepted_with_the_verifier_s_figures_and_the_decoded_claim() {
        let bytes = closed(10, OpeningRule::Even);
        let (decoded, accepted) = accept(&bytes, "x/cert-10.bin").unwrap();
        let verdict = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default()).unwrap();
        assert_eq!(
            (decoded.n, decoded.n_last, decoded.kind),
            (10, 10, Kind::ClosedPairing)
        );
        assert_eq!(accepted.positions, verdict.positions);
        assert_eq!(accepted.blake3, verdict.blake3_hex());
        assert_eq!(
            (accepted.bytes, accepted.name.as_str()),
            (bytes.len(), "x/cert-10.bin")
        );
        let openings = certify_openings_verified(12, OpeningRule::Even).unwrap();
        let (decoded, _) = accept(&openings.bytes, "o").unwrap();
        assert_eq!(
            decoded.winning_openings(),
            openings.verdict.winning_openings
        );
    }

    #[test]
    fn a_file_the_verifier_refuses_is_invalid_whatever_the_folder() {
        let mut bytes = closed(10, OpeningRule::Even);
        *bytes.last_mut().unwrap() ^= 0x40;
        let rejection = jg_verify::verify_bytes(&bytes, &jg_verify::Limits::default());
        let refused = accept(&bytes, "cert-10.bin").unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!("invalid: {}", rejection.unwrap_err())
        );
        let dir = folder(&[
            ("cert-1.bin", &closed(1, OpeningRule::Even)),
            ("cert-10.bin", &bytes),
        ]);
        let error = read_theorem_folder(dir.path()).unwrap_err();
        assert!(error.is_about_a_certificate());
        assert!(refusal(error).starts_with("cert-10.bin: invalid: "));
    }

    /// Every folder asks the same of a name: the one `jg certify` gives the claim.
    #[test]
    fn a_file_whose_name_does_not_say_its_claim_is_refused() {
        let ten = closed(10, OpeningRule::Even);
        let named = folder(&[("cert-10.bin", &ten)]);
        assert_eq!(
            read_theorem_folder(named.path()).unwrap()[0].file,
            "cert-10.bin"
        );
        let renamed = folder(&[("cert-11.bin", &ten)]);
        assert_eq!(
            refusal(read_theorem_folder(renamed.path()).unwrap_err()),
            "cert-11.bin: proves n = 10, which its name does not say"
        );
        let openings = certify_openings_verified(12, OpeningRule::Even)
            .unwrap()
            .bytes;
        let renamed = folder(&[("cert-1-openings.bin", &openings)]);
        assert_eq!(
            refusal(openings_terms(renamed.path()).unwrap_err()),
            "cert-1-openings.bin: proves n = 12, which its name does not say"
        );
    }

    #[test]
    fn the_rule_and_the_kind_expected_are_checked() {
        let free = folder(&[("cert-10.bin", &closed(10, OpeningRule::Free))]);
        assert_eq!(read_theorem_folder(free.path()).unwrap().len(), 1);
        let even = Expect {
            rule: Some(OpeningRule::Even),
            ..Expect::default()
        };
        assert_eq!(
            refusal(read_folder(free.path(), &even).unwrap_err()),
            "cert-10.bin: not the even-opening game"
        );
        let pairings = folder(&[("cert-1.bin", &closed(1, OpeningRule::Even))]);
        assert_eq!(
            refusal(openings_terms(pairings.path()).unwrap_err()),
            "cert-1.bin: kind: closed pairing, where openings is expected"
        );
    }

    #[test]
    fn files_from_first_below_on_are_left_out_unverified() {
        let mut broken = closed(20, OpeningRule::Even);
        *broken.last_mut().unwrap() ^= 0x40;
        let dir = folder(&[
            ("cert-10.bin", &closed(10, OpeningRule::Even)),
            ("cert-20.bin", &broken),
        ]);
        let below = Expect {
            first_below: Some(20),
            ..Expect::default()
        };
        let read = read_folder(dir.path(), &below).unwrap();
        assert_eq!(read.len(), 1);
        assert!(read_folder(dir.path(), &Expect::default()).is_err());
    }

    #[test]
    fn the_terms_run_from_n_1_to_the_first_gap() {
        let bytes = |n| {
            certify_openings_verified(n, OpeningRule::Even)
                .unwrap()
                .bytes
        };
        let (one, two, four) = (bytes(1), bytes(2), bytes(4));
        let dir = folder(&[
            ("cert-1-openings.bin", &one),
            ("cert-2-openings.bin", &two),
            ("cert-4-openings.bin", &four),
        ]);
        let terms = openings_terms(dir.path()).unwrap();
        assert_eq!(terms.iter().map(|t| t.0).collect::<Vec<_>>(), [1, 2]);
        let no_first = folder(&[("cert-2-openings.bin", &two)]);
        let error = openings_terms(no_first.path()).unwrap_err();
        assert!(matches!(error, FolderError::Incomplete(_)), "{error}");
    }

    #[test]
    fn coverage_finds_the_gaps_the_second_player_n_and_disagreements() {
        let dir = folder(&[
            ("cert-1.bin", &closed(1, OpeningRule::Even)),
            ("cert-2.bin", &closed(2, OpeningRule::Even)),
            ("cert-5.bin", &closed(5, OpeningRule::Even)),
        ]);
        let files = read_theorem_folder(dir.path()).unwrap();
        let covered = coverage(&files).unwrap();
        assert_eq!(covered.covered, 5);
        assert_eq!(covered.gaps, [(3, 4)]);
        assert_eq!(covered.second, [1, 2, 5]);
        let mut liar = files[2].clone();
        liar.file = "liar.bin".into();
        liar.decoded.winner = Player::First;
        let error = coverage(&[files[2].clone(), liar]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cert-5.bin and liar.bin disagree on n = 5"
        );
    }

    #[test]
    fn the_n_of_a_file_name_is_read_between_prefix_and_suffix() {
        let path = Path::new("x/cert-12-openings.bin");
        assert_eq!(n_of(path, "cert-", "-openings.bin"), Some(12));
        assert_eq!(n_of(Path::new("x/chain-7.txt"), "chain-", ".txt"), Some(7));
        assert_eq!(n_of(Path::new("x/a337125.txt"), "chain-", ".txt"), None);
    }
}
