//! The driver of the frontier counter: the two passes over the plan's steps, forward (the states
//! after each vertex and the ways into them) and backward (the ways each state completes), in
//! parallel by chunks, within a memory bound; or the forward pass alone, for all the games.

use super::counts::{Count, Narrow};
use super::order::Plan;
use super::shards::{Building, Sharded, Stop};
use super::spill::{Counts, Kept, Source, Store};
use super::state::{Rules, State, MAX_WIDTH};
use super::step::{successors, Step};
use super::table::{hash, slot_bytes, Entry};
use crate::engines::count::parity::{Overflow, Parity};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Largest n taken (the order's frontier, not this bound, is what limits the count: about n = 90
/// on 24 GB with the layers on disk, docs/COUNTING.md §10).
pub const MAX_FRONTIER_N: u32 = 128;

/// Figures of one count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The order's largest frontier (the vertex being introduced counted).
    pub width: usize,
    /// The most states after one vertex, and the states after every vertex summed.
    pub peak_states: usize,
    pub total_states: u64,
    /// The most bytes charged against the bound at once.
    pub peak_bytes: usize,
    /// The layers of the forward pass whose counts needed 128 bits (the last ones; the others
    /// kept 64-bit counts).
    pub wide_layers: usize,
}

/// The states after a vertex with the ways into each, in shards (one per table they were
/// built in).
type Shards<C> = Vec<Vec<(u64, C)>>;

/// A layer, with 64-bit counts while they fit and 128-bit ones after (counts.rs).
enum Layer {
    Narrow(Shards<Narrow>),
    Wide(Shards<Parity>),
}

impl Layer {
    fn len(&self) -> usize {
        match self {
            Layer::Narrow(s) => s.iter().map(Vec::len).sum(),
            Layer::Wide(s) => s.iter().map(Vec::len).sum(),
        }
    }

    /// The bytes of a state and its count.
    fn slot_bytes(&self) -> usize {
        match self {
            Layer::Narrow(_) => slot_bytes::<Narrow>(),
            Layer::Wide(_) => slot_bytes::<Parity>(),
        }
    }

    fn keys(&self) -> Vec<u64> {
        match self {
            Layer::Narrow(s) => s.iter().flatten().map(|e| e.0).collect(),
            Layer::Wide(s) => s.iter().flatten().map(|e| e.0).collect(),
        }
    }

    fn counts(&self) -> Counts {
        match self {
            Layer::Narrow(s) => Counts::Narrow(s.iter().flatten().map(|e| e.1).collect()),
            Layer::Wide(s) => Counts::Wide(s.iter().flatten().map(|e| e.1).collect()),
        }
    }

    /// Each state and its count, in the layer's order.
    fn each(&self) -> Box<dyn Iterator<Item = (u64, Parity)> + '_> {
        match self {
            Layer::Narrow(s) => Box::new(s.iter().flatten().map(|&(k, c)| (k, c.wide()))),
            Layer::Wide(s) => Box::new(s.iter().flatten().copied()),
        }
    }
}

/// The layer a forward step reads: in memory, or the last kept on disk.
enum Reading<'a> {
    Memory(&'a Layer),
    Disk(Source<'a>),
}

impl Reading<'_> {
    fn len(&self) -> usize {
        match self {
            Reading::Memory(layer) => layer.len(),
            Reading::Disk(source) => source.states(),
        }
    }

    fn wide(&self) -> bool {
        match self {
            Reading::Memory(layer) => matches!(layer, Layer::Wide(_)),
            Reading::Disk(source) => source.wide(),
        }
    }
}

/// A layer's counts as a forward step reads them (`I` of `build`).
trait Stored: Count {
    /// The lists of a layer in memory, if its counts are these.
    fn lists(layer: &Layer) -> Option<&[Vec<(u64, Self)>]>;
    /// A batch's counts, if they are these.
    fn counts(counts: &Counts) -> Option<&[Self]>;

