//! The 3D table: the ring board, the Enterprise with her Shields and Hull sections, threat
//! and mission tokens, the die and the piles — all drawn from the rules state, and animated
//! by the rules events.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::collections::BTreeMap;
use std::f32::consts::{FRAC_PI_2, PI, TAU};
use stp_rules::content::{Faction, ThreatKind, builtin};
use stp_rules::{GameState, Range, RulesEvent, SectionState, TokenId};

/// Ring radii: the ship's disc, then Short (blue), Medium (purple), Long (green).
pub const SHIP_RADIUS: f32 = 1.25;
pub const RING_WIDTH: f32 = 1.05;

pub fn ring_center(range: Range) -> f32 {
    let index = match range {
        Range::Short => 0.0,
        Range::Medium => 1.0,
        Range::Long => 2.0,
    };
    SHIP_RADIUS + RING_WIDTH * (index + 0.5)
}

/// Board sectors are numbered clockwise seen from above, sectors 1 and 6 meeting at the top
/// (−Z). Returns the angle of a sector's middle, clockwise from −Z.
pub fn sector_angle(sector: u8) -> f32 {
    (f32::from(sector) + 0.5) * TAU / 6.0
}

/// A point on the board at an angle (clockwise from −Z) and radius.
pub fn on_board(angle: f32, radius: f32, height: f32) -> Vec3 {
    Vec3::new(angle.sin() * radius, height, -angle.cos() * radius)
}

/// How long a token takes to glide to its new place, and how long effects last; the speed
/// setting divides both.
#[derive(Resource, Debug, Clone, Copy)]
pub struct AnimationSpeed {
    pub speed: f32,
    /// Finish every animation at once.
    pub skip: bool,
}

impl Default for AnimationSpeed {
    fn default() -> Self {
        AnimationSpeed {
            speed: 1.0,
            skip: false,
        }
    }
}

/// Marks a threat token's entity.
#[derive(Component)]
pub struct ThreatPiece(pub TokenId);

#[derive(Component)]
pub struct MissionPiece;

/// The Enterprise's root entity (it turns with her heading).
#[derive(Component)]
pub struct Ship;

#[derive(Component)]
pub struct ShieldPiece(pub u8);

#[derive(Component)]
pub struct HullPiece(pub u8);

/// Where an entity is heading; `glide` moves it there.
#[derive(Component)]
pub struct Glide {
    pub to: Transform,
}

/// A short-lived effect: a beam, a flash, an explosion.
#[derive(Component)]
pub struct Effect {
    pub timer: Timer,
    pub grow: f32,
}

#[derive(Resource, Default)]
pub struct Pieces {
    pub threats: BTreeMap<TokenId, Entity>,
    pub missions: BTreeMap<u8, Entity>,
}

#[derive(Resource, Clone)]
pub struct Palette {
    pub token_mesh: Handle<Mesh>,
    pub border_mesh: Handle<Mesh>,
    pub mission_mesh: Handle<Mesh>,
    pub beam_mesh: Handle<Mesh>,
    pub blast_mesh: Handle<Mesh>,
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pieces>()
        .init_resource::<AnimationSpeed>()
        .add_systems(Startup, (make_palette, spawn_board).chain())
        .add_systems(
            Update,
            (
                sync_pieces.run_if(resource_exists_and_changed::<GameState>),
                sync_ship.run_if(resource_exists_and_changed::<GameState>),
                spawn_effects,
                glide,
                fade_effects,
            )
                .chain()
                .after(stp_rules::RulesSet::Phases),
        );
}

