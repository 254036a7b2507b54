//! The host's and the client's transports. The host's: netcode's server on a UDP socket, under renet, with `guard` in
//! between. It does what renet_netcode's transport does (datagrams in, netcode's results to
//! renet, renet's packets out), but a datagram that would panic renetcode, or a payload that
//! would panic renet, never reaches them; the link that sent a bad payload is dropped.

use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use renet::{RenetClient, RenetServer};
use renetcode::{
    ClientAuthentication, NETCODE_MAX_PACKET_BYTES, NetcodeClient, NetcodeServer,
    ServerAuthentication, ServerConfig, ServerResult,
};

use super::pake::doorman::Doorman;
use super::pake::is_exchange;

use super::guard::{
    Handshakes, SliceGuard, TOKEN_LIFETIME_SECONDS, netcode_datagram_is_sound, request_expiry,
};

/// The host's own limit on a silent link, whatever the client's token says (a token can
/// turn netcode's time-out off). Clients send keep-alives many times a second.
pub(crate) const HOST_LINK_TIMEOUT: Duration = Duration::from_secs(8);
/// Links from one other machine's address at once: one short of every place, so no one
/// address holds them all (players behind one router share an address).
pub const LINKS_PER_ADDRESS: usize = 5;

pub(crate) struct GuardedServer {
    netcode: NetcodeServer,
    doorman: Doorman,
    buffer: Box<[u8; NETCODE_MAX_PACKET_BYTES]>,
    handshakes: Handshakes,
    out: Outlet,
}

/// Where netcode's results go: the socket for replies, renet for payloads (past the slice
/// guard), and the count of what the guard dropped.
struct Outlet {
    socket: UdpSocket,
    slices: SliceGuard,
    dropped: u64,
}

impl GuardedServer {
    /// netcode's server on `socket`, with a private key of its own that never leaves this
    /// host: clients get tokens from the doorman once they prove `code` (`net::pake`).
    pub fn new(
        socket: UdpSocket,
        addresses: Vec<SocketAddr>,
        code: &str,
        max_clients: usize,
    ) -> io::Result<GuardedServer> {
        socket.set_nonblocking(true)?;
        let private_key: [u8; 32] = renet_netcode::generate_random_bytes();
        let config = ServerConfig {
            current_time: super::now(),
            max_clients,
            protocol_id: super::PROTOCOL_ID,
            public_addresses: addresses.clone(),
            authentication: ServerAuthentication::Secure { private_key },
        };
        Ok(GuardedServer {
            netcode: NetcodeServer::new(config),
            doorman: Doorman::new(code, private_key, addresses),
            buffer: Box::new([0; NETCODE_MAX_PACKET_BYTES]),
            handshakes: Handshakes::default(),
            out: Outlet {
                socket,
                slices: SliceGuard::default(),
                dropped: 0,
            },
        })
    }

    /// Where a link comes from, while it is connected.
    pub(crate) fn client_addr(&self, client: u64) -> Option<SocketAddr> {
        self.netcode.client_addr(client)
    }

    /// Datagrams and payloads the guard has dropped, for the host's notes.
    pub fn dropped(&self) -> u64 {
        self.out.dropped
    }

