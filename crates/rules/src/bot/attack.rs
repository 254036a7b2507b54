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
pub(super) fn attack(state: &GameState, player: PlayerId, hand: &[CardId]) -> Option<Action> {
    let holds_direct_hit = hand.iter().any(|c| *effect(*c) == CardEffect::DirectHit);
    let mut best: Option<(i32, Action)> = None;
    // Where the ships are, worked out once: a card that reaches none of them (any card but a
    // Hit card reaches nothing) is passed over without listing its plays (the usual case).
    // The bot plays only in its own Play Cards & Maneuver phase, from its own hand, so the
    // listing's checks are asked once here rather than once a card.
    let ships = state.ship_places();
    let shifts = state.shifts(player);
    for card in hand.iter().copied() {
        if crate::reach::reach_with(card, shifts) & ships == 0 {
            continue;
        }
        let CardEffect::Hit { damage, .. } = effect(card) else {
            continue;
        };
        // A ship's worth is the same for each partner and shift: weighed once a ship.
        let mut weighed: Option<(TokenId, i32)> = None;
        state.each_hit(player, card, shifts, |play, threat| {
            let Action::PlayCard { with, shift, .. } = play.action else {
                return;
            };
            if with.is_some() != (holds_direct_hit && threat.defense > *damage) {
                return;
            }
            let worth = match weighed {
                Some((token, worth)) if token == threat.token => worth,
                _ => {
                    let worth = hit_score(state, threat, *damage);
                    weighed = Some((threat.token, worth));
                    worth
                }
            };
            // Spend cheap cards first; keep Chekov's shift for cards with no target otherwise.
            let mut score = worth - 3 * *damage as i32;
            if shift.is_some() {
                score -= 2;
            }
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, play.action));
            }
        });
    }
    best.map(|(_, action)| action)
}
