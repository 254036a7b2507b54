//! The keyboard alone, headless (issue "A bridge console": every screen works from the
//! keyboard): keys go in as the window would send them (`KeyboardInput` through Bevy's
//! `InputPlugin`), and the screens and the title's focus say where the player is.

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use star_trek_panic::game::model::screen::Screen;
use star_trek_panic::game::screens::{TitleChoice, TitleMenu};
use stp_rules::{GameOptions, GameState};

use super::{app, settle, start, temp_dir};

pub(super) fn keyboard_app(data_dir: Option<std::path::PathBuf>) -> App {
    let mut app = app(data_dir);
    app.add_plugins(InputPlugin);
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn focused(app: &App) -> Option<TitleChoice> {
    app.world().resource::<TitleMenu>().focused()
}

/// One key pressed and let go, as a window sends it, with frames for the screen to follow.
pub(super) fn press(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
    app.update();
}

/// Title → setup → the table with no pointer: the focus moves with the arrows and wraps,
/// Enter chooses, Esc goes back, and Enter on setup deals the game the form describes.
#[test]
fn the_keyboard_alone_goes_from_the_title_through_setup_to_the_table() {
    let mut app = keyboard_app(None);
    assert_eq!(screen(&app), Screen::Title);
    // No autosave: no Continue, and the focus starts on New game.
    let choices = app.world().resource::<TitleMenu>().choices.clone();
    assert!(!choices.contains(&TitleChoice::Continue), "{choices:?}");
    assert_eq!(focused(&app), Some(TitleChoice::NewGame));
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(focused(&app), Some(TitleChoice::Academy));
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        focused(&app),
        Some(TitleChoice::Quit),
        "the focus wraps round"
    );
    press(&mut app, KeyCode::Tab);
    assert_eq!(focused(&app), Some(TitleChoice::NewGame));
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Setup);
    press(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Title);
    press(&mut app, KeyCode::Space);
    assert_eq!(screen(&app), Screen::Setup);
    assert!(app.world().get_resource::<GameState>().is_none());
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let state = app.world().resource::<GameState>();
    assert_eq!(state.players().len(), 2, "the form's two seats");
}

/// The title's Settings opens from the keyboard and Esc closes it; while it is open the
/// arrows belong to its controls, not the title's focus.
#[test]
fn the_titles_settings_open_and_close_from_the_keyboard() {
    let mut app = keyboard_app(None);
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(focused(&app), Some(TitleChoice::Settings));
    press(&mut app, KeyCode::Enter);
    assert!(app.world().resource::<TitleMenu>().settings_open);
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(
        focused(&app),
        Some(TitleChoice::Settings),
        "the title's focus waits"
    );
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<TitleMenu>().settings_open);
    assert_eq!(screen(&app), Screen::Title);
}

/// A first start (no settings saved) greets the player with the Academy in focus; with an
/// autosave, Continue comes first and has the focus.
#[test]
fn the_titles_focus_starts_on_the_academy_at_a_first_start_and_on_continue_with_an_autosave() {
    let dir = temp_dir("title-first-start");
    let first = keyboard_app(Some(dir.clone()));
    assert_eq!(focused(&first), Some(TitleChoice::Academy));
    drop(first);

    let mut playing = keyboard_app(Some(dir.clone()));
    start(&mut playing, GameOptions::quick(5, 2, "cadet"));
    super::bot_steps(&mut playing, 6);
    playing.update();
    drop(playing);
    let again = keyboard_app(Some(dir.clone()));
    let menu = again.world().resource::<TitleMenu>();
    assert_eq!(
        menu.choices.first(),
        Some(&TitleChoice::Continue),
        "{:?}",
        menu.choices
    );
    assert_eq!(focused(&again), Some(TitleChoice::Continue));
    let _ = std::fs::remove_dir_all(dir);
}

