//! Numbers and names over the 3D board, drawn with egui: at the board's rim each sector's
//! number with the name of the ship's facing that points there and what it will take; on
//! each threat's face its Defense (yellow when the picked card can target it) and its letter
//! or captain's plate; the mission tokens, the die and the piles. Every text painted here is
//! recorded in `SceneMarks` for the layout report.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use std::f32::consts::TAU;
use stp_rules::content::builtin;
use stp_rules::{Range, TokenId};

use crate::game::model::offers;
use crate::game::model::screen::Screen;
use crate::game::model::selection::Selection;
use crate::game::table::marks::board_painter::{BoardScene, PaintBoard, SceneMarks, ink_rect};
use crate::game::table::marks::intent::Foresight;
use crate::game::table::marks::plate_places::{Clear, clear_of};
use crate::game::table::parts::{Pieces, on_board, ring_center, sector_angle};
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::looks::{Look, Rim, captain_name, rim_of};
use crate::game::table::scene::pieces::TOKEN_RADIUS;
use crate::game::theme::palette;

pub(crate) fn plugin(app: &mut App) {
    // The marks read where the pieces are this frame: egui's pass runs after the transforms
    // reach the pieces' `GlobalTransform`, or a gliding or flipping token's labels trail a
    // frame behind it (and stay there once the glide's last frame is drawn).
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::EndPass.after(bevy::transform::TransformSystems::Propagate),
    );
    app.init_resource::<SceneMarks>()
        .add_systems(
            EguiPrimaryContextPass,
            crate::game::table::marks::board_painter::clear_marks.before(PaintBoard),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                (
                    board_labels,
                    crate::game::table::marks::pile_labels::pile_labels,
                )
                    .run_if(crate::game::model::screen::at_table)
                    .in_set(PaintBoard),
                (
                    crate::game::table::marks::marks_read::show_tips,
                    crate::game::table::marks::marks_read::read_board,
                )
                    .run_if(in_state(Screen::Playing))
                    .after(PaintBoard),
            ),
        );
}

