//! A built-in bot that plays legal, sensible turns: it shoots what it can, repairs, works the
//! mission and maneuvers for it. Every action it picks still goes through the validator.

//!
//! One file a concept: `value` (what a card is worth, the kinds a hand holds), `attack` (what
//! it shoots), `maneuver` (where it turns), `repair`, `support` (the mission and the support
//! cards) and `hand` (trades, redraws, Time Travel, discards). This file is the turn's order.

mod attack;
mod hand;
mod maneuver;
mod repair;
mod support;
mod value;

use attack::attack;
use hand::{redraw, stand_down, time_travel, trade};
use maneuver::{maneuver, turn_to_fire};
use repair::repairs;
use support::{cycle_card, mission_work, support_cards};
use value::{Kind, Ships, effect};

use crate::actions::{Action, PlayerAction, Target};
use crate::content::{Ability, Captain, CardEffect, ThreatKind, builtin};
use crate::state::{GameState, Phase, PlayerId, TokenId, Window};

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
        return Some(Action::play(card, Target::None));
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
