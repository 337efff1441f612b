//! The check of a whole file (spec.md §4): decode it (`format`), prove its claim with the
//! closure (§4.5) or the barrier (§4.10) of each strategy, and require every witness to be
//! needed (§4.11). The verifier's main loop, on one screen.

use crate::barrier;
use crate::claim::{Limits, Verdict, Winner};
use crate::closure;
use crate::format::{self, Body, Entry, Strategy};
use crate::openings;
use crate::rejection::Rejection;
use crate::rules::Context;

/// Checks a whole certificate file held in memory (read it with `read_bounded`).
pub fn verify_bytes(bytes: &[u8], limits: &Limits) -> Result<Verdict, Rejection> {
    let format::Decoded { mut verdict, body, held, board } = format::decode(bytes, limits)?;
    let context = &mut Context { board, limits, held, positions: 0 };
    // The claims to prove, each with its strategy: the header's, or each entry's, with the
    // entry's winner and a losing entry's only first moves (and their offset).
    let (claims, winning) = match &body {
        Body::One(strategy) => (vec![(verdict.winner, None, strategy)], None),
        Body::Openings(entries, offset) => {
            let winning = openings::check(&verdict, entries, *offset)?;
            let claims = entries.iter().map(|entry| match entry {
                Entry::Win(proof) => (Winner::First, None, proof),
                Entry::Lose(only, at, proof) => (Winner::Second, Some((&only[..], *at)), proof),
            });
            (claims.collect(), Some(winning))
        }
    };
    for (winner, only, strategy) in claims {
        // A closed pairing (§4.5) or a barrier (§4.10): neither is walked. An entry's claim is
        // the header's with the entry's winner: its kind (4) is no interval's, so a closure
        // checks it on 1..n (a mutant setting it to 2 changed nothing, issue 39).
        let claim = Verdict { winner, ..verdict.clone() };
        context.positions += match strategy {
            Strategy::Barrier(proof) => barrier::check(context, claim.n, only, proof),
            Strategy::Pairing(proof) => closure::check(context, &claim, proof, only.map(|o| o.0)),
        }?;
    }
    (verdict.positions, verdict.winning_openings) = (context.positions, winning);
    // Every witness must be needed: by a move listing or by another witness (spec.md §4.11).
    if let Some(&(prime, _, offset)) = context.board.primes.iter().find(|(_, used, _)| !used) {
        let what = format!("the witness for {prime} is not needed: no listing or witness uses it");
        return Err(Rejection::Body { offset, what });
    }
    Ok(verdict)
}
