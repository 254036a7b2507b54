//! Words for the game's things: cards, tokens, places, sections, targets, and every rules
//! event as a log line.

use stp_rules::content::builtin;
use stp_rules::{
    DieRollPurpose, GameState, ManeuverKind, Phase, Position, Rotation, RulesEvent, SectionKind,
    SectionRef, Target, TokenId,
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

/// One event in words; `None` for bookkeeping the log does not need.
pub fn describe(event: &RulesEvent, state: &GameState) -> Option<String> {
    use RulesEvent::*;
    let who = |p: &u8| player_name(state, *p);
    Some(match event {
        TurnStarted { player, turn } => format!("— Turn {turn}: {} —", who(player)),
        PhaseStarted { phase } => format!("Phase {}: {}", phase.number(), phase.name()),
        PhaseSkipped { phase } => match phase {
            Phase::DrawNewThreats => "No new threats: the missions are done.".into(),
            _ => return None,
        },
        CardsDrawn { player, cards } => format!("{} draws {} card(s).", who(player), cards.len()),
        DeckReshuffled { cards } => {
            format!("The discard pile ({cards} cards) is reshuffled into the deck.")
        }
        MissionRevealed { mission } => {
            format!("New mission: {}.", builtin().mission(*mission).name)
        }
        MissionTokenPlaced { token, pos } => format!(
            "{} placed at {}.",
            builtin().mission_tokens[*token as usize].name,
            place(*pos)
        ),
        MissionTokenMoved { token, to, .. } => format!(
            "{} now at {}.",
            builtin().mission_tokens[*token as usize].name,
            place(*to)
        ),
        MissionTokenHit {
            token, value, by, ..
        } => format!(
            "{} fires at the {}: {value} left.",
            token_name(*by),
            builtin().mission_tokens[*token as usize].name
        ),
        Traded {
            player,
            with,
            gave,
            took,
        } => format!(
            "{} trades {} to {} for {}.",
            who(player),
            card_name(*gave),
            who(with),
            card_name(*took)
        ),
        CardTaken { player, from, card } => format!(
            "{} takes {} from {}.",
            who(player),
            card_name(*card),
            who(from)
        ),
        CardPlayed { player, card } => format!("{} plays {}.", who(player), card_name(*card)),
        CardCommitted { player, card } => format!(
            "{} commits {} to the mission.",
            who(player),
            card_name(*card)
        ),
        CardDiscarded { player, card } => format!("{} discards {}.", who(player), card_name(*card)),
        CardRecovered { player, card } => format!(
            "{} takes {} back from the discard pile.",
            who(player),
            card_name(*card)
        ),
        ThreatHit {
            token,
            damage,
            defense,
        } => format!(
            "{} takes {damage} damage: Defense {defense}.",
            token_name(*token)
        ),
        ThreatDestroyed { token } => format!("{} is destroyed.", token_name(*token)),
        ThreatPlaced { token, pos } => {
            format!("{} appears at {}.", token_name(*token), place(*pos))
        }
        ThreatMoved { token, to, .. } => format!("{} moves to {}.", token_name(*token), place(*to)),
        ThreatFired {
            token,
            facing,
            damage,
        } => format!(
            "{} fires at the {} facing ({damage}).",
            token_name(*token),
            facing_name(*facing)
        ),
        ThreatCloaked { token } => format!("{} cloaks.", token_name(*token)),
        ThreatUncloaked { token } => format!("{} uncloaks.", token_name(*token)),
        ThreatReinforced { token, defense } => {
            format!("{} is reinforced: Defense {defense}.", token_name(*token))
        }
        ThreatReturnedToBag { token } => format!("{} goes back into the bag.", token_name(*token)),
        ForceFieldPlaced { token } => format!("A Force Field holds {}.", token_name(*token)),
        ForceFieldHeld { token } => format!("{} is held by the Force Field.", token_name(*token)),
        RedAlertSet { facing } => format!("Red Alert on the {} Shield.", facing_name(*facing)),
        RedAlertAbsorbed { facing } => format!(
            "Red Alert absorbs a hit on the {} Shield.",
            facing_name(*facing)
        ),
        TholianWebbed { token } => format!(
            "{} webs the Enterprise: no maneuvering.",
            token_name(*token)
        ),
        CaptainArrived { token } => format!("{} arrives!", token_name(*token)),
        CometStruck { sector, facing, .. } => format!(
            "A Comet streaks down sector {} toward the {} facing.",
            sector + 1,
            facing_name(*facing)
        ),
        Docked { .. } => {
            "The Enterprise docks with the Starbase: repairs and a card for everyone.".into()
        }
        BagRefilled { tokens } => format!("The threat bag is refilled with {tokens} tokens."),
        Maneuvered { kind, .. } => match kind {
            ManeuverKind::Clockwise => "The Enterprise turns clockwise.".into(),
            ManeuverKind::CounterClockwise => "The Enterprise turns counter-clockwise.".into(),
            ManeuverKind::Forward => "The Enterprise moves forward.".into(),
        },
        DieRolled { value, purpose } => {
            let why = match purpose {
                DieRollPurpose::PlaceThreat => "placing a threat",
                DieRollPurpose::Comet => "the Comet's path",
                DieRollPurpose::Uncloak => "uncloaking ships",
                DieRollPurpose::MissionToken => "placing a mission token",
                DieRollPurpose::MissionObjective => "the mission",
            };
            // What the roll does to the ships that uncloak, as the rules move them: readers
            // could not tell how a 6 sent a shot one sector round (read 49).
            let moved = match purpose {
                DieRollPurpose::Uncloak => {
                    let from = Position::new(stp_rules::Range::Long, 0);
                    match stp_rules::preview::uncloaks_at(from, *value).sector {
                        0 => ": they uncloak where they are and fire",
                        1 => ": they move one sector clockwise, uncloak and fire",
                        _ => ": they move one sector counter-clockwise, uncloak and fire",
                    }
                }
                _ => "",
            };
            format!("Die roll for {why}: {value}{moved}.")
        }
        SectionDamaged { section } => format!("{} damaged.", section_name(*section)),
        SectionDestroyed { section } => format!("{} destroyed!", section_name(*section)),
        SectionRepaired { section } => format!("{} repaired.", section_name(*section)),
        SectionRebuilt { section } => format!("{} rebuilt.", section_name(*section)),
        DamageIgnored { amount, .. } => format!("{amount} damage stops at the falling Shield."),
        CardsRemoved { cards, .. } => format!("{} Enterprise card(s) lost for good.", cards.len()),
        BoardersArriving {
            token,
            facing,
            damage,
        } => format!(
            "Boarders! {} enters through the {} facing ({damage} damage). Security Teams?",
            token_name(*token),
            facing_name(*facing)
        ),
        SecurityTeamPlayed { player, .. } => format!("{} sends a Security Team.", who(player)),
        Boarded { token, damage, .. } => format!(
            "{} boards: {damage} damage to the Hull.",
            token_name(*token)
        ),
        AbilityUsed { player, character } => format!(
            "{} uses {}'s ability.",
            who(player),
            builtin().characters[*character as usize].name
        ),
        MissionTimer { remaining } => format!("Mission timer: {remaining}."),
        MissionCompleted { mission } => {
            format!("Mission complete: {}!", builtin().mission(*mission).name)
        }
        MissionFailed { mission } => {
            format!("Mission failed: {}.", builtin().mission(*mission).name)
        }
        ThreatChosen { token } => format!("Spock chooses {}.", token_name(*token)),
        ActionUndone { player } => format!("{} takes back the last action.", who(player)),
        GameWon => "Victory! The board is clear.".into(),
        GameLost { cause } => format!("Defeat: {}.", cause.key().replace('_', " ")),
    })
}

/// A log line: an event in words, with the turn and the player whose turn it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub turn: u32,
    pub player: u8,
    pub text: String,
    /// Why the rules did it, for a line they wrote on their own (`why`).
    pub why: Option<&'static str>,
}

