//! The panels as a screen reader meets them (issue 43), headless: egui's AccessKit tree, the
//! same roles and names the platform's adapter hands to Orca, NVDA or VoiceOver. The cards,
//! chips and the ship's diagram are painted by hand, so they name themselves; these tests
//! hold them to it.

use bevy_egui::egui::{self, accesskit};
use star_trek_panic::game::panels::cards::{self, CardLook};
use star_trek_panic::game::panels::ship_diagram;
use star_trek_panic::game::theme;

/// One frame of `draw` with AccessKit on: every node of the tree, its role and its name
/// (egui gives a button a label and a plain label a value).
fn tree(draw: impl FnMut(&mut egui::Ui)) -> Vec<(accesskit::Role, String, bool)> {
    nodes(draw)
        .iter()
        .map(|node| (node.role(), name(node), node.is_disabled()))
        .collect()
}

/// A node's name: egui gives a button a label and a plain label a value.
fn name(node: &accesskit::Node) -> String {
    node.label()
        .or(node.value())
        .unwrap_or_default()
        .to_string()
}

/// One frame of `draw` with AccessKit on: the tree's nodes.
fn nodes(draw: impl FnMut(&mut egui::Ui)) -> Vec<accesskit::Node> {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let input = super::window_input();
    let mut draw = draw;
    let mut output = ctx.run_ui(input, |ui| {
        egui::CentralPanel::default().show(ui, &mut draw);
    });
    // No renderer here to take the font atlas: dropped on purpose.
    output.textures_delta.clear();
    let update = output
        .platform_output
        .accesskit_update
        .expect("egui gives the tree once AccessKit is on");
    update.nodes.into_iter().map(|(_, node)| node).collect()
}

/// What changes on the table is said as it changes: a line made a live region is one to a
/// screen reader, polite (after what it is saying) or assertive (at once, as for a refusal).
#[test]
fn an_announced_line_is_a_live_region_polite_or_assertive() {
    let nodes = nodes(|ui| {
        let hint = ui.label("Play or commit cards, then end the phase.");
        theme::announce(ui, &hint, false);
        let refusal = ui.label("Out of range: no threat in a sector this card reaches.");
        theme::announce(ui, &refusal, true);
        ui.label("Deck 45");
    });
    let live = |words: &str| {
        nodes
            .iter()
            .find(|node| name(node).starts_with(words))
            .unwrap_or_else(|| panic!("no node says {words}"))
            .live()
    };
    assert_eq!(live("Play or commit"), Some(accesskit::Live::Polite));
    assert_eq!(live("Out of range"), Some(accesskit::Live::Assertive));
    assert_eq!(
        live("Deck 45"),
        None,
        "a line that is not announced is not live"
    );
}

/// A card in the hand is a button named as the face shows it, its hotkey first; a faded one
/// is a disabled button that says why it cannot be played.
#[test]
fn a_hand_card_is_a_named_button_and_a_faded_one_says_why() {
    let size = theme::hand_card(1280.0);
    let phasers = (0..=u8::MAX)
        .find(|c| stp_rules::content::builtin().card(*c).name == "Phasers")
        .expect("a Phasers card");
    let nodes = tree(|ui| {
        let playable = CardLook {
            number: Some(1),
            ..CardLook::default()
        };
        cards::card(ui, phasers, size, playable);
        let faded = CardLook {
            number: Some(2),
            dim: Some("none in reach"),
            ..CardLook::default()
        };
        cards::card(ui, phasers, size, faded);
    });
    let buttons: Vec<_> = nodes
        .iter()
        .filter(|(role, _, _)| *role == accesskit::Role::Button)
        .collect();
    assert_eq!(buttons.len(), 2, "{nodes:?}");
    let (_, first, disabled) = buttons[0];
    assert!(first.starts_with("1: Phasers — "), "{first}");
    assert!(first.contains("1 damage"), "{first}");
    assert!(!disabled, "{first}");
    let (_, second, disabled) = buttons[1];
    assert!(second.starts_with("2: Phasers — "), "{second}");
    assert!(second.ends_with("no play now: none in reach"), "{second}");
    assert!(*disabled, "a faded card is disabled: {second}");
}

