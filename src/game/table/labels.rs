//! Numbers and names over the 3D board, drawn with egui: at the board's rim each sector's
//! number with the name of the ship's facing that points there and what it will take; on
//! each threat's face its Defense (yellow when the picked card can target it) and its letter
//! or captain's plate; the mission tokens, the die and the piles. Every text painted here is
//! recorded in `SceneMarks` for the layout report.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::collections::BTreeMap;
use std::f32::consts::TAU;
use stp_rules::content::builtin;
use stp_rules::{Range, TokenId};

use super::camera::{Corners, Orbit};
use super::intent::Foresight;
use super::looks::{Look, Rim, captain_name, rim_of};
use super::pieces::TOKEN_RADIUS;
use super::{Pieces, on_board, pile_count, pile_place, ring_center, sector_angle};
use crate::game::input::pointing::TableRect;
use crate::game::input::selection::Selection;
use crate::game::pacing::Shown;
use crate::game::palette;
use crate::game::panels::offers;
use crate::game::screens::state::Screen;

/// The systems that paint over the board (after the marks of the last frame are cleared).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SystemSet)]
pub(crate) struct PaintBoard;

pub(super) fn plugin(app: &mut App) {
    // The marks read where the pieces are this frame: egui's pass runs after the transforms
    // reach the pieces' `GlobalTransform`, or a gliding or flipping token's labels trail a
    // frame behind it (and stay there once the glide's last frame is drawn).
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::EndPass.after(bevy::transform::TransformSystems::Propagate),
    );
    app.init_resource::<SceneMarks>()
        .add_systems(EguiPrimaryContextPass, clear_marks.before(PaintBoard))
        .add_systems(
            EguiPrimaryContextPass,
            (
                board_labels
                    .run_if(crate::game::screens::state::at_table)
                    .in_set(PaintBoard),
                show_tips
                    .run_if(in_state(Screen::Playing))
                    .after(PaintBoard),
            ),
        );
}

/// Hovering a mark on the board (a rim's name or "?", an arrow, a shot line) says what it
/// means; a token's own tooltip (`hover`) takes precedence.
fn show_tips(
    mut contexts: EguiContexts,
    marks: Res<SceneMarks>,
    hovered: Res<crate::game::input::pointing::Hovered>,
    table_rect: Res<TableRect>,
    windows: Query<&Window>,
) -> Result {
    if hovered.0.is_some() {
        return Ok(());
    }
    let Some(cursor) = windows.iter().find_map(|w| w.cursor_position()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let at = egui::pos2(cursor.x / zoom, cursor.y / zoom);
    if !crate::game::input::pointing::on_table(ctx, &table_rect, cursor) {
        return Ok(());
    }
    // The smallest mark under the pointer is the one it is on (a web's strands span a
    // sector; the "?" on them is a few points wide).
    let Some((_, words)) = marks
        .tips
        .iter()
        .filter(|(r, _)| r.expand(2.0).contains(at))
        .min_by(|(a, _), (b, _)| a.area().total_cmp(&b.area()))
    else {
        return Ok(());
    };
    egui::Area::new("mark-tip".into())
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(at + egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(340.0);
                ui.label(words.as_str());
            });
        });
    Ok(())
}

/// What was painted over the board this frame, in egui points: every label, each threat's
/// Defense digits (their ink, not their line box), and what each mark means on hover.
#[derive(Resource, Debug, Default)]
pub(crate) struct SceneMarks {
    pub labels: Vec<(String, egui::Rect)>,
    pub defense: BTreeMap<TokenId, egui::Rect>,
    pub tips: Vec<(egui::Rect, String)>,
}

fn clear_marks(mut marks: ResMut<SceneMarks>) {
    marks.labels.clear();
    marks.defense.clear();
    marks.tips.clear();
}

/// Paints over the 3D board: clipped to the table's area, at points projected by the camera
/// (which answers in logical window pixels, while egui paints in points).
pub(crate) struct BoardPainter<'a> {
    pub painter: egui::Painter,
    camera: &'a Camera,
    camera_at: &'a GlobalTransform,
    zoom: f32,
}

