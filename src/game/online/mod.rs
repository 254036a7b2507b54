//! Play across machines from the game window. The setup screen hosts a game (some seats
//! "Remote player") or joins one; then the table plays as usual, and this plugin carries the
//! actions over the network (`crate::net`, the same protocol as `serve` and `join`).
//!
//! - **Host** (`host`): the table's rules are the game. A remote seat's action goes through
//!   the one validator like a local one; every accepted action goes to every client in order,
//!   and a refusal back to its sender.
//! - **Client** (`client`): the table keeps a copy. The host's actions are applied one a
//!   frame; a local action is applied at once and sent. At every turn start the copy's hash
//!   is compared with the host's; a copy out of step takes the host's whole state (a resync,
//!   said in the crew's talk).
//!
//! Both show the crew's talk (chat lines and what happened to the links), pings on threats
//! and cards, and "waiting for …" while a remote seat is away — the host with a button to let
//! a bot play it.

mod client;
mod host;
pub(crate) mod pings;
pub mod setup;
pub mod talk;
pub mod trades;

use bevy::prelude::*;
use stp_rules::PlayerId;

use crate::game::crew::{Away, Crew, Seat};
use crate::game::model::record::SaveStatus;
use crate::game::model::screen::Screen;
use crate::game::settings::Settings;
use crate::game::systems::GameSystems;
use crate::net::protocol::PingTarget;

pub use client::Joined;
pub use host::Hosting;
pub(crate) use pings::Pings;
pub use talk::Talk;
pub(crate) use talk::TalkPanel;
pub use trades::{AnswerOffer, OfferHere};

/// A networked game on this table: hosting it, or a seat of someone else's. Without the
/// resource the game is local.
#[derive(Resource)]
pub enum Online {
    // Boxed: the sockets' buffers are large, and the enum would be as large as its largest.
    Host(Box<Hosting>),
    Client(Box<Joined>),
}

impl Online {
    /// Whether the table's controls wait for the network (a client before its welcome, or
    /// while it takes the host's state again).
    pub fn holds_controls(&self) -> bool {
        match self {
            // A trade made here waits for its other player's answer.
            Online::Host(hosting) => hosting.core.offer_from_here(),
            Online::Client(joined) => joined.holds_controls(),
        }
    }

    /// The invite to show: the host's key, where it is, and the code.
    pub fn join_code(&self) -> String {
        match self {
            Online::Host(hosting) => hosting.join_code(),
            Online::Client(joined) => joined.join_code(),
        }
    }

    /// The links in words: each seat connected to this host and how, or this table's link
    /// to its host ("Seat 2: direct, 12 ms"; "Link to the host: relayed, 80 ms").
    pub fn links_text(&self) -> Vec<String> {
        let how = |path: Option<crate::net::quic::LinkPath>| {
            path.map_or_else(|| "connecting".to_string(), |p| p.to_string())
        };
        match self {
            Online::Host(hosting) => {
                let mut links = hosting.links();
                links.sort_by_key(|(seat, _)| *seat);
                links
                    .into_iter()
                    .map(|(seat, path)| {
                        let seat = crate::net::protocol::seat_number(seat);
                        format!("Seat {seat}: {}", how(path))
                    })
                    .collect()
            }
            Online::Client(joined) if joined.lost.is_none() => {
                vec![format!("Link to the host: {}", how(joined.path()))]
            }
            Online::Client(_) => Vec::new(),
        }
    }
}

/// A person here points the crew at a threat or a card.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub(crate) struct PingRequest(pub PingTarget);

/// A chat line typed here.
#[derive(Message, Debug, Clone, PartialEq)]
pub(crate) struct SayRequest(pub String);

/// A table whose link to the host is gone joins the same seat again.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct JoinAgain;

/// The host lets a bot play an away seat until its person is back.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct HandToBot(pub PlayerId);

pub(crate) use crate::net::host_core::seat_name;

fn is_host(online: Option<Res<Online>>) -> bool {
    matches!(online.as_deref(), Some(Online::Host(_)))
}

fn is_client(online: Option<Res<Online>>) -> bool {
    matches!(online.as_deref(), Some(Online::Client(_)))
}

