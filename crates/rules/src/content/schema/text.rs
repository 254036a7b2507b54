//! The text the data means: what the players read is what the rules do. The checks compare
//! each card's and mission's text in the files with what is generated here.

use super::{
    Arc, CardEffect, MissionEntry, MissionText, MissionTokenEntry, Objective, Range, Reward,
    SectorSpec, SpecialRule, ThreatFilter,
};

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn token_name<'a>(tokens: &'a [MissionTokenEntry], id: &'a str) -> &'a str {
    tokens
        .iter()
        .find(|t| t.id == id)
        .map_or(id, |t| t.name.as_str())
}

/// The facings a Hit card names, as the printed cards say them: "a Forward facing", "an Aft
/// facing", "a Forward or Aft facing", or "any facing" for all three groups.
fn arcs_text(arcs: &[Arc]) -> String {
    let mut arcs = arcs.to_vec();
    arcs.sort_unstable();
    arcs.dedup();
    if arcs.len() == 3 {
        return "any facing".to_string();
    }
    let names = arcs
        .iter()
        .map(|arc| match arc {
            Arc::Forward => "Forward",
            Arc::Sides => "Port & Starboard",
            Arc::Aft => "Aft",
        })
        .collect::<Vec<_>>()
        .join(" or ");
    let article = if names.starts_with('A') { "an" } else { "a" };
    format!("{article} {names} facing")
}

/// Every range a Hit card reaches, farthest first: "Long Range", "Long or Medium Range", or
/// "any Range" for all three.
fn ranges_text(ranges: &[Range]) -> String {
    let mut ranges = ranges.to_vec();
    ranges.sort_unstable_by(|a, b| b.cmp(a));
    ranges.dedup();
    if ranges.len() == 3 {
        return "any Range".to_string();
    }
    let names = ranges
        .iter()
        .map(|range| format!("{range:?}"))
        .collect::<Vec<_>>()
        .join(" or ");
    format!("{names} Range")
}

/// The rule text a card's effect means, in the style of the printed cards: what the players
/// read is what the rules do. A Hit card names its damage, facings and every range it reaches.
pub fn card_text(effect: &CardEffect) -> String {
    match effect {
        CardEffect::Hit {
            arcs,
            ranges,
            damage,
            ..
        } => format!(
            "Hit: {damage} Damage to one Threat in {} at {}.",
            arcs_text(arcs),
            ranges_text(ranges)
        ),
        CardEffect::DirectHit => "Play together with a Hit card on the same Threat: the Threat \
                                  is Destroyed whatever its Defense."
            .to_string(),
        CardEffect::Dilithium => "Repair 1 Damaged Shield. Played with Tritanium: Rebuild 1 \
                                  Destroyed Shield or Hull section."
            .to_string(),
        CardEffect::Tritanium => "Repair 1 Damaged Hull section. Played with Dilithium: Rebuild \
                                  1 Destroyed Shield or Hull section."
            .to_string(),
        CardEffect::SecurityTeam => {
            "Play ANY TIME, by any player, to reduce the Damage from Boarders by 1.".to_string()
        }
        CardEffect::TractorBeam => "Move 1 uncloaked Threat token 1 facing in either \
                                    direction, keeping its Range."
            .to_string(),
        CardEffect::TimeTravel { depth } => format!(
            "Look through the top {} of the discard pile, choose 1 and add it to your hand.",
            plural(*depth, "card", "cards")
        ),
        CardEffect::DrawCards { count } => format!(
            "Draw {} and add {} to your hand.",
            plural(*count, "Enterprise card", "Enterprise cards"),
            if *count == 1 { "it" } else { "them" }
        ),
        CardEffect::ForceField => "Place the Force Field marker on 1 uncloaked Threat: it \
                                   neither moves nor fires in the next Threats Move & Fire phase."
            .to_string(),
        CardEffect::EvasiveManeuvers => {
            "Make 1 extra Maneuver this turn, if Maneuvering is allowed.".to_string()
        }
        CardEffect::RedAlert => "Choose a shielded facing: the first Damage its Shield would \
                                 take in the next Threats Move & Fire phase is ignored."
            .to_string(),
    }
}

