//! Which places on the board each Hit card reaches without Chekov's shift, as bitmasks worked
//! out once from the content: bit `3 × ship facing + range ring`. The bots and the legal-action
//! listing ask "does this card reach that ship?" thousands of times a game; with the masks it
//! is one `and`. The validator's own answer (`hit_reaches_position`) is the same rule in words.

use std::sync::OnceLock;

use crate::actions::RangeShift;
use crate::content::{CardEffect, Range, ThreatDef, builtin};
use crate::state::{CardId, FACINGS, GameState, Position, TokenId, arc_of_facing, farther, nearer};

/// The bit of one place: a ship facing and a range ring.
pub(crate) fn place_bit(facing: u8, range: Range) -> u32 {
    1 << (u32::from(facing) * 3 + range as u32)
}

/// The places a card reaches unshifted (0 for a card that is not a Hit card).
#[inline]
pub(crate) fn card_reach(card: CardId) -> u32 {
    card_reach_shifted(card, None)
}

/// The places a card reaches with Chekov's shift (or none): each printed range moved one
/// ring, a range with no ring beyond dropped. The player's right to shift is not asked here.
pub(crate) fn card_reach_shifted(card: CardId, shift: Option<RangeShift>) -> u32 {
    static MASKS: OnceLock<Vec<[u32; 3]>> = OnceLock::new();
    let masks = MASKS.get_or_init(|| {
        builtin()
            .cards
            .iter()
            .map(|def| {
                let CardEffect::Hit { arcs, ranges, .. } = &def.effect else {
                    return [0; 3];
                };
                [None, Some(RangeShift::Nearer), Some(RangeShift::Farther)].map(|shift| {
                    (0..FACINGS)
                        .filter(|f| arcs.contains(&arc_of_facing(*f)))
                        .flat_map(|f| {
                            ranges
                                .iter()
                                .filter_map(move |r| match shift {
                                    None => Some(*r),
                                    Some(RangeShift::Nearer) => nearer(*r),
                                    Some(RangeShift::Farther) => farther(*r),
                                })
                                .map(move |r| place_bit(f, r))
                        })
                        .fold(0, |mask, bit| mask | bit)
                })
            })
            .collect()
    });
    let way = match shift {
        None => 0,
        Some(RangeShift::Nearer) => 1,
        Some(RangeShift::Farther) => 2,
    };
    masks.get(card as usize).map_or(0, |m| m[way])
}

/// Everywhere a card reaches with any of `shifts`.
pub(crate) fn reach_with(card: CardId, shifts: &[Option<RangeShift>]) -> u32 {
    shifts
        .iter()
        .fold(0, |all, shift| all | card_reach_shifted(card, *shift))
}

/// Whether a threat token is an enemy ship (not a comet or the starbase), from a mask worked
/// out once: what `ThreatDef::is_ship` answers.
pub(crate) fn is_ship(token: TokenId) -> bool {
    is_ship_in(ship_mask(), token)
}

/// `is_ship` with the mask at hand (`ship_mask`), for a loop over the tokens.
#[inline]
pub(crate) fn is_ship_in(ships: u64, token: TokenId) -> bool {
    u32::from(token) < 64 && ships & (1 << token) != 0
}

/// The Tholian ships among the threat tokens, bit `token`: what `ThreatDef::is_tholian`
/// answers.
pub(crate) fn tholian_mask() -> u64 {
    static THOLIANS: OnceLock<u64> = OnceLock::new();
    *THOLIANS.get_or_init(|| token_mask(ThreatDef::is_tholian))
}

/// The enemy ships among the threat tokens, bit `token`.
pub(crate) fn ship_mask() -> u64 {
    static SHIPS: OnceLock<u64> = OnceLock::new();
    *SHIPS.get_or_init(|| token_mask(ThreatDef::is_ship))
}

/// The threat tokens whose kind answers yes, bit `token` (tokens past 63 left out).
fn token_mask(yes: fn(&ThreatDef) -> bool) -> u64 {
    builtin()
        .threats
        .iter()
        .enumerate()
        .filter(|(_, def)| yes(def))
        .fold(0, |mask, (i, _)| {
            mask | 1u64.checked_shl(i as u32).unwrap_or(0)
        })
}

impl GameState {
    /// The bit of the place a board position is at, as the Enterprise faces now.
    pub(crate) fn place_of(&self, pos: Position) -> u32 {
        place_bit(self.enterprise.facing_of_sector(pos.sector), pos.range)
    }
}
