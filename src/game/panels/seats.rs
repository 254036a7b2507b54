//! Every other player's seat, in turn order after the active player: their badge, name,
//! character and seat type, their card count, and their cards as one-line chips whose name
//! and kind read at a glance. Hovering a chip shows the card at full size; its right-click
//! menu holds the trades, Kirk's take and the rest (`hands::card_menu`). The seats share the
//! panel's height, so all of them show at once for up to six players.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, vec2};
use stp_rules::content::builtin;
use stp_rules::{CardId, GameState, PlayerAction, PlayerId};

use super::CardMenus;
use super::cards;
use super::hands;
use crate::game::crew::{Away, Crew, Seat};
use crate::game::model::windows::HandLayout;
use crate::game::theme;

const HEADER: f32 = 20.0;
const MARGIN: f32 = 4.0;
const SPACING: f32 = 4.0;
/// A seat's frame: its margins and the gap to the next seat.
const FRAME: f32 = 2.0 * MARGIN + SPACING;
const GAP: f32 = 3.0;

/// How the seats are drawn to share the room: with two lines of the character's ability,
/// one or none, and their cards as chips one or two to a row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeatFit {
    pub ability_lines: usize,
    pub columns: usize,
}

/// One line of the ability's text.
const ABILITY_LINE: f32 = 15.0;

impl SeatFit {
    fn height(self, cards: usize) -> f32 {
        let rows = cards.div_ceil(self.columns).max(1) as f32;
        // The header, the gap under it, the ability, the cards, the frame.
        HEADER
            + SPACING
            + self.ability_lines as f32 * ABILITY_LINE
            + rows * (theme::CHIP_HEIGHT + GAP)
            + FRAME
    }

    /// The roomiest fit in which `seats` seats holding at most `cards` cards each take no
    /// more than `height`: chips one to a row before two, and as much of the ability as then
    /// fits; the tightest one where none does. Chips at every crew size: the cards' small
    /// faces at two or three players and chips at four or more read as a layout that changed
    /// with the crew (reads 43 to 47), and the chips' names and ranges read better.
    pub fn choose(height: f32, seats: usize, cards: usize) -> SeatFit {
        let fits = [1, 2].into_iter().flat_map(|columns| {
            [2, 1, 0].map(|ability_lines| SeatFit {
                ability_lines,
                columns,
            })
        });
        let tightest = SeatFit {
            ability_lines: 0,
            columns: 2,
        };
        fits.into_iter()
            .find(|f| f.height(cards) * seats as f32 <= height)
            .unwrap_or(tightest)
    }
}

/// Whether the seats, each keeping at least a line of its ability, leave `list` points free
/// below them in what is left of the column: where the threats' list may stand.
pub(super) fn room_below(ui: &egui::Ui, state: &GameState, foot: PlayerId, list: f32) -> bool {
    let (others, most) = others_and_most(state, foot);
    let room = ui.available_height() - list;
    let fit = SeatFit::choose(room, others.len(), most);
    fit.ability_lines >= 1 && fit.height(most) * others.len() as f32 <= room
}

/// Every seat but the one at the foot, in turn order after it, and the most cards one holds.
fn others_and_most(state: &GameState, foot: PlayerId) -> (Vec<PlayerId>, usize) {
    let n = state.players().len() as u8;
    let others: Vec<PlayerId> = (1..n).map(|i| (foot + i) % n).collect();
    let most = others
        .iter()
        .map(|p| state.players()[*p as usize].hand.len())
        .max()
        .unwrap_or(0);
    (others, most)
}

