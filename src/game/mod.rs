//! The 3D tabletop: a Bevy app on top of the headless rules. Presentation reads the
//! `GameState` resource and the `RulesEvent` messages and sends `PlayerAction` messages; it
//! never changes game state itself.

// Bevy systems take each resource they use as an argument.
#![allow(clippy::too_many_arguments)]

mod audio;
mod autoplay;
mod camera;
mod describe;
mod egui_idle;
mod input;
mod panels;
mod screens;
mod selection;
mod session;
mod table;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy::winit::WinitSettings;
use bevy_egui::EguiPlugin;
use std::path::PathBuf;

/// What the command line asked for.
#[derive(Debug, Clone, Default, Resource)]
pub struct Launch {
    pub seed: Option<u64>,
    pub players: Option<usize>,
    pub preset: Option<String>,
    pub autoplay_turns: u32,
    pub screenshot: Option<PathBuf>,
    /// A saved game to open (already checked by the command line).
    pub load: Option<PathBuf>,
}

impl Launch {
    /// Whether the command line names a game, so the setup screen is skipped.
    pub fn skips_setup(&self) -> bool {
        self.seed.is_some()
            || self.players.is_some()
            || self.preset.is_some()
            || self.load.is_some()
    }
}

/// Opens the window and runs the game; returns the process exit code.
pub fn run(launch: Launch) -> i32 {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Star Trek Panic".into(),
                    resolution: WindowResolution::new(1280, 720),
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn".into(),
                ..default()
            }),
    )
    .add_plugins(EguiPlugin::default())
    .add_plugins(stp_rules::RulesPlugin)
    // Redraw only on input or while something animates.
    .insert_resource(WinitSettings::desktop_app())
    .insert_resource(launch)
    .add_plugins((
        screens::plugin,
        table::plugin,
        camera::plugin,
        selection::plugin,
        panels::plugin,
        input::plugin,
        describe::plugin,
        audio::plugin,
        autoplay::plugin,
        egui_idle::plugin,
        session::plugin,
    ));
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}
