//! The board itself, made once at start-up from primitives: the rings and sector lines, the
//! die and the piles, and the Enterprise with her six Shields and six Hull sections.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::f32::consts::{FRAC_PI_2, TAU};
use stp_rules::Range;

use super::motion::Glide;
use super::{
    HullPiece, RING_WIDTH, SHIP_RADIUS, ShieldPiece, Ship, on_board, ring_center, sector_angle,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (make_palette, spawn_board).chain())
        .add_systems(Update, draw_first_frames);
}

/// The window redraws only on input; these first frames draw the board behind the setup
/// screen before anyone touches a key.
fn draw_first_frames(mut frames: Local<u32>, mut redraw: MessageWriter<RequestRedraw>) {
    if *frames < 10 {
        *frames += 1;
        redraw.write(RequestRedraw);
    }
}

#[derive(Resource, Clone)]
pub struct Palette {
    pub token_mesh: Handle<Mesh>,
    pub border_mesh: Handle<Mesh>,
    pub dot_mesh: Handle<Mesh>,
    pub mission_mesh: Handle<Mesh>,
    pub beam_mesh: Handle<Mesh>,
    pub blast_mesh: Handle<Mesh>,
    pub bubble_mesh: Handle<Mesh>,
    /// Faction emblems on a token's face, so faction reads by shape as well as colour:
    /// Klingon diamond, Romulan disc, Tholian hexagon, Starbase square, comet star.
    pub emblems: Emblems,
    /// A dark emblem, and the veil that dims a token a picked card cannot target.
    pub emblem: Handle<StandardMaterial>,
    pub veil: Handle<StandardMaterial>,
    pub klingon: Handle<StandardMaterial>,
    pub romulan: Handle<StandardMaterial>,
    pub tholian: Handle<StandardMaterial>,
    pub starbase: Handle<StandardMaterial>,
    pub cloaked: Handle<StandardMaterial>,
    pub border_red: Handle<StandardMaterial>,
    pub border_yellow: Handle<StandardMaterial>,
    pub border_blue: Handle<StandardMaterial>,
    pub mission: Handle<StandardMaterial>,
    pub shield: [Handle<StandardMaterial>; 2],
    pub hull: [Handle<StandardMaterial>; 3],
    pub phaser: Handle<StandardMaterial>,
    pub enemy_fire: Handle<StandardMaterial>,
    pub blast: Handle<StandardMaterial>,
}

pub(super) fn material(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.6,
        ..default()
    })
}

/// The emblem meshes, one per kind of threat.
#[derive(Clone)]
pub struct Emblems {
    pub klingon: Handle<Mesh>,
    pub romulan: Handle<Mesh>,
    pub tholian: Handle<Mesh>,
    pub starbase: Handle<Mesh>,
    pub comet: Handle<Mesh>,
}

fn materials_unlit(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    alpha: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color.with_alpha(alpha),
        alpha_mode: if alpha < 1.0 {
            AlphaMode::Blend
        } else {
            AlphaMode::Opaque
        },
        unlit: true,
        ..default()
    })
}

/// A flat mesh from its points, their one normal and its triangles.
pub(super) fn flat_mesh(positions: Vec<[f32; 3]>, normal: [f32; 3], indices: Vec<u32>) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let normals = vec![normal; positions.len()];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// A five-pointed star in the XY plane, facing +Z.
fn star_mesh(outer: f32, inner: f32) -> Mesh {
    let mut positions = vec![[0.0, 0.0, 0.0]];
    for i in 0..10 {
        let angle = i as f32 * std::f32::consts::TAU / 10.0;
        let r = if i % 2 == 0 { outer } else { inner };
        positions.push([-angle.sin() * r, angle.cos() * r, 0.0]);
    }
    let indices: Vec<u32> = (0..10u32)
        .flat_map(|i| [0, i + 1, (i + 1) % 10 + 1])
        .collect();
    flat_mesh(positions, [0.0, 0.0, 1.0], indices)
}

fn glow(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    alpha: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color.with_alpha(alpha),
        emissive: color.to_linear() * 2.0,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    })
}

fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let m = &mut *materials;
    let palette = Palette {
        // Three-sided tokens: a triangular prism lying flat.
        token_mesh: meshes.add(Extrusion::new(
            Triangle2d::new(
                Vec2::new(0.0, 0.32),
                Vec2::new(-0.28, -0.16),
                Vec2::new(0.28, -0.16),
            ),
            0.08,
        )),
        border_mesh: meshes.add(Torus::new(0.3, 0.35)),
        dot_mesh: meshes.add(Sphere::new(0.035)),
        mission_mesh: meshes.add(Cuboid::new(0.36, 0.1, 0.36)),
        beam_mesh: meshes.add(Cylinder::new(0.025, 1.0)),
        blast_mesh: meshes.add(Sphere::new(0.25)),
        bubble_mesh: meshes.add(Sphere::new(0.36)),
        emblems: Emblems {
            // As large as the token's face allows, so the shape shows around the Defense
            // number drawn over it.
            klingon: meshes.add(Rhombus::new(0.22, 0.3)),
            romulan: meshes.add(Circle::new(0.12)),
            tholian: meshes.add(RegularPolygon::new(0.135, 6)),
            starbase: meshes.add(Rectangle::new(0.19, 0.19)),
            comet: meshes.add(star_mesh(0.15, 0.06)),
        },
        emblem: materials_unlit(m, Color::srgb(0.05, 0.05, 0.08), 1.0),
        veil: materials_unlit(m, Color::srgb(0.02, 0.02, 0.04), 0.7),
        klingon: material(m, Color::srgb(0.62, 0.18, 0.14)),
        // Mint, well clear of the Long ring's dark green.
        romulan: material(m, Color::srgb(0.55, 0.95, 0.75)),
        tholian: material(m, Color::srgb(0.9, 0.55, 0.1)),
        starbase: material(m, Color::srgb(0.85, 0.85, 0.9)),
        cloaked: material(m, Color::srgb(0.12, 0.14, 0.22)),
        border_red: material(m, Color::srgb(0.9, 0.05, 0.05)),
        border_yellow: material(m, Color::srgb(0.95, 0.85, 0.1)),
        border_blue: material(m, Color::srgb(0.45, 0.75, 1.0)),
        mission: material(m, Color::srgb(0.85, 0.9, 1.0)),
        shield: [
            glow(m, Color::srgb(0.3, 0.8, 1.0), 0.45),
            glow(m, Color::srgb(1.0, 0.55, 0.1), 0.55),
        ],
        hull: [
            material(m, Color::srgb(0.72, 0.74, 0.78)),
            material(m, Color::srgb(0.95, 0.55, 0.15)),
            material(m, Color::srgb(0.35, 0.05, 0.05)),
        ],
        phaser: glow(m, Color::srgb(1.0, 0.5, 0.1), 0.9),
        enemy_fire: glow(m, Color::srgb(0.3, 1.0, 0.3), 0.9),
        blast: glow(m, Color::srgb(1.0, 0.8, 0.3), 0.8),
    };
    commands.insert_resource(palette);
}

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    palette: Res<Palette>,
) {
    commands.spawn((
        DirectionalLight {
            illuminance: 6_000.0,
            ..default()
        },
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 400.0,
        ..default()
    });
    commands.insert_resource(ClearColor(Color::srgb(0.01, 0.01, 0.04)));

    let flat = Quat::from_rotation_x(-FRAC_PI_2);
    // The rings: Short blue, Medium purple, Long green (rulebook "Components").
    for (range, color) in [
        (Range::Short, Color::srgb(0.1, 0.25, 0.75)),
        (Range::Medium, Color::srgb(0.45, 0.15, 0.6)),
        (Range::Long, Color::srgb(0.1, 0.5, 0.2)),
    ] {
        let inner = ring_center(range) - RING_WIDTH / 2.0;
        commands.spawn((
            Mesh3d(meshes.add(Annulus::new(inner, inner + RING_WIDTH - 0.03))),
            MeshMaterial3d(material(&mut materials, color)),
            Transform::from_rotation(flat),
        ));
    }
    commands.spawn((
        Mesh3d(meshes.add(Circle::new(SHIP_RADIUS - 0.02))),
        MeshMaterial3d(material(&mut materials, Color::srgb(0.05, 0.05, 0.1))),
        Transform::from_rotation(flat).with_translation(Vec3::new(0.0, -0.005, 0.0)),
    ));
    // Sector lines.
    let outer = ring_center(Range::Long) + RING_WIDTH / 2.0;
    let line = meshes.add(Cuboid::new(0.04, 0.02, outer - SHIP_RADIUS));
    let white = material(&mut materials, Color::srgb(0.8, 0.8, 0.85));
    for sector in 0..6u8 {
        let angle = f32::from(sector) * TAU / 6.0;
        let middle = (outer + SHIP_RADIUS) / 2.0;
        commands.spawn((
            Mesh3d(line.clone()),
            MeshMaterial3d(white.clone()),
            Transform::from_translation(on_board(angle, middle, 0.01))
                .with_rotation(Quat::from_rotation_y(-angle)),
        ));
    }
    // The die and the piles sit beside the board.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(0.35, 0.35, 0.35))),
        MeshMaterial3d(material(&mut materials, Color::srgb(0.95, 0.95, 0.95))),
        Transform::from_translation(DIE).with_rotation(Quat::from_rotation_y(0.4)),
        super::die::Die,
    ));
    for (at, color) in PILES.iter().zip([
        Color::srgb(0.2, 0.3, 0.7),
        Color::srgb(0.5, 0.5, 0.55),
        Color::srgb(0.4, 0.25, 0.1),
        Color::srgb(0.3, 0.05, 0.05),
    ]) {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(0.5, 0.25, 0.7))),
            MeshMaterial3d(material(&mut materials, color)),
            Transform::from_translation(*at).with_rotation(Quat::from_rotation_y(0.3)),
        ));
    }
    spawn_enterprise(&mut commands, &mut meshes, &mut materials, &palette);
}

