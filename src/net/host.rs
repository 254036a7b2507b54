//! `serve`: hosts a game without a window. Remote seats wait for their players; the last
//! `--bots` seats are played here by the built-in bot. Every message is checked: what does
//! not parse, names another seat or comes out of order is refused, and a client that keeps
//! sending such things is disconnected.

use std::time::Instant;

use stp_rules::files::{ReplayFile, SaveFile, hash_text};
use stp_rules::{Draws, GameOptions, GameState, PlayerAction, bot};

use super::TICK;
use super::protocol::{HostState, ToClient};
use super::room::{Incoming, Room, SeatTicket, assign_seat};

/// What `serve` was asked.
#[derive(Debug, Clone)]
pub struct ServeArgs {
    pub port: u16,
    pub code: String,
    pub options: GameOptions,
    /// The last this many seats are played by the host's bot.
    pub bots: usize,
    pub json: bool,
    /// Where the game is saved at every new turn (so the host can stop and host it again).
    pub save: Option<std::path::PathBuf>,
    /// A save to host instead of a new game.
    pub load: Option<stp_rules::files::SaveFile>,
    /// Its seats' tickets (`tickets_path` beside the save): only their holders take those
    /// seats back.
    pub tickets: Vec<SeatTicket>,
    /// Where the whole game is written at its end, as a replay file (`replay` checks it).
    pub record: Option<std::path::PathBuf>,
    /// Log nothing about the clients on standard error (`net-bench` hosts in-process).
    pub quiet: bool,
    /// How long a dropped seat waits for its person before the host's bot plays it;
    /// `None`: for ever.
    pub bot_after: Option<std::time::Duration>,
}

/// How a hosted game went: its end, and the figures the network's docs report.
#[derive(Debug, Clone, PartialEq)]
pub struct HostReport {
    pub outcome: String,
    pub turns: u32,
    pub final_hash: String,
    /// The hash of the final state's public view: what each table's copy must have.
    pub public_hash: String,
    /// Actions carried out and relayed to every client.
    pub actions: usize,
    /// From the first action to the end.
    pub seconds: f64,
    /// Bytes of messages sent to clients, before netcode's framing.
    pub bytes: usize,
}

/// Where `serve --save FILE` keeps its seats' tickets: `FILE.tickets`, readable by its owner
/// alone, so the game hosted again lets only its players back into their seats.
pub fn tickets_path(save: &std::path::Path) -> std::path::PathBuf {
    let mut path = save.as_os_str().to_owned();
    path.push(".tickets");
    path.into()
}

/// The tickets kept beside a save; none when there is no such file.
pub fn read_tickets(save: &std::path::Path) -> Result<Vec<SeatTicket>, String> {
    let path = tickets_path(save);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = stp_rules::files::read_capped(&path).map_err(|e| e.to_string())?;
    serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a file of seat tickets ({e})", path.display()))
}

/// How long the host waits for its first player.
const FIRST_PLAYER_SECONDS: u64 = 120;

struct Host {
    room: Room,
    state: GameState,
    options: GameOptions,
    actions: Vec<PlayerAction>,
    bots: usize,
    /// Seats whose link dropped, since when.
    away_since: std::collections::BTreeMap<u8, Instant>,
    /// Dropped seats the host's bot plays until their person is back.
    stand_ins: std::collections::BTreeSet<u8>,
    /// A trade offered to a person at another table: its proposer's link, and the trade.
    offer: Option<(u64, PlayerAction)>,
}

impl Host {
    fn players(&self) -> usize {
        self.state.players.len()
    }

    fn is_bot_seat(&self, seat: u8) -> bool {
        usize::from(seat) + self.bots >= self.players()
    }

    /// Whether the host's bot plays this seat now: one of its own, or a dropped one it stands
    /// in for.
    fn bot_plays(&self, seat: u8) -> bool {
        self.is_bot_seat(seat) || self.stand_ins.contains(&seat)
    }

    /// Every remote seat has its player (the game waits otherwise).
    fn crew_complete(&self) -> bool {
        (0..self.players() as u8).all(|seat| self.bot_plays(seat) || self.room.holds(seat))
    }

