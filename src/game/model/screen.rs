//! Which screen shows (the title, setup, the table, game over), and the run conditions and
//! defaults every feature may read without reaching the screens themselves.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The game's name and its choices, before setup.
    #[default]
    Title,
    Setup,
    Playing,
    GameOver,
}

/// The table's own screens (playing and game over), where its panels and windows show.
pub(crate) fn at_table(screen: Option<Res<State<Screen>>>) -> bool {
    screen.is_some_and(|s| matches!(s.get(), Screen::Playing | Screen::GameOver))
}

/// A seed for a new game when none is given: from the system's random source, so a game
/// hosted from this window cannot be rebuilt by its guests; shown so it can be shared.
pub(crate) fn random_seed() -> u64 {
    crate::net::fresh_seed()
}

/// The player leaves the table: for another screen (the title, setup) or the desktop. The
/// session autosaves the game and takes it off the table; each feature forgets its part.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeaveTable {
    ToScreen,
    Quit,
}

/// The table is paused: the menu is open over it. Bots wait and a threat phase holds its step,
/// so nothing happens on the table while a player changes a setting.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Paused(pub bool);
