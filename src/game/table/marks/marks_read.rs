//! The board's marks for whoever asks: a hovered mark's meaning in a tip, and the board's
//! sentences as nodes of egui's tree for a screen reader, stepped through by B (issue 43).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::model::board_reading::BoardReading;
use crate::game::model::pointing::TableRect;
use crate::game::table::marks::board_painter::SceneMarks;
use crate::game::theme::palette;

/// Hovering a mark on the board (a rim's name or "?", an arrow, a shot line) says what it
/// means; a token's own tooltip (`hover`) takes precedence.
pub(crate) fn show_tips(
    mut contexts: EguiContexts,
    marks: Res<SceneMarks>,
    hovered: Res<crate::game::model::pointing::Hovered>,
    table_rect: Res<TableRect>,
    windows: Query<&Window>,
) -> Result {
    if hovered.0.is_some() {
        return Ok(());
    }
    let Some(cursor) = windows.iter().find_map(|w| w.cursor_position()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    let at = egui::pos2(cursor.x / zoom, cursor.y / zoom);
    if !crate::game::model::pointing::on_table(ctx, &table_rect, cursor) {
        return Ok(());
    }
    // The smallest mark under the pointer is the one it is on (a web's strands span a
    // sector; the "?" on them is a few points wide).
    let Some((_, words)) = marks
        .tips
        .iter()
        .filter(|(r, _)| r.expand(2.0).contains(at))
        .min_by(|(a, _), (b, _)| a.area().total_cmp(&b.area()))
    else {
        return Ok(());
    };
    egui::Area::new("mark-tip".into())
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(at + egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(340.0);
                ui.label(words.as_str());
            });
        });
    Ok(())
}

/// The board's sentences (`SceneMarks::reader`) as nodes of egui's tree, where they are
/// painted, so a screen reader finds each sector's forecast and each mission token on the
/// table (issue 43). They take no pointer; B steps the keyboard through them
/// (`input::board_reading`): the one in reach holds the focus, ringed in the console's gold.
pub(crate) fn read_board(
    mut contexts: EguiContexts,
    marks: Res<SceneMarks>,
    mut reading: ResMut<BoardReading>,
) -> Result {
    if reading.count != marks.reader.len() {
        reading.count = marks.reader.len();
        if reading.at.is_some_and(|i| i >= reading.count) {
            reading.at = None;
        }
    }
    if marks.reader.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("board-for-readers".into())
        .order(egui::Order::Background)
        .interactable(false)
        .fixed_pos(egui::Pos2::ZERO)
        .show(ctx, |ui| {
            for (i, (words, rect)) in marks.reader.iter().enumerate() {
                // A widget of its own each time it is reached, so a reader says it again.
                let node = ui
                    .push_id(("board-sentence", i), |ui| {
                        ui.allocate_rect(*rect, egui::Sense::hover())
                    })
                    .inner;
                node.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::WidgetType::Label, true, words)
                });
                if reading.at == Some(i) {
                    ui.painter().rect_stroke(
                        rect.expand(4.0),
                        4.0,
                        egui::Stroke::new(2.5, palette::GOLD.egui()),
                        egui::StrokeKind::Outside,
                    );
                    crate::game::theme::hold_tab_focus(&node);
                }
            }
        });
    Ok(())
}
