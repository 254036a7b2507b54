//! Rulebook "1. Enterprise Cards" and "4. Play Cards & Maneuver" — Playing Enterprise Cards:
//! Hit cards, resource cards and the other cards, plus the card rulings.

use stp_rules::content::{Arc, Objective};
use stp_rules::*;

use super::support::*;
use crate::common::*;

// Rulebook "4. Play Cards & Maneuver" — Hit Cards: a Phasers Hit deals 1 Damage to a Threat in the card's facing and range
#[test]
fn phasers_deal_1_damage_in_their_printed_facing_and_range() {
    let mut state = quiet_table(1);
    let ship = place(&mut state, sturdy(), Range::Long, 6);
    let before = max_defense(sturdy());
    let phasers = give(&mut state, 0, phasers_kind(Arc::Forward, Range::Long));
    play(&mut state, 0, phasers, Target::Threat(ship)).expect("legal hit");
    assert_eq!(state.threat(ship).map(|t| t.defense), Some(before - 1));
    assert!(emitted(
        &state,
        &RulesEvent::ThreatHit {
            token: ship,
            damage: 1,
            defense: before - 1
        }
    ));
    assert!(!hand(&state, 0).contains(&phasers));
    assert_eq!(
        state.discard().last(),
        Some(&phasers),
        "played cards are discarded"
    );
    assert_invariants(&state);
}

// Rulebook "1. Enterprise Cards" — Hit Cards: Photon Torpedoes deal a 2 Damage hit but only target the front sectors
#[test]
fn photon_torpedoes_deal_2_damage_front_only() {
    let mut state = quiet_table(1);
    let tough = place(&mut state, toughest(), Range::Medium, 6);
    let before = max_defense(toughest());
    assert!(before >= 3, "a ship that survives 2 Damage");
    let torpedo = give(&mut state, 0, "photon_torpedoes");
    play(&mut state, 0, torpedo, Target::Threat(tough)).expect("front, medium");
    assert_eq!(state.threat(tough).map(|t| t.defense), Some(before - 2));
    assert!(emitted(
        &state,
        &RulesEvent::ThreatHit {
            token: tough,
            damage: 2,
            defense: before - 2
        }
    ));
    // Any range in the Front facings.
    for (range, sector) in [(Range::Long, 1), (Range::Short, 6)] {
        let ship = place(&mut state, sturdy(), range, sector);
        threat_mut(&mut state, ship).defense = 2;
        let torpedo = give(&mut state, 0, "photon_torpedoes");
        play(&mut state, 0, torpedo, Target::Threat(ship)).expect("front");
        assert!(
            state.threat(ship).is_none(),
            "2 Damage destroy a Defense 2 ship"
        );
    }
    // Never outside them.
    for sector in 2..=5 {
        let side = place(&mut state, sturdy(), Range::Short, sector);
        let torpedo = give(&mut state, 0, "photon_torpedoes");
        assert_refused(
            &mut state,
            0,
            play_action(torpedo, Target::Threat(side)),
            Refusal::OutsideArc,
        );
        let index = state.threat_index(side).expect("on board");
        state.threats_mut().remove(index);
        state.bag_mut().push(side);
        state.players_mut()[0].hand.retain(|c| *c != torpedo);
        state.discard_mut().push(torpedo);
    }
    assert_invariants(&state);
}

// Rulebook "4. Play Cards & Maneuver" — Hit Cards: the token rotates to its next lower Defense; at zero it is Destroyed and goes to the Threat discard pile
#[test]
fn hit_rotates_defense_down_and_destroys_at_0() {
    let mut state = quiet_table(1);
    let ship = place(&mut state, toughest(), Range::Short, 1);
    for expected in (1..max_defense(toughest())).rev() {
        let phasers = give(&mut state, 0, phasers_kind(Arc::Forward, Range::Short));
        play(&mut state, 0, phasers, Target::Threat(ship)).expect("hit");
        assert_eq!(state.threat(ship).map(|t| t.defense), Some(expected));
    }
    assert_eq!(
        count(&state, |e| matches!(e, RulesEvent::ThreatDestroyed { .. })),
        0
    );
    let phasers = give(&mut state, 0, phasers_kind(Arc::Forward, Range::Short));
    play(&mut state, 0, phasers, Target::Threat(ship)).expect("hit");
    assert!(state.threat(ship).is_none());
    assert_eq!(state.threat_discard().last(), Some(&ship));
    assert!(emitted(
        &state,
        &RulesEvent::ThreatDestroyed { token: ship }
    ));
    assert_invariants(&state);
}

