//! A hostile peer, and a client on another host (issue "Play across machines that really
//! crosses machines"; `../shared/reviews/network-security.md` F1–F3 and X1). The guard's
//! checks alone, then against `serve` on loopback: datagrams that panicked renetcode, a slice
//! that panicked renet, empty messages on channels nobody reads. Last, a whole game between
//! two network namespaces joined by a veth pair, made by the test.

use std::net::{SocketAddr, UdpSocket};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use renet_netcode::{ClientAuthentication, ConnectToken};
use renetcode::NetcodeClient;
use star_trek_panic::net::guard::{SliceGuard, netcode_datagram_is_sound};
use star_trek_panic::net::link::token_addresses;
use star_trek_panic::net::{PROTOCOL_ID, key_from_secret, now};

use crate::network::{all_end_as_headless, finish, port, seated, serve, strings};

/// renetcode reads up to 15 sequence bytes into an 8-byte buffer and takes its MAC's 16 bytes
/// from whatever is left; the guard lets through only what it can read.
#[test]
fn the_guard_drops_datagrams_that_would_panic_renetcode() {
    let mut odd = [0u8; 18];
    odd[0] = 0x93; // a response "with 9 sequence bytes"
    assert!(!netcode_datagram_is_sound(&odd));
    assert!(
        !netcode_datagram_is_sound(&[0x35; 18]),
        "no room for the MAC"
    );
    assert!(!netcode_datagram_is_sound(&[]));
    assert!(!netcode_datagram_is_sound(&[0x17; 40]), "no packet type 7");
    // A keep-alive with a 3-byte sequence and its MAC, and a connection request.
    assert!(netcode_datagram_is_sound(&[0x33; 20]));
    assert!(netcode_datagram_is_sound(&[0x00; 1078]));
}

/// A renet slice packet: type, sequence, channel, message, slice index, slice count, then a
/// payload of `len` bytes.
fn slice(kind: u8, message: u8, index: u8, count: u8, len: usize) -> Vec<u8> {
    let mut p = vec![kind, 0, 2, message, index, count];
    p.extend([0x40 | (len >> 8) as u8, len as u8]);
    p.extend(std::iter::repeat_n(0u8, len));
    p
}

/// renet indexes a message's slices by the number each slice names; the guard refuses an
/// index past the count, and a count that differs from the message's first slice.
#[test]
fn the_guard_refuses_a_slice_beyond_its_message() {
    let mut guard = SliceGuard::default();
    assert!(!guard.admit(7, &slice(2, 0, 5, 2, 1200)), "slice 5 of 2");
    assert!(guard.admit(7, &slice(2, 1, 0, 3, 1200)));
    assert!(guard.admit(7, &slice(2, 1, 2, 3, 1200)));
    assert!(
        !guard.admit(7, &slice(2, 1, 1, 9, 1200)),
        "the count changed"
    );
    assert!(
        !guard.admit(7, &slice(3, 4, 3, 3, 100)),
        "unreliable slices too"
    );
    // Not a slice: renet's own parser checks it.
    assert!(guard.admit(7, &[0, 0, 2, 0, 0]));
    guard.forget(7);
    assert!(
        guard.admit(7, &slice(2, 1, 1, 9, 1200)),
        "a new link starts afresh"
    );
}

/// A client that dials the host's address elsewhere also names the host's loopback, which
/// every host lists, so renetcode's host-list check passes wherever the host is reached.
#[test]
fn a_join_token_names_the_dialled_address_and_the_hosts_loopback() {
    let dialled: SocketAddr = "10.0.0.2:5000".parse().expect("an address");
    let named = token_addresses(dialled);
    assert_eq!(
        named,
        [
            "10.0.0.2:5000".parse().expect("an address"),
            "127.0.0.1:5000".parse().expect("an address")
        ]
    );
    let loopback: SocketAddr = "127.0.0.1:5000".parse().expect("an address");
    assert_eq!(token_addresses(loopback), [loopback]);
}

