//! `join`: plays one seat of a hosted game. Without a window the built-in bot plays the seat
//! (`--bot`). The client keeps its own copy of the rules: the host's welcome and every
//! accepted action replay on it, and at the end its state hash must equal the host's.

use std::net::{SocketAddr, UdpSocket};
use std::time::Instant;

use renet::{ConnectionConfig, DefaultChannel, RenetClient};
use renet_netcode::{ClientAuthentication, ConnectToken, NetcodeClientTransport};
use stp_rules::{GameState, bot};

use super::protocol::{ToClient, ToHost, decode, encode};
use super::{PROTOCOL_ID, TICK, key_from_secret, now};

/// What `join` was asked.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinArgs {
    pub host: SocketAddr,
    pub code: String,
    pub seat: u8,
    pub json: bool,
    /// The bot waits this long before each of its actions (to watch it, or to test a link
    /// dropped mid-game).
    pub delay: std::time::Duration,
}

/// How long a client waits for the host to answer its connect token.
const CONNECT_SECONDS: u64 = 8;

/// How long a client waits after a refusal before it tries again.
const REFUSED_PAUSE: std::time::Duration = std::time::Duration::from_millis(200);

/// How long a silent link lasts before either end drops it.
const LINK_TIMEOUT_SECONDS: i32 = 5;

/// How long a client that rejoins keeps asking for its seat while the host still holds it
/// for the dropped link.
const SEAT_SECONDS: u64 = 30;

