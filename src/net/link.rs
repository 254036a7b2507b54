//! A client's link to a host: netcode's transport under a renet client. `join` and the game
//! window play through it; the tests use it to send the host what no honest client would.

use std::net::{SocketAddr, UdpSocket};
use std::time::Instant;

use renet::{DefaultChannel, RenetClient};
use renet_netcode::ClientAuthentication;

use super::pake::caller::{Caller, Progress};
use super::transport::GuardedClient;

use super::now;
use super::protocol::{ToClient, ToHost, decode, encode};

/// How long a client waits for the host to let it in: the code's exchange and netcode's
/// handshake together.
const CONNECT_SECONDS: u64 = 8;

/// A connection to a host.
pub struct Connection {
    client: RenetClient,
    stage: Stage,
    last: Instant,
    started: Instant,
    /// Where the host is, for messages.
    pub host: SocketAddr,
    ever_connected: bool,
}

/// First the code is proved and a token fetched (`net::pake`), then netcode links.
enum Stage {
    Introducing(Box<Caller>),
    Linked(Box<GuardedClient>),
    /// The host turned us away, and why.
    Refused(String),
}

impl Connection {
    /// Starts connecting: the code's exchange first, which earns a connect token.
    pub fn open(host: SocketAddr, code: &str) -> Result<Connection, String> {
        Connection::open_from(([0, 0, 0, 0], 0).into(), host, code)
    }

    /// The same from a local address of the caller's choosing (a machine with several).
    pub fn open_from(
        local: SocketAddr,
        host: SocketAddr,
        code: &str,
    ) -> Result<Connection, String> {
        let socket = UdpSocket::bind(local).map_err(|e| e.to_string())?;
        let caller = Caller::new(host, code, socket).map_err(|e| e.to_string())?;
        Ok(Connection {
            client: RenetClient::new(super::connection_config()),
            stage: Stage::Introducing(Box::new(caller)),
            last: Instant::now(),
            started: Instant::now(),
            host,
            ever_connected: false,
        })
    }

    /// The exchange's next step; once the host sent a token, netcode takes the socket.
    fn introduce(&mut self) -> Result<(), String> {
        let Stage::Introducing(caller) = &mut self.stage else {
            return Ok(());
        };
        match caller.poll() {
            Progress::Waiting => Ok(()),
            Progress::Refused(why) => {
                self.stage = Stage::Refused(why.clone());
                Err(why)
            }
            Progress::Admitted(token) => {
                let Stage::Introducing(caller) =
                    std::mem::replace(&mut self.stage, Stage::Refused(String::new()))
                else {
                    return Ok(());
                };
                let transport = GuardedClient::new(
                    now(),
                    ClientAuthentication::Secure {
                        connect_token: *token,
                    },
                    caller.into_socket(),
                )?;
                self.stage = Stage::Linked(Box::new(transport));
                Ok(())
            }
        }
    }

    /// One tick of the network: packets in; `Err` when the link is gone.
    pub fn update(&mut self) -> Result<(), String> {
        let elapsed = self.last.elapsed();
        self.last = Instant::now();
        self.introduce()?;
        self.client.update(elapsed);
        let result = match &mut self.stage {
            Stage::Introducing(_) => return Ok(()),
            Stage::Refused(why) => return Err(why.clone()),
            Stage::Linked(transport) => transport.update(elapsed, &mut self.client),
        };
        self.ever_connected |= self.client.is_connected();
        result.map_err(|e| self.failure(&e))
    }

    /// A transport error in words: before the host ever let us in, no game answered.
    fn failure(&self, error: &dyn std::fmt::Display) -> String {
        if self.ever_connected {
            format!("{}: {error}", self.host)
        } else {
            format!(
                "no answer from {}: no game hosted there ({error})",
                self.host
            )
        }
    }

    /// Whether the host let us in; after `CONNECT_SECONDS` without, `Err`.
    pub fn connected(&self) -> Result<bool, String> {
        if let Stage::Refused(why) = &self.stage {
            return Err(why.clone());
        }
        if self.client.is_connected() {
            return Ok(true);
        }
        if self.started.elapsed().as_secs() > CONNECT_SECONDS {
            if let Stage::Introducing(caller) = &self.stage
                && let Some(why) = caller.stalled()
            {
                return Err(why.to_string());
            }
            return Err(format!(
                "no answer from {}: no game hosted there, or its port is not reachable",
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
            out.push(decode(&bytes).map(super::client_core::plain_words));
        }
        out
    }

    /// Sends what is queued; `Err` when the link is gone.
    pub fn flush(&mut self) -> Result<(), String> {
        let result = match &mut self.stage {
            Stage::Introducing(_) => return Ok(()),
            Stage::Refused(why) => return Err(why.clone()),
            Stage::Linked(transport) => transport.send_packets(&mut self.client),
        };
        result.map_err(|e| self.failure(&e))
    }

    pub fn disconnect(&mut self) {
        if let Stage::Linked(transport) = &mut self.stage {
            transport.disconnect();
        }
    }
}
