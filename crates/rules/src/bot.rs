//! A built-in bot that plays legal, sensible turns: it shoots what it can, repairs, works the
//! mission and maneuvers for it. Every action it picks still goes through the validator.

use crate::actions::{Action, PlayerAction, RangeShift, Rotation, Target};
use crate::content::{Ability, Captain, CardEffect, Objective, ThreatKind, builtin};
use crate::events::ManeuverKind;
use crate::state::{
    CardId, FACINGS, GameState, Phase, PlayerId, Range, SectionKind, SectionRef, SectionState,
    TokenId, Window, arc_of_facing,
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

fn effect(card: CardId) -> &'static CardEffect {
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
fn hits_now(state: &GameState, card: CardId) -> bool {
    best_hit_target(state, card, None).is_some()
}

/// Phase 3: take or trade for a Hit card that can fire now when the hand has none.
fn trade(state: &GameState, player: PlayerId) -> Option<Action> {
    let hand = &state.players[player as usize].hand;
    // What the hand lacks, most wanted first: a Hit card that can fire now, then the repair
    // card for a damaged section.
    let lacks = |e: CardEffect| !hand.iter().any(|c| *effect(*c) == e);
    let damaged = |kind| worst(state, kind, SectionState::Damaged).is_some();
    let wanted = |c: CardId| match effect(c) {
        CardEffect::Hit { .. } => !hand.iter().any(|h| hits_now(state, *h)) && hits_now(state, c),
        CardEffect::Dilithium => lacks(CardEffect::Dilithium) && damaged(SectionKind::Shield),
        CardEffect::Tritanium => lacks(CardEffect::Tritanium) && damaged(SectionKind::Hull),
        _ => false,
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
            ) && !hits_now(state, *c)
        })
        .min_by_key(|c| card_value(state, *c))?;
    tradeable.then_some(Action::Trade {
        with: from,
        give,
        take: card,
    })
}

/// A rough worth of keeping a card, lowest first given away or committed.
fn card_value(state: &GameState, card: CardId) -> i32 {
    match effect(card) {
        CardEffect::Hit { damage, .. } => {
            2 * *damage as i32 + if hits_now(state, card) { 5 } else { 0 }
        }
        CardEffect::Dilithium | CardEffect::Tritanium | CardEffect::SecurityTeam => 6,
        CardEffect::DrawCards { .. } | CardEffect::TimeTravel { .. } => 5,
        _ => 3,
    }
}

fn act(card: CardId, target: Target) -> Option<Action> {
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

    if let Some(card) = find(&|e| matches!(e, CardEffect::DrawCards { .. })) {
        return act(card, Target::None);
    }
    if let Some(action) = time_travel(state, hand) {
        return Some(action);
    }
    if let Some(action) = repairs(state, player, hand) {
        return Some(action);
    }
    if let Some(action) = maneuver(state) {
        return Some(action);
    }
    if let Some(action) = attack(state, player, hand) {
        return Some(action);
    }
    if let Some(action) = mission_work(state, player, hand) {
        return Some(action);
    }
    support_cards(state, hand)
        .or_else(|| redraw(state, player, hand))
        .or_else(|| stand_down(state, player, hand))
}

/// McCoy swaps his least useful card for a fresh one when no mission needs a Medical credit.
fn redraw(state: &GameState, player: PlayerId, hand: &[CardId]) -> Option<Action> {
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
        .filter(|c| !useful_now(state, *c))
        .min_by_key(|c| card_value(state, *c))?;
    (card_value(state, card) < 5).then_some(Action::Redraw { card })
}

/// Ruling R1: with nothing playable, discard the least useful card so the hand turns over.
fn stand_down(state: &GameState, player: PlayerId, hand: &[CardId]) -> Option<Action> {
    // Only a full hand is stuck: a shorter one draws fresh cards next turn anyway.
    if state.turn.discarded || hand.len() < state.hand_size() || state.has_legal_play(player) {
        return None;
    }
    let card = hand.iter().copied().min_by_key(|c| card_value(state, *c))?;
    Some(Action::Discard { card })
}

