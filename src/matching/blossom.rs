//! Maximum matching on a general graph (Edmonds' blossom algorithm, union–find form) and the
//! Gallai–Edmonds sets D, A, C read off one alternating forest grown from every exposed vertex
//! (MATH.md §3). Also the Tutte–Berge check that proves a matching maximum without trusting
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

/// How a forest growth ended.
#[derive(Debug, PartialEq, Eq)]
enum Growth {
    Augmented,
    /// Two outer vertices of different trees are adjacent: the matching is not maximum.
    CrossTree,
    Exhausted,
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
    /// The root of each labelled vertex's tree (multi-root phases).
    tree: Vec<u32>,
    /// Indexed by root: the tree was used by an augmentation in this phase.
    spent: Vec<bool>,
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
            spent: vec![false; n],
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
            let root = std::mem::replace(&mut self.tree[i], NONE);
            if root != NONE {
                self.spent[root as usize] = false;
            }
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

    /// Grows the forest from the planted roots until an augmenting path is found (and applied)
    /// or no outer vertex is left to scan.
    fn grow(&mut self, graph: &Graph, active: u32, mate: &mut [u32]) -> Growth {
        while self.head < self.queue.len() {
            let v = self.queue[self.head];
            self.head += 1;
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
                        self.touched.push(u);
                        if m == NONE {
                            augment(mate, &self.parent, u);
                            return Growth::Augmented;
                        }
                        self.label[m as usize] = Label::Outer;
                        self.touched.push(m);
                        self.queue.push(m);
                    }
                    Label::Outer => {
                        let (bv, bu) = (self.find(v), self.find(u));
                        if bv != bu {
                            let Some(top) = self.meeting_base(bv, bu, mate) else {
                                return Growth::CrossTree;
                            };
                            self.contract(v, u, top, mate);
                            self.contract(u, v, top, mate);
                        }
                    }
                    Label::Inner | Label::Blocked => {}
                }
            }
        }
        Growth::Exhausted
    }
}

