//! The ship's compact diagram in the status panel, laid out as she sits on the board (the
//! board's own orientation, sector 1 at the upper right): each facing is a wedge towards the
//! sector it faces, its Shield the outer band and its Hull the inner plate, in the board's
//! colours (cyan or steel intact, amber and cracked damaged, dark and crossed destroyed). Each
//! wedge carries its facing's short name, its sector's number sits outside, the bow is a gold
//! arrow, and a hover says it in words.

use bevy_egui::egui::{self, Color32, Pos2, Shape, Stroke, vec2};
use stp_rules::{GameState, SectionState};

use crate::game::theme;
use crate::game::theme::palette;
use crate::words::describe::facing_name;

/// A facing's short name in the diagram (the full name is on hover and in the list below).
pub use crate::words::describe::facing_short_name as short_name;

/// A section's colour, the board's own (`game/palette.rs`): cyan or steel when intact, amber
/// when damaged, a dark scorch when destroyed (drawn with a cross, so the state reads without
/// colour too).
pub(crate) fn section_colour(state: SectionState, shield: bool) -> Color32 {
    match (state, shield) {
        (SectionState::Intact, true) => palette::SHIELD.egui(),
        (SectionState::Intact, false) => palette::STEEL.egui(),
        (SectionState::Damaged, _) => palette::DAMAGED.egui(),
        (SectionState::Destroyed, _) => palette::CHARRED.egui(),
    }
}

/// The centre of a sector's wedge on screen, in radians (y up): sector 1 (index 0) at the
/// upper right, then clockwise, as the board lies under the starting camera.
fn sector_angle(sector: u8) -> f32 {
    (60.0 - 60.0 * f32::from(sector)).to_radians()
}

fn at(centre: Pos2, angle: f32, radius: f32) -> Pos2 {
    centre + vec2(angle.cos(), -angle.sin()) * radius
}

/// A ring segment between two radii and two angles, filled and outlined.
fn band(
    painter: &egui::Painter,
    centre: Pos2,
    radii: (f32, f32),
    angles: (f32, f32),
    fill: Color32,
) {
    let (inner, outer) = radii;
    let (from, to) = angles;
    let steps = 10;
    let angle = |i: usize| from + (to - from) * i as f32 / steps as f32;
    // One mesh, so no seams show between its strips; the outline smooths its edge.
    let mut mesh = egui::Mesh::default();
    for i in 0..=steps {
        mesh.colored_vertex(at(centre, angle(i), outer), fill);
        mesh.colored_vertex(at(centre, angle(i), inner), fill);
    }
    for i in 0..steps as u32 {
        let k = 2 * i;
        mesh.add_triangle(k, k + 1, k + 2);
        mesh.add_triangle(k + 1, k + 3, k + 2);
    }
    painter.add(Shape::mesh(mesh));
    let mut outline: Vec<Pos2> = (0..=steps).map(|i| at(centre, angle(i), outer)).collect();
    outline.extend((0..=steps).rev().map(|i| at(centre, angle(i), inner)));
    painter.add(Shape::closed_line(
        outline,
        Stroke::new(1.0, Color32::from_gray(90)),
    ));
}

/// A cross within a ring segment: its arms from near its inner edge to near its outer one,
/// `half` radians either side of `middle`, so they stay inside its curve.
fn cross(
    painter: &egui::Painter,
    centre: Pos2,
    (inner, outer): (f32, f32),
    (middle, half): (f32, f32),
    stroke: Stroke,
) {
    let pad = 0.12 * (outer - inner);
    let (near, far) = (inner + pad, outer - pad);
    for side in [-1.0, 1.0] {
        painter.line_segment(
            [
                at(centre, middle - side * half, near),
                at(centre, middle + side * half, far),
            ],
            stroke,
        );
    }
}