    /// Datagrams in, each link's keep-alives and time-outs, and renet's hang-ups out.
    pub fn update(&mut self, elapsed: Duration, server: &mut RenetServer) -> io::Result<()> {
        self.netcode.update(elapsed);
        loop {
            let (len, from) = match self.out.socket.recv_from(&mut self.buffer[..]) {
                Ok(got) => got,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => break,
                // A port unreachable from an earlier send: not this datagram's fault.
                Err(e) if e.kind() == io::ErrorKind::ConnectionReset => continue,
                Err(e) => return Err(e),
            };
            let datagram = &self.buffer[..len];
            if is_exchange(datagram) {
                if let Some(answer) = self.doorman.answer(datagram, from, Instant::now()) {
                    let _ = self.out.socket.send_to(&answer, from);
                }
                continue;
            }
            let sound = netcode_datagram_is_sound(datagram)
                && may_request(&mut self.handshakes, datagram, from);
            if !sound {
                self.out.dropped += 1;
                continue;
            }
            let result = self.netcode.process_packet(from, &mut self.buffer[..len]);
            let connected = matches!(result, ServerResult::ClientConnected { .. });
            self.out.deliver(result, server);
            if connected {
                self.limit_links_from(from.ip(), server);
            }
        }
        for client in self.netcode.clients_id() {
            // The host's own time-out: a silent link goes, whatever its token asked for.
            let silent = self
                .netcode
                .time_since_last_received_packet(client)
                .is_some_and(|t| t > HOST_LINK_TIMEOUT);
            let result = if silent {
                self.netcode.disconnect(client)
            } else {
                self.netcode.update_client(client)
            };
            self.out.deliver(result, server);
        }
        for client in server.disconnections_id() {
            let result = self.netcode.disconnect(client);
            self.out.deliver(result, server);
        }
        Ok(())
    }

    /// A link just made from `address` that brings it past `LINKS_PER_ADDRESS` is ended. The
    /// host's own machine is not limited: six tables on it (or `net-bench`'s six clients)
    /// may fill every place.
    fn limit_links_from(&mut self, address: std::net::IpAddr, server: &mut RenetServer) {
        if address.is_loopback() {
            return;
        }
        let from: Vec<u64> = self
            .netcode
            .clients_id()
            .into_iter()
            .filter(|c| {
                self.netcode
                    .client_addr(*c)
                    .is_some_and(|a| a.ip() == address)
            })
            .collect();
        for client in from.into_iter().skip(LINKS_PER_ADDRESS) {
            let result = self.netcode.disconnect(client);
            self.out.deliver(result, server);
        }
    }