/// The ship's diagram, a picture, reads as its state in words: each Shield and Hull section
/// that is not intact, by its facing's name.
#[test]
fn the_ship_diagram_reads_as_its_state_in_words() {
    let state = super::table_of(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "A", character: "sulu", hand: [])], phase: PlayAndManeuver,
            shields: [Intact, Damaged, Intact, Intact, Intact, Destroyed],
            hull: [Intact, Intact, Intact, Destroyed, Intact, Intact])"#,
    );
    let nodes = tree(|ui| ship_diagram::ship_diagram(ui, &state, 160.0));
    let ship = nodes
        .iter()
        .find(|(_, name, _)| name.starts_with("The ship:"))
        .unwrap_or_else(|| panic!("no node for the diagram: {nodes:?}"));
    assert_eq!(ship.0, accesskit::Role::Label);
    for words in [
        "damaged starboard",
        "destroyed fore-port",
        "Hull: destroyed aft-port",
    ] {
        assert!(ship.1.contains(words), "{words:?} in {}", ship.1);
    }
}

/// The turn in one sentence, as the top bar's turn label gives it to a screen reader: whose
/// turn, their character, the phase by number and name, and where the Fore faces.
#[test]
fn the_turn_reads_as_one_sentence() {
    let state = super::table_of(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "Ann", character: "sulu", hand: []), (name: "Bob", character: "kirk", hand: [])],
            active: 1, turn: 3, phase: PlayAndManeuver, heading: 2)"#,
    );
    assert_eq!(
        star_trek_panic::words::table_words::turn_summary(&state),
        "Turn 3, Bob's turn (Captain James T. Kirk), phase 4 of 7: Play Cards & Maneuver; \
         the Fore faces sectors 2 and 3."
    );
}

