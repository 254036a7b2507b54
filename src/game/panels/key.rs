//! The key (K): the board's marks drawn at a readable size, each with what it means — the
//! factions' chits, the Defense digits, cloaking, captains, the rings' glow, the forecast's
//! marks and the ship's states (docs/look.md). It opens by itself at a first game, until the
//! player closes it once.

use bevy::color::ColorToPacked;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, Pos2, Shape, Stroke, vec2};
use std::f32::consts::TAU;

use crate::game::model::pointing::TableRect;
use crate::game::model::windows::Key;
use crate::game::settings::Settings;
use crate::game::theme::palette;
use crate::game::theme::threat_looks::{Look, Rim, rim_of};
use stp_rules::preview::ThreatPreview;
use stp_rules::{Enterprise, GameState, SectionState};

/// A first game opens the key (no key closed yet, as the settings remember); a screenshot
/// shows the table as it is, without it.
pub(super) fn open_at_first_game(
    settings: Res<Settings>,
    launch: Res<crate::game::launch::Launch>,
    mut key: ResMut<Key>,
) {
    key.open = !settings.key_seen && launch.screenshot.is_none();
}

/// A mark of the key: how it is drawn, in a square `size` wide at `at`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mark {
    Chit(Look),
    Defense,
    /// A cloaking ship's dashed ring.
    Dashed,
    Cloaked,
    Captain,
    /// A threat done for the threat phase playing: a green tick.
    Done,
    Arrow,
    Fire,
    Next,
    /// A card's wheel: the wedges it fires through.
    Wheel,
    /// A card's range pips.
    Pips,
    Shield(u8),
    Hull(u8),
    Fore,
    /// A mission's token: a navy disc in a gold rim, a gold diamond on its face.
    MissionToken,
    /// The No Maneuver token over the ship: a red octagon with a white bar.
    NoManeuver,
    /// A card's foot in its Division's colour: what it counts for, committed to a mission.
    Foot,
}

/// The key's rows, in two columns: the pieces, then the marks of the coming phase and the
/// ship's states.
const ROWS: [(Mark, &str); 26] = [
    (
        Mark::Chit(Look::KlingonCruiser),
        "Klingon ship (red hexagon)",
    ),
    (Mark::Chit(Look::RomulanCruiser), "Romulan ship (mint disc)"),
    (
        Mark::Chit(Look::BirdOfPrey),
        "Romulan Bird-of-Prey (grey octagon): its shots do 2",
    ),
    (Mark::Chit(Look::Tholian), "Tholian (orange triangle)"),
    (Mark::Chit(Look::Comet), "Comet: strikes for 2, no Defense"),
    (Mark::Chit(Look::Starbase), "Starbase: an ally"),
    (
        Mark::MissionToken,
        "Mission token: no Defense (see its mission)",
    ),
    (Mark::Defense, "Defense: the number on a token"),
    (Mark::Captain, "A Klingon captain"),
    (Mark::Dashed, "Dashed ring round a face: it can cloak"),
    (
        Mark::Cloaked,
        "Face down, lettered CLOAKED: cloaked now, cannot be targeted",
    ),
    // The glow round a chit in its ring's colour is gone since read 39; the tick a threat done
    // for the phase wears came then.
    (Mark::Done, "Green tick: done this threat phase"),
    // The facings' names at the rim turn with the ship; four readers of reads 35 and 36 met
    // sector 1 as "Aft-Starboard" in one picture and "Fore-Port" in the next, unexplained.
    (
        Mark::Fore,
        "Gold wedge: the Fore. Facing names turn with the ship; sector numbers stay",
    ),
    (Mark::Arrow, "Where it moves next"),
    (
        Mark::Fire,
        "Whom it fires at next: the burst on the Shield it hits",
    ),
    (
        Mark::Next,
        "By a sector: what phase 6 does (red: destroyed)",
    ),
    (Mark::Wheel, "On a card: the lit wedges it fires through"),
    (Mark::Pips, "On a card: the rings it reaches"),
    (Mark::Shield(0), "Shield intact"),
    (Mark::Shield(1), "Shield damaged"),
    (Mark::Shield(2), "Shield destroyed"),
    (Mark::Hull(0), "Hull intact"),
    (Mark::Hull(1), "Hull damaged"),
    (Mark::Hull(2), "Hull destroyed"),
    // Read 41 met it on a webbed ship, unexplained.
    (
        Mark::NoManeuver,
        "Red sign over the ship: No Maneuver (a Tholian web holds her)",
    ),
    // "Phasers … Medical" puzzled every reader of read 46.
    (
        Mark::Foot,
        "On a card: its foot's colour, the Division it counts for on a mission",
    ),
];

