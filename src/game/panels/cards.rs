//! Cards drawn as cards. A face has a band in its Division's colour, the name, a ship diagram
//! with the card's arcs lit (fore at the top), range pips in the ring colours lettered
//! L / M / S, the damage, and at its foot the Division credit in words. The same face drawn
//! large, with the rules, is what hovering any card shows; other players' cards are one-line
//! chips (`chips`).

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, vec2};
use stp_rules::CardId;
use stp_rules::content::{HitParts, builtin};

use super::card_marks::{range_pips, ship_diagram};
use super::card_words::{arcs_words, credit, ranges_words, weapon_words};
use crate::game::theme;

/// How a card shows in a hand.
#[derive(Debug, Clone, Copy, Default)]
pub struct CardLook {
    /// Picked: a gold frame, lifted.
    pub chosen: bool,
    /// No legal play now: drawn faded, with why in two or three words on its face
    /// (`words::refusal_tags`).
    pub dim: Option<&'static str>,
    /// Its hotkey (1–9), before the name.
    pub number: Option<usize>,
}

/// Draws one card of the active hand and answers for clicks and hovers on it. A picked card
/// stands a little higher than the rest.
pub fn card(
    ui: &mut egui::Ui,
    card: CardId,
    size: egui::Vec2,
    look: CardLook,
) -> (egui::Response, Option<String>) {
    let (slot, response) = ui.allocate_exact_size(size, Sense::click());
    // Its name for a screen reader: what the face shows, and why it cannot be played.
    response.widget_info(|| {
        let number = look.number.map(|n| format!("{n}: ")).unwrap_or_default();
        let why = look
            .dim
            .map(|tag| format!("; no play now: {tag}"))
            .unwrap_or_default();
        let name = crate::words::describe::card_with_credit(card);
        let gist = crate::words::describe::card_gist(card);
        egui::WidgetInfo::selected(
            egui::WidgetType::Button,
            look.dim.is_none(),
            look.chosen,
            format!("{number}{name}, {gist}{why}"),
        )
    });
    if !ui.is_rect_visible(slot) {
        return (response, None);
    }
    let lift = if look.chosen { 6.0 } else { 0.0 };
    let rect = slot
        .translate(vec2(0.0, -lift))
        .shrink2(vec2(0.0, lift / 2.0));
    let mut painter = ui.painter_at(slot.expand(3.0));
    if look.dim.is_some() {
        // Faded on an opaque ground, so a card it overlaps in a long hand never shows through.
        painter.rect_filled(rect, 6.0, theme::panel(painter.ctx()));
        painter.multiply_opacity(0.6);
    }
    let hovered = response.hovered() && look.dim.is_none();
    let frame = match (look.chosen, hovered) {
        (true, _) => Stroke::new(2.5, theme::GOLD),
        (false, true) => Stroke::new(1.5, Color32::LIGHT_GRAY),
        _ => Stroke::new(1.0, Color32::from_gray(110)),
    };
    let badges = face(&painter, rect, card, look.number, false);
    painter.rect_stroke(rect, 6.0, frame, StrokeKind::Inside);
    if let Some(tag) = look.dim {
        // Said on the card, at full contrast, so a faded card never reads as a fault: why in
        // a few words where they fit the card (else "no play now"), the whole reason on its
        // hover.
        let plain = ui.painter_at(slot.expand(3.0));
        let pill_words = |text: &str| {
            plain.layout_no_wrap(
                text.into(),
                FontId::proportional(12.0),
                Color32::from_rgb(255, 190, 120),
            )
        };
        let mut words = pill_words(tag);
        if words.size().x > rect.width() - 14.0 {
            words = pill_words("no play now");
        }
        // Over the diagram or the support plate, not the card's words (readers read a pill
        // over them as cut text) nor its foot (they took the reason for its Division).
        // The face's highest badge is its diagram or plate (the foot is the lowest).
        let middle = badges
            .iter()
            .min_by(|a, b| a.0.top().total_cmp(&b.0.top()))
            .map_or(rect.center().y, |(badge, _)| badge.center().y);
        let pill = Rect::from_center_size(
            Pos2::new(rect.center().x, middle),
            words.size() + vec2(10.0, 4.0),
        );
        plain.rect_filled(pill, 4.0, Color32::from_black_alpha(225));
        plain.galley(pill.center() - words.size() / 2.0, words, Color32::WHITE);
    }
    // The badge under the pointer says what it means (the zoomed card shows with it).
    let badge = response.hover_pos().and_then(|at| {
        badges
            .into_iter()
            .find(|(r, _)| r.expand(1.0).contains(at))
            .map(|(_, words)| words)
    });
    (response, badge)
}