/// Draws the diagram, `size` across at most, and answers hovers with each facing's words.
pub fn ship_diagram(ui: &mut egui::Ui, state: &GameState, size: f32) {
    // Focusable, so Tab reaches it and a screen reader reads it: the diagram in words.
    let (rect, response) = ui.allocate_exact_size(
        vec2(size, size),
        egui::Sense::hover() | egui::Sense::FOCUSABLE,
    );
    response.widget_info(|| {
        let ship = &state.enterprise();
        let words = [("Shields", &ship.shields), ("Hull", &ship.hull)].map(|(what, sections)| {
            crate::words::table_words::status_line(what, sections, ship, false)
        });
        egui::WidgetInfo::labeled(
            egui::WidgetType::Label,
            true,
            format!("The ship: {}. {}.", words[0], words[1]),
        )
    });
    let painter = ui.painter_at(rect.expand(2.0));
    let centre = rect.center();
    // The names and numbers grow and shrink with the diagram: 12 points at 140, so that beside
    // a long mission card at 1920x1080 (a diagram of 80 points) the facings' letters no longer
    // run into each other.
    let grow = (size / 140.0).clamp(0.65, 1.3);
    let font = egui::FontId::proportional(12.0 * grow);
    // Room outside the Shields for the sector numbers.
    let outer = size / 2.0 - 14.0 * grow;
    let shield_in = outer * 0.74;
    let hull_out = outer * 0.70;
    let hull_in = outer * 0.34;
    let ship = &state.enterprise();
    let gap = 2.5f32.to_radians();
    let mut hovered = None;
    let pointer = response.hover_pos();
    for facing in 0..6u8 {
        let sector = ship.sector_of_facing(facing);
        let mid = sector_angle(sector);
        let (from, to) = (
            mid - 30f32.to_radians() + gap,
            mid + 30f32.to_radians() - gap,
        );
        for (inner, outer_r, section, shield) in [
            (shield_in, outer, ship.shields[facing as usize], true),
            (hull_in, hull_out, ship.hull[facing as usize], false),
        ] {
            let fill = section_colour(section, shield);
            // The ship's own marks (docs/look.md): a damaged Shield is its arc broken into
            // dashes, a destroyed one scorched and crossed in red; a damaged Hull plate is
            // cracked, a destroyed one crossed out.
            match (shield, section) {
                (true, SectionState::Damaged) => {
                    let dash = (to - from) / 7.0;
                    for k in 0..4 {
                        let start = from + dash * (2 * k) as f32;
                        band(
                            &painter,
                            centre,
                            (inner, outer_r),
                            (start, start + dash),
                            fill,
                        );
                    }
                }
                (true, SectionState::Destroyed) => {
                    // Scorched, outlined and crossed in red, as a destroyed Hull plate is:
                    // a thin outline alone read as "damaged" to readers at a glance.
                    band(&painter, centre, (inner, outer_r), (from, to), fill);
                    let red = Stroke::new(2.0, palette::DESTROYED.egui());
                    // Two crosses, as the ship's lost Shield shows them: one corner to corner
                    // of the thin, wide arc ran out past its curve and read as a drawing fault
                    // (read 53).
                    let quarter = (to - from) / 4.0;
                    for middle in [mid - quarter, mid + quarter] {
                        cross(
                            &painter,
                            centre,
                            (inner, outer_r),
                            (middle, 0.7 * quarter),
                            red,
                        );
                    }
                    let mut slot: Vec<Pos2> = (0..=10)
                        .map(|i| at(centre, from + (to - from) * i as f32 / 10.0, outer_r))
                        .collect();
                    slot.extend(
                        (0..=10)
                            .rev()
                            .map(|i| at(centre, from + (to - from) * i as f32 / 10.0, inner)),
                    );
                    painter.add(Shape::closed_line(slot, red));
                }
                _ => band(&painter, centre, (inner, outer_r), (from, to), fill),
            }
            if !shield && section == SectionState::Damaged {
                // A crack across the plate, as the ship's plates show it, down its side so
                // the section's name in its middle stays clear (read 28: "the letters are
                // covered by a dark box and a crack").
                let depth = outer_r - inner;
                let zig: Vec<Pos2> = [(0.5, 0.1), (0.78, 0.38), (0.55, 0.62), (0.8, 0.9)]
                    .iter()
                    .map(|(da, t)| at(centre, mid + da * (to - from) / 2.0, inner + t * depth))
                    .collect();
                painter.add(Shape::line(
                    zig,
                    Stroke::new(1.6, Color32::from_rgb(70, 30, 0)),
                ));
            }
            if !shield && section == SectionState::Destroyed {
                let red = Stroke::new(2.0, palette::DESTROYED.egui());
                cross(
                    &painter,
                    centre,
                    (inner, outer_r),
                    (mid, 0.8 * (to - mid)),
                    red,
                );
            }
        }
        let label = at(centre, mid, (hull_in + hull_out) / 2.0);
        let hull = ship.hull[facing as usize];
        // Dark on the steel and the amber plate, light on the charred one.
        let ink = match hull {
            SectionState::Destroyed => theme::TEXT,
            _ => Color32::from_gray(20),
        };
        let name = painter.layout_no_wrap(short_name(facing).to_string(), font.clone(), ink);
        let plate = egui::Rect::from_center_size(label, name.size() + egui::vec2(4.0, 0.0));
        // Over a cross the name stands on a dark plate, so the marks never hide it.
        if hull == SectionState::Destroyed {
            painter.rect_filled(plate, 3.0, Color32::from_black_alpha(200));
        }
        painter.galley(plate.center() - name.size() / 2.0, name, ink);
        painter.text(
            at(centre, mid, outer + 8.0),
            egui::Align2::CENTER_CENTER,
            (sector + 1).to_string(),
            font.clone(),
            theme::quiet(ui.ctx()),
        );
        if let Some(p) = pointer {
            let d = p - centre;
            // Screen y runs down; the wedges' angles run up.
            let angle = (-d.y).atan2(d.x);
            let off = (angle - mid + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
                - std::f32::consts::PI;
            if off.abs() <= 30f32.to_radians() && d.length() <= outer + 14.0 {
                hovered = Some(facing);
            }
        }
    }
    // The fore: a gold arrowhead at the bow, where the Fore facings meet.
    // The facing one sector anticlockwise of fore-starboard is fore-port: the bow lies
    // between them.
    let fore = sector_angle(ship.sector_of_facing(0)) + 30f32.to_radians();
    // Its base towards the middle, its point at the bow: with the base corners behind the
    // middle it was a needle whose wide end readers took for its head, pointing aft.
    let tip = at(centre, fore, hull_in * 0.92);
    let side = |sign: f32| at(centre, fore + sign * 0.9, hull_in * 0.45);
    // An arrow, its shaft across the middle to the head.
    painter.line_segment(
        [
            at(centre, fore + std::f32::consts::PI, hull_in * 0.6),
            at(centre, fore, hull_in * 0.3),
        ],
        Stroke::new(hull_in * 0.16, theme::GOLD),
    );
    painter.add(Shape::convex_polygon(
        vec![tip, side(-1.0), side(1.0)],
        theme::GOLD,
        Stroke::NONE,
    ));
    if let Some(facing) = hovered {
        response.on_hover_text(words(state, facing));
    }
}

/// "Fore-starboard faces sector 1: Shield intact, Hull damaged."
pub fn words(state: &GameState, facing: u8) -> String {
    let ship = &state.enterprise();
    let word = |s: SectionState| match s {
        SectionState::Intact => "intact",
        SectionState::Damaged => "damaged",
        SectionState::Destroyed => "destroyed",
    };
    let name = facing_name(facing);
    let mut chars = name.chars();
    let name: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!(
        "{name} faces sector {}: Shield {}, Hull {}.",
        ship.sector_of_facing(facing) + 1,
        word(ship.shields[facing as usize]),
        word(ship.hull[facing as usize])
    )
}
