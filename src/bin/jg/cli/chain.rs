//! `jg chain N [--format json] [-o FILE] [--certificate FILE] [--draw FILE.svg]`: a longest
//! chain of 1..N and the proof that none is longer (docs/MATH.md §6), with an exact certificate
//! (spec.md §6) and a figure on request; and
//! `jg chain --range A..B --out-dir DIR`: the published certificates and the b-file, resumable.

use super::CliError;
use juniper_green::engines::chain::{check_chain, CertifiedChain, LongestChain, Progress, Request};
use juniper_green::frontends::chain_draw::{draw_chain, MAX_CHAIN_DRAW_N};
use juniper_green::proofs::chains::{certify_chain_range, write_b_file, ChainItem};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// What `jg chain --help` says of this binary's LP solver (the cargo feature `highs`).
#[cfg(feature = "highs")]
pub const LP_BACKEND: &str = "LP solver of this binary: HiGHS (built with the cargo feature `highs`). \
A default build uses microlp (pure Rust) instead: the same certificates' validity, slower on the hard n.";
/// What `jg chain --help` says of this binary's LP solver (the cargo feature `highs`).
#[cfg(not(feature = "highs"))]
pub const LP_BACKEND: &str = "LP solver of this binary: microlp (pure Rust, the default build). \
It proves n up to about 600 in under a minute, n = 700, 800, 900 and 1000 in one to two minutes \
of CPU each (a(1000) = 666 with its certificate: about 95 s), and some n between in several \
(whose proofs are trees of a hundred leaves and more: n = 950 took 4 minutes in a range, \
n = 706 and 707 about 20 minutes). The whole `jg chain --range 1..1000` reproduces the \
published lengths in about 4.4 hours of CPU. HiGHS is about 9 times faster at n = 1000: \
cargo install --locked --path . --features highs (needs cmake, a C++ compiler and libclang).";

#[derive(clap::Args)]
pub struct Args {
    /// The numbers 1..=N (at most 2^20). Memory: one LP of G_N (about N ln N edges) and its
    /// cuts for the whole tree, and with --certificate each leaf's LP point until the tree is
    /// proved: with HiGHS 50-140 MB at N = 500, 460-560 MB at N = 700 (a tree), 160-710 MB at
    /// N = 1000; with microlp (the default build) 29 MB at N = 500, 222 MB at N = 700, 260 MB at
    /// N = 1000, and up to 1.9 GB for the trees of about 180 leaves (N = 706, 707)
    #[arg(value_parser = super::parse_n, required_unless_present_any = ["range", "from"])]
    pub n: Option<u64>,
    /// Output: text, or one JSON object (n, length, chain, proved, root_bound, nodes, and the
    /// certificate's figures when one is written)
    #[arg(long, value_enum, default_value = "text")]
    pub format: ChainFormat,
    /// The same as --format json (older spelling, kept for scripts)
    #[arg(long, hide = true)]
    pub json: bool,
    /// Stop the search after this many seconds and print the longest chain found, marked not
    /// proved. It bounds the branch and cut; a tree that closes in time still has its leaves'
    /// dual LPs solved for --certificate after it (on the default build about 2.5 s a leaf: n =
    /// 707, 175 leaves, searched in 12 minutes, then 7 more)
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Write the chain certificate (spec.md §6), the exact proof, to FILE (missing folders are
    /// created); fails unless the bound is certified
    #[arg(long = "certificate", value_name = "FILE", conflicts_with_all = ["range", "from"])]
    pub certificate: Option<PathBuf>,
    /// Write what is printed (text or JSON) to FILE instead of stdout (`-`: stdout), as every
    /// command's -o does; the certificate is --certificate
    #[arg(short = 'o', long = "output", value_name = "FILE",
          conflicts_with_all = ["range", "from"])]
    pub output: Option<PathBuf>,
    /// Also draw the chain found on the divisibility graph, with the numbers it leaves out
    /// grouped by window (n/2, n], (n/3, n/2], …, as an SVG written to FILE.svg (`-`: stdout,
    /// then -o must name a file; missing folders are created). N ≤ 2000; the figure says when
    /// the chain is not proved longest (--time-limit). A few hundred KB at N = 1000
    #[arg(long, value_name = "FILE.svg", conflicts_with_all = ["range", "from"])]
    pub draw: Option<PathBuf>,
    /// With --certificate: prove N from BELOW, a certificate of N − 1 with its own proof. Only
    /// the chains through N are searched (the others are chains of 1..N − 1, which BELOW
    /// bounds), and the certificate's tree puts BELOW's under a branch on N (spec.md §6.4).
    /// For any N but a prime above N/2 or twice a prime (they change the reduced graph); fast
    /// when forcing N into the chain closes the bound quickly (N = 956: 3.4 s, 170 MB)
    #[arg(
        long,
        value_name = "BELOW",
        requires = "certificate",
        conflicts_with = "range"
    )]
    pub from_below: Option<PathBuf>,
    /// Certify every n of A..B (inclusive) into --out-dir as chain-N.txt, skipping each n whose
    /// certificate is already there and valid, then rewrite DIR/a337125.txt. With
    /// --time-limit (per n), an n that runs out of time is tried again at the end: first (with
    /// the same limit) from the proof of n − 1 and a search of the chains through n alone, as
    /// --from-below does; then with the proof of n + 1, which holds when a(n) = a(n + 1)
    #[arg(long, value_name = "A..B", value_parser = super::parse_range,
          conflicts_with_all = ["n", "from", "to"])]
    pub range: Option<(u64, u64)>,
    #[command(flatten)]
    pub ends: super::FromTo,
    /// Where --range writes (default certificates/chains)
    #[arg(long, value_name = "DIR", default_value = "certificates/chains")]
    pub out_dir: PathBuf,
}

