//! Maximum matching on a general graph (Edmonds' blossom algorithm, union–find form) and the
//! Gallai–Edmonds sets D, A, C read off one alternating forest grown from every exposed vertex
//! (docs/MATH.md §3). Also the Tutte–Berge check that proves a matching maximum without trusting
//! the algorithm. Every function works on the prefix `0..active` of a graph's vertices.

use super::graph::Graph;

/// No partner / no vertex.
pub const NONE: u32 = u32::MAX;

/// A matching: `mate[v]` is the partner of `v`, or `NONE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    pub mate: Vec<u32>,
}

impl Matching {
    pub fn empty(vertex_count: u32) -> Matching {
        Matching {
            mate: vec![NONE; vertex_count as usize],
        }
    }

    pub fn partner(&self, v: u32) -> Option<u32> {
        let m = self.mate[v as usize];
        (m != NONE).then_some(m)
    }

    /// Number of matched pairs.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// The pairs `(a, b)` with `a < b`, sorted by `a`.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.mate
            .iter()
            .enumerate()
            .filter(|&(v, &m)| m != NONE && (v as u32) < m)
            .map(|(v, &m)| (v as u32, m))
    }
}

/// Gallai–Edmonds class of a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Missed by some maximum matching (outer vertex of the final alternating forest).
    D,
    /// A neighbour of D outside D (inner vertex of the forest).
    A,
    /// Everything else: perfectly matched by every maximum matching.
    C,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Unseen,
    Outer,
    Inner,
    /// Out of the search: in a Hungarian tree (never on an augmenting path again) or excluded.
    Blocked,
}

/// The alternating forest and its scratch space, reused between searches: only the vertices a
/// search touched are reset, so a search costs what it explores, not the graph's size.
struct Forest {
    label: Vec<Label>,
    /// For inner vertices: the outer vertex they were reached from; inside blossoms, the link
    /// that lets `augment` walk the even path through the blossom.
    parent: Vec<u32>,
    /// Union–find over blossoms: `find(v)` is the base of v's outermost blossom.
    base: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    head: usize,
    touched: Vec<u32>,
    blocked: Vec<u32>,
    /// The root of each labelled vertex's tree.
    tree: Vec<u32>,
    /// The vertices of each tree as a linked list: `first_in_tree[root]`, then `next_in_tree`.
    first_in_tree: Vec<u32>,
    next_in_tree: Vec<u32>,
}

impl Forest {
    fn new(vertex_count: u32) -> Forest {
        let n = vertex_count as usize;
        Forest {
            label: vec![Label::Unseen; n],
            parent: vec![NONE; n],
            base: (0..vertex_count).collect(),
            mark: vec![0; n],
            stamp: 0,
            queue: Vec::new(),
            head: 0,
            touched: Vec::new(),
            blocked: Vec::new(),
            tree: vec![NONE; n],
            first_in_tree: vec![NONE; n],
            next_in_tree: vec![NONE; n],
        }
    }

    fn find(&mut self, v: u32) -> u32 {
        let mut root = v;
        while self.base[root as usize] != root {
            root = self.base[root as usize];
        }
        let mut x = v;
        while self.base[x as usize] != root {
            let next = self.base[x as usize];
            self.base[x as usize] = root;
            x = next;
        }
        root
    }

    fn plant(&mut self, root: u32) {
        self.label[root as usize] = Label::Outer;
        self.tree[root as usize] = root;
        self.first_in_tree[root as usize] = root;
        self.touched.push(root);
        self.queue.push(root);
    }

    fn block(&mut self, v: u32) {
        self.label[v as usize] = Label::Blocked;
        self.blocked.push(v);
    }

