//! The crew's column at the table's left: an Academy lesson's words, the other seats with
//! their hands, the threats' list where the ship's column had no room for it, and the key to
//! the board's marks in the room the seats leave.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::preview::ThreatPreview;
use stp_rules::{GameState, PlayerAction, PlayerId};

use super::{CardMenus, key, seats, threat_roster};
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
    /// The key's own state (open as a window, or in the column).
    pub key: &'a crate::game::model::windows::Key,
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
            // Where the ship's column had no room for the threats' list, the seats make
            // room for it here, dropping their abilities' lines (on hover) first.
            let needed = [false, true].map(|least| threat_roster::height_needed(ui, state, least));
            let fits =
                state.players().len() > 1 && seats::room_below(ui, state, column.foot, needed[0]);
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
            // The threats' list where the ship's column had no room for it (readers
            // missed it where it came and went).
            if !column.listed {
                let shown = threat_roster::threat_roster(ui, state, column.preview, true);
                ui.ctx()
                    .data_mut(|d| d.insert_temp(column.crew_failed_id, !shown));
            }
            // The board's marks in the room the seats leave.
            if !lesson {
                ui.add_space(6.0);
                key::key_in_column(ui, column.key, state, column.preview);
            }
            theme::section_frame(ui);
        })
}