// The board's own colours (`game/palette.rs`).
const CYAN: Color32 = palette::SHIELD.egui();
const AMBER: Color32 = palette::DAMAGED.egui();
const RED: Color32 = palette::DESTROYED.egui();
const DEFENSE_INK: Color32 = crate::game::theme::marks::DEFENSE_INK;
const STEEL: Color32 = palette::STEEL.egui();

fn color(look: Look) -> Color32 {
    to_egui(look.color())
}

/// A colour of the 3D table's looks as the key paints it.
fn to_egui(color: Color) -> Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// A regular polygon of `sides` round `centre`, `radius` to its corners, turned by `turn`.
fn polygon(centre: Pos2, radius: f32, sides: u32, turn: f32) -> Vec<Pos2> {
    (0..sides)
        .map(|i| {
            let a = i as f32 * TAU / sides as f32 - turn;
            centre + vec2(a.cos(), a.sin()) * radius
        })
        .collect()
}

/// Points of an arc round `centre` from angle `from` to `to` (radians, 0 to the right).
fn arc(centre: Pos2, radius: f32, from: f32, to: f32) -> Vec<Pos2> {
    (0..=12)
        .map(|i| {
            let a = from + (to - from) * i as f32 / 12.0;
            centre + vec2(a.cos(), a.sin()) * radius
        })
        .collect()
}

