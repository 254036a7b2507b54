//! Rulebook "Maneuvering the Enterprise": rotating, Forward, boarders on a Forward maneuver,
//! and when players are NOT allowed to maneuver.

use stp_rules::content::Arc;
use stp_rules::*;

use super::support::*;
use crate::common::*;

// Rulebook "2 Ways to Maneuver the Enterprise" — Clockwise: the Enterprise rotates 1 facing
#[test]
fn maneuver_clockwise_rotates_the_enterprise_one_facing() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 2);
    assert_eq!(
        state
            .enterprise()
            .facing_of_sector(at(&state, klingon).sector),
        1
    );
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("maneuver");
    assert_eq!(state.enterprise().heading, 1);
    assert!(emitted(
        &state,
        &RulesEvent::Maneuvered {
            kind: ManeuverKind::Clockwise,
            heading: 1
        }
    ));
    // The token stays where it is on the board; the ship turned toward it.
    assert_eq!(at(&state, klingon), pos(Range::Long, 2));
    assert_eq!(state.enterprise().facing_of_sector(1), 0);
    assert_eq!(
        state.enterprise().sector_of_facing(0),
        1,
        "the fore-starboard facing now looks at sector 2"
    );
    assert_invariants(&state);
}

// Rulebook "Maneuvering the Enterprise" — example: turning counter-clockwise, a Threat in the right front facing becomes a side facing, a token in a side facing becomes left front
#[test]
fn maneuver_counter_clockwise_turns_right_front_into_side_and_side_into_left_front() {
    let mut state = quiet_table(1);
    let right_front = place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let left_side = place(&mut state, "klingon_cruiser", Range::Medium, 5);
    let arc =
        |s: &GameState, t: TokenId| arc_of_facing(s.enterprise().facing_of_sector(at(s, t).sector));
    assert_eq!(arc(&state, right_front), stp_rules::content::Arc::Forward);
    assert_eq!(arc(&state, left_side), stp_rules::content::Arc::Sides);
    act(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::CounterClockwise),
    )
    .expect("maneuver");
    assert_eq!(state.enterprise().heading, 5);
    assert_eq!(arc(&state, right_front), stp_rules::content::Arc::Sides);
    assert_eq!(arc(&state, left_side), stp_rules::content::Arc::Forward);
    assert_eq!(
        state.enterprise().facing_of_sector(4),
        5,
        "left front facing"
    );
}

// Rulebook "2 Ways to Maneuver the Enterprise" — Forward: all tokens in the two Front facings move 1 sector closer; "Cloaking Ships": cloaked ships do not move closer
#[test]
fn maneuver_forward_moves_front_tokens_closer_not_cloaked() {
    let mut state = quiet_table(1);
    let long_front = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let medium_front = place(&mut state, "romulan_battle_cruiser", Range::Medium, 6);
    let side = place(&mut state, "klingon_cruiser", Range::Long, 2);
    let aft = place(&mut state, "klingon_cruiser", Range::Medium, 3);
    let cloaked = place_cloaked(&mut state, "klingon_cloaking_cruiser", Range::Long, 6);
    state.mission_tokens_mut().push(MissionTokenOnBoard {
        token: 0,
        pos: pos(Range::Long, 1),
        value: 4,
    });
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(
        state.enterprise().heading,
        0,
        "Forward does not turn the ship"
    );
    assert_eq!(at(&state, long_front), pos(Range::Medium, 1));
    assert_eq!(at(&state, medium_front), pos(Range::Short, 6));
    assert_eq!(at(&state, side), pos(Range::Long, 2));
    assert_eq!(at(&state, aft), pos(Range::Medium, 3));
    assert_eq!(at(&state, cloaked), pos(Range::Long, 6));
    assert_eq!(state.mission_tokens()[0].pos, pos(Range::Medium, 1));
    // Moving closer does not fire or damage anything.
    assert!(shots(&state).is_empty());
    assert_eq!(state.enterprise().shields, [SectionState::Intact; 6]);
    assert_invariants(&state);
}

