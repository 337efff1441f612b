//! `jg serve` against hostile clients (issue 47), on loopback only: each test starts its own
//! server (the real binary, `--port 0`), sends what an attacker would, checks that an ordinary
//! client is still served and that the server stays within its stated bounds, then kills the
//! server. Every wait is bounded (socket timeouts, deadlines); the whole file takes about 40 s.
//!
//! - half-sent requests and trickling uploads are closed at their timeouts while an ordinary
//!   client plays and verifies;
//! - a 16 MiB random upload and the 97-byte kind-2 certificate of issue 47 (n = 39 999 999 996,
//!   opening 2, no pairs) are answered in seconds, the server's peak memory (VmHWM) under its
//!   stated bound;
//! - a request for `evil.example` and a text/plain POST are refused;
//! - a move past `--time-limit` is stopped: the next request is served and the CPU goes quiet;
//! - 1 100 idle connections under a 1 024 open-file limit do not lock the server out;
//! - Ctrl-C stops the server within seconds whatever its clients do;
//! - issue 57, one hostile address (127.0.0.2) beside the ordinary client (127.0.0.1): 250
//!   padded reviews of 256 KiB stay inside the memory bound, four costly uploads stop at their
//!   time limit (the CPU idle a second later), 1 500 slowloris connections and 8 stalled 16 MiB
//!   uploads leave the ordinary client served within 1 s in 80 % of its rounds, and Ctrl-C
//!   during a flood exits within 2 s.
//!
//! `JG_SERVE_BIN=PATH` runs the tests against another `jg` (e.g. one built before issue 47),
//! without the flags issue 47 added (the timeouts are then its own): how each finding of the
//! issue was seen to fail before the fix.
#![cfg(all(feature = "serve", target_os = "linux"))]