/// The threats' list gives a screen reader what the eye gets on hover: each piece with what
/// it does next.
#[test]
fn the_threats_list_says_what_each_piece_does_next() {
    use star_trek_panic::game::panels::threat_roster;
    let state = super::table_with_threats(r#"(kind: "kang", range: Medium, sector: 2)"#);
    let preview = state.threat_preview().expect("a forecast");
    let nodes = tree(|ui| {
        threat_roster::threat_roster(ui, &state, Some(&preview), false);
    });
    let kang = nodes
        .iter()
        .find(|(_, name, _)| name.starts_with("KANG, Defense 3: next, "))
        .unwrap_or_else(|| panic!("no node for KANG: {nodes:?}"));
    assert!(kang.1.contains("Short Range"), "{}", kang.1);
}

/// A keyed button's name says its key in words, as a screen reader speaks it: Orca read
/// "End phase [Space]" with its brackets as written.
#[test]
fn a_buttons_key_is_said_in_words() {
    use star_trek_panic::game::theme::spoken_keys;
    assert_eq!(spoken_keys("End phase [Space]"), "End phase, key Space");
    assert_eq!(spoken_keys("Undo [Ctrl+Z]"), "Undo, key Ctrl+Z");
    assert_eq!(
        spoken_keys("Turn counter-clockwise [Q]"),
        "Turn counter-clockwise, key Q"
    );
    assert_eq!(spoken_keys("Take a card (Kirk)"), "Take a card (Kirk)");
}

/// A space's second piece stands on a row of its own under its first, with its sector's badge
/// again: wrapped after a "·", it began the next row under the sector's number and read as a
/// space of its own (read 39's two Klingons in one space), and indented without the badge it
/// read as a row whose place was missing (read 49).
#[test]
fn a_spaces_pieces_stand_one_under_another_in_the_threats_list() {
    use star_trek_panic::game::panels::threat_roster;
    let state = super::table_with_threats(
        r#"(kind: "klingon_cruiser", range: Long, sector: 2),
           (kind: "klingon_cruiser", range: Long, sector: 2),
           (kind: "kang", range: Short, sector: 3)"#,
    );
    let preview = state.threat_preview().expect("a forecast");
    let nodes = nodes(|ui| {
        ui.set_max_width(230.0);
        threat_roster::threat_roster(ui, &state, Some(&preview), false);
    });
    let bounds = |prefix: &str| -> Vec<accesskit::Rect> {
        nodes
            .iter()
            .filter(|node| name(node).starts_with(prefix))
            .filter_map(|node| node.bounds())
            .collect()
    };
    let klingons = bounds("Klingon, Defense 1: next, ");
    let [first, second] = klingons[..] else {
        panic!("two Klingons in the list: {klingons:?}");
    };
    let [one, two] = bounds("Sector 2")[..] else {
        panic!("a badge for sector 2 on each Klingon's row");
    };
    assert!(second.y0 >= first.y1 - 1.0, "{second:?} under {first:?}");
    assert!(
        (second.x0 - first.x0).abs() < 1.0,
        "{second:?} below {first:?}"
    );
    for (badge, klingon) in [(one, first), (two, second)] {
        assert!(
            badge.y0 < klingon.y1 && klingon.y0 < badge.y1 && badge.x1 <= klingon.x0,
            "{badge:?} begins the row of {klingon:?}"
        );
    }
    assert!(
        bounds("KANG, Defense 3: next, ")[0].y1 <= first.y0 + 1.0,
        "the inner ring's KANG comes first"
    );
}

/// At the fullest setting a screen reader hears every line the log writes, once, in a
/// polite live region of its own; a burst (a game loaded, a new turn's automatic phases) is
/// cut to its newest lines, and a log started afresh is heard from its start.
#[test]
fn every_log_line_is_heard_once_at_the_fullest_setting_only() {
    use star_trek_panic::game::panels::heard::{Heard, MOST_LINES, say};
    use star_trek_panic::game::settings::Spoken;
    let mut heard = Heard::default();
    assert_eq!(heard.unheard(2, Spoken::Everything), 0..2);
    assert_eq!(heard.unheard(2, Spoken::Everything), 2..2, "heard once");
    assert_eq!(heard.unheard(3, Spoken::Everything), 2..3);
    assert_eq!(heard.unheard(40, Spoken::Everything), 40 - MOST_LINES..40);
    assert_eq!(
        heard.unheard(1, Spoken::Everything),
        0..1,
        "a new game's log"
    );
    for quieter in [Spoken::Brief, Spoken::Steps] {
        let range = heard.unheard(heard.so_far() + 3, quieter);
        assert!(range.is_empty(), "{quieter:?} says no log line");
    }
    // What went unsaid at a quieter level is not said later either.
    let before = heard.so_far();
    assert_eq!(before, 7);
    assert_eq!(heard.unheard(8, Spoken::Everything), 7..8);

    let nodes = nodes(|ui| say(ui, "Bob plays Phasers: Klingon Cruiser, Defense 2 → 1."));
    let line = nodes
        .iter()
        .find(|node| name(node).starts_with("Bob plays Phasers"))
        .expect("the words are a node of the tree");
    assert_eq!(line.live(), Some(accesskit::Live::Polite));
}

/// A hand that can do nothing now says when its cards are played, to the eye and to a
/// screen reader alike (readers took a bright hand in the threats' phase for a playable
/// one); in its Play phase it has no veil.
#[test]
fn a_hand_that_waits_says_when_its_cards_are_played() {
    use star_trek_panic::game::panels::hands::waiting_veil;
    let at = |phase: &str| {
        super::table_of(&format!(
            r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
                players: [(name: "Ann", character: "sulu", hand: ["phasers_all_medium"])],
                phase: {phase})"#
        ))
    };
    let strip = egui::Rect::from_min_size(egui::pos2(10.0, 10.0), egui::vec2(200.0, 120.0));
    let beside = egui::Rect::from_min_size(egui::pos2(220.0, 10.0), egui::vec2(300.0, 120.0));
    let waiting = at("ThreatsMoveAndFire");
    let mut veiled = false;
    let nodes = tree(|ui| veiled = waiting_veil(ui, &waiting, 0, strip, beside));
    assert!(veiled, "the threats' phase veils the hand");
    assert!(
        nodes
            .iter()
            .any(|(role, name, _)| *role == accesskit::Role::Label
                && name.ends_with("Cards are played in phase 4, Play Cards & Maneuver")),
        "{nodes:?}"
    );
    let playing = at("PlayAndManeuver");
    let nodes = tree(|ui| veiled = waiting_veil(ui, &playing, 0, strip, beside));
    assert!(!veiled, "the Play phase leaves the hand bright");
    assert!(
        !nodes
            .iter()
            .any(|(_, name, _)| name.starts_with("Cards are played")),
        "{nodes:?}"
    );
}

