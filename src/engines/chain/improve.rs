//! Local search for long chains (docs/MATH.md §6). The branch and cut closes as soon as it holds a
//! chain as long as its LP bound, which is often the bound at the root, so good chains are worth
//! finding early: insert unused numbers, swap one in for a path number, and rotate an end (Pósa);
//! and, at each node, patch the LP's heaviest edges into pieces and the pieces into one chain.
//! Nothing here is trusted: the result is a chain only because every move keeps each step a
//! divisor or a multiple, and the caller's answer is re-checked by `check_chain`.

/// The numbers a chain may use, with their neighbours among them.
pub(super) struct Board {
    allowed: Vec<bool>,
    neighbours: Vec<Vec<usize>>,
}

/// A small deterministic generator (xorshift64*): same input, same chains.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % bound.max(1)
    }
}

impl Board {
    /// The board of the numbers in `numbers` (each in 1..).
    pub(super) fn new(numbers: &[usize]) -> Self {
        let n = numbers.iter().copied().max().unwrap_or(0);
        let mut allowed = vec![false; n + 1];
        for &v in numbers {
            allowed[v] = true;
        }
        let mut neighbours = vec![Vec::new(); n + 1];
        for a in 1..=n {
            for b in (2 * a..=n).step_by(a) {
                if allowed[a] && allowed[b] {
                    neighbours[a].push(b);
                    neighbours[b].push(a);
                }
            }
        }
        Board {
            allowed,
            neighbours,
        }
    }

    fn related(a: usize, b: usize) -> bool {
        a != b && (a.is_multiple_of(b) || b.is_multiple_of(a))
    }

    /// The longest chain met in `rounds` rounds of moves from `path` (a chain of this board).
    /// Each round inserts every unused number that fits (at an end, or between two path
    /// numbers it relates to), then moves: a Pósa rotation at a random end (mostly) or a swap.
    /// (Kicks, cutting off an end piece after many rounds without progress, made it worse.)
    pub(super) fn improve(&self, mut path: Vec<usize>, rounds: usize, seed: u64) -> Vec<usize> {
        let mut rng = Rng(seed | 1);
        let mut place = Places::new(self.allowed.len(), &path);
        let mut best = path.clone();
        for _ in 0..rounds {
            self.fill(&mut path, &mut place);
            if path.len() > best.len() {
                best = path.clone();
            }
            if path.len() < 3 {
                break;
            }
            if rng.below(2) == 0 {
                path.reverse();
                place.renumber(&path, 0);
            }
            if rng.below(3) == 0 {
                self.swap_one(&mut path, &mut place.at, &mut rng);
            } else {
                // Pósa rotation: the end joins an earlier number, the tail turns round.
                let last = *path.last().expect("non-empty");
                let len = path.len();
                let joins: Vec<usize> = self.neighbours[last]
                    .iter()
                    .map(|&u| place.at[u])
                    .filter(|&i| i + 2 < len)
                    .collect();
                if !joins.is_empty() {
                    let i = joins[rng.below(joins.len())];
                    path[i + 1..].reverse();
                    place.renumber(&path, i + 1);
                }
            }
        }
        best
    }

