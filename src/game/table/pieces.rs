//! Threat and mission tokens and the ship's sections follow the rules state: tokens are
//! spawned, moved and removed to match it, and each section shows its state.

use bevy::prelude::*;
use std::collections::BTreeMap;
use std::f32::consts::{FRAC_PI_2, PI, TAU};
use stp_rules::content::{Faction, ThreatKind, builtin};
use stp_rules::{SectionState, TokenId};

use super::board::Palette;
use super::motion::Glide;
use super::{
    AnimationSpeed, HullPiece, MissionPiece, Pieces, ShieldPiece, Ship, ThreatPiece, on_board,
    ring_center, sector_angle,
};
use crate::game::GameSystems;
use crate::game::pacing::Shown;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (sync_pieces, sync_ship)
            .run_if(resource_changed::<Shown>)
            .in_set(GameSystems::Present),
    );
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
    // Wide enough that the Defense numbers of tokens sharing a space stay apart.
    let spread = 0.62;
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

/// A token's border, as the rulebook prints it: red for Kang, Koloth and Kor, yellow for the
/// Starbase, and a light blue dotted ring for ships that cloak (`true`: dotted).
fn border_material(palette: &Palette, token: TokenId) -> Option<(Handle<StandardMaterial>, bool)> {
    let def = builtin().threat(token);
    if def.captain().is_some() {
        Some((palette.border_red.clone(), false))
    } else if def.threat == ThreatKind::Starbase {
        Some((palette.border_yellow.clone(), false))
    } else if def.cloaks() {
        Some((palette.border_blue.clone(), true))
    } else {
        None
    }
}

/// The border pieces: a ring, or a ring of dots, around the token in its own plane.
fn spawn_border(
    commands: &mut Commands,
    palette: &Palette,
    token: Entity,
    (material, dotted): (Handle<StandardMaterial>, bool),
) {
    if !dotted {
        let ring = commands
            .spawn((
                Mesh3d(palette.border_mesh.clone()),
                MeshMaterial3d(material),
                Transform::from_rotation(Quat::from_rotation_x(FRAC_PI_2)),
            ))
            .id();
        commands.entity(token).add_child(ring);
        return;
    }
    const DOTS: usize = 12;
    for i in 0..DOTS {
        let angle = i as f32 * TAU / DOTS as f32;
        let dot = commands
            .spawn((
                Mesh3d(palette.dot_mesh.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_xyz(0.33 * angle.cos(), 0.33 * angle.sin(), 0.0),
            ))
            .id();
        commands.entity(token).add_child(dot);
    }
}

/// The token's face: its faction's emblem (on the face-up side only, so a cloaked token,
/// face down, shows none), and the veil that dims it when a picked card cannot target it.
fn spawn_face(commands: &mut Commands, palette: &Palette, token: Entity, id: TokenId) {
    let emblems = &palette.emblems;
    let mesh = match &builtin().threat(id).threat {
        ThreatKind::Starbase => emblems.starbase.clone(),
        ThreatKind::Comet { .. } => emblems.comet.clone(),
        ThreatKind::Ship { faction, .. } => match faction {
            Faction::Klingon => emblems.klingon.clone(),
            Faction::Romulan => emblems.romulan.clone(),
            Faction::Tholian => emblems.tholian.clone(),
        },
    };
    // Just above the face (the token is 0.08 thick), at its middle, clear of the Defense
    // number in the corner toward the Enterprise.
    let emblem = commands
        .spawn((
            Mesh3d(mesh),
            MeshMaterial3d(palette.emblem.clone()),
            Transform::from_xyz(0.0, 0.0, 0.045),
        ))
        .id();
    let veil = commands
        .spawn((
            Mesh3d(palette.token_mesh.clone()),
            MeshMaterial3d(palette.veil.clone()),
            Transform::from_xyz(0.0, 0.0, 0.01).with_scale(Vec3::new(1.08, 1.08, 1.3)),
            Visibility::Hidden,
            Veil,
        ))
        .id();
    commands.entity(token).add_children(&[emblem, veil]);
}

/// The dark veil over a token a picked card cannot target.
#[derive(Component)]
pub struct Veil;

/// Spawns, moves and removes token entities to match the state.
fn sync_pieces(
    shown: Res<Shown>,
    palette: Res<Palette>,
    mut pieces: ResMut<Pieces>,
    mut commands: Commands,
    mut tokens: Query<(&mut Glide, &mut MeshMaterial3d<StandardMaterial>), With<ThreatPiece>>,
    speed: Res<AnimationSpeed>,
) {
    let Some(state) = shown.get() else { return };
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
                    spawn_border(&mut commands, &palette, entity, border);
                }
                spawn_face(&mut commands, &palette, entity, t.token);
                pieces.threats.insert(t.token, entity);
            }
        }
    }
    // A Force Field shows as a shield-blue bubble over the ship it holds.
    for (token, bubble) in pieces.force_fields.clone() {
        match state.threat(token) {
            Some(t) if t.force_field => {}
            // A destroyed ship's piece took its bubble with it.
            None => {
                pieces.force_fields.remove(&token);
            }
            Some(_) => {
                commands.entity(bubble).despawn();
                pieces.force_fields.remove(&token);
            }
        }
    }
    for t in state.threats.iter().filter(|t| t.force_field) {
        if let (None, Some(piece)) = (
            pieces.force_fields.get(&t.token),
            pieces.threats.get(&t.token),
        ) {
            let bubble = commands
                .spawn((
                    Mesh3d(palette.bubble_mesh.clone()),
                    MeshMaterial3d(palette.shield[0].clone()),
                    Transform::default(),
                ))
                .id();
            commands.entity(*piece).add_child(bubble);
            pieces.force_fields.insert(t.token, bubble);
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
    shown: Res<Shown>,
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
    let Some(state) = shown.get() else { return };
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
