//! The game window as host: the table's rules are the game, remote seats act through the
//! network, and every client hears every accepted action in the table's order.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::files::hash_text;
use stp_rules::{
    ActionAccepted, ActionRefused, Draws, GameState, LoadGame, PlayerAction, RulesEvent, StartGame,
};

use super::{HandToBot, Online, PingRequest, Pings, SayRequest, Talk, seat_name};
use crate::game::crew::{Away, Crew, Seat};
use crate::game::session::Record;
use crate::net::protocol::{HostState, ToClient};
use crate::net::pump::{HostLink, Pumped};
use crate::net::room::{Incoming, Room, assign_seat};

/// A game this window hosts.
pub struct Hosting {
    /// The room, pumped on a thread of its own so the window can sleep (`net::pump`).
    pub(super) link: Pumped<HostLink>,
    /// The secret of the join code.
    pub code: String,
    /// This machine's address, for the join code (found once: it opens a socket).
    address: String,
    /// Remote seats' actions not yet carried out: client, its number in the game, action.
    inbox: VecDeque<(u64, u32, PlayerAction)>,
    /// The remote action the rules are carrying out this frame, to answer a refusal.
    pub(super) in_flight: Option<(u64, PlayerAction)>,
    /// A trade offered to a person at another table (`trades`): its proposer's link (`None`:
    /// a person at this table), and the trade.
    pub(super) offer: Option<(Option<u64>, PlayerAction)>,
    /// Answers to `offer` from the link of the seat it was offered to.
    pub(super) answers: Vec<bool>,
    /// Remote seats a bot plays until their person is back.
    handed: Vec<u8>,
    /// Remote seats whose link dropped, since when: after the room's `bot_after` a bot plays
    /// them (everyone was told when).
    away_since: std::collections::BTreeMap<u8, std::time::Instant>,
    /// A turn started: tell the clients its hash once the rules wait for players.
    check_due: bool,
    over_told: bool,
    /// A new game on the table (played again, watched again, loaded): the clients get it.
    rewelcome: bool,
    /// Actions carried out here but not yet told: they go out once the rules wait for
    /// players again, with everything the automatic phases after them drew (which may take
    /// more than one frame), so a table that plays them at once has every draw it needs.
    untold: Vec<PlayerAction>,
    /// What the rules drew since the last actions were told.
    drawn: Draws,
}

impl Hosting {
    /// Opens the port for a game with this code's secret.
    pub fn open(port: u16, code: &str) -> Result<Hosting, String> {
        crate::net::check_secret(code)?;
        Ok(Hosting {
            link: Pumped::start(HostLink::new(Room::open(port, code)?))?,
            code: code.to_string(),
            address: local_address(),
            inbox: VecDeque::new(),
            in_flight: None,
            offer: None,
            answers: Vec::new(),
            handed: Vec::new(),
            away_since: Default::default(),
            check_due: false,
            over_told: false,
            rewelcome: false,
            untold: Vec::new(),
            drawn: Draws::default(),
        })
    }

    /// How long a seat whose link dropped waits for its person before an Ensign bot plays
    /// it (`None`: for ever); the room's default is `net::room::BOT_AFTER`.
    pub fn with_bot_after(self, after: Option<std::time::Duration>) -> Hosting {
        self.link.lock().room.bot_after = after;
        self
    }

    /// The seats' tickets of an earlier hosting of this game (the settings keep them).
    pub fn with_tickets(self, tickets: &[crate::net::room::SeatTicket]) -> Hosting {
        self.link.lock().room.restore_tickets(tickets);
        self
    }

    /// The seats' tickets so far.
    pub fn tickets(&self) -> Vec<crate::net::room::SeatTicket> {
        self.link.lock().room.tickets()
    }

    pub fn join_code(&self) -> String {
        let port = self.link.lock().room.port;
        format!("{}:{port} · code {}", self.address, self.code)
    }

