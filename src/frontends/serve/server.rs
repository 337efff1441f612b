//! The accept loop of `jg serve`: at most `max_connections` connections open (a semaphore
//! permit is taken before each accept, so more wait in the system's queue), and at most
//! [`Limits::address_connections`] from one client address ([`shares`]: a connection past its
//! address's share is answered 429 and closed at once, holding nothing). Each is served by
//! hyper's HTTP/1 connection with a header-read timeout (which is also the idle keep-alive
//! timeout: hyper starts it as soon as a connection waits for a request), shorter as the server
//! or the address fills ([`Limits::header_timeout_at`]: idle and half-sent connections are the
//! first to go, never one whose request is being answered), and a bounded buffer
//! (`MAX_HEAD_BYTES`). Each request carries its connection's address ([`Peer`]) for the bodies'
//! shares. On the stop signal, no more accepts, hyper-util's graceful shutdown for
//! `SHUTDOWN_GRACE`, then the connections are dropped whatever their clients do.

use super::bounds::{Limits, MAX_HEAD_BYTES, SHUTDOWN_GRACE};
use super::shares::{Open, Peer};
use axum::{Extension, Router};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// What a connection past its address's share gets before it is closed.
fn too_many() -> String {
    let body =
        r#"{"error":"too many connections from your address at once: close some, then try again"}"#;
    format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: \
         {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Serves `app` on `listener` until `stop` completes, then stops within `SHUTDOWN_GRACE`.
/// Returns the connections still open when it gave up on them.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) -> usize {
    let most = limits.max_connections.max(1);
    let open = Arc::new(Semaphore::new(most));
    let by_address = Arc::new(Open::default());
    let graceful = GracefulShutdown::new();
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
        let (stream, address) = match accepted {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors or a connection reset before it was accepted: try
                // again shortly rather than spin (as axum::serve does).
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let peer = Peer::of(address.ip());
        let share = limits.address_connections();
        let Some(counted) = by_address.enter(peer, share) else {
            // Refused early: a fresh socket's send buffer takes the answer without waiting.
            let _ = stream.try_write(too_many().as_bytes());
            continue;
        };
        let _ = stream.set_nodelay(true);
        let timeout =
            limits.header_timeout_at(most - open.available_permits(), by_address.count(peer));
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(timeout)
            .max_buf_size(MAX_HEAD_BYTES)
            .keep_alive(true);
        let service = TowerToHyperService::new(app.clone().layer(Extension(peer)));
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection's end (closed, reset, timed out) is no error of the server's.
            let _ = connection.await;
            // The address's count first: the accept loop, woken by the permit, may take the
            // next connection from the same address at once.
            drop(counted);
            drop(permit);
        });
    }
    drop(listener);
    match tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await {
        Ok(()) => 0,
        Err(_) => most - open.available_permits(),
    }
}
