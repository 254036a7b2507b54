//! Reaching a host that cannot be reached directly (issue 40): through a relay of the
//! players' own when no packet gets from one machine to the other, and through two home
//! routers that masquerade (NAT) as most homes' do. Namespaces, links and the relay are the
//! test's own (`network_lab`); nothing reaches outside this machine.

use std::net::SocketAddr;

use crate::network::{all_end_as_headless, cadet_for_two, invite, strings};
use stp_test_relay::TestRelay;

use crate::network_lab::Lab;

/// The relay's port in its namespace (`iroh-relay --dev` listens on the same).
const RELAY_PORT: u16 = 3340;

/// A number of this test process's own for the labs' subnets.
fn net() -> u8 {
    100 + (std::process::id() % 50) as u8
}

/// What `join` said of its link to the host, line by line.
fn link_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains("link to the host"))
        .collect()
}

/// A cadet game for two hosted in namespace `host` on `port` with the relay at `url`, the
/// second seat joined from namespace `client` by the invite alone, played to the end as
/// headless; what the client said on standard error.
fn play_through(host: &str, client: &str, port: &str, code: &str, url: &str) -> String {
    let mut serve = cadet_for_two(port, code);
    serve.extend(strings(&["--relay", url]));
    let hosting = Lab::spawn_in(host, &serve);
    let invite = invite(port.parse().expect("a port"));
    assert!(invite.contains(url), "the invite names the relay: {invite}");
    let joining = Lab::spawn_in(
        client,
        &strings(&["join", &invite, "--seat", "1", "--bot", "--json"]),
    );
    let mut said = all_end_as_headless(3, 2, "cadet", vec![("host", hosting), ("client", joining)]);
    said.pop().unwrap_or_default()
}

/// Host, client and relay in three namespaces; the host's and the client's are linked only to
/// the relay's, which forwards nothing: no packet goes from host to client or back except
/// through the relay. The client has the invite alone (the host's key, addresses it cannot
/// reach, and the relay), and the game plays to the end through the relay.
#[test]
fn a_game_plays_to_the_end_through_a_relay_when_no_direct_path_gets_through() {
    let n = net();
    let mut lab = Lab::new("r");
    let (host, client, relay) = (lab.namespace("h"), lab.namespace("c"), lab.namespace("r"));
    let relay_at = format!("10.216.{n}.254");
    lab.link(
        &host,
        &format!("10.216.{n}.1/24"),
        &relay,
        &format!("{relay_at}/24"),
    );
    lab.link(
        &client,
        &format!("10.217.{n}.2/24"),
        &relay,
        &format!("10.217.{n}.254/24"),
    );
    // The client reaches the relay's address on the host's side, and nothing else there.
    lab.route(
        &client,
        &format!("{relay_at}/32"),
        &format!("10.217.{n}.254"),
    );
    let address: SocketAddr = format!("{relay_at}:{RELAY_PORT}").parse().expect("address");
    let _relay = TestRelay::start(&relay, address).expect("the relay starts");
    let url = format!("http://{address}");

    let said = play_through(&host, &client, "41237", "relayed-game", &url);
    let lines = link_lines(&said);
    assert!(
        !lines.is_empty() && lines.iter().all(|l| l.contains("relayed")),
        "the client's link went through the relay all game: {lines:?}"
    );
}

/// Host and client each at home behind a router that masquerades (nftables NAT), on the same
/// private subnet, the routers on a shared network with the relay: the client, with the
/// invite alone, joins and plays to the end. Whether the link ends direct (hole-punched) or
/// relayed is printed (`--nocapture`), and said in docs/network.md.
#[test]
fn players_behind_two_home_routers_play_to_the_end() {
    let n = net();
    let mut lab = Lab::new("n");
    let host = lab.namespace("h");
    let host_home = lab.namespace("hr");
    let internet = lab.namespace("i");
    let client_home = lab.namespace("cr");
    let client = lab.namespace("c");
    for (inside, home, public) in [(&host, &host_home, 218), (&client, &client_home, 219)] {
        lab.link(inside, "192.168.1.2/24", home, "192.168.1.1/24");
        lab.route(inside, "default", "192.168.1.1");
        let (outside, _) = lab.link(
            home,
            &format!("10.{public}.{n}.1/24"),
            &internet,
            &format!("10.{public}.{n}.254/24"),
        );
        lab.route(home, "default", &format!("10.{public}.{n}.254"));
        lab.forward(home);
        lab.masquerade(home, &outside);
    }
    lab.forward(&internet);
    let address: SocketAddr = format!("10.218.{n}.254:{RELAY_PORT}")
        .parse()
        .expect("address");
    let _relay = TestRelay::start(&internet, address).expect("the relay starts");
    let url = format!("http://{address}");

    let said = play_through(&host, &client, "41238", "behind-routers", &url);
    let lines = link_lines(&said);
    assert!(!lines.is_empty(), "the client said how it reached the host");
    eprintln!("behind two home routers: {lines:?}");
}
