//! The game window across machines, headless: the table hosting a game that a `join --bot`
//! process plays a seat of; the table as a client of `serve`, taking the host's state again
//! when its copy is out of step; an away seat handed to a bot.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use star_trek_panic::game::crew::{Away, Crew, Seat};
use star_trek_panic::game::online::{
    AnswerOffer, HandToBot, Hosting, Joined, OfferHere, Online, Talk,
};
use stp_rules::files::hash_text;
use stp_rules::sim::play_game;
use stp_rules::{GameOptions, GameState, StartGame, bot};

use super::app;
use crate::network::{finish, invite_of, port, serve, spawn, strings};
use star_trek_panic::net::quic::Relay;

/// Runs the table until `done`, at most `seconds`; the test plays the seats it holds here
/// (`mine`) with the bot, as a person would, whenever the table's controls are free (a
/// handover screen, shown once a bot stands in for a remote seat, is waved away).
pub(super) fn run_until(
    app: &mut App,
    seconds: u64,
    mine: impl Fn(u8) -> bool,
    done: impl Fn(&App) -> bool,
) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(seconds) {
        app.update();
        if done(app) {
            return true;
        }
        // The person here takes a trade offered to them, as a keen crewmate would.
        if app.world().resource::<OfferHere>().0.is_some() {
            app.world_mut().write_message(AnswerOffer(true));
        }
        // The person here waves the handover screen away, as they would.
        app.world_mut()
            .resource_mut::<star_trek_panic::game::model::handover::Handover>()
            .0 = None;
        let held = app
            .world()
            .get_resource::<Online>()
            .is_some_and(Online::holds_controls);
        let away = !app.world().resource::<Away>().0.is_empty();
        if let Some(state) = app.world().get_resource::<GameState>()
            && state.awaits_players()
            && !held
            && !away
            && let Some(action) = bot::choose(state).filter(|a| mine(a.player))
        {
            app.world_mut().write_message(action);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

/// `serve` for a two-seat cadet game whose second seat is the host's bot: seat 1 is for
/// the table under test.
pub(super) fn serve_for_one(port: u16, code: &str, seed: u64) -> std::process::Child {
    serve(port, code, 2, 1, &["--seed", &seed.to_string(), "--json"])
}

/// The host ends well, and this table's game ends with the host's final hash.
/// The table, a client, holds the public view: it ends with the host's public hash.
pub(super) fn ends_with_the_hosts_hash(app: &App, host: std::process::Child) {
    let (code, out, err) = finish(host);
    assert_eq!(code, Some(0), "{err}");
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(
        value["public_hash"].as_str(),
        Some(hash_text(super::state(app).public_hash()).as_str()),
        "{err}"
    );
}

pub(super) fn over(app: &App) -> bool {
    app.world()
        .get_resource::<GameState>()
        .is_some_and(GameState::is_over)
}

pub(super) fn final_hash(out: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    value["final_hash"].as_str().expect("a hash").to_string()
}

/// A table hosting `options` with `hosting`: seat 1 is played here, seat 2 remote.
pub(super) fn hosting_for_two(hosting: Hosting, options: &GameOptions) -> App {
    let mut app = app(None);
    app.world_mut()
        .insert_resource(Online::Host(Box::new(hosting)));
    app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Human, Seat::Remote]);
    app.world_mut().write_message(StartGame(options.clone()));
    app.update();
    app.update();
    app
}

/// The window's host for tests: on `port`, with no relay (nothing outside is reached).
pub(super) fn hosting(port: u16, code: &str) -> Hosting {
    Hosting::open(port, code, &Relay::Off, None).expect("the host opens")
}

/// A `join --bot --json` process for seat 2 of the game the invite names.
pub(super) fn bot_for_seat_two(invite: &str) -> std::process::Child {
    spawn(&strings(&[
        "join", invite, "--seat", "2", "--bot", "--json",
    ]))
}

