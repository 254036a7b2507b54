//! The rules' own fields as the tests set and read them (the `testing` feature, which only the
//! test suite turns on): a test stacks the deck or the bag, fills the discard or completes a
//! mission for the position it checks, or checks that a table across machines holds no order
//! it should not. Outside the rules nothing else reads the hidden orders (issue 41): the table
//! and its bots see only their sizes; nor writes the piles, which it reads by accessors.

use rand_chacha::ChaCha8Rng;

use crate::state::{CardId, GameState, TokenId};

impl GameState {
    /// The Enterprise deck, top last.
    pub fn deck(&self) -> &Vec<CardId> {
        &self.deck
    }

    pub fn deck_mut(&mut self) -> &mut Vec<CardId> {
        &mut self.deck
    }

    /// The threat bag, in draw order.
    pub fn bag(&self) -> &Vec<TokenId> {
        &self.bag
    }

    pub fn bag_mut(&mut self) -> &mut Vec<TokenId> {
        &mut self.bag
    }

    /// The mission deck, top first.
    pub fn mission_deck(&self) -> &Vec<u8> {
        &self.mission_deck
    }

    pub fn mission_deck_mut(&mut self) -> &mut Vec<u8> {
        &mut self.mission_deck
    }

    /// The generator behind the bag's draws, the dice and the shuffles.
    pub fn rng(&self) -> &ChaCha8Rng {
        &self.rng
    }

    pub fn rng_mut(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// Die results to use before the generator, first first.
    pub fn forced_rolls_mut(&mut self) -> &mut Vec<u8> {
        &mut self.forced_rolls
    }

    /// Whether this state keeps only the events a bot game's tally counts.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    pub fn config_mut(&mut self) -> &mut crate::state::GameConfig {
        &mut self.config
    }

    pub fn discard_mut(&mut self) -> &mut Vec<CardId> {
        &mut self.discard
    }

    pub fn removed_mut(&mut self) -> &mut Vec<CardId> {
        &mut self.removed
    }

    pub fn completed_missions_mut(&mut self) -> &mut Vec<u8> {
        &mut self.completed_missions
    }

    pub fn threat_discard_mut(&mut self) -> &mut Vec<TokenId> {
        &mut self.threat_discard
    }

    pub fn outcome_mut(&mut self) -> &mut Option<crate::state::Outcome> {
        &mut self.outcome
    }

    pub fn enterprise_mut(&mut self) -> &mut crate::state::Enterprise {
        &mut self.enterprise
    }

    pub fn threats_mut(&mut self) -> &mut Vec<crate::state::ThreatOnBoard> {
        &mut self.threats
    }

    pub fn mission_tokens_mut(&mut self) -> &mut Vec<crate::state::MissionTokenOnBoard> {
        &mut self.mission_tokens
    }

    pub fn players_mut(&mut self) -> &mut Vec<crate::state::Player> {
        &mut self.players
    }

    pub fn mission_mut(&mut self) -> &mut Option<crate::state::MissionState> {
        &mut self.mission
    }

    pub fn turn_mut(&mut self) -> &mut crate::state::Turn {
        &mut self.turn
    }

    pub fn events_mut(&mut self) -> &mut Vec<crate::RulesEvent> {
        &mut self.events
    }
}
