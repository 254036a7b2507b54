//! Checks that run before renetcode's and renet's parsers see a peer's bytes. Both crates
//! have faults a peer can reach (`docs/network.md`, "The guard"): renetcode 2.0.0 indexes an
//! 8-byte sequence buffer with a length of up to 15 and subtracts its MAC's size from a
//! packet too short for it, before any authentication; renet 2.0.1 indexes a slice by a
//! number its message may not have. Each panics. We do not patch or copy them: what would
//! reach those lines is dropped here instead.

use std::collections::BTreeMap;

/// netcode's MAC on every packet but a connection request.
const MAC_BYTES: usize = 16;
/// The most bytes a netcode sequence number takes (a `u64`).
const MAX_SEQUENCE_BYTES: usize = 8;

/// Whether a datagram is one renetcode can decode without panicking: a connection request
/// (read with bounds checks), or a keyed packet whose sequence fits a `u64` and that leaves
/// room for its MAC.
pub fn netcode_datagram_is_sound(datagram: &[u8]) -> bool {
    let Some(&prefix) = datagram.first() else {
        return false;
    };
    let (packet_type, sequence_len) = (prefix & 0x0F, usize::from(prefix >> 4));
    match packet_type {
        // A connection request has no sequence; renetcode reads it field by field.
        0 => true,
        1..=6 => {
            sequence_len <= MAX_SEQUENCE_BYTES && datagram.len() >= 1 + sequence_len + MAC_BYTES
        }
        _ => false,
    }
}

/// A QUIC variable-length integer, as renet writes them: the first byte's top two bits give
/// its length (1, 2, 4 or 8 bytes).
fn varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let first = *bytes.get(*at)?;
    let len = 1usize << (first >> 6);
    let raw = bytes.get(*at..*at + len)?;
    *at += len;
    let mut value = u64::from(first & 0x3F);
    for b in &raw[1..] {
        value = (value << 8) | u64::from(*b);
    }
    Some(value)
}

/// How many messages' slice counts a link may have in flight: far above what the game sends
/// (its largest message is a few hundred slices, one message at a time), and a bound on what
/// a peer can make the host remember.
const MESSAGES_REMEMBERED: usize = 64;

/// A renet packet's slice header, where it has one: (channel, message, slice, slices).
fn slice_header(payload: &[u8]) -> Option<Option<(u8, u64, u64, u64)>> {
    let kind = *payload.first()?;
    if kind != 2 && kind != 3 {
        return Some(None);
    }
    let mut at = 1;
    let _sequence = varint(payload, &mut at)?;
    let channel = *payload.get(at)?;
    at += 1;
    let message = varint(payload, &mut at)?;
    let slice = varint(payload, &mut at)?;
    let slices = varint(payload, &mut at)?;
    Some(Some((channel, message, slice, slices)))
}

/// Remembers each sliced message's slice count per link, so that a slice whose index is not
/// below its message's count, or that names a different count from the message's first
/// slice, is refused before renet indexes by it.
#[derive(Debug, Default)]
pub struct SliceGuard {
    counts: BTreeMap<u64, BTreeMap<(u8, u64), u64>>,
}

impl SliceGuard {
    /// Whether renet may process this payload from `client`. A payload too short to hold its
    /// own header is passed on: renet refuses it with an error of its own.
    pub fn admit(&mut self, client: u64, payload: &[u8]) -> bool {
        let Some(Some((channel, message, slice, slices))) = slice_header(payload) else {
            return true;
        };
        if slice >= slices {
            return false;
        }
        let known = self.counts.entry(client).or_default();
        match known.get(&(channel, message)) {
            Some(count) => *count == slices,
            None => {
                // The oldest message goes first: by then it is long complete.
                if known.len() >= MESSAGES_REMEMBERED {
                    known.pop_first();
                }
                known.insert((channel, message), slices);
                true
            }
        }
    }

    /// A link that has gone leaves nothing behind.
    pub fn forget(&mut self, client: u64) {
        self.counts.remove(&client);
    }
}

/// A connection request's expiry (seconds since the epoch), which netcode sends in the clear
/// after the prefix byte, its 13-byte version and its 8-byte protocol id.
pub(crate) fn request_expiry(datagram: &[u8]) -> Option<u64> {
    if datagram.first().map(|p| p & 0x0F) != Some(0) {
        return None;
    }
    let bytes: [u8; 8] = datagram.get(22..30)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// How far ahead a connect token may expire: our clients make theirs for 300 s, and a
/// handshake netcode keeps pending lives until its token expires.
pub(crate) const TOKEN_LIFETIME_SECONDS: u64 = 300 + 60;
/// New sources (address and port) that may start a handshake in one window: per address,
/// and in all. An honest client uses one socket; a flood of them could fill netcode's table
/// of pending handshakes (4096 places, each held until its token expires).
pub(crate) const SOURCES_PER_ADDRESS: usize = 12;
pub(crate) const SOURCES_IN_ALL: usize = 64;
pub(crate) const SOURCE_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

/// Which sources may start a handshake now: each address and the host as a whole may bring
/// only so many new ones a window.
#[derive(Debug, Default)]
pub(crate) struct Handshakes {
    window: Option<std::time::Instant>,
    sources: std::collections::BTreeSet<std::net::SocketAddr>,
}

impl Handshakes {
    /// Whether `from` may send a connection request now (one it sent before in this window
    /// may send it again: netcode's client repeats it until answered).
    pub fn admit(&mut self, from: std::net::SocketAddr, now: std::time::Instant) -> bool {
        if self
            .window
            .is_none_or(|w| now.duration_since(w) >= SOURCE_WINDOW)
        {
            self.window = Some(now);
            self.sources.clear();
        }
        if self.sources.contains(&from) {
            return true;
        }
        let same = self.sources.iter().filter(|s| s.ip() == from.ip()).count();
        if same >= SOURCES_PER_ADDRESS || self.sources.len() >= SOURCES_IN_ALL {
            return false;
        }
        self.sources.insert(from);
        true
    }
}
