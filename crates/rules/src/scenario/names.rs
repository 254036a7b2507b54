//! Actions with their cards and threats named by kind, as scenario files write them: turning
//! names into ids against a position (`resolve`), and ids into names (`named`).

use crate::actions::{Action, PlayerAction, Refusal, Target};
use crate::content::builtin;
use crate::state::{CardId, GameState, PlayerId, TokenId};

use super::{NamedAction, NamedTarget, ScenarioAction};

fn card_in(cards: &[CardId], kind: &str) -> Result<CardId, Refusal> {
    cards
        .iter()
        .copied()
        .find(|c| builtin().card(*c).kind == kind)
        .ok_or(Refusal::NotThisCard {
            expected: "a card of the named kind in hand",
        })
}

fn threat_named(state: &GameState, kind: &str) -> Result<TokenId, Refusal> {
    state
        .threats
        .iter()
        .find(|t| builtin().threat(t.token).kind == kind)
        .map(|t| t.token)
        .ok_or(Refusal::WrongTarget {
            expected: "a threat of the named kind on the board",
        })
}

/// Turns names into ids against the current state.
pub fn resolve(state: &GameState, named: &ScenarioAction) -> Result<PlayerAction, Refusal> {
    let player = named.player;
    let hand_of = |p: PlayerId| -> Result<&[CardId], Refusal> {
        state
            .players
            .get(p as usize)
            .map(|pl| pl.hand.as_slice())
            .ok_or(Refusal::UnknownPlayer(p))
    };
    let hand = hand_of(player)?;
    let action = match &named.action {
        NamedAction::EndPhase => Action::EndPhase,
        NamedAction::Trade { with, give, take } => Action::Trade {
            with: *with,
            give: card_in(hand, give)?,
            take: card_in(hand_of(*with)?, take)?,
        },
        NamedAction::PlayCard {
            card,
            target,
            with,
            shift,
        } => Action::PlayCard {
            card: card_in(hand, card)?,
            target: match target {
                NamedTarget::None => Target::None,
                NamedTarget::Threat(kind) => Target::Threat(threat_named(state, kind)?),
                NamedTarget::ThreatAt(range, sector) => Target::Threat(
                    state
                        .threats
                        .iter()
                        .find(|t| t.pos.range == *range && t.pos.sector + 1 == *sector)
                        .map(|t| t.token)
                        .ok_or(Refusal::WrongTarget {
                            expected: "a threat at the named position",
                        })?,
                ),
                NamedTarget::Shift(kind, rotation) => {
                    Target::Shift(threat_named(state, kind)?, *rotation)
                }
                NamedTarget::Section(section) => Target::Section(*section),
                NamedTarget::Facing(facing) => Target::Facing(*facing),
                NamedTarget::Discard(kind) => Target::Discard(card_in(&state.discard, kind)?),
            },
            with: match with {
                Some(kind) => Some(
                    hand.iter()
                        .copied()
                        .find(|c| {
                            builtin().card(*c).kind == *kind && Some(*c) != card_in(hand, card).ok()
                        })
                        .ok_or(Refusal::NotThisCard {
                            expected: "a second card of the named kind in hand",
                        })?,
                ),
                None => None,
            },
            shift: *shift,
        },
        NamedAction::Commit { card, as_medical } => Action::Commit {
            card: card_in(hand, card)?,
            as_medical: *as_medical,
        },
        NamedAction::Maneuver(kind) => Action::Maneuver(*kind),
        NamedAction::RollForMission => Action::RollForMission,
        NamedAction::Repair(section) => Action::Repair(*section),
        NamedAction::TakeCard { from, card } => Action::TakeCard {
            from: *from,
            card: card_in(hand_of(*from)?, card)?,
        },
        NamedAction::Redraw { card } => Action::Redraw {
            card: card_in(hand, card)?,
        },
        NamedAction::Discard { card } => Action::Discard {
            card: card_in(hand, card)?,
        },
        NamedAction::PlaySecurityTeam => Action::PlaySecurityTeam {
            card: card_in(hand, "security_team")?,
        },
        NamedAction::ResolveBoarding => Action::ResolveBoarding,
        NamedAction::ChooseThreats { first, second } => {
            let drawn = match &state.turn.window {
                Some(crate::state::Window::SpockChoice { drawn }) => drawn.clone(),
                _ => return Err(Refusal::NotAChoice),
            };
            let pick = |kind: &str, not: Option<TokenId>| {
                drawn
                    .iter()
                    .copied()
                    .find(|t| builtin().threat(*t).kind == kind && Some(*t) != not)
                    .ok_or(Refusal::ChooseDrawnTokens)
            };
            let first = pick(first, None)?;
            Action::ChooseThreats {
                first,
                second: pick(second, Some(first))?,
            }
        }
    };
    Ok(PlayerAction { player, action })
}

/// An action as a scenario file writes it, naming cards and threats by kind (a threat by its
/// place when another of its kind is on the board): the inverse of [`resolve`].
pub fn named(state: &GameState, played: &PlayerAction) -> ScenarioAction {
    let card = |c: CardId| builtin().card(c).kind.clone();
    let token = |t: TokenId| builtin().threat(t).kind.clone();
    let threat = |t: TokenId| {
        let kind = token(t);
        let first = state
            .threats
            .iter()
            .find(|x| builtin().threat(x.token).kind == kind);
        match (first, state.threat(t)) {
            (Some(first), Some(on)) if first.token != t => {
                NamedTarget::ThreatAt(on.pos.range, on.pos.sector + 1)
            }
            _ => NamedTarget::Threat(kind),
        }
    };
    let action = match played.action {
        Action::EndPhase => NamedAction::EndPhase,
        Action::Trade { with, give, take } => NamedAction::Trade {
            with,
            give: card(give),
            take: card(take),
        },
        Action::PlayCard {
            card: c,
            target,
            with,
            shift,
        } => NamedAction::PlayCard {
            card: card(c),
            target: match target {
                Target::None => NamedTarget::None,
                Target::Threat(t) => threat(t),
                Target::Shift(t, rotation) => NamedTarget::Shift(token(t), rotation),
                Target::Section(s) => NamedTarget::Section(s),
                Target::Facing(f) => NamedTarget::Facing(f),
                Target::Discard(d) => NamedTarget::Discard(card(d)),
            },
            with: with.map(card),
            shift,
        },
        Action::Commit {
            card: c,
            as_medical,
        } => NamedAction::Commit {
            card: card(c),
            as_medical,
        },
        Action::Maneuver(kind) => NamedAction::Maneuver(kind),
        Action::RollForMission => NamedAction::RollForMission,
        Action::Repair(section) => NamedAction::Repair(section),
        Action::TakeCard { from, card: c } => NamedAction::TakeCard {
            from,
            card: card(c),
        },
        Action::Redraw { card: c } => NamedAction::Redraw { card: card(c) },
        Action::Discard { card: c } => NamedAction::Discard { card: card(c) },
        Action::PlaySecurityTeam { .. } => NamedAction::PlaySecurityTeam,
        Action::ResolveBoarding => NamedAction::ResolveBoarding,
        Action::ChooseThreats { first, second } => NamedAction::ChooseThreats {
            first: token(first),
            second: token(second),
        },
    };
    ScenarioAction {
        player: played.player,
        action,
    }
}
