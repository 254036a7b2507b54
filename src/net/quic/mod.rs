//! The transport: QUIC with TLS 1.3 through iroh. An endpoint is dialled by its public key,
//! directly on a LAN, hole-punched across NATs, or through a relay where nothing else gets
//! through. Each link is one bidirectional stream of length-prefixed messages with a hard
//! cap; the host's side (`host_end`) admits a link only once it proved the invite's secret
//! over the authenticated connection, and the client's (`client_end`) trusts nothing the
//! host sends until it is checked. Both run on one small tokio runtime of their own; the
//! game's threads see plain queues.

pub mod client_end;
mod gate;
pub mod host_end;
mod invite;

pub use invite::Invite;

use std::sync::OnceLock;
use std::time::Duration;

use iroh::endpoint::{IdleTimeout, QuicTransportConfig, RecvStream, SendStream, VarInt, presets};
use iroh::{Endpoint, RelayMode, RelayUrl, SecretKey};

use super::protocol::MAX_MESSAGE_BYTES;

/// The protocol's name in the TLS handshake: an endpoint that speaks anything else (or
/// another version of this) is turned away before a byte of ours is read.
pub const ALPN: &[u8] = b"star-trek-panic/6";

/// How long a link may stay silent before it is gone; both ends send keep-alives far more
/// often, so only a dead link is.
pub(crate) const IDLE_TIMEOUT: Duration = Duration::from_secs(8);
const KEEP_ALIVE: Duration = Duration::from_secs(2);

/// The bytes a peer may have in flight to us on its stream, and on its whole connection:
/// room for a few of the largest messages, so a peer that floods is held back by QUIC's own
/// flow control instead of growing our memory.
const STREAM_WINDOW: u32 = 2 * MAX_MESSAGE_BYTES as u32;

/// The runtime the network's tasks run on: two threads, started on first use, for every
/// host and client in the process.
pub fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("network-io")
            .enable_all()
            .build()
            .unwrap_or_else(|e| {
                // Without threads or timers no network can run; nothing else is lost.
                eprintln!("the network's runtime cannot start: {e}");
                std::process::exit(1)
            })
    })
}

/// Where an endpoint finds a relay when no direct path gets through.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Relay {
    /// iroh's public relays.
    #[default]
    Public,
    /// A community's own `iroh-relay`.
    At(RelayUrl),
    /// None: direct paths only (a LAN, the tests).
    Off,
}

impl Relay {
    /// `public`, `none`, or a relay's URL (`https://relay.example.org`).
    pub fn parse(text: &str) -> Result<Relay, String> {
        match text.trim() {
            "public" | "default" => Ok(Relay::Public),
            "none" | "off" => Ok(Relay::Off),
            url => url
                .parse::<RelayUrl>()
                .map(Relay::At)
                .map_err(|_| format!("`{url}` is not a relay's URL (or `public`, or `none`)")),
        }
    }

    fn mode(&self) -> RelayMode {
        match self {
            Relay::Public => RelayMode::Default,
            Relay::At(url) => RelayMode::custom([url.clone()]),
            Relay::Off => RelayMode::Disabled,
        }
    }
}

impl std::fmt::Display for Relay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Relay::Public => write!(f, "public"),
            Relay::At(url) => write!(f, "{url}"),
            Relay::Off => write!(f, "none"),
        }
    }
}

/// The transport's limits, the same at both ends: short idle time-outs with keep-alives,
/// one bidirectional stream per link and no other kind, small windows, no datagrams.
fn transport_config() -> QuicTransportConfig {
    let idle =
        IdleTimeout::try_from(IDLE_TIMEOUT).unwrap_or(IdleTimeout::from(VarInt::from_u32(8_000)));
    QuicTransportConfig::builder()
        .max_idle_timeout(Some(idle))
        .keep_alive_interval(KEEP_ALIVE)
        .max_concurrent_bidi_streams(VarInt::from_u32(1))
        .max_concurrent_uni_streams(VarInt::from_u32(0))
        .stream_receive_window(VarInt::from_u32(STREAM_WINDOW))
        .receive_window(VarInt::from_u32(STREAM_WINDOW + 64 * 1024))
        .datagram_receive_buffer_size(None)
        .build()
}

