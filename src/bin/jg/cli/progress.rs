//! Progress when stderr is not a terminal. indicatif draws its bars and spinners on a terminal
//! only, so long work whose stderr is piped or redirected (a CI log, `jg … 2>log`) showed no
//! sign of life at all. `log_when_piped` gives such work one plain line on stderr every few
//! seconds, taken from the same bar: `jg: solving n = 1000000 (10 s)`,
//! `jg: rows 1200/2000 (n = 1200 done) (5 s)`.

use indicatif::{ProgressBar, WeakProgressBar};
use std::io::IsTerminal;
use std::time::Duration;

/// How often a line is written while the work goes on, unless `JG_PROGRESS_SECONDS` says.
pub const EVERY: Duration = Duration::from_secs(5);

/// `EVERY`, or the seconds in the environment variable `JG_PROGRESS_SECONDS` (a positive
/// number, e.g. `1` or `0.5`; anything else is ignored).
pub fn every() -> Duration {
    std::env::var("JG_PROGRESS_SECONDS")
        .ok()
        .and_then(|text| text.trim().parse::<f64>().ok())
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0 && *seconds < 1e6)
        .map_or(EVERY, Duration::from_secs_f64)
}

/// One line describing where `bar` stands: for a bar with a length, its unit `what` and the
/// position out of the length; then the bar's message and the whole seconds elapsed.
pub fn line(bar: &ProgressBar, what: &str) -> String {
    let mut words = vec!["jg:".to_string()];
    if let Some(length) = bar.length() {
        words.push(format!("{what} {}/{length}", bar.position()));
    }
    let message = bar.message();
    if !message.is_empty() {
        words.push(message);
    }
    words.push(format!("({} s)", bar.elapsed().as_secs()));
    words.join(" ")
}

/// When stderr is not a terminal (and `enabled`, i.e. not `--quiet`), writes `line(bar, what)`
/// on stderr every `every` until the bar is finished or dropped. A terminal has the bar itself.
pub fn log_when_piped(bar: &ProgressBar, what: &str, enabled: bool, every: Duration) {
    if !enabled || std::io::stderr().is_terminal() {
        return;
    }
    spawn_logger(bar.downgrade(), what.to_string(), every, |text| {
        eprintln!("{text}")
    });
}

/// The logging thread (its writer is a parameter, for the tests). It wakes often, so that it
/// notices a finished bar at once and never writes after the work is done.
fn spawn_logger(
    bar: WeakProgressBar,
    what: String,
    every: Duration,
    mut write: impl FnMut(String) + Send + 'static,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let tick = Duration::from_millis(50).min(every);
        let mut waited = Duration::ZERO;
        loop {
            std::thread::sleep(tick);
            waited += tick;
            let Some(bar) = bar.upgrade() else { return };
            if bar.is_finished() {
                return;
            }
            if waited >= every {
                waited = Duration::ZERO;
                write(line(&bar, &what));
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn a_line_names_the_work_its_position_and_message() {
        let bar = ProgressBar::hidden();
        bar.set_length(2000);
        bar.set_position(1200);
        bar.set_message("(n = 1200 done)");
        assert!(line(&bar, "rows").starts_with("jg: rows 1200/2000 (n = 1200 done) ("));
        // A spinner has no length: its message says what is under way.
        let spinner = ProgressBar::new_spinner().with_message("solving n = 10");
        spinner.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        assert_eq!(line(&spinner, "unused"), "jg: solving n = 10 (0 s)");
    }

    #[test]
    fn the_logger_writes_while_the_work_goes_on_and_stops_with_it() {
        let bar = ProgressBar::hidden();
        bar.set_length(10);
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let every = Duration::from_millis(60);
        let logger = spawn_logger(bar.downgrade(), "rows".into(), every, move |text| {
            sink.lock().unwrap().push(text)
        });
        std::thread::sleep(every * 4);
        bar.set_position(3);
        std::thread::sleep(every * 3);
        bar.finish_and_clear();
        logger.join().unwrap();
        let lines = lines.lock().unwrap().clone();
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines[0].starts_with("jg: rows 0/10 ("), "{lines:?}");
        assert!(
            lines.last().unwrap().starts_with("jg: rows 3/10 ("),
            "{lines:?}"
        );
        // A dropped bar ends the thread too.
        let bar = ProgressBar::hidden();
        let logger = spawn_logger(bar.downgrade(), "x".into(), every, |_| {});
        drop(bar);
        logger.join().unwrap();
    }
}
