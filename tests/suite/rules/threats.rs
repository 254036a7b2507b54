//! Rulebook "6. Threats Move & Fire" (moving, firing, damage, boarders) and "7. Draw 2 New
//! Threats", plus the damage rulings.

use stp_rules::content::builtin;
use stp_rules::*;

use super::support::*;
use crate::common::*;

// Rulebook "Threats Moving and Firing" — first, the Threats move one sector closer: Long to Medium, Medium to Short
#[test]
fn threats_move_one_range_closer() {
    let mut state = quiet_table(1);
    let long = place(&mut state, "klingon_cruiser", Range::Long, 2);
    let medium = place(&mut state, "romulan_battle_cruiser", Range::Medium, 4);
    threats_phase(&mut state);
    assert_eq!(at(&state, long), pos(Range::Medium, 2));
    assert_eq!(at(&state, medium), pos(Range::Short, 4));
    assert!(emitted(
        &state,
        &RulesEvent::ThreatMoved {
            token: long,
            from: pos(Range::Long, 2),
            to: pos(Range::Medium, 2)
        }
    ));
    assert_eq!(state.turn().phase, Phase::DrawNewThreats);
    assert_invariants(&state);
}

// Rulebook "Threats Moving and Firing" — after resolving all movement in a facing, the Threats fire SIMULTANEOUSLY
#[test]
fn threats_move_then_fire_simultaneously() {
    let mut state = quiet_table(1);
    let a = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let b = place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let c = place(&mut state, "klingon_cruiser", Range::Medium, 1);
    threats_phase(&mut state);
    let last_move = state
        .events()
        .iter()
        .rposition(|e| matches!(e, RulesEvent::ThreatMoved { .. }))
        .expect("moves");
    let first_shot =
        first_index(&state, |e| matches!(e, RulesEvent::ThreatFired { .. })).expect("shots");
    assert!(last_move < first_shot, "all movement before any fire");
    let mut fired = shots(&state);
    fired.sort_unstable();
    let mut expected = vec![(a, 0, 1), (b, 0, 1), (c, 0, 1)];
    expected.sort_unstable();
    assert_eq!(fired, expected);
    // Three simultaneous shots: the Shield is destroyed, the third Damage does not overflow.
    assert_eq!(shield(&state, 1), SectionState::Destroyed);
    assert_eq!(hull(&state, 1), SectionState::Intact);
    assert!(emitted(
        &state,
        &RulesEvent::DamageIgnored {
            facing: 0,
            kind: SectionKind::Shield,
            amount: 1
        }
    ));
    assert_invariants(&state);
}

// Rulebook "Damage From Enemy Fire" — Damage hits a Shield first; when it is Destroyed, remaining Damage that turn is ignored (no overflow)
#[test]
fn shield_takes_damage_first_and_does_not_overflow() {
    let mut state = quiet_table(1);
    place(&mut state, "klingon_cruiser", Range::Long, 2);
    threats_phase(&mut state);
    assert_eq!(shield(&state, 2), SectionState::Damaged);
    assert_eq!(hull(&state, 2), SectionState::Intact);
    assert!(emitted(
        &state,
        &RulesEvent::SectionDamaged {
            section: section(SectionKind::Shield, 2)
        }
    ));

    // A damaged Shield hit twice at once is destroyed; the second Damage is ignored.
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Damaged);
    place(&mut state, "klingon_cruiser", Range::Medium, 4);
    place(&mut state, "klingon_cruiser", Range::Medium, 4);
    threats_phase(&mut state);
    assert_eq!(shield(&state, 4), SectionState::Destroyed);
    assert_eq!(hull(&state, 4), SectionState::Intact);
    assert!(emitted(
        &state,
        &RulesEvent::DamageIgnored {
            facing: 3,
            kind: SectionKind::Shield,
            amount: 1
        }
    ));
}

