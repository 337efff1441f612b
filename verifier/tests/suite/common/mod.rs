//! Test oracles written from the rules alone, sharing nothing with the verifier: a brute-force
//! minimax on raw positions, a brute-force maximum matching, a certificate writer that follows
//! spec.md byte by byte, and a seeded random generator.
#![allow(dead_code, clippy::manual_is_multiple_of)] // the rules are stated with `%`

use std::collections::{HashMap, HashSet};

/// SplitMix64: a seeded generator, so every test run sees the same cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ z >> 31
    }
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

/// The game on 1..n (n ≤ 63) with a brute-force minimax over raw positions.
pub struct Game {
    pub n: u64,
    pub free: bool,
    neighbours: Vec<u64>,
    wins: HashMap<(u64, u64), bool>,
}

fn bit(k: u64) -> u64 {
    1 << (k - 1)
}

impl Game {
    pub fn new(n: u64, free: bool) -> Game {
        assert!(n <= 63);
        let mut neighbours = vec![0; n as usize + 1];
        for a in 1..=n {
            for b in 1..=n {
                if a != b && (a % b == 0 || b % a == 0) {
                    neighbours[a as usize] |= bit(b);
                }
            }
        }
        Game { n, free, neighbours, wins: HashMap::new() }
    }

    /// Legal moves, ascending (last = 0 before the opening).
    pub fn moves(&self, played: u64, last: u64) -> Vec<u64> {
        let reachable = if last == 0 {
            (1..=self.n).filter(|x| self.free || x % 2 == 0).fold(0, |s, x| s | bit(x))
        } else {
            self.neighbours[last as usize]
        };
        (1..=self.n).filter(|&x| reachable & !played & bit(x) != 0).collect()
    }

    /// Whether the player to move wins.
    pub fn wins(&mut self, played: u64, last: u64) -> bool {
        if let Some(&known) = self.wins.get(&(played, last)) {
            return known;
        }
        let result = self.moves(played, last).into_iter().any(|x| !self.wins(played | bit(x), x));
        self.wins.insert((played, last), result);
        result
    }

    pub fn first_wins(&mut self) -> bool {
        self.wins(0, 0)
    }

    /// The winner's moves in the order of the retired walk (kind 0, spec.md §3.1), and the
    /// positions it counts.
    pub fn tree_body(&mut self, winner_first: bool) -> (Vec<u64>, u64) {
        let mut builder = Builder { memo: HashSet::new(), moves: Vec::new(), positions: 0 };
        if winner_first {
            builder.winner_turn(self, 0, 0);
        } else {
            builder.loser_turn(self, 0, 0);
        }
        (builder.moves, builder.positions)
    }

    /// The winner's move by the pairing rule of spec.md §3.2 (None: no partner / illegal).
    pub fn pairing_move(&self, pairs: &HashMap<u64, u64>, played: u64, last: u64) -> Option<u64> {
        let immediate = self
            .moves(played, last)
            .into_iter()
            .find(|&m| self.moves(played | bit(m), m).is_empty());
        immediate.or_else(|| {
            pairs.get(&last).copied().filter(|&p| self.moves(played, last).contains(&p))
        })
    }

    /// Whether the pairing strategy wins against every reply (brute force over the game).
    pub fn pairing_wins(&self, opening: Option<u64>, pairs: &HashMap<u64, u64>) -> bool {
        match opening {
            Some(m) => self.moves(0, 0).contains(&m) && self.pairing_loser(pairs, bit(m), m),
            None => self.pairing_loser(pairs, 0, 0),
        }
    }

    fn pairing_loser(&self, pairs: &HashMap<u64, u64>, played: u64, last: u64) -> bool {
        self.moves(played, last).into_iter().all(|x| {
            let played = played | bit(x);
            match self.pairing_move(pairs, played, x) {
                Some(m) => self.pairing_loser(pairs, played | bit(m), m),
                None => false,
            }
        })
    }

