//! A support card's emblem, drawn on its plate where a Hit card has its diagram: what the
//! card does at a glance (a crystal repairs a Shield, a riveted plate the Hull, a delta sends
//! the Security Team), so a hand of support cards is not a column of words.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Shape, Stroke, vec2};
use std::f32::consts::TAU;
use stp_rules::content::CardEffect;

const INK: Color32 = Color32::from_gray(225);
const CYAN: Color32 = Color32::from_rgb(110, 210, 255);
const STEEL: Color32 = Color32::from_rgb(160, 172, 196);
const GOLD: Color32 = Color32::from_rgb(236, 190, 70);
const RED: Color32 = Color32::from_rgb(235, 70, 60);

/// Draws the emblem of a support card's effect in `rect` (a square); nothing for a Hit card.
pub(crate) fn support_icon(painter: &egui::Painter, rect: Rect, effect: &CardEffect) {
    let c = rect.center();
    let r = rect.width().min(rect.height()) / 2.0;
    let line = Stroke::new((r / 6.0).max(1.2), INK);
    let at = |angle: f32, radius: f32| c + vec2(angle.sin(), -angle.cos()) * radius;
    match effect {
        CardEffect::Hit { .. } => {}
        // A Shield's repair: a dilithium crystal.
        CardEffect::Dilithium => {
            let points = vec![
                c + vec2(0.0, -r),
                c + vec2(r * 0.55, -r * 0.35),
                c + vec2(r * 0.4, r * 0.9),
                c + vec2(-r * 0.4, r * 0.9),
                c + vec2(-r * 0.55, -r * 0.35),
            ];
            painter.add(Shape::convex_polygon(points, CYAN, Stroke::NONE));
            painter.line_segment(
                [c + vec2(0.0, -r), c + vec2(0.0, r * 0.9)],
                Stroke::new(1.0, Color32::from_rgb(30, 90, 130)),
            );
        }
        // A Hull's repair: a riveted plate.
        CardEffect::Tritanium => {
            let plate = Rect::from_center_size(c, vec2(r * 1.8, r * 1.3));
            painter.rect_filled(plate, r * 0.2, STEEL);
            for corner in [
                plate.left_top(),
                plate.right_top(),
                plate.left_bottom(),
                plate.right_bottom(),
            ] {
                let inset = (c - corner) * 0.25;
                painter.circle_filled(corner + inset, (r * 0.12).max(1.0), Color32::from_gray(70));
            }
        }
        // A hit on any threat: a target.
        CardEffect::DirectHit => {
            painter.circle_stroke(c, r * 0.85, line);
            painter.circle_filled(c, r * 0.25, RED);
            for k in 0..4 {
                let a = k as f32 * TAU / 4.0;
                painter.line_segment([at(a, r * 0.45), at(a, r)], line);
            }
        }
        // A pull along the ring: two beams closing on a ship.
        CardEffect::TractorBeam => {
            let ship = c + vec2(r * 0.6, 0.0);
            for dy in [-0.8, 0.8] {
                painter.line_segment([c + vec2(-r, r * dy), ship], Stroke::new(line.width, CYAN));
            }
            painter.circle_filled(ship, r * 0.3, INK);
        }
        // Boarders repelled: Starfleet's delta.
        CardEffect::SecurityTeam => {
            let points = [
                c + vec2(0.0, -r),
                c + vec2(r * 0.7, r * 0.9),
                c + vec2(0.0, r * 0.45),
                c + vec2(-r * 0.7, r * 0.9),
            ];
            painter.add(Shape::convex_polygon(
                points[..3].to_vec(),
                GOLD,
                Stroke::NONE,
            ));
            painter.add(Shape::convex_polygon(
                vec![points[0], points[2], points[3]],
                GOLD,
                Stroke::NONE,
            ));
        }
        // Back in time: an hourglass.
        CardEffect::TimeTravel { .. } => {
            let (top, bottom) = (c.y - r * 0.9, c.y + r * 0.9);
            let w = r * 0.7;
            let glass = [
                Pos2::new(c.x - w, top),
                Pos2::new(c.x + w, top),
                c,
                Pos2::new(c.x + w, bottom),
                Pos2::new(c.x - w, bottom),
                c,
            ];
            painter.add(Shape::closed_line(glass.to_vec(), line));
            painter.add(Shape::convex_polygon(
                vec![
                    Pos2::new(c.x - w * 0.6, bottom - 1.0),
                    Pos2::new(c.x + w * 0.6, bottom - 1.0),
                    c + vec2(0.0, r * 0.35),
                ],
                GOLD,
                Stroke::NONE,
            ));
        }
        // More cards: two cards fanned.
        CardEffect::DrawCards { .. } => {
            for (dx, fill) in [
                (-0.3, Color32::from_rgb(60, 80, 120)),
                (0.3, Color32::from_rgb(90, 120, 170)),
            ] {
                let card =
                    Rect::from_center_size(c + vec2(r * dx, r * dx * 0.4), vec2(r * 1.0, r * 1.5));
                painter.rect_filled(card, r * 0.15, fill);
                painter.rect_stroke(
                    card,
                    r * 0.15,
                    Stroke::new(1.0, INK),
                    egui::StrokeKind::Inside,
                );
            }
        }
        // A threat held in place: a bubble.
        CardEffect::ForceField => {
            painter.circle_filled(c, r * 0.35, INK);
            let ring: Vec<Pos2> = (0..=24)
                .map(|i| at(i as f32 * TAU / 24.0, r * 0.85))
                .collect();
            painter.add(Shape::dashed_line(
                &ring,
                Stroke::new(line.width, CYAN),
                r * 0.35,
                r * 0.2,
            ));
        }
        // Another maneuver: a curved arrow.
        CardEffect::EvasiveManeuvers => {
            let arc: Vec<Pos2> = (0..=10)
                .map(|i| at(-1.9 + i as f32 * 0.32, r * 0.75))
                .collect();
            let tip = *arc.last().unwrap_or(&c);
            painter.add(Shape::line(arc, line));
            painter.add(Shape::convex_polygon(
                vec![
                    tip + vec2(r * 0.35, 0.0),
                    tip + vec2(-r * 0.25, -r * 0.3),
                    tip + vec2(-r * 0.25, r * 0.3),
                ],
                INK,
                Stroke::NONE,
            ));
        }
        // A Shield braced for the next hit: the red alert's lamp.
        CardEffect::RedAlert => {
            let points = vec![
                c + vec2(0.0, -r),
                c + vec2(r * 0.95, r * 0.8),
                c + vec2(-r * 0.95, r * 0.8),
            ];
            painter.add(Shape::convex_polygon(points, RED, Stroke::NONE));
            painter.line_segment(
                [c + vec2(0.0, -r * 0.35), c + vec2(0.0, r * 0.3)],
                Stroke::new(line.width, Color32::WHITE),
            );
            painter.circle_filled(c + vec2(0.0, r * 0.55), line.width * 0.6, Color32::WHITE);
        }
    }
}

