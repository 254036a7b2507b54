//! The console's words and measures, headless (issue "A bridge console"): the mission card's
//! lines in games with and without missions, the Trade phase skipped with the rules' reason,
//! the hand's card sizes, and how the seats share the panel.

use star_trek_panic::game::panels::mission;
use star_trek_panic::game::panels::seats::SeatFit;
use star_trek_panic::game::theme;
use stp_rules::scenario::Scenario;
use stp_rules::{GameOptions, GameState, Refusal};

fn at(preset: &str, mission: &str) -> GameState {
    let text = format!(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "{preset}",
            players: [(name: "A", character: "sulu", hand: []), (name: "B", character: "kirk", hand: [])],
            phase: Trade {mission})"#
    );
    Scenario::from_text(&text)
        .expect("parses")
        .table()
        .expect("a table")
}

/// "All required missions done" never shows beside "Missions completed: 0 of 0": a game without
/// missions says so and counts nothing.
#[test]
fn the_mission_card_reads_right_with_and_without_missions() {
    let patrol = at("patrol", "");
    assert_eq!(
        mission::no_mission(&patrol),
        "No missions in this game: empty the threat bag and clear the board."
    );
    assert_eq!(mission::completed(&patrol), None);

    let mut standard = GameState::new(&GameOptions::quick(1, 2, "standard")).expect("setup");
    *standard.mission_mut() = None;
    assert_eq!(mission::no_mission(&standard), "No mission in play.");
    assert_eq!(
        mission::completed(&standard).as_deref(),
        Some("Missions completed: 0 of 5")
    );
    let done = standard.mission_deck()[..5].to_vec();
    *standard.completed_missions_mut() = done;
    assert_eq!(
        mission::no_mission(&standard),
        "All required missions done: destroy the remaining threats!"
    );
}

// Rulebook "Mission Cards": some Missions "will not allow players to Trade cards on their
// turns"; Uhura may trade even when the Mission forbids it (her character card).
/// The Doomsday Machine forbids trading: the rules say so (the tracker shows Trade skipped
/// with this reason); Uhura's Open Channels trades anyway.
#[test]
fn the_trade_phase_says_why_it_is_skipped() {
    let mission = r#", mission: Some((id: "the_doomsday_machine",
        tokens: [(token: "planet_killer", range: Long, sector: 2)]))"#;
    let doomsday = at("standard", mission);
    assert_eq!(doomsday.trade_forbidden(), Some(Refusal::TradingForbidden));
    assert_eq!(
        doomsday.trade_forbidden().unwrap().to_string(),
        "the current mission forbids trading"
    );
    assert_eq!(at("standard", "").trade_forbidden(), None);
    let uhura = at("standard", mission);
    let mut uhura = uhura;
    uhura.players_mut()[0].character = stp_rules::content::builtin()
        .characters
        .iter()
        .position(|c| c.id == "uhura")
        .expect("uhura") as u8;
    assert_eq!(uhura.trade_forbidden(), None);
}

/// The active hand's cards are at least 96 px wide at 1280 and 80 at 1024, and never
/// shorter than wide.
#[test]
fn hand_cards_are_large_enough_at_every_supported_width() {
    for (width, least) in [
        (1024.0, 80.0),
        (1280.0, 96.0),
        (1920.0, 96.0),
        (2560.0, 96.0),
    ] {
        let card = theme::hand_card(width);
        assert!(card.x >= least, "{width}: {card:?}");
        assert!(card.y >= card.x, "{width}: {card:?}");
    }
    const { assert!(theme::ZOOMED_CARD.x >= 200.0) };
}

/// Seats share the panel's height: with room, each shows two lines of its ability and one
/// chip a row, at every crew size (a seat or two showed the cards' small faces until read 47,
/// and readers met a layout that changed with the crew); five seats of four cards in a small
/// window take two chips a row, and keep what they can of the ability.
#[test]
fn seats_share_the_panel_height() {
    let roomy = SeatFit {
        ability_lines: 2,
        columns: 1,
    };
    assert_eq!(SeatFit::choose(600.0, 1, 6), roomy);
    assert_eq!(SeatFit::choose(600.0, 2, 3), roomy);
    assert_eq!(SeatFit::choose(900.0, 3, 3), roomy);
    let tight = SeatFit::choose(430.0, 5, 4);
    assert_eq!(
        tight,
        SeatFit {
            ability_lines: 0,
            columns: 2,
        }
    );
    assert_eq!(SeatFit::choose(543.0, 5, 4).columns, 2);
    assert!(SeatFit::choose(543.0, 5, 4).ability_lines > 0);
    // Nothing fits in no room: the tightest fit, not a panic.
    assert_eq!(SeatFit::choose(0.0, 5, 7), tight);
}

