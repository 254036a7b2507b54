//! The forecast drawn on the board (`intent` works out what it is): an arrow from each threat
//! to where it will be and a dashed line and a burst for each shot, each kept clear of the
//! tokens' faces and their Defense digits, and what each means on hover.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use stp_rules::preview::{Intent, ThreatPreview};
use stp_rules::{GameState, Position};

use crate::game::model::screen::Screen;
use crate::game::table::marks::board_painter::{BoardScene, PaintBoard, SceneMarks};
use crate::game::table::marks::intent::{Foresight, landing, moves_to, place, side_of};
use crate::game::table::parts::{on_board, sector_angle};
use crate::game::table::scene::pieces::{TOKEN_RADIUS, token_transform};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_intent
            .run_if(in_state(Screen::Playing))
            .in_set(PaintBoard),
    );
}

/// Where a shot at a ship facing lands: the Shield's arc in that facing's sector, `aside`
/// radians from its middle.
fn facing_point(state: &GameState, facing: u8, radius: f32, aside: f32) -> Vec3 {
    on_board(
        sector_angle(state.enterprise().sector_of_facing(facing)) + aside,
        radius,
        0.3,
    )
}

/// How far apart along a facing's arc the shots at it land, in radians (about 14°, a quarter
/// of the arc: at 8° the two lines ran a burst apart and still read as one at 1280x720).
const SHOT_SPREAD: f32 = 0.24;

/// Where along its facing's arc a shot lands, as an angle from the arc's middle: the shots at
/// one facing side by side, in the order their shooters stand round the board, so that two
/// shooters in one sector (one in Short Range, one in Medium) show two lines and two bursts
/// and not one (read 50: "only one fire line is drawn", of two shots).
pub fn shot_aside(
    state: &GameState,
    preview: &ThreatPreview,
    shooter: &stp_rules::preview::ThreatIntent,
) -> f32 {
    let Some((facing, _)) = shooter.fires else {
        return 0.0;
    };
    let sector = state.enterprise().sector_of_facing(facing);
    // By the sector each fires from, then, in one sector, by the side it lands on as it
    // moves in (`landing`): two shots from one space crossed where their shooters had come
    // in from either side (read 51's p4).
    let mut shooters: Vec<((f32, f32), usize, stp_rules::TokenId)> = preview
        .threats
        .iter()
        .enumerate()
        .filter(|(_, i)| i.fires.is_some_and(|(f, _)| f == facing))
        .map(|(k, i)| {
            let at = i.to.unwrap_or(i.from).sector;
            (
                (side_of(at, sector), side_of(i.from.sector, at)),
                k,
                i.token,
            )
        })
        .collect();
    shooters.sort_by(|a, b| {
        (a.0.0.total_cmp(&b.0.0))
            .then(a.0.1.total_cmp(&b.0.1))
            .then(a.1.cmp(&b.1))
    });
    let slot = shooters
        .iter()
        .position(|(_, _, token)| *token == shooter.token)
        .unwrap_or(0) as f32;
    // A lone shot with a piece between its shooter and the ship goes past that piece, not
    // through it: KANG's shot from Medium Range ran across the Tholian's Defense in Short
    // (read 53's p3).
    let from = shooter.to.unwrap_or(shooter.from);
    // Rings order nearest first.
    let between = |at: Position| at.sector == from.sector && at.range < from.range;
    let blocked = preview
        .threats
        .iter()
        .any(|i| i.token != shooter.token && between(i.to.unwrap_or(i.from)))
        || state.mission_tokens().iter().any(|m| between(m.pos));
    // Farther aside than two shots part, so the line clears the piece's digit as well.
    match (shooters.len(), blocked) {
        (1, true) => 1.6 * SHOT_SPREAD,
        _ => SHOT_SPREAD * (slot - (shooters.len() as f32 - 1.0) / 2.0),
    }
}

/// A segment shortened by `from` points at its start and `to` points at its end, so it
/// starts and ends outside the tokens' faces (and their digits); `None` when nothing is left.
fn clear_of(a: egui::Pos2, b: egui::Pos2, from: f32, to: f32) -> Option<(egui::Pos2, egui::Pos2)> {
    let length = a.distance(b);
    (length > from + to + 6.0).then(|| {
        let d = (b - a) / length;
        (a + d * from, b - d * to)
    })
}

