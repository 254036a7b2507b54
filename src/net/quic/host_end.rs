//! The host's end of the transport: an iroh endpoint that lets a link in only once it proved
//! the invite's secret, and hands the room plain queues of whole messages.
//!
//! Before a link is admitted it costs the host little and gets nothing: a direct peer first
//! proves its source address (a QUIC retry, so forged sources are dropped unanswered), each
//! source may have a few handshakes under way at once and all of them together a bounded
//! number, a handshake must end with the secret within `ADMIT_WITHIN`, and a source that
//! guessed wrong `GUESSES` times waits before it tries again. Once admitted, a link is one
//! stream of messages of at most `MAX_MESSAGE_BYTES`, read one at a time into a short queue:
//! a peer that sends faster than the room reads is held back by QUIC's flow control.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use iroh::endpoint::{Connection, Incoming, IncomingAddr, VarInt};
use iroh::{Endpoint, SecretKey};
use tokio::sync::mpsc;

use super::gate::Gate;
pub use super::gate::{GUESSES, LINKS_PER_ADDRESS, Origin};
use super::{
    Bell, Doorbell, Invite, LinkPath, Relay, bell, closed_because, read_frame, runtime, write_frame,
};
use crate::net::protocol::MAX_MESSAGE_BYTES;

/// What a client sends first on its stream: this, then the invite's secret.
pub const ADMISSION: &[u8] = b"STP-JOIN ";
/// The host's answer when the secret is right (a wrong one closes the connection, saying so).
pub const ADMITTED: &[u8] = b"ADMITTED";
/// How long a connection has from its first packet to its secret.
pub const ADMIT_WITHIN: Duration = Duration::from_secs(4);
/// Messages from one link waiting for the room to read them.
const INBOX: usize = 64;
/// Messages to one link waiting to be sent: a link that reads none of 256 is gone.
const OUTBOX: usize = 256;

/// Close codes: the host's reason goes with each.
const CLOSE_NORMAL: u32 = 0;
const CLOSE_REFUSED: u32 = 1;

/// What the host's end tells the room.
#[derive(Debug)]
pub enum Event {
    Arrived(u64),
    Message(u64, Vec<u8>),
    Left(u64, String),
}

enum Out {
    Message(Vec<u8>),
    /// Send what is queued, then close with this reason.
    Close(String),
}

struct Link {
    origin: Origin,
    connection: Connection,
    inbox: mpsc::Receiver<Vec<u8>>,
    outbox: mpsc::Sender<Out>,
}

/// A link the accept loop admitted, for the room to take.
struct Admitted {
    id: u64,
    origin: Origin,
    connection: Connection,
    inbox: mpsc::Receiver<Vec<u8>>,
    outbox: mpsc::Sender<Out>,
}

/// What the accept loop and the room share.
struct Shared {
    code: String,
    max_links: usize,
    gate: Mutex<Gate>,
    next_id: AtomicU64,
    turned_away: AtomicU64,
    admitted: std::sync::mpsc::Sender<Admitted>,
    /// Rung when a link arrives, a message comes or a link ends.
    bell: Bell,
}

impl Shared {
    fn gate(&self) -> std::sync::MutexGuard<'_, Gate> {
        self.gate.lock().unwrap_or_else(|p| p.into_inner())
    }
}

pub(crate) struct HostEnd {
    endpoint: Endpoint,
    shared: Arc<Shared>,
    admitted: std::sync::mpsc::Receiver<Admitted>,
    links: BTreeMap<u64, Link>,
    /// Links the room ended, to report as gone on the next poll.
    ended: Vec<(u64, String)>,
    port: u16,
    relay: Relay,
    doorbell: Doorbell,
}

impl HostEnd {
    /// Opens the host's endpoint on `port` (0: any) with `key`, and starts admitting links
    /// that prove `code`, at most `max_links` at once.
    pub fn open(
        port: u16,
        key: Option<SecretKey>,
        relay: &Relay,
        code: &str,
        max_links: usize,
    ) -> Result<HostEnd, String> {
        let local = std::net::SocketAddr::from(([0, 0, 0, 0], port));
        let endpoint = runtime().block_on(super::bind_at(local, key, relay, true))?;
        let port = endpoint
            .bound_sockets()
            .iter()
            .find(|a| a.is_ipv4())
            .map_or(port, |a| a.port());
        let (tell, admitted) = std::sync::mpsc::channel();
        let (bell, doorbell) = bell();
        let shared = Arc::new(Shared {
            code: crate::net::typed_code(code),
            max_links,
            gate: Mutex::new(Gate::default()),
            next_id: AtomicU64::new(1),
            turned_away: AtomicU64::new(0),
            admitted: tell,
            bell,
        });
        runtime().spawn(accept_loop(endpoint.clone(), shared.clone()));
        Ok(HostEnd {
            endpoint,
            shared,
            admitted,
            links: BTreeMap::new(),
            ended: Vec::new(),
            port,
            relay: relay.clone(),
            doorbell,
        })
    }

