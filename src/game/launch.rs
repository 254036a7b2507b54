//! What the table opens with: the command line's choices (the commands parse and check
//! them, then hand them over), kept as a resource, with where the game keeps its files.

use bevy::prelude::Resource;

/// The smallest window the table is laid out for.
pub const MIN_WINDOW: (u32, u32) = (1024, 600);

/// What the table opens with, as the command line asked (checked before any window opens).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Launch {
    pub seed: Option<u64>,
    pub players: Option<usize>,
    pub preset: Option<String>,
    pub autoplay_turns: u32,
    pub screenshot: Option<std::path::PathBuf>,
    /// A saved game to open (checked here, before any window opens).
    pub load: Option<std::path::PathBuf>,
    /// A scenario to open the table at (checked the same way).
    pub scenario: Option<std::path::PathBuf>,
    /// Where saves, the autosave and the settings live (`None`: nothing is kept).
    pub data_dir: Option<std::path::PathBuf>,
    /// Pick the active player's Nth card (1-based) once the table opens.
    pub pick: Option<usize>,
    /// End the Play phase and hold the threat phase after this many steps.
    pub threat_steps: Option<usize>,
    /// The last N seats are Captain bots.
    pub bots: Option<usize>,
    /// Open the Academy's first lesson.
    pub tutorial: bool,
    /// The lesson to open (1-based; with `--tutorial`).
    pub lesson: Option<usize>,
    /// Open the setup screen instead of the title (for a picture of it, or to skip a click).
    pub setup: bool,
    /// Join a game hosted elsewhere as the table opens (`join` without `--bot`).
    pub join: Option<crate::net::join::JoinArgs>,
    /// The window's size in pixels (`--window WIDTHxHEIGHT`; `None`: 1280x720).
    pub window: Option<(u32, u32)>,
    /// Where `--screenshot` also writes its layout report (JSON).
    pub layout: Option<std::path::PathBuf>,
}

impl Launch {
    /// Whether the command line names a game, so the setup screen is skipped.
    pub fn skips_setup(&self) -> bool {
        // With --setup, the game's options fill the form in, and the screen waits.
        let deals = self.seed.is_some() || self.players.is_some() || self.preset.is_some();
        (deals && !self.setup) || self.load.is_some() || self.scenario.is_some() || self.tutorial
    }
}
