//! Cards drawn as cards: the name, a small ship diagram with the card's arcs lit, range pips
//! in the ring colours lettered L / M / S, the damage, the Division credit badge and the rule
//! text. A character card shows a player's ability the same way.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, vec2};
use std::f32::consts::TAU;
use stp_rules::CardId;
use stp_rules::content::{Arc, CardEffect, Division, Range, Weapon, builtin};

/// How much of a card to draw: the active hand's cards in full, the others' smaller.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CardSize {
    Full,
    Small,
}

impl CardSize {
    pub fn size(self) -> egui::Vec2 {
        match self {
            // Three to a row in the hands panel.
            CardSize::Full => vec2(84.0, 160.0),
            CardSize::Small => vec2(54.0, 76.0),
        }
    }
}

/// How a card shows in a hand.
#[derive(Debug, Clone, Copy, Default)]
pub struct CardLook {
    /// Picked: a gold frame.
    pub chosen: bool,
    /// No legal play now: drawn faded.
    pub dim: bool,
    /// Its hotkey (1–9), in the corner.
    pub number: Option<usize>,
}

/// The ring colours, as on the board (rulebook "Components").
pub fn ring_colour(range: Range) -> Color32 {
    match range {
        Range::Short => Color32::from_rgb(50, 100, 230),
        Range::Medium => Color32::from_rgb(150, 70, 200),
        Range::Long => Color32::from_rgb(40, 160, 80),
    }
}

fn division_badge(division: Division) -> (&'static str, Color32) {
    match division {
        Division::Command => ("CMD", Color32::from_rgb(214, 170, 40)),
        Division::Science => ("SCI", Color32::from_rgb(70, 130, 220)),
        Division::Engineering => ("ENG", Color32::from_rgb(200, 60, 50)),
        Division::Medical => ("MED", Color32::from_rgb(60, 170, 140)),
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

/// Draws one card and answers for clicks and hovers on it.
pub fn card(ui: &mut egui::Ui, card: CardId, size: CardSize, look: CardLook) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size.size(), Sense::click());
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let mut painter = ui.painter_at(rect.expand(2.0));
    if look.dim {
        painter.multiply_opacity(0.4);
    }
    let def = builtin().card(card);
    let hovered = response.hovered() && !look.dim;
    let frame = match (look.chosen, hovered) {
        (true, _) => Stroke::new(2.5, Color32::GOLD),
        (false, true) => Stroke::new(1.5, Color32::LIGHT_GRAY),
        _ => Stroke::new(1.0, Color32::from_gray(110)),
    };
    painter.rect_filled(rect, 6.0, Color32::from_rgb(22, 28, 44));
    painter.rect_stroke(rect, 6.0, frame, StrokeKind::Inside);
    let full = size == CardSize::Full;
    let pad = if full { 5.0 } else { 3.0 };
    let inner = rect.shrink(pad);
    // The name, wrapped to the card's width; the hotkey before it.
    let name_font = FontId::proportional(if full { 12.0 } else { 9.0 });
    let name = match look.number {
        Some(n) if full => format!("{n}  {}", def.name),
        _ => def.name.clone(),
    };
    let galley = painter.layout(name, name_font, Color32::WHITE, inner.width());
    let name_height = galley.size().y;
    painter.galley(inner.min, galley, Color32::WHITE);
    let mut y = inner.min.y + name_height + 2.0;
    match &def.effect {
        CardEffect::Hit {
            weapon,
            arcs,
            ranges,
            damage,
        } => {
            let radius = if full { 19.0 } else { 13.0 };
            let center = Pos2::new(inner.center().x, y + radius + 1.0);
            ship_diagram(&painter, center, radius, arcs);
            y += 2.0 * radius + 5.0;
            let pip = if full { 7.0 } else { 5.0 };
            range_pips(&painter, Pos2::new(inner.left(), y), pip, ranges);
            let kind = match weapon {
                Weapon::Phasers => "",
                Weapon::PhotonTorpedoes => "T ",
            };
            painter.text(
                Pos2::new(inner.right(), y + pip),
                Align2::RIGHT_CENTER,
                format!("{kind}×{damage}"),
                FontId::proportional(if full { 13.0 } else { 9.0 }),
                if *damage > 1 {
                    Color32::from_rgb(255, 150, 60)
                } else {
                    Color32::from_gray(220)
                },
            );
            y += 2.0 * pip + 4.0;
        }
        _ => {
            // Support cards: a band saying so, where Hit cards have their diagram.
            let band = Rect::from_min_size(
                Pos2::new(inner.left(), y),
                vec2(inner.width(), if full { 18.0 } else { 12.0 }),
            );
            painter.rect_filled(band, 3.0, Color32::from_rgb(45, 55, 80));
            painter.text(
                band.center(),
                Align2::CENTER_CENTER,
                "support",
                FontId::proportional(if full { 11.0 } else { 8.0 }),
                Color32::from_gray(200),
            );
            y = band.bottom() + 4.0;
        }
    }
    if full {
        let text_room = Rect::from_min_max(
            Pos2::new(inner.left(), y),
            Pos2::new(inner.right(), inner.bottom() - 14.0),
        );
        let galley = painter.layout(
            def.text.clone(),
            FontId::proportional(9.0),
            Color32::from_gray(200),
            text_room.width(),
        );
        painter
            .with_clip_rect(text_room)
            .galley(text_room.min, galley, Color32::from_gray(200));
    }
    if let Some(division) = def.credit {
        let (label, colour) = division_badge(division);
        let font = FontId::proportional(if full { 10.0 } else { 8.0 });
        let badge = Rect::from_min_size(
            Pos2::new(
                inner.left(),
                inner.bottom() - if full { 13.0 } else { 10.0 },
            ),
            vec2(
                if full { 30.0 } else { 22.0 },
                if full { 13.0 } else { 10.0 },
            ),
        );
        painter.rect_filled(badge, 4.0, colour);
        painter.text(
            badge.center(),
            Align2::CENTER_CENTER,
            label,
            font,
            Color32::BLACK,
        );
    }
    response
}

