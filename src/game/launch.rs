//! What the command line asked for, and where the game keeps its files.

use bevy::prelude::*;
use std::path::PathBuf;

#[derive(Debug, Clone, Default, Resource)]
pub struct Launch {
    pub seed: Option<u64>,
    pub players: Option<usize>,
    pub preset: Option<String>,
    pub autoplay_turns: u32,
    pub screenshot: Option<PathBuf>,
    /// A saved game to open (already checked by the command line).
    pub load: Option<PathBuf>,
    /// A scenario to open the table at (already checked by the command line).
    pub scenario: Option<PathBuf>,
    /// Where saves, the autosave and the settings live (`None`: nowhere, nothing is kept).
    pub data_dir: Option<PathBuf>,
}

impl Launch {
    /// Whether the command line names a game, so the setup screen is skipped.
    pub fn skips_setup(&self) -> bool {
        self.seed.is_some()
            || self.players.is_some()
            || self.preset.is_some()
            || self.load.is_some()
            || self.scenario.is_some()
    }
}
