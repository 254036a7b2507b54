//! The network's checks that need no socket (issues "Play across machines that really
//! crosses machines" and 40; `../shared/reviews/network-security.md`): invites, a peer's
//! words, strikes and arrivals, the window host's queue, fresh codes.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use star_trek_panic::net::typed_code;

/// An invite reads back as written: the code, the host's key, its addresses and its relay;
/// a line cut short, a key that is no key, or an address that is none is refused in words
/// that quote at most a short, plain piece of it.
#[test]
fn an_invite_reads_back_and_a_broken_one_is_refused_in_words() {
    use star_trek_panic::net::quic::Invite;
    let key = "ae58ff8833241ac82d6ff7611046ed67b5072d142c588d0063e942d9a75502b6";
    let text =
        format!("bakeri-dozuha-milote-fanosi@{key},192.168.1.20:47000,https://relay.example.org./");
    let invite: Invite = text.parse().expect("an invite");
    assert_eq!(invite.code, "bakeri-dozuha-milote-fanosi");
    assert_eq!(
        invite.addresses(),
        ["192.168.1.20:47000"
            .parse::<SocketAddr>()
            .expect("an address")]
    );
    assert!(invite.relay().is_some());
    let again: Invite = invite.to_string().parse().expect("an invite");
    assert_eq!(again, invite, "written and read back");
    for (broken, says) in [
        ("no-at-sign-here", "CODE@KEY"),
        (&format!("short@{key},127.0.0.1:1") as &str, "at least 8"),
        ("long-enough-code@notakey,127.0.0.1:1", "not a host's key"),
        (&format!("long-enough-code@{key}") as &str, "no address"),
        (
            &format!("long-enough-code@{key},\u{1b}[2Jnowhere") as &str,
            "neither",
        ),
    ] {
        let why = broken.parse::<Invite>().expect_err(broken);
        assert!(why.contains(says), "{broken}: {why}");
        assert!(!why.contains('\u{1b}'), "{why}");
    }
    let endless = format!("long-enough-code@{key},{}", "1".repeat(2_000));
    assert!(
        endless
            .parse::<Invite>()
            .expect_err("too long")
            .contains("over")
    );
}