    /// A seat away longer than `after` is played by the bot from now on, and everyone hears.
    fn stand_in(&mut self, after: std::time::Duration) {
        let due: Vec<u8> = self
            .away_since
            .iter()
            .filter(|(seat, since)| since.elapsed() >= after && !self.room.holds(**seat))
            .map(|(seat, _)| *seat)
            .collect();
        for seat in due {
            self.away_since.remove(&seat);
            self.stand_ins.insert(seat);
            self.room.tell_table(&ToClient::BotPlays { seat });
            if !self.room.quiet {
                eprintln!(
                    "host: the bot plays seat {} until its person is back",
                    super::protocol::seat_number(seat)
                );
            }
        }
    }

    /// The game so far for `seat`, or for a watcher (`None`).
    fn welcome(&self, seat: Option<u8>) -> ToClient {
        let away = (0..self.players() as u8)
            .filter(|&s| Some(s) != seat && !self.bot_plays(s) && !self.room.holds(s))
            .collect();
        // The hidden order stays here: the seed and the public view only.
        let mut options = self.options.clone();
        options.seed = 0;
        ToClient::Welcome {
            seat,
            options,
            actions: self.actions.clone(),
            state: HostState(Box::new(self.state.public_view())),
            away,
            ticket: String::new(),
        }
    }

    fn accept(&mut self, action: PlayerAction) -> Result<(), String> {
        let turn = self.state.turn.number;
        // What the action and the phases after it draw is written down for the tables.
        self.state.seen = Some(Draws::default());
        let acted = self.state.act(action).map_err(|e| e.to_string());
        if acted.is_ok() {
            self.state.advance();
        }
        let draws = self.state.seen.take().unwrap_or_default();
        acted?;
        self.state.events.clear();
        self.actions.push(action);
        // Only to seated clients: a client not yet welcomed gets the actions in its welcome.
        self.room.tell_table(&ToClient::Accepted { action, draws });
        // At a new turn, the hash every table must have now.
        if self.state.turn.number != turn || self.state.is_over() {
            let check = ToClient::Check {
                at: self.actions.len() as u32,
                hash: hash_text(self.state.public_hash()),
            };
            self.room.tell_table(&check);
        }
        Ok(())
    }

    /// The seat a trade must be offered to first: a person at another table (rulebook
    /// p. 8, "Trading a Card": the active player trades *with* another player). A bot, or
    /// the proposer's own seat, takes it at once.
    fn offered_to(&self, action: &PlayerAction) -> Option<u8> {
        match action.action {
            stp_rules::Action::Trade { with, .. }
                if with != action.player && !self.bot_plays(with) && self.room.holds(with) =>
            {
                Some(with)
            }
            _ => None,
        }
    }

    /// A legal trade goes to its other player to accept; play waits for the answer.
    fn offer(&mut self, client: u64, with: u8, action: PlayerAction) {
        if let Err(reason) = self.state.validate(&action) {
            return self.room.refuse(client, reason.to_string());
        }
        let Some(holder) = self.room.holder(with) else {
            return;
        };
        self.offer = Some((client, action));
        self.room.send(holder, &ToClient::Offer { action });
    }

    /// The other player's answer: accepted, the trade is carried out for everyone;
    /// declined, its proposer hears so (no strike: declining is allowed).
    fn answer(&mut self, client: u64, seat: u8, accept: bool) {
        let offered = self.offer.filter(|(_, a)| self.offered_to(a) == Some(seat));
        let Some((proposer, action)) = offered else {
            let reason = "no trade is offered to you now".to_string();
            return self.room.refuse_quietly(client, reason);
        };
        self.offer = None;
        if !accept {
            return self.room.send(proposer, &ToClient::Declined { seat });
        }
        if let Err(reason) = self.accept(action) {
            self.room.refuse(proposer, reason);
        }
    }

    /// A seat whose link dropped takes its side of a pending trade with it.
    fn close_offer_of(&mut self, seat: u8) {
        let Some((proposer, action)) = self.offer else {
            return;
        };
        let with = match action.action {
            stp_rules::Action::Trade { with, .. } => with,
            _ => return,
        };
        if seat == with {
            self.offer = None;
            let reason = format!(
                "seat {} left; the trade is off",
                super::protocol::seat_number(seat)
            );
            self.room.send(proposer, &ToClient::Refused { reason });
        } else if seat == action.player {
            self.offer = None;
            if let Some(holder) = self.room.holder(with) {
                self.room.send(holder, &ToClient::OfferClosed);
            }
        }
    }