    /// Maximum matching size of the graph on the numbers in `set` (brute force, memoised).
    fn matching_size(&self, set: u64, memo: &mut HashMap<u64, u32>) -> u32 {
        if set == 0 {
            return 0;
        }
        if let Some(&size) = memo.get(&set) {
            return size;
        }
        let v = u64::from(set.trailing_zeros()) + 1;
        let rest = set & !bit(v);
        let mut best = self.matching_size(rest, memo);
        for u in (1..=self.n).filter(|&u| self.neighbours[v as usize] & rest & bit(u) != 0) {
            best = best.max(1 + self.matching_size(rest & !bit(u), memo));
        }
        memo.insert(set, best);
        best
    }

    /// A maximum matching of the graph on `set`, as canonical pairs.
    fn matching(&self, set: u64, memo: &mut HashMap<u64, u32>) -> Vec<(u64, u64)> {
        if set == 0 {
            return Vec::new();
        }
        let size = self.matching_size(set, memo);
        let v = u64::from(set.trailing_zeros()) + 1;
        let rest = set & !bit(v);
        if self.matching_size(rest, memo) == size {
            return self.matching(rest, memo);
        }
        let u = (1..=self.n)
            .find(|&u| {
                self.neighbours[v as usize] & rest & bit(u) != 0
                    && 1 + self.matching_size(rest & !bit(u), memo) == size
            })
            .expect("a maximum matching uses v");
        let mut pairs = self.matching(rest & !bit(u), memo);
        pairs.push((v, u));
        pairs.sort();
        pairs
    }

    /// A winning pairing strategy from a maximum matching (docs/MATH.md §3): the opening (when the
    /// first player wins) and the pairs.
    pub fn pairing_strategy(&self) -> (Option<u64>, Vec<(u64, u64)>) {
        let all = (1..=self.n).fold(0, |s, x| s | bit(x));
        let mut memo = HashMap::new();
        let size = self.matching_size(all, &mut memo);
        for v in self.moves(0, 0) {
            if self.matching_size(all & !bit(v), &mut memo) == size {
                return (Some(v), self.matching(all & !bit(v), &mut memo));
            }
        }
        (None, self.matching(all, &mut memo))
    }
}

impl Game {
    /// Whether the opening `v` wins (the second player, to move after it, loses).
    pub fn opening_wins(&mut self, v: u64) -> bool {
        !self.wins(bit(v), v)
    }

    /// The tree proving what `v` does: the first player's moves from `v` on when it wins (the
    /// body of a first-player walk, `v` first), else the second player's moves after `v`.
    pub fn opening_tree(&mut self, v: u64) -> Vec<u64> {
        self.opening_tree_and_positions(v).0
    }

    /// The same, with the positions the retired walk of it expanded (kind 0: the win
    /// tree's walk starts with the winner's turn at the start, the lose tree's after `v`).
    pub fn opening_tree_and_positions(&mut self, v: u64) -> (Vec<u64>, u64) {
        let mut builder = Builder { memo: HashSet::new(), moves: Vec::new(), positions: 0 };
        if self.opening_wins(v) {
            builder.moves.push(v);
            builder.positions += 1;
            builder.loser_turn(self, bit(v), v);
        } else {
            builder.winner_turn(self, bit(v), v);
        }
        (builder.moves, builder.positions)
    }

    /// A maximum matching of G_n without `v` (the first player's answers after `v` when `v`
    /// wins), or of G_n (the second player's answers against losing openings).
    pub fn matching_without(&self, v: Option<u64>) -> Vec<(u64, u64)> {
        let all = (1..=self.n).fold(0, |s, x| s | bit(x));
        self.matching(all & !v.map_or(0, bit), &mut HashMap::new())
    }

    /// Whether "answer with the partner" is closed (spec.md §4.5) when the loser's first moves
    /// are `first_moves` from the position where `opening` (if any) is played.
    pub fn closes(&self, opening: Option<u64>, first_moves: &[u64], pairs: &[(u64, u64)]) -> bool {
        self.closure_size(opening, first_moves, pairs).is_some()
    }

