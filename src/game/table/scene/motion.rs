//! Pieces glide to where the rules put them, at the chosen animation speed.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::game::pacing::AnimationSpeed;
use crate::game::systems::GameSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, glide.in_set(GameSystems::Animate));
}

/// Where an entity is heading; `glide` moves it there.
#[derive(Component)]
pub(crate) struct Glide {
    pub to: Transform,
}

/// A piece on the rings: it glides around them (by angle and radius), not across the board.
#[derive(Component)]
pub(crate) struct OnRings;

/// A point as (angle clockwise from −Z, distance from the centre, height).
fn polar(v: Vec3) -> Vec3 {
    Vec3::new(v.x.atan2(-v.z), Vec2::new(v.x, v.z).length(), v.y)
}

/// One step from `from` toward `to` around the board's centre.
fn around(from: Vec3, to: Vec3, step: f32) -> Vec3 {
    use std::f32::consts::{PI, TAU};
    let (a, b) = (polar(from), polar(to));
    let turn = (b.x - a.x + PI).rem_euclid(TAU) - PI;
    let angle = a.x + turn * step;
    let radius = a.y + (b.y - a.y) * step;
    Vec3::new(
        angle.sin() * radius,
        a.z + (b.z - a.z) * step,
        -angle.cos() * radius,
    )
}

/// Moves entities toward their `Glide` targets; asks for frames while anything moves.
pub(crate) fn glide(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    settings: Option<Res<crate::game::settings::Settings>>,
    mut moving: Query<(&mut Transform, &Glide, Has<OnRings>)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let reduced = settings.is_some_and(|s| s.reduced_motion);
    let step = (time.delta_secs().min(0.1) * 6.0 * speed.speed).min(1.0);
    let mut busy = false;
    for (mut transform, glide, on_rings) in &mut moving {
        let far = transform.translation.distance(glide.to.translation) > 0.002
            || transform.rotation.angle_between(glide.to.rotation) > 0.002
            || transform.scale.distance(glide.to.scale) > 0.002;
        if !far {
            continue;
        }
        if speed.skip || reduced {
            *transform = glide.to;
            // One more frame, so what is painted over the piece (its Defense, its plate)
            // follows it there: the labels read last frame's place.
            busy = true;
            continue;
        }
        busy = true;
        transform.translation = match on_rings {
            true => around(transform.translation, glide.to.translation, step),
            false => transform.translation.lerp(glide.to.translation, step),
        };
        transform.rotation = transform.rotation.slerp(glide.to.rotation, step);
        transform.scale = transform.scale.lerp(glide.to.scale, step);
    }
    if busy {
        redraw.write(RequestRedraw);
    }
}
