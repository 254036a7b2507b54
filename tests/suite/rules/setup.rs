//! Rulebook "Get Ready to Play" and "On Your Turn": setup, hand sizes, turn order, drawing
//! Enterprise cards, and the turn-flow rulings.

use std::collections::BTreeSet;

use stp_rules::content::builtin;
use stp_rules::*;

use super::support::*;
use crate::common::*;

// Rulebook "Setup" — one Tholian, Romulan Battle Cruiser and Klingon Cruiser, randomly in Long Range 1, 3 and 5, highest Defense toward the Enterprise
#[test]
fn setup_places_three_threats_in_long_range_1_3_5() {
    let mut arrangements = BTreeSet::new();
    for seed in 0..20 {
        let state = GameState::new(&GameOptions::quick(seed, 2, "standard")).expect("setup");
        assert_eq!(state.threats().len(), 3);
        let mut arrangement = Vec::new();
        for t in state.threats() {
            let def = builtin().threat(t.token);
            assert_eq!(t.pos.range, Range::Long);
            assert_eq!(
                t.defense,
                def.max_defense(),
                "highest Defense faces the ship"
            );
            assert!(!t.cloaked && !t.force_field);
            arrangement.push((t.pos.sector + 1, def.kind.clone()));
        }
        arrangement.sort();
        let sectors: Vec<u8> = arrangement.iter().map(|(s, _)| *s).collect();
        assert_eq!(sectors, vec![1, 3, 5]);
        let kinds: BTreeSet<&str> = arrangement.iter().map(|(_, k)| k.as_str()).collect();
        assert_eq!(
            kinds,
            BTreeSet::from(["klingon_cruiser", "romulan_battle_cruiser", "tholian"])
        );
        // The rest of the 31 tokens are in the bag.
        assert_eq!(state.bag().len(), 28);
        assert!(state.threat_discard().is_empty());
        assert_invariants(&state);
        arrangements.insert(arrangement);
    }
    assert!(
        arrangements.len() > 1,
        "the three setup tokens are placed at random, not always the same way"
    );
}

// Rulebook "Setup" — the Enterprise's two Front facings are in Sectors 1 and 6; every Shield in place
#[test]
fn setup_puts_the_front_facings_in_sectors_1_and_6() {
    let state = GameState::new(&GameOptions::quick(3, 2, "standard")).expect("setup");
    let e = &state.enterprise();
    assert_eq!(e.heading, 0);
    let front: Vec<u8> = (0..FACINGS)
        .filter(|f| arc_of_facing(*f) == stp_rules::content::Arc::Forward)
        .map(|f| e.sector_of_facing(f) + 1)
        .collect();
    assert_eq!(front, vec![1, 6]);
    assert_eq!(e.shields, [SectionState::Intact; 6]);
    assert_eq!(e.hull, [SectionState::Intact; 6]);
}

// Rulebook "Setup" and "1. Draw Enterprise Cards" — 1 to 2 players 6 cards, 3 to 5 players 5, 6 players 4
#[test]
fn hand_size_is_6_5_4_by_player_count() {
    for (players, size) in [(1, 6), (2, 6), (3, 5), (4, 5), (5, 5), (6, 4)] {
        let state = GameState::new(&GameOptions::quick(11, players, "standard")).expect("setup");
        assert_eq!(state.hand_size(), size, "{players} players");
        for p in state.players() {
            assert_eq!(p.hand.len(), size, "{players} players");
        }
        assert_eq!(state.deck().len(), 62 - players * size);
        assert!(state.discard().is_empty());
        assert_invariants(&state);
    }
}

// Rulebook "Setup" — shuffle the Mission deck and draw one Mission at random, with its timer; docs/rulings.md R5
#[test]
fn ruling_r5_first_mission_is_revealed_during_setup() {
    let mut firsts = BTreeSet::new();
    for seed in 0..20 {
        let state = GameState::new(&GameOptions::quick(seed, 2, "standard")).expect("setup");
        let mission = state.mission().as_ref().expect("a mission at setup");
        let def = builtin().mission(mission.mission);
        assert_eq!(
            mission.timer, def.timer,
            "the timer starts at the card's value"
        );
        assert!(mission.committed.is_empty());
        assert_eq!(state.mission_tokens().len(), def.tokens.len());
        assert_eq!(state.mission_deck().len(), builtin().missions.len() - 1);
        assert!(!state.mission_deck().contains(&mission.mission));
        firsts.insert(mission.mission);
    }
    assert!(firsts.len() > 1, "the first mission is drawn at random");
}

