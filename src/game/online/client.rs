//! The game window as a client: a seat of a game hosted elsewhere. The table keeps the public
//! view of the host's game: the hidden orders (deck, bag, missions, dice) stay at the host.
//! An action made here is checked by the rules here and sent (`ForwardActions`), not carried
//! out; the host's actions come back with what they drew and are applied one a frame. When a
//! turn starts with another hash than the host's, or the rules here refuse the host's
//! action, the table takes the host's public view again: a resync, said in the talk, never a
//! crash.

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::files::hash_text;
use stp_rules::{
    ActionAccepted, ActionForwarded, ActionRefused, Draws, GameState, HostAction, LoadGame,
    PlayerAction,
};

use super::{Online, PingRequest, Pings, SayRequest, Talk};
use crate::game::crew::{Away, Crew, Seat};
use crate::game::model::record::Record;
use crate::net::client_core::{ClientCore, Step};
use crate::net::link::Connection;
use crate::net::protocol::ToHost;
use crate::net::pump::{ClientLink, Pumped};
use crate::net::quic::Invite;

/// A seat of a game hosted elsewhere.
pub struct Joined {
    /// Pumped on a thread of its own, so the window can sleep (`net::pump`).
    link: Pumped<ClientLink>,
    invite: Invite,
    /// The client's decisions, as `join` makes them: asking for the seat, what each
    /// message means, resyncs and the words (`net::client_core`).
    pub core: ClientCore,
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
    /// A rejoin from the table: the talk so far is the crew's, not stale.
    keeps_talk: bool,
    /// The game ended at the host.
    pub over: bool,
}

impl Joined {
    /// Starts connecting to the invite's host for `seat` (0-based).
    pub fn open(invite: &Invite, seat: Option<u8>) -> Result<Joined, String> {
        Joined::start(invite, |host| ClientCore::new(host, seat, false))
    }

    /// Starts connecting to the invite's host to watch the game without a seat.
    pub fn watch(invite: &Invite) -> Result<Joined, String> {
        Joined::start(invite, |host| ClientCore::new(host, None, true))
    }

    fn start(invite: &Invite, core: impl FnOnce(&str) -> ClientCore) -> Result<Joined, String> {
        let link = Connection::open(invite)?;
        let core = core(&link.host);
        Ok(Joined {
            link: Pumped::start(ClientLink::new(link))?,
            invite: invite.clone(),
            core,
            inbox: VecDeque::new(),
            from_host: VecDeque::new(),
            mine: VecDeque::new(),
            applied: 0,
            check: None,
            lost: None,
            keeps_talk: false,
            over: false,
        })
    }

    /// The same, showing `ticket` (kept from an earlier join of this game) to take its seat
    /// back.
    pub fn with_ticket(mut self, ticket: Option<String>) -> Joined {
        if ticket.is_some() {
            self.core.ticket = ticket;
        }
        self
    }

    /// The invite this table joined with.
    pub fn join_code(&self) -> String {
        self.invite.to_string()
    }

    /// How the link reaches the host now: direct or relayed, and its round trip.
    pub fn path(&self) -> Option<crate::net::quic::LinkPath> {
        self.link.lock().link.path()
    }

    /// Whether this table watches without a seat.
    pub fn watching(&self) -> bool {
        self.core.watching
    }

    /// Whether the host's game arrived.
    pub fn welcomed(&self) -> bool {
        self.core.welcomed
    }

    /// Leaves the game: the host hears at once rather than after the link's timeout.
    pub(crate) fn hang_up(&mut self) {
        self.link.lock().link.disconnect();
    }

    /// The same seat of the same game again, on a new link (after this one was lost): the
    /// host gives the seat back at the current state, and the talk so far stays.
    pub fn again(&mut self) -> Result<Joined, String> {
        self.hang_up();
        let core = self.core.again();
        let mut joined = Joined::start(&self.invite.clone(), |_| core)?;
        joined.keeps_talk = true;
        Ok(joined)
    }

    /// The table waits: for the host's game, for a resync, for a lost link, or for the host
    /// to carry out (or refuse) the action sent from here, or to send an action of its own
    /// that is on its way to the rules here.
    pub fn holds_controls(&self) -> bool {
        !self.core.welcomed
            || self.core.syncing
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

    /// Drops what waits: the host's state is on its way.
    fn forget_queued(&mut self) {
        self.inbox.clear();
        self.from_host.clear();
        self.mine.clear();
        self.check = None;
    }
}

/// Where the window shows and keeps what the host said: the talk, the pings, the crew, the
/// record, the seats away and the offer window.
#[derive(SystemParam)]
pub(super) struct ClientShows<'w> {
    record: ResMut<'w, Record>,
    crew: ResMut<'w, Crew>,
    away: ResMut<'w, Away>,
    talk: ResMut<'w, Talk>,
    pings: ResMut<'w, Pings>,
    offer_here: ResMut<'w, super::OfferHere>,
}

