//! The active player's hand along the bottom edge: their character first, then their cards.
//! A click picks a card, hovering shows it at full size, a right-click opens its menu
//! (`offers::card_menu`). The picked card's choices (its partner card, Chekov's shift and its
//! targets) are drawn by `picked_card` beside the hand.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::{CardId, GameState, Phase, PlayerAction, PlayerId};

use super::CardMenus;
use super::cards::{self, CardLook};
use crate::game::model::offers;
use crate::game::model::selection::Selection;

/// The hand at the foot (`foot_player`'s): the character tile, then each card. Returns the
/// hand's layout.
pub(super) fn active_hand(
    ui: &mut egui::Ui,
    state: &GameState,
    player: PlayerId,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
    menus: &mut CardMenus,
    card_size: egui::Vec2,
    waits: bool,
) -> crate::game::model::windows::HandLayout {
    let content = builtin();
    let seat = &state.players()[player as usize];
    let character = &content.characters[seat.character as usize];
    // Cards are played on their holder's turn only.
    let playing = player == state.turn().active
        && state.turn().phase == Phase::PlayAndManeuver
        && state.turn().window.is_none()
        && !state.turn().phase_done;
    let tile = egui::vec2(
        (ui.ctx().viewport_rect().width() * 0.13).clamp(130.0, 220.0),
        card_size.y,
    );
    let start = ui.cursor().min;
    // The hand keeps a fixed room, whatever it holds, so the turn's controls beside it never
    // slide under the pointer as cards are played (a click meant for a target landed on Undo).
    let room = ui.available_width() - controls_width(ui.ctx().viewport_rect().width());
    super::portraits::character_tile(
        ui,
        tile,
        (
            &seat.name,
            &character.name,
            &character.text,
            crate::words::describe::ability_summary(character.ability),
        ),
        (&character.id, seat.hand.len()),
    );
    // A long hand overlaps like one held in the hand, each card's name and number still in
    // view, so the turn's controls keep their room beside it.
    let count = seat.hand.len();
    let step = hand_step(
        count,
        card_size.x,
        room - tile.x - ui.spacing().item_spacing.x,
    );
    let strip = match count {
        0 => egui::Vec2::ZERO,
        n => egui::vec2(card_size.x + step * (n - 1) as f32, card_size.y),
    };
    let (strip, _) = ui.allocate_exact_size(strip, egui::Sense::hover());
    let mut cards = Vec::new();
    for (index, card) in seat.hand.iter().copied().enumerate() {
        let at =
            egui::Rect::from_min_size(strip.min + egui::vec2(step * index as f32, 0.0), card_size);
        // Its id by the card (and which copy of it), not by its place: as the hand shrinks,
        // the next card slid into a played card's slot and a screen reader heard it as that
        // card's toggle, "not pressed 1: Phasers …", before what the play did.
        let copy = seat.hand[..index].iter().filter(|c| **c == card).count();
        let mut slot = ui.new_child(egui::UiBuilder::new().max_rect(at).id_salt((
            "hand card",
            player,
            card,
            copy,
        )));
        let rect = hand_card(
            &mut slot,
            state,
            selection,
            actions,
            menus,
            (player, card),
            index,
            card_size,
            (playing, waits),
        );
        cards.push((card, rect));
    }
    if seat.hand.is_empty() {
        ui.weak("No cards in hand.");
    } else {
        // The room the hand leaves before the turn's controls, where the line can stand.
        let free = egui::Rect::from_min_max(
            egui::pos2(strip.right() + 10.0, strip.top()),
            egui::pos2(start.x + room - 6.0, strip.bottom()),
        );
        waiting_veil(ui, state, player, strip, free);
    }
    let pad = start.x + room - ui.cursor().min.x;
    if pad > 0.0 {
        ui.allocate_space(egui::vec2(pad, 1.0));
    }
    let end = cards.last().map_or(start.x + tile.x, |(_, r)| r.right());
    crate::game::model::windows::HandLayout {
        player,
        name: seat.name.clone(),
        rect: egui::Rect::from_min_size(start, egui::vec2(end - start.x, card_size.y)),
        cards,
    }
}