/// A peer's text shows plainly: no control codes, no bidi overrides or zero-width marks, and
/// no more than its cap; serde's own words (which quote the input) never reach a refusal.
#[test]
fn a_peers_words_are_shown_plainly_and_never_echoed_in_a_refusal() {
    use star_trek_panic::net::protocol::{ToHost, decode_from_peer, sanitise};
    assert_eq!(sanitise("  hi\u{1b}[2J there\u{202E}  ", 50), "hi[2J there");
    assert_eq!(sanitise("a\u{200B}b\u{2066}c\u{FEFF}", 50), "abc");
    assert_eq!(sanitise("abcdef", 4), "abc…");
    let refusal = decode_from_peer::<ToHost>(br#"{"WarpCoreBreach":{"factor":9}}"#)
        .expect_err("no such message");
    assert!(refusal.starts_with("a malformed message"), "{refusal}");
    assert!(
        !refusal.contains("WarpCoreBreach"),
        "the refusal echoes the input: {refusal}"
    );
}

/// Strikes belong to the source, so a reconnection does not wipe them, and they are
/// forgiven one per `STRIKE_DECAY`.
#[test]
fn strikes_stay_with_the_source_and_decay() {
    use star_trek_panic::net::links::{STRIKE_DECAY, STRIKES, Strikes};
    use star_trek_panic::net::quic::host_end::Origin;
    let mut strikes = Strikes::default();
    let at = Origin::Address("127.0.0.1".parse().expect("an address"));
    let start = Instant::now();
    for _ in 0..STRIKES - 1 {
        assert!(!strikes.add(at, start));
    }
    assert!(strikes.add(at, start), "the tenth refusal hangs up");
    assert_eq!(
        strikes.of(at),
        STRIKES / 2,
        "the next link starts with half"
    );
    let later = start + STRIKE_DECAY * 3;
    assert!(!strikes.add(at, later));
    assert_eq!(
        strikes.of(at),
        STRIKES / 2 - 3 + 1,
        "three forgiven, one added"
    );
}

/// A link that never asks for a seat is dropped after a few seconds; one that asked waits
/// longer; a seated one is not watched.
#[test]
fn links_without_a_seat_are_dropped_in_time() {
    use star_trek_panic::net::links::{Arrivals, SEATLESS, SILENT_ARRIVAL};
    let mut arrivals = Arrivals::default();
    let start = Instant::now();
    for client in [1, 2, 3] {
        arrivals.arrived(client, start);
    }
    arrivals.asked(2);
    arrivals.settled(3);
    let soon = start + SILENT_ARRIVAL + Duration::from_millis(1);
    assert_eq!(arrivals.overdue(soon), [(1, "it asked for no seat")]);
    let late = start + SEATLESS + Duration::from_millis(1);
    let late: Vec<u64> = arrivals.overdue(late).into_iter().map(|(c, _)| c).collect();
    assert_eq!(late, [1, 2]);
}

/// A fresh join code carries 72 bits from the system's random source, as twelve syllables
/// in four words; the host compares it as typed, so case and spaces do not matter.
#[test]
fn a_fresh_code_is_long_random_and_readable() {
    use star_trek_panic::net::fresh_code;
    let (a, b) = (fresh_code(), fresh_code());
    assert_ne!(a, b, "two fresh codes");
    let words: Vec<&str> = a.split('-').collect();
    assert_eq!(words.len(), 4, "{a}");
    for word in &words {
        assert_eq!(word.len(), 6, "{a}");
        assert!(
            word.chars().all(|c| "bdfghjklmnprstvzaeio".contains(c)),
            "{a}"
        );
    }
    assert_eq!(typed_code("Bakeri Dozuha"), typed_code("bakeridozuha"));
    assert_ne!(typed_code(&a), typed_code(&b));
}

/// The window host's queue holds at most `QUEUED_PER_CLIENT` messages from one client; more
/// are refused at once, while another client's and the talk's still join it.
#[test]
fn the_window_hosts_inbox_is_bounded_per_client() {
    use star_trek_panic::net::pump::{QUEUED_PER_CLIENT, room_in_inbox};
    use star_trek_panic::net::room::Incoming;
    let mut queue = std::collections::VecDeque::new();
    let sync = |client| Incoming::Sync { client, seat: 0 };
    for _ in 0..QUEUED_PER_CLIENT {
        assert!(room_in_inbox(&queue, &sync(1)));
        queue.push_back(sync(1));
    }
    assert!(!room_in_inbox(&queue, &sync(1)), "client 1 has its share");
    assert!(room_in_inbox(&queue, &sync(2)), "client 2 has not");
    let said = Incoming::Said {
        seat: 0,
        text: "hi".into(),
    };
    assert!(room_in_inbox(&queue, &said));
}

/// The hidden order stays on the host: a table that holds only the public view, and plays
/// each of the host's actions with the draws the host wrote down, stays the host's game to
/// the end: its public hash is the host's after every action, on several presets and crews.
#[test]
fn a_public_copy_played_with_the_hosts_draws_stays_the_hosts_game() {
    use stp_rules::{GameOptions, GameState, bot};
    for (seed, players, preset) in [(3, 2, "cadet"), (8, 4, "standard"), (21, 6, "admiral")] {
        let mut host = GameState::new(&GameOptions::quick(seed, players, preset)).expect("deals");
        host.advance();
        let mut copy = host.public_view();
        assert_eq!(copy.config().seed, 0);
        let mut actions = 0;
        while !host.is_over() && actions < 5_000 {
            let action = bot::choose(&host).expect("the bot has a move");
            host.record_draws();
            host.act(action).expect("the bot's move is legal");
            host.advance();
            let draws = host.stop_recording_draws().expect("written down");
            copy.force_draws(draws);
            copy.act(action).expect("the copy takes the host's action");
            copy.advance();
            assert!(
                !copy.has_forced_draws(),
                "every draw used, after action {actions}"
            );
            assert_eq!(
                copy.public_hash(),
                host.public_hash(),
                "{preset}: out of step after action {actions}"
            );
            actions += 1;
        }
        assert!(host.is_over(), "{preset}: the game ends");
        assert_eq!(copy.outcome(), host.outcome());
    }
}

/// With `ForwardActions`, the rules check a player's action and hand it on without carrying
/// it out (a refusal comes back as ever); a `HostAction` is carried out with its draws.
#[test]
fn a_forwarding_table_checks_actions_and_plays_only_the_hosts() {
    use bevy_app::App;
    use bevy_ecs::message::Messages;
    use stp_rules::{
        Action, ActionForwarded, ActionRefused, ForwardActions, GameOptions, GameState, HostAction,
        LoadGame, PlayerAction, RulesPlugin,
    };
    let mut host = GameState::new(&GameOptions::quick(5, 2, "cadet")).expect("deals");
    host.advance();
    let mut app = App::new();
    app.add_plugins(RulesPlugin).insert_resource(ForwardActions);
    app.world_mut()
        .write_message(LoadGame(Box::new(host.public_view())));
    app.update();
    let before = app.world().resource::<GameState>().state_hash();
    let active = host.turn().active;
    let end = PlayerAction {
        player: active,
        action: Action::EndPhase,
    };
    let wrong = PlayerAction {
        player: active + 1,
        action: Action::EndPhase,
    };
    app.world_mut().write_message(end);
    app.world_mut().write_message(wrong);
    app.update();
    let forwarded: Vec<_> = app
        .world_mut()
        .resource_mut::<Messages<ActionForwarded>>()
        .drain()
        .collect();
    assert_eq!(forwarded, [ActionForwarded(end)]);
    let refused: Vec<_> = app
        .world_mut()
        .resource_mut::<Messages<ActionRefused>>()
        .drain()
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].action, wrong);
    assert_eq!(
        app.world().resource::<GameState>().state_hash(),
        before,
        "untouched"
    );
    // The host carries it out and sends what it drew; the table plays it the same.
    host.record_draws();
    host.act(end).expect("legal");
    host.advance();
    let draws = host.stop_recording_draws().expect("written down");
    app.world_mut()
        .write_message(HostAction { action: end, draws });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<GameState>().public_hash(),
        host.public_hash()
    );
}

