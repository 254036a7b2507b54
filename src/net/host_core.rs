//! The host's decisions, one core for `serve` and the game window alike: who gets which seat,
//! what a welcome holds, which remote action goes to the rules next and which is refused,
//! trades offered across tables and their answers, and the seats a bot plays while their
//! person is away. It sends through the `Room` and returns what to show (`Shown`); the
//! drivers carry the actions out (`serve` at once, the window through its rules' systems) and
//! show the words (on standard error, or in the crew's talk).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::time::Instant;

use stp_rules::files::hash_text;
use stp_rules::{Action, Draws, GameOptions, GameState, PlayerAction};

use super::protocol::{HostState, PingTarget, TRADE_OFF, ToClient, seat_number};
use super::room::{Incoming, Room, assign_seat};

/// The hosted game as the core reads it: its setup (with the seed, which stays here), its
/// accepted actions and where they led.
#[derive(Clone, Copy)]
pub struct Game<'a> {
    pub options: &'a GameOptions,
    pub actions: &'a [PlayerAction],
    pub state: &'a GameState,
}

/// Who plays a seat, as the host sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A person at the host's own table (the window's).
    Here,
    /// A person at another table, through the network.
    Remote,
    /// A bot the host runs.
    Bot,
}

/// What the host's driver shows: on standard error for `serve`, in the talk for the window.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// A line about the seats and the links.
    Notice(String),
    /// A chat line from a seat or a watcher, by name.
    Said { who: String, text: String },
    /// A seat points the crew at something on the table.
    Pinged { seat: u8, target: PingTarget },
    /// A bot plays this remote seat from now on, until its person is back.
    BotPlays(u8),
    /// The remote seat's person took it back from the bot.
    Back(u8),
    /// A trade offered to a person at the host's table: the offer window, and the seconds it
    /// waits for the answer (0: no limit).
    OfferHere(PlayerAction, u32),
    /// The trade offered to a person here is off (its proposer's link dropped, or it waited
    /// past the room's `answer_within`).
    OfferHereClosed,
}

/// A trade's answer: agreed, it goes to the rules as agreed (its proposer's link, `None` for
/// a person here).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agreed {
    pub proposer: Option<u64>,
    pub action: PlayerAction,
}

/// The name the crew knows a seat by: the player's name, else "seat N".
pub fn seat_name(state: Option<&GameState>, seat: u8) -> String {
    state
        .and_then(|s| s.players().get(usize::from(seat)))
        .map_or_else(|| format!("seat {}", seat_number(seat)), |p| p.name.clone())
}

/// The seat a trade is offered to.
pub fn trade_with(action: &PlayerAction) -> Option<u8> {
    match action.action {
        Action::Trade { with, .. } => Some(with),
        _ => None,
    }
}

#[derive(Debug, Default)]
pub struct HostCore {
    places: Vec<Place>,
    /// Remote seats a bot plays until their person is back.
    stand_ins: BTreeSet<u8>,
    /// Remote seats whose link dropped, since when (a bot takes them after the room's
    /// `bot_after`; everyone was told when).
    away_since: BTreeMap<u8, Instant>,
    /// Remote actions waiting for the rules: client, its number in the game, action. One
    /// a client at most: a second, or one for a moved-on game, is answered at once.
    inbox: VecDeque<(u64, u32, PlayerAction)>,
    /// A trade offered to a person at another table than its proposer: the proposer's link
    /// (`None`: a person here), and the trade. Play waits for the answer.
    offer: Option<(Option<u64>, PlayerAction)>,
    /// When `offer` was made (it is off after the room's `answer_within`).
    offered_at: Option<Instant>,
    /// Answers to `offer` that arrived.
    answers: Vec<bool>,
    shown: Vec<Shown>,
}

impl HostCore {
    pub fn new(places: Vec<Place>) -> HostCore {
        HostCore {
            places,
            ..HostCore::default()
        }
    }

    /// Who plays each seat now (the window's crew may change between games).
    pub fn set_places(&mut self, places: Vec<Place>) {
        if self.places != places {
            self.places = places;
        }
    }

    fn place(&self, seat: u8) -> Place {
        self.places
            .get(usize::from(seat))
            .copied()
            .unwrap_or(Place::Bot)
    }

    /// A remote seat whose person plays it (not a bot standing in).
    fn played_remotely(&self, seat: u8) -> bool {
        self.place(seat) == Place::Remote && !self.stand_ins.contains(&seat)
    }