/// A lesson's new step takes the focus a screen reader follows from the turn's words, which
/// hold it at rest, and keeps it: heard under Orca 43, which says a new focus and no live
/// region, lesson 1's steps went unsaid while the turn's words held the focus.
#[test]
fn a_lessons_new_step_takes_the_focus_from_the_turns_words() {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let frame = |step: usize| -> String {
        focused_at_rest(&ctx, |ui| {
            let words = ui
                .push_id(("step", step), |ui| {
                    ui.label(format!("Step {step} says this."))
                })
                .inner;
            theme::take_tab_focus_once(&words, ("lesson step", step));
        })
    };
    for _ in 0..3 {
        frame(0);
    }
    assert_eq!(frame(0), "Step 0 says this.");
    for _ in 0..3 {
        frame(1);
    }
    assert_eq!(
        frame(1),
        "Step 1 says this.",
        "the next step takes the focus"
    );
}

/// One frame of a table whose turn's words hold the focus at rest (as the controls do, drawn
/// first), then `more`; the name of the widget that has the focus a screen reader follows.
fn focused_at_rest(ctx: &egui::Context, mut more: impl FnMut(&mut egui::Ui)) -> String {
    let input = super::window_input();
    let mut output = ctx.run_ui(input, |ui| {
        theme::table_has_keys(ui.ctx(), true);
        egui::CentralPanel::default().show(ui, |ui| {
            let rest = ui.label("Turn 1, Cadet's turn: play or commit cards.");
            if !theme::rest_focus_claimed(ui.ctx()) {
                theme::hold_tab_focus(&rest);
            }
            more(ui);
        });
    });
    output.textures_delta.clear();
    // As the table does after each frame (`input::egui_idle`): the focus Tab's light held for
    // the tree is let go, so the table keeps its keys, and next frame's light takes it.
    let lit = theme::tab_lit(ctx);
    ctx.memory_mut(|memory| {
        if let Some(id) = memory.focused()
            && Some(id) == lit
        {
            memory.surrender_focus(id);
        }
    });
    let update = output.platform_output.accesskit_update.expect("the tree");
    update
        .nodes
        .iter()
        .find(|(id, _)| *id == update.focus)
        .map(|(_, node)| name(node))
        .unwrap_or_default()
}

/// A rules' window's first choice takes the focus a screen reader follows as the window opens,
/// named with its key, and keeps it while the window stays (rulebook "Boarding Parties": anyone
/// holding a Security Team may play it); the choice Tab lights next takes it from there. Under
/// Orca the boarders' window was silent, and in Spock's window Tab said nothing.
#[test]
fn a_rules_windows_first_choice_is_heard_as_it_opens() {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let frame = |opening: u32, lit: usize| -> String {
        focused_at_rest(&ctx, |ui| {
            theme::window_choice(ui, 0, "Bob: play Security Team", (opening, lit == 0));
            theme::window_choice(ui, 1, "Let them board", (opening, lit == 1));
        })
    };
    for _ in 0..3 {
        frame(1, 0);
    }
    assert_eq!(frame(1, 0), "Bob: play Security Team, key 1");
    for _ in 0..2 {
        frame(1, 1);
    }
    assert_eq!(frame(1, 1), "Let them board, key 2");
}