impl<'a> BoardPainter<'a> {
    pub fn new(
        ctx: &egui::Context,
        layer: &'static str,
        table_rect: &TableRect,
        (camera, camera_at): (&'a Camera, &'a GlobalTransform),
    ) -> Self {
        let painter = ctx
            .layer_painter(egui::LayerId::new(
                egui::Order::Background,
                egui::Id::new(layer),
            ))
            .with_clip_rect(table_rect.0);
        BoardPainter {
            painter,
            camera,
            camera_at,
            zoom: ctx.zoom_factor(),
        }
    }

    /// Where a point of the board is on the screen, in egui points.
    pub fn screen(&self, at: Vec3) -> Option<egui::Pos2> {
        let p = self.camera.world_to_viewport(self.camera_at, at).ok()?;
        Some(egui::pos2(p.x / self.zoom, p.y / self.zoom))
    }

    /// Lays out text wrapped to `width` points.
    pub(crate) fn wrapped(
        &self,
        text: &str,
        size: f32,
        color: egui::Color32,
        width: f32,
    ) -> std::sync::Arc<egui::Galley> {
        self.painter.layout(
            text.to_string(),
            egui::FontId::proportional(size),
            color,
            width,
        )
    }

    /// Lays out one line of text.
    pub(crate) fn galley(
        &self,
        text: &str,
        size: f32,
        color: egui::Color32,
    ) -> std::sync::Arc<egui::Galley> {
        self.painter
            .layout_no_wrap(text.to_string(), egui::FontId::proportional(size), color)
    }

    /// Paints a number as a round badge centred on its digits at `centre` (a dark disc with a
    /// bright ring); returns the digits' ink.
    pub(crate) fn badge(
        &self,
        centre: egui::Pos2,
        galley: std::sync::Arc<egui::Galley>,
        ring: egui::Color32,
    ) -> egui::Rect {
        let line = centre - galley.size() / 2.0;
        let ink = ink_rect(&galley, line);
        // The line box sits the digits a little off its middle: centre the ink instead.
        let at = line + (centre - ink.center());
        let ink = ink.translate(centre - ink.center());
        let radius = ink.width().max(ink.height()) / 2.0 + 5.0;
        self.painter
            .circle_filled(centre, radius, egui::Color32::from_rgb(10, 16, 30));
        self.painter
            .circle_stroke(centre, radius, egui::Stroke::new(2.0, ring));
        self.painter.galley(at, galley, egui::Color32::WHITE);
        ink
    }

    /// Paints a laid-out line with its top-left at `at`, on a dark plate when `plate` is
    /// given, with a dark outline when `outline`; returns its ink's rectangle.
    pub(crate) fn paint(
        &self,
        at: egui::Pos2,
        galley: std::sync::Arc<egui::Galley>,
        plate: Option<egui::Color32>,
        outline: bool,
    ) -> egui::Rect {
        let box_rect = egui::Rect::from_min_size(at, galley.size());
        if let Some(fill) = plate {
            self.painter
                .rect_filled(box_rect.expand2(egui::vec2(3.0, 0.0)), 3.0, fill);
        }
        if outline {
            let dark = egui::Color32::from_black_alpha(230);
            for (dx, dy) in [
                (-1.5, 0.0),
                (1.5, 0.0),
                (0.0, -1.5),
                (0.0, 1.5),
                (1.0, 1.0),
                (-1.0, 1.0),
            ] {
                self.painter.galley_with_override_text_color(
                    at + egui::vec2(dx, dy),
                    galley.clone(),
                    dark,
                );
            }
        }
        let ink = ink_rect(&galley, at);
        self.painter.galley(at, galley, egui::Color32::WHITE);
        ink
    }
}

/// Steps a plate of `size` at `at` along `away`, 2 px at a time and at most 24 px, until it
/// (with a 3 px margin at its sides) is clear of `ink`: a name or a note on a token's face
/// keeps off its Defense digits.
fn clear_of(mut at: egui::Pos2, size: egui::Vec2, ink: egui::Rect, away: egui::Vec2) -> egui::Pos2 {
    for _ in 0..12 {
        let plate = egui::Rect::from_min_size(at, size).expand2(egui::vec2(3.0, 0.0));
        if !plate.intersects(ink) {
            break;
        }
        at += away * 2.0;
    }
    at
}

