//! The game window as host: the table's rules are the game, remote seats act through the
//! network, and every client hears every accepted action in the table's order.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::{
    ActionAccepted, ActionRefused, Draws, GameState, LoadGame, PlayerAction, RulesEvent, StartGame,
};

use super::{HandToBot, OfferHere, Online, PingRequest, Pings, SayRequest, Talk, seat_name};
use crate::game::crew::{Away, Crew, Seat};
use crate::game::model::record::Record;
use crate::net::host_core::{Game, HostCore, Place, Shown};
use crate::net::protocol::ToClient;
use crate::net::pump::{HostLink, Pumped};
use crate::net::room::{Incoming, Room};

/// A game this window hosts.
pub struct Hosting {
    /// The room, pumped on a thread of its own so the window can sleep (`net::pump`).
    pub(super) link: Pumped<HostLink>,
    /// The invite's code, its secret.
    pub code: String,
    /// The host's decisions, as `serve` makes them: seats, welcomes, the next remote
    /// action, trades' offers and answers, bots standing in (`net::host_core`).
    pub(super) core: HostCore,
    /// The remote action the rules are carrying out this frame, to answer a refusal.
    pub(super) in_flight: Option<(u64, PlayerAction)>,
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
    /// The host's words about links in the talk, a few a minute.
    link_words: LinkWords,
}

/// The host's words about links in the talk this minute: when it began, how many were shown,
/// and how many more went only to standard error.
struct LinkWords(std::time::Instant, u32, u32);

impl LinkWords {
    /// A note about a link for the talk, while this minute's lines last; else it is counted.
    fn note(&mut self, note: String) -> Option<String> {
        let LinkWords(since, shown, held) = self;
        if since.elapsed().as_secs() >= 60 && *held == 0 {
            (*since, *shown) = (std::time::Instant::now(), 0);
        }
        if *shown < LINK_WORDS_PER_MINUTE {
            *shown += 1;
            return Some(format!("Host: {note}"));
        }
        *held += 1;
        None
    }

    /// Once the minute is out, how many notes went unshown in it (one line), if any; a new
    /// minute starts.
    fn held(&mut self) -> Option<String> {
        let LinkWords(since, shown, held) = self;
        if *held == 0 || since.elapsed().as_secs() < 60 {
            return None;
        }
        let line = format!(
            "Host: {held} more refusals and hang-ups in the last minute (standard error has them)"
        );
        (*since, *shown, *held) = (std::time::Instant::now(), 0, 0);
        Some(line)
    }
}

/// The most lines about refusals and hang-ups the talk shows in a minute: a peer that keeps
/// coming back with nonsense cannot bury the crew's talk (standard error has every one).
const LINK_WORDS_PER_MINUTE: u32 = 10;

impl Hosting {
    /// Opens the host's endpoint for a game with this code's secret, on `port` (0: any),
    /// with the key of an earlier hosting (none: a fresh one), reached through `relay`.
    pub fn open(
        port: u16,
        code: &str,
        relay: &crate::net::quic::Relay,
        key: Option<iroh::SecretKey>,
    ) -> Result<Hosting, String> {
        crate::net::check_secret(code)?;
        Ok(Hosting {
            link: Pumped::start(HostLink::new(Room::open(port, code, relay, key)?))?,
            code: code.to_string(),
            core: HostCore::default(),
            in_flight: None,
            check_due: false,
            over_told: false,
            rewelcome: false,
            untold: Vec::new(),
            drawn: Draws::default(),
            link_words: LinkWords(std::time::Instant::now(), 0, 0),
        })
    }

    /// How long a seat whose link dropped waits for its person before an Ensign bot plays
    /// it (`None`: for ever); the room's default is `net::room::BOT_AFTER`.
    pub fn with_bot_after(self, after: Option<std::time::Duration>) -> Hosting {
        self.link.lock().room.bot_after = after;
        self
    }

    /// The seats' tickets of an earlier hosting of this game (the settings keep them).
    pub(crate) fn with_tickets(self, tickets: &[crate::net::room::SeatTicket]) -> Hosting {
        self.link.lock().room.restore_tickets(tickets);
        self
    }