// Rulebook "Damage From Enemy Fire" — a Shield or Hull section may be Destroyed in a single turn if two or more Damage are dealt at the same time
#[test]
fn two_hits_in_one_volley_destroy_a_section() {
    let mut state = quiet_table(1);
    place(&mut state, "klingon_cruiser", Range::Long, 5);
    place(&mut state, "klingon_cruiser", Range::Long, 5);
    // And on a facing without a Shield, the Hull.
    set_section(&mut state, SectionKind::Shield, 3, SectionState::Destroyed);
    place(&mut state, "klingon_cruiser", Range::Long, 3);
    place(&mut state, "klingon_cruiser", Range::Medium, 3);
    threats_phase(&mut state);
    assert_eq!(shield(&state, 5), SectionState::Destroyed);
    assert_eq!(hull(&state, 5), SectionState::Intact);
    assert!(emitted(
        &state,
        &RulesEvent::SectionDestroyed {
            section: section(SectionKind::Shield, 5)
        }
    ));
    assert_eq!(hull(&state, 3), SectionState::Destroyed);
    assert!(emitted(
        &state,
        &RulesEvent::SectionDestroyed {
            section: section(SectionKind::Hull, 3)
        }
    ));
    assert_invariants(&state);
}

// Rulebook "Threats Moving and Firing" — a Short Range Threat facing a Shield can NOT move through it, stays in Short Range, and WILL still fire
#[test]
fn shielded_short_range_threat_stays_and_fires() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Short, 3);
    threats_phase(&mut state);
    assert_eq!(at(&state, klingon), pos(Range::Short, 3));
    assert_eq!(shots(&state), vec![(klingon, 2, 1)]);
    assert_eq!(shield(&state, 3), SectionState::Damaged);
    assert_eq!(
        count(&state, |e| matches!(e, RulesEvent::ThreatMoved { .. })),
        0
    );
}

// Rulebook "Damage From Enemy Fire" — after a Shield is Destroyed, Damage is dealt to the Hull section in that facing
#[test]
fn unshielded_facing_damage_goes_to_the_hull() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Destroyed);
    place(&mut state, "klingon_cruiser", Range::Medium, 4);
    threats_phase(&mut state);
    assert_eq!(hull(&state, 4), SectionState::Damaged);
    assert!(emitted(
        &state,
        &RulesEvent::SectionDamaged {
            section: section(SectionKind::Hull, 4)
        }
    ));
    // A Hit on a Damaged Hull section Destroys it.
    threats_phase(&mut state);
    assert_eq!(hull(&state, 4), SectionState::Destroyed);
}

// Rulebook "Damage to Destroyed Hull Sections" — each Damage to a Destroyed Hull section removes the top Enterprise card from the game, not to the discard pile
#[test]
fn hit_on_destroyed_hull_removes_top_card_from_game() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 2, SectionState::Destroyed);
    place(&mut state, "klingon_cruiser", Range::Medium, 2);
    let top = *state.deck().last().expect("deck");
    let deck = state.deck().len();
    let discard = state.discard().len();
    threats_phase(&mut state);
    assert_eq!(state.removed(), vec![top]);
    assert_eq!(state.deck().len(), deck - 1);
    assert_eq!(
        state.discard().len(),
        discard,
        "not placed in the discard pile"
    );
    assert!(emitted(
        &state,
        &RulesEvent::CardsRemoved {
            cards: vec![top],
            facing: Some(1)
        }
    ));
    assert_eq!(hull(&state, 2), SectionState::Destroyed);
    assert_invariants(&state);
}

// docs/rulings.md R8 — Damage past a destroyed Hull section in the same volley removes cards, one per point
#[test]
fn ruling_r8_damage_beyond_a_destroyed_hull_removes_cards() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 6, SectionState::Destroyed);
    for _ in 0..3 {
        place(&mut state, "klingon_cruiser", Range::Long, 6);
    }
    let top = *state.deck().last().expect("deck");
    threats_phase(&mut state);
    assert_eq!(hull(&state, 6), SectionState::Destroyed);
    assert_eq!(state.removed(), vec![top], "the third point removes a card");
    assert_invariants(&state);
}

