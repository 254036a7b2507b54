//! The layout report's `sections`: each of the Enterprise's Shields and Hull plates as the
//! camera shows it, with whether a token or a label lies over it (the readers took the ship's
//! state from the text list when the ship did not show it).

use bevy::prelude::*;
use serde::Serialize;

use crate::game::table::parts::{HULL_RING, SHIELD_RING, on_board, sector_angle};
use crate::game::table::scene::enterprise::{
    MODEL_OFFSET, MODEL_SCALE, NACELLE, PIECE_HALF, SAUCER,
};

/// A rectangle in the layout report: left, top, width, height (window pixels).
pub(crate) type Rect4 = [f32; 4];

#[derive(Debug, Serialize)]
pub(crate) struct SectionReport {
    /// "shield" or "hull".
    pub kind: &'static str,
    /// The ship's facing, by name ("fore-starboard").
    pub facing: &'static str,
    pub state: String,
    pub rect: Rect4,
    /// The piece's size along its arc, in pixels (its bounding rect's longer side).
    pub across: f32,
    /// Whether a token's face, a label or the ship's model (her saucer, her nacelles) covers a
    /// point of the piece (its middle or either end, halfway through its depth).
    pub covered: bool,
}

/// Whether `p` lies inside the convex outline `around` (its points in order, either way round).
fn inside_outline(around: &[Vec2], p: Vec2) -> bool {
    let side = |i: usize| {
        let (a, b) = (around[i], around[(i + 1) % around.len()]);
        (b - a).perp_dot(p - a)
    };
    around.len() > 2 && {
        let sides: Vec<f32> = (0..around.len()).map(side).collect();
        sides.iter().all(|s| *s >= 0.0) || sides.iter().all(|s| *s <= 0.0)
    }
}

/// The saucer's rim as the camera shows it: the model's widest part, which stands over her
/// fore Hull plates from the table's usual view (read 52's readers found it covering them).
fn saucer_outline(ship_at: &GlobalTransform, project: &impl Fn(Vec3) -> Option<Vec2>) -> Vec<Vec2> {
    let (middle, radius) = SAUCER;
    (0..32)
        .filter_map(|i| {
            let a = std::f32::consts::TAU * i as f32 / 32.0;
            let rim = middle + radius * Vec3::new(a.cos(), 0.0, a.sin());
            project(ship_at.transform_point(MODEL_OFFSET + MODEL_SCALE * rim))
        })
        .collect()
}

/// The nacelles as the camera shows them: each a segment along its length and the radius its
/// tube shows, for the aft Hull plates they stand over when her bow points at the camera.
fn nacelle_capsules(
    ship_at: &GlobalTransform,
    project: &impl Fn(Vec3) -> Option<Vec2>,
) -> Vec<(Vec2, Vec2, f32)> {
    let (middle, half, radius) = NACELLE;
    let world = |p: Vec3| ship_at.transform_point(MODEL_OFFSET + MODEL_SCALE * p);
    [1.0, -1.0]
        .into_iter()
        .filter_map(|side| {
            let at = middle * Vec3::new(side, 1.0, 1.0);
            let (bow, stern) = (at - Vec3::Z * half, at + Vec3::Z * half);
            let (a, b) = (project(world(bow))?, project(world(stern))?);
            let across = project(world(at + Vec3::Y * radius))?.distance(project(world(at))?);
            Some((a, b, across))
        })
        .collect()
}

/// How far `p` lies from the segment `a`–`b`.
fn from_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared().max(1e-6)).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

fn inside(rect: &Rect4, p: Vec2) -> bool {
    p.x >= rect[0] && p.x <= rect[0] + rect[2] && p.y >= rect[1] && p.y <= rect[1] + rect[3]
}

/// The twelve pieces, projected by `project` (world → physical pixels) from the ship's
/// transform; `covers` are the rects of tokens' faces and labels, in the same pixels.
pub(crate) fn sections(
    state: &stp_rules::GameState,
    ship_at: &GlobalTransform,
    project: impl Fn(Vec3) -> Option<Vec2>,
    covers: &[Rect4],
) -> Vec<SectionReport> {
    let mut out = Vec::new();
    let saucer = saucer_outline(ship_at, &project);
    let nacelles = nacelle_capsules(ship_at, &project);
    for (kind, (inner, outer)) in [("shield", SHIELD_RING), ("hull", HULL_RING)] {
        for facing in 0..6u8 {
            let angle = sector_angle(facing);
            let at = |a: f32, r: f32| project(ship_at.transform_point(on_board(a, r, 0.03)));
            let outline: Vec<Vec2> = (0..=8)
                .flat_map(|i| {
                    let a = angle - PIECE_HALF + 2.0 * PIECE_HALF * i as f32 / 8.0;
                    [at(a, inner), at(a, outer)]
                })
                .flatten()
                .collect();
            let Some(first) = outline.first().copied() else {
                continue;
            };
            let (lo, hi) = outline
                .iter()
                .fold((first, first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
            let rect = [lo.x, lo.y, hi.x - lo.x, hi.y - lo.y];
            let middle = (inner + outer) / 2.0;
            let probes: Vec<Vec2> = [-0.8, 0.0, 0.8]
                .iter()
                .filter_map(|k| at(angle + k * PIECE_HALF, middle))
                .collect();
            let covered = probes.iter().any(|p| {
                covers.iter().any(|c| inside(c, *p))
                    || inside_outline(&saucer, *p)
                    || nacelles
                        .iter()
                        .any(|(a, b, r)| from_segment(*p, *a, *b) <= *r)
            });
            let now = match kind {
                "shield" => state.enterprise().shields[facing as usize],
                _ => state.enterprise().hull[facing as usize],
            };
            out.push(SectionReport {
                kind,
                facing: crate::words::describe::facing_name(facing),
                state: format!("{now:?}"),
                rect,
                across: rect[2].max(rect[3]),
                covered,
            });
        }
    }
    out
}