    /// The port the endpoint listens on (IPv4).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The invite as it stands: the host's key, its addresses and its relay (which it
    /// learns a moment after it opens), and the secret.
    pub fn invite(&self) -> Invite {
        Invite {
            code: self.shared.code.clone(),
            host: self.endpoint.addr(),
        }
        .with_address(([127, 0, 0, 1], self.port).into())
    }

    /// Waits, at most `within`, until the endpoint has a home relay (none is waited for
    /// when it uses none).
    pub fn wait_for_relay(&self, within: Duration) {
        if self.relay == Relay::Off {
            return;
        }
        let endpoint = self.endpoint.clone();
        runtime().block_on(async move {
            let _ = tokio::time::timeout(within, endpoint.online()).await;
        });
    }

    /// The endpoint's secret key, kept so that a game hosted again has the same invite.
    pub fn key(&self) -> SecretKey {
        self.endpoint.secret_key().clone()
    }

    /// Connections turned away before admission (wrong secrets, handshakes that never
    /// ended, sources over their limits), for the host's notes.
    pub fn turned_away(&self) -> u64 {
        self.shared.turned_away.load(Ordering::Relaxed)
    }

    /// Waits until a link arrives, a message comes or a link ends, at most `up_to`.
    pub fn wait(&self, up_to: Duration) {
        self.doorbell.wait(up_to);
    }

    /// New links, messages (at most `INBOX` from each link at a time), and links gone.
    pub fn poll(&mut self) -> Vec<Event> {
        let mut events: Vec<Event> = std::mem::take(&mut self.ended)
            .into_iter()
            .map(|(id, why)| Event::Left(id, why))
            .collect();
        while let Ok(link) = self.admitted.try_recv() {
            events.push(Event::Arrived(link.id));
            self.links.insert(
                link.id,
                Link {
                    origin: link.origin,
                    connection: link.connection,
                    inbox: link.inbox,
                    outbox: link.outbox,
                },
            );
        }
        let mut gone = Vec::new();
        for (id, link) in &mut self.links {
            for _ in 0..INBOX {
                match link.inbox.try_recv() {
                    Ok(bytes) => events.push(Event::Message(*id, bytes)),
                    Err(mpsc::error::TryRecvError::Empty) => break,
                    Err(mpsc::error::TryRecvError::Disconnected) => {
                        let why = link
                            .connection
                            .close_reason()
                            .map_or("it left".to_string(), |e| closed_because(&e));
                        gone.push((*id, why));
                        break;
                    }
                }
            }
        }
        for (id, why) in gone {
            self.forget(id);
            events.push(Event::Left(id, why));
        }
        events
    }

    fn forget(&mut self, id: u64) {
        self.links.remove(&id);
        self.shared.gate().links.remove(&id);
    }

    /// Queues a message for a link; a link that has let `OUTBOX` of them pile up unread is
    /// ended.
    pub fn send(&mut self, id: u64, bytes: Vec<u8>) {
        let Some(link) = self.links.get(&id) else {
            return;
        };
        if link.outbox.try_send(Out::Message(bytes)).is_err() {
            self.disconnect(id, "it does not read what the host sends".into());
        }
    }

    /// Ends a link once what it was sent is on its way, telling it why.
    pub fn disconnect(&mut self, id: u64, why: String) {
        let Some(link) = self.links.get(&id) else {
            return;
        };
        if link.outbox.try_send(Out::Close(why.clone())).is_err() {
            link.connection
                .close(VarInt::from_u32(CLOSE_NORMAL), why.as_bytes());
        }
        self.forget(id);
        self.ended.push((id, why));
    }

    pub fn is_connected(&self, id: u64) -> bool {
        self.links
            .get(&id)
            .is_some_and(|l| l.connection.close_reason().is_none())
    }

    pub fn clients(&self) -> Vec<u64> {
        self.links.keys().copied().collect()
    }

    pub fn origin(&self, id: u64) -> Option<Origin> {
        self.links.get(&id).map(|l| l.origin)
    }

    /// How the link reaches its client now.
    pub fn path(&self, id: u64) -> Option<LinkPath> {
        self.links
            .get(&id)
            .and_then(|l| LinkPath::of(&l.connection))
    }

    /// Ends every link and the endpoint.
    pub fn close(&mut self) {
        for id in self.clients() {
            self.disconnect(id, "the host closed the game".into());
        }
        let endpoint = self.endpoint.clone();
        // Time for the last messages and the closes to leave, and no more.
        runtime().block_on(async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let _ = tokio::time::timeout(Duration::from_secs(1), endpoint.close()).await;
        });
    }
}

impl Drop for HostEnd {
    fn drop(&mut self) {
        let endpoint = self.endpoint.clone();
        runtime().spawn(async move { endpoint.close().await });
    }
}

