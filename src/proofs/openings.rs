//! Openings certificates (spec.md §3.4, kind 4): which openings win for n. The main proof is
//! one matching-and-barrier entry (spec.md §4.10): a maximum matching of G_n, the
//! Gallai–Edmonds set A(G_n) as the barrier that proves it maximum, the losing openings (classes
//! A and C: in the barrier or in even components) and, for each winning opening v (class D), the
//! alternating path from a hole of the matching to v. It proves every opening of every n.
//!
//! Closed pairings are the other form, kept where they are smaller (n ≤ 128, or when no opening
//! wins): a winning opening v gets a closed pairing from the position after v, and one maximum
//! matching of G_n serves, in one entry, every losing opening whose closure it pairs. Their
//! matchings are built with holes sealed off (`sealed_matching`), then holes the closure still
//! reaches are moved along alternating paths (`Closer::close`); each entry carries only the pairs
//! its closure uses. The closures are computed here from the divisibility graph, not by the
//! verifier's code; `check_entry` recomputes them from the raw rules (closure.rs).

use crate::engines::matching::{self, Class, Engine, Graph, Matching, NONE};
use crate::game::{OpeningRule, Player};
use crate::proofs::certificate::{Body, Certificate, CertificateError, OpeningEntry};
use crate::proofs::certify::{certify_each, RangeItem, RangeReport};
use jg_verify::{verify_bytes, Limits, Rejection, Verdict};
use std::collections::BTreeMap;
use std::path::Path;

/// Alternating-path swaps tried to close one pairing before giving it up.
pub const REPAIRS_TRIED: usize = 64;

/// Targets tried for each hole moved (the nearest along alternating paths).
pub const TARGETS_TRIED: usize = 32;

/// How the openings of one certificate were proved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Winning openings proved by a closed pairing (one entry each).
    pub win_pairings: usize,
    /// Losing openings proved by closed pairings, and the entries that hold them.
    pub lose_by_pairing: usize,
    pub lose_pairings: usize,
    /// Openings proved by the matching-and-barrier entry (at most one): losing ones by the
    /// barrier, winning ones by an alternating path.
    pub lose_by_barrier: usize,
    pub win_by_path: usize,
}

impl Stats {
    /// Openings proved by the matching-and-barrier entry.
    pub fn by_barrier(&self) -> usize {
        self.lose_by_barrier + self.win_by_path
    }
}

/// Largest n for which closed pairings of the winning openings are tried.
pub const CLOSED_WINS_UP_TO: u64 = 128;

/// Why no openings certificate could be made.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    #[error(
        "n = {n} is beyond the matching engine's range 1..={}",
        matching::MAX_N
    )]
    TooLarge { n: u64 },
    #[error(transparent)]
    Encoding(#[from] CertificateError),
    #[error("the verifier rejected the openings certificate for n = {n}: {rejection}")]
    Rejected { n: u64, rejection: Rejection },
    #[error("the certificate for n = {n} proves the winning openings {proved}, the matching engine says {expected}")]
    Disagrees {
        n: u64,
        proved: String,
        expected: String,
    },
}

