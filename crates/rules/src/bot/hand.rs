//! How the bot turns its hand over: what it trades or takes in phase 3, McCoy's redraw, Time
//! Travel's pick from the discard pile, and the discard of a stuck full hand (ruling R1).

use super::support::useful_now;
use super::value::{Kind, Ships, best_in_discard, card_value, effect};
use crate::actions::{Action, Target};
use crate::content::{Ability, CardEffect};
use crate::state::{CardId, GameState, PlayerId, SectionKind, SectionState};

/// Phase 3: take or trade for a Hit card that can fire now when the hand has none.
pub(super) fn trade(state: &GameState, player: PlayerId) -> Option<Action> {
    let hand = &state.players[player as usize].hand;
    // What the hand lacks, most wanted first: a Hit card that can fire now, then the repair
    // card for a damaged section.
    // Each question is asked once, not once a card in the other hands, and as kinds of card:
    // when no kind is wanted (the usual case) no hand is looked through.
    let kinds = hand.iter().fold(0, |kinds, c| kinds | Kind::of_card(*c));
    let damaged = |kind| state.enterprise.section_in(kind, SectionState::Damaged);
    let ships = state.ship_places();
    let fires = |c: CardId| crate::reach::card_reach(c) & ships != 0;
    let hand_fires = hand.iter().any(|h| fires(*h));
    let mut wanted_kinds = 0;
    if !hand_fires {
        wanted_kinds |= Kind::HIT;
    }
    if kinds & Kind::DILITHIUM == 0 && damaged(SectionKind::Shield) {
        wanted_kinds |= Kind::DILITHIUM;
    }
    if kinds & Kind::TRITANIUM == 0 && damaged(SectionKind::Hull) {
        wanted_kinds |= Kind::TRITANIUM;
    }
    if wanted_kinds == 0 {
        return None;
    }
    let wanted = |c: CardId| {
        let kind = Kind::of_card(c);
        kind & wanted_kinds != 0 && (kind != Kind::HIT || fires(c))
    };
    let (from, card) = state
        .players
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != player as usize)
        .flat_map(|(i, p)| p.hand.iter().map(move |c| (i as PlayerId, *c)))
        .find(|(_, c)| wanted(*c))?;
    if state.ability_of(player) == Ability::TakeCard && !state.turn.ability_used {
        return Some(Action::TakeCard { from, card });
    }
    let tradeable = (!state.mission_forbids_trade()
        || state.ability_of(player) == Ability::OpenChannels)
        && state.turn.trades < state.trade_allowance();
    let give = hand
        .iter()
        .copied()
        .filter(|c| {
            !matches!(
                effect(*c),
                CardEffect::SecurityTeam | CardEffect::Dilithium | CardEffect::Tritanium
            ) && !fires(*c)
        })
        .min_by_key(|c| card_value(ships, *c))?;
    tradeable.then_some(Action::Trade {
        with: from,
        give,
        take: card,
    })
}

/// McCoy swaps his least useful card for a fresh one when no mission needs a Medical credit.
pub(super) fn redraw(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    ships: &Ships,
) -> Option<Action> {
    if state.ability_of(player) != Ability::FieldMedicine || state.turn.ability_used {
        return None;
    }
    if hand
        .iter()
        .any(|c| state.commit_objective(*c, true).is_some())
    {
        return None; // keep the ability for a Medical credit
    }
    let card = hand
        .iter()
        .copied()
        .filter(|c| !useful_now(state, ships.places(), *c))
        .min_by_key(|c| card_value(ships.places(), *c))?;
    (card_value(ships.places(), card) < 5).then_some(Action::Redraw { card })
}

/// Ruling R1: with nothing playable, discard the least useful card so the hand turns over.
pub(super) fn stand_down(
    state: &GameState,
    player: PlayerId,
    hand: &[CardId],
    ships: &Ships,
) -> Option<Action> {
    // Only a full hand is stuck: a shorter one draws fresh cards next turn anyway.
    if state.turn.discarded || hand.len() < state.hand_size() || state.has_legal_play(player) {
        return None;
    }
    let card = hand
        .iter()
        .copied()
        .min_by_key(|c| card_value(ships.places(), *c))?;
    Some(Action::Discard { card })
}

pub(super) fn time_travel(state: &GameState, hand: &[CardId], ships: &Ships) -> Option<Action> {
    let card = hand
        .iter()
        .copied()
        .find(|c| matches!(effect(*c), CardEffect::TimeTravel { .. }))?;
    let CardEffect::TimeTravel { depth } = effect(card) else {
        return None;
    };
    let pick = best_in_discard(state, ships.places(), *depth)?;
    (card_value(ships.places(), pick) >= 5)
        .then(|| Some(Action::play(card, Target::Discard(pick))))?
}
