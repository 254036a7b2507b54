//! The game window as a client: a seat of a game hosted elsewhere. The table keeps the public
//! view of the host's game: the hidden orders (deck, bag, missions, dice) stay at the host.
//! An action made here is checked by the rules here and sent (`ForwardActions`), not carried
//! out; the host's actions come back with what they drew and are applied one a frame. When a
//! turn starts with another hash than the host's, or the rules here refuse the host's
//! action, the table takes the host's public view again: a resync, said in the talk, never a
//! crash.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::time::Instant;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::files::hash_text;
use stp_rules::{
    ActionAccepted, ActionForwarded, ActionRefused, Draws, GameState, HostAction, LoadGame,
    PlayerAction,
};

use super::{Online, PingRequest, Pings, SayRequest, Talk, seat_name};
use crate::game::crew::{Away, Crew, Seat};
use crate::game::session::Record;
use crate::net::link::Connection;
use crate::net::protocol::{ToClient, ToHost};
use crate::net::pump::{ClientLink, Pumped};

/// How long a client keeps asking for its seat (a rejoin waits while the host still holds
/// the seat for the dropped link).
const SEAT_SECONDS: u64 = 30;

/// A seat of a game hosted elsewhere.
pub struct Joined {
    /// Pumped on a thread of its own, so the window can sleep (`net::pump`).
    link: Pumped<ClientLink>,
    host: SocketAddr,
    /// The seat asked for (0-based), or any free one; once seated, the seat held (so a
    /// rejoin asks for it again).
    pub seat: Option<u8>,
    /// The seat's ticket from the host's welcome: "Join again" shows it to take the seat
    /// back.
    pub ticket: Option<String>,
    /// Watching without a seat: the public view and the talk, no play.
    pub watching: bool,
    code: String,
    asked: Option<Instant>,
    started: Instant,
    /// The host's game arrived.
    pub welcomed: bool,
    /// The table asked for the host's state and waits for it.
    syncing: bool,
    /// The host's actions not yet applied here, with what each drew.
    inbox: VecDeque<(PlayerAction, Draws)>,
    /// The host's actions sent to the rules here, until they are carried out.
    from_host: VecDeque<PlayerAction>,
    /// Actions made here and sent, until the host carries them out or refuses them.
    mine: VecDeque<PlayerAction>,
    /// Actions on this table's record.
    applied: u32,
    /// The host's hash after so many actions, to compare once this table gets there.
    check: Option<(u32, String)>,
    /// Why the link ended, once it has.
    pub lost: Option<String>,
    /// Why the host last refused this table a seat (it asks again until it has one).
    pub refused: Option<String>,
    /// A rejoin from the table: the talk so far is the crew's, not stale.
    keeps_talk: bool,
    /// The game ended at the host.
    pub over: bool,
}

impl Joined {
    /// Starts connecting to `host` for `seat` (0-based).
    pub fn open(host: SocketAddr, code: &str, seat: Option<u8>) -> Result<Joined, String> {
        crate::net::check_secret(code)?;
        Ok(Joined {
            link: Pumped::start(ClientLink::new(Connection::open(host, code)?))?,
            host,
            seat,
            ticket: None,
            watching: false,
            code: code.to_string(),
            asked: None,
            started: Instant::now(),
            welcomed: false,
            syncing: false,
            inbox: VecDeque::new(),
            from_host: VecDeque::new(),
            mine: VecDeque::new(),
            applied: 0,
            check: None,
            lost: None,
            refused: None,
            keeps_talk: false,
            over: false,
        })
    }

    /// Starts connecting to `host` to watch the game without a seat.
    pub fn watch(host: SocketAddr, code: &str) -> Result<Joined, String> {
        let mut joined = Joined::open(host, code, None)?;
        joined.watching = true;
        Ok(joined)
    }

    pub fn join_code(&self) -> String {
        format!("{} · code {}", self.host, self.code)
    }

    /// Leaves the game: the host hears at once rather than after the link's timeout.
    pub fn hang_up(&mut self) {
        self.link.lock().link.disconnect();
    }

