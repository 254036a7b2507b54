//! Fixtures that arrange an exact table without breaking the invariants: every token moved
//! onto the board comes out of the bag, every card given to a hand comes out of a pile.

#![allow(dead_code)]

use stp_rules::content::builtin;
use stp_rules::*;

/// `act`, then the automatic phases up to the next decision (what a table does with each
/// action), for tests that play a game by hand.
pub trait ActAndAdvance {
    fn act_and_advance(&mut self, action: PlayerAction) -> Result<(), Refusal>;
}

impl ActAndAdvance for GameState {
    fn act_and_advance(&mut self, action: PlayerAction) -> Result<(), Refusal> {
        self.act(action)?;
        self.advance();
        Ok(())
    }
}

/// Acts, runs the automatic phases and records the action for undo, as the rules' plugin
/// does with each action.
pub fn act_with_undo(
    history: &mut stp_rules::undo::UndoHistory,
    state: &mut GameState,
    action: PlayerAction,
) -> Result<(), Refusal> {
    let before = state.clone();
    let mark = state.events().len();
    state.act(action)?;
    state.advance();
    history.record(action.player, before, &state.events()[mark..]);
    Ok(())
}

/// A new game, automatic phases run, events dropped.
pub fn game(players: usize, preset: &str, seed: u64) -> GameState {
    let mut state = GameState::new(&GameOptions::quick(seed, players, preset)).expect("setup");
    state.advance();
    state.events_mut().clear();
    state
}

/// A game with an empty board (setup threats back in the bag) and no mission tokens; the
/// active player is in Play Cards & Maneuver.
pub fn table(players: usize) -> GameState {
    let mut state = game(players, "patrol", 7);
    clear_board(&mut state);
    to_phase(&mut state, Phase::PlayAndManeuver);
    state
}

pub fn clear_board(state: &mut GameState) {
    for threat in std::mem::take(state.threats_mut()) {
        state.bag_mut().push(threat.token);
    }
    state.mission_tokens_mut().clear();
}

pub fn to_phase(state: &mut GameState, phase: Phase) {
    state.turn_mut().phase = phase;
    state.turn_mut().phase_done = false;
    state.turn_mut().window = None;
}

/// Takes a token of the given kind (its `id` in assets/threats.ron) out of the bag and
/// places it, at full Defense and face up.
pub fn place(state: &mut GameState, kind: &str, range: Range, board_sector_1_to_6: u8) -> TokenId {
    let index = state
        .bag()
        .iter()
        .position(|t| builtin().threat(*t).kind == kind)
        .unwrap_or_else(|| panic!("no `{kind}` left in the bag"));
    let token = state.bag_mut().remove(index);
    state.place_threat(token, Position::new(range, board_sector_1_to_6 - 1));
    state.events_mut().clear();
    token
}

/// Makes the named token leave the bag next: the bag holds only it until it is drawn, the
/// rest wait in the threat discard pile (they come back when the bag empties).
pub fn rig_bag(state: &mut GameState, kinds: &[&str]) -> Vec<TokenId> {
    let mut chosen = Vec::new();
    for kind in kinds {
        let index = state
            .bag()
            .iter()
            .position(|t| builtin().threat(*t).kind == *kind && !chosen.contains(t))
            .unwrap_or_else(|| panic!("no `{kind}` left in the bag"));
        chosen.push(state.bag()[index]);
    }
    let rest: Vec<TokenId> = state
        .bag()
        .iter()
        .copied()
        .filter(|t| !chosen.contains(t))
        .collect();
    state.threat_discard_mut().extend(rest);
    *state.bag_mut() = chosen.clone();
    chosen
}

/// Moves a card of the given kind (its `id` in assets/cards.ron) into a player's hand from
/// the deck, the discard pile or another hand.
pub fn give(state: &mut GameState, player: PlayerId, kind: &str) -> CardId {
    let is_kind = |c: &CardId| builtin().card(*c).kind == kind;
    let mine = &state.players()[player as usize].hand;
    if let Some(card) = state
        .deck()
        .iter()
        .copied()
        .find(|c| is_kind(c) && !mine.contains(c))
    {
        state.deck_mut().retain(|c| *c != card);
        state.players_mut()[player as usize].hand.push(card);
        return card;
    }
    if let Some(card) = state.discard().iter().copied().find(|c| is_kind(c)) {
        state.discard_mut().retain(|c| *c != card);
        state.players_mut()[player as usize].hand.push(card);
        return card;
    }
    for other in 0..state.players().len() {
        if other == player as usize {
            continue;
        }
        if let Some(card) = state.players()[other].hand.iter().copied().find(is_kind) {
            state.players_mut()[other].hand.retain(|c| *c != card);
            state.players_mut()[player as usize].hand.push(card);
            return card;
        }
    }
    panic!("no `{kind}` card available to give");
}

/// Empties a player's hand into the deck (bottom), keeping every card in one place.
pub fn empty_hand(state: &mut GameState, player: PlayerId) {
    let hand = std::mem::take(&mut state.players_mut()[player as usize].hand);
    for card in hand {
        state.deck_mut().insert(0, card);
    }
}

pub fn section(kind: SectionKind, ship_facing_1_to_6: u8) -> SectionRef {
    SectionRef {
        kind,
        facing: ship_facing_1_to_6 - 1,
    }
}

pub fn act(state: &mut GameState, player: PlayerId, action: Action) -> Result<(), Refusal> {
    state.act(PlayerAction { player, action })
}

pub fn play(
    state: &mut GameState,
    player: PlayerId,
    card: CardId,
    target: Target,
) -> Result<(), Refusal> {
    act(
        state,
        player,
        Action::PlayCard {
            card,
            target,
            with: None,
            shift: None,
        },
    )
}

/// Asserts that the invariants hold.
pub fn assert_invariants(state: &GameState) {
    let problems = stp_rules::invariants::check(state);
    assert!(problems.is_empty(), "invariants broken: {problems:?}");
}

/// Asserts that a refused action left the state exactly as it was.
pub fn assert_refused(state: &mut GameState, player: PlayerId, action: Action, expected: Refusal) {
    let before = state.state_hash();
    let events = state.events().len();
    let result = act(state, player, action);
    assert_eq!(result, Err(expected));
    assert_eq!(
        state.state_hash(),
        before,
        "a refused action changed the state"
    );
    assert_eq!(
        state.events().len(),
        events,
        "a refused action emitted events"
    );
}
