//! Issue 38, "No traps for a newcomer": each trap a newcomer fell into, as a test named after
//! it. Keys go in as the window sends them (`KeyboardInput` through Bevy's `InputPlugin`), and
//! the table's resources say what the player would see.

use bevy::prelude::*;
use bevy_egui::egui;
use star_trek_panic::game::advisor::Advisor;
use star_trek_panic::game::model::offers;
use star_trek_panic::game::model::pointing::TokenClicked;
use star_trek_panic::game::model::record::autosave_path_in;
use star_trek_panic::game::model::screen::Screen;
use star_trek_panic::game::model::selection::Selection;
use star_trek_panic::game::model::windows::Help;
use star_trek_panic::game::model::windows::Key;
use star_trek_panic::game::model::windows::Menu;
use star_trek_panic::game::panels::menu::MenuChoice;
use star_trek_panic::game::panels::mission;
use star_trek_panic::game::screens::TitleChoice;
use stp_rules::content::builtin;
use stp_rules::files::SaveFile;
use stp_rules::*;

use super::keyboard::{keyboard_app, press};
use super::{bot_steps, settle, start, state, temp_dir};
use crate::common;

/// A table at this position, keys wired, a person in every seat.
fn table_at(position: GameState) -> App {
    let mut app = keyboard_app(None);
    app.world_mut().write_message(LoadGame(Box::new(position)));
    settle(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn selection(app: &App) -> &Selection {
    app.world().resource::<Selection>()
}

fn digit(index: usize) -> KeyCode {
    [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3][index]
}

/// Trap 1: with Yeoman Rand picked and "Play Yeoman Rand" its only choice, Enter plays it;
/// it never ends the phase. With several choices and none in focus, Enter says so and does
/// nothing; with nothing picked it does nothing either (Space ends the phase).
#[test]
fn enter_plays_the_picked_cards_only_choice_and_never_ends_the_phase() {
    let mut position = common::table(2);
    let me = position.turn().active;
    common::empty_hand(&mut position, me);
    let rand = common::give(&mut position, me, "yeoman_rand");
    let torpedoes = common::give(&mut position, me, "photon_torpedoes");
    common::place(&mut position, "klingon_cruiser", Range::Short, 1);
    common::place(&mut position, "romulan_battle_cruiser", Range::Long, 6);
    let mut app = table_at(position);
    let turn = state(&app).turn().clone();

    // Nothing picked: Enter does nothing but say what it takes.
    press(&mut app, KeyCode::Enter);
    assert_eq!(*state(&app).turn(), turn, "Enter ended the phase");
    let said = selection(&app).message.clone().unwrap_or_default();
    assert!(said.contains("Space ends the phase"), "{said}");

    // A card with several targets and none in focus: nothing happens, and it says why.
    press(&mut app, digit(1));
    assert_eq!(selection(&app).card, Some((me, torpedoes)));
    press(&mut app, KeyCode::Enter);
    assert_eq!(*state(&app).turn(), turn);
    assert!(state(&app).players()[me as usize].hand.contains(&torpedoes));
    let said = selection(&app).message.clone().unwrap_or_default();
    assert!(said.contains("Tab to one"), "{said}");
    // Space with a card picked does not end the phase either: the button it stands for is
    // not on screen.
    press(&mut app, KeyCode::Space);
    assert_eq!(
        *state(&app).turn(),
        turn,
        "Space ended the phase over a picked card"
    );

    // Yeoman Rand: one choice, "Play Yeoman Rand"; Enter plays it.
    press(&mut app, digit(0));
    let choices = offers::keyed_choices(state(&app), selection(&app));
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert_eq!(choices[0].words, "Play Yeoman Rand");
    press(&mut app, KeyCode::Enter);
    assert!(
        !state(&app).players()[me as usize].hand.contains(&rand),
        "Yeoman Rand stayed in the hand"
    );
    assert_eq!(state(&app).turn().phase, Phase::PlayAndManeuver);
    assert_eq!(state(&app).turn().active, turn.active);

    // Tab to "End phase" (no card picked) and Enter: now the phase ends, as focused.
    let controls = offers::keyed_choices(state(&app), &Selection::default());
    let end = controls
        .iter()
        .position(|o| o.action.action == Action::EndPhase)
        .expect("End phase is a keyed choice");
    for _ in 0..=end {
        press(&mut app, KeyCode::Tab);
    }
    assert_eq!(selection(&app).focus, Some(end));
    press(&mut app, KeyCode::Enter);
    assert_ne!(
        *state(&app).turn(),
        turn,
        "End phase in focus, and Enter did not end it"
    );
}

/// Trap 2: Esc closes the rules reference (the topmost window) instead of opening the menu on
/// it, and while the reference or the menu is open Space and Enter do not reach the table.
#[test]
fn esc_closes_the_topmost_window_and_the_tables_keys_wait_under_it() {
    let mut position = common::table(2);
    common::place(&mut position, "klingon_cruiser", Range::Long, 1);
    let mut app = table_at(position);
    let turn = state(&app).turn().clone();

    press(&mut app, KeyCode::F1);
    assert!(app.world().resource::<Help>().open);
    press(&mut app, KeyCode::Space);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::KeyE);
    assert_eq!(
        *state(&app).turn(),
        turn,
        "a key reached the table under the reference"
    );
    assert_eq!(state(&app).enterprise().heading, 0);
    press(&mut app, KeyCode::Escape);
    assert!(
        !app.world().resource::<Help>().open,
        "Esc left the reference open"
    );
    assert!(
        !app.world().resource::<Menu>().open,
        "Esc opened the menu over it"
    );
    // A first game opened the key too: the next Esc closes it, and still opens no menu.
    assert!(
        app.world().resource::<Key>().open,
        "a first game opens the key"
    );
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<Key>().open, "Esc left the key open");
    assert!(!app.world().resource::<Menu>().open);

    // The menu: Space waits under it, Esc closes it.
    press(&mut app, KeyCode::Escape);
    assert!(app.world().resource::<Menu>().open);
    press(&mut app, KeyCode::Space);
    assert_eq!(
        *state(&app).turn(),
        turn,
        "Space ended the phase under the menu"
    );
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<Menu>().open);

    // The menu over the reference: Esc closes the menu first, then the reference.
    press(&mut app, KeyCode::F1);
    app.world_mut().resource_mut::<Menu>().open = true;
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<Menu>().open);
    assert!(app.world().resource::<Help>().open);
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<Help>().open);

    // The advisor's word is a window too: Esc dismisses it before it puts a card back.
    app.world_mut().resource_mut::<Advisor>().note = Some("Nobody to advise.".into());
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::Escape);
    assert!(app.world().resource::<Advisor>().note.is_none());
    assert!(
        selection(&app).card.is_some(),
        "the card went back before the window"
    );
    press(&mut app, KeyCode::Escape);
    assert!(selection(&app).card.is_none());
    assert!(!app.world().resource::<Menu>().open);
    // With no card and no window, Space ends the phase as its button says.
    press(&mut app, KeyCode::Space);
    assert_ne!(*state(&app).turn(), turn);
}