/// The handover's curtain, as the turn passes to another person at this machine, takes the
/// focus a screen reader follows, named with whose turn it is, their ability and the key that
/// lifts it. Under Orca, after Spock's choice ended Ann's turn, Ben's curtain was silent.
#[test]
fn the_handover_curtain_is_heard_as_it_comes_up() {
    use star_trek_panic::game::screens::handover::{curtain, handover_spoken};
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let (title, ability) = (
        "Ben — Lt. Cmdr. Montgomery Scott",
        "Once during your turn, repair 1 damaged Shield or Hull section.",
    );
    let mut heard = String::new();
    for _ in 0..3 {
        heard = focused_at_rest(&ctx, |ui| {
            curtain(ui, title, ability, (1u8, 4u32));
        });
    }
    assert_eq!(heard, handover_spoken(title, ability));
    assert!(heard.starts_with("Ben — Lt. Cmdr. Montgomery Scott: your turn."));
    assert!(heard.ends_with("Take the conn, Enter."), "{heard}");
}

/// In a rules window, Tab goes round its choices and Enter takes the one in focus, the first
/// as it opens (rulebook "Spock": he draws three and picks two to resolve, in order); once the
/// window is answered, Tab and Enter are the table's again. Under Orca, Tab said nothing in
/// Spock's window.
#[test]
fn tab_and_enter_answer_spocks_choice() {
    use star_trek_panic::game::model::offers::{self, Confirm};
    use star_trek_panic::game::model::selection::Selection;
    use star_trek_panic::game::model::window_offers::spock;
    // Spock's turn comes to phase 7 with a full bag: he draws three (the rulebook's
    // "Commander Spock" ability).
    let text = r#"(
        format: "star-trek-panic-scenario",
        version: 1,
        seed: 7,
        preset: "standard",
        players: [
            (name: "Ann", character: "spock", hand: ["tritanium"]),
            (name: "Ben", character: "scotty", hand: ["red_alert"]),
        ],
        active: 0,
        phase: DrawNewThreats,
        threats: [(kind: "klingon_cruiser", range: Long, sector: 1)],
        discard: ["evasive_maneuvers"],
    )"#;
    let scenario = stp_rules::scenario::Scenario::from_text(text).expect("the scenario parses");
    let mut state = scenario.run().0.expect("the scenario's table");
    let choices = spock(&state);
    assert_eq!(choices.len(), 6, "three drawn, two picked in order");
    let mut selection = Selection::default();
    assert_eq!(offers::in_focus(&state, &selection), Some(0));
    assert_eq!(
        offers::confirm(&state, &selection),
        Confirm::Act(choices[0].action)
    );
    offers::focus_next(&state, &mut selection);
    offers::focus_next(&state, &mut selection);
    assert_eq!(offers::in_focus(&state, &selection), Some(2));
    let Confirm::Act(third) = offers::confirm(&state, &selection) else {
        panic!("Enter takes the choice in focus");
    };
    assert_eq!(third, choices[2].action);
    state.act(third).expect("Spock's choice in focus is legal");
    assert!(
        state.turn().window.is_none(),
        "the choice answers the window"
    );
    assert_eq!(
        offers::in_focus(&state, &Selection::default()),
        None,
        "with no window open, nothing is in Tab's focus until Tab puts it there"
    );
}

