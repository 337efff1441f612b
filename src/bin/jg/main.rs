//! `jg`: the command-line face of the library. Argument parsing, printing, progress and exit
//! codes only; the work is done by `juniper_green`.
//!
//! Exit codes (docs/DESIGN.md, CLI contract): 0 success, 1 an invalid certificate,
//! 2 bad arguments or an I/O error, 3 a limit refused to check a certificate.

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "jg",
    version,
    about = "Solve Juniper Green for any n and publish proofs anyone can check",
    long_about = "Solve Juniper Green for any n and publish proofs anyone can check.\n\n\
        Players take turns naming an unplayed number from 1..n; the first number must be even, \
        every later one must divide or be a multiple of the previous one; a player with no legal \
        move loses.",
    after_help = "Results go to stdout; errors and diagnostics to stderr. Exit codes: 0 success, 1 an invalid certificate (or a failed n of a range), 2 bad arguments or an I/O error, 3 a limit of jg verify refused to check a certificate (that says nothing about the proof)."
)]
struct Cli {
    /// Print no progress bars and no summary lines (results and errors still print)
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Who wins for one n, and with which openings
    Solve(cli::solve::Args),
    /// The results table: the winner and winning openings for a range of n
    Table(cli::table::Args),
    /// Prime-window schemes: the catalogue, or the scheme and its strategy for one n
    Schemes(cli::schemes::Args),
    /// Write a certificate (a proof of the winner) for N, checked by the verifier before it is kept
    Certify(cli::certify::Args),
    /// Check certificate files against the raw rules (the verifier crate; same as jg-verify)
    #[command(after_help = jg_verify::cli::EXIT_CODES)]
    Verify(cli::verify::Args),
    /// Solitaire: a longest chain of 1..N, proved longest
    #[command(after_help = cli::chain::LP_BACKEND)]
    Chain(cli::chain::Args),
    /// How many complete games 1..N has (OEIS A348842–A348844), exactly
    Count(cli::count::Args),
    /// Sprague–Grundy values: of a start, a position, each move; of sums of boards (nim-sum)
    Grundy(cli::grundy::Args),
    /// Play a game in the terminal against one of the players (random to perfect)
    Play(cli::play::Args),
    /// Draw G_N as SVG with a line of play and the winning moves marked
    Draw(cli::draw::Args),
    /// A round robin of players (random to perfect) on 1..N: the first player's wins by pair
    Arena(cli::arena::Args),
    /// The web app: play against any opponent, the results and the chart, verify a certificate
    /// (pages and JSON API in the binary; docs/API.md)
    #[cfg(feature = "serve")]
    Serve(cli::serve::Args),
    /// Print a shell completion script (e.g. `jg completions bash > ~/.local/share/bash-completion/completions/jg`)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `jg man > jg.1 && man ./jg.1`; with --out-dir, write it
    /// and one page per subcommand (jg-solve.1, jg-table.1, …)
    Man {
        /// Write jg.1 and a page per subcommand into DIR (created if missing) instead of
        /// printing jg.1
        #[arg(long, value_name = "DIR")]
        out_dir: Option<std::path::PathBuf>,
    },
    /// A certificate the verifier accepts, written as a proof a person can read
    Explain(cli::explain::Args),
    /// Write docs/THEOREM.md and its figures from the certificates folder
    Theorem(cli::theorem::Args),
    /// Write the results as OEIS b-files from verified certificates
    ///
    /// Writes `n a(n)` lines after `#` comments naming the certificates that prove them:
    /// second-player-wins.txt (from the theorem folder), winning-openings.txt and
    /// smallest-winning-opening.txt (from the openings certificates), b337125.txt (from the chain
    /// certificates). Every certificate of the three folders is checked by the verifier first;
    /// one invalid file stops the run (exit 1) and nothing is written. Memory: one certificate at
    /// a time (the largest chain certificate is a few MB).
    Oeis(cli::oeis::Args),
    /// Write the certificates (every n up to 10^12) and the openings certificates (every n up to
    /// 1000) as Coq data for the formal proof (formal/data); each is verified first under
    /// jg-verify's default bounds (memory at most 1 GiB a file); one refused file writes nothing
    FormalData(cli::formal_data::Args),
}

/// A reader that stops listening (`jg explain FILE | head`) ends the command quietly, as with
/// every Unix tool: `print!` panics on a closed stdout, and this hook turns that one panic into
/// a silent exit; any other panic keeps the default report.
fn end_quietly_on_a_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return cli::usage_error(error),
    };
    cli::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Solve(args) => cli::solve::run(args),
        Command::Table(args) => cli::table::run(args),
        Command::Schemes(args) => cli::schemes::run(args),
        Command::Certify(args) => cli::certify::run(args),
        Command::Verify(args) => cli::verify::run(args),
        Command::Chain(args) => cli::chain::run(args),
        Command::Count(args) => cli::count::run(args),
        Command::Grundy(args) => cli::grundy::run(args),
        Command::Play(args) => cli::play::run(args),
        Command::Draw(args) => cli::draw::run(args),
        Command::Arena(args) => cli::arena::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => cli::serve::run(args),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "jg", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { out_dir } => man_page(out_dir.as_deref()),
        Command::Explain(args) => cli::explain::run(args),
        Command::Theorem(args) => cli::theorem::run(args),
        Command::Oeis(args) => cli::oeis::run(args),
        Command::FormalData(args) => cli::formal_data::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error)
            if error
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("jg: {error}");
            ExitCode::from(2)
        }
    }
}

