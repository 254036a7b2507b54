//! Where the bot steers: toward a mission's or the Starbase's sector, away from exposure.

use super::value::{Ships, hits_now};
use crate::actions::{Action, PlayerAction};
use crate::content::{Objective, ThreatKind, builtin};
use crate::events::ManeuverKind;
use crate::state::{CardId, FACINGS, GameState, PlayerId, Range, SectionState, arc_of_facing};

/// Where a mission or the Starbase wants the ship to go: the sector to bring forward.
pub(super) fn destination(state: &GameState) -> Option<(u8, Range)> {
    if let Some(mission) = &state.mission {
        let def = builtin().mission(mission.mission);
        for objective in &def.objectives {
            if let Objective::TokenInRange { token, range, arc } = objective {
                let id = builtin().mission_token_index(token)?;
                let t = state.mission_tokens.iter().find(|t| t.token == id)?;
                let facing = state.enterprise.facing_of_sector(t.pos.sector);
                let in_arc = arc.is_none_or(|a| arc_of_facing(facing) == a);
                if !(in_arc && t.pos.range == *range) {
                    return Some((t.pos.sector, *range));
                }
            }
        }
    }
    state
        .threats
        .iter()
        .find(|t| builtin().threat(t.token).threat == ThreatKind::Starbase)
        .map(|t| (t.pos.sector, Range::Short))
}

/// Damage the ship would take if threats fired at their current facings, for each of three
/// headings: weighted by how little stands between each facing and the Hull. One pass over
/// the threats serves the three.
pub(super) fn exposures(state: &GameState, headings: [u8; 3]) -> [i32; 3] {
    let content = builtin();
    // Each facing's weight, from its Shield and Hull, read once rather than once a threat
    // and heading.
    let weights: [i32; FACINGS as usize] =
        std::array::from_fn(
            |f| match (state.enterprise.shields[f], state.enterprise.hull[f]) {
                (SectionState::Intact, _) => 1,
                (SectionState::Damaged, _) => 3,
                (_, SectionState::Intact) => 6,
                (_, SectionState::Damaged) => 10,
                _ => 8,
            },
        );
    let mut totals = [0; 3];
    for t in &state.threats {
        let def = content.threat(t.token);
        // Anything but a ship has no firepower; a Tholian at Short range weaves, not fires.
        // Counted as nothing rather than passed over: which tokens are out is as random as
        // the bag, so a branch here is foreseen wrongly.
        let webbing = def.is_tholian() && t.pos.range == Range::Short;
        let closeness = match t.pos.range {
            Range::Short => 3,
            Range::Medium => 2,
            Range::Long => 1,
        };
        let threat = closeness * def.firepower() as i32 * i32::from(!webbing);
        for (total, heading) in totals.iter_mut().zip(headings) {
            let facing = (t.pos.sector + FACINGS - heading) % FACINGS;
            *total += weights[facing as usize] * threat;
        }
    }
    totals
}

pub(super) fn maneuver(state: &GameState) -> Option<Action> {
    if !state.can_maneuver() {
        return None;
    }
    if let Some((sector, _)) = destination(state) {
        let facing = state.enterprise.facing_of_sector(sector);
        return Some(Action::Maneuver(match facing {
            0 | 5 => ManeuverKind::Forward,
            1..=2 => ManeuverKind::Clockwise,
            _ => ManeuverKind::CounterClockwise,
        }));
    }
    // Otherwise turn the strongest shields toward the threats, if that is clearly better.
    let heading = state.enterprise.heading;
    let [here, cw, ccw] = exposures(
        state,
        [
            heading,
            (heading + 1) % FACINGS,
            (heading + FACINGS - 1) % FACINGS,
        ],
    );
    if cw.min(ccw) + 2 < here {
        return Some(Action::Maneuver(if cw <= ccw {
            ManeuverKind::Clockwise
        } else {
            ManeuverKind::CounterClockwise
        }));
    }
    None
}

/// With a full hand, nothing else to do and no Hit card able to fire, turn so that one can: the rules
/// answer on a copy of the table turned each way. Without this, a threat parked in a facing
/// no card reaches (a shielded Short Range, say) could fire every turn forever.
pub(super) fn turn_to_fire(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    ships: &Ships,
) -> Option<Action> {
    // Only with a full hand: that is when nothing else changes the hand.
    let stuck = hand.len() >= state.hand_size()
        && !hand
            .iter()
            .any(|c| crate::reach::card_reach(*c) & ships.places() != 0);
    if !stuck || !state.can_maneuver() {
        return None;
    }
    [ManeuverKind::Clockwise, ManeuverKind::CounterClockwise]
        .into_iter()
        .map(Action::Maneuver)
        .find(|action| {
            let mut turned = state.clone();
            let turn = PlayerAction {
                player,
                action: *action,
            };
            turned.act(turn).is_ok() && hand.iter().any(|c| hits_now(&turned, *c))
        })
}
