//! The top bar: whose turn it is, the seven phases with the current one lit, a hint, the
//! controls that `offers::top_bar` lists (end the phase, maneuvers, the mission die, Scotty's
//! repairs), undo, help, the menu and the animation speed, and the last refusal.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::undo::UndoHistory;
use stp_rules::{Action, GameState, Phase, PlayerAction, UndoRequest, Window as RulesWindow};

use super::Overlays;
use super::offers;
use crate::game::input::selection::Selection;
use crate::game::table::AnimationSpeed;

/// What the player asked of the bar's buttons this frame.
#[derive(Debug, Default)]
pub(super) struct Asked {
    /// Skip the rest of the threat phase playing.
    pub skip: bool,
    /// Ask the advisor.
    pub advice: bool,
}

pub(super) struct TopBar<'a> {
    pub state: &'a GameState,
    pub selection: &'a Selection,
    pub history: &'a UndoHistory,
    pub overlays: &'a mut Overlays,
    pub speed: &'a mut AnimationSpeed,
    pub watching: bool,
    /// A threat phase is playing on the board.
    pub sequence: bool,
    /// Undo is offered (not in a game across machines).
    pub undo: bool,
}

impl TopBar<'_> {
    /// Draws the bar; says what the player asked of the bar's own buttons.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        actions: &mut MessageWriter<PlayerAction>,
        undo: &mut MessageWriter<UndoRequest>,
    ) -> Asked {
        let mut asked = Asked::default();
        let state = self.state;
        let active = state.turn.active;
        ui.horizontal_wrapped(|ui| {
            let seat = &state.players[active as usize];
            let character = &builtin().characters[seat.character as usize];
            ui.strong(format!(
                "Turn {} — {} ({})",
                state.turn.number, seat.name, character.name
            ))
            .on_hover_text(&character.text);
            ui.separator();
            for phase in Phase::ALL {
                let current = phase == state.turn.phase;
                let text = egui::RichText::new(phase_label(state, phase));
                ui.label(if current {
                    text.strong().color(egui::Color32::YELLOW)
                } else {
                    text.weak()
                });
            }
            if ui
                .small_button("?")
                .on_hover_text("The turn's phases")
                .clicked()
            {
                self.overlays.help_at(super::help::PHASES);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if self.sequence {
                ui.label("The threats are acting: watch the board.");
                asked.skip = ui.button("Skip to the end [Space]").clicked();
            } else {
                ui.label(phase_hint(state));
            }
            // The game's controls wait while a game is watched again or the conn is handed
            // over; help, the menu and the animation speed stay at hand.
            let playing = !self.watching;
            let (repairs, controls): (Vec<_>, Vec<_>) = offers::top_bar(state)
                .into_iter()
                .partition(|c| matches!(c.offer.action.action, Action::Repair(_)));
            for control in controls {
                let button = ui.add_enabled(
                    playing && control.refusal.is_none(),
                    egui::Button::new(&control.offer.words),
                );
                if let Some(reason) = &control.refusal {
                    button.clone().on_disabled_hover_text(reason.to_string());
                }
                if button.clicked() {
                    actions.write(control.offer.action);
                }
            }
            // A repair ability offers one button per damaged section: one menu keeps the bar
            // to a line.
            if playing && !repairs.is_empty() {
                ui.menu_button(format!("Free repair ({})", repairs.len()), |ui| {
                    for control in repairs {
                        if ui.button(&control.offer.words).clicked() {
                            actions.write(control.offer.action);
                            ui.close();
                        }
                    }
                });
            }
            if self.undo
                && ui
                    .add_enabled(
                        playing && self.history.can_undo(state, active),
                        egui::Button::new("Undo [Ctrl+Z]"),
                    )
                    .clicked()
            {
                undo.write(UndoRequest { player: active });
            }
            asked.advice = ui
                .add_enabled(playing && state.awaits_players(), egui::Button::new("Advisor [H]"))
                .on_hover_text("What would the advisor do? It searches sampled futures; it never acts by itself.")
                .clicked();
            if ui.button("Help [F1]").clicked() {
                self.overlays.help = !self.overlays.help;
            }
            if ui.button("Menu [Esc]").clicked() {
                self.overlays.menu = !self.overlays.menu;
            }
            ui.add(egui::Slider::new(&mut self.speed.speed, 0.25..=4.0).text("speed"));
            ui.checkbox(&mut self.speed.skip, "skip animations");
        });
        // Always one line, so a refusal appearing never pushes the layout down.
        let message = self.selection.message.as_deref().unwrap_or(" ");
        ui.horizontal(|ui| {
            ui.colored_label(egui::Color32::LIGHT_RED, message);
            if let Some(refusal) = &self.selection.refusal
                && ui
                    .small_button("?")
                    .on_hover_text("The rule behind this")
                    .clicked()
            {
                self.overlays
                    .help_at(super::help::topic_for_refusal(refusal));
            }
        });
        asked
    }
}

/// The phase as the tracker shows it: phase 7 says how many threats this turn draws (a
/// mission can make it 3).
pub fn phase_label(state: &GameState, phase: Phase) -> String {
    match phase {
        Phase::DrawNewThreats => format!("7 Draw {} New Threats", state.threats_per_turn()),
        _ => format!("{} {}", phase.number(), phase.name()),
    }
}

fn phase_hint(state: &GameState) -> String {
    if let Some(window) = &state.turn.window {
        return match window {
            RulesWindow::Boarding { .. } => {
                "Boarders! Anyone holding a Security Team may play it, then let them board.".into()
            }
            RulesWindow::SpockChoice { .. } => {
                "Spock: choose two threats to resolve, in order.".into()
            }
        };
    }
    match state.turn.phase {
        Phase::Trade => {
            "Trade one card with another player (right-click their card), or end the phase (Space)."
                .into()
        }
        Phase::PlayAndManeuver => {
            let left = state
                .maneuver_allowance()
                .saturating_sub(state.turn.maneuvers);
            format!(
                "Play or commit cards, maneuver ({left} left: Q/E/W), then end the phase (Space)."
            )
        }
        _ => "The rules are resolving…".into(),
    }
}
