//! The accept loop of `jg serve`: at most `max_connections` connections open (a semaphore
//! permit is taken before each accept, so more wait in the system's queue), each served by
//! hyper's HTTP/1 connection with a header-read timeout (which is also the idle keep-alive
//! timeout: hyper starts it as soon as a connection waits for a request) and a bounded buffer
//! (`MAX_HEAD_BYTES`); on the stop signal, no more accepts, hyper-util's graceful shutdown for
//! `SHUTDOWN_GRACE`, then the connections are dropped whatever their clients do.

use super::bounds::{Limits, MAX_HEAD_BYTES, SHUTDOWN_GRACE};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Serves `app` on `listener` until `stop` completes, then stops within `SHUTDOWN_GRACE`.
/// Returns the connections still open when it gave up on them.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) -> usize {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => permit,
            () = &mut stop => break,
        };
        // The semaphore is never closed.
        let Ok(permit) = permit else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors or a connection reset before it was accepted: try
                // again shortly rather than spin (as axum::serve does).
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection's end (closed, reset, timed out) is no error of the server's.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    match tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await {
        Ok(()) => 0,
        Err(_) => limits.max_connections.max(1) - open.available_permits(),
    }
}
