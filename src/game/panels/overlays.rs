//! The panels' state that other features read: the log's drawer, and where the panels lie
//! for the layout report. (The rules reference's, the menu's and the log's own state are
//! their features': `help::Help`, `menu::Menu`, `log::LogView`.)

use bevy::prelude::*;
use bevy_egui::egui;

/// Where the panels lie this frame (egui points), and each hand with its cards, for the
/// layout report.
#[derive(Resource, Debug, Default)]
pub(crate) struct PanelLayout {
    pub panels: Vec<(&'static str, egui::Rect)>,
    /// Windows over the table (the boarders, Spock's choice): they may cover a panel, never
    /// the board.
    pub windows: Vec<(&'static str, egui::Rect)>,
    /// A dialog over the whole table (the game's result): it may cover the board, never run
    /// past the window's edge. Its screen sets it while it is shown.
    pub dialogs: Vec<(&'static str, egui::Rect)>,
    /// Lines that must fit the window whole (egui clips what runs past its edge).
    pub lines: Vec<(&'static str, egui::Rect)>,
    pub hands: Vec<HandLayout>,
    /// The panels whose content is taller than their view (a reader must scroll to see it).
    pub scrolls: Vec<&'static str>,
}

#[derive(Debug, Clone)]
pub(crate) struct HandLayout {
    pub player: u8,
    pub name: String,
    pub rect: egui::Rect,
    pub cards: Vec<(stp_rules::CardId, egui::Rect)>,
}

/// Whether the log's drawer is open (closed, it is a one-line ticker with the newest entry).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LogDrawer {
    pub open: bool,
}
