//! The load figures of `jg serve` for BENCHMARKS.md ("Serving (issue 35)"), on loopback only,
//! and it stops by itself:
//!
//! `cargo run --release --example serve_load [-- --jg target/release/jg] [--moves M]
//! [--phases 100,10000,open] [--threads T] [--hostile]`
//!
//! It starts `jg serve --bind 127.0.0.1 --port 0` (its own child), reads the listening line,
//! then:
//! 1. for n = 100 and n = 10 000: T threads (default 30), each a browser playing games against the perfect
//!    player with hints (half as the first player, half as the second; the person's move drawn
//!    from the legal ones by a fixed xorshift), one keep-alive connection each, until each has
//!    made M moves (default 40); the latency of every move request (send to last byte), p50
//!    and p99;
//! 2. 10 000 distinct games open at once (n from 50 to 1049, seeds 0..9999, opponent
//!    `random`), the same T threads moving them in turn, three moves each, interleaved.
//!
//! 3. `review` (issue 48): for n = 20, 1 000 and 10 000, one client alone: a whole game of a
//!    person moving at random (the xorshift) against the perfect player, then `POST /api/review`
//!    of its whole line and `POST /api/plan` at the start and after each move of the line, each
//!    repeated R times (`--repeat R`, default 5); the wall time of each request (median) and
//!    the server's CPU a request (its CPU over the R requests, divided by R).
//!
//! Each player (thread) connects from a loopback address of its own (127.1.x.y), the hostile
//! clients from 127.0.0.2: the server shares its connections and bodies by client address
//! (issue 57), as it would a classroom's machines and one attacker.
//!
//! `--hostile` runs hostile clients beside the load for all its phases (issue 47): 300
//! connections that each send half a request (half of them a cut head, half a head and part of
//! a body), each opened again as soon as the server closes it, and 4 uploads that trickle a
//! byte every 200 ms, each started again when the server answers it; at the end, how many of
//! each the server closed.
//!
//! `--phases` runs only the phases named (`100`, `10000`: phase 1 at that n; `open`: phase 2;
//! `review`: phase 3),
//! in that order, on one server: VmHWM is the peak over the server's life, so `--phases open`
//! alone gives the peak of phase 2 by itself. After each phase the server's peak resident memory (VmHWM of /proc/PID/status) and its
//! CPU time (utime + stime of /proc/PID/stat). Then it stops the server (kill) and exits.
//! The server keeps no games, so phase 2 measures what 10 000 games in flight cost it: nothing
//! held between requests.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// The 503 answers (busy: not answered within the server's time limit) of the current phase.
static BUSY: AtomicUsize = AtomicUsize::new(0);

/// One keep-alive HTTP/1.1 connection.
struct Client {
    reader: BufReader<TcpStream>,
    host: String,
}

/// A blocking connection to `host` from the loopback address `source` (bound before it
/// connects: std cannot, tokio's socket can). Since issue 57 the server shares its connections
/// and bodies by client address, so each player connects from an address of its own, as the
/// machines of a classroom would, and the hostile clients from another.
fn connect_from(host: &str, source: Ipv4Addr) -> std::io::Result<TcpStream> {
    thread_local! {
        static RUNTIME: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime to connect with");
    }
    let address: std::net::SocketAddr = host.parse().map_err(std::io::Error::other)?;
    let stream = RUNTIME.with(|runtime| {
        runtime.block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind((source, 0).into())?;
            socket.connect(address).await
        })
    })?;
    let stream = stream.into_std()?;
    stream.set_nonblocking(false)?;
    Ok(stream)
}

/// The address of player `t`: 127.1.x.y, one for each.
fn player_address(t: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 1, (t / 250) as u8, (t % 250 + 1) as u8)
}

/// The hostile clients' address.
const HOSTILE: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

impl Client {
    fn connect(host: &str, t: usize) -> Client {
        let stream = connect_from(host, player_address(t)).expect("connect to the server");
        stream.set_nodelay(true).ok();
        stream.set_read_timeout(Some(Duration::from_secs(60))).ok();
        Client {
            reader: BufReader::new(stream),
            host: host.to_string(),
        }
    }

