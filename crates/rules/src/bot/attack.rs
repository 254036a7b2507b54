//! What the bot shoots: the best of the rules' legal plays of its Hit cards.

use super::*;

/// How much hitting a threat for `damage` is worth.
pub(super) fn hit_score(state: &GameState, t: &ThreatOnBoard, damage: u8) -> i32 {
    let def = builtin().threat(t.token);
    let facing = state.enterprise.facing_of_sector(t.pos.sector);
    let kills = t.defense <= damage;
    let mut score = 10 * def.firepower() as i32 + if kills { 20 } else { 0 };
    score += match t.pos.range {
        Range::Short => 12,
        Range::Medium => 6,
        Range::Long => 0,
    };
    if !state.enterprise.has_shield(facing) {
        score += 10;
    }
    if def.is_tholian() && t.pos.range == Range::Short {
        score += 8; // the web stops every maneuver
    }
    score
}

/// The best of the rules' legal plays of the hand's Hit cards. Direct Hit goes with a Hit card
/// only when the card alone would not destroy the target.
///
/// Weighed a ship at a time from the rules' reach masks rather than play by play: a ship one
/// of the player's shifts reaches is a legal target alone and with each Direct Hit in hand
/// (`each_legal_hit`), and of those plays this bot would keep the first best one, which is
/// the first Direct Hit (if the card needs one) with the first shift that reaches, unshifted
/// first. The validator still checks the play chosen.
pub(super) fn attack(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    ships: &Ships,
) -> Option<Action> {
    let direct_hit = hand
        .iter()
        .copied()
        .find(|c| *effect(*c) == CardEffect::DirectHit);
    // Where the ships are, worked out once: a card that reaches none of them (any card but a
    // Hit card reaches nothing) is passed over (the usual case). The bot plays only in its own
    // Play Cards & Maneuver phase, from its own hand, which is what the listing checks first.
    let ships = ships.places();
    if ships == 0 {
        return None;
    }
    let ship_tokens = crate::reach::ship_mask();
    let shifts = state.shifts(player);
    let mut best: Option<(i32, Action)> = None;
    for card in hand.iter().copied() {
        let mut reach = [0u32; 3];
        for (mask, shift) in reach.iter_mut().zip(shifts) {
            *mask = crate::reach::card_reach_shifted(card, *shift);
        }
        let anywhere = reach.iter().fold(0, |all, m| all | m);
        if anywhere & ships == 0 {
            continue;
        }
        let CardEffect::Hit { damage, .. } = effect(card) else {
            continue;
        };
        for threat in &state.threats {
            let place = state.place_of(threat.pos);
            if anywhere & place == 0
                || threat.cloaked
                || !crate::reach::is_ship_in(ship_tokens, threat.token)
            {
                continue;
            }
            let Some(way) = reach[..shifts.len()].iter().position(|m| m & place != 0) else {
                continue;
            };
            let with = direct_hit.filter(|_| threat.defense > *damage);
            // Spend cheap cards first; keep Chekov's shift for cards with no target otherwise.
            let mut score = hit_score(state, threat, *damage) - 3 * *damage as i32;
            if shifts[way].is_some() {
                score -= 2;
            }
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                let action = Action::PlayCard {
                    card,
                    target: Target::Threat(threat.token),
                    with,
                    shift: shifts[way],
                };
                best = Some((score, action));
            }
        }
    }
    best.map(|(_, action)| action)
}
