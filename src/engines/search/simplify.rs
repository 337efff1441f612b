//! The position simplifications of docs/MATH.md §2: other components, sink pairs, alternating even
//! cycles. Each maps a position (current number `c`, remaining set `R`) to an equivalent one
//! with fewer remaining numbers, or spots an immediate win. Each can be switched off so tests can
//! check it alone against a plain minimax.

use crate::game::{bit, numbers, Board, NumberSet};

/// Which simplifications the search applies (all by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simplifications {
    /// Drop the numbers outside the component of `c` (docs/MATH.md §2.1).
    pub components: bool,
    /// Drop pairs (u, v) where v's only neighbour is u ≠ c (docs/MATH.md §2.2).
    pub sink_pairs: bool,
    /// Drop alternating even cycles (docs/MATH.md §2.3), generalised to their union (see `even_cycles`).
    pub even_cycles: bool,
}

impl Default for Simplifications {
    fn default() -> Self {
        Simplifications::ALL
    }
}

impl Simplifications {
    pub const ALL: Simplifications = Simplifications {
        components: true,
        sink_pairs: true,
        even_cycles: true,
    };
    pub const NONE: Simplifications = Simplifications {
        components: false,
        sink_pairs: false,
        even_cycles: false,
    };
}

/// What the simplifications make of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simplified {
    /// The player to move wins at once: some move leaves the opponent no reply.
    ImmediateWin,
    /// An equivalent remaining set.
    Remaining(NumberSet),
}

/// The numbers of `remaining` connected to `last` through unplayed numbers.
#[inline]
pub fn component(board: &Board, last: u32, remaining: NumberSet) -> NumberSet {
    let mut reached = bit(last);
    let mut frontier = reached;
    while frontier != 0 {
        let mut next = 0;
        for k in numbers(frontier) {
            next |= board.neighbours(k);
        }
        frontier = next & remaining & !reached;
        reached |= frontier;
    }
    reached & remaining
}

/// Applies the chosen simplifications until none applies.
pub fn simplify(
    board: &Board,
    last: u32,
    mut remaining: NumberSet,
    which: Simplifications,
) -> Simplified {
    let current = bit(last);
    loop {
        if which.components {
            remaining = component(board, last, remaining);
        }
        let mut changed = false;
        if which.sink_pairs {
            // One sweep; a pair dropped late in the sweep may create a new sink earlier in it,
            // which the next round of the loop catches.
            let mut graph = remaining | current;
            for v in numbers(remaining) {
                if graph & bit(v) == 0 {
                    continue;
                }
                let around = board.neighbours(v) & graph;
                if around != 0 && around & (around - 1) == 0 {
                    if around == current {
                        // Playing v leaves the opponent stuck on v.
                        return Simplified::ImmediateWin;
                    }
                    // Whoever plays u loses to the reply v; v is reachable only through u.
                    graph &= !(around | bit(v));
                    changed = true;
                }
            }
            remaining = graph & !current;
        }
        if !changed && which.even_cycles {
            let dropped = even_cycles(board, last, remaining);
            if dropped != 0 {
                remaining &= !dropped;
                changed = true;
            }
        }
        if !changed {
            return Simplified::Remaining(remaining);
        }
    }
}

/// The numbers of the alternating even cycles of docs/MATH.md §2.3, or 0.
///
/// A *chain* is a maximal path of remaining numbers that have exactly two neighbours in H; its
/// *ends* are the neighbours of the path outside it. A chain of odd length whose ends are not `c`
/// alternates y x y … y, so it acts as one *link* y between its ends, and the cycle
/// x1 y1 x2 y2 … xk yk of §2.3 is a cycle of links (e.g. for n = 110 without 1: the chains
/// 58–29–87 and 93–31–62 between 2 and 3). We drop the 2-core of the link graph (ends with at
/// least two links to other core ends, repeatedly), with its chains, which contains every such
/// cycle. Why it is sound: whoever plays a core end `x` loses. The opponent answers into an unused
/// core link of `x`; along the chain the mover is forced every time (each number on it has only
/// its two chain neighbours), the opponent too, until the mover is pushed onto the far end; if it
/// was played he is stuck, otherwise the opponent again enters an unused core link of the new end
/// (it has two, one was used to arrive). The game is finite, so the mover ends up stuck. Nobody
/// needs to enter the core, and the chains are reachable only from it.
pub fn even_cycles(board: &Board, last: u32, remaining: NumberSet) -> NumberSet {
    let graph = remaining | bit(last);
    let mut two: NumberSet = 0;
    for v in numbers(remaining) {
        if (board.neighbours(v) & graph).count_ones() == 2 {
            two |= bit(v);
        }
    }
    if two == 0 {
        return 0;
    }
    // Links as (a number of the chain, end, end); every chain holds a number of `two`, so 128
    // slots always suffice. Kept small: this runs at every node.
    let mut links = [(0u8, 0u8, 0u8); 128];
    let mut count = 0;
    let mut seen: NumberSet = 0;
    for v in numbers(two) {
        if seen & bit(v) != 0 {
            continue;
        }
        let (chain, ends, closed) = walk_chain(board, graph, two, v);
        seen |= chain;
        if !closed && chain.count_ones() % 2 == 1 && ends[0] != last && ends[1] != last {
            links[count] = (v as u8, ends[0] as u8, ends[1] as u8);
            count += 1;
        }
    }
    // Peel ends with fewer than two live links until the 2-core remains (a loop counts twice).
    loop {
        let mut once: NumberSet = 0;
        let mut twice: NumberSet = 0;
        for &(_, a, b) in &links[..count] {
            for end in [a as u32, b as u32] {
                twice |= once & bit(end);
                once |= bit(end);
            }
        }
        let before = count;
        let mut kept = 0;
        for i in 0..count {
            let (_, a, b) = links[i];
            if twice & bit(a as u32) != 0 && twice & bit(b as u32) != 0 {
                links[kept] = links[i];
                kept += 1;
            }
        }
        count = kept;
        if count == 0 {
            return 0;
        }
        if count == before {
            break;
        }
    }
    links[..count].iter().fold(0, |set, &(v, a, b)| {
        set | walk_chain(board, graph, two, v as u32).0 | bit(a as u32) | bit(b as u32)
    })
}

/// The chain of numbers of `two` (degree 2 in `graph`) through `v`, its two ends (the first
/// numbers off the chain on either side), and whether it closes on itself (then no ends).
fn walk_chain(
    board: &Board,
    graph: NumberSet,
    two: NumberSet,
    v: u32,
) -> (NumberSet, [u32; 2], bool) {
    let mut chain = bit(v);
    let mut ends = [0u32; 2];
    let around = board.neighbours(v) & graph;
    for (side, end) in ends.iter_mut().enumerate() {
        let mut previous = v;
        let mut current = if side == 0 {
            around.trailing_zeros() + 1
        } else {
            128 - around.leading_zeros()
        };
        while two & bit(current) != 0 {
            if current == v {
                return (chain, ends, true);
            }
            chain |= bit(current);
            let next = board.neighbours(current) & graph & !bit(previous);
            previous = current;
            current = next.trailing_zeros() + 1;
        }
        *end = current;
    }
    (chain, ends, false)
}
