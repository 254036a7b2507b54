//! Helpers shared by the rules tests, on top of the fixtures in `crate::common`. Like those,
//! they keep every card and token in exactly one place.

#![allow(dead_code)]

use stp_rules::content::{
    Arc, CardEffect, Faction, MissionEntry, Objective, ThreatKind, Weapon, builtin,
};
use stp_rules::*;

use crate::common::*;

/// A character's index in `builtin().characters`, by id ("kirk", "spock", …).
pub fn character(id: &str) -> u8 {
    builtin()
        .character_index(id)
        .unwrap_or_else(|| panic!("no character `{id}`"))
}

/// Gives a player a character; whoever had it takes the player's old one.
pub fn set_character(state: &mut GameState, player: PlayerId, id: &str) {
    let wanted = character(id);
    let old = state.players()[player as usize].character;
    for p in state.players_mut() {
        if p.character == wanted {
            p.character = old;
        }
    }
    state.players_mut()[player as usize].character = wanted;
}

/// Moves every Security Team out of the players' hands to the bottom of the deck, so that
/// boarders land at once unless a test gives one out.
pub fn no_security_teams(state: &mut GameState) {
    for p in 0..state.players().len() {
        let hand = std::mem::take(&mut state.players_mut()[p].hand);
        let (teams, keep): (Vec<CardId>, Vec<CardId>) = hand
            .into_iter()
            .partition(|c| builtin().card(*c).effect == CardEffect::SecurityTeam);
        state.players_mut()[p].hand = keep;
        for card in teams {
            state.deck_mut().insert(0, card);
        }
    }
}

/// `table(players)` (patrol game, empty board, Play Cards & Maneuver) with Kirk as the active
/// player, whose ability changes nothing unless used, and no Security Team in any hand.
pub fn quiet_table(players: usize) -> GameState {
    let mut state = table(players);
    let active = state.turn().active;
    set_character(&mut state, active, "kirk");
    no_security_teams(&mut state);
    state.events_mut().clear();
    state
}

/// A game of `preset` whose current mission is `mission` (its real reveal: timer and tokens),
/// with an otherwise empty board, Kirk active in Play Cards & Maneuver, no Security Teams held.
pub fn mission_table_in(preset: &str, players: usize, mission: &str) -> GameState {
    let mut state = game(players, preset, 7);
    clear_board(&mut state);
    let id = mission_id(mission);
    if let Some(current) = state.mission_mut().take() {
        assert!(current.committed.is_empty());
        state.mission_deck_mut().push(current.mission);
    }
    state.mission_deck_mut().retain(|m| *m != id);
    state.mission_deck_mut().insert(0, id);
    state.reveal_mission();
    assert_eq!(state.mission().as_ref().map(|m| m.mission), Some(id));
    to_phase(&mut state, Phase::PlayAndManeuver);
    let active = state.turn().active;
    set_character(&mut state, active, "kirk");
    no_security_teams(&mut state);
    state.events_mut().clear();
    state
}

/// `mission_table_in` for the standard game (5 missions from the whole deck).
pub fn mission_table(players: usize, mission: &str) -> GameState {
    mission_table_in("standard", players, mission)
}

/// A cadet game whose required missions are all completed: no mission in play, an empty
/// board, Kirk active in Play Cards & Maneuver.
pub fn final_table(players: usize) -> GameState {
    let mut state = game(players, "cadet", 7);
    clear_board(&mut state);
    let mut done: Vec<u8> = state.mission_deck_mut().drain(..).collect();
    if let Some(current) = state.mission_mut().take() {
        assert!(current.committed.is_empty());
        done.push(current.mission);
    }
    done.sort_unstable();
    *state.completed_missions_mut() = done;
    assert!(state.missions_done());
    to_phase(&mut state, Phase::PlayAndManeuver);
    let active = state.turn().active;
    set_character(&mut state, active, "kirk");
    no_security_teams(&mut state);
    state.events_mut().clear();
    state
}

pub fn mission_id(id: &str) -> u8 {
    builtin()
        .mission_index(id)
        .unwrap_or_else(|| panic!("no mission `{id}`"))
}

/// The 0-based board position of a board sector printed 1–6.
pub fn pos(range: Range, board_sector_1_to_6: u8) -> Position {
    Position::new(range, board_sector_1_to_6 - 1)
}

