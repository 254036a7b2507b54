//! The markings on the Enterprise's saucer, painted into a texture at start-up: the hull's
//! panel rings and spokes, her registry "NCC-1701" before the bridge, and a ring of lit
//! windows near the rim. Readers saw "a grey primitive model" and "nothing Star Trek apart
//! from the Enterprise's shape" (read 25); a plain white disc is what the saucer was.

use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;

/// The texture's side in pixels: the saucer's whole width.
pub const SIZE: usize = 256;

/// The registry in a 5×7 block face, one row of bits a line (the high bit leftmost).
const GLYPHS: [(char, [u8; 7]); 6] = [
    ('N', [17, 25, 21, 19, 17, 17, 17]),
    ('C', [15, 16, 16, 16, 16, 16, 15]),
    ('-', [0, 0, 0, 31, 0, 0, 0]),
    ('1', [4, 12, 4, 4, 4, 4, 14]),
    ('7', [31, 1, 2, 4, 8, 8, 8]),
    ('0', [14, 17, 19, 21, 25, 17, 14]),
];

pub const REGISTRY: &str = "NCC-1701";

/// One pixel of the registry's letters a cell this many texture pixels wide.
const CELL: usize = 3;

/// Whether the registry's ink covers texture pixel (`x`, `y`): the letters centred across the
/// saucer, before the bridge (the saucer's Fore is the texture's top), their tops to the Fore.
fn registry_at(x: usize, y: usize) -> bool {
    let letters: Vec<[u8; 7]> = REGISTRY
        .chars()
        .filter_map(|c| GLYPHS.iter().find(|(g, _)| *g == c).map(|(_, rows)| *rows))
        .collect();
    let width = (letters.len() * 6 - 1) * CELL;
    let left = (SIZE - width) / 2;
    let top = SIZE * 22 / 100;
    if x < left || y < top {
        return false;
    }
    let (col, row) = ((x - left) / CELL, (y - top) / CELL);
    let (letter, bit) = (col / 6, col % 6);
    row < 7
        && bit < 5
        && letters
            .get(letter)
            .is_some_and(|rows| rows[row] >> (4 - bit) & 1 == 1)
}

/// The saucer's colour (multiplied with the hull's white) and its lit windows, as two RGBA
/// pixel buffers `SIZE` square: the texture's middle is the saucer's, its edge the rim.
pub fn saucer_pixels() -> (Vec<u8>, Vec<u8>) {
    let mut colour = vec![0u8; SIZE * SIZE * 4];
    let mut lit = vec![0u8; SIZE * SIZE * 4];
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (dx, dy) = (
                (x as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0,
                (y as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0,
            );
            let r = (dx * dx + dy * dy).sqrt();
            let angle = dy.atan2(dx);
            let mut shade: f32 = 0.94;
            // Panel rings, and spokes between the inner and outer ring.
            for ring in [0.36, 0.6, 0.84] {
                if (r - ring).abs() < 0.008 {
                    shade = 0.72;
                }
            }
            let spoke = (angle / std::f32::consts::TAU * 24.0).rem_euclid(1.0);
            if (0.36..0.84).contains(&r) && !(0.012..0.988).contains(&spoke) {
                shade = shade.min(0.8);
            }
            // A darker band round the rim, where her windows are.
            if (0.88..0.96).contains(&r) {
                shade = 0.62;
            }
            if registry_at(x, y) {
                shade = 0.18;
            }
            let i = (y * SIZE + x) * 4;
            let v = (shade * 255.0) as u8;
            colour[i..i + 4].copy_from_slice(&[v, v, v, 255]);
            // Windows: short lit slots round the rim band.
            let slot = (angle / std::f32::consts::TAU * 72.0).rem_euclid(1.0);
            let window = (0.905..0.935).contains(&r) && (0.3..0.7).contains(&slot);
            let glow = match window {
                true => [255, 214, 150, 255],
                false => [0, 0, 0, 255],
            };
            lit[i..i + 4].copy_from_slice(&glow);
        }
    }
    (colour, lit)
}

fn image(pixels: Vec<u8>) -> Image {
    crate::game::table::scene::plot::clamped_image(SIZE, pixels, TextureFormat::Rgba8UnormSrgb)
}

/// The saucer's material: her white hull with its markings, and her windows lit.
pub(crate) fn saucer_material(
    materials: &mut Assets<StandardMaterial>,
    images: &mut Assets<Image>,
) -> Handle<StandardMaterial> {
    let (colour, lit) = saucer_pixels();
    materials.add(StandardMaterial {
        base_color: Color::srgb(0.9, 0.91, 0.94),
        base_color_texture: Some(images.add(image(colour))),
        emissive: LinearRgba::rgb(2.0, 2.0, 2.0),
        emissive_texture: Some(images.add(image(lit))),
        metallic: 0.6,
        perceptual_roughness: 0.35,
        ..default()
    })
}

/// Lays the saucer's texture over it from above: each point's place across the saucer, seen
/// from above, is its place in the texture (`radius` is the saucer's).
pub(crate) fn from_above(mut mesh: Mesh, radius: f32) -> Mesh {
    let Some(VertexAttributeValues::Float32x3(positions)) =
        mesh.attribute(Mesh::ATTRIBUTE_POSITION)
    else {
        return mesh;
    };
    let uvs: Vec<[f32; 2]> = positions
        .iter()
        .map(|[x, _, z]| [x / (2.0 * radius) + 0.5, z / (2.0 * radius) + 0.5])
        .collect();
    mesh.insert_attribute(Mesh::ATTRIBUTE_UV_0, uvs);
    mesh
}
