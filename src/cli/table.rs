//! `jg table`: the results table over a range of n, by one method, as text, CSV or JSON.

use super::{progress_bar, CliError, MethodChoice, RuleArgs};
use juniper_green::table::{certified_rows, render_certified, Format};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// First n of the table
    #[arg(long, default_value_t = 1, value_parser = super::parse_n)]
    pub from: u64,
    /// Last n of the table
    #[arg(long, default_value_t = 100, value_parser = super::parse_n)]
    pub to: u64,
    #[command(flatten)]
    pub method: MethodChoice,
    /// Prove every opening won or lost and list all winning ones (matching always does)
    #[arg(long)]
    pub all_openings: bool,
    /// Output format (csv columns: n,winner,winning_openings)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub rule: RuleArgs,
    /// Add a column `certified`: yes where DIR holds a cert-N-openings.bin that the verifier
    /// accepts and that proves exactly the row's winning openings (e.g. certificates/openings)
    #[arg(long, value_name = "DIR")]
    pub certified: Option<std::path::PathBuf>,
    /// Also write the winner per n as an SVG chart to this file
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(dir) = args.certified.as_ref().filter(|dir| !dir.is_dir()) {
        return Err(format!("--certified {}: not a directory", dir.display()).into());
    }
    if args.from > args.to {
        return Err(format!("--from {} is greater than --to {}", args.from, args.to).into());
    }
    let bar = progress_bar(args.to - args.from + 1, "n");
    let rows = args.method.solve_range(
        args.from,
        args.to,
        args.rule.rule(),
        args.all_openings,
        &|| bar.inc(1),
    )?;
    bar.finish_and_clear();
    if let Some(path) = &args.plot {
        let winners: Vec<_> = rows.iter().map(|row| (row.n, row.winner)).collect();
        std::fs::write(path, juniper_green::draw::plot_winners(&winners))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let certified = args
        .certified
        .as_deref()
        .map(|dir| certified_rows(&rows, dir, args.rule.rule()));
    print!(
        "{}",
        render_certified(&rows, args.format, certified.as_deref())
    );
    Ok(ExitCode::SUCCESS)
}