impl LogLine {
    /// `[turn 3, Alice] Klingon Cruiser fires …`, as the game's log and `replay --log` show it.
    pub fn show(&self, state: &GameState) -> String {
        format!(
            "[turn {}, {}] {}",
            self.turn,
            player_name(state, self.player),
            self.text
        )
    }
}

/// Stamps events with the turn they happened in, read from the event stream itself: threat
/// fire at the end of Alice's turn 3 is turn 3 and Alice, even once the state has moved on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Stamper {
    stamp: Option<(u32, u8)>,
}

impl Stamper {
    /// Starting from a known turn (a loaded game).
    pub fn at(turn: u32, player: u8) -> Self {
        Stamper {
            stamp: Some((turn, player)),
        }
    }

    /// The event's line, if the log shows it; `state` names the players and things.
    pub fn line(&mut self, event: &RulesEvent, state: &GameState) -> Option<LogLine> {
        if let RulesEvent::TurnStarted { player, turn } = event {
            self.stamp = Some((*turn, *player));
        }
        // Before any "Turn N" line (a new game's first turn), the turn the first line saw.
        let (turn, player) = *self
            .stamp
            .get_or_insert((state.turn().number, state.turn().active));
        describe(event, state).map(|text| LogLine {
            turn,
            player,
            text,
            why: crate::words::why::why(event),
        })
    }
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