use juniper_green::frontends::serve::bounds;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A `jg serve` of this test, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Starts `jg serve --port 0` with `flags` and the flags of issue 47 `new` (dropped for
    /// another binary, see the top), under an open-file limit when `files` is given.
    fn start(flags: &[&str], new: &[&str], files: Option<u32>) -> Server {
        let other = std::env::var("JG_SERVE_BIN").ok();
        let jg = other
            .clone()
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_jg").to_string());
        let mut args = vec!["serve", "--bind", "127.0.0.1", "--port", "0"];
        args.extend_from_slice(flags);
        if other.is_none() {
            args.extend_from_slice(new);
        }
        let mut command = match files {
            Some(files) => {
                let mut sh = Command::new("sh");
                sh.arg("-c")
                    .arg(format!("ulimit -n {files} && exec \"$0\" \"$@\""))
                    .arg(&jg)
                    .args(&args);
                sh
            }
            None => {
                let mut jg = Command::new(&jg);
                jg.args(&args);
                jg
            }
        };
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start jg serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the listening line");
        let port = line
            .trim_end()
            .strip_prefix("jg serve: listening on http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("not the listening line: {line:?}"));
        Server { child, port }
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(20))).ok();
        stream
    }

    /// A connection from the attacker's address, 127.0.0.2 (blocking, like `connect`): the
    /// server counts it apart from the ordinary client's on 127.0.0.1.
    fn connect_as_attacker(&self) -> TcpStream {
        self.try_connect_as_attacker(Duration::from_secs(10))
            .expect("connect from 127.0.0.2")
    }

    /// `connect_as_attacker` within `within`, or None.
    fn try_connect_as_attacker(&self, within: Duration) -> Option<TcpStream> {
        thread_local! {
            static RUNTIME: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime to connect with");
        }
        let connect = attacker_connection_within(self.port, within);
        let stream = RUNTIME
            .with(|runtime| runtime.block_on(connect))
            .and_then(|stream| stream.into_std())
            .ok()?;
        stream.set_nonblocking(false).ok();
        stream.set_read_timeout(Some(Duration::from_secs(20))).ok();
        Some(stream)
    }

    /// The server's peak resident memory (VmHWM), in bytes.
    fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let kib: u64 = status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            .unwrap_or(0);
        kib * 1024
    }

    /// The server's CPU time so far (user + system), in seconds.
    fn cpu_seconds(&self) -> f64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
        let fields: Vec<&str> = after.split_whitespace().collect();
        let ticks: u64 = [11, 12]
            .iter()
            .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
            .sum();
        ticks as f64 / 100.0
    }

    /// One request on a connection of its own (`Connection: close`), answered within
    /// `within`: the status and the body, or why not.
    fn request(
        &self,
        method: &str,
        path: &str,
        host: &str,
        mime: Option<&str>,
        body: &[u8],
        within: Duration,
    ) -> Result<(u16, Vec<u8>), String> {
        let mut stream = TcpStream::connect_timeout(
            &format!("127.0.0.1:{}", self.port).parse().unwrap(),
            within,
        )
        .map_err(|e| format!("connect: {e}"))?;
        let started = Instant::now();
        stream.set_read_timeout(Some(within)).ok();
        stream.set_write_timeout(Some(within)).ok();
        let mime = mime.map_or(String::new(), |m| format!("Content-Type: {m}\r\n"));
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{mime}Content-Length: {}\r\n\
             Connection: close\r\n\r\n",
            body.len()
        );
        stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(body))
            .map_err(|e| format!("send: {e}"))?;
        let mut answer = Vec::new();
        stream
            .read_to_end(&mut answer)
            .map_err(|e| format!("no answer within {within:?}: {e}"))?;
        if started.elapsed() > within {
            return Err(format!("answered after {:?}", started.elapsed()));
        }
        let text = String::from_utf8_lossy(&answer);
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("not an HTTP answer: {text:?}"))?;
        let body = match answer.windows(4).position(|w| w == b"\r\n\r\n") {
            Some(at) => answer[at + 4..].to_vec(),
            None => Vec::new(),
        };
        Ok((status, body))
    }

    /// An ordinary client's game and check, each answered 200 within `within`.
    fn play_and_verify(&self, within: Duration) {
        let game = br#"{"n": 20, "you": "first", "opponent": "perfect", "line": [4]}"#;
        let (status, body) = self
            .request(
                "POST",
                "/api/game",
                &self.host(),
                Some("application/json"),
                game,
                within,
            )
            .unwrap_or_else(|e| panic!("the game was not answered: {e}"));
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        let certificate = std::fs::read("certificates/cert-117.bin").unwrap();
        let (status, body) = self
            .request(
                "POST",
                "/api/verify",
                &self.host(),
                Some("application/octet-stream"),
                &certificate,
                within,
            )
            .unwrap_or_else(|e| panic!("the check was not answered: {e}"));
        assert_eq!(status, 200);
        assert!(String::from_utf8_lossy(&body).contains("\"valid\":true"));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits for the server to close `stream` (end of stream, a reset, or an answer then the end),
/// up to `deadline`: what it sent last, or None if it was still open then.
fn closed_by(stream: &mut TcpStream, deadline: Instant) -> Option<String> {
    let left = deadline.saturating_duration_since(Instant::now());
    stream
        .set_read_timeout(Some(left.max(Duration::from_millis(1))))
        .ok();
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => Some(String::from_utf8_lossy(&answer).into_owned()),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => Some(String::new()),
        Err(_) => None,
    }
}