    /// Whether the host's bot plays this seat now: one of its own, or a remote one it
    /// stands in for.
    pub fn bot_plays(&self, seat: u8) -> bool {
        self.place(seat) == Place::Bot || self.stand_ins.contains(&seat)
    }

    /// Remote seats whose person is not at the table now: play waits for them.
    pub fn away(&self, room: &Room) -> Vec<u8> {
        (0..self.places.len() as u8)
            .filter(|&seat| self.played_remotely(seat) && !room.holds(seat))
            .collect()
    }

    /// Where each seat is played, for the rules' `TradeOffers`: people here at table 0,
    /// each remote seat at a table of its own, bots nowhere (they take any trade).
    pub fn tables(&self) -> Vec<Option<u32>> {
        (0..self.places.len() as u8)
            .map(|seat| match self.place(seat) {
                Place::Here => Some(0),
                Place::Remote if self.played_remotely(seat) => Some(1 + u32::from(seat)),
                _ => None,
            })
            .collect()
    }

    /// A trade made at this table waits for its other player's answer.
    pub fn offer_from_here(&self) -> bool {
        self.offer.is_some_and(|(proposer, _)| proposer.is_none())
    }

    /// A trade waits for its answer.
    pub fn offer_pending(&self) -> bool {
        self.offer.is_some()
    }

    /// What to show since the last call.
    pub fn take_shown(&mut self) -> Vec<Shown> {
        std::mem::take(&mut self.shown)
    }

    fn notice(&mut self, text: String) {
        self.shown.push(Shown::Notice(text));
    }

    /// The game so far for `seat`, or for a watcher (`None`). The hidden order stays here:
    /// no seed, and the public view only.
    pub fn welcome(&self, room: &Room, game: Game, seat: Option<u8>) -> ToClient {
        let mut options = game.options.clone();
        options.seed = 0;
        ToClient::Welcome {
            seat,
            options,
            actions: game.actions.to_vec(),
            state: HostState(Box::new(game.state.public_view())),
            away: self
                .away(room)
                .into_iter()
                .filter(|s| Some(*s) != seat)
                .collect(),
            ticket: String::new(),
        }
    }

    /// A new game on the table (played again, or loaded): every seat and watcher gets it.
    pub fn welcome_everyone(&self, room: &mut Room, game: Game) {
        for (client, seat) in room.seated() {
            let welcome = self.welcome(room, game, Some(seat));
            room.send(client, &welcome);
        }
        let welcome = self.welcome(room, game, None);
        for client in room.watching() {
            room.send(client, &welcome);
        }
    }

    /// Decides what a client's message needs from the game.
    pub fn receive(&mut self, room: &mut Room, game: Game, incoming: Incoming) {
        let name = |seat| seat_name(Some(game.state), seat);
        match incoming {
            Incoming::Hello { client, seat } => self.hello(room, game, client, seat),
            Incoming::Act {
                client, at, action, ..
            } => {
                if at as usize != game.actions.len() {
                    room.refuse(client, format!("action {at} is out of order"));
                } else if self.inbox.iter().any(|(c, ..)| *c == client) {
                    let reason = "your last action waits for its turn".to_string();
                    room.refuse_quietly(client, reason);
                } else {
                    self.inbox.push_back((client, at, action));
                }
            }
            Incoming::Ping {
                client,
                seat,
                target,
            } => {
                if target.is_on(game.state) {
                    room.tell_table(&ToClient::Pinged { seat, target });
                    self.shown.push(Shown::Pinged { seat, target });
                } else {
                    room.refuse(client, "nothing to ping there".into());
                }
            }
            Incoming::Sync { client, seat } => {
                let welcome = self.welcome(room, game, Some(seat));
                room.send(client, &welcome);
            }
            Incoming::Watch { client } => {
                let welcome = self.welcome(room, game, None);
                room.watch(client, &welcome);
            }
            Incoming::Said { seat, text } => self.shown.push(Shown::Said {
                who: name(seat),
                text,
            }),
            Incoming::WatcherSaid { watcher, text } => self.shown.push(Shown::Said {
                who: format!("Watcher {watcher}"),
                text,
            }),
            Incoming::Answer {
                client,
                seat,
                accept,
            } => {
                if self
                    .offer
                    .is_some_and(|(_, a)| trade_with(&a) == Some(seat))
                {
                    self.answers.push(accept);
                } else {
                    let reason = "no trade is offered to you now".to_string();
                    room.refuse_quietly(client, reason);
                }
            }
            // After the end a table leaving is no news: nothing waits for it.
            Incoming::Left { seat } if game.state.is_over() => {
                self.notice(format!("{} left the finished game.", name(seat)));
            }
            Incoming::Left { seat } => {
                self.close_offer_of(room, seat);
                self.inbox.retain(|(_, _, a)| a.player != seat);
                self.away_since.insert(seat, Instant::now());
                let then = room.bot_after.map_or(String::new(), |after| {
                    format!(
                        " An Ensign bot plays the seat if they are not back in {} s.",
                        after.as_secs()
                    )
                });
                self.notice(format!(
                    "Waiting for {}: their link dropped.{then}",
                    name(seat)
                ));
            }
        }
    }