/// One look for every panel: body text at least 14 px (numbers on the cards and seats are
/// drawn larger), and every text colour at least 4.5:1 against every ground it sits on.
#[test]
fn the_console_style_is_large_and_contrasted_enough() {
    use bevy_egui::egui::{Style, TextStyle};
    let mut style = Style::default();
    theme::console_style(&mut style);
    for text in [TextStyle::Body, TextStyle::Button] {
        assert!(style.text_styles[&text].size >= 14.0, "{text:?}");
    }
    let visuals = &style.visuals;
    let texts = [
        theme::TEXT,
        theme::QUIET,
        visuals.widgets.noninteractive.fg_stroke.color,
        visuals.weak_text_color.expect("a quiet colour"),
        visuals.widgets.inactive.fg_stroke.color,
    ];
    let grounds = [
        theme::PANEL,
        theme::WINDOW,
        theme::SEAT,
        theme::CARD_FACE,
        visuals.widgets.inactive.weak_bg_fill,
    ];
    for text in texts {
        for ground in grounds {
            let ratio = theme::contrast(text, ground);
            assert!(ratio >= 4.5, "{text:?} on {ground:?}: {ratio:.2}");
        }
    }
    let (white, black) = (
        bevy_egui::egui::Color32::WHITE,
        bevy_egui::egui::Color32::BLACK,
    );
    assert!((theme::contrast(white, black) - 21.0).abs() < 0.01);
}

/// The status panel's ship diagram names each facing with the sector it faces as she sits
/// now, as the board's rim does (rulebook, Setup: "the two Front facings are in Sectors 1 and
/// 6"; Hit cards: "The facing ... is always relative to the orientation of the Enterprise").
#[test]
fn the_ship_diagram_names_each_facing_with_the_sector_it_faces() {
    use star_trek_panic::game::panels::ship_diagram::{short_name, words};
    let mut state = at("cadet", "");
    assert_eq!(
        words(&state, 0),
        "Fore-starboard faces sector 1: Shield intact, Hull intact."
    );
    state.enterprise_mut().heading = 2;
    state.enterprise_mut().shields[4] = stp_rules::SectionState::Damaged;
    state.enterprise_mut().hull[4] = stp_rules::SectionState::Destroyed;
    assert_eq!(
        words(&state, 4),
        "Port faces sector 1: Shield damaged, Hull destroyed."
    );
    let names: Vec<&str> = (0..6).map(short_name).collect();
    assert_eq!(names, ["FS", "S", "AS", "AP", "P", "FP"]);
}

/// A seat's chip in a small window shows a card by one word of its own name where the whole
/// name has no room ("Torpedoes", "Security"), never a word the card does not have.
#[test]
fn a_cards_short_name_is_a_word_of_its_name() {
    use star_trek_panic::words::describe::short_card_name;
    let content = stp_rules::content::builtin();
    let mut shortened = 0;
    for card in &content.cards {
        let short = short_card_name(&card.kind, &card.name);
        assert!(
            short == card.name || card.name.split_whitespace().any(|w| w == short),
            "{}: {short}",
            card.name
        );
        assert!(short.chars().count() <= 11, "{}: {short}", card.name);
        shortened += usize::from(short != card.name);
    }
    assert!(shortened > 0, "no card has a short name");
}

/// A Hit card's badges explain themselves on hover: its diagram names the facings it fires
/// from and its pips the rings it reaches, as its rules say (rulebook "Hit cards").
#[test]
fn a_hit_cards_badges_say_its_facings_and_ranges() {
    use star_trek_panic::game::panels::card_words::{arcs_words, ranges_words};
    use stp_rules::content::{Arc, CardEffect, Range};
    let content = stp_rules::content::builtin();
    let mut checked = 0;
    for card in &content.cards {
        let CardEffect::Hit { arcs, ranges, .. } = &card.effect else {
            continue;
        };
        let facings = arcs_words(arcs);
        for (arc, word) in [
            (Arc::Forward, "Forward"),
            (Arc::Sides, "Side"),
            (Arc::Aft, "Aft"),
        ] {
            let named = facings.contains(word) || facings.contains("any facing");
            assert_eq!(
                named,
                arcs.contains(&arc) || arcs.len() == 3,
                "{}: {facings}",
                card.name
            );
        }
        let rings = ranges_words(ranges);
        for (range, word) in [
            (Range::Long, "Long"),
            (Range::Medium, "Medium"),
            (Range::Short, "Short"),
        ] {
            assert_eq!(
                rings.contains(word),
                ranges.contains(&range),
                "{}: {rings}",
                card.name
            );
        }
        checked += 1;
    }
    assert!(checked >= 12, "{checked} Hit cards");
}