/// One client core for `join` and the window: before its welcome a table takes nothing of
/// the game, only why it was refused a seat; once welcomed it takes the host's actions; while
/// it resyncs, what the host sent about the old state is dropped, and it asks only once.
#[test]
fn the_client_core_takes_the_game_only_after_its_welcome_and_not_while_it_resyncs() {
    use star_trek_panic::net::client_core::{ClientCore, Step};
    use star_trek_panic::net::protocol::{HostState, ToClient, ToHost};
    use stp_rules::{Action, GameOptions, GameState, PlayerAction};

    let options = GameOptions::quick(4, 2, "cadet");
    let state = GameState::new(&options).expect("deals");
    let end_phase = ToClient::Accepted {
        action: PlayerAction {
            player: 0,
            action: Action::EndPhase,
        },
        draws: Default::default(),
    };
    let mut core = ClientCore::new("10.0.0.1:5000", Some(1), false);
    assert!(matches!(
        core.ask(true),
        Ok(Some(ToHost::Hello { seat: Some(1), .. }))
    ));
    assert!(
        matches!(core.ask(true), Ok(None)),
        "asks again only after half a second"
    );
    assert!(
        core.take(Ok(end_phase.clone())).is_empty(),
        "no game before the welcome"
    );
    let refused = ToClient::Refused {
        reason: "seat 2 is taken".into(),
    };
    assert!(core.take(Ok(refused)).is_empty());
    assert_eq!(core.refused.as_deref(), Some("seat 2 is taken"));

    let welcome = ToClient::Welcome {
        seat: Some(1),
        options: options.clone(),
        actions: Vec::new(),
        state: HostState(Box::new(state.public_view())),
        away: Vec::new(),
        ticket: "ab12".into(),
    };
    let steps = core.take(Ok(welcome.clone()));
    assert!(matches!(
        steps[0],
        Step::Welcome {
            first: true,
            seat: Some(1),
            ..
        }
    ));
    assert!(
        matches!(&steps[1], Step::Notice(n) if n == "You have seat 2 of the game at 10.0.0.1:5000.")
    );
    assert_eq!(core.ticket.as_deref(), Some("ab12"));
    assert!(matches!(
        core.take(Ok(end_phase.clone()))[..],
        [Step::Apply { .. }]
    ));
    // The same welcome again (a repeated Hello's answer) says nothing more.
    assert_eq!(core.take(Ok(welcome.clone())).len(), 1);

    let first = core.resync("Out of step");
    assert!(matches!(&first[0], Step::Notice(n) if n.starts_with("Out of step")));
    assert!(first.iter().any(|s| matches!(s, Step::Send(ToHost::Sync))));
    assert!(
        !core
            .resync("Again")
            .iter()
            .any(|s| matches!(s, Step::Notice(_))),
        "one word for a resync"
    );
    assert!(
        core.take(Ok(end_phase)).is_empty(),
        "the old state's actions are dropped"
    );
    let steps = core.take(Ok(welcome));
    assert!(matches!(steps[0], Step::Welcome { first: false, .. }));
    assert!(!core.syncing);
    // A message that makes no sense is a resync, never an end; a stream of them asks for the
    // host's state once, not once each (each answer is a whole welcome).
    let garbled = core.take(Err("not a message".into()));
    assert!(
        garbled
            .iter()
            .any(|s| matches!(s, Step::Send(ToHost::Sync)))
    );
    for _ in 0..50 {
        let again = core.take(Err("not a message".into()));
        assert!(
            !again.iter().any(|s| matches!(s, Step::Send(ToHost::Sync))),
            "{again:?}"
        );
    }
}

