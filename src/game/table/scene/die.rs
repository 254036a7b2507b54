//! The die tumbles when the rules roll it: it hops and spins for a moment, then lands. Its
//! label (drawn by `labels`, above it) says "rolling" until it lands, then the value.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::RulesEvent;

use crate::game::pacing::AnimationSpeed;
use crate::game::pacing::Paced;
use crate::game::systems::GameSystems;
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::piles::die_place;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DieRoll>()
        .add_systems(Update, start_rolls.in_set(GameSystems::Events))
        .add_systems(Update, tumble.in_set(GameSystems::Animate));
}

/// Marks the die's entity.
#[derive(Component)]
pub(crate) struct Die;

/// How long the die still tumbles (seconds at speed 1), and how many rolls it has made, so
/// each lands on a different face.
#[derive(Resource, Debug, Default)]
pub(crate) struct DieRoll {
    pub tumbling: f32,
    rolls: u32,
    /// The face it landed on last.
    pub value: Option<u8>,
}

/// How long a roll tumbles at speed 1.
const TUMBLE: f32 = 0.6;

fn start_rolls(
    mut events: MessageReader<Paced>,
    speed: Res<AnimationSpeed>,
    settings: Option<Res<crate::game::settings::Settings>>,
    mut roll: ResMut<DieRoll>,
) {
    // Reduced motion: the die lands without tumbling.
    let still = speed.skip || settings.is_some_and(|s| s.reduced_motion);
    for Paced(event) in events.read() {
        if let RulesEvent::DieRolled { value, .. } = event {
            roll.rolls += 1;
            roll.value = Some(*value);
            if !still {
                roll.tumbling = TUMBLE;
            }
        }
    }
}

/// The turn that brings a face's pips to the top (1 up, 2 at +X, 3 at +Z, opposite faces
/// adding to 7, as `board::spawn_die` lays them).
pub fn face_up(value: u8) -> Quat {
    use std::f32::consts::{FRAC_PI_2, PI};
    match value {
        2 => Quat::from_rotation_z(FRAC_PI_2),
        5 => Quat::from_rotation_z(-FRAC_PI_2),
        3 => Quat::from_rotation_x(-FRAC_PI_2),
        4 => Quat::from_rotation_x(FRAC_PI_2),
        6 => Quat::from_rotation_x(PI),
        _ => Quat::IDENTITY,
    }
}

/// The die at rest with the rolled face up, turned a little differently each roll.
fn rest(roll: &DieRoll, at: Vec3) -> Transform {
    Transform::from_translation(at).with_rotation(
        Quat::from_rotation_y(0.4 + roll.rolls as f32 * 1.3) * face_up(roll.value.unwrap_or(1)),
    )
}

fn tumble(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut roll: ResMut<DieRoll>,
    corners: Res<Corners>,
    mut die: Query<&mut Transform, With<Die>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if roll.tumbling <= 0.0 && !roll.is_changed() && !corners.is_changed() {
        return;
    }
    let home = die_place(&corners);
    roll.tumbling = (roll.tumbling - time.delta_secs() * speed.speed.max(0.1)).max(0.0);
    let left = roll.tumbling / TUMBLE;
    for mut transform in &mut die {
        if left <= 0.0 {
            *transform = rest(&roll, home);
            continue;
        }
        // A hop (highest mid-roll) while it spins about two axes.
        let hop = (left * std::f32::consts::PI).sin() * 0.6;
        let spin = left * 14.0;
        transform.translation = home + Vec3::Y * hop;
        transform.rotation = rest(&roll, home).rotation
            * Quat::from_rotation_x(spin)
            * Quat::from_rotation_z(spin * 0.7);
    }
    if roll.tumbling > 0.0 {
        redraw.write(RequestRedraw);
    }
}

/// The six-sided die: a white cube with dark pips, opposite faces adding to 7 (1 up, 2 at
/// +X, 3 at +Z; `die::face_up` turns a value to the top).
pub(crate) fn spawn_die(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    const HALF: f32 = 0.21;
    let die = commands
        .spawn((
            Mesh3d(meshes.add(Cuboid::new(2.0 * HALF, 2.0 * HALF, 2.0 * HALF))),
            MeshMaterial3d(crate::game::table::scene::materials::material(
                materials,
                Color::srgb(0.95, 0.95, 0.93),
            )),
            Transform::default(),
            Die,
        ))
        .id();
    let pip = meshes.add(Sphere::new(0.036));
    let dark =
        crate::game::table::scene::materials::material(materials, Color::srgb(0.05, 0.05, 0.1));
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
