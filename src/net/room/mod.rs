//! The host's side of the network, shared by `serve` and the game window's Host: the host's
//! endpoint (`quic::host_end`), who holds which seat, and the checks that need no game — messages that do not
//! parse, a seat the sender does not hold, too many messages, a bad chat line. What needs the
//! game (a free seat, the action's order and legality, a ping's target) comes back as
//! `Incoming` for the caller to decide.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::time::Instant;

use stp_rules::PlayerAction;

use super::links::{Arrivals, Strikes};
use super::protocol::{PingTarget, ToClient, ToHost, decode_from_peer, encode, seat_number};
use super::quic::host_end::{Event, HostEnd};
use super::quic::{Invite, LinkPath, Relay};

pub use super::links::STRIKES;
pub use seats::SeatTicket;
pub(crate) use seats::assign_seat;

mod seats;
mod talk;

/// Messages a client may send in one second. People send a few; the `join` bot, which waits
/// for each answer, stays under 200 (the host polls every 5 ms). More is a flood.
pub(crate) const MAX_MESSAGES_PER_SECOND: u32 = 300;

/// The least time between two welcomes a link asks for (a Sync, a Watch, a Hello again).
pub const WELCOME_AGAIN: std::time::Duration = std::time::Duration::from_secs(1);

/// Watchers a host admits at once, beyond the six seats: they see the public view and
/// talk, and cost the host a welcome each and a copy of every message.
pub const MAX_WATCHERS: usize = 4;

/// What the game must decide about a client's message.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// A client asks for a seat, or for any free one (`None`): answer with `Room::seat` or
    /// `Room::refuse_quietly`.
    Hello { client: u64, seat: Option<u8> },
    /// An action for the seat the client holds (checked), as the `at`th of the game.
    Act {
        client: u64,
        seat: u8,
        at: u32,
        action: PlayerAction,
    },
    /// The client holding `seat` points at something on the table.
    Ping {
        client: u64,
        seat: u8,
        target: PingTarget,
    },
    /// The client's table is out of step with the host's (or it asked again for the seat it
    /// holds): send it the whole game again.
    Sync { client: u64, seat: u8 },
    /// A chat line from `seat`, already passed on to every seat.
    Said { seat: u8, text: String },
    /// The link of the client holding `seat` dropped; the others were told.
    Left { seat: u8 },
    /// A client asks to watch without a seat, or a watcher asks for the game again: answer
    /// with `Room::watch` and a welcome that names no seat.
    Watch { client: u64 },
    /// A chat line from a watcher, already passed on to the table.
    WatcherSaid { watcher: u8, text: String },
    /// The client holding `seat` answers the trade offered to it.
    Answer { client: u64, seat: u8, accept: bool },
}

/// A message counter for the current second.
#[derive(Debug, Clone, Copy)]
struct Rate {
    since: Instant,
    count: u32,
}

pub struct Room {
    end: HostEnd,
    /// Which client holds which seat.
    seats: BTreeMap<u64, u8>,
    /// Which clients watch without a seat, and their numbers (1 to `MAX_WATCHERS`).
    watchers: BTreeMap<u64, u8>,
    strikes: Strikes,
    arrivals: Arrivals,
    /// Each seat that has had a holder: its ticket, which alone takes the seat back.
    tickets: BTreeMap<u8, String>,
    /// The ticket each link showed with its Hello.
    shown: BTreeMap<u64, String>,
    rates: BTreeMap<u64, Rate>,
    /// When each client last had a Sync or Watch let through (each costs a welcome), and the
    /// one it asked for since, held until `WELCOME_AGAIN` has passed.
    welcomed: BTreeMap<u64, Instant>,
    deferred: BTreeMap<u64, Incoming>,
    /// The quiet refusals already logged, by client.
    told_quietly: BTreeSet<(u64, String)>,
    /// When each client's recent chat lines and pings came, and whether it was told to slow
    /// down since.
    talk: BTreeMap<u64, (VecDeque<Instant>, bool)>,
    /// Bytes of messages sent (before QUIC's framing), for the end-of-game figures.
    pub sent: usize,
    pub port: u16,
    /// Connections turned away before admission, as last told in the notes.
    turned_away: u64,
    /// What the host did about its clients (seats taken and left, refusals), newest last,
    /// until the game window takes them for its talk (`serve` only prints them).
    pub notes: Vec<String>,
    /// Keep the notes off standard error (a host in a benchmark's thread).
    pub quiet: bool,
    /// How long a dropped seat waits before a bot plays it (told to everyone when it drops);
    /// `None`: it waits for its person.
    pub bot_after: Option<std::time::Duration>,
    /// How long a trade offered across tables waits for its answer before it is off (its
    /// proposer and its other player are told); `None`: it waits for the answer.
    pub answer_within: Option<std::time::Duration>,
}

