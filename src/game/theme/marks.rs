//! Marks drawn alike on the board and in its key, so the key shows what the board shows.

use bevy_egui::egui;

/// The tick on a threat that has moved and fired this phase: a green mark on a dark disc.
pub(crate) fn done_tick(painter: &egui::Painter, at: egui::Pos2, radius: f32) {
    painter.circle(
        at,
        radius,
        egui::Color32::from_rgb(14, 20, 30),
        egui::Stroke::new(1.5, egui::Color32::from_rgb(120, 230, 140)),
    );
    let r = radius * 0.55;
    painter.line(
        vec![
            at + egui::vec2(-r, 0.0),
            at + egui::vec2(-r * 0.3, r * 0.7),
            at + egui::vec2(r, -r * 0.6),
        ],
        egui::Stroke::new(
            (radius * 0.28).max(1.8),
            egui::Color32::from_rgb(120, 230, 140),
        ),
    );
}
