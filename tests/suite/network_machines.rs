//! Across machines for real (issue "Play across machines that really crosses machines";
//! X1 and F9 of `../shared/reviews/network-security.md`): two network namespaces joined by a
//! veth pair, made by the test as root, with a host in one and a client in the other, which
//! reaches it by the invite alone; a dropped player's seat that nobody else may take.

use std::process::Child;
use std::time::Duration;

use crate::network::{all_end_as_headless, cadet_for_two, finish, invite, strings};
use crate::network_lab::Lab;

/// Two network namespaces joined by a veth pair: a host in one, a client in the other, each
/// with its own address on their shared link. Both go when the test ends.
struct TwoHosts {
    host: String,
    client: String,
    host_address: String,
    _lab: Lab,
}

impl TwoHosts {
    fn make(tag: u32) -> TwoHosts {
        let mut lab = Lab::new(&format!("m{tag}"));
        let (host, client) = (lab.namespace("h"), lab.namespace("c"));
        let net = 200 + (std::process::id() % 50) as u8 + tag as u8;
        let host_address = format!("10.213.{net}.1");
        lab.link(
            &host,
            &format!("{host_address}/24"),
            &client,
            &format!("10.213.{net}.2/24"),
        );
        TwoHosts {
            host,
            client,
            host_address,
            _lab: lab,
        }
    }

    fn spawn_in(namespace: &str, args: &[String]) -> Child {
        Lab::spawn_in(namespace, args)
    }
}

/// A host in one namespace and a client in another, which has only the invite (the host's
/// key and the addresses the host found for itself), play a whole game to the hash the same
/// game reaches headless, over a direct path.
#[test]
fn a_client_on_another_host_joins_and_plays_to_the_end() {
    let hosts = TwoHosts::make(1);
    let code = "two-hosts";
    let host = TwoHosts::spawn_in(&hosts.host, &cadet_for_two("41234", code));
    let invite = invite(41234);
    assert!(
        invite.contains(&format!("{}:41234", hosts.host_address)),
        "the invite names the host's address on its link: {invite}"
    );
    let client = TwoHosts::spawn_in(
        &hosts.client,
        &strings(&["join", &invite, "--seat", "1", "--bot", "--json"]),
    );
    all_end_as_headless(3, 2, "cadet", vec![("host", host), ("client", client)]);
}

/// A dropped player's seat stays theirs. Someone else with the invite, on another host, asks
/// for it every half second and never gets it; its player, back with the seat's ticket,
/// takes it again, and the game ends as it would have.
#[test]
fn nobody_else_takes_a_dropped_players_seat() {
    let hosts = TwoHosts::make(2);
    let code = "keep-my-seat";
    let port = "41235";
    let host = TwoHosts::spawn_in(&hosts.host, &cadet_for_two(port, code));
    let invite = invite(41235);
    let dir = crate::trust::scratch_dir("keep-my-seat");
    let join = |namespace: &str, ticket: &str, delay: &str| {
        let ticket = dir.join(ticket);
        TwoHosts::spawn_in(
            namespace,
            &strings(&[
                "join",
                &invite,
                "--seat",
                "1",
                "--bot",
                "--json",
                "--delay-ms",
                delay,
                "--ticket",
                ticket.to_str().expect("UTF-8"),
            ]),
        )
    };
    let mut alice = join(&hosts.host, "alice", "40");
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        alice.try_wait().expect("wait").is_none(),
        "the game ended too soon to drop"
    );
    let _ = alice.kill();
    let _ = alice.wait();
    let mallory = join(&hosts.client, "mallory", "0");
    // The host notices the drop within its time-out; mallory asks all the while.
    std::thread::sleep(Duration::from_secs(9));
    let back = join(&hosts.client, "alice", "0");
    all_end_as_headless(3, 2, "cadet", vec![("alice, back", back), ("host", host)]);
    let (code, out, err) = finish(mallory);
    assert_ne!(code, Some(0), "mallory played the seat: {out}{err}");
    assert!(
        !out.contains("final_hash"),
        "mallory played the seat: {out}"
    );
}

/// Another machine holds at most `LINKS_PER_ADDRESS` links at once (players behind one
/// router share an address, but no one address takes every place): of six seats asked for
/// from one address, five are seated and the sixth link is ended; the host lives.
#[test]
fn one_other_machine_holds_at_most_five_links() {
    use star_trek_panic::net::quic::host_end::LINKS_PER_ADDRESS;
    let hosts = TwoHosts::make(3);
    let code = "five-from-one";
    let port = "41236";
    let serve = strings(&[
        "serve",
        "--port",
        port,
        "--code",
        code,
        "--players",
        "6",
        "--bots",
        "0",
    ]);
    let mut host = TwoHosts::spawn_in(&hosts.host, &serve);
    let invite = invite(41236);
    let mut seats: Vec<Child> = (1..=6)
        .map(|seat| {
            let seat = seat.to_string();
            let join = strings(&["join", &invite, "--seat", &seat, "--bot"]);
            let child = TwoHosts::spawn_in(&hosts.client, &join);
            // One at a time, so each link is made before the next asks.
            std::thread::sleep(Duration::from_millis(300));
            child
        })
        .collect();
    // Every seat is asked for; the game waits for the sixth, which never comes.
    let started = std::time::Instant::now();
    let ended = |seats: &mut Vec<Child>| {
        seats
            .iter_mut()
            .map(|c| c.try_wait().expect("wait").is_some())
            .filter(|gone| *gone)
            .count()
    };
    while ended(&mut seats) == 0 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_secs(1));
    let gone = ended(&mut seats);
    let host_alive = host.try_wait().expect("wait").is_none();
    for child in seats.iter_mut().chain([&mut host]) {
        let _ = child.kill();
        let _ = child.wait();
    }
    assert_eq!(gone, 6 - LINKS_PER_ADDRESS, "links ended");
    assert!(host_alive, "the host died: {}", finish(host).2);
}
