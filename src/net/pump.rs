//! Links pumped on a thread of their own, for the game window. A window sleeps until input,
//! but a link must send keep-alives and take packets in every few milliseconds, or it drops
//! after 5 s. Waking the whole app for that would redraw the table 20 times a second (176 %
//! of one core under software rendering, measured), so a thread keeps the link going,
//! queues what arrives, and wakes the window only when something did.
//!
//! The window's systems lock the link to read what arrived and to send; the thread holds
//! only a weak reference, so it ends when the link is dropped.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, Weak};

use super::TICK;
use super::link::Connection;
use super::protocol::ToClient;
use super::room::{Incoming, Room};

/// Something the pump thread keeps going: one tick of the network; `true` when something
/// arrived that the window should see now.
pub trait Tick: Send + 'static {
    fn tick(&mut self) -> bool;
}

/// How the pump wakes the window (set once by the windowed game; headless, nobody sleeps).
static WAKER: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();

/// Sets how a pump wakes the window when a message arrives (the first call wins).
pub fn set_waker(wake: impl Fn() + Send + Sync + 'static) {
    let _ = WAKER.set(Box::new(wake));
}

/// A link shared by the window's systems and its pump thread.
pub struct Pumped<T: Tick>(Arc<Mutex<T>>);

impl<T: Tick> Pumped<T> {
    /// Starts the pump thread for `link`.
    pub fn start(link: T) -> Result<Pumped<T>, String> {
        let shared = Arc::new(Mutex::new(link));
        let weak = Arc::downgrade(&shared);
        std::thread::Builder::new()
            .name("network".into())
            .spawn(move || pump(&weak))
            .map_err(|e| format!("cannot start the network thread: {e}"))?;
        Ok(Pumped(shared))
    }

    /// The link, for the window's systems (a poisoned lock still holds a usable link: the
    /// pump never leaves it half-changed).
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn pump<T: Tick>(link: &Weak<Mutex<T>>) {
    loop {
        let Some(link) = link.upgrade() else { return };
        let arrived = link
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .tick();
        drop(link);
        if arrived && let Some(wake) = WAKER.get() {
            wake();
        }
        std::thread::sleep(TICK);
    }
}

/// A client's link, as the window uses it: what the host sent, and why the link ended.
pub struct ClientLink {
    pub link: Connection,
    pub arrived: VecDeque<Result<ToClient, String>>,
    /// Why the link is gone, once it is.
    pub gone: Option<String>,
}

impl ClientLink {
    pub fn new(link: Connection) -> ClientLink {
        ClientLink {
            link,
            arrived: VecDeque::new(),
            gone: None,
        }
    }
}

impl Tick for ClientLink {
    fn tick(&mut self) -> bool {
        if self.gone.is_some() {
            return false;
        }
        let step = self.link.update().and_then(|()| {
            let got = self.link.receive();
            let any = !got.is_empty();
            self.arrived.extend(got);
            self.link.flush().map(|()| any)
        });
        step.unwrap_or_else(|reason| {
            self.gone = Some(reason);
            true
        })
    }
}

/// The window host's room: its clients' messages as they arrive, for the game to decide.
pub struct HostLink {
    pub room: Room,
    pub arrived: VecDeque<Incoming>,
}

impl HostLink {
    pub fn new(room: Room) -> HostLink {
        HostLink {
            room,
            arrived: VecDeque::new(),
        }
    }
}

/// What one client may have waiting for the window at once. The window takes the queue each
/// frame (a slow one, under software rendering, every 100 ms or more); a client that sends
/// faster than that is told to wait, and the queue cannot grow without bound.
pub const QUEUED_PER_CLIENT: usize = 64;

/// The client an incoming message came from, when one did (a chat line is already passed on,
/// and a drop has no client left).
fn sender(incoming: &Incoming) -> Option<u64> {
    match incoming {
        Incoming::Hello { client, .. }
        | Incoming::Act { client, .. }
        | Incoming::Ping { client, .. }
        | Incoming::Sync { client, .. }
        | Incoming::Watch { client }
        | Incoming::Answer { client, .. } => Some(*client),
        Incoming::Said { .. } | Incoming::WatcherSaid { .. } | Incoming::Left { .. } => None,
    }
}

/// Whether a message joins the window's queue, or its client already has its share there.
pub fn room_in_inbox(queue: &VecDeque<Incoming>, incoming: &Incoming) -> bool {
    let Some(client) = sender(incoming) else {
        return true;
    };
    queue.iter().filter(|m| sender(m) == Some(client)).count() < QUEUED_PER_CLIENT
}

impl Tick for HostLink {
    fn tick(&mut self) -> bool {
        let got = self.room.poll();
        let any = !got.is_empty();
        for incoming in got {
            if room_in_inbox(&self.arrived, &incoming) {
                self.arrived.push_back(incoming);
            } else if let Some(client) = sender(&incoming) {
                let reason = "the host is busy: send it again in a moment".to_string();
                self.room.refuse_quietly(client, reason);
            }
        }
        self.room.flush();
        any
    }
}