/// How long a dropped seat waits for its person before a bot plays it, by default.
pub(crate) const BOT_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// How long a trade offer waits for its answer, by default: a person away from the keyboard
/// does not hold the game up for longer than a dropped seat does.
pub(crate) const ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(60);

impl Room {
    /// Opens the host's endpoint on UDP `port` (0: any) with `key` (none: a fresh one),
    /// reachable through `relay`; clients get in only once they prove `code`. Six seats and
    /// the watchers, and two more for players who come back before their old link has
    /// timed out.
    pub fn open(
        port: u16,
        code: &str,
        relay: &Relay,
        key: Option<iroh::SecretKey>,
    ) -> Result<Room, String> {
        let end = HostEnd::open(port, key, relay, code, 6 + MAX_WATCHERS + 2)?;
        let port = end.port();
        Ok(Room {
            end,
            seats: BTreeMap::new(),
            watchers: BTreeMap::new(),
            strikes: Strikes::default(),
            arrivals: Arrivals::default(),
            tickets: BTreeMap::new(),
            shown: BTreeMap::new(),
            rates: BTreeMap::new(),
            welcomed: BTreeMap::new(),
            deferred: BTreeMap::new(),
            talk: BTreeMap::new(),
            told_quietly: BTreeSet::new(),
            sent: 0,
            port,
            turned_away: 0,
            notes: Vec::new(),
            quiet: false,
            bot_after: Some(BOT_AFTER),
            answer_within: Some(ANSWER_WITHIN),
        })
    }

    /// The invite to show the players: the host's key, addresses and relay, and the code.
    pub fn invite(&self) -> Invite {
        self.end.invite()
    }

    /// The invite once the host's relay has answered (its URL is in the invite), or as it
    /// stands after `within`; at once when the host uses no relay.
    pub fn wait_for_relay(&self, within: std::time::Duration) -> Invite {
        self.end.wait_for_relay(within);
        self.invite()
    }

    /// The host's key, kept so that the game hosted again has the same invite.
    pub fn key(&self) -> iroh::SecretKey {
        self.end.key()
    }

    /// How the link of `client` reaches it now (direct or relayed, and its round trip).
    pub fn path(&self, client: u64) -> Option<LinkPath> {
        self.end.path(client)
    }

    /// Waits until a link arrives, a message comes or a link ends, at most `up_to`: the
    /// host's loop sleeps here when it has nothing to do.
    pub fn wait(&self, up_to: std::time::Duration) {
        self.end.wait(up_to);
    }

    /// Links in, messages, links gone, and every message that needs the game.
    pub fn poll(&mut self) -> Vec<Incoming> {
        let events = self.end.poll();
        // Told at 1, 10, 100… so that a flood of them cannot flood the notes.
        let (turned, now_turned) = (self.turned_away, self.end.turned_away());
        self.turned_away = now_turned;
        if now_turned > turned && (turned + 1..=now_turned).any(is_power_of_ten) {
            self.note(format!(
                "network: {now_turned} connections turned away so far (no code, a wrong one, \
                 or over a source's limits)"
            ));
        }
        let mut out = Vec::new();
        let mut messages = Vec::new();
        for event in events {
            match event {
                Event::Arrived(client_id) => self.arrivals.arrived(client_id, Instant::now()),
                Event::Message(client_id, bytes) => messages.push((client_id, bytes)),
                Event::Left(client_id, reason) => out.extend(self.left(client_id, &reason)),
            }
        }
        // Links that hold no place at the table do not keep one of the host's.
        for (client, why) in self.arrivals.overdue(Instant::now()) {
            self.note(format!("dropping client {client}: {why}"));
            self.arrivals.settled(client);
            self.end.disconnect(client, format!("dropped: {why}"));
        }
        for (client, bytes) in messages {
            if let Some(incoming) = self.receive(client, &bytes) {
                out.push(incoming);
            }
        }
        out.extend(self.due_welcomes());
        out
    }

