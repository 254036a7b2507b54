//! What the table offers: every legal action has a way in, every offer is legal, and the
//! picked card's choices and a token click go through the rules' legal plays.

use std::collections::HashSet;

use star_trek_panic::game::model::offers;
use star_trek_panic::game::model::pointing::TokenClicked;
use star_trek_panic::game::model::selection::Selection;
use stp_rules::*;

use super::{app, send, state};
use crate::common;
use crate::rules::support::set_character;

/// Over positions from bot games, the panels offer each action that the rules list for any
/// player, and nothing the validator refuses.
#[test]
fn table_offers_every_legal_action_and_only_legal_ones() {
    let mut checked = 0;
    for state in crate::legal_actions::positions(5) {
        let offered: HashSet<PlayerAction> =
            star_trek_panic::game::model::all_offers::everything(&state)
                .into_iter()
                .collect();
        for action in &offered {
            assert_eq!(
                state.validate(action),
                Ok(()),
                "offered but refused: {action:?}"
            );
        }
        for player in 0..state.players().len() as PlayerId {
            for action in state.legal_actions(player) {
                checked += 1;
                assert!(
                    offered.contains(&action),
                    "legal but the table has no way in: {action:?} (phase {:?})",
                    state.turn().phase
                );
            }
        }
    }
    assert!(checked > 1000, "only {checked} legal actions met");
}

/// Rulebook "Enterprise Cards": Yeoman Rand takes no target, so the table shows one Play
/// button for it and no list of threats, facings or sections.
#[test]
fn a_card_without_target_gets_one_play_button() {
    let mut state = common::table(2);
    let card = common::give(&mut state, 0, "yeoman_rand");
    common::place(&mut state, "klingon_cruiser", Range::Short, 1);
    let selection = Selection {
        card: Some((0, card)),
        ..Selection::default()
    };
    let plays = offers::plays(&state, &selection);
    assert!(offers::takes_no_target(&plays));
    let buttons = offers::targets(&state, &plays, None, None);
    assert_eq!(buttons.len(), 1);
    assert_eq!(buttons[0].words, "Play");
}

/// Scotty's free repair (his character card) is on the top bar for each damaged section.
#[test]
fn scotty_repair_is_offered_on_the_top_bar() {
    let mut state = common::table(2);
    set_character(&mut state, 0, "scotty");
    state.enterprise_mut().hull[3] = SectionState::Damaged;
    let repairs: Vec<offers::Control> = offers::top_bar(&state)
        .into_iter()
        .filter(|c| matches!(c.offer.action.action, Action::Repair(_)))
        .collect();
    assert_eq!(repairs.len(), 1);
    assert!(repairs[0].refusal.is_none());
    assert!(
        repairs[0].offer.words.contains("Hull 4"),
        "{}",
        repairs[0].offer.words
    );
}

/// Rulebook "When Players Are NOT Allowed to Maneuver": the maneuver buttons stay on the bar,
/// disabled, with the rules' reason.
#[test]
fn maneuver_controls_carry_the_rules_reason_when_disabled() {
    let mut state = common::table(2);
    for facing in 0..3 {
        state.enterprise_mut().hull[facing] = SectionState::Destroyed;
    }
    let bar = offers::top_bar(&state);
    let maneuvers: Vec<_> = bar
        .iter()
        .filter(|c| matches!(c.offer.action.action, Action::Maneuver(_)))
        .collect();
    assert_eq!(maneuvers.len(), 3);
    for control in maneuvers {
        assert_eq!(control.refusal, Some(Refusal::ManeuverForbiddenHull));
    }
}

/// A Hit card with Direct Hit in hand offers the pairing; the targets follow the choice.
#[test]
fn picked_hit_card_offers_direct_hit_as_partner() {
    let mut state = common::table(2);
    let hit = common::give(&mut state, 0, "photon_torpedoes");
    let direct = common::give(&mut state, 0, "direct_hit");
    let token = common::place(&mut state, "klingon_cruiser", Range::Short, 1);
    let mut selection = Selection {
        card: Some((0, hit)),
        ..Selection::default()
    };
    let plays = offers::plays(&state, &selection);
    assert_eq!(offers::partners(&plays), vec![None, Some(direct)]);
    selection.with = Some(direct);
    offers::settle(&mut selection, &plays);
    assert_eq!(selection.with, Some(direct));
    let targets = offers::targets(&state, &plays, selection.with, selection.shift);
    assert!(targets.iter().any(|o| matches!(
        o.action.action,
        Action::PlayCard { target: Target::Threat(t), with: Some(w), .. } if t == token && w == direct
    )));
}