    /// The hidden order stays here: the seed and the public view only.
    /// For a watcher, `seat` is `None`.
    fn welcome(
        seat: Option<u8>,
        record: &Record,
        state: &GameState,
        away: Vec<u8>,
    ) -> Option<ToClient> {
        let mut options = record.options.clone()?;
        options.seed = 0;
        Some(ToClient::Welcome {
            seat,
            options,
            actions: record.actions.clone(),
            state: HostState(Box::new(state.public_view())),
            away,
            ticket: String::new(),
        })
    }
}

/// This machine's address on its network, for the join code (the address a packet to the
/// outside would leave from; nothing is sent). Loopback when there is no network.
pub fn local_address() -> String {
    std::net::UdpSocket::bind(("0.0.0.0", 0))
        .and_then(|socket| {
            socket.connect(("192.0.2.1", 9))?;
            socket.local_addr()
        })
        .map_or_else(|_| "127.0.0.1".into(), |a| a.ip().to_string())
}

/// Remote seats whose person is not at the table now.
fn away_seats(crew: &Crew, room: &Room, players: usize) -> Vec<u8> {
    (0..players as u8)
        .filter(|&seat| crew.is_remote(seat) && !room.holds(seat))
        .collect()
}

/// Messages in, seats taken and left, and one remote action a frame for the rules.
pub(super) fn receive(
    mut online: ResMut<Online>,
    state: Option<Res<GameState>>,
    record: Res<Record>,
    mut crew: ResMut<Crew>,
    mut away: ResMut<Away>,
    mut talk: ResMut<Talk>,
    mut pings: ResMut<Pings>,
    mut says: MessageReader<SayRequest>,
    mut pinged: MessageReader<PingRequest>,
    mut handed: MessageReader<HandToBot>,
    mut actions: MessageWriter<PlayerAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Online::Host(host) = &mut *online else {
        return;
    };
    let Some(state) = state else { return };
    let players = state.players.len();
    let mut guard = host.link.lock();
    let link = &mut *guard;
    // This table's own words: the first person here speaks for it.
    let here = (0..players as u8).find(|&p| crew.is_here(p)).unwrap_or(0);
    for SayRequest(text) in says.read() {
        link.room.tell_table(&ToClient::Said {
            seat: here,
            text: text.clone(),
        });
        talk.say(&seat_name(Some(&state), here), text);
    }
    for PingRequest(target) in pinged.read() {
        if target.is_on(&state) {
            link.room.tell_table(&ToClient::Pinged {
                seat: here,
                target: *target,
            });
            pings.add(here, *target);
        }
    }
    // Asked for (the host's button), or due: a seat away past the room's wait.
    let due: Vec<u8> = link.room.bot_after.map_or_else(Vec::new, |after| {
        host.away_since
            .iter()
            .filter(|(_, since)| since.elapsed() >= after)
            .map(|(seat, _)| *seat)
            .collect()
    });
    let asked: Vec<u8> = handed.read().map(|HandToBot(seat)| *seat).collect();
    for seat in asked.into_iter().chain(due) {
        host.away_since.remove(&seat);
        if crew.is_remote(seat) && !link.room.holds(seat) {
            crew.seats[usize::from(seat)] = Seat::Ensign;
            host.handed.push(seat);
            // The others' tables stop waiting for it.
            link.room.tell_table(&ToClient::BotPlays { seat });
            let name = seat_name(Some(&state), seat);
            talk.notice(format!(
                "An Ensign bot plays {name}'s seat until {name} is back."
            ));
        }
    }
    let arrived: Vec<Incoming> = link.arrived.drain(..).collect();
    for incoming in arrived {
        match incoming {
            Incoming::Hello { client, seat } => {
                // Free: remote seats nobody holds, then seats a bot plays until their person
                // is back (any seat will do goes to the first).
                let mut free = away_seats(&crew, &link.room, players);
                let mut handed: Vec<u8> = host.handed.clone();
                handed.sort_unstable();
                free.extend(handed.into_iter().filter(|s| !link.room.holds(*s)));
                // A seat that had a holder is theirs: their ticket, or their address.
                free.retain(|s| link.room.claimable(client, *s));
                let seat = match assign_seat(seat, &free) {
                    Ok(seat) => seat,
                    Err(reason) => {
                        link.room.refuse_quietly(client, reason);
                        continue;
                    }
                };
                if host.handed.contains(&seat) {
                    host.handed.retain(|s| *s != seat);
                    crew.seats[usize::from(seat)] = Seat::Remote;
                }
                let others_away = away_seats(&crew, &link.room, players)
                    .into_iter()
                    .filter(|s| *s != seat)
                    .collect();
                if let Some(welcome) = Hosting::welcome(Some(seat), &record, &state, others_away) {
                    link.room.seat(client, seat, &welcome);
                    host.away_since.remove(&seat);
                    talk.notice(format!(
                        "{} is at the table.",
                        seat_name(Some(&state), seat)
                    ));
                }
            }
            Incoming::Act {
                client, at, action, ..
            } => host.inbox.push_back((client, at, action)),
            Incoming::Ping {
                client,
                seat,
                target,
            } => {
                if target.is_on(&state) {
                    link.room.tell_table(&ToClient::Pinged { seat, target });
                    pings.add(seat, target);
                } else {
                    link.room.refuse(client, "nothing to ping there".into());
                }
            }
            Incoming::Sync { client, seat } => {
                let away_now = away_seats(&crew, &link.room, players);
                if let Some(welcome) = Hosting::welcome(Some(seat), &record, &state, away_now) {
                    link.room.send(client, &welcome);
                }
            }
            Incoming::Said { seat, text } => talk.say(&seat_name(Some(&state), seat), &text),
            Incoming::Watch { client } => {
                let away_now = away_seats(&crew, &link.room, players);
                if let Some(welcome) = Hosting::welcome(None, &record, &state, away_now) {
                    link.room.watch(client, &welcome);
                }
            }
            Incoming::WatcherSaid { watcher, text } => {
                talk.say(&super::watcher_name(watcher), &text);
            }
            Incoming::Answer {
                client,
                seat,
                accept,
            } => {
                if host
                    .offer
                    .is_some_and(|(_, a)| super::trades::offered_to(&a) == Some(seat))
                {
                    host.answers.push(accept);
                } else {
                    let reason = "no trade is offered to you now".to_string();
                    link.room.refuse_quietly(client, reason);
                }
            }
            Incoming::Left { seat } => {
                super::trades::close_offer_of(&mut host.offer, &mut link.room, seat);
                host.away_since.insert(seat, std::time::Instant::now());
                let name = seat_name(Some(&state), seat);
                let then = link.room.bot_after.map_or(String::new(), |after| {
                    format!(
                        " An Ensign bot plays the seat if they are not back in {} s.",
                        after.as_secs()
                    )
                });
                talk.notice(format!("Waiting for {name}: their link dropped.{then}"));
            }
        }
    }
    // Refusals and hang-ups, as the room noted them (it keeps quiet refusals, such as a
    // seat still held for a dropped link, to standard error).
    for note in link.room.notes.drain(..) {
        if note.starts_with("refused") || note.starts_with("disconnecting") {
            talk.notice(format!("Host: {note}"));
        }
    }
    let now_away = away_seats(&crew, &link.room, players);
    if away.0 != now_away {
        away.0 = now_away;
    }
    // One remote action a frame, when the rules wait for players: a second in the same
    // frame would meet the rules before their phases have moved on. A window that would
    // otherwise sleep comes back for the rest.
    if !host.inbox.is_empty() {
        redraw.write(RequestRedraw);
    }
    if host.in_flight.is_some() || host.offer.is_some() || !state.awaits_players() {
        return;
    }
    if let Some((client, at, action)) = host.inbox.pop_front() {
        if !away.0.is_empty() {
            let reason = "the game waits for every seat to be taken".to_string();
            link.room.refuse_quietly(client, reason);
        } else if at as usize != record.actions.len() {
            link.room
                .refuse(client, format!("action {at} is out of order"));
        } else {
            actions.write(action);
            host.in_flight = Some((client, action));
        }
    }
}

