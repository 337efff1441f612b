//! `jg theorem [--certificates DIR] [-o FILE]`: verifies every certificate of DIR and writes the
//! theorem document (default docs/THEOREM.md) with its figures in `figures/` beside it.

use super::CliError;
use juniper_green::frontends::draw;
use juniper_green::proofs::accept::read_theorem_folder;
use juniper_green::publish::theorem_document::{self as theorem, Figure};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The folder of certificates (every *.bin in it is verified and used)
    #[arg(long, default_value = "certificates")]
    pub certificates: PathBuf,
    /// The document to write; the figures go to figures/ in the same folder
    #[arg(short = 'o', long = "output", default_value = "docs/THEOREM.md")]
    pub output: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    super::require_folder(&args.certificates, "--certificates", "certificates")?;
    // A certificate that is not accepted is exit 1, as for `jg verify`; the rest (a file that
    // cannot be read) is exit 2.
    let read = read_theorem_folder(&args.certificates)
        .and_then(|entries| Ok((entries, theorem::read_extras(&args.certificates)?)));
    let (entries, extras) = match read {
        Ok(read) => read,
        Err(error) if error.is_about_a_certificate() => {
            eprintln!("jg: {error}");
            return Ok(ExitCode::from(1));
        }
        Err(error) => return Err(error.into()),
    };
    let docs = args
        .output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    let manifest = std::fs::read(args.certificates.join("MANIFEST.tsv")).ok();
    // The argument above the folder's last n, next to the document, when written.
    let large_n = std::fs::read_to_string(docs.join("large-n.md")).ok();
    let generated = theorem::generate(&entries, &extras, large_n.as_deref(), manifest.as_deref())?;
    let figures: Vec<(String, String)> = generated
        .figures
        .iter()
        .map(|(name, figure)| (name.clone(), draw_figure(figure)))
        .collect();
    let name = args
        .output
        .file_name()
        .ok_or("the output needs a file name")?
        .to_string_lossy()
        .into_owned();
    super::create_parent(&args.output)?;
    for path in theorem::write(&docs, &name, &generated.markdown, &figures)? {
        if !super::quiet() {
            println!("wrote {path}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A figure of the document as SVG.
fn draw_figure(figure: &Figure) -> String {
    match figure {
        Figure::Coverage(spans) => draw::coverage_chart(spans),
        Figure::Pairing {
            n,
            winner,
            opening,
            rows,
        } => draw::closed_pairing(*n, *winner, *opening, rows),
    }
}
