//! `jg serve`: the web app. The pages of `web/` (embedded in the binary) and the JSON API of
//! docs/API.md over HTTP (axum on tokio, the `serve` feature). The server keeps no games: a
//! position is (n, the even opening, the line of play), sent whole with every request.
//!
//! - [`bounds`]: what the server holds and reads at most (bodies, uploads, n, jobs, time);
//! - [`error`]: a refusal as `{"error": "…"}` with its status;
//! - [`line`]: n and the line of play of a request, refused in plain words ("-4 is not a number
//!   from 1 to 20") with a code the pages word in their language;
//! - [`game`]: `POST /api/game` over `frontends::session` and `players`; [`end`]: the end of
//!   a game as numbers and a case (the perfect player's strategy, checked on the line), which
//!   the pages word; [`story`]: the same facts in English words, and when the certificate
//!   proves the strategy;
//! - [`review`]: `POST /api/review`, every move marked as keeping or throwing away the win;
//!   [`plan`]: `POST /api/plan`, a winning move and the answer to every reply (why it wins);
//! - [`boards`]: `POST /api/boards` and `/api/boards/review`, a game on two or three boards
//!   side by side: each board's Sprague–Grundy value, the nim-sum, the reply, the review;
//! - [`results`]: who wins n, the theorem, the chart, the certificate of n and its proof in
//!   words (`jg explain`);
//! - [`verify`]: an uploaded certificate checked by `jg_verify`;
//! - [`qr`]: the QR code of a lesson's link for the teacher's page;
//! - [`listen`]: the listening line and the warning for a non-loopback address;
//! - [`hosts`]: the names a request's Host may carry (DNS rebinding refused);
//! - [`assets`]: the embedded pages; [`router`]: the routes, the permits and the time limit;
//! - [`shares`]: each client address's share of the connections and of the bodies' bytes;
//! - [`server`]: the accept loop: the connection caps, the header timeout, the stop.
//!
//! Without the `serve` feature (the `api` feature alone: no axum, no tokio) the answers are
//! here and the HTTP is not: `listen`, `hosts`, `assets`, `router`, `shares` and `server` are
//! left out. The static site's WebAssembly engine (wasm/) calls the same answers.

#[cfg(feature = "serve")]
pub mod assets;
pub mod boards;
pub mod bounds;
pub mod end;
pub mod error;
pub mod game;
#[cfg(feature = "serve")]
pub mod hosts;
pub mod line;
#[cfg(feature = "serve")]
pub mod listen;
pub mod plan;
pub mod qr;
pub mod results;
pub mod review;
#[cfg(feature = "serve")]
pub mod router;
#[cfg(feature = "serve")]
pub mod server;
#[cfg(feature = "serve")]
pub mod shares;
pub mod story;
pub mod verify;

#[cfg(feature = "serve")]
pub use hosts::Hosts;
#[cfg(feature = "serve")]
pub use router::{app, app_and_stopper, Stopper};
#[cfg(feature = "serve")]
pub use server::serve;