/// Where a threat is; panics if it is not on the board.
pub fn at(state: &GameState, token: TokenId) -> Position {
    state
        .threat(token)
        .unwrap_or_else(|| panic!("threat {token} is not on the board"))
        .pos
}

pub fn threat_mut(state: &mut GameState, token: TokenId) -> &mut ThreatOnBoard {
    let index = state
        .threat_index(token)
        .unwrap_or_else(|| panic!("threat {token} is not on the board"));
    &mut state.threats_mut()[index]
}

/// Places a ship and turns it face down.
pub fn place_cloaked(
    state: &mut GameState,
    kind: &str,
    range: Range,
    board_sector_1_to_6: u8,
) -> TokenId {
    let token = place(state, kind, range, board_sector_1_to_6);
    threat_mut(state, token).cloaked = true;
    token
}

/// Takes a token of a kind out of the bag, as drawing it would, for `resolve_drawn_threat`.
pub fn take_from_bag(state: &mut GameState, kind: &str) -> TokenId {
    let index = state
        .bag()
        .iter()
        .position(|t| builtin().threat(*t).kind == kind)
        .unwrap_or_else(|| panic!("no `{kind}` left in the bag"));
    state.bag_mut().remove(index)
}

/// Burns die rolls until the next rolls of the die will show `values`, in order. Valid when
/// the next random draws of the rules are those die rolls (placing or resolving a drawn
/// token, an uncloak roll, a mission roll). The burnt rolls leave no events.
pub fn rig_dice(state: &mut GameState, values: &[u8]) {
    for _ in 0..10_000 {
        let mut probe = state.clone();
        let rolled: Vec<u8> = values
            .iter()
            .map(|_| probe.roll_die(DieRollPurpose::MissionObjective))
            .collect();
        if rolled == values {
            return;
        }
        state.roll_die(DieRollPurpose::MissionObjective);
        state.events_mut().pop();
    }
    panic!("the die never showed {values:?}");
}

/// Sets a Shield or Hull section's state by ship facing 1–6.
pub fn set_section(state: &mut GameState, kind: SectionKind, facing_1_to_6: u8, to: SectionState) {
    *state
        .enterprise_mut()
        .section_mut(section(kind, facing_1_to_6)) = to;
}

pub fn shield(state: &GameState, facing_1_to_6: u8) -> SectionState {
    state.enterprise().shields[facing_1_to_6 as usize - 1]
}

pub fn hull(state: &GameState, facing_1_to_6: u8) -> SectionState {
    state.enterprise().hull[facing_1_to_6 as usize - 1]
}

/// Runs phase 6 (Threats Move & Fire) alone, with the events of earlier steps dropped.
pub fn threats_phase(state: &mut GameState) {
    to_phase(state, Phase::ThreatsMoveAndFire);
    state.events_mut().clear();
    state.threats_move_and_fire_phase();
}

/// How many events match.
pub fn count(state: &GameState, pred: impl Fn(&RulesEvent) -> bool) -> usize {
    state.events().iter().filter(|e| pred(e)).count()
}

/// Whether an event equal to `event` was emitted.
pub fn emitted(state: &GameState, event: &RulesEvent) -> bool {
    state.events().contains(event)
}

/// Index of the first event that matches.
pub fn first_index(state: &GameState, pred: impl Fn(&RulesEvent) -> bool) -> Option<usize> {
    state.events().iter().position(pred)
}

/// Every `ThreatFired` event: (token, ship facing 0-based, damage).
pub fn shots(state: &GameState) -> Vec<(TokenId, u8, u8)> {
    state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::ThreatFired {
                token,
                facing,
                damage,
            } => Some((*token, *facing, *damage)),
            _ => None,
        })
        .collect()
}

/// Every die roll of a purpose, in order.
pub fn rolls(state: &GameState, purpose: DieRollPurpose) -> Vec<u8> {
    state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::DieRolled { value, purpose: p } if *p == purpose => Some(*value),
            _ => None,
        })
        .collect()
}

/// A PlayCard action with no pairing and no range shift.
pub fn play_action(card: CardId, target: Target) -> Action {
    Action::PlayCard {
        card,
        target,
        with: None,
        shift: None,
    }
}

/// Plays a card together with another (Dilithium + Tritanium, Hit + Direct Hit).
pub fn play_with(
    state: &mut GameState,
    player: PlayerId,
    card: CardId,
    target: Target,
    with: CardId,
) -> Result<(), Refusal> {
    act(
        state,
        player,
        Action::PlayCard {
            card,
            target,
            with: Some(with),
            shift: None,
        },
    )
}

