//! The window's own keys: R resets the camera, F11 full screen. The table's keys are in
//! `hotkeys`.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};

use super::hotkeys::{keys_are_free, no_window_takes_keys};
use crate::game::systems::GameSystems;
use crate::game::table::scene::camera::Orbit;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (reset_camera.run_if(no_window_takes_keys), toggle_fullscreen)
            .run_if(keys_are_free)
            .in_set(GameSystems::Input),
    );
}

/// F11 switches between a window and borderless full screen.
fn toggle_fullscreen(
    keys: Res<ButtonInput<KeyCode>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !keys.just_pressed(KeyCode::F11) {
        return;
    }
    for mut window in &mut windows {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}

/// R puts the camera back where it started.
fn reset_camera(keys: Res<ButtonInput<KeyCode>>, mut cameras: Query<(&mut Orbit, &mut Transform)>) {
    if keys.just_pressed(KeyCode::KeyR) {
        for (mut orbit, mut transform) in &mut cameras {
            orbit.reset();
            *transform = orbit.transform();
        }
    }
}