/// A Hit card's picture window behind its diagram: deep space, a few stars placed by the
/// card's number (so each card keeps its sky), and the weapon's glow (a torpedo's orange, a
/// phaser's blue) rising from below. Readers called cards with a diagram on a flat face "text
/// boxes with no art".
pub(crate) fn space_window(painter: &egui::Painter, rect: Rect, seed: u8, torpedo: bool) {
    let glow = match torpedo {
        true => Color32::from_rgb(120, 52, 20),
        false => Color32::from_rgb(24, 62, 120),
    };
    picture_window(painter, rect, seed, glow);
}

/// A support card's picture: the same window on space, lit from below in its Division's
/// colour, with its emblem large in the middle (readers of the plain "support" plate: "no
/// card art"). The word "support" is on hover, with what the card does.
pub(crate) fn support_window(
    painter: &egui::Painter,
    rect: Rect,
    seed: u8,
    division: Color32,
    effect: &CardEffect,
) {
    let dim = |c: u8| (f32::from(c) * 0.42) as u8;
    let glow = Color32::from_rgb(dim(division.r()), dim(division.g()), dim(division.b()));
    picture_window(painter, rect, seed, glow);
    let side = (rect.height() - 4.0).min(rect.width() * 0.5);
    let emblem = Rect::from_center_size(rect.center(), vec2(side, side));
    // A soft halo behind the emblem, so a dark emblem keeps off the night sky.
    painter.circle_filled(
        emblem.center(),
        side * 0.62,
        Color32::from_rgba_unmultiplied(255, 255, 255, 22),
    );
    support_icon(painter, emblem, effect);
}

/// Deep space in `rect`, night above and `glow` below, with a few stars placed by `seed`.
fn picture_window(painter: &egui::Painter, rect: Rect, seed: u8, glow: Color32) {
    // Top to bottom: night to the weapon's glow.
    let mut mesh = egui::Mesh::default();
    let top = Color32::from_rgb(6, 9, 20);
    mesh.colored_vertex(rect.left_top(), top);
    mesh.colored_vertex(rect.right_top(), top);
    mesh.colored_vertex(rect.right_bottom(), glow);
    mesh.colored_vertex(rect.left_bottom(), glow);
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(0, 2, 3);
    painter.add(Shape::mesh(mesh));
    // A small generator seeded by the card: the same stars every frame, others on each card.
    let mut state = u32::from(seed)
        .wrapping_mul(2_654_435_761)
        .wrapping_add(12_345);
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        (state % 10_000) as f32 / 10_000.0
    };
    for _ in 0..14 {
        let at = Pos2::new(
            rect.left() + next() * rect.width(),
            rect.top() + next() * rect.height(),
        );
        let bright = 90.0 + next() * 150.0;
        let size = 0.5 + next() * 0.8;
        painter.circle_filled(at, size, Color32::from_white_alpha(bright as u8));
    }
    painter.rect_stroke(
        rect,
        3.0,
        Stroke::new(1.0, Color32::from_rgb(70, 90, 130)),
        egui::StrokeKind::Inside,
    );
}
