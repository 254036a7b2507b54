//! What each kind of threat looks like on the board: the silhouettes on the faces. The kinds,
//! their colours, letters and rims are `threat_looks`'s, re-exported here.

pub use crate::game::theme::threat_looks::{ByLook, Look, Rim, rim_of};
pub(crate) use crate::game::theme::threat_looks::{captain_name, rim_words};
use bevy::prelude::*;

/// A kind's chit: a thick piece whose outline tells the faction (docs/look.md), within the
/// token's radius but for the Tholian's triangle, a little larger so its face keeps room.
pub fn chit(look: Look) -> Mesh {
    let (sides, size, turn) = look.chit();
    Cylinder::new(crate::game::table::parts::TOKEN_RADIUS * size, 0.08)
        .mesh()
        .resolution(sides)
        .build()
        .rotated_by(Quat::from_rotation_y(turn))
}

/// How far out of the chit's outline the cloak's dashes lie, inside and outside, in the chit's
/// radius: a band a fifth of it wide (at a tenth, readers of read 49 saw no ring on a Klingon
/// that cloaks), close round the collar, so it stays inside the ring's band (out to 1.3, it
/// reached the band's edges and readers of read 54 put a Bird-of-Prey on the ring line).
pub const CLOAK_DASH_GROWTH: (f32, f32) = (1.03, 1.23);