/// A lesson from the keyboard: N reads on past each step that asks nothing (as the window's
/// "Next [N]" does), and waits at a step that asks for an action.
#[test]
fn n_reads_on_through_a_lessons_steps() {
    use star_trek_panic::game::tutorial::{Academy, OpenLesson};
    let mut app = keyboard_app(None);
    app.world_mut().write_message(OpenLesson(0));
    for _ in 0..3 {
        app.update();
    }
    let academy = app.world().resource::<Academy>();
    assert_eq!((academy.lesson, academy.step), (Some(0), 0));
    let steps = academy.current().expect("a lesson").steps.clone();
    let reading = steps.iter().take_while(|s| s.action.is_none()).count();
    assert!(reading >= 1 && reading < steps.len());
    for expected in 1..=reading {
        press(&mut app, KeyCode::KeyN);
        assert_eq!(app.world().resource::<Academy>().step, expected);
    }
    press(&mut app, KeyCode::KeyN);
    assert_eq!(
        app.world().resource::<Academy>().step,
        reading,
        "a step that asks for an action waits for it"
    );
}

/// A command line's words.
fn words(line: &str) -> Vec<String> {
    line.split(' ').map(String::from).collect()
}

/// A headless table launched with `launch`, a few frames on.
fn setup_app(launch: star_trek_panic::game::launch::Launch) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        stp_rules::RulesPlugin,
    ))
    .insert_resource(launch)
    .add_plugins(star_trek_panic::game::headless_plugin);
    for _ in 0..3 {
        app.update();
    }
    app
}

/// A name the rules refuse (empty here; too long, or with a character that does not show
/// plainly) is said on the setup form when Engage is pressed, and nothing starts.
#[test]
fn engage_with_a_name_the_rules_refuse_says_why_and_starts_nothing() {
    use star_trek_panic::game::screens::{Engage, SetupForm};
    let mut app = setup_app(
        star_trek_panic::commands::PlayArgs::parse(&words("--setup --players 2"))
            .expect("--setup parses")
            .launch(None),
    );
    assert_eq!(screen(&app), Screen::Setup);
    app.world_mut().resource_mut::<SetupForm>().names[1] = "  ".into();
    app.world_mut().write_message(Engage);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(
        app.world().resource::<SetupForm>().error.as_deref(),
        Some("a player's name is empty")
    );
    assert!(app.world().get_resource::<stp_rules::GameState>().is_none());
}

/// `--setup` opens the setup screen straight away, filled in from the game's options, so its
/// picture needs no clicks; parsed as the command line gives it.
#[test]
fn the_setup_option_opens_the_setup_screen_filled_in() {
    use star_trek_panic::game::crew::Seat;
    use star_trek_panic::game::screens::SetupForm;
    let launch = star_trek_panic::commands::PlayArgs::parse(&words(
        "--setup --players 3 --preset commander --bots 1 --seed 77",
    ))
    .expect("--setup parses")
    .launch(None);
    assert!(launch.setup && !launch.skips_setup());
    // The command line refuses a window smaller than the game lays itself out for.
    assert_eq!(
        star_trek_panic::commands::MIN_WINDOW,
        star_trek_panic::game::launch::MIN_WINDOW
    );
    let app = setup_app(launch);
    assert_eq!(screen(&app), Screen::Setup);
    let form = app.world().resource::<SetupForm>();
    assert_eq!(form.seats, [Seat::Human, Seat::Human, Seat::Captain]);
    assert_eq!(
        (form.preset.as_str(), form.seed.as_str()),
        ("commander", "77")
    );
    assert!(
        app.world().get_resource::<stp_rules::GameState>().is_none(),
        "nothing dealt"
    );
}

