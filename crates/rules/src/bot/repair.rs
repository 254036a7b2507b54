//! How the bot repairs: Dilithium and Tritanium together on a destroyed section, Scotty's
//! Damage Control, then a damaged Shield or Hull.

use super::value::{Kind, worst};
use crate::actions::{Action, Target};
use crate::content::Ability;
use crate::state::{CardId, GameState, PlayerId, SectionKind, SectionState};

/// `kinds` are the hand's kinds of card: a hand without a repair card is not looked through
/// (Scotty's Damage Control repairs without one).
pub(super) fn repairs(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    kinds: u16,
) -> Option<Action> {
    let first = |kind: u16| {
        if kinds & kind == 0 {
            return None;
        }
        hand.iter().copied().find(|c| Kind::of_card(*c) == kind)
    };
    let (dilithium, tritanium) = (first(Kind::DILITHIUM), first(Kind::TRITANIUM));
    if let (Some(d), Some(t)) = (dilithium, tritanium) {
        let hull = worst(state, SectionKind::Hull, SectionState::Destroyed);
        let shield = worst(state, SectionKind::Shield, SectionState::Destroyed);
        let hull_first = state.enterprise.destroyed_hull() >= 2
            || shield.is_none_or(|s| state.pressure(s.facing) == 0);
        let section = if hull_first {
            hull.or(shield)
        } else {
            shield.or(hull)
        };
        if let Some(section) = section {
            return Some(Action::PlayCard {
                card: d,
                target: Target::Section(section),
                with: Some(t),
                shift: None,
            });
        }
    }
    if state.ability_of(player) == Ability::DamageControl && !state.turn.ability_used {
        let section = worst(state, SectionKind::Hull, SectionState::Damaged)
            .filter(|_| state.enterprise.destroyed_hull() >= 1)
            .or_else(|| worst(state, SectionKind::Shield, SectionState::Damaged))
            .or_else(|| worst(state, SectionKind::Hull, SectionState::Damaged));
        if let Some(section) = section {
            return Some(Action::Repair(section));
        }
    }
    if let Some(card) = dilithium
        && let Some(section) = worst(state, SectionKind::Shield, SectionState::Damaged)
    {
        return Some(Action::play(card, Target::Section(section)));
    }
    if let Some(card) = tritanium
        && let Some(section) = worst(state, SectionKind::Hull, SectionState::Damaged)
    {
        return Some(Action::play(card, Target::Section(section)));
    }
    None
}
