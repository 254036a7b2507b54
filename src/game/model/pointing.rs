//! What the pointer is over, as every feature may read it: the part of the window the panels
//! leave to the 3D table, the token under the pointer, and a token clicked. The pointer's
//! systems (`pointer`) fill them in.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::TokenId;

/// A threat token clicked on the table.
#[derive(Message, Debug, Clone, Copy)]
pub struct TokenClicked(pub TokenId);

/// The part of the window the panels leave to the 3D table (as of the last frame).
#[derive(Resource, Debug)]
pub(crate) struct TableRect(pub egui::Rect);

impl Default for TableRect {
    fn default() -> Self {
        TableRect(egui::Rect::NOTHING)
    }
}

/// Whether a window position is on the table: inside the panels' free space and not under an
/// egui window, menu or tooltip. (egui counts its whole background layer as "egui" when the
/// panels live in a custom root Ui, so its own pointer test cannot tell.)
pub(crate) fn on_table(ctx: &egui::Context, rect: &TableRect, cursor: Vec2) -> bool {
    // The cursor is in logical window pixels; egui's rectangles are in points.
    let zoom = ctx.zoom_factor();
    let pos = egui::pos2(cursor.x / zoom, cursor.y / zoom);
    rect.0.contains(pos)
        && ctx
            .layer_id_at(pos)
            .is_none_or(|layer| layer.order == egui::Order::Background)
}

/// The threat token under the pointer, if any (nearest on screen, within a token's width).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub(crate) struct Hovered(pub Option<TokenId>);