/// `list`: the room the threats' list needs below the seats in its roomier shape and in its
/// denser one, given up where a fit of the seats leaves it.
pub(super) fn seats(
    ui: &mut egui::Ui,
    state: &GameState,
    list: [f32; 2],
    foot: PlayerId,
    (crew, away): (&Crew, &Away),
    actions: &mut MessageWriter<PlayerAction>,
    menus: &mut CardMenus,
    layout: &mut Vec<HandLayout>,
) {
    let (others, most) = others_and_most(state, foot);
    let seats = others.len() as f32;
    let room = ui.available_height();
    let fits = |room: f32| {
        let fit = SeatFit::choose(room, others.len(), most);
        (fit.height(most) * seats <= room).then_some(fit)
    };
    let fit = fits(room - list[0])
        .or_else(|| fits(room - list[1]))
        .unwrap_or_else(|| SeatFit::choose(room, others.len(), most));
    // Where even the tightest fit is over (long hands in every seat), the seats close up.
    let over = fit.height(most) * seats > room;
    ui.spacing_mut().item_spacing.y = if over { 1.0 } else { SPACING };
    for player in others {
        let frame = egui::Frame::new()
            .fill(theme::seat(ui.ctx()))
            .corner_radius(6.0)
            .inner_margin(MARGIN);
        let shown = frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            seat(ui, state, player, (crew, away), fit, actions, menus)
        });
        // The seat whose turn it is, when it is not the one at the foot, is ringed in gold
        // (drawn over the frame, so the seats keep their sizes).
        if player == state.turn().active {
            ui.painter().rect_stroke(
                shown.response.rect,
                6.0,
                egui::Stroke::new(2.0, theme::GOLD),
                egui::StrokeKind::Inside,
            );
        }
        layout.push(HandLayout {
            player,
            name: state.players()[player as usize].name.clone(),
            rect: shown.response.rect,
            cards: shown.inner,
        });
    }
}

fn seat_type(crew: &Crew, away: &Away, player: PlayerId) -> &'static str {
    if away.0.contains(&player) {
        return "away";
    }
    match crew.seat(player) {
        Seat::Human => "person",
        Seat::Ensign => "Ensign bot",
        Seat::Captain => "Captain bot",
        Seat::Remote => "remote",
    }
}

