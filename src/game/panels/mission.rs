//! The mission card (objectives with progress, timer, committed cards, reward), the ship's
//! status by facing, and the piles.

use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::{GameState, SectionState};

use crate::describe::{card_name, facing_name};

pub(super) fn mission_card(ui: &mut egui::Ui, state: &GameState) {
    let content = builtin();
    ui.heading("Mission");
    match &state.mission {
        Some(m) => {
            let def = content.mission(m.mission);
            ui.strong(&def.name);
            ui.label(egui::RichText::new(&def.description).italics());
            ui.label(format!("Parameters: {}", def.text.parameters));
            if let Some(timer) = m.timer {
                ui.colored_label(egui::Color32::LIGHT_BLUE, format!("Mission Timer: {timer}"));
            }
            ui.label("Objectives:");
            let progress = state.mission_progress();
            let lines: Vec<&str> = def.text.objective.split(". ").collect();
            for (i, (done, need)) in progress.iter().enumerate() {
                let text = lines.get(i).map_or("", |l| l.trim_end_matches('.'));
                let color = if done >= need {
                    egui::Color32::LIGHT_GREEN
                } else {
                    egui::Color32::WHITE
                };
                ui.colored_label(color, format!("  {done}/{need}  {text}"));
            }
            if !m.committed.is_empty() {
                ui.label("Committed:");
                for c in &m.committed {
                    ui.label(format!("  {}", card_name(c.card)));
                }
            }
            ui.label(format!("Reward: {}", def.text.reward));
        }
        None if state.missions_done() => {
            ui.label("All required missions done: destroy the remaining threats!");
        }
        None => {
            ui.label("No mission in play.");
        }
    }
    ui.label(format!(
        "Completed: {} of {}",
        state.completed_missions.len(),
        state.config.missions_required
    ));
    ui.separator();
    ui.heading("Ship status");
    let word = |s: SectionState| match s {
        SectionState::Intact => "intact",
        SectionState::Damaged => "damaged",
        SectionState::Destroyed => "destroyed",
    };
    // By name, as the board's rim shows them: numbers would read as sector numbers.
    egui::Grid::new("ship-status")
        .num_columns(3)
        .spacing(egui::vec2(8.0, 2.0))
        .show(ui, |ui| {
            ui.weak("Facing");
            ui.weak("Shield");
            ui.weak("Hull");
            ui.end_row();
            for facing in 0..6u8 {
                ui.label(facing_name(facing));
                ui.label(word(state.enterprise.shields[facing as usize]));
                ui.label(word(state.enterprise.hull[facing as usize]));
                ui.end_row();
            }
        });
    if let Some(reason) = state.maneuver_forbidden() {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            format!("No maneuvering: {reason}"),
        );
    }
    ui.separator();
    ui.heading("Piles");
    ui.label(format!(
        "Deck {}   Discard {}   Removed {}",
        state.deck.len(),
        state.discard.len(),
        state.removed.len()
    ));
    ui.label(format!(
        "Threat bag {}   Threat discard {}",
        state.bag.len(),
        state.threat_discard.len()
    ));
}
