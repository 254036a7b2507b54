//! A built-in bot that plays legal, sensible turns: it shoots what it can, repairs, works the
//! mission and maneuvers for it. Every action it picks still goes through the validator.

mod attack;
mod maneuver;
mod support;

use attack::attack;
use maneuver::{maneuver, turn_to_fire};
use support::{cycle_card, mission_work, support_cards, useful_now};

use crate::actions::{Action, PlayerAction, Target};
use crate::content::{Ability, Captain, CardEffect, ThreatKind, builtin};
use crate::state::{
    CardId, GameState, Phase, PlayerId, SectionKind, SectionRef, SectionState, TokenId, Window,
};

/// The next action the bot takes for whoever must act now, or `None` when nobody must.
pub fn choose(state: &GameState) -> Option<PlayerAction> {
    if state.is_over() || !state.awaits_players() {
        return None;
    }
    let active = state.turn.active;
    match &state.turn.window {
        Some(Window::Boarding { .. }) => return Some(answer_boarders(state)),
        Some(Window::SpockChoice { drawn }) => {
            let mut ranked = drawn.clone();
            ranked.sort_by_key(|t| danger_of_token(*t));
            return Some(PlayerAction {
                player: active,
                action: Action::ChooseThreats {
                    first: ranked[0],
                    second: ranked[1],
                },
            });
        }
        None => {}
    }
    let action = match state.turn.phase {
        Phase::Trade => trade(state, active),
        _ => play(state, active),
    }
    .unwrap_or(Action::EndPhase);
    Some(PlayerAction {
        player: active,
        action,
    })
}

#[inline]
pub(super) fn effect(card: CardId) -> &'static CardEffect {
    &builtin().card(card).effect
}

/// How much a drawn token hurts, for Spock's choice (the worst goes back in the bag).
fn danger_of_token(token: TokenId) -> i32 {
    let def = builtin().threat(token);
    match def.threat {
        ThreatKind::Starbase => -10,
        ThreatKind::Comet { damage } => 6 + damage as i32,
        ThreatKind::Ship {
            defense,
            firepower,
            cloaks,
            captain,
            ..
        } => {
            let captain = match captain {
                Some(Captain::Kang) => 6,
                Some(Captain::Koloth) => 4,
                Some(Captain::Kor) => 2,
                None => 0,
            };
            defense as i32 + 2 * firepower as i32 + 2 * i32::from(cloaks) + captain
        }
    }
}

/// Any holder of a Security Team plays it while damage remains; then the boarders land.
fn answer_boarders(state: &GameState) -> PlayerAction {
    let n = state.players.len() as u8;
    for offset in 0..n {
        let player = (state.turn.active + offset) % n;
        if let Some(card) = state.players[player as usize]
            .hand
            .iter()
            .find(|c| *effect(**c) == CardEffect::SecurityTeam)
        {
            return PlayerAction {
                player,
                action: Action::PlaySecurityTeam { card: *card },
            };
        }
    }
    PlayerAction {
        player: state.turn.active,
        action: Action::ResolveBoarding,
    }
}

/// Cards that can hit something on the board right now.
pub(super) fn hits_now(state: &GameState, card: CardId) -> bool {
    state.hits_anything(card)
}