/// The entries proving exactly which openings win on 1..=n, and how they were found. Entries
/// are ordered by their smallest opening; every allowed opening is in exactly one.
///
/// Closed pairings are tried first (one entry per winning opening, shared entries for losing
/// ones); what they leave goes to one matching-and-barrier entry, which proves any opening:
/// the Gallai–Edmonds barrier A of a maximum matching M is tight, the losing openings are in A
/// or in even components (class A or C), and each winning one (class D) ends an alternating
/// path from a hole of M. Winning openings whose path is smaller than their pairing join that
/// entry, and if the entry alone for every opening is smaller still, it is the certificate.
pub fn openings_entries(
    n: u64,
    rule: OpeningRule,
) -> Result<(Vec<OpeningEntry>, Stats), OpeningsError> {
    if n > matching::MAX_N {
        return Err(OpeningsError::TooLarge { n });
    }
    let graph = Graph::divisibility(n);
    let active = graph.vertex_count();
    let mut engine = Engine::new(&graph);
    let openings: Vec<u64> = (1..=n).filter(|&k| rule.allows(k)).collect();
    // Above 128, all paths from the one complete forest of the matching's last phase: a search
    // per winning opening (`avoid`) took minutes at n = 10^6, and is kept only where a walk is
    // not a valid path. Up to 128 the searches are cheap and give the published files, byte
    // for byte.
    let winning_of = |classes: &[Class]| -> Vec<u32> {
        let won = |v: &&u64| classes[(**v - 1) as usize] == Class::D;
        let walked = openings.iter().filter(won).map(|&v| (v - 1) as u32);
        walked.filter(|_| n > CLOSED_WINS_UP_TO).collect()
    };
    let (base, classes, walked) = engine.maximum_matching_classes_and_paths(active, winning_of);
    let (winning, losing): (Vec<u64>, Vec<u64>) = openings
        .iter()
        .partition(|&&v| classes[(v - 1) as usize] == Class::D);
    let width = crate::proofs::certificate::move_width(n);
    let bytes = |entries: &[OpeningEntry]| -> usize {
        entries
            .iter()
            .map(|e| entry_bytes(e, n))
            .fold(0, usize::saturating_add)
    };
    let mut closer = Closer::new(&graph);
    // `seen[x] == stamp`: x is on the path being checked (one array for all paths).
    let (mut seen, mut stamp) = (vec![0u32; n as usize + 1], 0u32);
    let mut walked = walked.into_iter();
    let paths: BTreeMap<u64, Vec<u64>> = winning
        .iter()
        .map(|&v| {
            stamp += 1;
            let path = walked
                .next()
                .flatten()
                .map(|walk| {
                    walk.iter()
                        .rev()
                        .map(|&x| x as u64 + 1)
                        .collect::<Vec<u64>>()
                })
                .filter(|path| is_alternating_path(&base, path, v, &mut seen, stamp))
                .unwrap_or_else(|| alternating_path(&mut engine, &base, active, v));
            (v, path)
        })
        .collect();
    let path_to = |v: u64| paths[&v].clone();
    let barrier_entry = |losing: Vec<u64>, paths: Vec<Vec<u64>>| OpeningEntry::Barrier {
        losing,
        pairs: base
            .pairs()
            .map(|(a, b)| (a as u64 + 1, b as u64 + 1))
            .collect(),
        barrier: (1..=n)
            .filter(|&x| classes[(x - 1) as usize] == Class::A)
            .collect(),
        paths,
    };
    let every_path = winning.iter().map(|&v| path_to(v)).collect();
    let alone = vec![barrier_entry(losing.clone(), every_path)];
    let alone_stats = Stats {
        lose_by_barrier: losing.len(),
        win_by_path: winning.len(),
        ..Stats::default()
    };
    // Above 128 a winning opening's pairing was never smaller than its path (docs/benchmarks-history.md),
    // and trying them is most of the time, so they are tried up to 128 only. Then, when some
    // opening wins, the barrier entry is needed anyway, and listing a losing opening in it
    // (one number) is smaller than any pairing entry: the entry alone is the certificate.
    if n > CLOSED_WINS_UP_TO && !winning.is_empty() {
        return Ok((alone, alone_stats));
    }
    let (mut entries, mut stats) = (Vec::new(), Stats::default());
    let (mut by_path, mut by_barrier) = (Vec::new(), Vec::new());
    for &v in &winning {
        match win_pairing(&graph, &mut closer, &base, &mut engine, v) {
            Some(pairs) => {
                let entry = OpeningEntry::WinPairing { opening: v, pairs };
                let path = path_to(v);
                if entry_bytes(&entry, n) <= width * (1 + path.len()) {
                    stats.win_pairings += 1;
                    entries.push(entry);
                    continue;
                }
                by_path.push(path);
            }
            None => by_path.push(path_to(v)),
        }
    }
    let (lose_entries, unclosed) = lose_pairings(&graph, &mut closer, &losing);
    by_barrier.extend(unclosed);
    stats.lose_by_pairing = losing.len() - by_barrier.len();
    stats.lose_pairings = lose_entries.len();
    entries.extend(lose_entries);
    (stats.lose_by_barrier, stats.win_by_path) = (by_barrier.len(), by_path.len());
    if !by_barrier.is_empty() || !by_path.is_empty() {
        entries.push(barrier_entry(by_barrier, by_path));
    }
    if !openings.is_empty() && bytes(&alone) < bytes(&entries) {
        (entries, stats) = (alone, alone_stats);
    }
    entries.sort_by_key(|entry| entry.openings()[0]);
    Ok((entries, stats))
}