    /// A batch read from disk as a list.
    fn pairs(batch: &Kept) -> std::io::Result<Vec<(u64, Self)>> {
        let counts = batch
            .forward
            .as_ref()
            .and_then(Self::counts)
            .ok_or_else(|| {
                std::io::Error::other("a layer read back with other counts than written")
            })?;
        Ok(batch
            .keys
            .iter()
            .copied()
            .zip(counts.iter().copied())
            .collect())
    }
}

impl Stored for Narrow {
    fn lists(layer: &Layer) -> Option<&[Vec<(u64, Narrow)>]> {
        match layer {
            Layer::Narrow(lists) => Some(lists),
            Layer::Wide(_) => None,
        }
    }

    fn counts(counts: &Counts) -> Option<&[Narrow]> {
        match counts {
            Counts::Narrow(c) => Some(c),
            Counts::Wide(_) => None,
        }
    }
}

impl Stored for Parity {
    fn lists(layer: &Layer) -> Option<&[Vec<(u64, Parity)>]> {
        match layer {
            Layer::Wide(lists) => Some(lists),
            Layer::Narrow(_) => None,
        }
    }

    fn counts(counts: &Counts) -> Option<&[Parity]> {
        match counts {
            Counts::Wide(c) => Some(c),
            Counts::Narrow(_) => None,
        }
    }
}

/// A layer in the tables it was built in: the states after a vertex with the ways into each
/// (forward), or with the ways each goes on to a game, its completions (backward, looked up by
/// the step back to the layer before). 64-bit while they fit, as the lists.
enum Built {
    Narrow(Sharded<Narrow>),
    Wide(Sharded<Parity>),
}

impl Built {
    /// The count of the state `key`, if the layer holds it.
    fn get(&self, key: u64) -> Option<Parity> {
        match self {
            Built::Narrow(m) => m.get(hash(key), key).map(Narrow::wide),
            Built::Wide(m) => m.get(hash(key), key),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Built::Narrow(b) => b.bytes(),
            Built::Wide(b) => b.bytes(),
        }
    }

    fn len(&self) -> usize {
        match self {
            Built::Narrow(b) => b.len(),
            Built::Wide(b) => b.len(),
        }
    }

    fn wide(&self) -> bool {
        matches!(self, Built::Wide(_))
    }

    fn into_layer(self) -> Layer {
        match self {
            Built::Narrow(b) => Layer::Narrow(b.into_lists()),
            Built::Wide(b) => Layer::Wide(b.into_lists()),
        }
    }
}

/// Why the frontier counter stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrontierError {
    #[error(transparent)]
    Overflow(#[from] Overflow),
    #[error(
        "the frontier counter needs more than its bound of {budget_mib} MiB at n = {n} \
         ({states} states before vertex {step} of {steps}, {pass} pass); give it more with \
         --memory-mib"
    )]
    Memory {
        n: u32,
        budget_mib: usize,
        pass: &'static str,
        step: usize,
        steps: usize,
        states: usize,
    },
    #[error("the vertex order of n = {n} has a frontier of {width}, more than {MAX_WIDTH}")]
    TooWide { n: u32, width: usize },
    #[error("the layers kept on disk under {dir}: {message}")]
    Spill { dir: String, message: String },
}

const CHUNK: usize = 4096;

pub struct FrontierCounter {
    plan: Plan,
    openings: Vec<u32>,
    budget: usize,
    rules: Rules,
    /// The ways into the empty start: one, but a test may start from more to push the counts
    /// past 64 bits (every count is then that many times the true one).
    start: Narrow,
    /// Where the layers kept for the backward pass go: in memory, or files under this folder.
    spill: Option<PathBuf>,
}

