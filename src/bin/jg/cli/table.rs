//! `jg table`: the results table over a range of n, by one method, as text, CSV, JSON or an SVG
//! chart. Rows are printed as they are decided; a request no method can finish is refused first.

use super::{progress_bar, CliError, MethodArgs, RuleArgs};
use juniper_green::frontends::table::{certified_row, Format, Renderer, MAX_CHART_ROWS};
use juniper_green::OpeningRule;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "Rows are printed as soon as they are decided. Limits: --method search \
    decides n ≤ 128, matching n ≤ 50000000; auto takes any n (a prime-window scheme above 128, \
    one winning opening each) unless --all-openings or --free-opening asks for matching. \
    An SVG chart holds at most 10000 n."
)]
pub struct Args {
    /// First n of the table
    #[arg(long, default_value_t = 1, value_parser = super::parse_n)]
    pub from: u64,
    /// Last n of the table
    #[arg(long, default_value_t = 100, value_parser = super::parse_n)]
    pub to: u64,
    /// The range as A..B (the same as --from A --to B)
    #[arg(long, value_name = "A..B", value_parser = super::parse_range,
          conflicts_with_all = ["from", "to"])]
    pub range: Option<(u64, u64)>,
    #[command(flatten)]
    pub method: MethodArgs,
    /// Prove every opening won or lost and list all winning ones (matching always does)
    #[arg(long)]
    pub all_openings: bool,
    /// List every winning opening in the text table (default: a list of more than 24 shows the
    /// first 10, the last 5 and the count; CSV and JSON are always complete)
    #[arg(long)]
    pub full: bool,
    /// Output format (csv columns: n,winner,winning_openings,all_openings,method; then
    /// certified with --certified, and free_opening with --free-opening)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub rule: RuleArgs,
    /// Add a column `certified`: yes where DIR holds a cert-N-openings.bin that the verifier
    /// accepts and that proves exactly the row's winning openings (e.g. certificates/openings).
    /// It compares complete lists, so it implies --all-openings
    #[arg(long, value_name = "DIR")]
    pub certified: Option<PathBuf>,
    /// Write the output to this file instead of stdout (`-`: stdout; missing folders are
    /// created)
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write the winner per n as an SVG chart to this file (older spelling of
    /// `--format svg -o FILE.svg`, kept for scripts)
    #[arg(long, value_name = "FILE.svg", hide = true)]
    pub plot: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (from, to) = super::range_of(args.from, args.to, args.range)?;
    let rule = args.rule.rule();
    let solver = args.method.solver();
    // `--certified` compares complete lists of winning openings: it asks for them.
    let all_openings = args.all_openings || args.certified.is_some();
    solver.check(to, rule, all_openings)?;
    let chart = args.format == Format::Svg || args.plot.is_some();
    if chart && to - from >= MAX_CHART_ROWS {
        return Err(format!(
            "an SVG chart holds at most {MAX_CHART_ROWS} n; {from}..{to} has {}",
            to - from + 1
        )
        .into());
    }
    let mut out = super::output_writer(args.output.as_deref())?;
    let write_error = |e: std::io::Error| -> CliError {
        match &args.output {
            // A reader that stopped early (`jg table | head`): `main` ends quietly.
            _ if e.kind() == std::io::ErrorKind::BrokenPipe => e.into(),
            Some(path) => format!("cannot write {}: {e}", path.display()).into(),
            None => format!("cannot write the table: {e}").into(),
        }
    };
    if let Some(dir) = args.certified.as_ref().filter(|dir| !dir.is_dir()) {
        return Err(format!("--certified {}: not a directory", dir.display()).into());
    }
    let mut renderer = Renderer::new(args.format, to);
    if args.certified.is_some() {
        renderer = renderer.with_certified();
    }
    if !args.full {
        renderer = renderer.abbreviated();
    }
    // A free-opening table must never read as the game's own results, in any format.
    if rule == OpeningRule::Free {
        renderer = renderer.free_opening();
    }
    out.write_all(renderer.header().as_bytes())
        .map_err(write_error)?;
    let bar = progress_bar(to - from + 1, "rows");
    let mut winners = Vec::new();
    solver.solve_range(from, to, rule, all_openings, &mut |row| {
        bar.set_message(format!("(n = {} done)", row.n));
        bar.inc(1);
        if chart {
            winners.push((row.n, row.winner));
        }
        let certified =
            (args.certified.as_deref()).is_some_and(|dir| certified_row(&row, dir, rule));
        out.write_all(renderer.row_certified(&row, certified).as_bytes())
            .and_then(|_| out.flush())
            .map_err(write_error)
    })?;
    bar.finish_and_clear();
    out.write_all(renderer.footer().as_bytes())
        .map_err(write_error)?;
    if args.format == Format::Svg {
        out.write_all(juniper_green::frontends::draw::plot_winners(&winners, rule).as_bytes())
            .map_err(write_error)?;
    }
    out.flush().map_err(write_error)?;
    if let Some(path) = &args.plot {
        super::write_output(
            path,
            juniper_green::frontends::draw::plot_winners(&winners, rule).as_bytes(),
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
