//! The session as a player meets it: saving and loading from the menu, the autosave at each
//! handover, undo, the hot-seat handover, watching a game again and playing it again.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use star_trek_panic::game::model::handover::Handover;
use star_trek_panic::game::model::record::{Record, Replaying, SaveRequest, SaveStatus};
use star_trek_panic::game::model::screen::Screen;
use star_trek_panic::game::screens::game_over::play_again;
use star_trek_panic::game::screens::handover::handover_title;
use star_trek_panic::game::session::{replay_step, start_replay, stop_watching};
use stp_rules::files::SaveFile;
use stp_rules::*;

use super::{app, bot_steps, bot_until, settle, start, state, temp_dir};

fn record(app: &App) -> &Record {
    app.world().resource::<Record>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// A game played `steps` bot actions into a fresh data folder, then saved from the menu.
fn saved_game(name: &str, options: GameOptions, steps: usize) -> (App, std::path::PathBuf) {
    let dir = temp_dir(name);
    let mut app = app(Some(dir.clone()));
    start(&mut app, options);
    bot_steps(&mut app, steps);
    save(&mut app);
    (app, dir)
}

/// A two-player cadet game the bot has played to its end.
fn finished_game(seed: u64) -> App {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(seed, 2, "cadet"));
    assert!(bot_until(&mut app, 3000, |s| s.is_over()));
    app
}

/// The menu's Save, carried out.
fn save(app: &mut App) {
    app.world_mut().write_message(SaveRequest::Save);
    app.update();
}

fn status(app: &App) -> String {
    app.world()
        .resource::<SaveStatus>()
        .0
        .clone()
        .unwrap_or_default()
}

/// The menu asks for a load; the rules take the loaded game on the next frame.
fn load(app: &mut App, request: SaveRequest) {
    app.world_mut().write_message(request);
    load_frames(app);
}

/// The frames a load takes: the rules take the game, then the screen follows it.
fn load_frames(app: &mut App) {
    app.update();
    settle(app);
    app.update();
}

/// The menu's Save writes the game with its actions; Load puts that exact game back on the
/// table, with its record, after more has been played.
#[test]
fn save_then_load_restores_the_game_and_its_record() {
    let dir = temp_dir("save-load");
    let mut app = app(Some(dir.clone()));
    start(&mut app, GameOptions::quick(12, 2, "ensign"));
    bot_steps(&mut app, 15);
    let hash = state(&app).state_hash();
    let actions = record(&app).actions.clone();
    save(&mut app);
    assert_eq!(status(&app), "Saved.");
    let path = dir.join("save.json");
    assert_eq!(SaveFile::load(&path).unwrap().actions, actions);
    bot_steps(&mut app, 10);
    assert_ne!(state(&app).state_hash(), hash);
    load(&mut app, SaveRequest::Load(path));
    assert_eq!(state(&app).state_hash(), hash);
    assert_eq!(record(&app).actions, actions);
    assert!(status(&app).starts_with("Loaded"), "{}", status(&app));
}

/// A damaged save is refused with a message, and the game on the table is untouched.
#[test]
fn a_bad_save_is_refused_and_the_game_stays() {
    let dir = temp_dir("bad-save");
    let path = dir.join("broken.json");
    std::fs::write(&path, "{\"format\": \"star-trek-panic-save\", \"ver").unwrap();
    let mut app = app(Some(dir));
    start(&mut app, GameOptions::quick(2, 2, "cadet"));
    let hash = state(&app).state_hash();
    load(&mut app, SaveRequest::Load(path));
    assert!(status(&app).starts_with("Cannot load"), "{}", status(&app));
    assert_eq!(state(&app).state_hash(), hash);
}

/// Each turn handover writes the autosave, which loads as the game at that handover.
#[test]
fn the_autosave_is_written_at_each_turn_handover() {
    let dir = temp_dir("autosave");
    let mut app = app(Some(dir.clone()));
    start(&mut app, GameOptions::quick(8, 2, "cadet"));
    let path = dir.join("autosave.json");
    assert!(bot_until(&mut app, 200, |s| s.turn().number >= 2));
    let save = SaveFile::load(&path).expect("an autosave after the first handover");
    assert_eq!(save.state.turn().number, 2);
    assert_eq!(save.actions, record(&app).actions[..save.actions.len()]);
}