// Rulebook "1. Enterprise Cards" — Hit Cards: facings are relative to the orientation of the Enterprise; each card names its facings
#[test]
fn hit_card_facings_are_relative_to_the_enterprise() {
    let mut state = quiet_table(1);
    let before = max_defense(sturdy());
    // Sides: sectors 2 and 5; Aft: sectors 3 and 4 (heading 0).
    let starboard = place(&mut state, sturdy(), Range::Short, 2);
    let port = place(&mut state, sturdy(), Range::Short, 5);
    let aft = place(&mut state, sturdy(), Range::Medium, 3);
    let aft_port = place(&mut state, sturdy(), Range::Medium, 4);
    for token in [starboard, port] {
        let card = give(&mut state, 0, phasers_kind(Arc::Sides, Range::Short));
        play(&mut state, 0, card, Target::Threat(token)).expect("side facing");
    }
    for token in [aft, aft_port] {
        let card = give(&mut state, 0, phasers_kind(Arc::Aft, Range::Medium));
        play(&mut state, 0, card, Target::Threat(token)).expect("aft facing");
    }
    for token in [starboard, port, aft, aft_port] {
        assert_eq!(state.threat(token).map(|t| t.defense), Some(before - 1));
    }
    // Phasers for all facings reach any facing.
    let card = obtain(&mut state, 0, "phasers_all_short");
    play(&mut state, 0, card, Target::Threat(port)).expect("any facing");
    assert!(emitted(
        &state,
        &RulesEvent::ThreatHit {
            token: port,
            damage: 1,
            defense: before - 2
        }
    ));

    // After a clockwise maneuver, sector 2 is in front and sector 6 is a side facing.
    let front_now = place(&mut state, "klingon_cruiser", Range::Long, 2);
    let side_now = place(&mut state, "klingon_cruiser", Range::Long, 6);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("maneuver");
    let card = give(&mut state, 0, phasers_kind(Arc::Forward, Range::Long));
    assert_refused(
        &mut state,
        0,
        play_action(card, Target::Threat(side_now)),
        Refusal::OutsideArc,
    );
    play(&mut state, 0, card, Target::Threat(front_now)).expect("now in front");
    assert!(emitted(
        &state,
        &RulesEvent::ThreatHit {
            token: front_now,
            damage: 1,
            defense: max_defense("klingon_cruiser") - 1
        }
    ));
    assert_invariants(&state);
}

// docs/rulings.md R15 (rulebook "4. Play Cards & Maneuver": "some instances may deal ... Direct Hit") — Direct Hit with a Hit card destroys the target
#[test]
fn ruling_r15_direct_hit_with_a_hit_card_destroys_the_target() {
    let mut state = quiet_table(1);
    let full = max_defense(toughest());
    let ship = place(&mut state, toughest(), Range::Long, 1);
    let hit = give(&mut state, 0, phasers_kind(Arc::Forward, Range::Long));
    let direct = obtain(&mut state, 0, "direct_hit");
    play_with(&mut state, 0, hit, Target::Threat(ship), direct).expect("paired");
    assert!(
        state.threat(ship).is_none(),
        "full Defense destroyed at once"
    );
    assert!(emitted(
        &state,
        &RulesEvent::ThreatHit {
            token: ship,
            damage: full,
            defense: 0
        }
    ));
    assert!(state.discard().ends_with(&[hit, direct]));
    assert!(!hand(&state, 0).contains(&direct));

    // Naming Direct Hit first works the same.
    let other = place(&mut state, sturdy(), Range::Short, 2);
    let hit = give(&mut state, 0, phasers_kind(Arc::Sides, Range::Short));
    let direct = give(&mut state, 0, "direct_hit");
    play_with(&mut state, 0, direct, Target::Threat(other), hit).expect("paired");
    assert!(state.threat(other).is_none());

    // Alone, or with a Hit card that cannot reach the target, it is refused.
    let target = place(&mut state, sturdy(), Range::Short, 1);
    let direct = give(&mut state, 0, "direct_hit");
    assert_refused(
        &mut state,
        0,
        play_action(direct, Target::Threat(target)),
        Refusal::NotThisCard {
            expected: "a Hit card played with it",
        },
    );
    let out_of_range = give(
        &mut state,
        0,
        phasers(Arc::Forward, Range::Long, Some(Range::Short)),
    );
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: out_of_range,
            target: Target::Threat(target),
            with: Some(direct),
            shift: None,
        },
        Refusal::OutOfRange {
            range: Range::Short,
        },
    );
    assert_invariants(&state);
}