#[test]
fn half_sent_requests_and_trickling_uploads_are_closed_while_an_ordinary_client_is_served() {
    let server = Server::start(&[], &["--header-timeout", "4", "--body-timeout", "5"], None);
    let host = server.host();
    let started = Instant::now();
    // The four trickling uploads below connect first, inside the attacker's share of the
    // connections (128); past it, the half-sent requests are answered 429 at once.
    let mut trickling: Vec<TcpStream> = (0..4).map(|_| server.connect_as_attacker()).collect();
    // 150 heads cut in the middle, 150 whole heads with part of their body.
    let mut half_sent: Vec<(TcpStream, &str)> = Vec::new();
    for i in 0..300 {
        let mut stream = server.connect_as_attacker();
        let sent = if i % 2 == 0 {
            stream.write_all(
                format!("POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Le").as_bytes(),
            )
        } else {
            stream.write_all(
                format!(
                    "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                     Content-Length: 100\r\n\r\n{{\"n\": 20,"
                )
                .as_bytes(),
            )
        };
        sent.expect("send half a request");
        half_sent.push((stream, if i % 2 == 0 { "head" } else { "body" }));
    }
    // Four uploads trickling a byte every 200 ms, for as long as the server reads them.
    let trickles: Vec<_> = (0..4)
        .map(|_| {
            let mut stream = trickling.pop().expect("four connections");
            let host = host.clone();
            thread::spawn(move || {
                let head = format!(
                    "POST /api/verify HTTP/1.1\r\nHost: {host}\r\nContent-Type: \
                     application/octet-stream\r\nContent-Length: 100000\r\n\r\n"
                );
                stream.write_all(head.as_bytes()).expect("send the head");
                let began = Instant::now();
                while began.elapsed() < Duration::from_secs(12) {
                    if stream.write_all(b"J").is_err() {
                        break;
                    }
                    thread::sleep(Duration::from_millis(200));
                    stream.set_nonblocking(true).ok();
                    let mut peek = [0u8; 1];
                    let answered = !matches!(
                        stream.peek(&mut peek),
                        Err(ref e) if e.kind() == std::io::ErrorKind::WouldBlock
                    );
                    stream.set_nonblocking(false).ok();
                    if answered {
                        break;
                    }
                }
                stream.shutdown(Shutdown::Write).ok();
                let mut answer = String::new();
                stream.set_read_timeout(Some(Duration::from_secs(5))).ok();
                let _ = stream.read_to_string(&mut answer);
                (began.elapsed(), answer)
            })
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    // The ordinary client, while all of that is open: answered at once, not at the timeouts.
    for _ in 0..3 {
        server.play_and_verify(Duration::from_secs(5));
    }
    // Before the first timeout: the attackers were all still there.
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "the ordinary client waited for the attackers: {:?}",
        started.elapsed()
    );
    // Every half-sent request closed by the server by its timeout (4 s, 5 s), with room; those
    // past the attacker's share of the connections at once (429, issue 57).
    let deadline = started + Duration::from_secs(10);
    let mut still_open = 0;
    for (stream, what) in &mut half_sent {
        match closed_by(stream, deadline) {
            Some(answer) if answer.starts_with("HTTP/1.1 429") => {}
            Some(answer) if *what == "body" => {
                assert!(
                    answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
                    "{answer}"
                )
            }
            Some(answer) => assert!(answer.is_empty(), "a cut head was answered: {answer}"),
            None => still_open += 1,
        }
    }
    assert_eq!(still_open, 0, "half-sent requests still open after 10 s");
    for trickle in trickles {
        let (took, answer) = trickle.join().expect("a trickling client");
        assert!(
            answer.starts_with("HTTP/1.1 408"),
            "{answer:?} after {took:?}"
        );
        assert!(
            took < Duration::from_secs(8),
            "a trickle was read for {took:?}"
        );
    }
    println!(
        "300 half-sent requests and 4 trickles closed within {:?}; server peak memory {} MB",
        started.elapsed(),
        server.peak_memory() >> 20
    );
    server.play_and_verify(Duration::from_secs(5));
}

/// The 97-byte kind-2 certificate of issue 47: n = 39 999 999 996, opening 2, no pairs.
fn closure_bomb() -> Vec<u8> {
    let body = [2u64.to_le_bytes(), 0u64.to_le_bytes()].concat();
    let mut file = b"JUNIPERG".to_vec();
    file.extend(1u32.to_le_bytes()); // version
    file.extend(39_999_999_996u64.to_le_bytes()); // n
    file.extend(0u32.to_le_bytes()); // even opening
    file.extend(0u32.to_le_bytes()); // the first player wins
    file.extend(2u32.to_le_bytes()); // closed pairing
    file.extend(1u64.to_le_bytes());
    file.extend(b"x"); // the generator
    file.extend((body.len() as u64).to_le_bytes());
    file.extend(blake3::hash(&body).as_bytes());
    file.extend(body);
    assert_eq!(file.len(), 97);
    file
}

#[test]
fn large_and_costly_uploads_are_answered_in_seconds_under_the_memory_bound() {
    let server = Server::start(&[], &[], None);
    // 16 MiB of noise from a fixed xorshift, and the 97-byte certificate twice, all at once.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let noise: Vec<u8> = (0..bounds::MAX_UPLOAD_BYTES / 8)
        .flat_map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()
        })
        .collect();
    let started = Instant::now();
    let answers = thread::scope(|scope| {
        let uploads: Vec<_> = [noise, closure_bomb(), closure_bomb()]
            .into_iter()
            .map(|bytes| {
                let server = &server;
                scope.spawn(move || {
                    server.request(
                        "POST",
                        "/api/verify",
                        &server.host(),
                        Some("application/octet-stream"),
                        &bytes,
                        Duration::from_secs(15),
                    )
                })
            })
            .collect();
        uploads
            .into_iter()
            .map(|upload| upload.join().expect("an upload"))
            .collect::<Vec<_>>()
    });
    let took = started.elapsed();
    let (status, body) = answers[0].clone().expect("the 16 MiB upload was answered");
    assert_eq!(status, 422, "{}", String::from_utf8_lossy(&body));
    for answer in &answers[1..] {
        let (status, body) = answer
            .clone()
            .expect("the 97-byte certificate was answered");
        let body = String::from_utf8_lossy(&body);
        assert_eq!(status, 200, "{body}");
        assert!(
            body.contains("\"status\":\"refused\"") || body.contains("\"status\":\"invalid\""),
            "{body}"
        );
    }
    // The stated bound: 1 GiB for bodies and checks, 64 KiB a connection, and the rest of
    // the process (its engines and code, tens of MB): 128 MiB for those two.
    let peak = server.peak_memory();
    println!(
        "16 MiB random upload and two 97-byte certificates at once: answered in {took:?}; \
         server peak memory {} MB",
        peak >> 20
    );
    assert!(
        peak < bounds::MEMORY_BYTES + (128 << 20),
        "peak {peak} bytes"
    );
    server.play_and_verify(Duration::from_secs(5));
}

