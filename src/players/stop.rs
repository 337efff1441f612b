//! When a player must give up: a deadline, a flag another thread raises, or both ([`Stop`]).
//! `jg serve` hands one to the players so that a move past its `--time-limit` (or whose
//! request went away) stops working and frees its job; the terminal game and the arena pass
//! [`Stop::never`]. A stop only ever ends the work early with [`Stopped`]: it never changes
//! which move is chosen when it is not reached (the players read it, never draw from it).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The work was stopped before it gave an answer (its deadline passed, or its flag was raised).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped before the answer (its time limit passed or its request went away)")]
pub struct Stopped;

/// A deadline and a flag, either optional; reached when the deadline has passed or the flag is
/// raised. Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    flag: Option<Arc<AtomicBool>>,
}

impl Stop {
    /// Never reached: the terminal game, the arena, the tests.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Reached at `deadline`.
    pub fn at(deadline: Instant) -> Stop {
        Stop {
            deadline: Some(deadline),
            flag: None,
        }
    }

    /// The same, also reached once `flag` is raised (by [`Stop::raise`] on any clone).
    pub fn with_flag(mut self, flag: Arc<AtomicBool>) -> Stop {
        self.flag = Some(flag);
        self
    }

    /// Raises the flag (when there is one): every clone is reached from now on.
    pub fn raise(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the work must stop now.
    pub fn reached(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|at| Instant::now() >= at)
    }

    /// `Err(Stopped)` when reached: `stop.check()?` in a loop.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.reached() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }

    /// The deadline, when there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The flag, when there is one (another worker, such as the verifier, may watch it).
    pub fn flag(&self) -> Option<Arc<AtomicBool>> {
        self.flag.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_stop_is_reached_by_its_deadline_or_its_flag_and_never_by_never() {
        assert!(!Stop::never().reached());
        assert_eq!(Stop::never().check(), Ok(()));
        let past = Stop::at(Instant::now());
        assert!(past.reached());
        assert_eq!(past.check(), Err(Stopped));
        let future = Stop::at(Instant::now() + Duration::from_secs(3600));
        assert!(!future.reached());
        let flagged = future.clone().with_flag(Arc::new(AtomicBool::new(false)));
        let clone = flagged.clone();
        assert!(!clone.reached());
        flagged.raise();
        assert!(clone.reached(), "a clone shares the flag");
        assert!(
            !future.reached(),
            "the stop without the flag is not reached"
        );
    }
}
