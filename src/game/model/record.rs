//! The game's record and the session's state that other features read: the setup, start and
//! actions of the game on the table, watching it again, and save and load requests.

use bevy::prelude::*;
use std::path::PathBuf;
use stp_rules::{GameOptions, GameState, PlayerAction};

use crate::game::launch::Launch;

/// Everything needed to save or replay the game on the table.
#[derive(Resource, Debug, Default, Clone)]
pub struct Record {
    pub options: Option<GameOptions>,
    /// Where the actions start when it is not the new game of `options`: a scenario's or a
    /// lesson's position, or a loaded save's start.
    pub start: Option<Box<GameState>>,
    pub actions: Vec<PlayerAction>,
}

impl Record {
    /// The position a scenario or a lesson opens at, as the record's start: without the
    /// events its building left, which are no part of the game's log.
    pub fn start_at(&mut self, position: &GameState) {
        let mut start = position.clone();
        start.drain_events();
        self.start = Some(Box::new(start));
    }
}

/// Watching a finished game again: its record and how far the replay has come.
#[derive(Resource, Debug)]
pub struct Replaying {
    pub record: Option<Record>,
    pub next: usize,
    pub playing: bool,
    /// Seconds between steps while playing (0: one step a frame).
    pub step_seconds: f32,
    /// Time since the last step while playing.
    pub waited: f32,
    /// The finished game, to go back to when watching stops.
    pub finished: Option<Box<GameState>>,
}

impl Default for Replaying {
    fn default() -> Self {
        Replaying {
            record: None,
            next: 0,
            playing: false,
            step_seconds: 0.6,
            waited: 0.0,
            finished: None,
        }
    }
}

/// Asks for a save or load from the menu; the result is shown there.
#[derive(Message, Debug, Clone)]
pub enum SaveRequest {
    Save,
    Load(PathBuf),
    /// Open the table at a scenario file's position (`--scenario`).
    OpenScenario(PathBuf),
}

#[derive(Resource, Debug, Default)]
pub struct SaveStatus(pub Option<String>);

pub(crate) fn save_path(launch: &Launch) -> Option<PathBuf> {
    launch.data_dir.as_ref().map(|d| d.join("save.json"))
}

pub(crate) fn autosave_path(launch: &Launch) -> Option<PathBuf> {
    launch.data_dir.as_deref().map(autosave_path_in)
}

/// The autosave in a data directory: what Continue opens.
pub fn autosave_path_in(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("autosave.json")
}
