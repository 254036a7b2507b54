//! What a host does with what no honest client sends — a flood, an oversized or unknown
//! message, a ping at nothing — and with what honest clients do: ping, ask for the host's
//! state again. Loopback, against `serve`.

use std::time::{Duration, Instant};

use star_trek_panic::net::protocol::{PingTarget, ToClient, ToHost};
use stp_rules::files::hash_text;

use crate::network::{port, pump, seated, spawn, strings};

/// A host for `players` seats, the last one its bot's, waiting for the others.
fn host(offset: u16, code: &str, players: usize) -> (std::process::Child, u16) {
    let port = port(offset);
    let child = spawn(&strings(&[
        "serve",
        "--port",
        &port.to_string(),
        "--code",
        code,
        "--players",
        &players.to_string(),
        "--bots",
        "1",
        "--seed",
        "11",
    ]));
    std::thread::sleep(Duration::from_millis(300));
    (child, port)
}

fn last_refusal(got: &[ToClient]) -> String {
    got.iter()
        .rev()
        .find_map(|m| match m {
            ToClient::Refused { reason } => Some(reason.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("not refused: {got:?}"))
}

fn refused(got: &[ToClient]) -> bool {
    got.iter().any(|m| matches!(m, ToClient::Refused { .. }))
}

/// An unknown message and one over the size limit are refused with their reason; a flood of
/// messages past the rate limit is refused, and the flooding client is disconnected.
#[test]
fn a_flood_or_an_oversized_or_unknown_message_is_refused() {
    let (mut host, port) = host(7, "flood-guard", 2);
    let mut link = seated(port, "flood-guard", 0);
    link.send_bytes(br#"{"Warp":{"factor":9}}"#.to_vec());
    assert!(last_refusal(&pump(&mut link, refused)).contains("malformed"));
    let mut big = br#"{"Say":{"text":""#.to_vec();
    big.extend(std::iter::repeat_n(b'a', 300 * 1024));
    big.extend(br#""}}"#);
    link.send_bytes(big);
    assert!(last_refusal(&pump(&mut link, refused)).contains("too big"));
    // Chat lines, far faster than anyone types.
    for i in 0..400 {
        link.send(&ToHost::Say {
            text: format!("line {i}"),
        });
    }
    let started = Instant::now();
    let mut gone = false;
    while started.elapsed() < Duration::from_secs(10) {
        if link.update().is_err() || link.flush().is_err() {
            gone = true;
            break;
        }
        let _ = link.receive();
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = host.kill();
    let (_, _, log) = crate::network::finish(host);
    assert!(gone, "the host kept a client that floods it");
    // The host logged why (the flood's own refusals may be cut off by the hang-up).
    assert!(
        log.contains("too many messages: at most 300 a second"),
        "{log}"
    );
    assert!(log.contains("disconnecting client"), "{log}");
}

/// A ping at a card in a hand reaches every seat, with who pinged; a ping at a threat that
/// is not on the board is refused. A client that asks for the host's state again gets it.
#[test]
fn pings_reach_every_seat_and_a_client_can_take_the_hosts_state_again() {
    let (mut host, port) = host(8, "ping-and-sync", 3);
    let mut alice = seated(port, "ping-and-sync", 0);
    let mut bob = seated(port, "ping-and-sync", 1);
    alice.send(&ToHost::Sync);
    let got = pump(&mut alice, |m| {
        m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
    });
    let Some(ToClient::Welcome { state, seat, .. }) =
        got.iter().find(|m| matches!(m, ToClient::Welcome { .. }))
    else {
        panic!("no state again: {got:?}");
    };
    assert_eq!(*seat, 0);
    let card = state.0.players[0].hand[0];
    alice.send(&ToHost::Ping {
        target: PingTarget::Card(card),
    });
    // Sent now: `pump` keeps only its own link going.
    alice.flush().expect("link");
    let pinged = ToClient::Pinged {
        seat: 0,
        target: PingTarget::Card(card),
    };
    let heard = pump(&mut bob, |m| m.contains(&pinged));
    assert!(heard.contains(&pinged), "{heard:?}");
    let heard = pump(&mut alice, |m| m.contains(&pinged));
    assert!(
        heard.contains(&pinged),
        "the pinger sees its ping too: {heard:?}"
    );
    alice.send(&ToHost::Ping {
        target: PingTarget::Threat(250),
    });
    assert!(last_refusal(&pump(&mut alice, refused)).contains("nothing to ping"));
    // Nobody has acted yet: the host's state is the game as dealt.
    let mut dealt = stp_rules::GameState::new(&stp_rules::GameOptions::quick(11, 3, "cadet"))
        .expect("cadet deals");
    dealt.advance();
    assert_eq!(
        hash_text(state.0.state_hash()),
        hash_text(dealt.state_hash())
    );
    let _ = host.kill();
    let _ = host.wait();
}

/// A benchmark, not a timed test (`cargo test --release one_clients_action -- --ignored
/// --nocapture`): two clients play their seats of a cadet game with the bot, and for every
/// action one sends, the time until the other client has it is measured.
#[test]
#[ignore]
fn one_clients_action_reaches_the_other_client() {
    use stp_rules::{GameState, bot};
    let (mut host, port) = host(13, "latency-bench", 3);
    let mut links = [
        seated(port, "latency-bench", 0),
        seated(port, "latency-bench", 1),
    ];
    let mut copy = GameState::new(&stp_rules::GameOptions::quick(11, 3, "cadet")).expect("deals");
    copy.advance();
    let mut samples = Vec::new();
    let mut count: u32 = 0;
    let started = Instant::now();
    while !copy.is_over() && started.elapsed() < Duration::from_secs(120) {
        let Some(action) = bot::choose(&copy) else {
            break;
        };
        let heard = |m: &[ToClient]| m.contains(&ToClient::Accepted(action));
        let seat = usize::from(action.player);
        if seat < 2 {
            let other = 1 - seat;
            let sent = Instant::now();
            links[seat].send(&ToHost::Act { at: count, action });
            let _ = links[seat].flush();
            let got = pump(&mut links[other], heard);
            assert!(heard(&got), "{got:?}");
            samples.push(sent.elapsed().as_secs_f64() * 1000.0);
            pump(&mut links[seat], heard);
        } else {
            // The host's bot: both clients hear its action.
            for link in &mut links {
                pump(link, heard);
            }
        }
        copy.act(action).expect("the bot's action is legal");
        copy.advance();
        count += 1;
    }
    let _ = host.kill();
    let _ = host.wait();
    assert!(copy.is_over(), "the game ended within two minutes");
    samples.sort_by(f64::total_cmp);
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize];
    println!(
        "{} client actions: from one client's send to the other client's receipt, median \
         {:.2} ms, p90 {:.2} ms, max {:.2} ms",
        samples.len(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}
