//! Space behind the table: a starfield with a faint nebula, generated here as a texture (no
//! file is downloaded or shipped), on a wide plane below the board.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_backdrop);
}

const SIZE: usize = 512;

/// Marks the starfield and the console round the board: the low graphics setting hides both.
#[derive(Component)]
pub(crate) struct Backdrop;

/// A small, fixed hash: the same sky every run.
fn hash(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^ (x >> 16)
}

pub(crate) fn unit(x: u32) -> f32 {
    (hash(x) & 0xffff) as f32 / 65535.0
}

/// Smooth value noise on a wrapping grid of `cells` cells.
pub(crate) fn noise(x: f32, y: f32, cells: u32, seed: u32) -> f32 {
    let (fx, fy) = (x * cells as f32, y * cells as f32);
    let (ix, iy) = (fx.floor() as u32, fy.floor() as u32);
    let (tx, ty) = (fx.fract(), fy.fract());
    let corner = |dx: u32, dy: u32| {
        let (cx, cy) = ((ix + dx) % cells, (iy + dy) % cells);
        unit(seed ^ (cx.wrapping_mul(73_856_093) ^ cy.wrapping_mul(19_349_663)))
    };
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (smooth(tx), smooth(ty));
    let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * sx;
    let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// 0 below `from`, 1 above `to`, and a smooth step between.
fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The sky's pixels: deep blue-black, two nebula colours, and stars of a few sizes.
pub(crate) fn sky_pixels() -> Vec<u8> {
    let mut pixels = vec![0u8; SIZE * SIZE * 4];
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (u, v) = (x as f32 / SIZE as f32, y as f32 / SIZE as f32);
            let cloud =
                noise(u, v, 4, 1) * 0.55 + noise(u, v, 9, 2) * 0.3 + noise(u, v, 23, 3) * 0.15;
            let tint = noise(u, v, 3, 4);
            let glow = ((cloud - 0.45) * 1.8).clamp(0.0, 1.0).powi(2);
            let mut rgb = [
                0.012 + glow * (0.16 * tint + 0.05),
                0.014 + glow * 0.05,
                0.04 + glow * (0.22 * (1.0 - tint) + 0.08),
            ];
            let star = unit((y * SIZE + x) as u32 ^ 0x5eed);
            if star > 0.9975 {
                // Quiet stars: bright ones pulled the eye off the board (an art director's read).
                let bright = 0.35 + 0.4 * unit((x * 31 + y) as u32);
                rgb = [bright, bright, (bright * 1.1).min(1.0)];
            } else if star > 0.992 {
                let dim = 0.18 + 0.2 * unit((x + y * 17) as u32);
                rgb = rgb.map(|c| c.max(dim));
            }
            // A vignette: the sky darkens away from the board, so the eye stays on the table
            // and the window's corners fall away like a screen's.
            let from_middle = ((u - 0.5).powi(2) + (v - 0.5).powi(2)).sqrt();
            let fade = 1.0 - 0.7 * smoothstep(0.2, 0.42, from_middle);
            let rgb = rgb.map(|c| c * fade);
            let i = (y * SIZE + x) * 4;
            for (c, value) in rgb.iter().enumerate() {
                pixels[i + c] = (value.clamp(0.0, 1.0) * 255.0) as u8;
            }
            pixels[i + 3] = 255;
        }
    }
    pixels
}

fn spawn_backdrop(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let image = Image::new(
        Extent3d {
            width: SIZE as u32,
            height: SIZE as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        sky_pixels(),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    // Only around the board (the board hides the rest), so a software renderer shades half
    // the pixels; the low graphics setting leaves it out (`camera::apply_graphics`).
    // The sky is mapped flat across the plane (the ring's own mapping runs round it and drew
    // the stars as streaks, "warp lines" behind the labels).
    let mut sky = Mesh::from(Annulus::new(
        crate::game::table::scene::framing::BOARD_RADIUS,
        13.0,
    ));
    if let Some(bevy::mesh::VertexAttributeValues::Float32x3(positions)) =
        sky.attribute(Mesh::ATTRIBUTE_POSITION)
    {
        let uvs: Vec<[f32; 2]> = positions
            .iter()
            .map(|p| [p[0] / 26.0 + 0.5, p[1] / 26.0 + 0.5])
            .collect();
        sky.insert_attribute(Mesh::ATTRIBUTE_UV_0, uvs);
    }
    commands.spawn((
        Mesh3d(meshes.add(sky)),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color_texture: Some(images.add(image)),
            unlit: true,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.1, 0.0)
            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        Backdrop,
    ));
}
