//! The log as the player reads it: each line stamped with the turn and player it happened in,
//! a new game starting a fresh log, and a load bringing back the log of the game so far.

use star_trek_panic::game::panels::log::GameLog;
use stp_rules::*;

use super::{app, bot_until, start, state};

/// Threat fire at the end of Alice's turn 3 is stamped turn 3 and Alice, not the next turn:
/// every line carries the turn and player of the last "Turn N" line before it.
#[test]
fn log_lines_carry_the_turn_and_player_they_happened_in() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(21, 3, "standard"));
    assert!(bot_until(&mut app, 400, |s| s.turn().number >= 5 || s.is_over()));
    let log = app.world().resource::<GameLog>();
    let mut current: Option<(u32, u8)> = None;
    let mut turns_seen = 0;
    for line in &log.lines {
        if let Some(rest) = line.text.strip_prefix("— Turn ") {
            let turn: u32 = rest.split(':').next().unwrap().parse().unwrap();
            current = Some((turn, line.player));
            turns_seen += 1;
        }
        if let Some((turn, player)) = current {
            assert_eq!((line.turn, line.player), (turn, player), "{}", line.text);
        }
    }
    assert!(turns_seen >= 4, "only {turns_seen} turns logged");
    let fire = log
        .lines
        .iter()
        .filter(|l| l.text.contains("fires"))
        .count();
    assert!(fire > 0, "no threat fired in four turns");
}

/// A new game, and a load, start the log afresh (no "Victory!" from another game).
#[test]
fn log_starts_afresh_on_a_new_game_and_on_a_load() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(3, 2, "cadet"));
    bot_until(&mut app, 60, |s| s.turn().number >= 2);
    let saved = state(&app).clone();
    assert!(app.world().resource::<GameLog>().lines.len() > 5);
    start(&mut app, GameOptions::quick(4, 2, "cadet"));
    let first = &app.world().resource::<GameLog>().lines[0];
    assert_eq!(first.turn, 1, "{}", first.text);
    app.world_mut()
        .write_message(LoadGame(Box::new(saved.clone())));
    super::settle(&mut app);
    let log = app.world().resource::<GameLog>();
    assert!(
        log.lines.iter().all(|l| l.turn >= saved.turn().number),
        "lines from the game before the load remain"
    );
}

/// A load whose record reaches the loaded position (a save continued, a seat of a network
/// game joined or rejoined) brings back the log so far, stamped as it was.
#[test]
fn a_load_brings_back_the_log_so_far_when_its_record_reaches_it() {
    use star_trek_panic::game::model::record::Record;
    let lines = |app: &bevy_app::App| -> Vec<(u32, u8, String)> {
        let log = app.world().resource::<GameLog>();
        log.lines
            .iter()
            .map(|l| (l.turn, l.player, l.text.clone()))
            .collect()
    };
    let mut app = app(None);
    start(&mut app, GameOptions::quick(3, 2, "cadet"));
    bot_until(&mut app, 60, |s| s.turn().number >= 3);
    super::settle(&mut app);
    let saved = state(&app).clone();
    let record = app.world().resource::<Record>().clone();
    let before = lines(&app);
    start(&mut app, GameOptions::quick(4, 2, "cadet"));
    *app.world_mut().resource_mut::<Record>() = record;
    app.world_mut().write_message(LoadGame(Box::new(saved)));
    super::settle(&mut app);
    let after = lines(&app);
    assert!(after.iter().any(|(turn, _, _)| *turn == 1), "{after:?}");
    // What the table had shown (its threat phase may have still been playing) comes back.
    assert!(after.starts_with(&before), "{before:?}\n{after:?}");
}

/// Completing or failing a mission is announced on the table, not only in the log.
#[test]
fn a_completed_mission_is_announced_on_the_table() {
    use star_trek_panic::game::panels::banner::{BANNER_SECONDS, Banner};
    let mut app = app(None);
    start(&mut app, GameOptions::quick(2, 2, "cadet"));
    let done = bot_until(&mut app, 3000, |s| {
        s.stats().missions_completed + s.stats().missions_failed > 0
    });
    assert!(done, "no mission ended in a whole game");
    let banner = app.world().resource::<Banner>().clone();
    let text = banner.text.expect("a banner");
    let mission = builtin_mission_names();
    assert!(
        (text.starts_with("Mission complete: ") || text.starts_with("Mission failed: "))
            && mission.iter().any(|m| text.ends_with(m.as_str())),
        "{text}"
    );
    assert_eq!(banner.seconds_left, BANNER_SECONDS);
}