fn draw(painter: &egui::Painter, mark: Mark, rect: egui::Rect) {
    let c = rect.center();
    let r = rect.width() / 2.0 - 2.0;
    match mark {
        Mark::Chit(look) => {
            let (sides, size, turn) = look.chit();
            if look == Look::Starbase {
                let frame = polygon(c, r * 1.15, 4, turn);
                painter.add(Shape::convex_polygon(frame, Color32::GOLD, Stroke::NONE));
            }
            let points = polygon(c, r * size * 0.92, sides, turn);
            painter.add(Shape::convex_polygon(points, color(look), Stroke::NONE));
        }
        Mark::Defense => {
            // As on the board: dark digits on a light shield, on the chit.
            painter.circle_filled(c, r * 0.9, color(Look::KlingonCruiser));
            let font = egui::FontId::proportional(r * 1.1);
            let digits = painter.layout_no_wrap("3".into(), font, DEFENSE_INK);
            let ink = egui::Rect::from_min_size(egui::Pos2::ZERO, digits.size());
            let at = c + vec2(r * 0.2, 0.0);
            crate::game::theme::marks::defense_shield(
                painter,
                at,
                ink,
                Color32::from_rgb(232, 236, 244),
            );
            painter.galley(at - digits.size() / 2.0, digits, DEFENSE_INK);
        }
        Mark::Captain => {
            painter.circle_filled(c, r * 0.9, color(Look::KlingonCruiser));
            let plate = egui::Rect::from_center_size(c, vec2(r * 2.0, r * 0.8));
            painter.rect_filled(plate, 2.0, palette::CAPTAIN_PLATE.egui());
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                "KOR",
                egui::FontId::proportional(r * 0.7),
                Color32::GOLD,
            );
        }
        Mark::Dashed => {
            painter.circle_filled(c, r * 0.75, color(Look::RomulanCruiser));
            crate::game::theme::marks::cloak_dashes(painter, c, r * 0.95, 2.0);
        }
        // As the board shows a cloaked ship: face down (a dark back, no emblem) inside its
        // dashes (readers of read 41 found the key's plain ring at odds with the piece on the
        // board, then dotted).
        Mark::Cloaked => {
            // Half seen through, as the board's ghost of a chit.
            let back = crate::game::theme::threat_looks::CLOAKED_BACK.with_alpha(110.0 / 255.0);
            painter.circle_filled(c, r * 0.75, to_egui(back));
            crate::game::theme::marks::cloak_dashes(painter, c, r * 0.95, 2.0);
        }
        Mark::Done => crate::game::theme::marks::done_tick(painter, c, r * 0.8),
        Mark::NoManeuver => {
            let octagon: Vec<Pos2> = (0..8)
                .map(|i| {
                    let a = (i as f32 + 0.5) * TAU / 8.0;
                    c + vec2(a.cos(), a.sin()) * r * 0.8
                })
                .collect();
            painter.add(Shape::convex_polygon(octagon, RED, Stroke::NONE));
            painter.rect_filled(
                egui::Rect::from_center_size(c, vec2(r * 1.0, r * 0.3)),
                0.0,
                Color32::WHITE,
            );
        }
        Mark::MissionToken => {
            painter.circle_filled(c, r * 0.95, Color32::from_rgb(24, 34, 70));
            painter.circle_stroke(c, r * 0.95, Stroke::new(2.0, Color32::GOLD));
            let d = r * 0.5;
            let diamond = vec![
                c + vec2(0.0, -d),
                c + vec2(d, 0.0),
                c + vec2(0.0, d),
                c + vec2(-d, 0.0),
            ];
            painter.add(Shape::convex_polygon(diamond, Color32::GOLD, Stroke::NONE));
        }
        Mark::Fore => {
            let mut points = vec![c + vec2(0.0, r)];
            points.extend(arc(c + vec2(0.0, r), 2.0 * r, -2.1, -1.05));
            painter.add(Shape::convex_polygon(
                points,
                Color32::from_rgba_unmultiplied(255, 204, 77, 60),
                Stroke::new(1.5, Color32::from_rgb(255, 200, 80)),
            ));
        }
        Mark::Arrow => {
            let from = c + vec2(-r, r * 0.3);
            let to = c + vec2(r * 0.8, -r * 0.3);
            painter.arrow(
                from,
                to - from,
                Stroke::new(2.5, crate::game::theme::palette::FORE_TEXT.egui()),
            );
        }
        Mark::Fire => {
            let line = [c + vec2(-r, 0.0), c + vec2(r * 0.4, 0.0)];
            painter.add(Shape::dashed_line(&line, Stroke::new(2.5, RED), 5.0, 3.0));
            let hit = c + vec2(r * 0.7, 0.0);
            crate::game::table::marks::intent_lines::impact(painter, hit, vec2(1.0, 0.0), RED);
        }
        Mark::Next => {
            // As the forecasts say it: damage, then what becomes of the section.
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                "dmg",
                egui::FontId::proportional(r * 0.8),
                crate::game::theme::palette::HARM_TEXT.egui(),
            );
        }
        Mark::Wheel => {
            super::card_marks::ship_diagram(painter, c, r, &[stp_rules::content::Arc::Forward]);
        }
        Mark::Pips => {
            let ranges = [
                stp_rules::content::Range::Long,
                stp_rules::content::Range::Medium,
            ];
            super::card_marks::range_pips(painter, c - vec2(r * 0.76, r * 0.36), r * 0.36, &ranges);
        }
        Mark::Foot => {
            let (color, name, _) =
                crate::game::theme::division(stp_rules::content::Division::Medical);
            let foot = egui::Rect::from_center_size(c, vec2(r * 2.2, r * 0.9));
            painter.rect_filled(foot, 2.0, color);
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                name,
                egui::FontId::proportional(r * 0.6),
                Color32::from_gray(15),
            );
        }
        Mark::Shield(state) => {
            let points = arc(c + vec2(0.0, r * 1.4), r * 1.9, -2.1, -1.05);
            match state {
                0 => {
                    painter.add(Shape::line(points, Stroke::new(5.0, CYAN)));
                }
                1 => {
                    for pair in points.chunks(2).step_by(2) {
                        painter.add(Shape::line(pair.to_vec(), Stroke::new(5.0, AMBER)));
                    }
                }
                // As on the board: the empty slot in dim red, crossed out in red.
                _ => {
                    let middle = points[points.len() / 2];
                    painter.add(Shape::line(
                        points,
                        Stroke::new(6.0, Color32::from_rgb(115, 13, 10)),
                    ));
                    let d = r * 0.32;
                    let red = Stroke::new(1.8, RED);
                    painter.line_segment([middle + vec2(-d, -d), middle + vec2(d, d)], red);
                    painter.line_segment([middle + vec2(-d, d), middle + vec2(d, -d)], red);
                }
            }
        }
        Mark::Hull(state) => {
            let plate = egui::Rect::from_center_size(c, vec2(r * 1.8, r * 1.0));
            let fill = match state {
                0 => STEEL,
                1 => AMBER,
                _ => palette::CHARRED.egui(),
            };
            painter.rect_filled(plate, 2.0, fill);
            match state {
                1 => {
                    let crack = vec![
                        plate.left_center() + vec2(3.0, -2.0),
                        c + vec2(-2.0, 3.0),
                        c + vec2(3.0, -3.0),
                        plate.right_center() + vec2(-3.0, 2.0),
                    ];
                    painter.add(Shape::line(
                        crack,
                        Stroke::new(1.5, Color32::from_rgb(40, 12, 0)),
                    ));
                }
                2 => {
                    painter.line_segment(
                        [plate.left_top(), plate.right_bottom()],
                        Stroke::new(2.5, RED),
                    );
                    painter.line_segment(
                        [plate.left_bottom(), plate.right_top()],
                        Stroke::new(2.5, RED),
                    );
                }
                _ => {}
            }
        }
    }
}

