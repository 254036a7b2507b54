//! The table's view of a threat phase in progress: how the rules' events group into steps the
//! eye can follow, and how long each step shows. What each event changes on the shown table is
//! the rules' to say (`stp_rules::replay::show_event`). Nothing here decides a rule: each
//! event carries its outcome, and the shown table becomes the rules state itself when the
//! sequence ends.

use stp_rules::RulesEvent;

use crate::game::model::event_catalogue::presentation;

/// One step of a paced sequence: the events that show together, and for how long (seconds at
/// speed 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub events: Vec<RulesEvent>,
    pub seconds: f32,
}

/// Whether an event opens the automatic phases (5–7), which play as a sequence
/// (`event_catalogue`).
pub fn opens_threat_phase(event: &RulesEvent) -> bool {
    presentation(event).opens_threat_phase
}

/// How long an event that starts a step of its own shows; `None` for an event that joins the
/// step before it (`event_catalogue`).
pub fn step_seconds(event: &RulesEvent) -> Option<f32> {
    presentation(event).step
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
