//! The game window across machines at its edges, headless: a seat whose link drops and a
//! bot that stands in, a window that watches, the command line's join, and a hostile peer
//! against the window host.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use star_trek_panic::game::crew::{Away, Crew, Seat};
use star_trek_panic::game::online::{Joined, Online, Talk};
use stp_rules::GameOptions;

use super::app;
use super::online::{
    bot_for_seat_two, both_end_as_headless, ends_with_the_hosts_hash, hosting, hosting_for_two,
    over, run_until, serve_for_one,
};
use crate::network::{finish, invite_of, port, serve, spawn, strings};

/// A seat whose person's link drops mid-game: play waits, and once the host's wait is over,
/// an Ensign bot plays the seat (without anyone pressing the button), and the game ends.
#[test]
fn a_bot_stands_in_for_a_seat_whose_link_dropped() {
    let port = port(35);
    let hosting = hosting(port, "stand-in-seat").with_bot_after(Some(Duration::from_secs(1)));
    let invite = hosting.join_code();
    let mut app = hosting_for_two(hosting, &GameOptions::quick(8, 2, "cadet"));
    let mut client = spawn(&strings(&[
        "join",
        &invite,
        "--seat",
        "2",
        "--bot",
        "--delay-ms",
        "20",
    ]));
    let acted = |app: &App| {
        let record = app
            .world()
            .resource::<star_trek_panic::game::model::record::Record>();
        record.actions.iter().any(|a| a.player == 1)
    };
    assert!(
        run_until(&mut app, 60, |p| p == 0, acted),
        "seat 2 never played from its machine"
    );
    let _ = client.kill();
    let _ = client.wait();
    let dropped = |app: &App| !app.world().resource::<Away>().0.is_empty();
    assert!(
        run_until(&mut app, 30, |p| p == 0, dropped),
        "the host never noticed the link was gone"
    );
    let ended = run_until(&mut app, 120, |p| p == 0, over);
    let talk = app.world().resource::<Talk>();
    let lines: Vec<&str> = talk.lines.iter().map(|l| l.text.as_str()).collect();
    let state = super::state(&app);
    assert!(
        ended,
        "the game did not end: {lines:?} {:?} away {:?} awaits {} active {} window {:?}",
        app.world().resource::<Crew>().seats,
        app.world().resource::<Away>().0,
        state.awaits_players(),
        state.turn().active,
        state.turn().window,
    );
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Ensign]
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("bot plays the seat if they are not back in 1 s")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("Ensign bot plays")),
        "{lines:?}"
    );
}

/// The window watches a game that `serve` hosts and a `join --bot` plays: every seat is
/// remote here, so nothing is played from this table; the talk says it watches, and it ends
/// with the host's public hash.
#[test]
fn the_window_watches_a_game_to_its_end() {
    let port = port(39);
    let host = serve(port, "window-watches", 2, 1, &["--seed", "6", "--json"]);
    let mut app = app(None);
    let invite = invite_of(port);
    let joined = Joined::watch(&invite).expect("a link");
    app.world_mut()
        .insert_resource(Online::Client(Box::new(joined)));
    let player = spawn(&strings(&[
        "join",
        &crate::network::invite(port),
        "--seat",
        "1",
        "--bot",
    ]));
    assert!(
        run_until(&mut app, 120, |_| false, over),
        "the game did not end"
    );
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Remote, Seat::Remote]
    );
    let talk = app.world().resource::<Talk>();
    assert!(
        talk.lines
            .iter()
            .any(|l| l.text.contains("You are watching the game")),
        "{:?}",
        talk.lines
    );
    let (code, _, err) = finish(player);
    assert_eq!(code, Some(0), "{err}");
    ends_with_the_hosts_hash(&app, host);
}

/// `join INVITE` without `--bot` opens the window joining that game: the join
/// made from the command line outlives the setup screen's opening (which leaves any earlier
/// networked game), and `serve` seats the table.
#[test]
fn the_command_lines_join_outlives_the_setup_screen() {
    let port = port(40);
    let host = serve_for_one(port, "command-line-join", 12);
    let mut app = joining_from_the_command_line(invite_of(port), None);
    let seated = |app: &App| matches!(app.world().get_resource::<Online>(), Some(Online::Client(j)) if j.core.welcomed);
    assert!(
        run_until(&mut app, 30, |_| false, seated),
        "the table was never seated"
    );
    let mut host = host;
    let _ = host.kill();
    let _ = host.wait();
}

/// Set in the process of its own where the window host's hostile run plays, so that the
/// process's peak memory is the window host's (and the test harness's) alone.
const ALONE: &str = "STP_WINDOW_HOST_ALONE";

