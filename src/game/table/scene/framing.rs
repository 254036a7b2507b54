//! How the camera frames the board: the distance at which the board fills the table's
//! viewport, and where the viewport's corners fall on the table (the piles and the die sit
//! there). Plain perspective geometry, so it is tested without a renderer.

use bevy::prelude::*;

use crate::game::table::parts::{RING_WIDTH, SHIP_RADIUS, on_board};

/// The board's outer edge (the Long ring's rim).
pub const BOARD_RADIUS: f32 = SHIP_RADIUS + 3.0 * RING_WIDTH;

/// The point the camera looks at: the board's centre.
pub(crate) const FOCUS: Vec3 = Vec3::ZERO;

/// The camera's vertical field of view, narrower than Bevy's default (π/4), so that under the
/// tilt (`best_fit`) the board's far side shrinks less against its near side.
pub(crate) const FOV: f32 = 0.6;

/// How the camera frames the board at zoom 1: its distance, and how far its aim is moved
/// toward it (so the board, nearer at the bottom, sits in the middle of the viewport).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub distance: f32,
    pub shift: f32,
    /// The camera's pitch this framing was worked out for.
    pub pitch: f32,
}

/// A camera `distance` away from `FOCUS` moved `shift` toward it, turned by `yaw` and raised
/// by `pitch`.
pub fn camera_at(yaw: f32, pitch: f32, distance: f32, shift: f32) -> Transform {
    let toward = Vec3::new(yaw.sin(), 0.0, yaw.cos());
    let focus = FOCUS + toward * shift;
    let offset = Vec3::new(
        distance * pitch.cos() * yaw.sin(),
        distance * pitch.sin(),
        distance * pitch.cos() * yaw.cos(),
    );
    Transform::from_translation(focus + offset).looking_at(focus, Vec3::Y)
}

/// Where a world point lands in normalised device coordinates (x right, y up, both −1..1
/// across the viewport), or `None` behind the camera.
pub fn to_ndc(camera: &Transform, aspect: f32, at: Vec3) -> Option<Vec2> {
    let view = camera.compute_affine().inverse().transform_point3(at);
    (view.z < -1e-3).then(|| {
        let t = (FOV / 2.0).tan();
        Vec2::new(view.x / (-view.z * t * aspect), view.y / (-view.z * t))
    })
}

/// The size of the rim's text (egui points) for a table area this tall (points): smaller in a
/// small window, where the board needs the room.
pub fn rim_font(table_height: f32) -> f32 {
    (table_height / 40.0).clamp(12.0, 15.0)
}

/// The room the rim's text needs beside and above the board, in points, for that text size.
pub fn rim_room(font: f32) -> Vec2 {
    // The longest line ("Fore-Starboard" with its number's badge) in B612, and a margin.
    Vec2::new(6.4 * font + 30.0, 30.0)
}

/// How much of the viewport the board may take, as a fraction of each half-axis: the rest is
/// `room`, for the facing names at the rim (both in the same units).
pub fn fill(viewport: Vec2, room: Vec2) -> Vec2 {
    let x = (1.0 - 2.0 * room.x / viewport.x.max(1.0)).clamp(0.45, 0.9);
    let y = (1.0 - 2.0 * room.y / viewport.y.max(1.0)).clamp(0.45, 0.92);
    Vec2::new(x, y)
}

/// The board's rim, as points to fit.
fn rim() -> Vec<Vec3> {
    (0..48)
        .map(|i| on_board(i as f32 * std::f32::consts::TAU / 48.0, BOARD_RADIUS, 0.0))
        .collect()
}

/// The rim's extent on screen (lowest and highest x and y in normalised coordinates).
fn extent(camera: &Transform, aspect: f32, points: &[Vec3]) -> Option<(Vec2, Vec2)> {
    points.iter().try_fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), p| to_ndc(camera, aspect, *p).map(|n| (lo.min(n), hi.max(n))),
    )
}