/// Trap 3: Quit asks first while a game is in progress, and "Back to the title" leaves the
/// table for the title; either way the game is autosaved where it stands (mid-turn too), and
/// Continue brings back that very position.
#[test]
fn quit_asks_first_and_back_to_the_title_keeps_the_game() {
    let dir = temp_dir("leave-table");
    let mut app = keyboard_app(Some(dir.clone()));
    start(&mut app, GameOptions::quick(21, 2, "cadet"));
    bot_steps(&mut app, 7);
    let hash = state(&app).state_hash();

    app.world_mut().write_message(MenuChoice::Quit);
    app.update();
    app.update();
    assert!(app.world().resource::<Menu>().confirm_quit, "no question");
    assert!(
        app.world().resource::<Messages<AppExit>>().is_empty(),
        "the game quit without asking"
    );

    app.world_mut().write_message(MenuChoice::Title);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    assert!(
        app.world().get_resource::<GameState>().is_none(),
        "the game stayed dealt"
    );
    let saved = SaveFile::load(&autosave_path_in(&dir)).expect("an autosave");
    assert_eq!(
        saved.state.state_hash(),
        hash,
        "the autosave is not this position"
    );
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        screen(&app),
        Screen::Title,
        "something pulled the table back"
    );

    // Continue on the title: the same position.
    app.world_mut().write_message(TitleChoice::Continue);
    for _ in 0..4 {
        app.update();
    }
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(state(&app).state_hash(), hash);

    // Quit after the question: the window closes.
    app.world_mut().write_message(MenuChoice::QuitNow);
    app.update();
    app.update();
    assert!(!app.world().resource::<Messages<AppExit>>().is_empty());
    let _ = std::fs::remove_dir_all(dir);
}