    /// Clears the last search; with `block`, its vertices leave all later searches.
    fn reset(&mut self, block: bool) {
        for &v in &self.touched {
            let i = v as usize;
            self.parent[i] = NONE;
            self.base[i] = v;
            self.tree[i] = NONE;
            self.first_in_tree[i] = NONE;
            self.next_in_tree[i] = NONE;
            self.label[i] = if block { Label::Blocked } else { Label::Unseen };
        }
        if block {
            self.blocked.extend_from_slice(&self.touched);
        }
        self.touched.clear();
        self.queue.clear();
        self.head = 0;
    }

    fn unblock_all(&mut self) {
        for &v in &self.blocked {
            self.label[v as usize] = Label::Unseen;
        }
        self.blocked.clear();
    }

    /// The base where the tree paths of bases `a` and `b` meet, or `None` if they lie in
    /// different trees.
    fn meeting_base(&mut self, mut a: u32, mut b: u32, mate: &[u32]) -> Option<u32> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        loop {
            if a != NONE {
                if self.mark[a as usize] == self.stamp {
                    return Some(a);
                }
                self.mark[a as usize] = self.stamp;
                let m = mate[a as usize];
                a = if m == NONE {
                    NONE
                } else {
                    let p = self.parent[m as usize];
                    self.find(p)
                };
            } else if b == NONE {
                return None;
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// Shrinks the path from `v` up to the blossom base `top` into one blossom; its inner
    /// vertices become outer and are scanned in turn.
    fn contract(&mut self, mut v: u32, mut w: u32, top: u32, mate: &[u32]) {
        while self.find(v) != top {
            self.parent[v as usize] = w;
            w = mate[v as usize];
            if self.label[w as usize] == Label::Inner {
                self.label[w as usize] = Label::Outer;
                self.queue.push(w);
            }
            if self.find(v) == v {
                self.base[v as usize] = top;
            }
            if self.find(w) == w {
                self.base[w as usize] = top;
            }
            v = self.parent[w as usize];
        }
    }
}

impl Forest {
    fn join(&mut self, v: u32, root: u32) {
        self.tree[v as usize] = root;
        self.next_in_tree[v as usize] = self.first_in_tree[root as usize];
        self.first_in_tree[root as usize] = v;
    }

    /// Returns the vertices of a tree to the unseen state (all are matched after the
    /// augmentation through its root), so that live trees may grow into them.
    fn release(&mut self, root: u32) {
        let mut v = std::mem::replace(&mut self.first_in_tree[root as usize], NONE);
        while v != NONE {
            let i = v as usize;
            self.label[i] = Label::Unseen;
            self.parent[i] = NONE;
            self.base[i] = v;
            self.tree[i] = NONE;
            v = std::mem::replace(&mut self.next_in_tree[i], NONE);
        }
    }

    /// Grows every planted tree at once. An exposed vertex reached, or an edge between outer
    /// vertices of two trees, closes an augmenting path (through one root or both), which is
    /// applied at once. Its trees' labels then no longer describe the matching, so they are
    /// released: their vertices become unseen, matched vertices that the live trees may claim.
    /// The live trees are untouched, hence still alternating trees. With `first`, it stops at
    /// the first augmentation (one search from one root); otherwise it is a phase, and a phase
    /// that finds nothing has grown the complete forest. Returns the number of augmentations.
    fn grow(&mut self, graph: &Graph, active: u32, mate: &mut [u32], first: bool) -> usize {
        let mut augmentations = 0;
        while self.head < self.queue.len() {
            let v = self.queue[self.head];
            self.head += 1;
            if self.label[v as usize] != Label::Outer {
                continue;
            }
            let tree_v = self.tree[v as usize];
            for &u in graph.neighbours(v) {
                if u >= active {
                    break;
                }
                match self.label[u as usize] {
                    Label::Unseen => {
                        let m = mate[u as usize];
                        if m != NONE && self.label[m as usize] == Label::Blocked {
                            continue;
                        }
                        self.label[u as usize] = Label::Inner;
                        self.parent[u as usize] = v;
                        self.join(u, tree_v);
                        self.touched.push(u);
                        if m == NONE {
                            augment(mate, &self.parent, u);
                            augmentations += 1;
                            if first {
                                return augmentations; // the caller resets the forest
                            }
                            self.release(tree_v);
                            break;
                        }
                        self.label[m as usize] = Label::Outer;
                        self.join(m, tree_v);
                        self.touched.push(m);
                        self.queue.push(m);
                    }
                    Label::Outer => {
                        let tree_u = self.tree[u as usize];
                        if tree_u != tree_v {
                            // The even path of an outer vertex to its root is what `augment`
                            // walks after matching it to a new partner.
                            let (old_v, old_u) = (mate[v as usize], mate[u as usize]);
                            mate[v as usize] = u;
                            mate[u as usize] = v;
                            if old_v != NONE {
                                augment(mate, &self.parent, old_v);
                            }
                            if old_u != NONE {
                                augment(mate, &self.parent, old_u);
                            }
                            augmentations += 1;
                            if first {
                                return augmentations;
                            }
                            self.release(tree_v);
                            self.release(tree_u);
                            break;
                        }
                        let (bv, bu) = (self.find(v), self.find(u));
                        if bv != bu {
                            let top = self
                                .meeting_base(bv, bu, mate)
                                .expect("same tree, so the paths meet");
                            self.contract(v, u, top, mate);
                            self.contract(u, v, top, mate);
                        }
                    }
                    Label::Inner | Label::Blocked => {}
                }
            }
        }
        augmentations
    }
}

/// Flips the alternating path that ends at the exposed inner vertex `u`.
fn augment(mate: &mut [u32], parent: &[u32], mut u: u32) {
    while u != NONE {
        let p = parent[u as usize];
        let next = mate[p as usize];
        mate[u as usize] = p;
        mate[p as usize] = u;
        u = next;
    }
}

/// A maximal matching to start from (minimum-degree greedy, Karp–Sipser style): the free
/// vertex with the fewest free neighbours is matched to its free neighbour with the fewest free
/// neighbours. A vertex with one free neighbour left is thus matched to it, as some maximum
/// matching does. Buckets by free degree, with stale entries skipped, keep it O(E).
pub fn greedy_matching(graph: &Graph, active: u32) -> Matching {
    let within = |v: u32| {
        let list = graph.neighbours(v);
        &list[..list.partition_point(|&u| u < active)]
    };
    let mut free_degree: Vec<u32> = (0..active).map(|v| within(v).len() as u32).collect();
    let top = free_degree.iter().copied().max().unwrap_or(0) as usize;
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); top + 1];
    // Reverse order so that, within a bucket, smaller vertices pop first (any fixed order
    // keeps the result deterministic).
    for v in (0..active).rev() {
        buckets[free_degree[v as usize] as usize].push(v);
    }
    let mut matching = Matching::empty(graph.vertex_count());
    let mate = &mut matching.mate;
    let mut lowest = 1;
    loop {
        while lowest <= top && buckets[lowest].is_empty() {
            lowest += 1;
        }
        if lowest > top {
            break;
        }
        let Some(v) = buckets[lowest].pop() else {
            continue;
        };
        if mate[v as usize] != NONE || free_degree[v as usize] as usize != lowest {
            continue;
        }
        let u = within(v)
            .iter()
            .copied()
            .filter(|&u| mate[u as usize] == NONE)
            .min_by_key(|&u| (free_degree[u as usize], u))
            .expect("positive free degree");
        mate[v as usize] = u;
        mate[u as usize] = v;
        for &w in within(v).iter().chain(within(u)) {
            if mate[w as usize] == NONE {
                let d = free_degree[w as usize] - 1;
                free_degree[w as usize] = d;
                if d > 0 {
                    buckets[d as usize].push(w);
                    lowest = lowest.min(d as usize);
                }
            }
        }
    }
    matching
}