/// Where the deck, discard pile, threat bag and removed pile sit: the board's corners.
pub const PILES: [Vec3; 4] = [
    Vec3::new(-4.4, 0.13, -3.7),
    Vec3::new(-3.3, 0.13, -4.5),
    Vec3::new(4.4, 0.13, -3.7),
    Vec3::new(3.3, 0.13, -4.5),
];
pub const DIE: Vec3 = Vec3::new(4.3, 0.18, 3.8);

/// A recognisable Constitution-class silhouette from primitives: saucer, neck, engineering
/// hull and two nacelles, pointing at −Z (the Front).
fn spawn_enterprise(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    palette: &Palette,
) {
    let hull_white = material(materials, Color::srgb(0.86, 0.87, 0.9));
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
            meshes.add(Cylinder::new(0.16, 0.05)),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.47, -0.3),
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
    for (mesh, mat, transform) in parts {
        let part = commands
            .spawn((Mesh3d(mesh), MeshMaterial3d(mat), transform))
            .id();
        commands.entity(ship).add_child(part);
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
        commands.entity(ship).add_children(&[nacelle, cap, pylon]);
    }
    // Six Shield pieces and six Hull sections around the ship, by ship facing.
    let shield_mesh = meshes.add(Cuboid::new(0.95, 0.35, 0.05));
    let hull_mesh = meshes.add(Cuboid::new(0.5, 0.05, 0.22));
    for facing in 0..6u8 {
        let angle = sector_angle(facing);
        let shield = commands
            .spawn((
                Mesh3d(shield_mesh.clone()),
                MeshMaterial3d(palette.shield[0].clone()),
                Transform::from_translation(on_board(angle, 1.08, 0.2))
                    .with_rotation(Quat::from_rotation_y(-angle)),
                ShieldPiece(facing),
            ))
            .id();
        let hull = commands
            .spawn((
                Mesh3d(hull_mesh.clone()),
                MeshMaterial3d(palette.hull[0].clone()),
                Transform::from_translation(on_board(angle, 0.82, 0.03))
                    .with_rotation(Quat::from_rotation_y(-angle)),
                HullPiece(facing),
            ))
            .id();
        commands.entity(ship).add_children(&[shield, hull]);
    }
}
