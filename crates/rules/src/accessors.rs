//! The rules' state as the layers above read it (issue 41): every field of `GameState` is the
//! rules' own, and these accessors, of the same names, are the reading side. The hidden orders
//! show only their sizes here; the tests' writers are in `testing.rs`.

use crate::RulesEvent;
use crate::state::{
    CardId, Enterprise, GameConfig, GameState, MissionState, MissionTokenOnBoard, Outcome, Player,
    ThreatOnBoard, TokenId, Turn,
};

impl GameState {
    /// The Enterprise: her heading, Shields, Hull and markers.
    pub fn enterprise(&self) -> &Enterprise {
        &self.enterprise
    }

    /// The threats on the board, in the order they came.
    pub fn threats(&self) -> &[ThreatOnBoard] {
        &self.threats
    }

    /// The current mission's tokens on the board.
    pub fn mission_tokens(&self) -> &[MissionTokenOnBoard] {
        &self.mission_tokens
    }

    /// The seats, in turn order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The mission in play, if any.
    pub fn mission(&self) -> &Option<MissionState> {
        &self.mission
    }

    /// Whose turn, which phase, and what the turn has used.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The events since the last drain (`drain_events`).
    pub fn events(&self) -> &[RulesEvent] {
        &self.events
    }

    /// The game's seed, preset and the missions it needs.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The Enterprise discard pile, top last.
    pub fn discard(&self) -> &[CardId] {
        &self.discard
    }

    /// The Enterprise cards removed from the game by hits on destroyed Hull sections.
    pub fn removed(&self) -> &[CardId] {
        &self.removed
    }

    /// The missions completed, in order.
    pub fn completed_missions(&self) -> &[u8] {
        &self.completed_missions
    }

    /// The threats destroyed and discarded, in order.
    pub fn threat_discard(&self) -> &[TokenId] {
        &self.threat_discard
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The game-over screen's statistics.
    pub fn stats(&self) -> &crate::stats::GameStats {
        &self.stats
    }

    /// Cards left in the Enterprise deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// Tokens left in the threat bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// Missions left in the mission deck.
    pub fn mission_deck_len(&self) -> usize {
        self.mission_deck.len()
    }
}