// docs/rulings.md R9 — removing cards from an empty deck reshuffles the discard pile first; with no card anywhere nothing is removed
#[test]
fn ruling_r9_removing_cards_from_an_empty_deck_reshuffles_the_discard_pile() {
    let mut state = quiet_table(1);
    let deck: Vec<CardId> = std::mem::take(state.deck_mut());
    state.discard_mut().extend(deck);
    let pile = state.discard().len();
    state.remove_top_cards(1, None);
    assert!(emitted(&state, &RulesEvent::DeckReshuffled { cards: pile }));
    assert_eq!(state.removed().len(), 1);
    assert_eq!(state.deck().len(), pile - 1);
    assert_invariants(&state);

    let rest: Vec<CardId> = std::mem::take(state.deck_mut());
    state.removed_mut().extend(rest);
    let removed = state.removed().len();
    set_section(&mut state, SectionKind::Hull, 1, SectionState::Destroyed);
    state.damage_hull(0, 2);
    assert_eq!(state.removed().len(), removed, "nothing left to remove");
    assert!(!state.is_over(), "the loss comes when a player must draw");
    assert_invariants(&state);
}

// Rulebook "Boarders" — a Boarder's current Defense is dealt to the Hull; each Security Team played reduces it by 1; then the token is discarded
#[test]
fn boarder_deals_its_defense_to_hull_reduced_by_security_teams() {
    let mut state = quiet_table(2);
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    assert!(max_defense(toughest()) >= 3);
    let boarder = place(&mut state, toughest(), Range::Short, 1);
    threat_mut(&mut state, boarder).defense = 3;
    let team = give(&mut state, 0, "security_team");
    give(&mut state, 0, "security_team");
    threats_phase(&mut state);
    assert!(emitted(
        &state,
        &RulesEvent::BoardersArriving {
            token: boarder,
            facing: 0,
            damage: 3
        }
    ));
    assert!(matches!(state.turn().window, Some(Window::Boarding { .. })));
    assert_eq!(state.turn().phase, Phase::ThreatsMoveAndFire);
    assert_eq!(hull(&state, 1), SectionState::Intact, "not landed yet");
    act(&mut state, 0, Action::PlaySecurityTeam { card: team }).expect("defend");
    assert!(emitted(
        &state,
        &RulesEvent::SecurityTeamPlayed {
            player: 0,
            card: team
        }
    ));
    act(&mut state, 0, Action::ResolveBoarding).expect("land");
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: boarder,
            facing: 0,
            damage: 2
        }
    ));
    assert_eq!(hull(&state, 1), SectionState::Destroyed, "3 - 1 = 2 Damage");
    assert!(state.threat(boarder).is_none());
    assert_eq!(state.threat_discard().last(), Some(&boarder));
    assert_eq!(state.discard().last(), Some(&team));
    assert_eq!(
        state.turn().phase,
        Phase::DrawNewThreats,
        "the phase went on"
    );
    assert_invariants(&state);
}

// Ruling R7 (docs/rulings.md) — while boarders arrive any player may play a Security Team,
// but only the active player lets the boarders land
#[test]
fn ruling_r7_the_active_player_lets_boarders_land() {
    let mut state = quiet_table(2);
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    let boarder = place(&mut state, toughest(), Range::Short, 1);
    let team = give(&mut state, 1, "security_team");
    give(&mut state, 1, "security_team");
    threats_phase(&mut state);
    assert!(matches!(state.turn().window, Some(Window::Boarding { .. })));
    assert_refused(
        &mut state,
        1,
        Action::ResolveBoarding,
        Refusal::NotYourTurn { active: 0 },
    );
    act(&mut state, 1, Action::PlaySecurityTeam { card: team }).expect("anyone may defend");
    act(&mut state, 0, Action::ResolveBoarding).expect("the active player lets them land");
    assert!(state.threat(boarder).is_none());
    assert_invariants(&state);
}

