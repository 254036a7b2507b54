//! A game's statistics for the game-over screen, gathered from the rules events as they are
//! emitted (the same stream the log, animation and sound use). They live in the state, so undo
//! and loading restore them too.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::content::builtin;
use crate::events::RulesEvent;
use crate::places::SectionKind;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStats {
    pub turns: u32,
    /// Threats destroyed, by token name.
    pub threats_destroyed: BTreeMap<String, u32>,
    pub shield_damage: u32,
    pub hull_damage: u32,
    pub sections_destroyed: u32,
    pub cards_lost: u32,
    pub boarders: u32,
    pub missions_completed: u32,
    pub missions_failed: u32,
}

impl GameStats {
    pub fn observe(&mut self, event: &RulesEvent) {
        match event {
            RulesEvent::TurnStarted { turn, .. } => self.turns = *turn,
            RulesEvent::ThreatDestroyed { token } => {
                // A name is copied only the first time (every bot game destroys dozens).
                let name = &builtin().threat(*token).name;
                match self.threats_destroyed.get_mut(name) {
                    Some(count) => *count += 1,
                    None => {
                        self.threats_destroyed.insert(name.clone(), 1);
                    }
                }
            }
            RulesEvent::SectionDamaged { section } => match section.kind {
                SectionKind::Shield => self.shield_damage += 1,
                SectionKind::Hull => self.hull_damage += 1,
            },
            RulesEvent::SectionDestroyed { section } => {
                self.sections_destroyed += 1;
                match section.kind {
                    SectionKind::Shield => self.shield_damage += 1,
                    SectionKind::Hull => self.hull_damage += 1,
                }
            }
            RulesEvent::CardsRemoved { cards, .. } => self.cards_lost += cards.len() as u32,
            RulesEvent::Boarded { .. } => self.boarders += 1,
            RulesEvent::MissionCompleted { .. } => self.missions_completed += 1,
            RulesEvent::MissionFailed { .. } => self.missions_failed += 1,
            RulesEvent::PhaseStarted { .. }
            | RulesEvent::PhaseSkipped { .. }
            | RulesEvent::CardsDrawn { .. }
            | RulesEvent::DeckReshuffled { .. }
            | RulesEvent::MissionRevealed { .. }
            | RulesEvent::MissionTokenPlaced { .. }
            | RulesEvent::MissionTokenMoved { .. }
            | RulesEvent::MissionTokenHit { .. }
            | RulesEvent::Traded { .. }
            | RulesEvent::CardTaken { .. }
            | RulesEvent::CardPlayed { .. }
            | RulesEvent::CardCommitted { .. }
            | RulesEvent::CardDiscarded { .. }
            | RulesEvent::CardRecovered { .. }
            | RulesEvent::ThreatHit { .. }
            | RulesEvent::ThreatPlaced { .. }
            | RulesEvent::ThreatMoved { .. }
            | RulesEvent::ThreatFired { .. }
            | RulesEvent::ThreatCloaked { .. }
            | RulesEvent::ThreatUncloaked { .. }
            | RulesEvent::ThreatReinforced { .. }
            | RulesEvent::ThreatReturnedToBag { .. }
            | RulesEvent::ForceFieldPlaced { .. }
            | RulesEvent::ForceFieldHeld { .. }
            | RulesEvent::RedAlertSet { .. }
            | RulesEvent::RedAlertAbsorbed { .. }
            | RulesEvent::TholianWebbed { .. }
            | RulesEvent::CaptainArrived { .. }
            | RulesEvent::CometStruck { .. }
            | RulesEvent::Docked { .. }
            | RulesEvent::BagRefilled { .. }
            | RulesEvent::Maneuvered { .. }
            | RulesEvent::DieRolled { .. }
            | RulesEvent::SectionRepaired { .. }
            | RulesEvent::SectionRebuilt { .. }
            | RulesEvent::DamageIgnored { .. }
            | RulesEvent::BoardersArriving { .. }
            | RulesEvent::SecurityTeamPlayed { .. }
            | RulesEvent::AbilityUsed { .. }
            | RulesEvent::MissionTimer { .. }
            | RulesEvent::ThreatChosen { .. }
            | RulesEvent::ActionUndone { .. }
            | RulesEvent::GameWon
            | RulesEvent::GameLost { .. } => {}
        }
    }

    pub fn threats_destroyed_total(&self) -> u32 {
        self.threats_destroyed.values().sum()
    }
}
