//! Star Trek Panic's rules, headless: Bevy ECS without a renderer, window or sound.
//!
//! The state is one `GameState` resource of plain ordered data; the rulebook's seven phases are
//! functions on it (`phases`), run by one ECS system each (`plugin`). Player intent arrives as
//! `PlayerAction` messages that pass one validator (`validate`); every change is reported as a
//! `RulesEvent`. A seeded ChaCha8 generator lives in the state, so a seed and a list of actions
//! always give the same game.

/// A way to change the state around the validator (a phase's step, a hit, a placed threat):
/// `pub` only for the test suite, which sets its positions up with them (the `testing`
/// feature), and the rules' own otherwise, so that above the rules the state changes only
/// through `act` and the phases (issue 41).
macro_rules! test_visible {
    ($(#[$meta:meta])* fn $name:ident $($rest:tt)*) => {
        $(#[$meta])*
        #[cfg(feature = "testing")]
        pub fn $name $($rest)*
        $(#[$meta])*
        #[cfg(not(feature = "testing"))]
        pub(crate) fn $name $($rest)*
    };
}

mod accessors;
pub mod actions;
pub mod advisor;
mod apply;
mod arrivals;
pub mod bot;
pub mod content;
pub mod event_facts;
pub mod events;
pub mod files;
mod hash;
pub mod invariants;
mod legal;
mod mechanics;
mod mission;
mod phases;
pub mod places;
pub mod plugin;
mod pressure;
pub mod preview;
mod reach;
pub mod replay;
pub mod report;
pub mod scenario;
pub mod setup;
pub mod sim;
pub mod state;
pub mod stats;
#[cfg(feature = "testing")]
mod testing;
pub mod undo;
mod validate;

pub use actions::{Action, PlayerAction, RangeShift, Refusal, Rotation, Target};
pub use events::{DieRollPurpose, ManeuverKind, RulesEvent};
pub use legal::{PlayChoice, all_sections};
pub use mission::Progress;
pub use plugin::{
    ActionAccepted, ActionForwarded, ActionGate, ActionRefused, DrawsMade, ForwardActions,
    HostAction, LoadGame, RulesPlugin, RulesSystems, SetupFailed, StartGame, TradeOffered,
    TradeOffers, UndoRefused, UndoRequest, WriteDownDraws,
};

pub use setup::{GameOptions, SetupError};
pub use state::*;