#[test]
fn another_host_and_a_text_plain_post_are_refused() {
    let server = Server::start(&[], &[], None);
    let within = Duration::from_secs(5);
    let (status, body) = server
        .request("GET", "/api/theorem", "evil.example", None, b"", within)
        .unwrap();
    assert_eq!(status, 421, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("not a name of this server"));
    let (status, _) = server
        .request(
            "GET",
            "/",
            &format!("evil.example:{}", server.port),
            None,
            b"",
            within,
        )
        .unwrap();
    assert_eq!(status, 421);
    let game = br#"{"n": 20, "you": "first"}"#;
    for mime in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let (status, body) = server
            .request("POST", "/api/game", &server.host(), mime, game, within)
            .unwrap();
        assert_eq!(status, 415, "{mime:?}: {}", String::from_utf8_lossy(&body));
    }
    let (status, _) = server
        .request(
            "POST",
            "/api/game",
            &server.host(),
            Some("application/json"),
            game,
            within,
        )
        .unwrap();
    assert_eq!(status, 200);
}

#[test]
fn a_move_past_the_time_limit_is_stopped_and_the_next_request_served() {
    // One job, a time limit of 2 s, and playouts:K let run past it (the cut lifted).
    let server = Server::start(
        &["--time-limit", "2", "--jobs", "1"],
        &["--playout-work-per-second", "1000000000000000000"],
        None,
    );
    let heavy = br#"{"n":10000,"you":"second","opponent":"playouts:100000"}"#;
    let started = Instant::now();
    let (status, body) = server
        .request(
            "POST",
            "/api/game",
            &server.host(),
            Some("application/json"),
            heavy,
            Duration::from_secs(10),
        )
        .expect("the heavy move was answered");
    assert_eq!(status, 503, "{}", String::from_utf8_lossy(&body));
    let answered = started.elapsed();
    // The job was stopped: the next request gets the one job at once.
    let light = br#"{"n":20,"you":"first","opponent":"random"}"#;
    let (status, _) = server
        .request(
            "POST",
            "/api/game",
            &server.host(),
            Some("application/json"),
            light,
            Duration::from_secs(3),
        )
        .expect("the next request was not served: the job still holds it");
    assert_eq!(status, 200);
    // And the CPU is quiet: under a tenth of a core over the next second and a half.
    thread::sleep(Duration::from_millis(300));
    let before = server.cpu_seconds();
    thread::sleep(Duration::from_millis(1500));
    let spent = server.cpu_seconds() - before;
    println!("503 after {answered:?}; then {spent:.2} s of server CPU in 1.5 s");
    assert!(
        spent < 0.15,
        "the server still works: {spent} s of CPU in 1.5 s"
    );
}