fn time_travel(state: &GameState, hand: &[CardId]) -> Option<Action> {
    let card = hand
        .iter()
        .copied()
        .find(|c| matches!(effect(*c), CardEffect::TimeTravel { .. }))?;
    let CardEffect::TimeTravel { depth } = effect(card) else {
        return None;
    };
    let pick = state
        .discard
        .iter()
        .rev()
        .take(*depth as usize)
        .copied()
        .filter(|c| !matches!(effect(*c), CardEffect::TimeTravel { .. }))
        .max_by_key(|c| card_value(state, *c))?;
    (card_value(state, pick) >= 5).then(|| act(card, Target::Discard(pick)))?
}

/// The most threatened section in a state, if any.
fn worst(state: &GameState, kind: SectionKind, wanted: SectionState) -> Option<SectionRef> {
    state.sections_by_pressure(kind, wanted).first().copied()
}

fn repairs(state: &GameState, player: PlayerId, hand: &[CardId]) -> Option<Action> {
    let find = |e: CardEffect| hand.iter().copied().find(|c| *effect(*c) == e);
    let dilithium = find(CardEffect::Dilithium);
    let tritanium = find(CardEffect::Tritanium);
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

/// Where a mission or the Starbase wants the ship to go: the sector to bring forward.
fn destination(state: &GameState) -> Option<(u8, Range)> {
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

/// Damage the ship would take if threats fired at their current facings: weighted by how
/// little stands between each facing and the Hull.
fn exposure(state: &GameState, heading: u8) -> i32 {
    let content = builtin();
    let mut total = 0;
    for t in &state.threats {
        let def = content.threat(t.token);
        if !def.is_ship() || (def.is_tholian() && t.pos.range == Range::Short) {
            continue;
        }
        let facing = (t.pos.sector + FACINGS - heading) % FACINGS;
        let weight = match (
            state.enterprise.shields[facing as usize],
            state.enterprise.hull[facing as usize],
        ) {
            (SectionState::Intact, _) => 1,
            (SectionState::Damaged, _) => 3,
            (_, SectionState::Intact) => 6,
            (_, SectionState::Damaged) => 10,
            _ => 8,
        };
        let closeness = match t.pos.range {
            Range::Short => 3,
            Range::Medium => 2,
            Range::Long => 1,
        };
        total += weight * closeness * def.firepower() as i32;
    }
    total
}

fn maneuver(state: &GameState) -> Option<Action> {
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
    let here = exposure(state, state.enterprise.heading);
    let cw = exposure(state, (state.enterprise.heading + 1) % FACINGS);
    let ccw = exposure(state, (state.enterprise.heading + FACINGS - 1) % FACINGS);
    if cw.min(ccw) + 2 < here {
        return Some(Action::Maneuver(if cw <= ccw {
            ManeuverKind::Clockwise
        } else {
            ManeuverKind::CounterClockwise
        }));
    }
    None
}

/// The threat worth hitting with a card, and its score; `shift` for Chekov's ability. Which
/// threats the card reaches is the rules' answer (`hit_reaches`), whoever holds the card.
fn best_hit_target(
    state: &GameState,
    card: CardId,
    shift: Option<RangeShift>,
) -> Option<(TokenId, i32)> {
    let CardEffect::Hit { damage, .. } = effect(card) else {
        return None;
    };
    state
        .threats
        .iter()
        .filter(|t| state.hit_reaches(card, t.token, shift))
        .map(|t| (t.token, hit_score(state, t.token, *damage)))
        .max_by_key(|(_, score)| *score)
}

/// How much hitting a threat for `damage` is worth.
fn hit_score(state: &GameState, token: TokenId, damage: u8) -> i32 {
    let Some(t) = state.threat(token) else {
        return i32::MIN;
    };
    let def = builtin().threat(token);
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
fn attack(state: &GameState, player: PlayerId, hand: &[CardId]) -> Option<Action> {
    let holds_direct_hit = hand.iter().any(|c| *effect(*c) == CardEffect::DirectHit);
    let mut best: Option<(i32, Action)> = None;
    for card in hand.iter().copied() {
        let CardEffect::Hit { damage, .. } = effect(card) else {
            continue;
        };
        for play in state.legal_plays(player, card) {
            let Action::PlayCard {
                target: Target::Threat(token),
                with,
                shift,
                ..
            } = play.action
            else {
                continue;
            };
            let defense = state.threat(token).map_or(0, |t| t.defense);
            if with.is_some() != (holds_direct_hit && defense > *damage) {
                continue;
            }
            // Spend cheap cards first; keep Chekov's shift for cards with no target otherwise.
            let mut score = hit_score(state, token, *damage) - 3 * *damage as i32;
            if shift.is_some() {
                score -= 2;
            }
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, play.action));
            }
        }
    }
    best.map(|(_, action)| action)
}

