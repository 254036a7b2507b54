//! The client's side of the join exchange: it proves the code to the host, checks that the
//! host holds it too, and receives the connect token the host minted for it. It sends each
//! step again until answered, since UDP may lose any datagram.

use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use renetcode::ConnectToken;
use spake2::{Ed25519Group, Spake2};

use super::{
    ELEMENT_BYTES, Keys, Kind, Refusal, Session, mac_from, open, read, start_client, write,
};
use crate::net::PROTOCOL_ID;
use crate::net::transport::answers_from_host;

/// How often a step unanswered is sent again.
const RESEND: Duration = Duration::from_millis(250);

/// Where the exchange stands.
pub enum Progress {
    Waiting,
    /// The host let us in: its token, ready for netcode.
    Admitted(Box<ConnectToken>),
    /// The exchange is over without a token, and why, in words for the player.
    Refused(String),
}

/// One client's exchange with one host.
pub struct Caller {
    socket: UdpSocket,
    host: SocketAddr,
    session: Session,
    spake: Option<Spake2<Ed25519Group>>,
    /// The step to send again until the host answers it.
    pending: Vec<u8>,
    keys: Option<Keys>,
    sent: Option<Instant>,
    /// The last thing that held the exchange up, for the message if it never ends.
    stalled: Option<String>,
}

impl Caller {
    pub fn new(host: SocketAddr, code: &str, socket: UdpSocket) -> io::Result<Caller> {
        socket.set_nonblocking(true)?;
        let session: Session = renet_netcode::generate_random_bytes();
        let (spake, message) = start_client(code);
        Ok(Caller {
            socket,
            host,
            session,
            spake: Some(spake),
            pending: write(Kind::Start, &session, &message),
            keys: None,
            sent: None,
            stalled: None,
        })
    }

    /// Why the exchange is taking long, when the host said ("busy").
    pub fn stalled(&self) -> Option<&str> {
        self.stalled.as_deref()
    }

    /// The socket, for netcode once the host let us in.
    pub(crate) fn into_socket(self) -> UdpSocket {
        self.socket
    }

    /// Reads what the host sent and sends again what it has not answered.
    pub fn poll(&mut self) -> Progress {
        let mut buffer = [0u8; 1500];
        loop {
            let (len, from) = match self.socket.recv_from(&mut buffer) {
                Ok(got) => got,
                Err(e) if e.kind() == io::ErrorKind::ConnectionReset => continue,
                // WouldBlock: nothing more now; any other error: nothing to read either.
                Err(_) => break,
            };
            if !answers_from_host(self.host, from) {
                continue;
            }
            match self.hear(&buffer[..len]) {
                Progress::Waiting => {}
                done => return done,
            }
        }
        if self.sent.is_none_or(|at| at.elapsed() >= RESEND) {
            // A send that fails (no route yet) is tried again at the next resend.
            let _ = self.socket.send_to(&self.pending, self.host);
            self.sent = Some(Instant::now());
        }
        Progress::Waiting
    }

    /// One datagram from the host's address.
    fn hear(&mut self, datagram: &[u8]) -> Progress {
        let Some(packet) = read(datagram) else {
            return Progress::Waiting;
        };
        if packet.session != self.session {
            return Progress::Waiting;
        }
        match packet.kind {
            Kind::Refused => match packet.body.first().copied().and_then(Refusal::from_byte) {
                // Busy passes: the Start goes again at the next resend.
                Some(Refusal::Busy) => {
                    self.stalled = Some(Refusal::Busy.words(self.host));
                    Progress::Waiting
                }
                Some(why) => Progress::Refused(why.words(self.host)),
                None => Progress::Waiting,
            },
            Kind::Reply if packet.protocol == PROTOCOL_ID => self.replied(packet.body),
            Kind::Token if packet.protocol == PROTOCOL_ID => {
                let head = &datagram[..datagram.len() - packet.body.len()];
                self.admitted(head, packet.body)
            }
            _ => Progress::Waiting,
        }
    }