/// What `jg chain` prints.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum ChainFormat {
    Text,
    Json,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let started = Instant::now();
    let time_limit = match args.time_limit {
        Some(seconds) if seconds.is_finite() && seconds >= 0.0 => {
            Some(Duration::from_secs_f64(seconds.min(1e9)))
        }
        Some(seconds) => return Err(format!("--time-limit {seconds} is not a duration").into()),
        None => None,
    };
    let deadline = time_limit.map(|limit| started + limit);
    let from_to = match args.ends.pair() {
        Some((from, to)) => Some(super::range_of(from, to, None)?),
        None => None,
    };
    if let Some(range) = args.range.or(from_to) {
        return run_range(range, &args.out_dir, time_limit);
    }
    let n = args.n.ok_or("give N or --range")?;
    if let Some(path) = &args.draw {
        check_draw(n, path, args.output.as_deref())?;
    }
    let spinner = super::progress_spinner(format!("longest chain of 1..{n}"));
    let report = |p: Progress| {
        spinner.set_message(format!("longest chain of 1..{n}: {}", status(p)));
    };
    let request = Request {
        deadline,
        report: &report,
        ..Request::new(n)
    };
    let (found, certified) = match &args.certificate {
        Some(path) => {
            let certified = match &args.from_below {
                Some(below) => {
                    let bytes = std::fs::read(below)
                        .map_err(|e| format!("cannot read {}: {e}", below.display()))?;
                    request.certify_through(&bytes)?
                }
                None => request.certify()?,
            };
            super::create_parent(path)?;
            juniper_green::proofs::certificate::write_atomically(path, &certified.certificate)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            (certified.found.clone(), Some(certified))
        }
        None => (request.solve()?, None),
    };
    spinner.finish_and_clear();
    // The search's answer is printed only once the plain rules checker accepts it.
    check_chain(found.n, &found.chain)?;
    if let Some(path) = &args.draw {
        let svg = draw_chain(&found)?;
        write_figure(path, &svg)?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut out = super::output_writer(args.output.as_deref())?;
    if args.json || args.format == ChainFormat::Json {
        writeln!(
            out,
            "{}",
            json(&found, certified.as_ref(), args.draw.as_deref())
        )?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
    if found.proved {
        writeln!(
            out,
            "n = {}: a longest chain has {} (proved: the branch and cut closed {}; LP bound at \
             the root {}; {:.2} s)",
            found.n,
            super::counted(found.chain.len(), "number", "numbers"),
            super::counted(found.nodes, "node", "nodes"),
            found.root_bound,
            seconds
        )?;
    } else {
        writeln!(
            out,
            "n = {}: NOT proved within the time limit: a chain of {} found, none longer than \
             {} ({}; {:.2} s)",
            found.n,
            super::counted(found.chain.len(), "number", "numbers"),
            found.root_bound,
            super::counted(found.nodes, "node", "nodes"),
            seconds
        )?;
    }
    writeln!(out, "{}", numbers.join(" "))?;
    if let (Some(c), Some(path)) = (&certified, &args.certificate) {
        let words: Vec<String> = figures(c)
            .into_iter()
            .map(|(name, value)| match name {
                "denominator" | "blake3" => format!("{name} {value}"),
                "leaves" => super::counted(value, "leaf", "leaves"),
                _ => super::counted(&value, name.strip_suffix('s').unwrap_or(name), name),
            })
            .collect();
        writeln!(out, "certificate {}: {}", path.display(), words.join(", "))?;
    }
    if let Some(path) = &args.draw {
        writeln!(out, "drawing {}", path.display())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// What --draw needs, checked before the search so that a long run does not end in an error:
/// an N the figure can hold, a FILE.svg that is not a folder and whose folder can be made, and
/// not stdout twice.
fn check_draw(n: u64, path: &Path, output: Option<&Path>) -> Result<(), CliError> {
    if n > MAX_CHAIN_DRAW_N {
        return Err(format!(
            "--draw: N must be at most {MAX_CHAIN_DRAW_N} to draw (one dot per number), got {n}"
        )
        .into());
    }
    let stdout = |p: Option<&Path>| p.is_none_or(|p| p == Path::new("-"));
    if path == Path::new("-") {
        if stdout(output) {
            return Err("--draw - writes the figure to stdout, where the chain is printed too: give -o FILE for the chain, or --draw FILE.svg"
                .into());
        }
        return Ok(());
    }
    if path.is_dir() {
        return Err(format!(
            "--draw {}: that is a folder; give a file name such as chain.svg",
            path.display()
        )
        .into());
    }
    super::create_parent(path).map_err(|e| format!("--draw {}: {e}", path.display()).into())
}

/// Writes the figure to `path` (stdout for `-`), a file whole or not at all.
fn write_figure(path: &Path, svg: &str) -> Result<(), CliError> {
    if path == Path::new("-") {
        return super::write_output(path, svg.as_bytes());
    }
    juniper_green::proofs::certificate::write_atomically(path, svg.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()).into())
}

/// The progress line's figures: the branch and cut's nodes, the longest chain so far and the
/// root's LP bound (no chain is longer than its floor).
fn status(p: Progress) -> String {
    format!(
        "{} nodes, longest so far {}, root bound {:.2}",
        p.nodes, p.longest, p.root_bound
    )
}

/// The certificate's figures, named as in the JSON object: the one source of the text line
/// (`certificate PATH: …`) and of the JSON `certificate` object.
fn figures(c: &CertifiedChain) -> [(&'static str, String); 6] {
    [
        ("bytes", c.certificate.len().to_string()),
        ("cuts", c.cuts.to_string()),
        ("rows", c.rows.to_string()),
        ("denominator", c.denominator.to_string()),
        ("leaves", c.leaves.to_string()),
        ("blake3", blake3::hash(&c.certificate).to_hex().to_string()),
    ]
}

/// The JSON object by hand: the shape is flat.
fn json(
    found: &LongestChain,
    certified: Option<&CertifiedChain>,
    drawing: Option<&Path>,
) -> String {
    let numbers: Vec<String> = found.chain.iter().map(u64::to_string).collect();
    let figures = certified.map_or(String::new(), |c| {
        let fields: Vec<String> = figures(c)
            .into_iter()
            .map(|(name, value)| match name {
                "blake3" => format!("\"{name}\":\"{value}\""),
                _ => format!("\"{name}\":{value}"),
            })
            .collect();
        format!(",\"certificate\":{{{}}}", fields.join(","))
    });
    let drawing = drawing.map_or(String::new(), |path| {
        let path = serde_json::Value::from(path.display().to_string());
        format!(",\"drawing\":{path}")
    });
    format!(
        "{{\"n\":{},\"length\":{},\"chain\":[{}],\"proved\":{},\"root_bound\":{},\"nodes\":{}{figures}{drawing}}}",
        found.n,
        found.chain.len(),
        numbers.join(","),
        found.proved,
        found.root_bound,
        found.nodes
    )
}

/// Certifies each n of the range that has no valid certificate yet (the library's
/// `certify_chain_range`); a header line, then one stdout line per n (`n length proof seconds
/// bytes`, `-` where a figure does not apply), an n that failed but is certified after the
/// range coming last with the proof `below M` (from the proof of M = n − 1) or `above M` (with
/// the proof of M > n); then the b-file of the run of verified terms from n = 1. A failure is reported,
/// and the exit code is 1 if any n is left without a certificate.
fn run_range(
    range: (u64, u64),
    dir: &Path,
    time_limit: Option<Duration>,
) -> Result<ExitCode, CliError> {
    let bar = super::progress_bar(range.1.saturating_sub(range.0) + 1, "chains");
    let progress = |n: u64, p: Option<Progress>| match p {
        None => bar.set_message(format!("n = {n}")),
        Some(p) => bar.set_message(format!("n = {n}: {}", status(p))),
    };
    // Tab-separated columns under a header line: the proof is `searched`, `present` (a valid
    // certificate was already there), `below M` or `above M` (from the proof of M).
    println!("n\tlength\tproof\tseconds\tbytes");
    let mut item = |n: u64, outcome: &ChainItem| {
        match outcome {
            ChainItem::Present { length } => {
                bar.println(format!("{n} present {length}"));
                println!("{n}\t{length}\tpresent\t-\t-");
            }
            ChainItem::Certified {
                length,
                seconds,
                bytes,
            } => {
                println!("{n}\t{length}\tsearched\t{seconds:.2}\t{bytes}")
            }
            ChainItem::Failed(error) => eprintln!("jg: n = {n}: NOT certified: {error}"),
            ChainItem::Above {
                length,
                graph,
                bytes,
            } => {
                bar.println(format!("{n}: certified with the proof of n = {graph}"));
                println!("{n}\t{length}\tabove {graph}\t-\t{bytes}");
            }
            ChainItem::Below {
                length,
                seconds,
                bytes,
            } => {
                let below = n - 1;
                bar.println(format!(
                    "{n}: certified in {seconds:.2} s from the proof of n = {below} and the chains through {n}"
                ));
                println!("{n}\t{length}\tbelow {below}\t{seconds:.2}\t{bytes}");
            }
        }
        let _ = std::io::stdout().flush();
        if !matches!(outcome, ChainItem::Above { .. } | ChainItem::Below { .. }) {
            bar.inc(1); // an n certified after the range was counted when it failed
        }
    };
    let failed = certify_chain_range(range, dir, time_limit, &progress, &mut item)
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let (path, last) = write_b_file(dir).map_err(|e| e.to_string())?;
    eprintln!("{}: n = 1..{last}", path.display());
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