impl FrontierCounter {
    /// The counter for 1..n (its vertex order chosen now); its layers are charged at most
    /// `budget` bytes.
    pub fn new(n: u32, budget: usize) -> FrontierCounter {
        assert!(
            (1..=MAX_FRONTIER_N).contains(&n),
            "the frontier counter takes 1 ≤ n ≤ {MAX_FRONTIER_N}"
        );
        FrontierCounter::with_plan(Plan::new(n), budget)
    }

    /// The counter with a given plan (any order of H gives the same counts; only the time and
    /// memory change).
    pub fn with_plan(plan: Plan, budget: usize) -> FrontierCounter {
        let n = plan.n;
        FrontierCounter {
            rules: Rules {
                track_skips: plan.leaf_primes == 0,
                #[cfg(test)]
                fault: None,
            },
            plan,
            openings: (2..=n).step_by(2).collect(),
            budget,
            start: Narrow::ONE,
            spill: None,
        }
    }

    /// Keeps the layers in files under `dir` instead of memory, each step reading the layer
    /// before from there, and by first number the backward pass too (spill.rs): the same
    /// counts, in the memory of the tables a step builds (and, backward, of the completions it
    /// looks up).
    pub fn spill_to(&mut self, dir: PathBuf) {
        self.spill = Some(dir);
    }