// Rulebook "Boarders" — the Boarder's current (reduced) Defense is its Damage; with no Security Team held it lands at once
#[test]
fn boarder_with_reduced_defense_lands_at_once_without_security_teams() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Destroyed);
    let romulan = place(&mut state, "romulan_battle_cruiser", Range::Short, 2);
    threat_mut(&mut state, romulan).defense = 1;
    threats_phase(&mut state);
    assert!(state.turn().window.is_none());
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: romulan,
            facing: 1,
            damage: 1
        }
    ));
    assert_eq!(hull(&state, 2), SectionState::Damaged);
    assert!(state.threat(romulan).is_none());
}

// Rulebook "Boarders" — ANY player can play SECURITY TEAM cards to reduce Damage from Boarders, even if it is not that player's turn
#[test]
fn security_team_can_be_played_by_any_player() {
    let mut state = quiet_table(3);
    set_section(&mut state, SectionKind::Shield, 5, SectionState::Destroyed);
    let boarder = place(&mut state, sturdy(), Range::Short, 5);
    threat_mut(&mut state, boarder).defense = 2;
    let team = give(&mut state, 2, "security_team");
    threats_phase(&mut state);
    assert!(state.turn().window.is_some());
    // Only Security Teams answer boarders.
    let other = hand(&state, 1)[0];
    assert_refused(
        &mut state,
        1,
        Action::PlaySecurityTeam { card: other },
        Refusal::NotThisCard {
            expected: "a Security Team card",
        },
    );
    act(&mut state, 2, Action::PlaySecurityTeam { card: team }).expect("not their turn");
    // 2 Damage reduced by 1 — and nobody holds another team, so the boarder lands.
    assert!(state.turn().window.is_none());
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: boarder,
            facing: 4,
            damage: 1
        }
    ));
    assert_eq!(hull(&state, 5), SectionState::Damaged);
    assert!(!hand(&state, 2).contains(&team));
    assert_invariants(&state);
}

// Rulebook "Boarders" — a Boarder entering a Destroyed Hull section removes cards from the deck equal to its Damage
#[test]
fn boarder_on_destroyed_hull_removes_cards() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 3, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 3, SectionState::Destroyed);
    let boarder = place(&mut state, sturdy(), Range::Short, 3);
    threat_mut(&mut state, boarder).defense = 2;
    let top: Vec<CardId> = state.deck().iter().rev().take(2).copied().collect();
    threats_phase(&mut state);
    assert!(state.threat(boarder).is_none());
    assert_eq!(state.removed(), top);
    assert_invariants(&state);
}

// docs/rulings.md R6 (rulebook "Boarders": a Threat starting in Short Range) — a Shield destroyed during the phase makes no boarders until the next phase
#[test]
fn ruling_r6_boarders_are_known_at_the_start_of_the_phase() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Damaged);
    let ship = place(&mut state, sturdy(), Range::Short, 1);
    threat_mut(&mut state, ship).defense = 2;
    threats_phase(&mut state);
    assert_eq!(shield(&state, 1), SectionState::Destroyed);
    assert_eq!(at(&state, ship), pos(Range::Short, 1), "did not board");
    assert_eq!(hull(&state, 1), SectionState::Intact);
    threats_phase(&mut state);
    assert!(state.threat(ship).is_none(), "boards the next phase");
    assert_eq!(hull(&state, 1), SectionState::Destroyed);
}

