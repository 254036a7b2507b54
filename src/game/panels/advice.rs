//! The advisor's window, over the mission panel and clear of the board: a progress bar while
//! it thinks, then the advice, its reason, "Do it" (through the validator) and "Dismiss".

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::PlayerAction;

use crate::game::advisor::Advisor;
use crate::game::input::selection::Selection;

pub(super) fn advisor_window(
    mut contexts: EguiContexts,
    mut advisor: ResMut<Advisor>,
    mut selection: ResMut<Selection>,
    mut actions: MessageWriter<PlayerAction>,
) -> Result {
    let progress = advisor.progress();
    if progress.is_none() && advisor.counsel.is_none() && advisor.note.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Advisor")
        .collapsible(false)
        .resizable(false)
        .default_width(250.0)
        .anchor(egui::Align2::RIGHT_TOP, [-10.0, 96.0])
        .show(ctx, |ui| {
            ui.set_max_width(250.0);
            if let Some(done) = progress {
                ui.label("Sampling futures…");
                ui.add(egui::ProgressBar::new(done).show_percentage());
                return;
            }
            if let Some(note) = advisor.note.clone() {
                ui.label(note);
                if ui.button("Dismiss").clicked() {
                    advisor.note = None;
                }
                return;
            }
            let Some(counsel) = advisor.counsel.clone() else {
                return;
            };
            ui.strong(&counsel.words);
            ui.label(egui::RichText::new(&counsel.reason).small());
            ui.horizontal(|ui| {
                if ui.button("Do it").clicked() {
                    actions.write(counsel.action);
                    selection.clear_card();
                    advisor.counsel = None;
                }
                if ui.button("Dismiss").clicked() {
                    advisor.counsel = None;
                }
            });
        });
    Ok(())
}
