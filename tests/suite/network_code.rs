//! The join code's exchange (`net::pake`, issue "Play across machines that really crosses
//! machines", "Codes and keys"): a client proves the code with SPAKE2 and gets a connect
//! token the host minted with a key that never leaves it; a wrong code is told at once and
//! counted against its address; no address holds more exchanges than its share.

use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use star_trek_panic::net::pake::caller::{Caller, Progress, admit};
use star_trek_panic::net::pake::doorman::{EXCHANGES_PER_ADDRESS, GUESSES};

use crate::network::{finish, port, seated, serve};

fn stop(host: &mut std::process::Child) {
    let _ = host.kill();
    let _ = host.wait();
}

fn local(port: u16) -> SocketAddr {
    format!("127.0.0.1:{port}").parse().expect("an address")
}

/// Polls one exchange from `bind` to its end (at most 5 s).
fn exchange_from(bind: &str, host: SocketAddr, code: &str) -> Result<(), String> {
    let socket = UdpSocket::bind(bind).expect("a socket");
    let mut caller = Caller::new(host, code, socket).expect("a caller");
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(5) {
        match caller.poll() {
            Progress::Waiting => std::thread::sleep(Duration::from_millis(2)),
            Progress::Admitted(_) => return Ok(()),
            Progress::Refused(why) => return Err(why),
        }
    }
    Err(caller.stalled().unwrap_or("no answer").to_string())
}

/// A netcode handshake with `token` from `socket`: whether the host let it in.
fn links(token: renetcode::ConnectToken, socket: &UdpSocket) -> bool {
    use crate::network_hostile::{bare_client, handshake};
    handshake(&mut bare_client(token, socket), socket)
}

/// A client with another code is told so as soon as the host answers (not after a silent
/// wait), and never sees a token or any game state; `join` says so and exits with 2.
#[test]
fn a_wrong_code_is_told_at_once_and_gets_no_token() {
    let port = port(30);
    let mut host = serve(port, "the-right-code", 2, 1, &[]);
    let started = Instant::now();
    let refused = admit(local(port), "a-wrong-code", Duration::from_secs(5));
    let waited = started.elapsed();
    let client = crate::network::spawn(&crate::network::strings(&[
        "join",
        &format!("127.0.0.1:{port}"),
        "--code",
        "a-wrong-code",
        "--bot",
    ]));
    let (code, out, err) = finish(client);
    stop(&mut host);
    let why = refused.expect_err("a wrong code got a token");
    assert!(why.contains("another code"), "{why}");
    assert!(waited < Duration::from_secs(4), "told after {waited:?}");
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("another code"), "{err}");
    assert!(out.is_empty(), "the client saw something: {out}");
}

/// The host's netcode key is its own, not the code's: a token earned from a host does not
/// open the same game hosted again on the same port with the same code (a key derived from
/// the code would be the same both times), while a token from the new host does.
#[test]
fn a_token_is_the_hosts_own_and_opens_no_other_hosting() {
    let port = port(31);
    let code = "same-code-twice";
    let mut first = serve(port, code, 2, 1, &[]);
    let (old, old_socket) = admit(local(port), code, Duration::from_secs(5)).expect("a token");
    stop(&mut first);
    let mut again = serve(port, code, 2, 1, &[]);
    let opened_with_old = links(old, &old_socket);
    let (new, new_socket) = admit(local(port), code, Duration::from_secs(5)).expect("a token");
    let opened_with_new = links(new, &new_socket);
    stop(&mut again);
    assert!(
        !opened_with_old,
        "a token from another hosting opened this one"
    );
    assert!(opened_with_new, "the host refused its own token");
}

/// Each exchange is one guess: after `GUESSES` wrong ones, the host turns that address away
/// (with words that say why), while another address with the right code still gets in.
#[test]
fn wrong_guesses_are_counted_per_address() {
    let port = port(33);
    let code = "count-my-guesses";
    let mut host = serve(port, code, 2, 1, &[]);
    let host_address = local(port);
    for guess in 0..GUESSES {
        let why = exchange_from("127.0.0.1:0", host_address, &format!("wrong-guess-{guess}"))
            .expect_err("a wrong guess got in");
        assert!(why.contains("another code"), "guess {guess}: {why}");
    }
    let turned_away = exchange_from("127.0.0.1:0", host_address, code);
    let elsewhere = exchange_from("127.0.0.2:0", host_address, code);
    stop(&mut host);
    let why = turned_away.expect_err("the address guessed on");
    assert!(why.contains("too many tries with a wrong code"), "{why}");
    assert!(
        elsewhere.is_ok(),
        "another address was refused: {elsewhere:?}"
    );
}

/// Exchanges left hanging hold at most `EXCHANGES_PER_ADDRESS` places for one address; the
/// next is told the host is busy (and keeps asking, then says so), and the host still seats
/// an honest player from elsewhere.
#[test]
fn one_address_holds_few_exchanges() {
    let port = port(34);
    let code = "hold-the-door";
    let mut host = serve(port, code, 2, 1, &[]);
    let host_address = local(port);
    // Each sends its Start once and never reads the reply.
    let hanging: Vec<Caller> = (0..EXCHANGES_PER_ADDRESS)
        .map(|_| {
            let socket = UdpSocket::bind("127.0.0.3:0").expect("a socket");
            let mut caller = Caller::new(host_address, code, socket).expect("a caller");
            assert!(matches!(caller.poll(), Progress::Waiting));
            caller
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let next = exchange_from("127.0.0.3:0", host_address, code);
    let _player = seated(port, code, 0);
    stop(&mut host);
    drop(hanging);
    let why = next.expect_err("a fifth exchange was kept");
    assert!(why.contains("busy"), "{why}");
}
