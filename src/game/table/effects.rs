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
        .add_systems(Update, fade_effects.in_set(GameSystems::Animate));
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
    for Paced(event) in events.read() {
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