/// After a hosted game's end, the table and its `join --bot` client both end with the hash of
/// the same game played headless.
pub(super) fn both_end_as_headless(
    app: &mut App,
    client: std::process::Child,
    options: &GameOptions,
) {
    // A moment for the last messages to leave.
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let (code, out, err) = finish(client);
    assert_eq!(code, Some(0), "{err}");
    let here = hash_text(super::state(app).state_hash());
    let headless = play_game(options, false, false).expect("deals");
    assert_eq!(here, hash_text(headless.final_hash));
    assert_eq!(final_hash(&out), here, "{err}");
}

/// The window hosts a cadet game: seat 1 is played here, seat 2 by a `join --bot` process.
/// Both end with the hash of the same game played headless.
#[test]
fn the_window_hosts_a_seat_played_from_another_machine() {
    let port = port(9);
    let hosting = hosting(port, "window-host");
    let invite = hosting.join_code();
    let options = GameOptions::quick(21, 2, "cadet");
    let mut app = hosting_for_two(hosting, &options);
    assert_eq!(
        app.world().resource::<Away>().0,
        vec![1],
        "waits for seat 2"
    );
    let client = bot_for_seat_two(&invite);
    assert!(
        run_until(&mut app, 120, |p| p == 0, over),
        "the game did not end"
    );
    both_end_as_headless(&mut app, client, &options);
}

/// The window joins `serve` for seat 1. Its copy is spoiled mid-game; at the next turn start
/// the host's hash differs, the table says so and takes the host's state, and the game ends
/// with the host's hash.
#[test]
fn a_window_out_of_step_with_its_host_takes_the_hosts_state() {
    let port = port(10);
    let host = serve_for_one(port, "window-client", 8);
    let mut app = app(None);
    let invite = invite_of(port);
    let joined = Joined::open(&invite, Some(0)).expect("a link");
    // What an earlier, failed try to join left in the talk.
    app.world_mut()
        .resource_mut::<Talk>()
        .notice("The link to the host is gone: no answer (an earlier try).".into());
    app.world_mut()
        .insert_resource(Online::Client(Box::new(joined)));
    assert!(
        run_until(
            &mut app,
            30,
            |p| p == 0,
            |app| {
                app.world()
                    .get_resource::<GameState>()
                    .is_some_and(|s| s.turn().number >= 3)
            }
        ),
        "the game never reached turn 3"
    );
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Remote]
    );
    // Spoil the copy where play never looks: only the hash can tell.
    app.world_mut()
        .resource_mut::<GameState>()
        .config_mut()
        .preset
        .push_str(" (spoilt)");
    assert!(
        run_until(&mut app, 120, |p| p == 0, over),
        "the game did not end"
    );
    let talk = app.world().resource::<Talk>();
    assert!(
        talk.lines.iter().any(|l| l.text.contains("out of step")),
        "{:?}",
        talk.lines
    );
    // The talk starts at the welcome, and only the resync's own welcome is announced (a
    // second answer to a repeated Hello is not).
    assert!(
        talk.lines[0].text.starts_with("You have seat 1"),
        "{:?}",
        talk.lines
    );
    let again = talk
        .lines
        .iter()
        .filter(|l| l.text.contains("has the host's game again"))
        .count();
    assert_eq!(again, 1, "{:?}", talk.lines);
    ends_with_the_hosts_hash(&app, host);
}

/// A remote seat nobody takes: play waits ("waiting for …"), the host hands the seat to a
/// bot, and the game plays on to its end.
#[test]
fn the_host_lets_a_bot_play_a_seat_whose_person_is_away() {
    let port = port(11);
    let mut app = app(None);
    let hosting = hosting(port, "away-seat");
    app.world_mut()
        .insert_resource(Online::Host(Box::new(hosting)));
    app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Ensign, Seat::Remote]);
    app.world_mut()
        .write_message(StartGame(GameOptions::quick(4, 2, "cadet")));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(app.world().resource::<Away>().0, vec![1]);
    assert!(
        app.world()
            .resource::<star_trek_panic::game::model::record::Record>()
            .actions
            .is_empty(),
        "the bot waited for the crew"
    );
    app.world_mut().write_message(HandToBot(1));
    assert!(
        run_until(&mut app, 120, |_| false, over),
        "the game did not end"
    );
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Ensign, Seat::Ensign]
    );
    assert!(app.world().resource::<Away>().0.is_empty());
    let talk = app.world().resource::<Talk>();
    assert!(
        talk.lines
            .iter()
            .any(|l| l.text.contains("Ensign bot plays")),
        "{:?}",
        talk.lines
    );
}