/// A bare netcode client with a good token: it can send what no honest client would.
fn raw_client(port: u16, code: &str) -> (NetcodeClient, UdpSocket, SocketAddr) {
    let to: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
    let token = ConnectToken::generate(
        now(),
        PROTOCOL_ID,
        300,
        42,
        5,
        vec![to],
        None,
        &key_from_secret(code),
    )
    .expect("a token");
    let client = NetcodeClient::new(
        now(),
        ClientAuthentication::Secure {
            connect_token: token,
        },
    )
    .expect("a client");
    let socket = UdpSocket::bind("127.0.0.1:0").expect("a socket");
    socket
        .set_read_timeout(Some(Duration::from_millis(5)))
        .expect("a timeout");
    (client, socket, to)
}

/// Drives the handshake (at most 5 s); whether netcode connected.
fn handshake(client: &mut NetcodeClient, socket: &UdpSocket) -> bool {
    let started = Instant::now();
    let mut buffer = [0u8; 1400];
    while started.elapsed() < Duration::from_secs(5) && !client.is_connected() {
        if let Some((packet, addr)) = client.update(Duration::from_millis(5)) {
            socket.send_to(packet, addr).expect("send");
        }
        if let Ok((len, _)) = socket.recv_from(&mut buffer) {
            let _ = client.process_packet(&mut buffer[..len]);
        }
    }
    client.is_connected()
}

fn alive(host: &mut Child) -> bool {
    host.try_wait().expect("wait").is_none()
}

/// The datagrams that killed `serve` (a pending client's, then a connected one's) are
/// dropped: the host lives, and an honest player still takes a seat.
#[test]
fn an_odd_or_short_datagram_does_not_kill_the_host() {
    let port = port(20);
    let code = "odd-datagrams";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let (mut client, socket, to) = raw_client(port, code);
    let (request, addr) = client.update(Duration::ZERO).expect("a connection request");
    socket.send_to(request, addr).expect("send");
    std::thread::sleep(Duration::from_millis(50));
    let mut odd = [0u8; 18];
    odd[0] = 0x93;
    socket.send_to(&odd, to).expect("send");
    socket.send_to(&[0x35; 18], to).expect("send");
    std::thread::sleep(Duration::from_millis(200));
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    assert!(
        handshake(&mut client, &socket),
        "the handshake did not finish"
    );
    odd[0] = 0x95;
    socket.send_to(&odd, to).expect("send");
    socket.send_to(&[0x34; 18], to).expect("send");
    std::thread::sleep(Duration::from_millis(200));
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    // `seated` returns once the host welcomes the player to its seat.
    let _player = seated(port, code, 0);
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
}

/// A slice numbered past its message's count, sent over a real link, is refused: the host
/// drops that link and lives.
#[test]
fn a_slice_beyond_its_message_drops_the_link_not_the_host() {
    let port = port(21);
    let code = "odd-slices";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let (mut client, socket, _) = raw_client(port, code);
    assert!(
        handshake(&mut client, &socket),
        "the handshake did not finish"
    );
    let bad = slice(2, 0, 5, 2, 1000);
    let (addr, datagram) = client
        .generate_payload_packet(&bad)
        .expect("a payload packet");
    socket.send_to(datagram, addr).expect("send");
    std::thread::sleep(Duration::from_millis(300));
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    // The host said goodbye to the link (netcode's disconnect packet ends the client).
    let started = Instant::now();
    let mut buffer = [0u8; 1400];
    while started.elapsed() < Duration::from_secs(5) && client.is_connected() {
        let _ = client.update(Duration::from_millis(5));
        if let Ok((len, _)) = socket.recv_from(&mut buffer) {
            let _ = client.process_packet(&mut buffer[..len]);
        }
    }
    let _ = host.kill();
    assert!(
        !client.is_connected(),
        "the host kept a link that sent a bad slice"
    );
}

/// The host configures only the channel the game reads: a peer that sends empty messages on
/// renet's other default channels (which no one read, and which grew the host by hundreds
/// of megabytes) is disconnected, and the host lives.
#[test]
fn empty_messages_on_unused_channels_drop_the_link() {
    let port = port(22);
    let code = "empty-messages";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let (mut client, socket, _) = raw_client(port, code);
    assert!(
        handshake(&mut client, &socket),
        "the handshake did not finish"
    );
    // renet's default client: channels 0, 1 and 2.
    let mut renet = renet::RenetClient::new(renet::ConnectionConfig::default());
    renet.set_connected();
    let started = Instant::now();
    let mut buffer = [0u8; 1400];
    while started.elapsed() < Duration::from_secs(5) && client.is_connected() {
        for _ in 0..200 {
            renet.send_message(renet::DefaultChannel::Unreliable, Vec::<u8>::new());
        }
        renet.update(Duration::from_millis(5));
        for packet in renet.get_packets_to_send() {
            if let Ok((addr, datagram)) = client.generate_payload_packet(&packet) {
                let _ = socket.send_to(datagram, addr);
            }
        }
        let _ = client.update(Duration::from_millis(5));
        if let Ok((len, _)) = socket.recv_from(&mut buffer) {
            let _ = client.process_packet(&mut buffer[..len]);
        }
    }
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
    assert!(
        !client.is_connected(),
        "the host kept a link that used another channel"
    );
}