/// The aim, at a distance, that centres the board vertically.
fn centred_shift(yaw: f32, pitch: f32, distance: f32, aspect: f32, points: &[Vec3]) -> f32 {
    let (mut low, mut high) = (-BOARD_RADIUS, BOARD_RADIUS);
    for _ in 0..30 {
        let middle = (low + high) / 2.0;
        let camera = camera_at(yaw, pitch, distance, middle);
        // Aiming nearer the camera lifts the board on screen.
        match extent(&camera, aspect, points) {
            Some((lo, hi)) if lo.y + hi.y < 0.0 => low = middle,
            _ => high = middle,
        }
    }
    (low + high) / 2.0
}

/// The nearest framing at which the whole board's rim stays within `fill` of the viewport,
/// centred in it, with `room` (the same units as `viewport`) for the rim's text.
pub fn fitted(yaw: f32, pitch: f32, viewport: Vec2, room: Vec2) -> Fit {
    let aspect = viewport.x / viewport.y.max(1.0);
    let limit = fill(viewport, room);
    let rim = rim();
    let fits = |distance: f32| {
        let shift = centred_shift(yaw, pitch, distance, aspect, &rim);
        let camera = camera_at(yaw, pitch, distance, shift);
        extent(&camera, aspect, &rim).is_some_and(|(lo, hi)| {
            lo.x >= -limit.x && hi.x <= limit.x && lo.y >= -limit.y && hi.y <= limit.y
        })
    };
    let (mut near, mut far) = (2.0f32, 200.0f32);
    for _ in 0..40 {
        let middle = (near + far) / 2.0;
        if fits(middle) {
            far = middle;
        } else {
            near = middle;
        }
    }
    Fit {
        distance: far,
        shift: centred_shift(yaw, pitch, far, aspect, &rim),
        pitch,
    }
}

/// The pitches the camera may start at, steepest first. Tilted, the board is an ellipse with
/// depth: the Enterprise and the pieces stand on a table rather than lie in a diagram (an art
/// director's read); looking down, every ring is as wide at the back as at the front.
const PITCHES: [f32; 4] = [1.2, 1.15, 1.1, 1.05];

/// The framing that shows the board largest in this viewport: a wide one tilts the board
/// until it fills the width, a narrow one looks down from above, where a tilt would only
/// shorten the board. Of two framings within 1 % of each other, the steeper.
pub fn best_fit(viewport: Vec2, room: Vec2) -> Fit {
    let steepest = fitted(0.0, PITCHES[0], viewport, room);
    PITCHES[1..]
        .iter()
        .map(|pitch| fitted(0.0, *pitch, viewport, room))
        .fold(steepest, |best, fit| {
            if fit.distance < best.distance * 0.99 {
                fit
            } else {
                best
            }
        })
}

/// Where a point of the viewport (in normalised device coordinates) meets the table's plane.
pub(crate) fn on_table(camera: &Transform, aspect: f32, ndc: Vec2) -> Option<Vec3> {
    let t = (FOV / 2.0).tan();
    let direction = camera
        .rotation
        .mul_vec3(Vec3::new(ndc.x * t * aspect, ndc.y * t, -1.0));
    (direction.y < -1e-4).then(|| {
        let s = -camera.translation.y / direction.y;
        camera.translation + direction * s
    })
}

/// Where the piles and the die stand, in normalised viewport coordinates: the deck above the
/// discard pile left of the board, the threat bag above the die right of it. The sectors'
/// names and forecasts take the window's corners and the middle of its sides, so the props
/// stand between them (a forecast over the threat bag read as the bag's), and two a side is
/// all that room holds: the cards removed from the game are counted under the discard pile.
const PLACES: [(f32, f32); 4] = [(-0.82, 0.56), (-0.82, -0.44), (0.82, 0.56), (0.82, -0.52)];

/// The places of the deck, the discard pile, the threat bag and the die on the table, in
/// that order, inside the viewport at any size.
pub fn corners(yaw: f32, pitch: f32, viewport: Vec2, room: Vec2) -> [Vec3; 4] {
    let fit = fitted(yaw, pitch, viewport, room);
    let camera = camera_at(yaw, pitch, fit.distance, fit.shift);
    let aspect = viewport.x / viewport.y.max(1.0);
    PLACES.map(|(x, y)| on_table(&camera, aspect, Vec2::new(x, y)).unwrap_or(Vec3::ZERO))
}