/// Moves a card of the given Division credit into a hand from the deck or the discard pile;
/// Security Teams are left alone (they would open boarding windows).
pub fn give_credit(state: &mut GameState, player: PlayerId, division: Division) -> CardId {
    let fits = |c: &CardId| {
        let def = builtin().card(*c);
        def.credit == Some(division) && def.effect != CardEffect::SecurityTeam
    };
    if let Some(card) = state.deck().iter().copied().find(fits) {
        state.deck_mut().retain(|c| *c != card);
        state.players_mut()[player as usize].hand.push(card);
        return card;
    }
    if let Some(card) = state.discard().iter().copied().find(fits) {
        state.discard_mut().retain(|c| *c != card);
        state.players_mut()[player as usize].hand.push(card);
        return card;
    }
    panic!("no {division:?} card available to give");
}

pub fn hand(state: &GameState, player: PlayerId) -> &Vec<CardId> {
    &state.players()[player as usize].hand
}

pub fn kind_of(card: CardId) -> &'static str {
    builtin().card(card).kind.as_str()
}

/// A card of a kind for a player: one already in the hand, or one given from elsewhere (for
/// kinds with a single copy, which `give` cannot find when the hand already holds it).
pub fn obtain(state: &mut GameState, player: PlayerId, kind: &str) -> CardId {
    if let Some(card) = hand(state, player)
        .iter()
        .copied()
        .find(|c| kind_of(*c) == kind)
    {
        return card;
    }
    give(state, player, kind)
}

// ---- Content lookups. The card, token and mission data are a balance proposal that changes;
// ---- the tests pick what they need by its properties, so they test rules, not numbers.

/// The kind (id) of the first ordinary ship token (no captain) matching: a faction (Tholians
/// only when asked for), cloaking or not, and at least this Defense.
pub fn ship_kind(faction: Option<Faction>, cloaks: Option<bool>, min_defense: u8) -> &'static str {
    builtin()
        .threats
        .iter()
        .find(|t| match t.threat {
            ThreatKind::Ship {
                faction: f,
                defense,
                cloaks: c,
                captain: None,
                ..
            } => {
                faction.map_or(f != Faction::Tholian, |wanted| wanted == f)
                    && cloaks.is_none_or(|wanted| wanted == c)
                    && defense >= min_defense
            }
            _ => false,
        })
        .map(|t| t.kind.as_str())
        .unwrap_or_else(|| {
            panic!("no ship: faction {faction:?}, cloaks {cloaks:?}, Defense >= {min_defense}")
        })
}

/// A non-cloaking, non-Tholian ship that survives one Hit (Defense 2 or more).
pub fn sturdy() -> &'static str {
    ship_kind(None, Some(false), 2)
}

/// The ordinary (non-captain, non-Tholian) ship kind with the highest Defense.
pub fn toughest() -> &'static str {
    let mut best: Option<(&'static str, u8)> = None;
    for t in &builtin().threats {
        if let ThreatKind::Ship {
            faction,
            defense,
            captain: None,
            ..
        } = t.threat
            && faction != Faction::Tholian
            && best.is_none_or(|(_, d)| defense > d)
        {
            best = Some((t.kind.as_str(), defense));
        }
    }
    best.expect("ships").0
}

/// The printed (maximum) Defense of a kind of token.
pub fn max_defense(kind: &str) -> u8 {
    builtin()
        .threats
        .iter()
        .find(|t| t.kind == kind)
        .unwrap_or_else(|| panic!("no token kind `{kind}`"))
        .max_defense()
}

/// A single-facing-group Phasers card kind that reaches `reaches` in `arc`, and not `misses`.
pub fn phasers(arc: Arc, reaches: Range, misses: Option<Range>) -> &'static str {
    let mut found: Option<(&'static str, usize)> = None;
    for c in &builtin().cards {
        if let CardEffect::Hit {
            weapon: Weapon::Phasers,
            arcs,
            ranges,
            ..
        } = &c.effect
            && arcs.as_slice() == [arc]
            && ranges.contains(&reaches)
            && misses.is_none_or(|m| !ranges.contains(&m))
            && found.is_none_or(|(_, n)| ranges.len() < n)
        {
            found = Some((c.kind.as_str(), ranges.len()));
        }
    }
    found
        .unwrap_or_else(|| panic!("no Phasers card for {arc:?} {reaches:?} without {misses:?}"))
        .0
}