    /// A chain from weighted edges (numbers a < b, weight): the heaviest edges of positive
    /// weight first make a forest of paths (an edge joins two numbers each with fewer than
    /// two, in different pieces), and the pieces are then put together (`join`), then those
    /// left over where they fit whole (`fit`).
    pub(super) fn patch(&self, mut weighted: Vec<(usize, usize, f64)>) -> Vec<usize> {
        let size = self.allowed.len();
        weighted.retain(|&(_, _, w)| w > 1e-9);
        weighted.sort_by(|p, q| q.2.total_cmp(&p.2).then((p.0, p.1).cmp(&(q.0, q.1))));
        let mut root: Vec<usize> = (0..size).collect();
        fn find(root: &mut [usize], mut v: usize) -> usize {
            while root[v] != v {
                root[v] = root[root[v]];
                v = root[v];
            }
            v
        }
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); size];
        for (a, b, _) in weighted {
            if !self.allowed[a] || !self.allowed[b] || next[a].len() >= 2 || next[b].len() >= 2 {
                continue;
            }
            let (ra, rb) = (find(&mut root, a), find(&mut root, b));
            if ra != rb {
                root[ra] = rb;
                next[a].push(b);
                next[b].push(a);
            }
        }
        // The pieces, each read from one end (numbers on no weighted edge are left to the
        // local search's insertions).
        let mut seen = vec![false; size];
        let mut pieces: Vec<Vec<usize>> = Vec::new();
        for start in (1..size).filter(|&v| self.allowed[v] && next[v].len() == 1) {
            if seen[start] {
                continue;
            }
            let mut piece = vec![start];
            seen[start] = true;
            let mut current = start;
            while let Some(&step) = next[current].iter().find(|&&w| !seen[w]) {
                seen[step] = true;
                piece.push(step);
                current = step;
            }
            pieces.push(piece);
        }
        pieces.sort_by_key(|p| std::cmp::Reverse(p.len()));
        if pieces.is_empty() {
            let first = (1..size).find(|&v| self.allowed[v]);
            return first.into_iter().collect();
        }
        let (mut path, pieces) = self.join(pieces);
        let mut place = Places::new(size, &path);
        let mut used = vec![false; pieces.len()];
        loop {
            let mut joined = false;
            for (p, piece) in pieces.iter().enumerate() {
                if used[p] || piece.iter().any(|&v| place.at[v] != usize::MAX) {
                    continue;
                }
                if let Some(longer) = self.fit(&path, &place, piece) {
                    path = longer;
                    place.renumber(&path, 0);
                    used[p] = true;
                    joined = true;
                }
            }
            if !joined {
                return path;
            }
        }
    }

    /// Puts pieces (disjoint chains, longest first) together as 2-factor patching does for
    /// tours: from the longest, repeatedly make the move that adds the most numbers to the
    /// chain, where a move may give back part of the chain or of the piece as a new piece:
    /// the piece (either way round) at an end; between chain numbers i < j, replacing the
    /// few between them (or everything after i, or before j); its part from its k-th number on
    /// after the chain's end (or up to it before the chain's start); or whole after chain
    /// number i with the chain's part after i turned round behind it (when the piece's other
    /// end relates to the chain's last number; the same at the start). Stops when no move
    /// adds a number. Returns the chain and the pieces left.
    fn join(&self, mut pool: Vec<Vec<usize>>) -> (Vec<usize>, Vec<Vec<usize>>) {
        /// How far apart i and j may be when the numbers between them are given back.
        const SPAN: usize = 40;
        let mut chain = pool.remove(0);
        let mut place = Places::new(self.allowed.len(), &chain);
        loop {
            // (gain, piece, the new chain's parts, the parts given back)
            let mut best: Option<(usize, usize, Move)> = None;
            let len = chain.len();
            let (first, last) = (chain[0], chain[len - 1]);
            for (p, piece) in pool.iter().enumerate() {
                let size = piece.len();
                for forwards in [true, false] {
                    let at = |k: usize| {
                        if forwards {
                            piece[k]
                        } else {
                            piece[size - 1 - k]
                        }
                    };
                    let (w, z) = (at(0), at(size - 1));
                    let mut offer = |gain: usize, step: Move| {
                        if gain > 0 && best.as_ref().is_none_or(|b| gain > b.0) {
                            best = Some((gain, p, step));
                        }
                    };
                    if Self::related(last, w) {
                        offer(size, Move::Between(len - 1, len, forwards));
                    }
                    if Self::related(z, first) {
                        offer(size, Move::Before(0, forwards));
                    }
                    for &u in &self.neighbours[w] {
                        let i = place.at[u];
                        if i == usize::MAX {
                            continue;
                        }
                        let after = &chain[i + 1..len.min(i + SPAN)];
                        for (between, &v) in after.iter().enumerate() {
                            if Self::related(z, v) {
                                let j = i + 1 + between;
                                offer(size.saturating_sub(between), Move::Between(i, j, forwards));
                            }
                        }
                        offer(
                            size.saturating_sub(len - 1 - i),
                            Move::Between(i, len, forwards),
                        );
                        if i + 1 < len && Self::related(z, last) {
                            offer(size, Move::TurnTail(i, forwards));
                        }
                    }
                    for &u in &self.neighbours[z] {
                        let j = place.at[u];
                        if j == usize::MAX {
                            continue;
                        }
                        offer(size.saturating_sub(j), Move::Before(j, forwards));
                        if j > 0 && Self::related(w, first) {
                            offer(size, Move::TurnHead(j, forwards));
                        }
                    }
                    for k in 1..size {
                        if Self::related(last, at(k)) {
                            offer(size - k, Move::TailFrom(k, forwards));
                        }
                    }
                }
            }
            let Some((_, p, step)) = best else {
                return (chain, pool);
            };
            let piece = pool.swap_remove(p);
            let oriented = |forwards: bool| -> Vec<usize> {
                if forwards {
                    piece.clone()
                } else {
                    piece.iter().rev().copied().collect()
                }
            };
            let (next, given_back): (Vec<usize>, Vec<Vec<usize>>) = match step {
                Move::Between(i, j, forwards) => {
                    let mut next = chain[..=i].to_vec();
                    next.extend(oriented(forwards));
                    next.extend_from_slice(&chain[j..]);
                    (next, vec![chain[i + 1..j].to_vec()])
                }
                Move::Before(j, forwards) => {
                    let mut next = oriented(forwards);
                    next.extend_from_slice(&chain[j..]);
                    (next, vec![chain[..j].to_vec()])
                }
                Move::TurnTail(i, forwards) => {
                    let mut next = chain[..=i].to_vec();
                    next.extend(oriented(forwards));
                    next.extend(chain[i + 1..].iter().rev());
                    (next, Vec::new())
                }
                Move::TurnHead(j, forwards) => {
                    let mut next: Vec<usize> = chain[..j].iter().rev().copied().collect();
                    next.extend(oriented(forwards));
                    next.extend_from_slice(&chain[j..]);
                    (next, Vec::new())
                }
                Move::TailFrom(k, forwards) => {
                    let whole = oriented(forwards);
                    let mut next = chain.clone();
                    next.extend_from_slice(&whole[k..]);
                    (next, vec![whole[..k].to_vec()])
                }
            };
            for &v in &chain {
                place.at[v] = usize::MAX;
            }
            chain = next;
            place.renumber(&chain, 0);
            pool.extend(given_back.into_iter().filter(|part| !part.is_empty()));
            pool.sort_by_key(|part| std::cmp::Reverse(part.len()));
        }
    }

    /// `path` with `piece` joined in, if it fits: the piece (turned round, or, when its ends
    /// relate, opened at any number) goes at an end of the chain, or between two neighbouring
    /// chain numbers, or, when the chain's own ends relate, after the chain opened at any number.
    fn fit(&self, path: &[usize], place: &Places, piece: &[usize]) -> Option<Vec<usize>> {
        let len = piece.len();
        let cyclic = len >= 2 && Self::related(piece[0], piece[len - 1]);
        let path_cyclic = path.len() >= 3 && Self::related(path[0], path[path.len() - 1]);
        // The piece read from `start`, forwards or backwards (round the cycle when cyclic).
        let read = |start: usize, forwards: bool| -> Vec<usize> {
            (0..len)
                .map(|k| {
                    if forwards {
                        piece[(start + k) % len]
                    } else {
                        piece[(start + len - k) % len]
                    }
                })
                .collect()
        };
        let starts: Vec<(usize, bool)> = if cyclic {
            (0..len).flat_map(|s| [(s, true), (s, false)]).collect()
        } else {
            vec![(0, true), (len - 1, false)]
        };
        let (first, last) = (path[0], path[path.len() - 1]);
        for &(s, forwards) in &starts {
            let w = piece[s];
            let z = if forwards {
                piece[(s + len - 1) % len]
            } else {
                piece[(s + 1) % len]
            };
            let joined = |at: usize| {
                let mut out = path[..at].to_vec();
                out.extend(read(s, forwards));
                out.extend_from_slice(&path[at..]);
                out
            };
            if Self::related(last, w) {
                return Some(joined(path.len()));
            }
            if Self::related(z, first) {
                return Some(joined(0));
            }
            for &u in &self.neighbours[w] {
                let i = place.at[u];
                if i == usize::MAX {
                    continue;
                }
                if i + 1 < path.len() && Self::related(z, path[i + 1]) {
                    return Some(joined(i + 1));
                }
                if path_cyclic {
                    // The chain opened after u (its ends relate), then the piece.
                    let mut out = path[i + 1..].to_vec();
                    out.extend_from_slice(&path[..=i]);
                    out.extend(read(s, forwards));
                    return Some(out);
                }
            }
        }
        None
    }

    /// Inserts unused numbers until none fits.
    fn fill(&self, path: &mut Vec<usize>, place: &mut Places) {
        loop {
            let mut inserted = false;
            for v in 1..self.allowed.len() {
                if !self.allowed[v] || place.at[v] != usize::MAX {
                    continue;
                }
                let first = path[0];
                let last = *path.last().expect("non-empty");
                let at = if Self::related(v, last) {
                    Some(path.len())
                } else if Self::related(v, first) {
                    Some(0)
                } else {
                    self.neighbours[v]
                        .iter()
                        .map(|&u| place.at[u])
                        .find(|&i| i + 1 < path.len() && Self::related(v, path[i + 1]))
                        .map(|i| i + 1)
                };
                if let Some(at) = at {
                    path.insert(at, v);
                    place.renumber(path, at);
                    inserted = true;
                }
            }
            if !inserted {
                return;
            }
        }
    }

    /// Replaces one path number by an unused one that relates to both its neighbours on the
    /// path: same length, but the number set aside may fit elsewhere.
    fn swap_one(&self, path: &mut [usize], at: &mut [usize], rng: &mut Rng) {
        let i = 1 + rng.below(path.len() - 2);
        let (before, after) = (path[i - 1], path[i + 1]);
        let fits: Vec<usize> = self.neighbours[before]
            .iter()
            .copied()
            .filter(|&v| at[v] == usize::MAX && Self::related(v, after))
            .collect();
        if !fits.is_empty() {
            let v = fits[rng.below(fits.len())];
            at[path[i]] = usize::MAX;
            at[v] = i;
            path[i] = v;
        }
    }
}