/// Continuing the autosave (made at a handover, part-way through the turn's automatic
/// phases) brings back the log so far, each line once: what the loaded game has still to
/// do, it logs as it does it.
#[test]
fn continuing_the_autosave_brings_back_its_log_once() {
    use star_trek_panic::game::panels::log::GameLog;
    let lines = |app: &App| -> Vec<(u32, u8, String)> {
        let log = app.world().resource::<GameLog>();
        log.lines
            .iter()
            .map(|l| (l.turn, l.player, l.text.clone()))
            .collect()
    };
    let dir = temp_dir("autosave-log");
    let mut app = app(Some(dir.clone()));
    start(&mut app, GameOptions::quick(8, 2, "cadet"));
    assert!(bot_until(&mut app, 400, |s| s.turn().number >= 3));
    settle(&mut app);
    let before = lines(&app);
    let path = dir.join("autosave.json");
    assert_eq!(
        SaveFile::load(&path)
            .expect("an autosave")
            .state
            .turn()
            .number,
        3
    );
    start(&mut app, GameOptions::quick(9, 2, "cadet"));
    load(&mut app, SaveRequest::Load(path));
    let after = lines(&app);
    assert!(after.iter().any(|(turn, _, _)| *turn == 1), "{after:?}");
    // Turn 3's start and its automatic phases, once each: rebuilt up to the autosave's
    // moment, then logged by the loaded game itself.
    for line in [
        "— Turn 3",
        "Phase 1: Draw Enterprise Cards",
        "Phase 3: Trade a Card",
    ] {
        let seen = after
            .iter()
            .filter(|(turn, _, text)| *turn == 3 && text.starts_with(line))
            .count();
        assert_eq!(seen, 1, "{line}: {after:?}");
    }
    // The same lines as the table showed when it saved, up to where it stands.
    let shared = before.len().min(after.len());
    assert_eq!(before[..shared], after[..shared]);
}

/// Undo takes back the last action, in the rules and in the record that saves are made of.
#[test]
fn undo_takes_back_the_last_recorded_action() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(30, 1, "patrol"));
    let active = state(&app).turn().active;
    let maneuver = state(&app)
        .legal_actions(active)
        .into_iter()
        .find(|a| matches!(a.action, Action::Maneuver(_)));
    let maneuver = maneuver.or_else(|| {
        super::send(
            &mut app,
            PlayerAction {
                player: active,
                action: Action::EndPhase,
            },
        );
        state(&app)
            .legal_actions(active)
            .into_iter()
            .find(|a| matches!(a.action, Action::Maneuver(_)))
    });
    let maneuver = maneuver.expect("a maneuver in the first turn");
    let before = (state(&app).state_hash(), record(&app).actions.len());
    super::send(&mut app, maneuver);
    assert_eq!(record(&app).actions.len(), before.1 + 1);
    app.world_mut()
        .write_message(UndoRequest { player: active });
    settle(&mut app);
    assert_eq!(
        (state(&app).state_hash(), record(&app).actions.len()),
        before
    );
}

/// In a hot-seat game the next player's turn waits behind the handover; alone, it does not.
#[test]
fn the_handover_names_the_next_player_in_a_hot_seat_game() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(6, 2, "cadet"));
    app.world_mut().resource_mut::<Handover>().0 = None;
    bot_until(&mut app, 200, |s| s.turn().number >= 2);
    assert_eq!(
        app.world().resource::<Handover>().0,
        Some(state(&app).turn().active)
    );

    let mut solo = super::app(None);
    start(&mut solo, GameOptions::quick(6, 1, "cadet"));
    bot_until(&mut solo, 200, |s| s.turn().number >= 2);
    assert_eq!(solo.world().resource::<Handover>().0, None);
}

