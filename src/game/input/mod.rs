//! Input: keys, the pointer over the table, and what the player has picked. Everything here
//! runs in `GameSystems::Input`, before the rules read the actions it sends.

pub mod egui_idle;
pub(crate) mod hotkeys;
mod keys;
pub mod pointer;
pub mod wait;

use bevy::prelude::*;

pub(super) fn window_plugin(app: &mut App) {
    app.add_plugins((keys::plugin, pointer::plugin, egui_idle::plugin));
}

/// What the player has picked, without a window (the presentation tests run this).
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((crate::game::model::selection::plugin, hotkeys::plugin));
}
