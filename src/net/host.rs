//! `serve`: hosts a game without a window. Remote seats wait for their players; the last
//! `--bots` seats are played here by the built-in bot. Every message is checked: what does
//! not parse, names another seat or comes out of order is refused, and a client that keeps
//! sending such things is disconnected.

use std::collections::BTreeMap;
use std::net::{SocketAddr, UdpSocket};
use std::time::Instant;

use renet::{ConnectionConfig, DefaultChannel, RenetServer, ServerEvent};
use renet_netcode::{NetcodeServerTransport, ServerAuthentication, ServerConfig};
use stp_rules::{GameOptions, GameState, PlayerAction, bot};

use super::protocol::{MAX_CHAT_CHARS, ToClient, ToHost, decode, encode};
use super::{PROTOCOL_ID, TICK, key_from_secret, now};

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
}

/// Refusals a client may earn before it is disconnected.
const STRIKES: u32 = 10;

/// How long the host waits for its first player.
const FIRST_PLAYER_SECONDS: u64 = 120;

struct Host {
    server: RenetServer,
    state: GameState,
    options: GameOptions,
    actions: Vec<PlayerAction>,
    /// Which client holds which seat.
    seats: BTreeMap<u64, u8>,
    strikes: BTreeMap<u64, u32>,
    bots: usize,
    /// Bytes of messages sent (before netcode's framing), for the end-of-game figures.
    sent: usize,
    /// Seats whose link dropped, until they are taken again.
    dropped: Vec<u8>,
}

impl Host {
    fn players(&self) -> usize {
        self.state.players.len()
    }

    fn is_bot_seat(&self, seat: u8) -> bool {
        usize::from(seat) + self.bots >= self.players()
    }

    fn send(&mut self, client: u64, message: &ToClient) {
        let bytes = encode(message);
        self.sent += bytes.len();
        self.server
            .send_message(client, DefaultChannel::ReliableOrdered, bytes);
    }

    /// Tells a client why not; too many refusals and it is disconnected.
    fn refuse(&mut self, client: u64, reason: String) {
        eprintln!("host: refused client {client}: {reason}");
        self.send(client, &ToClient::Refused { reason });
        let strikes = self.strikes.entry(client).or_default();
        *strikes += 1;
        if *strikes >= STRIKES {
            eprintln!("host: disconnecting client {client} after {STRIKES} refusals");
            self.server.disconnect(client);
        }
    }

    /// Every remote seat has its player (the game waits otherwise).
    fn crew_complete(&self) -> bool {
        (0..self.players() as u8)
            .all(|seat| self.is_bot_seat(seat) || self.seats.values().any(|s| *s == seat))
    }

    /// A message for every seated client.
    fn tell_seated(&mut self, message: &ToClient) {
        for client in self.seats.keys().copied().collect::<Vec<_>>() {
            self.send(client, message);
        }
    }

    fn accept(&mut self, action: PlayerAction) -> Result<(), String> {
        self.state.act(action).map_err(|e| e.to_string())?;
        self.state.advance();
        self.state.events.clear();
        self.actions.push(action);
        // Only to seated clients: a client not yet welcomed gets the actions in its welcome.
        self.tell_seated(&ToClient::Accepted(action));
        Ok(())
    }

    fn receive(&mut self, client: u64, bytes: &[u8]) {
        let message = match decode::<ToHost>(bytes) {
            Ok(message) => message,
            Err(reason) => return self.refuse(client, reason),
        };
        match message {
            ToHost::Hello { seat } => {
                let taken = self.seats.iter().any(|(c, s)| *s == seat && *c != client);
                if usize::from(seat) >= self.players() || self.is_bot_seat(seat) || taken {
                    // Not a strike: a client rejoining after a drop asks until the host has
                    // noticed the old link is gone.
                    let reason = format!("seat {} is not free", seat + 1);
                    self.send(client, &ToClient::Refused { reason });
                    return;
                }
                self.seats.insert(client, seat);
                if let Some(index) = self.dropped.iter().position(|s| *s == seat) {
                    self.dropped.remove(index);
                    self.tell_seated(&ToClient::Back { seat });
                }
                let welcome = ToClient::Welcome {
                    seat,
                    options: self.options.clone(),
                    actions: self.actions.clone(),
                };
                self.send(client, &welcome);
                eprintln!("host: client {client} took seat {}", seat + 1);
            }
            ToHost::Say { text } => {
                let Some(&seat) = self.seats.get(&client) else {
                    return self.refuse(client, "take a seat before you talk".into());
                };
                // Printable characters only, so a line cannot forge the log or the screen.
                let text: String = text.chars().filter(|c| !c.is_control()).collect();
                let text = text.trim().to_string();
                if text.is_empty() || text.chars().count() > MAX_CHAT_CHARS {
                    return self.refuse(
                        client,
                        format!("a chat line is 1–{MAX_CHAT_CHARS} characters"),
                    );
                }
                self.tell_seated(&ToClient::Said { seat, text });
            }
            ToHost::Act { at, action } => {
                if self.seats.get(&client) != Some(&action.player) {
                    return self.refuse(client, "that seat is not yours".into());
                }
                // The game starts once every seat has its player (not a strike: the client
                // asks again in a moment).
                if !self.crew_complete() {
                    let reason = "the game waits for every seat to be taken".to_string();
                    self.send(client, &ToClient::Refused { reason });
                    return;
                }
                if at as usize != self.actions.len() {
                    return self.refuse(client, format!("action {at} is out of order"));
                }
                if let Err(reason) = self.accept(action) {
                    self.refuse(client, reason);
                }
            }
        }
    }
}