/// A long hand (Kirk's takes and Uhura's trades can make one) overlaps to fit beside the
/// turn's controls, each card's number and the start of its name still in view; a hand that
/// fits keeps its gaps.
#[test]
fn a_long_hand_overlaps_to_leave_the_controls_their_room() {
    use star_trek_panic::game::panels::hands::hand_step;
    assert_eq!(
        hand_step(4, 80.0, 600.0),
        86.0,
        "room for all: the card and its gap"
    );
    assert_eq!(hand_step(1, 80.0, 10.0), 86.0);
    for (count, width, room) in [(9, 80.0, 575.0), (9, 96.0, 778.0), (12, 80.0, 575.0)] {
        let step = hand_step(count, width, room);
        assert!(step < width + 6.0, "{count} cards overlap");
        assert!(step >= 34.0, "{count} cards: each shows {step} px");
        let strip = width + step * (count - 1) as f32;
        assert!(
            strip <= room + 0.5 || step == 34.0,
            "{count}: {strip} > {room}"
        );
    }
}

/// The hand at the foot is your own when you are the only person at this table (a seat of a
/// game across machines, or a game with bots), whoever's turn it is; a hot-seat table, with
/// several people here, shows the active player's.
#[test]
fn your_own_hand_lies_at_the_foot_when_you_are_the_only_person_here() {
    use star_trek_panic::game::crew::{Crew, Seat};
    use star_trek_panic::game::panels::foot_player;
    let mut state = GameState::new(&GameOptions::quick(3, 3, "cadet")).expect("deals");
    state.turn_mut().active = 0;
    let crew = |seats: Vec<Seat>| Crew {
        seats,
        pending: None,
    };
    let remote_seat = crew(vec![Seat::Remote, Seat::Human, Seat::Remote]);
    assert_eq!(foot_player(&state, &remote_seat), 1, "seat 2's own hand");
    let with_bots = crew(vec![Seat::Ensign, Seat::Captain, Seat::Human]);
    assert_eq!(foot_player(&state, &with_bots), 2);
    let hot_seat = crew(vec![Seat::Human, Seat::Human, Seat::Ensign]);
    assert_eq!(foot_player(&state, &hot_seat), 0, "the active player's");
    state.turn_mut().active = 1;
    assert_eq!(foot_player(&state, &hot_seat), 1);
    assert_eq!(foot_player(&state, &remote_seat), 1);
    // A watcher holds no seat: the active player's hand.
    let watcher = crew(vec![Seat::Remote, Seat::Remote, Seat::Remote]);
    assert_eq!(foot_player(&state, &watcher), 1);
}

/// A faded card in the hand says why on its face in a few words, from the validator's
/// refusal of its nearest play ("none in reach"; readers asked "no play now" why), and falls
/// back to "no play now" where the words would not fit the card; the whole reason is on its
/// hover.
#[test]
fn a_faded_card_says_why_on_its_face() {
    use bevy_egui::egui;
    use star_trek_panic::game::panels::cards::{self, CardLook};
    use star_trek_panic::words::refusal_tags::refusal_tag;
    use stp_rules::content::Range;
    let ctx = egui::Context::default();
    let size = theme::hand_card(1280.0);
    // Which way the card's nearest target misses (read 54 read "none in reach" beside a
    // Short-range ship in another arc as a contradiction).
    assert_eq!(
        refusal_tag(&Refusal::OutOfRange {
            range: Range::Short
        }),
        "too close"
    );
    assert_eq!(
        refusal_tag(&Refusal::OutOfRange { range: Range::Long }),
        "too far"
    );
    let out_of_range = refusal_tag(&Refusal::OutOfRange {
        range: Range::Medium,
    });
    assert_eq!(out_of_range, "none in reach");
    assert_eq!(refusal_tag(&Refusal::NothingToRepair), "no damage");
    for (tag, shown) in [
        (out_of_range, "none in reach"),
        ("a reason far too long for any card", "no play now"),
    ] {
        let mut texts = Vec::new();
        super::egui_frame_texts(
            &ctx,
            |ui| {
                let look = CardLook {
                    dim: Some(tag),
                    ..CardLook::default()
                };
                cards::card(ui, 0, size, look);
            },
            &mut texts,
        );
        assert!(texts.iter().any(|t| t == shown), "{tag}: {texts:?}");
    }
}

