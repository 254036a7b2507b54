//! The crew's column at the table's left: an Academy lesson's words, the other seats with
//! their hands, and under them the threats' list at up to four players, where the seats leave
//! it room (at five and six it stands in the ship's column). The key to the board's marks
//! is a window (K), not a part of the column: read in the column at two seats and nowhere at
//! six, it read as a different layout (reads 43 to 46).

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::preview::ThreatPreview;
use stp_rules::{GameState, PlayerAction, PlayerId};

use super::{CardMenus, seats, threat_roster};
use crate::game::crew::{Away, Crew};
use crate::game::theme;
use crate::game::tutorial::{Academy, AcademyChoice};

/// What the column reads, as the table's panels found it this frame.
pub(super) struct Column<'a> {
    /// The window's width, in egui's points.
    pub width: f32,
    /// Whether the controls wait (a replay, a threat phase playing, a handover).
    pub watching: bool,
    /// Whose hand lies at the foot, so not among the seats.
    pub foot: PlayerId,
    /// Whether the ship's column showed the threats' list.
    pub listed: bool,
    /// The rules' forecast of the coming threat phase.
    pub preview: Option<&'a ThreatPreview>,
    /// Where the column says whether it had room for the list (the next frame's choice).
    pub left_fits_id: egui::Id,
    /// Where it says it had none, when it tried.
    pub crew_failed_id: egui::Id,
    /// Who sits at this table, and who stepped away.
    pub people: (&'a Crew, &'a Away),
    /// Whether nothing is picked or focused, so a lesson's buttons may take the focus.
    pub focus_free: bool,
}

/// What the column changes: the lesson, the actions sent, the cards' menus, and where the
/// seats' hands were laid out (for the layout report).
pub(super) struct Writes<'a, 'l, 'p, 'm> {
    pub academy: &'a mut Academy,
    pub lesson_choices: &'a mut MessageWriter<'l, AcademyChoice>,
    pub actions: &'a mut MessageWriter<'p, PlayerAction>,
    pub menus: &'a mut CardMenus<'m>,
    pub hands_layout: &'a mut Vec<crate::game::model::windows::HandLayout>,
}

/// Draws the column.
pub(super) fn crew_column(
    root: &mut egui::Ui,
    state: &GameState,
    column: Column,
    writes: Writes,
) -> egui::InnerResponse<()> {
    let lesson = writes.academy.lesson.is_some();
    egui::Panel::left("seats")
        .exact_size((column.width * 0.2).clamp(210.0, 300.0))
        .show(root, |ui| {
            if lesson {
                if let Some(choice) =
                    crate::game::tutorial::lesson_panel(ui, writes.academy, column.focus_free)
                {
                    writes.lesson_choices.write(choice);
                }
                if state.players().len() > 1 {
                    ui.separator();
                }
            }
            // Waiting, the seats take no click but stay readable (not faded to grey).
            if column.watching {
                ui.visuals_mut().disabled_alpha = 0.9;
                ui.disable();
            }
            // The column's title where it has the room: six long hands on a 600-line
            // screen need every line of it.
            let short = ui.ctx().content_rect().height() < 700.0;
            if state.players().len() > 1 && !(short && state.players().len() > 4) {
                theme::header(ui, "Crew", theme::BAR_CREW);
            }
            // The seats make room for the threats' list here, in its roomier shape or its
            // denser one, dropping their abilities' lines (on hover) first.
            let needed = [false, true].map(|least| threat_roster::height_needed(ui, state, least));
            let fits = state.players().len() > 1
                && needed
                    .iter()
                    .any(|list| seats::room_below(ui, state, column.foot, *list));
            ui.ctx()
                .data_mut(|d| d.insert_temp(column.left_fits_id, fits));
            let list = if column.listed { [0.0; 2] } else { needed };
            seats::seats(
                ui,
                state,
                list,
                column.foot,
                column.people,
                writes.actions,
                writes.menus,
                writes.hands_layout,
            );
            // The threats' list, unless the ship's column had to take it (readers missed it
            // where it came and went).
            if !column.listed {
                let shown = threat_roster::threat_roster(ui, state, column.preview, true);
                ui.ctx()
                    .data_mut(|d| d.insert_temp(column.crew_failed_id, !shown));
            }
            theme::section_frame(ui);
        })
}
