//! Mission work and the support cards: commits, the mission die, Force Field, Red Alert,
//! Tractor Beam, Evasive Maneuvers, and cycling a full hand.

use super::maneuver::destination;
use super::value::{Ships, best_in_discard, card_value, effect, worst};
use crate::actions::{Action, Rotation, Target};
use crate::content::{Ability, CardEffect, builtin};
use crate::state::{CardId, FACINGS, GameState, PlayerId, Range, SectionKind, SectionState};

/// Commit cards the mission needs; roll the mission die. Cards that can act now are kept
/// unless the timer is about to run out.
pub(super) fn mission_work(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    ships: &Ships,
) -> Option<Action> {
    let mission = state.mission.as_ref()?;
    if state.open_die_objective().is_some() && !state.turn.mission_rolled {
        return Some(Action::RollForMission);
    }
    if !state.commits_wanted() {
        return None; // no card would count toward anything
    }
    let urgent = mission.timer.is_some_and(|t| t <= 2);
    // The least valuable, the first of equals (no list to sort).
    let candidate = hand
        .iter()
        .copied()
        .filter(|c| state.commit_objective(*c, false).is_some())
        .filter(|c| urgent || !useful_now(state, ships.places(), *c))
        .min_by_key(|c| card_value(ships.places(), *c));
    if let Some(card) = candidate {
        return Some(Action::Commit {
            card,
            as_medical: false,
        });
    }
    if state.ability_of(player) == Ability::FieldMedicine && !state.turn.ability_used {
        let spare = hand
            .iter()
            .copied()
            .filter(|c| state.commit_objective(*c, true).is_some())
            .filter(|c| urgent || !useful_now(state, ships.places(), *c))
            .min_by_key(|c| card_value(ships.places(), *c));
        if let Some(card) = spare {
            return Some(Action::Commit {
                card,
                as_medical: true,
            });
        }
    }
    None
}

/// Whether a card could do something useful this turn if kept.
/// `ships`: the state's `ship_places`.
pub(super) fn useful_now(state: &GameState, ships: u32, card: CardId) -> bool {
    match effect(card) {
        CardEffect::Hit { .. } => crate::reach::card_reach(card) & ships != 0,
        CardEffect::SecurityTeam => boarders_possible(state),
        CardEffect::Dilithium => worst(state, SectionKind::Shield, SectionState::Damaged).is_some(),
        CardEffect::Tritanium => worst(state, SectionKind::Hull, SectionState::Damaged).is_some(),
        _ => false,
    }
}

/// Whether a ship could board soon: one in Short or Medium Range of a facing with no Shield.
pub(super) fn boarders_possible(state: &GameState) -> bool {
    let content = builtin();
    state.threats.iter().any(|t| {
        let def = content.threat(t.token);
        def.is_ship()
            && !def.is_tholian()
            && t.pos.range != Range::Long
            && !state
                .enterprise
                .has_shield(state.enterprise.facing_of_sector(t.pos.sector))
    })
}