/// The palette gives the panels and the scene the same colour for each role (issue 41: the
/// roles lived in five files and drifted), and an intact or damaged section stands apart from a
/// destroyed one by lightness, not by hue alone.
#[test]
fn one_palette_serves_the_panels_and_the_scene() {
    use bevy::color::ColorToPacked;
    use star_trek_panic::game::theme::palette::{self, Rgb};
    let roles: [Rgb; 9] = [
        palette::SHIELD,
        palette::DAMAGED,
        palette::DESTROYED,
        palette::STEEL,
        palette::CHARRED,
        palette::GOLD,
        palette::CLOAK,
        palette::KLINGON,
        palette::ROMULAN,
    ];
    for role in roles {
        let [r, g, b, _] = role.bevy().to_srgba().to_u8_array();
        assert_eq!(
            bevy_egui::egui::Color32::from_rgb(r, g, b),
            role.egui(),
            "{role:?}"
        );
    }
    // Intact, damaged and destroyed stand apart on the panel, by lightness as well as hue.
    for state in [palette::SHIELD, palette::DAMAGED, palette::STEEL] {
        assert!(
            theme::contrast(state.egui(), palette::CHARRED.egui()) >= 3.0,
            "{state:?} against the charred plate"
        );
    }
}

/// The side column's list of threats says each space on the board in words, inner ring first,
/// then by sector: a captain by name, a cloaked ship without its hidden Defense, the Starbase
/// without one (the docs' table: see docs/screenshots/table.png).
#[test]
fn the_threat_list_names_each_space_inner_ring_first() {
    use star_trek_panic::game::panels::threat_roster;
    let text = std::fs::read_to_string("docs/scenarios/table.ron").expect("the docs' table");
    let state = Scenario::from_text(&text)
        .expect("parses")
        .table()
        .expect("a table");
    let lines: Vec<String> = threat_roster::spaces(&state)
        .iter()
        .map(|(sector, range, pieces)| {
            let words: Vec<&str> = pieces.iter().map(|(w, _)| w.as_str()).collect();
            format!("{} {range:?}: {}", sector + 1, words.join(", "))
        })
        .collect();
    assert_eq!(
        lines,
        [
            "1 Medium: Klingon Def 1",
            "5 Medium: KOLOTH Def 3",
            "2 Long: Romulan Def 2, cloaked ship",
            "4 Long: Tholian Def 2",
            "6 Long: Starbase (ally)",
        ]
    );
}

/// A mission's token is on the list too, marked as the mission's, in its space among the
/// threats (a reader missed the Planet Killer, the one piece the list left out).
#[test]
fn the_threat_list_names_a_missions_token_too() {
    use star_trek_panic::game::panels::threat_roster;
    let state = super::table_of(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "Ann", character: "sulu", hand: [])], phase: PlayAndManeuver,
            threats: [(kind: "klingon_cruiser", range: Long, sector: 3)],
            mission: Some((id: "the_doomsday_machine", timer: Some(4),
                tokens: [(token: "planet_killer", range: Long, sector: 3)], committed: [])))"#,
    );
    let spaces = threat_roster::spaces(&state);
    assert_eq!(spaces.len(), 1, "{spaces:?}");
    let words: Vec<(&str, bool)> = spaces[0]
        .2
        .iter()
        .map(|(w, token)| (w.as_str(), token.is_some()))
        .collect();
    assert_eq!(
        words,
        [("Klingon Def 1", true), ("Planet Killer (mission)", false)]
    );
}