fn loaded(state: GameState) -> bevy::prelude::App {
    let mut app = app(None);
    app.world_mut().write_message(LoadGame(Box::new(state)));
    super::settle(&mut app);
    app
}

/// Picking a card, then clicking a threat token, plays it there through the validator.
#[test]
fn clicking_a_token_plays_the_picked_card_on_it() {
    let mut table = common::table(2);
    let card = common::give(&mut table, 0, "photon_torpedoes");
    let token = common::place(&mut table, "klingon_cruiser", Range::Short, 1);
    let before = table.threat(token).map(|t| t.defense);
    let mut app = loaded(table);
    app.world_mut().resource_mut::<Selection>().card = Some((0, card));
    app.world_mut().write_message(TokenClicked(token));
    super::settle(&mut app);
    let after = state(&app).threat(token).map(|t| t.defense);
    assert_ne!(before, after, "the torpedo should have hit");
    assert!(!state(&app).players()[0].hand.contains(&card));
    assert_eq!(app.world().resource::<Selection>().card, None);
}

/// A click on a threat the picked card cannot reach shows the rules' own reason.
#[test]
fn clicking_an_unreachable_token_shows_the_rules_reason() {
    let mut table = common::table(2);
    let card = common::give(&mut table, 0, "phasers_forward_long");
    let token = common::place(&mut table, "klingon_cruiser", Range::Short, 4);
    let mut app = loaded(table);
    app.world_mut().resource_mut::<Selection>().card = Some((0, card));
    app.world_mut().write_message(TokenClicked(token));
    super::settle(&mut app);
    let message = app.world().resource::<Selection>().message.clone();
    assert_eq!(
        message.as_deref(),
        Some("Not allowed: the target is outside this card's facings.")
    );
    assert!(
        state(&app).players()[0].hand.contains(&card),
        "nothing was played"
    );
}

/// A click with no card picked says what to do instead of acting.
#[test]
fn clicking_a_token_without_a_card_explains() {
    let mut table = common::table(2);
    let token = common::place(&mut table, "klingon_cruiser", Range::Short, 1);
    let hash = table.state_hash();
    let mut app = loaded(table);
    app.world_mut().write_message(TokenClicked(token));
    super::settle(&mut app);
    let message = app.world().resource::<Selection>().message.clone().unwrap();
    assert!(message.contains("pick a card first"), "{message}");
    assert_eq!(state(&app).state_hash(), hash);
}

/// The next player's turn starts with nothing picked and no old refusal showing.
#[test]
fn a_new_turn_clears_the_selection() {
    let mut app = app(None);
    super::start(&mut app, GameOptions::quick(5, 2, "cadet"));
    let active = state(&app).turn().active;
    let card = state(&app).players()[active as usize].hand[0];
    *app.world_mut().resource_mut::<Selection>() = Selection {
        card: Some((active, card)),
        message: Some("Not allowed: old news.".into()),
        ..Selection::default()
    };
    let turn = state(&app).turn().number;
    while state(&app).turn().number == turn && !state(&app).is_over() {
        let player = state(&app).turn().active;
        let action = stp_rules::sim::fallback_action(state(&app));
        send(&mut app, PlayerAction { player, ..action });
    }
    assert_eq!(*app.world().resource::<Selection>(), Selection::default());
}

/// Hovering a token says its Defense, what it will do next (the rules' preview), and what
/// the picked card would do to it (the rules' answer) or why it cannot be played there.
#[test]
fn hovering_a_token_says_what_it_is_will_do_and_what_the_card_would_do() {
    use star_trek_panic::game::table::marks::hover::token_lines;
    use star_trek_panic::game::table::marks::intent::Foresight;
    let mut state = common::table(2);
    set_character(&mut state, 0, "sulu");
    let torpedo = common::give(&mut state, 0, "photon_torpedoes");
    let aft = common::give(&mut state, 0, "phasers_aft_short");
    let token = common::place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let defense = state.threat(token).unwrap().defense;
    let foresight = Foresight(state.threat_preview());
    let mut selection = Selection {
        card: Some((0, torpedo)),
        ..Selection::default()
    };
    let lines = token_lines(&state, &foresight, &selection, token);
    assert_eq!(lines.len(), 4, "{lines:?}");
    // The last line names the rules reference's topic that F1 opens over the token.
    assert_eq!(lines[3], "F1: the rules for Klingons");
    assert!(
        lines[0].ends_with(&format!("Defense {defense} of {defense}")),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("Next: moves to Short Range, sector 1, then fires"),
        "{lines:?}"
    );
    let expected = if defense <= 2 {
        "destroyed.".to_string()
    } else {
        format!("Defense {defense} to {}.", defense - 2)
    };
    assert!(lines[2].ends_with(&expected), "{lines:?}");
    selection.card = Some((0, aft));
    let lines = token_lines(&state, &foresight, &selection, token);
    assert!(
        lines[2].ends_with("not here (the target is outside this card's facings)."),
        "{lines:?}"
    );
}