/// Numbers over the board: the rim, each threat's Defense and plate, the mission tokens (the
/// piles and the die: `pile_labels`).
fn board_labels(
    mut scene: BoardScene,
    pieces: Res<Pieces>,
    transforms: Query<&GlobalTransform>,
    selection: Res<Selection>,
    corners: Res<Corners>,
    foresight: Res<Foresight>,
    mut marks: ResMut<SceneMarks>,
    sequence: Res<crate::game::pacing::Sequence>,
) -> Result {
    // Only over the table: labels of pieces behind a panel stay hidden.
    let Some((state, board)) = scene.open("labels") else {
        return Ok(());
    };
    let marks = &mut *marks;
    let font = crate::game::table::scene::framing::rim_font(board.table().height());
    let props = crate::game::table::marks::rim::prop_squares(&board, &corners);
    crate::game::table::marks::rim::rim_labels(&board, font, state, &foresight, &props, marks);
    let plays = offers::plays(state, &selection);
    let targets = offers::target_tokens(&plays);
    // The target Tab has in focus stands out from the other legal ones.
    let focused = selection.focus.and_then(|i| {
        let listed = offers::targets(state, &plays, selection.with, selection.shift);
        listed
            .get(i)
            .and_then(|offer| offers::target_tokens(&[offer.action]).first().copied())
    });
    let fanned = crate::game::table::scene::pieces::fan_out(state);
    // Where the Enterprise is on screen: each token's Defense faces her.
    let ship_at = board.screen(Vec3::ZERO);
    // Her disc on screen: a plate beside a piece in Short Range keeps off her Shields.
    let ship_disc = (0..24)
        .filter_map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 24.0;
            board.screen(crate::game::table::parts::on_board(
                a,
                crate::game::table::parts::SHIP_RADIUS,
                0.0,
            ))
        })
        .fold(None, |r: Option<egui::Rect>, p| {
            Some(r.map_or(egui::Rect::from_min_max(p, p), |r| {
                r.union(egui::Rect::from_min_max(p, p))
            }))
        });
    // Where every token is on screen, so a note beside one keeps off the others.
    let centres: Vec<(TokenId, egui::Pos2)> = state
        .threats()
        .iter()
        .filter_map(|t| {
            let at = transforms.get(*pieces.threats.get(&t.token)?).ok()?;
            Some((t.token, board.screen(at.translation())?))
        })
        .collect();
    // Each token's face on screen (centre, radius), so the rings' names keep off them.
    let mut faces: Vec<(egui::Pos2, f32)> = Vec::new();
    for t in state.threats() {
        let Some(at) = pieces
            .threats
            .get(&t.token)
            .and_then(|e| transforms.get(*e).ok())
        else {
            continue;
        };
        let centre = at.translation() + Vec3::Y * 0.05;
        let world = centre;
        let scale = at.compute_transform().scale.x;
        let (Some(c), Some(side), Some(up)) = (
            board.screen(centre),
            board.screen(centre + Vec3::X * TOKEN_RADIUS * scale),
            board.screen(centre + Vec3::NEG_Z * TOKEN_RADIUS * scale),
        ) else {
            continue;
        };
        let radius = (side - c).length();
        faces.push((c, radius));
        marks.faces.push((c, radius));
        // The piece the threat phase has reached, ringed in the console's gold while its
        // step shows.
        if sequence.acting().contains(&t.token) {
            board.painter.circle_stroke(
                c,
                radius + 5.0,
                egui::Stroke::new(3.0, palette::GOLD.egui()),
            );
        }
        let up = up - c;
        // Along the ring, to the strip of this token its neighbour leaves bare.
        let angle = sector_angle(t.pos.sector);
        let along = fanned
            .get(&u16::from(t.token))
            .map_or(0.0, |fan| fan.numeral_shift(t.pos.range));
        let tangent = Vec3::new(angle.cos(), 0.0, angle.sin()) * along;
        let c = board.screen(centre + tangent).unwrap_or(c);
        let look = Look::of(t.token);
        let def = builtin().threat(t.token);
        if t.cloaked {
            let galley = board.galley(
                "CLOAKED",
                (radius * 0.36).clamp(8.0, 14.0),
                egui::Color32::from_rgb(170, 210, 255),
            );
            let rect = board.paint(c - galley.size() / 2.0, galley, None, true);
            marks.labels.push(("CLOAKED".into(), rect));
            continue;
        }
        if def.is_ship() {
            let color = if focused == Some(t.token) {
                egui::Color32::from_rgb(120, 255, 140)
            } else if targets.contains(&t.token) {
                egui::Color32::YELLOW
            } else {
                egui::Color32::WHITE
            };
            // The Defense on the face's half that faces the Enterprise, as the cardboard
            // token's number points at her: white digits outlined in black, with no disc, so
            // the silhouette keeps most of the face (readers found a disc swallowed it) and
            // nothing reaches over the band's edge (a disc half off the face did, and the
            // token read as on the line between two rings). B612's digits stand taller than
            // their size: 1.18 of the (collared, smaller) face's radius keeps them at least
            // 18 px at 1280x720.
            let galley = board.galley(
                &t.defense.to_string(),
                (radius * 1.18).clamp(13.0, 40.0),
                color,
            );
            let inward = ship_at.map_or(-up, |s| s - c).normalized();
            // A token under another in a crowded space shows it on the strip its neighbour
            // leaves bare, where the face's middle is; a lone one, towards the ship.
            // The face's outer half keeps room for a note ("FORCE FIELD").
            let ink0 = ink_rect(&galley, egui::Pos2::ZERO);
            let reach = inward.x.abs() * ink0.width() / 2.0 + inward.y.abs() * ink0.height() / 2.0;
            // Halfway from the face's middle to its inner edge: at the edge the digits, the
            // piece's brightest mark, sat by the line to the next ring, and readers put the
            // piece on that line (reads 21-25).
            let centre = match along == 0.0 {
                true => c + inward * (radius - reach - 1.5).max(0.0) * 0.5,
                false => c,
            };
            let ink = board.paint(centre - ink0.center().to_vec2(), galley, None, true);
            marks.defense.insert(t.token, ink);
            // A piece alone in its space has its plates (a captain's name, a note) beside it,
            // along its ring, so they cover none of its art (readers found them over the
            // silhouette, and a red plate on a red face unreadable).
            let lone = fanned
                .get(&u16::from(t.token))
                .is_none_or(|fan| fan.of <= 1);
            let along_ring = board
                .screen(world + Vec3::new(angle.cos(), 0.0, angle.sin()))
                .map(|p| (p - c).normalized())
                .filter(|_| lone);
            let mut plates: Vec<egui::Rect> = Vec::new();
            // A little in from the ring's edges, so a plate is seen to lie inside, not on them.
            let inner =
                ring_center(t.pos.range) - crate::game::table::parts::RING_WIDTH / 2.0 + 0.04;
            let band = inner..=inner + crate::game::table::parts::RING_WIDTH - 0.08;
            let in_band = |rect: egui::Rect| {
                [
                    rect.left_top(),
                    rect.right_top(),
                    rect.left_bottom(),
                    rect.right_bottom(),
                    rect.center_top(),
                    rect.center_bottom(),
                ]
                .into_iter()
                .all(|p| {
                    board
                        .distance_on_board(p)
                        .is_some_and(|r| band.contains(&r))
                })
            };
            // The first place for a plate of `size` on the piece's face that lies in its ring,
            // clear of its Defense and of every label drawn so far.
            let fitting =
                |places: Vec<egui::Pos2>, size: egui::Vec2, ink: egui::Rect, marks: &SceneMarks| {
                    places.into_iter().find(|at| {
                        let rect = egui::Rect::from_min_size(*at, size);
                        in_band(rect)
                            && !rect.expand2(egui::vec2(3.0, 0.0)).intersects(ink)
                            && marks.labels.iter().all(|(_, r)| !r.intersects(rect))
                    })
                };
            // Where a plate of `size` stands beside the piece, clear of what `Clear` names.
            let beside = |size: egui::Vec2, defense: &_, plates: &[egui::Rect]| {
                along_ring.and_then(|dir| {
                    let clear = Clear {
                        token: t.token,
                        radius,
                        centres: &centres,
                        defense,
                        plates,
                        disc: ship_disc,
                        in_band: &in_band,
                    };
                    clear.beside(c, dir, size)
                })
            };
            // A captain's name plate beside it, or else on the face.
            if let Rim::Captain(captain) = rim_of(t.token) {
                let words = captain_name(captain);
                let galley = board.galley(
                    words,
                    (radius * 0.42).clamp(12.0, 14.0),
                    egui::Color32::GOLD,
                );
                // Across the face's top, or its bottom where the Defense takes the top (the
                // ship above it). Beside her, in a space it shares, where the pieces stand one
                // over the other, across the face's middle, stepped away from the Defense: at
                // the top it lay between two pieces, naming neither.
                let shared = fanned
                    .get(&u16::from(t.token))
                    .is_some_and(|fan| fan.of > 1);
                let at = match (shared && inward.x.abs() > 0.5, inward.y < -0.5) {
                    (true, _) => c - galley.size() / 2.0,
                    (false, true) => c + egui::vec2(0.0, 1.0) * radius * 0.72 - galley.size() / 2.0,
                    (false, false) => {
                        c + egui::vec2(0.0, -1.0) * radius * 0.72 - galley.size() / 2.0
                    }
                };
                let at = clear_of(at, galley.size(), ink, -inward);
                // Beside it where its ring has room; else across the face, stepped in from
                // its outer edge until the plate lies in the piece's own ring and clear of
                // the Defense: a plate over the line read as the piece on it (reads 25-27).
                let size = galley.size();
                let on_face = [0.72, 0.6, 0.48, 0.36, 0.24]
                    .into_iter()
                    .map(|k| c - inward * radius * k - size / 2.0);
                let at = beside(size, &marks.defense, &plates)
                    .or_else(|| {
                        fitting(
                            std::iter::once(at).chain(on_face).collect(),
                            size,
                            ink,
                            marks,
                        )
                    })
                    .unwrap_or(at);
                let plate = palette::CAPTAIN_PLATE.egui();
                let rect = board.paint(at, galley, Some(plate), false);
                plates.push(rect);
                marks.labels.push((words.to_string(), rect));
            }
            // Held by a Force Field: said on the piece, under its numeral. A ship that cloaks
            // in the coming phase is said by its sector's forecast at the rim ("Romulan cloaks,
            // no fire") and its hover: a note on the piece fell on the arrows and shots that
            // cross it, with no clear place beside it in a busy sector (reads 30 and 31).
            if t.force_field {
                let words = "FORCE FIELD";
                // Beside a piece left or right of the ship the badge is at its side: a wide
                // note across the face would cover it, so it stands on two lines on the far
                // side instead (below, it covered the ship or the next piece's Defense).
                // Always on two lines: one line at a size a reader can read ran past the face
                // (readers called 7-11 px "tiny").
                let sideways = inward.x.abs() > 0.5;
                let shown = words.replacen(' ', "\n", 1);
                let galley = board.galley(
                    &shown,
                    (radius * 0.42).clamp(11.0, 13.0),
                    egui::Color32::from_rgb(170, 230, 255),
                );
                // On the face, on its outer half, away from the Defense digits (below a
                // captain's plate): at the outer edge it reached into the next ring, over the
                // Defense of the piece there.
                let room: f32 = match (rim_of(t.token), sideways) {
                    (_, true) => 0.5,
                    (Rim::Captain(_), false) => 0.3,
                    _ => 0.4,
                };
                let size = galley.size();
                // Else on the face, stepped further out until clear of the Defense digits:
                // in a crowded space the face is smaller than the words.
                // Never out over the ring's edge or another label (a rim's forecast).
                let fallback =
                    clear_of(c - inward * radius * room - size / 2.0, size, ink, -inward);
                let on_face = [room, room - 0.1, room - 0.2, room - 0.3, 0.0]
                    .into_iter()
                    .map(|k| c - inward * radius * k - size / 2.0);
                let at = beside(size, &marks.defense, &plates)
                    .or_else(|| {
                        fitting(
                            std::iter::once(fallback).chain(on_face).collect(),
                            size,
                            ink,
                            marks,
                        )
                    })
                    .unwrap_or(fallback);
                // Where no place is clear, the note gives way to a label already drawn (a
                // rim's forecast, which says the same): over it, neither read (read 28's
                // positions, a cloaking Romulan by the rim).
                let over_label = |at: egui::Pos2| {
                    let rect = egui::Rect::from_min_size(at, size);
                    marks.labels.iter().any(|(_, r)| r.intersects(rect))
                };
                if !over_label(at) {
                    let rect = board.paint(
                        at,
                        galley,
                        Some(egui::Color32::from_black_alpha(190)),
                        false,
                    );
                    marks.labels.push((words.into(), rect));
                }
            }
        } else {
            // The Comet and the Starbase carry no Defense: their name is their face.
            let words = match look {
                Look::Comet => "COMET",
                _ => "STARBASE",
            };
            // As large as the face allows: at a smaller size readers could not make it out.
            let galley = board.galley(
                words,
                (radius * 0.4).clamp(11.0, 13.0),
                egui::Color32::BLACK,
            );
            let at = c + up * 0.55 - galley.size() / 2.0;
            let rect = board.paint(
                at,
                galley,
                Some(egui::Color32::from_white_alpha(200)),
                false,
            );
            marks.labels.push((words.to_string(), rect));
        }
    }
    // Each ring named at every other sector line, small and in its edge's hue, just
    // clockwise of the line, where no token's face is: every sector has the names at one of
    // its edges, so a token's ring reads where the token is (in all six, a reader called
    // eighteen names clutter).
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
        for line in (0..6u8).step_by(2) {
            let angle = f32::from(line) * TAU / 6.0;
            // In the band's outer half, clear of the ship's disc and of most faces.
            let r = ring_center(range) + 0.25 * crate::game::table::parts::RING_WIDTH;
            let (Some(p0), Some(p1)) = (
                board.screen(on_board(angle, r, 0.02)),
                board.screen(on_board(angle + 0.05, r, 0.02)),
            ) else {
                continue;
            };
            let galley = board.galley(name, size, ink);
            let along = (p1 - p0).normalized();
            let centre = p0 + along * (galley.size().x / 2.0 + 6.0);
            let rect = egui::Rect::from_center_size(centre, galley.size()).expand(2.0);
            // Well clear: a name touching a piece of the next ring read as that piece's ring
            // (read 14 took two Medium pieces beside "SHORT" for Short); and off the pieces'
            // plates (read 15 found "CLOAKS NEXT" run into "SHORT").
            let clear = faces
                .iter()
                .all(|(c, radius)| rect.distance_to_pos(*c) > *radius + 12.0)
                && marks
                    .labels
                    .iter()
                    .all(|(_, plate)| !plate.intersects(rect));
            if clear {
                let rect = board.paint(
                    centre - galley.size() / 2.0,
                    galley,
                    Some(egui::Color32::from_black_alpha(120)),
                    false,
                );
                marks.labels.push((name.to_string(), rect));
            }
        }
    }
    crate::game::table::marks::mission_labels::mission_token_labels(
        &board,
        state,
        &pieces,
        &transforms,
        marks,
    );
    Ok(())
}