    /// A link gone: whatever it held is let go, and the table hears of a seat left.
    fn left(&mut self, client_id: u64, reason: &str) -> Option<Incoming> {
        self.arrivals.settled(client_id);
        self.shown.remove(&client_id);
        self.rates.remove(&client_id);
        self.welcomed.remove(&client_id);
        self.deferred.remove(&client_id);
        self.talk.remove(&client_id);
        self.told_quietly.retain(|(c, _)| *c != client_id);
        if let Some(watcher) = self.watchers.remove(&client_id) {
            self.note(format!("watcher {watcher} left ({reason})"));
        }
        let seat = self.seats.remove(&client_id)?;
        self.note(format!(
            "seat {} left ({reason}); waiting for it",
            seat_number(seat)
        ));
        let bot_in = self.bot_after.map_or(0, |d| d.as_secs() as u32);
        self.tell_table(&ToClient::Waiting { seat, bot_in });
        Some(Incoming::Left { seat })
    }

    /// One message from a client, as the host core takes it. Each Sync or Watch is answered
    /// with a whole welcome, so a link has at most one every `WELCOME_AGAIN`: one asked for
    /// sooner waits until then, and any more in the meantime join it (`due_welcomes`). A
    /// player with the code cannot make the host send a game's state hundreds of times a
    /// second (the second security review's F12), and no honest request goes unanswered.
    fn receive(&mut self, client: u64, bytes: &[u8]) -> Option<Incoming> {
        let incoming = self.read_message(client, bytes)?;
        if let Incoming::Sync { .. } | Incoming::Watch { .. } = incoming {
            let now = Instant::now();
            if self
                .welcomed
                .get(&client)
                .is_some_and(|at| now.duration_since(*at) < WELCOME_AGAIN)
            {
                self.deferred.insert(client, incoming);
                return None;
            }
            self.welcomed.insert(client, now);
        }
        Some(incoming)
    }

    /// The welcomes held back by `receive` whose time has come.
    fn due_welcomes(&mut self) -> Vec<Incoming> {
        let now = Instant::now();
        let due: Vec<u64> = self
            .deferred
            .keys()
            .copied()
            .filter(|client| {
                self.welcomed
                    .get(client)
                    .is_none_or(|at| now.duration_since(*at) >= WELCOME_AGAIN)
            })
            .collect();
        due.into_iter()
            .filter_map(|client| {
                self.welcomed.insert(client, now);
                self.deferred.remove(&client)
            })
            .collect()
    }