/// Every accepted action to every client, in the table's order; refusals to their sender;
/// the hash at every turn start; the end.
pub(super) fn tell(
    mut online: ResMut<Online>,
    mut accepted: MessageReader<ActionAccepted>,
    mut refused: MessageReader<ActionRefused>,
    mut events: MessageReader<RulesEvent>,
    mut starts: MessageReader<StartGame>,
    mut loads: MessageReader<LoadGame>,
    mut state: Option<ResMut<GameState>>,
    record: Res<Record>,
    crew: Res<Crew>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Online::Host(host) = &mut *online else {
        return;
    };
    // What the rules drew this frame. (The table is touched only when there is something to
    // take, so it is not marked changed every frame.)
    if let Some(state) = state.as_mut()
        && state.seen.as_ref().is_none_or(|seen| !seen.is_empty())
    {
        let drawn = state.seen.replace(Draws::default()).unwrap_or_default();
        host.drawn.extend(drawn);
    }
    let mut guard = host.link.lock();
    let link = &mut *guard;
    if starts.read().count() + loads.read().count() > 0 {
        host.rewelcome = true;
        host.over_told = false;
        // The welcome holds the new game as it is.
        host.untold.clear();
        host.drawn = Draws::default();
    }
    if host.rewelcome
        && let Some(state) = state.as_deref()
        && record.options.is_some()
    {
        host.rewelcome = false;
        let away = away_seats(&crew, &link.room, state.players.len());
        for (client, seat) in link.room.seated() {
            if let Some(welcome) = Hosting::welcome(Some(seat), &record, state, away.clone()) {
                link.room.send(client, &welcome);
            }
        }
        if let Some(welcome) = Hosting::welcome(None, &record, state, away) {
            for client in link.room.watching() {
                link.room.send(client, &welcome);
            }
        }
    }
    for ActionAccepted(action) in accepted.read() {
        host.untold.push(*action);
        if host.in_flight.is_some_and(|(_, a)| a == *action) {
            host.in_flight = None;
        }
    }
    for refusal in refused.read() {
        if let Some((client, action)) = host.in_flight
            && action == refusal.action
        {
            link.room.refuse(client, refusal.reason.to_string());
            host.in_flight = None;
        }
    }
    // Sent to the rules but neither accepted nor refused: none in flight any more.
    host.in_flight = None;
    if events
        .read()
        .any(|e| matches!(e, RulesEvent::TurnStarted { .. }))
    {
        host.check_due = true;
    }
    if let Some(state) = state {
        let settled = state.awaits_players() || state.is_over();
        if !host.untold.is_empty() && !settled {
            redraw.write(RequestRedraw);
        }
        // The tables play the actions in order, each taking the draws it makes: all of them
        // go with the first.
        if settled {
            for action in std::mem::take(&mut host.untold) {
                link.room.tell_table(&ToClient::Accepted {
                    action,
                    draws: std::mem::take(&mut host.drawn),
                });
            }
        }
        if host.check_due && !(state.awaits_players() || state.is_over()) {
            // The hash goes out once the rules wait for players: come back until then.
            redraw.write(RequestRedraw);
        }
        if host.check_due && (state.awaits_players() || state.is_over()) {
            host.check_due = false;
            link.room.tell_table(&ToClient::Check {
                at: record.actions.len() as u32,
                hash: hash_text(state.public_hash()),
            });
        }
        if state.is_over() && !host.over_told {
            host.over_told = true;
            link.room.tell_table(&ToClient::Over {
                outcome: stp_rules::report::report(&state).outcome,
                turns: state.turn.number,
                final_hash: hash_text(state.state_hash()),
                public_hash: hash_text(state.public_hash()),
                seed: state.config.seed,
            });
        }
    }
    link.room.flush();
}