/// Networking without a window: the presentation tests run it headless.
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<Talk>()
        .init_resource::<Pings>()
        .init_resource::<pings::CardPings>()
        .add_systems(Startup, fill_form)
        // The command line's join starts once the setup screen is up: entering it leaves any
        // networked game, which would end a join made before.
        .add_systems(
            OnEnter(Screen::Setup),
            (leave, join_from_command_line).chain(),
        )
        // Back to the title leaves a networked game as the setup screen does.
        .add_systems(OnEnter(Screen::Title), leave)
        .add_message::<PingRequest>()
        .add_message::<SayRequest>()
        .add_message::<HandToBot>()
        .add_message::<JoinAgain>()
        .add_message::<HostAgain>()
        .init_resource::<OfferHere>()
        .add_message::<AnswerOffer>()
        .add_systems(
            Update,
            (
                trades::keep_tables
                    .before(host::receive)
                    .in_set(GameSystems::Input),
                (host::receive, trades::settle)
                    .chain()
                    .run_if(is_host)
                    .in_set(GameSystems::Input),
                trades::answer_from_a_client
                    .run_if(is_client)
                    .in_set(GameSystems::Input),
                trades::settle_here
                    .run_if(not(is_host).and_then(not(is_client)))
                    .in_set(GameSystems::Events),
                trades::offer
                    .run_if(is_host)
                    .before(host::tell)
                    .in_set(GameSystems::Events),
                (join_again, client::receive)
                    .chain()
                    .run_if(is_client)
                    .in_set(GameSystems::Input),
                forward_while_a_client.in_set(GameSystems::Input),
                write_down_draws_while_hosting.in_set(GameSystems::Input),
                (
                    host::tell.run_if(is_host),
                    client::tell.run_if(is_client),
                    pings::age,
                    keep_tickets.run_if(is_host),
                    keep_join_ticket.run_if(is_client),
                    host_again.run_if(in_state(Screen::Playing)),
                )
                    .in_set(GameSystems::Present),
            ),
        );
}

/// While this table hosts, the rules write down their draws for the clients (`tell` sends
/// them with each action); not otherwise, where writing them down would cost for nothing.
fn write_down_draws_while_hosting(
    online: Option<Res<Online>>,
    written: Option<Res<stp_rules::WriteDownDraws>>,
    mut commands: Commands,
) {
    let hosting = online.is_some_and(|o| matches!(*o, Online::Host(_)));
    match (hosting, written.is_some()) {
        (true, false) => commands.insert_resource(stp_rules::WriteDownDraws),
        (false, true) => commands.remove_resource::<stp_rules::WriteDownDraws>(),
        _ => {}
    }
}

/// A table that is a client of a game hosted elsewhere holds only its public view: the rules
/// here check an action made here and hand it on (`ForwardActions`) instead of carrying it out.
fn forward_while_a_client(
    online: Option<Res<Online>>,
    forward: Option<Res<stp_rules::ForwardActions>>,
    mut commands: Commands,
) {
    let client = matches!(online.as_deref(), Some(Online::Client(_)));
    match (client, forward.is_some()) {
        (true, false) => commands.insert_resource(stp_rules::ForwardActions),
        (false, true) => commands.remove_resource::<stp_rules::ForwardActions>(),
        _ => {}
    }
}

/// With the window: the talk, "waiting for …" and the ping markers.
pub(super) fn window_plugin(app: &mut App) {
    app.add_plugins((talk::plugin, pings::plugin))
        .add_systems(Startup, wake_on_messages)
        .add_systems(Update, wake_while_joining);
}

/// The links' pump threads wake the sleeping window when a message arrives
/// (`net::pump`), so an idle networked table costs nothing and a move shows at once.
fn wake_on_messages(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else { return };
    let proxy = (**proxy).clone();
    crate::net::pump::set_waker(move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    });
}

/// How often a table that is joining wakes: it asks the host for its seat again every half
/// second, and gives up after 30 s, even when nothing arrives.
const JOINING_WAKE: std::time::Duration = std::time::Duration::from_millis(50);

/// An idle table sleeps until input (`WinitSettings::desktop_app`) or a message; only a
/// table still asking for its seat wakes on its own.
fn wake_while_joining(online: Option<Res<Online>>, mut winit: ResMut<bevy::winit::WinitSettings>) {
    use bevy::winit::{UpdateMode, WinitSettings};
    let joining = matches!(online.as_deref(), Some(Online::Client(joined))
        if !joined.core.welcomed && joined.lost.is_none());
    let wanted = if joining {
        WinitSettings {
            focused_mode: UpdateMode::reactive(JOINING_WAKE),
            unfocused_mode: UpdateMode::reactive_low_power(JOINING_WAKE),
        }
    } else {
        WinitSettings::desktop_app()
    };
    if winit.focused_mode != wanted.focused_mode || winit.unfocused_mode != wanted.unfocused_mode {
        *winit = wanted;
    }
}

/// The setup screen's network part, as the player last used it.
fn fill_form(settings: Option<Res<Settings>>, mut commands: Commands) {
    let settings = settings.map(|s| s.clone()).unwrap_or_default();
    commands.insert_resource(setup::OnlineForm::from_settings(&settings));
}

/// Back at the setup screen, a networked game is left: the host closes its port, a client
/// hangs up.
fn leave(
    online: Option<ResMut<Online>>,
    mut commands: Commands,
    mut away: ResMut<Away>,
    mut pings: ResMut<Pings>,
    mut talk: ResMut<Talk>,
) {
    if let Some(mut online) = online {
        match &mut *online {
            Online::Host(hosting) => {
                let mut link = hosting.link.lock();
                link.room.close();
                link.room.flush();
            }
            Online::Client(joined) => joined.hang_up(),
        }
        commands.remove_resource::<Online>();
    }
    away.0.clear();
    pings.0.clear();
    *talk = Talk::default();
}

