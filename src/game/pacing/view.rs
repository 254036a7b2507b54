//! The table's view of a threat phase in progress: how the rules' events group into steps the
//! eye can follow, and how long each step shows. What each event changes on the shown table is
//! the rules' to say (`stp_rules::replay::show_event`). Nothing here decides a rule: each
//! event carries its outcome, and the shown table becomes the rules state itself when the
//! sequence ends.

use stp_rules::{Phase, RulesEvent};

/// One step of a paced sequence: the events that show together, and for how long (seconds at
/// speed 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub events: Vec<RulesEvent>,
    pub seconds: f32,
}

/// Whether an event opens the automatic phases (5–7), which play as a sequence.
pub fn opens_threat_phase(event: &RulesEvent) -> bool {
    match event {
        RulesEvent::PhaseStarted { phase } | RulesEvent::PhaseSkipped { phase } => matches!(
            phase,
            Phase::CheckMissionStatus | Phase::ThreatsMoveAndFire | Phase::DrawNewThreats
        ),
        RulesEvent::TurnStarted { .. }
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
        | RulesEvent::ThreatDestroyed { .. }
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
        | RulesEvent::SectionDamaged { .. }
        | RulesEvent::SectionDestroyed { .. }
        | RulesEvent::SectionRepaired { .. }
        | RulesEvent::SectionRebuilt { .. }
        | RulesEvent::DamageIgnored { .. }
        | RulesEvent::CardsRemoved { .. }
        | RulesEvent::BoardersArriving { .. }
        | RulesEvent::SecurityTeamPlayed { .. }
        | RulesEvent::Boarded { .. }
        | RulesEvent::AbilityUsed { .. }
        | RulesEvent::MissionTimer { .. }
        | RulesEvent::MissionCompleted { .. }
        | RulesEvent::MissionFailed { .. }
        | RulesEvent::ThreatChosen { .. }
        | RulesEvent::ActionUndone { .. }
        | RulesEvent::GameWon
        | RulesEvent::GameLost { .. } => false,
    }
}

/// How long an event that starts a step of its own shows; `None` for an event that joins the
/// step before it (a Shield losing a point belongs to the shot that hit it).
pub fn step_seconds(event: &RulesEvent) -> Option<f32> {
    use RulesEvent as E;
    Some(match event {
        E::PhaseStarted { phase } if opens_threat_phase(event) && *phase != Phase::DrawCards => 0.3,
        E::ThreatMoved { .. } | E::MissionTokenMoved { .. } => 0.45,
        E::ThreatFired { .. } | E::CometStruck { .. } | E::Boarded { .. } => 0.6,
        E::BoardersArriving { .. } => 0.6,
        E::ThreatPlaced { .. } | E::MissionTokenPlaced { .. } => 0.5,
        E::DieRolled { .. } => 0.7,
        E::ThreatCloaked { .. } | E::ThreatUncloaked { .. } => 0.45,
        E::ThreatHit { .. } | E::TholianWebbed { .. } | E::ForceFieldHeld { .. } => 0.5,
        // The shots of a phase land together, facing by facing, after every threat fired.
        E::SectionDamaged { .. }
        | E::SectionDestroyed { .. }
        | E::DamageIgnored { .. }
        | E::RedAlertAbsorbed { .. } => 0.35,
        E::MissionCompleted { .. } | E::MissionFailed { .. } | E::MissionTimer { .. } => 0.6,
        E::GameWon | E::GameLost { .. } => 0.8,
        // A new turn (and the handover it brings) shows only once the last step has had its
        // time.
        E::TurnStarted { .. } => 0.0,
        E::PhaseStarted { .. }
        | E::PhaseSkipped { .. }
        | E::CardsDrawn { .. }
        | E::DeckReshuffled { .. }
        | E::MissionRevealed { .. }
        | E::MissionTokenHit { .. }
        | E::Traded { .. }
        | E::CardTaken { .. }
        | E::CardPlayed { .. }
        | E::CardCommitted { .. }
        | E::CardDiscarded { .. }
        | E::CardRecovered { .. }
        | E::ThreatDestroyed { .. }
        | E::ThreatReinforced { .. }
        | E::ThreatReturnedToBag { .. }
        | E::ForceFieldPlaced { .. }
        | E::RedAlertSet { .. }
        | E::CaptainArrived { .. }
        | E::Docked { .. }
        | E::BagRefilled { .. }
        | E::Maneuvered { .. }
        | E::SectionRepaired { .. }
        | E::SectionRebuilt { .. }
        | E::CardsRemoved { .. }
        | E::SecurityTeamPlayed { .. }
        | E::AbilityUsed { .. }
        | E::ThreatChosen { .. }
        | E::ActionUndone { .. } => return None,
    })
}

/// Groups events into steps, in order. Events before the first step of their own form a
/// step that shows at once.
pub fn steps(events: impl IntoIterator<Item = RulesEvent>) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for event in events {
        match step_seconds(&event) {
            Some(seconds) => steps.push(Step {
                events: vec![event],
                seconds,
            }),
            None => match steps.last_mut() {
                Some(step) => step.events.push(event),
                None => steps.push(Step {
                    events: vec![event],
                    seconds: 0.0,
                }),
            },
        }
    }
    steps
}