async fn accept_loop(endpoint: Endpoint, shared: Arc<Shared>) {
    while let Some(incoming) = endpoint.accept().await {
        let address = incoming.remote_addr();
        // A direct peer proves its address before the host does any work for it.
        if matches!(address, IncomingAddr::Ip(_)) && !incoming.remote_addr_validated() {
            let _ = incoming.retry();
            continue;
        }
        let Some(origin) = Origin::of(&address, None) else {
            incoming.refuse();
            continue;
        };
        if !shared.gate().may_try(origin, Instant::now()) {
            shared.turned_away.fetch_add(1, Ordering::Relaxed);
            incoming.refuse();
            continue;
        }
        let shared = shared.clone();
        let own: Vec<IpAddr> = endpoint.addr().ip_addrs().map(|a| a.ip()).collect();
        tokio::spawn(async move {
            let admitting = admit(incoming, origin, &shared, &own);
            let outcome = tokio::time::timeout(ADMIT_WITHIN, admitting).await;
            shared.gate().done_trying(origin);
            if !matches!(outcome, Ok(true)) {
                shared.turned_away.fetch_add(1, Ordering::Relaxed);
            }
        });
    }
}

/// A connection's handshake and its secret; `true` once the room has the link.
async fn admit(incoming: Incoming, origin: Origin, shared: &Shared, own: &[IpAddr]) -> bool {
    let Ok(accepting) = incoming.accept() else {
        return false;
    };
    let Ok(connection) = accepting.await else {
        return false;
    };
    let refuse = |why: &str| connection.close(VarInt::from_u32(CLOSE_REFUSED), why.as_bytes());
    let Ok((mut send, mut recv)) = connection.accept_bi().await else {
        refuse("no stream");
        return false;
    };
    let secret = match read_frame(&mut recv, ADMISSION.len() + 256).await {
        Ok(Some(frame)) if frame.starts_with(ADMISSION) => frame[ADMISSION.len()..].to_vec(),
        _ => {
            refuse("not a Star Trek Panic table");
            return false;
        }
    };
    let typed = crate::net::typed_code(&String::from_utf8_lossy(&secret));
    if !same_secret(typed.as_bytes(), shared.code.as_bytes()) {
        shared.gate().guessed_wrong(origin, Instant::now());
        refuse("wrong code");
        return false;
    }
    let id = shared.next_id.fetch_add(1, Ordering::Relaxed);
    {
        let mut gate = shared.gate();
        if let Some(why) = gate.full(origin, shared.max_links, own) {
            refuse(&why);
            return false;
        }
        gate.links.insert(id, origin);
    }
    // The place is the link's from here; if the admission stops before the room has it (an
    // error, or `ADMIT_WITHIN` running out while a peer does not read), it is given back.
    let mut place = Place {
        shared,
        id,
        kept: false,
    };
    if write_frame(&mut send, ADMITTED).await.is_err() {
        return false;
    }
    let (to_room, inbox) = mpsc::channel(INBOX);
    let (outbox, from_room) = mpsc::channel(OUTBOX);
    tokio::spawn(read_link(
        recv,
        to_room,
        connection.clone(),
        shared.bell.clone(),
    ));
    tokio::spawn(write_link(send, from_room, connection.clone()));
    let admitted = Admitted {
        id,
        origin,
        connection,
        inbox,
        outbox,
    };
    if shared.admitted.send(admitted).is_err() {
        return false;
    }
    place.kept = true;
    shared.bell.ring();
    true
}

/// A link's place among the host's while it is being admitted: given back when dropped
/// unless the room took the link.
struct Place<'a> {
    shared: &'a Shared,
    id: u64,
    kept: bool,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        if !self.kept {
            self.shared.gate().links.remove(&self.id);
        }
    }
}

/// Compares two secrets in time that does not depend on where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A link's messages, one at a time, to the room's queue for it; a message over the limit,
/// or a stream that breaks, ends the link.
async fn read_link(
    mut recv: iroh::endpoint::RecvStream,
    to_room: mpsc::Sender<Vec<u8>>,
    connection: Connection,
    bell: Bell,
) {
    loop {
        match read_frame(&mut recv, MAX_MESSAGE_BYTES).await {
            Ok(Some(bytes)) => {
                if to_room.send(bytes).await.is_err() {
                    break;
                }
                bell.ring();
            }
            Ok(None) => {
                connection.close(VarInt::from_u32(CLOSE_NORMAL), b"it left");
                break;
            }
            Err(why) => {
                connection.close(VarInt::from_u32(CLOSE_REFUSED), why.as_bytes());
                break;
            }
        }
    }
    // The room hears the link is gone when its queue ends: wake it for that too.
    drop(to_room);
    bell.ring();
}

/// The room's messages to a link, in order; a close sends what came before it first.
async fn write_link(
    mut send: iroh::endpoint::SendStream,
    mut from_room: mpsc::Receiver<Out>,
    connection: Connection,
) {
    while let Some(out) = from_room.recv().await {
        match out {
            Out::Message(bytes) => {
                if write_frame(&mut send, &bytes).await.is_err() {
                    return;
                }
            }
            Out::Close(why) => {
                let _ = send.finish();
                // The peer reads the last messages before the close reaches it.
                let _ = tokio::time::timeout(Duration::from_secs(1), send.stopped()).await;
                connection.close(VarInt::from_u32(CLOSE_NORMAL), why.as_bytes());
                return;
            }
        }
    }
    connection.close(VarInt::from_u32(CLOSE_NORMAL), b"the host ended the link");
}
