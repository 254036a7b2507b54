//! A client's link to a host, over the transport's client end (`quic::client_end`). `join`
//! and the game window play through it; the tests use it to send the host what no honest
//! client would.

use std::net::SocketAddr;
use std::time::Duration;

use super::protocol::{ToClient, ToHost, decode, encode};
use super::quic::client_end::{ClientEnd, Stage};
use super::quic::{Invite, LinkPath};

/// How long a client waits for the host to let it in: the connection, through a relay if
/// need be, and the secret's check.
const CONNECT_SECONDS: u64 = 10;

/// A connection to a host.
pub struct Connection {
    end: ClientEnd,
    /// Who the host is, for messages: its key, short.
    pub host: String,
}

impl Connection {
    /// Starts connecting to the invite's host.
    pub fn open(invite: &Invite) -> Result<Connection, String> {
        Connection::open_from(([0, 0, 0, 0], 0).into(), invite)
    }

    /// The same from a local address of the caller's choosing (a machine with several).
    pub fn open_from(local: SocketAddr, invite: &Invite) -> Result<Connection, String> {
        Ok(Connection {
            end: ClientEnd::open(invite, local, Duration::from_secs(CONNECT_SECONDS)),
            host: format!("host {}", &invite.host.id.to_z32()[..10]),
        })
    }

    /// `Err` when the link is gone, with why, once what arrived before has been received.
    pub fn update(&mut self) -> Result<(), String> {
        match self.end.stage() {
            Stage::Gone(why) if self.end.drained() => Err(why),
            _ => Ok(()),
        }
    }

    /// Whether the host let us in; `Err` once it will not (a wrong code, no answer), or
    /// once the link is gone and what arrived has been received.
    pub fn connected(&self) -> Result<bool, String> {
        match self.end.stage() {
            Stage::Connecting => Ok(false),
            Stage::Gone(why) if self.end.drained() => Err(why),
            Stage::Linked | Stage::Gone(_) => Ok(true),
        }
    }

    /// Queues a message (any bytes: the tests send garbage too).
    pub fn send_bytes(&mut self, bytes: Vec<u8>) {
        self.end.send(bytes);
    }

    pub fn send(&mut self, message: &ToHost) {
        self.send_bytes(encode(message));
    }

    /// The host's messages that have arrived, checked and with their words made plain.
    pub fn receive(&mut self) -> Vec<Result<ToClient, String>> {
        self.end
            .receive()
            .iter()
            .map(|bytes| decode(bytes).map(super::client_core::plain_words))
            .collect()
    }

    /// Sends what is queued (the link's task sends at once); `Err` when the link is gone.
    pub fn flush(&mut self) -> Result<(), String> {
        self.update()
    }

    /// Waits until the host's next message (or the link's end), at most `up_to`: a loop
    /// that has nothing to do sleeps here instead of a fixed poll.
    pub fn wait(&self, up_to: Duration) {
        self.end.wait(up_to);
    }

    /// How the link reaches the host now: direct or relayed, and its round trip.
    pub fn path(&self) -> Option<LinkPath> {
        self.end.path()
    }

    pub fn disconnect(&mut self) {
        self.end.close();
    }
}