// Rulebook "4. Play Cards & Maneuver" — Repairing: 1 Dilithium Repairs 1 Damaged Shield
#[test]
fn dilithium_repairs_a_damaged_shield() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 3, SectionState::Damaged);
    set_section(&mut state, SectionKind::Hull, 3, SectionState::Damaged);
    let dilithium = give(&mut state, 0, "dilithium");
    assert_refused(
        &mut state,
        0,
        play_action(dilithium, Target::Section(section(SectionKind::Hull, 3))),
        Refusal::WrongTarget {
            expected: "a damaged Shield (Dilithium repairs Shields)",
        },
    );
    play(
        &mut state,
        0,
        dilithium,
        Target::Section(section(SectionKind::Shield, 3)),
    )
    .expect("repair");
    assert_eq!(shield(&state, 3), SectionState::Intact);
    assert_eq!(hull(&state, 3), SectionState::Damaged);
    assert!(emitted(
        &state,
        &RulesEvent::SectionRepaired {
            section: section(SectionKind::Shield, 3)
        }
    ));
    assert_eq!(state.discard().last(), Some(&dilithium));
    assert_invariants(&state);
}

// Rulebook "4. Play Cards & Maneuver" — Repairing: 1 Tritanium Repairs 1 Damaged Hull section
#[test]
fn tritanium_repairs_a_damaged_hull_section() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Hull, 5, SectionState::Damaged);
    set_section(&mut state, SectionKind::Shield, 5, SectionState::Damaged);
    let tritanium = give(&mut state, 0, "tritanium");
    assert_refused(
        &mut state,
        0,
        play_action(tritanium, Target::Section(section(SectionKind::Shield, 5))),
        Refusal::WrongTarget {
            expected: "a damaged Hull section (Tritanium repairs Hull)",
        },
    );
    play(
        &mut state,
        0,
        tritanium,
        Target::Section(section(SectionKind::Hull, 5)),
    )
    .expect("repair");
    assert_eq!(hull(&state, 5), SectionState::Intact);
    assert_eq!(shield(&state, 5), SectionState::Damaged);
    // Repair removes a Damage indicator; it does not rebuild a destroyed section.
    set_section(&mut state, SectionKind::Hull, 2, SectionState::Destroyed);
    let tritanium = give(&mut state, 0, "tritanium");
    assert_refused(
        &mut state,
        0,
        play_action(tritanium, Target::Section(section(SectionKind::Hull, 2))),
        Refusal::NothingToRepair,
    );
    assert_invariants(&state);
}

