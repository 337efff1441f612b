//! `jg count N`: how many complete games there are (OEIS A348842; with `--by-opening`, A348843
//! and A348844's rows), counted by the frontier counter, the hub counter or walked one by one,
//! as text, CSV, JSON or an SVG chart of their growth. Rows are printed as each n is counted.

use super::CliError;
use juniper_green::engines::count::{
    self, frontier, hubs, CountOptions, Method, AUTO_HUBS_MAX, DEFAULT_MEMORY_MIB,
};
use juniper_green::frontends::growth::{self, Format};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = AFTER_HELP,
    // N is required unless a range is given: the usage says so (clap alone prints [N]).
    override_usage = "jg count [OPTIONS] <N>\n       jg count [OPTIONS] --range <A..B>\n       \
                      jg count [OPTIONS] --from <FROM> --to <TO>"
)]
pub struct Args {
    /// Count the games of 1..N (required, unless a range is given with --from/--to or --range)
    #[arg(value_parser = parse_count_n, required_unless_present_any = ["from", "to", "range"])]
    pub n: Option<u64>,
    /// First n of a range
    #[arg(long, value_parser = parse_count_n, conflicts_with = "n")]
    pub from: Option<u64>,
    /// Last n of a range
    #[arg(long, value_parser = parse_count_n, conflicts_with = "n")]
    pub to: Option<u64>,
    /// The range as A..B (the same as --from A --to B)
    #[arg(long, value_name = "A..B", value_parser = super::parse_range,
          conflicts_with_all = ["n", "from", "to"])]
    pub range: Option<(u64, u64)>,
    /// Also give each even first number's games (A348843, and A348844's odd/even split)
    #[arg(long)]
    pub by_opening: bool,
    /// Also print each count's figures on stderr: the frontier counter's vertex order (its
    /// width) and states, or the hub counter's tasks and table
    #[arg(long)]
    pub stats: bool,
    /// Output format (csv columns: n,games,odd,even; with --by-opening:
    /// n,opening,games,odd,even, the row of each n first with opening `all`)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How to count (every method gives the same counts)
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// The number of hubs k of --method hubs, 1 to 7 (default: by n, the fastest measured).
    /// Changes the time and memory, never the counts
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=hubs::MAX_HUBS as i64))]
    pub hubs: Option<u32>,
    /// The memory bound in MiB: of the frontier counter's layers (past it the count stops with
    /// an error that says so), of the hub counter's table (past it the counter stores nothing
    /// more and recomputes instead: the same counts, slower). At most the machine's memory
    #[arg(long, value_name = "MIB", value_parser = super::parse_table_mib,
          default_value_t = DEFAULT_MEMORY_MIB)]
    pub memory_mib: usize,
    /// The frontier counter's vertex order, annealed from the seed set SEED (0: the default; auto
    /// counts by the frontier above n = 29). Another set gives another order and the same
    /// counts, in another time and memory: a term counted with two sets is counted twice
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    pub order_seed: u64,
    /// Keep the frontier counter's layers in files under DIR (a folder of its own, removed at
    /// the end) instead of memory, each step reading the layer before from there: the same
    /// counts in the memory of the largest layer's tables alone. With --by-opening the files
    /// are kept for the second pass: 24 bytes a state summed over the layers (17 GB at n = 84)
    #[arg(long, value_name = "DIR")]
    pub spill: Option<PathBuf>,
    /// Write the output to this file instead of stdout (`-`: stdout; missing folders are
    /// created)
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

