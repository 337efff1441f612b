//! The document's words: how it spells numbers, runs and anchors, and the lemma every proof
//! cites.

use crate::proofs::decode::Decoded;

/// A number as the prose writes it: powers of ten from 10^6 on as `10^k`, others in digits
/// (commands keep the digits).
pub fn spell(n: u64) -> String {
    let mut k = 0;
    let mut m = n;
    while m >= 10 && m.is_multiple_of(10) {
        m /= 10;
        k += 1;
    }
    if m == 1 && k >= 6 {
        format!("10^{k}")
    } else {
        n.to_string()
    }
}

/// The HTML anchor of a certificate's proof in the document: `n-N` or `n-A-B`.
pub(super) fn anchor(d: &Decoded) -> String {
    if d.n_last > d.n {
        format!("n-{}-{}", d.n, d.n_last)
    } else {
        format!("n-{}", d.n)
    }
}

/// How the document names a run `a..b` of n.
pub(super) fn span(from: u64, to: u64) -> String {
    if from == to {
        spell(from)
    } else {
        format!("{}–{}", spell(from), spell(to))
    }
}

/// The closed-pairing lemma, stated and proved once; every proof of the document cites it.
pub(super) const LEMMA: &str =
    "**Lemma (closed pairings).** Let n ≥ 1 and let W be one of the two players \
(the winner) and L the other. Suppose W is given a set of pairs of numbers of 1..n, no number in \
two pairs, and, when W is the first player, an even opening e in 1..n that is in no pair. Call \
*first column* a set C of numbers of 1..n such that

1. every x in C is in a pair, and its partner y (the *answer* to x) divides x or is a multiple of \
x;
2. C holds every first move of L: every even number of 1..n when L is the first player, every \
divisor and multiple of e in 1..n other than e when W is;
3. for every answer y to a number of C, every divisor and multiple z of y in 1..n with z ≠ y and \
z ≠ e is in C.

Then W wins Juniper Green on 1..n by opening with e (when W is the first player) and answering \
every number x that L names with its partner.

*Proof.* We show that at each turn of W the answer is a legal move. At each turn of L the \
numbers named so far are e (when W is first) and whole pairs, and the last number named is e or \
an answer (or nothing: the very first move, when L is the first player). L's move x is \
therefore a first move or a divisor or multiple, other than itself, of e or of an answer, and \
it is not e (already named): by 2 and 3, x is in C. By 1, x has a partner y that divides x or \
is a multiple of it. y is not named yet: the named numbers other than e are whole pairs, x was \
not named, so neither was its partner; and y ≠ e because e is in no pair. So W can name y, and \
afterwards the named numbers are again e and whole pairs, the last one an answer. Every move \
names a new number of 1..n, so the game ends; it never ends on W's turn, so L is the player left \
without a move. ∎

The lemma uses only the rules of the game. It is the argument of spec.md §5 for closed \
pairings; the verifier's check (spec.md §4.5) computes the smallest first column and rejects \
the file when condition 1 fails for one of its numbers. Each proof below prints its first \
column (the closure table: a way the loser reaches each number, so none can be left out) and \
checks condition 3 from the shorter side: either every answer with all its neighbours, or the \
numbers outside the first column with all theirs.";

/// How every proof of the document cites the lemma.
pub(super) const CITE: &str = "[the closed-pairing lemma](#lemma)";

/// Ranges of consecutive numbers, written `a–b` or `a`.
pub(super) fn ranges(numbers: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => numbers[i].to_string(),
            1 => format!("{}, {}", numbers[i], numbers[j]),
            _ => format!("{}–{}", numbers[i], numbers[j]),
        });
        i = j + 1;
    }
    parts.join(", ")
}
