//! What the server holds, reads and spends, at most: the bounds `jg serve --help` and
//! docs/API.md state. The lowest file of the module: every other one reads its numbers from here.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The largest JSON body a route reads (`POST /api/game`): a line of 10 000 moves of five digits
/// with commas is about 60 KB, so every legal game fits.
pub const MAX_JSON_BYTES: usize = 256 * 1024;

/// The largest certificate `POST /api/verify` reads: it holds every published certificate (the
/// largest, a chain certificate of `certificates/chains/`, has about 3.3 MB).
pub const MAX_UPLOAD_BYTES: usize = 16 << 20;

/// The memory the server's requests may hold in all: the bodies being read or waiting
/// ([`BODY_BYTES`]) and the certificate checks (each of the `--jobs` gets an equal share of the
/// rest, [`Limits::verify_memory`]). The connections' buffers ([`MAX_HEAD_BYTES`] each) and the
/// engines of games (bounded by n ≤ [`MAX_GAME_N`]) come on top.
pub const MEMORY_BYTES: u64 = 1 << 30;

/// The request bodies held at once, JSON and uploads alike, counted as their bytes arrive (with
/// the room reserved for them): 512 JSON bodies of 256 KiB, or 8 uploads of 16 MiB. A client
/// that sends slowly holds only what it has sent; past the budget a body waits, within the
/// body's time limit, for another to end.
pub const BODY_BYTES: u64 = 128 << 20;

/// One client address's share of [`BODY_BYTES`]: a quarter (32 MiB: two uploads of 16 MiB, or
/// 128 JSON bodies of 256 KiB), so that stalled uploads from one address cannot hold the whole
/// budget (issue 57); past it that address's bodies wait, within their time limit.
pub const ADDRESS_BODY_BYTES: u64 = BODY_BYTES / 4;

/// hyper's `max_buf_size`: a connection's read buffer stops growing past this, so it holds
/// at most twice it (one more read of at most this much); a request's head (request line and
/// headers) that does not fit is refused by hyper itself before any route sees it (414 for a
/// line hyper cannot hold, else 431; measured: a head of 40 000 bytes passes, one of 50 000
/// bytes gets 431, a long line or long headers alike).
pub const MAX_HEAD_BYTES: usize = 32 * 1024;

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

/// The time a request may wait for a permit and work, in all: past it, 503, and the work is
/// stopped (the players and the verifier see it).
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The time a client has to send a request's head (request line and headers), from the moment
/// its connection opens or its previous answer was sent: hyper's `header_read_timeout`, which
/// starts as soon as the connection waits for a head, so it is also the time an idle
/// keep-alive connection is kept. Past it hyper closes the connection, without an answer.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The shortest header timeout a filling server gives ([`Limits::header_timeout_at`]): a browser
/// on a slow network sends its head well within it.
pub const MIN_HEADER_TIMEOUT: Duration = Duration::from_secs(2);

/// The time a client has to send a request's whole body, from the end of its head: past it,
/// 408 (a body trickled a byte at a time does not hold a route longer).
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// Connections open at once; more wait in the system's queue, unaccepted, until one closes.
/// Each holds at most twice [`MAX_HEAD_BYTES`] of read buffer (32 MiB for 512); 512 stays
/// well under the common limit of 1 024 open files.
pub const DEFAULT_MAX_CONNECTIONS: usize = 512;

/// After Ctrl-C: the time the connections have to finish their answers (the jobs are told to
/// stop at once, so a request still working is answered 503); then the process leaves without
/// waiting for anything it holds: within 2 s of Ctrl-C in all (issue 57).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

/// The verifier's steps (`jg_verify::Limits::max_work`: trial divisions and multiples listed)
/// one second of this machine's CPU takes at the least: the costliest steps measured (a barrier
/// check's listings, 3·10^9 steps in 7.9 s; trial division, 3·10^9 in 6.8 s: BENCHMARKS.md, "The
/// verifier's bounds") run at about 380 and 440 million a second. A check's `max_work` is this
/// times the seconds left before its time limit, so a check ends by about its time limit; at
/// the default 10 s it is the verifier's own default, 3·10^9.
pub const VERIFY_STEPS_PER_SECOND: u64 = 300_000_000;

/// The play-out work (a play-out on 1..n counted as n) one second of CPU does, measured here at
/// 27 ns a number or less for every n from 100 to 10 000 (BENCHMARKS.md, issue 47):
/// `playouts:K` at the server plays at most half its time limit's worth
/// ([`Limits::playouts_per_move`]).
pub const PLAYOUT_WORK_PER_SECOND: u64 = 30_000_000;