/// Plays the seat to the game's end; returns the exit code: 0 when the game ended with the
/// host's state hash, 1 when the copies differ, 2 when there was no game to join.
pub fn join(args: &JoinArgs) -> i32 {
    match play(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// A connection to a host: netcode's transport under a renet client. `join` plays through
/// it; the tests use it to send the host what no honest client would.
pub struct Connection {
    client: RenetClient,
    transport: NetcodeClientTransport,
    last: Instant,
    started: Instant,
    /// Where the host is, for messages.
    pub host: SocketAddr,
    ever_connected: bool,
}

impl Connection {
    /// Starts connecting with a token made from the join code's secret.
    pub fn open(host: SocketAddr, code: &str, seat: u8) -> Result<Connection, String> {
        let socket = UdpSocket::bind(("0.0.0.0", 0)).map_err(|e| e.to_string())?;
        let client_id = now().as_nanos() as u64 ^ (u64::from(seat) << 56);
        let token = ConnectToken::generate(
            now(),
            PROTOCOL_ID,
            300,
            client_id,
            // Five silent seconds and the link is gone: the host frees the seat for a rejoin.
            LINK_TIMEOUT_SECONDS,
            vec![host],
            None,
            &key_from_secret(code),
        )
        .map_err(|e| e.to_string())?;
        let transport = NetcodeClientTransport::new(
            now(),
            ClientAuthentication::Secure {
                connect_token: token,
            },
            socket,
        )
        .map_err(|e| e.to_string())?;
        Ok(Connection {
            client: RenetClient::new(ConnectionConfig::default()),
            transport,
            last: Instant::now(),
            started: Instant::now(),
            host,
            ever_connected: false,
        })
    }

    /// One tick of the network: packets in; `Err` when the link is gone.
    pub fn update(&mut self) -> Result<(), String> {
        let elapsed = self.last.elapsed();
        self.last = Instant::now();
        self.client.update(elapsed);
        let result = self.transport.update(elapsed, &mut self.client);
        self.ever_connected |= self.client.is_connected();
        result.map_err(|e| self.failure(&e))
    }

    /// A transport error in words: before the host ever answered, a wrong code or no game.
    fn failure(&self, error: &dyn std::fmt::Display) -> String {
        if self.ever_connected {
            format!("{}: {error}", self.host)
        } else {
            // Netcode gives up on a token the host never answered.
            format!(
                "no answer from {}: a wrong code, or no game hosted there ({error})",
                self.host
            )
        }
    }

    /// Whether the host let us in; after `CONNECT_SECONDS` without, `Err`.
    pub fn connected(&self) -> Result<bool, String> {
        if self.client.is_connected() {
            return Ok(true);
        }
        if self.started.elapsed().as_secs() > CONNECT_SECONDS {
            return Err(format!(
                "no answer from {}: a wrong code, or no game hosted there",
                self.host
            ));
        }
        Ok(false)
    }

    /// Queues a message (any bytes: the tests send garbage too).
    pub fn send_bytes(&mut self, bytes: Vec<u8>) {
        self.client
            .send_message(DefaultChannel::ReliableOrdered, bytes);
    }

    pub fn send(&mut self, message: &ToHost) {
        self.send_bytes(encode(message));
    }

    /// The host's messages that have arrived.
    pub fn receive(&mut self) -> Vec<Result<ToClient, String>> {
        let mut out = Vec::new();
        while let Some(bytes) = self.client.receive_message(DefaultChannel::ReliableOrdered) {
            out.push(decode(&bytes));
        }
        out
    }

    /// Sends what is queued; `Err` when the link is gone.
    pub fn flush(&mut self) -> Result<(), String> {
        let result = self.transport.send_packets(&mut self.client);
        result.map_err(|e| self.failure(&e))
    }

    pub fn disconnect(&mut self) {
        self.transport.disconnect();
    }
}

fn play(args: &JoinArgs) -> Result<i32, String> {
    let mut link = Connection::open(args.host, &args.code, args.seat)?;
    let mut said_hello: Option<Instant> = None;
    let mut waited = Instant::now();
    let mut hold_until: Option<Instant> = None;
    let asked = Instant::now();
    let mut state: Option<GameState> = None;
    // The number of actions applied, and whether ours awaits the host's answer.
    let mut applied: u32 = 0;
    let mut pending = false;
    loop {
        link.update()?;
        // Hello, and again every half second while the seat is still held for a dropped
        // link (a rejoin), until the welcome.
        let ask_again = said_hello.is_some_and(|at| at.elapsed().as_millis() > 500);
        if link.connected()? && state.is_none() && (said_hello.is_none() || ask_again) {
            if asked.elapsed().as_secs() > SEAT_SECONDS {
                return Err(format!("seat {} stayed taken", args.seat + 1));
            }
            link.send(&ToHost::Hello { seat: args.seat });
            said_hello = Some(Instant::now());
        }
        let messages = link.receive();
        let busy = !messages.is_empty();
        for message in messages {
            match message? {
                ToClient::Welcome {
                    options, actions, ..
                } => {
                    let mut copy = GameState::new(&options).map_err(|e| e.to_string())?;
                    copy.advance();
                    for action in &actions {
                        copy.act(*action)
                            .map_err(|e| format!("the host's game: {e}"))?;
                        copy.advance();
                    }
                    copy.events.clear();
                    applied = actions.len() as u32;
                    state = Some(copy);
                }
                ToClient::Accepted(action) => {
                    let copy = state.as_mut().ok_or("an action before the welcome")?;
                    copy.act(action)
                        .map_err(|e| format!("the copy refused the host's action: {e}"))?;
                    copy.advance();
                    copy.events.clear();
                    applied += 1;
                    if action.player == args.seat {
                        pending = false;
                    }
                }
                ToClient::Said { seat, text } => eprintln!("seat {}: {text}", seat + 1),
                ToClient::Waiting { seat } => eprintln!("waiting for seat {}", seat + 1),
                ToClient::Back { seat } => eprintln!("seat {} is back", seat + 1),
                ToClient::Refused { reason } => {
                    eprintln!("join: the host refused: {reason}");
                    // Ask again in a moment, not at once.
                    pending = false;
                    hold_until = Some(Instant::now() + REFUSED_PAUSE);
                }
                ToClient::Over { final_hash, .. } => {
                    let copy = state.as_ref().ok_or("the game ended before the welcome")?;
                    let mine = stp_rules::files::hash_text(copy.state_hash());
                    link.disconnect();
                    print_end(copy, final_hash.clone(), args.json);
                    if mine != final_hash {
                        eprintln!(
                            "error: this copy ends with hash {mine}, the host's {final_hash}"
                        );
                        return Ok(1);
                    }
                    return Ok(0);
                }
            }
        }
        // The bot plays this seat when the rules wait for it (after `--delay-ms`).
        let held = hold_until.is_some_and(|until| Instant::now() < until);
        if !pending && (waited.elapsed() < args.delay || held) {
            link.flush()?;
            std::thread::sleep(TICK);
            continue;
        }
        if let Some(copy) = &state
            && !pending
            && let Some(action) = bot::choose(copy).filter(|a| a.player == args.seat)
        {
            link.send(&ToHost::Act {
                at: applied,
                action,
            });
            pending = true;
            waited = Instant::now();
        }
        link.flush()?;
        // Busy ticks go round again at once; only a quiet one sleeps.
        if !busy {
            std::thread::sleep(TICK);
        }
    }
}

/// The end of a game, as `serve` and `join` print it.
pub fn print_end(state: &GameState, final_hash: String, json: bool) {
    let report = stp_rules::report::report(state);
    if json {
        let out = serde_json::json!({
            "outcome": report.outcome,
            "turns": state.turn.number,
            "final_hash": final_hash,
        });
        println!("{out}");
    } else {
        println!(
            "{} after turn {}; final state hash {final_hash}",
            report.outcome, state.turn.number
        );
    }
}
