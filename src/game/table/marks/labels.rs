//! Numbers and names over the 3D board, drawn with egui: at the board's rim each sector's
//! number with the name of the ship's facing that points there and what it will take; on
//! each threat's face its Defense (yellow when the picked card can target it) and its letter
//! or captain's plate; the mission tokens, the die and the piles. Every text painted here is
//! recorded in `SceneMarks` for the layout report.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use stp_rules::TokenId;
use stp_rules::content::builtin;

use crate::game::model::offers;
use crate::game::model::screen::Screen;
use crate::game::model::selection::Selection;
use crate::game::table::marks::board_painter::{
    BoardPainter, BoardScene, PaintBoard, Plate, SceneMarks, ink_rect,
};
use crate::game::table::marks::intent::Foresight;
use crate::game::table::marks::piece_plates::PieceFace;
use crate::game::table::parts::{Pieces, sector_angle};
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::looks::{Look, Rim, rim_of};
use crate::game::table::scene::pieces::TOKEN_RADIUS;

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
                // The piles' counts first: the Fore's mark keeps clear of them; and after the
                // forecast's lines, which the rings' names keep clear of.
                (
                    crate::game::table::marks::pile_labels::pile_labels,
                    board_labels,
                )
                    .chain()
                    .after(crate::game::table::marks::intent_lines::draw_intent)
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

/// The pieces on the table and where each stands this frame.
#[derive(bevy::ecs::system::SystemParam)]
struct PiecesAt<'w, 's> {
    pieces: Res<'w, Pieces>,
    transforms: Query<'w, 's, &'static GlobalTransform>,
}

/// Numbers over the board: the rim, each threat's Defense and plate, the mission tokens (the
/// piles and the die: `pile_labels`).
fn board_labels(
    mut scene: BoardScene,
    at: PiecesAt,
    selection: Res<Selection>,
    corners: Res<Corners>,
    foresight: Res<Foresight>,
    mut marks: ResMut<SceneMarks>,
    sequence: Res<crate::game::pacing::Sequence>,
) -> Result {
    let PiecesAt { pieces, transforms } = at;
    // Only over the table: labels of pieces behind a panel stay hidden.
    let Some((state, board)) = scene.open("labels") else {
        return Ok(());
    };
    let marks = &mut *marks;
    let font = crate::game::table::scene::framing::rim_font(board.table().height());
    let props = crate::game::table::marks::rim::prop_squares(&board, &corners);
    // "FORE" keeps off the pieces as well as the props: it lay over a Klingon just placed at
    // the rim (a live threat phase, this stop's drive).
    let pieces_now: Vec<egui::Rect> = state
        .threats()
        .iter()
        .filter_map(|t| {
            let at = transforms.get(*pieces.threats.get(&t.token)?).ok()?;
            let scale = at.compute_transform().scale.x;
            let c = board.screen(at.translation())?;
            let side = board.screen(at.translation() + Vec3::X * TOKEN_RADIUS * scale)?;
            Some(egui::Rect::from_center_size(
                c,
                egui::Vec2::splat(2.0 * c.distance(side)),
            ))
        })
        .collect();
    crate::game::table::marks::rim::rim_labels(
        &board,
        font,
        state,
        &foresight,
        (&props, &pieces_now),
        marks,
    );
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
    let done = sequence.done();
    // Where the Enterprise is on screen: each token's Defense faces her.
    let ship_at = board.screen(Vec3::ZERO);
    let ship_disc = ship_disc(&board);
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
        // The piece the threat phase has reached, ringed in white over a dark halo while its
        // step shows: gold is the Fore's (a reader of read 42 found one gold for both).
        if sequence.acting().contains(&t.token) {
            board.painter.circle_stroke(
                c,
                radius + 5.0,
                egui::Stroke::new(6.0, egui::Color32::from_black_alpha(170)),
            );
            board.painter.circle_stroke(
                c,
                radius + 5.0,
                egui::Stroke::new(3.0, egui::Color32::WHITE),
            );
        } else if done.contains(&t.token) {
            // A piece done for this threat phase wears a tick on its shoulder, away from its
            // Defense (which faces the ship).
            let away = (c - ship_at.unwrap_or(c)).normalized();
            let side = egui::vec2(-away.y, away.x);
            let at = c + (away + side).normalized() * radius * 0.95;
            crate::game::theme::marks::done_tick(
                &board.painter,
                at,
                (radius * 0.34).clamp(7.0, 11.0),
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
            // In the display face's condensed capitals, as large as the face holds (readers
            // of read 41 found 7 px).
            let galley = board.display_galley(
                "CLOAKED",
                (radius * 0.62).clamp(12.0, 22.0),
                egui::Color32::from_rgb(205, 232, 255),
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
                egui::Color32::from_rgb(232, 236, 244)
            };
            let inward = ship_at.map_or(-up, |s| s - c).normalized();
            // The digits are measured; the plates keep clear of their whole shield.
            let (digits, ink) =
                defense_digits(&board, t.defense, (c, radius, inward), along, color);
            marks.defense.insert(t.token, digits);
            let lone = fanned
                .get(&u16::from(t.token))
                .is_none_or(|fan| fan.of <= 1);
            let along_ring = board
                .screen(world + Vec3::new(angle.cos(), 0.0, angle.sin()))
                .map(|p| (p - c).normalized())
                .filter(|_| lone);
            let face = PieceFace {
                board: &board,
                token: t.token,
                range: t.pos.range,
                c,
                radius,
                inward,
                ink,
                digits,
                along_ring,
                centres: &centres,
                ship_disc,
            };
            let mut plates = Vec::new();
            if let Rim::Captain(captain) = rim_of(t.token) {
                let shared = fanned
                    .get(&u16::from(t.token))
                    .is_some_and(|fan| fan.of > 1);
                plates.push(face.captain_plate(captain, shared, marks));
            }
            if t.force_field {
                face.force_field_note(&plates, marks);
            }
        } else {
            face_name(&board, look, c + up * 0.55, radius, marks);
        }
    }
    // The rings' names keep off the mission's tokens too: read 47 found "MEDIUM" lettered over
    // the Shuttlecraft Galileo. (Not in `marks.faces`, which the tokens' own names keep off.)
    faces.extend(
        crate::game::table::marks::mission_labels::mission_token_faces(
            &board,
            state,
            &pieces,
            &transforms,
        ),
    );
    crate::game::table::marks::ring_names::ring_names(&board, font, &faces, marks);
    crate::game::table::marks::mission_labels::mission_token_labels(
        &board,
        state,
        (&pieces, &transforms),
        &props,
        marks,
    );
    Ok(())
}