fn material(materials: &mut Assets<StandardMaterial>, color: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.6,
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
        mission_mesh: meshes.add(Cuboid::new(0.36, 0.1, 0.36)),
        beam_mesh: meshes.add(Cylinder::new(0.025, 1.0)),
        blast_mesh: meshes.add(Sphere::new(0.25)),
        klingon: material(m, Color::srgb(0.62, 0.18, 0.14)),
        romulan: material(m, Color::srgb(0.15, 0.55, 0.25)),
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

/// Where a token stands: its ring and sector, spread sideways when several share a space,
/// with the current Defense corner pointing at the Enterprise: each point of damage turns the
/// token a third of a turn, as on the table.
fn token_transform(
    angle: f32,
    radius: f32,
    slot: usize,
    of: usize,
    flipped: bool,
    damage: u8,
) -> Transform {
    let spread = 0.32;
    let offset = (slot as f32 - (of as f32 - 1.0) / 2.0) * spread / radius;
    let angle = angle + offset;
    let mut rotation = Quat::from_rotation_y(-angle)
        * Quat::from_rotation_x(-FRAC_PI_2)
        * Quat::from_rotation_z(PI);
    if flipped {
        rotation = Quat::from_rotation_y(-angle) * Quat::from_rotation_x(FRAC_PI_2);
    }
    rotation *= Quat::from_rotation_z(f32::from(damage) * TAU / 3.0);
    Transform::from_translation(on_board(angle, radius, 0.06)).with_rotation(rotation)
}

fn threat_material(palette: &Palette, token: TokenId, cloaked: bool) -> Handle<StandardMaterial> {
    if cloaked {
        return palette.cloaked.clone();
    }
    match &builtin().threat(token).threat {
        ThreatKind::Starbase => palette.starbase.clone(),
        ThreatKind::Comet { .. } => palette.blast.clone(),
        ThreatKind::Ship { faction, .. } => match faction {
            Faction::Klingon => palette.klingon.clone(),
            Faction::Romulan => palette.romulan.clone(),
            Faction::Tholian => palette.tholian.clone(),
        },
    }
}

fn border_material(palette: &Palette, token: TokenId) -> Option<Handle<StandardMaterial>> {
    let def = builtin().threat(token);
    if def.captain().is_some() {
        Some(palette.border_red.clone())
    } else if def.threat == ThreatKind::Starbase {
        Some(palette.border_yellow.clone())
    } else if def.cloaks() {
        Some(palette.border_blue.clone())
    } else {
        None
    }
}

/// Spawns, moves and removes token entities to match the state.
fn sync_pieces(
    state: Res<GameState>,
    palette: Res<Palette>,
    mut pieces: ResMut<Pieces>,
    mut commands: Commands,
    mut tokens: Query<(&mut Glide, &mut MeshMaterial3d<StandardMaterial>), With<ThreatPiece>>,
    speed: Res<AnimationSpeed>,
) {
    // Group by space so tokens sharing one spread out.
    let mut spaces: BTreeMap<(u8, u8), Vec<TokenId>> = BTreeMap::new();
    for t in &state.threats {
        spaces
            .entry((t.pos.range as u8, t.pos.sector))
            .or_default()
            .push(t.token);
    }
    for (token, entity) in pieces.threats.clone() {
        if state.threat(token).is_none() {
            commands.entity(entity).despawn();
            pieces.threats.remove(&token);
        }
    }
    for t in &state.threats {
        let space = &spaces[&(t.pos.range as u8, t.pos.sector)];
        let slot = space.iter().position(|x| *x == t.token).unwrap_or(0);
        let to = token_transform(
            sector_angle(t.pos.sector),
            ring_center(t.pos.range),
            slot,
            space.len(),
            t.cloaked,
            builtin()
                .threat(t.token)
                .max_defense()
                .saturating_sub(t.defense),
        );
        let mat = threat_material(&palette, t.token, t.cloaked);
        match pieces
            .threats
            .get(&t.token)
            .and_then(|e| tokens.get_mut(*e).ok())
        {
            Some((mut glide, mut current)) => {
                glide.to = to;
                current.0 = mat;
            }
            None => {
                // New tokens drop in from above, where the bag is.
                let mut from = to;
                from.translation.y += if speed.skip { 0.0 } else { 2.5 };
                let entity = commands
                    .spawn((
                        Mesh3d(palette.token_mesh.clone()),
                        MeshMaterial3d(mat),
                        from,
                        Glide { to },
                        ThreatPiece(t.token),
                    ))
                    .id();
                if let Some(border) = border_material(&palette, t.token) {
                    let ring = commands
                        .spawn((
                            Mesh3d(palette.border_mesh.clone()),
                            MeshMaterial3d(border),
                            Transform::from_rotation(Quat::from_rotation_x(FRAC_PI_2)),
                        ))
                        .id();
                    commands.entity(entity).add_child(ring);
                }
                pieces.threats.insert(t.token, entity);
            }
        }
    }
    // Mission tokens: 4-sided pieces.
    for (token, entity) in pieces.missions.clone() {
        if !state.mission_tokens.iter().any(|m| m.token == token) {
            commands.entity(entity).despawn();
            pieces.missions.remove(&token);
        }
    }
    for m in &state.mission_tokens {
        let to = Transform::from_translation(on_board(
            sector_angle(m.pos.sector) + 0.25,
            ring_center(m.pos.range),
            0.06,
        ));
        match pieces.missions.get(&m.token) {
            Some(entity) => {
                commands.entity(*entity).insert(Glide { to });
            }
            None => {
                let entity = commands
                    .spawn((
                        Mesh3d(palette.mission_mesh.clone()),
                        MeshMaterial3d(palette.mission.clone()),
                        to,
                        Glide { to },
                        MissionPiece,
                    ))
                    .id();
                pieces.missions.insert(m.token, entity);
            }
        }
    }
}

/// The ship's heading and the state of each Shield and Hull section.
fn sync_ship(
    state: Res<GameState>,
    palette: Res<Palette>,
    mut ship: Query<&mut Glide, With<Ship>>,
    mut shields: Query<
        (
            &ShieldPiece,
            &mut MeshMaterial3d<StandardMaterial>,
            &mut Visibility,
        ),
        Without<HullPiece>,
    >,
    mut hulls: Query<(&HullPiece, &mut MeshMaterial3d<StandardMaterial>), Without<ShieldPiece>>,
) {
    for mut glide in &mut ship {
        let yaw = -f32::from(state.enterprise.heading) * TAU / 6.0;
        glide.to = Transform::from_rotation(Quat::from_rotation_y(yaw));
    }
    for (piece, mut mat, mut visible) in &mut shields {
        match state.enterprise.shields[piece.0 as usize] {
            SectionState::Intact => {
                mat.0 = palette.shield[0].clone();
                *visible = Visibility::Inherited;
            }
            SectionState::Damaged => {
                mat.0 = palette.shield[1].clone();
                *visible = Visibility::Inherited;
            }
            SectionState::Destroyed => *visible = Visibility::Hidden,
        }
    }
    for (piece, mut mat) in &mut hulls {
        let index = match state.enterprise.hull[piece.0 as usize] {
            SectionState::Intact => 0,
            SectionState::Damaged => 1,
            SectionState::Destroyed => 2,
        };
        mat.0 = palette.hull[index].clone();
    }
}

/// Beams, shots and blasts from the rules events.
fn spawn_effects(
    mut events: MessageReader<RulesEvent>,
    state: Option<Res<GameState>>,
    palette: Res<Palette>,
    pieces: Res<Pieces>,
    transforms: Query<&Transform>,
    speed: Res<AnimationSpeed>,
    mut commands: Commands,
) {
    let Some(state) = state else {
        events.clear();
        return;
    };
    if speed.skip {
        events.clear();
        return;
    }
    let life = 0.6 / speed.speed.max(0.1);
    let ship = Vec3::new(0.0, 0.35, 0.0);
    let where_is = |token: &TokenId| {
        pieces
            .threats
            .get(token)
            .and_then(|e| transforms.get(*e).ok())
            .map(|t| t.translation)
    };
    let mut beam = |from: Vec3, to: Vec3, mat: Handle<StandardMaterial>| {
        let length = from.distance(to);
        if length < 0.01 {
            return;
        }
        commands.spawn((
            Mesh3d(palette.beam_mesh.clone()),
            MeshMaterial3d(mat),
            Transform::from_translation((from + to) / 2.0)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, (to - from).normalize()))
                .with_scale(Vec3::new(1.0, length, 1.0)),
            Effect {
                timer: Timer::from_seconds(life, TimerMode::Once),
                grow: 0.0,
            },
        ));
    };
    let mut blasts = Vec::new();
    for event in events.read() {
        match event {
            RulesEvent::ThreatHit { token, .. } => {
                if let Some(at) = where_is(token) {
                    beam(ship, at, palette.phaser.clone());
                }
            }
            RulesEvent::ThreatFired { token, facing, .. } => {
                if let Some(at) = where_is(token) {
                    let sector = state.enterprise.sector_of_facing(*facing);
                    beam(
                        at,
                        on_board(sector_angle(sector), 1.0, 0.3),
                        palette.enemy_fire.clone(),
                    );
                }
            }
            RulesEvent::ThreatDestroyed { token } | RulesEvent::Boarded { token, .. } => {
                if let Some(at) = where_is(token) {
                    blasts.push(at);
                }
            }
            RulesEvent::CometStruck { sector, .. } => {
                beam(
                    on_board(sector_angle(*sector), 4.6, 0.4),
                    on_board(sector_angle(*sector), 1.0, 0.3),
                    palette.blast.clone(),
                );
            }
            RulesEvent::SectionDamaged { section } | RulesEvent::SectionDestroyed { section } => {
                let sector = state.enterprise.sector_of_facing(section.facing);
                blasts.push(on_board(sector_angle(sector), 0.95, 0.3));
            }
            _ => {}
        }
    }
    for at in blasts {
        commands.spawn((
            Mesh3d(palette.blast_mesh.clone()),
            MeshMaterial3d(palette.blast.clone()),
            Transform::from_translation(at).with_scale(Vec3::splat(0.3)),
            Effect {
                timer: Timer::from_seconds(life, TimerMode::Once),
                grow: 2.5,
            },
        ));
    }
}

/// Moves entities toward their `Glide` targets; asks for frames while anything moves.
fn glide(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut moving: Query<(&mut Transform, &Glide)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let step = (time.delta_secs().min(0.1) * 6.0 * speed.speed).min(1.0);
    let mut busy = false;
    for (mut transform, glide) in &mut moving {
        let far = transform.translation.distance(glide.to.translation) > 0.002
            || transform.rotation.angle_between(glide.to.rotation) > 0.002;
        if !far {
            continue;
        }
        if speed.skip {
            *transform = glide.to;
            continue;
        }
        busy = true;
        transform.translation = transform.translation.lerp(glide.to.translation, step);
        transform.rotation = transform.rotation.slerp(glide.to.rotation, step);
    }
    if busy {
        redraw.write(RequestRedraw);
    }
}

fn fade_effects(
    time: Res<Time>,
    mut effects: Query<(Entity, &mut Effect, &mut Transform)>,
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (entity, mut effect, mut transform) in &mut effects {
        effect.timer.tick(time.delta());
        if effect.timer.is_finished() {
            commands.entity(entity).despawn();
        } else {
            transform.scale *= 1.0 + effect.grow * time.delta_secs();
            redraw.write(RequestRedraw);
        }
    }
}