// docs/rulings.md R7 — each Security Team reduces the total boarding Damage by 1, taken from the boarders in boarding order
#[test]
fn ruling_r7_security_teams_reduce_the_total_in_boarding_order() {
    let mut state = quiet_table(2);
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Destroyed);
    let first = place(&mut state, sturdy(), Range::Short, 1);
    let second = place(&mut state, sturdy(), Range::Short, 2);
    threat_mut(&mut state, first).defense = 2;
    threat_mut(&mut state, second).defense = 2;
    let teams = [
        give(&mut state, 0, "security_team"),
        give(&mut state, 1, "security_team"),
        give(&mut state, 1, "security_team"),
    ];
    threats_phase(&mut state);
    act(&mut state, 0, Action::PlaySecurityTeam { card: teams[0] }).expect("team");
    act(&mut state, 1, Action::PlaySecurityTeam { card: teams[1] }).expect("team");
    assert!(state.turn().window.is_some(), "a team is still held");
    act(&mut state, 1, Action::PlaySecurityTeam { card: teams[2] }).expect("team");
    assert!(
        state.turn().window.is_none(),
        "no team left: the boarders land"
    );
    let boarded: Vec<(TokenId, u8)> = state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::Boarded { token, damage, .. } => Some((*token, *damage)),
            _ => None,
        })
        .collect();
    assert_eq!(boarded, vec![(first, 0), (second, 1)]);
    assert_eq!(hull(&state, 1), SectionState::Intact);
    assert_eq!(hull(&state, 2), SectionState::Damaged);
    assert_invariants(&state);
}

// Rulebook "Damage to Destroyed Hull Sections" — if all 6 Hull sections are Destroyed the game ends immediately and the players lose
#[test]
fn lose_at_6_destroyed_hull() {
    let mut state = quiet_table(1);
    for facing in 1..=5 {
        set_section(
            &mut state,
            SectionKind::Hull,
            facing,
            SectionState::Destroyed,
        );
    }
    set_section(&mut state, SectionKind::Shield, 6, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 6, SectionState::Damaged);
    place(&mut state, "klingon_cruiser", Range::Medium, 6);
    place(&mut state, "klingon_cruiser", Range::Long, 3);
    threats_phase(&mut state);
    assert_eq!(
        state.outcome(),
        Some(Outcome::Lost(LossCause::HullDestroyed))
    );
    assert!(emitted(
        &state,
        &RulesEvent::GameLost {
            cause: LossCause::HullDestroyed
        }
    ));
    assert_ne!(state.turn().phase, Phase::DrawNewThreats, "the game ended");
    assert_invariants(&state);
}

// Rulebook "7. Draw 2 New Threats" — two tokens, drawn and placed one at a time, in the Long Range sector the die shows, highest Defense toward the Enterprise; they do not fire until the next Threats Move & Fire
#[test]
fn draw_2_new_threats_places_ships_in_the_rolled_long_range_sector() {
    let mut state = mission_table(2, plain_mission());
    let drawn = rig_bag(&mut state, &["klingon_cruiser", "romulan_battle_cruiser"]);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    let placed: Vec<(TokenId, Position)> = state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::ThreatPlaced { token, pos } => Some((*token, *pos)),
            _ => None,
        })
        .collect();
    let rolled = rolls(&state, DieRollPurpose::PlaceThreat);
    assert_eq!(placed.len(), 2);
    assert_eq!(rolled.len(), 2);
    for ((token, p), roll) in placed.iter().zip(&rolled) {
        assert!(drawn.contains(token));
        assert_eq!(*p, pos(Range::Long, *roll));
        let t = state.threat(*token).expect("on the board");
        assert_eq!(t.defense, builtin().threat(*token).max_defense());
        assert!(!t.cloaked);
    }
    // Drawn and placed one at a time: roll, place, roll, place.
    let order: Vec<bool> = state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::DieRolled {
                purpose: DieRollPurpose::PlaceThreat,
                ..
            } => Some(true),
            RulesEvent::ThreatPlaced { .. } => Some(false),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![true, false, true, false]);
    assert!(shots(&state).is_empty(), "new threats do not fire yet");
    assert_eq!(state.turn().active, 1, "the turn ended");
    assert_invariants(&state);
}

