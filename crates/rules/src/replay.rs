//! The rules' events replayed onto a copy of the table: how a table that shows a sequence
//! step by step (the paced threat phase) moves its shown copy on, event by event, without a
//! write of its own to the rules' state, whose fields are the rules' own (issue 41).

use crate::{GameState, Phase, RulesEvent, SectionState, ThreatOnBoard, TokenId};

/// Changes a shown copy of the table as an event says, for a table that shows a sequence of
/// the rules' events one step at a time (the paced threat phase). `rules` is the rules state
/// at the end of the sequence, for what an event names but does not carry (a new threat's full
/// token). Nothing is decided here: each event carries its outcome. It writes only the copy
/// it is given; the rules' own state changes by `act` and the phases alone (issue 41).
pub fn show_event(shown: &mut GameState, event: &RulesEvent, rules: &GameState) {
    use RulesEvent as E;
    fn threat(shown: &mut GameState, token: TokenId) -> Option<&mut ThreatOnBoard> {
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
                    defense: crate::content::builtin().threat(*token).max_defense(),
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