/// Commit cards the mission needs; roll the mission die. Cards that can act now are kept
/// unless the timer is about to run out.
fn mission_work(state: &GameState, player: PlayerId, hand: &[CardId]) -> Option<Action> {
    let mission = state.mission.as_ref()?;
    if state.open_die_objective().is_some() && !state.turn.mission_rolled {
        return Some(Action::RollForMission);
    }
    let urgent = mission.timer.is_some_and(|t| t <= 2);
    let mut candidates: Vec<CardId> = hand
        .iter()
        .copied()
        .filter(|c| state.commit_objective(*c, false).is_some())
        .filter(|c| urgent || !useful_now(state, *c))
        .collect();
    candidates.sort_by_key(|c| card_value(state, *c));
    if let Some(card) = candidates.first() {
        return Some(Action::Commit {
            card: *card,
            as_medical: false,
        });
    }
    if state.ability_of(player) == Ability::FieldMedicine && !state.turn.ability_used {
        let spare = hand
            .iter()
            .copied()
            .filter(|c| state.commit_objective(*c, true).is_some())
            .filter(|c| urgent || !useful_now(state, *c))
            .min_by_key(|c| card_value(state, *c));
        if let Some(card) = spare {
            return Some(Action::Commit {
                card,
                as_medical: true,
            });
        }
    }
    None
}

/// Whether a card could do something useful this turn if kept.
fn useful_now(state: &GameState, card: CardId) -> bool {
    match effect(card) {
        CardEffect::Hit { .. } => hits_now(state, card),
        CardEffect::SecurityTeam => boarders_possible(state),
        CardEffect::Dilithium => worst(state, SectionKind::Shield, SectionState::Damaged).is_some(),
        CardEffect::Tritanium => worst(state, SectionKind::Hull, SectionState::Damaged).is_some(),
        _ => false,
    }
}

/// Whether a ship could board soon: one in Short or Medium Range of a facing with no Shield.
fn boarders_possible(state: &GameState) -> bool {
    let content = builtin();
    state.threats.iter().any(|t| {
        let def = content.threat(t.token);
        def.is_ship()
            && !def.is_tholian()
            && t.pos.range != Range::Long
            && !state
                .enterprise
                .has_shield(state.enterprise.facing_of_sector(t.pos.sector))
    })
}

