//! What the unit tests share: a reproducible random generator (xorshift64), so every run sees
//! the same cases without a dependency; the rules written out naively; a pool of a given number
//! of threads. (The counters' reference, every game walked, is `engines::count::enumerate`'s.)

pub(crate) struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

/// The legal moves after `line` on 1..=n, the rules written out over the whole board (the
/// game's even opening), sharing no code with game.rs.
pub(crate) fn naive_legal_moves(n: u64, line: &[u64]) -> Vec<u64> {
    (1..=n)
        .filter(|m| !line.contains(m))
        .filter(|&m| match line.last() {
            None => m % 2 == 0,
            Some(&c) => m % c == 0 || c % m == 0,
        })
        .collect()
}

/// Whether the player to move after `line` wins, by a plain recursion over
/// `naive_legal_moves` (no table, no matching, no search).
pub(crate) fn to_move_wins(n: u64, line: &mut Vec<u64>) -> bool {
    for m in naive_legal_moves(n, line) {
        line.push(m);
        let opponent_wins = to_move_wins(n, line);
        line.pop();
        if !opponent_wins {
            return true;
        }
    }
    false
}

/// Who wins each position of 1..=n by plain recursion over the rules (no matching, no search),
/// memoised on the numbers played and the last one.
pub(crate) struct Plain {
    n: u64,
    memo: std::collections::HashMap<(u64, u64), bool>,
}

impl Plain {
    pub fn new(n: u64) -> Plain {
        assert!(n < 64);
        Plain {
            n,
            memo: Default::default(),
        }
    }

    /// The legal moves after `last` (0: the opening) with `played` (bit k: k was played).
    pub fn moves(&self, played: u64, last: u64) -> Vec<u64> {
        (1..=self.n)
            .filter(|&m| played & (1 << m) == 0)
            .filter(|&m| match last {
                0 => m % 2 == 0,
                c => m % c == 0 || c % m == 0,
            })
            .collect()
    }

    pub fn wins(&mut self, played: u64, last: u64) -> bool {
        if let Some(&w) = self.memo.get(&(played, last)) {
            return w;
        }
        let w = self
            .moves(played, last)
            .into_iter()
            .any(|m| !self.wins(played | 1 << m, m));
        self.memo.insert((played, last), w);
        w
    }
}

/// `work` run on a pool of `threads` threads.
pub(crate) fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(work)
}