/// A closed pairing from the position after the winning opening v, if one is found: a sealed
/// matching of G_n − v with its holes moved, else a maximum matching missing v with its holes
/// moved.
fn win_pairing(
    graph: &Graph,
    closer: &mut Closer,
    base: &Matching,
    engine: &mut Engine,
    v: u64,
) -> Option<Vec<(u64, u64)>> {
    let opening = Some((v - 1) as u32);
    let first: Vec<u32> = graph.neighbours((v - 1) as u32).to_vec();
    let mut mate = sealed_matching(graph, opening, &first);
    closer.close(&mut mate, &first, opening).or_else(|| {
        let mut avoiding = base.clone();
        let active = graph.vertex_count();
        assert!(
            engine.avoid(active, &mut avoiding, (v - 1) as u32),
            "a vertex of D is missed by some maximum matching"
        );
        closer.close(&mut avoiding.mate, &first, opening)
    })
}

/// Closed pairings for the losing openings, each entry serving every opening whose closure it
/// pairs (one matching for all, holes sealed off, else moved); and the openings none closes.
fn lose_pairings(
    graph: &Graph,
    closer: &mut Closer,
    losing: &[u64],
) -> (Vec<OpeningEntry>, Vec<u64>) {
    let starts: Vec<u32> = losing.iter().map(|&v| (v - 1) as u32).collect();
    let mut mate = sealed_matching(graph, None, &starts);
    closer.close(&mut mate, &starts, None);
    let (mut entries, mut unclosed) = (Vec::new(), Vec::new());
    let mut remaining = losing.to_vec();
    while let Some(&first) = remaining.first() {
        let bad = closer.unclosed_from(&mate, None);
        let good: Vec<u64> = remaining
            .iter()
            .copied()
            .filter(|&v| !bad[(v - 1) as usize])
            .collect();
        if good.is_empty() {
            // Swap alternating paths until the first remaining opening closes, or give up.
            if closer
                .close(&mut mate, &[(first - 1) as u32], None)
                .is_none()
            {
                unclosed.push(first);
                remaining.remove(0);
            }
            continue;
        }
        let starts: Vec<u32> = good.iter().map(|&v| (v - 1) as u32).collect();
        let pairs = closer
            .closure(&mate, &starts, None)
            .map(|reached| pairs_of(&mate, &reached))
            .expect("no opening of `good` reaches an unpaired number");
        remaining.retain(|v| !good.contains(v));
        entries.push(OpeningEntry::LosePairing {
            openings: good,
            pairs,
        });
    }
    (entries, unclosed)
}

/// Whether `path` is what spec.md §4.10 step 2 asks of a path to the opening v, for `base`:
/// distinct numbers, the first in no pair, then an edge and a pair of `base` in turn, ending
/// at v.
/// `seen` marks the numbers met with `stamp` (distinct from every earlier call's).
fn is_alternating_path(
    base: &Matching,
    path: &[u64],
    v: u64,
    seen: &mut [u32],
    stamp: u32,
) -> bool {
    let index = |x: u64| (x - 1) as u32;
    let distinct = path
        .iter()
        .all(|&x| std::mem::replace(&mut seen[x as usize], stamp) != stamp);
    distinct
        && path.len() % 2 == 1
        && path.last() == Some(&v)
        && base.partner(index(path[0])).is_none()
        && path.chunks_exact(2).all(|step| {
            let (x, y) = (step[0], step[1]);
            x != y && (x % y == 0 || y % x == 0)
        })
        && path[1..]
            .chunks_exact(2)
            .all(|step| base.partner(index(step[0])) == Some(index(step[1])))
}

/// The path from a hole of the maximum matching `base` to v (class D), alternating an edge
/// and a pair of `base` (spec.md §3.4 tag 4): the part of `base` Δ M' that ends at v, where M'
/// is a maximum matching missing v.
fn alternating_path(engine: &mut Engine, base: &Matching, active: u32, v: u64) -> Vec<u64> {
    let mut avoiding = base.clone();
    assert!(
        engine.avoid(active, &mut avoiding, (v - 1) as u32),
        "a vertex of D is missed by some maximum matching"
    );
    let mut path = vec![v];
    let mut at = (v - 1) as u32;
    // From v along a pair of `base`, then a pair of `avoiding`, until `base` has no pair: both
    // are maximum, so each number reached by a pair of `base` has one in `avoiding`.
    while let Some(partner) = base.partner(at) {
        let next = avoiding
            .partner(partner)
            .expect("the symmetric difference of two maximum matchings has no augmenting path");
        path.extend([partner as u64 + 1, next as u64 + 1]);
        at = next;
    }
    path.reverse();
    path
}

