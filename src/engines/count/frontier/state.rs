//! The states of the frontier counter: what each frontier vertex is (4 bits: out, full, alone,
//! or the end of a partial path and where that path's other end is), the flags of the state, and
//! the two operations on them, joining two ends by an edge and letting a vertex leave.
//!
//! A state is kept as a `u64` key: 4 bits per frontier vertex, then the flags. In the key, the
//! two ends of a partial path whose ends are both on the frontier carry the same *label*, the
//! labels numbered 0, 1, … in the order of the paths' first ends along the frontier (a canonical
//! form: one key per state). Decoded, each such end names the slot of the other instead
//! (`TO_VERTEX` + slot), which is what the operations need.

/// Largest frontier: a state holds 4 bits per frontier vertex and 5 bits of flags in a `u64`.
pub const MAX_WIDTH: usize = 14;

// What a frontier vertex is, 5 bits. An *end* is an end of a partial path that may still take
// an edge; its code says where the other end of its path is.
pub(super) const OUT: u8 = 0; // not named
pub(super) const FULL: u8 = 1; // named, takes no more edges
pub(super) const FULL_E: u8 = 2; // the last number e, full
pub(super) const ALONE: u8 = 3; // named, no edge yet, not the opening nor e: both ends of its path
pub(super) const TO_SPECIAL: u8 = 4; // an end; the other end is the opening or e (closed)
pub(super) const E_ALONE: u8 = 5; // e itself with no edge yet: an end whose other end is e
pub(super) const TO_ONE: u8 = 6; // an end; the other end left the frontier and is joined to 1
pub(super) const TO_VERTEX: u8 = 7; // an end; the other end is the frontier vertex (code − 7), also an end

/// In a key, `TO_VERTEX` + the label of the end's path (the two ends share it), 4 bits.
pub(super) const SLOT_BITS: u32 = 4;
const SLOT_MASK: u64 = (1 << SLOT_BITS) - 1;
const FLAGS: u32 = SLOT_BITS * MAX_WIDTH as u32;
const OPENING_PLACED: u32 = FLAGS;
const E_PLACED: u32 = FLAGS + 1;
const DONE: u32 = FLAGS + 2; // two bits
const SKIPPED: u32 = FLAGS + 4;
/// No state has this key (its bits above the flags are set): the tables' empty slot.
pub(super) const NO_STATE: u64 = u64::MAX;
const _: () = assert!(SKIPPED < 63 && TO_VERTEX as usize + MAX_WIDTH / 2 <= 16);

/// The far end of a partial path, seen from one of its ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// A frontier vertex, still an end.
    Open(usize),
    /// Closed: the opening or e, or an end joined to 1.
    Special,
    One,
}

pub(super) fn far(codes: &[u8], x: usize) -> End {
    match codes[x] {
        ALONE => End::Open(x),
        TO_SPECIAL | E_ALONE => End::Special,
        TO_ONE => End::One,
        c => End::Open((c - TO_VERTEX) as usize),
    }
}

pub(super) fn code_of(end: End) -> u8 {
    match end {
        End::Open(j) => TO_VERTEX + j as u8,
        End::Special => TO_SPECIAL,
        End::One => TO_ONE,
    }
}

pub(super) fn is_end(code: u8) -> bool {
    code >= ALONE
}

/// A step of the counter a test may break on purpose (the agreement tests must then fail);
/// outside tests `Rules::broken` is always false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    /// A vertex next to e may be left out, and e may come after a neighbour left out: the
    /// game need not be complete.
    MaximalityIgnored,
    /// A vertex named with no edge may leave the frontier: a path of one number that is
    /// neither the opening nor e (joined to 1 on both sides).
    AloneMayLeave,
    /// An edge may join the two ends of one path, closing a cycle.
    CyclesAllowed,
    /// A state with no opening placed is dropped as dead one even vertex too early (the last
    /// even vertex never opens a game).
    OpeningGivenUpEarly,
}

/// What the transitions need besides the state: whether left-out vertices are tracked, and
/// (in tests) a step broken on purpose.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rules {
    pub(super) track_skips: bool,
    #[cfg(test)]
    pub(super) fault: Option<Fault>,
}

