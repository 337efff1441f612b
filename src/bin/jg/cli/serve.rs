//! `jg serve [--bind ADDR] [--port P] [bounds]`: the web app (library: `frontends::serve`).
//! Binds, prints the listening line of docs/API.md on stdout, serves until Ctrl-C.

use super::CliError;
use juniper_green::frontends::serve::{self, bounds, listen};
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The address to listen on: 127.0.0.1 (the default) is this machine only; 0.0.0.0 (or
    /// any address that is not loopback) opens the server to the network, e.g. a classroom:
    /// with 0.0.0.0 it prints the addresses of this machine that the students can type
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The port (0: a free port, which the listening line names)
    #[arg(long, value_name = "P", default_value_t = 8080)]
    pub port: u16,
    /// Solving or verifying jobs at once, off the async threads (1 to 64)
    #[arg(long, value_name = "K", default_value_t = bounds::DEFAULT_PERMITS as u16,
          value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,
    /// The time a request may take, waiting for a job included, in seconds (1 to 600); past it
    /// the answer is 503 and its work is stopped
    #[arg(long, value_name = "SECONDS", default_value_t = bounds::DEFAULT_TIME_LIMIT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub time_limit: u64,
    /// The time a client has to send a request's head, from the opening of its connection or
    /// the end of its previous answer (so also how long an idle keep-alive connection is kept),
    /// in seconds (1 to 600); past it the connection is closed
    #[arg(long, value_name = "SECONDS", default_value_t = bounds::DEFAULT_HEADER_TIMEOUT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub header_timeout: u64,
    /// The time a client has to send a request's whole body after its head, in seconds (1 to
    /// 600); past it 408
    #[arg(long, value_name = "SECONDS", default_value_t = bounds::DEFAULT_BODY_TIMEOUT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub body_timeout: u64,
    /// Connections open at once (1 to 4096); more wait, unaccepted, until one closes
    #[arg(long, value_name = "N", default_value_t = bounds::DEFAULT_MAX_CONNECTIONS as u16,
          value_parser = clap::value_parser!(u16).range(1..=4096))]
    pub max_connections: u16,
    /// A name of this server that a request's Host may carry, besides the default ones (see
    /// below); repeat for several, e.g. --allow-host class.example.org
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// For tests: the play-out work a second of the time limit buys (default measured on this
    /// project's machine); a large value lets `playouts:K` run into the time limit
    #[arg(long, value_name = "UNITS", hide = true,
          default_value_t = bounds::PLAYOUT_WORK_PER_SECOND)]
    pub playout_work_per_second: u64,
}

