//! Watchers (issue "Play across machines that really crosses machines", "Spectators"): a
//! client may join without a seat and watch the public view, with the talk. It follows the
//! game to the host's public hash, its lines reach the seats, it cannot play or point, and
//! the host admits at most `MAX_WATCHERS`.

use star_trek_panic::net::link::Connection;
use star_trek_panic::net::protocol::{ToClient, ToHost};
use star_trek_panic::net::room::MAX_WATCHERS;

use crate::network::{connected, finish, port, pump, seated, serve, spawn, strings};

/// A link that watches; returns it once the host's welcome (with no seat) arrived.
fn watching(port: u16, code: &str) -> Connection {
    let mut link = connected(port, code);
    link.send(&ToHost::Watch);
    let got = pump(&mut link, |m| {
        m.iter()
            .any(|m| matches!(m, ToClient::Welcome { .. } | ToClient::Refused { .. }))
    });
    assert!(
        got.iter().any(
            |m| matches!(m, ToClient::Welcome { seat: None, ticket, .. } if ticket.is_empty())
        ),
        "{got:?}"
    );
    link
}

fn refusal(got: &[ToClient]) -> Option<String> {
    got.iter().rev().find_map(|m| match m {
        ToClient::Refused { reason } => Some(reason.clone()),
        _ => None,
    })
}

/// `join --watch --no-window` follows a whole game that a seated bot plays, and ends with
/// the host's public hash; the host's game is the one it reaches headless.
#[test]
fn a_watcher_follows_the_game_to_the_hosts_public_hash() {
    let port = port(36);
    let code = "watch-the-crew";
    let host = serve(port, code, 2, 1, &["--seed", "5", "--json"]);
    let watcher = spawn(&strings(&[
        "join",
        &crate::network::invite(port),
        "--watch",
        "--no-window",
        "--json",
    ]));
    std::thread::sleep(std::time::Duration::from_millis(500));
    let player = spawn(&strings(&[
        "join",
        &crate::network::invite(port),
        "--seat",
        "1",
        "--bot",
        "--json",
    ]));
    let (host_code, host_out, host_err) = finish(host);
    let (player_code, _, player_err) = finish(player);
    let (watcher_code, watcher_out, watcher_err) = finish(watcher);
    assert_eq!(host_code, Some(0), "{host_err}");
    assert_eq!(player_code, Some(0), "{player_err}");
    assert_eq!(watcher_code, Some(0), "{watcher_err}");
    let end = |out: &str| -> serde_json::Value {
        serde_json::from_str(out.trim()).expect("one JSON object")
    };
    assert_eq!(
        end(&watcher_out)["public_hash"],
        end(&host_out)["public_hash"]
    );
    assert!(host_err.contains("watches (watcher 1)"), "{host_err}");
}

/// A watcher's line reaches the seats, named by its number; it may not act, point or take
/// a seat (each refused with why); a seat's line reaches it; it may ask for the game again.
#[test]
fn a_watcher_talks_but_does_not_play() {
    let port = port(37);
    let code = "talk-but-watch";
    let mut host = serve(port, code, 3, 1, &[]);
    let mut alice = seated(port, code, 0);
    let mut watcher = watching(port, code);
    watcher.send(&ToHost::Say {
        text: "Go, Enterprise!".into(),
    });
    // Sent now: `pump` keeps only its own link going.
    watcher.flush().expect("link");
    let heard = pump(&mut alice, |m| {
        m.iter().any(|m| matches!(m, ToClient::WatcherSaid { .. }))
    });
    assert!(
        heard.contains(&ToClient::WatcherSaid {
            watcher: 1,
            text: "Go, Enterprise!".into()
        }),
        "{heard:?}"
    );
    alice.send(&ToHost::Say {
        text: "Thank you".into(),
    });
    alice.flush().expect("link");
    let back = pump(&mut watcher, |m| {
        m.iter().any(|m| matches!(m, ToClient::Said { .. }))
    });
    assert!(
        back.contains(&ToClient::Said {
            seat: 0,
            text: "Thank you".into()
        }),
        "{back:?}"
    );
    for message in [
        ToHost::Hello {
            seat: Some(1),
            ticket: None,
        },
        ToHost::Act {
            at: 0,
            action: stp_rules::PlayerAction {
                player: 1,
                action: stp_rules::Action::EndPhase,
            },
        },
    ] {
        watcher.send(&message);
        let got = pump(&mut watcher, |m| {
            m.iter().any(|m| matches!(m, ToClient::Refused { .. }))
        });
        assert_eq!(
            refusal(&got).as_deref(),
            Some("a watcher has no seat: join again to play"),
            "{message:?}"
        );
    }
    watcher.send(&ToHost::Sync);
    let again = pump(&mut watcher, |m| {
        m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
    });
    assert!(
        again
            .iter()
            .any(|m| matches!(m, ToClient::Welcome { seat: None, .. })),
        "{again:?}"
    );
    let _ = host.kill();
    let _ = host.wait();
}