    fn receive(&mut self, incoming: Incoming) {
        match incoming {
            Incoming::Hello { client, seat } => {
                let free: Vec<u8> = (0..self.players() as u8)
                    .filter(|&s| {
                        !self.is_bot_seat(s)
                            && !self.room.taken_by_other(client, s)
                            && self.room.claimable(client, s)
                    })
                    .collect();
                match assign_seat(seat, &free) {
                    Ok(seat) => {
                        let welcome = self.welcome(Some(seat));
                        self.room.seat(client, seat, &welcome);
                        // Its person is back: the bot stands down.
                        if self.room.holds(seat) {
                            self.away_since.remove(&seat);
                            self.stand_ins.remove(&seat);
                        }
                    }
                    // Not a strike: a client rejoining after a drop asks until the host has
                    // noticed the old link is gone.
                    Err(reason) => self.room.refuse_quietly(client, reason),
                }
            }
            Incoming::Act {
                client, at, action, ..
            } => {
                // The game starts once every seat has its player (not a strike: the client
                // asks again in a moment).
                if !self.crew_complete() {
                    let reason = "the game waits for every seat to be taken".to_string();
                    return self.room.refuse_quietly(client, reason);
                }
                if at as usize != self.actions.len() {
                    return self
                        .room
                        .refuse(client, format!("action {at} is out of order"));
                }
                if self.offer.is_some() {
                    let reason = "a trade offer waits for its answer".to_string();
                    return self.room.refuse_quietly(client, reason);
                }
                if let Some(with) = self.offered_to(&action) {
                    return self.offer(client, with, action);
                }
                if let Err(reason) = self.accept(action) {
                    self.room.refuse(client, reason);
                }
            }
            Incoming::Answer {
                client,
                seat,
                accept,
            } => self.answer(client, seat, accept),
            Incoming::Ping {
                client,
                seat,
                target,
            } => {
                if target.is_on(&self.state) {
                    self.room.tell_table(&ToClient::Pinged { seat, target });
                } else {
                    self.room.refuse(client, "nothing to ping there".into());
                }
            }
            Incoming::Sync { client, seat } => {
                let welcome = self.welcome(Some(seat));
                self.room.send(client, &welcome);
            }
            Incoming::Watch { client } => {
                let welcome = self.welcome(None);
                self.room.watch(client, &welcome);
            }
            Incoming::WatcherSaid { watcher, text } if !self.room.quiet => {
                eprintln!("host: watcher {watcher}: {text}")
            }
            Incoming::WatcherSaid { .. } => {}
            Incoming::Said { seat, text } if !self.room.quiet => {
                eprintln!(
                    "host: seat {}: {text}",
                    crate::net::protocol::seat_number(seat)
                )
            }
            Incoming::Said { .. } => {}
            Incoming::Left { seat } => {
                self.away_since.insert(seat, Instant::now());
                self.close_offer_of(seat);
            }
        }
    }
}

