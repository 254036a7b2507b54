//! The tabletop's systems, headless: `game::headless_plugin` on `MinimalPlugins` +
//! `StatesPlugin` + `RulesPlugin`, in the style of Bevy's `tests/how_to_test_systems.rs`.
//! Messages go in, the app updates, and the resources say what the player would see.

mod academy;
mod accessibility;
mod console;
mod crew;
mod framing;
mod keyboard;
mod log;
mod newcomer;
mod offers;
mod online;
mod online_edges;
mod pacing;
mod rim_words;
mod session;
mod settings;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use star_trek_panic::game::{self, Launch};
use stp_rules::{GameOptions, GameState, PlayerAction, RulesPlugin, StartGame, bot};

/// A headless tabletop; `data_dir` is where saves and settings go (a fresh temporary folder).
pub fn app(data_dir: Option<std::path::PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, RulesPlugin))
        .insert_resource(Launch {
            data_dir,
            ..Launch::default()
        })
        .add_plugins(game::headless_plugin);
    app.update();
    app
}

pub(crate) use crate::trust::scratch_dir as temp_dir;

pub fn start(app: &mut App, options: GameOptions) {
    app.world_mut().write_message(StartGame(options));
    settle(app);
}

/// Runs frames until the rules wait for a player or the game ends.
pub fn settle(app: &mut App) {
    for _ in 0..12 {
        app.update();
        let state = app.world().resource::<GameState>();
        if state.awaits_players() || state.is_over() {
            return;
        }
    }
}

/// The table a scenario's text sets out (the tests' positions written inline).
pub fn table_of(text: &str) -> GameState {
    stp_rules::scenario::Scenario::from_text(text)
        .expect("parses")
        .table()
        .expect("a table")
}

/// A one-seat table in the Play phase with these threats (a scenario's list, "(kind: …,
/// range: …, sector: …), …"): the positions the table's tests write inline.
pub fn table_with_threats(threats: &str) -> GameState {
    table_of(&format!(
        r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
            players: [(name: "Ann", character: "sulu", hand: [])], phase: PlayAndManeuver,
            threats: [{threats}])"#
    ))
}

pub fn state(app: &App) -> &GameState {
    app.world().resource::<GameState>()
}

pub fn send(app: &mut App, action: PlayerAction) {
    app.world_mut().write_message(action);
    settle(app);
}

/// Lets the built-in bot act `steps` times through messages (or until the game ends).
pub fn bot_steps(app: &mut App, steps: usize) {
    for _ in 0..steps {
        let Some(action) = bot::choose(state(app)) else {
            return;
        };
        send(app, action);
    }
}

/// Plays with the bot until `done` holds (at most `limit` actions); whether it did.
pub fn bot_until(app: &mut App, limit: usize, done: impl Fn(&GameState) -> bool) -> bool {
    for _ in 0..limit {
        if done(state(app)) {
            return true;
        }
        let Some(action) = bot::choose(state(app)) else {
            return done(state(app));
        };
        send(app, action);
    }
    done(state(app))
}

/// One frame of a bare egui context (no window, no renderer) with these keys pressed, drawing
/// `draw` in a 1280x720 panel: how egui's own focus is tested headless.
pub fn egui_frame(
    ctx: &bevy_egui::egui::Context,
    keys: &[bevy_egui::egui::Key],
    mut draw: impl FnMut(&mut bevy_egui::egui::Ui),
) {
    use bevy_egui::egui;
    let events = keys
        .iter()
        .map(|&key| egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        })
        .collect();
    let input = egui::RawInput {
        events,
        ..window_input()
    };
    let mut output = ctx.run_ui(input, |ui| {
        egui::CentralPanel::default().show(ui, &mut draw);
    });
    // No renderer here to take the font atlas: dropped on purpose.
    output.textures_delta.clear();
}

/// One frame of a bare egui context drawing `draw` in a 1280x720 panel, and every text it
/// painted, in the order painted: what a panel shows, as a test can read it.
pub fn egui_frame_texts(
    ctx: &bevy_egui::egui::Context,
    mut draw: impl FnMut(&mut bevy_egui::egui::Ui),
    texts: &mut Vec<String>,
) {
    use bevy_egui::egui;
    fn collect(shape: &egui::Shape, texts: &mut Vec<String>) {
        match shape {
            egui::Shape::Text(text) => texts.push(text.galley.text().to_string()),
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, texts)),
            _ => {}
        }
    }
    let input = window_input();
    let mut output = ctx.run_ui(input, |ui| {
        egui::CentralPanel::default().show(ui, &mut draw);
    });
    for clipped in &output.shapes {
        collect(&clipped.shape, texts);
    }
    // No renderer here to take the font atlas: dropped on purpose.
    output.textures_delta.clear();
}

/// A bare egui frame's input: a 1280x720 window and nothing pressed.
pub(crate) fn window_input() -> bevy_egui::egui::RawInput {
    use bevy_egui::egui;
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        ..Default::default()
    }
}
