//! The board itself, made once at start-up from primitives: the rings and sector lines, the
//! die and the piles, and the Enterprise with her six Shields and six Hull sections.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::f32::consts::{FRAC_PI_2, PI, TAU};
use stp_rules::Range;

use super::camera::Corners;
use super::looks::{self, Look};
use super::motion::Glide;
use super::pieces::TOKEN_RADIUS;
use super::{
    HullPiece, RING_WIDTH, SHIP_RADIUS, ShieldPiece, Ship, on_board, ring_center, sector_angle,
};
use crate::game::GameSystems;
use crate::game::pacing::Shown;
use std::collections::BTreeMap;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (make_palette, spawn_board).chain())
        .add_systems(Update, draw_first_frames)
        .add_systems(
            Update,
            place_piles
                .run_if(resource_changed::<Corners>.or_eager(resource_changed::<Shown>))
                .in_set(GameSystems::Present),
        );
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
    /// A threat token: a thick disc, like the cardboard piece.
    pub token_mesh: Handle<Mesh>,
    pub border_mesh: Handle<Mesh>,
    pub dot_mesh: Handle<Mesh>,
    /// The cloak's mark on a token's back.
    pub back_mesh: Handle<Mesh>,
    pub mission_mesh: Handle<Mesh>,
    pub beam_mesh: Handle<Mesh>,
    pub blast_mesh: Handle<Mesh>,
    pub bubble_mesh: Handle<Mesh>,
    /// The Force Field's ring around the ship it holds.
    pub force_field: Handle<StandardMaterial>,
    /// Each kind's silhouette and face colour (`looks`), so kind reads by shape as well as
    /// colour.
    pub silhouettes: BTreeMap<Look, Handle<Mesh>>,
    pub faces: BTreeMap<Look, Handle<StandardMaterial>>,
    /// A dark silhouette, and the veil that dims a token a picked card cannot target.
    pub emblem: Handle<StandardMaterial>,
    pub veil: Handle<StandardMaterial>,
    pub cloaked: Handle<StandardMaterial>,
    pub border_red: Handle<StandardMaterial>,
    pub border_yellow: Handle<StandardMaterial>,
    pub border_blue: Handle<StandardMaterial>,
    pub mission: Handle<StandardMaterial>,
    /// A Shield intact (lit blue) and damaged (amber).
    pub shield: [Handle<StandardMaterial>; 2],
    /// A Hull section intact, damaged and destroyed (scorched).
    pub hull: [Handle<StandardMaterial>; 3],
    pub phaser: Handle<StandardMaterial>,
    pub enemy_fire: Handle<StandardMaterial>,
    pub blast: Handle<StandardMaterial>,
}

/// A brushed-metal look for the hull plates and rims.
fn metal(materials: &mut Assets<StandardMaterial>, color: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        metallic: 0.6,
        perceptual_roughness: 0.35,
        ..default()
    })
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

/// A shot or a blast: brighter than white, so bloom (high graphics) makes it glow.
fn flare(materials: &mut Assets<StandardMaterial>, color: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color.with_alpha(0.9),
        emissive: color.to_linear() * 12.0,
        alpha_mode: AlphaMode::Blend,
        cull_mode: None,
        ..default()
    })
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
        cull_mode: None,
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
        token_mesh: meshes.add(Cylinder::new(TOKEN_RADIUS, 0.08)),
        border_mesh: meshes.add(Torus::new(TOKEN_RADIUS - 0.035, TOKEN_RADIUS + 0.035)),
        dot_mesh: meshes.add(Sphere::new(0.035)),
        back_mesh: meshes.add(Annulus::new(0.2, 0.27)),
        mission_mesh: meshes.add(Cuboid::new(0.5, 0.1, 0.5)),
        beam_mesh: meshes.add(Cylinder::new(0.025, 1.0)),
        blast_mesh: meshes.add(Sphere::new(0.25)),
        // A ring of force around the piece, clear of its face.
        bubble_mesh: meshes.add(Torus::new(TOKEN_RADIUS + 0.04, TOKEN_RADIUS + 0.11)),
        force_field: glow(m, Color::srgb(0.45, 0.85, 1.0), 0.85),
        silhouettes: Look::ALL
            .iter()
            .map(|look| (*look, meshes.add(looks::silhouette(*look))))
            .collect(),
        faces: Look::ALL
            .iter()
            .map(|look| (*look, material(m, look.color())))
            .collect(),
        emblem: m.add(StandardMaterial {
            base_color: Color::srgb(0.04, 0.04, 0.07),
            unlit: true,
            cull_mode: None,
            ..default()
        }),
        veil: materials_unlit(m, Color::srgb(0.02, 0.02, 0.04), 0.7),
        cloaked: material(m, Color::srgb(0.12, 0.14, 0.24)),
        border_red: metal(m, Color::srgb(0.85, 0.12, 0.08)),
        border_yellow: metal(m, Color::srgb(0.95, 0.85, 0.1)),
        border_blue: glow(m, Color::srgb(0.45, 0.75, 1.0), 1.0),
        mission: material(m, Color::srgb(0.85, 0.9, 1.0)),
        shield: [
            glow(m, Color::srgb(0.35, 0.8, 1.0), 0.9),
            glow(m, Color::srgb(1.0, 0.6, 0.1), 0.95),
        ],
        hull: [
            m.add(StandardMaterial {
                base_color: Color::srgb(0.62, 0.68, 0.78),
                metallic: 0.3,
                perceptual_roughness: 0.45,
                ..default()
            }),
            material(m, Color::srgb(0.95, 0.55, 0.15)),
            // Scorched: charred red, glowing with embers, unlike the steel and the amber.
            m.add(StandardMaterial {
                base_color: Color::srgb(0.12, 0.02, 0.01),
                emissive: LinearRgba::rgb(0.9, 0.06, 0.0),
                ..default()
            }),
        ],
        phaser: flare(m, Color::srgb(1.0, 0.5, 0.1)),
        enemy_fire: flare(m, Color::srgb(0.3, 1.0, 0.3)),
        blast: flare(m, Color::srgb(1.0, 0.8, 0.3)),
    };
    commands.insert_resource(palette);
}

