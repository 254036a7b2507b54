//! The join code, proved without giving it away: a short exchange on the host's own port,
//! before netcode's handshake, in which the client and the host run SPAKE2 over the code.
//! Each learns whether the other holds the same code, and nothing else: an eavesdropper who
//! records the exchange cannot test guesses offline, and a client with a wrong code learns
//! one "no" per try, which the host counts per address. Once the client has proved the code,
//! the host mints its netcode connect token with a key that never leaves the host, and sends
//! it sealed with the exchange's key. See `docs/network.md`, "Codes and keys".
//!
//! ```text
//! client                                         host
//!   Start   { session, SPAKE2 message A } ──▶
//!                                          ◀──  Reply   { SPAKE2 message B, host's MAC }
//!   Confirm { client's MAC }              ──▶
//!                                          ◀──  Token   { connect token, sealed }
//!                               (or, at any step, Refused { why })
//! ```

pub mod caller;
pub mod doorman;

use spake2::{Ed25519Group, Identity, Password, Spake2};

use super::PROTOCOL_ID;

/// Every datagram of the exchange starts with these. netcode's first byte keeps its packet
/// type in the low four bits (0 to 6), so a first byte ending in 0xF is never netcode's.
const MAGIC: [u8; 4] = [0xFF, b'S', b'T', b'P'];
/// Magic, kind, protocol id and session.
const HEADER_BYTES: usize = 4 + 1 + 8 + 16;
/// A Start is padded to this, so that the host's Reply is never larger than what asked for
/// it (no one can aim the host's answers at a third party to multiply their traffic).
const START_BYTES: usize = 128;
/// A SPAKE2 message over Ed25519: the side's letter and a point.
const ELEMENT_BYTES: usize = 33;
/// A confirmation: a keyed BLAKE3 hash.
const MAC_BYTES: usize = 32;

/// A client's exchange, named by 16 random bytes.
pub(crate) type Session = [u8; 16];

/// The five kinds of datagram in the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Start = 1,
    Reply = 2,
    Confirm = 3,
    Token = 4,
    Refused = 5,
}

impl Kind {
    fn from_byte(byte: u8) -> Option<Kind> {
        Some(match byte {
            1 => Kind::Start,
            2 => Kind::Reply,
            3 => Kind::Confirm,
            4 => Kind::Token,
            5 => Kind::Refused,
            _ => return None,
        })
    }
}

/// Why a host turned a client away before any key was agreed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// This address has made too many wrong tries of late.
    TooManyGuesses = 1,
    /// The host is in the middle of as many exchanges as it keeps.
    Busy = 2,
    /// The client speaks another protocol.
    OtherVersion = 3,
}

impl Refusal {
    fn from_byte(byte: u8) -> Option<Refusal> {
        Some(match byte {
            1 => Refusal::TooManyGuesses,
            2 => Refusal::Busy,
            3 => Refusal::OtherVersion,
            _ => return None,
        })
    }

    fn words(self, host: std::net::SocketAddr) -> String {
        match self {
            Refusal::TooManyGuesses => format!(
                "the host at {host} turns this address away for now: too many tries with a \
                 wrong code (one more is allowed each minute)"
            ),
            Refusal::Busy => format!(
                "the host at {host} is busy with other players joining: try again in a few \
                 seconds"
            ),
            Refusal::OtherVersion => format!(
                "the host at {host} runs another version of Star Trek Panic: both need the \
                 same one"
            ),
        }
    }
}

/// Whether a datagram belongs to the exchange rather than to netcode.
pub(crate) fn is_exchange(datagram: &[u8]) -> bool {
    datagram.starts_with(&MAGIC)
}

/// A datagram of the exchange, read: its kind, the protocol it was written for, its session
/// and what follows. `None` for anything else.
struct Packet<'a> {
    kind: Kind,
    protocol: u64,
    session: Session,
    body: &'a [u8],
}