// Rulebook "4. Play Cards & Maneuver" — Rebuilding: 1 Dilithium WITH 1 Tritanium Rebuilds 1 Destroyed Shield OR Hull section; docs/rulings.md R16
#[test]
fn dilithium_with_tritanium_rebuilds_a_destroyed_shield_or_hull() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 4, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 6, SectionState::Damaged);

    let dilithium = give(&mut state, 0, "dilithium");
    let tritanium = give(&mut state, 0, "tritanium");
    play_with(
        &mut state,
        0,
        dilithium,
        Target::Section(section(SectionKind::Shield, 2)),
        tritanium,
    )
    .expect("rebuild a Shield");
    assert_eq!(shield(&state, 2), SectionState::Intact);
    assert!(state.discard().ends_with(&[dilithium, tritanium]));

    let dilithium = give(&mut state, 0, "dilithium");
    let tritanium = give(&mut state, 0, "tritanium");
    play_with(
        &mut state,
        0,
        tritanium,
        Target::Section(section(SectionKind::Hull, 4)),
        dilithium,
    )
    .expect("rebuild a Hull section, Tritanium named first");
    assert_eq!(hull(&state, 4), SectionState::Intact);
    assert!(emitted(
        &state,
        &RulesEvent::SectionRebuilt {
            section: section(SectionKind::Hull, 4)
        }
    ));

    // A rebuild is for destroyed sections; two Dilithium are not a rebuild.
    let dilithium = give(&mut state, 0, "dilithium");
    let tritanium = give(&mut state, 0, "tritanium");
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: dilithium,
            target: Target::Section(section(SectionKind::Hull, 6)),
            with: Some(tritanium),
            shift: None,
        },
        Refusal::NothingToRebuild,
    );
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    let second = give(&mut state, 0, "dilithium");
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: dilithium,
            target: Target::Section(section(SectionKind::Shield, 1)),
            with: Some(second),
            shift: None,
        },
        Refusal::NotThisCard {
            expected: "Dilithium played with Tritanium",
        },
    );
    assert_invariants(&state);
}

// Rulebook "4. Play Cards & Maneuver" — Other Cards: Tractor Beam moves 1 Threat token 1 facing in any direction
#[test]
fn tractor_beam_moves_a_threat_one_facing_either_way() {
    let mut state = quiet_table(1);
    let ship = place(&mut state, sturdy(), Range::Medium, 1);
    threat_mut(&mut state, ship).defense = 1;
    let beam = give(&mut state, 0, "tractor_beam");
    play(
        &mut state,
        0,
        beam,
        Target::Shift(ship, Rotation::Clockwise),
    )
    .expect("tractor");
    assert_eq!(at(&state, ship), pos(Range::Medium, 2));
    for _ in 0..2 {
        let beam = give(&mut state, 0, "tractor_beam");
        play(
            &mut state,
            0,
            beam,
            Target::Shift(ship, Rotation::CounterClockwise),
        )
        .expect("tractor");
    }
    assert_eq!(
        at(&state, ship),
        pos(Range::Medium, 6),
        "wraps from sector 1 to 6, range kept"
    );
    assert_eq!(state.threat(ship).map(|t| t.defense), Some(1), "no damage");
    assert_invariants(&state);
}

// docs/rulings.md R14 — Tractor Beam moves the Starbase too, and is not a maneuver: it never docks
#[test]
fn ruling_r14_tractor_beam_moves_the_starbase_but_never_docks() {
    let mut state = quiet_table(1);
    let starbase = place(&mut state, "starbase", Range::Medium, 2);
    let beam = give(&mut state, 0, "tractor_beam");
    play(
        &mut state,
        0,
        beam,
        Target::Shift(starbase, Rotation::CounterClockwise),
    )
    .expect("tractor the starbase");
    assert_eq!(at(&state, starbase), pos(Range::Medium, 1));
    assert_eq!(count(&state, |e| matches!(e, RulesEvent::Docked { .. })), 0);
    assert_eq!(state.turn().maneuvers, 0, "not a maneuver");
}