#[test]
fn idle_connections_past_the_open_file_limit_do_not_lock_the_server_out() {
    let server = Server::start(&[], &["--header-timeout", "2"], Some(1024));
    // The idle connections below are held by this process too, from the attacker's address.
    let started = Instant::now();
    let idle: Vec<TcpStream> = (0..1100)
        .filter_map(|_| server.try_connect_as_attacker(Duration::from_millis(500)))
        .collect();
    assert!(idle.len() >= 1000, "only {} connections opened", idle.len());
    let (status, _) = server
        .request(
            "GET",
            "/api/theorem",
            &server.host(),
            None,
            b"",
            Duration::from_secs(10),
        )
        .expect("an ordinary request behind the idle connections");
    assert_eq!(status, 200);
    println!(
        "{} idle connections, then an ordinary request answered after {:?}",
        idle.len(),
        started.elapsed()
    );
}

#[test]
fn ctrl_c_stops_the_server_within_seconds_whatever_its_clients_do() {
    // The default header timeout (10 s), a time limit of 60 s and a move that would run past
    // it; half-sent heads and a trickling upload open.
    let mut server = Server::start(
        &["--time-limit", "60"],
        &["--playout-work-per-second", "1000000000000000000"],
        None,
    );
    let host = server.host();
    let mut open: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut stream = server.connect();
            stream
                .write_all(format!("GET / HTTP/1.1\r\nHost: {host}\r\nAcc").as_bytes())
                .unwrap();
            stream
        })
        .collect();
    let mut upload = server.connect();
    upload
        .write_all(
            format!(
                "POST /api/verify HTTP/1.1\r\nHost: {host}\r\nContent-Type: \
                 application/octet-stream\r\nContent-Length: 1000\r\n\r\nJUN"
            )
            .as_bytes(),
        )
        .unwrap();
    open.push(upload);
    let mut heavy = server.connect();
    let body = r#"{"n":10000,"you":"second","opponent":"playouts:100000"}"#;
    heavy
        .write_all(
            format!(
                "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
        .unwrap();
    open.push(heavy);
    thread::sleep(Duration::from_millis(500));
    let interrupted = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let started = Instant::now();
    let exited = loop {
        match server.child.try_wait() {
            Ok(Some(status)) => break Some(status),
            _ if started.elapsed() > Duration::from_secs(8) => break None,
            _ => thread::sleep(Duration::from_millis(50)),
        }
    };
    let exited = exited.expect("still running 8 s after Ctrl-C");
    println!("stopped {:?} after Ctrl-C", started.elapsed());
    assert!(exited.success(), "{exited:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn no_more_connections_than_the_cap_are_served_at_once() {
    // Two connections at most, a header timeout far away: two idle connections hold both.
    let server = Server::start(
        &[],
        &["--max-connections", "2", "--header-timeout", "60"],
        None,
    );
    let first = server.connect();
    let second = server.connect();
    thread::sleep(Duration::from_millis(200));
    let waiting = server.request(
        "GET",
        "/api/theorem",
        &server.host(),
        None,
        b"",
        Duration::from_millis(1500),
    );
    assert!(
        waiting.is_err(),
        "a third connection was served: {waiting:?}"
    );
    // One closes: the next connection is taken.
    drop(first);
    let (status, _) = server
        .request(
            "GET",
            "/api/theorem",
            &server.host(),
            None,
            b"",
            Duration::from_secs(5),
        )
        .expect("served once a connection closed");
    assert_eq!(status, 200);
    drop(second);
}

// ---- Issue 57: one hostile address beside an ordinary client ----------------------------------
//
// The attackers connect from 127.0.0.2 (tokio sockets bound there before they connect, all on a
// runtime of their own thread), the ordinary client from 127.0.0.1: the server tells them apart
// by address, as it would two machines. Every attack ends at its deadline and closes its sockets.

/// The attacker's address.
const ATTACKER: [u8; 4] = [127, 0, 0, 2];

/// A connection from [`ATTACKER`] to the server on `port`, within a second.
async fn attacker_connection(port: u16) -> std::io::Result<tokio::net::TcpStream> {
    attacker_connection_within(port, Duration::from_secs(1)).await
}

/// A connection from [`ATTACKER`] to the server on `port`, within `within`.
async fn attacker_connection_within(
    port: u16,
    within: Duration,
) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind((ATTACKER, 0).into())?;
    let connect = socket.connect(([127, 0, 0, 1], port).into());
    tokio::time::timeout(within, connect)
        .await
        .map_err(|_| std::io::ErrorKind::TimedOut)?
}

/// Sends all of `bytes` (the tests' tokio has no `io-util`).
async fn send(stream: &tokio::net::TcpStream, mut bytes: &[u8]) -> std::io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(sent) => bytes = &bytes[sent..],
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Reads until the server closes the connection (or `deadline`): the answer's status, if any.
async fn answer(stream: &tokio::net::TcpStream, deadline: tokio::time::Instant) -> Option<u16> {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, stream.readable()).await {
            Ok(Ok(())) => {}
            _ => break,
        }
        match stream.try_read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => answer.extend_from_slice(&buffer[..read]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(_) => break,
        }
    }
    String::from_utf8_lossy(&answer)
        .split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
}