const AFTER_HELP: &str = "The pages (Play, Review, Results, Verify; in English and French) and their JSON API (docs/API.md) are \
in the binary: nothing else is needed, and nothing is fetched from the network.\n\
On start one line on stdout: `jg serve: listening on http://ADDR:PORT/`; with --bind 0.0.0.0 \
(or ::) then one line for each network address of this machine, `jg serve: on the network: \
http://192.168.1.20:PORT/`, the addresses to give the students. Ctrl-C stops the \
server within 2 s, whatever the clients do or it holds (the work of every request is stopped at \
once, answers under way get 1 s to finish, then nothing is waited for).\n\n\
Only its own pages may drive it:\n  \
- a request must name the server in its Host header, with the port: bound to loopback (the \
default), localhost or a loopback address (127.0.0.1, [::1]); bound to another address, also \
any IP address and this machine's name (and NAME.local); and every --allow-host NAME; else 421 \
(a page of another site reaching this port through a name of its own is refused);\n  \
- POST /api/game, /api/review and /api/plan take Content-Type application/json, POST \
/api/verify application/octet-stream, else 415 (a cross-site form or text/plain POST is refused);\n  \
- the pages are sent with a Content-Security-Policy (their own scripts, styles and requests \
only) and X-Content-Type-Options: nosniff.\n\n\
Bounds:\n  \
- the server keeps no games: the page sends the whole line of play with every request, so \
30 browsers or 10000 open games hold no memory between requests;\n  \
- connections: at most --max-connections open (default 512; more wait unaccepted), and a \
quarter of them from one client address (128 of 512, at least 16; an IPv6 /64 counts as one \
address): one more from that address is answered 429 and closed at once. Each has a read \
buffer of at most 65536 bytes: a request's head (its line and headers) over 32 KiB may \
be, over 64 KiB is, refused by hyper itself (431, or 414 for a request line too long for \
hyper; without the JSON body); a request's head must come within --header-timeout (default 10 s, also the \
life of an idle keep-alive connection), shorter past half of either cap (down to a tenth at the \
cap, at least 2 s), else the connection is closed without an answer; its \
body within --body-timeout (default 30 s) after it, else 408;\n  \
- memory: at most 1 GiB (1073741824 bytes) for the requests' bodies and the certificate \
checks together: 128 MiB of bodies (counted as their bytes arrive, JSON and uploads alike; \
more wait), at most 32 MiB of them from one client address, a JSON body charged until its \
request's work ends (its bytes, then the numbers read from it: never a parsed tree), and for each of the --jobs checks an equal share of the rest, its bound on the \
verifier's memory: 224 MiB at the default 4 jobs (896 MiB / jobs). The connections' buffers \
(32 MiB at 512) and the games' engines (tens of MB) come on top;\n  \
- a JSON body is at most 262144 bytes (256 KiB: a line of 10000 moves fits) and has only \
the route's fields (docs/API.md; another field is 400), a certificate \
upload at most 16777216 bytes (16 MiB; the largest published certificate has 3.3 MB); larger \
bodies get 413;\n  \
- games on 1..n for 1 ≤ n ≤ 10000 (and the opponent's own bound), a line of at most n moves; \
playouts:K plays at most K play-outs for each legal move, fewer so that K × (legal moves) × n \
stays within 15000000 × --time-limit (half the time limit at this machine's 27 ns a number), \
and at least 1; results for any n up to 2^64 − 1 (every winning opening listed up to \
n = 10000); charts up to n = 2000;\n  \
- solving and verifying run off the async threads, at most --jobs at once (default 4), each \
request within --time-limit (default 10 s) or 503, and its work stopped there: the players \
see the time limit between play-outs and matchings, and a certificate check gets \
300000000 verifier steps for each second left when it starts (at most about a second of CPU) \
and is stopped at the time limit (the verifier looks at the request's stop flag every 2^22 \
trial divisions).\n\
Every refused request but hyper's own (414, 431, a closed connection) gets a 4xx status and \
{\"error\": \"…\"} in words.";

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let limits = bounds::Limits {
        permits: usize::from(args.jobs),
        time_limit: Duration::from_secs(args.time_limit),
        header_timeout: Duration::from_secs(args.header_timeout),
        body_timeout: Duration::from_secs(args.body_timeout),
        max_connections: usize::from(args.max_connections),
        playout_work_per_second: args.playout_work_per_second.max(1),
    };
    let address = SocketAddr::new(args.bind, args.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address listened on: {e}"))?;
        if let Some(warning) = listen::exposure_warning(bound) {
            eprintln!("{warning}");
        }
        println!("{}", listen::listening_line(bound));
        for line in listen::network_lines(bound, &listen::network_addresses()) {
            println!("{line}");
        }
        let hosts = serve::Hosts::for_address(bound, &args.allow_host);
        let (app, stopper) = serve::app_and_stopper(limits, hosts);
        let stop = async move {
            let _ = tokio::signal::ctrl_c().await;
            eprintln!("jg serve: stopping (Ctrl-C)");
            // Every request's work is told to stop before the connections get their grace.
            stopper.stop();
        };
        let left = serve::serve(listener, app, &limits, stop).await;
        if left > 0 {
            eprintln!("jg serve: {left} connections still open were closed");
        }
        Ok::<(), CliError>(())
    })?;
    // Nothing more is waited for: the connections' tasks and the jobs (told to stop already)
    // end with the process, which frees what they hold at once (issue 57: dropping what 250
    // requests held took seconds).
    runtime.shutdown_background();
    Ok(ExitCode::SUCCESS)
}