/// Trap 4: the mission panel shows one line per objective, each with its own words, for every
/// mission; Space Seed's "S.S. Botany Bay" is never split from its line.
#[test]
fn every_missions_panel_shows_one_line_per_objective_in_its_own_words() {
    let ctx = egui::Context::default();
    for def in &builtin().missions {
        let mut position = crate::rules::support::mission_table(2, &def.id);
        if let Some(m) = &mut position.mission_mut() {
            m.committed.clear();
        }
        let expected = stp_rules::content::schema::objective_texts(def, &builtin().mission_tokens);
        assert_eq!(expected.len(), def.objectives.len());
        let lines = mission::objective_lines(&position);
        assert_eq!(lines.len(), def.objectives.len(), "{}", def.id);
        let mut texts = Vec::new();
        super::egui_frame_texts(
            &ctx,
            |ui| {
                let room = mission::DiagramRoom {
                    beside_list: f32::INFINITY,
                    without_scrolling: f32::INFINITY,
                    squeezed: false,
                };
                mission::mission_card(ui, &position, (None, None), room);
            },
            &mut texts,
        );
        let progress: Vec<&String> = texts
            .iter()
            .filter(|t| {
                t.split_once(' ').is_some_and(|(head, _)| {
                    head.split_once('/')
                        .is_some_and(|(a, b)| a.parse::<u8>().is_ok() && b.parse::<u8>().is_ok())
                })
            })
            .collect();
        assert_eq!(progress.len(), expected.len(), "{}: {texts:?}", def.id);
        for (shown, words) in progress.iter().zip(&expected) {
            let words = words.trim_end_matches('.');
            // A wrapped label is one text with line breaks in it, never two texts.
            assert!(
                shown.replace('\n', " ").ends_with(words),
                "{}: {shown:?} is not {words:?}",
                def.id
            );
        }
        // The card's whole objective is these lines and nothing else.
        assert_eq!(expected.join(" "), def.text.objective, "{}", def.id);
    }
    let seed = builtin()
        .missions
        .iter()
        .find(|m| m.text.objective.contains("S.S."))
        .expect("a mission with S.S. in its objective");
    let first = &stp_rules::content::schema::objective_texts(seed, &builtin().mission_tokens)[0];
    assert!(
        first.contains("S.S. Botany Bay into Short Range"),
        "{first}"
    );
}