/// One seat: the header, the ability where there is room, then the chips.
fn seat(
    ui: &mut egui::Ui,
    state: &GameState,
    player: PlayerId,
    (crew, away): (&Crew, &Away),
    fit: SeatFit,
    actions: &mut MessageWriter<PlayerAction>,
    menus: &mut CardMenus,
) -> Vec<(CardId, Rect)> {
    let content = builtin();
    let holder = &state.players()[player as usize];
    let character = &content.characters[holder.character as usize];
    let (rect, header) = ui.allocate_exact_size(vec2(ui.available_width(), HEADER), Sense::hover());
    // The seat in words for a screen reader: who, which character, how many cards, and what
    // plays the seat.
    header.widget_info(|| {
        let cards = match holder.hand.len() {
            1 => "1 card".to_string(),
            n => format!("{n} cards"),
        };
        let turn = if player == state.turn().active {
            ", their turn"
        } else {
            ""
        };
        egui::WidgetInfo::labeled(
            egui::WidgetType::Label,
            true,
            format!(
                "{}, {}, {cards}, {}{turn}",
                holder.name,
                character.name,
                seat_type(crew, away, player)
            ),
        )
    });
    let painter = ui.painter_at(rect);
    let side = rect.height().min(21.0);
    super::portraits::portrait(
        &painter,
        Rect::from_center_size(rect.left_center() + vec2(side / 2.0, 0.0), vec2(side, side)),
        &character.id,
        theme::uniform(&character.id),
    );
    let kind = seat_type(crew, away, player);
    let name = painter.text(
        rect.left_center() + vec2(23.0, 0.0),
        Align2::LEFT_CENTER,
        &holder.name,
        // The display face, as the console's titles: the seats' names stand above their lines
        // (an art director's read: one size of one face everywhere read as a spreadsheet).
        theme::display_font(ui.ctx(), 21.0),
        theme::TEXT,
    );
    // The seat type as a pill after the name, then the character's surname, then the card
    // count; where the surname would not fit beside "4 cards", the count is just "4".
    // A person's seat needs no tag ("person" read like debug output): bots, players
    // elsewhere and the away are tagged.
    let pill_font = FontId::proportional(11.5);
    let pill_text = painter.layout_no_wrap(kind.into(), pill_font, Color32::BLACK);
    let pill = match kind {
        "person" => Rect::from_min_size(Pos2::new(name.right(), rect.center().y), vec2(0.0, 0.0)),
        _ => Rect::from_min_size(
            Pos2::new(name.right() + 5.0, rect.center().y - 8.0),
            pill_text.size() + vec2(8.0, 3.0),
        ),
    };
    if pill.width() > 0.0 {
        painter.rect_filled(pill, 7.0, Color32::from_gray(175));
        painter.galley(pill.min + vec2(4.0, 1.5), pill_text, Color32::BLACK);
    }
    let surname = character.name.rsplit(' ').next().unwrap_or(&character.name);
    let width = |text: &str, size: f32| {
        painter
            .layout_no_wrap(text.into(), FontId::proportional(size), theme::TEXT)
            .size()
            .x
    };
    let long_count = match holder.hand.len() {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    let room = |count: &str| rect.right() - width(count, 13.0) - 6.0 - (pill.right() + 5.0);
    let count = match width(surname, 12.0) <= room(&long_count) {
        true => long_count,
        false => holder.hand.len().to_string(),
    };
    if width(surname, 12.0) <= room(&count) {
        painter.text(
            Pos2::new(pill.right() + 5.0, rect.center().y),
            Align2::LEFT_CENTER,
            surname,
            FontId::proportional(12.0),
            theme::quiet(ui.ctx()),
        );
    }
    painter.text(
        rect.right_center(),
        Align2::RIGHT_CENTER,
        &count,
        FontId::proportional(13.0),
        theme::TEXT,
    );
    header.on_hover_text(format!(
        "{} ({kind}): {}\n{}",
        holder.name, character.name, character.text
    ));
    if fit.ability_lines > 0 {
        let words = cards::whole_or_summary(
            ui.painter(),
            &[
                &character.text,
                crate::words::describe::ability_summary(character.ability),
            ],
            12.0,
            ui.available_width(),
            fit.ability_lines,
        );
        // As tall as the words drawn, at most the lines the fit allows: a one-line ability
        // left a blank line above the chips that a reader took for a fault.
        let lines = words.as_ref().map_or(fit.ability_lines, |g| g.rows.len());
        let (rect, _) = ui.allocate_exact_size(
            vec2(
                ui.available_width(),
                lines.min(fit.ability_lines) as f32 * ABILITY_LINE - 2.0,
            ),
            Sense::hover(),
        );
        if let Some(galley) = words {
            ui.painter()
                .galley(rect.min, galley, theme::quiet(ui.ctx()));
        }
    }
    let mut rects = Vec::new();
    let width = (ui.available_width() - GAP * (fit.columns - 1) as f32) / fit.columns as f32;
    ui.spacing_mut().item_spacing = vec2(GAP, GAP);
    for row in holder.hand.chunks(fit.columns) {
        ui.horizontal(|ui| {
            for card in row.iter().copied() {
                let response = chip(ui, card, width).on_hover_ui(|ui| {
                    cards::zoomed(ui, card, None, None);
                    ui.weak("Right-click: trade for it and more");
                });
                hands::card_menu(&response, state, (player, card), menus, actions);
                rects.push((card, response.rect));
            }
        });
    }
    if holder.hand.is_empty() {
        ui.weak("No cards in hand.");
    }
    rects
}

/// A card as a one-line chip: a stripe in its Division's colour, its arcs on a small ship
/// (or a support card's emblem), its name, and where there is room its ranges and
/// damage.
pub fn chip(ui: &mut egui::Ui, card: CardId, width: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(width, theme::CHIP_HEIGHT), Sense::click());
    response.widget_info(|| {
        let name = crate::words::describe::card_with_credit(card);
        let gist = crate::words::describe::card_gist(card);
        egui::WidgetInfo::labeled(egui::WidgetType::Button, true, format!("{name}, {gist}"))
    });
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let painter = ui.painter_at(rect);
    let def = builtin().card(card);
    let (stripe, _, _) = super::card_words::credit(card);
    let fill = if response.hovered() {
        Color32::from_rgb(44, 52, 74)
    } else {
        theme::card_face(ui.ctx())
    };
    painter.rect_filled(rect, 4.0, fill);
    painter.rect_filled(
        Rect::from_min_size(rect.min, vec2(4.0, rect.height())),
        egui::CornerRadius {
            nw: 4,
            sw: 4,
            ne: 0,
            se: 0,
        },
        stripe,
    );
    let glyph = Pos2::new(rect.left() + 15.0, rect.center().y);
    let mut extras = None;
    match def.effect.hit() {
        Some(hit) => {
            super::card_marks::ship_diagram(&painter, glyph, 8.5, hit.arcs);
            extras = Some((hit.ranges.to_vec(), hit.damage));
        }
        // A support card's emblem, as on its face in the hand (a crystal, a plate, a delta):
        // a bare diamond on every one read as "no art" (read 32).
        None => super::card_icons::support_icon(
            &painter,
            Rect::from_center_size(glyph, vec2(16.0, 16.0)),
            &def.effect,
        ),
    }
    let font = FontId::proportional(12.5);
    let name_left = rect.left() + 27.0;
    // Ranges and damage take 52 px at the right, where the chip is wide enough for both.
    let extras_width = 52.0;
    let letters = 13.0;
    let full = painter
        .layout_no_wrap(def.name.clone(), font.clone(), theme::TEXT)
        .size()
        .x;
    // In a narrow chip (six seats in two columns) the ranges alone, and the damage only where
    // it is more than 1: without them readers could not tell one seat's Phasers from another's.
    let compact_width = extras.as_ref().map_or(0.0, |(ranges, damage)| {
        9.0 * ranges.len() as f32 + 3.0 + if *damage > 1 { 18.0 } else { 0.0 }
    });
    let spare = rect.right() - name_left - full - 4.0;
    let shown_extras = match extras.is_some() {
        true if spare >= extras_width => Some(false),
        true if spare >= compact_width => Some(true),
        _ => None,
    };
    let room = rect.right()
        - name_left
        - 4.0
        - match shown_extras {
            Some(false) => extras_width,
            Some(true) => compact_width,
            None => 0.0,
        };
    // Where the whole name is too long: a size smaller, then the word that tells the card
    // apart (readers took "Security" and "Torpedoes" for names cut short, read 25), then the
    // smallest size, and only then a cut.
    let fits = |text: &str, font: &FontId| {
        painter
            .layout_no_wrap(text.to_string(), font.clone(), theme::TEXT)
            .size()
            .x
            <= room
    };
    let short = crate::words::describe::short_card_name(&def.kind, &def.name);
    let smaller = [
        font.clone(),
        FontId::proportional(11.0),
        FontId::proportional(10.0),
    ];
    let tries = [
        (def.name.as_str(), &smaller[0]),
        (def.name.as_str(), &smaller[1]),
        (short, &smaller[0]),
        (short, &smaller[1]),
        (def.name.as_str(), &smaller[2]),
        (short, &smaller[2]),
    ];
    let (name, font) = tries
        .into_iter()
        .find(|(text, font)| fits(text, font))
        .map(|(text, font)| (text.to_string(), font.clone()))
        .unwrap_or_else(|| {
            (
                cards::elide(&painter, short, &smaller[2], room),
                smaller[2].clone(),
            )
        });
    painter.text(
        Pos2::new(name_left, rect.center().y),
        Align2::LEFT_CENTER,
        name,
        font,
        theme::TEXT,
    );
    if let (Some(true), Some((ranges, damage))) = (shown_extras, &extras) {
        let left = Pos2::new(rect.right() - compact_width, rect.center().y);
        super::card_marks::range_letters(&painter, left, 11.5, ranges);
        if *damage > 1 {
            painter.text(
                Pos2::new(rect.right() - 3.0, rect.center().y),
                Align2::RIGHT_CENTER,
                format!("×{damage}"),
                FontId::proportional(11.5),
                theme::HEAVY,
            );
        }
    }
    // The damage only where it is more than 1, as the torpedo's card shows "×2": a "×1"
    // beside the card's own "1 dmg" read as a count of copies (reads 52 and 53).
    if let (Some(false), Some((ranges, damage))) = (shown_extras, extras) {
        let left = Pos2::new(rect.right() - extras_width, rect.center().y);
        super::card_marks::range_letters(&painter, left, letters, &ranges);
        if damage > 1 {
            painter.text(
                Pos2::new(rect.right() - 4.0, rect.center().y),
                Align2::RIGHT_CENTER,
                format!("×{damage}"),
                FontId::proportional(12.5),
                theme::HEAVY,
            );
        }
    }
    response
}
