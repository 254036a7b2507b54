//! The threat phase, paced: the table shows the rules' events step by step, the controls and
//! the handover wait for the end, a skip shows the rest at once, and what the table shows
//! step by step ends exactly where the rules are.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use star_trek_panic::game::model::handover::Handover;
use star_trek_panic::game::pacing::{AnimationSpeed, Paced, Sequence, Shown, SkipSequence, view};
use star_trek_panic::game::panels::log::GameLog;
use stp_rules::*;

use crate::common::ActAndAdvance;

use super::{app, bot_until, start, state};

/// A headless table that paces, with a clock that moves 50 ms a frame.
fn paced_app() -> App {
    let mut app = app(None);
    app.insert_resource(AnimationSpeed {
        speed: 1.0,
        skip: false,
    });
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(50),
    ));
    app
}

/// Plays with the bot up to a Play Cards & Maneuver phase with nothing pending.
fn to_play_phase(app: &mut App) {
    assert!(bot_until(app, 400, |s| {
        s.turn().phase == Phase::PlayAndManeuver && s.awaits_players() && s.turn().window.is_none()
    }));
}

fn end_phase(app: &mut App) {
    let player = state(app).turn().active;
    app.world_mut().write_message(PlayerAction {
        player,
        action: Action::EndPhase,
    });
    app.update();
}

/// What the table shows of the board: threats, the ship and her heading.
fn board(state: &GameState) -> (Vec<ThreatOnBoard>, Enterprise) {
    let mut threats = state.threats().to_vec();
    threats.sort_by_key(|t| t.token);
    (threats, state.enterprise().clone())
}

/// The table as shown now.
fn shown_state(app: &App) -> GameState {
    app.world()
        .resource::<Shown>()
        .get()
        .expect("a game is shown")
        .clone()
}

fn shown_board(app: &App) -> (Vec<ThreatOnBoard>, Enterprise) {
    board(
        app.world()
            .resource::<Shown>()
            .get()
            .expect("a game is shown"),
    )
}

/// Rulebook "On Your Turn", phases 5–7 are automatic: the table plays them in order (naming the
/// threat acting in each step), the handover waits for the end, and the table ends where the
/// rules are.
#[test]
fn the_threat_phase_plays_step_by_step_then_hands_over() {
    let mut app = paced_app();
    start(&mut app, GameOptions::quick(7, 2, "standard"));
    app.world_mut().resource_mut::<AnimationSpeed>().skip = true;
    to_play_phase(&mut app);
    app.world_mut().resource_mut::<AnimationSpeed>().skip = false;
    let before = board(state(&app));
    let turn = state(&app).turn().number;
    end_phase(&mut app);
    // The rules are already at the next turn; the table is not.
    assert!(state(&app).turn().number > turn || state(&app).is_over());
    assert!(app.world().resource::<Sequence>().is_playing());
    assert_eq!(app.world().resource::<Handover>().0, None);
    let mut frames = 0;
    let mut steps_seen = 0;
    let mut highlighted = false;
    let mut acted = false;
    let (mut done, mut ever_done) = (Vec::new(), false);
    while app.world().resource::<Sequence>().is_playing() {
        steps_seen = steps_seen.max(app.world().resource::<Sequence>().played());
        // The table rings the piece whose step shows: one is named while threats act.
        acted |= !app.world().resource::<Sequence>().acting().is_empty();
        // A piece ticked as done acts in no step on show or to come, and stays done.
        let sequence = app.world().resource::<Sequence>();
        let now = sequence.done();
        for token in &now {
            assert!(
                !sequence.acting().contains(token),
                "{token:?} done and acting"
            );
            assert!(
                !sequence
                    .remaining()
                    .any(|e| e.acting_threat() == Some(*token)),
                "{token:?} done with a step to come"
            );
        }
        assert!(done.iter().all(|t| now.contains(t)), "a piece undone");
        done = now;
        ever_done |= !done.is_empty();
        highlighted |= !app.world().resource::<GameLog>().current.is_empty();
        assert_eq!(
            app.world().resource::<Handover>().0,
            None,
            "handover mid-sequence"
        );
        app.update();
        frames += 1;
        assert!(frames < 400, "the sequence never ends");
    }
    // Phases 5–7 at least each show a step; at 50 ms a frame, the whole takes seconds.
    assert!(steps_seen >= 3, "only {steps_seen} steps");
    assert!(frames >= 20, "the phase played in {frames} frames");
    assert!(highlighted, "no log line was highlighted");
    assert!(acted, "no step named the threat acting in it");
    assert!(ever_done, "no piece was ticked done before the phase ended");
    assert!(
        app.world().resource::<Sequence>().done().is_empty(),
        "a piece is still ticked after the phase"
    );
    assert!(
        app.world().resource::<Sequence>().acting().is_empty(),
        "a piece is still marked as acting after the phase"
    );
    assert_eq!(shown_board(&app), board(state(&app)));
    assert_ne!(
        board(state(&app)),
        before,
        "nothing happened in the threat phase"
    );
    if !state(&app).is_over() {
        assert_eq!(
            app.world().resource::<Handover>().0,
            Some(state(&app).turn().active)
        );
    }
}