/// Runs `count` attackers `attack(i)` on a runtime of a thread of their own, and stops them
/// all at `seconds` from now (their sockets closed); joined, it gives what they returned.
fn attack<F, A>(count: usize, seconds: f64, attack: A) -> thread::JoinHandle<Vec<u64>>
where
    F: std::future::Future<Output = u64> + Send + 'static,
    A: Fn(usize) -> F + Send + 'static,
{
    thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("the attackers' runtime");
        runtime.block_on(async move {
            let until = tokio::time::Instant::now() + Duration::from_secs_f64(seconds);
            let tasks: Vec<_> = (0..count)
                .map(|i| tokio::spawn(tokio::time::timeout_at(until, attack(i))))
                .collect();
            let mut counts = Vec::new();
            for task in tasks {
                counts.push(task.await.ok().and_then(Result::ok).unwrap_or(0));
            }
            counts
        })
    })
}

/// Slowloris: a head begun and never ended, a header line a second; opened again a second after
/// the server closes it, until the attack's end; each connection opened counted in `opened`.
async fn slowloris(port: u16, opened: std::sync::Arc<std::sync::atomic::AtomicU64>) -> u64 {
    loop {
        if let Ok(stream) = attacker_connection(port).await {
            opened.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let head = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n");
            let mut sent = send(&stream, head.as_bytes()).await;
            while sent.is_ok() {
                tokio::time::sleep(Duration::from_secs(1)).await;
                sent = send(&stream, b"X-Slow: 1\r\n").await;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// The ordinary client, from 127.0.0.1: `rounds` rounds half a second apart of GET / and a
/// POST /api/game; how many rounds had both answered 200 within 1 s.
fn ordinary_rounds(server: &Server, rounds: usize) -> usize {
    let game = br#"{"n": 20, "you": "first", "opponent": "perfect", "line": [4]}"#;
    let within = Duration::from_secs(1);
    let mut served = 0;
    for _ in 0..rounds {
        let started = Instant::now();
        let page = server.request("GET", "/", &server.host(), None, b"", within);
        let json = Some("application/json");
        let play = server.request("POST", "/api/game", &server.host(), json, game, within);
        let ok = |answer: &Result<(u16, Vec<u8>), String>| matches!(answer, Ok((200, _)));
        if ok(&page) && ok(&play) && started.elapsed() <= within {
            served += 1;
        }
        thread::sleep(Duration::from_millis(500).saturating_sub(started.elapsed()));
    }
    served
}

/// The review of the issue: n = 10 000, a legal line, and an unknown field `pad` of `[0]`s up to
/// 262 141 bytes (each `[0]` parsed into a tree cost 176 bytes before issue 57).
fn padded_review() -> Vec<u8> {
    let head = r#"{"n":10000,"line":[2,10000,1,9999,3,9996,4,9992,8,9984],"pad":["#;
    let mut body = head.as_bytes().to_vec();
    while body.len() + 6 < 262_141 {
        body.extend_from_slice(b"[0],");
    }
    body.extend_from_slice(b"[0]]}");
    body
}

/// One POST from the attacker with `body` (connected within 5 s: a loaded machine accepts 250 at
/// once slowly); its status when answered by `seconds`.
async fn attacker_post(port: u16, path: &str, mime: &str, body: &[u8], seconds: u64) -> u64 {
    let connected = attacker_connection_within(port, Duration::from_secs(5)).await;
    let Ok(stream) = connected else {
        return 0;
    };
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: {mime}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    if send(&stream, head.as_bytes()).await.is_err() || send(&stream, body).await.is_err() {
        return 0;
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
    answer(&stream, deadline).await.map_or(0, u64::from)
}

#[test]
fn json_bodies_are_read_into_typed_requests_inside_the_memory_bound() {
    let server = Server::start(&[], &[], None);
    let port = server.port;
    let body = std::sync::Arc::new(padded_review());
    let reviews = attack(250, 40.0, move |_| {
        let body = body.clone();
        async move { attacker_post(port, "/api/review", "application/json", &body, 30).await }
    });
    let statuses = reviews.join().expect("the reviews");
    let peak = server.peak_memory();
    let answered = statuses.iter().filter(|&&status| status != 0).count();
    println!(
        "250 concurrent reviews of 262 141 bytes with an unknown field: {answered} answered \
         ({:?} …); server peak memory {} MB",
        &statuses[..5],
        peak >> 20
    );
    // The stated bound (1 GiB for bodies and checks) and 128 MiB for the rest, as above.
    assert!(
        peak < bounds::MEMORY_BYTES + (128 << 20),
        "peak {peak} bytes"
    );
    // Refused for its unknown field (or, past its address's share, for that), never kept.
    assert!(statuses.iter().all(|&status| status != 200), "{statuses:?}");
    server.play_and_verify(Duration::from_secs(5));
}

/// A 97-byte kind-2 certificate: n = 8.4·10^18, opening n, no pairs. Its first listing is
/// 2.9·10^9 trial divisions, within the steps of a check that starts with 10 s left (3·10^9):
/// seconds of CPU alone, more than 10 s for each of four on two cores.
fn listing_bomb() -> Vec<u8> {
    let n = 8_400_000_000_000_000_000u64;
    let body = [n.to_le_bytes(), 0u64.to_le_bytes()].concat();
    let mut file = b"JUNIPERG".to_vec();
    file.extend(1u32.to_le_bytes()); // version
    file.extend(n.to_le_bytes());
    file.extend(0u32.to_le_bytes()); // even opening
    file.extend(0u32.to_le_bytes()); // the first player wins
    file.extend(2u32.to_le_bytes()); // closed pairing
    file.extend(1u64.to_le_bytes());
    file.extend(b"x"); // the generator
    file.extend((body.len() as u64).to_le_bytes());
    file.extend(blake3::hash(&body).as_bytes());
    file.extend(body);
    file
}

#[test]
fn costly_uploads_stop_at_their_time_limit_and_the_cpu_goes_idle() {
    let server = Server::start(&[], &[], None);
    let port = server.port;
    let started = Instant::now();
    let uploads = attack(4, 25.0, move |_| async move {
        let bytes = listing_bomb();
        attacker_post(port, "/api/verify", "application/octet-stream", &bytes, 20).await
    });
    let statuses = uploads.join().expect("the uploads");
    let answered = started.elapsed();
    assert!(statuses.iter().all(|&status| status != 0), "{statuses:?}");
    // Within a second of the answers the checks have stopped: under a tenth of a core over the
    // next 1.5 s (the checks, had they gone on, would each take a core).
    thread::sleep(Duration::from_secs(1));
    let before = server.cpu_seconds();
    thread::sleep(Duration::from_millis(1500));
    let spent = server.cpu_seconds() - before;
    println!(
        "four costly uploads answered {statuses:?} after {answered:?}; then {spent:.2} s of \
         server CPU in 1.5 s"
    );
    assert!(spent < 0.15, "the checks go on: {spent} s of CPU in 1.5 s");
    server.play_and_verify(Duration::from_secs(5));
}

#[test]
fn slowloris_from_one_address_leaves_the_ordinary_client_served() {
    let server = Server::start(&[], &[], None);
    let port = server.port;
    let opened = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counted = opened.clone();
    let attackers = attack(1500, 12.0, move |_| slowloris(port, counted.clone()));
    thread::sleep(Duration::from_secs(2));
    let served = ordinary_rounds(&server, 16);
    attackers.join().expect("the attackers");
    let opened = opened.load(std::sync::atomic::Ordering::Relaxed);
    println!("1 500 slowloris clients ({opened} connections): the ordinary client served within 1 s in {served} of 16 rounds");
    // 80 % of the rounds (13 of 16): a round takes milliseconds when served, so a loaded CI
    // machine has a second of margin for each.
    assert!(served >= 13, "served in {served} of 16 rounds");
}

#[test]
fn stalled_uploads_from_one_address_leave_the_ordinary_client_served() {
    let server = Server::start(&[], &[], None);
    let port = server.port;
    // Eight uploads announce 16 MiB, send 15 MiB and stall (within the 30 s body timeout).
    let stalled = attack(8, 14.0, move |_| async move {
        let Ok(stream) = attacker_connection(port).await else {
            return 0;
        };
        let head = format!(
            "POST /api/verify HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: \
             application/octet-stream\r\nContent-Length: {}\r\n\r\n",
            bounds::MAX_UPLOAD_BYTES
        );
        let sent = send(&stream, head.as_bytes()).await;
        let sent = sent.is_ok() && send(&stream, &vec![0u8; 15 << 20]).await.is_ok();
        // Held open, nothing more sent, until the attack ends.
        tokio::time::sleep(Duration::from_secs(60)).await;
        u64::from(sent)
    });
    thread::sleep(Duration::from_secs(4));
    let served = ordinary_rounds(&server, 16);
    let _ = stalled.join();
    println!("8 stalled uploads of 16 MiB: the ordinary client served within 1 s in {served} of 16 rounds");
    assert!(served >= 13, "served in {served} of 16 rounds");
}

#[test]
fn ctrl_c_during_a_flood_exits_within_2_s() {
    let mut server = Server::start(
        &["--time-limit", "60"],
        &["--playout-work-per-second", "1000000000000000000"],
        None,
    );
    let port = server.port;
    // 250 padded reviews, 300 slowloris clients and four moves that would run a minute.
    let body = std::sync::Arc::new(padded_review());
    let reviews = attack(250, 8.0, move |_| {
        let body = body.clone();
        async move { attacker_post(port, "/api/review", "application/json", &body, 8).await }
    });
    let opened = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let slow = attack(300, 8.0, move |_| slowloris(port, opened.clone()));
    let heavy = attack(4, 8.0, move |_| async move {
        let body = br#"{"n":10000,"you":"second","opponent":"playouts:100000"}"#;
        attacker_post(port, "/api/game", "application/json", body, 8).await
    });
    thread::sleep(Duration::from_secs(3));
    let held = std::fs::read_to_string(format!("/proc/{}/status", server.child.id()))
        .unwrap_or_default()
        .lines()
        .find(|line| line.starts_with("VmRSS:"))
        .map(str::to_string)
        .unwrap_or_default();
    let interrupted = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let started = Instant::now();
    let exited = loop {
        match server.child.try_wait() {
            Ok(Some(status)) => break Some(status),
            _ if started.elapsed() > Duration::from_secs(10) => break None,
            _ => thread::sleep(Duration::from_millis(20)),
        }
    };
    let took = started.elapsed();
    for attack in [reviews, slow, heavy] {
        let _ = attack.join();
    }
    let exited = exited.expect("still running 10 s after Ctrl-C");
    println!("Ctrl-C during a flood (server {held}): exited after {took:?}");
    assert!(exited.success(), "{exited:?}");
    // The bound of `jg serve --help`: 2 s (1 s of grace, then nothing is waited for).
    assert!(took < Duration::from_secs(2), "exited after {took:?}");
}