/// Trap 5: Tractor Beam on a clicked token does not pull it either way by itself: both
/// directions are offered (with the sector each leads to), and the one picked is carried out.
#[test]
fn tractor_beam_on_a_clicked_token_offers_both_directions() {
    let mut position = common::table(2);
    let me = position.turn().active;
    let beam = common::give(&mut position, me, "tractor_beam");
    let token = common::place(&mut position, "klingon_cruiser", Range::Medium, 3);
    let mut app = table_at(position);
    let before = state(&app).clone();
    app.world_mut().resource_mut::<Selection>().card = Some((me, beam));
    app.world_mut().write_message(TokenClicked(token));
    settle(&mut app);
    assert_eq!(
        state(&app).state_hash(),
        before.state_hash(),
        "a direction was picked for the player"
    );
    assert_eq!(selection(&app).token, Some(token));
    let choices = offers::keyed_choices(state(&app), selection(&app));
    let ways: Vec<Rotation> = choices
        .iter()
        .filter_map(|o| match o.action.action {
            Action::PlayCard {
                target: Target::Shift(t, way),
                ..
            } if t == token => Some(way),
            _ => None,
        })
        .collect();
    assert_eq!(choices.len(), 2, "{choices:?}");
    assert!(ways.contains(&Rotation::Clockwise) && ways.contains(&Rotation::CounterClockwise));
    assert!(
        choices
            .iter()
            .any(|o| o.words.ends_with("clockwise to sector 4"))
    );
    assert!(
        choices
            .iter()
            .any(|o| o.words.ends_with("counter-clockwise to sector 2"))
    );
    // Enter with nothing in focus picks nothing; Tab then Enter pulls the one in focus.
    press(&mut app, KeyCode::Enter);
    assert_eq!(state(&app).state_hash(), before.state_hash());
    press(&mut app, KeyCode::Tab);
    let focused = offers::focused_play(state(&app), selection(&app)).expect("a way in focus");
    press(&mut app, KeyCode::Enter);
    let Action::PlayCard {
        target: Target::Shift(_, way),
        ..
    } = focused.action
    else {
        panic!("{focused:?}");
    };
    let sector = state(&app).threat(token).expect("on the board").pos.sector;
    assert_eq!(sector, way.next_sector(2));
}

/// Trap 6: a picked card offers "Commit to the mission" beside its targets whenever the rules
/// allow it, and the keyboard reaches it as it reaches the targets.
#[test]
fn a_picked_card_offers_commit_to_the_mission_beside_its_targets() {
    let mut position = crate::rules::support::mission_table(2, "the_naked_time");
    common::place(&mut position, "klingon_cruiser", Range::Short, 1);
    let active = position.turn().active;
    // A Medical card that can also fire at the Cruiser (Fore, Short).
    let card = position
        .deck()
        .iter()
        .copied()
        .find(|c| {
            let def = builtin().card(*c);
            def.credit == Some(content::Division::Medical)
                && matches!(&def.effect, content::CardEffect::Hit { arcs, ranges, .. }
                    if arcs.contains(&content::Arc::Forward) && ranges.contains(&Range::Short))
        })
        .expect("a Medical Hit card for Fore, Short in the deck");
    position.deck_mut().retain(|c| *c != card);
    position.players_mut()[active as usize].hand.push(card);
    assert!(!position.legal_plays(active, card).is_empty());
    let selection = Selection {
        card: Some((active, card)),
        ..Selection::default()
    };
    let choices = offers::keyed_choices(&position, &selection);
    let commit = choices
        .iter()
        .position(|o| o.words == "Commit to the mission")
        .unwrap_or_else(|| panic!("no commit among {choices:?}"));
    assert!(
        choices[..commit]
            .iter()
            .all(|o| matches!(o.action.action, Action::PlayCard { .. })),
        "the targets come first: {choices:?}"
    );
    let mut app = table_at(position);
    app.world_mut().resource_mut::<Selection>().card = Some((active, card));
    for _ in 0..=commit {
        press(&mut app, KeyCode::Tab);
    }
    press(&mut app, KeyCode::Enter);
    let committed = state(&app)
        .mission()
        .as_ref()
        .is_some_and(|m| m.committed.iter().any(|c| c.card == card));
    assert!(committed, "the card was not committed");
}

/// A refusal shows until the next accepted action: an old "Not allowed" never stands beside
/// a legal play that went through.
#[test]
fn a_refusal_clears_after_the_next_legal_play() {
    let mut position = common::table(2);
    let me = position.turn().active;
    common::empty_hand(&mut position, me);
    common::give(&mut position, me, "yeoman_rand");
    let mut app = table_at(position);
    // Yeoman Rand picked, then a second maneuver, which the rules refuse.
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::KeyW);
    press(&mut app, KeyCode::KeyW);
    assert!(
        selection(&app)
            .message
            .as_deref()
            .is_some_and(|m| m.starts_with("Not allowed")),
        "{:?}",
        selection(&app).message
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(selection(&app).card, None, "Yeoman Rand was not played");
    assert_eq!(selection(&app).message, None);
}

