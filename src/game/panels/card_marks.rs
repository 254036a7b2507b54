//! The small marks a card is drawn with, on its face, in a seat's chip and in the key: the
//! Enterprise from above with the card's arcs lit, and the ranges it reaches as pips or
//! letters in the rings' colours.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Stroke, vec2};
use std::f32::consts::TAU;
use stp_rules::content::{Arc, Range};

use crate::game::theme;

/// The ring colours, as on the board (rulebook "Components").
pub(crate) fn ring_colour(range: Range) -> Color32 {
    match range {
        Range::Short => Color32::from_rgb(50, 100, 230),
        Range::Medium => Color32::from_rgb(150, 70, 200),
        Range::Long => Color32::from_rgb(40, 160, 80),
    }
}

/// The ship's facings an arc covers (0 fore-starboard, clockwise to 5 fore-port).
fn arc_facings(arc: Arc) -> [u8; 2] {
    match arc {
        Arc::Forward => [5, 0],
        Arc::Sides => [1, 4],
        Arc::Aft => [2, 3],
    }
}

/// The Enterprise from above, fore at the top: six facings, the card's arcs lit.
pub fn ship_diagram(painter: &egui::Painter, center: Pos2, radius: f32, arcs: &[Arc]) {
    let lit: Vec<u8> = arcs.iter().flat_map(|a| arc_facings(*a)).collect();
    let point = |angle: f32, r: f32| center + vec2(angle.sin() * r, -angle.cos() * r);
    for facing in 0..6u8 {
        let start = f32::from(facing) * TAU / 6.0;
        let wedge: Vec<Pos2> = (0..=6)
            .map(|i| point(start + i as f32 * TAU / 36.0, radius))
            .chain([center])
            .collect();
        let fill = if lit.contains(&facing) {
            Color32::from_rgb(255, 190, 60)
        } else {
            Color32::from_rgb(50, 58, 80)
        };
        painter.add(egui::Shape::convex_polygon(
            wedge,
            fill,
            Stroke::new(1.0, theme::card_face(painter.ctx())),
        ));
    }
    // The ship's saucer and her bow, so fore reads without a label.
    painter.circle_filled(center, radius * 0.28, Color32::from_gray(230));
    painter.line_segment(
        [center, point(0.0, radius * 0.55)],
        Stroke::new((radius / 9.0).max(1.5), Color32::from_gray(230)),
    );
}

/// The pips of the ranges a card reaches, Long to Short, each in its ring's colour and
/// lettered so the range reads without colour; returns their width.
pub(crate) fn range_pips(
    painter: &egui::Painter,
    left: Pos2,
    radius: f32,
    ranges: &[Range],
) -> f32 {
    // Only the ranges the card reaches, side by side: the struck-through rings of the others
    // read as symbols no one explained (read 49, all three readers), and took the room the
    // damage's words need.
    let reached = [
        (Range::Long, "L"),
        (Range::Medium, "M"),
        (Range::Short, "S"),
    ]
    .into_iter()
    .filter(|(range, _)| ranges.contains(range));
    let mut width: f32 = 0.0;
    for (index, (range, letter)) in reached.enumerate() {
        let center = left + vec2(radius + index as f32 * (2.0 * radius + 2.0), radius);
        painter.circle_filled(center, radius, ring_colour(range));
        painter.text(
            center,
            Align2::CENTER_CENTER,
            letter,
            FontId::monospace(radius * 1.3),
            Color32::WHITE,
        );
        width = center.x + radius - left.x;
    }
    width
}

/// The ranges a card reaches as their letters in the rings' bright colours, Long to Short,
/// from `left` (its middle height): a seat's chip has no room for pips a reader can read
/// (readers called 9 px pips "microscopic"), and the ranges it does not reach are left out.
pub(crate) fn range_letters(painter: &egui::Painter, left: Pos2, size: f32, ranges: &[Range]) {
    let mut x = left.x;
    for (range, letter, edge) in [
        (
            Range::Long,
            "L",
            crate::game::theme::palette::RANGE_EDGES[2],
        ),
        (
            Range::Medium,
            "M",
            crate::game::theme::palette::RANGE_EDGES[1],
        ),
        (
            Range::Short,
            "S",
            crate::game::theme::palette::RANGE_EDGES[0],
        ),
    ] {
        if !ranges.contains(&range) {
            continue;
        }
        let shown = painter.text(
            Pos2::new(x, left.y),
            Align2::LEFT_CENTER,
            letter,
            FontId::proportional(size),
            edge.egui(),
        );
        x = shown.right() + 1.5;
    }
}