    fn read_message(&mut self, client: u64, bytes: &[u8]) -> Option<Incoming> {
        // Already on its way out: nothing more it sends counts.
        if !self.end.is_connected(client) {
            return None;
        }
        let rate = self.rates.entry(client).or_insert(Rate {
            since: Instant::now(),
            count: 0,
        });
        if rate.since.elapsed().as_secs() >= 1 {
            *rate = Rate {
                since: Instant::now(),
                count: 0,
            };
        }
        rate.count += 1;
        if rate.count > MAX_MESSAGES_PER_SECOND {
            let reason = format!("too many messages: at most {MAX_MESSAGES_PER_SECOND} a second");
            self.refuse(client, reason);
            return None;
        }
        let message = match decode_from_peer::<ToHost>(bytes) {
            Ok(message) => message,
            Err(reason) => {
                self.refuse(client, reason);
                return None;
            }
        };
        if let Some(&watcher) = self.watchers.get(&client) {
            return self.receive_from_watcher(client, watcher, message);
        }
        if message == ToHost::Watch {
            self.arrivals.asked(client);
            if let Some(&held) = self.seats.get(&client) {
                let held = seat_number(held);
                self.refuse(client, format!("you already hold seat {held}"));
                return None;
            }
            return Some(Incoming::Watch { client });
        }
        if let ToHost::Hello { seat, ticket } = message {
            self.arrivals.asked(client);
            if let Some(ticket) = ticket {
                self.shown.insert(client, ticket);
            }
            return match (self.seats.get(&client), seat) {
                // Asked again before the welcome arrived: the game again, nothing more.
                (Some(&held), None) => Some(Incoming::Sync { client, seat: held }),
                (Some(&held), Some(asked)) if held == asked => {
                    Some(Incoming::Sync { client, seat: held })
                }
                (Some(&held), Some(_)) => {
                    let held = seat_number(held);
                    self.refuse(client, format!("you already hold seat {held}"));
                    None
                }
                (None, seat) => Some(Incoming::Hello { client, seat }),
            };
        }
        let Some(&seat) = self.seats.get(&client) else {
            self.refuse(client, "take a seat first".into());
            return None;
        };
        if matches!(message, ToHost::Say { .. } | ToHost::Ping { .. }) && !self.talk_allowed(client)
        {
            return None;
        }
        match message {
            ToHost::Hello { .. } | ToHost::Watch => None,
            ToHost::Say { text } => {
                let text = self.chat_line(client, &text)?;
                self.tell_table(&ToClient::Said {
                    seat,
                    text: text.clone(),
                });
                Some(Incoming::Said { seat, text })
            }
            ToHost::Act { at, action } if action.player == seat => Some(Incoming::Act {
                client,
                seat,
                at,
                action,
            }),
            ToHost::Act { .. } => {
                self.refuse(client, "that seat is not yours".into());
                None
            }
            ToHost::Ping { target } => Some(Incoming::Ping {
                client,
                seat,
                target,
            }),
            ToHost::Sync => Some(Incoming::Sync { client, seat }),
            ToHost::Answer { accept } => Some(Incoming::Answer {
                client,
                seat,
                accept,
            }),
        }
    }

    /// Logs what the host did about a client, on standard error and in `notes`.
    fn note(&mut self, text: String) {
        self.log(&text);
        self.notes.push(text);
        // A long game's notes stay short: the window shows the new ones as they come.
        if self.notes.len() > 200 {
            self.notes.remove(0);
        }
    }

    /// Logs on standard error only: what the window's talk need not show.
    fn log(&self, text: &str) {
        if !self.quiet {
            eprintln!("host: {text}");
        }
    }

    pub fn send(&mut self, client: u64, message: &ToClient) {
        let bytes = encode(message);
        self.sent += bytes.len();
        self.end.send(client, bytes);
    }

    /// A message for every seated client and every watcher (one not yet welcomed gets the
    /// game in its welcome).
    pub(crate) fn tell_table(&mut self, message: &ToClient) {
        let table: Vec<u64> = self
            .seats
            .keys()
            .chain(self.watchers.keys())
            .copied()
            .collect();
        for client in table {
            self.send(client, message);
        }
    }

    /// Tells a client why not, and logs it; too many refusals and it is disconnected.
    pub fn refuse(&mut self, client: u64, reason: String) {
        self.note(format!("refused client {client}: {reason}"));
        self.send(client, &ToClient::Refused { reason });
        // Strikes are the source's, so a reconnection does not wipe them; they decay.
        let Some(origin) = self.end.origin(client) else {
            return;
        };
        if self.strikes.add(origin, Instant::now()) {
            self.note(format!(
                "disconnecting client {client} after {STRIKES} refusals"
            ));
            self.end.disconnect(
                client,
                format!("{STRIKES} refusals: the host ends the link"),
            );
        }
    }

    /// A refusal that is no offence (a seat still held for a dropped link, a game that
    /// waits for its crew): the client asks again in a moment. Logged the first time only,
    /// as it comes again every few hundred milliseconds.
    pub(crate) fn refuse_quietly(&mut self, client: u64, reason: String) {
        if self.told_quietly.insert((client, reason.clone())) {
            self.log(&format!("refused client {client} (no strike): {reason}"));
        }
        self.send(client, &ToClient::Refused { reason });
    }

    /// Sends what is queued (the links' tasks send as messages come; kept for the callers'
    /// rhythm of poll, decide, flush).
    pub fn flush(&mut self) {}

    /// Ends every link (the game is over or the host leaves).
    pub fn close(&mut self) {
        self.end.close();
    }
}

fn is_power_of_ten(n: u64) -> bool {
    let mut p = 1;
    while p < n {
        p *= 10;
    }
    p == n
}
