//! Two cameras: the table's 3D camera, drawn only in the part of the window the panels leave
//! free (so the board is never under a panel, at any window size or UI scale), and an
//! overlay camera that draws egui over the whole window. The pointer and keys move the orbit
//! (see `input`).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiGlobalSettings, PrimaryEguiContext};

use crate::game::GameSystems;
use crate::game::input::pointer::TableRect;

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
            distance: 11.5,
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
        // Aim just below the board's centre so the near piles stay in view.
        let focus = Vec3::new(0.0, 0.0, 0.3);
        Transform::from_translation(focus + offset).looking_at(focus, Vec3::Y)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_cameras)
        .add_systems(Update, fit_to_table.in_set(GameSystems::Present));
}

fn spawn_cameras(mut commands: Commands, mut egui: ResMut<EguiGlobalSettings>) {
    let orbit = Orbit::default();
    commands.spawn((Camera3d::default(), orbit.transform(), orbit));
    // egui gets its own camera over the whole window: on the 3D camera it would be squeezed
    // into that camera's viewport.
    egui.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// The window area (logical pixels) that the panels leave to the table, from the panels'
/// rectangle in egui points; `None` before the panels are laid out (setup screen).
pub fn table_area(rect: &TableRect, zoom: f32) -> Option<Rect> {
    let r = rect.0;
    (r.is_positive() && r.width() > 8.0 && r.height() > 8.0).then(|| {
        Rect::new(
            r.min.x * zoom,
            r.min.y * zoom,
            r.max.x * zoom,
            r.max.y * zoom,
        )
    })
}

/// Keeps the 3D camera's viewport on the table's area.
fn fit_to_table(
    rect: Res<TableRect>,
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cameras: Query<&mut Camera, With<Orbit>>,
) {
    let zoom = contexts.ctx_mut().map_or(1.0, |ctx| ctx.zoom_factor());
    let scale = window.scale_factor();
    let full = UVec2::new(window.physical_width(), window.physical_height());
    let viewport = table_area(&rect, zoom).and_then(|area| {
        let min = (area.min * scale).as_uvec2().min(full);
        let max = (area.max * scale).as_uvec2().min(full);
        (max.x > min.x + 1 && max.y > min.y + 1).then(|| Viewport {
            physical_position: min,
            physical_size: max - min,
            ..default()
        })
    });
    let key = |v: &Option<Viewport>| v.as_ref().map(|v| (v.physical_position, v.physical_size));
    for mut camera in &mut cameras {
        // Only on a change, so an idle table stays idle.
        if key(&camera.viewport) != key(&viewport) {
            camera.viewport = viewport.clone();
        }
    }
}
