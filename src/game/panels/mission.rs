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
        None => {
            ui.label(no_mission(state));
        }
    }
    if let Some(line) = completed(state) {
        ui.label(line);
    }
    ui.separator();
    ui.heading("Ship status");
    ship_status(ui, state);
    // The rules' reason says it all ("a Tholian web holds the Enterprise: no maneuvering").
    if let Some(reason) = state.maneuver_forbidden() {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            super::top_bar::sentence(&reason.to_string()),
        );
    }
    ui.separator();
    ui.heading("Piles");
    egui::Grid::new("piles")
        .num_columns(2)
        .spacing(egui::vec2(10.0, 2.0))
        .show(ui, |ui| {
            for (name, count) in [
                ("Deck", state.deck.len()),
                ("Discard", state.discard.len()),
                ("Removed", state.removed.len()),
                ("Threat bag", state.bag.len()),
                ("Threat discard", state.threat_discard.len()),
            ] {
                ui.label(name);
                ui.label(count.to_string());
                ui.end_row();
            }
        });
}

/// A section's state in words, in its colour (grey intact, amber damaged, red destroyed).
fn section_words(state: SectionState) -> egui::RichText {
    let (word, colour) = match state {
        SectionState::Intact => ("intact", super::theme::TEXT),
        SectionState::Damaged => ("damaged", egui::Color32::from_rgb(255, 190, 80)),
        SectionState::Destroyed => ("destroyed", egui::Color32::from_rgb(255, 110, 100)),
    };
    egui::RichText::new(word).color(colour)
}

/// Each facing by name, as the board's rim shows them (numbers would read as sector
/// numbers), with its Shield and Hull: a row each where the panel is wide enough, else a line
/// for the Shields and one for the Hull naming what is not intact.
fn ship_status(ui: &mut egui::Ui, state: &GameState) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str| {
        ui.painter()
            .layout_no_wrap(text.into(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let names: Vec<&str> = (0..6u8).map(facing_name).collect();
    let needed =
        names.iter().map(|n| width(n)).fold(0.0, f32::max) + 2.0 * width("destroyed") + 20.0;
    let ship = &state.enterprise;
    if needed <= ui.available_width() {
        egui::Grid::new("ship-status")
            .num_columns(3)
            .spacing(egui::vec2(8.0, 2.0))
            .show(ui, |ui| {
                ui.weak("Facing");
                ui.weak("Shield");
                ui.weak("Hull");
                ui.end_row();
                for (facing, name) in names.iter().enumerate() {
                    ui.label(*name);
                    ui.label(section_words(ship.shields[facing]));
                    ui.label(section_words(ship.hull[facing]));
                    ui.end_row();
                }
            });
        return;
    }
    for (what, sections) in [("Shields", &ship.shields), ("Hull", &ship.hull)] {
        ui.label(egui::RichText::new(status_line(what, sections)).color(super::theme::TEXT));
    }
}

/// What the card says with no mission in play: in a game without missions, in one whose
/// missions are all done, or between missions.
pub fn no_mission(state: &GameState) -> &'static str {
    if state.config.missions_required == 0 {
        "No missions in this game: empty the threat bag and clear the board."
    } else if state.missions_done() {
        "All required missions done: destroy the remaining threats!"
    } else {
        "No mission in play."
    }
}

/// "Completed: 2 of 5", in a game that has missions.
pub fn completed(state: &GameState) -> Option<String> {
    (state.config.missions_required > 0).then(|| {
        format!(
            "Completed: {} of {}",
            state.completed_missions.len(),
            state.config.missions_required
        )
    })
}

/// "Shields: damaged starboard, port; destroyed aft-starboard", or "Hull: all intact".
pub fn status_line(what: &str, sections: &[SectionState; 6]) -> String {
    let named = |wanted: SectionState| -> Vec<&str> {
        (0..6u8)
            .filter(|f| sections[*f as usize] == wanted)
            .map(facing_name)
            .collect()
    };
    let parts: Vec<String> = [
        (SectionState::Damaged, "damaged"),
        (SectionState::Destroyed, "destroyed"),
    ]
    .into_iter()
    .filter_map(|(state, word)| {
        let names = named(state);
        (!names.is_empty()).then(|| format!("{word} {}", names.join(", ")))
    })
    .collect();
    match parts.is_empty() {
        true => format!("{what}: all intact"),
        false => format!("{what}: {}; the rest intact", parts.join("; ")),
    }
}