/// A hostile host's words and offers reach the table only as a player's would
/// (`../shared/reviews/network-security-2.md` N8, N9): a trade naming a card or a seat that
/// does not exist is declined, never shown (its window would have read the card and
/// panicked); refusals, talk and the game's end are shown plain and cut to length.
#[test]
fn a_hostile_hosts_offers_and_words_reach_the_table_plain() {
    use star_trek_panic::net::client_core::{ClientCore, Step};
    use star_trek_panic::net::protocol::{HostState, ToClient, ToHost};
    use stp_rules::{Action, GameOptions, GameState, PlayerAction};

    let options = GameOptions::quick(4, 2, "cadet");
    let state = GameState::new(&options).expect("deals");
    let mut core = ClientCore::new("10.0.0.1:5000", Some(1), false);
    let welcome = ToClient::Welcome {
        seat: Some(1),
        options,
        actions: Vec::new(),
        state: HostState(Box::new(state.public_view())),
        away: Vec::new(),
        ticket: String::new(),
    };
    assert!(matches!(core.take(Ok(welcome))[0], Step::Welcome { .. }));
    let offer = |give: u8, with: u8| ToClient::Offer {
        action: PlayerAction {
            player: 0,
            action: Action::Trade {
                with,
                give,
                take: state.players()[1].hand[0],
            },
        },
        within: 30,
    };
    let good = state.players()[0].hand[0];
    assert!(matches!(core.take(Ok(offer(good, 1)))[1], Step::Offer(..)));
    for bad in [offer(250, 1), offer(good, 7)] {
        let steps = core.take(Ok(bad));
        assert!(
            matches!(&steps[..], [Step::Notice(n), Step::Send(ToHost::Answer { accept: false })]
                if n == "The host offered a trade this table cannot read: declined."),
            "{steps:?}"
        );
    }
    let refused = core.take(Ok(ToClient::Refused {
        reason: format!("no\u{202E}pe{}", "x".repeat(400)),
    }));
    assert!(
        matches!(&refused[0], Step::Notice(n) if !n.contains('\u{202E}') && n.chars().count() < 330),
        "{refused:?}"
    );
    let said = core.take(Ok(ToClient::Said {
        seat: 0,
        text: "hi\u{1b}[2J\u{200B}there".into(),
    }));
    assert!(
        matches!(&said[0], Step::Said { text, .. } if text == "hi[2Jthere"),
        "{said:?}"
    );
    let over = core.take(Ok(ToClient::Over {
        outcome: "won\u{2067}".into(),
        turns: 9,
        final_hash: "ab\u{0}cd".into(),
        public_hash: "ef".into(),
        seed: 4,
    }));
    assert!(
        matches!(&over[0], Step::Notice(n) if n == "The host's game is over: victory."),
        "{over:?}"
    );
    assert!(
        matches!(&over[1], Step::Over { final_hash, .. } if final_hash == "abcd"),
        "{over:?}"
    );
}

