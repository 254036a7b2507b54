//! Short-lived effects from the rules events: phaser beams, enemy shots, comet streaks,
//! explosions, section flashes and a cloak's shimmer. Each has its own copy of its material,
//! so it fades out instead of vanishing. With reduced motion nothing travels: a moved piece
//! leaves a fading ghost where it was and fades in where it lands.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::{GameState, RulesEvent, TokenId};

use crate::game::pacing::AnimationSpeed;
use crate::game::pacing::{Paced, Shown};
use crate::game::systems::GameSystems;
use crate::game::table::parts::{Pieces, on_board, sector_angle};
use crate::game::table::scene::materials::Palette;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, spawn_effects.in_set(GameSystems::Events))
        .add_systems(
            Update,
            (
                fade_effects,
                fly,
                fade_instead_of_travel.before(crate::game::table::scene::motion::glide),
            )
                .in_set(GameSystems::Animate),
        );
}

/// A photon torpedo on its way: from the firing facing to its target.
#[derive(Component)]
pub(crate) struct Flight {
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

/// A short-lived effect: a beam, a flash, an explosion, a shimmer. Its material is its own,
/// so its alpha and glow follow `fade` over its life.
#[derive(Component)]
pub(crate) struct Effect {
    pub timer: Timer,
    pub grow: f32,
    pub fade: Fade,
    /// The material's alpha and glow at full strength.
    alpha: f32,
    emissive: LinearRgba,
}

/// How an effect's strength runs over its life (0 to 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fade {
    /// Full at once, fading to nothing: a beam, a blast.
    Out,
    /// Rising and falling back: a piece fading in where it lands.
    InOut,
    /// Flickering as it fades: a cloak shimmering.
    Shimmer,
}

impl Fade {
    pub fn strength(self, t: f32) -> f32 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Fade::Out => (1.0 - t) * (1.0 - t * 0.5),
            Fade::InOut => (t * std::f32::consts::PI).sin(),
            Fade::Shimmer => (1.0 - t) * (0.55 + 0.45 * (t * 5.0 * std::f32::consts::TAU).cos()),
        }
    }
}

/// What an effect is made of, before it is spawned with a copy of its material.
struct Spawned {
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
    at: Transform,
    grow: f32,
    fade: Fade,
}

/// Spawns an effect with its own copy of `material`, living `life` seconds.
fn spawn_effect(
    commands: &mut Commands,
    materials: &mut Assets<StandardMaterial>,
    effect: Spawned,
    life: f32,
) {
    let Some(mut own) = materials.get(&effect.material).cloned() else {
        return;
    };
    let (alpha, emissive) = (own.base_color.alpha(), own.emissive);
    own.alpha_mode = AlphaMode::Blend;
    own.base_color.set_alpha(alpha * effect.fade.strength(0.0));
    own.emissive = emissive * effect.fade.strength(0.0);
    commands.spawn((
        Mesh3d(effect.mesh),
        MeshMaterial3d(materials.add(own)),
        effect.at,
        Effect {
            timer: Timer::from_seconds(life, TimerMode::Once),
            grow: effect.grow,
            fade: effect.fade,
            alpha,
            emissive,
        },
    ));
}

/// What the effects read of the table: the shown state, the pieces where they stand, the
/// palette, the pace and the reduced-motion setting.
#[derive(bevy::ecs::system::SystemParam)]
struct EffectsBoard<'w, 's> {
    shown: Res<'w, Shown>,
    palette: Res<'w, Palette>,
    pieces: Res<'w, Pieces>,
    transforms: Query<'w, 's, &'static Transform>,
    speed: Res<'w, AnimationSpeed>,
    settings: Option<Res<'w, crate::game::settings::Settings>>,
}

/// The effects a frame's events ask for, gathered event by event, then spawned together.
#[derive(Default)]
struct Plan {
    spawned: Vec<Spawned>,
    blasts: Vec<Vec3>,
    torpedoes: Vec<(Vec3, Vec3)>,
    /// The Shields' flashes, by the angle of their sector.
    flashes: Vec<f32>,
    /// The card being played decides how its hit looks: Photon Torpedoes fly, the rest beam.
    torpedo: bool,
}

/// Where a shot leaves the ship: the Shield's arc on the side of its target.
fn facing_edge(at: Vec3) -> Vec3 {
    let flat = Vec3::new(at.x, 0.0, at.z).normalize_or_zero();
    flat * 1.2 + Vec3::Y * 0.3
}

impl EffectsBoard<'_, '_> {
    /// Where a threat's piece stands now.
    fn where_is(&self, token: &TokenId) -> Option<Vec3> {
        self.pieces
            .threats
            .get(token)
            .and_then(|e| self.transforms.get(*e).ok())
            .map(|t| t.translation)
    }