fn read(datagram: &[u8]) -> Option<Packet<'_>> {
    if !is_exchange(datagram) || datagram.len() < HEADER_BYTES {
        return None;
    }
    let kind = Kind::from_byte(datagram[4])?;
    let protocol = u64::from_le_bytes(datagram[5..13].try_into().ok()?);
    let session: Session = datagram[13..HEADER_BYTES].try_into().ok()?;
    Some(Packet {
        kind,
        protocol,
        session,
        body: &datagram[HEADER_BYTES..],
    })
}

fn header(kind: Kind, session: &Session) -> Vec<u8> {
    let mut out = Vec::with_capacity(START_BYTES);
    out.extend_from_slice(&MAGIC);
    out.push(kind as u8);
    out.extend_from_slice(&PROTOCOL_ID.to_le_bytes());
    out.extend_from_slice(session);
    out
}

fn write(kind: Kind, session: &Session, body: &[u8]) -> Vec<u8> {
    let mut out = header(kind, session);
    out.extend_from_slice(body);
    if kind == Kind::Start {
        out.resize(out.len().max(START_BYTES), 0);
    }
    out
}

/// The code as people type it: spaces dropped, letters in lower case, so "Bakeri Dozuha"
/// and "bakeridozuha" are one code.
pub fn typed_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// SPAKE2's two sides: their names bind the exchange to this game and protocol.
fn identities() -> (Identity, Identity) {
    let name = |side: &str| format!("star-trek-panic {side}, protocol {PROTOCOL_ID:#x}");
    (
        Identity::new(name("client").as_bytes()),
        Identity::new(name("host").as_bytes()),
    )
}

fn start_client(code: &str) -> (Spake2<Ed25519Group>, Vec<u8>) {
    let (client, host) = identities();
    Spake2::<Ed25519Group>::start_a(&Password::new(typed_code(code)), &client, &host)
}

fn start_host(code: &str) -> (Spake2<Ed25519Group>, Vec<u8>) {
    let (client, host) = identities();
    Spake2::<Ed25519Group>::start_b(&Password::new(typed_code(code)), &client, &host)
}

/// What both ends derive from SPAKE2's shared key (which already covers both messages, both
/// names and the code): each side's confirmation of this session, and the key that seals
/// the token.
struct Keys {
    host_confirms: blake3::Hash,
    client_confirms: blake3::Hash,
    seal: [u8; 32],
}

impl Keys {
    fn new(shared: &[u8], session: &Session) -> Keys {
        let mac = |label: &str| {
            blake3::keyed_hash(&blake3::derive_key(label, shared), session.as_slice())
        };
        Keys {
            host_confirms: mac("star-trek-panic join exchange: the host confirms"),
            client_confirms: mac("star-trek-panic join exchange: the client confirms"),
            seal: blake3::derive_key("star-trek-panic join exchange: the token's seal", shared),
        }
    }
}

/// A MAC as sent, compared in constant time (`blake3::Hash`'s equality is).
fn mac_from(bytes: &[u8]) -> Option<blake3::Hash> {
    let bytes: [u8; MAC_BYTES] = bytes.get(..MAC_BYTES)?.try_into().ok()?;
    Some(blake3::Hash::from_bytes(bytes))
}

/// The token sealed with this session's key; the header is authenticated too. Each key
/// seals one token (sent again as it is), so a fixed nonce is never reused with other text.
fn seal(keys: &Keys, aad: &[u8], token: &[u8]) -> Option<Vec<u8>> {
    use chacha20poly1305::aead::{Aead, KeyInit, Payload};
    let cipher = chacha20poly1305::ChaCha20Poly1305::new(&keys.seal.into());
    cipher
        .encrypt(&[0u8; 12].into(), Payload { msg: token, aad })
        .ok()
}

fn open(keys: &Keys, aad: &[u8], sealed: &[u8]) -> Option<Vec<u8>> {
    use chacha20poly1305::aead::{Aead, KeyInit, Payload};
    let cipher = chacha20poly1305::ChaCha20Poly1305::new(&keys.seal.into());
    cipher
        .decrypt(&[0u8; 12].into(), Payload { msg: sealed, aad })
        .ok()
}