/// A picked card's target is heard as the play it makes, the card and the threat with its
/// place and facing, not as the button's short words: under Orca (`scripts/orca-lesson.sh`,
/// lesson 2) the target said "Klingon Cruiser middle dot Long 1", not what Enter would fire.
#[test]
fn a_targets_button_is_heard_as_the_play_it_makes() {
    use star_trek_panic::game::model::offers;
    use star_trek_panic::game::panels::picked_card::spoken_target;
    let mut state =
        super::table_with_threats(r#"(kind: "klingon_cruiser", range: Long, sector: 1)"#);
    let phasers = crate::common::give(&mut state, 0, "phasers_forward_long");
    let plays = state.legal_plays(0, phasers);
    let targets = offers::targets(&state, &plays, None, None);
    assert_eq!(targets.len(), 1, "{targets:?}");
    let spoken = spoken_target(&state, &targets[0]).expect("a play is spoken");
    assert!(spoken.starts_with("Phasers — Forward"), "{spoken}");
    assert!(
        spoken.contains("Klingon Cruiser (Long Range, sector 1"),
        "{spoken}"
    );
    assert!(!spoken.contains('·'), "{spoken}");
    let end = star_trek_panic::game::model::offer::Offer {
        action: stp_rules::PlayerAction {
            player: 0,
            action: stp_rules::Action::EndPhase,
        },
        words: "End phase".into(),
    };
    assert_eq!(spoken_target(&state, &end), None, "not a card's play");
}

/// A trade's button is heard as the trade it makes (rulebook "Trade a Card"): under Orca
/// (`scripts/orca-lesson.sh`, a Trade phase's position, keys 1, Tab, Return) it said only the
/// other player's card, "Red Alert (Command) push button".
#[test]
fn a_trades_button_is_heard_as_the_trade_it_makes() {
    use star_trek_panic::game::panels::picked_card::spoken_target;
    let state = super::table_of(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "Ann", character: "sulu", hand: ["phasers_forward_long"]),
                      (name: "Ben", character: "scotty", hand: ["red_alert"])],
            phase: Trade, threats: [])"#,
    );
    let trade = state
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a.action, stp_rules::Action::Trade { .. }))
        .expect("a trade in the Trade phase");
    let offer = star_trek_panic::game::model::offer::Offer {
        action: trade,
        words: "Trade for Ben's Red Alert".into(),
    };
    let spoken = spoken_target(&state, &offer).expect("a trade is spoken");
    assert_eq!(
        spoken,
        "Trade Phasers — Forward, Long/Medium to Ben for Red Alert"
    );
}

/// The setup screen's Engage button, in focus as the screen opens, is heard as the crew it
/// starts, seat by seat, and its key. Under Orca the setup screen said only "frame" until Tab
/// reached a button, and its fields were "entry" and "combo box".
#[test]
fn engage_is_heard_as_the_crew_it_starts() {
    use star_trek_panic::game::crew::Seat;
    use star_trek_panic::game::screens::{SetupForm, spoken_engage};
    let form = SetupForm {
        names: vec!["Ann".into(), "Ben".into()],
        characters: vec!["kirk".into(), "random".into()],
        seats: vec![Seat::Human, Seat::Captain],
        ..SetupForm::default()
    };
    assert_eq!(
        spoken_engage(&form),
        "Engage: start a game of 2 seats: 1, Ann, Captain James T. Kirk, Human; 2, Ben, \
         random character, Captain bot. Enter."
    );
}

/// The rules reference and the key, as a screen reader hears them when they open: the topic
/// whole, without the markdown's marks, and every mark of the key in words. Under Orca, F1
/// said "frame" and K said nothing.
#[test]
fn the_reference_and_the_key_are_heard_as_they_open() {
    use star_trek_panic::game::panels::{help::spoken_topic, key::spoken_key};
    let topic = spoken_topic(
        "Boarding",
        "# Boarding\n\n**Boarders** take `1` Hull.\n- a line",
    );
    assert_eq!(
        topic,
        "Rules reference: Boarding. Boarding Boarders take 1 Hull. - a line"
    );
    let key = spoken_key();
    assert!(
        key.starts_with("Key, the table's marks: Klingon ship"),
        "{key}"
    );
    assert!(key.contains("Shield destroyed"), "{key}");
    assert!(key.ends_with("K closes it."), "{key}");
}