    /// The size of that closure when it is closed (spec.md §4.5's positions).
    pub fn closure_size(
        &self, opening: Option<u64>, first_moves: &[u64], pairs: &[(u64, u64)],
    ) -> Option<usize> {
        let partner: HashMap<u64, u64> =
            pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        let played = opening.map_or(0, bit);
        let mut reached: HashSet<u64> = first_moves.iter().copied().collect();
        let mut todo: Vec<u64> = first_moves.to_vec();
        while let Some(x) = todo.pop() {
            let &y = partner.get(&x)?;
            if x % y != 0 && y % x != 0 {
                return None;
            }
            for z in self.moves(played | bit(y), y) {
                if reached.insert(z) {
                    todo.push(z);
                }
            }
        }
        Some(reached.len())
    }
}

struct Builder {
    memo: HashSet<(u64, u64)>,
    moves: Vec<u64>,
    positions: u64,
}

impl Builder {
    fn winner_turn(&mut self, game: &mut Game, played: u64, last: u64) {
        self.positions += 1;
        let m = game
            .moves(played, last)
            .into_iter()
            .find(|&m| !game.wins(played | bit(m), m))
            .expect("the winner has a winning move");
        self.moves.push(m);
        self.loser_turn(game, played | bit(m), m);
    }

    fn loser_turn(&mut self, game: &mut Game, played: u64, last: u64) {
        if self.memo.contains(&(played, last)) {
            return;
        }
        self.positions += 1;
        for x in game.moves(played, last) {
            self.winner_turn(game, played | bit(x), x);
        }
        self.memo.insert((played, last));
    }
}

/// The bytes of a number of `width` bytes, little-endian (spec.md §3).
pub fn number_bytes(value: u64, width: usize) -> Vec<u8> {
    value.to_le_bytes()[..width].to_vec()
}

pub fn width(n: u64) -> usize {
    match n {
        0..=255 => 1,
        256..=65_535 => 2,
        65_536..=4_294_967_295 => 4,
        _ => 8,
    }
}

/// A whole certificate of `kind` written from the table of spec.md §2.
pub fn certificate(n: u64, free: bool, winner_first: bool, kind: u32, body: &[u8]) -> Vec<u8> {
    let generator = b"verifier tests";
    let mut bytes = b"JUNIPERG".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend(n.to_le_bytes());
    bytes.extend(u32::from(free).to_le_bytes());
    bytes.extend(u32::from(!winner_first).to_le_bytes());
    bytes.extend(kind.to_le_bytes());
    bytes.extend((generator.len() as u64).to_le_bytes());
    bytes.extend(generator);
    bytes.extend((body.len() as u64).to_le_bytes());
    bytes.extend(blake3::hash(body).as_bytes());
    bytes.extend(body);
    bytes
}

/// Offset of the body in a certificate made by `certificate`.
pub const BODY: usize = 80 + 14;

pub fn tree_body(n: u64, moves: &[u64]) -> Vec<u8> {
    moves.iter().flat_map(|&m| number_bytes(m, width(n))).collect()
}

pub fn pairing_body(n: u64, opening: Option<u64>, pairs: &[(u64, u64)]) -> Vec<u8> {
    let w = width(n);
    let mut body = number_bytes(opening.unwrap_or(0), w);
    body.extend(number_bytes(pairs.len() as u64, w));
    for &(a, b) in pairs {
        body.extend(number_bytes(a, w));
        body.extend(number_bytes(b, w));
    }
    body
}

/// Rewrites body_len and body_blake3 after the body was changed, so that the checks read it.
pub fn reseal(bytes: &mut [u8]) {
    let body = bytes[BODY..].to_vec();
    bytes[BODY - 40..BODY - 32].copy_from_slice(&(body.len() as u64).to_le_bytes());
    bytes[BODY - 32..BODY].copy_from_slice(blake3::hash(&body).as_bytes());
}