/// A host that quit hosts its saved game again once the player says so: the seats come back
/// with the save, and the port, code and seat tickets with the settings, so the players' codes still work
/// and only they take their seats back. When the port cannot
/// open, Ensign bots take the remote seats and the table says why.
#[test]
fn a_saved_game_with_remote_seats_is_hosted_again_with_the_same_code() {
    use star_trek_panic::game::model::record::{SaveRequest, SaveStatus};
    use star_trek_panic::game::online::HostAgain;
    use stp_rules::files::SaveFile;
    let port = port(14);
    let dir = super::temp_dir("host-again");
    // The seat tickets of the game's first hosting come back with it.
    let ticket = star_trek_panic::net::room::SeatTicket {
        seat: 1,
        ticket: "00112233445566778899aabbccddeeff".into(),
    };
    let settings = serde_json::json!({
        "host_port": port,
        "host_code": "same-old-code",
        "relay": "none",
        "host_tickets": [ticket],
    });
    std::fs::write(dir.join("settings.json"), settings.to_string()).expect("settings");
    let options = GameOptions::quick(6, 2, "cadet");
    let mut state = GameState::new(&options).expect("deals");
    state.advance();
    let save = SaveFile {
        seats: vec!["human".into(), "remote".into()],
        ..SaveFile::new(&options, &[], &state)
    };
    let path = dir.join("save.json");
    save.write(&path).expect("saved");
    let load = |app: &mut App, answer: Option<HostAgain>| {
        app.world_mut()
            .write_message(SaveRequest::Load(path.clone()));
        for _ in 0..10 {
            app.update();
        }
        // Nothing is hosted until the player says so.
        assert!(app.world().get_resource::<Online>().is_none());
        if let Some(answer) = answer {
            app.world_mut().write_message(answer);
            for _ in 0..3 {
                app.update();
            }
        }
    };
    let mut app = app(Some(dir.clone()));
    load(&mut app, Some(HostAgain::Host));
    let online = app.world().get_resource::<Online>().expect("hosting again");
    assert!(
        online.join_code().starts_with("same-old-code@")
            && online.join_code().contains(&format!(":{port}")),
        "{}",
        online.join_code()
    );
    assert_eq!(app.world().resource::<Away>().0, vec![1]);
    let Online::Host(hosting) = online else {
        panic!("not the host");
    };
    assert_eq!(hosting.tickets(), vec![ticket]);
    drop(app);
    // The port is taken: bots play the remote seat. The host's network thread lets the port
    // go as it winds down, which a loaded machine may take a moment for (at most 3 s).
    let started = std::time::Instant::now();
    let _taken = loop {
        match std::net::UdpSocket::bind(("0.0.0.0", port)) {
            Ok(socket) => break socket,
            Err(e) if started.elapsed() < std::time::Duration::from_secs(3) => {
                let _ = e;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("the port is not free again: {e}"),
        }
    };
    let mut app = super::app(Some(dir.clone()));
    load(&mut app, Some(HostAgain::Host));
    assert!(app.world().get_resource::<Online>().is_none());
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Ensign]
    );
    let status = app
        .world()
        .resource::<SaveStatus>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(status.contains("Cannot host this game again"), "{status}");
    drop(app);
    // Asked, the player may choose bots instead: nothing is hosted.
    let mut app = super::app(Some(dir));
    load(&mut app, None);
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Remote],
        "it waits for the answer"
    );
    app.world_mut().write_message(HostAgain::Bots);
    app.update();
    assert!(app.world().get_resource::<Online>().is_none());
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Ensign]
    );
}

