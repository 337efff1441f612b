//! What the server holds and reads, at most: the bounds `jg serve --help` and docs/API.md state.
//! The lowest file of the module: every other one reads its numbers from here.

use std::time::Duration;

/// The largest JSON body a route reads (`POST /api/game`): a line of 10 000 moves of five digits
/// with commas is about 60 KB, so every legal game fits.
pub const MAX_JSON_BYTES: usize = 256 * 1024;

/// The largest certificate `POST /api/verify` reads. The verifier's own default bound on memory
/// (8 GiB) is the bound of one file at a terminal; a server reading several uploads at once
/// takes this much less, which holds every published certificate (the largest, a chain
/// certificate of `certificates/chains/`, has about 3.3 MB).
pub const MAX_UPLOAD_BYTES: usize = 16 << 20;

/// Requests the server reads and answers at once; more wait, unread, for one to end. With the
/// bounds on bodies, this bounds the bodies held: at most this many JSON bodies, and at most
/// `permits` uploads (an upload is read only once it holds an upload permit).
pub const MAX_IN_FLIGHT: usize = 256;

/// The largest board of a game (`POST /api/game`).
pub const MAX_GAME_N: u64 = 10_000;

/// The largest chart (`GET /api/chart.svg?to=N`), and its default.
pub const MAX_CHART_N: u64 = 2000;
pub const DEFAULT_CHART_N: u64 = 200;

/// Up to this n, `GET /api/results/{n}` lists every winning opening (one maximum matching,
/// about 10 ms at n = 10 000); above it, one opening of a scheme where one applies.
pub const MAX_LISTED_OPENINGS_N: u64 = 10_000;

/// How many solving or verifying jobs run at once (off the async threads); a request that
/// finds them all busy waits for one, within the time limit.
pub const DEFAULT_PERMITS: usize = 4;

/// The time a request may wait for a permit and work, in all: past it, 503.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Bounds one `jg serve` runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Solving or verifying jobs at once.
    pub permits: usize,
    /// The time a request may take in all (waiting for a permit included).
    pub time_limit: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            permits: DEFAULT_PERMITS,
            time_limit: DEFAULT_TIME_LIMIT,
        }
    }
}
