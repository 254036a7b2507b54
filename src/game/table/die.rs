//! The die tumbles when the rules roll it: it hops and spins for a moment, then lands. Its
//! label (drawn by `labels`, above it) says "rolling" until it lands, then the value.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::RulesEvent;

use super::{AnimationSpeed, DIE};
use crate::game::GameSystems;
use crate::game::pacing::Paced;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DieRoll>()
        .add_systems(Update, start_rolls.in_set(GameSystems::Events))
        .add_systems(Update, tumble.in_set(GameSystems::Animate));
}

/// Marks the die's entity.
#[derive(Component)]
pub struct Die;

/// How long the die still tumbles (seconds at speed 1), and how many rolls it has made, so
/// each lands on a different face.
#[derive(Resource, Debug, Default)]
pub struct DieRoll {
    pub tumbling: f32,
    rolls: u32,
}

/// How long a roll tumbles at speed 1.
const TUMBLE: f32 = 0.6;

fn start_rolls(
    mut events: MessageReader<Paced>,
    speed: Res<AnimationSpeed>,
    mut roll: ResMut<DieRoll>,
) {
    for Paced(event) in events.read() {
        if let RulesEvent::DieRolled { .. } = event {
            roll.rolls += 1;
            if !speed.skip {
                roll.tumbling = TUMBLE;
            }
        }
    }
}

/// The die at rest: a quarter turn per roll, so a new roll visibly lands differently.
fn rest(rolls: u32) -> Transform {
    Transform::from_translation(DIE).with_rotation(
        Quat::from_rotation_y(0.4 + rolls as f32 * 1.3)
            * Quat::from_rotation_x((rolls % 4) as f32 * std::f32::consts::FRAC_PI_2),
    )
}

fn tumble(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut roll: ResMut<DieRoll>,
    mut die: Query<&mut Transform, With<Die>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if roll.tumbling <= 0.0 && !roll.is_changed() {
        return;
    }
    roll.tumbling = (roll.tumbling - time.delta_secs() * speed.speed.max(0.1)).max(0.0);
    let left = roll.tumbling / TUMBLE;
    for mut transform in &mut die {
        if left <= 0.0 {
            *transform = rest(roll.rolls);
            continue;
        }
        // A hop (highest mid-roll) while it spins about two axes.
        let hop = (left * std::f32::consts::PI).sin() * 0.6;
        let spin = left * 14.0;
        transform.translation = DIE + Vec3::Y * hop;
        transform.rotation = rest(roll.rolls).rotation
            * Quat::from_rotation_x(spin)
            * Quat::from_rotation_z(spin * 0.7);
    }
    if roll.tumbling > 0.0 {
        redraw.write(RequestRedraw);
    }
}