/// A flat arc of a ring lying on the board: from radius `inner` to `outer`, between two
/// angles (clockwise from −Z), `y` above the table.
pub(super) fn flat_arc(inner: f32, outer: f32, from: f32, to: f32, y: f32) -> Mesh {
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
fn arc_wall(radius: f32, from: f32, to: f32, bottom: f32, top: f32) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
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
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// A crack: a zig-zag of thin quads across a piece, in the piece's own frame (for a Shield,
/// on its wall; for a Hull plate, on its face).
fn crack(points: &[Vec3], width: f32, up: Vec3) -> Mesh {
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

/// Which pile a piece shows; its height follows its count.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pile {
    Deck,
    Discard,
    Removed,
    Bag,
}

/// Where each pile stands (`framing::corners`): the deck, the cards removed from the game and
/// the discard pile left of the board, the threat bag and the die right of it.
pub fn pile_place(corners: &Corners, pile: Pile) -> Vec3 {
    corners.0[match pile {
        Pile::Deck => 0,
        Pile::Removed => 1,
        Pile::Discard => 2,
        Pile::Bag => 3,
    }]
}

pub fn die_place(corners: &Corners) -> Vec3 {
    corners.0[4] + Vec3::Y * 0.21
}

/// How many items a pile holds now.
pub fn pile_count(state: &stp_rules::GameState, pile: Pile) -> usize {
    match pile {
        Pile::Deck => state.deck.len(),
        Pile::Discard => state.discard.len(),
        Pile::Removed => state.removed.len(),
        Pile::Bag => state.bag.len(),
    }
}

/// A card stack's height for a count: a card is about a millimetre, scaled up to be seen.
fn stack_height(count: usize) -> f32 {
    0.015 + 0.007 * count as f32
}

/// The piles stand at their corners, as tall as their counts (and the die at its corner).
fn place_piles(
    corners: Res<Corners>,
    shown: Res<Shown>,
    mut piles: Query<(&Pile, &mut Transform)>,
) {
    let Some(state) = shown.get() else { return };
    for (pile, mut transform) in &mut piles {
        let count = pile_count(state, *pile);
        let at = pile_place(&corners, *pile);
        let wanted = match pile {
            // A cloth bag: fuller with more tokens in it.
            Pile::Bag => Transform::from_translation(at)
                .with_scale(Vec3::splat(0.6 + 0.4 * (count as f32 / 31.0).min(1.0))),
            _ => {
                Transform::from_translation(at).with_scale(Vec3::new(1.0, stack_height(count), 1.0))
            }
        };
        if *transform != wanted {
            *transform = wanted;
        }
    }
}

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    palette: Res<Palette>,
) {
    // One shadow cascade over the table, at a modest resolution: the table is small and
    // near, and four 2048² cascades cost a software renderer more than the whole scene.
    commands.insert_resource(bevy::light::DirectionalLightShadowMap { size: 1024 });
    commands.spawn((
        DirectionalLight {
            illuminance: 6_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
        bevy::light::CascadeShadowConfigBuilder {
            num_cascades: 1,
            first_cascade_far_bound: 30.0,
            maximum_distance: 30.0,
            ..default()
        }
        .build(),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 400.0,
        ..default()
    });
    commands.insert_resource(ClearColor(Color::srgb(0.01, 0.01, 0.04)));

    let flat = Quat::from_rotation_x(-FRAC_PI_2);
    let outer = ring_center(Range::Long) + RING_WIDTH / 2.0;
    // The board's cardboard: a dark base a little wider than the rings, with a raised rim.
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(outer + 0.12, 0.06))),
        MeshMaterial3d(material(&mut materials, Color::srgb(0.05, 0.06, 0.1))),
        Transform::from_xyz(0.0, -0.04, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Torus::new(outer + 0.02, outer + 0.12))),
        MeshMaterial3d(metal(&mut materials, Color::srgb(0.55, 0.58, 0.66))),
        Transform::from_xyz(0.0, -0.01, 0.0),
    ));
    // The rings: Short blue, Medium purple, Long green (rulebook "Components"), each with a
    // lighter edge.
    for (range, color) in [
        (Range::Short, Color::srgb(0.1, 0.25, 0.75)),
        (Range::Medium, Color::srgb(0.45, 0.15, 0.6)),
        (Range::Long, Color::srgb(0.1, 0.5, 0.2)),
    ] {
        let inner = ring_center(range) - RING_WIDTH / 2.0;
        commands.spawn((
            Mesh3d(meshes.add(Annulus::new(inner, inner + RING_WIDTH))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: color,
                perceptual_roughness: 0.85,
                reflectance: 0.3,
                ..default()
            })),
            Transform::from_rotation(flat),
        ));
        let edge = color.mix(&Color::WHITE, 0.55);
        for r in [inner, inner + RING_WIDTH] {
            commands.spawn((
                Mesh3d(meshes.add(Annulus::new(r - 0.018, r + 0.018))),
                MeshMaterial3d(material(&mut materials, edge)),
                Transform::from_rotation(flat).with_translation(Vec3::Y * 0.004),
            ));
        }
    }
    commands.spawn((
        Mesh3d(meshes.add(Circle::new(SHIP_RADIUS - 0.02))),
        MeshMaterial3d(material(&mut materials, Color::srgb(0.04, 0.04, 0.09))),
        Transform::from_rotation(flat).with_translation(Vec3::new(0.0, -0.005, 0.0)),
    ));
    // Sector lines.
    let line = meshes.add(Cuboid::new(0.035, 0.02, outer - SHIP_RADIUS));
    let white = material(&mut materials, Color::srgb(0.82, 0.82, 0.88));
    for sector in 0..6u8 {
        let angle = f32::from(sector) * TAU / 6.0;
        let middle = (outer + SHIP_RADIUS) / 2.0;
        commands.spawn((
            Mesh3d(line.clone()),
            MeshMaterial3d(white.clone()),
            Transform::from_translation(on_board(angle, middle, 0.006))
                .with_rotation(Quat::from_rotation_y(-angle)),
        ));
    }
    spawn_die(&mut commands, &mut meshes, &mut materials);
    spawn_piles(&mut commands, &mut meshes, &mut materials);
    spawn_enterprise(&mut commands, &mut meshes, &mut materials, &palette);
}