/// A move of `Board::join`, the piece read forwards or backwards.
#[derive(Clone, Copy)]
enum Move {
    /// Chain up to i, the piece, chain from j on (j = len: nothing after).
    Between(usize, usize, bool),
    /// The piece, then the chain from j on.
    Before(usize, bool),
    /// Chain up to i, the piece, the rest of the chain turned round.
    TurnTail(usize, bool),
    /// The chain before j turned round, the piece, the chain from j on.
    TurnHead(usize, bool),
    /// The chain, then the piece from its k-th number on.
    TailFrom(usize, bool),
}

/// Where each number stands on the path (`usize::MAX`: not on it).
struct Places {
    at: Vec<usize>,
}

impl Places {
    fn new(size: usize, path: &[usize]) -> Self {
        let mut places = Places {
            at: vec![usize::MAX; size],
        };
        places.renumber(path, 0);
        places
    }

    /// Records the places of `path[from..]`.
    fn renumber(&mut self, path: &[usize], from: usize) {
        for (i, &v) in path.iter().enumerate().skip(from) {
            self.at[v] = i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain rules: distinct numbers of the board, each step a divisor or a multiple.
    fn assert_chain(board: &Board, chain: &[usize]) {
        let mut seen = vec![false; board.allowed.len()];
        for (i, &v) in chain.iter().enumerate() {
            assert!(board.allowed[v], "{v} is not on the board");
            assert!(!std::mem::replace(&mut seen[v], true), "{v} twice");
            if i > 0 {
                let u = chain[i - 1];
                assert!(v.is_multiple_of(u) || u.is_multiple_of(v), "{u} then {v}");
            }
        }
    }

    /// Patching a chain's own edges (weight 1, all others 0) gives it back at least as long,
    /// and the local search never returns a shorter or illegal chain.
    #[test]
    fn patched_and_improved_chains_are_chains_at_least_as_long() {
        for n in [10, 30, 60, 100] {
            let numbers: Vec<usize> = (1..=n).filter(|&v| v != 7).collect();
            let board = Board::new(&numbers);
            let found = board.improve(vec![1], 40 * n, 3);
            assert_chain(&board, &found);
            assert!(found.len() > n / 2, "n = {n}: {}", found.len());
            let mut weighted = Vec::new();
            for a in numbers.iter().copied() {
                for b in (2 * a..=n).step_by(a).filter(|&b| b != 7) {
                    let on = found.windows(2).any(|w| w == [a, b] || w == [b, a]);
                    weighted.push((a, b, if on { 1.0 } else { 0.0 }));
                }
            }
            let patched = board.patch(weighted);
            assert_chain(&board, &patched);
            assert!(patched.len() >= found.len(), "n = {n}");
            let again = board.improve(patched.clone(), 3 * n, 5);
            assert_chain(&board, &again);
            assert!(again.len() >= patched.len());
        }
    }

    /// A chain cut into pieces (every seventh edge weightless) is put back together: the
    /// patched chain is legal and longer than its longest piece, since the piece next to it
    /// on the original chain joins at one of its ends.
    #[test]
    fn pieces_of_a_chain_are_joined() {
        for n in [40, 100, 200] {
            let numbers: Vec<usize> = (1..=n).collect();
            let board = Board::new(&numbers);
            let found = board.improve(vec![1], 40 * n, 9);
            let mut weighted = Vec::new();
            let mut longest_piece = 0;
            let mut piece = 1;
            for (k, w) in found.windows(2).enumerate() {
                let kept = k % 7 != 6;
                weighted.push((w[0].min(w[1]), w[0].max(w[1]), if kept { 1.0 } else { 0.0 }));
                piece = if kept { piece + 1 } else { 1 };
                longest_piece = longest_piece.max(piece);
            }
            assert!(longest_piece < found.len(), "n = {n}: the chain was cut");
            let patched = board.patch(weighted);
            assert_chain(&board, &patched);
            assert!(
                patched.len() > longest_piece,
                "n = {n}: {} pieces of {longest_piece}",
                patched.len()
            );
        }
    }
}