/// The longest an arrow's head grows, in points: egui's own arrow grows its head with its
/// length, a quarter of it, and a cloaked ship's long move drew barbs as long as a token is
/// wide, read as two more lines (read 53).
const ARROW_HEAD: f32 = 11.0;

/// An arrow from `a` to `b` with a head of at most `ARROW_HEAD`.
fn arrow(painter: &egui::Painter, a: egui::Pos2, b: egui::Pos2, width: f32, color: egui::Color32) {
    let stroke = egui::Stroke::new(width, color);
    painter.line_segment([a, b], stroke);
    let along = b - a;
    let head = ARROW_HEAD.min(along.length() / 3.0);
    let back = -along.normalized() * head;
    for turn in [0.5f32, -0.5] {
        painter.line_segment([b, b + egui::emath::Rot2::from_angle(turn) * back], stroke);
    }
}

/// Where a shot lands: a red burst of short spokes on a dark ground, its longest along the
/// shot, so every shot shows where it hits however near its shooter sits.
pub(crate) fn impact(
    painter: &egui::Painter,
    at: egui::Pos2,
    along: egui::Vec2,
    color: egui::Color32,
) {
    let along = along.normalized();
    let forward = if along.is_finite() {
        along.angle()
    } else {
        0.0
    };
    painter.circle_filled(at, 6.5, egui::Color32::from_black_alpha(170));
    for spoke in 0..8 {
        let angle = forward + spoke as f32 * std::f32::consts::TAU / 8.0;
        let reach = if spoke % 2 == 0 { 9.0 } else { 6.0 };
        let d = egui::Vec2::angled(angle);
        let stroke = egui::Stroke::new(2.0, color);
        painter.line_segment([at + d * 2.0, at + d * reach], stroke);
    }
    painter.circle_filled(at, 2.5, egui::Color32::from_rgb(255, 230, 200));
}

/// How far a point is from a segment, in points (for hovering a line).
fn distance_to_segment(p: egui::Pos2, a: egui::Pos2, b: egui::Pos2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq().max(1e-6)).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

