//! Certificates as proofs a person can read (`jg explain`). The verifier accepts a file first;
//! then this module decodes the body again (spec.md §2–3; decoding to render is presentation, not
//! trust), recomputes a closed pairing's closure by the raw rules with, for each number, how the
//! loser can reach it, and writes the proof as Markdown or LaTeX.
//!
//! Kinds 2 (closed pairing), 3 (interval closed pairing, docs/MATH.md §8) and 4 (openings,
//! spec.md §3.4) are decoded and rendered; kinds 0 and 1 are retired (the verifier refuses
//! them, so `jg explain` says so); which of them a file may carry is the verifier's decision.
//!
//! - the claim and the strategy are read from the bytes by `proofs::decode`;
//! - [`rows`]: a closed pairing's closure as rows (each number, its answer, how it is reached);
//! - `pairing_blocks` and `openings_blocks`: the blocks of each kind of proof;
//! - `render`: the blocks as Markdown or LaTeX.

mod openings_blocks;
mod pairing_blocks;
mod render;
pub mod rows;
#[cfg(test)]
mod tests;

pub use pairing_blocks::pairing_argument;
pub use render::{tex_escape, Format};
pub use rows::{closure_rows, closure_rows_from, Reach, Row};

use crate::proofs::accept::{accept, Accepted};
use crate::proofs::decode::Witness;
use crate::proofs::decode::{Decoded, DecodedStrategy};
use render::Block;

/// The document for an accepted certificate.
fn blocks(
    d: &Decoded,
    accepted: &Accepted,
    lemma: Option<&str>,
    witnesses: &[Witness],
) -> Result<Vec<Block>, String> {
    if let DecodedStrategy::Openings { entries } = &d.strategy {
        return openings_blocks::openings_blocks(d, entries, accepted);
    }
    let mut out = Vec::new();
    let range = if d.n_last > d.n {
        format!("n = {}..{}", d.n, d.n_last)
    } else {
        format!("n = {}", d.n)
    };
    out.push(Block::Title(format!(
        "Juniper Green, {range}: the {} player wins",
        d.winner.name()
    )));
    out.push(Block::Para(format!(
        "**Theorem.** {}",
        pairing_blocks::claim_text(d)
    )));
    out.push(Block::Para(format!(
        "Certificate `{}`: {}, {} bytes, BLAKE3 `{}`, made by `{}`. The verifier `jg-verify` \
         accepted it ({} {}).",
        accepted.name,
        d.kind.name(),
        accepted.bytes,
        accepted.blake3,
        d.generator,
        accepted.positions,
        if accepted.positions == 1 {
            "position"
        } else {
            "positions"
        }
    )));
    if let DecodedStrategy::Pairing { opening, pairs } = &d.strategy {
        pairing_blocks::closed_blocks(d, *opening, pairs, lemma, witnesses, &mut out)?;
    }
    Ok(out)
}

/// Renders an accepted certificate. `accepted` carries what the verifier reported; call this
/// only after `jg_verify` accepted the same bytes (see `explain_bytes`).
pub fn render(d: &Decoded, accepted: &Accepted, format: Format) -> Result<String, String> {
    render_citing(d, accepted, format, None)
}

/// `render`, with the closed-pairing argument replaced by a citation of `lemma` (Markdown text
/// naming a lemma that states it once, as docs/THEOREM.md does).
pub fn render_citing(
    d: &Decoded,
    accepted: &Accepted,
    format: Format,
    lemma: Option<&str>,
) -> Result<String, String> {
    render_blocks(blocks(d, accepted, lemma, &[])?, accepted, format)
}

fn render_blocks(
    blocks: Vec<Block>,
    accepted: &Accepted,
    format: Format,
) -> Result<String, String> {
    Ok(match format {
        Format::Markdown => render::markdown(&blocks, &accepted.name),
        Format::Latex => render::latex(&blocks, &accepted.name),
    })
}

/// Accepts `bytes` (`accept::accept`: verified, decoded, the two readings of the claim equal),
/// then renders them. Err is the line to print: `invalid: <the verifier's reason>` for a file
/// the verifier rejects.
pub fn explain_bytes(bytes: &[u8], name: &str, format: Format) -> Result<String, String> {
    let (decoded, accepted) = accept(bytes, name).map_err(|refusal| refusal.to_string())?;
    let witnesses = crate::proofs::decode::witnesses_of(bytes);
    render_blocks(
        blocks(&decoded, &accepted, None, &witnesses)?,
        &accepted,
        format,
    )
}
