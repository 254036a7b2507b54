//! The advisor's window, over the mission panel and clear of the board: a progress bar while
//! it thinks, then the advice, its reason, "Do it" (through the validator) and "Dismiss".

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::PlayerAction;

use crate::game::advisor::Advisor;
use crate::game::model::selection::Selection;

pub(super) fn advisor_window(
    mut contexts: EguiContexts,
    mut advisor: ResMut<Advisor>,
    mut selection: ResMut<Selection>,
    mut actions: MessageWriter<PlayerAction>,
    table_rect: Res<crate::game::model::pointing::TableRect>,
) -> Result {
    let table = table_rect.0;
    let progress = advisor.progress();
    if progress.is_none() && advisor.counsel.is_none() && advisor.note.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Advisor")
        .collapsible(false)
        .resizable(false)
        .default_width(250.0)
        // Over the board's top-left corner, clear of the ship's status it asks you to judge
        // and of the rules' windows at the right.
        .anchor(egui::Align2::LEFT_TOP, [table.left() + 10.0, table.top() + 10.0])
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
                let do_it = ui.button("Do it");
                // The advice whole on the button, which takes the focus as the advice comes:
                // under Orca the advisor said "0 percent." and never its advice.
                let said = format!("Advice: {}. {} Do it", counsel.words, counsel.reason);
                do_it.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &said)
                });
                crate::game::theme::take_tab_focus_once(&do_it, ("advice", &counsel.words));
                if do_it.clicked() {
                    actions.write(counsel.action);
                    selection.clear_card();
                    advisor.counsel = None;
                }
                if ui.button("Dismiss [Esc]").clicked() {
                    // What the advice picked on the table goes back with it.
                    if selection.card.is_some_and(|(_, c)| {
                        matches!(counsel.action.action, stp_rules::Action::PlayCard { card, .. } if card == c)
                    }) {
                        selection.clear_card();
                    }
                    advisor.counsel = None;
                }
            });
        });
    Ok(())
}