/// Force Field, Red Alert, Tractor Beam and Evasive Maneuvers where they help.
fn support_cards(state: &GameState, hand: &[CardId]) -> Option<Action> {
    let content = builtin();
    for card in hand.iter().copied() {
        match effect(card) {
            CardEffect::ForceField => {
                // Hold back the ship that would hurt most: about to board, or hitting the Hull.
                let target = state
                    .threats
                    .iter()
                    .filter(|t| !t.cloaked && !t.force_field && content.threat(t.token).is_ship())
                    .filter(|t| {
                        !(content.threat(t.token).is_tholian() && t.pos.range == Range::Short)
                    })
                    .filter(|t| {
                        let f = state.enterprise.facing_of_sector(t.pos.sector);
                        !state.enterprise.has_shield(f) && t.pos.range != Range::Long
                    })
                    .max_by_key(|t| t.defense + content.threat(t.token).firepower());
                if let Some(t) = target {
                    return act(card, Target::Threat(t.token));
                }
            }
            CardEffect::RedAlert => {
                let facing = (0..FACINGS)
                    .filter(|f| {
                        state.enterprise.has_shield(*f) && !state.enterprise.red_alert[*f as usize]
                    })
                    .max_by_key(|f| state.pressure(*f));
                if let Some(facing) = facing
                    && state.pressure(facing) > 0
                {
                    return act(card, Target::Facing(facing));
                }
            }
            CardEffect::TractorBeam => {
                if let Some(target) = tractor_into_arc(state, hand) {
                    return act(card, target);
                }
                // Pull a ship away from an unshielded facing toward a shielded neighbour.
                for t in &state.threats {
                    if t.cloaked || !content.threat(t.token).is_ship() || t.pos.range == Range::Long
                    {
                        continue;
                    }
                    let f = state.enterprise.facing_of_sector(t.pos.sector);
                    if state.enterprise.has_shield(f) {
                        continue;
                    }
                    for (rotation, next) in [
                        (Rotation::Clockwise, (f + 1) % FACINGS),
                        (Rotation::CounterClockwise, (f + FACINGS - 1) % FACINGS),
                    ] {
                        if state.enterprise.has_shield(next) {
                            return act(card, Target::Shift(t.token, rotation));
                        }
                    }
                }
            }
            CardEffect::EvasiveManeuvers => {
                let out_of_moves = state.turn.maneuvers >= state.maneuver_allowance();
                if out_of_moves
                    && state.maneuver_forbidden().is_none()
                    && destination(state).is_some()
                {
                    return act(card, Target::None);
                }
            }
            _ => {}
        }
    }
    cycle_card(state, hand)
}

/// Moves a ship no card in hand can reach into a facing that one can.
fn tractor_into_arc(state: &GameState, hand: &[CardId]) -> Option<Target> {
    let content = builtin();
    let reaches = |facing: u8, range: Range| {
        hand.iter().any(|c| match effect(*c) {
            CardEffect::Hit { arcs, ranges, .. } => {
                arcs.contains(&arc_of_facing(facing)) && ranges.contains(&range)
            }
            _ => false,
        })
    };
    state
        .threats
        .iter()
        .filter(|t| !t.cloaked && content.threat(t.token).is_ship())
        .filter(|t| !reaches(state.enterprise.facing_of_sector(t.pos.sector), t.pos.range))
        .find_map(|t| {
            let f = state.enterprise.facing_of_sector(t.pos.sector);
            [
                (Rotation::Clockwise, (f + 1) % FACINGS),
                (Rotation::CounterClockwise, (f + FACINGS - 1) % FACINGS),
            ]
            .into_iter()
            .find(|(_, next)| reaches(*next, t.pos.range))
            .map(|(rotation, _)| Target::Shift(t.token, rotation))
        })
}

/// With a full hand and nothing better to do, spend a support card where it is legal so the
/// hand turns over next turn (the game has no discard phase).
fn cycle_card(state: &GameState, hand: &[CardId]) -> Option<Action> {
    if hand.len() < state.hand_size() {
        return None;
    }
    let content = builtin();
    for card in hand.iter().copied() {
        match effect(card) {
            CardEffect::ForceField => {
                if let Some(t) = state
                    .threats
                    .iter()
                    .find(|t| !t.cloaked && content.threat(t.token).is_ship())
                {
                    return act(card, Target::Threat(t.token));
                }
            }
            CardEffect::RedAlert => {
                if let Some(facing) = (0..FACINGS).find(|f| state.enterprise.has_shield(*f)) {
                    return act(card, Target::Facing(facing));
                }
            }
            CardEffect::TractorBeam => {
                if let Some(t) = state.threats.iter().find(|t| !t.cloaked) {
                    return act(card, Target::Shift(t.token, Rotation::Clockwise));
                }
            }
            _ => {}
        }
    }
    None
}