    /// POSTs a JSON body; the status and the JSON answer.
    fn post(&mut self, path: &str, body: &Value) -> (u16, Value) {
        let body = body.to_string();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.host,
            body.len()
        );
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes()).expect("send");
        stream.write_all(body.as_bytes()).expect("send");
        let mut status_line = String::new();
        self.reader
            .read_line(&mut status_line)
            .expect("status line");
        let status: u16 = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            self.reader.read_line(&mut line).expect("a header");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().expect("a length");
                }
            }
        }
        let mut bytes = vec![0; length];
        self.reader.read_exact(&mut bytes).expect("the body");
        (status, serde_json::from_slice(&bytes).expect("JSON"))
    }
}

/// A fixed xorshift: the person's choices, the same on every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A game in progress, held by the client (the server holds none).
struct Open {
    request: Value,
}

impl Open {
    fn new(n: u64, you: &str, opponent: &str, seed: u64, hints: bool) -> Open {
        Open {
            request: json!({"n": n, "you": you, "opponent": opponent, "seed": seed,
                            "line": [], "hints": hints}),
        }
    }

    /// One move: the request, then the person's next move from the answer (or a new game).
    /// A 503 (busy past the time limit) is counted in `BUSY`, and the same request is sent
    /// again at the next step, as the page would.
    fn step(&mut self, client: &mut Client, rng: &mut u64) -> Duration {
        let started = Instant::now();
        let (status, answer) = client.post("/api/game", &self.request);
        let took = started.elapsed();
        if status == 503 {
            BUSY.fetch_add(1, Ordering::Relaxed);
            return took;
        }
        assert_eq!(status, 200, "{answer}");
        let legal = answer["legal"].as_array().cloned().unwrap_or_default();
        let mut line = answer["line"].as_array().cloned().unwrap_or_default();
        if answer["over"] == json!(true) || legal.is_empty() {
            line.clear();
        } else {
            line.push(legal[(next(rng) % legal.len() as u64) as usize].clone());
        }
        self.request["line"] = Value::Array(line);
        took
    }
}

