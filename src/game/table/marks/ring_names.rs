//! The rings' names, lettered along their bands in each band's edge colour, as a plotting
//! display marks its range rings: no box round them (an art director's read found the boxed
//! chips, seven or eight a screen, half of "a spreadsheet over a dartboard"), and upright
//! wherever the band runs, read left to right.

use bevy::prelude::*;
use bevy_egui::egui;
use std::f32::consts::TAU;
use stp_rules::Range;

use crate::game::table::marks::board_painter::{BoardPainter, SceneMarks};
use crate::game::table::parts::{RING_WIDTH, on_board, ring_center};

/// One letter on the arc: its middle on screen, its slant (radians, from the screen's x) and
/// its glyph.
struct Letter {
    at: egui::Pos2,
    slant: f32,
    galley: std::sync::Arc<egui::Galley>,
}

/// Each ring named at every other sector line, in its edge's hue, along the band just
/// clockwise of the line, where no token's face is (`faces`: each face's middle and radius):
/// every sector has the names at one of its edges, so a token's ring reads where the token is
/// (in all six, a reader called eighteen names clutter).
pub(super) fn ring_names(
    board: &BoardPainter,
    font: f32,
    faces: &[(egui::Pos2, f32)],
    marks: &mut SceneMarks,
) {
    for (range, _, edge) in crate::game::table::scene::materials::RANGE_LOOKS {
        let name = match range {
            Range::Short => "SHORT",
            Range::Medium => "MEDIUM",
            Range::Long => "LONG",
        };
        let [r, g, b, _] = edge.to_srgba().to_u8_array();
        // Full strength and a size up from the smallest text: readers called them faint.
        let ink = egui::Color32::from_rgb(r, g, b);
        let size = (font - 1.0).clamp(10.0, 15.0);
        // Every other sector line; where none of those is clear, the first clear one of the
        // rest, so that a crowded ring keeps a name.
        let mut named = 0;
        for line in [0u8, 2, 4, 1, 3, 5] {
            if line % 2 == 1 && named > 0 {
                break;
            }
            let start = f32::from(line) * TAU / 6.0 + 0.05;
            // In the band's outer half: clear of the ship's disc, whose walls stand into the
            // Short band on screen, and of most faces.
            let radius = ring_center(range) + 0.2 * RING_WIDTH;
            let Some(letters) = along_the_band(board, name, size, ink, start, radius) else {
                continue;
            };
            let Some(rect) = letters
                .iter()
                .map(|l| egui::Rect::from_center_size(l.at, egui::Vec2::splat(size)))
                .reduce(|a, b| a.union(b))
            else {
                continue;
            };
            // Well clear: a name touching a piece of the next ring read as that piece's ring
            // (read 14 took two Medium pieces beside "SHORT" for Short); and off the pieces'
            // plates, with a gap (read 15 found "CLOAKS NEXT" run into "SHORT", read 41 read
            // "KANG SHORT" off a captain's plate that touched it).
            let clear = faces
                .iter()
                .all(|(c, radius)| rect.distance_to_pos(*c) > *radius + 8.0)
                && marks
                    .labels
                    .iter()
                    .all(|(_, plate)| !plate.expand(8.0).intersects(rect))
                && marks
                    .lines
                    .iter()
                    .all(|line| !crosses(*line, rect.expand(4.0)));
            if clear {
                paint(board, &letters);
                marks.labels.push((name.to_string(), rect));
                named += 1;
            }
        }
    }
}

/// The letters of `name` along the circle of `radius` from `start` (radians clockwise from the
/// board's top) onwards, clockwise; where clockwise runs leftwards on screen (the board's near
/// half), the word is laid the other way, so it reads left to right, upright.
fn along_the_band(
    board: &BoardPainter,
    name: &str,
    size: f32,
    ink: egui::Color32,
    start: f32,
    radius: f32,
) -> Option<Vec<Letter>> {
    let point = |angle: f32| board.screen(on_board(angle, radius, 0.02));
    const STEP: f32 = 0.01;
    // Clockwise on screen at `angle`: the way, and points per radian.
    let tangent = |angle: f32| -> Option<(egui::Vec2, f32)> {
        let d = point(angle + STEP)? - point(angle)?;
        Some((d.normalized(), d.length() / STEP))
    };
    let (way, _) = tangent(start)?;
    let reversed = way.x < 0.0;
    let mut glyphs: Vec<_> = name
        .chars()
        .map(|c| board.galley(&c.to_string(), size, ink))
        .collect();
    if reversed {
        glyphs.reverse();
    }
    let spacing = size * 0.14;
    let mut angle = start;
    let mut letters = Vec::new();
    for galley in glyphs {
        let half = galley.size().x / 2.0;
        let (_, rate) = tangent(angle)?;
        angle += half / rate.max(1.0);
        let (way, rate) = tangent(angle)?;
        let way = if reversed { -way } else { way };
        letters.push(Letter {
            at: point(angle)?,
            slant: way.y.atan2(way.x),
            galley,
        });
        angle += (half + spacing) / rate.max(1.0);
    }
    Some(letters)
}

/// Each letter turned to its slant, on a dark outline so it reads on the band's grid.
fn paint(board: &BoardPainter, letters: &[Letter]) {
    for letter in letters {
        let rot = egui::emath::Rot2::from_angle(letter.slant);
        let corner = letter.at - rot * (letter.galley.size() / 2.0);
        for offset in [
            egui::vec2(-1.0, 0.0),
            egui::vec2(1.0, 0.0),
            egui::vec2(0.0, -1.0),
            egui::vec2(0.0, 1.0),
        ] {
            board.painter.add(
                egui::epaint::TextShape::new(
                    corner + offset,
                    letter.galley.clone(),
                    egui::Color32::BLACK,
                )
                .with_override_text_color(egui::Color32::from_black_alpha(220))
                .with_angle(letter.slant),
            );
        }
        board.painter.add(
            egui::epaint::TextShape::new(corner, letter.galley.clone(), egui::Color32::WHITE)
                .with_angle(letter.slant),
        );
    }
}

/// Whether the line from `a` to `b` passes through `rect`, tried every 2 points along it.
pub(crate) fn crosses([a, b]: [egui::Pos2; 2], rect: egui::Rect) -> bool {
    let steps = (a.distance(b) / 2.0).ceil().max(1.0) as usize;
    (0..=steps).any(|i| rect.contains(a.lerp(b, i as f32 / steps as f32)))
}