/// Space or a click (`SkipSequence`) shows the rest at once: every event reaches the log, and
/// the table is the rules state.
#[test]
fn skipping_a_threat_phase_shows_the_rest_at_once() {
    let mut app = paced_app();
    start(&mut app, GameOptions::quick(11, 1, "standard"));
    app.world_mut().resource_mut::<AnimationSpeed>().skip = true;
    to_play_phase(&mut app);
    app.world_mut().resource_mut::<AnimationSpeed>().skip = false;
    let lines_before = app.world().resource::<GameLog>().lines.len();
    end_phase(&mut app);
    assert!(app.world().resource::<Sequence>().is_playing());
    let partial = app.world().resource::<GameLog>().lines.len();
    app.world_mut().write_message(SkipSequence);
    app.update();
    assert!(!app.world().resource::<Sequence>().is_playing());
    assert_eq!(shown_board(&app), board(state(&app)));
    let lines = app.world().resource::<GameLog>().lines.len();
    assert!(
        lines > partial && partial >= lines_before,
        "{lines_before} {partial} {lines}"
    );
    assert!(app.world().resource::<GameLog>().current.is_empty());
}

/// The paced stream holds every rules event once, in the rules' order.
#[test]
fn the_paced_stream_is_every_rules_event_in_order() {
    let mut app = paced_app();
    start(&mut app, GameOptions::quick(3, 2, "cadet"));
    app.world_mut().resource_mut::<AnimationSpeed>().skip = true;
    to_play_phase(&mut app);
    app.world_mut().resource_mut::<AnimationSpeed>().skip = false;
    let mut rules = app
        .world()
        .resource::<Messages<RulesEvent>>()
        .get_cursor_current();
    let mut paced = app
        .world()
        .resource::<Messages<Paced>>()
        .get_cursor_current();
    let (mut sent, mut shown) = (Vec::new(), Vec::new());
    end_phase(&mut app);
    let mut frames = 0;
    loop {
        sent.extend(
            rules
                .read(app.world().resource::<Messages<RulesEvent>>())
                .cloned(),
        );
        shown.extend(
            paced
                .read(app.world().resource::<Messages<Paced>>())
                .map(|p| p.0.clone()),
        );
        if !app.world().resource::<Sequence>().is_playing() || frames > 400 {
            break;
        }
        app.update();
        frames += 1;
    }
    assert!(!sent.is_empty());
    assert_eq!(shown, sent);
}

/// `stp_rules::replay::show_event` follows the events of every threat phase of bot games to exactly the board
/// the rules reach, so no step shows a place the rules never put a piece; and at speed 1 a
/// typical phase plays in 3–8 seconds.
#[test]
fn the_shown_board_follows_the_events_to_the_rules_board() {
    let mut phases = 0;
    let mut seconds = Vec::new();
    for (seed, players, preset) in [(1, 1, "standard"), (2, 4, "patrol"), (5, 6, "admiral")] {
        let options = GameOptions::quick(seed, players, preset);
        let mut game = GameState::new(&options).expect("the preset deals");
        game.advance();
        game.drain_events();
        while !game.is_over() && game.turn().number < 60 {
            let Some(action) = bot::choose(&game) else {
                break;
            };
            let mut shown = game.clone();
            game.act_and_advance(action)
                .expect("the bot plays legal actions");
            let events = game.drain_events();
            if !events.iter().any(view::opens_threat_phase) {
                continue;
            }
            phases += 1;
            let steps = view::steps(events);
            seconds.push(steps.iter().map(|s| s.seconds).sum::<f32>());
            for step in steps {
                for event in &step.events {
                    stp_rules::replay::show_event(&mut shown, event, &game);
                }
            }
            assert_eq!(
                board(&shown),
                board(&game),
                "seed {seed}, turn {}",
                game.turn().number
            );
        }
    }
    assert!(phases > 30, "only {phases} threat phases");
    seconds.sort_by(f32::total_cmp);
    let median = seconds[seconds.len() / 2];
    assert!(
        (3.0..=8.0).contains(&median),
        "a typical phase takes {median:.1} s"
    );
}

