//! Play across machines, on loopback: a host and its clients, each a process, play complete
//! games with bots in every seat; every process ends with the same state hash, the one the
//! same game reaches headless.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use stp_rules::GameOptions;
use stp_rules::files::hash_text;
use stp_rules::sim::play_game;

/// A port of this test's own, so tests running at once never share one.
pub(crate) fn port(offset: u16) -> u16 {
    40_000 + (std::process::id() % 5_000) as u16 * 4 + offset
}

pub(crate) fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args(with_invite_file(args))
        .stdout(Stdio::piped())
        .stderr(if std::env::var_os("STP_HOST_LOG").is_some() {
            Stdio::inherit()
        } else {
            Stdio::piped()
        })
        .spawn()
        .expect("run the game")
}

/// Where `serve` on `port` writes its invite in these tests.
fn invite_path(port: u16) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("stp-tests-{}-invite-{port}", std::process::id()))
}

/// `serve`'s arguments with `--relay none` (the tests reach nothing outside this machine)
/// and, when they name a port, `--invite-file` where `invite(port)` reads it; other
/// commands' arguments as they are.
pub(crate) fn with_invite_file(args: &[String]) -> Vec<String> {
    let mut args = args.to_vec();
    if args.first().map(String::as_str) != Some("serve") {
        return args;
    }
    if let Some(at) = args.iter().position(|a| a == "--port") {
        let port: u16 = args[at + 1].parse().expect("a port");
        let path = invite_path(port);
        let _ = std::fs::remove_file(&path);
        args.extend(strings(&["--invite-file", path.to_str().expect("UTF-8")]));
    }
    if !args.iter().any(|a| a == "--relay") {
        args.extend(strings(&["--relay", "none"]));
    }
    args
}