/// A table that asks for a seat the host's bot plays is told which seat is free (the setup
/// screen shows it while the table asks again); asking for any seat, it is given that one.
#[test]
fn a_window_asking_for_a_seat_not_free_learns_which_is() {
    let port = port(17);
    let mut host = serve_for_one(port, "which-seat-window", 1);
    let invite = invite_of(port);
    let refused = |app: &App| match app.world().get_resource::<Online>() {
        Some(Online::Client(joined)) => joined.core.refused.clone(),
        _ => None,
    };
    let mut app = app(None);
    let joined = Joined::open(&invite, Some(1)).expect("a link");
    app.world_mut()
        .insert_resource(Online::Client(Box::new(joined)));
    assert!(
        run_until(&mut app, 10, |_| false, |app| refused(app).is_some()),
        "no refusal"
    );
    assert_eq!(
        refused(&app).as_deref(),
        Some("seat 2 is not free; seat 1 is")
    );
    // Any seat will do: the host gives the free one.
    let joined = Joined::open(&invite, None).expect("a link");
    app.world_mut()
        .insert_resource(Online::Client(Box::new(joined)));
    let seated = |app: &App| match app.world().get_resource::<Online>() {
        Some(Online::Client(joined)) => joined.core.welcomed,
        _ => false,
    };
    assert!(run_until(&mut app, 10, |_| false, seated), "never seated");
    let Some(Online::Client(joined)) = app.world().get_resource::<Online>() else {
        panic!("not a client")
    };
    assert_eq!(joined.core.seat, Some(0));
    let _ = host.kill();
    let _ = host.wait();
}

/// A table whose link to the host is lost mid-game joins again in place ("Join again"):
/// it gets its seat back at the host's current state, the talk so far stays, and the game
/// ends with the host's hash.
#[test]
fn a_window_whose_link_is_lost_joins_again_in_place() {
    use star_trek_panic::game::online::JoinAgain;
    let port = port(18);
    let host = serve_for_one(port, "join-again-please", 6);
    let invite = invite_of(port);
    let mut app = app(None);
    let joined = Joined::open(&invite, Some(0)).expect("a link");
    app.world_mut()
        .insert_resource(Online::Client(Box::new(joined)));
    let at_turn = |n: u32| {
        move |app: &App| {
            app.world()
                .get_resource::<GameState>()
                .is_some_and(|s| s.turn().number >= n)
        }
    };
    assert!(run_until(&mut app, 30, |p| p == 0, at_turn(2)), "no turn 2");
    // The link is lost, as when the network drops: the table holds its controls.
    if let Some(mut online) = app.world_mut().get_resource_mut::<Online>()
        && let Online::Client(joined) = &mut *online
    {
        joined.lost = Some("a test cut the link".into());
    }
    app.update();
    assert!(app.world().resource::<Online>().holds_controls());
    app.world_mut().write_message(JoinAgain);
    assert!(
        run_until(&mut app, 120, |p| p == 0, over),
        "the game did not end after joining again"
    );
    let talk = app.world().resource::<Talk>();
    assert!(
        talk.lines[0].text.starts_with("You have seat 1"),
        "{:?}",
        talk.lines
    );
    assert!(
        talk.lines.iter().any(|l| l.text.contains("again…")),
        "{:?}",
        talk.lines
    );
    ends_with_the_hosts_hash(&app, host);
}

/// The table shows whose invite it is (the host's key, short) but keeps the code as dots
/// until asked.
#[test]
fn the_join_code_shows_as_dots_until_asked() {
    use star_trek_panic::game::online::talk::masked;
    let invite = "bakeri-dozuha@kqzb8hgt3rwp1x5fy,192.168.1.20:47000,https://relay.example/";
    let shown = masked(invite);
    assert_eq!(shown, "••••••••••••@kqzb8hgt3r…");
    assert!(!shown.contains("bakeri"), "{shown}");
    assert_eq!(
        masked("no-key-at-all"),
        "••••••••••••",
        "a broken invite is all dots"
    );
}