/// Which of the key's rows draw a mark that is on the table now: the pieces on the board (a
/// cloaked piece as the cloaked mark only, its face unseen), the forecast's marks while there
/// is one, and the Shields' and Hull's states the ship shows. The window draws these bright and
/// the rest quiet, so that it explains this board first rather than a Bird-of-Prey that is not
/// on it (read 31's table showed the Bird-of-Prey's row and not the arrows on the board).
fn on_the_board(state: &GameState, preview: Option<&ThreatPreview>) -> [bool; ROWS.len()] {
    let threats = state.threats();
    let face_up = || threats.iter().filter(|t| !t.cloaked);
    let ship = state.enterprise();
    let sections = |kind: fn(&Enterprise) -> &[SectionState; 6], shown: SectionState| {
        kind(ship).contains(&shown)
    };
    let intents = preview.map_or(&[][..], |p| &p.threats[..]);
    ROWS.map(|(mark, _)| match mark {
        Mark::Chit(look) => face_up().any(|t| Look::of(t.token) == look),
        Mark::Defense => face_up().any(|t| t.defense > 0),
        Mark::Dashed => face_up().any(|t| rim_of(t.token) == Rim::Cloaks),
        Mark::Cloaked => threats.iter().any(|t| t.cloaked),
        Mark::Captain => face_up().any(|t| matches!(rim_of(t.token), Rim::Captain(_))),
        Mark::MissionToken => !state.mission_tokens().is_empty(),
        Mark::NoManeuver => state.maneuver_forbidden().is_some(),
        Mark::Arrow => intents.iter().any(|i| i.to.is_some_and(|to| to != i.from)),
        Mark::Fire => intents.iter().any(|i| i.fires.is_some()),
        Mark::Next => preview.is_some_and(|p| p.facings.iter().any(|f| f.incoming > 0)),
        Mark::Shield(look) => sections(|e| &e.shields, SECTION_STATES[usize::from(look)]),
        Mark::Hull(look) => sections(|e| &e.hull, SECTION_STATES[usize::from(look)]),
        // Always on the table: the Fore; the cards' marks are in every hand.
        Mark::Fore | Mark::Wheel | Mark::Pips | Mark::Foot => true,
        // The tick shows only while a threat phase plays, which the key does not follow.
        Mark::Done => false,
    })
}