/// Keyboard targeting: Tab brings the picked card's legal targets into focus one after
/// another, round the list, and Enter plays the one in focus.
#[test]
fn tab_cycles_the_targets_and_enter_plays_the_focused_one() {
    let mut state = common::table(2);
    let torpedo = common::give(&mut state, 0, "photon_torpedoes");
    let near = common::place(&mut state, "klingon_cruiser", Range::Short, 1);
    let far = common::place(&mut state, "romulan_battle_cruiser", Range::Long, 6);
    let mut selection = Selection {
        card: Some((0, torpedo)),
        ..Selection::default()
    };
    assert_eq!(
        offers::focused_play(&state, &selection),
        None,
        "nothing in focus yet"
    );
    let count = offers::picked_targets(&state, &selection).len();
    assert!(count >= 2);
    let mut seen = Vec::new();
    for _ in 0..count {
        offers::focus_next(&state, &mut selection);
        let play = offers::focused_play(&state, &selection).expect("a focused play");
        assert_eq!(state.validate(&play), Ok(()));
        if let Action::PlayCard {
            target: Target::Threat(t),
            ..
        } = play.action
        {
            seen.push(t);
        }
    }
    assert!(seen.contains(&near) && seen.contains(&far), "{seen:?}");
    offers::focus_next(&state, &mut selection);
    assert_eq!(selection.focus, Some(0), "round the list");
}

fn scenario(name: &str) -> GameState {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/scenarios")
        .join(name);
    scenario::Scenario::load(&path)
        .expect("the scenario loads")
        .1
}

/// Rulebook "Trade a Card": the keyboard trades as the seats' menus do. A card picked in the
/// Trade phase has no play; Tab brings its uses into focus, among them a trade for each card
/// another player holds, and Enter makes the trade in focus.
#[test]
fn the_keyboard_trades_a_picked_card_for_another_players_card() {
    let state = scenario("three_seats.ron");
    assert_eq!(state.turn().phase, Phase::Trade);
    let give = state.players()[0].hand[0];
    let mut selection = Selection {
        card: Some((0, give)),
        ..Selection::default()
    };
    let uses = offers::keyed_choices(&state, &selection);
    let others: usize = state.players()[1..].iter().map(|p| p.hand.len()).sum();
    let trades: Vec<_> = uses
        .iter()
        .filter(|o| matches!(o.action.action, Action::Trade { give: g, .. } if g == give))
        .collect();
    assert_eq!(trades.len(), others, "{uses:?}");
    assert!(trades.iter().all(|o| o.words.starts_with("Trade for ")));
    let mut seen = HashSet::new();
    for _ in 0..uses.len() {
        offers::focus_next(&state, &mut selection);
        let action = offers::focused_play(&state, &selection).expect("a use in focus");
        assert_eq!(state.validate(&action), Ok(()));
        seen.insert(format!("{action:?}"));
    }
    assert_eq!(seen.len(), uses.len(), "Tab reaches every use once round");
    let (Action::Trade { with, take, .. }, Some(trade)) = (
        trades[0].action.action,
        offers::focused_play(&state, &selection),
    ) else {
        panic!("a trade");
    };
    let mut after = state.clone();
    after.act(trade).expect("the trade in focus is legal");
    if trade == trades[0].action {
        assert!(after.players()[0].hand.contains(&take));
        assert!(after.players()[with as usize].hand.contains(&give));
    }
}

