//! Help (F1): the keys, the turn phases and the rulings.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::Phase;

use super::Overlays;

/// The rulings, as written in `docs/rulings.md`.
pub const RULINGS: &str = include_str!("../../../docs/rulings.md");

pub(super) fn help_window(mut contexts: EguiContexts, mut overlays: ResMut<Overlays>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Help and rules reference")
        .open(&mut overlays.help)
        .vscroll(true)
        .default_size([640.0, 480.0])
        .default_pos(ctx.viewport_rect().center() - egui::vec2(320.0, 260.0))
        .show(ctx, |ui| {
            ui.heading("Keys");
            for line in [
                "Q or Left: turn counter-clockwise    E or Right: turn clockwise    W or Up: forward",
                "Space or Enter: end the phase         1-9: pick a card of the active hand",
                "Tab: next target of the picked card   Enter: play it there",
                "Ctrl+Z: undo     Esc: menu     F1: this help     R: reset the camera     F11: full screen",
                "Mouse: click a card, then a lit target (yellow numbers) or a target button;",
                "right-click a card for commit, trade and the other uses; right-drag to orbit, wheel to zoom.",
            ] {
                ui.monospace(line);
            }
            ui.heading("Turn phases");
            for phase in Phase::ALL {
                ui.label(format!("{}. {}", phase.number(), phase.name()));
            }
            super::markdown::show(ui, RULINGS);
        });
    Ok(())
}