/// The Enterprise from above, fore at the top: six facings, the card's arcs lit.
fn ship_diagram(painter: &egui::Painter, center: Pos2, radius: f32, arcs: &[Arc]) {
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
            Stroke::new(1.0, Color32::from_rgb(22, 28, 44)),
        ));
    }
    // The ship's saucer and her bow, so fore reads without a label.
    painter.circle_filled(center, radius * 0.28, Color32::from_gray(230));
    painter.line_segment(
        [center, point(0.0, radius * 0.55)],
        Stroke::new(2.0, Color32::from_gray(230)),
    );
}

/// Three pips, Long to Short: lit in the ring's colour when the card reaches it, each
/// lettered so the range reads without colour.
fn range_pips(painter: &egui::Painter, left: Pos2, radius: f32, ranges: &[Range]) {
    for (index, (range, letter)) in [
        (Range::Long, "L"),
        (Range::Medium, "M"),
        (Range::Short, "S"),
    ]
    .into_iter()
    .enumerate()
    {
        let center = left + vec2(radius + index as f32 * (2.0 * radius + 2.0), radius);
        let reaches = ranges.contains(&range);
        if reaches {
            painter.circle_filled(center, radius, ring_colour(range));
        } else {
            painter.circle_stroke(
                center,
                radius - 0.5,
                Stroke::new(1.0, Color32::from_gray(90)),
            );
        }
        painter.text(
            center,
            Align2::CENTER_CENTER,
            letter,
            FontId::monospace(radius * 1.3),
            if reaches {
                Color32::WHITE
            } else {
                Color32::from_gray(90)
            },
        );
    }
}

/// A player's character card: name and ability, full width.
pub fn character_card(ui: &mut egui::Ui, name: &str, ability: &str, active: bool) {
    let frame = egui::Frame::new()
        .fill(Color32::from_rgb(36, 30, 22))
        .stroke(Stroke::new(
            1.0,
            if active {
                Color32::GOLD
            } else {
                Color32::from_gray(110)
            },
        ))
        .corner_radius(6.0)
        .inner_margin(5.0);
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(egui::RichText::new(name).strong().size(12.0));
        ui.label(egui::RichText::new(ability).italics().size(10.0));
    });
}