    /// A free seat for a client that asks: remote seats nobody holds, then those a bot plays
    /// until their person is back ("any seat" takes the first). A seat that had a holder is
    /// theirs alone (their ticket).
    fn hello(&mut self, room: &mut Room, game: Game, client: u64, asked: Option<u8>) {
        let seats = 0..self.places.len() as u8;
        let free: Vec<u8> = seats
            .clone()
            .filter(|&s| self.played_remotely(s))
            .chain(seats.filter(|s| self.stand_ins.contains(s)))
            .filter(|&s| !room.taken_by_other(client, s) && room.claimable(client, s))
            .collect();
        let seat = match assign_seat(asked, &free) {
            Ok(seat) => seat,
            // Not a strike: a client rejoining after a drop asks until the host has noticed
            // the old link is gone.
            Err(reason) => return room.refuse_quietly(client, reason),
        };
        let welcome = self.welcome(room, game, Some(seat));
        room.seat(client, seat, &welcome);
        // Gone since it asked: the seat stays as it was.
        if !room.holds(seat) {
            return;
        }
        self.away_since.remove(&seat);
        if self.stand_ins.remove(&seat) {
            self.shown.push(Shown::Back(seat));
        }
        self.notice(format!(
            "{} is at the table.",
            seat_name(Some(game.state), seat)
        ));
    }

    /// Remote seats a bot plays from now on: those the host asked for (`asked`) and those
    /// away longer than the room's `bot_after`. Everyone hears.
    pub fn stand_in(&mut self, room: &mut Room, game: Game, asked: &[u8]) {
        let due: Vec<u8> = room.bot_after.map_or_else(Vec::new, |after| {
            self.away_since
                .iter()
                .filter(|(_, since)| since.elapsed() >= after)
                .map(|(seat, _)| *seat)
                .collect()
        });
        for seat in asked.iter().copied().chain(due) {
            self.away_since.remove(&seat);
            if !self.played_remotely(seat) || room.holds(seat) {
                continue;
            }
            self.stand_ins.insert(seat);
            // The others' tables stop waiting for it.
            room.tell_table(&ToClient::BotPlays { seat });
            self.shown.push(Shown::BotPlays(seat));
            let name = seat_name(Some(game.state), seat);
            self.notice(format!(
                "An Ensign bot plays {name}'s seat until {name} is back."
            ));
        }
    }

    /// The next remote action for the rules, once they wait for players and no trade waits
    /// for its answer; what cannot go (a seat still away, a moved-on game) is refused.
    pub fn next_action(&mut self, room: &mut Room, game: Game) -> Option<(u64, PlayerAction)> {
        if self.offer.is_some() || !game.state.awaits_players() {
            return None;
        }
        while let Some((client, at, action)) = self.inbox.pop_front() {
            // Not a strike: the client asks again in a moment.
            if !self.away(room).is_empty() {
                let reason = "the game waits for every seat to be taken".to_string();
                room.refuse_quietly(client, reason);
            } else if at as usize != game.actions.len() {
                room.refuse(client, format!("action {at} is out of order"));
            } else {
                return Some((client, action));
            }
        }
        None
    }

    /// Whether remote actions wait for the rules.
    pub fn has_inbox(&self) -> bool {
        !self.inbox.is_empty()
    }