/// Two network namespaces joined by a veth pair: a host in one, a client in the other, each
/// with its own address on their shared link. Both go when the test ends.
struct TwoHosts {
    host: String,
    client: String,
    host_address: String,
}

fn ip(args: &[&str]) {
    let out = Command::new("ip")
        .args(args)
        .output()
        .expect("ip (iproute2) is installed by scripts/setup.sh");
    assert!(
        out.status.success(),
        "ip {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl TwoHosts {
    fn make(tag: u32) -> TwoHosts {
        let id = std::process::id() % 100_000;
        let (host, client) = (format!("stp-h{id}-{tag}"), format!("stp-c{id}-{tag}"));
        let (vh, vc) = (format!("vh{id}{tag}"), format!("vc{id}{tag}"));
        let net = 200 + (id % 50) as u8 + tag as u8;
        let made = TwoHosts {
            host_address: format!("10.213.{net}.1"),
            host: host.clone(),
            client: client.clone(),
        };
        ip(&["netns", "add", &host]);
        ip(&["netns", "add", &client]);
        ip(&["link", "add", &vh, "type", "veth", "peer", "name", &vc]);
        ip(&["link", "set", &vh, "netns", &host]);
        ip(&["link", "set", &vc, "netns", &client]);
        ip(&[
            "-n",
            &host,
            "addr",
            "add",
            &format!("10.213.{net}.1/24"),
            "dev",
            &vh,
        ]);
        ip(&[
            "-n",
            &client,
            "addr",
            "add",
            &format!("10.213.{net}.2/24"),
            "dev",
            &vc,
        ]);
        for (ns, dev) in [(&host, &vh), (&client, &vc)] {
            ip(&["-n", ns, "link", "set", dev, "up"]);
            ip(&["-n", ns, "link", "set", "lo", "up"]);
        }
        made
    }

    fn spawn_in(namespace: &str, args: &[String]) -> Child {
        Command::new("ip")
            .args([
                "netns",
                "exec",
                namespace,
                env!("CARGO_BIN_EXE_star-trek-panic"),
            ])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run the game in a namespace")
    }
}

impl Drop for TwoHosts {
    fn drop(&mut self) {
        for ns in [&self.host, &self.client] {
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
        }
    }
}

/// A host in one namespace and a client in another, which dials the host's own address on
/// their link (not loopback), play a whole game to the hash the same game reaches headless.
#[test]
fn a_client_on_another_host_joins_and_plays_to_the_end() {
    let hosts = TwoHosts::make(1);
    let code = "two-hosts";
    let host = TwoHosts::spawn_in(
        &hosts.host,
        &strings(&[
            "serve",
            "--port",
            "41234",
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
        ]),
    );
    std::thread::sleep(Duration::from_millis(400));
    let address = format!("{}:41234", hosts.host_address);
    let client = TwoHosts::spawn_in(
        &hosts.client,
        &strings(&[
            "join", &address, "--code", code, "--seat", "1", "--bot", "--json",
        ]),
    );
    all_end_as_headless(3, 2, "cadet", vec![("host", host), ("client", client)]);
}

/// A client on the host's own machine that dials another loopback address (127.0.0.2) is
/// answered from 127.0.0.1, and takes that answer: it plays the game to its end.
#[test]
fn a_client_that_dials_127_0_0_2_plays_to_the_end() {
    let port = port(23);
    let code = "another-loopback";
    let host = crate::network::spawn(&strings(&[
        "serve",
        "--port",
        &port.to_string(),
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
    ]));
    std::thread::sleep(Duration::from_millis(300));
    let client = crate::network::spawn(&strings(&[
        "join",
        &format!("127.0.0.2:{port}"),
        "--code",
        code,
        "--seat",
        "1",
        "--bot",
        "--json",
    ]));
    all_end_as_headless(3, 2, "cadet", vec![("host", host), ("client", client)]);
}

/// A peer's text shows plainly: no control codes, no bidi overrides or zero-width marks, and
/// no more than its cap; serde's own words (which quote the input) never reach a refusal.
#[test]
fn a_peers_words_are_shown_plainly_and_never_echoed_in_a_refusal() {
    use star_trek_panic::net::protocol::{ToHost, decode_from_peer, sanitise};
    assert_eq!(sanitise("  hi\u{1b}[2J there\u{202E}  ", 50), "hi[2J there");
    assert_eq!(sanitise("a\u{200B}b\u{2066}c\u{FEFF}", 50), "abc");
    assert_eq!(sanitise("abcdef", 4), "abc…");
    let refusal = decode_from_peer::<ToHost>(br#"{"WarpCoreBreach":{"factor":9}}"#)
        .expect_err("no such message");
    assert!(refusal.starts_with("a malformed message"), "{refusal}");
    assert!(
        !refusal.contains("WarpCoreBreach"),
        "the refusal echoes the input: {refusal}"
    );
}

/// Strikes belong to the address, so a reconnection does not wipe them, and they are
/// forgiven one per `STRIKE_DECAY`.
#[test]
fn strikes_stay_with_the_address_and_decay() {
    use star_trek_panic::net::links::{STRIKE_DECAY, STRIKES, Strikes};
    let mut strikes = Strikes::default();
    let at: std::net::IpAddr = "127.0.0.1".parse().expect("an address");
    let start = Instant::now();
    for _ in 0..STRIKES - 1 {
        assert!(!strikes.add(at, start));
    }
    assert!(strikes.add(at, start), "the tenth refusal hangs up");
    assert_eq!(
        strikes.of(at),
        STRIKES / 2,
        "the next link starts with half"
    );
    let later = start + STRIKE_DECAY * 3;
    assert!(!strikes.add(at, later));
    assert_eq!(
        strikes.of(at),
        STRIKES / 2 - 3 + 1,
        "three forgiven, one added"
    );
}

/// A link that never asks for a seat is dropped after a few seconds; one that asked waits
/// longer; a seated one is not watched.
#[test]
fn links_without_a_seat_are_dropped_in_time() {
    use star_trek_panic::net::links::{Arrivals, SEATLESS, SILENT_ARRIVAL};
    let mut arrivals = Arrivals::default();
    let start = Instant::now();
    for client in [1, 2, 3] {
        arrivals.arrived(client, start);
    }
    arrivals.asked(2);
    arrivals.settled(3);
    let soon = start + SILENT_ARRIVAL + Duration::from_millis(1);
    assert_eq!(arrivals.overdue(soon), [(1, "it asked for no seat")]);
    let late = start + SEATLESS + Duration::from_millis(1);
    let late: Vec<u64> = arrivals.overdue(late).into_iter().map(|(c, _)| c).collect();
    assert_eq!(late, [1, 2]);
}

/// `Hello` for seat 255 once overflowed `seat + 1` in a debug host; now it is refused in
/// words, and the host lives.
#[test]
fn a_hello_for_seat_255_is_refused_not_an_overflow() {
    use star_trek_panic::net::protocol::{ToClient, ToHost};
    let port = port(24);
    let code = "seat-255";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let mut link = crate::network::connected(port, code, 0);
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
    let mut link = crate::network::connected(port, code, 0);
    let gone = crate::network::hung_up(&mut link);
    let _ = host.kill();
    let (_, _, log) = finish(host);
    assert!(gone, "the host kept a link that asked for nothing");
    assert!(log.contains("it asked for no seat"), "{log}");
}

/// A client whose token turns netcode's time-out off, seated and then silent, loses the seat
/// to the host's own time-out: its player can take it back with a fresh link.
#[test]
fn a_silent_link_loses_its_seat_whatever_its_token_says() {
    use star_trek_panic::net::protocol::{ToClient, ToHost, decode, encode};
    let port = port(26);
    let code = "no-time-out";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    let to: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
    let token = ConnectToken::generate(
        now(),
        PROTOCOL_ID,
        300,
        77,
        -1,
        vec![to],
        None,
        &key_from_secret(code),
    )
    .expect("a token");
    let mut client = NetcodeClient::new(
        now(),
        ClientAuthentication::Secure {
            connect_token: token,
        },
    )
    .expect("a client");
    let socket = UdpSocket::bind("127.0.0.1:0").expect("a socket");
    socket
        .set_read_timeout(Some(Duration::from_millis(5)))
        .expect("a timeout");
    assert!(handshake(&mut client, &socket));
    let mut renet = renet::RenetClient::new(star_trek_panic::net::connection_config());
    renet.set_connected();
    renet.send_message(
        renet::DefaultChannel::ReliableOrdered,
        encode(&ToHost::Hello {
            seat: Some(0),
            ticket: None,
        }),
    );
    let started = Instant::now();
    let mut welcomed = false;
    let mut buffer = [0u8; 1400];
    while started.elapsed() < Duration::from_secs(5) && !welcomed {
        renet.update(Duration::from_millis(5));
        for packet in renet.get_packets_to_send() {
            if let Ok((addr, datagram)) = client.generate_payload_packet(&packet) {
                let _ = socket.send_to(datagram, addr);
            }
        }
        let _ = client.update(Duration::from_millis(5));
        if let Ok((len, _)) = socket.recv_from(&mut buffer)
            && let Some(payload) = client.process_packet(&mut buffer[..len])
        {
            renet.process_packet(payload);
        }
        while let Some(bytes) = renet.receive_message(renet::DefaultChannel::ReliableOrdered) {
            welcomed |= matches!(decode::<ToClient>(&bytes), Ok(ToClient::Welcome { .. }));
        }
    }
    assert!(welcomed, "the silent client never got its seat");
    // Silence now. Within the host's time-out and a little, a fresh link asking every half
    // second (as a table waiting for its seat does) gets the seat.
    let mut link = crate::network::connected(port, code, 0);
    let started = Instant::now();
    let mut back = false;
    while started.elapsed() < Duration::from_secs(20) && !back {
        link.send(&ToHost::Hello {
            seat: Some(0),
            ticket: None,
        });
        let got = crate::network::pump(&mut link, |m| !m.is_empty());
        back = got.iter().any(|m| matches!(m, ToClient::Welcome { .. }));
        std::thread::sleep(Duration::from_millis(500));
    }
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
    assert!(back, "the seat stayed with a silent link");
}

/// A tiny deterministic generator for the mutations (xorshift64*).
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The most memory a process has held (VmHWM), in KiB.
fn peak_kib(pid: u32) -> u64 {
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

/// A code holder throws 100,000 mutated and hand-made datagrams at `serve` while an honest
/// client plays: raw datagrams of every packet type and length, and renet packets of every
/// kind through a real link (which the host drops at the first bad one, so most of them
/// then meet netcode's own refusal). The host lives, its memory stays bounded, and the honest
/// game ends with the hash it reaches headless.
#[test]
fn a_hostile_code_holder_cannot_crash_or_bloat_the_host() {
    let port = port(27);
    let code = "hostile-run";
    let host = crate::network::spawn(&strings(&[
        "serve",
        "--port",
        &port.to_string(),
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
    ]));
    let host_pid = host.id();
    std::thread::sleep(Duration::from_millis(300));
    let (mut client, socket, to) = raw_client(port, code);
    assert!(
        handshake(&mut client, &socket),
        "the handshake did not finish"
    );
    let honest = crate::network::spawn(&strings(&[
        "join",
        &format!("127.0.0.1:{port}"),
        "--code",
        code,
        "--seat",
        "1",
        "--bot",
        "--json",
    ]));
    let mut noise = Noise(0x5354_5021);
    let mut sent = 0u32;
    let started = Instant::now();
    let mut peak = 0;
    while sent < 100_000 && started.elapsed() < Duration::from_secs(60) {
        for _ in 0..500 {
            let len = noise.below(1300) + 1;
            let mut bytes: Vec<u8> = (0..len).map(|_| noise.next() as u8).collect();
            if noise.below(2) == 0 {
                // A renet packet of a real kind (small, sliced, ack) with a random body,
                // sealed by the link's keys so it reaches renet.
                bytes[0] = noise.below(5) as u8;
                if let Ok((addr, datagram)) =
                    client.generate_payload_packet(&bytes[..len.min(1100)])
                {
                    let _ = socket.send_to(datagram, addr);
                }
            } else {
                // A netcode packet of any type, with any sequence length and size.
                bytes[0] = (noise.next() as u8 & 0xF0) | noise.below(8) as u8;
                let _ = socket.send_to(&bytes, to);
            }
            sent += 1;
        }
        peak = peak.max(peak_kib(host_pid));
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(sent >= 100_000, "only {sent} sent in a minute");
    eprintln!("hostile run: {sent} datagrams; the host's peak memory {peak} KiB");
    assert!(peak < 200_000, "the host grew to {peak} KiB");
    all_end_as_headless(
        3,
        2,
        "cadet",
        vec![("host", host), ("honest client", honest)],
    );
}

/// A fresh join code carries 72 bits from the system's random source, as twelve syllables
/// in four words; its key is BLAKE3's derivation of the code as typed, so case and spaces do
/// not matter and another code gives another key.
#[test]
fn a_fresh_code_is_long_random_and_readable_and_its_key_is_derived() {
    use star_trek_panic::net::fresh_code;
    let (a, b) = (fresh_code(), fresh_code());
    assert_ne!(a, b, "two fresh codes");
    let words: Vec<&str> = a.split('-').collect();
    assert_eq!(words.len(), 4, "{a}");
    for word in &words {
        assert_eq!(word.len(), 6, "{a}");
        assert!(
            word.chars().all(|c| "bdfghjklmnprstvzaeio".contains(c)),
            "{a}"
        );
    }
    assert_eq!(
        key_from_secret("Bakeri Dozuha"),
        key_from_secret("bakeridozuha")
    );
    assert_ne!(key_from_secret(&a), key_from_secret(&b));
}

/// The window host's queue holds at most `QUEUED_PER_CLIENT` messages from one client; more
/// are refused at once, while another client's and the talk's still join it.
#[test]
fn the_window_hosts_inbox_is_bounded_per_client() {
    use star_trek_panic::net::pump::{QUEUED_PER_CLIENT, room_in_inbox};
    use star_trek_panic::net::room::Incoming;
    let mut queue = std::collections::VecDeque::new();
    let sync = |client| Incoming::Sync { client, seat: 0 };
    for _ in 0..QUEUED_PER_CLIENT {
        assert!(room_in_inbox(&queue, &sync(1)));
        queue.push_back(sync(1));
    }
    assert!(!room_in_inbox(&queue, &sync(1)), "client 1 has its share");
    assert!(room_in_inbox(&queue, &sync(2)), "client 2 has not");
    let said = Incoming::Said {
        seat: 0,
        text: "hi".into(),
    };
    assert!(room_in_inbox(&queue, &said));
}

/// A dropped player's seat stays theirs. Someone else with the code, on another host, asks
/// for it every half second and never gets it; its player, back from the same machine,
/// takes it again, and the game ends as it would have.
#[test]
fn nobody_else_takes_a_dropped_players_seat() {
    let hosts = TwoHosts::make(2);
    let code = "keep-my-seat";
    let port = "41235";
    let host = TwoHosts::spawn_in(
        &hosts.host,
        &strings(&[
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
        ]),
    );
    std::thread::sleep(Duration::from_millis(400));
    let join = |namespace: &str, at: &str, delay: &str| {
        TwoHosts::spawn_in(
            namespace,
            &strings(&[
                "join",
                &format!("{at}:{port}"),
                "--code",
                code,
                "--seat",
                "1",
                "--bot",
                "--json",
                "--delay-ms",
                delay,
            ]),
        )
    };
    let mut alice = join(&hosts.host, "127.0.0.1", "40");
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        alice.try_wait().expect("wait").is_none(),
        "the game ended too soon to drop"
    );
    let _ = alice.kill();
    let _ = alice.wait();
    let mallory = join(&hosts.client, &hosts.host_address, "0");
    // The host notices the drop within its time-out; mallory asks all the while.
    std::thread::sleep(Duration::from_secs(9));
    let back = join(&hosts.host, "127.0.0.1", "0");
    all_end_as_headless(3, 2, "cadet", vec![("alice, back", back), ("host", host)]);
    let (code, out, err) = finish(mallory);
    assert_ne!(code, Some(0), "mallory played the seat: {out}{err}");
    assert!(
        !out.contains("final_hash"),
        "mallory played the seat: {out}"
    );
}