/// The window host survives a code holder's frames of noise (up to 100,000), coming back after each
/// hang-up (its link's pump thread reads them, as `serve` does) while an honest client plays a seat:
/// both end with the hash of the same game played headless, and its memory stays bounded.
/// The run plays in a process of its own (this test again, alone), which reports its peak.
#[test]
fn a_hostile_code_holder_cannot_crash_the_window_host() {
    if std::env::var_os(ALONE).is_none() {
        let name = "game::online_edges::a_hostile_code_holder_cannot_crash_the_window_host";
        let out = std::process::Command::new(std::env::current_exe().expect("the suite"))
            .args([name, "--exact", "--nocapture", "--test-threads", "1"])
            .env(ALONE, "1")
            .output()
            .expect("the suite runs again");
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(out.status.success(), "{stdout}\n{stderr}");
        let figure = |label: &str| -> u64 {
            stdout
                .lines()
                .find_map(|l| l.split(label).nth(1))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or_else(|| panic!("no `{label}` in {stdout}"))
        };
        let (before, peak) = (figure("peak before KiB:"), figure("peak after KiB:"));
        eprintln!("window host: peak memory {before} KiB set up, {peak} KiB after the run");
        assert!(
            peak < before + 100_000,
            "the window host grew from {before} to {peak} KiB"
        );
        return;
    }
    use crate::network_hostile::{peak_kib, raw_peer};
    let port = port(43);
    let code = "hostile-window";
    let hosting = hosting(port, code);
    let invite = hosting.join_code();
    let options = GameOptions::quick(21, 2, "cadet");
    let mut app = hosting_for_two(hosting, &options);
    println!("peak before KiB: {}", peak_kib(std::process::id()));
    let noise = {
        let invite: star_trek_panic::net::quic::Invite = invite.parse().expect("an invite");
        std::thread::spawn(move || {
            let mut noise = 0x5354_5022u64;
            let mut next = move || {
                noise ^= noise >> 12;
                noise ^= noise << 25;
                noise ^= noise >> 27;
                noise.wrapping_mul(0x2545_F491_4F6C_DD1D)
            };
            let (mut sent, started) = (0u32, Instant::now());
            while sent < 100_000 && started.elapsed() < Duration::from_secs(90) {
                let Ok(mut peer) = raw_peer(&invite, "127.0.0.2", Some(code)) else {
                    std::thread::sleep(Duration::from_millis(100));
                    continue;
                };
                while sent < 100_000 && started.elapsed() < Duration::from_secs(90) {
                    let frame: Vec<u8> = (0..next() % 300).map(|_| next() as u8).collect();
                    if peer.frame(&frame).is_err() {
                        break;
                    }
                    sent += 1;
                }
            }
            sent
        })
    };
    let honest = bot_for_seat_two(&invite);
    assert!(
        run_until(&mut app, 180, |p| p == 0, over),
        "the game did not end"
    );
    let sent = noise.join().expect("the noise thread");
    assert!(sent >= 10_000, "only {sent} sent");
    // The host's words about the hostile links stay few: the transport's own errors never
    // reach the talk, and each link is cut after its strikes.
    let said = app.world().resource::<Talk>().lines.len();
    let about_links = app
        .world()
        .resource::<Talk>()
        .lines
        .iter()
        .filter(|l| l.text.starts_with("Host:"))
        .count();
    assert!(about_links <= 12, "{about_links} of {said} talk lines");
    both_end_as_headless(&mut app, honest, &options);
    println!("peak after KiB: {}", peak_kib(std::process::id()));
}

/// A table that restarts takes its seat back: the seat's ticket it was given is kept in the
/// settings with the invite, and a fresh table (the command line's `join INVITE`) with those
/// settings shows it, so the host, which gives a seat that had a holder only for its ticket,
/// seats it again; the game ends with the host's hash.
#[test]
fn a_restarted_table_takes_its_seat_back_with_the_kept_ticket() {
    use star_trek_panic::game::settings::Settings;
    let port = port(53);
    let host = serve_for_one(port, "restart-the-table", 7);
    let invite = invite_of(port);
    let dir = super::temp_dir("restart-the-table");
    let seated = |app: &App| matches!(app.world().get_resource::<Online>(), Some(Online::Client(j)) if j.core.welcomed);
    {
        let mut first = app(Some(dir.clone()));
        let joined = Joined::open(&invite, Some(0)).expect("a link");
        first
            .world_mut()
            .insert_resource(Online::Client(Box::new(joined)));
        assert!(run_until(&mut first, 30, |_| false, seated), "never seated");
        for _ in 0..5 {
            first.update();
        }
        let kept = first.world().resource::<Settings>().join_ticket.clone();
        assert_eq!(kept.len(), 32, "the ticket is kept: {kept:?}");
    }
    // The first table is gone (its link closed as it went); a fresh one joins the same game.
    let mut again = joining_from_the_command_line(invite, Some(dir));
    assert!(
        run_until(&mut again, 30, |_| false, seated),
        "the restarted table was not seated again"
    );
    assert!(
        run_until(&mut again, 120, |p| p == 0, over),
        "the game did not end"
    );
    ends_with_the_hosts_hash(&again, host);
}

/// A headless table as `join INVITE --seat 1` (no `--bot`) launches it, with its
/// settings in `data_dir`.
fn joining_from_the_command_line(
    invite: star_trek_panic::net::quic::Invite,
    data_dir: Option<std::path::PathBuf>,
) -> App {
    use bevy::state::app::StatesPlugin;
    use star_trek_panic::game::{self, Launch};
    use star_trek_panic::net::join::JoinArgs;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, stp_rules::RulesPlugin))
        .insert_resource(Launch {
            data_dir,
            join: Some(JoinArgs {
                invite,
                seat: Some(0),
                bot: false,
                watch: false,
                json: false,
                delay: Duration::ZERO,
                quiet: true,
                ticket_file: None,
            }),
            ..Launch::default()
        })
        .add_plugins(game::headless_plugin);
    app
}