/// The boarders' window answers its number keys: its choices are listed in the order its
/// buttons show them ("Bob: play Security Team [1]", "Let them board [2]", each key on a
/// keycap), each legal.
#[test]
fn the_boarders_window_lists_its_choices_for_the_number_keys() {
    let state = scenario("boarders.ron");
    let choices = star_trek_panic::game::model::window_offers::window_choices(&state);
    assert!(choices.len() >= 2, "{choices:?}");
    assert!(matches!(
        choices[0].action.action,
        Action::PlaySecurityTeam { .. }
    ));
    assert_eq!(
        choices.last().map(|o| o.action.action),
        Some(Action::ResolveBoarding)
    );
    for choice in &choices {
        assert_eq!(state.validate(&choice.action), Ok(()), "{choice:?}");
    }
    assert!(
        star_trek_panic::game::model::window_offers::window_choices(&common::table(2)).is_empty()
    );
}

/// Kirk's ability ("take 1 card from another player's hand into yours") from the keyboard:
/// with no card picked, Tab brings each card the others hold into focus as a take, and Enter
/// takes the one in focus.
#[test]
fn with_no_card_picked_tab_reaches_kirks_take() {
    let state = scenario("crowded.ron");
    let mut selection = Selection::default();
    // Kirk's takes come first, then the turn's own controls (End phase, …).
    let takes: Vec<_> = offers::keyed_choices(&state, &selection)
        .into_iter()
        .filter(|o| matches!(o.action.action, Action::TakeCard { .. }))
        .collect();
    let others: usize = state
        .players()
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != state.turn().active as usize)
        .map(|(_, p)| p.hand.len())
        .sum();
    assert_eq!(takes.len(), others, "{takes:?}");
    offers::focus_next(&state, &mut selection);
    let take = offers::focused_play(&state, &selection).expect("a take in focus");
    let Action::TakeCard { from, card } = take.action else {
        panic!("{take:?}");
    };
    let mut after = state.clone();
    after.act(take).expect("the take is legal");
    assert!(
        after.players()[state.turn().active as usize]
            .hand
            .contains(&card)
    );
    assert!(!after.players()[from as usize].hand.contains(&card));
    // A player who is not Kirk has no such choice.
    assert!(
        !offers::keyed_choices(&scenario("table.ron"), &Selection::default())
            .iter()
            .any(|o| matches!(o.action.action, Action::TakeCard { .. }))
    );
}

/// Every action the rules allow has a way in by keyboard alone (issue "Play by keyboard and
/// screen reader alone"): a digit picks a card of the active hand, D and C choose its partner
/// and Chekov's shift, Tab brings a choice into focus and Enter takes it; with no card picked,
/// Tab reaches the table's own choices; a rules window's choices answer its digits. Over
/// positions from bot games.
#[test]
fn every_legal_action_has_a_way_in_by_keyboard() {
    use star_trek_panic::game::model::offers::{
        Confirm, confirm, cycle_partner, cycle_shift, focus_next, keyed_choices,
    };
    use star_trek_panic::game::model::window_offers::window_choices;
    let mut checked = 0;
    for state in crate::legal_actions::positions(5) {
        let active = state.turn().active;
        let mut reached: HashSet<PlayerAction> = window_choices(&state)
            .into_iter()
            .map(|o| o.action)
            .collect();
        // Each choice Tab can bring into focus from a selection, taken by Enter.
        let through_tab = |selection: &mut Selection, reached: &mut HashSet<PlayerAction>| {
            let count = keyed_choices(&state, selection).len();
            for _ in 0..count {
                focus_next(&state, selection);
                if let Confirm::Act(action) = confirm(&state, selection) {
                    reached.insert(action);
                }
            }
        };
        through_tab(&mut Selection::default(), &mut reached);
        for card in &state.players()[active as usize].hand {
            let mut picked = Selection {
                card: Some((active, *card)),
                keyed: true,
                ..Selection::default()
            };
            // As the digit's pick settles it.
            let plays = offers::plays(&state, &picked);
            offers::settle(&mut picked, &plays);
            // Every partner (D) and, with each, every shift (C): at most a few of each.
            let mut partner = picked.clone();
            for _ in 0..4 {
                let mut shifted = partner.clone();
                for _ in 0..4 {
                    let mut selection = shifted.clone();
                    through_tab(&mut selection, &mut reached);
                    if !cycle_shift(&state, &mut shifted) {
                        break;
                    }
                }
                if !cycle_partner(&state, &mut partner) {
                    break;
                }
            }
        }
        for player in 0..state.players().len() as PlayerId {
            for action in state.legal_actions(player) {
                checked += 1;
                assert!(
                    reached.contains(&action),
                    "legal, but no keys reach it: {action:?} (phase {:?}, window {:?})",
                    state.turn().phase,
                    state.turn().window,
                );
            }
        }
    }
    assert!(checked > 1000, "only {checked} legal actions met");
}