    /// The same seat of the same game again, on a new link (after this one was lost): the
    /// host gives the seat back at the current state, and the talk so far stays.
    pub fn again(&mut self) -> Result<Joined, String> {
        self.hang_up();
        let mut joined = Joined::open(self.host, &self.code, self.seat)?;
        joined.watching = self.watching;
        joined.keeps_talk = true;
        joined.ticket = self.ticket.clone();
        Ok(joined)
    }

    /// The table waits: for the host's game, for a resync, for a lost link, or for the host
    /// to carry out (or refuse) the action sent from here, or to send an action of its own
    /// that is on its way to the rules here.
    pub fn holds_controls(&self) -> bool {
        !self.welcomed
            || self.syncing
            || self.lost.is_some()
            || !self.mine.is_empty()
            || !self.inbox.is_empty()
            || !self.from_host.is_empty()
    }

    /// Queues a message for the host (the table's systems flush at the end of the frame).
    pub(super) fn send(&self, message: &ToHost) {
        self.link.lock().link.send(message);
    }

    /// The host's actions that reached this table (applied, on their way to the rules, or
    /// waiting): the number an action sent from here follows.
    fn received(&self) -> u32 {
        self.applied + (self.from_host.len() + self.inbox.len()) as u32
    }

    /// Asks the host for its whole state (this table is out of step).
    fn resync(&mut self, talk: &mut Talk, why: &str) {
        if !self.syncing {
            talk.notice(format!("{why}: taking the host's table again."));
        }
        self.send(&ToHost::Sync);
        self.syncing = true;
        self.inbox.clear();
        self.from_host.clear();
        self.mine.clear();
        self.check = None;
    }
}

