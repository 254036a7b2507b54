//! The panels' state that other features read or set: which overlays are open (help, the
//! menu, the log's filters), the log's drawer, and where the panels lie for the layout
//! report.

use bevy::prelude::*;
use bevy_egui::egui;

/// Which overlays are open, the log's filters, and the last die roll (shown by the die).
#[derive(Resource, Debug, Default)]
pub struct Overlays {
    pub help: bool,
    pub menu: bool,
    pub log_turn: Option<u32>,
    pub log_player: Option<u8>,
    /// The log is scrolled up, away from the newest line (as of the last frame).
    pub log_behind: bool,
    /// Scroll the log to its newest line on the next frame.
    pub log_jump: bool,
    pub last_roll: Option<u8>,
    /// The rules reference's topic on show, and its search box.
    pub help_topic: Option<String>,
    pub help_search: String,
    /// A networked game (`online`): cards' menus offer a ping.
    pub online: bool,
    /// A ping asked for from a card's menu, for `online` to send.
    pub ping: Option<crate::net::protocol::PingTarget>,
    /// Cards pinged now, and who pinged each.
    pub pinged_cards: Vec<(stp_rules::CardId, String)>,
}

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

impl Overlays {
    /// Opens the rules reference at a topic (context help).
    pub(crate) fn help_at(&mut self, topic: &str) {
        self.help = true;
        self.help_topic = Some(topic.to_string());
        self.help_search.clear();
    }
}