/// The bytes `entry` takes in the body for 1..n, as the encoder writes it (an entry the
/// encoder refuses counts as too large to choose).
fn entry_bytes(entry: &OpeningEntry, n: u64) -> usize {
    entry.encoded_len(n).unwrap_or(usize::MAX)
}

/// The openings certificate for 1..=n (spec.md §3.4), with how its entries were found.
pub fn certify_openings(n: u64, rule: OpeningRule) -> Result<(Certificate, Stats), OpeningsError> {
    let (entries, stats) = openings_entries(n, rule)?;
    let winner = Player::winner(entries.iter().any(OpeningEntry::wins));
    let certificate = Certificate {
        n,
        opening_rule: rule,
        winner,
        generator: format!("jg {} openings", env!("CARGO_PKG_VERSION")),
        body: Body::Openings { entries },
    };
    Ok((certificate, stats))
}

/// An openings certificate the verifier accepted, with its bytes and verdict.
#[derive(Clone, Debug)]
pub struct CertifiedOpenings {
    pub certificate: Certificate,
    pub bytes: Vec<u8>,
    pub verdict: Verdict,
    pub stats: Stats,
    /// When `jg-verify` refuses the file under its default bounds (a large n: the paths grow
    /// faster than n), that refusal; the file was then checked under [`generator_limits`].
    pub beyond_defaults: Option<Rejection>,
}

/// The bounds the generator's own check of a file falls back to when the verifier's defaults
/// refuse it (n = 10^7: a certificate of 1.1 GB, 7.7 GB charged): this machine's memory, and
/// work for a few minutes. Anyone else checks such a file with `jg-verify --max-memory-mib`.
pub fn generator_limits() -> Limits {
    Limits {
        max_positions: 20_000_000_000,
        max_memory: 16 << 30,
        max_work: 100_000_000_000,
        ..Limits::default()
    }
}

impl CertifiedOpenings {
    /// The winning openings the verifier reports, ascending.
    pub fn winning_openings(&self) -> &[u64] {
        self.verdict.winning_openings.as_deref().unwrap_or_default()
    }

    /// The row of `certificates/openings/MANIFEST.tsv` that pins this file.
    pub fn manifest_row(&self) -> ManifestRow {
        ManifestRow {
            n: self.verdict.n,
            winning_openings: self.winning_openings().to_vec(),
            bytes: self.bytes.len() as u64,
            blake3: self.verdict.blake3_hex(),
        }
    }
}

/// Builds the openings certificate for 1..=n and has the verifier crate check it (a file it
/// rejects is never returned); its winning openings must also be the matching engine's.
pub fn certify_openings_verified(
    n: u64,
    rule: OpeningRule,
) -> Result<CertifiedOpenings, OpeningsError> {
    let (certificate, stats) = certify_openings(n, rule)?;
    let bytes = certificate.to_bytes()?;
    let (verdict, beyond_defaults) = match verify_bytes(&bytes, &Limits::default()) {
        Err(refusal @ Rejection::Limit { .. }) => {
            (verify_bytes(&bytes, &generator_limits()), Some(refusal))
        }
        verdict => (verdict, None),
    };
    let verdict = verdict.map_err(|rejection| OpeningsError::Rejected { n, rejection })?;
    let proved = verdict.winning_openings.clone().unwrap_or_default();
    // What the generator meant to prove: the winning openings of the matching engine's classes
    // (class D), read back from the entries, rather than a second matching of the whole board
    // (a third of the time at n = 10^6).
    let Body::Openings { entries } = &certificate.body else {
        unreachable!("certify_openings writes an openings body")
    };
    let mut expected: Vec<u64> = entries
        .iter()
        .flat_map(OpeningEntry::proves)
        .filter_map(|(v, wins)| wins.then_some(v))
        .collect();
    expected.sort_unstable();
    if proved != expected {
        let (proved, expected) = (list(&proved), list(&expected));
        return Err(OpeningsError::Disagrees {
            n,
            proved,
            expected,
        });
    }
    Ok(CertifiedOpenings {
        certificate,
        bytes,
        verdict,
        stats,
        beyond_defaults,
    })
}

