//! `jg grundy N [N2 N3 …]`: Sprague–Grundy values (docs/GRUNDY.md). One board: the start's
//! value and each opening's, or with `--after` a position's and each move's. Several boards:
//! the sum played side by side, each board's value, the nim-sum, the winner and a winning
//! move. `--table --to N` writes the published table (certificates/grundy/).

use super::{progress_bar, CliError, TextOrJson};
use juniper_green::engines::grundy::files::{self, Kind};
use juniper_green::engines::grundy::sums::{self, SumBoard};
use juniper_green::engines::grundy::{self, BoardValues, Limits, Values};
use juniper_green::OpeningRule;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which first numbers are allowed.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum First {
    /// The game: the first number must be even
    Even,
    /// The version whose first number may be any number of 1..N
    Any,
}

impl First {
    fn rule(self) -> OpeningRule {
        match self {
            First::Even => OpeningRule::Even,
            First::Any => OpeningRule::Free,
        }
    }
    fn name(self) -> &'static str {
        match self {
            First::Even => "even",
            First::Any => "any",
        }
    }
}

/// The method of `--method`.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// Memo on the folded position, lost positions from the matching engine
    Fast,
    /// Memo on the last number and the unplayed numbers of its component, nothing else
    Plain,
}

#[derive(clap::Args)]
#[command(
    after_help = "A position's value is the mex (least number ≥ 0 not among them) of the values of the \
positions one move away; value 0 exactly when the player to move loses. Several boards are a sum: \
a move names a number on one board, the player with no move on any board loses, and the player to \
move wins exactly when the nim-sum (XOR) of the boards' values is not 0.\n\n\
Memory: the table of values holds at most --memory-mib (default 4096) per command, split \
between the boards of a sum; a board that needs more is refused with a message naming the flag. \
every n of the published table (to 80) needs under 200 MB (BENCHMARKS.md gives the sizes measured).\n\n\
Examples:\n  jg grundy 20\n  jg grundy 20 --first any --format json\n  jg grundy 20 --after '8 4'\n  \
jg grundy 12 20 27\n  jg grundy --table --to 80"
)]
pub struct Args {
    /// The boards: one N for one board's values, two or more for their sum (each 1 ≤ N ≤ 100)
    #[arg(value_parser = |text: &str| super::parse_n_at_most(text, grundy::MAX_N), required_unless_present = "table")]
    pub n: Vec<u64>,
    /// Which first numbers are allowed: even (the game) or any
    #[arg(long, value_enum, default_value_t = First::Even)]
    pub first: First,
    /// The position after this line of play (numbers separated by spaces or commas): its value
    /// and the value after each legal move (one board only)
    #[arg(long, value_name = "LINE")]
    pub after: Option<String>,
    /// Output: text, or one JSON object (one board: n, first, value, openings as
    /// [{number, value}]; with --after: after, value, moves; a sum: boards [{n, value}], nim_sum,
    /// winner, move {board, number} or null)
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    /// How the values are computed: fast (the method of docs/GRUNDY.md), or plain (the plain
    /// memo on the last number and the unplayed numbers of its component: the baseline of
    /// BENCHMARKS.md and the second method the tests compare with; one board's start only)
    #[arg(long, value_enum, default_value_t = Method::Fast)]
    pub method: Method,
    /// The memory bound of the table of values, in MiB
    #[arg(long, value_name = "MIB", default_value_t = grundy::DEFAULT_MEMORY_MIB, value_parser = clap::value_parser!(u64).range(1..))]
    pub memory_mib: u64,
    /// Write the table of certificates/grundy/ for n = 1..--to, both first-move rules
    /// (start.txt, openings.txt, start-any.txt, openings-any.txt), byte for byte the same on
    /// every run; the boards are computed in parallel, one per core, each under --memory-mib
    #[arg(long, conflicts_with_all = ["n", "after", "format", "method"], requires = "to")]
    pub table: bool,
    /// The last n of --table
    #[arg(long, value_name = "N", value_parser = |text: &str| super::parse_n_at_most(text, grundy::MAX_N))]
    pub to: Option<u64>,
    /// The folder --table writes into
    #[arg(short, long, value_name = "DIR", default_value = "certificates/grundy")]
    pub out: PathBuf,
}

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let limits = Limits {
        memory_mib: args.memory_mib,
    };
    if args.table {
        return table(args.to.unwrap_or(1), &args.out, limits);
    }
    if args.n.len() > 1 {
        if args.after.is_some() {
            return Err("--after takes one board; a sum is asked at its start".into());
        }
        return sum(&args, limits);
    }
    let n = args.n[0];
    let line = match &args.after {
        Some(text) => super::parse_line(text)?,
        None => Vec::new(),
    };
    super::check_line(n, args.first.rule(), &line)?;
    if args.method == Method::Plain {
        if args.after.is_some() {
            return Err("--method plain values a board's start only (no --after)".into());
        }
        return plain(&args, n, limits);
    }
    let engine = BoardValues::new(n, args.first.rule(), limits)?;
    let bar = progress_bar(0, "moves valued");
    let values = engine.after(&line, |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    print_board(&args, &values);
    Ok(ExitCode::SUCCESS)
}

fn pairs_json(moves: &[(u64, u32)]) -> serde_json::Value {
    moves
        .iter()
        .map(|&(number, value)| serde_json::json!({"number": number, "value": value}))
        .collect()
}

