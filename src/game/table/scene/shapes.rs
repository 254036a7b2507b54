//! The shapes the table is built from that Bevy has no primitive for: flat arcs of a ring,
//! curved walls, cracks and flat meshes from points.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::game::table::parts::on_board;

/// A triangle mesh from its points, each point's normal and its triangles.
pub(crate) fn mesh_of(positions: Vec<[f32; 3]>, normals: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// A flat mesh from its points, their one normal and its triangles.
pub(crate) fn flat_mesh(positions: Vec<[f32; 3]>, normal: [f32; 3], indices: Vec<u32>) -> Mesh {
    let normals = vec![normal; positions.len()];
    mesh_of(positions, normals, indices)
}

/// A flat arc of a ring lying on the board: from radius `inner` to `outer`, between two
/// angles (clockwise from −Z), `y` above the table.
pub(crate) fn flat_arc(inner: f32, outer: f32, from: f32, to: f32, y: f32) -> Mesh {
    const STEPS: u32 = 12;
    let mut positions = Vec::new();
    for step in 0..=STEPS {
        let angle = from + (step as f32 / STEPS as f32) * (to - from);
        positions.push(on_board(angle, inner, y).to_array());
        positions.push(on_board(angle, outer, y).to_array());
    }
    // Wound counter-clockwise seen from above, so the arc faces up.
    let mut indices = Vec::new();
    for step in 0..STEPS {
        let i = step * 2;
        indices.extend([i, i + 2, i + 1, i + 1, i + 2, i + 3]);
    }
    flat_mesh(positions, [0.0, 1.0, 0.0], indices)
}

/// A curved wall standing on the board at `radius`, between two angles, from `bottom` to
/// `top`: a Shield's arc.
pub(crate) fn arc_wall(radius: f32, from: f32, to: f32, bottom: f32, top: f32) -> Mesh {
    const STEPS: u32 = 12;
    let (mut positions, mut normals) = (Vec::new(), Vec::new());
    for step in 0..=STEPS {
        let angle = from + (step as f32 / STEPS as f32) * (to - from);
        let out = on_board(angle, 1.0, 0.0).to_array();
        positions.push(on_board(angle, radius, bottom).to_array());
        positions.push(on_board(angle, radius, top).to_array());
        normals.extend([out, out]);
    }
    let mut indices = Vec::new();
    for step in 0..STEPS {
        let i = step * 2;
        indices.extend([i, i + 2, i + 1, i + 1, i + 2, i + 3]);
    }
    mesh_of(positions, normals, indices)
}

/// A crack: a zig-zag of thin quads across a piece, in the piece's own frame (for a Shield,
/// on its wall; for a Hull plate, on its face).
pub(crate) fn crack(points: &[Vec3], width: f32, up: Vec3) -> Mesh {
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let side = (b - a).cross(up).normalize_or_zero() * width;
        let first = positions.len() as u32;
        positions.extend([a - side, a + side, b - side, b + side].map(|p| p.to_array()));
        indices.extend([first, first + 1, first + 2, first + 1, first + 3, first + 2]);
    }
    flat_mesh(positions, up.to_array(), indices)
}

/// A solid of revolution around the Y axis from a profile of (radius, height) points, listed
/// from the top pole down: a saucer, a hull, a nacelle. Normals are smooth along the profile.
pub(crate) fn lathe(profile: &[(f32, f32)], segments: u32) -> Mesh {
    let rings = profile.len();
    let (mut positions, mut normals) = (Vec::new(), Vec::new());
    for (i, (r, h)) in profile.iter().enumerate() {
        // The profile's slope here, from its neighbours; the outward normal is across it.
        let (r0, h0) = profile[i.saturating_sub(1)];
        let (r1, h1) = profile[(i + 1).min(rings - 1)];
        let across = Vec2::new(-(h1 - h0), r1 - r0).normalize_or(Vec2::X);
        for s in 0..=segments {
            let a = s as f32 / segments as f32 * std::f32::consts::TAU;
            let (sin, cos) = a.sin_cos();
            positions.push([r * cos, *h, r * sin]);
            normals.push([across.x * cos, across.y, across.x * sin]);
        }
    }
    let row = segments + 1;
    let mut indices = Vec::new();
    for i in 0..rings as u32 - 1 {
        for s in 0..segments {
            let (a, b) = (i * row + s, i * row + s + 1);
            let (c, d) = (a + row, b + row);
            // Wound so the outside faces out (counter-clockwise seen from outside).
            indices.extend([a, b, c, b, d, c]);
        }
    }
    mesh_of(positions, normals, indices)
}
