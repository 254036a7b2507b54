//! `join`: plays one seat of a hosted game. Without a window the built-in bot plays the seat
//! (`--bot`). The client keeps its own copy of the rules: the host's welcome and every
//! accepted action replay on it, and at the end its state hash must equal the host's.

use std::sync::mpsc::Sender;
use std::time::Instant;

use stp_rules::files::hash_text;
use stp_rules::{GameState, bot};

use super::TICK;
use super::client_core::{ClientCore, Step};
use super::link::Connection;
use super::protocol::ToHost;

/// What `join` was asked.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinArgs {
    /// The host's invite: its key, where it is, and the code.
    pub invite: super::quic::Invite,
    /// The seat asked for (0-based), or any free one the host assigns.
    pub seat: Option<u8>,
    /// Without a window: the built-in bot plays the seat, or a watcher follows the game
    /// (else the game's window opens).
    pub bot: bool,
    /// Watch without a seat: the public view and the talk, no play.
    pub watch: bool,
    pub json: bool,
    /// The bot waits this long before each of its actions (to watch it, or to test a link
    /// dropped mid-game).
    pub delay: std::time::Duration,
    /// Say nothing on standard error about the game's messages (`net-bench` joins
    /// in-process).
    pub quiet: bool,
    /// Where the seat's ticket is kept: shown to the host when it is there, written when the
    /// host gives one, so a `join` that stopped takes its seat back.
    pub ticket_file: Option<std::path::PathBuf>,
}

/// How a seat's game ended: the host's word, its whole state's hash and its public view's,
/// and this copy's hash (a copy holds only the public view).
#[derive(Debug, Clone, PartialEq)]
pub struct SeatEnd {
    pub outcome: String,
    pub turns: u32,
    pub host_hash: String,
    pub host_public_hash: String,
    pub own_hash: String,
}

/// A moment in an action's journey, for `net-bench`: `seat` sent action number `at` (its
/// own), or applied `player`'s action number `at` to its copy (shown it, for a table).
#[derive(Debug, Clone, Copy)]
pub struct Traced {
    pub seat: u8,
    pub player: u8,
    pub at: u32,
    pub sent: bool,
    pub when: Instant,
}

/// How long a client waits after a refusal before it tries again.
const REFUSED_PAUSE: std::time::Duration = std::time::Duration::from_millis(200);

