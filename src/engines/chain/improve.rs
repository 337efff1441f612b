//! Local search for long chains (docs/MATH.md §6). The branch and cut closes as soon as it holds a
//! chain as long as its LP bound, which is often the bound at the root, so good chains are worth
//! finding early: insert unused numbers, swap one in for a path number, and rotate an end (Pósa).
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

    /// A chain built by walking from `start` to the unused neighbour of highest `weight`
    /// (ties: fewest unused neighbours), then the same from the other end.
    pub(super) fn walk(&self, start: usize, weight: impl Fn(usize, usize) -> f64) -> Vec<usize> {
        let mut used = vec![false; self.allowed.len()];
        used[start] = true;
        let mut path = vec![start];
        for _ in 0..2 {
            loop {
                let last = *path.last().expect("non-empty");
                let free = |v: usize| self.neighbours[v].iter().filter(|&&w| !used[w]).count();
                let next = self.neighbours[last]
                    .iter()
                    .copied()
                    .filter(|&v| !used[v])
                    .max_by(|&a, &b| {
                        weight(last, a)
                            .total_cmp(&weight(last, b))
                            .then(free(b).cmp(&free(a)))
                            .then(b.cmp(&a))
                    });
                let Some(next) = next else { break };
                used[next] = true;
                path.push(next);
            }
            path.reverse();
        }
        path
    }

    /// The longest chain met in `rounds` rounds of moves from `path` (a chain of this board).
    pub(super) fn improve(&self, mut path: Vec<usize>, rounds: usize, seed: u64) -> Vec<usize> {
        let mut rng = Rng(seed | 1);
        let mut on = vec![false; self.allowed.len()];
        for &v in &path {
            on[v] = true;
        }
        let mut best = path.clone();
        for _ in 0..rounds {
            while self.insert_one(&mut path, &mut on) {}
            if path.len() > best.len() {
                best = path.clone();
            }
            if path.len() < 3 {
                break;
            }
            if rng.below(2) == 0 {
                path.reverse();
            }
            if rng.below(3) == 0 {
                self.swap_one(&mut path, &mut on, &mut rng);
            } else {
                // Pósa rotation: the end joins an earlier number, the tail turns round.
                let last = *path.last().expect("non-empty");
                let len = path.len();
                let joins: Vec<usize> = (0..len - 2)
                    .filter(|&i| Self::related(path[i], last))
                    .collect();
                if !joins.is_empty() {
                    let i = joins[rng.below(joins.len())];
                    path[i + 1..].reverse();
                }
            }
        }
        best
    }

    /// Puts one unused number at an end or between two numbers it relates to.
    fn insert_one(&self, path: &mut Vec<usize>, on: &mut [bool]) -> bool {
        let first = path[0];
        let last = *path.last().expect("non-empty");
        for v in (1..self.allowed.len()).filter(|&v| self.allowed[v] && !on[v]) {
            let place = if Self::related(v, last) {
                Some(path.len())
            } else if Self::related(v, first) {
                Some(0)
            } else {
                path.windows(2)
                    .position(|w| Self::related(w[0], v) && Self::related(v, w[1]))
                    .map(|i| i + 1)
            };
            if let Some(place) = place {
                path.insert(place, v);
                on[v] = true;
                return true;
            }
        }
        false
    }

    /// Replaces one path number by an unused one that relates to both its neighbours on the
    /// path: same length, but the number set aside may fit elsewhere.
    fn swap_one(&self, path: &mut [usize], on: &mut [bool], rng: &mut Rng) {
        let i = 1 + rng.below(path.len() - 2);
        let (before, after) = (path[i - 1], path[i + 1]);
        let fits: Vec<usize> = self.neighbours[before]
            .iter()
            .copied()
            .filter(|&v| !on[v] && Self::related(v, after))
            .collect();
        if !fits.is_empty() {
            let v = fits[rng.below(fits.len())];
            on[path[i]] = false;
            on[v] = true;
            path[i] = v;
        }
    }
}
