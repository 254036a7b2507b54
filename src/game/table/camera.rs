//! The table camera: an orbit around the board (the pointer and keys move it; see `input`).

use bevy::prelude::*;

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
    app.add_systems(Startup, spawn_camera);
}

fn spawn_camera(mut commands: Commands) {
    let orbit = Orbit::default();
    commands.spawn((Camera3d::default(), orbit.transform(), orbit));
}