// Rulebook "4. Play Cards & Maneuver" — Other Cards: Time Travel looks through the top 10 cards of the discard pile, one goes to the hand; docs/rulings.md R17
#[test]
fn time_travel_takes_a_card_from_the_top_10_of_the_discard_pile() {
    let mut state = quiet_table(1);
    let time_travel = give(&mut state, 0, "time_travel");
    for _ in 0..11 {
        let card = state.deck_mut().pop().expect("a card");
        state.discard_mut().push(card);
    }
    let n = state.discard().len();
    let eleventh = state.discard()[n - 11];
    let tenth = state.discard()[n - 10];
    assert_refused(
        &mut state,
        0,
        play_action(time_travel, Target::Discard(eleventh)),
        Refusal::NotInTopOfDiscard { depth: 10 },
    );
    // It cannot pick itself: it is not in the discard pile while it resolves.
    assert_refused(
        &mut state,
        0,
        play_action(time_travel, Target::Discard(time_travel)),
        Refusal::NotInTopOfDiscard { depth: 10 },
    );
    play(&mut state, 0, time_travel, Target::Discard(tenth)).expect("top 10");
    assert!(hand(&state, 0).contains(&tenth));
    assert!(!state.discard().contains(&tenth));
    assert_eq!(state.discard().last(), Some(&time_travel));
    assert!(emitted(
        &state,
        &RulesEvent::CardRecovered {
            player: 0,
            card: tenth
        }
    ));
    assert_invariants(&state);
}

// Rulebook "4. Play Cards & Maneuver" — Other Cards: Yeoman ("Hedman") Rand draws 2 Enterprise cards into the hand
#[test]
fn yeoman_rand_draws_2_cards() {
    let mut state = quiet_table(1);
    let rand = give(&mut state, 0, "yeoman_rand");
    let before = hand(&state, 0).len();
    let top: Vec<CardId> = state.deck().iter().rev().take(2).copied().collect();
    play(&mut state, 0, rand, Target::None).expect("draw 2");
    assert_eq!(hand(&state, 0).len(), before - 1 + 2);
    assert!(emitted(
        &state,
        &RulesEvent::CardsDrawn {
            player: 0,
            cards: top.clone()
        }
    ));
    for card in top {
        assert!(hand(&state, 0).contains(&card));
    }
    assert_eq!(state.discard().last(), Some(&rand));
    assert_invariants(&state);
}

// docs/rulings.md R13 (Force Field card) — the marked ship neither moves nor fires in the next Threats Move & Fire phase, and only that one
#[test]
fn ruling_r13_force_field_holds_a_ship_for_the_next_threats_phase_only() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let field = give(&mut state, 0, "force_field");
    play(&mut state, 0, field, Target::Threat(klingon)).expect("force field");
    assert!(state.threat(klingon).is_some_and(|t| t.force_field));
    threats_phase(&mut state);
    assert_eq!(at(&state, klingon), pos(Range::Medium, 1), "did not move");
    assert!(shots(&state).is_empty(), "did not fire");
    assert!(emitted(
        &state,
        &RulesEvent::ForceFieldHeld { token: klingon }
    ));
    assert_eq!(shield(&state, 1), SectionState::Intact);
    assert!(state.threat(klingon).is_some_and(|t| !t.force_field));

    // The next Threats Move & Fire is normal again.
    threats_phase(&mut state);
    assert_eq!(at(&state, klingon), pos(Range::Short, 1));
    assert_eq!(shots(&state), vec![(klingon, 0, 1)]);
    assert_eq!(shield(&state, 1), SectionState::Damaged);
}

// docs/rulings.md R13 — a Force Field also keeps an uncloaked cloaking ship from cloaking, and a boarder from boarding
#[test]
fn ruling_r13_force_field_stops_cloaking_and_boarding() {
    let mut state = quiet_table(1);
    let cloaker = place(&mut state, "klingon_cloaking_cruiser", Range::Long, 3);
    let boarder = place(&mut state, "klingon_cruiser", Range::Short, 4);
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Destroyed);
    for token in [cloaker, boarder] {
        let field = give(&mut state, 0, "force_field");
        play(&mut state, 0, field, Target::Threat(token)).expect("force field");
    }
    threats_phase(&mut state);
    assert!(state.threat(cloaker).is_some_and(|t| !t.cloaked));
    assert_eq!(at(&state, cloaker), pos(Range::Long, 3));
    assert_eq!(at(&state, boarder), pos(Range::Short, 4));
    assert_eq!(hull(&state, 4), SectionState::Intact);
    assert_eq!(
        count(&state, |e| matches!(e, RulesEvent::Boarded { .. })),
        0
    );
}

