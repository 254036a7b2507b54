//! Why the rules did what they did on their own: one sentence per kind of automatic event,
//! naming the rule, shown when a log line is hovered. The rules reference (F1) has the topic.

use stp_rules::{LossCause, RulesEvent};

/// The rule behind an event the rules made on their own; `None` for a player's own action.
pub fn why(event: &RulesEvent) -> Option<&'static str> {
    use RulesEvent as E;
    Some(match event {
        E::ThreatMoved { .. } => {
            "Threats Move & Fire: each ship moves one ring closer (a ship in Short Range stays). Topic: Threats."
        }
        E::ThreatFired { .. } => {
            "Threats Move & Fire: after moving, each ship fires its firepower at the facing it sits in. Topic: Threats."
        }
        E::SectionDamaged { .. } | E::SectionDestroyed { .. } => {
            "Damage hits a facing's Shield first; only with the Shield destroyed does it reach the Hull. Topic: Damage."
        }
        E::DamageIgnored { .. } | E::RedAlertAbsorbed { .. } => {
            "Red Alert: the first point of damage to that Shield this phase is ignored. Topic: Support cards."
        }
        E::CardsRemoved { .. } => {
            "Each point of damage to a destroyed Hull section removes the top Enterprise card from the game. Topic: Damage."
        }
        E::BoardersArriving { .. } | E::Boarded { .. } => {
            "A ship in Short Range facing a facing with no Shield boards instead of firing: its Defense in damage to the Hull, less one per Security Team. Topic: Boarders."
        }
        E::ThreatCloaked { .. } => {
            "Cloaking ships move, then turn face down instead of firing; a cloaked ship cannot be targeted. Topic: Romulans and cloaking."
        }
        E::ThreatUncloaked { .. } => {
            "A cloaked ship uncloaks where the die puts it, then fires. Topic: Romulans and cloaking."
        }
        E::DieRolled { .. } => {
            "The die decides where a threat arrives, where a cloaked ship reappears, or a mission's roll."
        }
        E::ThreatPlaced { .. } => {
            "Draw New Threats: tokens come out of the bag and are placed in Long Range, in the sector the die shows. Topic: A turn."
        }
        E::BagRefilled { .. } => {
            "The threat bag was empty: the threat discard pile goes back into it."
        }
        E::CometStruck { .. } => {
            "A comet destroys the other tokens in its sector, then the first section it strikes. Topic: Comets."
        }
        E::TholianWebbed { .. } => {
            "A Tholian reaching Short Range webs the ship in its facing instead of firing. Topic: Tholians."
        }
        E::CaptainArrived { .. } => {
            "A Klingon captain's arrival acts on every Klingon at once. Topic: Klingons."
        }
        E::ThreatReinforced { .. } => {
            "Kor raises every Klingon's Defense by one, up to its maximum. Topic: Klingons."
        }
        E::ForceFieldHeld { .. } => {
            "A Force Field holds that ship: it neither moves, fires nor cloaks this phase. Topic: Support cards."
        }
        E::Docked { .. } => {
            "The Starbase reached Short Range: the Enterprise docks, is repaired and everyone draws. Topic: Comets and the Starbase."
        }
        E::MissionTimer { .. } => {
            "Check Mission Status: the mission's timer counts down each turn. Topic: Missions."
        }
        E::MissionCompleted { .. } => {
            "Every objective of the mission is met: its reward is given. Topic: Missions."
        }
        E::MissionFailed { .. } => {
            "The mission's timer ran out before its objectives were met. Topic: Missions."
        }
        E::DeckReshuffled { .. } => {
            "The Enterprise deck ran out: the discard pile is shuffled into a new deck."
        }
        E::CardsDrawn { .. } => {
            "Draw Enterprise Cards: each player draws up to the hand size. Topic: A turn."
        }
        E::PhaseSkipped { .. } => {
            "Nothing to do in this phase, so it passes by itself. Topic: A turn."
        }
        E::GameWon => {
            "The required missions are done and no enemy ship is left. Topic: Winning and losing."
        }
        E::GameLost { cause } => match cause {
            LossCause::HullDestroyed => {
                "All six Hull sections are destroyed. Topic: Winning and losing."
            }
            LossCause::DeckDepleted => {
                "A player had to draw and no Enterprise card was left. Topic: Winning and losing."
            }
            LossCause::Stalemate => {
                "Ten full rounds passed with nothing happening: the Enterprise is stranded. Topic: Tholians."
            }
        },
        // Events a player caused, or that explain themselves: no "why" line. Listed, not
        // defaulted, so that a new event decides whether it needs one.
        E::TurnStarted { .. }
        | E::PhaseStarted { .. }
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
        | E::Maneuvered { .. }
        | E::SectionRepaired { .. }
        | E::SectionRebuilt { .. }
        | E::SecurityTeamPlayed { .. }
        | E::AbilityUsed { .. }
        | E::ThreatChosen { .. }
        | E::ActionUndone { .. } => return None,
    })
}

