//! Every hand, the active player's first. A click picks a card; a right-click opens its menu
//! (`offers::card_menu`). Under the hands, the picked card's choices: its partner card,
//! Chekov's shift and its targets, or one "Play" button for a card that takes no target.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::{GameState, Phase, PlayerAction, RangeShift};

use super::cards::{self, CardLook, CardSize};
use super::{Overlays, offers};
use crate::describe::card_name;
use crate::game::input::selection::Selection;

fn credit(card: u8) -> String {
    builtin()
        .card(card)
        .credit
        .map_or("no Division credit".into(), |d| format!("{d:?} credit"))
}

pub(super) fn hands(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
    overlays: &mut Overlays,
    layout: &mut Vec<super::HandLayout>,
) {
    let content = builtin();
    let n = state.players.len() as u8;
    let playing = state.turn.phase == Phase::PlayAndManeuver
        && state.turn.window.is_none()
        && !state.turn.phase_done;
    let order: Vec<u8> = (0..n).map(|i| (state.turn.active + i) % n).collect();
    for player in order {
        let seat = &state.players[player as usize];
        let character = &content.characters[seat.character as usize];
        let active = player == state.turn.active;
        let title = format!(
            "{}{} — {} card{}",
            seat.name,
            if active { " (active)" } else { "" },
            seat.hand.len(),
            if seat.hand.len() == 1 { "" } else { "s" }
        );
        let mut cards = Vec::new();
        let shown = egui::CollapsingHeader::new(title)
            .id_salt(("hand", player))
            .default_open(true)
            .show(ui, |ui| {
                cards::character_card(ui, &character.name, &character.text, active);
                // The active hand is largest; the others are smaller rows of the same cards.
                let size = if active {
                    CardSize::Full
                } else {
                    CardSize::Small
                };
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
                    for (index, card) in seat.hand.iter().copied().enumerate() {
                        let rect = hand_card(
                            ui,
                            state,
                            selection,
                            actions,
                            overlays,
                            (player, card),
                            index,
                            size,
                            playing,
                        );
                        cards.push((card, rect));
                    }
                });
            });
        let rect = shown
            .body_response
            .map_or(shown.header_response.rect, |body| {
                body.rect.union(shown.header_response.rect)
            });
        layout.push(super::HandLayout {
            player,
            name: seat.name.clone(),
            rect,
            cards,
        });
    }
    if selection.card.is_some() {
        ui.separator();
        picked_card(ui, state, selection, actions);
    }
}

/// One card of a hand: a click picks it, a right-click opens its menu. In the active
/// player's Play phase, a card with no legal play now is dimmed and says why, in the rules'
/// words.
fn hand_card(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
    overlays: &mut Overlays,
    (player, card): (u8, u8),
    index: usize,
    size: CardSize,
    playing: bool,
) -> egui::Rect {
    let why = playing
        .then(|| state.why_no_play(player, card))
        .flatten()
        .filter(|_| player == state.turn.active);
    let look = CardLook {
        chosen: selection.card == Some((player, card)),
        dim: why.is_some(),
        number: Some(index + 1),
    };
    let mut hover = format!(
        "{}. {}\n{}\n{}",
        index + 1,
        card_name(card),
        builtin().card(card).text,
        credit(card)
    );
    if let Some(reason) = &why {
        hover.push_str(&format!("\nNo play now: {reason}."));
    }
    let response = cards::card(ui, card, size, look).on_hover_text(hover);
    if response.clicked() {
        selection.toggle(player, card);
    }
    // Pinged by someone in a networked game: a ring and who it was, for a few seconds.
    if let Some((_, who)) = overlays.pinged_cards.iter().find(|(c, _)| *c == card) {
        let painter = ui.painter();
        painter.rect_stroke(
            response.rect.expand(3.0),
            6.0,
            egui::Stroke::new(3.0, egui::Color32::GOLD),
            egui::StrokeKind::Outside,
        );
        ping_tag(painter, response.rect, who);
    }
    response.context_menu(|ui| {
        if overlays.online && ui.button("Point the crew at this card").clicked() {
            overlays.ping = Some(crate::net::protocol::PingTarget::Card(card));
            ui.close();
        }
        if ui.button("Rules for this card").clicked() {
            let topic = match builtin().card(card).effect {
                stp_rules::content::CardEffect::Hit { .. }
                | stp_rules::content::CardEffect::DirectHit => "Hit cards",
                _ => "Support cards",
            };
            overlays.help_at(topic);
            ui.close();
        }
        let menu = offers::card_menu(state, player, card);
        if menu.is_empty() {
            ui.weak("Nothing else to do with this card now.");
        }
        for offer in menu {
            if ui.button(offer.words).clicked() {
                actions.write(offer.action);
                ui.close();
            }
        }
    });
    response.rect
}

