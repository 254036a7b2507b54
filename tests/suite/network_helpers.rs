//! The network tests' helpers: ports of their own, `serve` and `join` as processes with the
//! invite `serve` writes, links that connect, take a seat and collect what the host says.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use stp_rules::GameOptions;
use stp_rules::files::hash_text;
use stp_rules::sim::play_game;

/// A port of this test's own, so tests running at once never share one. Below Linux's
/// ephemeral range (32768 and up): an endpoint bound to "any port" (every table's) never
/// takes a test host's port before it binds (a host that found its port taken wrote no
/// invite, and its test failed after 30 s).
pub(crate) fn port(offset: u16) -> u16 {
    20_000 + (std::process::id() % 3_000) as u16 * 4 + offset
}

pub(crate) fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args(with_invite_file(args))
        .stdout(Stdio::piped())
        .stderr(if std::env::var_os("STP_HOST_LOG").is_some() {
            Stdio::inherit()
        } else {
            Stdio::piped()
        })
        .spawn()
        .expect("run the game")
}

/// Where `serve` on `port` writes its invite in these tests.
fn invite_path(port: u16) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("stp-tests-{}-invite-{port}", std::process::id()))
}

/// `serve`'s arguments with `--relay none` (the tests reach nothing outside this machine)
/// and, when they name a port, `--invite-file` where `invite(port)` reads it; other
/// commands' arguments as they are.
pub(crate) fn with_invite_file(args: &[String]) -> Vec<String> {
    let mut args = args.to_vec();
    if args.first().map(String::as_str) != Some("serve") {
        return args;
    }
    if let Some(at) = args.iter().position(|a| a == "--port") {
        let port: u16 = args[at + 1].parse().expect("a port");
        let path = invite_path(port);
        let _ = std::fs::remove_file(&path);
        args.extend(strings(&["--invite-file", path.to_str().expect("UTF-8")]));
    }
    if !args.iter().any(|a| a == "--relay") {
        args.extend(strings(&["--relay", "none"]));
    }
    args
}

/// The invite of the game `serve` hosts on `port`, once it has written it (at most 30 s).
pub(crate) fn invite(port: u16) -> String {
    let path = invite_path(port);
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(&path)
            && !text.is_empty()
        {
            return text;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "serve on port {port} wrote no invite"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The same, read as an invite.
pub(crate) fn invite_of(port: u16) -> star_trek_panic::net::quic::Invite {
    invite(port).parse().expect("an invite")
}

/// `serve` on `port` for `players` seats, the last `bots` of them its own bot's, with
/// `extra` options; returns once its port has had a moment to open.
pub(crate) fn serve(port: u16, code: &str, players: usize, bots: usize, extra: &[&str]) -> Child {
    let mut args = strings(&["serve", "--port", &port.to_string(), "--code", code]);
    args.extend(strings(&[
        "--players",
        &players.to_string(),
        "--bots",
        &bots.to_string(),
    ]));
    args.extend(strings(extra));
    let child = spawn(&args);
    std::thread::sleep(Duration::from_millis(300));
    child
}

/// Waits for a process (at most three minutes, for a loaded CI machine); its exit code and
/// standard output.
pub(crate) fn finish(mut child: Child) -> (Option<i32>, String, String) {
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(180) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every process ends well, with the hash the same game reaches played headless by the bot;
/// what each said on standard error, in their order.
pub(crate) fn all_end_as_headless(
    seed: u64,
    players: usize,
    preset: &str,
    processes: Vec<(&str, Child)>,
) -> Vec<String> {
    let expected = play_game(&GameOptions::quick(seed, players, preset), false, false)
        .expect("the preset deals");
    let expected = hash_text(expected.final_hash);
    let mut said = Vec::new();
    for (who, process) in processes {
        let (code, out, err) = finish(process);
        assert_eq!(code, Some(0), "{who}: {err}");
        let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
        assert_eq!(
            value["final_hash"],
            expected.as_str(),
            "{who}: {out}\n{err}"
        );
        said.push(err);
    }
    said
}

/// `serve`'s arguments for a cadet game of two (seed 3) on `port`, its second seat the
/// host's bot, printing its end as JSON: the game every two-seat test plays.
pub(crate) fn cadet_for_two(port: &str, code: &str) -> Vec<String> {
    strings(&[
        "serve",
        "--port",
        port,
        "--code",
        code,
        "--seed",
        "3",
        "--players",
        "2",
        "--bots",
        "1",
        "--preset",
        "cadet",
        "--json",
    ])
}

pub(crate) fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Collects the host's messages for a while (the link pumped every few milliseconds).
pub(crate) fn pump(
    link: &mut star_trek_panic::net::link::Connection,
    until: impl Fn(&[star_trek_panic::net::protocol::ToClient]) -> bool,
) -> Vec<star_trek_panic::net::protocol::ToClient> {
    let started = Instant::now();
    let mut got = Vec::new();
    while started.elapsed() < Duration::from_secs(10) {
        if link.update().is_err() {
            break;
        }
        got.extend(link.receive().into_iter().filter_map(Result::ok));
        let _ = link.flush();
        if until(&got) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    got
}

/// Pumps the link until the host hangs up on it (at most 10 s); whether it did.
pub(crate) fn hung_up(link: &mut star_trek_panic::net::link::Connection) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if link.update().is_err() || link.flush().is_err() {
            return true;
        }
        let _ = link.receive();
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// Opens a link to the host on `port`; returns it once connected (no seat yet).
pub(crate) fn connected(port: u16, code: &str) -> star_trek_panic::net::link::Connection {
    connected_from("0.0.0.0", port, code)
}

/// The same from a local address of this machine (`127.0.0.2` stands for another one).
pub(crate) fn connected_from(
    local: &str,
    port: u16,
    code: &str,
) -> star_trek_panic::net::link::Connection {
    use star_trek_panic::net::link::Connection;
    let local = format!("{local}:0").parse().expect("address");
    let _ = code;
    let mut link = Connection::open_from(local, &invite_of(port)).expect("a link");
    let started = Instant::now();
    while !link.connected().expect("the host answers") {
        link.update().expect("link");
        let _ = link.flush();
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "never connected"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    link
}

/// Opens a link and takes a seat; returns it once welcomed.
pub(crate) fn seated(port: u16, code: &str, seat: u8) -> star_trek_panic::net::link::Connection {
    seated_with(port, code, seat, None).0
}

/// Opens a link and takes a seat, showing `ticket` when there is one; returns it once
/// welcomed, with the seat's ticket.
pub(crate) fn seated_with(
    port: u16,
    code: &str,
    seat: u8,
    ticket: Option<String>,
) -> (star_trek_panic::net::link::Connection, String) {
    use star_trek_panic::net::protocol::{ToClient, ToHost};
    let mut link = connected(port, code);
    link.send(&ToHost::Hello {
        seat: Some(seat),
        ticket,
    });
    let got = pump(&mut link, |m| {
        m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
    });
    let Some(ToClient::Welcome { ticket, .. }) = got.last() else {
        panic!("not welcomed: {got:?}");
    };
    let ticket = ticket.clone();
    (link, ticket)
}