/// The rectangle a galley's glyphs cover when painted at `at` (tighter than its line box).
pub(crate) fn ink_rect(galley: &egui::Galley, at: egui::Pos2) -> egui::Rect {
    galley
        .rows
        .iter()
        .map(|row| {
            row.row
                .visuals
                .mesh_bounds
                .translate(at.to_vec2() + row.pos.to_vec2())
        })
        .filter(|r| r.is_positive())
        .reduce(|a, b| a.union(b))
        .unwrap_or(egui::Rect::from_min_size(at, galley.size()))
}

/// Numbers over the board: the rim, each threat's Defense and plate, mission tokens, the die
/// and the piles.
fn board_labels(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
    pieces: Res<Pieces>,
    transforms: Query<&GlobalTransform>,
    selection: Res<Selection>,
    table_rect: Res<TableRect>,
    die: Res<super::die::DieRoll>,
    corners: Res<Corners>,
    foresight: Res<Foresight>,
    mut marks: ResMut<SceneMarks>,
    sequence: Res<crate::game::pacing::Sequence>,
) -> Result {
    let Some(state) = shown.get() else {
        return Ok(());
    };
    let Ok((camera, camera_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // Only over the table: labels of pieces behind a panel stay hidden.
    let board = BoardPainter::new(ctx, "labels", &table_rect, (camera, camera_at));
    let marks = &mut *marks;
    let font = super::framing::rim_font(table_rect.0.height());
    let props = super::rim::prop_squares(&board, &corners);
    super::rim::rim_labels(&board, font, state, &foresight, &props, marks);
    let plays = offers::plays(state, &selection);
    let targets = offers::target_tokens(&plays);
    // The target Tab has in focus stands out from the other legal ones.
    let focused = selection.focus.and_then(|i| {
        let listed = offers::targets(state, &plays, selection.with, selection.shift);
        listed
            .get(i)
            .and_then(|offer| offers::target_tokens(&[offer.action]).first().copied())
    });
    let fanned = super::pieces::fan_out(state);
    // Where the Enterprise is on screen: each token's Defense faces her.
    let ship_at = board.screen(Vec3::ZERO);
    // Each token's face on screen (centre, radius), so the rings' names keep off them.
    let mut faces: Vec<(egui::Pos2, f32)> = Vec::new();
    for t in &state.threats {
        let Some(at) = pieces
            .threats
            .get(&t.token)
            .and_then(|e| transforms.get(*e).ok())
        else {
            continue;
        };
        let centre = at.translation() + Vec3::Y * 0.05;
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
            // their size: 1.08 of the face's radius keeps them at least 18 px at 1280x720.
            let galley = board.galley(
                &t.defense.to_string(),
                (radius * 1.08).clamp(13.0, 40.0),
                color,
            );
            let inward = ship_at.map_or(-up, |s| s - c).normalized();
            // A token under another in a crowded space shows it on the strip its neighbour
            // leaves bare, where the face's middle is; a lone one, towards the ship.
            // The digits' ink touches the face's edge from inside, so the face's outer half
            // keeps room for a note ("CLOAKS NEXT").
            let ink0 = ink_rect(&galley, egui::Pos2::ZERO);
            let reach = inward.x.abs() * ink0.width() / 2.0 + inward.y.abs() * ink0.height() / 2.0;
            let centre = match along == 0.0 {
                true => c + inward * (radius - reach - 1.5).max(0.0),
                false => c,
            };
            let ink = board.paint(centre - ink0.center().to_vec2(), galley, None, true);
            marks.defense.insert(t.token, ink);
            // A captain's name plate on the face.
            if let Rim::Captain(captain) = rim_of(t.token) {
                let words = captain_name(captain);
                let galley = board.galley(
                    words,
                    (radius * 0.42).clamp(10.0, 14.0),
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
                let plate = palette::CAPTAIN_PLATE.egui();
                let rect = board.paint(at, galley, Some(plate), false);
                marks.labels.push((words.to_string(), rect));
            }
            // Held by a Force Field, or cloaking in the coming phase (so it will not fire,
            // whatever line runs past it): said on the piece, under its numeral.
            let cloaks = foresight.0.as_ref().is_some_and(|p| {
                p.threats
                    .iter()
                    .any(|i| i.token == t.token && i.what == stp_rules::preview::Intent::Cloaks)
            });
            let note = match (t.force_field, cloaks) {
                (true, _) => Some("FORCE FIELD"),
                (false, true) => Some("CLOAKS NEXT"),
                (false, false) => None,
            };
            if let Some(words) = note {
                // Beside a piece left or right of the ship the badge is at its side: a wide
                // note across the face would cover it, so it stands on two lines on the far
                // side instead (below, it covered the ship or the next piece's Defense).
                let sideways = inward.x.abs() > 0.5;
                let shown = match sideways {
                    true => words.replacen(' ', "\n", 1),
                    false => words.to_string(),
                };
                let galley = board.galley(
                    &shown,
                    (radius * 0.34).clamp(7.0, 11.0),
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
                // Stepped further out until clear of the Defense digits: in a crowded space the
                // face is smaller than the words.
                let at = clear_of(
                    c - inward * radius * room - galley.size() / 2.0,
                    galley.size(),
                    ink,
                    -inward,
                );
                let rect = board.paint(
                    at,
                    galley,
                    Some(egui::Color32::from_black_alpha(190)),
                    false,
                );
                marks.labels.push((words.into(), rect));
            }
        } else {
            // The Comet and the Starbase carry no Defense: their name is their face.
            let words = match look {
                Look::Comet => "COMET",
                _ => "STARBASE",
            };
            // As large as the face allows: at a smaller size readers could not make it out.
            let galley = board.galley(words, (radius * 0.4).clamp(9.0, 13.0), egui::Color32::BLACK);
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
    for (range, _, edge) in super::board::RANGE_LOOKS {
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
            let r = ring_center(range) + 0.25 * super::RING_WIDTH;
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
            let clear = faces.iter().all(|(c, radius)| {
                let nearest = egui::pos2(
                    c.x.clamp(rect.left(), rect.right()),
                    c.y.clamp(rect.top(), rect.bottom()),
                );
                nearest.distance(*c) > *radius
            });
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
    // Under a point: a name on a dark plate (the piles and the die).
    let mut under = |at: Vec3, words: String, size: f32, color: egui::Color32| {
        if let Some(p) = board.screen(at) {
            let galley = board.galley(&words, size, color);
            let rect = board.paint(
                p - egui::vec2(galley.size().x / 2.0, 0.0),
                galley,
                Some(egui::Color32::from_black_alpha(175)),
                false,
            );
            marks.labels.push((words, rect));
        }
    };
    for (pile, name) in [
        (super::Pile::Deck, "Deck"),
        (super::Pile::Discard, "Discard"),
        (super::Pile::Bag, "Threat bag"),
    ] {
        let at = pile_place(&corners, pile) + Vec3::Z * 0.45;
        // The threats destroyed or gone by are counted with the bag: the table shows every
        // pile, and the side column keeps its room for the ship and the mission.
        let words = match pile {
            super::Pile::Bag => format!(
                "{name} {}\ndiscard {}",
                pile_count(state, pile),
                state.threat_discard.len()
            ),
            // The cards removed from the game, under the discard pile: lost for good.
            super::Pile::Discard => format!(
                "{name} {}\nout of game {}",
                pile_count(state, pile),
                state.removed.len()
            ),
            _ => format!("{name} {}", pile_count(state, pile)),
        };
        under(at, words, 14.0, egui::Color32::WHITE);
    }
    let words = match (die.tumbling > 0.0, die.value) {
        (true, _) => "Die: rolling…".to_string(),
        (false, Some(value)) => format!("Die: {value}"),
        (false, None) => "Die".to_string(),
    };
    under(
        super::die_place(&corners) + Vec3::Z * 0.35,
        words,
        14.0,
        egui::Color32::WHITE,
    );
    super::mission_labels::mission_token_labels(&board, state, &pieces, &transforms, marks);
    Ok(())
}
