//! Undo (design notes §3, BGA's policy): the active player may take back their own actions
//! to the last information boundary — a card draw, a threat draw, a die roll, a turn
//! handover — never across one.

use bevy_ecs::prelude::Resource;

use crate::actions::Refusal;
use crate::events::RulesEvent;
use crate::state::{GameState, PlayerId};

/// Whether an event revealed something no undo may take back (`EventFacts::reveals`).
pub(crate) fn is_information_boundary(event: &RulesEvent) -> bool {
    event.facts().reveals
}

/// The states before each undoable action since the last boundary, with who acted.
#[derive(Debug, Clone, Default, Resource)]
pub struct UndoHistory {
    entries: Vec<(PlayerId, GameState)>,
}

impl UndoHistory {
    /// Records an action that was carried out: `before` is the state it started from and
    /// `events` everything that followed it (the action and any automatic phases).
    pub fn record(&mut self, player: PlayerId, before: GameState, events: &[RulesEvent]) {
        if events.iter().any(is_information_boundary) {
            self.entries.clear();
        } else {
            let mut before = before;
            before.events.clear();
            self.entries.push((player, before));
        }
    }

    /// Forgets everything (a boundary seen elsewhere, a new game, a load).
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Whether `player` can undo now (the UI shows the button and Ctrl+Z only then).
    pub fn can_undo(&self, state: &GameState, player: PlayerId) -> bool {
        player == state.turn.active
            && self
                .entries
                .last()
                .is_some_and(|(actor, _)| *actor == player)
    }

    /// Takes back the player's last action: the state it started from.
    pub fn undo(&mut self, state: &GameState, player: PlayerId) -> Result<GameState, Refusal> {
        if !self.can_undo(state, player) {
            return Err(Refusal::NothingToUndo);
        }
        self.entries
            .pop()
            .map(|(_, before)| before)
            .ok_or(Refusal::NothingToUndo)
    }
}
