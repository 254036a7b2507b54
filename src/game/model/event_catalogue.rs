//! The table's one catalogue of how a rules event is shown (issue 41): whether it opens the
//! paced threat phase, how long its step shows, the sound it makes and the banner it raises.
//! One exhaustive match, no default: a new event does not build until it decides all four
//! here. The rules' own facts (reveals, progress, tallied) are `stp_rules::event_facts`; what
//! an event draws on the board takes its payload, and stays with the effects.

use stp_rules::content::{ThreatKind, Weapon, builtin};
use stp_rules::{Phase, RulesEvent, SectionKind};

/// A sound the table plays for an event (`audio` makes each in code).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cue {
    Phaser,
    Torpedo,
    Explosion,
    ShieldHit,
    HullHit,
    Boarding,
    Cloak,
    Uncloak,
    Comet,
    Docking,
    MissionComplete,
    MissionFailed,
    Victory,
    Defeat,
}

/// The banner over the table for an event: its opening words, the mission it names, and
/// whether it is good news.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct News {
    pub words: &'static str,
    pub mission: u8,
    pub good: bool,
}

/// How the table shows one rules event.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Presentation {
    /// It opens the automatic phases (5–7), which play as a paced sequence.
    pub opens_threat_phase: bool,
    /// How long its step shows in a paced phase; `None` for an event that joins the step
    /// before it (a Shield losing a point belongs to the shot that hit it).
    pub step: Option<f32>,
    /// The sound it makes.
    pub cue: Option<Cue>,
    /// The banner it raises.
    pub banner: Option<News>,
}

/// An event with a step of `seconds` and no sound.
fn step(seconds: f32) -> Presentation {
    Presentation {
        step: Some(seconds),
        ..Presentation::default()
    }
}

/// An event with a step of `seconds` and a sound.
fn step_and(seconds: f32, cue: Cue) -> Presentation {
    Presentation {
        step: Some(seconds),
        cue: Some(cue),
        ..Presentation::default()
    }
}

/// An event that joins the step before it, with a sound or none.
fn joins(cue: Option<Cue>) -> Presentation {
    Presentation {
        cue,
        ..Presentation::default()
    }
}

/// A phase that opens the threat phase: Check Mission Status, Threats Move & Fire, Draw New
/// Threats.
fn automatic(phase: Phase) -> bool {
    match phase {
        Phase::CheckMissionStatus | Phase::ThreatsMoveAndFire | Phase::DrawNewThreats => true,
        Phase::DrawCards | Phase::RevealMission | Phase::Trade | Phase::PlayAndManeuver => false,
    }
}

/// A mission's end: a step, its sound and its banner.
fn mission_end(mission: u8, good: bool) -> Presentation {
    let (words, cue) = match good {
        true => ("Mission complete", Cue::MissionComplete),
        false => ("Mission failed", Cue::MissionFailed),
    };
    Presentation {
        banner: Some(News {
            words,
            mission,
            good,
        }),
        ..step_and(0.6, cue)
    }
}

/// How `event` is shown.
pub fn presentation(event: &RulesEvent) -> Presentation {
    use RulesEvent as E;
    match event {
        // A new turn (and the handover it brings) shows only once the last step has had its
        // time.
        E::TurnStarted { .. } => step(0.0),
        E::PhaseStarted { phase } => Presentation {
            opens_threat_phase: automatic(*phase),
            step: automatic(*phase).then_some(0.3),
            ..Presentation::default()
        },
        E::PhaseSkipped { phase } => Presentation {
            opens_threat_phase: automatic(*phase),
            ..Presentation::default()
        },
        E::CardPlayed { card, .. } => {
            joins(
                builtin()
                    .card(*card)
                    .effect
                    .hit()
                    .map(|hit| match hit.weapon {
                        Weapon::Phasers => Cue::Phaser,
                        Weapon::PhotonTorpedoes => Cue::Torpedo,
                    }),
            )
        }
        E::ThreatDestroyed { token } => joins(match builtin().threat(*token).threat {
            ThreatKind::Comet { .. } => None,
            ThreatKind::Ship { .. } | ThreatKind::Starbase => Some(Cue::Explosion),
        }),
        E::ThreatMoved { .. } | E::MissionTokenMoved { .. } => step(0.45),
        E::ThreatCloaked { .. } => step_and(0.45, Cue::Cloak),
        // A ship drops its cloak in the step that moves it, or, left where it is, in the die's
        // step: read 52 saw ships the die had moved still drawn cloaked a step later.
        E::ThreatUncloaked { .. } => joins(Some(Cue::Uncloak)),
        E::ThreatPlaced { .. } | E::MissionTokenPlaced { .. } => step(0.5),
        E::ThreatHit { .. } | E::TholianWebbed { .. } | E::ForceFieldHeld { .. } => step(0.5),
        E::ThreatFired { .. } | E::Boarded { .. } | E::MissionTimer { .. } => step(0.6),
        E::CometStruck { .. } => step_and(0.6, Cue::Comet),
        E::BoardersArriving { .. } => step_and(0.6, Cue::Boarding),
        E::DieRolled { .. } => step(0.7),
        // The shots of a phase land together, facing by facing, after every threat fired.
        E::SectionDamaged { section } | E::SectionDestroyed { section } => step_and(
            0.35,
            match section.kind {
                SectionKind::Shield => Cue::ShieldHit,
                SectionKind::Hull => Cue::HullHit,
            },
        ),
        E::DamageIgnored { .. } | E::RedAlertAbsorbed { .. } => step(0.35),
        E::MissionCompleted { mission } => mission_end(*mission, true),
        E::MissionFailed { mission } => mission_end(*mission, false),
        E::GameWon => step_and(0.8, Cue::Victory),
        E::GameLost { .. } => step_and(0.8, Cue::Defeat),
        E::Docked { .. } => joins(Some(Cue::Docking)),
        E::CardsDrawn { .. }
        | E::DeckReshuffled { .. }
        | E::MissionRevealed { .. }
        | E::MissionTokenHit { .. }
        | E::Traded { .. }
        | E::CardTaken { .. }
        | E::CardCommitted { .. }
        | E::CardDiscarded { .. }
        | E::CardRecovered { .. }
        | E::ThreatReinforced { .. }
        | E::ThreatReturnedToBag { .. }
        | E::ForceFieldPlaced { .. }
        | E::RedAlertSet { .. }
        | E::CaptainArrived { .. }
        | E::BagRefilled { .. }
        | E::Maneuvered { .. }
        | E::SectionRepaired { .. }
        | E::SectionRebuilt { .. }
        | E::CardsRemoved { .. }
        | E::SecurityTeamPlayed { .. }
        | E::AbilityUsed { .. }
        | E::ActionUndone { .. } => joins(None),
        // Spock's pick goes on with the Draw New Threats phase his window paused: the threats
        // it brings arrive step by step, as in any phase 7. Shown at once, they went unsaid
        // under Orca between his choice and the next player's turn.
        E::ThreatChosen { .. } => Presentation {
            opens_threat_phase: true,
            ..step(0.3)
        },
    }
}