// Rulebook "Maneuvering Forward and Enemies" — Figure C: with a Shield in front, a Short Range Threat does not board and stays
#[test]
fn maneuver_forward_keeps_shielded_short_range_threats() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Short, 1);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(at(&state, klingon), pos(Range::Short, 1));
    assert_eq!(hull(&state, 1), SectionState::Intact);
    assert_eq!(
        count(&state, |e| matches!(
            e,
            RulesEvent::Boarded { .. } | RulesEvent::BoardersArriving { .. }
        )),
        0
    );
}

// Rulebook "Maneuvering Forward and Enemies" — Figure D: with NO Shield, a Short Range Threat becomes a Boarder and deals Damage equal to its current Defense
#[test]
fn maneuver_forward_into_missing_shield_makes_boarders() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 6, SectionState::Destroyed);
    let boarder = place(&mut state, sturdy(), Range::Short, 6);
    threat_mut(&mut state, boarder).defense = 2;
    let shielded = place(&mut state, "klingon_cruiser", Range::Short, 1);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: boarder,
            facing: 5,
            damage: 2
        }
    ));
    assert!(state.threat(boarder).is_none(), "the boarder is discarded");
    assert_eq!(state.threat_discard().last(), Some(&boarder));
    assert_eq!(hull(&state, 6), SectionState::Destroyed, "2 Damage");
    assert_eq!(at(&state, shielded), pos(Range::Short, 1));
    assert_eq!(hull(&state, 1), SectionState::Intact);
    assert_eq!(state.turn().phase, Phase::PlayAndManeuver);
    assert_invariants(&state);
}

// Rulebook "Boarders" — Security Team cards reduce boarding Damage, also for boarders made by a Forward maneuver (docs/rulings.md R7)
#[test]
fn ruling_r7_forward_maneuver_boarders_wait_for_security_teams() {
    let mut state = quiet_table(2);
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    let boarder = place(&mut state, sturdy(), Range::Short, 1);
    threat_mut(&mut state, boarder).defense = 2;
    let team = give(&mut state, 1, "security_team");
    give(&mut state, 1, "security_team");
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert!(matches!(state.turn().window, Some(Window::Boarding { .. })));
    assert_eq!(hull(&state, 1), SectionState::Intact, "not landed yet");
    act(&mut state, 1, Action::PlaySecurityTeam { card: team }).expect("any player");
    assert!(state.turn().window.is_some(), "another team is still held");
    act(&mut state, 0, Action::ResolveBoarding).expect("land");
    assert!(state.turn().window.is_none());
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: boarder,
            facing: 0,
            damage: 1
        }
    ));
    assert_eq!(hull(&state, 1), SectionState::Damaged);
    assert_eq!(
        state.turn().phase,
        Phase::PlayAndManeuver,
        "the turn goes on"
    );
    assert_invariants(&state);
}

// Rulebook "When Players Are NOT Allowed to Maneuver" — 1. When 3 or more sections of the Hull are Destroyed
#[test]
fn no_maneuver_with_3_destroyed_hull() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Hull, 2, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 4, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 5, SectionState::Damaged);
    let mut two = state.clone();
    act(&mut two, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("2 destroyed: allowed");
    set_section(&mut state, SectionKind::Hull, 5, SectionState::Destroyed);
    for kind in [
        ManeuverKind::Clockwise,
        ManeuverKind::CounterClockwise,
        ManeuverKind::Forward,
    ] {
        assert_refused(
            &mut state,
            0,
            Action::Maneuver(kind),
            Refusal::ManeuverForbiddenHull,
        );
    }
}