impl Rules {
    #[cfg(test)]
    pub(super) fn broken(&self, fault: Fault) -> bool {
        self.fault == Some(fault)
    }

    #[cfg(not(test))]
    #[inline]
    pub(super) fn broken(&self, _: Fault) -> bool {
        false
    }
}

/// A state decoded: the frontier's codes (the vertex being introduced last), whether the
/// opening and e are placed, how many paths are closed at both ends, and whether a vertex was
/// left out (tracked only when no prime lies above n/2, for the games that end on 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) codes: [u8; MAX_WIDTH + 1],
    pub(super) opening_placed: bool,
    pub(super) e_placed: bool,
    /// Paths closed at both ends (each has one end joined to 1 and the other the opening or e).
    pub(super) done: u8,
    pub(super) skipped: bool,
}

impl State {
    /// The state of `key`, with `len` frontier vertices (the labels of the key turned into the
    /// slots of the paths' other ends).
    pub(super) fn decode(key: u64, len: usize) -> State {
        let mut codes = [0u8; MAX_WIDTH + 1];
        // The first end met of each label's path.
        let mut first = [u8::MAX; MAX_WIDTH];
        for i in 0..len {
            let c = ((key >> (SLOT_BITS * i as u32)) & SLOT_MASK) as u8;
            codes[i] = c;
            if c >= TO_VERTEX {
                let label = (c - TO_VERTEX) as usize;
                let j = first[label];
                if j == u8::MAX {
                    // Its own slot until the other end is met.
                    first[label] = i as u8;
                    codes[i] = TO_VERTEX + i as u8;
                } else {
                    codes[i] = TO_VERTEX + j;
                    codes[j as usize] = TO_VERTEX + i as u8;
                }
            }
        }
        State {
            codes,
            opening_placed: key >> OPENING_PLACED & 1 == 1,
            e_placed: key >> E_PLACED & 1 == 1,
            done: (key >> DONE & 3) as u8,
            skipped: key >> SKIPPED & 1 == 1,
        }
    }

    pub(super) fn flags(&self) -> u64 {
        (self.opening_placed as u64) << OPENING_PLACED
            | (self.e_placed as u64) << E_PLACED
            | (self.done as u64) << DONE
            | (self.skipped as u64) << SKIPPED
    }

    /// The edge between the ends `u` and `v`: their paths join into one. False when it would
    /// close a cycle or join two closed ends that make no game.
    pub(super) fn join(&mut self, u: usize, v: usize, rules: &Rules) -> bool {
        let (a, b) = (far(&self.codes, u), far(&self.codes, v));
        if a == End::Open(v) && !rules.broken(Fault::CyclesAllowed) {
            return false;
        }
        for (x, other) in [(u, b), (v, a)] {
            self.codes[x] = match self.codes[x] {
                ALONE => code_of(other),
                E_ALONE => FULL_E,
                _ => FULL,
            };
        }
        if let End::Open(p) = a {
            if p != u {
                self.codes[p] = code_of(b);
            }
        }
        if let End::Open(q) = b {
            if q != v {
                self.codes[q] = code_of(a);
            }
        }
        match (a, b) {
            (End::Open(_), _) | (_, End::Open(_)) => true,
            (End::Special, End::One) | (End::One, End::Special) => {
                self.done += 1;
                true
            }
            // The opening and e on one path (1 is then on neither), or a path joined to 1 at
            // both ends.
            _ => false,
        }
    }

    /// Vertex `x` leaves the frontier (its slot is dropped afterwards): it must be out or full,
    /// or an end, which becomes an end of its path, joined to 1.
    pub(super) fn forget(&mut self, x: usize, rules: &Rules) -> bool {
        if !is_end(self.codes[x]) {
            return true;
        }
        match far(&self.codes, x) {
            // Named alone, neither the opening nor e: joined to 1 on both sides.
            End::Open(j) if j == x => rules.broken(Fault::AloneMayLeave),
            End::Open(j) => {
                self.codes[j] = TO_ONE;
                true
            }
            End::Special => {
                self.done += 1;
                true
            }
            // Both ends joined to 1.
            End::One => false,
        }
    }
}