    /// The seats' tickets so far.
    pub fn tickets(&self) -> Vec<crate::net::room::SeatTicket> {
        self.link.lock().room.tickets()
    }

    /// The invite as it stands (the relay's URL joins it a moment after the host opens).
    pub fn join_code(&self) -> String {
        self.link.lock().room.invite().to_string()
    }

    /// The host's key, for the settings: hosted again, the game keeps its invite.
    pub fn key_text(&self) -> String {
        crate::net::host::key_text(&self.link.lock().room.key())
    }

    /// Each seated client's seat and link: direct or relayed, and its round trip.
    pub fn links(&self) -> Vec<(u8, Option<crate::net::quic::LinkPath>)> {
        let link = self.link.lock();
        link.room
            .seated()
            .into_iter()
            .map(|(client, seat)| (seat, link.room.path(client)))
            .collect()
    }
}

/// Who plays each seat, for the host's core: people here, remote people, bots (a remote
/// seat a bot stands in for is the core's to know).
pub(super) fn places(crew: &Crew) -> Vec<Place> {
    (0..crew.seats.len() as u8)
        .map(|seat| {
            if crew.is_here(seat) {
                Place::Here
            } else if crew.is_remote(seat) {
                Place::Remote
            } else {
                Place::Bot
            }
        })
        .collect()
}

/// Where the window shows what the host's core decided: the talk, the ping markers, the
/// crew (a bot standing in for a remote seat) and the offer window.
#[derive(SystemParam)]
pub(super) struct HostShows<'w> {
    crew: ResMut<'w, Crew>,
    talk: ResMut<'w, Talk>,
    pings: ResMut<'w, Pings>,
    pub(super) offer_here: ResMut<'w, OfferHere>,
}

impl HostShows<'_> {
    pub(super) fn show(&mut self, shown: Vec<Shown>) {
        for shown in shown {
            match shown {
                Shown::Notice(text) => self.talk.notice(text),
                Shown::Said { who, text } => self.talk.say(&who, &text),
                Shown::Pinged { seat, target } => self.pings.add(seat, target),
                Shown::BotPlays(seat) => self.set_seat(seat, Seat::Ensign),
                Shown::Back(seat) => self.set_seat(seat, Seat::Remote),
                Shown::OfferHere(action, within) => {
                    *self.offer_here = OfferHere::new(action, within)
                }
                Shown::OfferHereClosed => self.offer_here.0 = None,
            }
        }
    }

    fn set_seat(&mut self, seat: u8, to: Seat) {
        if let Some(place) = self.crew.seats.get_mut(usize::from(seat)) {
            *place = to;
        }
    }
}

/// What this machine's own players ask of the crew across machines: a word in the talk, a
/// ping on the table, a seat handed to a bot.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct OwnAsks<'w, 's> {
    says: MessageReader<'w, 's, SayRequest>,
    pinged: MessageReader<'w, 's, PingRequest>,
    handed: MessageReader<'w, 's, HandToBot>,
}