/// The picked card's partner, shift and targets, all from its legal plays.
fn picked_card(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
) {
    let Some((_, card)) = selection.card else {
        return;
    };
    let plays = offers::plays(state, selection);
    offers::settle(selection, &plays);
    if plays.is_empty() {
        ui.strong(card_name(card));
        ui.weak("No legal play now (right-click the card for its other uses).");
        return;
    }
    if offers::takes_no_target(&plays) {
        if ui.button(format!("Play {}", card_name(card))).clicked() {
            actions.write(plays[0]);
            selection.clear_card();
        }
        return;
    }
    ui.strong(format!("{} — targets:", card_name(card)));
    let partners = offers::partners(&plays);
    if partners.iter().any(Option::is_some) {
        ui.horizontal_wrapped(|ui| {
            ui.label("with:");
            for with in partners {
                let words = with.map_or("alone".to_string(), card_name);
                if ui.selectable_label(selection.with == with, words).clicked() {
                    selection.with = with;
                }
            }
        });
    }
    let shifts = offers::shifts(&plays, selection.with);
    if shifts.iter().any(Option::is_some) {
        ui.horizontal(|ui| {
            ui.label("Chekov:");
            for shift in shifts {
                let words = match shift {
                    None => "as printed",
                    Some(RangeShift::Nearer) => "one ring nearer",
                    Some(RangeShift::Farther) => "one ring farther",
                };
                if ui
                    .selectable_label(selection.shift == shift, words)
                    .clicked()
                {
                    selection.shift = shift;
                }
            }
        });
    }
    let targets = offers::targets(state, &plays, selection.with, selection.shift);
    for (index, offer) in targets.into_iter().enumerate() {
        let focused = selection.focus == Some(index);
        if ui
            .add(egui::Button::new(offer.words).selected(focused))
            .clicked()
        {
            actions.write(offer.action);
            selection.clear_card();
        }
    }
}

/// Who pinged a card, on a gold tag across its bottom edge: "Uhura points here", or just
/// the name (cut short) where the card is too narrow for more, so it never spills onto the
/// next card.
fn ping_tag(painter: &egui::Painter, card: egui::Rect, who: &str) {
    let font = egui::FontId::proportional(11.0);
    let room = card.width() - 8.0;
    let fits = |text: &str| painter.layout_no_wrap(text.into(), font.clone(), egui::Color32::BLACK);
    let mut galley = fits(&format!("{who} points here"));
    if galley.size().x > room {
        galley = fits(who);
    }
    let mut name: Vec<char> = who.chars().collect();
    while galley.size().x > room && name.len() > 1 {
        name.pop();
        galley = fits(&format!("{}…", name.iter().collect::<String>()));
    }
    let tag =
        egui::Rect::from_center_size(card.center_bottom(), galley.size() + egui::vec2(8.0, 2.0));
    painter.rect_filled(tag, 4.0, egui::Color32::GOLD);
    painter.galley(tag.min + egui::vec2(4.0, 1.0), galley, egui::Color32::BLACK);
}
