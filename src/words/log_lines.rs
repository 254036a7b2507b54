//! Every rules event as a log line: the words (`describe`), and the turn and player each
//! line is stamped with (`Stamper`), for the game's log and `replay --log` alike. The names of
//! the things the lines speak of are `describe`'s.

use stp_rules::content::builtin;
use stp_rules::{DieRollPurpose, GameState, ManeuverKind, Phase, Position, RulesEvent};

use super::describe::{card_name, facing_name, place, player_name, section_name, token_name};

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
        CardsDrawn { player, cards } => format!("{} draws {}.", who(player), count(cards.len())),
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
        CardsRemoved { cards, .. } => {
            format!(
                "{} lost for good.",
                count(cards.len()).replace("card", "Enterprise card")
            )
        }
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

/// "1 card", "3 cards": a count said as a reader would say it ("1 card(s)" was heard under
/// Orca as McCoy redrew).
fn count(cards: usize) -> String {
    match cards {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    }
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