/// The card stacks (a unit-high box scaled to the count, with a card back on top) and the
/// threat bag (a cloth sack with a tied neck).
fn spawn_piles(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    let stack = meshes.add(
        Cuboid::new(0.5, 1.0, 0.7)
            .mesh()
            .build()
            .translated_by(Vec3::Y * 0.5),
    );
    let back = meshes.add(
        Cuboid::new(0.38, 0.02, 0.58)
            .mesh()
            .build()
            .translated_by(Vec3::Y * 1.0),
    );
    let edges = material(materials, Color::srgb(0.9, 0.9, 0.86));
    for (pile, color) in [
        (Pile::Deck, Color::srgb(0.15, 0.3, 0.75)),
        (Pile::Discard, Color::srgb(0.55, 0.55, 0.62)),
        (Pile::Removed, Color::srgb(0.4, 0.1, 0.1)),
    ] {
        let face = material(materials, color);
        let stack_entity = commands
            .spawn((
                Mesh3d(stack.clone()),
                MeshMaterial3d(edges.clone()),
                Transform::default(),
                pile,
            ))
            .id();
        let top = commands
            .spawn((
                Mesh3d(back.clone()),
                MeshMaterial3d(face),
                Transform::default(),
            ))
            .id();
        commands.entity(stack_entity).add_child(top);
    }
    let cloth = material(materials, Color::srgb(0.42, 0.27, 0.14));
    let cord = material(materials, Color::srgb(0.85, 0.75, 0.4));
    let bag = commands
        .spawn((
            Mesh3d(meshes.add(Sphere::new(0.36))),
            MeshMaterial3d(cloth.clone()),
            Transform::default(),
            Pile::Bag,
            Visibility::default(),
        ))
        .id();
    let neck = commands
        .spawn((
            Mesh3d(meshes.add(Cone::new(0.16, 0.3))),
            MeshMaterial3d(cloth),
            Transform::from_xyz(0.0, 0.4, 0.0).with_rotation(Quat::from_rotation_x(PI)),
        ))
        .id();
    let tie = commands
        .spawn((
            Mesh3d(meshes.add(Torus::new(0.05, 0.1))),
            MeshMaterial3d(cord),
            Transform::from_xyz(0.0, 0.32, 0.0),
        ))
        .id();
    commands.entity(bag).add_children(&[neck, tie]);
}