// Rulebook "When Players Are NOT Allowed to Maneuver" — 2. When stated as a Mission Parameter
#[test]
fn no_maneuver_when_mission_forbids() {
    let forbidding: Vec<&str> = stp_rules::content::builtin()
        .missions
        .iter()
        .filter(|m| m.no_maneuver)
        .map(|m| m.id.as_str())
        .collect();
    assert!(!forbidding.is_empty(), "some mission forbids maneuvering");
    for mission in forbidding {
        let mut state = mission_table(1, mission);
        assert!(state.mission_forbids_maneuver());
        for kind in [
            ManeuverKind::Clockwise,
            ManeuverKind::CounterClockwise,
            ManeuverKind::Forward,
        ] {
            assert_refused(
                &mut state,
                0,
                Action::Maneuver(kind),
                Refusal::ManeuverForbiddenMission,
            );
        }
    }
    let free = find_mission("that allows maneuvering", |m| !m.no_maneuver);
    let mut state = mission_table(1, free);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("no parameter");
}

// Rulebook "When Players Are NOT Allowed to Maneuver" — 3. When a Tholian ship is in Short Range ("Tholians": trapped in the Tholian Web)
#[test]
fn no_maneuver_in_tholian_web() {
    let mut state = quiet_table(1);
    let tholian = place(&mut state, "tholian", Range::Short, 5);
    assert!(state.tholian_web());
    for kind in [
        ManeuverKind::Clockwise,
        ManeuverKind::CounterClockwise,
        ManeuverKind::Forward,
    ] {
        assert_refused(
            &mut state,
            0,
            Action::Maneuver(kind),
            Refusal::ManeuverForbiddenTholian,
        );
    }
    // Destroying the Tholian frees the Enterprise.
    while state.threat(tholian).is_some() {
        let phasers = give(&mut state, 0, phasers_kind(Arc::Sides, Range::Short));
        play(&mut state, 0, phasers, Target::Threat(tholian)).expect("hit");
    }
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("free again");

    // A Tholian in Medium Range does not web the ship.
    let mut state = quiet_table(1);
    place(&mut state, "tholian", Range::Medium, 1);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("not webbed");
}

// Rulebook "Maneuvering the Enterprise" — a player may Maneuver the Enterprise once during the Play Cards & Maneuver phase of each turn
#[test]
fn one_maneuver_per_turn() {
    let mut state = quiet_table(2);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("first");
    for kind in [
        ManeuverKind::Clockwise,
        ManeuverKind::CounterClockwise,
        ManeuverKind::Forward,
    ] {
        assert_refused(
            &mut state,
            0,
            Action::Maneuver(kind),
            Refusal::NoManeuverLeft,
        );
    }
    // Next turn, the next player may maneuver again.
    to_phase(&mut state, Phase::DrawNewThreats);
    state.end_turn();
    set_character(&mut state, 1, "kirk");
    to_phase(&mut state, Phase::PlayAndManeuver);
    act(&mut state, 1, Action::Maneuver(ManeuverKind::Clockwise)).expect("new turn");
}

// Rulebook "Maneuvering the Enterprise" — before, during or after playing cards
#[test]
fn maneuver_may_come_before_during_or_after_playing_cards() {
    let mut state = quiet_table(1);
    let ship = place(&mut state, sturdy(), Range::Long, 2);
    threat_mut(&mut state, ship).defense = 2;
    let phasers = give(&mut state, 0, phasers_kind(Arc::Sides, Range::Long));
    play(&mut state, 0, phasers, Target::Threat(ship)).expect("before");
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("maneuver");
    let phasers = give(&mut state, 0, phasers_kind(Arc::Forward, Range::Long));
    play(&mut state, 0, phasers, Target::Threat(ship)).expect("after, now in front");
    assert!(state.threat(ship).is_none());
}

// docs/rulings.md R11 (rulebook "Tholians") — a Forward maneuver that brings a Tholian into Short Range webs the ship at once
#[test]
fn ruling_r11_forward_maneuver_into_a_tholian_webs_the_ship() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "sulu");
    let tholian = place(&mut state, "tholian", Range::Medium, 6);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(at(&state, tholian), pos(Range::Short, 6));
    assert!(emitted(
        &state,
        &RulesEvent::TholianWebbed { token: tholian }
    ));
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Clockwise),
        Refusal::ManeuverForbiddenTholian,
    );
}