    /// The host's half and its confirmation: if it holds the code, we confirm ours.
    fn replied(&mut self, body: &[u8]) -> Progress {
        let (Some(message), Some(theirs)) = (
            body.get(..ELEMENT_BYTES),
            body.get(ELEMENT_BYTES..).and_then(mac_from),
        ) else {
            return Progress::Waiting;
        };
        // A second Reply (our Start sent twice) finds the exchange already finished.
        let Some(spake) = self.spake.take() else {
            return Progress::Waiting;
        };
        let Ok(shared) = spake.finish(message) else {
            return Progress::Refused(format!(
                "the host at {} answered with a malformed key exchange",
                self.host
            ));
        };
        let keys = Keys::new(&shared, &self.session);
        let confirm = write(
            Kind::Confirm,
            &self.session,
            keys.client_confirms.as_bytes(),
        );
        if theirs != keys.host_confirms {
            // Told once, so the host ends this exchange now rather than keep it waiting.
            let _ = self.socket.send_to(&confirm, self.host);
            return Progress::Refused(format!(
                "the host at {} has another code: check the code with the host (each wrong \
                 try counts against this address)",
                self.host
            ));
        }
        self.pending = confirm;
        self.keys = Some(keys);
        self.sent = None;
        Progress::Waiting
    }

    /// The sealed token: opened, read, and pointed at the address we dialled.
    fn admitted(&mut self, head: &[u8], sealed: &[u8]) -> Progress {
        let Some(keys) = &self.keys else {
            return Progress::Waiting;
        };
        let Some(bytes) = open(keys, head, sealed) else {
            return Progress::Waiting;
        };
        let Ok(mut token) = ConnectToken::read(&mut bytes.as_slice()) else {
            return Progress::Refused(format!(
                "the host at {} sent a connect token this game cannot read",
                self.host
            ));
        };
        // netcode dials the token's public addresses in order; the host checks the sealed
        // ones (its own) when we connect.
        let mut addresses = [None; 32];
        for (slot, address) in addresses.iter_mut().zip(token_addresses(self.host)) {
            *slot = Some(address);
        }
        token.server_addresses = addresses;
        Progress::Admitted(Box::new(token))
    }
}

/// Runs a whole exchange, waiting at most `within`: for the tools and tests that drive
/// netcode by hand.
pub fn admit(
    host: SocketAddr,
    code: &str,
    within: Duration,
) -> Result<(ConnectToken, UdpSocket), String> {
    let bind: SocketAddr = if host.is_ipv4() {
        ([0, 0, 0, 0], 0).into()
    } else {
        (std::net::Ipv6Addr::UNSPECIFIED, 0).into()
    };
    let socket = UdpSocket::bind(bind).map_err(|e| e.to_string())?;
    let mut caller = Caller::new(host, code, socket).map_err(|e| e.to_string())?;
    let started = Instant::now();
    while started.elapsed() < within {
        match caller.poll() {
            Progress::Waiting => std::thread::sleep(Duration::from_millis(2)),
            Progress::Admitted(token) => return Ok((*token, caller.into_socket())),
            Progress::Refused(why) => return Err(why),
        }
    }
    Err(caller.stalled().map_or_else(
        || format!("no answer from {host}: no game hosted there"),
        str::to_string,
    ))
}

/// The addresses a connect token names: the one dialled first (netcode tries them in
/// order), then the host's loopback at the same port. A host cannot know every address it is
/// reached on (another machine's view of it, a forwarded port), and renetcode refuses a token
/// that names none of the host's own; every host lists its loopback, so the second matches.
/// The host mints each token (`net::pake`) with its own addresses sealed inside; these are
/// the public ones, which only say where to dial.
pub fn token_addresses(host: SocketAddr) -> Vec<SocketAddr> {
    let loopback = SocketAddr::from(([127, 0, 0, 1], host.port()));
    if host == loopback {
        vec![host]
    } else {
        vec![host, loopback]
    }
}
