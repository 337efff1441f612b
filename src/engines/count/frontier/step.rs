//! One step of the frontier counter: a vertex introduced, left out or named with up to two
//! edges to the frontier, then the vertices whose last neighbour it was leave.

use super::state::{is_end, Fault, Rules, State, MAX_WIDTH, SLOT_BITS};
use super::state::{ALONE, E_ALONE, FULL, FULL_E, OUT, TO_ONE, TO_SPECIAL, TO_VERTEX};

/// One vertex of the order: where its earlier neighbours are in the frontier, which slots leave
/// after it, and where the others go.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// 1 + the index of the opening it is (v/2), or 0 when odd.
    pub(super) opening: u8,
    /// The even vertices after this one: with none, a state whose opening is not placed is
    /// dead (no game is counted from it) and is dropped at once.
    pub(super) evens_after: u32,
    /// Frontier sizes before and after the step.
    pub(super) before: usize,
    pub(super) after: usize,
    pub(super) neighbours: Vec<usize>,
    pub(super) leave: Vec<usize>,
    /// For each slot 0..=before (the vertex itself last), its slot after the step or `GONE`.
    pub(super) moves_to: Vec<u8>,
}

pub(super) const GONE: u8 = u8::MAX;

/// Every state after `step` from `state`: `emit(key, named, opening)` with whether the vertex
/// is named (one move more) and whether it is the opening.
pub(super) fn successors(
    state: &State,
    step: &Step,
    rules: &Rules,
    emit: &mut impl FnMut(u64, bool, bool),
) {
    let v = step.before;
    let near_e = step
        .neighbours
        .iter()
        .any(|&u| matches!(state.codes[u], FULL_E | E_ALONE));
    // Left out: no neighbour may be e.
    if !near_e || rules.broken(Fault::MaximalityIgnored) {
        let mut s = *state;
        s.codes[v] = OUT;
        s.skipped |= rules.track_skips;
        finish(s, step, rules, false, false, emit);
    }
    if state.done == 2 {
        return;
    }
    let mut ends = [0usize; MAX_WIDTH];
    let mut count = 0;
    for &u in &step.neighbours {
        if is_end(state.codes[u]) {
            ends[count] = u;
            count += 1;
        }
    }
    let ends = &ends[..count];
    let mut named = |code: u8, opening: bool, most: usize| {
        let mut s = *state;
        s.codes[v] = code;
        s.opening_placed |= opening;
        s.e_placed |= code == E_ALONE;
        finish(s, step, rules, true, opening, emit);
        for (i, &u) in ends.iter().enumerate() {
            let mut one = s;
            if one.join(u, v, rules) {
                finish(one, step, rules, true, opening, emit);
                if most == 2 {
                    for &w in &ends[i + 1..] {
                        let mut two = one;
                        if two.join(w, v, rules) {
                            finish(two, step, rules, true, opening, emit);
                        }
                    }
                }
            }
        }
    };
    // Named, inside a path or at its end joined to 1: up to two edges.
    named(ALONE, false, 2);
    // The opening: one edge at most.
    if step.opening != 0 && !state.opening_placed {
        named(TO_SPECIAL, true, 1);
    }
    // The last number, e: one edge at most, and every earlier neighbour named.
    if !state.e_placed
        && (step.neighbours.iter().all(|&u| state.codes[u] != OUT)
            || rules.broken(Fault::MaximalityIgnored))
    {
        named(E_ALONE, false, 1);
    }
}

/// The vertices whose last neighbour has come leave; the others move to their new slots.
#[inline]
fn finish(
    mut s: State,
    step: &Step,
    rules: &Rules,
    used: bool,
    opening: bool,
    emit: &mut impl FnMut(u64, bool, bool),
) {
    // No opening placed and none still to come: dead.
    let last_chance = if rules.broken(Fault::OpeningGivenUpEarly) {
        1
    } else {
        0
    };
    if !s.opening_placed && step.evens_after <= last_chance {
        return;
    }
    for &x in &step.leave {
        if !s.forget(x, rules) {
            return;
        }
    }
    let mut key = 0u64;
    let (mut to_one, mut ends) = (0, false);
    // The label of each end whose path's first end (in slot order) has been met.
    let mut label_of = [0u8; MAX_WIDTH + 1];
    let mut labels = 0;
    for (i, &to) in step.moves_to.iter().enumerate() {
        if to == GONE {
            continue;
        }
        let mut c = s.codes[i];
        if c >= TO_VERTEX {
            // The slots keep their order, so the first end met in the old slots is the first
            // in the new ones: the labels come out canonical.
            let other = (c - TO_VERTEX) as usize;
            if other > i {
                label_of[other] = labels;
                c = TO_VERTEX + labels;
                labels += 1;
            } else {
                c = TO_VERTEX + label_of[i];
            }
        } else if c == OUT && s.e_placed {
            // No vertex can be e any more: out and full differ in nothing still to come.
            c = FULL;
        }
        to_one += (c == TO_ONE) as u8;
        ends |= is_end(c);
        key |= (c as u64) << (SLOT_BITS * to as u32);
    }
    // Each path closed at one end by 1 needs the opening or e at its other end; with both
    // paths closed, nothing may still be open.
    if to_one + s.done > 2 || (s.done == 2 && ends) {
        return;
    }
    emit(key | s.flags(), used, opening);
}