/// The host lets in `MAX_WATCHERS` watchers; the next is told there is no room (and a
/// seat is still free for a player).
#[test]
fn watchers_are_few() {
    let port = port(38);
    let code = "a-full-gallery";
    let mut host = serve(port, code, 2, 1, &[]);
    let _watchers: Vec<Connection> = (0..MAX_WATCHERS).map(|_| watching(port, code)).collect();
    let mut one_more = connected(port, code);
    one_more.send(&ToHost::Watch);
    let got = pump(&mut one_more, |m| {
        m.iter().any(|m| matches!(m, ToClient::Refused { .. }))
    });
    assert_eq!(
        refusal(&got),
        Some(format!("no room to watch: at most {MAX_WATCHERS} watchers")),
        "{got:?}"
    );
    let _player = seated(port, code, 0);
    let _ = host.kill();
    let _ = host.wait();
}

/// A watcher of a game served without `--seed` cannot rebuild the hidden deck and bag from
/// a guessable seed (`../shared/reviews/network-security-2.md` N3: the default was 1, and two
/// unseeded games were the same game): each is dealt from the system's random source, so
/// two such games start differently (hands and threats; the welcome hides the seed).
#[test]
fn games_served_without_a_seed_are_dealt_from_fresh_seeds() {
    let code = "fresh-seed-code";
    let opening = |offset: u16| {
        let port = port(offset);
        let host = serve(port, code, 3, 2, &["--preset", "standard"]);
        let mut link = connected(port, code);
        link.send(&ToHost::Watch);
        let got = pump(&mut link, |m| {
            m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
        });
        let mut host = host;
        let _ = host.kill();
        let _ = host.wait();
        got.into_iter()
            .find_map(|m| match m {
                ToClient::Welcome { state, options, .. } => Some((state, options.seed)),
                _ => None,
            })
            .expect("a welcome")
    };
    let (first, hidden) = opening(46);
    let (second, _) = opening(47);
    assert_eq!(hidden, 0, "the welcome hides the seed");
    assert_ne!(first, second, "two unseeded games dealt alike");
}

/// Each Sync (or Watch, or Hello again) costs the host a whole welcome, so a link gets at
/// most one every `WELCOME_AGAIN` (`../shared/reviews/network-security-2.md` F12: up to 300
/// a second per link): forty Syncs in a burst bring one game state at once and one more once
/// the time has passed, never forty, and none goes unanswered.
#[test]
fn a_burst_of_syncs_brings_one_welcome_a_second() {
    use star_trek_panic::net::room::WELCOME_AGAIN;
    let (port, code) = (port(48), "burst-of-syncs");
    let mut host = serve(port, code, 2, 1, &[]);
    let mut link = seated(port, code, 0);
    let welcomes = |got: &[ToClient]| {
        got.iter()
            .filter(|m| matches!(m, ToClient::Welcome { .. }))
            .count()
    };
    for _ in 0..40 {
        link.send(&ToHost::Sync);
    }
    let _ = link.flush();
    let started = std::time::Instant::now();
    let mut got = Vec::new();
    while started.elapsed() < WELCOME_AGAIN / 2 {
        got.extend(pump(&mut link, |_| true));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(welcomes(&got), 1, "one at once: {got:?}");
    // The rest joined one held back until `WELCOME_AGAIN` had passed.
    let later = pump(&mut link, |m| welcomes(m) > 0);
    assert_eq!(welcomes(&later), 1, "the held-back Sync is answered");
    let started = std::time::Instant::now();
    let mut none = Vec::new();
    while started.elapsed() < WELCOME_AGAIN * 2 {
        none.extend(pump(&mut link, |_| true));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(welcomes(&none), 0, "no more than two for forty: {none:?}");
    let _ = host.kill();
    let _ = host.wait();
}