/// Certifies the openings of every n of `from..=to` (in parallel; the same bytes on any thread
/// count) and, unless `out_dir` is None (a dry run), writes each as `out_dir/cert-N-openings.bin`.
/// `done` is called from the worker threads after each n, certified or not. The twin of
/// `certify::certify_range`, with the same report.
pub fn certify_openings_range(
    from: u64,
    to: u64,
    rule: OpeningRule,
    out_dir: Option<&Path>,
    done: &(dyn Fn() + Sync),
) -> RangeReport<ManifestRow> {
    certify_each(from, to, out_dir, file_name, done, |n| {
        let c = certify_openings_verified(n, rule).map_err(|e| e.to_string())?;
        let by_barrier = c.stats.by_barrier();
        let item = RangeItem::new(c.manifest_row(), c.certificate, &c.bytes, &c.verdict);
        Ok(RangeItem { by_barrier, ..item })
    })
}

/// `cert-N-openings.bin` (the default name, decimal N).
pub fn file_name(n: u64) -> String {
    format!("cert-{n}-openings.bin")
}

/// The header of `certificates/openings/MANIFEST.tsv`.
pub const MANIFEST_HEADER: &str = "n\twinning_openings\tbytes\tblake3";

/// One row of the openings manifest: n, the winning openings (`none` when the second player
/// wins), the file's bytes and its BLAKE3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestRow {
    pub n: u64,
    pub winning_openings: Vec<u64>,
    pub bytes: u64,
    pub blake3: String,
}

impl ManifestRow {
    pub fn to_line(&self) -> String {
        let openings = match self.winning_openings.is_empty() {
            true => "none".to_string(),
            false => list(&self.winning_openings),
        };
        format!("{}\t{openings}\t{}\t{}", self.n, self.bytes, self.blake3)
    }

    /// Parses a line written by `to_line`.
    pub fn parse(line: &str) -> Result<ManifestRow, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [n, openings, bytes, blake3] = fields[..] else {
            return Err(format!("expected 4 tab-separated fields: '{line}'"));
        };
        let number = |text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("'{text}' is not a number"))
        };
        let winning_openings = match openings {
            "none" => Vec::new(),
            _ => openings.split(' ').map(number).collect::<Result<_, _>>()?,
        };
        Ok(ManifestRow {
            n: number(n)?,
            winning_openings,
            bytes: number(bytes)?,
            blake3: blake3.to_string(),
        })
    }
}

/// Reads the openings manifest (a missing file has no rows).
pub fn read_manifest(path: &Path) -> Result<Vec<ManifestRow>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    let mut lines = text.lines();
    if lines.next() != Some(MANIFEST_HEADER) {
        return Err(format!(
            "{}: the first line must be '{MANIFEST_HEADER}'",
            path.display()
        ));
    }
    lines
        .filter(|line| !line.is_empty())
        .map(|line| ManifestRow::parse(line).map_err(|why| format!("{}: {why}", path.display())))
        .collect()
}