/// The six-sided die: a white cube with dark pips, opposite faces adding to 7 (1 up, 2 at
/// +X, 3 at +Z; `die::face_up` turns a value to the top).
fn spawn_die(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    const HALF: f32 = 0.21;
    let die = commands
        .spawn((
            Mesh3d(meshes.add(Cuboid::new(2.0 * HALF, 2.0 * HALF, 2.0 * HALF))),
            MeshMaterial3d(material(materials, Color::srgb(0.95, 0.95, 0.93))),
            Transform::default(),
            super::die::Die,
        ))
        .id();
    let pip = meshes.add(Sphere::new(0.036));
    let dark = material(materials, Color::srgb(0.05, 0.05, 0.1));
    // Each face: its value, its normal and two axes across it.
    let faces = [
        (1, Vec3::Y, Vec3::X, Vec3::Z),
        (6, Vec3::NEG_Y, Vec3::X, Vec3::Z),
        (2, Vec3::X, Vec3::Y, Vec3::Z),
        (5, Vec3::NEG_X, Vec3::Y, Vec3::Z),
        (3, Vec3::Z, Vec3::X, Vec3::Y),
        (4, Vec3::NEG_Z, Vec3::X, Vec3::Y),
    ];
    let d = 0.1;
    for (value, normal, u, v) in faces {
        let spots: &[(f32, f32)] = match value {
            1 => &[(0.0, 0.0)],
            2 => &[(-d, -d), (d, d)],
            3 => &[(-d, -d), (0.0, 0.0), (d, d)],
            4 => &[(-d, -d), (d, d), (-d, d), (d, -d)],
            5 => &[(-d, -d), (d, d), (-d, d), (d, -d), (0.0, 0.0)],
            _ => &[(-d, -d), (d, d), (-d, d), (d, -d), (-d, 0.0), (d, 0.0)],
        };
        for (a, b) in spots {
            let at = normal * (HALF - 0.012) + u * *a + v * *b;
            let p = commands
                .spawn((
                    Mesh3d(pip.clone()),
                    MeshMaterial3d(dark.clone()),
                    Transform::from_translation(at),
                ))
                .id();
            commands.entity(die).add_child(p);
        }
    }
}

/// Half the angle a Shield or Hull piece spans (a little under a sector's 30°).
const PIECE_HALF: f32 = 0.47;

/// A recognisable Constitution-class silhouette from primitives: saucer, bridge, neck,
/// engineering hull with its deflector, two nacelles on pylons, pointing at −Z (the Fore);
/// around her the six Shields as arcs and the six Hull sections as plates.
fn spawn_enterprise(
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
        let zig: Vec<Vec3> = [(1.05, -0.25), (1.1, 0.0), (1.15, -0.12), (1.19, 0.2)]
            .iter()
            .map(|(r, da)| on_board(angle + da, *r, 0.065))
            .collect();
        let shield_crack = commands
            .spawn((
                Mesh3d(meshes.add(crack(&zig, 0.014, Vec3::Y))),
                MeshMaterial3d(dark.clone()),
                Transform::default(),
                Visibility::Hidden,
                Crack::Shield(facing),
            ))
            .id();
        let hull = commands
            .spawn((
                Mesh3d(meshes.add(flat_arc(0.64, 1.0, from, to, 0.02))),
                MeshMaterial3d(palette.hull[0].clone()),
                Transform::default(),
                HullPiece(facing),
            ))
            .id();
        let zig: Vec<Vec3> = [(0.66, -0.2), (0.76, 0.05), (0.86, -0.1), (0.97, 0.15)]
            .iter()
            .map(|(r, da)| on_board(angle + da, *r, 0.026))
            .collect();
        let hull_crack = commands
            .spawn((
                Mesh3d(meshes.add(crack(&zig, 0.014, Vec3::Y))),
                MeshMaterial3d(dark.clone()),
                Transform::default(),
                Visibility::Hidden,
                Crack::Hull(facing),
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