    /// A beam from one point to another; with reduced motion nothing crosses the board.
    fn beam(
        &self,
        from: Vec3,
        to: Vec3,
        material: Handle<StandardMaterial>,
        reduced: bool,
    ) -> Option<Spawned> {
        let length = from.distance(to);
        (length >= 0.01 && !reduced).then(|| Spawned {
            mesh: self.palette.beam_mesh.clone(),
            material,
            at: Transform::from_translation((from + to) / 2.0)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, (to - from).normalize()))
                .with_scale(Vec3::new(1.0, length, 1.0)),
            grow: 0.0,
            fade: Fade::Out,
        })
    }

    /// Adds what `event` shows to `plan`.
    fn plan(&self, plan: &mut Plan, event: &RulesEvent, state: &GameState, reduced: bool) {
        let palette = &self.palette;
        let where_is = |token: &TokenId| self.where_is(token);
        let beam = |from, to, material| self.beam(from, to, material, reduced);
        match event {
            RulesEvent::CardPlayed { card, .. } => {
                plan.torpedo = stp_rules::content::builtin().card(*card).kind == "photon_torpedoes";
            }
            RulesEvent::ThreatHit { token, .. } => {
                if let Some(at) = where_is(token) {
                    match (plan.torpedo, reduced) {
                        (_, true) => plan.blasts.push(at),
                        (true, false) => plan.torpedoes.push((facing_edge(at), at)),
                        (false, false) => {
                            plan.spawned
                                .extend(beam(facing_edge(at), at, palette.phaser.clone()))
                        }
                    }
                }
            }
            RulesEvent::ThreatFired { token, facing, .. } => {
                if let Some(at) = where_is(token) {
                    let sector = state.enterprise().sector_of_facing(*facing);
                    plan.spawned.extend(beam(
                        at,
                        on_board(sector_angle(sector), 1.0, 0.3),
                        palette.enemy_fire.clone(),
                    ));
                }
            }
            RulesEvent::ThreatDestroyed { token } | RulesEvent::Boarded { token, .. } => {
                if let Some(at) = where_is(token) {
                    plan.blasts.push(at);
                }
            }
            RulesEvent::CometStruck { sector, .. } => {
                plan.spawned.extend(beam(
                    on_board(sector_angle(*sector), 4.6, 0.4),
                    on_board(sector_angle(*sector), 1.0, 0.3),
                    palette.blast.clone(),
                ));
            }
            RulesEvent::SectionDamaged { section } | RulesEvent::SectionDestroyed { section } => {
                let sector = state.enterprise().sector_of_facing(section.facing);
                // A hit Shield flashes; a hit Hull section sparks.
                match section.kind {
                    stp_rules::SectionKind::Shield => plan.flashes.push(sector_angle(sector)),
                    stp_rules::SectionKind::Hull => {
                        plan.blasts.push(on_board(sector_angle(sector), 0.75, 0.15))
                    }
                }
            }
            // A cloak shimmers out and in over the token as it turns (only fades with reduced
            // motion).
            RulesEvent::ThreatCloaked { token } | RulesEvent::ThreatUncloaked { token } => {
                if let Some(at) = where_is(token) {
                    plan.spawned.push(Spawned {
                        mesh: palette.shimmer_mesh.clone(),
                        material: palette.shimmer.clone(),
                        at: Transform::from_translation(at + Vec3::Y * 0.2),
                        grow: if reduced { 0.0 } else { 0.3 },
                        fade: if reduced { Fade::Out } else { Fade::Shimmer },
                    });
                }
            }
            RulesEvent::TurnStarted { .. }
            | RulesEvent::PhaseStarted { .. }
            | RulesEvent::PhaseSkipped { .. }
            | RulesEvent::CardsDrawn { .. }
            | RulesEvent::DeckReshuffled { .. }
            | RulesEvent::MissionRevealed { .. }
            | RulesEvent::MissionTokenPlaced { .. }
            | RulesEvent::MissionTokenMoved { .. }
            | RulesEvent::MissionTokenHit { .. }
            | RulesEvent::Traded { .. }
            | RulesEvent::CardTaken { .. }
            | RulesEvent::CardCommitted { .. }
            | RulesEvent::CardDiscarded { .. }
            | RulesEvent::CardRecovered { .. }
            | RulesEvent::ThreatPlaced { .. }
            | RulesEvent::ThreatMoved { .. }
            | RulesEvent::ThreatReinforced { .. }
            | RulesEvent::ThreatReturnedToBag { .. }
            | RulesEvent::ForceFieldPlaced { .. }
            | RulesEvent::ForceFieldHeld { .. }
            | RulesEvent::RedAlertSet { .. }
            | RulesEvent::RedAlertAbsorbed { .. }
            | RulesEvent::TholianWebbed { .. }
            | RulesEvent::CaptainArrived { .. }
            | RulesEvent::Docked { .. }
            | RulesEvent::BagRefilled { .. }
            | RulesEvent::Maneuvered { .. }
            | RulesEvent::DieRolled { .. }
            | RulesEvent::SectionRepaired { .. }
            | RulesEvent::SectionRebuilt { .. }
            | RulesEvent::DamageIgnored { .. }
            | RulesEvent::CardsRemoved { .. }
            | RulesEvent::BoardersArriving { .. }
            | RulesEvent::SecurityTeamPlayed { .. }
            | RulesEvent::AbilityUsed { .. }
            | RulesEvent::MissionTimer { .. }
            | RulesEvent::MissionCompleted { .. }
            | RulesEvent::MissionFailed { .. }
            | RulesEvent::ThreatChosen { .. }
            | RulesEvent::ActionUndone { .. }
            | RulesEvent::GameWon
            | RulesEvent::GameLost { .. } => {}
        }
    }
}

