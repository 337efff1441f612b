//! `jg serve`: the web app. The pages of `web/` (embedded in the binary) and the JSON API of
//! docs/API.md over HTTP (axum on tokio, the `serve` feature). The server keeps no games: a
//! position is (n, the even opening, the line of play), sent whole with every request.
//!
//! - [`bounds`]: what the server holds and reads at most (bodies, uploads, n, jobs, time);
//! - [`error`]: a refusal as `{"error": "…"}` with its status;
//! - [`game`]: `POST /api/game` over `frontends::session` and `players`; [`story`]: the end of
//!   a game in words, the perfect player's strategy and when the certificate proves it;
//! - [`results`]: who wins n, the theorem, the chart, the certificate of n;
//! - [`verify`]: an uploaded certificate checked by `jg_verify`;
//! - [`listen`]: the listening line and the warning for a non-loopback address;
//! - [`hosts`]: the names a request's Host may carry (DNS rebinding refused);
//! - [`assets`]: the embedded pages; [`router`]: the routes, the permits and the time limit;
//! - [`server`]: the accept loop: the connection cap, the header timeout, the graceful stop.

pub mod assets;
pub mod bounds;
pub mod error;
pub mod game;
pub mod hosts;
pub mod listen;
pub mod results;
pub mod router;
pub mod server;
pub mod story;
pub mod verify;

pub use hosts::Hosts;
pub use router::app;
pub use server::serve;