/// Leaving the Academy goes back to the title, with the lesson's table taken away.
#[test]
fn leaving_the_academy_goes_back_to_the_title() {
    use star_trek_panic::game::tutorial::{Academy, AcademyChoice, OpenLesson};
    let mut app = keyboard_app(None);
    app.world_mut().write_message(OpenLesson(1));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing);
    app.world_mut().write_message(AcademyChoice::Leave);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(app.world().resource::<Academy>().lesson, None);
    assert!(app.world().get_resource::<GameState>().is_none());
    assert!(app.world().get_resource::<ActionGate>().is_none());
}

/// Each card a lesson names by its full name ("Phasers — Forward, Long/Medium") is named as
/// the card itself shows it.
#[test]
fn the_lessons_name_cards_as_the_cards_show_them() {
    let names: Vec<String> = (0..builtin().cards.len() as u8)
        .map(star_trek_panic::words::describe::card_name)
        .collect();
    for lesson in star_trek_panic::words::lessons::lessons().expect("the lessons load") {
        for step in &lesson.steps {
            for (at, _) in step.say.match_indices(" — ") {
                let named = names.iter().any(|n| {
                    step.say
                        .match_indices(n.as_str())
                        .any(|(p, _)| p < at && at < p + n.len())
                });
                assert!(
                    named,
                    "{}: a card named as no card shows it, in {:?}",
                    lesson.title, step.say
                );
            }
        }
    }
}

/// The setup screen starts from the last game engaged: its difficulty, seats and names.
#[test]
fn the_setup_screen_remembers_the_last_difficulty() {
    use star_trek_panic::game::crew::Seat;
    use star_trek_panic::game::screens::SetupForm;
    let dir = temp_dir("setup-memory");
    let mut first = keyboard_app(Some(dir.clone()));
    {
        let mut form = first.world_mut().resource_mut::<SetupForm>();
        form.preset = "commander".into();
        form.seats[1] = Seat::Captain;
    }
    first.world_mut().write_message(TitleChoice::NewGame);
    first.update();
    first.update();
    press(&mut first, KeyCode::Enter);
    settle(&mut first);
    assert_eq!(state(&first).config().preset, "commander");
    for _ in 0..3 {
        first.update();
    }
    drop(first);
    let again = keyboard_app(Some(dir.clone()));
    let form = again.world().resource::<SetupForm>();
    assert_eq!(form.preset, "commander");
    assert_eq!(form.seats, vec![Seat::Human, Seat::Captain]);
    let _ = std::fs::remove_dir_all(dir);
}

/// One frame's input to a bare egui context: an 800×600 screen at `time`, with `events`.
fn raw_input(time: f64, events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 600.0),
        )),
        time: Some(time),
        events,
        ..Default::default()
    }
}

/// Clicks that did nothing (End phase in the Trade phase, the advisor's Dismiss, a settings
/// box): under software rendering a frame can take over a second, and egui timed a press by
/// frames, so a press and release with a slow frame between them was no click. The table's
/// input options count it.
#[test]
fn a_click_counts_however_slow_the_frames_between_press_and_release() {
    use star_trek_panic::game::theme::console_input;
    let frame = |ctx: &egui::Context, time: f64, events: Vec<egui::Event>| {
        let input = raw_input(time, events);
        let mut seen = (egui::Rect::NOTHING, false);
        let mut output = ctx.run_ui(input, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                let response = ui.button("End phase [Space]");
                seen = (response.rect, response.clicked());
            });
        });
        output.textures_delta.clear();
        seen
    };
    let click = |ctx: &egui::Context| {
        let (rect, _) = frame(ctx, 0.0, Vec::new());
        let at = rect.center();
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        frame(ctx, 0.1, vec![egui::Event::PointerMoved(at)]);
        frame(ctx, 0.2, vec![button(true)]);
        // The frame after the press took 1.5 s to draw.
        frame(ctx, 1.7, vec![button(false)]).1
    };
    let plain = egui::Context::default();
    assert!(
        !click(&plain),
        "egui's default counted it: the test shows nothing"
    );
    let table = egui::Context::default();
    table.options_mut(|o| console_input(&mut o.input_options));
    assert!(click(&table), "a slow frame lost the click");
}