/// A Shield's or Hull's mark by its number in `ROWS`: 0 intact, 1 damaged, 2 destroyed.
const SECTION_STATES: [SectionState; 3] = [
    SectionState::Intact,
    SectionState::Damaged,
    SectionState::Destroyed,
];

/// The words of the key's rows whose marks are on the table now, in the key's order.
pub fn on_the_table_now(state: &GameState, preview: Option<&ThreatPreview>) -> Vec<&'static str> {
    let shown = on_the_board(state, preview);
    ROWS.iter()
        .zip(shown)
        .filter(|(_, on)| *on)
        .map(|((_, words), _)| *words)
        .collect()
}

/// The key's window, over the board's bottom-left corner (the discard pile's), in two
/// columns, the marks on this table bright and the others quiet; closing it the first time is
/// remembered, so it stays away after.
pub(super) fn key_window(
    mut contexts: EguiContexts,
    mut key: ResMut<Key>,
    mut settings: ResMut<Settings>,
    (table_rect, shown, foresight): (
        Res<TableRect>,
        Res<crate::game::pacing::Shown>,
        Option<Res<crate::game::table::marks::intent::Foresight>>,
    ),
    (mut last_pass, mut openings): (Local<Option<u64>>, Local<u32>),
) -> Result {
    if !key.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let table = table_rect.0;
    let mut open = true;
    // A new opening: the window's ids are new too (Orca took a window back with a closed
    // one's ids for that "defunct" one, the menu's second opening) and it takes the focus.
    let pass = ctx.cumulative_pass_nr();
    let opening = last_pass.is_none_or(|last| last + 2 < pass);
    if opening {
        *openings += 1;
    }
    *last_pass = Some(pass);
    egui::Window::new("Key [K]")
        .id(egui::Id::new(("key", *openings)))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(
            egui::Align2::LEFT_BOTTOM,
            [
                table.left() + 8.0,
                table.bottom() - ctx.viewport_rect().bottom() - 8.0,
            ],
        )
        .show(ctx, |ui| {
            let size = 22.0;
            let half = ROWS.len().div_ceil(2);
            let preview = foresight.as_ref().and_then(|f| f.0.as_ref());
            let on_table = shown
                .get()
                .map_or([true; ROWS.len()], |state| on_the_board(state, preview));
            let quiet = crate::game::theme::quiet(ui.ctx());
            ui.horizontal_top(|ui| {
                for (half_at, column) in ROWS.chunks(half).enumerate() {
                    ui.vertical(|ui| {
                        for (row, (mark, words)) in column.iter().enumerate() {
                            let words = egui::RichText::new(*words).size(13.0);
                            let words = match on_table[half_at * half + row] {
                                true => words.color(crate::game::theme::TEXT),
                                false => words.color(quiet),
                            };
                            ui.horizontal(|ui| {
                                let (rect, _) =
                                    ui.allocate_exact_size(vec2(size, size), egui::Sense::hover());
                                draw(ui.painter(), *mark, rect);
                                ui.label(words);
                            });
                        }
                    });
                }
            });
            let foot = ui.add(
                egui::Label::new(
                    egui::RichText::new("Bright: on this table now.")
                        .size(12.0)
                        .color(quiet),
                )
                .sense(egui::Sense::hover() | egui::Sense::FOCUSABLE),
            );
            // The key in words takes the focus as it opens: under Orca, K said nothing.
            foot.widget_info(|| {
                egui::WidgetInfo::labeled(egui::WidgetType::Label, true, spoken_key())
            });
            // As a lesson's step does: taken as it opens, and the turn's words at rest leave
            // it while it shows (a plain request lost it to them the next frame).
            crate::game::theme::take_tab_focus_once(&foot, ("key", *openings));
        });
    if !open {
        key.open = false;
        if !settings.key_seen {
            settings.key_seen = true;
            settings.unsaved = true;
        }
    }
    Ok(())
}

/// The key as a screen reader hears it: each mark's words, in the window's order.
pub fn spoken_key() -> String {
    let marks: Vec<&str> = ROWS.iter().map(|(_, words)| *words).collect();
    format!("Key, the table's marks: {}. K closes it.", marks.join("; "))
}