// Rulebook "7. Draw 2 New Threats" — if there are not enough tokens in the bag, return all discarded Threat tokens to the bag and continue drawing
#[test]
fn bag_refills_from_threat_discard() {
    let mut state = mission_table(2, plain_mission());
    rig_bag(&mut state, &["klingon_cruiser"]);
    let discarded = state.threat_discard().len();
    assert_eq!(discarded, 30);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    assert!(emitted(
        &state,
        &RulesEvent::BagRefilled { tokens: discarded }
    ));
    assert_eq!(state.bag().len(), discarded - 1);
    let resolved = count(&state, |e| {
        matches!(
            e,
            RulesEvent::ThreatPlaced { .. } | RulesEvent::CometStruck { .. }
        )
    });
    assert_eq!(resolved, 2);
    assert_invariants(&state);
}

// docs/rulings.md R25 (rulebook "About Missions": play until the Threat bag is emptied) — a patrol game never refills the bag and is won with an empty bag and a clear board
#[test]
fn ruling_r25_patrol_game_never_refills_the_bag() {
    let mut state = quiet_table(1);
    let ship = place(&mut state, "klingon_cruiser", Range::Short, 1);
    rig_bag(&mut state, &[]);
    assert!(state.bag().is_empty());
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    assert_eq!(
        count(&state, |e| matches!(
            e,
            RulesEvent::BagRefilled { .. } | RulesEvent::ThreatPlaced { .. }
        )),
        0
    );
    assert!(state.bag().is_empty());
    assert!(!state.is_over(), "a ship is still on the board");
    to_phase(&mut state, Phase::PlayAndManeuver);
    let active = state.turn().active;
    while state.threat(ship).is_some() {
        assert!(!state.is_over());
        let card = obtain(&mut state, active, "phasers_all_short");
        play(&mut state, active, card, Target::Threat(ship)).expect("hit");
    }
    assert_eq!(state.outcome(), Some(Outcome::Won));
}

// Rulebook "7. Draw 2 New Threats" — some tokens are effects that do not go on the board: resolved immediately when drawn, then discarded
#[test]
fn comet_drawn_in_phase_7_is_resolved_at_once() {
    let mut state = mission_table(1, plain_mission());
    let drawn = rig_bag(&mut state, &["comet", "comet"]);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    assert_eq!(
        count(&state, |e| matches!(e, RulesEvent::CometStruck { .. })),
        2
    );
    assert_eq!(rolls(&state, DieRollPurpose::Comet).len(), 2);
    assert!(state.threats().is_empty(), "comets never stay on the board");
    for token in drawn {
        assert!(state.threat_discard().contains(&token));
    }
    assert_invariants(&state);
}

// docs/rulings.md R7 — once the Security Teams played cover the whole boarding Damage, the boarders land at once (with no Damage)
#[test]
fn ruling_r7_boarders_land_once_the_damage_is_covered() {
    let mut state = quiet_table(2);
    set_section(&mut state, SectionKind::Shield, 6, SectionState::Destroyed);
    let boarder = place(&mut state, "klingon_cruiser", Range::Short, 6);
    threat_mut(&mut state, boarder).defense = 1;
    let team = give(&mut state, 1, "security_team");
    let spare = give(&mut state, 1, "security_team");
    threats_phase(&mut state);
    assert!(state.turn().window.is_some());
    act(&mut state, 1, Action::PlaySecurityTeam { card: team }).expect("team");
    assert!(state.turn().window.is_none(), "nothing left to reduce");
    assert!(hand(&state, 1).contains(&spare), "the spare team is kept");
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: boarder,
            facing: 5,
            damage: 0
        }
    ));
    assert_eq!(hull(&state, 6), SectionState::Intact);
    assert!(state.threat(boarder).is_none(), "discarded all the same");
    assert_eq!(state.turn().phase, Phase::DrawNewThreats);
    assert_invariants(&state);
}
