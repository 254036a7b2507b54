//! `serve`: hosts a game without a window. Remote seats wait for their players; the last
//! `--bots` seats are played here by the built-in bot. Every message is checked: what does
//! not parse, names another seat or comes out of order is refused, and a client that keeps
//! sending such things is disconnected.

use std::time::Instant;

use stp_rules::files::{ReplayFile, SaveFile, hash_text};
use stp_rules::{GameOptions, GameState, PlayerAction, TradeOffers, bot};

use super::TICK;
use super::host_core::{Game, HostCore, Place, Shown};
use super::room::{Incoming, Room, SeatTicket};

/// What `serve` was asked.
#[derive(Debug, Clone)]
pub struct ServeArgs {
    /// The UDP port to host on (0: any).
    pub port: u16,
    pub code: String,
    /// Where the players' tables find a relay when no direct path gets through.
    pub relay: crate::net::quic::Relay,
    /// Where the invite is written once the host is open (for scripts and the tests).
    pub invite_file: Option<std::path::PathBuf>,
    /// The endpoint's key from an earlier hosting of the game (`--load`'s `SAVE.key`), so the
    /// players' invites still work; none: a fresh one.
    pub key: Option<iroh::SecretKey>,
    /// Where the invite is sent once the host is open (a host in a thread of this process).
    pub tell_invite: Option<std::sync::mpsc::Sender<crate::net::quic::Invite>>,
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
    /// How long a trade offered across tables waits for its answer; `None`: for ever.
    pub answer_within: Option<std::time::Duration>,
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
    /// Bytes of messages sent to clients, before QUIC's framing.
    pub bytes: usize,
}

/// Where `serve --save FILE` keeps its seats' tickets: `FILE.tickets`, readable by its owner
/// alone, so the game hosted again lets only its players back into their seats.
pub fn tickets_path(save: &std::path::Path) -> std::path::PathBuf {
    let mut path = save.as_os_str().to_owned();
    path.push(".tickets");
    path.into()
}

/// Where `serve --save FILE` keeps its endpoint's key: `FILE.key`, readable by its owner
/// alone, so the game hosted again has the same invite.
pub fn key_path(save: &std::path::Path) -> std::path::PathBuf {
    let mut path = save.as_os_str().to_owned();
    path.push(".key");
    path.into()
}

/// The key kept beside a save; none when there is no such file (a fresh one is made).
pub(crate) fn read_key(save: &std::path::Path) -> Result<Option<iroh::SecretKey>, String> {
    let path = key_path(save);
    if !path.exists() {
        return Ok(None);
    }
    let text = stp_rules::files::read_capped(&path).map_err(|e| e.to_string())?;
    text.trim()
        .parse::<iroh::SecretKey>()
        .map(Some)
        .map_err(|_| format!("{}: not a host's key", path.display()))
}