    /// A legal trade that its other player, at another table, must accept first (rulebook
    /// p. 8, "Trading a Card"): a person here sees the offer window (`Shown::OfferHere`), a
    /// remote seat's table is asked. Play waits for the answer.
    pub fn offer(&mut self, room: &mut Room, proposer: Option<u64>, action: PlayerAction) {
        let Some(with) = trade_with(&action) else {
            return;
        };
        self.offer = Some((proposer, action));
        self.offered_at = Some(Instant::now());
        self.answers.clear();
        let within = room.answer_within.map_or(0, |d| d.as_secs() as u32);
        if self.place(with) == Place::Here {
            self.shown.push(Shown::OfferHere(action, within));
            return;
        }
        match room.holder(with) {
            Some(holder) => room.send(holder, &ToClient::Offer { action, within }),
            // Nobody holds the seat (play waits for it anyway): no trade.
            None => self.answers.push(false),
        }
    }

    /// The answer of a person here to the trade offered to them.
    pub fn answer_here(&mut self, accept: bool) {
        if self.offer.is_some() {
            self.answers.push(accept);
        }
    }

    /// The trade's answer, once it came: agreed, the trade goes to the rules (`Agreed`);
    /// declined, its proposer hears so (no strike: declining is allowed).
    pub fn settle(&mut self, room: &mut Room, game: Game) -> Option<Agreed> {
        let accept = self.answers.drain(..).next()?;
        let (proposer, action) = self.offer.take()?;
        if accept {
            return Some(Agreed { proposer, action });
        }
        let with = trade_with(&action)?;
        match proposer {
            Some(client) => room.send(client, &ToClient::Declined { seat: with }),
            None => self.notice(format!(
                "{} declines the trade.",
                seat_name(Some(game.state), with)
            )),
        }
        None
    }

    /// A trade offer unanswered for the room's `answer_within` is off: its other player's
    /// offer closes, its proposer hears why, and play goes on (a person away from the
    /// keyboard would hold the whole table up otherwise).
    pub fn expire_offer(&mut self, room: &mut Room, game: Game) {
        let (Some(within), Some(at)) = (room.answer_within, self.offered_at) else {
            return;
        };
        if at.elapsed() < within || !self.answers.is_empty() {
            return;
        }
        let Some((proposer, action)) = self.offer.take() else {
            return;
        };
        let Some(with) = trade_with(&action) else {
            return;
        };
        if self.place(with) == Place::Here {
            self.shown.push(Shown::OfferHereClosed);
        } else if let Some(holder) = room.holder(with) {
            room.send(holder, &ToClient::OfferClosed);
        }
        let reason = format!(
            "{} did not answer the trade within {} s; {TRADE_OFF}",
            seat_name(Some(game.state), with),
            within.as_secs()
        );
        match proposer {
            Some(client) => room.send(client, &ToClient::Refused { reason }),
            None => self.notice(format!("{reason}.")),
        }
    }

    /// A seat whose link dropped takes its side of a pending trade with it.
    fn close_offer_of(&mut self, room: &mut Room, seat: u8) {
        let Some((proposer, action)) = self.offer else {
            return;
        };
        let Some(with) = trade_with(&action) else {
            return;
        };
        if seat == with {
            self.offer = None;
            if let Some(client) = proposer {
                let reason = format!("seat {} left; {TRADE_OFF}", seat_number(seat));
                room.send(client, &ToClient::Refused { reason });
            }
        } else if seat == action.player {
            self.offer = None;
            if self.place(with) == Place::Here {
                self.shown.push(Shown::OfferHereClosed);
            } else if let Some(holder) = room.holder(with) {
                room.send(holder, &ToClient::OfferClosed);
            }
        }
    }

    /// Accepted actions to every seat and watcher, in order; all the draws go with the first
    /// (each table plays them in order, taking the draws it makes).
    pub fn tell_accepted(room: &mut Room, actions: Vec<PlayerAction>, mut draws: Draws) {
        for action in actions {
            let draws = std::mem::take(&mut draws);
            room.tell_table(&ToClient::Accepted { action, draws });
        }
    }

    /// At a new turn, the hash every table must have now.
    pub fn tell_check(room: &mut Room, game: Game) {
        room.tell_table(&ToClient::Check {
            at: game.actions.len() as u32,
            hash: hash_text(game.state.public_hash()),
        });
    }

    /// The end: how it went, both hashes, and the seed (the game can be watched again).
    pub fn tell_over(room: &mut Room, state: &GameState) {
        room.tell_table(&ToClient::Over {
            outcome: stp_rules::report::report(state).outcome,
            turns: state.turn().number,
            final_hash: hash_text(state.state_hash()),
            public_hash: hash_text(state.public_hash()),
            seed: state.config().seed,
        });
    }
}