/// Issue 43: B steps the keyboard through the board's sentences (each sector's forecast, each
/// mission token), round the board; the one in reach holds the focus a reader says. Any other
/// key ends the reading, so the table's keys act as before.
#[test]
fn b_reads_the_board_a_sentence_at_a_time_and_another_key_ends_it() {
    use star_trek_panic::game::model::board_reading::BoardReading;
    let mut app = keyboard_app(None);
    start(&mut app, GameOptions::quick(5, 2, "cadet"));
    app.update();
    // The table counts its sentences as it paints them; headless, nothing paints.
    app.world_mut().resource_mut::<BoardReading>().count = 3;
    let at = |app: &App| app.world().resource::<BoardReading>().at;
    assert_eq!(at(&app), None);
    press(&mut app, KeyCode::KeyB);
    assert_eq!(at(&app), Some(0));
    press(&mut app, KeyCode::KeyB);
    press(&mut app, KeyCode::KeyB);
    assert_eq!(at(&app), Some(2));
    press(&mut app, KeyCode::KeyB);
    assert_eq!(at(&app), Some(0), "round the board");
    press(&mut app, KeyCode::KeyK);
    assert_eq!(at(&app), None, "another key ends the reading");
    let mut back = BoardReading { at: None, count: 3 };
    back.step(false);
    assert_eq!(back.at, Some(2), "Shift+B starts from the last");
    back.step(false);
    assert_eq!(back.at, Some(1));
}

/// D chooses the picked card's partner, as the hand's "with:" choice does by pointer: 1 picks
/// Phasers, D pairs them with Direct Hit, Tab brings the Klingon into focus and Enter plays
/// both cards at it (before, no key reached a play with a partner or Chekov's shift).
#[test]
fn d_pairs_the_picked_card_with_direct_hit_and_enter_plays_both() {
    let mut app = keyboard_app(None);
    let position = super::table_of(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "Ann", character: "sulu", hand: ["phasers_all_long", "direct_hit"])],
            phase: PlayAndManeuver,
            threats: [(kind: "klingon_cruiser", range: Long, sector: 1)])"#,
    );
    app.world_mut()
        .write_message(stp_rules::LoadGame(Box::new(position)));
    super::settle(&mut app);
    app.update();
    let hand = |app: &App| super::state(app).players()[0].hand.clone();
    let direct_hit = hand(&app)[1];
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::KeyD);
    let selection = app
        .world()
        .resource::<star_trek_panic::game::model::selection::Selection>();
    assert_eq!(selection.with, Some(direct_hit), "D chose the partner");
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Enter);
    assert!(hand(&app).is_empty(), "both cards played: {:?}", hand(&app));
    assert!(
        super::state(&app).discard().contains(&direct_hit),
        "Direct Hit went with the Phasers"
    );
}

/// M commits the picked card to the mission, where Tab would reach the commit only after
/// every target (a screen reader's player pressed Tab seven times past Red Alert's facings);
/// a card the mission does not ask for is refused with the rules' reason and stays in hand.
#[test]
fn m_commits_the_picked_card_to_the_mission_or_says_why_not() {
    let mut app = keyboard_app(None);
    let position = super::table_of(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "Ann", character: "spock", hand: ["red_alert", "dilithium"])],
            phase: PlayAndManeuver,
            threats: [(kind: "klingon_cruiser", range: Long, sector: 1)],
            mission: Some((id: "outpost_defense", timer: Some(3),
                tokens: [(token: "outpost", range: Medium, sector: 4)], committed: [])))"#,
    );
    app.world_mut()
        .write_message(stp_rules::LoadGame(Box::new(position)));
    super::settle(&mut app);
    app.update();
    let hand = |app: &App| super::state(app).players()[0].hand.clone();
    let (red_alert, dilithium) = (hand(&app)[0], hand(&app)[1]);
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::KeyM);
    let state = super::state(&app);
    let mission = state.mission().as_ref().expect("the mission");
    assert!(
        mission.committed.iter().any(|c| c.card == red_alert),
        "Red Alert committed: {:?}",
        mission.committed
    );
    assert_eq!(hand(&app), vec![dilithium]);
    // Dilithium is Engineering: Outpost Defense asks for Command.
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::KeyM);
    assert_eq!(hand(&app), vec![dilithium], "refused, still in hand");
    let selection = app
        .world()
        .resource::<star_trek_panic::game::model::selection::Selection>();
    assert!(
        selection.refusal.is_some() && selection.message.is_some(),
        "the rules' reason: {:?}",
        selection.message
    );
}