/// Messages from the host, and one of its actions a frame for the rules.
pub(super) fn receive(
    mut online: ResMut<Online>,
    state: Option<Res<GameState>>,
    mut record: ResMut<Record>,
    mut crew: ResMut<Crew>,
    mut away: ResMut<Away>,
    mut talk: ResMut<Talk>,
    mut pings: ResMut<Pings>,
    mut offer_here: ResMut<super::OfferHere>,
    mut says: MessageReader<SayRequest>,
    mut pinged: MessageReader<PingRequest>,
    mut loads: MessageWriter<LoadGame>,
    mut actions: MessageWriter<HostAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Online::Client(me) = &mut *online else {
        return;
    };
    if me.lost.is_some() {
        return;
    }
    // What the pump took in since the last frame, and whether the link still stands.
    let (linked, arrived) = {
        let mut link = me.link.lock();
        let linked = match link.gone.take() {
            Some(reason) => Err(reason),
            None => link.link.connected(),
        };
        (linked, link.arrived.drain(..).collect::<Vec<_>>())
    };
    let connected = match linked {
        Ok(connected) => connected,
        Err(reason) => {
            talk.notice(format!("The link to the host is gone: {reason}."));
            me.lost = Some(reason);
            return;
        }
    };
    // Hello, and again every half second until the welcome (a rejoin waits for the host to
    // notice the old link is gone).
    let ask = me.asked.is_none_or(|at| at.elapsed().as_millis() > 500);
    if connected && !me.welcomed && ask {
        if me.started.elapsed().as_secs() > SEAT_SECONDS {
            let reason = match &me.refused {
                Some(why) => format!("no seat at the host ({why})"),
                None => "no seat at the host".to_string(),
            };
            talk.notice(format!("Not seated: {reason}."));
            me.lost = Some(reason);
            return;
        }
        me.send(&if me.watching {
            ToHost::Watch
        } else {
            ToHost::Hello {
                seat: me.seat,
                ticket: me.ticket.clone(),
            }
        });
        me.asked = Some(Instant::now());
    }
    for SayRequest(text) in says.read() {
        me.send(&ToHost::Say { text: text.clone() });
    }
    for PingRequest(target) in pinged.read() {
        if me.watching {
            talk.notice("Watchers cannot point at the table: only the seats can.".into());
        } else {
            me.send(&ToHost::Ping { target: *target });
        }
    }
    // The players' names as this table knows them; a welcome in this batch brings them
    // before the rules here have its game.
    let mut names: Vec<String> = state
        .as_deref()
        .map(|s| s.players.iter().map(|p| p.name.clone()).collect())
        .unwrap_or_default();
    let name = |names: &[String], seat: u8| {
        names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| seat_name(None, seat))
    };
    for message in arrived {
        let message = match message {
            Ok(message) => message,
            Err(reason) => {
                if !me.welcomed {
                    me.refused = Some(format!("the host's message made no sense ({reason})"));
                }
                me.resync(
                    &mut talk,
                    &format!("A message from the host made no sense ({reason})"),
                );
                continue;
            }
        };
        match message {
            ToClient::Welcome {
                seat,
                options,
                actions: so_far,
                state: host_state,
                away: away_now,
                ticket,
            } => {
                if !ticket.is_empty() {
                    me.ticket = Some(ticket);
                }
                // A second answer to a Hello repeated before the first arrived changes
                // nothing: no word of it.
                let same_game = state.as_deref().is_some_and(|s| {
                    so_far.len() as u32 == me.applied
                        && s.public_hash() == host_state.0.public_hash()
                });
                if !me.welcomed {
                    // What is left in the talk is from earlier tries to join: stale now.
                    if !me.keeps_talk {
                        talk.lines.clear();
                    }
                    talk.notice(match seat {
                        Some(seat) => format!(
                            "You have seat {} of the game at {}.",
                            crate::net::protocol::seat_number(seat),
                            me.host
                        ),
                        None => format!(
                            "You are watching the game at {}, without a seat; the talk is \
                             open to you.",
                            me.host
                        ),
                    });
                } else if me.syncing || !same_game {
                    talk.notice("This table has the host's game again.".into());
                }
                names = host_state
                    .0
                    .players
                    .iter()
                    .map(|p| p.name.clone())
                    .collect();
                let players = host_state.0.players.len();
                crew.pending = Some(
                    (0..players as u8)
                        .map(|s| {
                            if Some(s) == seat {
                                Seat::Human
                            } else {
                                Seat::Remote
                            }
                        })
                        .collect(),
                );
                record.options = Some(options);
                record.actions = so_far;
                me.applied = record.actions.len() as u32;
                loads.write(LoadGame(host_state.0));
                away.0 = away_now;
                me.welcomed = true;
                me.seat = seat;
                me.syncing = false;
                me.inbox.clear();
                me.from_host.clear();
                me.mine.clear();
                me.check = None;
            }
            // Not seated yet: the setup screen shows why, while the table asks again.
            ToClient::Refused { reason } if !me.welcomed => me.refused = Some(reason),
            // Until the host's state arrives, what it sent before is in that state.
            _ if me.syncing || !me.welcomed => {}
            // Ours or another seat's, it is carried out here as the host did it. Ours that
            // met a moved-on game is refused by the host instead.
            ToClient::Accepted { action, draws } => {
                if me.mine.front() == Some(&action) {
                    me.mine.pop_front();
                }
                me.inbox.push_back((action, draws));
            }
            ToClient::Check { at, hash } => me.check = Some((at, hash)),
            // Nothing was carried out here: the table is as the host's.
            ToClient::Refused { reason } => {
                talk.notice(format!("The host refused: {reason}."));
                me.mine.pop_front();
            }
            ToClient::Offer { action } => {
                talk.notice(format!(
                    "{} offers you a trade.",
                    name(&names, action.player)
                ));
                offer_here.0 = Some(action);
            }
            // Nothing was carried out: the table is as the host's.
            ToClient::Declined { seat } => {
                talk.notice(format!("{} declines the trade.", name(&names, seat)));
                me.mine.pop_front();
            }
            ToClient::OfferClosed => {
                if offer_here.0.take().is_some() {
                    talk.notice("The trade offered to you is off.".into());
                }
            }
            ToClient::Said { seat, text } => talk.say(&name(&names, seat), &text),
            ToClient::WatcherSaid { watcher, text } => {
                talk.say(&super::watcher_name(watcher), &text)
            }
            ToClient::Pinged { seat, target } => pings.add(seat, target),
            ToClient::Waiting { seat, bot_in } => {
                if !away.0.contains(&seat) {
                    away.0.push(seat);
                }
                let then = match bot_in {
                    0 => String::new(),
                    s => format!(" An Ensign bot plays the seat if they are not back in {s} s."),
                };
                talk.notice(format!(
                    "Waiting for {}: their link dropped.{then}",
                    name(&names, seat)
                ));
            }
            // Play goes on: the host's bot takes the seat's turns until its person is back.
            ToClient::BotPlays { seat } => {
                away.0.retain(|s| *s != seat);
                let name = name(&names, seat);
                talk.notice(format!(
                    "An Ensign bot plays {name}'s seat until {name} is back."
                ));
            }
            ToClient::Back { seat } => {
                away.0.retain(|s| *s != seat);
                talk.notice(format!("{} is at the table.", name(&names, seat)));
            }
            ToClient::Over { outcome, seed, .. } => {
                me.over = true;
                // The seed may be known now: with it, the game can be watched again here.
                if let Some(options) = &mut record.options {
                    options.seed = seed;
                }
                talk.notice(format!("The host's game is over: {outcome}."));
            }
        }
    }
    // One of the host's actions a frame, when the rules here wait for players.
    if state.is_some_and(|s| s.awaits_players())
        && me.from_host.is_empty()
        && let Some((action, draws)) = me.inbox.pop_front()
    {
        actions.write(HostAction { action, draws });
        me.from_host.push_back(action);
    }
    // A window that would otherwise sleep comes back for the host's other actions, and to
    // compare the hash once its table has caught up.
    let check_ready = me.check.as_ref().is_some_and(|(at, _)| *at <= me.applied);
    if !me.inbox.is_empty() || !me.from_host.is_empty() || check_ready {
        redraw.write(RequestRedraw);
    }
}

