//! Where `jg certify` writes, the same for both kinds of certificate: one file (`-o FILE`, else
//! its default name in --out-dir), a range's files in --out-dir, a manifest (`--manifest`), or
//! nothing (`--dry-run`); and the range run itself, under a progress bar.

use super::super::{progress_bar, quiet, CliError};
use juniper_green::proofs::certify::RangeReport;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The output arguments of `jg certify`.
pub struct Output<'a> {
    /// --out-dir: the folder of default names and of a range's files.
    pub out_dir: &'a Path,
    /// -o: the file of one certificate (`-`: stdout, for a winner's certificate).
    pub output: Option<&'a Path>,
    /// --manifest: the manifest whose rows are added or replaced.
    pub manifest: Option<&'a Path>,
    /// --dry-run: build and verify, write nothing.
    pub dry_run: bool,
}

impl Output<'_> {
    /// The file of one certificate: `-o`, else `name` in --out-dir (created unless --dry-run).
    pub fn path(&self, name: String) -> Result<PathBuf, CliError> {
        match self.output {
            Some(path) => Ok(path.to_path_buf()),
            None => {
                if !self.dry_run {
                    self.create_out_dir()?;
                }
                Ok(self.out_dir.join(name))
            }
        }
    }

    fn create_out_dir(&self) -> Result<(), CliError> {
        let dir = self.out_dir;
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create --out-dir {}: {e}", dir.display()).into())
    }

    /// A range run, the same for both kinds of certificate: `run` (the library) makes the range
    /// under a progress bar labelled `what`, writing into --out-dir unless --dry-run; then the
    /// failures go to stderr, the rows to --manifest, and the line `A..B: <counts>, S s` to
    /// stdout (`counts` says what the report holds). Exit 1 when an n failed.
    pub fn run_range<R>(
        &self,
        (from, to): (u64, u64),
        what: &str,
        run: impl FnOnce(Option<&Path>, &(dyn Fn() + Sync)) -> RangeReport<R>,
        update_manifest: impl FnOnce(&Path, &[R]) -> Result<(), CliError>,
        counts: impl FnOnce(&RangeReport<R>) -> String,
    ) -> Result<ExitCode, CliError> {
        if !self.dry_run {
            self.create_out_dir()?;
        }
        let started = Instant::now();
        let bar = progress_bar(to - from + 1, what);
        let report = run((!self.dry_run).then_some(self.out_dir), &|| bar.inc(1));
        bar.finish_and_clear();
        for error in &report.failures {
            eprintln!("jg: {error}");
        }
        if let (Some(manifest), false) = (self.manifest, self.dry_run) {
            update_manifest(manifest, &report.rows)?;
        }
        if !quiet() {
            println!(
                "{from}..{to}: {}, {:.2} s{}",
                counts(&report),
                started.elapsed().as_secs_f64(),
                if self.dry_run {
                    " (dry run: nothing written)"
                } else {
                    ""
                }
            );
        }
        match report.failures.is_empty() {
            true => Ok(ExitCode::SUCCESS),
            false => Ok(ExitCode::from(1)),
        }
    }
}