/// Plays the seat to the game's end; returns the exit code: 0 when the game ended with the
/// host's (public) state hash, 1 when the copies differ, 2 when there was no game to join.
pub fn join(args: &JoinArgs) -> i32 {
    match play(args, None) {
        Ok(end) => {
            print_end(
                &end.outcome,
                end.turns,
                (&end.host_hash, &end.host_public_hash),
                args.json,
            );
            if end.own_hash != end.host_public_hash {
                eprintln!(
                    "error: this copy's public view ends with hash {}, the host's {}",
                    end.own_hash, end.host_public_hash
                );
                return 1;
            }
            0
        }
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// Plays the seat to the game's end (in this thread; `join` and `net-bench` call it). With
/// `trace`, every action this seat sends or applies is reported there.
pub fn play(args: &JoinArgs, trace: Option<&Sender<Traced>>) -> Result<SeatEnd, String> {
    let note = |text: String| {
        if !args.quiet {
            eprintln!("{text}");
        }
    };
    let traced = |seat: u8, player: u8, at: u32, sent: bool| {
        if let Some(trace) = trace {
            let when = Instant::now();
            let _ = trace.send(Traced {
                seat,
                player,
                at,
                sent,
                when,
            });
        }
    };
    let mut link = Connection::open(&args.invite)?;
    let mut core = ClientCore::new(&link.host, args.seat, args.watch);
    core.ticket = match &args.ticket_file {
        Some(path) => read_ticket(path)?,
        None => None,
    };
    let mut kept_ticket = core.ticket.clone();
    let mut waited = Instant::now();
    let mut hold_until: Option<Instant> = None;
    // This seat's copy of the game: the host's public view, and every action since.
    let mut state: Option<GameState> = None;
    // The number of actions applied, and whether ours awaits the host's answer.
    let mut applied: u32 = 0;
    let mut pending = false;
    // This seat's last action sent, and the trades declined this turn (not offered again).
    let mut last_sent: Option<stp_rules::PlayerAction> = None;
    let mut declined: Vec<stp_rules::PlayerAction> = Vec::new();
    // Whether the link went through a relay when it last said (said again when it changes).
    let mut relayed: Option<bool> = None;
    loop {
        link.update()?;
        if let Some(path) = link.path()
            && relayed != Some(path.relayed)
        {
            relayed = Some(path.relayed);
            note(format!("join: link to the host: {path}"));
        }
        if let Some(hello) = core.ask(link.connected()?)? {
            link.send(&hello);
        }
        let messages = link.receive();
        let busy = !messages.is_empty();
        // One message at a time: a resync it starts drops what comes after it.
        for message in messages {
            let mut steps: std::collections::VecDeque<Step> = core.take(message).into();
            while let Some(step) = steps.pop_front() {
                match step {
                    Step::Send(message) => link.send(&message),
                    // The game so far, or again after this copy fell out of step: the host's
                    // public view as it is.
                    Step::Welcome {
                        actions,
                        state: host_state,
                        ..
                    } => {
                        let mut copy = *host_state;
                        copy.drain_events();
                        applied = actions.len() as u32;
                        state = Some(copy);
                        pending = false;
                    }
                    Step::Resync => pending = true,
                    Step::Apply { action, draws } => {
                        let copy = state.as_mut().ok_or("an action before the welcome")?;
                        // This copy holds the public view: the host's draws come with the action.
                        copy.force_draws(draws);
                        if let Err(e) = copy.act(action) {
                            steps.extend(
                                core.resync(&format!("This copy refused the host's action ({e})")),
                            );
                            continue;
                        }
                        copy.advance();
                        copy.drain_events();
                        traced(core.seat.unwrap_or(u8::MAX), action.player, applied, false);
                        applied += 1;
                        if Some(action.player) == core.seat {
                            pending = false;
                        }
                    }
                    Step::Check { at, hash } => {
                        let copy = state.as_ref().ok_or("a check before the welcome")?;
                        if at == applied && hash_text(copy.public_hash()) != hash {
                            let why = format!("Out of step with the host after action {at}");
                            steps.extend(core.resync(&why));
                        }
                    }
                    // The bot takes any trade offered: the crew shares one goal.
                    Step::Offer(..) => {
                        note("join: trade accepted".into());
                        link.send(&ToHost::Answer { accept: true });
                    }
                    Step::Declined(_) => {
                        declined.extend(last_sent);
                        pending = false;
                        hold_until = Some(Instant::now() + REFUSED_PAUSE);
                    }
                    // A trade whose other player left or did not answer is not offered
                    // again this turn (it would hold the table up again).
                    Step::Refused { trade_off } => {
                        if trade_off {
                            declined.extend(last_sent);
                        }
                        // Ask again in a moment, not at once.
                        pending = false;
                        hold_until = Some(Instant::now() + REFUSED_PAUSE);
                    }
                    Step::Notice(text) => note(format!("join: {text}")),
                    Step::Said { who, text } => note(format!("join: {who}: {text}")),
                    Step::Pinged { seat, target } => {
                        note(format!("join: {} points at {target:?}", core.name(seat)))
                    }
                    Step::Over {
                        outcome,
                        turns,
                        final_hash,
                        public_hash,
                        ..
                    } => {
                        let copy = state.as_ref().ok_or("the game ended before the welcome")?;
                        link.disconnect();
                        return Ok(SeatEnd {
                            outcome,
                            turns,
                            host_hash: final_hash,
                            host_public_hash: public_hash,
                            own_hash: hash_text(copy.public_hash()),
                        });
                    }
                    Step::OfferClosed | Step::Away(_) | Step::Present(_) => {}
                }
            }
        }
        // A new ticket is kept at once, so a join stopped from here on takes its seat back.
        if core.ticket != kept_ticket
            && let (Some(path), Some(ticket)) = (&args.ticket_file, &core.ticket)
        {
            stp_rules::files::write_atomically(path, ticket)
                .map_err(|e| format!("cannot keep the ticket in {}: {e}", path.display()))?;
            kept_ticket = core.ticket.clone();
        }
        // The bot plays this seat when the rules wait for it (after `--delay-ms`).
        let held = hold_until.is_some_and(|until| Instant::now() < until);
        if !pending && (waited.elapsed() < args.delay || held) {
            link.flush()?;
            link.wait(TICK);
            continue;
        }
        if let Some(copy) = &state
            && !pending
            && !core.syncing
            && let Some(action) = bot::choose(copy).filter(|a| Some(a.player) == core.seat)
        {
            // A trade its other player declined is not offered again this turn.
            declined.retain(|d| {
                copy.turn().active == d.player && copy.turn().phase == stp_rules::Phase::Trade
            });
            let action = if declined.contains(&action) {
                stp_rules::PlayerAction {
                    player: action.player,
                    action: stp_rules::Action::EndPhase,
                }
            } else {
                action
            };
            last_sent = Some(action);
            // Traced before it leaves: another table may apply it before `send` returns.
            traced(action.player, action.player, applied, true);
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
            link.wait(TICK);
        }
    }
}

/// A seat's ticket kept in `path`; none when there is no such file yet.
fn read_ticket(path: &std::path::Path) -> Result<Option<String>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let text = stp_rules::files::read_capped(path).map_err(|e| e.to_string())?;
    let ticket = text.trim();
    if ticket.is_empty() || ticket.len() > 64 || !ticket.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(format!("{}: not a seat's ticket", path.display()));
    }
    Ok(Some(ticket.to_string()))
}

/// The end of a game, as `serve` and `join` print it: the host's final state hash, and its
/// public view's (what every table's copy holds).
pub(crate) fn print_end(
    outcome: &str,
    turns: u32,
    (final_hash, public_hash): (&str, &str),
    json: bool,
) {
    if json {
        let out = serde_json::json!({
            "outcome": outcome,
            "turns": turns,
            "final_hash": final_hash,
            "public_hash": public_hash,
        });
        println!("{out}");
    } else {
        println!(
            "{outcome} after turn {turns}; final state hash {final_hash} (public view \
             {public_hash})"
        );
    }
}
