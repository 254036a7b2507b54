//! Windows over the table: the boarders with every Security Team that may be played, Spock's
//! choice (both from `offers`), and the controls for watching a game again.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::{LoadGame, PlayerAction, Window as RulesWindow};

use crate::game::crew::{Away, Crew};
use crate::game::model::handover::Handover;
use crate::game::model::offer::Offer;
use crate::game::model::record::Record;
use crate::game::model::record::Replaying;
use crate::game::model::window_offers;
use crate::game::pacing::{Sequence, Shown};
use crate::game::session::{replay_step, stop_watching};
use crate::words::describe::{facing_name, token_name};

/// What holds the table's choices back: the conn handed over, a sequence showing, someone
/// away.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ChoicesWait<'w> {
    handover: Res<'w, Handover>,
    sequence: Res<'w, Sequence>,
    away: Res<'w, Away>,
}

impl ChoicesWait<'_> {
    fn wait(&self) -> bool {
        self.handover.0.is_some() || self.sequence.is_playing() || !self.away.0.is_empty()
    }
}

/// A game watched again: where the replay is, the record it came from, and the load that
/// takes the table back to the game when the watching stops.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct WatchedAgain<'w> {
    replaying: ResMut<'w, Replaying>,
    record: ResMut<'w, Record>,
    loads: MessageWriter<'w, LoadGame>,
}

pub(super) fn windows(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    mut actions: MessageWriter<PlayerAction>,
    waits: ChoicesWait,
    mut watched: WatchedAgain,
    crew: Res<Crew>,
    mut layout: ResMut<crate::game::model::windows::PanelLayout>,
    selection: Res<crate::game::model::selection::Selection>,
) -> Result {
    let Some(state) = shown.get() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // A seat played at another machine answers there.
    // Each choice carries its number key, which answers it as a click does (`input::keys`).
    // The window's first choice takes a screen reader's focus once as it opens, each choice
    // named with its key ("Bob: play Security Team, key 1"): under Orca the boarders' window
    // was silent, Tab said nothing, and its choices went unheard.
    // Tab goes round the choices (`offers::keyed_choices`); the one in its focus is lit.
    let opening = (state.turn().number, state.turn().window.clone());
    let in_focus = crate::game::model::offers::in_focus(state, &selection);
    let mut send = |ui: &mut egui::Ui, index: usize, offer: Offer| {
        let lit = in_focus == Some(index);
        if !crew.is_remote(offer.action.player)
            && crate::game::theme::window_choice(ui, index, &offer.words, (&opening, lit)).clicked()
        {
            actions.write(offer.action);
        }
    };
    // The rules' windows open once the threat phase that led to them has played. They wait for
    // less than the other controls (`input::ControlsWait`): during a bot's turn, people may
    // still play their Security Teams.
    let waiting = waits.wait();
    // Over the mission card, so the board stays in view while the players choose (the log is a
    // one-line drawer now).
    let panel = |wanted: &str| {
        layout
            .panels
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, r)| *r)
    };
    // As wide as the mission panel they sit in, less its margins.
    let side = panel("mission").map_or(205.0, |r| r.width()) - 14.0;
    // At the foot of the mission panel, above the hand: the ship's status at its top stays in
    // view while the boarders come aboard.
    let above_hand = panel("hand").map_or(8.0, |r| ctx.viewport_rect().bottom() - r.top() + 6.0);
    match &state.turn().window {
        Some(RulesWindow::Boarding {
            boarders,
            reduction,
        }) if !waiting => {
            // Ids of its own at each opening, as the menu's (a screen reader may take a
            // window back with the ids of a closed one for that one, and say nothing).
            let shown = egui::Window::new("Boarders!")
                .id(egui::Id::new(("boarders", &opening)))
                .collapsible(false)
                .anchor(egui::Align2::RIGHT_BOTTOM, [-6.0, -above_hand])
                .max_width(side)
                .show(ctx, |ui| {
                    for b in boarders {
                        ui.label(format!(
                            "{} boards through the {} facing: {} damage to its Hull.",
                            token_name(b.token),
                            facing_name(b.facing),
                            b.damage
                        ));
                    }
                    ui.label(format!("Security Teams played: {reduction}"));
                    for (index, offer) in window_offers::boarding(state).into_iter().enumerate() {
                        send(ui, index, offer);
                    }
                });
            if let Some(window) = shown {
                layout.windows.push(("boarders", window.response.rect));
            }
        }
        Some(RulesWindow::SpockChoice { drawn }) if !waiting => {
            let shown = egui::Window::new("Spock's choice")
                .id(egui::Id::new(("spock", &opening)))
                .collapsible(false)
                .anchor(egui::Align2::RIGHT_BOTTOM, [-6.0, -above_hand])
                .max_width(side)
                .show(ctx, |ui| {
                    // What was drawn, once, with what makes each matter; the buttons name them.
                    ui.label("Drawn:");
                    for token in drawn {
                        ui.label(format!("· {}", crate::words::describe::token_brief(*token)));
                    }
                    ui.label("Pick two to resolve, in order; the third goes back in the bag.");
                    for (index, offer) in window_offers::spock(state).into_iter().enumerate() {
                        send(ui, index, offer);
                    }
                });
            if let Some(window) = shown {
                layout.windows.push(("spock", window.response.rect));
            }
        }
        _ => {}
    }
    let WatchedAgain {
        replaying,
        record,
        loads,
    } = &mut watched;
    if let Some(total) = replaying.record.as_ref().map(|r| r.actions.len()) {
        egui::Window::new("Watching the game again")
            .collapsible(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, [-290.0, -200.0])
            .show(ctx, |ui| {
                ui.label(format!("Step {} of {total}", replaying.next));
                ui.horizontal(|ui| {
                    if ui.button("Next step").clicked() {
                        replay_step(replaying, &mut actions);
                    }
                    let label = if replaying.playing { "Pause" } else { "Play" };
                    if ui.button(label).clicked() {
                        replaying.playing = !replaying.playing;
                    }
                    ui.add(
                        egui::Slider::new(&mut replaying.step_seconds, 0.0..=2.0)
                            .text("seconds a step"),
                    );
                    if ui.button("Stop watching").clicked() {
                        stop_watching(replaying, record, loads);
                    }
                });
            });
    }
    Ok(())
}
