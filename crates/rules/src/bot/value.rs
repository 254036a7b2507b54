//! How the bot values what it holds: a card's worth, the kinds of card a hand holds, the
//! enemy ships' places asked once a decision, the best card in the discard pile and the most
//! threatened section. Every other concept of the bot reads these.

use crate::content::{CardEffect, builtin};
use crate::state::{CardId, GameState, SectionKind, SectionRef, SectionState};

#[inline]
pub(super) fn effect(card: CardId) -> &'static CardEffect {
    &builtin().card(card).effect
}

/// Cards that can hit something on the board right now.
pub(super) fn hits_now(state: &GameState, card: CardId) -> bool {
    state.hits_anything(card)
}

/// A rough worth of keeping a card, lowest first given away or committed. `ships` is the
/// state's `ship_places`, asked once by the caller rather than once a card.
pub(super) fn card_value(ships: u32, card: CardId) -> i32 {
    match effect(card) {
        CardEffect::Hit { damage, .. } => {
            let fires = crate::reach::card_reach(card) & ships != 0;
            2 * *damage as i32 + if fires { 5 } else { 0 }
        }
        CardEffect::Dilithium | CardEffect::Tritanium | CardEffect::SecurityTeam => 6,
        CardEffect::DrawCards { .. } | CardEffect::TimeTravel { .. } => 5,
        _ => 3,
    }
}

/// The state's `ship_places`, worked out the first time a step of a decision asks for it.
pub(super) struct Ships<'a> {
    state: &'a GameState,
    places: std::cell::OnceCell<u32>,
}

impl<'a> Ships<'a> {
    pub(super) fn of(state: &'a GameState) -> Self {
        Ships {
            state,
            places: std::cell::OnceCell::new(),
        }
    }

    pub(super) fn places(&self) -> u32 {
        *self.places.get_or_init(|| self.state.ship_places())
    }
}

/// A bit for each kind of card effect, so that "does the hand hold one?" is one `and`.
pub(super) struct Kind;

impl Kind {
    pub(super) const HIT: u16 = 1;
    pub(super) const DIRECT_HIT: u16 = 1 << 1;
    pub(super) const DILITHIUM: u16 = 1 << 2;
    pub(super) const TRITANIUM: u16 = 1 << 3;
    pub(super) const TRACTOR_BEAM: u16 = 1 << 4;
    pub(super) const SECURITY_TEAM: u16 = 1 << 5;
    pub(super) const TIME_TRAVEL: u16 = 1 << 6;
    pub(super) const DRAW_CARDS: u16 = 1 << 7;
    pub(super) const FORCE_FIELD: u16 = 1 << 8;
    pub(super) const EVASIVE_MANEUVERS: u16 = 1 << 9;
    pub(super) const RED_ALERT: u16 = 1 << 10;
    /// What `support_cards` plays before it cycles a card.
    pub(super) const SUPPORT: u16 =
        Self::FORCE_FIELD | Self::RED_ALERT | Self::TRACTOR_BEAM | Self::EVASIVE_MANEUVERS;

    /// A card's kind, from a table made once (no branch on the effect a card at a time).
    pub(super) fn of_card(card: CardId) -> u16 {
        static KINDS: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
        let kinds = KINDS.get_or_init(|| {
            builtin()
                .cards
                .iter()
                .map(|c| Self::of(&c.effect))
                .collect()
        });
        kinds.get(card as usize).copied().unwrap_or(0)
    }

    fn of(effect: &CardEffect) -> u16 {
        match effect {
            CardEffect::Hit { .. } => Self::HIT,
            CardEffect::DirectHit => Self::DIRECT_HIT,
            CardEffect::Dilithium => Self::DILITHIUM,
            CardEffect::Tritanium => Self::TRITANIUM,
            CardEffect::TractorBeam => Self::TRACTOR_BEAM,
            CardEffect::SecurityTeam => Self::SECURITY_TEAM,
            CardEffect::TimeTravel { .. } => Self::TIME_TRAVEL,
            CardEffect::DrawCards { .. } => Self::DRAW_CARDS,
            CardEffect::ForceField => Self::FORCE_FIELD,
            CardEffect::EvasiveManeuvers => Self::EVASIVE_MANEUVERS,
            CardEffect::RedAlert => Self::RED_ALERT,
        }
    }
}

/// The most valuable card Time Travel can fetch from the top `depth` of the discard pile.
pub(super) fn best_in_discard(state: &GameState, ships: u32, depth: u8) -> Option<CardId> {
    state
        .discard
        .iter()
        .rev()
        .take(depth as usize)
        .copied()
        .filter(|c| !matches!(effect(*c), CardEffect::TimeTravel { .. }))
        .max_by_key(|c| card_value(ships, *c))
}

/// The most threatened section in a state, if any.
pub(super) fn worst(
    state: &GameState,
    kind: SectionKind,
    wanted: SectionState,
) -> Option<SectionRef> {
    state.most_pressed(kind, wanted)
}