/// A cloaking ship's mark: a broken line a little outside the chit's collar, in its
/// outline's shape, a dash on each side (twelve round a disc) with gaps at the corners.
/// Twelve bright dots on the outline itself read as a cog's teeth round the grey octagon of a
/// Bird-of-Prey (read 46).
pub fn cloak_dashes(look: Look) -> Mesh {
    let (sides, size, turn) = look.chit();
    let radius = crate::game::table::parts::TOKEN_RADIUS * size;
    let (inner, outer) = (radius * CLOAK_DASH_GROWTH.0, radius * CLOAK_DASH_GROWTH.1);
    let dashes = if sides <= 8 { sides } else { 12 };
    let step = std::f32::consts::TAU / sides as f32;
    // A point on the outline scaled to `r`, `along` sides round from the first corner.
    let at = |along: f32, r: f32| {
        let side = along.floor() as u32 % sides;
        let corner = |i: u32| {
            let (sin, cos) = (i as f32 * step).sin_cos();
            Vec2::new(r * cos, r * sin)
        };
        corner(side).lerp(corner((side + 1) % sides), along.fract())
    };
    // Each dash in a few steps, so that one round a disc follows its curve.
    const STEPS: u32 = 4;
    let per_dash = sides as f32 / dashes as f32;
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for dash in 0..dashes {
        let (from, to) = (
            (dash as f32 + 0.22) * per_dash,
            (dash as f32 + 0.78) * per_dash,
        );
        let first = positions.len() as u32;
        for k in 0..=STEPS {
            let along = from + (to - from) * k as f32 / STEPS as f32;
            for r in [inner, outer] {
                let p = at(along, r);
                positions.push([p.x, 0.0, p.y]);
            }
        }
        for k in 0..STEPS {
            let (a, b) = (first + 2 * k, first + 2 * (k + 1));
            // Inner, next inner, outer: wound to face up, as `chit_ring`.
            indices.extend([a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    crate::game::table::scene::shapes::flat_mesh(positions, [0.0, 1.0, 0.0], indices)
        .rotated_by(Quat::from_rotation_y(turn))
}

/// A chit's dark collar: a thin ring in its outline's shape, just outside its edge, that
/// parts the chit from any ground, a lit space of its own hue among them (read 33 found a
/// mint Romulan on the lit green Long ring the hardest piece to see).
pub fn collar(look: Look) -> Mesh {
    chit_ring(look, 0.99, 1.035)
}

/// A flat ring in the chit's outline's shape, from `inner` to `outer` of its corners' radius.
fn chit_ring(look: Look, inner: f32, outer: f32) -> Mesh {
    let (sides, size, turn) = look.chit();
    let (inner, outer) = (
        crate::game::table::parts::TOKEN_RADIUS * size * inner,
        crate::game::table::parts::TOKEN_RADIUS * size * outer,
    );
    let step = std::f32::consts::TAU / sides as f32;
    // As the chit's cylinder lays its corners: (r cos θ, r sin θ) from θ = 0.
    let mut positions = Vec::new();
    for i in 0..sides {
        let (sin, cos) = (i as f32 * step).sin_cos();
        positions.push([inner * cos, 0.0, inner * sin]);
        positions.push([outer * cos, 0.0, outer * sin]);
    }
    let mut indices = Vec::new();
    for i in 0..sides {
        let (a, b) = (2 * i, 2 * ((i + 1) % sides));
        // Inner, next inner, outer: wound to face up.
        indices.extend([a, b, a + 1, a + 1, b, b + 1]);
    }
    crate::game::table::scene::shapes::flat_mesh(positions, [0.0, 1.0, 0.0], indices)
        .rotated_by(Quat::from_rotation_y(turn))
}

/// A flat mesh in the XY plane facing +Z, from convex polygons (each fanned from its first
/// point).
fn polygons(shapes: &[Vec<[f32; 2]>]) -> Mesh {
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for shape in shapes {
        let first = positions.len() as u32;
        positions.extend(shape.iter().map(|[x, y]| [*x, *y, 0.0]));
        for i in 1..shape.len().saturating_sub(1) as u32 {
            indices.extend([first, first + i, first + i + 1]);
        }
    }
    crate::game::table::scene::shapes::flat_mesh(positions, [0.0, 0.0, 1.0], indices)
}

/// A regular polygon approximating a circle (or an ellipse).
fn ellipse(centre: [f32; 2], rx: f32, ry: f32) -> Vec<[f32; 2]> {
    (0..16)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 16.0;
            [centre[0] + rx * a.cos(), centre[1] + ry * a.sin()]
        })
        .collect()
}

/// Mirrors a shape's points across the vertical axis (for the other wing), keeping the
/// winding counter-clockwise.
fn mirrored(shape: &[[f32; 2]]) -> Vec<[f32; 2]> {
    shape.iter().rev().map(|[x, y]| [-x, *y]).collect()
}

/// The silhouette on a token's face, nose up, within a disc of radius 0.4.
pub(crate) fn silhouette(look: Look) -> Mesh {
    let shapes: Vec<Vec<[f32; 2]>> = match look {
        // The D7: a command pod on a long neck ahead of a broad, swept wing.
        Look::KlingonCruiser => {
            let wing = vec![[0.04, 0.0], [0.36, -0.17], [0.33, -0.26], [0.04, -0.16]];
            vec![
                ellipse([0.0, 0.27], 0.085, 0.07),
                vec![[-0.03, 0.24], [-0.03, -0.02], [0.03, -0.02], [0.03, 0.24]],
                vec![[-0.1, 0.02], [-0.1, -0.2], [0.1, -0.2], [0.1, 0.02]],
                mirrored(&wing),
                wing,
            ]
        }
        // A wide double hull: two swept blades joined at a blunt bow.
        Look::RomulanCruiser => {
            let blade = vec![[0.06, 0.22], [0.34, -0.12], [0.3, -0.26], [0.06, -0.04]];
            vec![
                vec![
                    [-0.12, 0.12],
                    [-0.06, 0.26],
                    [0.06, 0.26],
                    [0.12, 0.12],
                    [0.0, -0.1],
                ],
                mirrored(&blade),
                blade,
            ]
        }
        // The bird: a round body with wings spread wide and feathered tips.
        Look::BirdOfPrey => {
            let wing = vec![
                [0.06, 0.06],
                [0.38, 0.14],
                [0.36, 0.0],
                [0.3, -0.06],
                [0.06, -0.08],
            ];
            let feather = vec![[0.2, -0.04], [0.3, -0.2], [0.14, -0.07]];
            vec![
                ellipse([0.0, 0.02], 0.1, 0.2),
                mirrored(&wing),
                wing,
                mirrored(&feather),
                feather,
            ]
        }
        // A slender arrowhead.
        Look::Tholian => {
            let half = vec![[0.0, 0.34], [0.0, -0.12], [0.2, -0.3]];
            vec![mirrored(&half), half]
        }
        // A nucleus and its tail.
        Look::Comet => vec![
            ellipse([0.12, 0.14], 0.12, 0.12),
            vec![[0.03, 0.2], [-0.3, -0.3], [0.18, 0.05]],
        ],
        // A station: a hub with four arms ending in pods.
        Look::Starbase => {
            let mut shapes = vec![ellipse([0.0, 0.0], 0.13, 0.13)];
            for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                let (w, l) = (0.035, 0.3);
                let arm = if dx != 0.0 {
                    vec![[0.0, -w], [l * dx, -w], [l * dx, w], [0.0, w]]
                } else {
                    vec![[-w, 0.0], [w, 0.0], [w, l * dy], [-w, l * dy]]
                };
                // Counter-clockwise whichever way the arm points.
                let arm = if dx < 0.0 || dy < 0.0 {
                    mirrored_y(&arm)
                } else {
                    arm
                };
                shapes.push(arm);
                shapes.push(ellipse([0.3 * dx, 0.3 * dy], 0.06, 0.06));
            }
            shapes
        }
    };
    polygons(&shapes)
}

/// Reverses a shape's winding.
fn mirrored_y(shape: &[[f32; 2]]) -> Vec<[f32; 2]> {
    shape.iter().rev().copied().collect()
}

/// The printed face of a chit with `sides` sides, in grey to be tinted by the kind's colour:
/// a face that darkens a little to its edge, a printed line inset from the outline, and a
/// rounded, shaded edge, as on a die-cut cardboard chit. Flat fills read as "flat vector
/// tokens" to blind readers (reads 25-27). The cylinder's cap maps its outline's corners to
/// the angles 2πi/sides of the texture's inscribed circle, so the line follows the outline.
pub fn chit_face_pixels(sides: u32, size: usize) -> Vec<u8> {
    use std::f32::consts::PI;
    let n = sides.max(3) as f32;
    let step = 2.0 * PI / n;
    let smooth = |edge0: f32, edge1: f32, x: f32| {
        let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let mut pixels = Vec::with_capacity(size * size * 4);
    for row in 0..size {
        for col in 0..size {
            let x = (col as f32 + 0.5) / size as f32 * 2.0 - 1.0;
            let y = 1.0 - (row as f32 + 0.5) / size as f32 * 2.0;
            let theta = y.atan2(x).rem_euclid(2.0 * PI);
            // The outline's distance from the middle at this angle: 1 at the corners.
            let edge = (PI / n).cos() / ((theta % step) - step / 2.0).cos();
            let r = (x * x + y * y).sqrt() / edge;
            let aa = 1.5 / size as f32;
            let face = 1.0 - 0.16 * r * r;
            let line =
                1.0 - 0.38 * (smooth(0.8 - aa, 0.8 + aa, r) - smooth(0.85 - aa, 0.85 + aa, r));
            let bevel = 1.0 - 0.32 * smooth(0.92, 1.0, r);
            // A faint grain, so the face is a surface and not a fill.
            let grain = {
                let h =
                    (col as u32).wrapping_mul(73_856_093) ^ (row as u32).wrapping_mul(19_349_663);
                let h = h.wrapping_mul(0x9E37_79B1) >> 24;
                (h as f32 / 255.0 - 0.5) * 0.05
            };
            let v = ((face * line * bevel + grain).clamp(0.0, 1.0) * 255.0) as u8;
            pixels.extend([v, v, v, 255]);
        }
    }
    pixels
}
