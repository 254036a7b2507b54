//! The camera orbits with the right mouse button, zooms with the wheel and resets with R.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

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
        (
            orbit.run_if(not(egui_wants_any_pointer_input)),
            reset.run_if(not(egui_wants_any_keyboard_input)),
        ),
    );
}

fn spawn_camera(mut commands: Commands) {
    let orbit = Orbit::default();
    commands.spawn((Camera3d::default(), orbit.transform(), orbit));
}

fn orbit(
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut cameras: Query<(&mut Orbit, &mut Transform)>,
) {
    let turning = mouse.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO;
    if !turning && scroll.delta.y == 0.0 {
        return;
    }
    for (mut orbit, mut transform) in &mut cameras {
        if turning {
            orbit.yaw -= motion.delta.x * 0.006;
            orbit.pitch = (orbit.pitch + motion.delta.y * 0.006).clamp(0.25, 1.5);
        }
        orbit.distance = (orbit.distance * (1.0 - scroll.delta.y * 0.08)).clamp(5.0, 30.0);
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