/// A tree certificate (retired kind 0, spec.md §3) for n (≤ 63), well formed under the old
/// format: the winner's moves in the order of the old walk. Only to show it refused.
pub fn tree_certificate(game: &mut Game) -> Vec<u8> {
    let winner_first = game.first_wins();
    let (moves, _) = game.tree_body(winner_first);
    certificate(game.n, game.free, winner_first, 0, &tree_body(game.n, &moves))
}

/// A closed pairing certificate (kind 2) for n from the brute-force maximum matching, whether
/// the first player wins, and its closure's size (the verdict's positions); None when that
/// matching's closure is not all paired.
pub fn closed_certificate(game: &mut Game) -> Option<(Vec<u8>, bool, u64)> {
    let (opening, pairs) = game.pairing_strategy();
    let first_moves = match opening {
        Some(v) => game.moves(bit(v), v),
        None => game.moves(0, 0),
    };
    let size = game.closure_size(opening, &first_moves, &pairs)? as u64;
    let body = pairing_body(game.n, opening, &pairs);
    Some((certificate(game.n, game.free, opening.is_some(), 2, &body), opening.is_some(), size))
}

/// A number of the board 1..n's width.
fn num(n: u64, x: u64) -> Vec<u8> {
    number_bytes(x, width(n))
}

/// A count, then the numbers (spec.md §3.4).
pub fn list(n: u64, numbers: &[u64]) -> Vec<u8> {
    let mut bytes = num(n, numbers.len() as u64);
    bytes.extend(numbers.iter().flat_map(|&x| num(n, x)));
    bytes
}

/// A matching-and-barrier entry (tag 4), written field by field as spec.md §3.4 lays it out.
#[derive(Clone, Debug)]
pub struct Entry {
    pub losing: Vec<u64>,
    pub pairs: Vec<(u64, u64)>,
    pub barrier: Vec<u64>,
    pub paths: Vec<Vec<u64>>,
}

impl Entry {
    pub fn bytes(&self, n: u64) -> Vec<u8> {
        let mut bytes = vec![4];
        bytes.extend(list(n, &self.losing));
        bytes.extend(num(n, self.pairs.len() as u64));
        bytes.extend(self.pairs.iter().flat_map(|&(a, b)| [num(n, a), num(n, b)].concat()));
        bytes.extend(list(n, &self.barrier));
        bytes.extend(num(n, self.paths.len() as u64));
        for path in &self.paths {
            bytes.extend(list(n, path));
        }
        bytes
    }
}

/// The matching-and-barrier entry (tag 4) proving every opening of 1..n, from the test's exact
/// matchings (the definition: D = the numbers some maximum matching leaves unpaired, S = their
/// neighbours outside D).
pub fn entry_for(game: &Game) -> Entry {
    let n = game.n;
    let pairs = game.matching_without(None);
    let size = pairs.len();
    let partner = |pairs: &[(u64, u64)], x: u64| {
        pairs.iter().find_map(|&(a, b)| (a == x).then_some(b).or((b == x).then_some(a)))
    };
    let related = |a: u64, b: u64| a != b && (a % b == 0 || b % a == 0);
    let missed: Vec<bool> =
        (0..=n).map(|v| v > 0 && game.matching_without(Some(v)).len() == size).collect();
    let barrier: Vec<u64> = (1..=n)
        .filter(|&x| !missed[x as usize] && (1..=n).any(|d| missed[d as usize] && related(x, d)))
        .collect();
    let (mut losing, mut paths) = (Vec::new(), Vec::new());
    for v in game.moves(0, 0) {
        if !missed[v as usize] {
            losing.push(v);
            continue;
        }
        // From v along a pair of M, then a pair of a maximum matching missing v, until M has
        // no pair: the path, reversed.
        let avoiding = game.matching_without(Some(v));
        let mut path = vec![v];
        let mut at = v;
        while let Some(y) = partner(&pairs, at) {
            at = partner(&avoiding, y).expect("two maximum matchings differ by even paths");
            path.extend([y, at]);
        }
        path.reverse();
        paths.push(path);
    }
    let pairs = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect::<Vec<_>>();
    let mut pairs = pairs;
    pairs.sort_unstable();
    Entry { losing, pairs, barrier, paths }
}
