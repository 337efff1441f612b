//! `jg serve [--bind ADDR] [--port P]`: the web app (library: `frontends::serve`). Binds,
//! prints the listening line of docs/API.md on stdout, serves until Ctrl-C.

use super::CliError;
use juniper_green::frontends::serve::{self, bounds, listen};
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The address to listen on: 127.0.0.1 (the default) is this machine only; 0.0.0.0 (or
    /// any address that is not loopback) opens the server to the network, e.g. a classroom
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
    /// the answer is 503
    #[arg(long, value_name = "SECONDS", default_value_t = bounds::DEFAULT_TIME_LIMIT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub time_limit: u64,
}

const AFTER_HELP: &str = "The pages (Play, Results, Verify) and their JSON API (docs/API.md) are \
in the binary: nothing else is needed, and nothing is fetched from the network.\n\
On start one line on stdout: `jg serve: listening on http://ADDR:PORT/`. Ctrl-C stops the \
server.\n\n\
Bounds:\n  \
- the server keeps no games: the page sends the whole line of play with every request, so \
30 browsers or 10000 open games hold no memory between requests;\n  \
- a JSON body is at most 262144 bytes (256 KiB: a line of 10000 moves fits), a certificate \
upload at most 16777216 bytes (16 MiB; the largest published certificate has 3.3 MB), \
checked by jg_verify under its default bounds (at most 8 GiB of memory, 20000000000 \
positions and steps); larger bodies get 413;\n  \
- games on 1..n for 1 ≤ n ≤ 10000 (and the opponent's own bound), a line of at most n moves; \
results for any n up to 2^64 − 1 (every winning opening listed up to n = 10000); charts up \
to n = 2000;\n  \
- solving and verifying run off the async threads, at most --jobs at once (default 4), each \
request within --time-limit (default 10 s) or 503; at most 256 requests are read at once, \
at most --jobs uploads.\n\
Every refused request gets a 4xx status and {\"error\": \"…\"} in words.";

pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let limits = bounds::Limits {
        permits: usize::from(args.jobs),
        time_limit: Duration::from_secs(args.time_limit),
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
        let stop = async {
            let _ = tokio::signal::ctrl_c().await;
            eprintln!("jg serve: stopping (Ctrl-C)");
        };
        axum::serve(listener, serve::app(limits))
            .with_graceful_shutdown(stop)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })?;
    Ok(ExitCode::SUCCESS)
}