/// A hand that can do nothing now (not its Play phase, no window open, no card with another
/// use such as a trade or a commit) goes under a dark veil that keeps it readable, with a
/// line that says when its cards are played: readers took a bright hand in the threats'
/// phase for one waiting on them. The line stands in `free`, the room beside the cards, where
/// it is wide enough; else low on the cards. Returns whether it veiled the hand.
pub fn waiting_veil(
    ui: &mut egui::Ui,
    state: &GameState,
    player: PlayerId,
    strip: egui::Rect,
    free: egui::Rect,
) -> bool {
    let playing = player == state.turn().active
        && state.turn().phase == Phase::PlayAndManeuver
        && !state.turn().phase_done;
    let hand = &state.players()[player as usize].hand;
    let idle = !playing
        && state.turn().window.is_none()
        && hand
            .iter()
            .all(|c| offers::card_menu(state, player, *c).is_empty());
    if !idle {
        return false;
    }
    let said = crate::words::table_words::hand_waits(state, player);
    // Three quarters dark: at 150 of 255 the hand still read as full colour, waiting to be
    // played, to three readers of reads 47 and 48 in the threats' phase.
    ui.painter()
        .rect_filled(strip.expand(2.0), 6.0, egui::Color32::from_black_alpha(190));
    let font = egui::FontId::proportional(13.0);
    let beside = free.width() >= 150.0;
    // Beside the cards, an arrow points back at them: alone in the room there, the line read
    // as an error's toast with nothing to tie it to (read 20).
    let why = match beside {
        true => format!("← {said}"),
        false => said,
    };
    let wrap = match beside {
        true => (free.width() - 12.0).min(260.0),
        false => (strip.width() - 12.0).max(120.0),
    };
    let size = ui
        .painter()
        .layout(why.clone(), font.clone(), egui::Color32::WHITE, wrap)
        .size();
    // Beside the cards, so none of them is covered (read 19 found the line over their ranges
    // and texts); else low on them, over their Division bands.
    let plate = match beside {
        true => egui::Rect::from_min_size(
            egui::pos2(free.left(), free.center().y - size.y / 2.0 - 3.0),
            size + egui::vec2(12.0, 6.0),
        ),
        false => egui::Rect::from_center_size(
            egui::pos2(strip.center().x, strip.bottom() - size.y / 2.0 - 5.0),
            size + egui::vec2(12.0, 6.0),
        ),
    };
    ui.painter().rect(
        plate,
        4.0,
        egui::Color32::from_rgb(12, 16, 28),
        egui::Stroke::new(1.0, crate::game::theme::palette::STEEL.egui()),
        egui::StrokeKind::Outside,
    );
    // A label, not painted text, so a screen reader meets it too.
    let text = egui::RichText::new(why)
        .font(font)
        .color(egui::Color32::from_gray(235));
    ui.put(
        plate.shrink2(egui::vec2(6.0, 3.0)),
        egui::Label::new(text).wrap(),
    );
    true
}

/// The turn's controls' column beside the hand, at a fixed width for the window (egui
/// points): the hand takes the rest, however many cards it holds.
pub fn controls_width(window_width: f32) -> f32 {
    (window_width * 0.36).clamp(300.0, 560.0)
}

/// How far apart a hand's cards start: a card's width and a gap while `room` holds them all,
/// else overlapping to fit, but never closer than the strip that shows a card's number and
/// the start of its name.
pub fn hand_step(count: usize, card_width: f32, room: f32) -> f32 {
    const GAP: f32 = 6.0;
    const LEAST: f32 = 34.0;
    let full = card_width + GAP;
    if count < 2 || count as f32 * full <= room {
        return full;
    }
    ((room - card_width) / (count - 1) as f32).clamp(LEAST, full)
}

/// One card of the active hand: a click picks it, a right-click opens its menu. In the
/// Play phase, a card with no legal play now is dimmed and says why, in the rules' words.
fn hand_card(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
    menus: &mut CardMenus,
    (player, card): (PlayerId, CardId),
    index: usize,
    size: egui::Vec2,
    (playing, waits): (bool, bool),
) -> egui::Rect {
    let refusal = playing.then(|| state.why_no_play(player, card)).flatten();
    let tag = refusal
        .as_ref()
        .map(crate::words::refusal_tags::refusal_tag);
    let why = refusal.map(|refusal| refusal.to_string());
    // A card with no play but another use now (commit it to the mission, McCoy's) is not
    // dimmed: its hover says what it can do instead.
    let uses: Vec<String> = match why {
        Some(_) => offers::card_menu(state, player, card)
            .into_iter()
            .filter(|o| matches!(o.action.action, stp_rules::Action::Commit { .. }))
            .map(|o| o.words)
            .collect(),
        None => Vec::new(),
    };
    let why = why.map(|reason| match uses.is_empty() {
        true => reason,
        false => format!("{reason}; pick it to {}", lower_first(&uses.join(" or "))),
    });
    let look = CardLook {
        chosen: selection.card == Some((player, card)),
        dim: tag.filter(|_| uses.is_empty()),
        number: Some(index + 1),
    };
    let (response, badge) = cards::card(ui, card, size, look);
    // Picked, and no choice lit yet: the card has the focus a screen reader follows; a
    // refusal shown takes it instead (`controls`), so that it is heard.
    if look.chosen && selection.focus.is_none() && selection.message.is_none() {
        crate::game::theme::hold_tab_focus(&response);
    }
    // Picked with its key, the card shows at full size as a hover would show it: in the
    // window's bottom-left corner above the hand (over the seats' column), never over the
    // middle of the board where its targets are.
    let menu_open = egui::Popup::is_any_open(ui.ctx());
    if look.chosen
        && selection.keyed
        && selection.focus.is_none()
        && !response.hovered()
        && !menu_open
    {
        let corner = egui::pos2(
            ui.ctx().viewport_rect().left() + 8.0,
            response.rect.top() - 8.0,
        );
        egui::Area::new(egui::Id::new(("keyed card", card)))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .pivot(egui::Align2::LEFT_BOTTOM)
            .fixed_pos(corner)
            .constrain(true)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style())
                    .show(ui, |ui| cards::zoomed(ui, card, why.as_deref(), None));
            });
    }
    // The zoom stays away while a card's menu is open: it would cover the menu.
    let response = match menu_open {
        true => response,
        false => {
            response.on_hover_ui(|ui| cards::zoomed(ui, card, why.as_deref(), badge.as_deref()))
        }
    };
    // While the table waits (a bot's turn, the threats acting) the hand stays readable, at
    // full contrast, but takes no click.
    if waits {
        return response.rect;
    }
    if response.clicked() {
        selection.toggle(player, card);
    }
    card_menu(&response, state, (player, card), menus, actions);
    response.rect
}

