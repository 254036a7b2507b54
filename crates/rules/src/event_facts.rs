//! The rules' one catalogue of what an event means beyond its words (issue 41): whether it
//! reveals something (an undo boundary), whether it is progress (ruling R2), and whether a
//! bot game's tally reads it. One exhaustive match, no default: a new event is refused by
//! the compiler until it decides all three here.

use crate::events::RulesEvent;

/// What the rules need to know of an event, besides what it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventFacts {
    /// It revealed something no undo may take back: a card or threat drawn, a die rolled, a
    /// turn handed over (design notes §3).
    pub reveals: bool,
    /// It brings the game closer to its end (ruling R2's "progress"): shots, damage either
    /// way, new threats, cards lost, mission work. Moving tokens and support cards are not.
    pub progress: bool,
    /// A bot game's tally reads it (`sim`): the only events a quiet state keeps.
    pub tallied: bool,
}

const fn facts(reveals: bool, progress: bool, tallied: bool) -> EventFacts {
    EventFacts {
        reveals,
        progress,
        tallied,
    }
}

impl RulesEvent {
    /// This event's facts, in the columns (reveals, progress, tallied).
    #[inline(always)]
    pub fn facts(&self) -> EventFacts {
        use RulesEvent as E;
        match self {
            E::TurnStarted { .. } => facts(true, false, false),
            E::PhaseStarted { .. } => facts(false, false, false),
            E::PhaseSkipped { .. } => facts(false, false, false),
            E::CardsDrawn { .. } => facts(true, false, false),
            E::DeckReshuffled { .. } => facts(true, false, false),
            E::MissionRevealed { .. } => facts(true, true, true),
            E::MissionTokenPlaced { .. } => facts(false, false, false),
            E::MissionTokenMoved { .. } => facts(false, false, false),
            E::MissionTokenHit { .. } => facts(false, true, false),
            E::Traded { .. } => facts(false, false, false),
            E::CardTaken { .. } => facts(false, false, false),
            E::CardPlayed { .. } => facts(false, false, false),
            E::CardCommitted { .. } => facts(false, true, false),
            E::CardDiscarded { .. } => facts(false, false, false),
            E::CardRecovered { .. } => facts(false, false, false),
            E::ThreatHit { .. } => facts(false, true, false),
            E::ThreatDestroyed { .. } => facts(false, true, false),
            E::ThreatPlaced { .. } => facts(true, true, false),
            E::ThreatMoved { .. } => facts(false, false, false),
            E::ThreatFired { .. } => facts(false, true, false),
            E::ThreatCloaked { .. } => facts(false, false, false),
            E::ThreatUncloaked { .. } => facts(false, false, false),
            E::ThreatReinforced { .. } => facts(false, false, false),
            E::ThreatReturnedToBag { .. } => facts(false, false, false),
            E::ForceFieldPlaced { .. } => facts(false, false, false),
            E::ForceFieldHeld { .. } => facts(false, false, false),
            E::RedAlertSet { .. } => facts(false, false, false),
            E::RedAlertAbsorbed { .. } => facts(false, false, false),
            E::TholianWebbed { .. } => facts(false, false, false),
            E::CaptainArrived { .. } => facts(false, false, false),
            E::CometStruck { .. } => facts(true, false, false),
            E::Docked { .. } => facts(false, false, false),
            E::BagRefilled { .. } => facts(false, false, false),
            E::Maneuvered { .. } => facts(false, false, false),
            E::DieRolled { .. } => facts(true, false, false),
            E::SectionDamaged { .. } => facts(false, true, false),
            E::SectionDestroyed { .. } => facts(false, true, false),
            E::SectionRepaired { .. } => facts(false, false, false),
            E::SectionRebuilt { .. } => facts(false, false, false),
            E::DamageIgnored { .. } => facts(false, false, false),
            E::CardsRemoved { .. } => facts(true, true, false),
            E::BoardersArriving { .. } => facts(false, false, false),
            E::SecurityTeamPlayed { .. } => facts(false, false, false),
            E::Boarded { .. } => facts(false, true, false),
            E::AbilityUsed { .. } => facts(false, false, true),
            E::MissionTimer { .. } => facts(false, true, false),
            E::MissionCompleted { .. } => facts(false, false, true),
            E::MissionFailed { .. } => facts(false, false, true),
            E::ThreatChosen { .. } => facts(false, false, false),
            E::ActionUndone { .. } => facts(false, false, false),
            E::GameWon => facts(true, false, false),
            E::GameLost { .. } => facts(true, false, false),
        }
    }

    /// The threat that acts in this event, where one does: it moves, fires, cloaks or
    /// uncloaks, arrives, boards, webs the ship, docks, strikes or holds. A threat that is
    /// only acted upon (hit, destroyed, returned, chosen) does not act. Exhaustive like
    /// `facts`: the table marks the acting piece while a threat phase plays.
    pub fn acting_threat(&self) -> Option<crate::TokenId> {
        use RulesEvent as E;
        match self {
            E::ThreatMoved { token, .. }
            | E::ThreatFired { token, .. }
            | E::ThreatCloaked { token }
            | E::ThreatUncloaked { token }
            | E::ThreatPlaced { token, .. }
            | E::ThreatReinforced { token, .. }
            | E::ForceFieldHeld { token }
            | E::TholianWebbed { token }
            | E::CaptainArrived { token }
            | E::CometStruck { token, .. }
            | E::Docked { token }
            | E::BoardersArriving { token, .. }
            | E::Boarded { token, .. } => Some(*token),
            E::TurnStarted { .. }
            | E::PhaseStarted { .. }
            | E::PhaseSkipped { .. }
            | E::CardsDrawn { .. }
            | E::DeckReshuffled { .. }
            | E::MissionRevealed { .. }
            | E::MissionTokenPlaced { .. }
            | E::MissionTokenMoved { .. }
            | E::MissionTokenHit { .. }
            | E::Traded { .. }
            | E::CardTaken { .. }
            | E::CardPlayed { .. }
            | E::CardCommitted { .. }
            | E::CardDiscarded { .. }
            | E::CardRecovered { .. }
            | E::ThreatHit { .. }
            | E::ThreatDestroyed { .. }
            | E::ThreatReturnedToBag { .. }
            | E::ForceFieldPlaced { .. }
            | E::RedAlertSet { .. }
            | E::RedAlertAbsorbed { .. }
            | E::BagRefilled { .. }
            | E::Maneuvered { .. }
            | E::DieRolled { .. }
            | E::SectionDamaged { .. }
            | E::SectionDestroyed { .. }
            | E::SectionRepaired { .. }
            | E::SectionRebuilt { .. }
            | E::DamageIgnored { .. }
            | E::CardsRemoved { .. }
            | E::SecurityTeamPlayed { .. }
            | E::AbilityUsed { .. }
            | E::MissionTimer { .. }
            | E::MissionCompleted { .. }
            | E::MissionFailed { .. }
            | E::ThreatChosen { .. }
            | E::ActionUndone { .. }
            | E::GameWon
            | E::GameLost { .. } => None,
        }
    }
}
