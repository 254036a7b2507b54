//! A readable picture of a state, by names rather than ids: `replay --json` prints it, tests
//! and tools read it.

use serde::Serialize;

use crate::content::{Range, builtin};
use crate::files::hash_text;
use crate::state::{GameState, Outcome, SectionState};

#[derive(Debug, Clone, Serialize)]
pub struct ThreatReport {
    pub kind: String,
    pub range: Range,
    /// Board sector, 1–6.
    pub sector: u8,
    /// Ship facing it is in, 1–6.
    pub facing: u8,
    pub defense: u8,
    pub cloaked: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct MissionReport {
    pub id: String,
    pub name: String,
    pub timer: Option<u8>,
    /// (done, needed) per objective, in card order.
    pub progress: Vec<(u8, u8)>,
    pub committed: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct StateReport {
    pub turn: u32,
    pub active_player: u8,
    pub phase: String,
    pub outcome: String,
    pub heading: u8,
    /// By ship facing 1–6.
    pub shields: [SectionState; 6],
    pub hull: [SectionState; 6],
    pub threats: Vec<ThreatReport>,
    pub hands: Vec<Vec<String>>,
    pub deck: usize,
    pub discard: Vec<String>,
    pub removed: usize,
    pub bag: usize,
    pub threat_discard: Vec<String>,
    pub mission: Option<MissionReport>,
    pub completed_missions: Vec<String>,
    pub state_hash: String,
}

pub fn report(state: &GameState) -> StateReport {
    let content = builtin();
    let card = |c: &u8| content.card(*c).kind.clone();
    StateReport {
        turn: state.turn.number,
        active_player: state.turn.active + 1,
        phase: state.turn.phase.name().to_string(),
        outcome: match state.outcome {
            None => "in progress".into(),
            Some(Outcome::Won) => "won".into(),
            Some(Outcome::Lost(cause)) => format!("lost: {}", cause.key()),
        },
        heading: state.enterprise.heading,
        shields: state.enterprise.shields,
        hull: state.enterprise.hull,
        threats: state
            .threats
            .iter()
            .map(|t| ThreatReport {
                kind: content.threat(t.token).kind.clone(),
                range: t.pos.range,
                sector: t.pos.sector + 1,
                facing: state.enterprise.facing_of_sector(t.pos.sector) + 1,
                defense: t.defense,
                cloaked: t.cloaked,
            })
            .collect(),
        hands: state
            .players
            .iter()
            .map(|p| p.hand.iter().map(card).collect())
            .collect(),
        deck: state.deck.len(),
        discard: state.discard.iter().map(card).collect(),
        removed: state.removed.len(),
        bag: state.bag.len(),
        threat_discard: state
            .threat_discard
            .iter()
            .map(|t| content.threat(*t).kind.clone())
            .collect(),
        mission: state.mission.as_ref().map(|m| MissionReport {
            id: content.mission(m.mission).id.clone(),
            name: content.mission(m.mission).name.clone(),
            timer: m.timer,
            progress: state.mission_progress(),
            committed: m.committed.iter().map(|c| card(&c.card)).collect(),
        }),
        completed_missions: state
            .completed_missions
            .iter()
            .map(|m| content.mission(*m).id.clone())
            .collect(),
        state_hash: hash_text(state.state_hash()),
    }
}