/// While a threat phase plays, the rim's forecast is what its steps still to come will do
/// (readers found no forecast mid-phase): at every frame, each facing's Shield and Hull taken
/// as far as the forecast says end exactly where the rules end, every shot still to come is
/// named with its facing, and once the sequence ends there is nothing left to forecast.
#[test]
fn mid_phase_the_forecast_adds_up_to_where_the_rules_end() {
    use star_trek_panic::game::table::marks::intent::still_to_come;
    let step = |now: SectionState, hits: u8| match (now, hits) {
        (s, 0) => s,
        (SectionState::Intact, 1) => SectionState::Damaged,
        _ => SectionState::Destroyed,
    };
    let mut checked = 0;
    let mut shots = 0;
    for seed in [7, 21, 40] {
        let mut app = paced_app();
        start(&mut app, GameOptions::quick(seed, 2, "standard"));
        app.world_mut().resource_mut::<AnimationSpeed>().skip = true;
        to_play_phase(&mut app);
        // A few turns in, so threats have closed in and fire (while the game lasts).
        for _ in 0..3 {
            end_phase(&mut app);
            for _ in 0..20 {
                app.update();
            }
            let play = |s: &GameState| {
                s.is_over()
                    || (s.turn().phase == Phase::PlayAndManeuver
                        && s.awaits_players()
                        && s.turn().window.is_none())
            };
            if !bot_until(&mut app, 400, play) || state(&app).is_over() {
                break;
            }
        }
        if state(&app).is_over() || state(&app).turn().phase != Phase::PlayAndManeuver {
            continue;
        }
        app.world_mut().resource_mut::<AnimationSpeed>().skip = false;
        end_phase(&mut app);
        let end = state(&app).enterprise().clone();
        let mut frames = 0;
        while app.world().resource::<Sequence>().is_playing() {
            let shown = shown_state(&app);
            let sequence = app.world().resource::<Sequence>();
            // The forecast reads up to the next draw (the bag's secret): where a drawn threat
            // does damage after it, the end of the sequence is not the forecast's end.
            let until_draw = || {
                sequence
                    .remaining()
                    .take_while(|e| !star_trek_panic::game::table::marks::intent::reveals_a_draw(e))
            };
            let drawn_damage = sequence
                .remaining()
                .skip_while(|e| !star_trek_panic::game::table::marks::intent::reveals_a_draw(e))
                .any(|e| {
                    matches!(
                        e,
                        RulesEvent::SectionDamaged { .. } | RulesEvent::SectionDestroyed { .. }
                    )
                });
            let fired: Vec<(TokenId, u8)> = until_draw()
                .filter_map(|e| match e {
                    RulesEvent::ThreatFired { token, facing, .. }
                        if shown.threat(*token).is_some() =>
                    {
                        Some((*token, *facing))
                    }
                    _ => None,
                })
                .collect();
            let forecast = still_to_come(&shown, sequence.remaining());
            for facing in 0..6 {
                let (shield, hull) = forecast.as_ref().map_or((0, 0), |p| {
                    (p.facings[facing].shield_hits, p.facings[facing].hull_hits)
                });
                if !state(&app).is_over() && !drawn_damage {
                    assert_eq!(
                        step(shown.enterprise().shields[facing], shield),
                        end.shields[facing]
                    );
                    assert_eq!(
                        step(shown.enterprise().hull[facing], hull),
                        end.hull[facing]
                    );
                }
            }
            for (token, facing) in &fired {
                assert!(
                    forecast
                        .as_ref()
                        .is_some_and(|p| p.threats.iter().any(
                            |t| t.token == *token && t.fires.is_some_and(|(f, _)| f == *facing)
                        )),
                    "a shot of {token} at facing {facing} is not forecast"
                );
            }
            shots += fired.len();
            checked += 1;
            app.update();
            frames += 1;
            assert!(frames < 600, "the sequence never ends");
        }
        let shown = shown_state(&app);
        assert_eq!(
            still_to_come(&shown, std::iter::empty()),
            None,
            "nothing to forecast after the sequence"
        );
    }
    assert!(
        checked > 30 && shots > 0,
        "{checked} frames, {shots} shots checked"
    );
}