fn builtin_mission_names() -> Vec<String> {
    stp_rules::content::builtin()
        .missions
        .iter()
        .map(|m| m.name.clone())
        .collect()
}

/// F1's rules reference, written for players: every topic the Academy's issue names is
/// there, each renders without raw Markdown marks, none names a repository path or an
/// internal refusal name, search finds topics by their words, and context help (a token, a
/// refusal) opens a topic that exists.
#[test]
fn the_rules_reference_covers_the_game_in_players_words() {
    use star_trek_panic::game::model::help_topic::{HelpTopic, topic_for_refusal, topic_for_token};
    use star_trek_panic::game::panels::help::{search, topics};
    use star_trek_panic::game::panels::markdown::{Block, blocks, spans};
    let all = topics();
    let titles: Vec<&str> = all.iter().map(|t| t.title).collect();
    // Context help names its topics by `HelpTopic`: one for each heading, in order.
    assert_eq!(
        HelpTopic::ALL.map(HelpTopic::title).to_vec(),
        titles,
        "HelpTopic and the reference's headings"
    );
    for needed in [
        HelpTopic::Turn.title(),
        "Hit cards",
        "Support cards",
        "Damage: Shields, Hull and the deck",
        "Maneuvers",
        "Threats: moving and firing",
        "Klingons",
        "Romulans and cloaking",
        "Tholians",
        "Comets and the Starbase",
        "Boarders and Security Teams",
        "Missions",
        "Characters",
        "Winning and losing",
    ] {
        assert!(titles.contains(&needed), "no topic {needed}: {titles:?}");
    }
    // The seven phases read as a numbered list, one item a phase, not one long paragraph.
    let phases = all
        .iter()
        .find(|t| t.title == HelpTopic::Turn.title())
        .expect("the phases topic");
    let items = blocks(phases.body)
        .into_iter()
        .filter(|b| matches!(b, Block::Numbered(..)))
        .count();
    assert_eq!(items, 7, "{:?}", blocks(phases.body));
    for topic in &all {
        for internal in [
            "tests/",
            "src/",
            "shared/",
            "HasLegalPlay",
            "NoBoarders",
            "`",
        ] {
            assert!(
                !topic.body.contains(internal),
                "{}: {internal}",
                topic.title
            );
        }
        for block in blocks(topic.body) {
            let text = match block {
                Block::Heading { text, .. } => text,
                Block::Bullet(text) | Block::Numbered(_, text) | Block::Paragraph(text) => text,
            };
            for span in spans(&text) {
                assert!(
                    !span.text.contains("**"),
                    "{}: {:?}",
                    topic.title,
                    span.text
                );
            }
        }
    }
    assert!(
        search("face down")
            .iter()
            .any(|t| t.title == "Romulans and cloaking")
    );
    assert!(search("no such words anywhere").is_empty());
    // The log's explanations name topics that exist, and F1 shows them under those topics.
    for text in star_trek_panic::words::why::all() {
        if let Some((_, topic)) = text.rsplit_once("Topic: ") {
            let topic = topic.trim_end_matches('.');
            assert!(HelpTopic::titled(topic).is_some(), "no topic {topic}");
        }
    }
    assert!(
        !star_trek_panic::words::why::for_topic("Damage: Shields, Hull and the deck").is_empty()
    );
    assert!(titles.contains(&"Rulings"));
    assert!(topics().iter().any(|t| t.body.contains("R25")));
    for token in 0..31u8 {
        assert!(titles.contains(&topic_for_token(token).title()));
    }
    for refusal in [
        stp_rules::Refusal::OutsideArc,
        stp_rules::Refusal::NoBoarders,
        stp_rules::Refusal::NoManeuverLeft,
        stp_rules::Refusal::NotNeededForMission,
        stp_rules::Refusal::HasLegalPlay,
    ] {
        assert!(
            titles.contains(&topic_for_refusal(&refusal).title()),
            "{refusal:?}"
        );
    }
}

