//! The Enterprise: a Constitution-class model from primitives, with her six Shields as lit
//! arcs and her six Hull sections as plates, each with the crack it shows while damaged.

use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

use super::board::{Palette, glow, metal};
use super::motion::Glide;
use super::shapes::{arc_wall, crack, flat_arc};
use super::{HullPiece, ShieldPiece, Ship, on_board, sector_angle};

/// Half the angle a Shield or Hull piece spans (a little under a sector's 30°).
const PIECE_HALF: f32 = 0.47;

/// A recognisable Constitution-class silhouette from primitives: saucer, bridge, neck,
/// engineering hull with its deflector, two nacelles on pylons, pointing at −Z (the Fore);
/// around her the six Shields as arcs and the six Hull sections as plates.
pub(super) fn spawn_enterprise(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    palette: &Palette,
) {
    let hull_white = metal(materials, Color::srgb(0.86, 0.87, 0.9));
    let glow_red = glow(materials, Color::srgb(1.0, 0.2, 0.1), 0.9);
    let glow_blue = glow(materials, Color::srgb(0.3, 0.6, 1.0), 0.9);
    let along_z = Quat::from_rotation_x(FRAC_PI_2);
    let parts: Vec<(Handle<Mesh>, Handle<StandardMaterial>, Transform)> = vec![
        (
            meshes.add(Cylinder::new(0.5, 0.07)),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.42, -0.3),
        ),
        (
            meshes.add(Sphere::new(0.16)),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.45, -0.3).with_scale(Vec3::new(1.0, 0.35, 1.0)),
        ),
        (
            meshes.add(Cuboid::new(0.07, 0.22, 0.28)),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.3, 0.05),
        ),
        (
            meshes.add(Capsule3d::new(0.11, 0.5)),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.2, 0.35).with_rotation(along_z),
        ),
        (
            meshes.add(Sphere::new(0.07)),
            glow_blue.clone(),
            Transform::from_xyz(0.0, 0.2, 0.02),
        ),
    ];
    let ship = commands
        .spawn((
            Transform::default(),
            Visibility::default(),
            Ship,
            Glide {
                to: Transform::default(),
            },
        ))
        .id();
    // The model, larger than the board's ship disc would suggest, so she reads at a glance.
    let model = commands
        .spawn((
            Transform::from_scale(Vec3::splat(1.0)),
            Visibility::default(),
        ))
        .id();
    commands.entity(ship).add_child(model);
    for (mesh, mat, transform) in parts {
        let part = commands
            .spawn((Mesh3d(mesh), MeshMaterial3d(mat), transform))
            .id();
        commands.entity(model).add_child(part);
    }
    for side in [-1.0f32, 1.0] {
        let nacelle = commands
            .spawn((
                Mesh3d(meshes.add(Capsule3d::new(0.06, 0.55))),
                MeshMaterial3d(hull_white.clone()),
                Transform::from_xyz(0.3 * side, 0.5, 0.4).with_rotation(along_z),
            ))
            .id();
        let cap = commands
            .spawn((
                Mesh3d(meshes.add(Sphere::new(0.055))),
                MeshMaterial3d(glow_red.clone()),
                Transform::from_xyz(0.3 * side, 0.5, 0.1),
            ))
            .id();
        let pylon = commands
            .spawn((
                Mesh3d(meshes.add(Cuboid::new(0.03, 0.28, 0.08))),
                MeshMaterial3d(hull_white.clone()),
                Transform::from_xyz(0.17 * side, 0.36, 0.45)
                    .with_rotation(Quat::from_rotation_z(-0.9 * side)),
            ))
            .id();
        commands.entity(model).add_children(&[nacelle, cap, pylon]);
    }
    // Six Shields as arcs and six Hull sections as plates, by ship facing; each has a crack
    // that shows while it is damaged.
    let dark = materials.add(StandardMaterial {
        base_color: Color::srgb(0.08, 0.02, 0.0),
        unlit: true,
        cull_mode: None,
        ..default()
    });
    for facing in 0..6u8 {
        let angle = sector_angle(facing);
        let (from, to) = (angle - PIECE_HALF, angle + PIECE_HALF);
        // A Shield: a lit band around the ship with a low wall at its rim.
        let shield = commands
            .spawn((
                Mesh3d(meshes.add(flat_arc(1.03, 1.21, from, to, 0.06))),
                MeshMaterial3d(palette.shield[0].clone()),
                Transform::default(),
                ShieldPiece(facing),
            ))
            .id();
        let wall = commands
            .spawn((
                Mesh3d(meshes.add(arc_wall(1.21, from, to, 0.0, 0.16))),
                MeshMaterial3d(palette.shield[0].clone()),
                Transform::default(),
                ShieldPiece(facing),
            ))
            .id();
        // A crack: a zig-zag of (radius, angle off the facing's middle) points, at a height.
        let mut cracked = |zig: [(f32, f32); 4], y: f32, which: Crack| {
            let points: Vec<Vec3> = zig
                .iter()
                .map(|(r, da)| on_board(angle + da, *r, y))
                .collect();
            commands
                .spawn((
                    Mesh3d(meshes.add(crack(&points, 0.014, Vec3::Y))),
                    MeshMaterial3d(dark.clone()),
                    Transform::default(),
                    Visibility::Hidden,
                    which,
                ))
                .id()
        };
        let shield_crack = cracked(
            [(1.05, -0.25), (1.1, 0.0), (1.15, -0.12), (1.19, 0.2)],
            0.065,
            Crack::Shield(facing),
        );
        let hull_crack = cracked(
            [(0.66, -0.2), (0.76, 0.05), (0.86, -0.1), (0.97, 0.15)],
            0.026,
            Crack::Hull(facing),
        );
        let hull = commands
            .spawn((
                Mesh3d(meshes.add(flat_arc(0.64, 1.0, from, to, 0.02))),
                MeshMaterial3d(palette.hull[0].clone()),
                Transform::default(),
                HullPiece(facing),
            ))
            .id();
        commands
            .entity(ship)
            .add_children(&[shield, wall, shield_crack, hull, hull_crack]);
    }
}

/// The crack on a damaged Shield or Hull section (by facing).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crack {
    Shield(u8),
    Hull(u8),
}