/// VmHWM (kB) of a process, and its CPU seconds (utime + stime).
fn server_figures(pid: u32) -> (u64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let hwm = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name in parentheses: utime and stime are fields 14 and 15.
    let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    (hwm, ticks as f64 / 100.0)
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn percentile(sorted: &[Duration], p: usize) -> f64 {
    let at = (sorted.len() * p / 100).min(sorted.len() - 1);
    sorted[at].as_secs_f64() * 1000.0
}

/// Phase 1: `threads` browsers on boards of n, `moves` moves each; the latencies.
fn games(host: &str, n: u64, moves: usize, threads: usize) -> Vec<Duration> {
    let threads: Vec<_> = (0..threads)
        .map(|t| {
            let host = host.to_string();
            std::thread::spawn(move || {
                let mut client = Client::connect(&host, t);
                let you = if t % 2 == 0 { "first" } else { "second" };
                let mut game = Open::new(n, you, "perfect", t as u64, true);
                let mut rng = 0x9E37_79B9_7F4A_7C15 ^ (t as u64 + 1);
                (0..moves)
                    .map(|_| game.step(&mut client, &mut rng))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut all: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("a thread"))
        .collect();
    all.sort();
    all
}

/// Phase 2: 10 000 games open, moved in turn by `threads` threads, `rounds` moves each.
fn many_games(host: &str, games: usize, rounds: usize, threads: usize) -> Vec<Duration> {
    let step = threads;
    let threads: Vec<_> = (0..threads)
        .map(|t| {
            let host = host.to_string();
            std::thread::spawn(move || {
                let mut client = Client::connect(&host, t);
                let mut mine: Vec<Open> = (t..games)
                    .step_by(step)
                    .map(|g| {
                        let you = if g % 2 == 0 { "first" } else { "second" };
                        Open::new(50 + (g as u64 % 1000), you, "random", g as u64, false)
                    })
                    .collect();
                let mut rng = 0xD1B5_4A32_D192_ED03 ^ (t as u64 + 1);
                let mut took = Vec::new();
                for _ in 0..rounds {
                    for game in &mut mine {
                        took.push(game.step(&mut client, &mut rng));
                    }
                }
                took
            })
        })
        .collect();
    let mut all: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("a thread"))
        .collect();
    all.sort();
    all
}

/// Whether the server has closed `stream` or answered on it (without waiting).
fn answered_or_closed(stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).ok();
    let mut byte = [0u8; 1];
    let done = !matches!(
        stream.peek(&mut byte),
        Err(ref e) if e.kind() == std::io::ErrorKind::WouldBlock
    );
    stream.set_nonblocking(false).ok();
    done
}

/// The hostile clients of `--hostile`, until `stop`: 300 half-sent requests kept open (each
/// opened again when the server closes it) and 4 trickling uploads. Counts what the server
/// closed: (half-sent requests, trickles).
fn hostile(host: String, stop: Arc<AtomicBool>) -> (usize, usize) {
    let trickles_closed = Arc::new(AtomicUsize::new(0));
    let trickles: Vec<_> = (0..4)
        .map(|_| {
            let (host, stop, closed) = (host.clone(), stop.clone(), trickles_closed.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Ok(mut stream) = connect_from(&host, HOSTILE) else {
                        std::thread::sleep(Duration::from_millis(200));
                        continue;
                    };
                    let head = format!(
                        "POST /api/verify HTTP/1.1\r\nHost: {host}\r\nContent-Type: \
                         application/octet-stream\r\nContent-Length: 100000\r\n\r\n"
                    );
                    let _ = stream.write_all(head.as_bytes());
                    while !stop.load(Ordering::Relaxed) {
                        if stream.write_all(b"J").is_err() || answered_or_closed(&stream) {
                            closed.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(200));
                    }
                }
            })
        })
        .collect();
    let half = |i: usize| {
        let mut stream = connect_from(&host, HOSTILE).ok()?;
        let sent = if i.is_multiple_of(2) {
            format!("POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Le")
        } else {
            format!(
                "POST /api/game HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{\"n\": 20,"
            )
        };
        stream.write_all(sent.as_bytes()).ok()?;
        Some(stream)
    };
    let mut open: Vec<Option<TcpStream>> = (0..300).map(half).collect();
    let mut closed = 0;
    while !stop.load(Ordering::Relaxed) {
        for (i, slot) in open.iter_mut().enumerate() {
            if slot.as_ref().is_none_or(answered_or_closed) {
                closed += usize::from(slot.is_some());
                *slot = half(i);
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    for trickle in trickles {
        let _ = trickle.join();
    }
    (closed, trickles_closed.load(Ordering::Relaxed))
}

/// Phase 3: the review and plan routes at n = 20, 1 000 and 10 000, one request at a time.
fn review_and_plan(host: &str, pid: u32, repeat: usize) {
    let mut client = Client::connect(host, 0);
    for n in [20u64, 1000, 10_000] {
        // A whole game: the person at random, the perfect player replying.
        let mut game = Open::new(n, "first", "perfect", 7, false);
        let mut rng = 0x2545_F491_4F6C_DD1D ^ n;
        let line = loop {
            let (status, answer) = client.post("/api/game", &game.request);
            assert_eq!(status, 200, "{answer}");
            let legal = answer["legal"].as_array().cloned().unwrap_or_default();
            let mut line = answer["line"].as_array().cloned().unwrap_or_default();
            if answer["over"] == json!(true) {
                break line;
            }
            line.push(legal[(next(&mut rng) % legal.len() as u64) as usize].clone());
            game.request["line"] = Value::Array(line);
        };
        let mut time = |label: &str, bodies: Vec<Value>, route: &str| {
            let (_, cpu_before) = server_figures(pid);
            let mut walls = Vec::new();
            for body in &bodies {
                for _ in 0..repeat {
                    let started = Instant::now();
                    let (status, answer) = client.post(route, body);
                    walls.push(started.elapsed());
                    assert_eq!(status, 200, "{route}: {answer}");
                }
            }
            let (_, cpu_after) = server_figures(pid);
            walls.sort();
            println!(
                "n = {n}: {label}: {} requests, wall p50 {:.2} ms (max {:.2} ms), server CPU \
                 {:.2} ms a request; load {}",
                walls.len(),
                percentile(&walls, 50),
                walls.last().unwrap().as_secs_f64() * 1000.0,
                (cpu_after - cpu_before) * 1000.0 / walls.len() as f64,
                load()
            );
        };
        let length = line.len();
        time(
            &format!("review of a whole game ({length} moves)"),
            vec![json!({"n": n, "line": line})],
            "/api/review",
        );
        time(
            "plan at the start",
            vec![json!({"n": n, "line": []})],
            "/api/plan",
        );
        time(
            &format!("plan after each move of the game ({length} positions)"),
            (1..=length)
                .map(|k| json!({"n": n, "line": line[..k].to_vec()}))
                .collect(),
            "/api/plan",
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut jg, mut moves) = ("target/release/jg".to_string(), 40usize);
    let (mut threads, mut hostile_clients) = (30usize, false);
    let mut repeat = 5usize;
    let mut phases = vec!["100".to_string(), "10000".to_string(), "open".to_string()];
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--jg" => jg = args.next().expect("--jg PATH"),
            "--moves" => moves = args.next().and_then(|m| m.parse().ok()).expect("--moves M"),
            "--threads" => {
                threads = args
                    .next()
                    .and_then(|t| t.parse().ok())
                    .expect("--threads T")
            }
            "--hostile" => hostile_clients = true,
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|r| r.parse().ok())
                    .expect("--repeat R")
            }
            "--phases" => {
                phases = (args.next().expect("--phases LIST").split(','))
                    .map(str::to_string)
                    .collect()
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let mut server = Command::new(&jg)
        .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start jg serve");
    let pid = server.id();
    let mut first = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the listening line");
    let host = first
        .trim()
        .strip_prefix("jg serve: listening on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .expect("the listening line of docs/API.md")
        .to_string();
    println!(
        "server {jg} (pid {pid}) on {host}; load average before: {}",
        load()
    );
    let (hwm, cpu) = server_figures(pid);
    println!("started: VmHWM {hwm} kB, CPU {cpu:.2} s");
    let mut cpu_before = cpu;
    let stop = Arc::new(AtomicBool::new(false));
    let attackers = hostile_clients.then(|| {
        let (host, stop) = (host.clone(), stop.clone());
        std::thread::spawn(move || hostile(host, stop))
    });
    if attackers.is_some() {
        println!("hostile clients: 300 half-sent requests and 4 trickling uploads, kept up");
        std::thread::sleep(Duration::from_secs(1));
    }
    for phase in &phases {
        let started = Instant::now();
        BUSY.store(0, Ordering::Relaxed);
        let (took, what) = match phase.as_str() {
            "review" => {
                review_and_plan(&host, pid, repeat);
                cpu_before = server_figures(pid).1;
                continue;
            }
            "open" => (
                many_games(&host, 10_000, 3, threads),
                "10000 games open (n = 50..1049, random opponent), 3 moves each, interleaved"
                    .to_string(),
            ),
            n => {
                let n: u64 = n.parse().expect("--phases: 100, 10000 (any n) or open");
                (
                    games(&host, n, moves, threads),
                    format!("n = {n}: {threads} games at once against perfect, hints on"),
                )
            }
        };
        let wall = started.elapsed().as_secs_f64();
        let (hwm, cpu_now) = server_figures(pid);
        println!(
            "{what}: {} requests ({} answered 503): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
             {:.1} requests/s; server CPU {:.2} ms a request; server VmHWM {hwm} kB; load {}",
            took.len(),
            BUSY.load(Ordering::Relaxed),
            percentile(&took, 50),
            percentile(&took, 99),
            took.last().unwrap().as_secs_f64() * 1000.0,
            took.len() as f64 / wall,
            (cpu_now - cpu_before) * 1000.0 / took.len() as f64,
            load()
        );
        cpu_before = cpu_now;
    }
    if let Some(attackers) = attackers {
        stop.store(true, Ordering::Relaxed);
        let (half, trickles) = attackers.join().expect("the hostile clients");
        println!(
            "hostile clients: the server closed {half} half-sent requests and {trickles} \
             trickling uploads"
        );
    }
    let _ = server.kill();
    let _ = server.wait();
    println!("server stopped");
}