/// A forecast never tells what the bag will bring: damage after the new threats' phase starts
/// (a comet drawn and striking) is not in it, though the sequence already holds it.
#[test]
fn the_forecast_stops_before_the_next_draw() {
    use star_trek_panic::game::table::marks::intent::still_to_come;
    use stp_rules::{SectionKind, SectionRef};
    let shown = super::table_with_threats(r#"(kind: "klingon_cruiser", range: Short, sector: 1)"#);
    let token = shown.threats()[0].token;
    let shield = SectionRef {
        kind: SectionKind::Shield,
        facing: 0,
    };
    let events = [
        RulesEvent::ThreatFired {
            token,
            facing: 0,
            damage: 1,
        },
        RulesEvent::SectionDamaged { section: shield },
        RulesEvent::PhaseStarted {
            phase: Phase::DrawNewThreats,
        },
        RulesEvent::SectionDestroyed { section: shield },
    ];
    let forecast = still_to_come(&shown, events.iter()).expect("a shot to come");
    assert_eq!(forecast.facings[0].incoming, 1);
    assert_eq!(
        forecast.facings[0].shield_hits, 1,
        "the draw's hit is not told"
    );
}

/// Mid-phase, a Tholian still to weave its web is in the forecast, moving into Short Range in
/// its sector and not firing (rulebook, "Tholians"); read 28 found it the one threat without one.
#[test]
fn the_forecast_mid_phase_names_a_tholian_still_to_web() {
    use star_trek_panic::game::table::marks::intent::still_to_come;
    use stp_rules::preview::Intent;
    let shown = super::table_with_threats(r#"(kind: "tholian", range: Medium, sector: 2)"#);
    let token = shown.threats()[0].token;
    let from = shown.threats()[0].pos;
    let to = stp_rules::Position::new(stp_rules::Range::Short, 1);
    let events = [
        RulesEvent::ThreatMoved { token, from, to },
        RulesEvent::TholianWebbed { token },
    ];
    let forecast = still_to_come(&shown, events.iter()).expect("a web to come");
    let web = forecast
        .threats
        .iter()
        .find(|t| t.token == token)
        .expect("the Tholian in the forecast");
    assert_eq!(web.what, Intent::Moves);
    assert_eq!(web.fires, None);
    assert_eq!(
        web.to,
        Some(stp_rules::Position::new(stp_rules::Range::Short, 1))
    );
}

/// Issue 43: where a screen reader runs (the platform asked for the accessibility tree) and the
/// setting is `auto`, each step of the threat phase waits for a key once it has had its time:
/// the table holds there however long it waits, a key (`NextStep`) shows the next step and
/// no more, and the phase ends where the rules are. Chosen `timed`, the phase plays on alone.
#[test]
fn with_a_screen_reader_each_threat_step_waits_for_a_key() {
    use star_trek_panic::game::pacing::NextStep;
    use star_trek_panic::game::settings::{Settings, ThreatSteps};
    let mut app = paced_app();
    let reader = bevy::a11y::AccessibilityRequested::default();
    reader.set(true);
    app.insert_resource(reader);
    start(&mut app, GameOptions::quick(7, 2, "standard"));
    app.world_mut().resource_mut::<AnimationSpeed>().skip = true;
    to_play_phase(&mut app);
    app.world_mut().resource_mut::<AnimationSpeed>().skip = false;
    end_phase(&mut app);
    let sequence = |app: &App| {
        let s = app.world().resource::<Sequence>();
        (s.is_playing(), s.awaits_key(), s.played())
    };
    assert!(app.world().resource::<Sequence>().by_key());
    let mut keys = 0;
    while sequence(&app).0 {
        // Ten seconds at 50 ms a frame: longer than any timed phase takes, and the table
        // still shows the same step.
        let (_, _, before) = sequence(&app);
        for _ in 0..200 {
            app.update();
        }
        let (playing, waits, after) = sequence(&app);
        if !playing {
            break;
        }
        assert!(waits, "step {after} does not wait for a key");
        assert!(
            after <= before + 2,
            "{before} → {after} steps without a key"
        );
        let shown_now = (shown_board(&app), sequence(&app));
        app.update();
        assert_eq!(
            (shown_board(&app), sequence(&app)),
            shown_now,
            "the table moved on without a key"
        );
        app.world_mut().write_message(NextStep);
        app.update();
        assert!(
            sequence(&app).2 > after || !sequence(&app).0,
            "a key showed no new step"
        );
        keys += 1;
        assert!(keys < 100, "the phase never ends");
    }
    assert!(keys >= 2, "only {keys} keys in a whole threat phase");
    assert_eq!(shown_board(&app), board(state(&app)));

    // Chosen timed, the next threat phase plays on without a key.
    app.world_mut().resource_mut::<Settings>().threat_steps = ThreatSteps::Timed;
    app.world_mut().resource_mut::<AnimationSpeed>().skip = true;
    to_play_phase(&mut app);
    app.world_mut().resource_mut::<AnimationSpeed>().skip = false;
    end_phase(&mut app);
    app.update();
    assert!(!app.world().resource::<Sequence>().by_key());
    let mut frames = 0;
    while sequence(&app).0 {
        app.update();
        frames += 1;
        assert!(frames < 400, "a timed phase waited");
    }
}

/// Mid-phase, once the die has moved a cloaked ship, its shot still to come leaves from where
/// the die put it: the forecast moves it there first (rulebook, "Cloaking Ships": "After
/// determining where the ships will uncloak, flip them faceup and resolve all simultaneous
/// firing"). Reads 47 and 48 saw the shot leave the sector the ship stood in while cloaked.
#[test]
fn the_forecast_mid_phase_moves_an_uncloaking_ship_before_its_shot() {
    use star_trek_panic::game::table::marks::intent::{moves_to, still_to_come};
    use stp_rules::preview::Intent;
    let shown = super::table_with_threats(
        r#"(kind: "romulan_bird_of_prey", range: Medium, sector: 4, cloaked: true)"#,
    );
    let token = shown.threats()[0].token;
    let from = shown.threats()[0].pos;
    let to = stp_rules::Position::new(stp_rules::Range::Medium, 2);
    let events = [
        RulesEvent::ThreatMoved { token, from, to },
        RulesEvent::ThreatUncloaked { token },
        RulesEvent::ThreatFired {
            token,
            facing: 2,
            damage: 1,
        },
    ];
    let forecast = still_to_come(&shown, events.iter()).expect("a shot to come");
    let shot = forecast
        .threats
        .iter()
        .find(|t| t.token == token)
        .expect("the ship in the forecast");
    assert_eq!(shot.what, Intent::MovesAndFires);
    assert_eq!(shot.fires, Some((2, 1)));
    assert_eq!(moves_to(shot), Some(to), "an arrow to where the die put it");
}

/// A cloaked ship drops its cloak in the step that shows it moving, or in the die's step where
/// the die leaves it in place (rulebook, "Cloaking Ships": "After determining where the ships
/// will uncloak, flip them faceup"). Read 52 saw a ship the die had moved still drawn cloaked.
#[test]
fn an_uncloaking_ship_flips_in_the_step_that_moves_it() {
    use view::steps;
    let token: TokenId = 3;
    let (from, to) = (Position::new(Range::Long, 4), Position::new(Range::Long, 5));
    let die = RulesEvent::DieRolled {
        purpose: DieRollPurpose::Uncloak,
        value: 6,
    };
    let moved = RulesEvent::ThreatMoved { token, from, to };
    let uncloaked = RulesEvent::ThreatUncloaked { token };
    let shown = steps([die.clone(), moved.clone(), uncloaked.clone()]);
    assert_eq!(
        shown.len(),
        2,
        "the die, then the move with its flip: {shown:?}"
    );
    assert_eq!(shown[1].events, vec![moved, uncloaked.clone()]);
    let in_place = steps([die.clone(), uncloaked.clone()]);
    assert_eq!(
        in_place.len(),
        1,
        "left in place, it flips with the die: {in_place:?}"
    );
    assert_eq!(in_place[0].events, vec![die, uncloaked]);
}

/// Rulebook "Commander Spock": he draws three new threats and picks two to resolve, in order.
/// His pick goes on with phase 7, so the threats it brings arrive as paced steps, each a step
/// a screen reader hears ("Next step"), not all at once with the next turn.
#[test]
fn spocks_pick_brings_its_threats_step_by_step() {
    let (chosen, placed) = (
        RulesEvent::ThreatChosen { token: 3 },
        RulesEvent::ThreatPlaced {
            token: 3,
            pos: Position::new(Range::Long, 2),
        },
    );
    assert!(view::opens_threat_phase(&chosen));
    let shown = view::steps([chosen.clone(), placed.clone()]);
    assert_eq!(shown.len(), 2, "the pick, then the arrival: {shown:?}");
    assert_eq!(shown[0].events, vec![chosen]);
    assert_eq!(shown[1].events, vec![placed]);
}
