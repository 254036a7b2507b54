//! The camera orbits with the right mouse button, zooms with the wheel and resets with R.

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;

use super::panels::{TableRect, on_table};

#[derive(Component, Debug, Clone, Copy)]
pub struct Orbit {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit {
            yaw: 0.0,
            pitch: 1.0,
            distance: 13.0,
        }
    }
}

impl Orbit {
    pub fn transform(&self) -> Transform {
        let offset = Vec3::new(
            self.distance * self.pitch.cos() * self.yaw.sin(),
            self.distance * self.pitch.sin(),
            self.distance * self.pitch.cos() * self.yaw.cos(),
        );
        // Aim right of the board's centre so it sits between the hands and the mission panel.
        let focus = Vec3::new(0.7, 0.0, 0.9);
        Transform::from_translation(focus + offset).looking_at(focus, Vec3::Y)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera).add_systems(
        Update,
        (orbit, reset.run_if(not(egui_wants_any_keyboard_input))),
    );
}

fn spawn_camera(mut commands: Commands) {
    let orbit = Orbit::default();
    commands.spawn((Camera3d::default(), orbit.transform(), orbit));
}

/// Right-drag orbits, the wheel zooms — when the pointer is over the table, not a panel.
fn orbit(
    mouse: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    windows: Query<&Window>,
    table_rect: Res<TableRect>,
    mut contexts: bevy_egui::EguiContexts,
    mut dragging: Local<bool>,
    mut last_cursor: Local<Option<Vec2>>,
    mut cameras: Query<(&mut Orbit, &mut Transform)>,
) {
    let cursor = windows.iter().find_map(|w| w.cursor_position());
    let over_table = match (cursor, contexts.ctx_mut()) {
        (Some(cursor), Ok(ctx)) => on_table(ctx, &table_rect, cursor),
        _ => false,
    };
    // A drag that starts on the table keeps turning the camera wherever it goes.
    if mouse.just_pressed(MouseButton::Right) {
        *dragging = over_table;
    }
    if !mouse.pressed(MouseButton::Right) {
        *dragging = false;
    }
    // Cursor movement rather than raw device motion: it works the same under every X server.
    let delta = match (cursor, *last_cursor) {
        (Some(now), Some(before)) => now - before,
        _ => Vec2::ZERO,
    };
    *last_cursor = cursor;
    let turning = *dragging && delta != Vec2::ZERO;
    let zooming = over_table && scroll.delta.y != 0.0;
    if !turning && !zooming {
        return;
    }
    for (mut orbit, mut transform) in &mut cameras {
        if turning {
            orbit.yaw -= delta.x * 0.006;
            orbit.pitch = (orbit.pitch + delta.y * 0.006).clamp(0.25, 1.5);
        }
        if zooming {
            orbit.distance = (orbit.distance * (1.0 - scroll.delta.y * 0.08)).clamp(5.0, 30.0);
        }
        *transform = orbit.transform();
    }
}

fn reset(keys: Res<ButtonInput<KeyCode>>, mut cameras: Query<(&mut Orbit, &mut Transform)>) {
    if keys.just_pressed(KeyCode::KeyR) {
        for (mut orbit, mut transform) in &mut cameras {
            *orbit = Orbit::default();
            *transform = orbit.transform();
        }
    }
}