// Rulebook "Setup" — NOTE: when beginning a game, the first player will skip turn phases 1 & 2
#[test]
fn first_player_skips_phases_1_and_2() {
    let mut state = GameState::new(&GameOptions::quick(5, 2, "standard")).expect("setup");
    assert_eq!(state.turn().active, 0);
    assert_eq!(state.turn().number, 1);
    assert_eq!(state.turn().phase, Phase::Trade);
    let started: Vec<Phase> = state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::PhaseStarted { phase } => Some(*phase),
            _ => None,
        })
        .collect();
    assert_eq!(started, vec![Phase::Trade], "phases 1 and 2 never started");

    // The next player starts at phase 1.
    set_character(&mut state, 0, "kirk");
    no_security_teams(&mut state);
    state.events_mut().clear();
    state.advance();
    while state.turn().active == 0 {
        assert!(state.awaits_players(), "{:?}", state.turn());
        act(&mut state, 0, Action::EndPhase).expect("end the phase");
        state.advance();
    }
    assert_eq!(state.turn().active, 1);
    let turn = first_index(&state, |e| {
        *e == RulesEvent::TurnStarted { player: 1, turn: 2 }
    })
    .expect("turn 2 started");
    let draw = first_index(&state, |e| {
        *e == RulesEvent::PhaseStarted {
            phase: Phase::DrawCards,
        }
    })
    .expect("phase 1 started");
    let reveal = first_index(&state, |e| {
        *e == RulesEvent::PhaseStarted {
            phase: Phase::RevealMission,
        }
    })
    .expect("phase 2 started");
    assert!(turn < draw && draw < reveal);
    assert_invariants(&state);
}

// Rulebook "Setup" — play proceeds clockwise; "On Your Turn" — each turn starts at phase 1
#[test]
fn turn_passes_to_the_next_player_and_starts_at_phase_1() {
    let mut state = quiet_table(3);
    for expected in [1u8, 2, 0, 1] {
        to_phase(&mut state, Phase::DrawNewThreats);
        state.turn_mut().maneuvers = 1;
        state.turn_mut().trades = 1;
        state.turn_mut().ability_used = true;
        state.turn_mut().discarded = true;
        state.turn_mut().progress = true;
        let number = state.turn().number;
        state.events_mut().clear();
        state.end_turn();
        assert_eq!(state.turn().active, expected);
        assert_eq!(state.turn().number, number + 1);
        assert_eq!(state.turn().phase, Phase::DrawCards);
        assert_eq!(
            (
                state.turn().maneuvers,
                state.turn().trades,
                state.turn().ability_used,
                state.turn().discarded
            ),
            (0, 0, false, false),
            "per-turn allowances start afresh"
        );
        assert!(emitted(
            &state,
            &RulesEvent::TurnStarted {
                player: expected,
                turn: number + 1
            }
        ));
    }
}

// Rulebook "1. Draw Enterprise Cards" — players start their turn by drawing up to their starting hand size
#[test]
fn draw_phase_fills_the_hand_up_to_hand_size() {
    let mut state = quiet_table(3);
    let size = state.hand_size();
    assert_eq!(size, 5);
    // Three cards played from the hand earlier.
    for _ in 0..3 {
        let card = state.players_mut()[0].hand.pop().expect("a card");
        state.discard_mut().push(card);
    }
    let missing = size - hand(&state, 0).len();
    let top: Vec<CardId> = state.deck().iter().rev().take(missing).copied().collect();
    to_phase(&mut state, Phase::DrawCards);
    state.draw_cards_phase();
    assert_eq!(hand(&state, 0).len(), size);
    assert!(emitted(
        &state,
        &RulesEvent::CardsDrawn {
            player: 0,
            cards: top
        }
    ));
    assert_eq!(state.turn().phase, Phase::RevealMission);
    assert_invariants(&state);

    // Up to: a hand already over the size draws nothing and keeps its cards.
    give(&mut state, 0, "yeoman_rand");
    give(&mut state, 0, "tractor_beam");
    state.events_mut().clear();
    to_phase(&mut state, Phase::DrawCards);
    state.draw_cards_phase();
    assert_eq!(hand(&state, 0).len(), size + 2);
    assert_eq!(
        count(&state, |e| matches!(e, RulesEvent::CardsDrawn { .. })),
        0
    );
}

// Rulebook "1. Draw Enterprise Cards" — if the draw deck is empty, reshuffle the discard pile to form a new draw deck
#[test]
fn deck_reshuffles_discard_when_empty() {
    let mut state = quiet_table(2);
    for _ in 0..4 {
        let card = state.players_mut()[0].hand.pop().expect("a card");
        state.discard_mut().push(card);
    }
    let missing = state.hand_size() - hand(&state, 0).len();
    let deck: Vec<CardId> = std::mem::take(state.deck_mut());
    state.discard_mut().extend(deck);
    let pile = state.discard().len();
    to_phase(&mut state, Phase::DrawCards);
    state.draw_cards_phase();
    assert!(emitted(&state, &RulesEvent::DeckReshuffled { cards: pile }));
    assert_eq!(hand(&state, 0).len(), state.hand_size());
    assert_eq!(state.deck().len(), pile - missing);
    assert!(state.discard().is_empty());
    assert!(!state.is_over());
    assert_invariants(&state);
}