const AFTER_HELP: &str = "A game here is complete: it ends when the player to move has no \
legal move; its first number is even (the game's rule). A game with an odd number of moves is \
won by the first player, who named the last number. Counts are exact (128-bit, every operation \
checked) and the same whatever the method, --hubs and the thread count (RAYON_NUM_THREADS).\n\n\
Time and memory (CPU time, one thread; BENCHMARKS.md, \"The frontier counter in 64 bits\"): the \
frontier counter counts all the games of n = 60 in about 7 s and 0.1 GB, n = 70 in about 70 s \
and 0.6 GB, n = 76 in about 95 s and 1.2 GB, in one pass; --by-opening takes two passes and \
keeps every layer between them: n = 60 in about 13 s and 0.23 GB, n = 70 in about 130 s and \
1.6 GB, n = 77 to 79 in about 5 min and 3.6 to 4.4 GB. With --spill DIR those layers go to files \
under DIR (24 bytes a state summed over the layers: about 7 GB at n = 82) and the memory is \
about that of the largest layer: n = 70 in 0.8 GB, n = 82 and 83 in about 12 min and 7 to 8 GB, \
n = 84 in about 45 min and 8.8 GB (for all the games alone --spill removes each file once read). \
Its memory is its layers, at most --memory-mib (default 4096 MiB: all the games up to \
n = 77 at least, 1.0 GiB charged there): past it, it stops and says so; the process takes up \
to 1.5 times the bytes charged. By the orders found, n = 85 to 89 cost about what 84 does and n = 90 \
about 2.6 times more, about the last that fits in 24 GB (docs/COUNTING.md §10). The hub counter takes n = 40 in \
about 15 s and 0.5 GB, n = 43 in about 2.5 min and 2.7 GB; its memory is its table, at most \
--memory-mib, plus a few MiB. The enumeration uses no table; its time doubles about every n \
(n = 31: half a minute).";

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum MethodArg {
    /// The fastest exact method for each n: the hubs up to n = 29, the frontier above
    Auto,
    /// A programme over the numbers one at a time, in an order that keeps few of them open
    /// (n ≤ 128 and a frontier of at most 14 numbers, to about n = 115; as far as its states fit in
    /// --memory-mib: on 24 GB, about n = 90 with --spill)
    Frontier,
    /// Through the hubs, the small numbers every game names (n ≤ 64; minutes past n = 42)
    Hubs,
    /// Every game walked one by one (the reference, n ≤ 32, about 2·10^7 games a second a
    /// core)
    Enumerate,
}

/// A board size for counting: 1..=128 (the frontier counter's bound; the other methods' are
/// checked against the range before work starts).
pub fn parse_count_n(text: &str) -> Result<u64, String> {
    super::parse_n_at_most(text, frontier::MAX_FRONTIER_N as u64)
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (from, to) = match (args.n, args.range) {
        (Some(n), _) => (n, n),
        (None, Some(range)) => range,
        (None, None) => super::range_of(args.from.unwrap_or(1), args.to.unwrap_or(1), None)?,
    };
    let method = match args.method {
        MethodArg::Auto => Method::Auto,
        MethodArg::Frontier => Method::Frontier,
        MethodArg::Hubs => Method::Hubs,
        MethodArg::Enumerate => Method::Enumerate,
    };
    if method == Method::Enumerate && to > method.max_n() as u64 {
        return Err(format!(
            "--method enumerate walks every game: it takes n ≤ {} (n = 31 has 5.6·10^8 \
             games); the default method counts up to n = {}",
            method.max_n(),
            frontier::MAX_FRONTIER_N
        )
        .into());
    }
    if method == Method::Hubs && to > method.max_n() as u64 {
        return Err(format!(
            "--method hubs takes n ≤ {} (and minutes past n = 42); the default method counts \
             up to n = {}",
            method.max_n(),
            frontier::MAX_FRONTIER_N
        )
        .into());
    }
    if args.order_seed != 0 && matches!(method, Method::Hubs | Method::Enumerate) {
        return Err(
            "--order-seed chooses the frontier counter's vertex order: give it with \
                    --method frontier or auto"
                .into(),
        );
    }
    if args.spill.is_some() && matches!(method, Method::Hubs | Method::Enumerate) {
        return Err(
            "--spill keeps the frontier counter's layers on disk: give it with --method \
                    frontier or auto"
                .into(),
        );
    }
    if args.hubs.is_some() && method != Method::Hubs {
        return Err(format!(
            "--hubs sets the hub counter's number of hubs: give it with --method hubs (auto \
             counts by the hubs only up to n = {AUTO_HUBS_MAX})"
        )
        .into());
    }
    let options = CountOptions {
        method,
        hubs: args.hubs,
        memory_mib: args.memory_mib,
        order_seed: args.order_seed,
        by_opening: args.by_opening,
        spill: args.spill.clone(),
    };
    let mut out = super::output_writer(args.output.as_deref())?;
    let write_error = |e: std::io::Error| -> CliError {
        match &args.output {
            _ if e.kind() == std::io::ErrorKind::BrokenPipe => e.into(),
            Some(path) => format!("cannot write {}: {e}", path.display()).into(),
            None => format!("cannot write the counts: {e}").into(),
        }
    };
    let mut renderer = growth::Renderer::new(args.format, args.by_opening);
    out.write_all(renderer.header().as_bytes())
        .map_err(write_error)?;
    let bar = super::progress_bar(0, "steps");
    for n in from..=to {
        bar.set_message(format!("(n = {n})"));
        bar.set_position(0);
        let counted = count::count(n as u32, &options, &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })?;
        out.write_all(renderer.row(&counted)?.as_bytes())
            .and_then(|_| out.flush())
            .map_err(write_error)?;
        if args.stats {
            bar.suspend(|| eprintln!("{}", figures(&counted)));
        }
    }
    bar.finish_and_clear();
    out.write_all(renderer.footer().as_bytes())
        .map_err(write_error)?;
    out.flush().map_err(write_error)?;
    Ok(ExitCode::SUCCESS)
}

