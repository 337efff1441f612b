//! Compact graphs for the matching engine (docs/MATH.md §1, graph view): the divisibility graph G_n,
//! or its subgraph induced by the unplayed numbers, in CSR form with `u32` vertex ids.
//! Adjacency lists are sorted ascending, so a prefix 0..k of the vertices is itself an induced
//! subgraph that the engine can use without a copy (the results table grows n that way).

/// Largest n the engine accepts: every adjacency index must fit a `u32`
/// (G_n has about n ln n edges, each stored twice).
pub const MAX_N: u64 = 50_000_000;

/// An undirected simple graph in CSR form; vertex ids are `0..vertex_count`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    pub fn vertex_count(&self) -> u32 {
        (self.offsets.len() - 1) as u32
    }

    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The neighbours of `v`, ascending.
    #[inline]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Whether `{a, b}` is an edge.
    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        self.neighbours(a).binary_search(&b).is_ok()
    }

    /// A graph from an edge list (loops and repeated edges are dropped).
    pub fn from_edges(vertex_count: u32, edges: &[(u32, u32)]) -> Graph {
        let mut lists = vec![Vec::new(); vertex_count as usize];
        for &(a, b) in edges {
            assert!(a < vertex_count && b < vertex_count, "edge out of range");
            if a != b {
                lists[a as usize].push(b);
                lists[b as usize].push(a);
            }
        }
        let mut offsets = Vec::with_capacity(vertex_count as usize + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for mut list in lists {
            list.sort_unstable();
            list.dedup();
            targets.extend_from_slice(&list);
            offsets.push(targets.len() as u32);
        }
        Graph { offsets, targets }
    }

    /// G_n: vertex `k − 1` is the number `k`.
    pub fn divisibility(n: u64) -> Graph {
        Graph::divisibility_induced(n, |_| true).0
    }

    /// The subgraph of G_n induced by the numbers `k` with `keep(k)`; vertex `i` is the number
    /// `numbers[i]` (ascending), and the second value is that `numbers` table.
    pub fn divisibility_induced(n: u64, keep: impl Fn(u64) -> bool) -> (Graph, Vec<u64>) {
        assert!(n <= MAX_N, "the matching engine holds n ≤ {MAX_N}, got {n}");
        let n = n as usize;
        let mut id = vec![u32::MAX; n + 1];
        let mut numbers = Vec::new();
        for (k, slot) in id.iter_mut().enumerate().skip(1) {
            if keep(k as u64) {
                *slot = numbers.len() as u32;
                numbers.push(k as u64);
            }
        }
        // Walking divisors a upward and their multiples b upward appends, to each list, the
        // divisors in increasing order before the multiples in increasing order: sorted lists.
        let mut degree = vec![0u32; numbers.len() + 1];
        for &a in &numbers {
            let a = a as usize;
            for b in (2 * a..=n).step_by(a) {
                if id[b] != u32::MAX {
                    degree[id[a] as usize] += 1;
                    degree[id[b] as usize] += 1;
                }
            }
        }
        let mut offsets = Vec::with_capacity(numbers.len() + 1);
        let mut total: u64 = 0;
        offsets.push(0u32);
        for &d in &degree[..numbers.len()] {
            total += d as u64;
            offsets.push(u32::try_from(total).expect("adjacency fits u32 below MAX_N"));
        }
        let mut fill: Vec<u32> = offsets[..numbers.len()].to_vec();
        let mut targets = vec![0u32; total as usize];
        for &a in &numbers {
            let a = a as usize;
            let ia = id[a];
            for b in (2 * a..=n).step_by(a) {
                let ib = id[b];
                if ib != u32::MAX {
                    targets[fill[ia as usize] as usize] = ib;
                    fill[ia as usize] += 1;
                    targets[fill[ib as usize] as usize] = ia;
                    fill[ib as usize] += 1;
                }
            }
        }
        (Graph { offsets, targets }, numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisibility_graph_has_exactly_the_divisor_edges_in_sorted_lists() {
        for n in 0..=60u64 {
            let g = Graph::divisibility(n);
            assert_eq!(g.vertex_count() as u64, n);
            for a in 1..=n {
                let expected: Vec<u32> = (1..=n)
                    .filter(|&b| b != a && (a % b == 0 || b % a == 0))
                    .map(|b| (b - 1) as u32)
                    .collect();
                assert_eq!(g.neighbours((a - 1) as u32), &expected[..], "n={n} a={a}");
            }
        }
    }

    #[test]
    fn induced_graph_keeps_only_the_kept_numbers() {
        let keep = |k: u64| !k.is_multiple_of(3) || k == 9;
        let (g, numbers) = Graph::divisibility_induced(40, keep);
        assert!(numbers.iter().all(|&k| keep(k)));
        assert_eq!(numbers.len(), (1..=40).filter(|&k| keep(k)).count());
        for (i, &a) in numbers.iter().enumerate() {
            for (j, &b) in numbers.iter().enumerate() {
                let related = a != b && (a % b == 0 || b % a == 0);
                assert_eq!(g.has_edge(i as u32, j as u32), related, "{a} {b}");
            }
        }
    }
}