/// The invite of the game `serve` hosts on `port`, once it has written it (at most 30 s).
pub(crate) fn invite(port: u16) -> String {
    let path = invite_path(port);
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(&path)
            && !text.is_empty()
        {
            return text;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "serve on port {port} wrote no invite"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The same, read as an invite.
pub(crate) fn invite_of(port: u16) -> star_trek_panic::net::quic::Invite {
    invite(port).parse().expect("an invite")
}

/// `serve` on `port` for `players` seats, the last `bots` of them its own bot's, with
/// `extra` options; returns once its port has had a moment to open.
pub(crate) fn serve(port: u16, code: &str, players: usize, bots: usize, extra: &[&str]) -> Child {
    let mut args = strings(&["serve", "--port", &port.to_string(), "--code", code]);
    args.extend(strings(&[
        "--players",
        &players.to_string(),
        "--bots",
        &bots.to_string(),
    ]));
    args.extend(strings(extra));
    let child = spawn(&args);
    std::thread::sleep(Duration::from_millis(300));
    child
}

/// Waits for a process (at most three minutes, for a loaded CI machine); its exit code and
/// standard output.
pub(crate) fn finish(mut child: Child) -> (Option<i32>, String, String) {
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(180) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every process ends well, with the hash the same game reaches played headless by the bot.
pub(crate) fn all_end_as_headless(
    seed: u64,
    players: usize,
    preset: &str,
    processes: Vec<(&str, Child)>,
) {
    let expected = play_game(&GameOptions::quick(seed, players, preset), false, false)
        .expect("the preset deals");
    let expected = hash_text(expected.final_hash);
    for (who, process) in processes {
        let (code, out, err) = finish(process);
        assert_eq!(code, Some(0), "{who}: {err}");
        let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
        assert_eq!(
            value["final_hash"],
            expected.as_str(),
            "{who}: {out}\n{err}"
        );
    }
}

/// `serve`'s arguments for a cadet game of two (seed 3) on `port`, its second seat the
/// host's bot, printing its end as JSON: the game every two-seat test plays.
pub(crate) fn cadet_for_two(port: &str, code: &str) -> Vec<String> {
    strings(&[
        "serve",
        "--port",
        port,
        "--code",
        code,
        "--seed",
        "3",
        "--players",
        "2",
        "--bots",
        "1",
        "--preset",
        "cadet",
        "--json",
    ])
}

pub(crate) fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Hosts `players` seats (the last `bots` played by the host), joins the others with bots,
/// and checks every process ends with the hash of the same game played headless, and that
/// `replay` of the host's record of the game agrees. With `any_seat`, the clients name no
/// seat and the host assigns them.
fn hosted_game(offset: u16, seed: u64, players: usize, bots: usize, preset: &str, any_seat: bool) {
    let port = port(offset);
    let code = "loopback-secret";
    let record = crate::trust::scratch_dir(&format!("hosted-{offset}")).join("game.json");
    let host = spawn(&strings(&[
        "serve",
        "--record",
        record.to_str().expect("a UTF-8 path"),
        "--port",
        &port.to_string(),
        "--code",
        code,
        "--seed",
        &seed.to_string(),
        "--players",
        &players.to_string(),
        "--preset",
        preset,
        "--bots",
        &bots.to_string(),
        "--json",
    ]));
    std::thread::sleep(Duration::from_millis(300));
    // The clients arrive one after another: the first waits for the last before play starts.
    let clients: Vec<Child> = (1..=players - bots)
        .map(|seat| {
            std::thread::sleep(Duration::from_millis(300));
            let mut args = strings(&["join", &invite(port), "--bot", "--json"]);
            if !any_seat {
                args.extend(strings(&["--seat", &seat.to_string()]));
            }
            spawn(&args)
        })
        .collect();
    let processes = std::iter::once(("host", host))
        .chain(clients.into_iter().map(|c| ("client", c)))
        .collect();
    all_end_as_headless(seed, players, preset, processes);
    let replayed = spawn(&strings(&[
        "replay",
        record.to_str().expect("a UTF-8 path"),
    ]));
    let (code, out, err) = finish(replayed);
    assert_eq!(code, Some(0), "replay of the host's record: {out}{err}");
    let recorded = stp_rules::files::ReplayFile::load(&record).expect("the host recorded");
    let expected = play_game(&GameOptions::quick(seed, players, preset), false, false)
        .expect("the preset deals");
    assert_eq!(recorded.final_hash, hash_text(expected.final_hash));
}

#[test]
fn a_hosted_game_ends_with_the_same_hash_for_host_and_client() {
    hosted_game(0, 3, 2, 1, "cadet", false);
}

#[test]
fn three_processes_play_a_standard_game_to_the_same_end() {
    hosted_game(1, 11, 3, 1, "standard", false);
}

/// The two clients name no seat: the host gives each a free one.
#[test]
fn three_processes_play_an_admiral_game_of_four_to_the_same_end() {
    hosted_game(12, 5, 4, 2, "admiral", true);
}

/// Collects the host's messages for a while (the link pumped every few milliseconds).
pub(crate) fn pump(
    link: &mut star_trek_panic::net::link::Connection,
    until: impl Fn(&[star_trek_panic::net::protocol::ToClient]) -> bool,
) -> Vec<star_trek_panic::net::protocol::ToClient> {
    let started = Instant::now();
    let mut got = Vec::new();
    while started.elapsed() < Duration::from_secs(10) {
        if link.update().is_err() {
            break;
        }
        got.extend(link.receive().into_iter().filter_map(Result::ok));
        let _ = link.flush();
        if until(&got) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    got
}

/// Pumps the link until the host hangs up on it (at most 10 s); whether it did.
pub(crate) fn hung_up(link: &mut star_trek_panic::net::link::Connection) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if link.update().is_err() || link.flush().is_err() {
            return true;
        }
        let _ = link.receive();
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

/// The host never trusts a client: malformed bytes, a message cut short, an action for a
/// seat the client does not hold, one out of order and a replayed one are each refused with
/// a reason, a legal action
/// in order is carried out, and a client that keeps sending garbage is disconnected.
#[test]
fn the_host_refuses_what_a_client_should_not_send() {
    use star_trek_panic::net::protocol::{ToClient, ToHost};
    use stp_rules::{Action, PlayerAction};
    let port = port(3);
    let mut host = spawn(&strings(&[
        "serve",
        "--port",
        &port.to_string(),
        "--code",
        "untrusted-input",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "5",
    ]));
    std::thread::sleep(Duration::from_millis(300));
    let mut link = connected(port, "untrusted-input");
    link.send(&ToHost::Hello {
        seat: Some(0),
        ticket: None,
    });
    let got = pump(&mut link, |m| {
        m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
    });
    assert!(
        matches!(got.last(), Some(ToClient::Welcome { seat: Some(0), .. })),
        "{got:?}"
    );
    let refused = |m: &[ToClient]| m.iter().any(|m| matches!(m, ToClient::Refused { .. }));
    let reason = |got: Vec<ToClient>| match got.last() {
        Some(ToClient::Refused { reason }) => reason.clone(),
        other => panic!("not refused: {other:?}"),
    };
    link.send_bytes(vec![0xff, 0x00, 0x13, 0x37]);
    assert!(reason(pump(&mut link, refused)).contains("malformed"));
    let end_phase = |player| PlayerAction {
        player,
        action: Action::EndPhase,
    };
    // A message cut short: a legal action's bytes, less their last few.
    let mut cut = star_trek_panic::net::protocol::encode(&ToHost::Act {
        at: 0,
        action: end_phase(0),
    });
    cut.truncate(cut.len() - 3);
    link.send_bytes(cut);
    assert!(reason(pump(&mut link, refused)).contains("malformed"));
    link.send(&ToHost::Act {
        at: 0,
        action: end_phase(1),
    });
    assert!(reason(pump(&mut link, refused)).contains("not yours"));
    link.send(&ToHost::Act {
        at: 7,
        action: end_phase(0),
    });
    assert!(reason(pump(&mut link, refused)).contains("out of order"));
    // A legal action in order is carried out; sent again, it is a replay and refused.
    link.send(&ToHost::Act {
        at: 0,
        action: end_phase(0),
    });
    let got = pump(&mut link, |m| !m.is_empty());
    assert!(
        matches!(&got[..], [ToClient::Accepted { action, .. }] if *action == end_phase(0)),
        "{got:?}"
    );
    link.send(&ToHost::Act {
        at: 0,
        action: end_phase(0),
    });
    assert!(reason(pump(&mut link, refused)).contains("out of order"));
    // Garbage, again and again: the host hangs up.
    for _ in 0..12 {
        link.send_bytes(b"not a message".to_vec());
    }
    let gone = hung_up(&mut link);
    let _ = host.kill();
    let _ = host.wait();
    assert!(gone, "the host kept a client that sends garbage");
}

/// A client killed mid-game joins again with the same invite and its seat's ticket, and
/// takes its seat back at the current state (once the host has noticed the drop); the game
/// ends as it would have.
#[test]
fn a_client_that_drops_rejoins_and_the_game_ends_as_it_would_have() {
    let port = port(4);
    let code = "drop-and-rejoin";
    let seed = 3;
    let host = spawn(&strings(&[
        "serve",
        "--port",
        &port.to_string(),
        "--code",
        code,
        "--seed",
        &seed.to_string(),
        "--players",
        "2",
        "--bots",
        "1",
        "--json",
    ]));
    std::thread::sleep(Duration::from_millis(300));
    // The seat's ticket is kept in a file: the join that comes back shows it.
    let ticket = crate::trust::scratch_dir("drop-and-rejoin").join("ticket");
    let join = |delay: &str| {
        spawn(&strings(&[
            "join",
            &invite(port),
            "--seat",
            "1",
            "--bot",
            "--json",
            "--delay-ms",
            delay,
            "--ticket",
            ticket.to_str().expect("UTF-8"),
        ]))
    };
    let mut first = join("40");
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        first.try_wait().expect("wait").is_none(),
        "the game ended too soon to drop"
    );
    let _ = first.kill();
    let _ = first.wait();
    let second = join("0");
    all_end_as_headless(seed, 2, "cadet", vec![("client", second), ("host", host)]);
}

/// The host stops mid-game; hosted again from the save it kept (with its key and seat
/// tickets), with the same code, the client rejoins with the same invite and its ticket, and
/// the game ends as it would have.
#[test]
fn a_host_restarted_from_its_save_finishes_the_game() {
    let port = port(5);
    let code = "restart-the-host";
    let seed = 3;
    let dir = crate::trust::scratch_dir("host-restart");
    let save = dir.join("hosted.json");
    let save = save.to_str().expect("utf-8 path").to_string();
    let serve = |extra: &[&str]| {
        let mut args = strings(&[
            "serve",
            "--port",
            &port.to_string(),
            "--code",
            code,
            "--json",
        ]);
        args.extend(extra.iter().map(|s| s.to_string()));
        spawn(&args)
    };
    let ticket = dir.join("ticket");
    let join = |delay: &str| {
        spawn(&strings(&[
            "join",
            &invite(port),
            "--seat",
            "1",
            "--bot",
            "--json",
            "--delay-ms",
            delay,
            "--ticket",
            ticket.to_str().expect("UTF-8"),
        ]))
    };
    let mut first_host = serve(&[
        "--seed",
        &seed.to_string(),
        "--players",
        "2",
        "--bots",
        "1",
        "--save",
        &save,
    ]);
    let first_invite = invite(port);
    let mut first_client = join("40");
    std::thread::sleep(Duration::from_millis(900));
    assert!(
        first_host.try_wait().expect("wait").is_none(),
        "the game ended too soon"
    );
    let _ = first_host.kill();
    let _ = first_host.wait();
    let _ = first_client.kill();
    let _ = first_client.wait();
    let saved = stp_rules::files::SaveFile::load(std::path::Path::new(&save)).expect("a save");
    assert!(
        !saved.actions.is_empty(),
        "nothing was played before the stop"
    );
    let host = serve(&["--load", &save, "--bots", "1"]);
    assert_eq!(
        invite(port),
        first_invite,
        "hosted again, the invite is the same"
    );
    let client = join("0");
    all_end_as_headless(seed, 2, "cadet", vec![("client", client), ("host", host)]);
}

/// Opens a link to the host on `port`; returns it once connected (no seat yet).
pub(crate) fn connected(port: u16, code: &str) -> star_trek_panic::net::link::Connection {
    connected_from("0.0.0.0", port, code)
}

/// The same from a local address of this machine (`127.0.0.2` stands for another one).
pub(crate) fn connected_from(
    local: &str,
    port: u16,
    code: &str,
) -> star_trek_panic::net::link::Connection {
    use star_trek_panic::net::link::Connection;
    let local = format!("{local}:0").parse().expect("address");
    let _ = code;
    let mut link = Connection::open_from(local, &invite_of(port)).expect("a link");
    let started = Instant::now();
    while !link.connected().expect("the host answers") {
        link.update().expect("link");
        let _ = link.flush();
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "never connected"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    link
}

/// Opens a link and takes a seat; returns it once welcomed.
pub(crate) fn seated(port: u16, code: &str, seat: u8) -> star_trek_panic::net::link::Connection {
    seated_with(port, code, seat, None).0
}

/// Opens a link and takes a seat, showing `ticket` when there is one; returns it once
/// welcomed, with the seat's ticket.
pub(crate) fn seated_with(
    port: u16,
    code: &str,
    seat: u8,
    ticket: Option<String>,
) -> (star_trek_panic::net::link::Connection, String) {
    use star_trek_panic::net::protocol::{ToClient, ToHost};
    let mut link = connected(port, code);
    link.send(&ToHost::Hello {
        seat: Some(seat),
        ticket,
    });
    let got = pump(&mut link, |m| {
        m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
    });
    let Some(ToClient::Welcome { ticket, .. }) = got.last() else {
        panic!("not welcomed: {got:?}");
    };
    let ticket = ticket.clone();
    (link, ticket)
}

/// Chat lines reach every seat, a line too long is refused, and when a seat's link drops
/// the others hear play waits for it, then that it is back.
#[test]
fn chat_reaches_every_seat_and_a_dropped_seat_is_announced() {
    use star_trek_panic::net::protocol::{ToClient, ToHost};
    let port = port(6);
    let code = "talk-to-the-crew";
    let mut host = serve(port, code, 3, 1, &[]);
    let (mut alice, ticket) = seated_with(port, code, 0, None);
    let mut bob = seated(port, code, 1);
    alice.send(&ToHost::Say {
        text: "Red alert!\u{7}".into(),
    });
    alice.update().expect("link");
    alice.flush().expect("link");
    let said = |m: &[ToClient]| m.iter().any(|m| matches!(m, ToClient::Said { .. }));
    let heard = pump(&mut bob, said);
    assert!(
        heard.contains(&ToClient::Said {
            seat: 0,
            text: "Red alert!".into()
        }),
        "{heard:?}"
    );
    alice.send(&ToHost::Say {
        text: "x".repeat(300),
    });
    alice.flush().expect("link");
    let refused = pump(&mut alice, |m| {
        m.iter().any(|m| matches!(m, ToClient::Refused { .. }))
    });
    assert!(
        refused
            .iter()
            .any(|m| matches!(m, ToClient::Refused { reason } if reason.contains("1–200"))),
        "{refused:?}"
    );
    alice.disconnect();
    let _ = alice.flush();
    let dropped = ToClient::Waiting {
        seat: 0,
        bot_in: 60,
    };
    let waiting = pump(&mut bob, |m| m.contains(&dropped));
    assert!(waiting.contains(&dropped), "{waiting:?}");
    let _again = seated_with(port, code, 0, Some(ticket));
    let back = pump(&mut bob, |m| m.contains(&ToClient::Back { seat: 0 }));
    let _ = host.kill();
    let (_, _, log) = finish(host);
    assert!(
        back.contains(&ToClient::Back { seat: 0 }),
        "{back:?}\n{log}"
    );
}

/// `net-bench` plays its games over loopback and counts what it measures: with two clients,
/// every action one sends reaches the other once, and the host relays every action.
#[test]
fn net_bench_measures_every_action_between_two_clients() {
    let bench = spawn(&strings(&[
        "net-bench",
        "--games",
        "1",
        "--players",
        "2",
        "--preset",
        "cadet",
        "--seed",
        "3",
        "--port",
        &port(15).to_string(),
        "--json",
    ]));
    let (code, out, err) = finish(bench);
    assert_eq!(code, Some(0), "{out}{err}");
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let expected =
        play_game(&GameOptions::quick(3, 2, "cadet"), false, true).expect("the preset deals");
    assert_eq!(value["actions"], expected.actions.len(), "{value}");
    assert_eq!(value["deliveries"], value["actions"], "{value}");
    assert!(value["bytes_per_turn"].as_u64() > Some(0), "{value}");
    assert!(
        value["delivery_ms"]["median"].as_f64() <= value["delivery_ms"]["max"].as_f64(),
        "{value}"
    );
}

/// Six clients on the host's own machine fill every seat: the limit on links from one
/// address is for other machines (it once cut the sixth, and the game waited for ever).
#[test]
fn six_clients_on_the_hosts_machine_fill_every_seat() {
    let bench = spawn(&strings(&[
        "net-bench",
        "--games",
        "1",
        "--players",
        "6",
        "--preset",
        "cadet",
        "--seed",
        "3",
        "--port",
        &port(29).to_string(),
        "--json",
    ]));
    let (code, out, err) = finish(bench);
    assert_eq!(code, Some(0), "{out}{err}");
    let value: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let expected =
        play_game(&GameOptions::quick(3, 6, "cadet"), false, true).expect("the preset deals");
    assert_eq!(value["actions"], expected.actions.len(), "{value}");
}

/// A seat whose player stays away past `--bot-after` is played by the host's bot until they
/// return, as Board Game Arena's zombie mode does: play goes on for the others, and the game
/// ends as the same game played headless by the bot in every seat.
#[test]
fn a_seat_left_empty_is_played_by_the_hosts_bot_and_the_game_goes_on() {
    let port = port(28);
    let code = "stand-in-bot";
    let seed = 11;
    let host = spawn(&strings(&[
        "serve",
        "--port",
        &port.to_string(),
        "--code",
        code,
        "--seed",
        &seed.to_string(),
        "--players",
        "3",
        "--preset",
        "standard",
        "--bots",
        "1",
        "--bot-after",
        "1",
        "--json",
    ]));
    std::thread::sleep(Duration::from_millis(300));
    let join = |seat: &str, delay: &str| {
        spawn(&strings(&[
            "join",
            &invite(port),
            "--seat",
            seat,
            "--bot",
            "--json",
            "--delay-ms",
            delay,
        ]))
    };
    let mut alice = join("1", "40");
    let bob = join("2", "40");
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        alice.try_wait().expect("wait").is_none(),
        "the game ended too soon to drop"
    );
    let _ = alice.kill();
    let _ = alice.wait();
    // Nobody comes back for seat 1: the host's bot takes it, and bob plays on to the end.
    all_end_as_headless(seed, 3, "standard", vec![("bob", bob), ("host", host)]);
}