/// Force Field, Red Alert, Tractor Beam and Evasive Maneuvers where they help.
pub(super) fn support_cards(state: &GameState, hand: &[CardId], ships: &Ships) -> Option<Action> {
    let content = builtin();
    for card in hand.iter().copied() {
        match effect(card) {
            CardEffect::ForceField => {
                // Hold back the ship that would hurt most: about to board, or hitting the Hull.
                let target = state
                    .threats
                    .iter()
                    .filter(|t| !t.cloaked && !t.force_field && content.threat(t.token).is_ship())
                    .filter(|t| {
                        !(content.threat(t.token).is_tholian() && t.pos.range == Range::Short)
                    })
                    .filter(|t| {
                        let f = state.enterprise.facing_of_sector(t.pos.sector);
                        !state.enterprise.has_shield(f) && t.pos.range != Range::Long
                    })
                    .max_by_key(|t| t.defense + content.threat(t.token).firepower());
                if let Some(t) = target {
                    return Some(Action::play(card, Target::Threat(t.token)));
                }
            }
            CardEffect::RedAlert => {
                let pressures = state.pressures();
                let facing = (0..FACINGS)
                    .filter(|f| {
                        state.enterprise.has_shield(*f) && !state.enterprise.red_alert[*f as usize]
                    })
                    .max_by_key(|f| pressures[*f as usize]);
                if let Some(facing) = facing
                    && pressures[facing as usize] > 0
                {
                    return Some(Action::play(card, Target::Facing(facing)));
                }
            }
            CardEffect::TractorBeam => {
                if let Some(target) = tractor_into_arc(state, hand) {
                    return Some(Action::play(card, target));
                }
                // Pull a ship away from an unshielded facing toward a shielded neighbour.
                for t in &state.threats {
                    if t.cloaked || !content.threat(t.token).is_ship() || t.pos.range == Range::Long
                    {
                        continue;
                    }
                    let f = state.enterprise.facing_of_sector(t.pos.sector);
                    if state.enterprise.has_shield(f) {
                        continue;
                    }
                    for (rotation, next) in [
                        (Rotation::Clockwise, (f + 1) % FACINGS),
                        (Rotation::CounterClockwise, (f + FACINGS - 1) % FACINGS),
                    ] {
                        if state.enterprise.has_shield(next) {
                            return Some(Action::play(card, Target::Shift(t.token, rotation)));
                        }
                    }
                }
            }
            CardEffect::EvasiveManeuvers => {
                let out_of_moves = state.turn.maneuvers >= state.maneuver_allowance();
                if out_of_moves
                    && state.maneuver_forbidden().is_none()
                    && destination(state).is_some()
                {
                    return Some(Action::play(card, Target::None));
                }
            }
            _ => {}
        }
    }
    cycle_card(state, hand, ships)
}

/// Moves a ship no card in hand can reach into a facing that one can.
pub(super) fn tractor_into_arc(state: &GameState, hand: &[CardId]) -> Option<Target> {
    let content = builtin();
    // Every place a card in hand reaches, from the rules' masks (a place is reached when a
    // Hit card's arcs hold its facing and its ranges the range).
    let hand_reach = hand
        .iter()
        .fold(0, |all, c| all | crate::reach::card_reach(*c));
    let reaches =
        |facing: u8, range: Range| hand_reach & crate::reach::place_bit(facing, range) != 0;
    state
        .threats
        .iter()
        .filter(|t| !t.cloaked && content.threat(t.token).is_ship())
        .filter(|t| !reaches(state.enterprise.facing_of_sector(t.pos.sector), t.pos.range))
        .find_map(|t| {
            let f = state.enterprise.facing_of_sector(t.pos.sector);
            [
                (Rotation::Clockwise, (f + 1) % FACINGS),
                (Rotation::CounterClockwise, (f + FACINGS - 1) % FACINGS),
            ]
            .into_iter()
            .find(|(_, next)| reaches(*next, t.pos.range))
            .map(|(rotation, _)| Target::Shift(t.token, rotation))
        })
}

/// With a full hand and nothing better to do, spend a support card where it is legal so the
/// hand turns over next turn (the game has no discard phase).
pub(super) fn cycle_card(state: &GameState, hand: &[CardId], ships: &Ships) -> Option<Action> {
    if hand.len() < state.hand_size() {
        return None;
    }
    let content = builtin();
    for card in hand.iter().copied() {
        match effect(card) {
            CardEffect::ForceField => {
                if let Some(t) = state
                    .threats
                    .iter()
                    .find(|t| !t.cloaked && content.threat(t.token).is_ship())
                {
                    return Some(Action::play(card, Target::Threat(t.token)));
                }
            }
            CardEffect::RedAlert => {
                if let Some(facing) = (0..FACINGS).find(|f| state.enterprise.has_shield(*f)) {
                    return Some(Action::play(card, Target::Facing(facing)));
                }
            }
            CardEffect::TractorBeam => {
                if let Some(t) = state.threats.iter().find(|t| !t.cloaked) {
                    return Some(Action::play(
                        card,
                        Target::Shift(t.token, Rotation::Clockwise),
                    ));
                }
            }
            // A hand it keeps forever (Evasive Maneuvers counts as a legal play, so ruling R1's
            // discard never comes) would loop the game: spend it.
            CardEffect::EvasiveManeuvers if state.maneuver_forbidden().is_none() => {
                return Some(Action::play(card, Target::None));
            }
            // Likewise Time Travel: trade it for the best card within reach.
            CardEffect::TimeTravel { depth } => {
                if let Some(pick) = best_in_discard(state, ships.places(), *depth) {
                    return Some(Action::play(card, Target::Discard(pick)));
                }
            }
            _ => {}
        }
    }
    None
}