/// An endpoint at `local` (the unspecified address and port 0: any), with `key` (none: a
/// fresh one), reaching out through `relay`; a host's accepts this game's connections.
pub(crate) async fn bind_at(
    local: std::net::SocketAddr,
    key: Option<SecretKey>,
    relay: &Relay,
    host: bool,
) -> Result<Endpoint, String> {
    let mut builder = Endpoint::builder(presets::Minimal)
        .relay_mode(relay.mode())
        .transport_config(transport_config());
    if let Some(key) = key {
        builder = builder.secret_key(key);
    }
    if host {
        builder = builder.alpns(vec![ALPN.to_vec()]);
    }
    if local.port() != 0 || !local.ip().is_unspecified() {
        builder = builder
            .clear_ip_transports()
            .bind_addr(local)
            .map_err(|e| format!("{local}: {e}"))?;
    }
    builder.bind().await.map_err(|e| match local.port() {
        0 => format!("the network cannot open: {e}"),
        port => format!("port {port}: {e}"),
    })
}

/// Writes one message: its length in four bytes, then the bytes.
pub(crate) async fn write_frame(send: &mut SendStream, bytes: &[u8]) -> Result<(), String> {
    let length = u32::try_from(bytes.len()).map_err(|_| "a message too big to send")?;
    send.write_all(&length.to_be_bytes())
        .await
        .map_err(|e| e.to_string())?;
    send.write_all(bytes).await.map_err(|e| e.to_string())
}

/// Reads one message of at most `cap` bytes; a longer one is refused before any of it is
/// read, and `Ok(None)` is the stream's clean end.
pub(crate) async fn read_frame(
    recv: &mut RecvStream,
    cap: usize,
) -> Result<Option<Vec<u8>>, String> {
    let mut length = [0u8; 4];
    match recv.read_exact(&mut length).await {
        Ok(()) => {}
        Err(iroh::endpoint::ReadExactError::FinishedEarly(0)) => return Ok(None),
        Err(e) => return Err(e.to_string()),
    }
    let length = u32::from_be_bytes(length) as usize;
    if length > cap {
        return Err(format!(
            "a message of {length} bytes, over the limit of {cap}"
        ));
    }
    let mut bytes = vec![0u8; length];
    recv.read_exact(&mut bytes)
        .await
        .map_err(|e| e.to_string())?;
    Ok(Some(bytes))
}

/// A connection's reason for closing, in words a player can read: the peer's own reason
/// when it gave one (sanitised: it is the peer's text), else the transport's.
pub(crate) fn closed_because(error: &iroh::endpoint::ConnectionError) -> String {
    match error {
        iroh::endpoint::ConnectionError::ApplicationClosed(close) => {
            let said = String::from_utf8_lossy(&close.reason);
            let plain = super::protocol::sanitise(&said, 200);
            if plain.is_empty() {
                "the other side closed the link".to_string()
            } else {
                plain
            }
        }
        iroh::endpoint::ConnectionError::TimedOut => "the link timed out".to_string(),
        // Closed at this end, after the other side finished its stream.
        iroh::endpoint::ConnectionError::LocallyClosed => "it left".to_string(),
        other => other.to_string(),
    }
}

/// What a link's tasks ring when a message arrives or the link ends, so the thread that
/// reads the queues wakes at once instead of at its next poll.
#[derive(Clone)]
pub(crate) struct Bell(std::sync::mpsc::SyncSender<()>);

/// The other end: where a loop waits for the bell, at most so long.
pub(crate) struct Doorbell(std::sync::mpsc::Receiver<()>);

/// A bell and its doorbell.
pub(crate) fn bell() -> (Bell, Doorbell) {
    // One ring pending is enough: the reader drains every queue when it wakes.
    let (ring, hear) = std::sync::mpsc::sync_channel(1);
    (Bell(ring), Doorbell(hear))
}

impl Bell {
    pub(crate) fn ring(&self) {
        let _ = self.0.try_send(());
    }
}

impl Doorbell {
    /// Waits until the bell rings or `up_to` passes.
    pub(crate) fn wait(&self, up_to: Duration) {
        let _ = self.0.recv_timeout(up_to);
    }
}

/// How a link reaches its peer now: directly or through a relay, and its round trip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkPath {
    pub relayed: bool,
    pub round_trip: Duration,
}

impl LinkPath {
    pub(crate) fn of(connection: &iroh::endpoint::Connection) -> Option<LinkPath> {
        let paths = connection.paths();
        let path = paths.iter().find(|p| p.is_selected())?;
        Some(LinkPath {
            relayed: path.is_relay(),
            round_trip: path.rtt(),
        })
    }
}

impl std::fmt::Display for LinkPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = if self.relayed { "relayed" } else { "direct" };
        write!(f, "{how}, {} ms", self.round_trip.as_millis())
    }
}