/// The handover curtain's one button answers Enter (as Enter takes the only choice
/// everywhere), and the key that lifts it does nothing on the table behind it.
#[test]
fn enter_takes_the_conn_and_does_nothing_else() {
    use star_trek_panic::game::model::handover::Handover;
    let mut app = keyboard_app(None);
    start(&mut app, GameOptions::quick(8, 2, "cadet"));
    let mut guard = 0;
    while app.world().resource::<Handover>().0.is_none() {
        bot_steps(&mut app, 1);
        guard += 1;
        assert!(guard < 300, "no handover in a two-person game");
    }
    let hash = state(&app).state_hash();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<Handover>().0, None);
    assert_eq!(state(&app).state_hash(), hash);
    assert_eq!(
        selection(&app).message,
        None,
        "Enter spoke to the table too"
    );
}

/// A click on a slider's track moves its value there (the settings' sliders), with the
/// table's input options as with egui's own.
#[test]
fn a_click_on_a_sliders_track_moves_it() {
    use star_trek_panic::game::theme::console_input;
    for table in [false, true] {
        let ctx = egui::Context::default();
        if table {
            ctx.options_mut(|o| console_input(&mut o.input_options));
        }
        let mut value = 0.35f32;
        let frame = |time: f64, events: Vec<egui::Event>, value: &mut f32| {
            let input = raw_input(time, events);
            let mut rect = egui::Rect::NOTHING;
            let mut output = ctx.run_ui(input, |ui| {
                egui::CentralPanel::default().show(ui, |ui| {
                    rect = ui
                        .add(egui::Slider::new(value, 0.0..=1.0).fixed_decimals(2))
                        .rect;
                });
            });
            output.textures_delta.clear();
            rect
        };
        let rect = frame(0.0, Vec::new(), &mut value);
        // Near the track's right end (the value box is drawn beside the track).
        let at = egui::pos2(rect.left() + 0.9 * ui_track(rect), rect.center().y);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        frame(0.1, vec![egui::Event::PointerMoved(at)], &mut value);
        frame(0.2, vec![button(true)], &mut value);
        frame(0.3, vec![button(false)], &mut value);
        assert!(
            value > 0.6,
            "table options {table}: the click left it at {value}"
        );
        // The press and the release in one frame, as a quick click under a slow frame: egui
        // alone moves nothing; the table holds the release for the next frame.
        value = 0.35;
        let mut events = vec![button(true), button(false)];
        let later = if table {
            star_trek_panic::game::input::egui_idle::hold_release(&mut events)
        } else {
            Vec::new()
        };
        frame(0.4, events, &mut value);
        frame(0.5, later, &mut value);
        match table {
            true => assert!(value > 0.6, "a one-frame click left it at {value}"),
            false => assert_eq!(
                value, 0.35,
                "egui moved it by itself: the test shows nothing"
            ),
        }
    }
}

/// The slider's track width: egui lays the value box beside it, at the default slider width.
fn ui_track(rect: egui::Rect) -> f32 {
    rect.width().min(100.0)
}