// Rulebook "Damage to Destroyed Hull Sections" — if a player cannot draw cards because the Enterprise deck has been depleted, the players lose
#[test]
fn lose_when_a_player_cannot_draw() {
    let mut state = quiet_table(2);
    // Every card left outside the hands was removed from the game by hits on the Hull.
    let deck: Vec<CardId> = std::mem::take(state.deck_mut());
    state.removed_mut().extend(deck);
    let card = state.players_mut()[0].hand.pop().expect("a card");
    state.removed_mut().push(card);
    to_phase(&mut state, Phase::DrawCards);
    state.draw_cards_phase();
    assert_eq!(
        state.outcome(),
        Some(Outcome::Lost(LossCause::DeckDepleted))
    );
    assert!(emitted(
        &state,
        &RulesEvent::GameLost {
            cause: LossCause::DeckDepleted
        }
    ));
    assert_invariants(&state);
    assert_refused(&mut state, 0, Action::EndPhase, Refusal::GameOver);
}

// docs/rulings.md R3 (rulebook "3. Trade a Card") — the Trade phase ends by itself when no trade is possible (one player)
#[test]
fn ruling_r3_trade_phase_ends_by_itself_with_one_player() {
    let mut state = GameState::new(&GameOptions::quick(4, 1, "standard")).expect("setup");
    assert_eq!(state.turn().phase, Phase::Trade);
    assert!(state.turn().phase_done, "nobody to trade with");
    assert!(!state.awaits_players());
    state.advance();
    assert_eq!(state.turn().phase, Phase::PlayAndManeuver);
    assert!(state.awaits_players());

    // With two players the phase waits for the active player.
    let two = GameState::new(&GameOptions::quick(4, 2, "patrol")).expect("setup");
    assert_eq!(two.turn().phase, Phase::Trade);
    assert!(two.awaits_players());
}

// docs/rulings.md R2 (rulebook silent) — ten full rounds without progress end the game as a stalemate
#[test]
fn ruling_r2_ten_idle_rounds_end_the_game_as_stalemate() {
    let mut state = quiet_table(2);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.turn_mut().idle_turns = 18;
    state.turn_mut().progress = false;
    state.end_turn();
    assert_eq!(state.turn().idle_turns, 19);
    assert!(
        !state.is_over(),
        "19 idle turns of 2 players are not ten rounds"
    );

    to_phase(&mut state, Phase::DrawNewThreats);
    state.turn_mut().progress = false;
    state.end_turn();
    assert_eq!(state.outcome(), Some(Outcome::Lost(LossCause::Stalemate)));
    assert!(emitted(
        &state,
        &RulesEvent::GameLost {
            cause: LossCause::Stalemate
        }
    ));

    // A turn with progress starts the count again.
    let mut state = quiet_table(2);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.turn_mut().idle_turns = 19;
    state.turn_mut().progress = true;
    state.end_turn();
    assert_eq!(state.turn().idle_turns, 0);
    assert!(!state.is_over());
}

// docs/rulings.md R2 — moving tokens around is not progress; a shot at a threat is
#[test]
fn ruling_r2_maneuvering_is_not_progress_but_a_hit_is() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    state.turn_mut().progress = false;
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("maneuver");
    assert_eq!(at(&state, klingon), pos(Range::Medium, 1));
    assert!(!state.turn().progress, "a maneuver alone is not progress");
    let phasers = give(&mut state, 0, "phasers_forward_medium");
    play(&mut state, 0, phasers, Target::Threat(klingon)).expect("hit");
    assert!(state.turn().progress, "a hit is progress");
}

// Rulebook "3. Trade a Card" — the active player may trade one card in his or her hand with another player
#[test]
fn one_trade_per_turn() {
    let mut state = quiet_table(3);
    to_phase(&mut state, Phase::Trade);
    let give_card = hand(&state, 0)[0];
    let take_card = hand(&state, 2)[0];
    let sizes: Vec<usize> = state.players().iter().map(|p| p.hand.len()).collect();
    act(
        &mut state,
        0,
        Action::Trade {
            with: 2,
            give: give_card,
            take: take_card,
        },
    )
    .expect("trade");
    assert!(hand(&state, 0).contains(&take_card) && !hand(&state, 0).contains(&give_card));
    assert!(hand(&state, 2).contains(&give_card) && !hand(&state, 2).contains(&take_card));
    let after: Vec<usize> = state.players().iter().map(|p| p.hand.len()).collect();
    assert_eq!(after, sizes, "a swap: hand sizes unchanged");
    assert!(emitted(
        &state,
        &RulesEvent::Traded {
            player: 0,
            with: 2,
            gave: give_card,
            took: take_card
        }
    ));
    let (give_card, take_card) = (hand(&state, 0)[0], hand(&state, 1)[0]);
    assert_refused(
        &mut state,
        0,
        Action::Trade {
            with: 1,
            give: give_card,
            take: take_card,
        },
        Refusal::TradeUsed,
    );
    // Ending the phase moves on to Play Cards & Maneuver.
    act(&mut state, 0, Action::EndPhase).expect("end trade");
    state.step();
    assert_eq!(state.turn().phase, Phase::PlayAndManeuver);
    assert_invariants(&state);
}