/// Every line the rules wrote on their own says why, naming its rule; a player's own action
/// does not need to.
#[test]
fn automatic_log_lines_say_why() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(4, 2, "standard"));
    assert!(bot_until(&mut app, 400, |s| s.turn().number >= 4 || s.is_over()));
    let log = app.world().resource::<GameLog>();
    let mut automatic = 0;
    for line in &log.lines {
        if line.text.contains(" moves to ") || line.text.contains(" fires ") {
            let why = line
                .why
                .unwrap_or_else(|| panic!("no why for {}", line.text));
            assert!(why.contains("Threats Move & Fire"), "{why}");
            automatic += 1;
        }
        if line.text.contains(" plays ") {
            assert_eq!(line.why, None, "{}", line.text);
        }
    }
    assert!(automatic > 3, "only {automatic} automatic lines");
}

/// The board's key names what is on the table, and only that: with the threats' forecast by
/// the rim it explains "Phase 6:" (readers took "next: Shield −1" for damage done), and with a
/// Hit card in a hand it explains "×2". Its entries do not break inside (no-break spaces), so
/// a wrapped key never leaves "6:" or "×2" alone at a line's end.
#[test]
fn the_key_explains_the_rims_forecast_and_a_cards_damage_only_when_they_show() {
    use star_trek_panic::game::panels::log::legend;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scenarios/table.ron");
    let text = std::fs::read_to_string(path).expect("docs/scenarios/table.ron");
    let table = stp_rules::scenario::Scenario::from_text(&text)
        .expect("scenario")
        .table()
        .expect("its table");
    let preview = table
        .threat_preview()
        .expect("Play Cards & Maneuver has a forecast");
    assert!(preview.facings.iter().any(|f| f.shield_hits > 0));
    let key = legend(&table);
    assert!(
        key.contains(
            "by\u{a0}a\u{a0}sector:\u{a0}damage\u{a0}to\u{a0}come\u{a0}in\u{a0}phase\u{a0}6"
        ),
        "{key}"
    );
    assert!(
        key.contains("×2\u{a0}on\u{a0}a\u{a0}card:\u{a0}2\u{a0}damage"),
        "{key}"
    );
    // No threat on the board and no card in hand: neither entry.
    let mut empty = table.clone();
    empty.threats_mut().clear();
    for player in empty.players_mut() {
        player.hand.clear();
    }
    let key = legend(&empty);
    assert!(!key.contains("phase\u{a0}6:"), "{key}");
    assert!(!key.contains("×2"), "{key}");
    assert!(key.starts_with("number on a token: its Defense"), "{key}");
}

/// The log says what the uncloaking die does, as the rules move the ships (rulebook "Cloaking
/// Ships": "On 1–2: move the uncloaking ships one facing clockwise, on 3–4: the uncloaking
/// ships remain where they are, and on 5–6: move the uncloaking ships one facing
/// counter-clockwise"); readers of read 49 could not tell how a 6 sent a shot one sector round.
#[test]
fn the_uncloaking_die_says_which_way_it_moves_the_ships() {
    use star_trek_panic::words::log_lines::describe;
    let table = super::table_with_threats(
        r#"(kind: "romulan_cloaking_cruiser", range: Medium, sector: 3, cloaked: true)"#,
    );
    let said = |value| {
        describe(
            &RulesEvent::DieRolled {
                value,
                purpose: DieRollPurpose::Uncloak,
            },
            &table,
        )
        .expect("a line for the die")
    };
    for (values, way) in [
        ([1, 2], "one sector clockwise"),
        ([3, 4], "uncloak where they are"),
        ([5, 6], "one sector counter-clockwise"),
    ] {
        for value in values {
            let line = said(value);
            assert!(line.contains(way), "{value}: {line}");
        }
    }
    // Another die's roll says only its number.
    let placing = describe(
        &RulesEvent::DieRolled {
            value: 6,
            purpose: DieRollPurpose::PlaceThreat,
        },
        &table,
    );
    assert_eq!(
        placing.as_deref(),
        Some("Die roll for placing a threat: 6.")
    );
}

/// A count of cards reads as a reader says it: "draws 1 card", "draws 2 cards". Under Orca,
/// McCoy's redraw was heard as "Ann draws 1 card(s)".
#[test]
fn a_count_of_cards_is_said_as_a_reader_says_it() {
    use star_trek_panic::words::log_lines::describe;
    let table = super::table_with_threats("");
    let drew = |cards: Vec<u8>| {
        describe(&RulesEvent::CardsDrawn { player: 0, cards }, &table).expect("a line for it")
    };
    assert!(
        drew(vec![3]).ends_with(" draws 1 card."),
        "{}",
        drew(vec![3])
    );
    assert!(
        drew(vec![3, 4]).ends_with(" draws 2 cards."),
        "{}",
        drew(vec![3, 4])
    );
}