/// Actions made here go to the host; the host's ones are checked off; at a turn start the
/// table's hash is compared with the host's.
pub(super) fn tell(
    mut online: ResMut<Online>,
    (mut accepted, mut forwarded): (
        MessageReader<ActionAccepted>,
        MessageReader<ActionForwarded>,
    ),
    mut refused: MessageReader<ActionRefused>,
    state: Option<Res<GameState>>,
    mut talk: ResMut<Talk>,
) {
    let Online::Client(me) = &mut *online else {
        return;
    };
    // Only the host's actions are carried out on this table.
    for ActionAccepted(action) in accepted.read() {
        me.applied += 1;
        if me.from_host.front() == Some(action) {
            me.from_host.pop_front();
        }
    }
    // One at a time: the next waits for the host's answer to this one (the controls wait).
    for ActionForwarded(action) in forwarded.read() {
        if !me.syncing && me.lost.is_none() && me.mine.is_empty() {
            me.mine.push_back(*action);
            me.send(&ToHost::Act {
                at: me.received(),
                action: *action,
            });
        }
    }
    for refusal in refused.read() {
        if me.from_host.front() == Some(&refusal.action) {
            let why = format!("This table refused the host's action ({})", refusal.reason);
            me.resync(&mut talk, &why);
        }
    }
    if let (Some((at, hash)), Some(state)) = (me.check.clone(), state) {
        let settled = me.mine.is_empty()
            && me.from_host.is_empty()
            && (state.awaits_players() || state.is_over());
        if at < me.applied || (at == me.applied && settled) {
            me.check = None;
            if at == me.applied && hash_text(state.public_hash()) != hash {
                me.resync(&mut talk, "This table is out of step with the host");
            }
        }
    }
    if me.lost.is_none()
        && let Err(reason) = me.link.lock().link.flush()
    {
        talk.notice(format!("The link to the host is gone: {reason}."));
        me.lost = Some(reason);
    }
}