/// A card at full size with its rules, as hovering shows it; under it, why it cannot be
/// played now, if it cannot.
pub(crate) fn zoomed(ui: &mut egui::Ui, card: CardId, why: Option<&str>, badge: Option<&str>) {
    if let Some(words) = badge {
        ui.set_max_width(theme::ZOOMED_CARD.x);
        ui.label(egui::RichText::new(words).strong().color(theme::GOLD));
    }
    let (rect, _) = ui.allocate_exact_size(theme::ZOOMED_CARD, Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    face(&painter, rect, card, None, true);
    painter.rect_stroke(
        rect,
        8.0,
        Stroke::new(1.5, Color32::from_gray(150)),
        StrokeKind::Inside,
    );
    if let Some(reason) = why {
        ui.set_max_width(theme::ZOOMED_CARD.x);
        ui.colored_label(
            crate::game::theme::palette::REFUSED.egui(),
            format!("No play now: {reason}."),
        );
    }
}

/// A face in `rect`: the hand's size, or zoomed with the weapon, the rules and the credit
/// spelled out. Returns where its badges are (the arcs, the range pips, the damage, the
/// support plate, the Division's foot), each with what it means.
fn face(
    painter: &egui::Painter,
    rect: Rect,
    card: CardId,
    number: Option<usize>,
    zoom: bool,
) -> Vec<(Rect, String)> {
    let def = builtin().card(card);
    let mut badges = Vec::new();
    let s = rect.width() / 96.0;
    let (band_colour, credit_words, code) = credit(card);
    // A card lying on the console: a soft shadow under it, and a frame in its Division's
    // colour all round (an art director's read: framed only by a strip, the cards read as
    // web buttons).
    let corner = 6.0 * s.min(1.4);
    painter.add(
        egui::epaint::Shadow {
            offset: [0, 3],
            blur: 8,
            spread: 0,
            color: Color32::from_black_alpha(150),
        }
        .as_shape(rect, corner),
    );
    painter.rect_filled(rect, corner, theme::card_face(painter.ctx()));
    painter.rect_stroke(
        rect,
        corner,
        Stroke::new(1.5, band_colour.gamma_multiply(0.8)),
        StrokeKind::Inside,
    );
    // The Division band across the top.
    let band = Rect::from_min_size(rect.min, vec2(rect.width(), (6.0 * s).max(5.0)));
    painter.rect_filled(
        band,
        egui::CornerRadius {
            nw: 6,
            ne: 6,
            sw: 0,
            se: 0,
        },
        band_colour,
    );
    let pad = 5.0 * s.min(1.6);
    let inner = Rect::from_min_max(
        Pos2::new(rect.left() + pad, band.bottom() + 3.0),
        rect.max - vec2(pad, pad),
    );
    // The name in the titles' display face, as a printed card's title.
    let name_font = theme::display_font(painter.ctx(), (17.0 * s).clamp(16.0, 27.0));
    // The card's key on a keycap before its name, as the controls show theirs: a bare "1
    // PHOTON TORPEDOES" read as one Photon Torpedoes (read 51).
    let mut title = egui::text::LayoutJob::default();
    if let Some(n) = number {
        let cap = egui::TextFormat {
            font_id: FontId::proportional(name_font.size * 0.72),
            color: theme::KEYCAP_INK,
            background: theme::KEYCAP,
            valign: egui::Align::Center,
            ..Default::default()
        };
        title.append(&format!("\u{2009}{n}\u{2009}"), 0.0, cap);
    }
    title.append(
        &def.name,
        if number.is_some() { 4.0 } else { 0.0 },
        egui::TextFormat {
            font_id: name_font,
            color: theme::TEXT,
            valign: egui::Align::Center,
            ..Default::default()
        },
    );
    title.wrap.max_width = inner.width();
    let galley = painter.layout_job(title);
    let mut y = inner.min.y + galley.size().y + 3.0 * s;
    painter.galley(inner.min, galley, theme::TEXT);
    if zoom {
        painter.text(
            Pos2::new(inner.left(), y),
            Align2::LEFT_TOP,
            weapon_words(card),
            FontId::proportional(14.0),
            theme::quiet(painter.ctx()),
        );
        y += 22.0;
    }
    // The foot: the credit in words where it fits, else its code (hover spells it out).
    let foot_font = FontId::proportional(if zoom { 14.0 } else { 12.0 });
    let foot_height = if zoom { 22.0 } else { 16.0 };
    let foot = Rect::from_min_max(
        Pos2::new(inner.left(), inner.bottom() - foot_height),
        inner.max,
    );
    let word = credit_words
        .trim_end_matches(" credit")
        .trim_end_matches(" Division")
        .to_string();
    let foot_text = if zoom {
        credit_words.clone()
    } else if def.credit.is_none() {
        // Said, in a hollow foot: a bare foot read as a card whose tag was missing (read 31),
        // and in the feet's own terms, as the others name their Division: "no credit" read
        // as a card that could not be played (read 49).
        "no division".to_string()
    } else if painter
        .layout_no_wrap(word.clone(), foot_font.clone(), Color32::BLACK)
        .size()
        .x
        <= foot.width() - 6.0
    {
        word
    } else {
        code.to_string()
    };
    if def.credit.is_some() {
        badges.push((
            foot,
            format!("{credit_words}: it counts as one for a mission that asks for it."),
        ));
        painter.rect_filled(foot, 4.0, band_colour);
        painter.text(
            foot.center(),
            Align2::CENTER_CENTER,
            foot_text,
            foot_font,
            Color32::BLACK,
        );
    } else {
        badges.push((
            foot,
            format!("{credit_words}: it counts for no mission's credits."),
        ));
        if !zoom {
            painter.rect_stroke(
                foot,
                4.0,
                Stroke::new(1.0, theme::quiet(painter.ctx())),
                StrokeKind::Inside,
            );
        }
        painter.text(
            foot.center(),
            Align2::CENTER_CENTER,
            foot_text,
            foot_font,
            theme::quiet(painter.ctx()),
        );
    }
    // The rules, zoomed: between the diagram's row and the foot.
    let rules_height = if zoom { 96.0 } else { 0.0 };
    let middle_bottom = foot.top() - 4.0 - rules_height;
    match def.effect.hit() {
        Some(HitParts {
            arcs,
            ranges,
            damage,
            ..
        }) => {
            // Pips large enough to read their letter (readers found 12 px, then 14 px, too
            // small).
            let pip = (8.5 * s).clamp(8.0, 13.0);
            let room = middle_bottom - y - 2.0 * pip - 6.0;
            let radius = (room / 2.0).min(inner.width() * 0.3).max(8.0);
            let centre = Pos2::new(inner.center().x, y + radius);
            let window = Rect::from_min_max(
                Pos2::new(inner.left(), y - 2.0),
                Pos2::new(inner.right(), y + 2.0 * radius + 2.0),
            );
            super::card_icons::space_window(painter, window, card, damage > 1);
            ship_diagram(painter, centre, radius, arcs);
            badges.push((
                Rect::from_center_size(centre, vec2(2.0 * radius, 2.0 * radius)),
                arcs_words(arcs),
            ));
            y += 2.0 * radius + 4.0;
            let pips = range_pips(painter, Pos2::new(inner.left(), y), pip, ranges);
            badges.push((
                Rect::from_min_size(Pos2::new(inner.left(), y), vec2(pips, 2.0 * pip)),
                ranges_words(ranges),
            ));
            // The damage in words where it fits beside the pips ("T×2" read as a code to a
            // newcomer), else "×2"; a torpedo's in orange.
            let font = FontId::proportional((13.0 * s).clamp(12.0, 20.0));
            let pips = pips + 4.0;
            let mut words = format!("{damage} dmg");
            if painter
                .layout_no_wrap(words.clone(), font.clone(), theme::TEXT)
                .size()
                .x
                > inner.width() - pips
            {
                words = format!("×{damage}");
            }
            let colour = if damage > 1 {
                theme::HEAVY
            } else {
                theme::TEXT
            };
            let shown = painter.text(
                Pos2::new(inner.right(), y + pip),
                Align2::RIGHT_CENTER,
                words,
                font,
                colour,
            );
            badges.push((shown, format!("{}.", weapon_words(card))));
        }
        None => {
            // Support cards: a picture with the card's emblem, where Hit cards have their
            // diagram.
            let height = match zoom {
                true => 84.0,
                false => (28.0 * s).clamp(26.0, 40.0),
            };
            let plate =
                Rect::from_min_size(Pos2::new(inner.left(), y), vec2(inner.width(), height));
            badges.push((
                plate,
                "Support card: it does what its text says, not damage.".into(),
            ));
            super::card_icons::support_window(painter, plate, card, band_colour, &def.effect);
            if zoom {
                // No diagram to make room for: the rules follow the plate.
                let text = Rect::from_min_max(
                    Pos2::new(inner.left(), plate.bottom() + 6.0),
                    Pos2::new(inner.right(), foot.top() - 4.0),
                );
                rules(painter, &def.text, text);
            } else {
                // The hand's card has room for the start of its rules.
                let text = Rect::from_min_max(
                    Pos2::new(inner.left(), plate.bottom() + 3.0),
                    Pos2::new(inner.right(), foot.top() - 2.0),
                );
                let rows = (text.height() / 14.0).floor().max(0.0) as usize;
                if rows > 0 {
                    let summary = crate::words::describe::card_summary(card);
                    let gist = crate::words::describe::card_gist(card);
                    let words = [def.text.as_str(), summary.as_str(), gist.as_str()];
                    if let Some(galley) =
                        whole_or_summary(painter, &words, 12.0, text.width(), rows)
                    {
                        painter.galley(text.min, galley, theme::card_words(painter.ctx()));
                    }
                }
            }
        }
    }
    if zoom && def.effect.hit().is_some() {
        let text = Rect::from_min_max(
            Pos2::new(inner.left(), middle_bottom + 2.0),
            Pos2::new(inner.right(), foot.top() - 4.0),
        );
        rules(painter, &def.text, text);
    }
    badges
}

/// A card's rules, zoomed, in `text`.
fn rules(painter: &egui::Painter, words: &str, text: Rect) {
    let galley = painter.layout(
        words.to_string(),
        FontId::proportional(13.5),
        theme::TEXT,
        text.width(),
    );
    painter
        .with_clip_rect(text)
        .galley(text.min, galley, theme::TEXT);
}

/// The first of `texts` (the whole, then shorter and shorter) that fits in `rows` lines of
/// `width`, at `size` or, for the shortest, a step smaller; none where none fits (the card's
/// name says enough there, and its zoom and hover say it whole): never a text cut off.
pub fn whole_or_summary(
    painter: &egui::Painter,
    texts: &[&str],
    size: f32,
    width: f32,
    rows: usize,
) -> Option<std::sync::Arc<egui::Galley>> {
    let shortest = texts.last().copied().unwrap_or_default();
    texts
        .iter()
        .map(|t| (*t, size))
        .chain([(shortest, size - 1.5)])
        .map(|(text, size)| lines(painter, text, size, width, rows))
        .find(|galley| !galley.elided)
}

/// Text wrapped to `width` in at most `rows` lines, the last ending in "…" when cut; lighter
/// than the panels' quiet grey (readers took that for greyed-out text).
pub fn lines(
    painter: &egui::Painter,
    text: &str,
    size: f32,
    width: f32,
    rows: usize,
) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::simple(
        text.to_string(),
        FontId::proportional(size),
        theme::card_words(painter.ctx()),
        width,
    );
    job.wrap.max_rows = rows;
    job.wrap.overflow_character = Some('…');
    painter.layout_job(job)
}

/// `text` cut to `room` points wide in `font`, ending in "…" where it was cut.
pub(crate) fn elide(painter: &egui::Painter, text: &str, font: &FontId, room: f32) -> String {
    let width = |t: &str| {
        painter
            .layout_no_wrap(t.to_string(), font.clone(), Color32::WHITE)
            .size()
            .x
    };
    let mut kept: Vec<char> = text.chars().collect();
    let mut shown = text.to_string();
    while width(&shown) > room && kept.len() > 1 {
        kept.pop();
        shown = format!("{}…", kept.iter().collect::<String>().trim_end());
    }
    shown
}
