//! The table's view of a threat phase in progress: how the rules' events group into steps the
//! eye can follow, how long each step shows, and what each event changes on the shown table.
//! Nothing here decides a rule: each event carries its outcome, and the shown table becomes
//! the rules state itself when the sequence ends.

use stp_rules::{GameState, Phase, RulesEvent, SectionState, ThreatOnBoard};

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

/// Changes the shown table as an event says. `rules` is the rules state at the end of the
/// sequence, for what an event names but does not carry (a new threat's full token).
pub fn apply(shown: &mut GameState, event: &RulesEvent, rules: &GameState) {
    use RulesEvent as E;
    fn threat(shown: &mut GameState, token: stp_rules::TokenId) -> Option<&mut ThreatOnBoard> {
        shown.threats.iter_mut().find(|t| t.token == token)
    }
    match event {
        E::TurnStarted { player, turn } => {
            shown.turn.active = *player;
            shown.turn.number = *turn;
        }
        E::PhaseStarted { phase } => {
            shown.turn.phase = *phase;
            // The end of Threats Move & Fire lifts every Force Field and Red Alert marker.
            if *phase == Phase::DrawNewThreats {
                for t in &mut shown.threats {
                    t.force_field = false;
                }
                shown.enterprise.red_alert = [false; 6];
            }
        }
        E::ThreatMoved { token, to, .. } => {
            if let Some(t) = threat(shown, *token) {
                t.pos = *to;
            }
        }
        E::ThreatPlaced { token, pos } => {
            shown.threats.retain(|t| t.token != *token);
            let placed = rules.threat(*token).cloned().map_or_else(
                || ThreatOnBoard {
                    token: *token,
                    pos: *pos,
                    defense: stp_rules::content::builtin().threat(*token).max_defense(),
                    cloaked: false,
                    force_field: false,
                },
                |t| ThreatOnBoard { pos: *pos, ..t },
            );
            shown.threats.push(placed);
        }
        E::ThreatHit { token, defense, .. } | E::ThreatReinforced { token, defense } => {
            if let Some(t) = threat(shown, *token) {
                t.defense = *defense;
            }
        }
        E::ThreatDestroyed { token }
        | E::ThreatReturnedToBag { token }
        | E::Docked { token }
        | E::Boarded { token, .. } => shown.threats.retain(|t| t.token != *token),
        E::ThreatCloaked { token } | E::ThreatUncloaked { token } => {
            let cloaked = matches!(event, E::ThreatCloaked { .. });
            if let Some(t) = threat(shown, *token) {
                t.cloaked = cloaked;
            }
        }
        E::ForceFieldPlaced { token } => {
            if let Some(t) = threat(shown, *token) {
                t.force_field = true;
            }
        }
        E::MissionTokenPlaced { token, pos } | E::MissionTokenMoved { token, to: pos, .. } => {
            shown.mission_tokens.retain(|m| m.token != *token);
            if let Some(mut m) = rules
                .mission_tokens
                .iter()
                .find(|m| m.token == *token)
                .cloned()
            {
                m.pos = *pos;
                shown.mission_tokens.push(m);
            }
        }
        E::Maneuvered { heading, .. } => shown.enterprise.heading = *heading,
        E::MissionTimer { remaining } => {
            if let Some(mission) = &mut shown.mission {
                mission.timer = Some(*remaining);
            }
        }
        E::RedAlertAbsorbed { facing } => shown.enterprise.red_alert[usize::from(*facing)] = false,
        E::SectionDamaged { section } | E::SectionDestroyed { section } => {
            let value = if matches!(event, E::SectionDamaged { .. }) {
                SectionState::Damaged
            } else {
                SectionState::Destroyed
            };
            *shown.enterprise.section_mut(*section) = value;
        }
        E::SectionRepaired { section } | E::SectionRebuilt { section } => {
            *shown.enterprise.section_mut(*section) = rules.enterprise.section(*section);
        }
        // The game's end shows the table as the rules left it.
        E::GameWon | E::GameLost { .. } => *shown = rules.clone(),
        E::PhaseSkipped { .. }
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
        | E::ThreatFired { .. }
        | E::ForceFieldHeld { .. }
        | E::RedAlertSet { .. }
        | E::TholianWebbed { .. }
        | E::CaptainArrived { .. }
        | E::CometStruck { .. }
        | E::BagRefilled { .. }
        | E::DieRolled { .. }
        | E::DamageIgnored { .. }
        | E::CardsRemoved { .. }
        | E::BoardersArriving { .. }
        | E::SecurityTeamPlayed { .. }
        | E::AbilityUsed { .. }
        | E::MissionCompleted { .. }
        | E::MissionFailed { .. }
        | E::ThreatChosen { .. }
        | E::ActionUndone { .. } => {}
    }
}