/// A card's menu on a right-click, for any hand's card: a ping across machines, its rules,
/// and what `offers::card_menu` lists (commit, trade, take, McCoy's uses). A pinged card
/// wears a gold ring and who pinged it.
pub(super) fn card_menu(
    response: &egui::Response,
    state: &GameState,
    (player, card): (PlayerId, CardId),
    menus: &mut CardMenus,
    actions: &mut MessageWriter<PlayerAction>,
) {
    if let Some((_, who)) = menus.pings.pinged.iter().find(|(c, _)| *c == card) {
        let painter = response.ctx.layer_painter(response.layer_id);
        painter.rect_stroke(
            response.rect.expand(3.0),
            6.0,
            egui::Stroke::new(3.0, egui::Color32::GOLD),
            egui::StrokeKind::Outside,
        );
        ping_tag(&painter, response.rect, who);
    }
    response.context_menu(|ui| {
        if menus.pings.online && menu_item(ui, "Point the crew at this card") {
            menus.pings.ask = Some(crate::net::protocol::PingTarget::Card(card));
            ui.close();
        }
        if menu_item(ui, "Rules for this card") {
            let topic = match builtin().card(card).effect.told_with_hits() {
                true => crate::game::model::help_topic::HelpTopic::HitCards,
                false => crate::game::model::help_topic::HelpTopic::SupportCards,
            };
            menus.help.at(topic);
            ui.close();
        }
        let menu = offers::card_menu(state, player, card);
        if menu.is_empty() {
            // Its plays and trades are offered once it is picked (a click).
            let words = match player == state.turn().active {
                true => "Click the card to pick it: its plays and trades are offered then.",
                false => "Nothing else to do with this card now.",
            };
            ui.weak(words);
        }
        for offer in menu {
            if menu_item(ui, &offer.words) {
                actions.write(offer.action);
                ui.close();
            }
        }
    });
}

/// An item of a card's right-click menu, taken on a click or, as a native menu's, on the
/// primary button's release over it. Driven live under Xvfb, the menu's items saw the press
/// and the release over them (logged) and still reported no click, while egui alone with the
/// table's input options clicks them (`a_right_click_menu_answers_a_click_on_its_item`).
fn menu_item(ui: &mut egui::Ui, words: &str) -> bool {
    let item = ui.button(words);
    item.clicked() || (item.hovered() && ui.input(|i| i.pointer.primary_released()))
}

/// Who pinged a card, on a gold tag across its bottom edge: "Uhura points here", or just
/// the name (cut short) where the card is too narrow for more, so it never spills onto the
/// next card.
fn ping_tag(painter: &egui::Painter, card: egui::Rect, who: &str) {
    let font = egui::FontId::proportional(11.0);
    let room = card.width() - 8.0;
    let long = format!("{who} points here");
    let words = match cards::elide(painter, &long, &font, room) == long {
        true => long,
        false => cards::elide(painter, who, &font, room),
    };
    let galley = painter.layout_no_wrap(words, font, egui::Color32::BLACK);
    let tag =
        egui::Rect::from_center_size(card.center_bottom(), galley.size() + egui::vec2(8.0, 2.0));
    painter.rect_filled(tag, 4.0, egui::Color32::GOLD);
    painter.galley(tag.min + egui::vec2(4.0, 1.0), galley, egui::Color32::BLACK);
}

/// "Commit to the mission" as it reads mid-sentence.
fn lower_first(words: &str) -> String {
    let mut letters = words.chars();
    letters
        .next()
        .map_or(String::new(), |c| c.to_lowercase().chain(letters).collect())
}