/// A host's table reads the draws the rules made (`DrawsMade`, while `WriteDownDraws` is
/// there) and never writes the state for them: a copy that holds only the public view plays
/// the host's actions with those draws and stays in step with it, turn after turn; without
/// `WriteDownDraws` nothing is written down.
#[test]
fn the_rules_send_a_hosts_draws_and_a_public_copy_plays_them() {
    use bevy_app::App;
    use bevy_ecs::message::Messages;
    use stp_rules::{
        ActionAccepted, DrawsMade, ForwardActions, GameOptions, GameState, HostAction, LoadGame,
        PlayerAction, RulesPlugin, StartGame, WriteDownDraws, bot,
    };
    let settle = |app: &mut App| {
        for _ in 0..12 {
            app.update();
            let state = app.world().resource::<GameState>();
            if state.awaits_players() || state.is_over() {
                return;
            }
        }
    };
    let mut host = App::new();
    host.add_plugins(RulesPlugin)
        .insert_resource(WriteDownDraws);
    host.world_mut()
        .write_message(StartGame(GameOptions::quick(8, 2, "cadet")));
    settle(&mut host);
    // Without the resource, a game writes nothing down.
    let mut local = App::new();
    local.add_plugins(RulesPlugin);
    local
        .world_mut()
        .write_message(StartGame(GameOptions::quick(8, 2, "cadet")));
    settle(&mut local);
    assert!(
        local
            .world()
            .resource::<GameState>()
            .recorded_draws()
            .is_none()
    );
    // The copy takes the host's public view, as a welcome gives it.
    let mut copy = App::new();
    copy.add_plugins(RulesPlugin)
        .insert_resource(ForwardActions);
    let public = host.world().resource::<GameState>().public_view();
    copy.world_mut().write_message(LoadGame(Box::new(public)));
    copy.update();
    host.world_mut()
        .resource_mut::<Messages<DrawsMade>>()
        .clear();
    let mut drew = 0;
    for _ in 0..150 {
        let state = host.world().resource::<GameState>();
        let Some(action) = bot::choose(state).filter(|_| !state.is_over()) else {
            break;
        };
        host.world_mut().write_message::<PlayerAction>(action);
        settle(&mut host);
        let accepted: Vec<_> = host
            .world_mut()
            .resource_mut::<Messages<ActionAccepted>>()
            .drain()
            .collect();
        assert_eq!(accepted, [ActionAccepted(action)]);
        let mut draws = stp_rules::Draws::default();
        for made in host
            .world_mut()
            .resource_mut::<Messages<DrawsMade>>()
            .drain()
        {
            drew += made.0.cards.len() + made.0.tokens.len() + made.0.rolls.len();
            draws.extend(made.0);
        }
        copy.world_mut().write_message(HostAction { action, draws });
        settle(&mut copy);
        assert_eq!(
            copy.world().resource::<GameState>().public_hash(),
            host.world().resource::<GameState>().public_hash(),
            "out of step after {action:?}"
        );
    }
    assert!(drew > 10, "only {drew} draws sent");
}