    /// renet's packets for each link, encrypted and sent.
    pub(crate) fn send_packets(&mut self, server: &mut RenetServer) {
        for client in server.clients_id() {
            let Ok(packets) = server.get_packets_to_send(client) else {
                continue;
            };
            for packet in packets {
                match self.netcode.generate_payload_packet(client, &packet) {
                    Ok((to, datagram)) => {
                        if self.out.socket.send_to(datagram, to).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        }
    }

    /// Ends every link at once (the host closes).
    pub(crate) fn disconnect_all(&mut self, server: &mut RenetServer) {
        for client in self.netcode.clients_id() {
            let result = self.netcode.disconnect(client);
            self.out.deliver(result, server);
        }
    }
}

/// A connection request is let through only with a token that expires within a few minutes
/// (netcode keeps its handshake until then), and from a source that the window's limits
/// admit; every other datagram passes.
fn may_request(handshakes: &mut Handshakes, datagram: &[u8], from: SocketAddr) -> bool {
    let Some(expiry) = request_expiry(datagram) else {
        return true;
    };
    expiry <= super::now().as_secs() + TOKEN_LIFETIME_SECONDS
        && handshakes.admit(from, std::time::Instant::now())
}

impl Outlet {
    /// Carries out what netcode answered: a reply to send, a payload for renet (when the
    /// guard admits it; otherwise the link is dropped), a link made or ended.
    fn deliver(&mut self, result: ServerResult, server: &mut RenetServer) {
        let send = |datagram: &[u8], to: SocketAddr| {
            // UDP is lossy anyway: netcode and renet send again.
            let _ = self.socket.send_to(datagram, to);
        };
        match result {
            ServerResult::None => {}
            ServerResult::PacketToSend { payload, addr } => send(payload, addr),
            ServerResult::Payload { client_id, payload } => {
                if !self.slices.admit(client_id, payload) {
                    self.dropped += 1;
                    server.disconnect(client_id);
                    return;
                }
                // A malformed packet is renet's to refuse; it drops the link itself.
                let _ = server.process_packet_from(payload, client_id);
            }
            ServerResult::ClientConnected {
                client_id,
                addr,
                payload,
                ..
            } => {
                server.add_connection(client_id);
                send(payload, addr);
            }
            ServerResult::ClientDisconnected {
                client_id,
                addr,
                payload,
            } => {
                server.remove_connection(client_id);
                self.slices.forget(client_id);
                if let Some(payload) = payload {
                    send(payload, addr);
                }
            }
        }
    }
}

/// Whether a datagram from `from` may be the host's answer to a client that dialled
/// `dialled`: the same address, or, for a loopback address, any loopback address at its port.
pub(crate) fn answers_from_host(dialled: SocketAddr, from: SocketAddr) -> bool {
    from == dialled
        || (dialled.ip().is_loopback() && from.ip().is_loopback() && from.port() == dialled.port())
}

/// A client's transport: netcode's client on a UDP socket under renet, with the same guard
/// (a host, or someone spoofing it, cannot panic the client either). It takes the host's
/// answers from the address it dialled, or, when it dialled a loopback address, from any
/// loopback address at that port: a host bound to every address answers a client that
/// dialled 127.0.0.2 from 127.0.0.1, and netcode's keys, not the address, say who it is.
pub(crate) struct GuardedClient {
    socket: UdpSocket,
    netcode: NetcodeClient,
    buffer: Box<[u8; NETCODE_MAX_PACKET_BYTES]>,
    slices: SliceGuard,
}

impl GuardedClient {
    pub fn new(
        time: Duration,
        authentication: ClientAuthentication,
        socket: UdpSocket,
    ) -> Result<GuardedClient, String> {
        socket.set_nonblocking(true).map_err(|e| e.to_string())?;
        Ok(GuardedClient {
            socket,
            netcode: NetcodeClient::new(time, authentication).map_err(|e| e.to_string())?,
            buffer: Box::new([0; NETCODE_MAX_PACKET_BYTES]),
            slices: SliceGuard::default(),
        })
    }

    fn is_the_hosts(&self, from: SocketAddr) -> bool {
        answers_from_host(self.netcode.server_addr(), from)
    }

    /// Datagrams in, netcode's own packets out; `Err` once the link is gone.
    pub fn update(&mut self, elapsed: Duration, client: &mut RenetClient) -> Result<(), String> {
        if let Some(reason) = self.netcode.disconnect_reason() {
            client.disconnect_due_to_transport();
            return Err(reason.to_string());
        }
        if let Some(reason) = client.disconnect_reason() {
            self.disconnect();
            return Err(reason.to_string());
        }
        if self.netcode.is_connected() {
            client.set_connected();
        } else if self.netcode.is_connecting() {
            client.set_connecting();
        }
        loop {
            let (len, from) = match self.socket.recv_from(&mut self.buffer[..]) {
                Ok(got) => got,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => break,
                Err(e) if e.kind() == io::ErrorKind::ConnectionReset => continue,
                Err(e) => return Err(e.to_string()),
            };
            if !self.is_the_hosts(from) || !netcode_datagram_is_sound(&self.buffer[..len]) {
                continue;
            }
            if let Some(payload) = self.netcode.process_packet(&mut self.buffer[..len]) {
                if !self.slices.admit(0, payload) {
                    client.disconnect_due_to_transport();
                    return Err("the host sent a malformed packet".into());
                }
                client.process_packet(payload);
            }
        }
        if let Some((packet, to)) = self.netcode.update(elapsed) {
            self.socket.send_to(packet, to).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    pub(crate) fn send_packets(&mut self, client: &mut RenetClient) -> Result<(), String> {
        if let Some(reason) = self.netcode.disconnect_reason() {
            return Err(reason.to_string());
        }
        for packet in client.get_packets_to_send() {
            let (to, datagram) = self
                .netcode
                .generate_payload_packet(&packet)
                .map_err(|e| e.to_string())?;
            self.socket
                .send_to(datagram, to)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Tells the host we are going (once).
    pub fn disconnect(&mut self) {
        if self.netcode.is_disconnected() {
            return;
        }
        if let Ok((to, datagram)) = self.netcode.disconnect() {
            let _ = self.socket.send_to(datagram, to);
        }
    }
}