/// Beams, shots and blasts from the rules events. This runs before the pieces follow the
/// state, so a destroyed threat's piece is still there to explode.
fn spawn_effects(
    mut events: MessageReader<Paced>,
    board: EffectsBoard,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    let Some(state) = board.shown.get() else {
        events.clear();
        return;
    };
    if board.speed.skip {
        events.clear();
        return;
    }
    let life = 0.6 / board.speed.speed.max(0.1);
    // Reduced motion: nothing travels; hits flash where they land.
    let reduced = board.settings.as_ref().is_some_and(|s| s.reduced_motion);
    let mut plan = Plan::default();
    for Paced(event) in events.read() {
        board.plan(&mut plan, event, state, reduced);
    }
    let palette = &board.palette;
    for (from, to) in plan.torpedoes {
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
    for angle in plan.flashes {
        plan.spawned.push(Spawned {
            mesh: meshes.add(crate::game::table::scene::shapes::flat_arc(
                crate::game::table::parts::HULL_RING.1,
                crate::game::table::parts::SHIELD_RING.1 + 0.03,
                angle - 0.5,
                angle + 0.5,
                0.1,
            )),
            material: palette.blast.clone(),
            at: Transform::default(),
            grow: 0.0,
            fade: Fade::Out,
        });
    }
    for at in plan.blasts {
        plan.spawned.push(Spawned {
            mesh: palette.blast_mesh.clone(),
            material: palette.blast.clone(),
            at: Transform::from_translation(at).with_scale(Vec3::splat(0.3)),
            grow: if reduced { 0.0 } else { 2.5 },
            fade: Fade::Out,
        });
    }
    for effect in plan.spawned {
        spawn_effect(&mut commands, &mut materials, effect, life);
    }
}

fn fade_effects(
    time: Res<Time>,
    mut effects: Query<(
        Entity,
        &mut Effect,
        &mut Transform,
        &MeshMaterial3d<StandardMaterial>,
    )>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (entity, mut effect, mut transform, material) in &mut effects {
        effect.timer.tick(time.delta());
        if effect.timer.is_finished() {
            commands.entity(entity).despawn();
            continue;
        }
        transform.scale *= 1.0 + effect.grow * time.delta_secs();
        let strength = effect.fade.strength(effect.timer.fraction());
        if let Some(mut own) = materials.get_mut(&material.0) {
            own.base_color.set_alpha(effect.alpha * strength);
            own.emissive = effect.emissive * strength;
        }
        redraw.write(RequestRedraw);
    }
}

/// With reduced motion a piece jumps to its new place: a ghost of it fades where it was, and
/// a ring fades in and out where it lands, so the move still reads without travel.
fn fade_instead_of_travel(
    settings: Option<Res<crate::game::settings::Settings>>,
    speed: Res<AnimationSpeed>,
    palette: Res<Palette>,
    moving: Query<
        (&Transform, &crate::game::table::scene::motion::Glide),
        With<crate::game::table::scene::motion::OnRings>,
    >,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut commands: Commands,
) {
    if speed.skip || !settings.is_some_and(|s| s.reduced_motion) {
        return;
    }
    let life = 0.6 / speed.speed.max(0.1);
    for (now, glide) in &moving {
        if now.translation.distance(glide.to.translation) < 0.05 {
            continue;
        }
        // A piece still over the bag is arriving: it has no place on the board to leave.
        if now.translation.y < 0.4 {
            let ghost = Spawned {
                mesh: palette.token_mesh.clone(),
                material: palette.ghost.clone(),
                at: *now,
                grow: 0.0,
                fade: Fade::Out,
            };
            spawn_effect(&mut commands, &mut materials, ghost, life);
        }
        let landing = Spawned {
            mesh: palette.bubble_mesh.clone(),
            material: palette.shimmer.clone(),
            at: Transform::from_translation(glide.to.translation),
            grow: 0.0,
            fade: Fade::InOut,
        };
        spawn_effect(&mut commands, &mut materials, landing, life);
    }
}
