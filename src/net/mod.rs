//! Play across machines: `serve` hosts a game without a window, `join` plays a seat of it.
//!
//! The host is authoritative: it runs the rules, validates every action a client sends for
//! its own seat, and broadcasts the accepted ones in order (or tells the sender why not).
//! Clients apply the same accepted actions to their own copy of the deterministic rules and
//! compare the host's state hash at the end. Transport: `renet` (reliable ordered channel)
//! over `renet_netcode` (connect tokens encrypted with a key derived from the join code, so a
//! wrong code never gets an answer). See `docs/network.md`.

pub mod bench;
pub mod cli;
pub mod guard;
pub mod host;
pub mod join;
pub mod link;
pub mod links;
pub mod protocol;
pub mod pump;
pub mod room;
pub mod transport;

use std::net::SocketAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Tells this game's packets from any other program's; bumped when the protocol changes.
pub const PROTOCOL_ID: u64 = 0x5354_5021_0003;

/// How often both ends poll the network.
pub const TICK: Duration = Duration::from_millis(5);

/// The netcode key both ends derive from the join code's secret (FNV-1a, four lanes): the
/// secret never travels, and a client with another secret makes tokens the host cannot read.
pub fn key_from_secret(secret: &str) -> [u8; 32] {
    let mut key = [0u8; 32];
    for (lane, chunk) in key.chunks_mut(8).enumerate() {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ (lane as u64).wrapping_mul(0x9E37_79B9);
        for byte in secret.bytes().chain(std::iter::once(lane as u8)) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        chunk.copy_from_slice(&hash.to_le_bytes());
    }
    key
}

/// Time since the epoch, as netcode wants it.
pub fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// A join code's secret: at least 8 characters, so it is not guessed.
pub fn check_secret(secret: &str) -> Result<(), String> {
    if secret.chars().count() < 8 {
        return Err("--code must be at least 8 characters".into());
    }
    Ok(())
}

/// `HOST:PORT` as a socket address.
pub fn parse_address(text: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    text.to_socket_addrs()
        .ok()
        .and_then(|mut found| found.next())
        .ok_or_else(|| format!("`{text}` is not HOST:PORT"))
}

/// The one channel the game uses each way, reliable and ordered, holding at most four of the
/// largest messages unacknowledged. renet's default opens two more that nobody reads, where
/// a peer's messages would pile up unbounded; with only this one, a peer that sends on
/// another channel is disconnected by renet (`docs/network.md`).
pub fn connection_config() -> renet::ConnectionConfig {
    let channel = || {
        vec![renet::ChannelConfig {
            channel_id: renet::DefaultChannel::ReliableOrdered.into(),
            max_memory_usage_bytes: 4 * protocol::MAX_MESSAGE_BYTES,
            send_type: renet::SendType::ReliableOrdered {
                resend_time: Duration::from_millis(300),
            },
        }]
    };
    renet::ConnectionConfig {
        server_channels_config: channel(),
        client_channels_config: channel(),
        ..renet::ConnectionConfig::default()
    }
}
