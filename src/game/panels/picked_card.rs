//! The picked card's choices beside the hand, all from its legal plays: its partner card
//! (D), Chekov's range shift (C), then its targets, commit and trades as buttons that Tab
//! and Enter reach; and the controls' line that says how to take them. Out of `hands`, which
//! draws the cards themselves.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::{GameState, PlayerAction, RangeShift};

use crate::game::model::offer::Offer;
use crate::game::model::offers;
use crate::game::model::selection::Selection;
use crate::words::describe::card_name;

/// The picked card's partner, shift and targets, all from its legal plays.
pub(super) fn picked_card(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
) {
    if selection.card.is_none() {
        return;
    }
    let plays = offers::plays(state, selection);
    offers::settle(selection, &plays);
    // Its choices: the targets (or "Play" for a card that takes none), then what else the
    // rules allow with it (commit to the mission, McCoy's uses, a trade): all as buttons,
    // Tab and Enter reaching each. What to do with them is said on the controls' line.
    let choices = offers::picked_choices(state, selection);
    if selection.token.is_none() {
        partner_and_shift(ui, &plays, selection);
    }
    choice_buttons(ui, state, choices, selection, actions);
}

/// What to do with the picked card, in words, for the controls' line: its name and damage,
/// and how its choices are taken.
pub(super) fn picked_how(state: &GameState, selection: &Selection) -> Option<String> {
    let (_, card) = selection.card?;
    let plays = offers::plays(state, selection);
    let name = match builtin().card(card).effect.hit() {
        Some(hit) => format!("{} · {} damage", card_name(card), hit.damage),
        None => card_name(card),
    };
    let choices = offers::picked_choices(state, selection);
    Some(match (selection.token, plays.is_empty(), choices.len()) {
        (_, _, 0) => format!("{name}: no legal play now, and nothing else to do with it."),
        (Some(token), _, _) => format!(
            "{name}: which way for the {}? (Esc: put it back)",
            crate::words::describe::token_name(token)
        ),
        (None, true, _) if state.turn().phase == stp_rules::Phase::Trade => {
            format!("{name}: trade it: pick who with below (Esc: put it back)")
        }
        (None, true, _) => {
            format!("{name}: no play now; Tab and Enter, or click (Esc: put it back)")
        }
        (None, false, 1) => format!("{name}: Enter or click to play (Esc: put it back)"),
        (None, false, _) if !offers::target_tokens(&plays).is_empty() => {
            format!("{name}: pick a target below or on the board (Esc: put it back)")
        }
        (None, false, _) => format!("{name}: pick one below (Esc: put it back)"),
    })
}

/// The picked card's partner card and Chekov's range shift, where it has a choice of them.
/// A choice D or C has just made takes the focus, so a screen reader says it ("with Direct
/// Hit, key D"), as a digit's pick is said.
fn partner_and_shift(ui: &mut egui::Ui, plays: &[PlayerAction], selection: &mut Selection) {
    let partners = offers::partners(plays);
    let shown_id = ui.id().with("partner-and-shift-shown");
    // What was shown last frame, for this card: a card newly picked keeps the focus its pick
    // gives it, whatever the last card's partner was.
    type Shown = (
        Option<(stp_rules::PlayerId, stp_rules::CardId)>,
        Option<stp_rules::CardId>,
        Option<RangeShift>,
    );
    let before: Option<Shown> = ui
        .data(|d| d.get_temp::<Shown>(shown_id))
        .filter(|b| b.0 == selection.card);
    let now: Shown = (selection.card, selection.with, selection.shift);
    let keyed_change = |was: bool| selection.keyed && before.is_some_and(|b| b != now) && was;
    let choice = |ui: &mut egui::Ui, chosen: bool, words: &str, spoken: String, focus: bool| {
        let response = ui.selectable_label(chosen, words);
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::WidgetType::SelectableLabel, true, chosen, &spoken)
        });
        if chosen && focus {
            response.request_focus();
        }
        response.clicked()
    };
    if partners.iter().any(Option::is_some) {
        let focus = keyed_change(before.is_some_and(|b| b.1 != now.1));
        ui.horizontal_wrapped(|ui| {
            ui.label("with [D]:");
            for with in partners {
                let words = with.map_or("alone".to_string(), card_name);
                let spoken = format!(
                    "{}, key D",
                    with.map_or("alone".to_string(), |c| format!("with {}", card_name(c)))
                );
                if choice(ui, selection.with == with, &words, spoken, focus) {
                    selection.with = with;
                }
            }
        });
    }
    let shifts = offers::shifts(plays, selection.with);
    if shifts.iter().any(Option::is_some) {
        let focus = keyed_change(before.is_some_and(|b| b.2 != now.2));
        ui.horizontal_wrapped(|ui| {
            ui.label("Chekov [C]:");
            for shift in shifts {
                let words = match shift {
                    None => "as printed",
                    Some(RangeShift::Nearer) => "one ring nearer",
                    Some(RangeShift::Farther) => "one ring farther",
                };
                let spoken = format!("Chekov: {words}, key C");
                if choice(ui, selection.shift == shift, words, spoken, focus) {
                    selection.shift = shift;
                }
            }
        });
    }
    let shown: Shown = (selection.card, selection.with, selection.shift);
    ui.data_mut(|d| d.insert_temp(shown_id, shown));
}

