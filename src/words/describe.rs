//! Words for the game's things: cards, tokens, places, sections, targets, a threat's intent
//! and a card's gist. Every rules event as a log line is `log_lines`.

use stp_rules::content::builtin;
use stp_rules::{
    GameState, ManeuverKind, Position, Rotation, SectionKind, SectionRef, Target, TokenId,
};

/// A card's name in one word where its whole name has no room (a seat's chip in a small
/// window): the word that tells it from the other cards.
pub fn short_card_name<'a>(kind: &str, name: &'a str) -> &'a str {
    let word = match kind {
        "photon_torpedoes" => "Torpedoes",
        "security_team" => "Security",
        "tractor_beam" => "Tractor",
        "yeoman_rand" => "Yeoman",
        "evasive_maneuvers" => "Evasive",
        _ => return name,
    };
    // The word is the name's own, so the chip never says what the card does not.
    name.split_whitespace().find(|w| *w == word).unwrap_or(name)
}

pub fn card_name(card: u8) -> String {
    use stp_rules::content::{Arc, HitParts};
    let c = builtin().card(card);
    match c.effect.hit() {
        Some(HitParts { arcs, ranges, .. }) => {
            let arcs = if arcs.len() == 3 {
                "any facing".to_string()
            } else {
                arcs.iter()
                    .map(|a| match a {
                        Arc::Forward => "Forward",
                        Arc::Sides => "Port & Starboard",
                        Arc::Aft => "Aft",
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let ranges = ranges
                .iter()
                .map(|r| format!("{r:?}"))
                .collect::<Vec<_>>()
                .join("/");
            format!("{} — {arcs}, {ranges}", c.name)
        }
        None => c.name.clone(),
    }
}

pub(crate) fn token_name(token: u8) -> String {
    builtin().threat(token).name.clone()
}

/// A token drawn from the bag, with what makes it matter: "Kor's Battle Cruiser (Defense 4,
/// fires 3)", "Comet", "Starbase".
pub fn token_brief(token: u8) -> String {
    use stp_rules::content::Captain;
    let def = builtin().threat(token);
    // A captain's arrival changes the board: said here, as the rules reference says it.
    let arrival = match def.captain() {
        Some(Captain::Kang) => "; arriving, every cloaked Klingon uncloaks and every Klingon fires",
        Some(Captain::Koloth) => "; arriving, every uncloaked Klingon moves one ring closer",
        Some(Captain::Kor) => "; arriving, every Klingon regains one Defense",
        None => "",
    };
    match def.max_defense() {
        0 => def.name.clone(),
        defense => format!(
            "{} (Defense {defense}, fires {}{arrival})",
            def.name,
            def.firepower()
        ),
    }
}

/// A card with its Division credit, where two copies would read alike ("Tritanium
/// (Engineering)").
pub fn card_with_credit(card: u8) -> String {
    match builtin().card(card).credit {
        Some(division) => format!("{} ({division:?})", card_name(card)),
        None => card_name(card),
    }
}

pub fn place(pos: Position) -> String {
    format!("{:?} Range, sector {}", pos.range, pos.sector + 1)
}

pub(crate) fn facing_name(facing: u8) -> &'static str {
    match facing {
        0 => "fore-starboard",
        1 => "starboard",
        2 => "aft-starboard",
        3 => "aft-port",
        4 => "port",
        _ => "fore-port",
    }
}

/// A facing's short name, as the ship's diagram prints it in its plate: "FS", "S", "AS", "AP",
/// "P", "FP".
pub fn facing_short_name(facing: u8) -> &'static str {
    match facing {
        0 => "FS",
        1 => "S",
        2 => "AS",
        3 => "AP",
        4 => "P",
        _ => "FP",
    }
}

pub(crate) fn section_name(section: SectionRef) -> String {
    let kind = match section.kind {
        SectionKind::Shield => "Shield",
        SectionKind::Hull => "Hull",
    };
    format!(
        "{kind} {} ({})",
        section.facing + 1,
        facing_name(section.facing)
    )
}

/// A card's target in words, for its button.
pub(crate) fn target_name(state: &GameState, target: Target) -> String {
    // Board sector and ship facing both, so a target button reads against the board and
    // against the ship status alike.
    let threat = |token: TokenId| match state.threat(token) {
        Some(t) => format!(
            "{} ({}, {} facing)",
            token_name(token),
            place(t.pos),
            facing_name(state.enterprise().facing_of_sector(t.pos.sector))
        ),
        None => token_name(token),
    };
    match target {
        Target::None => "Play".into(),
        Target::Threat(token) => threat(token),
        Target::Shift(token, way) => {
            let words = match way {
                Rotation::Clockwise => "pull clockwise",
                Rotation::CounterClockwise => "pull counter-clockwise",
            };
            match state.threat(token) {
                Some(t) => format!(
                    "{}: {words} to sector {}",
                    threat(token),
                    way.next_sector(t.pos.sector) + 1
                ),
                None => format!("{}: {words}", threat(token)),
            }
        }
        Target::Section(section) => section_name(section),
        Target::Facing(facing) => format!("facing {} ({})", facing + 1, facing_name(facing)),
        Target::Discard(card) => format!("take {}", card_name(card)),
    }
}

/// A threat target in a few words for its button ("Klingon Cruiser · Long 1", "… · Medium 3:
/// pull clockwise to 4"); the hover has `target_name`'s whole. `None` for other targets.
pub fn short_target_name(state: &GameState, target: Target) -> Option<String> {
    let (token, way) = match target {
        Target::Threat(token) => (token, None),
        Target::Shift(token, way) => (token, Some(way)),
        _ => return None,
    };
    let t = state.threat(token)?;
    let at = format!(
        "{} · {:?} {}",
        token_name(token),
        t.pos.range,
        t.pos.sector + 1
    );
    Some(match way {
        None => at,
        Some(way) => {
            let words = match way {
                Rotation::Clockwise => "clockwise",
                Rotation::CounterClockwise => "counter-clockwise",
            };
            format!(
                "{at}: pull {words} to {}",
                way.next_sector(t.pos.sector) + 1
            )
        }
    })
}

/// An action in words, as the advisor says it: "Phasers — Forward, Long on the Klingon
/// Cruiser (Long 2, fore-starboard facing)".
pub(crate) fn action_words(state: &GameState, action: &stp_rules::PlayerAction) -> String {
    use stp_rules::Action;
    match action.action {
        Action::EndPhase => "End the phase".into(),
        Action::Trade { with, give, take } => format!(
            "Trade {} to {} for {}",
            card_name(give),
            player_name(state, with),
            card_name(take)
        ),
        Action::PlayCard {
            card,
            target,
            with,
            shift,
        } => {
            let mut words = card_name(card);
            if let Some(with) = with {
                words.push_str(&format!(" with {}", card_name(with)));
            }
            if target != Target::None {
                words.push_str(&format!(" on {}", target_name(state, target)));
            }
            match shift {
                Some(stp_rules::RangeShift::Nearer) => words.push_str(", one ring nearer"),
                Some(stp_rules::RangeShift::Farther) => words.push_str(", one ring farther"),
                None => {}
            }
            words
        }
        Action::Commit { card, as_medical } => format!(
            "Commit {} to the mission{}",
            card_name(card),
            if as_medical {
                " as a Medical credit"
            } else {
                ""
            }
        ),
        Action::Maneuver(ManeuverKind::Clockwise) => "Turn clockwise".into(),
        Action::Maneuver(ManeuverKind::CounterClockwise) => "Turn counter-clockwise".into(),
        Action::Maneuver(ManeuverKind::Forward) => "Move forward".into(),
        Action::RollForMission => "Roll the die for the mission".into(),
        Action::Repair(section) => format!("Repair {}", section_name(section)),
        Action::TakeCard { from, card } => {
            format!("Take {} from {}", card_name(card), player_name(state, from))
        }
        Action::Redraw { card } => format!("Discard {} and draw a card", card_name(card)),
        Action::Discard { card } => format!("Stand down: discard {}", card_name(card)),
        Action::PlaySecurityTeam { .. } => "Play Security Team against the boarders".into(),
        Action::ResolveBoarding => "Let them board".into(),
        Action::ChooseThreats { first, second } => {
            format!("Resolve {} then {}", token_name(first), token_name(second))
        }
    }
}

pub(crate) fn player_name(state: &GameState, player: u8) -> String {
    state
        .players()
        .get(player as usize)
        .map_or_else(|| format!("Player {}", player + 1), |p| p.name.clone())
}

/// What a threat will do in the coming Threats Move & Fire phase, in one line.
pub fn intent_words(intent: &stp_rules::preview::ThreatIntent) -> String {
    use stp_rules::preview::Intent;
    let to = |pos: Option<Position>| pos.filter(|p| *p != intent.from).map(place);
    let fires = intent
        .fires
        .map(|(facing, damage)| format!("fires {damage} at the {} facing", facing_name(facing)));
    let moved = to(intent.to).map(|p| format!("moves to {p}"));
    let firepower = builtin().threat(intent.token).firepower();
    match intent.what {
        Intent::Chance => format!(
            "cloaked: uncloaks where the die says, then fires {firepower} at whatever facing it faces"
        ),
        Intent::Held => "held by a Force Field: neither moves nor fires".into(),
        Intent::Boards { facing, damage } => format!(
            "boards through the unshielded {} facing: {damage} damage to the Hull, 1 less per \
             Security Team",
            facing_name(facing)
        ),
        Intent::Cloaks => match moved {
            Some(m) => format!("{m}, then cloaks"),
            None => "cloaks".into(),
        },
        Intent::Nothing => "does not move or fire".into(),
        Intent::Moves | Intent::MovesAndFires => {
            let parts: Vec<String> = moved.into_iter().chain(fires).collect();
            if parts.is_empty() {
                "holds its place and does not fire".into()
            } else {
                parts.join(", then ")
            }
        }
    }
}

/// A card's rules in a few words, where its whole text has no room (a hand's card); the
/// hover and the zoom show the card's text whole.
pub fn card_summary(card: u8) -> String {
    use stp_rules::content::CardEffect;
    match &builtin().card(card).effect {
        CardEffect::Hit { damage, .. } => format!("{damage} damage to a threat it reaches"),
        CardEffect::DirectHit => "+1 damage, played with a Hit card".into(),
        CardEffect::Dilithium => "Repair a damaged Shield".into(),
        CardEffect::Tritanium => "Repair a damaged Hull section".into(),
        CardEffect::TractorBeam => "Move a threat one sector".into(),
        CardEffect::SecurityTeam => "Stop 1 boarder damage".into(),
        CardEffect::TimeTravel { .. } => "Take a card back from the discard".into(),
        CardEffect::DrawCards { count } => format!("Draw {count} cards"),
        CardEffect::ForceField => "Hold a threat still for a turn".into(),
        CardEffect::EvasiveManeuvers => "One more maneuver this turn".into(),
        CardEffect::RedAlert => "A Shield ignores its next damage".into(),
    }
}

/// A card's effect in two or three words, where even its summary has no room (a narrow hand);
/// the card's zoom and hover show it whole.
pub fn card_gist(card: u8) -> String {
    use stp_rules::content::CardEffect;
    match &builtin().card(card).effect {
        CardEffect::Hit { damage, .. } => format!("{damage} damage"),
        CardEffect::DirectHit => "+1 damage".into(),
        CardEffect::Dilithium => "Repair Shield".into(),
        CardEffect::Tritanium => "Repair Hull".into(),
        CardEffect::TractorBeam => "Move a threat".into(),
        CardEffect::SecurityTeam => "Stop a boarder".into(),
        // "Card back" read as a placeholder, or a card face down (read 26).
        CardEffect::TimeTravel { .. } => "Take back a discard".into(),
        CardEffect::DrawCards { count } => format!("Draw {count}"),
        CardEffect::ForceField => "Hold a threat".into(),
        CardEffect::EvasiveManeuvers => "Extra maneuver".into(),
        CardEffect::RedAlert => "Shield ignores a hit".into(),
    }
}

/// A character's ability in a few words, where its whole text has no room (a seat, the
/// hand's first tile); hovering shows it whole.
pub fn ability_summary(ability: stp_rules::content::Ability) -> &'static str {
    use stp_rules::content::Ability;
    match ability {
        Ability::TakeCard => "Take a card from another player",
        Ability::ThreatForesight => "Draws 3 new threats, picks 2",
        Ability::FieldMedicine => "Commit any card as Medical, or redraw",
        Ability::DamageControl => "A free repair each turn",
        Ability::OpenChannels => "Trades twice, even when forbidden",
        Ability::EvasivePiloting => "Maneuvers twice a turn",
        Ability::FireControl => "Shifts a Hit card's range by one ring",
    }
}
