//! Hostile peers against `serve` on loopback (issue 40; `../shared/reviews/network-security-2.md`):
//! a flood of sources without the code, garbage datagrams, wrong codes, frames over the limit
//! or cut short, more streams than one, a code holder that floods, a seat number that
//! overflowed, links that hold places without playing. In each the host lives, stays small,
//! and an honest player is seated within 5 s.

use std::net::{SocketAddr, UdpSocket};
use std::process::Child;
use std::time::{Duration, Instant};

use iroh::endpoint::{Connection, RecvStream, SendStream, presets};
use iroh::{Endpoint, RelayMode};
use star_trek_panic::net::quic::host_end::{ADMISSION, ADMITTED, GUESSES};
use star_trek_panic::net::quic::{ALPN, Invite, runtime};

use crate::network::{all_end_as_headless, cadet_for_two, finish, invite, invite_of, port, serve};
use crate::network::{seated, strings};

pub(crate) fn alive(host: &mut Child) -> bool {
    host.try_wait().expect("wait").is_none()
}

/// A QUIC peer that dials the host as a table does, then sends what it likes.
pub(crate) struct RawPeer {
    _endpoint: Endpoint,
    pub(crate) connection: Connection,
    pub(crate) send: SendStream,
    _recv: RecvStream,
}

/// An endpoint of the test's own at `local` (port 0: any), with no relay.
pub(crate) async fn endpoint_at(local: &str) -> Endpoint {
    let local: SocketAddr = format!("{local}:0").parse().expect("an address");
    Endpoint::builder(presets::Minimal)
        .relay_mode(RelayMode::Disabled)
        .clear_ip_transports()
        .bind_addr(local)
        .expect("a local address")
        .bind()
        .await
        .expect("an endpoint binds")
}

/// Dials the invite's host from `local` and opens the link's stream; with `code`, proves it
/// and waits for the host's `ADMITTED`. `Err` with why not (within 5 s).
pub(crate) fn raw_peer(
    invite: &Invite,
    local: &str,
    code: Option<&str>,
) -> Result<RawPeer, String> {
    runtime().block_on(async {
        tokio::time::timeout(Duration::from_secs(5), async {
            let endpoint = endpoint_at(local).await;
            let connection = endpoint
                .connect(invite.host.clone(), ALPN)
                .await
                .map_err(|e| e.to_string())?;
            let (mut send, mut recv) = connection.open_bi().await.map_err(|e| e.to_string())?;
            if let Some(code) = code {
                let mut frame = ADMISSION.to_vec();
                frame.extend_from_slice(code.as_bytes());
                send.write_all(&(frame.len() as u32).to_be_bytes())
                    .await
                    .map_err(|e| e.to_string())?;
                send.write_all(&frame).await.map_err(|e| e.to_string())?;
                let mut head = [0u8; 4];
                recv.read_exact(&mut head)
                    .await
                    .map_err(|e| e.to_string())?;
                let mut answer = vec![0u8; u32::from_be_bytes(head) as usize];
                recv.read_exact(&mut answer)
                    .await
                    .map_err(|e| e.to_string())?;
                if answer != ADMITTED {
                    return Err("not admitted".to_string());
                }
            }
            Ok(RawPeer {
                _endpoint: endpoint,
                connection,
                send,
                _recv: recv,
            })
        })
        .await
        .map_err(|_| "no answer within 5 s".to_string())?
    })
}

impl RawPeer {
    /// Writes raw bytes on the link's stream (a frame, part of one, or anything).
    pub(crate) fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        runtime().block_on(async {
            tokio::time::timeout(Duration::from_secs(5), self.send.write_all(bytes))
                .await
                .map_err(|_| "held back".to_string())?
                .map_err(|e| e.to_string())
        })
    }

    /// Writes one frame: its length, then its bytes.
    pub(crate) fn frame(&mut self, bytes: &[u8]) -> Result<(), String> {
        let mut framed = (bytes.len() as u32).to_be_bytes().to_vec();
        framed.extend_from_slice(bytes);
        self.write(&framed)
    }

    /// Why the host closed the link, once it has (at most `within`).
    pub(crate) fn closed_within(&self, within: Duration) -> Option<String> {
        runtime().block_on(async {
            tokio::time::timeout(within, self.connection.closed())
                .await
                .ok()
                .map(|e| e.to_string())
        })
    }
}