/// Messages in, seats taken and left, and one remote action a frame for the rules.
pub(super) fn receive(
    mut online: ResMut<Online>,
    (state, record): (Option<Res<GameState>>, Res<Record>),
    mut away: ResMut<Away>,
    mut shows: HostShows,
    asks: OwnAsks,
    mut actions: MessageWriter<PlayerAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let OwnAsks {
        mut says,
        mut pinged,
        mut handed,
    } = asks;
    let Online::Host(host) = &mut *online else {
        return;
    };
    let (Some(state), Some(options)) = (state, record.options.as_ref()) else {
        return;
    };
    let game = Game {
        options,
        actions: &record.actions,
        state: &state,
    };
    let players = state.players().len();
    let mut guard = host.link.lock();
    let link = &mut *guard;
    // This table's own words: the first person here speaks for it.
    let here = (0..players as u8)
        .find(|&p| shows.crew.is_here(p))
        .unwrap_or(0);
    for SayRequest(text) in says.read() {
        link.room.tell_table(&ToClient::Said {
            seat: here,
            text: text.clone(),
        });
        shows.talk.say(&seat_name(Some(&state), here), text);
    }
    for PingRequest(target) in pinged.read() {
        if target.is_on(&state) {
            link.room.tell_table(&ToClient::Pinged {
                seat: here,
                target: *target,
            });
            shows.pings.add(here, *target);
        }
    }
    // Asked for (the host's button), or due: a seat away past the room's wait.
    let asked: Vec<u8> = handed.read().map(|HandToBot(seat)| *seat).collect();
    host.core.stand_in(&mut link.room, game, &asked);
    host.core.expire_offer(&mut link.room, game);
    let arrived: Vec<Incoming> = link.arrived.drain(..).collect();
    for incoming in arrived {
        host.core.receive(&mut link.room, game, incoming);
    }
    shows.show(host.core.take_shown());
    // Refusals and hang-ups, as the room noted them (it keeps quiet refusals, such as a
    // seat still held for a dropped link, to standard error).
    if let Some(line) = host.link_words.held() {
        shows.talk.notice(line);
    }
    for note in link.room.notes.drain(..) {
        if (note.starts_with("refused") || note.starts_with("disconnecting"))
            && let Some(line) = host.link_words.note(note)
        {
            shows.talk.notice(line);
        }
    }
    let now_away = host.core.away(&link.room);
    if away.0 != now_away {
        away.0 = now_away;
    }
    // One remote action a frame, when the rules wait for players: a second in the same
    // frame would meet the rules before their phases have moved on. A window that would
    // otherwise sleep comes back for the rest.
    if host.core.has_inbox() {
        redraw.write(RequestRedraw);
    }
    if host.in_flight.is_some() {
        return;
    }
    if let Some((client, action)) = host.core.next_action(&mut link.room, game) {
        actions.write(action);
        host.in_flight = Some((client, action));
    }
}

/// What the rules said this frame, for the clients: the actions accepted and refused, their
/// events, the draws they made, and a game started or loaded anew.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct RulesSaid<'w, 's> {
    accepted: MessageReader<'w, 's, ActionAccepted>,
    refused: MessageReader<'w, 's, ActionRefused>,
    events: MessageReader<'w, 's, RulesEvent>,
    drawn: MessageReader<'w, 's, stp_rules::DrawsMade>,
    starts: MessageReader<'w, 's, StartGame>,
    loads: MessageReader<'w, 's, LoadGame>,
}

/// Every accepted action to every client, in the table's order; refusals to their sender;
/// the hash at every turn start; the end.
pub(super) fn tell(
    mut online: ResMut<Online>,
    said: RulesSaid,
    state: Option<Res<GameState>>,
    record: Res<Record>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let RulesSaid {
        mut accepted,
        mut refused,
        mut events,
        mut drawn,
        mut starts,
        mut loads,
    } = said;
    let Online::Host(host) = &mut *online else {
        return;
    };
    // What the rules drew this frame, as they send it (`WriteDownDraws`): the table reads the
    // state, never writes it.
    for made in drawn.read() {
        host.drawn.extend(made.0.clone());
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
        && let Some(options) = &record.options
    {
        host.rewelcome = false;
        let game = Game {
            options,
            actions: &record.actions,
            state,
        };
        host.core.welcome_everyone(&mut link.room, game);
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
        if settled && !host.untold.is_empty() {
            let untold = std::mem::take(&mut host.untold);
            HostCore::tell_accepted(&mut link.room, untold, std::mem::take(&mut host.drawn));
        }
        if host.check_due && !settled {
            // The hash goes out once the rules wait for players: come back until then.
            redraw.write(RequestRedraw);
        }
        if host.check_due
            && settled
            && let Some(options) = &record.options
        {
            host.check_due = false;
            let game = Game {
                options,
                actions: &record.actions,
                state: &state,
            };
            HostCore::tell_check(&mut link.room, game);
        }
        if state.is_over() && !host.over_told {
            host.over_told = true;
            HostCore::tell_over(&mut link.room, &state);
        }
    }
    link.room.flush();
}