/// The card text a mission's data means: what the players read is what the rules do.
pub fn describe(mission: &MissionEntry, tokens: &[MissionTokenEntry]) -> MissionText {
    let mut parameters = Vec::new();
    match mission.timer {
        Some(t) => parameters.push(format!("Mission Timer starts at {t}.")),
        None => parameters.push("No time limit.".to_string()),
    }
    for setup in &mission.tokens {
        let name = token_name(tokens, &setup.token);
        let sector = match setup.sector {
            SectorSpec::Roll => "the sector the die shows".to_string(),
            SectorSpec::Fixed(n) => format!("sector {n}"),
        };
        parameters.push(format!(
            "Place the {name} in {:?} Range, {sector}.",
            setup.range
        ));
    }
    if mission.no_maneuver {
        parameters.push("No Maneuvering while this Mission is in play.".to_string());
    }
    if mission.no_trade {
        parameters.push("No Trading while this Mission is in play.".to_string());
    }
    for rule in &mission.special {
        parameters.push(match rule {
            SpecialRule::TokenDrawsFire { token } => format!(
                "Threats in the {0}'s sector fire at the {0} instead of the Enterprise; each \
                 shot lowers it by 1, and at 0 the Mission fails.",
                token_name(tokens, token)
            ),
            SpecialRule::ThreatsPerTurn(n) => {
                format!("Draw {n} New Threats each turn instead of 2.")
            }
        });
    }
    let objective = objective_texts(mission, tokens);
    let reward = mission
        .rewards
        .iter()
        .map(|r| match r {
            Reward::RepairShields(n) => format!(
                "Repair {}.",
                plural(*n, "damaged Shield", "damaged Shields")
            ),
            Reward::RepairHull(n) => format!(
                "Repair {}.",
                plural(*n, "damaged Hull section", "damaged Hull sections")
            ),
            Reward::Rebuild(n) => format!(
                "Rebuild {}, Hull first.",
                plural(*n, "destroyed section", "destroyed sections")
            ),
            Reward::AllPlayersDraw(n) => {
                format!("Every player draws {}.", plural(*n, "card", "cards"))
            }
            Reward::ActivePlayerDraws(n) => {
                format!("The active player draws {}.", plural(*n, "card", "cards"))
            }
            Reward::DestroyThreatsInRange(range) => {
                format!("Destroy every uncloaked enemy ship in {range:?} Range.")
            }
        })
        .collect::<Vec<_>>();
    MissionText {
        parameters: parameters.join(" "),
        objective: objective.join(" "),
        reward: reward.join(" "),
    }
}

/// Each objective of a mission in its own words, in card order (the order of
/// `GameState::mission_progress`): the mission panel shows one line for each, and the card's
/// objective text is these joined.
pub fn objective_texts(mission: &MissionEntry, tokens: &[MissionTokenEntry]) -> Vec<String> {
    mission
        .objectives
        .iter()
        .map(|o| match o {
            Objective::CommitCredits { division, count } => {
                format!(
                    "Commit {}.",
                    plural(
                        *count,
                        &format!("{division:?} credit"),
                        &format!("{division:?} credits")
                    )
                )
            }
            Objective::CommitCards { card, count } => {
                format!(
                    "Commit {}.",
                    plural(*count, &format!("{card} card"), &format!("{card} cards"))
                )
            }
            Objective::TokenInRange { token, range, arc } => {
                let arc = match arc {
                    None => String::new(),
                    Some(Arc::Forward) => " in a Forward facing".to_string(),
                    Some(Arc::Sides) => " in a Port or Starboard facing".to_string(),
                    Some(Arc::Aft) => " in an Aft facing".to_string(),
                };
                format!(
                    "Bring the {} into {range:?} Range{arc}.",
                    token_name(tokens, token)
                )
            }
            Objective::DieRolls {
                at_least,
                successes,
            } => format!(
                "Roll the die once a turn: {} of {at_least} or more.",
                plural(*successes, "roll", "rolls")
            ),
            Objective::DestroyThreats { count, of } => {
                let what = match of {
                    ThreatFilter::Any => plural(*count, "Threat", "Threats"),
                    ThreatFilter::Faction(f) => {
                        plural(*count, &format!("{f:?} ship"), &format!("{f:?} ships"))
                    }
                    ThreatFilter::Cloaking => plural(*count, "cloaking ship", "cloaking ships"),
                };
                format!("Destroy {what} while this Mission is in play.")
            }
        })
        .collect()
}