    fn spill_error(&self, e: std::io::Error) -> FrontierError {
        FrontierError::Spill {
            dir: self
                .spill
                .as_deref()
                .unwrap_or(Path::new(""))
                .display()
                .to_string(),
            message: e.to_string(),
        }
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Starts from `ways` ways into the empty start instead of one.
    #[cfg(test)]
    pub(super) fn start_from(&mut self, ways: Narrow) {
        self.start = ways;
    }

    #[cfg(test)]
    pub(super) fn break_step(&mut self, fault: super::state::Fault) {
        self.rules.fault = Some(fault);
    }

    /// What a state with an empty frontier adds after the last vertex: 1 then P2 (both paths
    /// closed); or 1 and one of the primes above n/2 (P1 alone); or 1 last, every number named
    /// (P1 alone, nothing left out, no prime above n/2).
    fn accept(&self, key: u64) -> Result<Parity, Overflow> {
        let s = State::decode(key, 0);
        if !s.opening_placed {
            return Ok(Parity::ZERO);
        }
        if s.e_placed {
            return Ok(if s.done == 2 { Parity::Z } else { Parity::ZERO });
        }
        if s.done != 1 {
            return Ok(Parity::ZERO);
        }
        let mut g = Parity {
            even: self.plan.leaf_primes.into(),
            odd: 0,
        };
        if self.rules.track_skips && !s.skipped {
            g = g.checked_add(Parity::Z)?;
        }
        Ok(g)
    }

    fn over_budget(&self, pass: &'static str, t: usize, states: usize) -> FrontierError {
        FrontierError::Memory {
            n: self.plan.n,
            budget_mib: self.budget >> 20,
            pass,
            step: t + 1,
            steps: self.plan.steps.len(),
            states,
        }
    }

    /// All the games, by parity, in one pass: the states after each vertex and how many ways
    /// lead to each, no layer kept but the one being built from (the openings are not told
    /// apart). `progress(done, total)` after each vertex.
    pub fn count_all(
        &self,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(Parity, Stats), FrontierError> {
        let (layer, stats, _) = self.forward(false, progress)?;
        let mut all = Parity::ZERO;
        for (key, value) in layer.each() {
            all = all.checked_add(value.checked_mul(self.accept(key)?)?)?;
        }
        Ok((all, stats))
    }

    /// The forward pass: the last layer, the figures, and (when `keep`) every layer before it
    /// for the backward pass.
    fn forward(
        &self,
        keep: bool,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(Layer, Stats, Store), FrontierError> {
        let plan = &self.plan;
        if plan.width > MAX_WIDTH {
            return Err(FrontierError::TooWide {
                n: plan.n,
                width: plan.width,
            });
        }
        let steps = plan.steps.len();
        let mut stats = Stats {
            width: plan.width,
            ..Default::default()
        };
        let total = if keep { 2 * steps } else { steps } as u64;
        let mut kept = match &self.spill {
            Some(dir) => Store::disk(dir, plan.n).map_err(|e| self.spill_error(e))?,
            _ => Store::memory(),
        };
        let mut layer = Layer::Narrow(vec![vec![(0, self.start)]]);
        // On disk, each layer goes to its file as it is built, and the next is built from the
        // file, so that only the tables being built are in memory (the last layer stays); for
        // all the games alone, a file is removed once read.
        let stream = self.spill.is_some();
        let io = |e| self.spill_error(e);
        if stream {
            kept.write([(0, Some(self.start))].into_iter(), 1)
                .map_err(io)?;
        }
        for (t, step) in plan.steps.iter().enumerate() {
            let (reading, fixed) = if stream {
                let source = kept.last().expect("the layer before the step");
                let fixed = source.bytes();
                (Reading::Disk(source), fixed)
            } else {
                if keep {
                    let keep = Kept {
                        keys: layer.keys(),
                        forward: (step.opening != 0).then(|| layer.counts()),
                    };
                    kept.push(keep).map_err(io)?;
                }
                let fixed = kept.bytes() + layer.len() * layer.slot_bytes();
                (Reading::Memory(&layer), fixed)
            };
            let next = self.advance(&reading, step, t, fixed)?;
            drop(reading);
            if stream && !keep {
                kept.remove_last().map_err(io)?;
            }
            stats.peak_bytes = stats.peak_bytes.max(fixed + next.bytes());
            let (len, wide) = (next.len(), next.wide());
            if stream && t + 1 < steps {
                match next {
                    Built::Narrow(b) => kept.write(b.each(), len),
                    Built::Wide(b) => kept.write(b.each(), len),
                }
                .map_err(io)?;
            } else {
                layer = next.into_layer();
            }
            stats.wide_layers += wide as usize;
            stats.peak_states = stats.peak_states.max(len);
            stats.total_states += len as u64;
            progress(t as u64 + 1, total);
        }
        Ok((layer, stats, kept))
    }

    /// The games of each opening 2, 4, …, by parity. Two passes: forward, the states after each
    /// vertex and how many ways lead to each; backward, how many ways each state completes to a
    /// game. The games of opening c are the ways into the states before c times the ways c, as
    /// the opening, leads on to a game. `progress(done, total)` after each vertex of each pass.
    pub fn count(
        &self,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(Vec<(u32, Parity)>, Stats), FrontierError> {
        let plan = &self.plan;
        let steps = plan.steps.len();
        let total = 2 * steps as u64;
        let (layer, mut stats, mut kept) = self.forward(true, progress)?;
        // Backward: what each state of the last layer adds, then layer by layer to the first.
        let mut forward_total = Parity::ZERO;
        let accepting = Building::<Narrow>::new(usize::MAX);
        let mut buffers = Building::buffers();
        for (key, value) in layer.each() {
            let a = self.accept(key)?;
            forward_total = forward_total.checked_add(value.checked_mul(a)?)?;
            if a != Parity::ZERO {
                let a = Narrow {
                    even: a.even.try_into().map_err(|_| Overflow)?,
                    odd: a.odd.try_into().map_err(|_| Overflow)?,
                };
                Building::push(&mut buffers, Entry::new(key, a));
            }
        }
        accepting.flush(&mut buffers);
        drop(layer);
        let mut after = Built::Narrow(accepting.finish().map_err(|_| Overflow)?);
        let mut rows: Vec<(u32, Parity)> =
            self.openings.iter().map(|&c| (c, Parity::ZERO)).collect();
        for (t, step) in plan.steps.iter().enumerate().rev() {
            let keep = kept.last().expect("a layer kept for each vertex");
            let fixed = kept.bytes() + keep.bytes() + after.bytes();
            let (before, games) = self.step_back(&keep, &after, step, t, fixed)?;
            kept.remove_last().map_err(|e| self.spill_error(e))?;
            stats.peak_bytes = stats.peak_bytes.max(fixed + before.bytes());
            if step.opening != 0 {
                let row = &mut rows[step.opening as usize - 1].1;
                *row = row.checked_add(games)?;
            }
            after = before;
            progress((2 * steps - t) as u64, total);
        }
        // The first layer is the empty start, whose completions are every game: the two passes
        // must count the same games.
        let all = rows
            .iter()
            .try_fold(Parity::ZERO, |s, (_, g)| s.checked_add(*g))?;
        // (B counts the ways on from the start: times the ways into it, the forward total.)
        let start = after
            .get(0)
            .unwrap_or_default()
            .checked_mul(self.start.wide())?;
        assert!(
            all == forward_total && start == forward_total,
            "the two passes disagree: {all:?}, {start:?}, {forward_total:?}"
        );
        Ok((rows, stats))
    }

    /// The forward step: the states after `step` and how many ways lead to each, in their
    /// tables. `fixed`: the bytes already charged. 64-bit counts while they fit, else the step
    /// again with 128-bit ones (counts.rs).
    fn advance(
        &self,
        layer: &Reading,
        step: &Step,
        t: usize,
        fixed: usize,
    ) -> Result<Built, FrontierError> {
        if layer.wide() {
            return Ok(Built::Wide(
                self.build::<Parity, Parity>(layer, step, t, fixed)?,
            ));
        }
        match self.build::<Narrow, Narrow>(layer, step, t, fixed) {
            Err(FrontierError::Overflow(_)) => Ok(Built::Wide(
                self.build::<Narrow, Parity>(layer, step, t, fixed)?,
            )),
            built => built.map(Built::Narrow),
        }
    }

    /// The forward step with counts `I` read and `O` summed.
    fn build<I: Stored, O: Count + From<I>>(
        &self,
        layer: &Reading,
        step: &Step,
        t: usize,
        fixed: usize,
    ) -> Result<Sharded<O>, FrontierError> {
        let building = Building::<O>::new(self.budget.saturating_sub(fixed));
        let add = |lists: &[Vec<(u64, I)>]| {
            let chunks = lists.par_iter().flat_map(|list| list.par_chunks(CHUNK));
            chunks.for_each_init(Building::buffers, |buffers, chunk| {
                if building.stopped() {
                    return;
                }
                for &(key, value) in chunk {
                    let state = State::decode(key, step.before);
                    let value = O::from(value);
                    successors(&state, step, &self.rules, &mut |next, used, _| {
                        let value = if used { value.shift() } else { value };
                        Building::push(buffers, Entry::new(next, value));
                    });
                }
                building.flush(buffers);
            });
        };
        match layer {
            // (`advance` chose `I` by the layer's counts, so its lists are there.)
            Reading::Memory(layer) => add(I::lists(layer).unwrap_or_default()),
            Reading::Disk(source) => {
                let io = |e| self.spill_error(e);
                source.for_batches(io, |batch| {
                    add(&[I::pairs(batch).map_err(io)?]);
                    Ok(())
                })?
            }
        }
        // Past the bound, the states named are the layer's before the vertex, as in the
        // backward pass, not the partial count at the stop, which depends on the threads' order.
        building.finish().map_err(|stop| match stop {
            Stop::Overflow => Overflow.into(),
            Stop::Budget => self.over_budget("forward", t, layer.len()),
        })
    }

    /// The backward step with completions `A` read and `B` summed, 64-bit while they fit
    /// (counts.rs), as `advance`.
    fn step_back(
        &self,
        keep: &Source,
        after: &Built,
        step: &Step,
        t: usize,
        fixed: usize,
    ) -> Result<(Built, Parity), FrontierError> {
        match after {
            Built::Narrow(a) => match self.retreat::<Narrow, Narrow>(keep, a, step, t, fixed) {
                Err(FrontierError::Overflow(_)) => {
                    let (b, games) = self.retreat::<Narrow, Parity>(keep, a, step, t, fixed)?;
                    Ok((Built::Wide(b), games))
                }
                back => back.map(|(b, games)| (Built::Narrow(b), games)),
            },
            Built::Wide(a) => {
                let (b, games) = self.retreat::<Parity, Parity>(keep, a, step, t, fixed)?;
                Ok((Built::Wide(b), games))
            }
        }
    }

    /// The backward step: from the completions of the states after `step`, those of the states
    /// before it (states with none are dropped), built in tables as a forward layer is; and,
    /// when the vertex is even, its games as the opening.
    fn retreat<A: Count, B: Count + From<A>>(
        &self,
        keep: &Source,
        after: &Sharded<A>,
        step: &Step,
        t: usize,
        fixed: usize,
    ) -> Result<(Sharded<B>, Parity), FrontierError> {
        /// A successor to look up: its state's place in the chunk, whether it names a number
        /// and whether that number is the opening.
        struct Pending {
            hash: u64,
            key: u64,
            from: u32,
            used: bool,
            opening: bool,
        }
        const AHEAD: usize = 16;
        let room = self.budget.saturating_sub(fixed);
        let building = Building::<B>::sized(room, keep.states());
        let chunk_games = |buffers: &mut _,
                           forward: Option<&Counts>,
                           (i, chunk): (usize, &[u64])|
         -> Result<Parity, Overflow> {
            if building.stopped() {
                return Ok(Parity::ZERO);
            }
            // First the successors of the whole chunk, then their look-ups, each slot
            // brought into the cache a few look-ups ahead.
            let mut pending = Vec::with_capacity(4 * chunk.len());
            for (j, &key) in chunk.iter().enumerate() {
                let state = State::decode(key, step.before);
                successors(&state, step, &self.rules, &mut |next, used, opening| {
                    pending.push(Pending {
                        hash: hash(next),
                        key: next,
                        from: j as u32,
                        used,
                        opening,
                    });
                });
            }
            let mut completions = vec![B::default(); chunk.len()];
            let mut opened = vec![B::default(); chunk.len()];
            for (k, p) in pending.iter().enumerate() {
                if let Some(ahead) = pending.get(k + AHEAD) {
                    after.prefetch(ahead.hash);
                }
                let Some(b) = after.get(p.hash, p.key) else {
                    continue;
                };
                let b = B::from(b);
                let b = if p.used { b.shift() } else { b };
                let j = p.from as usize;
                completions[j] = completions[j].checked_add(b)?;
                if p.opening {
                    opened[j] = opened[j].checked_add(b)?;
                }
            }
            let mut games = Parity::ZERO;
            for (j, &key) in chunk.iter().enumerate() {
                if let Some(forward) = forward {
                    games = games
                        .checked_add(forward.get(i * CHUNK + j).checked_mul(opened[j].wide())?)?;
                }
                if completions[j] != B::default() {
                    Building::push(buffers, Entry::new(key, completions[j]));
                }
            }
            building.flush(buffers);
            Ok(games)
        };
        let mut games = Parity::ZERO;
        let spill_error = |e| self.spill_error(e);
        keep.for_batches(spill_error, |batch| {
            let forward = batch.forward.as_ref();
            let parts: Vec<Result<Parity, Overflow>> = batch
                .keys
                .par_chunks(CHUNK)
                .enumerate()
                .map_init(Building::buffers, |buffers, chunk| {
                    chunk_games(buffers, forward, chunk).inspect_err(|_| building.overflowed())
                })
                .collect();
            for part in parts {
                games = games.checked_add(part?)?;
            }
            Ok(())
        })?;
        let before = building.finish().map_err(|stop| match stop {
            Stop::Overflow => Overflow.into(),
            Stop::Budget => self.over_budget("backward", t, keep.states()),
        })?;
        Ok((before, games))
    }
}