/// A card's target as a reader hears its button: the play it makes ("Phasers — Forward,
/// Long/Medium on Klingon Cruiser (Long Range, sector 1, fore-starboard facing)"), or the
/// trade ("Trade Phasers — Forward, Long/Medium to Ben for Red Alert"). The button's short
/// words alone, under Orca, said "Klingon Cruiser middle dot Long 1", and a trade "Red Alert
/// (Command) push button", not what Enter would do. `None` for any other choice.
pub fn spoken_target(state: &GameState, offer: &Offer) -> Option<String> {
    matches!(
        offer.action.action,
        stp_rules::Action::PlayCard { .. } | stp_rules::Action::Trade { .. }
    )
    .then(|| crate::words::describe::action_words(state, &offer.action))
}

/// The picked card's choices as buttons, the one Tab has in focus lit; a click takes one.
/// Trades come a row to each other player ("Eli: Security Team · Tritanium …"), so six seats'
/// hands stay a few lines, not twenty buttons; each button's hover says the trade in full.
fn choice_buttons(
    ui: &mut egui::Ui,
    state: &GameState,
    choices: Vec<Offer>,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
) {
    let trade_with = |offer: &Offer| match offer.action.action {
        stp_rules::Action::Trade { with, take, .. } => Some((with, take)),
        _ => None,
    };
    let mut chosen = None;
    let mut button = |ui: &mut egui::Ui, index: usize, words: String, full: &str| {
        let focused = selection.focus == Some(index);
        // Lit, and focused for a screen reader, where Tab has it.
        let response = crate::game::theme::tab_button(ui, true, words, focused);
        if let Some(spoken) = choices.get(index).and_then(|o| spoken_target(state, o)) {
            response
                .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &spoken));
        }
        // The choice Tab brings into focus is scrolled into view: never taken unseen.
        if focused {
            response.scroll_to_me(None);
        }
        if response.on_hover_text(full).clicked() {
            chosen = Some(index);
        }
    };
    // A threat's button names it and its place in a few words; the hover says it whole.
    let short = |offer: &Offer| match offer.action.action {
        stp_rules::Action::PlayCard { target, .. } => {
            crate::words::describe::short_target_name(state, target)
        }
        _ => None,
    };
    if choices.iter().any(|o| trade_with(o).is_none()) {
        ui.horizontal_wrapped(|ui| {
            for (index, offer) in choices.iter().enumerate() {
                if trade_with(offer).is_none() {
                    let words = short(offer).unwrap_or_else(|| offer.words.clone());
                    button(ui, index, words, &offer.words);
                }
            }
        });
    }
    let mut partners: Vec<u8> = choices
        .iter()
        .filter_map(|o| Some(trade_with(o)?.0))
        .collect();
    partners.sort_unstable();
    partners.dedup();
    for partner in partners {
        ui.horizontal_wrapped(|ui| {
            let name = state
                .players()
                .get(partner as usize)
                .map_or("", |p| p.name.as_str());
            ui.label(format!("Trade with {name}:"));
            for (index, offer) in choices.iter().enumerate() {
                if let Some((with, take)) = trade_with(offer)
                    && with == partner
                {
                    button(
                        ui,
                        index,
                        crate::words::describe::card_with_credit(take),
                        &offer.words,
                    );
                }
            }
        });
    }
    if let Some(offer) = chosen.and_then(|index| choices.get(index)) {
        actions.write(offer.action);
        selection.clear_card();
    }
}
