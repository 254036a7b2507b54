//! A hostile peer against `serve` on loopback (issue "Play across machines that really
//! crosses machines"; `../shared/reviews/network-security.md` F1–F3, F7, F8): datagrams that
//! panicked renetcode, a slice that panicked renet, empty messages on channels nobody reads,
//! a seat number that overflowed, links that hold places without playing, and a bounded
//! run of 100,000 mutated datagrams while an honest client plays.

use std::net::{SocketAddr, UdpSocket};
use std::process::Child;
use std::time::{Duration, Instant};

use renet_netcode::{ClientAuthentication, ConnectToken};
use renetcode::NetcodeClient;
use star_trek_panic::net::now;
use star_trek_panic::net::pake::caller::admit;

use crate::network::{all_end_as_headless, cadet_for_two, finish, port, seated, serve, strings};
use crate::network_checks::slice;

/// A bare netcode client with a good token (earned by proving the code, as any player
/// does): it can send what no honest client would.
pub(crate) fn raw_client(port: u16, code: &str) -> (NetcodeClient, UdpSocket, SocketAddr) {
    raw_client_with(port, code, |_| {})
}

/// The same, with the token's public part changed first (what a client may write there).
fn raw_client_with(
    port: u16,
    code: &str,
    change: impl FnOnce(&mut ConnectToken),
) -> (NetcodeClient, UdpSocket, SocketAddr) {
    let to: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
    let (mut token, socket) = admit(to, code, Duration::from_secs(5)).expect("a token");
    change(&mut token);
    (bare_client(token, &socket), socket, to)
}

/// netcode's client with `token`, its socket read a few milliseconds at a time.
pub(crate) fn bare_client(token: ConnectToken, socket: &UdpSocket) -> NetcodeClient {
    socket.set_nonblocking(false).expect("blocking");
    socket
        .set_read_timeout(Some(Duration::from_millis(5)))
        .expect("a timeout");
    NetcodeClient::new(
        now(),
        ClientAuthentication::Secure {
            connect_token: token,
        },
    )
    .expect("a client")
}

/// Drives the handshake (at most 5 s); whether netcode connected.
pub(crate) fn handshake(client: &mut NetcodeClient, socket: &UdpSocket) -> bool {
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

/// One tick of a renet client over a bare netcode link: its packets sealed and sent, netcode's
/// keep-alive, and one datagram in (to renet, when there is one).
fn exchange(client: &mut NetcodeClient, socket: &UdpSocket, renet: &mut renet::RenetClient) {
    renet.update(Duration::from_millis(5));
    for packet in renet.get_packets_to_send() {
        if let Ok((addr, datagram)) = client.generate_payload_packet(&packet) {
            let _ = socket.send_to(datagram, addr);
        }
    }
    let _ = client.update(Duration::from_millis(5));
    let mut buffer = [0u8; 1400];
    if let Ok((len, _)) = socket.recv_from(&mut buffer)
        && let Some(payload) = client.process_packet(&mut buffer[..len])
    {
        renet.process_packet(payload);
    }
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
    while started.elapsed() < Duration::from_secs(5) && client.is_connected() {
        for _ in 0..200 {
            renet.send_message(renet::DefaultChannel::Unreliable, Vec::<u8>::new());
        }
        exchange(&mut client, &socket, &mut renet);
    }
    assert!(alive(&mut host), "serve died: {}", finish(host).2);
    let _ = host.kill();
    assert!(
        !client.is_connected(),
        "the host kept a link that used another channel"
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

/// A client whose token turns netcode's time-out off, seated and then silent, loses the seat
/// to the host's own time-out: its player can take it back with a fresh link.
#[test]
fn a_silent_link_loses_its_seat_whatever_its_token_says() {
    use star_trek_panic::net::protocol::{ToClient, ToHost, decode, encode};
    let port = port(26);
    let code = "no-time-out";
    let mut host = serve(port, code, 2, 1, &["--seed", "3"]);
    // Its own netcode never times out; the host's copy of the token says 5 s anyway.
    let (mut client, socket, _) = raw_client_with(port, code, |t| t.timeout_seconds = -1);
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
    while started.elapsed() < Duration::from_secs(5) && !welcomed {
        exchange(&mut client, &socket, &mut renet);
        while let Some(bytes) = renet.receive_message(renet::DefaultChannel::ReliableOrdered) {
            welcomed |= matches!(decode::<ToClient>(&bytes), Ok(ToClient::Welcome { .. }));
        }
    }
    assert!(welcomed, "the silent client never got its seat");
    // Silence now. Within the host's time-out and a little, a fresh link asking every half
    // second (as a table waiting for its seat does) gets the seat.
    let mut link = crate::network::connected(port, code);
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
pub(crate) struct Noise(pub(crate) u64);

impl Noise {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `count` mutated and hand-made datagrams at the host `to`, from a code holder's link:
/// renet packets of every kind sealed with the link's keys (so they reach renet), steps of
/// the code's exchange of every kind with any body, and netcode packets of every type with
/// any sequence length and size.
pub(crate) fn hostile_burst(
    noise: &mut Noise,
    client: &mut NetcodeClient,
    socket: &UdpSocket,
    to: SocketAddr,
    count: u32,
) {
    for _ in 0..count {
        let len = noise.below(1300) + 1;
        let mut bytes: Vec<u8> = (0..len).map(|_| noise.next() as u8).collect();
        if noise.below(2) == 0 {
            bytes[0] = noise.below(5) as u8;
            if let Ok((addr, datagram)) = client.generate_payload_packet(&bytes[..len.min(1100)]) {
                let _ = socket.send_to(datagram, addr);
            }
        } else if noise.below(4) == 0 {
            bytes.splice(0..0, [0xFF, b'S', b'T', b'P', noise.below(7) as u8]);
            bytes.truncate(1300);
            let _ = socket.send_to(&bytes, to);
        } else {
            bytes[0] = (noise.next() as u8 & 0xF0) | noise.below(8) as u8;
            let _ = socket.send_to(&bytes, to);
        }
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

/// A code holder throws 100,000 mutated and hand-made datagrams at `serve` while an honest
/// client plays: raw datagrams of every packet type and length, steps of the code's exchange
/// of every kind with any body, and renet packets of every
/// kind through a real link (which the host drops at the first bad one, so most of them
/// then meet netcode's own refusal). The host lives, its memory stays bounded, and the honest
/// game ends with the hash it reaches headless.
#[test]
fn a_hostile_code_holder_cannot_crash_or_bloat_the_host() {
    let port = port(27);
    let code = "hostile-run";
    let host = crate::network::spawn(&cadet_for_two(&port.to_string(), code));
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
        hostile_burst(&mut noise, &mut client, &socket, to, 500);
        sent += 500;
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
