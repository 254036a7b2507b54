//! Two cameras: the table's 3D camera, drawn only in the part of the window the panels leave
//! free (so the board is never under a panel, at any window size or UI scale), and an
//! overlay camera that draws egui over the whole window. The pointer and keys move the orbit
//! (see `input`).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::post_process::bloom::Bloom;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiGlobalSettings, PrimaryEguiContext};

use crate::game::model::pointing::TableRect;
use crate::game::systems::GameSystems;
use crate::game::table::scene::framing;

/// The table camera's orbit: `zoom` 1 is the distance at which the board fills the table's
/// viewport (`fit`, kept by `fit_to_table`); the wheel changes `zoom`, right-drag the angles.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct Orbit {
    pub yaw: f32,
    pub pitch: f32,
    pub zoom: f32,
    /// The framing at zoom 1 for the current viewport.
    pub fit: framing::Fit,
}

/// The table's viewport before the panels are laid out, in pixels.
const FIRST_VIEWPORT: Vec2 = Vec2::new(790.0, 610.0);

impl Default for Orbit {
    fn default() -> Self {
        let fit = framing::best_fit(FIRST_VIEWPORT, framing::rim_room(15.0));
        Orbit {
            yaw: 0.0,
            pitch: fit.pitch,
            zoom: 1.0,
            fit,
        }
    }
}

impl Orbit {
    pub(crate) fn transform(&self) -> Transform {
        framing::camera_at(
            self.yaw,
            self.pitch,
            self.fit.distance * self.zoom,
            self.fit.shift,
        )
    }

    /// Back to the start, keeping the fit to the viewport.
    pub(crate) fn reset(&mut self) {
        *self = Orbit {
            yaw: 0.0,
            pitch: self.fit.pitch,
            zoom: 1.0,
            fit: self.fit,
        };
    }

    /// A new fit for a new viewport; the pitch follows it unless the player has tilted the
    /// table.
    fn refit(&mut self, fit: framing::Fit) {
        if self.pitch == self.fit.pitch {
            self.pitch = fit.pitch;
        }
        self.fit = fit;
    }
}

/// Where the piles and the die sit, beside the board inside the viewport (`framing::corners`),
/// so they stay in view at any window size.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub(crate) struct Corners(pub [Vec3; 4]);

impl Default for Corners {
    fn default() -> Self {
        let room = framing::rim_room(15.0);
        let fit = framing::best_fit(FIRST_VIEWPORT, room);
        Corners(framing::corners(0.0, fit.pitch, FIRST_VIEWPORT, room))
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Corners>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(Update, fit_to_table.in_set(GameSystems::Present))
        .add_systems(
            Update,
            apply_graphics
                .run_if(resource_changed::<crate::game::settings::Settings>)
                .in_set(GameSystems::Present),
        );
}

fn spawn_cameras(mut commands: Commands, mut egui: ResMut<EguiGlobalSettings>) {
    let orbit = Orbit::default();
    commands.spawn((
        Camera3d::default(),
        Projection::from(PerspectiveProjection {
            fov: framing::FOV,
            ..default()
        }),
        bevy::camera::Hdr,
        orbit.transform(),
        orbit,
    ));
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

/// What shows on high graphics only: the starfield and the console (`Backdrop`), the light
/// over the ship, and the glass disc under the rings.
type HighOnly = Or<(
    With<crate::game::table::scene::backdrop::Backdrop>,
    With<crate::game::table::parts::ShipLight>,
    With<crate::game::table::parts::GlassDisc>,
)>;

/// The graphics setting: high has shadows, 4× MSAA, bloom, the starfield, the light over
/// the ship and the glass under the rings, low none of them.
fn apply_graphics(
    settings: Res<crate::game::settings::Settings>,
    mut commands: Commands,
    mut cameras: Query<(Entity, &mut Msaa, Has<Bloom>), With<Orbit>>,
    mut lights: Query<&mut DirectionalLight>,
    mut sky: Query<&mut Visibility, HighOnly>,
) {
    let high = settings.high_graphics;
    let msaa = if high { Msaa::Sample4 } else { Msaa::Off };
    for (camera, mut samples, glowing) in &mut cameras {
        if *samples != msaa {
            *samples = msaa;
        }
        // Bloom makes phasers, torpedoes and explosions glow. The camera stays HDR either way:
        // turning HDR off at run time left the overlay's last labels on screen once the table
        // was resized (seen under Xvfb).
        match (high, glowing) {
            (true, false) => {
                commands.entity(camera).insert(Bloom::NATURAL);
            }
            (false, true) => {
                commands.entity(camera).remove::<Bloom>();
            }
            _ => {}
        }
    }
    for mut light in &mut lights {
        if light.shadow_maps_enabled != high {
            light.shadow_maps_enabled = high;
        }
    }
    let shown = if high {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut visible in &mut sky {
        if *visible != shown {
            *visible = shown;
        }
    }
}

/// The window area (logical pixels) that the panels leave to the table, from the panels'
/// rectangle in egui points; `None` before the panels are laid out (setup screen).
pub(crate) fn table_area(rect: &TableRect, zoom: f32) -> Option<Rect> {
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
    mut cameras: Query<(&mut Camera, &mut Orbit, &mut Transform)>,
    mut corners: ResMut<Corners>,
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
    for (mut camera, mut orbit, mut transform) in &mut cameras {
        // Only on a change, so an idle table stays idle.
        if key(&camera.viewport) != key(&viewport) {
            camera.viewport = viewport.clone();
            if let Some(v) = &viewport {
                let size = v.physical_size.as_vec2();
                // The rim's text is sized in points: its room, in the viewport's pixels.
                let points = zoom * scale;
                let font = framing::rim_font(size.y / points);
                let room = framing::rim_room(font) * points;
                let fit = framing::best_fit(size, room);
                orbit.refit(fit);
                *transform = orbit.transform();
                let places = Corners(framing::corners(0.0, fit.pitch, size, room));
                if *corners != places {
                    *corners = places;
                }
            }
        }
    }
}