/// Hosts the game to its end; returns the exit code.
pub fn serve(args: &ServeArgs) -> i32 {
    match host(args) {
        Ok(report) => {
            // The figures the network issue asks for, on standard error.
            eprintln!(
                "host: relayed {} actions in {:.2} s ({:.0} a second); {} bytes of messages, {} a turn",
                report.actions,
                report.seconds,
                report.actions as f64 / report.seconds.max(1e-3),
                report.bytes,
                report.bytes / report.turns.max(1) as usize
            );
            super::join::print_end(
                &report.outcome,
                report.turns,
                (&report.final_hash, &report.public_hash),
                args.json,
            );
            0
        }
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// Hosts the game to its end (in this thread; `serve` and `net-bench` call it).
pub fn host(args: &ServeArgs) -> Result<HostReport, String> {
    // A saved game goes on where it stopped; the clients get its actions in their welcome.
    let (options, state, actions) = match &args.load {
        Some(save) => (
            save.options.clone(),
            save.state.clone(),
            save.actions.clone(),
        ),
        None => {
            let mut state = GameState::new(&args.options).map_err(|e| e.to_string())?;
            state.advance();
            state.events.clear();
            (args.options.clone(), state, Vec::new())
        }
    };
    let mut room = Room::open(args.port, &args.code)?;
    room.quiet = args.quiet;
    room.restore_tickets(&args.tickets);
    let mut saved_tickets = args.tickets.clone();
    let mut host = Host {
        room,
        state,
        options,
        actions,
        bots: args.bots.min(args.options.players.len().max(1)),
        away_since: Default::default(),
        stand_ins: Default::default(),
        offer: None,
    };
    host.room.bot_after = args.bot_after;
    let mut first_action: Option<Instant> = None;
    let mut saved_turn = 0;
    if !args.quiet {
        eprintln!(
            "host: serving on port {}; join with: star-trek-panic join HOST:{} --code {}",
            args.port, args.port, args.code
        );
    }
    let started = Instant::now();
    let mut ended: Option<Instant> = None;
    loop {
        // Busy ticks go round again at once; only a quiet one sleeps.
        let incoming = host.room.poll();
        let mut busy = !incoming.is_empty();
        for message in incoming {
            host.receive(message);
        }
        if let Some(after) = args.bot_after {
            host.stand_in(after);
        }
        // The host's bots play their seats once every remote seat has its player.
        if ended.is_none()
            && host.crew_complete()
            && !host.state.is_over()
            && let Some(action) = bot::choose(&host.state).filter(|a| host.bot_plays(a.player))
        {
            busy = true;
            if let Err(reason) = host.accept(action) {
                return Err(format!("the host's bot was refused: {reason}"));
            }
        }
        if first_action.is_none() && !host.actions.is_empty() {
            first_action = Some(Instant::now());
        }
        // Saved at every new turn, as the table autosaves.
        if let Some(path) = &args.save
            && host.state.turn.number != saved_turn
        {
            saved_turn = host.state.turn.number;
            let save = SaveFile::new(&host.options, &host.actions, &host.state);
            if let Err(err) = save.write(path) {
                eprintln!("host: cannot save to {}: {err}", path.display());
            }
        }
        // The tickets as seats are taken, beside the save.
        if let Some(path) = &args.save
            && host.room.tickets() != saved_tickets
        {
            saved_tickets = host.room.tickets();
            let text = serde_json::to_string_pretty(&saved_tickets).unwrap_or_default();
            let at = tickets_path(path);
            if let Err(err) = stp_rules::files::write_atomically(&at, &text) {
                eprintln!(
                    "host: cannot keep the seat tickets in {}: {err}",
                    at.display()
                );
            }
        }
        if host.state.is_over() && ended.is_none() {
            let report = stp_rules::report::report(&host.state);
            let over = ToClient::Over {
                outcome: report.outcome.clone(),
                turns: host.state.turn.number,
                final_hash: hash_text(host.state.state_hash()),
                public_hash: hash_text(host.state.public_hash()),
                seed: host.state.config.seed,
            };
            host.room.tell_table(&over);
            ended = Some(Instant::now());
        }
        host.room.flush();
        // After the end, a moment for the last messages to arrive.
        if ended.is_some_and(|at| at.elapsed().as_millis() > 500) {
            break;
        }
        if !(0..host.players() as u8).any(|seat| host.room.holds(seat))
            && host.actions.is_empty()
            && started.elapsed().as_secs() > FIRST_PLAYER_SECONDS
        {
            return Err(format!("nobody joined within {FIRST_PLAYER_SECONDS} s"));
        }
        if !busy {
            std::thread::sleep(TICK);
        }
    }
    host.room.close();
    if let Some(path) = &args.record {
        let replay = ReplayFile::new(&host.options, &host.actions, host.state.state_hash());
        if let Err(err) = replay.write(path) {
            eprintln!("host: cannot record the game to {}: {err}", path.display());
        }
    }
    let report = stp_rules::report::report(&host.state);
    Ok(HostReport {
        outcome: report.outcome,
        turns: host.state.turn.number,
        final_hash: hash_text(host.state.state_hash()),
        public_hash: hash_text(host.state.public_hash()),
        actions: host.actions.len(),
        // Less the half second the host waits at the end for the last messages.
        seconds: first_action.map_or(0.0, |at| at.elapsed().as_secs_f64() - 0.5),
        bytes: host.room.sent,
    })
}