/// The ship's disc on screen (her Shields' outer edge), the box of an ellipse: a plate beside
/// a piece in Short Range keeps off her Shields.
fn ship_disc(board: &BoardPainter) -> Option<egui::Rect> {
    (0..24)
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
        })
}

/// A ship's Defense on the face's half that faces the Enterprise (`face`: its middle, radius
/// and the way to her on screen), as the cardboard token's number points at her: dark digits on
/// a light shield (`defense_shield`) no larger than they need, so the silhouette keeps most of
/// the face (readers found a disc swallowed it) and nothing reaches over the band's edge (a
/// disc half off the face did, and the token read as on the line between two rings). The
/// display face's digits at 1.45 of the (collared, smaller) face's radius stand at least 18
/// px at 1280x720. A token under another in a crowded space (`along` the ring, not 0) shows it
/// on the strip its neighbour leaves bare, where the face's middle is. The face's outer half
/// keeps room for a note ("FORCE FIELD"). Returns the digits' ink and the shield's box.
fn defense_digits(
    board: &BoardPainter,
    defense: u8,
    (c, radius, inward): (egui::Pos2, f32, egui::Vec2),
    along: f32,
    color: egui::Color32,
) -> (egui::Rect, egui::Rect) {
    // In the display face's condensed figures, as a printed chit's: as tall as before and
    // narrower, so they cover less of the ship's silhouette under them (every reader of read
    // 41 found the numeral over the ship's art).
    let galley = board.display_galley(
        &defense.to_string(),
        (radius * 1.45).clamp(15.0, 46.0),
        crate::game::theme::marks::DEFENSE_INK,
    );
    let ink0 = ink_rect(&galley, egui::Pos2::ZERO);
    // Placed by the digits' reach, as before the shield: it reaches a few points further,
    // still on the face, and the digits stay where a captain's plate keeps clear of them.
    let reach = inward.x.abs() * ink0.width() / 2.0 + inward.y.abs() * ink0.height() / 2.0;
    let (half_width, half_height) = crate::game::theme::marks::shield_half_size(ink0);
    // Halfway from the face's middle to its inner edge: at the edge the digits, the piece's
    // brightest mark, sat by the line to the next ring, and readers put the piece on that
    // line (reads 21-25).
    let centre = match along == 0.0 {
        true => c + inward * (radius - reach - 1.5).max(0.0) * 0.5,
        false => c,
    };
    crate::game::theme::marks::defense_shield(&board.painter, centre, ink0, color);
    let shield = egui::Rect::from_center_size(centre, 2.0 * egui::vec2(half_width, half_height));
    (
        board.paint(centre - ink0.center().to_vec2(), galley, None, false),
        shield,
    )
}

/// The Comet's and the Starbase's name, centred at `at` on their face: they carry no Defense,
/// so their name is their face, as large as the face of `radius` allows (at a smaller size
/// readers could not make it out).
fn face_name(
    board: &BoardPainter,
    look: Look,
    at: egui::Pos2,
    radius: f32,
    marks: &mut SceneMarks,
) {
    let words = match look {
        Look::Comet => "COMET",
        _ => "STARBASE",
    };
    let galley = board.galley(
        words,
        (radius * 0.4).clamp(11.0, 13.0),
        egui::Color32::BLACK,
    );
    let rect = board.paint(
        at - galley.size() / 2.0,
        galley,
        Some(Plate::Fill(egui::Color32::from_white_alpha(200))),
        false,
    );
    marks.labels.push((words.to_string(), rect));
}