fn print_board(args: &Args, values: &Values) {
    let after = args.after.is_some();
    if args.format == TextOrJson::Json {
        let object = if after {
            serde_json::json!({
                "n": values.n,
                "first": args.first.name(),
                "after": values.line,
                "value": values.value,
                "moves": pairs_json(&values.moves),
            })
        } else {
            serde_json::json!({
                "n": values.n,
                "first": args.first.name(),
                "value": values.value,
                "openings": pairs_json(&values.moves),
            })
        };
        println!("{object}");
        return;
    }
    let rule = match args.first {
        First::Even => "first number even",
        First::Any => "first number any",
    };
    let verdict = if values.value == 0 {
        "the player to move loses"
    } else {
        "the player to move wins"
    };
    if after {
        let line: Vec<String> = values.line.iter().map(u64::to_string).collect();
        println!(
            "n = {}, {rule}, after {}: value {} ({verdict})",
            values.n,
            if line.is_empty() {
                "no move".to_string()
            } else {
                line.join(" ")
            },
            values.value
        );
        println!("value after each legal move (number: value):");
    } else {
        println!(
            "n = {}, {rule}: the start has value {} ({verdict})",
            values.n, values.value
        );
        println!("value after each opening (number: value):");
    }
    if values.moves.is_empty() {
        println!("  none (no legal move)");
    }
    for chunk in values.moves.chunks(10) {
        let words: Vec<String> = chunk.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        println!("  {}", words.join(", "));
    }
    if !super::quiet() {
        println!(
            "{} positions held, {} moves to lost positions valued 0 by matching",
            values.held, values.counts.free_zeros
        );
    }
}

fn sum(args: &Args, limits: Limits) -> Result<ExitCode, CliError> {
    let boards: Vec<SumBoard> = args
        .n
        .iter()
        .map(|&n| SumBoard {
            n,
            line: Vec::new(),
        })
        .collect();
    let spinner = super::progress_spinner(format!("valuing {} boards", boards.len()));
    let answer = sums::sum_values(&boards, args.first.rule(), limits)?;
    spinner.finish_and_clear();
    let winner = if answer.to_move_wins() {
        "first"
    } else {
        "second"
    };
    if args.format == TextOrJson::Json {
        let object = serde_json::json!({
            "boards": answer.boards.iter().map(|b| serde_json::json!({"n": b.n, "value": b.value})).collect::<Vec<_>>(),
            "nim_sum": answer.nim_sum,
            "winner": winner,
            "move": answer.winning_move.map(|m| serde_json::json!({"board": m.board, "number": m.number})),
        });
        println!("{object}");
        return Ok(ExitCode::SUCCESS);
    }
    for (i, b) in answer.boards.iter().enumerate() {
        println!("board {i}: n = {}, value {}", b.n, b.value);
    }
    let terms: Vec<String> = answer.boards.iter().map(|b| b.value.to_string()).collect();
    println!("nim-sum: {} = {}", terms.join(" XOR "), answer.nim_sum);
    match answer.winning_move {
        Some(m) => {
            let board = &answer.boards[m.board];
            let left = board
                .moves
                .iter()
                .find(|&&(k, _)| k == m.number)
                .map_or(0, |&(_, v)| v);
            println!(
                "the first player wins: name {} on board {} (n = {}), which leaves that board value {left} and nim-sum 0",
                m.number, m.board, board.n
            );
        }
        None => println!("the second player wins: every move leaves a nim-sum other than 0"),
    }
    Ok(ExitCode::SUCCESS)
}

fn table(to: u64, out: &std::path::Path, limits: Limits) -> Result<ExitCode, CliError> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    for first in [First::Even, First::Any] {
        let rule = first.rule();
        let bar = progress_bar(to, &format!("boards (first {})", first.name()));
        let values = files::compute(to, rule, limits, |_| bar.inc(1))?;
        bar.finish_and_clear();
        for kind in [Kind::Start, Kind::Openings] {
            let path = out.join(files::file_name(kind, rule));
            super::write_output(&path, files::render(kind, rule, &values).as_bytes())?;
            println!("wrote {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The plain memo's values of the start, printed as the fast method's are. Its map holds about
/// 48 bytes a position (key, value, hashbrown's spare room): the bound counts positions so.
fn plain(args: &Args, n: u64, limits: Limits) -> Result<ExitCode, CliError> {
    use juniper_green::engines::grundy::plain::PlainMemo;
    use juniper_green::game::Board;
    if n > 120 {
        return Err(format!("n = {n}: the plain memo takes n ≤ 120").into());
    }
    let board = Board::with_opening(n as u32, args.first.rule());
    let spinner = super::progress_spinner(format!("plain memo, n = {n}"));
    let max_positions = (limits.memory_mib << 20) / 48;
    let mut memo = PlainMemo::new(&board, max_positions as usize);
    let (value, openings) = memo.start().map_err(|e| {
        format!(
            "n = {n}: the plain memo is full at its memory bound ({} MiB, {} positions held); raise it with --memory-mib",
            limits.memory_mib, e.positions
        )
    })?;
    spinner.finish_and_clear();
    let values = Values {
        n,
        rule: args.first.rule(),
        line: Vec::new(),
        value: value as u32,
        moves: openings
            .iter()
            .map(|&(e, v)| (e as u64, v as u32))
            .collect(),
        counts: Default::default(),
        held: memo.positions() as u64,
    };
    print_board(args, &values);
    Ok(ExitCode::SUCCESS)
}