/// Phase 3: take or trade for a Hit card that can fire now when the hand has none.
fn trade(state: &GameState, player: PlayerId) -> Option<Action> {
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

pub(super) fn act(card: CardId, target: Target) -> Option<Action> {
    Some(Action::PlayCard {
        card,
        target,
        with: None,
        shift: None,
    })
}

/// Phase 4, one action at a time, in order of what matters most.
fn play(state: &GameState, player: PlayerId) -> Option<Action> {
    let hand = &state.players[player as usize].hand;
    let find = |pred: &dyn Fn(&CardEffect) -> bool| hand.iter().copied().find(|c| pred(effect(*c)));
    // Which kinds of card the hand holds, seen once: each step below that needs a kind the
    // hand lacks is passed over without going through the hand again.
    let kinds = hand.iter().fold(0, |kinds, c| kinds | Kind::of_card(*c));
    let holds = |wanted: u16| kinds & wanted != 0;
    // Where the enemy ships are, asked once for every step below, the first time one needs it.
    let ships = &Ships::of(state);

    if holds(Kind::DRAW_CARDS)
        && let Some(card) = find(&|e| matches!(e, CardEffect::DrawCards { .. }))
    {
        return act(card, Target::None);
    }
    if holds(Kind::TIME_TRAVEL)
        && let Some(action) = time_travel(state, hand, ships)
    {
        return Some(action);
    }
    if (holds(Kind::DILITHIUM | Kind::TRITANIUM)
        || state.ability_of(player) == Ability::DamageControl)
        && let Some(action) = repairs(state, player, hand, kinds)
    {
        return Some(action);
    }
    if let Some(action) = maneuver(state) {
        return Some(action);
    }
    if holds(Kind::HIT)
        && let Some(action) = attack(state, player, hand, ships, holds(Kind::DIRECT_HIT))
    {
        return Some(action);
    }
    if let Some(action) = mission_work(state, player, hand, ships) {
        return Some(action);
    }
    let support = if holds(Kind::SUPPORT) {
        support_cards(state, hand, ships)
    } else if holds(Kind::TIME_TRAVEL) {
        cycle_card(state, hand, ships) // what `support_cards` ends with
    } else {
        None // neither a support card nor one to cycle
    };
    support
        .or_else(|| redraw(state, player, hand, ships))
        .or_else(|| stand_down(state, player, hand, ships))
        .or_else(|| turn_to_fire(state, player, hand, ships))
}

/// The state's `ship_places`, worked out the first time a step of a decision asks for it.
pub(super) struct Ships<'a> {
    state: &'a GameState,
    places: std::cell::OnceCell<u32>,
}

impl<'a> Ships<'a> {
    fn of(state: &'a GameState) -> Self {
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
struct Kind;

impl Kind {
    const HIT: u16 = 1;
    const DIRECT_HIT: u16 = 1 << 1;
    const DILITHIUM: u16 = 1 << 2;
    const TRITANIUM: u16 = 1 << 3;
    const TRACTOR_BEAM: u16 = 1 << 4;
    const SECURITY_TEAM: u16 = 1 << 5;
    const TIME_TRAVEL: u16 = 1 << 6;
    const DRAW_CARDS: u16 = 1 << 7;
    const FORCE_FIELD: u16 = 1 << 8;
    const EVASIVE_MANEUVERS: u16 = 1 << 9;
    const RED_ALERT: u16 = 1 << 10;
    /// What `support_cards` plays before it cycles a card.
    const SUPPORT: u16 =
        Self::FORCE_FIELD | Self::RED_ALERT | Self::TRACTOR_BEAM | Self::EVASIVE_MANEUVERS;

    /// A card's kind, from a table made once (no branch on the effect a card at a time).
    fn of_card(card: CardId) -> u16 {
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

/// McCoy swaps his least useful card for a fresh one when no mission needs a Medical credit.
fn redraw(state: &GameState, player: PlayerId, hand: &[CardId], ships: &Ships) -> Option<Action> {
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
fn stand_down(
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

fn time_travel(state: &GameState, hand: &[CardId], ships: &Ships) -> Option<Action> {
    let card = hand
        .iter()
        .copied()
        .find(|c| matches!(effect(*c), CardEffect::TimeTravel { .. }))?;
    let CardEffect::TimeTravel { depth } = effect(card) else {
        return None;
    };
    let pick = best_in_discard(state, ships.places(), *depth)?;
    (card_value(ships.places(), pick) >= 5).then(|| act(card, Target::Discard(pick)))?
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

/// `kinds` are the hand's kinds of card: a hand without a repair card is not looked through
/// (Scotty's Damage Control repairs without one).
fn repairs(state: &GameState, player: PlayerId, hand: &[CardId], kinds: u16) -> Option<Action> {
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
        return act(card, Target::Section(section));
    }
    if let Some(card) = tritanium
        && let Some(section) = worst(state, SectionKind::Hull, SectionState::Damaged)
    {
        return act(card, Target::Section(section));
    }
    None
}