/// The handover names the seat once: "Player 2 — Scott", not "Player 2 — Player 2 — Scott".
#[test]
fn the_handover_title_names_the_player_once() {
    let title = handover_title("Player 2", "Lt. Cmdr. Montgomery Scott");
    assert_eq!(title, "Player 2 — Lt. Cmdr. Montgomery Scott");
    assert_eq!(title.matches("Player 2").count(), 1);
}

/// The screen follows the game: the title first, the table once dealt, game over once it ends.
#[test]
fn screens_follow_the_game_from_table_to_game_over() {
    let mut app = app(None);
    assert_eq!(screen(&app), Screen::Title);
    start(&mut app, GameOptions::quick(9, 2, "cadet"));
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(bot_until(&mut app, 3000, |s| s.is_over()));
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
}

/// "Watch again" plays the recorded actions through the validator to the same final state;
/// "Next step" sends one action at a time.
#[test]
fn watching_a_game_again_replays_it_step_by_step() {
    let mut app = finished_game(14);
    let final_hash = state(&app).state_hash();
    let finished = record(&app).clone();
    let finished_len = finished.actions.len();
    watch_again(&mut app);
    settle(&mut app);
    for expected in 1..=3 {
        app.world_mut()
            .run_system_once(
                |mut replaying: ResMut<Replaying>, mut actions: MessageWriter<PlayerAction>| {
                    replay_step(&mut replaying, &mut actions);
                },
            )
            .unwrap();
        settle(&mut app);
        assert_eq!(app.world().resource::<Replaying>().next, expected);
        assert_eq!(record(&app).actions.len(), expected);
    }
    let mut replaying = app.world_mut().resource_mut::<Replaying>();
    replaying.playing = true;
    replaying.step_seconds = 0.0;
    for _ in 0..5000 {
        if state(&app).is_over() {
            break;
        }
        app.update();
    }
    assert_eq!(state(&app).state_hash(), final_hash);
    app.update();
    let replaying = app.world().resource::<Replaying>();
    assert_eq!(replaying.next, finished_len);
    assert!(!replaying.playing, "play stops at the last step");
}

fn watch_again(app: &mut App) {
    let finished = record(app).clone();
    let over = state(app).clone();
    app.world_mut()
        .run_system_once(
            move |mut replaying: ResMut<Replaying>,
                  mut start: MessageWriter<StartGame>,
                  mut loads: MessageWriter<LoadGame>| {
                start_replay(&finished, &over, &mut replaying, &mut start, &mut loads);
            },
        )
        .unwrap();
    settle(app);
}

/// "Stop watching" goes back to the finished game's game-over screen, not to a new game.
#[test]
fn stop_watching_goes_back_to_the_finished_game() {
    let mut app = finished_game(15);
    let final_hash = state(&app).state_hash();
    let actions = record(&app).actions.clone();
    watch_again(&mut app);
    bot_steps(&mut app, 3);
    assert_ne!(
        state(&app).state_hash(),
        final_hash,
        "watching from the start"
    );
    app.world_mut()
        .run_system_once(
            |mut replaying: ResMut<Replaying>,
             mut record: ResMut<Record>,
             mut loads: MessageWriter<LoadGame>| {
                stop_watching(&mut replaying, &mut record, &mut loads);
            },
        )
        .unwrap();
    load_frames(&mut app);
    assert_eq!(state(&app).state_hash(), final_hash);
    assert_eq!(record(&app).actions, actions);
    assert!(app.world().resource::<Replaying>().record.is_none());
    assert_eq!(screen(&app), Screen::GameOver);
}

/// "Play again" after a load deals the loaded game's options, not the game played before it.
#[test]
fn play_again_after_a_load_deals_the_loaded_game() {
    let (mut app, dir) = saved_game("play-again", GameOptions::quick(77, 3, "ensign"), 5);
    start(&mut app, GameOptions::quick(5, 2, "cadet"));
    load(&mut app, SaveRequest::Load(dir.join("save.json")));
    let again = play_again(record(&app), None).expect("options");
    assert_eq!(
        (again.seed, again.preset.as_str(), again.players.len()),
        (77, "ensign", 3)
    );
    let fresh = play_again(record(&app), Some(1234)).unwrap();
    assert_eq!((fresh.seed, fresh.preset.as_str()), (1234, "ensign"));
}

