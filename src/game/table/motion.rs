//! Pieces glide to where the rules put them, at the chosen animation speed.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::AnimationSpeed;
use crate::game::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, glide.in_set(GameSystems::Animate));
}

/// Where an entity is heading; `glide` moves it there.
#[derive(Component)]
pub struct Glide {
    pub to: Transform,
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
            || transform.rotation.angle_between(glide.to.rotation) > 0.002
            || transform.scale.distance(glide.to.scale) > 0.002;
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
        transform.scale = transform.scale.lerp(glide.to.scale, step);
    }
    if busy {
        redraw.write(RequestRedraw);
    }
}