/// Replaces the rows of the same n by `updates` and writes the manifest sorted by n.
pub fn update_manifest(path: &Path, updates: &[ManifestRow]) -> Result<(), String> {
    let mut rows: BTreeMap<u64, ManifestRow> = read_manifest(path)?
        .into_iter()
        .map(|row| (row.n, row))
        .collect();
    for row in updates {
        rows.insert(row.n, row.clone());
    }
    let mut text = format!("{MANIFEST_HEADER}\n");
    for row in rows.values() {
        text.push_str(&row.to_line());
        text.push('\n');
    }
    crate::proofs::certificate::write_atomically(path, text.as_bytes())
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// Numbers as text, space-separated.
fn list(numbers: &[u64]) -> String {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    words.join(" ")
}

/// The pairs `(x, partner)` of the numbers reached, canonical and sorted.
fn pairs_of(mate: &[u32], reached: &[u32]) -> Vec<(u64, u64)> {
    let mut pairs: Vec<(u64, u64)> = reached
        .iter()
        .map(|&x| {
            let (a, b) = (x as u64 + 1, mate[x as usize] as u64 + 1);
            (a.min(b), a.max(b))
        })
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Closures of "answer with the partner" on G_n (vertex k − 1 is number k), and the swaps
/// that try to close them.
struct Closer<'g> {
    graph: &'g Graph,
    reached: Vec<bool>,
    expanded: Vec<bool>,
}

impl<'g> Closer<'g> {
    fn new(graph: &'g Graph) -> Closer<'g> {
        let size = graph.vertex_count() as usize;
        Closer {
            graph,
            reached: vec![false; size],
            expanded: vec![false; size],
        }
    }

    /// The closure from the loser's first moves `first` (spec.md §4.5): every first move, then
    /// every neighbour of the partner of a number in it, `opening` (played all game) aside.
    /// Ok(the numbers reached) if all are paired, else Err(one reached number with no partner).
    fn closure(
        &mut self,
        mate: &[u32],
        first: &[u32],
        opening: Option<u32>,
    ) -> Result<Vec<u32>, u32> {
        self.reached.fill(false);
        self.expanded.fill(false);
        let mut list = Vec::new();
        for &x in first {
            if Some(x) != opening && !std::mem::replace(&mut self.reached[x as usize], true) {
                list.push(x);
            }
        }
        let mut next = 0;
        while let Some(&x) = list.get(next) {
            next += 1;
            let y = mate[x as usize];
            if y == NONE {
                return Err(x);
            }
            if std::mem::replace(&mut self.expanded[y as usize], true) {
                continue;
            }
            for &z in self.graph.neighbours(y) {
                if Some(z) != opening && !std::mem::replace(&mut self.reached[z as usize], true) {
                    list.push(z);
                }
            }
        }
        Ok(list)
    }

    /// Tries to close the closure from `first` by moving the matching's holes (its unpaired
    /// numbers) along alternating paths: a hole x moves to b along x – a₁ = b₁ – … – a_k = b_k
    /// (every a_i takes its predecessor as partner), which keeps the matching's size and leaves
    /// `opening` unpaired. Each round moves one hole the closure reaches to the target that
    /// most improves the score (first moves that reach a hole, then numbers that do); it stops
    /// when the closure is all paired, no move improves, or after `REPAIRS_TRIED` rounds.
    /// Returns the closure's pairs when it closes.
    fn close(
        &mut self,
        mate: &mut Vec<u32>,
        first: &[u32],
        opening: Option<u32>,
    ) -> Option<Vec<(u64, u64)>> {
        let mut score = self.score(mate, first, opening);
        for _ in 0..REPAIRS_TRIED {
            if score.0 == 0 {
                break;
            }
            let holes: Vec<u32> = match self.closure(mate, first, opening) {
                Ok(_) => break,
                Err(_) => (self.reached.iter().enumerate())
                    .filter(|&(x, &reached)| reached && mate[x] == NONE)
                    .map(|(x, _)| x as u32)
                    .collect(),
            };
            let mut best: Option<((usize, usize), Vec<u32>)> = None;
            for hole in holes {
                for moved in self.moves_of(mate, hole, opening) {
                    let candidate = self.score(&moved, first, opening);
                    if candidate < best.as_ref().map_or(score, |b| b.0) {
                        best = Some((candidate, moved));
                    }
                }
            }
            let Some((better, moved)) = best else { break };
            (score, *mate) = (better, moved);
        }
        let reached = self.closure(mate, first, opening).ok()?;
        Some(pairs_of(mate, &reached))
    }

    /// The matchings with the hole `x` moved along one alternating path (breadth first, the
    /// first `TARGETS_TRIED` targets).
    fn moves_of(&self, mate: &[u32], x: u32, opening: Option<u32>) -> Vec<Vec<u32>> {
        let size = mate.len();
        let mut seen = vec![false; size];
        // parent[b] = (a, o): b was reached through the matched edge a = b, from o by o – a.
        let mut parent = vec![(NONE, NONE); size];
        seen[x as usize] = true;
        if let Some(v) = opening {
            seen[v as usize] = true;
        }
        let mut queue = std::collections::VecDeque::from([x]);
        let mut moved = Vec::new();
        while let Some(o) = queue.pop_front() {
            for &a in self.graph.neighbours(o) {
                let b = mate[a as usize];
                if seen[a as usize] || b == NONE || seen[b as usize] {
                    continue;
                }
                seen[a as usize] = true;
                seen[b as usize] = true;
                parent[b as usize] = (a, o);
                let mut new = mate.to_vec();
                let mut at = b;
                new[b as usize] = NONE;
                loop {
                    let (a, o) = parent[at as usize];
                    new[a as usize] = o;
                    new[o as usize] = a;
                    if o == x {
                        break;
                    }
                    at = o;
                }
                moved.push(new);
                if moved.len() == TARGETS_TRIED {
                    return moved;
                }
                queue.push_back(b);
            }
        }
        moved
    }

    /// How far `mate` is from closing from `first`: the first moves whose closure reaches a
    /// hole, then all numbers whose closure does.
    fn score(&self, mate: &[u32], first: &[u32], opening: Option<u32>) -> (usize, usize) {
        let bad = self.unclosed_from(mate, opening);
        let first_bad = first.iter().filter(|&&x| bad[x as usize]).count();
        (first_bad, bad.iter().filter(|&&b| b).count())
    }

    /// `bad[k − 1]`: whether the closure from k reaches an unpaired number, for every k
    /// (`opening`, played all game, is not a hole). x reaches z when z is a neighbour of x's
    /// partner; found backwards from the holes.
    fn unclosed_from(&self, mate: &[u32], opening: Option<u32>) -> Vec<bool> {
        let mut bad: Vec<bool> = mate.iter().map(|&m| m == NONE).collect();
        if let Some(v) = opening {
            bad[v as usize] = false;
        }
        let mut todo: Vec<u32> = (0..mate.len() as u32)
            .filter(|&z| bad[z as usize])
            .collect();
        while let Some(z) = todo.pop() {
            for &y in self.graph.neighbours(z) {
                let x = mate[y as usize];
                if x != NONE && !bad[x as usize] {
                    bad[x as usize] = true;
                    todo.push(x);
                }
            }
        }
        bad
    }
}

/// A matching of G_n (less `opening`) whose holes (unpaired numbers) are sealed off from the
/// closure: they lie in a set U with no two numbers related (an antichain) and no first move,
/// such that every neighbour of U is paired into U. A closure that starts outside U never
/// enters it: to reach u ∈ U it must answer some reached x with a neighbour y of u, but then
/// x is y's partner, in U, so x was not reached from outside U first. U is the Hall violator
/// of a maximum bipartite matching from an antichain (greedily from the top: the numbers above
/// n/2, then each smaller one with no multiple in it) into its neighbours; the rest of the
/// board is matched by the blossom engine, and its holes, if any, are left to `close`.
/// Returns the partner of each vertex (NONE: a hole).
fn sealed_matching(graph: &Graph, opening: Option<u32>, first: &[u32]) -> Vec<u32> {
    let size = graph.vertex_count() as usize;
    let mut out = vec![false; size]; // not on the top side
    for &x in first {
        out[x as usize] = true;
    }
    if let Some(v) = opening {
        out[v as usize] = true;
    }
    // An antichain, greedily from the top: every number above n/2, then each smaller one
    // none of whose multiples is in it (first moves and the opening left out).
    let mut in_top = vec![false; size];
    for t in (0..size as u32).rev() {
        let multiples = graph.neighbours(t).iter().filter(|&&m| m > t);
        if !out[t as usize] && !multiples.into_iter().any(|&m| in_top[m as usize]) {
            in_top[t as usize] = true;
        }
    }
    let top: Vec<u32> = (0..size as u32).filter(|&t| in_top[t as usize]).collect();
    let mut mate = vec![NONE; size];
    let mut stamp = vec![0u32; size];
    for (round, &t) in top.iter().enumerate() {
        augment_top(graph, &mut mate, &mut stamp, round as u32 + 1, t, opening);
    }
    // U: the top vertices reached from unmatched ones by alternating paths; their divisors.
    let mut in_u = vec![false; size];
    let mut todo: Vec<u32> = top
        .iter()
        .copied()
        .filter(|&t| mate[t as usize] == NONE)
        .collect();
    for &t in &todo {
        in_u[t as usize] = true;
    }
    let mut sealed = vec![false; size];
    while let Some(t) = todo.pop() {
        sealed[t as usize] = true;
        for &d in graph.neighbours(t) {
            if Some(d) == opening || sealed[d as usize] {
                continue;
            }
            sealed[d as usize] = true;
            let next = mate[d as usize];
            if next != NONE && !in_u[next as usize] {
                in_u[next as usize] = true;
                todo.push(next);
            }
        }
    }
    // Only U and its divisors keep their bipartite partners; the rest is matched again.
    for x in 0..size {
        debug_assert!(sealed[x] || mate[x] == NONE || !sealed[mate[x] as usize]);
        if !sealed[x] {
            mate[x] = NONE;
        }
    }
    let keep = |k: u64| !sealed[(k - 1) as usize] && Some((k - 1) as u32) != opening;
    let (rest, numbers) = Graph::divisibility_induced(size as u64, keep);
    let matching = Engine::new(&rest).maximum_matching(rest.vertex_count());
    for (a, b) in matching.pairs() {
        let (x, y) = (numbers[a as usize] - 1, numbers[b as usize] - 1);
        mate[x as usize] = y as u32;
        mate[y as usize] = x as u32;
    }
    mate
}

/// Kuhn's augmenting path from the top vertex `t` into the divisors (`opening` left out).
fn augment_top(
    graph: &Graph,
    mate: &mut [u32],
    stamp: &mut [u32],
    round: u32,
    t: u32,
    opening: Option<u32>,
) -> bool {
    // Iterative DFS: (top vertex, index of the next divisor to try).
    let mut stack: Vec<(u32, usize)> = vec![(t, 0)];
    let mut via: Vec<u32> = Vec::new(); // the divisor taken at each level
    while let Some(&mut (u, ref mut next)) = stack.last_mut() {
        let divisors = graph.neighbours(u);
        let Some(&d) = divisors.get(*next) else {
            stack.pop();
            via.pop();
            continue;
        };
        *next += 1;
        if Some(d) == opening || stamp[d as usize] == round {
            continue;
        }
        stamp[d as usize] = round;
        let owner = mate[d as usize];
        via.push(d);
        if owner == NONE {
            // Flip the path: each top vertex on the stack takes the divisor chosen below it.
            for (&(top, _), &divisor) in stack.iter().zip(&via) {
                mate[top as usize] = divisor;
                mate[divisor as usize] = top;
            }
            return true;
        }
        stack.push((owner, 0));
    }
    false
}

/// Re-checks a pairing entry from the raw rules, independently of the generator's closure and
/// of the verifier: the openings are allowed, the pairs are disjoint pairs of related numbers
/// not holding the winning opening, and the closure (closure.rs) from the entry's first moves
/// is all paired. The closure's size, or what is wrong. Barrier entries are left to the
/// verifier.
pub fn check_entry(n: u64, rule: OpeningRule, entry: &OpeningEntry) -> Result<usize, String> {
    let (opening, first, pairs) = match entry {
        OpeningEntry::WinPairing { opening, pairs } => (Some(*opening), vec![*opening], pairs),
        OpeningEntry::LosePairing { openings, pairs } => (None, openings.clone(), pairs),
        OpeningEntry::Barrier { .. } => return Ok(0),
    };
    if let Some(&bad) = first.iter().find(|&&v| v == 0 || v > n || !rule.allows(v)) {
        return Err(format!("{bad} is not an opening of 1..{n}"));
    }
    let mut used = std::collections::HashSet::new();
    for &(a, b) in pairs {
        if a == b || a == 0 || b == 0 || a > n || b > n || (a % b != 0 && b % a != 0) {
            return Err(format!(
                "({a}, {b}) is not a pair of related numbers of 1..{n}"
            ));
        }
        if !used.insert(a) || !used.insert(b) {
            return Err(format!("({a}, {b}) shares a number with another pair"));
        }
    }
    if let Some(v) = opening.filter(|v| used.contains(v)) {
        return Err(format!("the opening {v} is in a pair"));
    }
    let closed = match opening {
        Some(v) => crate::proofs::closure::closure_from(
            n,
            Some(v),
            &crate::game::related_numbers(n, v).collect::<Vec<_>>(),
            pairs,
        ),
        None => crate::proofs::closure::closure_from(n, None, &first, pairs),
    };
    closed.map_err(|x| format!("the closure reaches {x}, which has no partner"))
}

#[cfg(test)]
mod tests;