impl Forest {
    /// One phase over all planted roots: grows every tree at once; an edge between outer
    /// vertices of two live trees closes an augmenting path through both roots, which is
    /// applied at once. Both trees are then spent: their labels no longer describe the
    /// matching, so the rest of the phase ignores their vertices. Returns the augmentations.
    fn phase(&mut self, graph: &Graph, active: u32, mate: &mut [u32]) -> usize {
        let mut augmentations = 0;
        while self.head < self.queue.len() {
            let v = self.queue[self.head];
            self.head += 1;
            let tree_v = self.tree[v as usize];
            if self.spent[tree_v as usize] {
                continue;
            }
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
                        self.tree[u as usize] = tree_v;
                        self.touched.push(u);
                        if m == NONE {
                            augment(mate, &self.parent, u);
                            self.spent[tree_v as usize] = true;
                            augmentations += 1;
                            break;
                        }
                        self.label[m as usize] = Label::Outer;
                        self.tree[m as usize] = tree_v;
                        self.touched.push(m);
                        self.queue.push(m);
                    }
                    Label::Outer => {
                        let tree_u = self.tree[u as usize];
                        if self.spent[tree_u as usize] {
                            continue;
                        }
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
                            self.spent[tree_v as usize] = true;
                            self.spent[tree_u as usize] = true;
                            augmentations += 1;
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

/// A maximal matching to start from (Karp–Sipser): a vertex with one free neighbour left is
/// matched to it at once, which some maximum matching also does; otherwise the next free vertex
/// in order of increasing degree takes its free neighbour with the fewest free neighbours.
pub fn greedy_matching(graph: &Graph, active: u32) -> Matching {
    let within =
        |v: u32| &graph.neighbours(v)[..graph.neighbours(v).partition_point(|&u| u < active)];
    let mut free_degree: Vec<u32> = (0..active).map(|v| within(v).len() as u32).collect();
    let mut order: Vec<u32> = (0..active).collect();
    order.sort_by_key(|&v| (free_degree[v as usize], v));
    let mut matching = Matching::empty(graph.vertex_count());
    let mate = &mut matching.mate;
    let mut forced: Vec<u32> = order
        .iter()
        .copied()
        .filter(|&v| free_degree[v as usize] == 1)
        .rev()
        .collect();
    let mut next = 0;
    loop {
        let (v, u) = if let Some(v) = forced.pop() {
            if mate[v as usize] != NONE || free_degree[v as usize] != 1 {
                continue;
            }
            let u = within(v)
                .iter()
                .copied()
                .find(|&u| mate[u as usize] == NONE);
            (v, u.expect("one free neighbour left"))
        } else {
            while next < order.len()
                && (mate[order[next] as usize] != NONE || free_degree[order[next] as usize] == 0)
            {
                next += 1;
            }
            let Some(&v) = order.get(next) else { break };
            let u = within(v)
                .iter()
                .copied()
                .filter(|&u| mate[u as usize] == NONE)
                .min_by_key(|&u| (free_degree[u as usize], u));
            (v, u.expect("a free vertex of positive free degree"))
        };
        mate[v as usize] = u;
        mate[u as usize] = v;
        for &w in within(v).iter().chain(within(u)) {
            if mate[w as usize] == NONE {
                free_degree[w as usize] -= 1;
                if free_degree[w as usize] == 1 {
                    forced.push(w);
                }
            }
        }
    }
    matching
}

/// Below this many augmentations a phase is not worth another sweep of the graph.
const PHASE_WORTH_A_SWEEP: usize = 200;

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
        let mut matching = greedy_matching(self.graph, active);
        self.complete(active, &mut matching);
        matching
    }

    /// Makes `matching` (a matching of the prefix) maximum by augmenting it. While augmenting
    /// paths are plentiful, phases grow the forest from every exposed vertex at once and apply
    /// many disjoint paths per sweep; once few are left (a phase costs a sweep of the whole
    /// graph), one search per exposed vertex finishes: a search that fails leaves a Hungarian
    /// tree whose vertices never lie on an augmenting path again (Edmonds), so they are blocked
    /// and the failures together cost one sweep.
    pub fn complete(&mut self, active: u32, matching: &mut Matching) {
        self.phases_while(active, matching, PHASE_WORTH_A_SWEEP);
        self.complete_by_roots(active, matching);
    }

    /// Augmenting phases until one finds fewer than `worth` paths (with 1: until none, which
    /// alone proves the matching maximum).
    pub fn phases_while(&mut self, active: u32, matching: &mut Matching, worth: usize) {
        loop {
            for v in 0..active {
                if matching.mate[v as usize] == NONE {
                    self.forest.plant(v);
                }
            }
            let augmentations = self.forest.phase(self.graph, active, &mut matching.mate);
            self.forest.reset(false);
            if augmentations < worth {
                break;
            }
        }
    }

    /// One search per exposed vertex, blocking the Hungarian trees of failed searches.
    pub fn complete_by_roots(&mut self, active: u32, matching: &mut Matching) {
        for root in 0..active {
            if matching.mate[root as usize] != NONE
                || self.forest.label[root as usize] == Label::Blocked
            {
                continue;
            }
            self.forest.plant(root);
            match self.forest.grow(self.graph, active, &mut matching.mate) {
                Growth::Augmented => self.forest.reset(false),
                Growth::Exhausted => self.forest.reset(true),
                Growth::CrossTree => unreachable!("a one-root forest has one tree"),
            }
        }
        self.forest.unblock_all();
    }

    /// One augmentation from the exposed vertex `root` if possible: the step that brings a
    /// maximum matching of the prefix `0..active − 1` to one of `0..active`.
    pub fn augment_from(&mut self, active: u32, matching: &mut Matching, root: u32) -> bool {
        if matching.mate[root as usize] != NONE {
            return false;
        }
        self.forest.plant(root);
        let found = self.forest.grow(self.graph, active, &mut matching.mate) == Growth::Augmented;
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
        self.forest.plant(u);
        let found = self.forest.grow(self.graph, active, &mut matching.mate) == Growth::Augmented;
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
        let mut mate = matching.mate.clone();
        for v in 0..active {
            if mate[v as usize] == NONE {
                self.forest.plant(v);
            }
        }
        let growth = self.forest.grow(self.graph, active, &mut mate);
        assert_eq!(
            growth,
            Growth::Exhausted,
            "Gallai–Edmonds needs a maximum matching"
        );
        let classes = (0..active)
            .map(|v| match self.forest.label[v as usize] {
                Label::Outer => Class::D,
                Label::Inner => Class::A,
                _ => Class::C,
            })
            .collect();
        self.forest.reset(false);
        classes
    }
}

/// Whether `matching` is a matching of the prefix `0..active` and the set `s` (indexed by
/// vertex) proves it maximum: odd(H − S) − |S| = |V| − 2|M| (Tutte–Berge, MATH.md §3).
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