/// Every explanation, for the rules reference (F1) to show under its topic.
pub fn all() -> Vec<&'static str> {
    use RulesEvent as E;
    use stp_rules::{DieRollPurpose, Position, SectionKind, SectionRef};
    let at = Position::new(stp_rules::Range::Long, 0);
    let section = SectionRef {
        kind: SectionKind::Shield,
        facing: 0,
    };
    let phase = stp_rules::Phase::DrawCards;
    [
        E::ThreatMoved {
            token: 0,
            from: at,
            to: at,
        },
        E::ThreatFired {
            token: 0,
            facing: 0,
            damage: 1,
        },
        E::SectionDamaged { section },
        E::RedAlertAbsorbed { facing: 0 },
        E::CardsRemoved {
            cards: Vec::new(),
            facing: Some(0),
        },
        E::Boarded {
            token: 0,
            facing: 0,
            damage: 1,
        },
        E::ThreatCloaked { token: 0 },
        E::ThreatUncloaked { token: 0 },
        E::DieRolled {
            value: 1,
            purpose: DieRollPurpose::Uncloak,
        },
        E::ThreatPlaced { token: 0, pos: at },
        E::BagRefilled { tokens: 1 },
        E::CometStruck {
            token: 0,
            sector: 0,
            facing: 0,
        },
        E::TholianWebbed { token: 0 },
        E::CaptainArrived { token: 0 },
        E::ThreatReinforced {
            token: 0,
            defense: 1,
        },
        E::ForceFieldHeld { token: 0 },
        E::Docked { token: 0 },
        E::MissionTimer { remaining: 1 },
        E::MissionCompleted { mission: 0 },
        E::MissionFailed { mission: 0 },
        E::DeckReshuffled { cards: 1 },
        E::CardsDrawn {
            player: 0,
            cards: Vec::new(),
        },
        E::PhaseSkipped { phase },
        E::GameWon,
        E::GameLost {
            cause: LossCause::HullDestroyed,
        },
        E::GameLost {
            cause: LossCause::DeckDepleted,
        },
        E::GameLost {
            cause: LossCause::Stalemate,
        },
    ]
    .iter()
    .filter_map(why)
    .collect()
}

/// The topic an explanation names ("Damage" in "… Topic: Damage.").
pub(crate) fn topic_of(text: &str) -> Option<&str> {
    let (_, topic) = text.rsplit_once("Topic: ")?;
    Some(topic.trim_end_matches('.'))
}

/// The explanations that name a topic: "Topic: Damage." belongs to "Damage: Shields, Hull and
/// the deck".
pub fn for_topic(title: &str) -> Vec<&'static str> {
    all()
        .into_iter()
        .filter(|text| topic_of(text).is_some_and(|topic| title.starts_with(topic)))
        .collect()
}