/// The hosted game's seat tickets go to the settings as they are given, so the game hosted
/// again from its autosave lets only its players back into their seats.
fn keep_tickets(online: Option<Res<Online>>, mut settings: ResMut<Settings>) {
    let Some(Online::Host(hosting)) = online.as_deref() else {
        return;
    };
    let tickets = hosting.tickets();
    if tickets != settings.host_tickets {
        settings.host_tickets = tickets;
        settings.unsaved = true;
    }
}

/// The seat's ticket this table was given goes to the settings with its invite, so a table
/// that restarts (or crashes) and joins with the same invite takes its seat back: the host
/// gives a seat that had a holder only for its ticket.
fn keep_join_ticket(online: Option<Res<Online>>, mut settings: ResMut<Settings>) {
    let Some(Online::Client(joined)) = online.as_deref() else {
        return;
    };
    let Some(ticket) = &joined.core.ticket else {
        return;
    };
    let invite = joined.join_code();
    if settings.join_ticket != *ticket || settings.join_invite != invite {
        settings.join_ticket = ticket.clone();
        settings.join_invite = invite;
        settings.unsaved = true;
    }
}

/// The answer to "Host this game again?", asked when a saved game with remote seats opens
/// (continued, or loaded): it opens the port only when the player says so.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostAgain {
    /// Host it again with the last port and code, so the players' codes still work.
    Host,
    /// Ensign bots play the remote seats; nothing is hosted.
    Bots,
}

/// Whether the table waits for the player to say if a saved game with remote seats is hosted
/// again (the talk's window asks).
pub(crate) fn asks_to_host_again(online: Option<&Online>, crew: &Crew) -> bool {
    online.is_none() && crew.seats.contains(&Seat::Remote)
}

/// A saved game with remote seats is hosted again with the last port and code once the player
/// says so; if the port cannot open, or the player says no, Ensign bots take the seats.
fn host_again(
    mut answers: MessageReader<HostAgain>,
    online: Option<Res<Online>>,
    mut crew: ResMut<Crew>,
    settings: Res<Settings>,
    mut status: ResMut<SaveStatus>,
    mut talk: ResMut<Talk>,
    mut commands: Commands,
) {
    let Some(answer) = answers.read().last().copied() else {
        return;
    };
    if !asks_to_host_again(online.as_deref(), &crew) {
        return;
    }
    let code = match answer {
        HostAgain::Bots => None,
        HostAgain::Host if settings.host_code.is_empty() => Some(Err("no code was saved".into())),
        HostAgain::Host => Some(
            crate::net::quic::Relay::parse(&settings.relay)
                .and_then(|relay| {
                    let key = settings.host_key.parse::<iroh::SecretKey>().ok();
                    Hosting::open(settings.host_port, &settings.host_code, &relay, key)
                })
                .map(|h| h.with_tickets(&settings.host_tickets)),
        ),
    };
    let why_not = match code {
        Some(Ok(hosting)) => {
            talk.notice(format!(
                "Hosting the game again: join with {}.",
                hosting.join_code()
            ));
            commands.insert_resource(Online::Host(Box::new(hosting)));
            return;
        }
        Some(Err(err)) => format!("Cannot host this game again ({err}): "),
        None => String::new(),
    };
    for seat in &mut crew.seats {
        if *seat == Seat::Remote {
            *seat = Seat::Ensign;
        }
    }
    status.0 = Some(format!("{why_not}Ensign bots play its remote seats."));
}

/// "Join again" on a table whose link is gone: a new link for the same seat (the host
/// gives it back at the current state).
fn join_again(
    mut asked: MessageReader<JoinAgain>,
    mut online: ResMut<Online>,
    mut talk: ResMut<Talk>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let Online::Client(joined) = &mut *online else {
        return;
    };
    if joined.lost.is_none() {
        return;
    }
    match joined.again() {
        Ok(again) => {
            talk.notice(format!("Joining {} again…", again.join_code()));
            **joined = again;
        }
        Err(err) => talk.notice(format!("Cannot join again: {err}.")),
    }
}

/// `join INVITE` without `--bot`: the window opens joining that game (the
/// setup screen shows how it goes, and why not).
fn join_from_command_line(
    launch: Res<crate::game::launch::Launch>,
    mut form: ResMut<setup::OnlineForm>,
    mut settings: ResMut<Settings>,
    mut done: Local<bool>,
    mut commands: Commands,
) {
    let Some(join) = &launch.join else { return };
    // Once: back at the setup screen after that game, the player chooses anew.
    if std::mem::replace(&mut *done, true) {
        return;
    }
    form.invite = join.invite.to_string();
    form.seat = join.seat.map(|s| (s + 1).to_string()).unwrap_or_default();
    let joined = if join.watch {
        Joined::watch(&join.invite)
    } else {
        Joined::open(&join.invite, join.seat)
            .map(|j| j.with_ticket(settings.ticket_for(&join.invite)))
    };
    match joined {
        Ok(joined) => commands.insert_resource(Online::Client(Box::new(joined))),
        Err(err) => form.error = Some(err),
    }
}