/// A key as text, for its file.
pub(crate) fn key_text(key: &iroh::SecretKey) -> String {
    key.to_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// The tickets kept beside a save; none when there is no such file.
pub(crate) fn read_tickets(save: &std::path::Path) -> Result<Vec<SeatTicket>, String> {
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

/// The hosted game: its setup, its accepted actions and where they led.
struct Table {
    state: GameState,
    options: GameOptions,
    actions: Vec<PlayerAction>,
}

impl Table {
    fn game(&self) -> Game<'_> {
        Game {
            options: &self.options,
            actions: &self.actions,
            state: &self.state,
        }
    }
}

struct Host {
    room: Room,
    core: HostCore,
    table: Table,
}

impl Host {
    /// Carries an action out here, and tells every table what it drew.
    fn accept(&mut self, action: PlayerAction) -> Result<(), String> {
        let turn = self.table.state.turn().number;
        // What the action and the phases after it draw is written down for the tables.
        self.table.state.record_draws();
        let acted = self.table.state.act(action).map_err(|e| e.to_string());
        if acted.is_ok() {
            self.table.state.advance();
        }
        let draws = self.table.state.stop_recording_draws().unwrap_or_default();
        acted?;
        self.table.state.drain_events();
        self.table.actions.push(action);
        // Only to seated clients: a client not yet welcomed gets the actions in its welcome.
        HostCore::tell_accepted(&mut self.room, vec![action], draws);
        if self.table.state.turn().number != turn || self.table.state.is_over() {
            HostCore::tell_check(&mut self.room, self.table.game());
        }
        Ok(())
    }

    /// A remote action: a trade with another table is offered first (once legal), anything
    /// else is carried out or refused.
    fn carry_out(&mut self, client: Option<u64>, action: PlayerAction) {
        let offers = TradeOffers {
            tables: self.core.tables(),
            agreed: Vec::new(),
        };
        let refused = if offers.is_offer(&action) {
            match self.table.state.validate(&action) {
                Ok(()) => {
                    self.core.offer(&mut self.room, client, action);
                    Ok(())
                }
                Err(reason) => Err(reason.to_string()),
            }
        } else {
            self.accept(action)
        };
        if let (Err(reason), Some(client)) = (refused, client) {
            self.room.refuse(client, reason);
        }
    }

    /// Messages in; remote actions and trades' answers to the rules.
    fn receive(&mut self, incoming: Vec<Incoming>) {
        for message in incoming {
            self.core
                .receive(&mut self.room, self.table.game(), message);
        }
        loop {
            if let Some(agreed) = self.core.settle(&mut self.room, self.table.game()) {
                // Agreed: carried out for everyone, or refused to its proposer.
                if let Err(reason) = self.accept(agreed.action)
                    && let Some(client) = agreed.proposer
                {
                    self.room.refuse(client, reason);
                }
                continue;
            }
            match self.core.next_action(&mut self.room, self.table.game()) {
                Some((client, action)) => self.carry_out(Some(client), action),
                None => break,
            }
        }
    }

    /// What the core shows goes to standard error (not in a benchmark's thread).
    fn show(&mut self) {
        for shown in self.core.take_shown() {
            let line = match shown {
                Shown::Notice(text) => text,
                Shown::Said { who, text } => format!("{who}: {text}"),
                _ => continue,
            };
            if !self.room.quiet {
                eprintln!("host: {line}");
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
            state.drain_events();
            (args.options.clone(), state, Vec::new())
        }
    };
    let mut room = Room::open(args.port, &args.code, &args.relay, args.key.clone())?;
    if let Some(path) = &args.save {
        let at = key_path(path);
        if let Err(err) = stp_rules::files::write_atomically(&at, &key_text(&room.key())) {
            eprintln!("host: cannot keep the key in {}: {err}", at.display());
        }
    }
    let invite = room.wait_for_relay(std::time::Duration::from_secs(4));
    room.quiet = args.quiet;
    room.restore_tickets(&args.tickets);
    let mut saved_tickets = args.tickets.clone();
    // The last `--bots` seats are the host's bot's; the others wait for their people.
    let players = options.players.len();
    let bots = args.bots.min(players.max(1));
    let places = (0..players)
        .map(|seat| {
            if seat + bots >= players {
                Place::Bot
            } else {
                Place::Remote
            }
        })
        .collect();
    let mut host = Host {
        room,
        core: HostCore::new(places),
        table: Table {
            state,
            options,
            actions,
        },
    };
    host.room.bot_after = args.bot_after;
    host.room.answer_within = args.answer_within;
    let mut first_action: Option<Instant> = None;
    let mut saved_turn = 0;
    if !args.quiet {
        eprintln!(
            "host: serving on port {}; the invite: {invite}\nhost: join with: star-trek-panic \
             join '{invite}'",
            host.room.port
        );
    }
    if let Some(path) = &args.invite_file
        && let Err(err) = stp_rules::files::write_atomically(path, &invite.to_string())
    {
        return Err(format!(
            "cannot write the invite to {}: {err}",
            path.display()
        ));
    }
    if let Some(tell) = &args.tell_invite {
        let _ = tell.send(invite.clone());
    }
    let started = Instant::now();
    let mut ended: Option<Instant> = None;
    loop {
        // Busy ticks go round again at once; only a quiet one sleeps.
        let incoming = host.room.poll();
        let mut busy = !incoming.is_empty();
        host.receive(incoming);
        host.core.stand_in(&mut host.room, host.table.game(), &[]);
        host.core.expire_offer(&mut host.room, host.table.game());
        host.show();
        // The host's bots play their seats once every remote seat has its player.
        if ended.is_none()
            && host.core.away(&host.room).is_empty()
            && !host.core.offer_pending()
            && !host.table.state.is_over()
            && let Some(action) =
                bot::choose(&host.table.state).filter(|a| host.core.bot_plays(a.player))
        {
            busy = true;
            if let Err(reason) = host.accept(action) {
                return Err(format!("the host's bot was refused: {reason}"));
            }
        }
        if first_action.is_none() && !host.table.actions.is_empty() {
            first_action = Some(Instant::now());
        }
        // Saved at every new turn, as the table autosaves.
        if let Some(path) = &args.save
            && host.table.state.turn().number != saved_turn
        {
            saved_turn = host.table.state.turn().number;
            let save = SaveFile::new(&host.table.options, &host.table.actions, &host.table.state);
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
        if host.table.state.is_over() && ended.is_none() {
            HostCore::tell_over(&mut host.room, &host.table.state);
            ended = Some(Instant::now());
        }
        host.room.flush();
        // After the end, a moment for the last messages to arrive.
        if ended.is_some_and(|at| at.elapsed().as_millis() > 500) {
            break;
        }
        if !(0..host.table.state.players().len() as u8).any(|seat| host.room.holds(seat))
            && host.table.actions.is_empty()
            && started.elapsed().as_secs() > FIRST_PLAYER_SECONDS
        {
            return Err(format!("nobody joined within {FIRST_PLAYER_SECONDS} s"));
        }
        if !busy {
            host.room.wait(TICK);
        }
    }
    host.room.close();
    if let Some(path) = &args.record {
        let replay = ReplayFile::new(
            &host.table.options,
            &host.table.actions,
            host.table.state.state_hash(),
        );
        if let Err(err) = replay.write(path) {
            eprintln!("host: cannot record the game to {}: {err}", path.display());
        }
    }
    let report = stp_rules::report::report(&host.table.state);
    Ok(HostReport {
        outcome: report.outcome,
        turns: host.table.state.turn().number,
        final_hash: hash_text(host.table.state.state_hash()),
        public_hash: hash_text(host.table.state.public_hash()),
        actions: host.table.actions.len(),
        // Less the half second the host waits at the end for the last messages.
        seconds: first_action.map_or(0.0, |at| at.elapsed().as_secs_f64() - 0.5),
        bytes: host.room.sent,
    })
}