/// Reusable engine for maximum matchings and Gallai–Edmonds sets on prefixes of one graph.
pub struct Engine<'g> {
    graph: &'g Graph,
    forest: Forest,
}

impl<'g> Engine<'g> {
    pub fn new(graph: &'g Graph) -> Engine<'g> {
        Engine {
            graph,
            forest: Forest::new(graph.vertex_count()),
        }
    }

    /// A maximum matching of the prefix `0..active`: greedy start, then augmenting phases.
    pub fn maximum_matching(&mut self, active: u32) -> Matching {
        self.maximum_matching_and_classes(active).0
    }

    /// A maximum matching of the prefix and its Gallai–Edmonds classes. The last phase, which
    /// finds no augmenting path, has grown the complete forest from every exposed vertex: its
    /// outer vertices are D, its inner ones A (so the classes cost no extra sweep).
    pub fn maximum_matching_and_classes(&mut self, active: u32) -> (Matching, Vec<Class>) {
        let mut matching = greedy_matching(self.graph, active);
        loop {
            let augmentations = self.phase_from_all_exposed(active, &mut matching);
            if augmentations == 0 {
                let classes = self.classes(active);
                self.forest.reset(false);
                return (matching, classes);
            }
            self.forest.reset(false);
        }
    }

    /// `maximum_matching_and_classes`, and for each vertex `targets(classes)` names: when the
    /// complete forest of the last phase labels it outer (class D), the even alternating path
    /// from it to its tree's root, an exposed vertex: v, its partner, that partner's forest
    /// link, its partner, and so on, the path `augment` walks. All paths come from that one
    /// forest (a search per target, as `avoid` does, costs a phase each). None for the other
    /// targets, or if a walk fails to end (an internal invariant; callers check the paths).
    pub fn maximum_matching_classes_and_paths(
        &mut self,
        active: u32,
        targets: impl FnOnce(&[Class]) -> Vec<u32>,
    ) -> (Matching, Vec<Class>, Vec<Option<Vec<u32>>>) {
        let mut matching = greedy_matching(self.graph, active);
        while self.phase_from_all_exposed(active, &mut matching) > 0 {
            self.forest.reset(false);
        }
        let classes = self.classes(active);
        let forest = &self.forest;
        let paths = targets(&classes)
            .into_iter()
            .map(|v| {
                if forest.label[v as usize] != Label::Outer {
                    return None;
                }
                let mut path = vec![v];
                let mut at = v;
                while let Some(partner) = matching.partner(at) {
                    let next = forest.parent[partner as usize];
                    if next == NONE || path.len() > active as usize {
                        return None;
                    }
                    path.extend([partner, next]);
                    at = next;
                }
                Some(path)
            })
            .collect();
        self.forest.reset(false);
        (matching, classes, paths)
    }

    fn phase_from_all_exposed(&mut self, active: u32, matching: &mut Matching) -> usize {
        for v in 0..active {
            if matching.mate[v as usize] == NONE {
                self.forest.plant(v);
            }
        }
        self.forest
            .grow(self.graph, active, &mut matching.mate, false)
    }

    /// Grows the forest from `root` alone and augments along the first path it finds: whether
    /// it found one. The caller resets the forest (keeping a failed tree blocked or not).
    fn search_from(&mut self, active: u32, matching: &mut Matching, root: u32) -> bool {
        self.forest.plant(root);
        self.forest
            .grow(self.graph, active, &mut matching.mate, true)
            > 0
    }

    fn classes(&self, active: u32) -> Vec<Class> {
        (0..active)
            .map(|v| match self.forest.label[v as usize] {
                Label::Outer => Class::D,
                Label::Inner => Class::A,
                _ => Class::C,
            })
            .collect()
    }

    /// Makes `matching` (a matching of the prefix) maximum by augmenting phases: each grows
    /// the forest from every exposed vertex at once and applies many disjoint augmenting paths
    /// per sweep of the graph; a phase that finds none proves the matching maximum.
    pub fn complete(&mut self, active: u32, matching: &mut Matching) {
        loop {
            let augmentations = self.phase_from_all_exposed(active, matching);
            self.forest.reset(false);
            if augmentations == 0 {
                break;
            }
        }
    }

    /// The other way to make a matching maximum: one search per exposed vertex; a search
    /// that fails leaves a Hungarian tree whose vertices never lie on an augmenting path again
    /// (Edmonds), so they are blocked and the failures together cost one sweep. Slower than
    /// phases on G_n (each success explores a large region), kept as a cross-check.
    pub fn complete_by_roots(&mut self, active: u32, matching: &mut Matching) {
        for root in 0..active {
            if matching.mate[root as usize] != NONE
                || self.forest.label[root as usize] == Label::Blocked
            {
                continue;
            }
            let augmented = self.search_from(active, matching, root);
            self.forest.reset(!augmented);
        }
        self.forest.unblock_all();
    }

    /// One augmentation from the exposed vertex `root` if possible: the step that brings a
    /// maximum matching of the prefix `0..active − 1` to one of `0..active`.
    pub fn augment_from(&mut self, active: u32, matching: &mut Matching, root: u32) -> bool {
        if matching.mate[root as usize] != NONE {
            return false;
        }
        let found = self.search_from(active, matching, root);
        self.forest.reset(false);
        found
    }

    /// Turns a maximum matching into one of the same size that misses `v`, if one exists
    /// (exactly when `v` ∈ D). Unmatching v frees its partner u; an augmenting path avoiding v
    /// must start at u, since any other would have augmented the original matching.
    pub fn avoid(&mut self, active: u32, matching: &mut Matching, v: u32) -> bool {
        let u = matching.mate[v as usize];
        if u == NONE {
            return true;
        }
        matching.mate[v as usize] = NONE;
        matching.mate[u as usize] = NONE;
        self.forest.block(v);
        let found = self.search_from(active, matching, u);
        self.forest.reset(false);
        self.forest.unblock_all();
        if !found {
            matching.mate[v as usize] = u;
            matching.mate[u as usize] = v;
        }
        found
    }

    /// The Gallai–Edmonds classes of the prefix, from a maximum matching: one alternating
    /// forest grown from all exposed vertices at once; outer = D, inner = A, unreached = C.
    /// Panics if the matching is not maximum (an internal invariant, never an input).
    pub fn gallai_edmonds(&mut self, active: u32, matching: &Matching) -> Vec<Class> {
        let augmentations = self.phase_from_all_exposed(active, &mut matching.clone());
        assert_eq!(augmentations, 0, "Gallai–Edmonds needs a maximum matching");
        let classes = self.classes(active);
        self.forest.reset(false);
        classes
    }
}

/// Whether `matching` is a matching of the prefix `0..active` and the set `s` (indexed by
/// vertex) proves it maximum: odd(H − S) − |S| = |V| − 2|M| (Tutte–Berge, docs/MATH.md §3).
pub fn is_tutte_berge_witness(graph: &Graph, active: u32, matching: &Matching, s: &[bool]) -> bool {
    let mate = &matching.mate;
    for v in 0..active {
        let m = mate[v as usize];
        if m != NONE && (m >= active || mate[m as usize] != v || !graph.has_edge(v, m)) {
            return false;
        }
    }
    let matched = (0..active).filter(|&v| mate[v as usize] != NONE).count();
    let in_s = (0..active).filter(|&v| s[v as usize]).count();
    let mut seen = vec![false; active as usize];
    let mut odd = 0usize;
    let mut stack = Vec::new();
    for start in 0..active {
        if s[start as usize] || seen[start as usize] {
            continue;
        }
        seen[start as usize] = true;
        stack.push(start);
        let mut size = 0usize;
        while let Some(v) = stack.pop() {
            size += 1;
            for &u in graph.neighbours(v).iter().take_while(|&&u| u < active) {
                if !s[u as usize] && !seen[u as usize] {
                    seen[u as usize] = true;
                    stack.push(u);
                }
            }
        }
        odd += size % 2;
    }
    odd as i64 - in_s as i64 == active as i64 - matched as i64
}