/// Ctrl+Z undoes from the keyboard, even when the chord is quick enough that Ctrl is up again
/// by the time the frame reads the keys.
#[test]
fn a_quick_ctrl_z_undoes() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    let mut position = common::table(2);
    common::place(&mut position, "klingon_cruiser", Range::Long, 1);
    let mut app = table_at(position);
    let before = state(&app).enterprise().clone();
    press(&mut app, KeyCode::KeyE);
    assert_ne!(*state(&app).enterprise(), before, "E did not turn the ship");
    // Ctrl down, Z down, Z up, Ctrl up: all in one frame.
    for (key, pressed) in [
        (KeyCode::ControlLeft, true),
        (KeyCode::KeyZ, true),
        (KeyCode::KeyZ, false),
        (KeyCode::ControlLeft, false),
    ] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state: match pressed {
                true => ButtonState::Pressed,
                false => ButtonState::Released,
            },
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
    settle(&mut app);
    assert_eq!(
        *state(&app).enterprise(),
        before,
        "Ctrl+Z did not undo the turn"
    );
    // Ctrl down in one frame; Z down and Ctrl up in the next (as xdotool's ctrl+z arrives).
    press(&mut app, KeyCode::KeyE);
    assert_ne!(*state(&app).enterprise(), before);
    let key = |code, pressed| KeyboardInput {
        key_code: code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state: match pressed {
            true => ButtonState::Pressed,
            false => ButtonState::Released,
        },
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    app.world_mut()
        .write_message(key(KeyCode::ControlLeft, true));
    app.update();
    app.world_mut().write_message(key(KeyCode::KeyZ, true));
    app.world_mut()
        .write_message(key(KeyCode::ControlLeft, false));
    app.update();
    app.world_mut().write_message(key(KeyCode::KeyZ, false));
    app.update();
    settle(&mut app);
    assert_eq!(
        *state(&app).enterprise(),
        before,
        "a split Ctrl+Z did not undo"
    );
}

/// A second Space right after the one that ended the phase does not skip the threats' turn:
/// the threat phase plays on until a later press.
#[test]
fn a_double_space_does_not_skip_the_threats_turn() {
    use bevy::time::TimeUpdateStrategy;
    use star_trek_panic::game::pacing::{AnimationSpeed, Sequence};
    let mut position = common::table(2);
    common::place(&mut position, "klingon_cruiser", Range::Long, 1);
    let mut app = table_at(position);
    app.insert_resource(AnimationSpeed {
        speed: 1.0,
        skip: false,
    });
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(20),
    ));
    press(&mut app, KeyCode::Space);
    assert!(
        app.world().resource::<Sequence>().is_playing(),
        "no threat phase to watch"
    );
    press(&mut app, KeyCode::Space);
    assert!(
        app.world().resource::<Sequence>().is_playing(),
        "the second Space skipped the threats' turn"
    );
}

/// A bot's trade with a person here is an offer they answer, not a card taken: the bot waits
/// for the answer; declined, nothing changes hands and the bot ends its Trade phase; accepted,
/// the trade is made.
#[test]
fn a_bots_trade_with_a_person_waits_for_their_answer() {
    use star_trek_panic::game::crew::{BotRecap, Crew, Seat};
    use star_trek_panic::game::online::{AnswerOffer, OfferHere};
    for accept in [false, true] {
        let mut position = common::table(2);
        position.turn_mut().active = 1;
        common::to_phase(&mut position, Phase::Trade);
        let mut app = keyboard_app(None);
        app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Human, Seat::Ensign]);
        app.world_mut()
            .resource_mut::<star_trek_panic::game::pacing::AnimationSpeed>()
            .skip = true;
        app.world_mut().write_message(LoadGame(Box::new(position)));
        settle(&mut app);
        let hands = |app: &App| {
            let s = state(app);
            (s.players()[0].hand.clone(), s.players()[1].hand.clone())
        };
        let before = hands(&app);
        // The bot's trade, as it would choose it, offered to the person.
        let trade = {
            let s = state(&app);
            PlayerAction {
                player: 1,
                action: Action::Trade {
                    with: 0,
                    give: s.players()[1].hand[0],
                    take: s.players()[0].hand[0],
                },
            }
        };
        app.world_mut().write_message(trade);
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(
            hands(&app),
            before,
            "the bot took the person's card unasked"
        );
        assert_eq!(
            app.world().resource::<OfferHere>().0,
            Some(trade),
            "no offer shown"
        );
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(
            state(&app).turn().phase,
            Phase::Trade,
            "the bot went on without an answer"
        );
        app.world_mut().write_message(AnswerOffer(accept));
        for _ in 0..30 {
            app.update();
        }
        let after = hands(&app);
        match accept {
            true => {
                assert!(after.0.contains(&before.1[0]) && after.1.contains(&before.0[0]));
            }
            false => {
                // The bot plays on (its Play phase): the person's hand is as it was.
                assert_eq!(after.0, before.0, "a declined trade was made");
                assert!(!after.1.contains(&before.0[0]));
                assert!(
                    state(&app).turn().phase != Phase::Trade || state(&app).turn().active != 1,
                    "the bot kept offering"
                );
            }
        }
        assert!(
            app.world().resource::<BotRecap>().lines.len() <= 40,
            "the recap runs on"
        );
    }
}