/// The id of the first mission whose data satisfies `pred` (`what` names it in the panic).
pub fn find_mission(what: &str, pred: impl Fn(&MissionEntry) -> bool) -> &'static str {
    builtin()
        .missions
        .iter()
        .find(|m| pred(m))
        .map(|m| m.id.as_str())
        .unwrap_or_else(|| panic!("no mission {what}"))
}

/// The current mission's data.
pub fn current_mission(state: &GameState) -> &'static MissionEntry {
    builtin().mission(state.mission().as_ref().expect("a mission in play").mission)
}

/// Index of the current mission's first objective that satisfies `pred`.
pub fn objective_index(state: &GameState, pred: impl Fn(&Objective) -> bool) -> usize {
    current_mission(state)
        .objectives
        .iter()
        .position(pred)
        .expect("the objective")
}

/// Moves into a hand, from the deck or the discard pile, a card that would count toward the
/// current mission's objective `index` if committed now (not a Security Team unless asked).
pub fn give_for_objective(state: &mut GameState, player: PlayerId, index: usize) -> CardId {
    let fits = |state: &GameState, c: CardId| {
        state.commit_objective(c, false).map(|(i, _)| i) == Some(index)
    };
    let named = matches!(
        current_mission(state).objectives[index],
        Objective::CommitCards { .. }
    );
    let allowed = |c: CardId| named || builtin().card(c).effect != CardEffect::SecurityTeam;
    let pick = state
        .deck()
        .iter()
        .chain(state.discard().iter())
        .copied()
        .find(|c| allowed(*c) && fits(state, *c))
        .unwrap_or_else(|| panic!("no card for objective {index}"));
    state.deck_mut().retain(|c| *c != pick);
    state.discard_mut().retain(|c| *c != pick);
    state.players_mut()[player as usize].hand.push(pick);
    pick
}

/// Meets every objective of the current mission: commits the cards it asks for (through the
/// validator), brings its tokens where they must be, and sets the die successes and the
/// destroyed-threat count it needs. Returns the committed cards. The state must be in the
/// player's Play Cards & Maneuver phase.
pub fn satisfy_objectives(state: &mut GameState, player: PlayerId) -> Vec<CardId> {
    let def = current_mission(state);
    let mut committed = Vec::new();
    for (index, objective) in def.objectives.iter().enumerate() {
        match objective {
            Objective::CommitCredits { count, .. } | Objective::CommitCards { count, .. } => {
                while state.mission_progress()[index].0 < *count {
                    let card = give_for_objective(state, player, index);
                    act(
                        state,
                        player,
                        Action::Commit {
                            card,
                            as_medical: false,
                        },
                    )
                    .expect("commit toward the objective");
                    committed.push(card);
                }
            }
            Objective::TokenInRange { token, range, arc } => {
                let id = builtin().mission_token_index(token).expect("token");
                let facing = match arc {
                    None | Some(Arc::Forward) => 0,
                    Some(Arc::Sides) => 1,
                    Some(Arc::Aft) => 2,
                };
                let sector = state.enterprise().sector_of_facing(facing);
                let t = state
                    .mission_tokens_mut()
                    .iter_mut()
                    .find(|t| t.token == id)
                    .expect("the mission token is on the board");
                t.pos = Position::new(*range, sector);
            }
            Objective::DieRolls { successes, .. } => {
                state.mission_mut().as_mut().expect("mission").die_successes = *successes;
            }
            Objective::DestroyThreats { count, .. } => {
                state
                    .mission_mut()
                    .as_mut()
                    .expect("mission")
                    .threats_destroyed = *count;
            }
        }
    }
    assert!(state.objectives_met(), "{:?}", state.mission_progress());
    committed
}

/// A Phasers card kind that reaches `range` in `arc`.
pub fn phasers_kind(arc: Arc, range: Range) -> &'static str {
    phasers(arc, range, None)
}

/// A mission with no parameters that change the turn: no tokens, no special rules, maneuvers
/// and trades allowed.
pub fn plain_mission() -> &'static str {
    find_mission("without special parameters", |m| {
        m.tokens.is_empty() && m.special.is_empty() && !m.no_maneuver && !m.no_trade
    })
}