/// The key's window draws bright the marks that are on the table and quiet the rest: the
/// docs' table has Klingons, a Romulan, a Tholian, a captain, a cloaked ship and the Starbase,
/// moves and shots foreseen, and damaged and destroyed Shields; no Bird-of-Prey, Comet or
/// mission token. Read 31's table showed the Bird-of-Prey's row, and not the arrows on its
/// board.
#[test]
fn the_key_brightens_the_marks_on_the_table() {
    use star_trek_panic::game::panels::key::on_the_table_now;
    let state =
        super::table_of(&std::fs::read_to_string("docs/scenarios/table.ron").expect("table"));
    let preview = state.threat_preview();
    assert!(
        preview.is_some(),
        "the docs' table is in Play Cards & Maneuver"
    );
    let words = on_the_table_now(&state, preview.as_ref());
    let has = |start: &str| words.iter().any(|w| w.starts_with(start));
    let on_table = [
        "Defense: the number on a token",
        "Klingon ship",
        "Romulan ship",
        "Tholian",
        "A Klingon captain",
        "Face down, lettered CLOAKED",
        "Where it moves next",
        "Whom it fires at next",
        "By a sector: what phase 6",
        "Starbase",
        "Shield damaged",
        "Shield destroyed",
    ];
    let off_table = [
        "Romulan Bird-of-Prey",
        "Comet",
        "Mission token",
        "Hull damaged",
        "Green tick",
    ];
    for word in on_table {
        assert!(has(word), "{word:?} is on the table but quiet: {words:?}");
    }
    for word in off_table {
        assert!(
            !has(word),
            "{word:?} is off the table but bright: {words:?}"
        );
    }
}

/// The ship's column sums what the coming phase does to her, in the rim's unit: the docs'
/// table has KOLOTH's shot through the destroyed Shield into the Hull, and the Romulan's and
/// the Tholian's on two Shields (docs/screenshots/table.png), 1 dmg each, and no Hull
/// destroyed. A reader of read 33 had to add up the rim's labels. With no threat on the board,
/// nothing is said.
#[test]
fn the_ship_column_sums_the_coming_phases_damage() {
    use star_trek_panic::words::table_words::coming_damage;
    // The table as the picture shows it: after its Force Field holds the Klingon.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scenarios/table.ron");
    let state = Scenario::load(&path).expect("the docs' table").1;
    let preview = state
        .threat_preview()
        .expect("a forecast in Play Cards & Maneuver");
    assert_eq!(
        coming_damage(&state, &preview).as_deref(),
        Some("Phase 6: 3 dmg")
    );
    // Every Hull section damaged already: KOLOTH's shot destroys the one behind the lost
    // Shield, and the sum says so.
    let mut worn = state.clone();
    worn.enterprise_mut().hull = [stp_rules::SectionState::Damaged; 6];
    let preview = worn.threat_preview().expect("a forecast");
    assert_eq!(
        coming_damage(&worn, &preview).as_deref(),
        Some("Phase 6: 3 dmg, 1 Hull destroyed")
    );
    let mut empty = state.clone();
    empty.threats_mut().clear();
    let preview = empty
        .threat_preview()
        .expect("still a forecast, of nothing");
    assert_eq!(coming_damage(&empty, &preview), None);
}

/// A cloaked ship uncloaks where the die says (rulebook "Cloaking Ships": on 1–2 one facing
/// clockwise, 3–4 where it is, 5–6 one anticlockwise), so the ship's column says where its
/// shot may land, from the rules' forecast: readers of read 41 asked where "a cloaked ship's
/// shot, where the die picks" could go. Two cloaked ships are counted.
#[test]
fn the_ship_column_says_where_a_cloaked_ships_shot_may_land() {
    use star_trek_panic::words::table_words::cloaked_shots;
    let state = super::table_with_threats(
        r#"(kind: "romulan_cloaking_cruiser", range: Medium, sector: 3, cloaked: true)"#,
    );
    let preview = state.threat_preview().expect("a forecast");
    assert_eq!(
        cloaked_shots(&state, &preview).as_deref(),
        Some("the cloaked ship in sector 3 fires from sector 2, 3 or 4 (die roll)")
    );
    let two = super::table_with_threats(
        r#"(kind: "romulan_cloaking_cruiser", range: Medium, sector: 3, cloaked: true),
           (kind: "klingon_cloaking_cruiser", range: Long, sector: 4, cloaked: true)"#,
    );
    let preview = two.threat_preview().expect("a forecast");
    assert_eq!(
        cloaked_shots(&two, &preview).as_deref(),
        Some("2 cloaked ships fire from sector 2, 3, 4 or 5 (a die roll each)")
    );
    let none = super::table_with_threats(r#"(kind: "klingon_cruiser", range: Long, sector: 1)"#);
    let preview = none.threat_preview().expect("a forecast");
    assert_eq!(cloaked_shots(&none, &preview), None);
}