// docs/rulings.md R13 — the Enterprise's own Forward maneuver still brings a Force Field ship closer
#[test]
fn ruling_r13_forward_maneuver_still_moves_a_force_field_ship() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Medium, 6);
    let field = give(&mut state, 0, "force_field");
    play(&mut state, 0, field, Target::Threat(klingon)).expect("force field");
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(at(&state, klingon), pos(Range::Short, 6));
    assert!(state.threat(klingon).is_some_and(|t| t.force_field));
}

// docs/rulings.md R18 (Evasive Maneuvers card) — one extra maneuver this turn
#[test]
fn evasive_maneuvers_gives_one_extra_maneuver() {
    let mut state = quiet_table(1);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("first");
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Clockwise),
        Refusal::NoManeuverLeft,
    );
    let evasive = obtain(&mut state, 0, "evasive_maneuvers");
    play(&mut state, 0, evasive, Target::None).expect("evasive");
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("extra");
    assert_eq!(state.enterprise().heading, 2);
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Forward),
        Refusal::NoManeuverLeft,
    );
}

// docs/rulings.md R18 — Evasive Maneuvers is refused while maneuvering is forbidden
#[test]
fn evasive_maneuvers_refused_while_maneuvering_is_forbidden() {
    let mut state = quiet_table(1);
    place(&mut state, "tholian", Range::Short, 3);
    let evasive = obtain(&mut state, 0, "evasive_maneuvers");
    assert_refused(
        &mut state,
        0,
        play_action(evasive, Target::None),
        Refusal::ManeuverForbiddenTholian,
    );
}

// docs/rulings.md R18 (Red Alert card) — the first Damage a marked Shield would take in the next Threats Move & Fire is ignored
#[test]
fn red_alert_ignores_the_first_damage_to_that_shield() {
    let mut state = quiet_table(1);
    let alert = obtain(&mut state, 0, "red_alert");
    play(&mut state, 0, alert, Target::Facing(0)).expect("red alert");
    assert!(state.enterprise().red_alert[0]);
    let alert = give(&mut state, 0, "red_alert");
    play(&mut state, 0, alert, Target::Facing(2)).expect("red alert");
    place(&mut state, "klingon_cruiser", Range::Medium, 1);
    place(&mut state, "klingon_cruiser", Range::Medium, 3);
    place(&mut state, "klingon_cruiser", Range::Long, 3);
    threats_phase(&mut state);
    assert!(emitted(&state, &RulesEvent::RedAlertAbsorbed { facing: 0 }));
    assert_eq!(shield(&state, 1), SectionState::Intact, "1 shot, absorbed");
    assert_eq!(
        shield(&state, 3),
        SectionState::Damaged,
        "2 shots, the first absorbed"
    );
    assert_eq!(
        state.enterprise().red_alert,
        [false; 6],
        "only the next phase"
    );
    // Without a Shield there is nothing to mark.
    set_section(&mut state, SectionKind::Shield, 5, SectionState::Destroyed);
    to_phase(&mut state, Phase::PlayAndManeuver);
    let alert = give(&mut state, 0, "red_alert");
    assert_refused(
        &mut state,
        0,
        play_action(alert, Target::Facing(4)),
        Refusal::NoShieldThere,
    );
}