/// The man page of `jg`, generated from the same clap definitions as `--help`; with a folder,
/// the pages of every subcommand too (`jg-solve.1`, …), which jg.1 names under SEE ALSO.
fn man_page(out_dir: Option<&std::path::Path>) -> Result<ExitCode, cli::CliError> {
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create --out-dir {}: {e}", dir.display()))?;
        clap_mangen::generate_to(Cli::command(), dir)
            .map_err(|e| format!("cannot write the pages in {}: {e}", dir.display()))?;
        if !cli::quiet() {
            println!(
                "wrote jg.1 and one page per subcommand in {}",
                dir.display()
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    use std::io::Write;
    std::io::stdout().write_all(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The README's commands against the clap definitions: every `jg …` line shown parses, and the
/// install lines build both binaries with the locked versions. (A real fresh clone and
/// `cargo install` would take minutes; this checks what a reader copies.)
#[cfg(test)]
mod readme {
    use super::Cli;
    use clap::Parser;

    const README: &str = include_str!("../../../README.md");

    /// The lines of the README's ```sh blocks, comments and redirections cut off.
    fn shell_lines() -> Vec<String> {
        let mut lines = Vec::new();
        let mut inside = false;
        for line in README.lines() {
            if line.starts_with("```") {
                inside = line == "```sh";
                continue;
            }
            if inside {
                let mut command = line.to_string();
                for cut in [" #", " >"] {
                    if let Some(at) = command.find(cut) {
                        command.truncate(at);
                    }
                }
                if !command.trim().is_empty() {
                    lines.push(command.trim().to_string());
                }
            }
        }
        lines
    }

    /// Splits a command line into words as a shell does for these lines (double quotes only).
    fn words(line: &str) -> Vec<String> {
        let (mut words, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
        for c in line.chars() {
            match c {
                '"' => {
                    quoted = !quoted;
                    any = true;
                }
                c if c.is_whitespace() && !quoted => {
                    if any {
                        words.push(std::mem::take(&mut word));
                        any = false;
                    }
                }
                c => {
                    word.push(c);
                    any = true;
                }
            }
        }
        assert!(!quoted, "unbalanced quotes in {line:?}");
        if any {
            words.push(word);
        }
        words
    }

    #[test]
    fn every_jg_command_in_the_readme_parses() {
        let mut checked = 0;
        for line in shell_lines() {
            let words = words(&line);
            if !matches!(words[0].as_str(), "jg" | "target/release/jg") {
                continue;
            }
            if let Err(error) = Cli::try_parse_from(&words) {
                panic!("README: `{line}` does not parse:\n{error}");
            }
            checked += 1;
        }
        // The Usage block alone shows one line per subcommand and more.
        assert!(checked >= 15, "only {checked} jg lines found");
    }

    #[test]
    fn the_words_are_split_as_a_shell_would() {
        assert_eq!(
            words(r#"jg solve 40 --after "22 11 33" --after """#),
            ["jg", "solve", "40", "--after", "22 11 33", "--after", ""]
        );
    }

    #[test]
    fn the_install_lines_build_both_binaries_locked() {
        let cargo_lines: Vec<String> = shell_lines()
            .into_iter()
            .filter(|line| line.starts_with("cargo install") || line.starts_with("cargo build"))
            .collect();
        let mut installed = Vec::new();
        for line in &cargo_lines {
            let words = words(line);
            assert!(
                words.contains(&"--locked".to_string()),
                "`{line}`: no --locked"
            );
            if words[1] == "install" {
                let Some(at) = words.iter().position(|w| w == "--path") else {
                    // A build tool from the registry (the static site's wasm-bindgen CLI),
                    // not one of ours: pinned to its version.
                    assert!(
                        words.contains(&"--version".to_string()),
                        "`{line}`: a tool installed without --version"
                    );
                    continue;
                };
                let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join(&words[at + 1])
                    .join("Cargo.toml");
                let text = std::fs::read_to_string(&manifest).expect("the manifest");
                // The binaries the package declares ([[bin]] name = "…").
                for part in text.split("[[bin]]").skip(1) {
                    let name = part
                        .lines()
                        .find_map(|l| l.trim().strip_prefix("name = "))
                        .expect("a bin name");
                    installed.push(name.trim_matches('"').to_string());
                }
            } else {
                // Building in place: both binaries only with the whole workspace.
                assert!(words.contains(&"--workspace".to_string()), "`{line}`");
            }
        }
        // "Play it in a browser" installs jg alone, the set-up both: together, each once.
        installed.sort();
        installed.dedup();
        assert_eq!(installed, ["jg", "jg-verify"]);
        assert!(
            cargo_lines.iter().any(|l| l.starts_with("cargo build")),
            "no in-place build line"
        );
    }
}
