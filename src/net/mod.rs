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
    let bytes: [u8; 9] = system_random();
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

/// A seed for a new game from the system's random source: a hosted game dealt from it
/// cannot be rebuilt by a seat or a watcher (a default of 1, or the clock's nanoseconds,
/// could: the security review's N3).
pub fn fresh_seed() -> u64 {
    u64::from_le_bytes(system_random())
}

/// Bytes from the system's random source. Where it fails (it does not on any system the game
/// runs on), the clock and the process stand in, so nothing panics.
fn system_random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if getrandom::getrandom(&mut bytes).is_err() {
        let noise =
            blake3::hash(format!("{:?} {}", SystemTime::now(), std::process::id()).as_bytes());
        for (b, n) in bytes.iter_mut().zip(noise.as_bytes().iter().cycle()) {
            *b = *n;
        }
    }
    bytes
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
