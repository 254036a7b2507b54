//! Which of the panels' windows are open, as the keys, the screens and the table read them:
//! the rules reference (F1), the menu (Esc), the key (K) and the log's drawer; and where the
//! panels lie for the layout report. (The log's own view is its feature's: `log::LogView`.)

use bevy::prelude::*;
use bevy_egui::egui;

use super::help_topic::HelpTopic;

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

/// The rules reference (F1): whether it is open, the topic on show, and its search box.
#[derive(Resource, Debug, Default)]
pub struct Help {
    pub open: bool,
    pub topic: Option<String>,
    pub search: String,
}

impl Help {
    /// Opens the rules reference at a topic (context help).
    pub fn at(&mut self, topic: HelpTopic) {
        self.open = true;
        self.topic = Some(topic.title().to_string());
        self.search.clear();
    }
}

/// Whether the menu (Esc) is open, and whether it asks before quitting a game in progress.
#[derive(Resource, Debug, Default)]
pub struct Menu {
    pub open: bool,
    /// "Quit to the desktop?" shows in place of the game's buttons.
    pub confirm_quit: bool,
}

impl Menu {
    pub fn close(&mut self) {
        self.open = false;
        self.confirm_quit = false;
    }
}

/// Whether the key is open.
#[derive(Resource, Debug, Default)]
pub struct Key {
    pub open: bool,
}
