//! What the bot shoots: the best of the rules' legal plays of its Hit cards.

use super::value::{Ships, effect};
use crate::actions::{Action, Target};
use crate::content::schema::THREAT_TOKENS as TOKENS;
use crate::content::{CardEffect, builtin};
use crate::state::{CardId, GameState, PlayerId, Range, TokenId};

/// How much hitting a threat is worth, but for the card: its firepower, how near it is,
/// whether the shield it faces is down, and a Tholian web at Short range (a hit that destroys
/// it adds 20).
fn hit_base(state: &GameState, token: TokenId, place: u32) -> i32 {
    let def = builtin().threat(token);
    // A place's bit is 3 × facing + range ring.
    let bit = place.trailing_zeros();
    let (facing, short) = ((bit / 3) as u8, bit % 3 == Range::Short as u32);
    let mut score = 10 * def.firepower() as i32;
    score += match bit % 3 {
        r if r == Range::Short as u32 => 12,
        r if r == Range::Medium as u32 => 6,
        _ => 0,
    };
    if !state.enterprise.has_shield(facing) {
        score += 10;
    }
    if def.is_tholian() && short {
        score += 8; // the web stops every maneuver
    }
    score
}

/// An uncloaked enemy ship, what the bot weighs of it for any card. Eight bytes without
/// padding, so that a board of them starts zeroed by a few wide stores, not a store a field.
#[derive(Clone, Copy, Default)]
struct Ship {
    place: u32,
    /// [`hit_base`]: at most 10 × 255 + 30 (firepower is a `u8`), so an `i16` holds it.
    base: i16,
    token: TokenId,
    defense: u8,
}

/// The best of the rules' legal plays of the hand's Hit cards. Direct Hit goes with a Hit card
/// only when the card alone would not destroy the target.
///
/// Weighed a ship at a time from the rules' reach masks rather than play by play: a ship one
/// of the player's shifts reaches is a legal target alone and with each Direct Hit in hand
/// (`each_legal_hit`), and of those plays this bot keeps the first best one, which is the
/// first Direct Hit (if the card needs one) with the first shift that reaches, unshifted
/// first. The validator still checks the play chosen.
///
/// The ships are gathered once, and each card weighs them all without a branch a ship: which
/// ships a card reaches is as random as the deal, and a branch foreseen wrongly costs more
/// than weighing a ship out of reach.
pub(super) fn attack(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    ships: &Ships,
    direct_hits: bool,
) -> Option<Action> {
    // Where the ships are, worked out once: a card that reaches none of them (any card but a
    // Hit card reaches nothing) is passed over (the usual case). The bot plays only in its own
    // Play Cards & Maneuver phase, from its own hand, which is what the listing checks first.
    let places = ships.places();
    if places == 0 {
        return None;
    }
    let direct_hit = direct_hits
        .then(|| {
            hand.iter()
                .copied()
                .find(|c| *effect(*c) == CardEffect::DirectHit)
        })
        .flatten();
    let shifts = state.shifts(player);
    // Which cards of the hand reach a ship (bit `index in hand`; a hand holds at most the 62
    // cards), without a branch a card.
    let reach_of = |card: CardId| {
        let mut reach = [0u32; 3];
        for (mask, shift) in reach.iter_mut().zip(shifts) {
            *mask = crate::reach::card_reach_shifted(card, *shift);
        }
        reach
    };
    let reaching = hand
        .iter()
        .take(64)
        .enumerate()
        .fold(0u64, |set, (i, card)| {
            let reach = reach_of(*card);
            set | u64::from((reach[0] | reach[1] | reach[2]) & places != 0) << i
        });
    if reaching == 0 {
        return None;
    }
    // The ships, in board order (ties go to the first), kept without a branch a token.
    let ship_tokens = crate::reach::ship_mask();
    let mut board = [Ship::default(); TOKENS];
    let mut count = 0;
    for threat in state.threats.iter().take(TOKENS) {
        board[count] = Ship {
            place: state.place_of(threat.pos),
            base: 0,
            token: threat.token,
            defense: threat.defense,
        };
        count +=
            usize::from(!threat.cloaked && crate::reach::is_ship_in(ship_tokens, threat.token));
    }
    let board = &mut board[..count];
    for ship in board.iter_mut() {
        ship.base = hit_base(state, ship.token, ship.place) as i16;
    }
    // The best so far as one number, taken with `max` (no branch): the score above, and below
    // it the play's order reversed, so that of equal scores the first play wins.
    // (A row of 32 a card, so that the order is taken apart by shifts, not a division.)
    const ROW: usize = TOKENS.next_power_of_two();
    let order_of = |at: usize, index: usize| 0xFFFF - (at * ROW + index) as i64;
    let mut best = i64::MIN;
    let mut left = reaching;
    while left != 0 {
        let at = left.trailing_zeros() as usize;
        left &= left - 1;
        let reach = reach_of(hand[at]);
        let CardEffect::Hit { damage, .. } = effect(hand[at]) else {
            continue;
        };
        let anywhere = reach[0] | reach[1] | reach[2];
        // Spend cheap cards first; keep Chekov's shift for cards with no target otherwise.
        let cost = 3 * *damage as i32;
        for (index, ship) in board.iter().enumerate() {
            // The first shift that reaches (unshifted is 0; unused shifts reach nothing).
            let shifted = reach[0] & ship.place == 0;
            let kills = if ship.defense <= *damage { 20 } else { 0 };
            let score = i32::from(ship.base) + kills - cost - 2 * i32::from(shifted);
            let key = (i64::from(score) << 16) | order_of(at, index);
            best = best.max(if anywhere & ship.place != 0 {
                key
            } else {
                i64::MIN
            });
        }
    }
    if best == i64::MIN {
        return None;
    }
    let order = 0xFFFF - (best & 0xFFFF) as usize;
    let (card, ship) = (hand[order / ROW], board[order % ROW]);
    let reach = reach_of(card);
    let way =
        usize::from(reach[0] & ship.place == 0) * (1 + usize::from(reach[1] & ship.place == 0));
    let CardEffect::Hit { damage, .. } = effect(card) else {
        return None;
    };
    Some(Action::PlayCard {
        card,
        target: Target::Threat(ship.token),
        with: direct_hit.filter(|_| ship.defense > *damage),
        shift: shifts.get(way).copied().flatten(),
    })
}
