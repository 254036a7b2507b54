//! Play across machines: `serve` hosts a game without a window, `join` plays a seat of it.
//!
//! The host is authoritative: it runs the rules, validates every action a client sends for
//! its own seat, and broadcasts the accepted ones in order (or tells the sender why not).
//! Clients apply the same accepted actions to their own copy of the deterministic rules and
//! compare the host's state hash at the end. Transport: `renet` (reliable ordered channel)
//! over netcode, whose connect tokens the host mints with a key of its own once a client has
//! proved the join code in a SPAKE2 exchange (`pake`). See `docs/network.md`.

pub mod client_core;
pub mod guard;
pub mod host;
pub mod host_core;
pub mod join;
pub mod link;
pub mod links;
pub mod pake;
pub mod protocol;
pub mod pump;
pub mod room;
pub mod transport;

use std::net::SocketAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Tells this game's packets from any other program's; bumped when the protocol changes.
pub(crate) const PROTOCOL_ID: u64 = 0x5354_5021_0005;

/// How often both ends poll the network.
pub(crate) const TICK: Duration = Duration::from_millis(5);

/// A fresh join code from the system's random source: 72 bits as twelve syllables in four
/// words ("bakeri-dozuha-milote-fanosi"), easy to read aloud and to type. Proved through
/// SPAKE2 (`pake`), it can only be guessed online, one try per exchange, and the host
/// counts the wrong ones per address.
pub fn fresh_code() -> String {
    const CONSONANTS: &[u8; 16] = b"bdfghjklmnprstvz";
    const VOWELS: &[u8; 4] = b"aeio";
    let bytes: [u8; 9] = renet_netcode::generate_random_bytes();
    let bits = bytes
        .iter()
        .fold(0u128, |acc, b| (acc << 8) | u128::from(*b));
    let syllable = |i: u32| {
        let six = (bits >> (6 * i)) as usize & 0x3F;
        [CONSONANTS[six >> 2] as char, VOWELS[six & 3] as char]
    };
    (0..4)
        .map(|word| {
            (0..3)
                .flat_map(|s| syllable(word * 3 + s))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Time since the epoch, as netcode wants it.
pub fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// A join code's secret: at least 8 characters, so it is not guessed.
pub(crate) fn check_secret(secret: &str) -> Result<(), String> {
    if secret.chars().count() < 8 {
        return Err("--code must be at least 8 characters".into());
    }
    Ok(())
}

/// `HOST:PORT` as a socket address.
pub(crate) fn parse_address(text: &str) -> Result<SocketAddr, String> {
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
