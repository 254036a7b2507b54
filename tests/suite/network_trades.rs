//! Trades across tables: an offer the other seat's person answers (rulebook p. 8, "Trading a
//! Card"), and one nobody answers. Loopback, against `serve`.

use star_trek_panic::net::link::Connection;
use star_trek_panic::net::protocol::{ToClient, ToHost};
use stp_rules::{Action, PlayerAction};

use crate::network::{port, pump, seated, serve};
use crate::network_guard::{last_refusal, refused};

/// A hosted game of two seats, each a person at a table of their own, at its first Trade
/// phase: the active seat's link, the other's, and the trade the first would offer the
/// second (their first cards), as action number `at`.
struct TradeTable {
    host: std::process::Child,
    proposer: Connection,
    answerer: Connection,
    trade: PlayerAction,
    at: u32,
    other: u8,
}

/// `serve` on `port(offset)` with seed 4 and `extra` options, both seats taken.
fn trade_table(offset: u16, code: &str, extra: &[&str]) -> TradeTable {
    let port = port(offset);
    let mut options = vec!["--seed", "4"];
    options.extend(extra);
    let host = serve(port, code, 2, 0, &options);
    let mut first = seated(port, code, 0);
    let second = seated(port, code, 1);
    first.send(&ToHost::Sync);
    let got = pump(&mut first, |m| {
        m.iter().any(|m| matches!(m, ToClient::Welcome { .. }))
    });
    let Some(ToClient::Welcome { state, actions, .. }) = got
        .iter()
        .rev()
        .find(|m| matches!(m, ToClient::Welcome { .. }))
    else {
        panic!("no game: {got:?}");
    };
    let state = &state.0;
    assert_eq!(
        state.turn().phase,
        stp_rules::Phase::Trade,
        "the first turn waits to trade"
    );
    let active = state.turn().active;
    let other = 1 - active;
    let trade = PlayerAction {
        player: active,
        action: Action::Trade {
            with: other,
            give: state.players()[usize::from(active)].hand[0],
            take: state.players()[usize::from(other)].hand[0],
        },
    };
    let at = actions.len() as u32;
    let (proposer, answerer) = if active == 0 {
        (first, second)
    } else {
        (second, first)
    };
    TradeTable {
        host,
        proposer,
        answerer,
        trade,
        at,
        other,
    }
}

/// An answer when no trade is offered is refused (without a strike); then the host stops.
fn answer_with_no_offer(answerer: &mut Connection, mut host: std::process::Child) {
    answerer.send(&ToHost::Answer { accept: true });
    let got = pump(answerer, refused);
    assert_eq!(last_refusal(&got), "no trade is offered to you now");
    let _ = host.kill();
    let _ = host.wait();
}

/// Across machines a trade is an offer its other player answers (rulebook p. 8, "Trading a
/// Card"): the host holds it, asks the other seat, tells the proposer when it is declined,
/// and carries it out for everyone when it is accepted.
#[test]
fn a_trade_with_another_table_waits_for_its_answer() {
    let TradeTable {
        host,
        mut proposer,
        mut answerer,
        trade,
        at,
        other,
    } = trade_table(41, "trade-offers", &[]);
    let (proposer, answerer) = (&mut proposer, &mut answerer);
    let offered = |got: &[ToClient]| got.iter().any(|m| matches!(m, ToClient::Offer { .. }));
    for accept in [false, true] {
        proposer.send(&ToHost::Act { at, action: trade });
        proposer.flush().expect("link");
        let got = pump(answerer, offered);
        assert!(
            got.contains(&ToClient::Offer {
                action: trade,
                within: 60
            }),
            "{got:?}"
        );
        answerer.send(&ToHost::Answer { accept });
        answerer.flush().expect("link");
        let answered = pump(proposer, |m| {
            m.iter()
                .any(|m| matches!(m, ToClient::Declined { .. } | ToClient::Accepted { .. }))
        });
        if accept {
            assert!(
                answered
                    .iter()
                    .any(|m| matches!(m, ToClient::Accepted { action, .. } if *action == trade)),
                "{answered:?}"
            );
        } else {
            assert!(
                answered.contains(&ToClient::Declined { seat: other }),
                "{answered:?}"
            );
        }
    }
    // An answer with no offer is refused, without a strike.
    answer_with_no_offer(answerer, host);
}

