//! The mission tokens' names on the board: each goes where it collides with no label already
//! painted (the rim's names above all), and says what the token is on hover.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::GameState;
use stp_rules::content::builtin;

use crate::game::table::marks::board_painter::{BoardPainter, Plate, SceneMarks};
use crate::game::table::parts::Pieces;

/// A mission token's radius on the board, its gold rim's outer edge (`materials`' rim torus).
const MISSION_TOKEN_RADIUS: f32 = 0.35;

/// Where a mission token's piece stands, once the scene has placed it.
fn placed<'a>(
    pieces: &Pieces,
    transforms: &'a Query<&GlobalTransform>,
    token: u8,
) -> Option<&'a GlobalTransform> {
    pieces
        .missions
        .get(&token)
        .and_then(|e| transforms.get(*e).ok())
}

/// Each mission token's face on screen (centre, radius), for the marks that keep off it.
pub(crate) fn mission_token_faces(
    board: &BoardPainter,
    state: &GameState,
    pieces: &Pieces,
    transforms: &Query<&GlobalTransform>,
) -> Vec<(egui::Pos2, f32)> {
    state
        .mission_tokens()
        .iter()
        .filter_map(|m| {
            let centre = placed(pieces, transforms, m.token)?.translation() + Vec3::Y * 0.05;
            let c = board.screen(centre)?;
            let side = board.screen(centre + Vec3::X * MISSION_TOKEN_RADIUS)?;
            Some((c, (side - c).length()))
        })
        .collect()
}

/// Paints each mission token's name, after every other label of the board.
pub(crate) fn mission_token_labels(
    board: &BoardPainter,
    state: &GameState,
    (pieces, transforms): (&Pieces, &Query<&GlobalTransform>),
    props: &[egui::Rect],
    marks: &mut SceneMarks,
) {
    // A mission token's name goes below it, or above it, or broken over two lines, whichever
    // first collides with no label already on the board (the rim's names, above all).
    for m in state.mission_tokens() {
        let Some(at) = placed(pieces, transforms, m.token) else {
            continue;
        };
        let name = &builtin().mission_tokens[m.token as usize].name;
        // Its number only where the mission has the threats fire at it: what it can still
        // absorb. Hovering says so.
        let draws_fire = state
            .fire_drawing_token()
            .is_some_and(|i| state.mission_tokens()[i].token == m.token);
        let tip = match draws_fire {
            true => format!(
                "{name}: a mission token. Threats in its sector fire at it instead of the \
                 Enterprise; it absorbs {} more damage before it is lost.",
                m.value
            ),
            false => format!("{name}: a mission token. The mission card says what to do with it."),
        };
        // Below, above, right and left of the piece, near and farther off, the name on one
        // line or two; each anchored on its side of the piece.
        let mut choices = Vec::new();
        let hits = if m.value == 1 { "hit" } else { "hits" };
        let lines = match draws_fire {
            true => [
                format!("{name}: {} {hits} left", m.value),
                format!("{name}\n{} {hits} left", m.value),
            ],
            false => [name.clone(), name.replacen(' ', "\n", 1)],
        };
        for words in lines {
            let galley = board.galley(&words, 13.0, egui::Color32::LIGHT_BLUE);
            let size = galley.size();
            for reach in [0.3, 0.75] {
                let sides = [
                    (Vec3::Z, egui::vec2(size.x / 2.0, 0.0)),
                    (-Vec3::Z, egui::vec2(size.x / 2.0, size.y)),
                    (Vec3::X, egui::vec2(0.0, size.y / 2.0)),
                    (-Vec3::X, egui::vec2(size.x, size.y / 2.0)),
                ];
                for (direction, anchor) in sides {
                    if let Some(p) = board.screen(at.translation() + direction * reach) {
                        choices.push((p - anchor, galley.clone(), words.clone()));
                    }
                }
            }
        }
        if choices.is_empty() {
            continue;
        }
        // The least overlap with the labels and Defense digits already there and with the
        // Enterprise (her rings and her model, as the camera shows them): none, where a place
        // is clear.
        let ship = ship_rect(board);
        let own = board.screen(at.translation());
        let area = |a: &egui::Rect, b: egui::Rect| {
            let both = a.intersect(b);
            match both.is_positive() {
                true => both.area(),
                false => 0.0,
            }
        };
        let overlap = |at: egui::Pos2, size: egui::Vec2| {
            let rect = egui::Rect::from_min_size(at, size).expand(2.0);
            let marked: f32 = marks
                .labels
                .iter()
                .map(|(_, r)| r)
                .chain(marks.defense.values())
                .map(|r| area(r, rect))
                .sum();
            // A name over a threat hides the piece (read 11 found the Outpost's name over a
            // Romulan): its face weighs more than a label.
            let pieces: f32 = marks
                .faces
                .iter()
                .map(|(c, r)| {
                    area(
                        &egui::Rect::from_center_size(*c, egui::Vec2::splat(r * 2.0)),
                        rect,
                    )
                })
                .sum();
            // Over a prop (the deck, the discard pile, the die) as over a piece: the
            // Outpost's name lay across the discard pile (read 50's p2).
            let props: f32 = props.iter().map(|p| area(p, rect)).sum();
            // Crossed by an arrow or a shot, half as bad as covering a label: two shots and
            // a cloaked ship's arrow ran through the Outpost's name, which read as theirs
            // (read 51's p4).
            let crossed = marks
                .lines
                .iter()
                .filter(|line| crate::game::table::marks::ring_names::crosses(**line, rect))
                .count() as f32;
            // Nearer another piece than its own, the name reads as that piece's: the Distress
            // Beacon's name under KOLOTH read as his (read 52). As bad as a crossing line.
            let mine = own.map_or(0.0, |c| rect.distance_to_pos(c));
            let nearer = marks
                .faces
                .iter()
                .filter(|(c, r)| own.is_none_or(|o| o.distance(*c) > *r))
                .filter(|(c, r)| rect.distance_to_pos(*c) - r < mine)
                .count() as f32;
            // Over the ship weighs most: her state must read whole.
            marked
                + 4.0 * (pieces + props)
                + 0.5 * (crossed + nearer) * rect.area()
                + 20.0 * ship.map_or(0.0, |s| area(&s, rect))
        };
        let pick = choices
            .iter()
            .enumerate()
            .min_by(|(_, a), (_, b)| overlap(a.0, a.1.size()).total_cmp(&overlap(b.0, b.1.size())))
            .map_or(0, |(i, _)| i);
        let (at, galley, words) = choices.swap_remove(pick);
        let rect = board.paint(at, galley, Some(Plate::Chip), false);
        marks.labels.push((words.replace('\n', " "), rect));
        marks.reader.push((tip.clone(), rect));
        marks.tips.push((rect, tip));
    }
}

/// The Enterprise on screen: the rect around her outer ring, at the board and at her
/// model's height, with a margin (her pieces' boxes, as the layout report measures her, stand
/// a little past the ring).
fn ship_rect(board: &BoardPainter) -> Option<egui::Rect> {
    let radius = 1.12 * crate::game::table::parts::SHIP_RADIUS;
    let points: Vec<egui::Pos2> = (0..24)
        .flat_map(|i| {
            let angle = i as f32 * std::f32::consts::TAU / 24.0;
            [0.0, 0.6].map(|y| board.screen(crate::game::table::parts::on_board(angle, radius, y)))
        })
        .flatten()
        .collect();
    (!points.is_empty()).then(|| egui::Rect::from_points(&points))
}