/// A bot's turn is told in words as it plays, and stays told until the person here acts.
#[test]
fn a_bots_turn_is_recapped_until_the_person_acts() {
    use star_trek_panic::game::crew::{BotRecap, Crew, Seat};
    let mut app = keyboard_app(None);
    app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Human, Seat::Ensign]);
    start(&mut app, GameOptions::quick(5, 2, "cadet"));
    let mut guard = 0;
    while state(&app).turn().active == 0 {
        let action = stp_rules::bot::choose(state(&app)).expect("someone acts");
        super::send(&mut app, action);
        guard += 1;
        assert!(guard < 200);
    }
    let mut frames = 0;
    while state(&app).turn().active == 1 && !state(&app).is_over() {
        app.update();
        frames += 1;
        assert!(frames < 3_000, "the bot's turn never ends");
    }
    let recap = app.world().resource::<BotRecap>().clone();
    assert_eq!(
        recap.who.as_deref(),
        Some(state(&app).players()[1].name.as_str())
    );
    assert!(!recap.lines.is_empty(), "nothing told of the bot's turn");
    let action = stp_rules::bot::choose(state(&app)).expect("the person acts");
    super::send(&mut app, action);
    assert!(
        app.world().resource::<BotRecap>().lines.is_empty(),
        "the recap stayed"
    );
}

/// A card's right-click menu answers a click on its item (the seats' "Take it (Kirk)", the
/// trades, "Rules for this card"), with the table's input options: a press and a release on
/// the item, each in a frame of its own as the table delivers them.
#[test]
fn a_right_click_menu_answers_a_click_on_its_item() {
    use star_trek_panic::game::theme::console_input;
    use std::cell::Cell;
    let ctx = egui::Context::default();
    ctx.options_mut(|o| console_input(&mut o.input_options));
    let (clicked, item, card) = (
        Cell::new(false),
        Cell::new(egui::Rect::NOTHING),
        Cell::new(egui::Rect::NOTHING),
    );
    let frame = |time: f64, events: Vec<egui::Event>| {
        let input = raw_input(time, events);
        let mut output = ctx.run_ui(input, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                let response = ui.add(egui::Button::new("Phasers").sense(egui::Sense::click()));
                card.set(response.rect);
                response.context_menu(|ui| {
                    let take = ui.button("Take it (Kirk)");
                    item.set(take.rect);
                    if take.clicked() {
                        clicked.set(true);
                        ui.close();
                    }
                });
            });
        });
        output.textures_delta.clear();
    };
    let button = |at, which, pressed| egui::Event::PointerButton {
        pos: at,
        button: which,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    frame(0.0, Vec::new());
    let at = card.get().center();
    frame(0.1, vec![egui::Event::PointerMoved(at)]);
    frame(0.2, vec![button(at, egui::PointerButton::Secondary, true)]);
    frame(0.3, vec![button(at, egui::PointerButton::Secondary, false)]);
    frame(0.4, vec![egui::Event::PointerMoved(at)]);
    assert!(item.get().is_positive(), "the menu opened");
    let on = item.get().center();
    frame(0.5, vec![egui::Event::PointerMoved(on)]);
    frame(0.6, vec![button(on, egui::PointerButton::Primary, true)]);
    frame(0.7, vec![button(on, egui::PointerButton::Primary, false)]);
    assert!(clicked.get(), "the menu's item took no click");
}