/// A trade offer nobody answers does not hold the table up for ever: after the host's
/// `--answer-within` it is off, its other player's offer closes, its proposer hears why, and
/// the proposer may trade again.
#[test]
fn a_trade_offer_nobody_answers_is_off_after_the_hosts_wait() {
    let TradeTable {
        host,
        mut proposer,
        mut answerer,
        trade,
        at,
        ..
    } = trade_table(44, "unanswered-offer", &["--answer-within", "1"]);
    let (proposer, answerer) = (&mut proposer, &mut answerer);
    let offered = |got: &[ToClient]| {
        got.contains(&ToClient::Offer {
            action: trade,
            within: 1,
        })
    };
    for _ in 0..2 {
        proposer.send(&ToHost::Act { at, action: trade });
        proposer.flush().expect("link");
        let started = std::time::Instant::now();
        assert!(offered(&pump(answerer, offered)), "no offer");
        // Nobody answers: the offer closes at the other table, and the proposer is told.
        let closed = pump(answerer, |m| m.contains(&ToClient::OfferClosed));
        assert!(closed.contains(&ToClient::OfferClosed), "{closed:?}");
        assert!(
            started.elapsed() >= std::time::Duration::from_millis(900),
            "closed before the host's wait"
        );
        let told = pump(proposer, refused);
        let reason = last_refusal(&told);
        assert!(
            reason.contains("did not answer the trade within 1 s; the trade is off"),
            "{reason}"
        );
        assert!(
            !told.iter().any(|m| matches!(m, ToClient::Accepted { .. })),
            "an unanswered trade was carried out: {told:?}"
        );
    }
    // An answer after the offer is off is refused, without a strike.
    answer_with_no_offer(answerer, host);
}

/// An offer names how long the host waits for its answer; an offer from a host that does not
/// say (an older one) reads as no limit, not as a malformed message.
#[test]
fn an_offer_without_its_wait_reads_as_no_limit() {
    let action = PlayerAction {
        player: 0,
        action: Action::Trade {
            with: 1,
            give: 3,
            take: 4,
        },
    };
    let text = serde_json::to_string(&ToClient::Offer { action, within: 60 }).expect("json");
    assert!(text.contains("\"within\":60"), "{text}");
    let older = text.replace(",\"within\":60", "");
    assert_ne!(older, text);
    let read: ToClient = serde_json::from_str(&older).expect("an older host's offer");
    assert_eq!(read, ToClient::Offer { action, within: 0 });
}

/// The `join` bot does not offer again a trade that went unanswered: the host said the trade
/// is off, and offering it again would hold the table up again. It plays on instead.
#[test]
fn the_join_bot_does_not_offer_an_unanswered_trade_again() {
    let port = port(45);
    let code = "unanswered-bot-offer";
    // Seed 5: the first seat's bot offers the second seat a trade on turn 1.
    let mut host = serve(port, code, 2, 0, &["--seed", "5", "--answer-within", "1"]);
    let mut person = seated(port, code, 1);
    let mut bot = crate::network::spawn(&crate::network::strings(&[
        "join",
        &crate::network::invite(port),
        "--seat",
        "1",
        "--bot",
    ]));
    let offers = |got: &[ToClient]| {
        got.iter()
            .filter(|m| matches!(m, ToClient::Offer { within: 1, .. }))
            .count()
    };
    let got = pump(&mut person, |m| offers(m) > 0);
    assert_eq!(offers(&got), 1, "no offer: {got:?}");
    // Nobody answers. The offer closes, and the bot ends its Trade phase rather than offer
    // the same trade again.
    let ended = |m: &ToClient| {
        matches!(m, ToClient::Accepted { action, .. }
            if action.player == 0 && action.action == Action::EndPhase)
    };
    let after = pump(&mut person, |m| m.iter().any(ended));
    assert!(after.contains(&ToClient::OfferClosed), "{after:?}");
    assert!(
        after.iter().any(ended),
        "the bot did not play on: {after:?}"
    );
    assert_eq!(offers(&after), 0, "offered again: {after:?}");
    let _ = bot.kill();
    let _ = bot.wait();
    let _ = host.kill();
    let _ = host.wait();
}
