//! The tactical plot the board is drawn as (docs/look.md): each range a band that glows at its
//! edges and darkens towards its middle, and a fine polar grid etched over all three, as on a
//! ship's tactical display. One texture and three meshes, made once at start; the grid is in
//! the bands' own texture, so it costs no extra pass over the board.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::game::table::scene::backdrop::{noise, unit};

/// The grid texture's side in pixels: half the board's size on a 1080-line screen, its lines
/// two or three pixels wide there. 1,024 looked no better and cost start-up 70 ms and 30 MB
/// (issue 42's measure).
const SIZE: usize = 512;

/// The share of the grid texture's light that is background: lines are brighter than the band
/// they cross, and the band's tones are raised by the inverse to make up for it.
pub(crate) const GROUND: f32 = 0.5;

/// How far apart the grid's circles sit (world units), and its spokes (radians).
const CIRCLE_STEP: f32 = 0.28;
const SPOKE_STEP: f32 = TAU / 72.0;

/// The grid's pixels over a square `2 * radius` across, centred on the ship: a background of
/// `GROUND`, faint circles and spokes, every third circle and sixth spoke a little brighter.
pub(crate) fn grid_pixels(radius: f32) -> Vec<u8> {
    let mut pixels = vec![0u8; SIZE * SIZE * 4];
    let per_pixel = 2.0 * radius / SIZE as f32;
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (dx, dy) = (
                (x as f32 + 0.5) * per_pixel - radius,
                (y as f32 + 0.5) * per_pixel - radius,
            );
            let r = (dx * dx + dy * dy).sqrt();
            // Distance to the nearest circle and spoke, in pixels.
            let ring = r / CIRCLE_STEP;
            let to_circle = (ring - ring.round()).abs() * CIRCLE_STEP / per_pixel;
            let spoke = dy.atan2(dx) / SPOKE_STEP;
            let to_spoke = (spoke - spoke.round()).abs() * SPOKE_STEP * r / per_pixel;
            let major_circle = (ring.round() as i32).rem_euclid(3) == 0;
            let major_spoke = (spoke.round() as i32).rem_euclid(6) == 0;
            let line = |distance: f32, strength: f32| (1.2 - distance).clamp(0.0, 1.0) * strength;
            let light = line(to_circle, if major_circle { 0.7 } else { 0.4 })
                .max(line(to_spoke, if major_spoke { 0.55 } else { 0.3 }));
            // Under the grid, the glass holds a faint nebula and a few stars, as a printed
            // board shows space under its rings: flat fills read as "a kids' board".
            let (u, v) = (x as f32 / SIZE as f32, y as f32 / SIZE as f32);
            let cloud = noise(u, v, 5, 11) * 0.6 + noise(u, v, 13, 12) * 0.4;
            let ground = GROUND * (0.6 + 0.8 * cloud);
            let star = unit((y * SIZE + x) as u32 ^ 0xb0a4d);
            let ground = if star > 0.9985 {
                ground.max(0.85)
            } else {
                ground
            };
            let value = ground + (1.0 - ground) * light;
            let i = (y * SIZE + x) * 4;
            let v = (value * 255.0) as u8;
            pixels[i..i + 3].copy_from_slice(&[v; 3]);
            pixels[i + 3] = 255;
        }
    }
    pixels
}

/// The grid as an image, clamped at its edges.
pub(crate) fn grid_image(radius: f32) -> Image {
    clamped_image(SIZE, grid_pixels(radius), TextureFormat::Rgba8Unorm)
}

/// A square texture of `size` pixels a side made in code, sampled smoothly and clamped at its
/// edges (the grid, the saucer's markings).
pub(crate) fn clamped_image(size: usize, pixels: Vec<u8>, format: TextureFormat) -> Image {
    let mut image = Image::new(
        Extent3d {
            width: size as u32,
            height: size as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        pixels,
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::ClampToEdge,
        address_mode_v: ImageAddressMode::ClampToEdge,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// A band lying flat from `inner` to `outer`, its colour shaded across its width: bright at
/// both edges, darkest in the middle (`edge` and `middle`, linear RGB); UVs map the plane
/// within `radius` of the centre onto the grid texture.
pub(crate) fn shaded_band(inner: f32, outer: f32, edge: Vec3, middle: Vec3, radius: f32) -> Mesh {
    const STEPS: u32 = 120;
    // Across the band: where each row of points lies (0 inner edge, 1 outer) and its shade.
    // An even tinted glass with a narrow glow inside each edge (an art director's read: a
    // band shaded like a tube read as "flat neon"); the edges' own lines are brighter still.
    const ROWS: [(f32, f32); 7] = [
        (0.0, 0.9),
        (0.05, 0.35),
        (0.15, 0.1),
        (0.5, 0.0),
        (0.85, 0.1),
        (0.95, 0.35),
        (1.0, 0.9),
    ];
    let (mut positions, mut colors, mut uvs) = (Vec::new(), Vec::new(), Vec::new());
    for step in 0..=STEPS {
        let angle = step as f32 / STEPS as f32 * TAU;
        let (sin, cos) = angle.sin_cos();
        for (at, shade) in ROWS {
            let r = inner + (outer - inner) * at;
            let (x, z) = (r * sin, -r * cos);
            positions.push([x, 0.0, z]);
            colors.push(middle.lerp(edge, shade).extend(1.0).to_array());
            uvs.push([x / (2.0 * radius) + 0.5, z / (2.0 * radius) + 0.5]);
        }
    }
    let rows = ROWS.len() as u32;
    let mut indices = Vec::new();
    for step in 0..STEPS {
        for row in 0..rows - 1 {
            let a = step * rows + row;
            let b = a + rows;
            // Wound counter-clockwise seen from above, so the band faces up.
            indices.extend([a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    let normals = vec![[0.0, 1.0, 0.0]; positions.len()];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
    .with_inserted_indices(Indices::U32(indices))
}
