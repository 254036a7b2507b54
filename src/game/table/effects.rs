//! Short-lived effects from the rules events: phaser beams, enemy shots, comet streaks,
//! explosions and section flashes.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::{RulesEvent, TokenId};

use super::board::Palette;
use super::{AnimationSpeed, Pieces, on_board, sector_angle};
use crate::game::GameSystems;
use crate::game::pacing::{Paced, Shown};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, spawn_effects.in_set(GameSystems::Events))
        .add_systems(Update, (fade_effects, fly).in_set(GameSystems::Animate));
}

/// A photon torpedo on its way: from the firing facing to its target.
#[derive(Component)]
pub struct Flight {
    pub from: Vec3,
    pub to: Vec3,
    pub timer: Timer,
}

fn fly(
    time: Res<Time>,
    mut flights: Query<(Entity, &mut Flight, &mut Transform)>,
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (entity, mut flight, mut transform) in &mut flights {
        flight.timer.tick(time.delta());
        if flight.timer.is_finished() {
            commands.entity(entity).despawn();
            continue;
        }
        let t = flight.timer.fraction();
        // A low arc over the board.
        transform.translation =
            flight.from.lerp(flight.to, t) + Vec3::Y * (t * std::f32::consts::PI).sin() * 0.4;
        redraw.write(RequestRedraw);
    }
}

/// A short-lived effect: a beam, a flash, an explosion.
#[derive(Component)]
pub struct Effect {
    pub timer: Timer,
    pub grow: f32,
}

/// Beams, shots and blasts from the rules events. This runs before the pieces follow the
/// state, so a destroyed threat's piece is still there to explode.
fn spawn_effects(
    mut events: MessageReader<Paced>,
    shown: Res<Shown>,
    palette: Res<Palette>,
    pieces: Res<Pieces>,
    transforms: Query<&Transform>,
    speed: Res<AnimationSpeed>,
    settings: Option<Res<crate::game::settings::Settings>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut commands: Commands,
) {
    let Some(state) = shown.get() else {
        events.clear();
        return;
    };
    if speed.skip {
        events.clear();
        return;
    }
    let life = 0.6 / speed.speed.max(0.1);
    // Reduced motion: nothing travels; hits flash where they land.
    let reduced = settings.is_some_and(|s| s.reduced_motion);
    // Where a shot leaves the ship: the Shield's arc on the side of its target.
    let facing_edge = |at: Vec3| {
        let flat = Vec3::new(at.x, 0.0, at.z).normalize_or_zero();
        flat * 1.2 + Vec3::Y * 0.3
    };
    let where_is = |token: &TokenId| {
        pieces
            .threats
            .get(token)
            .and_then(|e| transforms.get(*e).ok())
            .map(|t| t.translation)
    };
    let mut beam = |from: Vec3, to: Vec3, mat: Handle<StandardMaterial>| {
        let length = from.distance(to);
        if length < 0.01 || reduced {
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
    let mut torpedoes = Vec::new();
    let mut flashes = Vec::new();
    // The card being played decides how its hit looks: Photon Torpedoes fly, the rest beam.
    let mut torpedo = false;
    for Paced(event) in events.read() {
        match event {
            RulesEvent::CardPlayed { card, .. } => {
                torpedo = stp_rules::content::builtin().card(*card).kind == "photon_torpedoes";
            }
            RulesEvent::ThreatHit { token, .. } => {
                if let Some(at) = where_is(token) {
                    match (torpedo, reduced) {
                        (_, true) => blasts.push(at),
                        (true, false) => torpedoes.push((facing_edge(at), at)),
                        (false, false) => beam(facing_edge(at), at, palette.phaser.clone()),
                    }
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
                // A hit Shield flashes; a hit Hull section sparks.
                match section.kind {
                    stp_rules::SectionKind::Shield => flashes.push(sector_angle(sector)),
                    stp_rules::SectionKind::Hull => {
                        blasts.push(on_board(sector_angle(sector), 0.75, 0.15))
                    }
                }
            }
            _ => {}
        }
    }
    for (from, to) in torpedoes {
        commands.spawn((
            Mesh3d(palette.blast_mesh.clone()),
            MeshMaterial3d(palette.phaser.clone()),
            Transform::from_translation(from).with_scale(Vec3::splat(0.35)),
            Flight {
                from,
                to,
                timer: Timer::from_seconds(life, TimerMode::Once),
            },
        ));
    }
    for angle in flashes {
        commands.spawn((
            Mesh3d(meshes.add(super::shapes::flat_arc(
                1.0,
                1.26,
                angle - 0.5,
                angle + 0.5,
                0.1,
            ))),
            MeshMaterial3d(palette.blast.clone()),
            Transform::default(),
            Effect {
                timer: Timer::from_seconds(life, TimerMode::Once),
                grow: 0.0,
            },
        ));
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
