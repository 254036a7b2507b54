//! Whether the table's controls wait, as the panels and the keys ask it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use stp_rules::GameState;

use crate::game::crew::{Away, Crew};
use crate::game::model::handover::Handover;
use crate::game::model::record::Replaying;
use crate::game::online::Online;
use crate::game::pacing::Sequence;

/// Whether the game's controls (keys, top bar, hands) wait: while a game is watched again, the
/// conn is handed over, a threat phase plays, a bot or a player at another machine takes
/// their turn, or play waits for someone away. Help, the menu and the speed stay at hand. (The rules' windows wait for less: see `panels::windows`.)
#[derive(SystemParam)]
pub(crate) struct ControlsWait<'w> {
    handover: Res<'w, Handover>,
    replaying: Res<'w, Replaying>,
    sequence: Res<'w, Sequence>,
    crew: Res<'w, Crew>,
    away: Res<'w, Away>,
    online: Option<Res<'w, Online>>,
}

impl ControlsWait<'_> {
    /// A threat phase is playing (Space or a click skips it).
    pub(crate) fn sequence_playing(&self) -> bool {
        self.sequence.is_playing()
    }

    /// The threat phase's steps each wait for a key: Space shows the next, End the rest.
    pub(crate) fn steps_by_key(&self) -> bool {
        self.sequence.by_key()
    }

    /// Some threat is done for the threat phase playing (`Sequence::done`): the board ticks it.
    pub(crate) fn threats_done(&self) -> bool {
        !self.sequence.done().is_empty()
    }

    /// Some threat is acting in the step on show (`Sequence::acting`): the board rings it.
    pub(crate) fn threat_acting(&self) -> bool {
        !self.sequence.acting().is_empty()
    }

    /// Steps shown so far in the threat phase playing.
    pub(crate) fn steps_shown(&self) -> usize {
        self.sequence.played()
    }

    pub fn now(&self, state: &GameState) -> bool {
        self.replaying.record.is_some()
            || self.handover.0.is_some()
            || self.sequence.is_playing()
            || !self.crew.is_here(state.turn().active)
            || !self.away.0.is_empty()
            || self.online.as_ref().is_some_and(|o| o.holds_controls())
    }

    /// A rules window's choice may be answered here: the window is on screen (as
    /// `panels::windows` shows it) and the seat it is for is played at this table.
    pub(crate) fn window_answers(&self, seat: stp_rules::PlayerId) -> bool {
        self.replaying.record.is_none()
            && self.handover.0.is_none()
            && !self.sequence.is_playing()
            && self.away.0.is_empty()
            && !self.crew.is_remote(seat)
    }

    /// Undo takes back this table's actions only: in a game across machines the others have
    /// seen them, so there is none.
    pub(crate) fn undo_allowed(&self) -> bool {
        self.online.is_none()
    }
}