/// `--scenario` (and the session's request behind it) opens the table at the scenario's
/// position: the same state `replay` reaches, with the scenario's seats.
#[test]
fn a_scenario_opens_the_table_at_its_position() {
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/scenarios/comet.ron"
    ));
    let (options, expected) = stp_rules::scenario::Scenario::load(path).expect("scenario");
    let dir = temp_dir("scenario-save");
    let mut app = app(Some(dir.clone()));
    load(&mut app, SaveRequest::OpenScenario(path.to_path_buf()));
    assert_eq!(state(&app).state_hash(), expected.state_hash());
    assert_eq!(record(&app).options.as_ref(), Some(&options));
    assert!(status(&app).starts_with("Opened"), "{}", status(&app));
    assert_eq!(screen(&app), Screen::Playing);
    // Played on and saved, the game keeps its start: its actions check on the load, and
    // "watch again" starts from the scenario's position, not from a new game.
    bot_steps(&mut app, 4);
    assert!(!record(&app).actions.is_empty());
    let hash = state(&app).state_hash();
    save(&mut app);
    let saved = SaveFile::load(&dir.join("save.json")).expect("the save checks");
    assert_eq!(
        saved.start.map(|s| s.state_hash()),
        Some(expected.state_hash())
    );
    load(&mut app, SaveRequest::Load(dir.join("save.json")));
    assert!(status(&app).starts_with("Loaded"), "{}", status(&app));
    assert_eq!(state(&app).state_hash(), hash);
    let start = record(&app).start.as_ref().map(|s| s.state_hash());
    assert_eq!(start, Some(expected.state_hash()));
}

/// The menu closes, with no stale "Loaded…" line, when it starts a new game or a load.
#[test]
fn the_menu_closes_on_new_game_and_on_load() {
    use star_trek_panic::game::model::windows::Menu;
    use star_trek_panic::game::panels::menu::MenuChoice;
    let (mut app, dir) = saved_game("menu", GameOptions::quick(4, 2, "cadet"), 0);
    let open_menu = |app: &mut App| {
        app.world_mut().resource_mut::<Menu>().open = true;
        app.world_mut().resource_mut::<SaveStatus>().0 = Some("Loaded an old game".into());
    };
    open_menu(&mut app);
    app.world_mut()
        .write_message(MenuChoice::Load(dir.join("save.json")));
    load_frames(&mut app);
    assert!(!app.world().resource::<Menu>().open);
    assert!(
        status(&app).starts_with("Loaded"),
        "the load's own message: {}",
        status(&app)
    );
    open_menu(&mut app);
    app.world_mut().write_message(MenuChoice::NewGame);
    app.update();
    app.update();
    assert!(!app.world().resource::<Menu>().open);
    assert_eq!(status(&app), "");
    assert_eq!(screen(&app), Screen::Setup);
}

/// A finished game opened on the table (here a scenario that ends in victory) shows the
/// game-over screen, not the setup screen.
#[test]
fn a_finished_game_opens_on_the_game_over_screen() {
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/scenarios/game_over.ron"
    ));
    let mut app = app(None);
    load(&mut app, SaveRequest::OpenScenario(path.to_path_buf()));
    assert!(state(&app).is_over());
    assert_eq!(screen(&app), Screen::GameOver);
}

/// The result names missions only where the game had them (issue "A bridge console": "No
/// mission in play" and "all missions done" read correctly in every preset).
#[test]
fn the_result_says_when_a_game_had_no_missions() {
    use star_trek_panic::game::screens::game_over::missions_line;
    let mut stats = stp_rules::stats::GameStats::default();
    assert_eq!(missions_line(&stats, 0), "Missions: none in this game");
    stats.missions_completed = 2;
    stats.missions_failed = 1;
    assert_eq!(
        missions_line(&stats, 3),
        "Missions completed: 2 (of 3 required), failed: 1"
    );
}