/// What this machine's players ask of the crew: a word in the talk, a ping on the table.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct OwnAsks<'w, 's> {
    says: MessageReader<'w, 's, SayRequest>,
    pinged: MessageReader<'w, 's, PingRequest>,
}

/// Messages from the host, and one of its actions a frame for the rules.
pub(super) fn receive(
    mut online: ResMut<Online>,
    state: Option<Res<GameState>>,
    mut shows: ClientShows,
    asks: OwnAsks,
    mut loads: MessageWriter<LoadGame>,
    mut actions: MessageWriter<HostAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let OwnAsks {
        mut says,
        mut pinged,
    } = asks;
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
            shows
                .talk
                .notice(format!("The link to the host is gone: {reason}."));
            me.lost = Some(reason);
            return;
        }
    };
    match me.core.ask(connected) {
        Ok(Some(hello)) => me.send(&hello),
        Ok(None) => {}
        Err(reason) => {
            shows.talk.notice(format!("Not seated: {reason}."));
            me.lost = Some(reason);
            return;
        }
    }
    for SayRequest(text) in says.read() {
        me.send(&ToHost::Say { text: text.clone() });
    }
    for PingRequest(target) in pinged.read() {
        if me.core.watching {
            shows
                .talk
                .notice("Watchers cannot point at the table: only the seats can.".into());
        } else {
            me.send(&ToHost::Ping { target: *target });
        }
    }
    for message in arrived {
        for step in me.core.take(message) {
            take_step(me, step, &mut shows, &mut loads);
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

/// What one of the host's messages means for this table, carried out here.
fn take_step(
    me: &mut Joined,
    step: Step,
    shows: &mut ClientShows,
    loads: &mut MessageWriter<LoadGame>,
) {
    match step {
        Step::Send(message) => me.send(&message),
        Step::Welcome {
            first,
            seat,
            options,
            actions,
            state,
            away,
        } => {
            // What is left in the talk is from earlier tries to join: stale now.
            if first && !me.keeps_talk {
                shows.talk.lines.clear();
            }
            let players = state.players().len();
            shows.crew.pending = Some(
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
            shows.record.options = Some(options);
            // The host's actions: the public view here does not replay them.
            shows.record.start = None;
            shows.record.actions = actions;
            me.applied = shows.record.actions.len() as u32;
            loads.write(LoadGame(state));
            shows.away.0 = away;
            me.forget_queued();
        }
        Step::Resync => me.forget_queued(),
        // Ours or another seat's, it is carried out here as the host did it. Ours that met
        // a moved-on game is refused by the host instead.
        Step::Apply { action, draws } => {
            if me.mine.front() == Some(&action) {
                me.mine.pop_front();
            }
            me.inbox.push_back((action, draws));
        }
        Step::Check { at, hash } => me.check = Some((at, hash)),
        // Nothing was carried out: the table is as the host's.
        Step::Refused { .. } | Step::Declined(_) => {
            me.mine.pop_front();
        }
        Step::Offer(action, within) => *shows.offer_here = super::OfferHere::new(action, within),
        Step::OfferClosed => shows.offer_here.0 = None,
        Step::Away(seat) => {
            if !shows.away.0.contains(&seat) {
                shows.away.0.push(seat);
            }
        }
        Step::Present(seat) => shows.away.0.retain(|s| *s != seat),
        Step::Said { who, text } => shows.talk.say(&who, &text),
        Step::Pinged { seat, target } => shows.pings.add(seat, target),
        Step::Notice(text) => shows.talk.notice(text),
        Step::Over { seed, .. } => {
            me.over = true;
            // The seed may be known now: with it, the game can be watched again here.
            if let Some(options) = &mut shows.record.options {
                options.seed = seed;
            }
        }
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
        if !me.core.syncing && me.lost.is_none() && me.mine.is_empty() {
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
            for step in me.core.resync(&why) {
                resync_step(me, step, &mut talk);
            }
        }
    }
    if let (Some((at, hash)), Some(state)) = (me.check.clone(), state) {
        let settled = me.mine.is_empty()
            && me.from_host.is_empty()
            && (state.awaits_players() || state.is_over());
        if at < me.applied || (at == me.applied && settled) {
            me.check = None;
            if at == me.applied && hash_text(state.public_hash()) != hash {
                for step in me.core.resync("This table is out of step with the host") {
                    resync_step(me, step, &mut talk);
                }
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

/// A resync's steps: its words, the Sync to the host, and the queues dropped.
fn resync_step(me: &mut Joined, step: Step, talk: &mut Talk) {
    match step {
        Step::Send(message) => me.send(&message),
        Step::Notice(text) => talk.notice(text),
        _ => me.forget_queued(),
    }
}