pub(crate) fn draw_intent(
    mut scene: BoardScene,
    foresight: Res<Foresight>,
    windows: Query<&Window>,
    mut marks: ResMut<SceneMarks>,
) -> Result {
    let Some(preview) = &foresight.0 else {
        return Ok(());
    };
    let Some((state, board)) = scene.open("intent") else {
        return Ok(());
    };
    let zoom = board.zoom();
    let cursor = windows
        .iter()
        .find_map(|w| w.cursor_position())
        .map(|c| egui::pos2(c.x / zoom, c.y / zoom));
    let (painter, screen) = (&board.painter, |at: Vec3| board.screen(at));
    let move_color = egui::Color32::from_rgb(255, 220, 120);
    let fire_color = egui::Color32::from_rgb(255, 90, 70);
    // A token's face on screen, so lines start and end at its rim.
    let face = |at: Vec3| {
        let (c, side) = (screen(at)?, screen(at + Vec3::X * TOKEN_RADIUS)?);
        Some(c.distance(side) + 3.0)
    };
    let mut hovered: Option<String> = None;
    // Where each piece stands in its space (side by side, or stepped aside), so a line starts
    // at the piece and not at its space's centre (an arrow from a stepped-aside Kang started
    // beside it).
    let fanned = crate::game::table::scene::pieces::fan_out(state);
    for intent in &preview.threats {
        let standing = fanned
            .get(&u16::from(intent.token))
            .map(|fan| {
                let at = token_transform(intent.from.sector, intent.from.range, *fan, false);
                at.translation.with_y(0.1)
            })
            .unwrap_or_else(|| place(intent.from));
        let Some(from) = screen(standing) else {
            continue;
        };
        let radius = face(standing).unwrap_or(20.0);
        let name = crate::words::describe::token_name(intent.token);
        if intent.what == Intent::Chance {
            // The die decides: the rim's "?" says so; the token's tooltip says what may happen.
            continue;
        }
        let to = moves_to(intent).and_then(|p| screen(landing(state, preview, intent.token, p)));
        // Where another piece stands now in the space it moves to, the arrow stops at that
        // piece's rim: its head on the piece hid the Klingon's Defense (read 53's p4).
        let taken = moves_to(intent).is_some_and(|p| {
            state
                .threats()
                .iter()
                .any(|t| t.token != intent.token && t.pos == p)
        });
        let short_of = if taken { radius } else { 6.0 };
        // From the token's rim into the space it moves to.
        if let Some(to) = to
            && let Some((a, b)) = clear_of(from, to, radius, short_of)
        {
            // On a dark underlay, so it shows on every band (readers called them hair-thin).
            arrow(painter, a, b, 6.0, egui::Color32::from_black_alpha(170));
            arrow(painter, a, b, 3.2, move_color);
            marks.lines.push([a, b]);
            if cursor.is_some_and(|p| distance_to_segment(p, a, b) < 6.0) {
                hovered = Some(format!(
                    "Arrow: the {name} moves here in the coming Threats Move & Fire phase ({}).",
                    crate::words::describe::intent_words(intent)
                ));
            }
        }
        // A boarder goes through the unshielded facing into the Hull: a short arrow to the
        // Hull plate, and the burst where it does its damage.
        if let Intent::Boards { facing, damage } = intent.what
            && let Some(hull) = screen(facing_point(
                state,
                facing,
                crate::game::table::parts::HULL_RING.1,
                0.0,
            ))
        {
            let (a, b) = clear_of(from, hull, radius, 2.0).unwrap_or((from, hull));
            arrow(painter, a, b, 6.0, egui::Color32::from_black_alpha(170));
            arrow(painter, a, b, 3.2, fire_color);
            impact(painter, b, b - a, fire_color);
            marks.lines.push([a, b]);
            if cursor.is_some_and(|p| distance_to_segment(p, a, b) < 6.0 || p.distance(b) < 9.0) {
                hovered = Some(format!(
                    "Red arrow: the {name} boards through the {} facing, which has no Shield, \
                     for {damage} damage to its Hull before Security Teams.",
                    crate::words::describe::facing_name(facing)
                ));
            }
        }
        // A ship that moves fires from where it will be; one that stays, from its rim.
        // Where another piece stands there now, it starts at that piece's rim, off its digit.
        let (start, clearance) = match to {
            Some(to) if to.distance(from) > 4.0 => (to, if taken { radius } else { 8.0 }),
            _ => (from, radius),
        };
        // Where the shot lands: the Shield, or through a Shield already destroyed to the Hull
        // plate behind it, as the rules put its damage (read 46 found the burst on the lost
        // Shield's red cross).
        let (ring_in, ring_out) = match intent
            .fires
            .map(|(facing, _)| state.enterprise().shields[usize::from(facing)])
        {
            Some(stp_rules::SectionState::Destroyed) => crate::game::table::parts::HULL_RING,
            _ => crate::game::table::parts::SHIELD_RING,
        };
        let aside = shot_aside(state, preview, intent);
        if let Some((facing, damage)) = intent.fires
            && let Some(hit) = screen(facing_point(state, facing, ring_out, aside))
        {
            // A shooter in Short Range sits a few pixels from the Shield it hits, too near for
            // a line (readers saw no shot there): the burst on the Shield says it alone.
            let line = clear_of(start, hit, clearance, 2.0);
            if let Some((a, b)) = line {
                let under = egui::Stroke::new(5.5, egui::Color32::from_black_alpha(170));
                painter.add(egui::Shape::dashed_line(&[a, b], under, 7.0, 4.0));
                let stroke = egui::Stroke::new(3.0, fire_color);
                painter.add(egui::Shape::dashed_line(&[a, b], stroke, 7.0, 4.0));
                marks.lines.push([a, b]);
            }
            // With no line, the burst stands on the Shield's band itself: at its outer edge
            // it sat on the shooter's corner, off the Shield (read 32).
            let middle = (ring_in + ring_out) / 2.0;
            let on_band = screen(facing_point(state, facing, middle, aside)).unwrap_or(hit);
            let (a, b) = line.unwrap_or((start, on_band));
            impact(painter, b, b - a, fire_color);
            let near = |p: egui::Pos2| distance_to_segment(p, a, b) < 6.0 || p.distance(b) < 9.0;
            if cursor.is_some_and(near) {
                hovered = Some(format!(
                    "Dashed line and burst: the {name} fires {damage} at the {} facing.",
                    crate::words::describe::facing_name(facing)
                ));
            }
        }
    }
    if let (Some(words), Some(p)) = (hovered, cursor) {
        marks
            .tips
            .push((egui::Rect::from_center_size(p, egui::vec2(2.0, 2.0)), words));
    }
    Ok(())
}