/// Bounds one `jg serve` runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Solving or verifying jobs at once.
    pub permits: usize,
    /// The time a request may take in all (waiting for a permit included).
    pub time_limit: Duration,
    /// The time to send a request's head, or an idle keep-alive connection's life.
    pub header_timeout: Duration,
    /// The time to send a request's body.
    pub body_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
    /// The play-out work a second of the time limit buys ([`PLAYOUT_WORK_PER_SECOND`]; a test
    /// raises it to let a move run into its time limit).
    pub playout_work_per_second: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            permits: DEFAULT_PERMITS,
            time_limit: DEFAULT_TIME_LIMIT,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            playout_work_per_second: PLAYOUT_WORK_PER_SECOND,
        }
    }
}

impl Limits {
    /// The connections one client address may hold open at once: a quarter of
    /// `max_connections` (128 of the default 512: 20 browsers behind one address at their 6
    /// connections each), and never fewer than `max_connections` or 16, whichever is less.
    pub fn address_connections(&self) -> usize {
        let most = self.max_connections.max(1);
        (most / 4).max(most.min(16))
    }

    /// The header timeout of a new connection when `open` connections are open in all and
    /// `from_address` from its address (itself included): `header_timeout` while both are at
    /// most half their cap; past half of either, shorter in proportion to the room left (a
    /// tenth of it at the cap), and at least [`MIN_HEADER_TIMEOUT`] (or `header_timeout` if
    /// less). So under a flood idle and half-sent connections make way sooner, and a lone
    /// address filling its share gets the shortest.
    pub fn header_timeout_at(&self, open: usize, from_address: usize) -> Duration {
        let fill = |count: usize, cap: usize| count as f64 / cap.max(1) as f64;
        let full =
            fill(open, self.max_connections).max(fill(from_address, self.address_connections()));
        let scale = if full <= 0.5 {
            1.0
        } else {
            (2.0 * (1.0 - full)).max(0.1)
        };
        let least = MIN_HEADER_TIMEOUT.min(self.header_timeout);
        self.header_timeout.mul_f64(scale).max(least)
    }

    /// The memory one certificate check may hold (`jg_verify::Limits::max_memory`): an equal
    /// share, per job, of what the bodies leave of [`MEMORY_BYTES`]; 224 MiB at 4 jobs.
    pub fn verify_memory(&self) -> u64 {
        (MEMORY_BYTES - BODY_BYTES) / self.permits.max(1) as u64
    }

    /// The verifier's bounds for a check that has `left` before its time limit: the memory share
    /// of one job, steps and positions for the time left, and `stop`, the request's flag, raised
    /// at its time limit (the verifier looks at it as it lists moves: the check ends there even
    /// when two cores shared by four checks make fewer steps a second than counted).
    pub fn verify_limits(
        &self,
        left: Duration,
        stop: Option<Arc<AtomicBool>>,
    ) -> jg_verify::Limits {
        let steps = (left.as_secs_f64() * VERIFY_STEPS_PER_SECOND as f64) as u64;
        jg_verify::Limits {
            max_positions: steps,
            max_memory: self.verify_memory(),
            max_work: steps,
            stop: stop.unwrap_or_default(),
        }
    }

    /// The play-outs a move of `playouts:K` plays at most for each of its `legal` moves on
    /// 1..n: K, cut so that K × legal × n stays within half the time limit's play-out work, and
    /// at least 1. It depends on the request and the limits only, never on the clock, so the
    /// same request always gets the same reply.
    pub fn playouts_per_move(&self, asked: u32, legal: usize, n: u64) -> u32 {
        let budget = self.time_limit.as_secs_f64() * self.playout_work_per_second as f64 / 2.0;
        let each = (legal.max(1) as f64) * (n.max(1) as f64);
        let most = (budget / each).floor().clamp(1.0, f64::from(u32::MAX)) as u32;
        asked.min(most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shares_add_up_to_the_stated_bound_and_the_cap_keeps_small_k() {
        let limits = Limits::default();
        assert_eq!(limits.verify_memory(), 224 << 20);
        assert!(BODY_BYTES + limits.verify_memory() * limits.permits as u64 <= MEMORY_BYTES);
        let one = Limits {
            permits: 64,
            ..limits
        };
        assert!(BODY_BYTES + one.verify_memory() * 64 <= MEMORY_BYTES);
        // 10 s: 1.5·10^8 of play-out work; the opening of 1..100 has 50 moves: K ≤ 30 000.
        assert_eq!(limits.playouts_per_move(100, 50, 100), 100);
        assert_eq!(limits.playouts_per_move(100_000, 50, 100), 30_000);
        // The opening of 1..10 000 (5 000 moves): 3 play-outs each; never fewer than 1.
        assert_eq!(limits.playouts_per_move(100_000, 5_000, 10_000), 3);
        let short = Limits {
            time_limit: Duration::from_secs(1),
            ..limits
        };
        assert_eq!(short.playouts_per_move(100_000, 9_998, 10_000), 1);
        let steps = limits.verify_limits(Duration::from_secs(10), None);
        assert_eq!(steps.max_work, jg_verify::Limits::default().max_work);
        assert_eq!(steps.max_memory, 224 << 20);
    }
}
