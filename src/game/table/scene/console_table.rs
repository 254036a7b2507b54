//! The console the plot is set in: a round table of dark metal around the board, with a bevel
//! at each edge and a lit groove round it, so the
//! board is a fitted display rather than a diagram floating in space (readers: "no table",
//! "no frame or texture", "a flat ring diagram"). Drawn as one unlit annulus whose texture has
//! its shading baked in, so it costs a software renderer no more than the sky it covers; the
//! low graphics setting leaves it out with the sky.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::f32::consts::FRAC_PI_2;

use crate::game::table::scene::backdrop::Backdrop;
use crate::game::table::scene::framing::BOARD_RADIUS;

/// Where the console begins (the board's steel rim) and how far it reaches (world units): far
/// enough for the deck, the piles and the die to stand on it at the usual window shapes.
pub const INNER: f32 = BOARD_RADIUS + 0.14;
const OUTER: f32 = BOARD_RADIUS + 3.2;

/// The texture's samples across the console (radial) and round it (angular).
pub const ACROSS: usize = 96;
pub const AROUND: usize = 1536;

/// The groove's light: one cool steel blue, unbroken. A strip of short bars in the panels'
/// four section colours read as marks that must mean something, and nothing said what (reads
/// 23–25: "multicoloured dashes on the outer rim, never explained").
pub const LIGHTS: [[f32; 3]; 1] = [[120.0, 150.0, 190.0]];

/// A fixed hash for the metal's grain: the same console every run.
fn grain(i: usize) -> f32 {
    let mut x = i as u32;
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    (x & 0xff) as f32 / 255.0
}

/// How bright the lit groove's middle shows its light (of the light's full value).
pub const GROOVE_GLOW: f32 = 1.0;

/// The console's pixels, `ACROSS` wide (inner edge to outer) and `AROUND` tall (round it), as
/// the annulus maps them.
pub fn console_pixels() -> Vec<u8> {
    let mut pixels = vec![0u8; ACROSS * AROUND * 4];
    let width = OUTER - INNER;
    for a in 0..AROUND {
        // Brushed round the table: a grain that runs along the angle, not across it.
        let brushed = grain(a / 3) * 5.0;
        for r in 0..ACROSS {
            let across = (r as f32 + 0.5) / ACROSS as f32;
            let at = across * width;
            // Gunmetal, lit most near the board, darkening to the console's edge; light enough to
            // read as furniture round the board (readers saw "no table" at the darker grey).
            let light = 1.0 - 0.4 * across.powf(1.3);
            let mut c = [
                (40.0 + brushed) * light,
                (46.0 + brushed) * light,
                (58.0 + brushed) * light,
            ];
            // The bevel beside the board's rim: a bright edge catching the light.
            if at < 0.05 {
                c = [150.0, 165.0, 190.0];
            } else if at < 0.09 {
                c = [12.0, 14.0, 20.0];
            }
            // The lit groove: brightest along its middle, softer at its lips.
            if (0.2..0.32).contains(&at) {
                let glow = match (0.23..0.29).contains(&at) {
                    true => GROOVE_GLOW,
                    false => 0.45,
                };
                c = LIGHTS[0].map(|v| v * glow);
            }
            // No seams round it: their grooves and lit lips read as thin outline circles
            // round the board, "a web diagram" (an art director's read).
            // The console's outer edge: a bevel, then its shadow on the dark beyond.
            if at > width - 0.05 {
                c = [70.0, 80.0, 98.0];
            } else if at > width - 0.1 {
                c = [14.0, 16.0, 22.0];
            }
            let i = (a * ACROSS + r) * 4;
            for (k, v) in c.iter().enumerate() {
                pixels[i + k] = v.clamp(0.0, 255.0) as u8;
            }
            pixels[i + 3] = 255;
        }
    }
    pixels
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_console_table);
}

/// The console, under the board and over the sky's middle; hidden with the sky (`Backdrop`).
fn spawn_console_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let image = Image::new(
        Extent3d {
            width: ACROSS as u32,
            height: AROUND as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        console_pixels(),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    commands.spawn((
        Mesh3d(meshes.add(Annulus::new(INNER, OUTER).mesh().resolution(192))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color_texture: Some(images.add(image)),
            unlit: true,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.09, 0.0).with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        Backdrop,
    ));
}
