//! The game's system sets, ordered around the rules' own: every feature puts its systems in
//! one, and imports nothing else from the game to do so.

use bevy::prelude::*;
use stp_rules::RulesSystems;

/// The game's `Update` systems, around the rules' own sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SystemSet)]
pub(crate) enum GameSystems {
    /// Keys, pointer and replays turn into actions, before the rules read them.
    Input,
    /// The rules events become the paced stream the table shows (`pacing`).
    Pace,
    /// What reacts to this frame's rules events: log, effects, sound, records, screens.
    Events,
    /// Pieces and panels follow the rules state.
    Present,
    /// Pieces glide and effects fade.
    Animate,
}

/// Orders the game's sets around the rules' sets.
pub(super) fn order_systems(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSystems::Input.before(RulesSystems::Start),
            (
                GameSystems::Pace,
                GameSystems::Events,
                GameSystems::Present,
                GameSystems::Animate,
            )
                .chain()
                .after(RulesSystems::Phases),
        ),
    );
}