/// The most memory a process has held (VmHWM), in KiB.
pub(crate) fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// How long an honest player takes to be seated at seat 1 of the game on `port`.
fn honest_seat_takes(port: u16, code: &str) -> Duration {
    let started = Instant::now();
    let _link = seated(port, code, 0);
    started.elapsed()
}

/// A wrong code is told at once ("wrong code") and costs its source a guess: after
/// `GUESSES` of them the source is turned away unheard, even with the right code, while a
/// player from elsewhere (with the code) still gets in.
#[test]
fn wrong_codes_are_told_and_limited_per_source() {
    let port = port(50);
    let code = "guess-me-not";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let mut right = invite_of(port);
    let mut wrong = right.clone();
    wrong.code = "guess-number-one".into();
    for guess in 0..GUESSES {
        let link = star_trek_panic::net::link::Connection::open_from(
            "127.0.0.2:0".parse().expect("an address"),
            &wrong,
        )
        .expect("a link");
        let started = Instant::now();
        let told = loop {
            match link.connected() {
                Err(why) => break why,
                Ok(true) => panic!("guess {guess} was let in"),
                Ok(false) => {}
            }
            assert!(started.elapsed() < Duration::from_secs(10), "no answer");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(told.contains("wrong code"), "guess {guess}: {told}");
    }
    right.code = code.into();
    let refused = raw_peer(&right, "127.0.0.2", Some(code));
    assert!(refused.is_err(), "a source past its guesses was let in");
    let took = honest_seat_takes(port, code);
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let (_, _, log) = finish({
        let _ = host.kill();
        host
    });
    assert!(
        took < Duration::from_secs(5),
        "the honest player took {took:?}"
    );
    assert!(log.contains("connections turned away"), "{log}");
}

/// Someone without the code floods the host: 30-byte zero datagrams from 66 sources on
/// 127.0.0.2–7, and QUIC connections from six of them that open their stream and never prove
/// the code. The host lives, grows by less than 100 MB, and an honest player is seated
/// within 5 s.
#[test]
fn a_flood_without_the_code_keeps_no_honest_player_out() {
    let port = port(51);
    let code = "flood-proof";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let invite = invite_of(port);
    let before = peak_kib(host.id());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let datagrams = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let sockets: Vec<UdpSocket> = (0..66)
                .filter_map(|i| UdpSocket::bind(format!("127.0.0.{}:0", 2 + i % 6)).ok())
                .collect();
            let to: SocketAddr = ([127, 0, 0, 1], port).into();
            let started = Instant::now();
            while !stop.load(std::sync::atomic::Ordering::Relaxed)
                && started.elapsed() < Duration::from_secs(20)
            {
                for socket in &sockets {
                    let _ = socket.send_to(&[0u8; 30], to);
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let silent = {
        let (stop, invite) = (stop.clone(), invite.clone());
        std::thread::spawn(move || {
            let mut held = Vec::new();
            let started = Instant::now();
            let mut round = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed)
                && started.elapsed() < Duration::from_secs(20)
            {
                let local = format!("127.0.0.{}", 2 + round % 6);
                if let Ok(peer) = raw_peer(&invite, &local, None) {
                    held.push(peer);
                }
                held.retain(|p: &RawPeer| p.connection.close_reason().is_none());
                round += 1;
            }
            round
        })
    };
    std::thread::sleep(Duration::from_secs(2));
    let took = honest_seat_takes(port, code);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = datagrams.join();
    let tries = silent.join().expect("the flood's thread");
    let grew = peak_kib(host.id()).saturating_sub(before);
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
    eprintln!(
        "flood: {tries} silent connections tried; the honest seat took {took:?}; the host grew {grew} KiB"
    );
    assert!(
        took < Duration::from_secs(5),
        "the honest player took {took:?}"
    );
    assert!(grew < 100_000, "the host grew by {grew} KiB");
}

/// A code holder's frames that break the link's rules end its link, not the host: a length
/// over the limit, and a stream that cannot open a second one. A frame cut short holds only
/// its own link. An honest player is seated all the while.
#[test]
fn frames_over_the_limit_or_cut_short_end_only_their_link() {
    let port = port(52);
    let code = "frame-rules";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let invite = invite_of(port);
    let mut huge = raw_peer(&invite, "127.0.0.2", Some(code)).expect("admitted");
    huge.write(&u32::MAX.to_be_bytes()).expect("written");
    let why = huge.closed_within(Duration::from_secs(5));
    assert!(
        why.as_deref().is_some_and(|w| w.contains("over the limit")),
        "{why:?}"
    );
    let mut cut = raw_peer(&invite, "127.0.0.3", Some(code)).expect("admitted");
    cut.write(&1000u32.to_be_bytes()).expect("written");
    cut.write(b"{\"Hello\":").expect("written");
    let second = runtime().block_on(async {
        tokio::time::timeout(Duration::from_secs(1), cut.connection.open_bi()).await
    });
    assert!(second.is_err(), "a second stream opened");
    let took = honest_seat_takes(port, code);
    assert!(
        took < Duration::from_secs(5),
        "the honest player took {took:?}"
    );
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
}

/// A code holder sends frames as fast as the host takes them, up to 100,000 or a minute
/// (garbage, empty, JSON that is no message, messages out of turn), coming back after each
/// hang-up, while an honest client plays: the host lives, grows by less than 100 MB, and the
/// honest game ends with the hash it reaches headless. (Here: 33,955 frames over 15 links in
/// the minute, the strikes' hang-ups and flow control setting the pace; the host grew 0 KiB.)
#[test]
fn a_hostile_code_holder_cannot_crash_or_bloat_the_host() {
    let port = port(27);
    let code = "hostile-run";
    let host = crate::network::spawn(&cadet_for_two(&port.to_string(), code));
    let host_pid = host.id();
    let invite = invite_of(port);
    let before = peak_kib(host_pid);
    let honest = crate::network::spawn(&strings(&[
        "join",
        &crate::network::invite(port),
        "--seat",
        "1",
        "--bot",
        "--json",
    ]));
    let mut noise = 0x5354_5021u64;
    let mut next = move || {
        noise ^= noise >> 12;
        noise ^= noise << 25;
        noise ^= noise >> 27;
        noise.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut sent = 0u32;
    let mut links = 0;
    let started = Instant::now();
    while sent < 100_000 && started.elapsed() < Duration::from_secs(60) {
        let Ok(mut peer) = raw_peer(&invite, "127.0.0.2", Some(code)) else {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        links += 1;
        while sent < 100_000 && started.elapsed() < Duration::from_secs(60) {
            let frame: Vec<u8> = match next() % 4 {
                0 => Vec::new(),
                1 => (0..next() % 300).map(|_| next() as u8).collect(),
                2 => b"{\"Act\":{\"at\":0,\"action\":{}}}".to_vec(),
                _ => b"\"Sync\"".to_vec(),
            };
            if peer.frame(&frame).is_err() {
                break;
            }
            sent += 1;
        }
    }
    let grew = peak_kib(host_pid).saturating_sub(before);
    eprintln!("hostile run: {sent} frames over {links} links; the host grew {grew} KiB");
    assert!(sent >= 100_000 || links > 5, "only {sent} sent in a minute");
    assert!(grew < 100_000, "the host grew by {grew} KiB");
    all_end_as_headless(
        3,
        2,
        "cadet",
        vec![("host", host), ("honest client", honest)],
    );
}

/// `Hello` for seat 255 once overflowed `seat + 1` in a debug host; now it is refused in
/// words, and the host lives.
#[test]
fn a_hello_for_seat_255_is_refused_not_an_overflow() {
    use star_trek_panic::net::protocol::{ToClient, ToHost};
    let port = port(24);
    let code = "seat-255";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let mut link = crate::network::connected(port, code);
    link.send(&ToHost::Hello {
        seat: Some(255),
        ticket: None,
    });
    let got = crate::network::pump(&mut link, |m| {
        m.iter().any(|m| matches!(m, ToClient::Refused { .. }))
    });
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
    let reason = got.iter().find_map(|m| match m {
        ToClient::Refused { reason } => Some(reason.clone()),
        _ => None,
    });
    assert_eq!(
        reason.as_deref(),
        Some("seat 256 is not free; seat 1 is"),
        "{got:?}"
    );
}

/// A link that connects and never asks for a seat is dropped by the host within seconds, so
/// idle links cannot hold every place.
#[test]
fn a_link_that_never_asks_for_a_seat_is_dropped() {
    let port = port(25);
    let code = "silent-arrival";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let mut link = crate::network::connected(port, code);
    let gone = crate::network::hung_up(&mut link);
    let _ = host.kill();
    let (_, _, log) = finish(host);
    assert!(gone, "the host kept a link that asked for nothing");
    assert!(log.contains("it asked for no seat"), "{log}");
}

/// A seated table that falls silent (its process stopped, so not even QUIC's keep-alives
/// come) loses its link to the host's idle time-out; its player, back with the seat's
/// ticket, takes the seat again.
#[test]
fn a_silent_link_loses_its_seat_and_its_ticket_takes_it_back() {
    let port = port(26);
    let code = "no-time-out";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let ticket = crate::trust::scratch_dir("silent-link").join("ticket");
    let join = |delay: &str| {
        crate::network::spawn(&strings(&[
            "join",
            &invite(port),
            "--seat",
            "1",
            "--bot",
            "--json",
            "--delay-ms",
            delay,
            "--ticket",
            ticket.to_str().expect("UTF-8"),
        ]))
    };
    let mut first = join("60000");
    let started = Instant::now();
    while !ticket.exists() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(ticket.exists(), "the first table was never seated");
    let stopped = std::process::Command::new("kill")
        .args(["-STOP", &first.id().to_string()])
        .status()
        .expect("kill");
    assert!(stopped.success());
    let back = join("0");
    let (code_back, out, err) = finish(back);
    let _ = first.kill();
    let _ = first.wait();
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
    assert_eq!(code_back, Some(0), "{out}{err}");
    assert!(out.contains("final_hash"), "{out}{err}");
}

/// A hostile host, as the invite names it, against a table: it admits the table, then
/// sends a frame that is no message, then a length over the limit. The table reads the first
/// as an error in words and ends its link at the second, with why; nothing panics. `join
/// --bot` against it ends with an error, not a crash.
#[test]
fn a_hostile_host_cannot_crash_a_table() {
    let (invite, _host) = runtime().block_on(async {
        let endpoint = Endpoint::builder(presets::Minimal)
            .relay_mode(RelayMode::Disabled)
            .alpns(vec![ALPN.to_vec()])
            .clear_ip_transports()
            .bind_addr("127.0.0.1:0".parse::<SocketAddr>().expect("an address"))
            .expect("an address")
            .bind()
            .await
            .expect("the fake host binds");
        let port = endpoint.bound_sockets()[0].port();
        let invite: Invite = format!("any-code-at-all@{},127.0.0.1:{port}", endpoint.id())
            .parse()
            .expect("an invite");
        let accepting = endpoint.clone();
        tokio::spawn(async move {
            while let Some(incoming) = accepting.accept().await {
                tokio::spawn(async move {
                    let Ok(connection) = incoming.await else {
                        return;
                    };
                    let Ok((mut send, mut recv)) = connection.accept_bi().await else {
                        return;
                    };
                    let mut head = [0u8; 4];
                    let _ = recv.read_exact(&mut head).await;
                    let mut rest = vec![0u8; u32::from_be_bytes(head).min(300) as usize];
                    let _ = recv.read_exact(&mut rest).await;
                    let mut out = (ADMITTED.len() as u32).to_be_bytes().to_vec();
                    out.extend_from_slice(ADMITTED);
                    out.extend_from_slice(&4u32.to_be_bytes());
                    out.extend_from_slice(b"\xff\xfe{[");
                    out.extend_from_slice(&u32::MAX.to_be_bytes());
                    let _ = send.write_all(&out).await;
                    connection.closed().await;
                });
            }
        });
        (invite, endpoint)
    });
    let mut link = star_trek_panic::net::link::Connection::open(&invite).expect("a link");
    let started = Instant::now();
    let mut errors = Vec::new();
    let gone = loop {
        errors.extend(link.receive().into_iter().filter_map(Result::err));
        if let Err(why) = link.update() {
            break why;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the link never ended: {:?}",
            link.connected()
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(gone.contains("over the limit"), "{gone}");
    assert!(errors.iter().any(|e| e.contains("malformed")), "{errors:?}");
    let join = crate::network::spawn(&strings(&["join", &invite.to_string(), "--bot"]));
    let (code, _, err) = finish(join);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("error:"), "{err}");
}