/// One line of `--stats`.
fn figures(counted: &count::Count) -> String {
    let n = counted.n;
    match counted.stats {
        Some(count::Stats::Frontier(s)) => format!(
            "n = {n}: frontier counter, order of width {}, {} (at most {} after one number), \
             {} MiB charged at most{}",
            s.width,
            super::counted(s.total_states, "state", "states"),
            s.peak_states,
            s.peak_bytes >> 20,
            match s.wide_layers {
                0 => String::new(),
                k => format!(", counts past 64 bits in the last {k} layers"),
            }
        ),
        Some(count::Stats::Hubs(s)) => format!(
            "n = {n}: hub counter, {}, {} in its table ({} MiB), {} refused",
            super::counted(s.tasks, "task", "tasks"),
            super::counted(s.entries, "entry", "entries"),
            s.bytes >> 20,
            s.refused
        ),
        None => format!("n = {n}: every game walked"),
    }
}

/// The counts of `jg oeis --games-to N`: every n = 1..N counted by the default method (auto),
/// with a progress bar.
pub fn counts_to(to: u32) -> Result<Vec<count::Count>, CliError> {
    let bar = super::progress_bar(to as u64, "n counted");
    let mut counts = Vec::new();
    for n in 1..=to {
        bar.set_message(format!("(n = {n})"));
        counts.push(count::count(n, &CountOptions::default(), &|_, _| {})?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(counts)
}

/// The counts of `jg oeis --games-from CSV`: a `jg count --by-opening --format csv` run, read
/// back and checked (`oeis_games::counts_from_csv`).
pub fn counts_from(csv: &std::path::Path) -> Result<Vec<count::Count>, CliError> {
    use juniper_green::publish::oeis_games;
    let text = std::fs::read_to_string(csv)
        .map_err(|e| CliError::from(format!("cannot read {}: {e}", csv.display())))?;
    oeis_games::counts_from_csv(&text)
        .map_err(|e| CliError::from(format!("{}: {e}", csv.display())))
}

/// The counts of the b348844.txt in `dir`, then those of `csv` after them (`jg oeis
/// --games-after`).
pub fn counts_after(
    dir: &std::path::Path,
    csv: &std::path::Path,
) -> Result<Vec<count::Count>, CliError> {
    use juniper_green::publish::oeis_games;
    let read = |path: &std::path::Path| {
        std::fs::read_to_string(path)
            .map_err(|e| CliError::from(format!("cannot read {}: {e}", path.display())))
    };
    let b_file = dir.join(oeis_games::A348844);
    let before = oeis_games::counts_from_b348844(&read(&b_file)?)
        .map_err(|e| CliError::from(format!("{}: {e}", b_file.display())))?;
    oeis_games::counts_after(before, &read(csv)?)
        .map_err(|e| CliError::from(format!("{}: {e}", csv.display())))
}

/// The chart of `jg count --format svg` drawn from counts already made, by the renderer
/// `jg count --format svg` itself writes with.
pub fn figure(counts: &[count::Count]) -> Result<String, CliError> {
    let mut chart = growth::Renderer::new(growth::Format::Svg, false);
    for c in counts {
        chart.row(c)?;
    }
    Ok(chart.footer())
}
