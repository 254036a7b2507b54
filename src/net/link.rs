//! A client's link to a host: netcode's transport under a renet client. `join` and the game
//! window play through it; the tests use it to send the host what no honest client would.

use std::net::{SocketAddr, UdpSocket};
use std::time::Instant;

use renet::{DefaultChannel, RenetClient};
use renet_netcode::{ClientAuthentication, ConnectToken};

use super::transport::GuardedClient;

use super::protocol::{
    MAX_CHAT_CHARS, MAX_REASON_CHARS, ToClient, ToHost, decode, encode, sanitise,
};
use super::{PROTOCOL_ID, key_from_secret, now};

/// How long a client waits for the host to answer its connect token.
const CONNECT_SECONDS: u64 = 8;

/// How long a silent link lasts before either end drops it.
const LINK_TIMEOUT_SECONDS: i32 = 5;

/// A connection to a host.
pub struct Connection {
    client: RenetClient,
    transport: GuardedClient,
    last: Instant,
    started: Instant,
    /// Where the host is, for messages.
    pub host: SocketAddr,
    ever_connected: bool,
}

/// The addresses a connect token names: the one dialled first (netcode tries them in
/// order), then the host's loopback at the same port. A host cannot know every address it is
/// reached on (another machine's view of it, a forwarded port), and renetcode refuses a token
/// that names none of the host's own; every host lists its loopback, so the second matches.
/// (Every client makes its own token from the code, so that check guards nothing here.)
pub fn token_addresses(host: SocketAddr) -> Vec<SocketAddr> {
    let loopback = SocketAddr::from(([127, 0, 0, 1], host.port()));
    if host == loopback {
        vec![host]
    } else {
        vec![host, loopback]
    }
}

/// The host's words as this table may show them: a hostile host's refusal or chat line
/// cannot carry control codes or bidi overrides to the terminal or the talk.
fn plain_words(message: ToClient) -> ToClient {
    match message {
        ToClient::Refused { reason } => ToClient::Refused {
            reason: sanitise(&reason, MAX_REASON_CHARS),
        },
        ToClient::Said { seat, text } => ToClient::Said {
            seat,
            text: sanitise(&text, MAX_CHAT_CHARS),
        },
        other => other,
    }
}

impl Connection {
    /// Starts connecting with a token made from the join code's secret.
    pub fn open(host: SocketAddr, code: &str, seat: u8) -> Result<Connection, String> {
        let socket = UdpSocket::bind(("0.0.0.0", 0)).map_err(|e| e.to_string())?;
        let client_id = now().as_nanos() as u64 ^ (u64::from(seat) << 56);
        let token = ConnectToken::generate(
            now(),
            PROTOCOL_ID,
            300,
            client_id,
            // Five silent seconds and the link is gone: the host frees the seat for a rejoin.
            LINK_TIMEOUT_SECONDS,
            token_addresses(host),
            None,
            &key_from_secret(code),
        )
        .map_err(|e| e.to_string())?;
        let transport = GuardedClient::new(
            now(),
            ClientAuthentication::Secure {
                connect_token: token,
            },
            socket,
        )?;
        Ok(Connection {
            client: RenetClient::new(super::connection_config()),
            transport,
            last: Instant::now(),
            started: Instant::now(),
            host,
            ever_connected: false,
        })
    }

    /// One tick of the network: packets in; `Err` when the link is gone.
    pub fn update(&mut self) -> Result<(), String> {
        let elapsed = self.last.elapsed();
        self.last = Instant::now();
        self.client.update(elapsed);
        let result = self.transport.update(elapsed, &mut self.client);
        self.ever_connected |= self.client.is_connected();
        result.map_err(|e| self.failure(&e))
    }

    /// A transport error in words: before the host ever answered, a wrong code or no game.
    fn failure(&self, error: &dyn std::fmt::Display) -> String {
        if self.ever_connected {
            format!("{}: {error}", self.host)
        } else {
            // Netcode gives up on a token the host never answered.
            format!(
                "no answer from {}: a wrong code, or no game hosted there ({error})",
                self.host
            )
        }
    }

    /// Whether the host let us in; after `CONNECT_SECONDS` without, `Err`.
    pub fn connected(&self) -> Result<bool, String> {
        if self.client.is_connected() {
            return Ok(true);
        }
        if self.started.elapsed().as_secs() > CONNECT_SECONDS {
            return Err(format!(
                "no answer from {}: a wrong code, or no game hosted there",
                self.host
            ));
        }
        Ok(false)
    }

    /// Queues a message (any bytes: the tests send garbage too).
    pub fn send_bytes(&mut self, bytes: Vec<u8>) {
        self.client
            .send_message(DefaultChannel::ReliableOrdered, bytes);
    }

    pub fn send(&mut self, message: &ToHost) {
        self.send_bytes(encode(message));
    }

    /// The host's messages that have arrived.
    pub fn receive(&mut self) -> Vec<Result<ToClient, String>> {
        let mut out = Vec::new();
        while let Some(bytes) = self.client.receive_message(DefaultChannel::ReliableOrdered) {
            out.push(decode(&bytes).map(plain_words));
        }
        out
    }

    /// Sends what is queued; `Err` when the link is gone.
    pub fn flush(&mut self) -> Result<(), String> {
        let result = self.transport.send_packets(&mut self.client);
        result.map_err(|e| self.failure(&e))
    }

    pub fn disconnect(&mut self) {
        self.transport.disconnect();
    }
}
