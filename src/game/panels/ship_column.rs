//! The ship's column at the table's right: the ship's state and the mission card, and under
//! them the threats' list where the crew's column leaves it here. The diagram yields to the
//! card and the list, as far as its least size, so that the column does not scroll.

use bevy_egui::egui;
use stp_rules::GameState;
use stp_rules::preview::ThreatPreview;

use super::{mission, threat_roster};
use crate::game::theme;

/// What the column shows beside the state, as the table's panels found it this frame.
pub(super) struct Column<'a> {
    /// The window's width, in egui's points.
    pub width: f32,
    /// The coming phase's damage in all ("Phase 6: 3 dmg, 1 Hull destroyed").
    pub coming: Option<&'a str>,
    /// Where a cloaked ship's die may add a shot ("a cloaked ship fires from sector 2, 3 or 4
    /// (die roll)").
    pub chance: Option<&'a str>,
    /// The rules' forecast of the coming threat phase.
    pub preview: Option<&'a ThreatPreview>,
    /// Whether the threats' list stands under the crew instead.
    pub list_left: bool,
    /// Where the crew's column says it had no room for the list last frame.
    pub crew_failed_id: egui::Id,
}

/// What the ship's column held besides the diagram last frame, in which shape, and how much
/// taller the full shape is than the squeezed one.
#[derive(Debug, Clone, Copy)]
struct ColumnRest {
    rest: f32,
    squeezed: bool,
    savings: f32,
}

impl Default for ColumnRest {
    fn default() -> Self {
        ColumnRest {
            rest: 0.0,
            squeezed: false,
            // The Objectives heading and the timer's second line, before it is measured.
            savings: 40.0,
        }
    }
}

/// Draws the column; returns its panel, the mission card's scroll area (the layout report
/// says whether it scrolled) and whether the threats' list was shown here.
pub(super) fn ship_column(
    root: &mut egui::Ui,
    state: &GameState,
    column: Column,
) -> egui::InnerResponse<(egui::scroll_area::ScrollAreaOutput<f32>, bool)> {
    // A mission card takes the column's height: with one, the column is a little wider, so
    // its lines wrap less (four seats, a mission's ban and reward and a cloaked ship's chance
    // scrolled the reward away at 1280x720 and at 1920x1080, read 37's p154), and wider
    // still in a window with room to spare (The Doomsday Machine's reward scrolled away at
    // 1920x1080 beside four seats and a cloaked ship, read 49); a small window keeps its board.
    let (share, widest) = match (state.mission(), column.width >= 1200.0) {
        (Some(_), true) => (0.21, 285.0),
        (Some(_), false) => (0.2, 270.0),
        (None, _) => (0.18, 250.0),
    };
    egui::Panel::right("mission")
        .exact_size((column.width * share).clamp(205.0, widest))
        .show(root, |ui| {
            // The diagram yields room to the list below it: what the column holds besides
            // the diagram is known from the last frame (egui lays out once a frame).
            // Where that leaves the diagram less than its usual size, the card squeezes too;
            // it leaves that shape only where the full one, `savings` taller, would fit, so
            // the two never take turns frame after frame.
            let rest_id = egui::Id::new("ship-column-rest");
            let last: Option<ColumnRest> = ui.ctx().data(|d| d.get_temp(rest_id));
            let last = last.unwrap_or_default();
            let full_rest = match last.squeezed {
                true => last.rest + last.savings,
                false => last.rest,
            };
            let squeezed = ui.available_height() - full_rest < mission::usual_diagram(ui);
            let rest = match squeezed {
                true => full_rest - last.savings,
                false => full_rest,
            };
            let without_scrolling = ui.available_height() - rest;
            // The list under the seats leaves the whole column to the ship and the card; here,
            // it takes its height and the gap egui leaves between the column and the list.
            let list_here = match column.list_left {
                true => 0.0,
                false => {
                    threat_roster::height_needed(ui, state, false) + ui.spacing().item_spacing.y
                }
            };
            let room = mission::DiagramRoom {
                beside_list: without_scrolling - list_here,
                without_scrolling,
                squeezed,
            };
            let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
                mission::mission_card(ui, state, (column.coming, column.chance), room)
            });
            let rest_now = scrolled.content_size.y - scrolled.inner;
            // What squeezing saved, learnt where the shape changed.
            let savings = match (last.squeezed, squeezed) {
                (true, false) => (rest_now - last.rest).max(last.savings),
                (false, true) => (last.rest - rest_now).max(last.savings),
                _ => last.savings,
            };
            let now = ColumnRest {
                rest: rest_now,
                squeezed,
                savings,
            };
            ui.ctx().data_mut(|d| d.insert_temp(rest_id, now));
            // Below them, where the column has room: the threats as a list.
            // The denser paragraphs here only where the crew's column could not hold the list
            // when it last tried: a line a space reads best, in either column.
            let dense = ui
                .ctx()
                .data(|d| d.get_temp(column.crew_failed_id))
                .unwrap_or(false);
            let listed =
                !column.list_left && threat_roster::threat_roster(ui, state, column.preview, dense);
            theme::section_frame(ui);
            (scrolled, listed)
        })
}
