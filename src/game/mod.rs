//! The 3D tabletop: a Bevy app on top of the headless rules. Presentation reads the
//! `GameState` resource and the `RulesEvent` messages and sends `PlayerAction` messages; it
//! never changes game state itself, and it asks the rules what is legal.
//!
//! Each feature is a plugin in its own folder or file. Their `Update` systems run in one order,
//! set here once: input, then the rules, then pacing, then what reacts to the paced events, then
//! what follows the shown state, then animation.

// Bevy systems take each resource they use as an argument.
#![allow(clippy::too_many_arguments)]

mod accessibility;
pub mod advisor;
mod audio;
mod autoplay;
pub mod crew;
pub mod input;
pub mod launch;
pub mod measure;
pub mod model;
pub mod online;
pub mod pacing;
pub mod panels;
pub mod screens;
pub mod session;
pub mod settings;
pub mod systems;
pub mod table;
pub mod theme;
pub mod tutorial;

use bevy::prelude::*;
use bevy::window::{WindowResizeConstraints, WindowResolution};
use bevy::winit::WinitSettings;
use bevy_egui::EguiPlugin;

pub use launch::Launch;
use systems::order_systems;

/// The presentation's logic, without a window, renderer, egui context or sound: pacing,
/// screens, session (record, saves, autosave, watching again), selection, the log and
/// settings. Tests run it on `MinimalPlugins` + `StatesPlugin` + `RulesPlugin`; each action's
/// result shows at once there unless a test turns pacing on (`AnimationSpeed::skip`).
pub fn headless_plugin(app: &mut App) {
    app.insert_resource(pacing::AnimationSpeed {
        speed: 1.0,
        skip: true,
    });
    app.add_plugins(logic_plugins);
}

/// Every feature's logic, with a window or without: the one list both builds share.
fn logic_plugins(app: &mut App) {
    order_systems(app);
    app.add_plugins((
        pacing::plugin,
        advisor::plugin,
        crew::plugin,
        online::logic_plugin,
        tutorial::logic_plugin,
        screens::plugin,
        session::plugin,
        settings::plugin,
        input::logic_plugin,
        panels::logic_plugin,
    ));
}

/// What only the window adds to the features' logic: what draws, plays sound, reads the
/// pointer and keys, or drives the window.
fn window_plugins(app: &mut App) {
    app.add_plugins((
        online::window_plugin,
        tutorial::window_plugin,
        input::window_plugin,
        panels::window_plugin,
        table::plugin,
        audio::plugin,
        autoplay::plugin,
        measure::plugin,
        accessibility::window_plugin,
    ));
}

/// Opens the window and runs the game; returns the process exit code.
pub fn run(launch: Launch) -> i32 {
    let (width, height) = launch.window.unwrap_or((1280, 720));
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Star Trek Panic".into(),
                    resolution: WindowResolution::new(width, height),
                    resizable: true,
                    resize_constraints: WindowResizeConstraints {
                        min_width: crate::game::launch::MIN_WINDOW.0 as f32,
                        min_height: crate::game::launch::MIN_WINDOW.1 as f32,
                        ..default()
                    },
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                // The transport's own logs stay to errors: a hostile peer could flood them
                // (the host notes what it turns away instead).
                filter:
                    "wgpu=error,naga=warn,bevy_render=warn,iroh=error,noq=error,noq_proto=error"
                        .into(),
                ..default()
            }),
    )
    .add_plugins(EguiPlugin::default())
    .add_plugins(stp_rules::RulesPlugin)
    // Redraw only on input or while something animates.
    .insert_resource(WinitSettings::desktop_app())
    .insert_resource(launch)
    .add_plugins((logic_plugins, window_plugins));
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}