// Rulebook "Playing Cards Toward Mission Objectives" — NOTE: cards can only be played for their main effect OR committed, not both
#[test]
fn card_cannot_be_played_and_committed() {
    let mission = find_mission("that needs 2 Medical credits", |m| {
        m.objectives.iter().any(|o| {
            matches!(o, Objective::CommitCredits { division: Division::Medical, count } if *count >= 2)
        })
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, |o| {
        matches!(
            o,
            Objective::CommitCredits {
                division: Division::Medical,
                ..
            }
        )
    });
    let long_target = place(&mut state, sturdy(), Range::Long, 1);
    // Committed as a Medical credit, it can no longer be played.
    let committed = obtain(&mut state, 0, "phasers_all_long");
    act(
        &mut state,
        0,
        Action::Commit {
            card: committed,
            as_medical: false,
        },
    )
    .expect("commit");
    assert_eq!(state.mission_progress()[index].0, 1);
    assert_refused(
        &mut state,
        0,
        play_action(committed, Target::Threat(long_target)),
        Refusal::CardNotInHand(committed),
    );
    // Played, it can no longer be committed, though the mission still needs a Medical credit.
    let medium_target = place(&mut state, sturdy(), Range::Medium, 4);
    let card = obtain(&mut state, 0, "phasers_all_medium");
    play(&mut state, 0, card, Target::Threat(medium_target)).expect("played");
    assert_eq!(state.mission_progress()[index].0, 1);
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card,
            as_medical: false,
        },
        Refusal::CardNotInHand(card),
    );
    assert_invariants(&state);
}

// docs/rulings.md R1 (rulebook silent: no discard phase) — a player with no legal play or commit may discard one card a turn
#[test]
fn ruling_r1_discard_only_without_a_legal_play() {
    let mut state = quiet_table(1);
    empty_hand(&mut state, 0);
    // A Security Team with no boarders arriving and no mission cannot be played or committed.
    let team = give(&mut state, 0, "security_team");
    let second = give(&mut state, 0, "security_team");
    assert!(!state.has_legal_play(0));
    act(&mut state, 0, Action::Discard { card: team }).expect("stand down");
    assert_eq!(state.discard().last(), Some(&team));
    assert!(emitted(
        &state,
        &RulesEvent::CardDiscarded {
            player: 0,
            card: team
        }
    ));
    assert_refused(
        &mut state,
        0,
        Action::Discard { card: second },
        Refusal::AlreadyDiscarded,
    );
    // A card that can be played forbids the discard.
    let mut state = quiet_table(1);
    empty_hand(&mut state, 0);
    let team = give(&mut state, 0, "security_team");
    give(&mut state, 0, "yeoman_rand");
    assert_refused(
        &mut state,
        0,
        Action::Discard { card: team },
        Refusal::HasLegalPlay,
    );
    assert_invariants(&state);
}

// docs/rulings.md R1 — a card that can be committed is a legal play: no discard
#[test]
fn ruling_r1_no_discard_while_a_card_can_be_committed() {
    let mission = find_mission("that asks for Security Team cards", |m| {
        m.objectives
            .iter()
            .any(|o| matches!(o, Objective::CommitCards { card, .. } if card == "Security Team"))
    });
    let mut state = mission_table(1, mission);
    empty_hand(&mut state, 0);
    let team = give(&mut state, 0, "security_team");
    assert_refused(
        &mut state,
        0,
        Action::Discard { card: team },
        Refusal::HasLegalPlay,
    );
}

// docs/rulings.md R1 + R19 — McCoy can commit any card as a Medical credit, so he has a legal commit and may not discard
#[test]
fn ruling_r1_mccoy_may_not_discard_a_card_he_can_commit_as_medical() {
    let mission = find_mission("that needs a Medical credit and no Command", |m| {
        m.objectives.iter().any(|o| {
            matches!(
                o,
                Objective::CommitCredits {
                    division: Division::Medical,
                    ..
                }
            )
        }) && !m.objectives.iter().any(|o| {
            matches!(
                o,
                Objective::CommitCredits {
                    division: Division::Command,
                    ..
                } | Objective::CommitCards { .. }
            )
        })
    });
    let mut state = mission_table(1, mission);
    set_character(&mut state, 0, "mccoy");
    empty_hand(&mut state, 0);
    let team = give(&mut state, 0, "security_team");
    // The commit is legal …
    let mut probe = state.clone();
    act(
        &mut probe,
        0,
        Action::Commit {
            card: team,
            as_medical: true,
        },
    )
    .expect("McCoy commits a Security Team as a Medical credit");
    // … so the stand-down discard must be refused.
    assert_refused(
        &mut state,
        0,
        Action::Discard { card: team },
        Refusal::HasLegalPlay,
    );
}
