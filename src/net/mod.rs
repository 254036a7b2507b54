//! Play across machines: `serve` hosts a game without a window, `join` plays a seat of it.
//!
//! The host is authoritative: it runs the rules, validates every action a client sends for
//! its own seat, and broadcasts the accepted ones in order (or tells the sender why not).
//! Clients apply the same accepted actions to their own copy of the deterministic rules and
//! compare the host's state hash at the end. Transport: QUIC through iroh (`quic`): a client
//! dials the host's key from an invite, directly or through a relay, and proves the invite's
//! secret over the authenticated connection. See `docs/network.md`.

pub mod client_core;
pub mod host;
pub mod host_core;
pub mod join;
pub mod link;
pub mod links;
pub mod protocol;
pub mod pump;
pub mod quic;
pub mod room;

use std::time::{Duration, SystemTime};

/// How often both ends poll the network.
pub(crate) const TICK: Duration = Duration::from_millis(5);

/// A fresh join code from the system's random source: 72 bits as twelve syllables in four
/// words ("bakeri-dozuha-milote-fanosi"), easy to read aloud and to type. It travels only
/// inside TLS to the host the invite names, so it can only be guessed online, one try per
/// connection, and the host counts the wrong ones per source (`quic::host_end`).
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
pub(crate) fn system_random<const N: usize>() -> [u8; N] {
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

/// A join code as the host compares it: without spaces, in lower case, so "Bakeri Dozuha"
/// read aloud and typed is "bakeridozuha".
pub fn typed_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A join code's secret: at least 8 characters, so it is not guessed, and no comma (an
/// invite's separator).
pub(crate) fn check_secret(secret: &str) -> Result<(), String> {
    if secret.chars().count() < 8 {
        return Err("--code must be at least 8 characters".into());
    }
    if secret.contains(',') || secret.chars().any(char::is_control) {
        return Err("--code may not hold a comma or a control character".into());
    }
    if secret.len() > 200 {
        return Err("--code must be at most 200 bytes".into());
    }
    Ok(())
}