/// Hosts the game to its end; returns the exit code.
pub fn serve(args: &ServeArgs) -> i32 {
    match host(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

fn host(args: &ServeArgs) -> Result<i32, String> {
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
    let bind: SocketAddr = ([0, 0, 0, 0], args.port).into();
    let socket = UdpSocket::bind(bind).map_err(|e| format!("port {}: {e}", args.port))?;
    let config = ServerConfig {
        current_time: now(),
        max_clients: 6,
        protocol_id: PROTOCOL_ID,
        public_addresses: vec![([127, 0, 0, 1], args.port).into(), bind],
        authentication: ServerAuthentication::Secure {
            private_key: key_from_secret(&args.code),
        },
    };
    let mut transport = NetcodeServerTransport::new(config, socket).map_err(|e| e.to_string())?;
    let mut host = Host {
        server: RenetServer::new(ConnectionConfig::default()),
        state,
        options,
        actions,
        seats: BTreeMap::new(),
        strikes: BTreeMap::new(),
        bots: args.bots.min(args.options.players.len().max(1)),
        sent: 0,
        dropped: Vec::new(),
    };
    let mut first_action: Option<Instant> = None;
    let mut saved_turn = 0;
    eprintln!(
        "host: serving on port {}; join with: star-trek-panic join HOST:{} --code {}",
        args.port, args.port, args.code
    );
    let started = Instant::now();
    let mut last = Instant::now();
    let mut ended: Option<Instant> = None;
    loop {
        let elapsed = last.elapsed();
        last = Instant::now();
        host.server.update(elapsed);
        if let Err(err) = transport.update(elapsed, &mut host.server) {
            eprintln!("host: network: {err}");
        }
        while let Some(event) = host.server.get_event() {
            if let ServerEvent::ClientDisconnected { client_id, reason } = event
                && let Some(seat) = host.seats.remove(&client_id)
            {
                eprintln!("host: seat {} left ({reason}); waiting for it", seat + 1);
                host.dropped.push(seat);
                host.tell_seated(&ToClient::Waiting { seat });
            }
        }
        // Busy ticks go round again at once; only a quiet one sleeps.
        let mut busy = false;
        for client in host.server.clients_id() {
            while let Some(bytes) = host
                .server
                .receive_message(client, DefaultChannel::ReliableOrdered)
            {
                host.receive(client, &bytes);
                busy = true;
            }
        }
        // The host's bots play their seats once every remote seat has its player.
        if ended.is_none()
            && host.crew_complete()
            && !host.state.is_over()
            && let Some(action) = bot::choose(&host.state).filter(|a| host.is_bot_seat(a.player))
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
            let save = stp_rules::files::SaveFile::new(&host.options, &host.actions, &host.state);
            if let Err(err) = save.write(path) {
                eprintln!("host: cannot save to {}: {err}", path.display());
            }
        }
        if host.state.is_over() && ended.is_none() {
            let report = stp_rules::report::report(&host.state);
            let over = ToClient::Over {
                outcome: report.outcome.clone(),
                turns: host.state.turn.number,
                final_hash: stp_rules::files::hash_text(host.state.state_hash()),
            };
            host.server
                .broadcast_message(DefaultChannel::ReliableOrdered, encode(&over));
            ended = Some(Instant::now());
        }
        transport.send_packets(&mut host.server);
        // After the end, a moment for the last messages to arrive.
        if ended.is_some_and(|at| at.elapsed().as_millis() > 500) {
            break;
        }
        if host.seats.is_empty()
            && host.actions.is_empty()
            && started.elapsed().as_secs() > FIRST_PLAYER_SECONDS
        {
            return Err(format!("nobody joined within {FIRST_PLAYER_SECONDS} s"));
        }
        if !busy {
            std::thread::sleep(TICK);
        }
    }
    transport.disconnect_all(&mut host.server);
    // The figures the network issue asks for, on standard error.
    let seconds = first_action.map_or(0.0, |at| at.elapsed().as_secs_f64() - 0.5);
    let turns = host.state.turn.number.max(1);
    eprintln!(
        "host: relayed {} actions in {seconds:.2} s ({:.0} a second); {} bytes of messages, {} a turn",
        host.actions.len(),
        host.actions.len() as f64 / seconds.max(1e-3),
        host.sent,
        host.sent / turns as usize
    );
    super::join::print_end(
        &host.state,
        stp_rules::files::hash_text(host.state.state_hash()),
        args.json,
    );
    Ok(0)
}
