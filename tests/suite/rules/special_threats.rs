//! Rulebook "Special Threat Tokens": Cloaking Ships, the Romulan Bird-of-Prey, Comets,
//! Tholians, the Klingon Captains and the Starbase.

use stp_rules::content::Faction;
use stp_rules::*;

use super::support::*;
use crate::common::*;

/// The board sector (1–6) one step around from `sector`: +1 clockwise, -1 counter-clockwise.
fn around(sector: u8, step: i8) -> u8 {
    ((i16::from(sector) - 1 + 6 + i16::from(step)) % 6) as u8 + 1
}

// Rulebook "Cloaking Ships" — faceup cloaking ships move 1 sector forward, then flip facedown (CLOAKED) and do NOT fire
#[test]
fn cloaking_ship_moves_then_cloaks_without_firing() {
    let mut state = quiet_table(1);
    let cloaker = place(&mut state, "klingon_cloaking_cruiser", Range::Long, 1);
    let bird = place(&mut state, "romulan_bird_of_prey", Range::Medium, 2);
    threats_phase(&mut state);
    assert_eq!(at(&state, cloaker), pos(Range::Medium, 1));
    assert_eq!(at(&state, bird), pos(Range::Short, 2));
    for token in [cloaker, bird] {
        assert!(state.threat(token).is_some_and(|t| t.cloaked));
        assert!(emitted(&state, &RulesEvent::ThreatCloaked { token }));
    }
    assert!(shots(&state).is_empty());
    assert_eq!(state.enterprise().shields, [SectionState::Intact; 6]);
    assert!(
        rolls(&state, DieRollPurpose::Uncloak).is_empty(),
        "nobody was cloaked at the start"
    );
    assert_invariants(&state);
}

// Rulebook "Cloaking Ships" — NOTE: an uncloaked ship in Short Range of a shielded facing remains where it is and cloaks
#[test]
fn uncloaked_cloaking_ship_in_shielded_short_range_stays_and_cloaks() {
    let mut state = quiet_table(1);
    let cloaker = place(&mut state, "romulan_cloaking_cruiser", Range::Short, 3);
    threats_phase(&mut state);
    assert_eq!(at(&state, cloaker), pos(Range::Short, 3));
    assert!(state.threat(cloaker).is_some_and(|t| t.cloaked));
    assert!(shots(&state).is_empty());
    assert_eq!(shield(&state, 3), SectionState::Intact);
}

// Rulebook "Cloaking Ships" — NOTE: an uncloaked ship in Short Range of an unshielded facing moves forward and becomes a Boarder
#[test]
fn uncloaked_cloaking_ship_in_unshielded_short_range_boards() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 3, SectionState::Destroyed);
    let cloaker = place(&mut state, "romulan_cloaking_cruiser", Range::Short, 3);
    let damage = max_defense("romulan_cloaking_cruiser");
    threats_phase(&mut state);
    assert!(state.threat(cloaker).is_none());
    assert!(emitted(
        &state,
        &RulesEvent::Boarded {
            token: cloaker,
            facing: 2,
            damage
        }
    ));
    assert_ne!(hull(&state, 3), SectionState::Intact);
    assert!(
        count(&state, |e| matches!(e, RulesEvent::ThreatCloaked { .. })) == 0,
        "it boarded instead of cloaking"
    );
    assert_invariants(&state);
}

// Rulebook "Cloaking Ships" — facedown ships roll the die ONCE for all: 1–2 one facing clockwise, 3–4 stay, 5–6 one facing counter-clockwise; then uncloak and fire
#[test]
fn cloaked_ships_roll_once_uncloak_and_fire() {
    for (roll, step) in [(1u8, 1i8), (2, 1), (3, 0), (4, 0), (5, -1), (6, -1)] {
        let mut state = quiet_table(1);
        let romulan = place_cloaked(&mut state, "romulan_cloaking_cruiser", Range::Medium, 1);
        let klingon = place_cloaked(&mut state, "klingon_cloaking_cruiser", Range::Long, 4);
        rig_dice(&mut state, &[roll]);
        threats_phase(&mut state);
        assert_eq!(
            rolls(&state, DieRollPurpose::Uncloak),
            vec![roll],
            "one roll"
        );
        let (r, k) = (around(1, step), around(4, step));
        assert_eq!(at(&state, romulan), pos(Range::Medium, r), "roll {roll}");
        assert_eq!(at(&state, klingon), pos(Range::Long, k), "roll {roll}");
        for token in [romulan, klingon] {
            assert!(state.threat(token).is_some_and(|t| !t.cloaked));
            assert!(emitted(&state, &RulesEvent::ThreatUncloaked { token }));
        }
        let mut fired = shots(&state);
        fired.sort_unstable();
        let mut expected = vec![(romulan, r - 1, 1), (klingon, k - 1, 1)];
        expected.sort_unstable();
        assert_eq!(fired, expected, "roll {roll}");
        assert_eq!(shield(&state, r), SectionState::Damaged);
        assert_eq!(shield(&state, k), SectionState::Damaged);
        assert_invariants(&state);
    }
}

// Rulebook "Cloaking Ships" — the ship keeps its Defense value status both Cloaked and Uncloaked
#[test]
fn cloaking_ship_keeps_its_defense_while_cloaked() {
    let mut state = quiet_table(1);
    let cloaker = place(&mut state, "romulan_cloaking_cruiser", Range::Long, 2);
    threat_mut(&mut state, cloaker).defense = 1;
    threats_phase(&mut state);
    assert!(
        state
            .threat(cloaker)
            .is_some_and(|t| t.cloaked && t.defense == 1)
    );
    threats_phase(&mut state);
    assert!(
        state
            .threat(cloaker)
            .is_some_and(|t| !t.cloaked && t.defense == 1)
    );
}

// Rulebook "Cloaking Ships" — cloaked ships cannot be attacked or affected by cards; FORCE FIELD and TRACTOR BEAM cannot be played on them
#[test]
fn cloaked_ship_cannot_be_targeted() {
    let mut state = quiet_table(1);
    let cloaked = place_cloaked(&mut state, "klingon_cloaking_cruiser", Range::Long, 1);
    let phasers = give(&mut state, 0, "phasers_forward_long");
    let torpedo = give(&mut state, 0, "photon_torpedoes");
    let direct = obtain(&mut state, 0, "direct_hit");
    let beam = give(&mut state, 0, "tractor_beam");
    let field = give(&mut state, 0, "force_field");
    for action in [
        play_action(phasers, Target::Threat(cloaked)),
        play_action(torpedo, Target::Threat(cloaked)),
        Action::PlayCard {
            card: phasers,
            target: Target::Threat(cloaked),
            with: Some(direct),
            shift: None,
        },
        play_action(beam, Target::Shift(cloaked, Rotation::Clockwise)),
        play_action(field, Target::Threat(cloaked)),
    ] {
        assert_refused(&mut state, 0, action, Refusal::TargetCloaked(cloaked));
    }
    // Uncloaked, the same card reaches it.
    threat_mut(&mut state, cloaked).cloaked = false;
    play(&mut state, 0, phasers, Target::Threat(cloaked)).expect("visible now");
}

// Rulebook "Romulan Bird-of-Prey" — deals 2 Damage when it fires; also a Cloaking Ship
#[test]
fn bird_of_prey_deals_2_damage() {
    let mut state = quiet_table(1);
    let bird = place_cloaked(&mut state, "romulan_bird_of_prey", Range::Medium, 1);
    rig_dice(&mut state, &[3]);
    threats_phase(&mut state);
    assert_eq!(at(&state, bird), pos(Range::Medium, 1));
    assert_eq!(shots(&state), vec![(bird, 0, 2)]);
    assert_eq!(
        shield(&state, 1),
        SectionState::Destroyed,
        "2 Damage at once destroy a Shield"
    );
    assert_eq!(hull(&state, 1), SectionState::Intact);
}

// Rulebook "Comets" — roll for the Long Range sector; ANY non-Mission token in its path is Destroyed; a 2 Damage hit destroys whatever it impacts first; then discarded
#[test]
fn comet_destroys_path_and_strikes_for_2() {
    let mut state = quiet_table(1);
    let long = place(&mut state, "klingon_cruiser", Range::Long, 3);
    let medium = place(&mut state, "romulan_battle_cruiser", Range::Medium, 3);
    let cloaked = place_cloaked(&mut state, "romulan_bird_of_prey", Range::Short, 3);
    let beside = place(&mut state, "klingon_cruiser", Range::Long, 4);
    let comet = take_from_bag(&mut state, "comet");
    rig_dice(&mut state, &[3]);
    state.resolve_drawn_threat(comet);
    assert_eq!(rolls(&state, DieRollPurpose::Comet), vec![3]);
    assert!(emitted(
        &state,
        &RulesEvent::CometStruck {
            token: comet,
            sector: 2,
            facing: 2
        }
    ));
    for token in [long, medium, cloaked] {
        assert!(state.threat(token).is_none(), "in the path");
        assert!(state.threat_discard().contains(&token));
    }
    assert_eq!(at(&state, beside), pos(Range::Long, 4));
    assert_eq!(shield(&state, 3), SectionState::Destroyed);
    assert_eq!(hull(&state, 3), SectionState::Intact);
    assert!(state.threat(comet).is_none());
    assert_eq!(state.threat_discard().last(), Some(&comet));
    assert_invariants(&state);
}

// Rulebook "Comets" — it destroys whatever it impacts first: a Shield, damaged or not, and the Hull behind it is spared; the facing is the one looking at its sector
#[test]
fn comet_destroys_the_first_section_it_strikes() {
    let mut state = quiet_table(1);
    state.enterprise_mut().heading = 1;
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Damaged);
    let comet = take_from_bag(&mut state, "comet");
    rig_dice(&mut state, &[3]);
    state.resolve_drawn_threat(comet);
    assert!(emitted(
        &state,
        &RulesEvent::CometStruck {
            token: comet,
            sector: 2,
            facing: 1
        }
    ));
    assert_eq!(shield(&state, 2), SectionState::Destroyed);
    assert_eq!(hull(&state, 2), SectionState::Intact);
    assert_invariants(&state);
}

// Rulebook "Comets" — on a Hull section already Destroyed, remove the top two Enterprise cards from the game (docs/rulings.md R10)
#[test]
fn ruling_r10_comet_on_destroyed_hull_removes_2_cards() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 6, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 6, SectionState::Destroyed);
    let top: Vec<CardId> = state.deck().iter().rev().take(2).copied().collect();
    let comet = take_from_bag(&mut state, "comet");
    rig_dice(&mut state, &[6]);
    state.resolve_drawn_threat(comet);
    assert_eq!(state.removed(), top);
    assert!(emitted(
        &state,
        &RulesEvent::CardsRemoved {
            cards: top,
            facing: Some(5)
        }
    ));
    assert_invariants(&state);
}

// Rulebook "Comets" — ANY non-Mission tokens in its path are destroyed: Mission tokens survive
#[test]
fn comet_spares_mission_tokens() {
    let mut state = mission_table(1, "distress_signal");
    state.mission_tokens_mut()[0].pos = pos(Range::Medium, 2);
    let klingon = place(&mut state, "klingon_cruiser", Range::Medium, 2);
    let comet = take_from_bag(&mut state, "comet");
    rig_dice(&mut state, &[2]);
    state.resolve_drawn_threat(comet);
    assert!(state.threat(klingon).is_none());
    assert_eq!(state.mission_tokens().len(), 1);
    assert_eq!(state.mission_tokens()[0].pos, pos(Range::Medium, 2));
    assert!(state.mission().as_ref().is_some_and(|m| !m.token_lost));
}

// docs/rulings.md R10 — the Starbase is a non-Mission token: a Comet in its sector destroys it
#[test]
fn ruling_r10_comet_destroys_the_starbase_in_its_path() {
    let mut state = quiet_table(1);
    let starbase = place(&mut state, "starbase", Range::Long, 4);
    let comet = take_from_bag(&mut state, "comet");
    rig_dice(&mut state, &[4]);
    state.resolve_drawn_threat(comet);
    assert!(state.threat(starbase).is_none());
    assert!(state.threat_discard().contains(&starbase));
    assert_invariants(&state);
}

// Rulebook "Tholians" — they move and fire as normal until they enter Short Range; there they stop moving and firing, web the Enterprise and NEVER become Boarders
#[test]
fn tholian_stops_in_short_range_and_never_boards() {
    let mut state = quiet_table(1);
    let entering = place(&mut state, "tholian", Range::Medium, 1);
    let approaching = place(&mut state, "tholian", Range::Long, 3);
    threats_phase(&mut state);
    assert_eq!(at(&state, entering), pos(Range::Short, 1));
    assert!(emitted(
        &state,
        &RulesEvent::TholianWebbed { token: entering }
    ));
    assert_eq!(at(&state, approaching), pos(Range::Medium, 3));
    // docs/rulings.md R11: no shot in the phase it enters Short Range.
    assert_eq!(shots(&state), vec![(approaching, 2, 1)]);
    assert_eq!(shield(&state, 1), SectionState::Intact);
    assert!(state.tholian_web());

    // It stays, never fires again, and never boards, even without a Shield.
    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    threats_phase(&mut state);
    assert_eq!(at(&state, entering), pos(Range::Short, 1));
    assert!(shots(&state).iter().all(|(token, _, _)| *token != entering));
    assert_eq!(
        count(&state, |e| matches!(
            e,
            RulesEvent::Boarded { .. } | RulesEvent::BoardersArriving { .. }
        )),
        0
    );
    assert_eq!(hull(&state, 1), SectionState::Intact);
    assert!(state.boarders_at_start().is_empty());
    assert_invariants(&state);
}

// Rulebook "Klingon Captains" — Kang: placed in the rolled Long Range sector, then ALL Klingon ships (including Kang) fire, cloaked Klingons uncloak as their behavior dictates and fire too; docs/rulings.md R12
#[test]
fn kang_makes_all_klingons_fire() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let cloaked = place_cloaked(&mut state, "klingon_cloaking_cruiser", Range::Medium, 3);
    let romulan = place(&mut state, "romulan_battle_cruiser", Range::Long, 1);
    let cloaked_romulan = place_cloaked(&mut state, "romulan_cloaking_cruiser", Range::Long, 5);
    let kang = take_from_bag(&mut state, "kang");
    // Kang to sector 4; the uncloak roll 2 moves the cloaked Klingon one facing clockwise.
    rig_dice(&mut state, &[4, 2]);
    state.resolve_drawn_threat(kang);
    assert!(emitted(&state, &RulesEvent::CaptainArrived { token: kang }));
    assert_eq!(at(&state, kang), pos(Range::Long, 4));
    assert_eq!(rolls(&state, DieRollPurpose::Uncloak), vec![2]);
    assert_eq!(at(&state, cloaked), pos(Range::Medium, 4));
    assert!(state.threat(cloaked).is_some_and(|t| !t.cloaked));
    assert!(
        state.threat(cloaked_romulan).is_some_and(|t| t.cloaked),
        "only Klingons"
    );
    let mut fired = shots(&state);
    fired.sort_unstable();
    let mut expected = vec![(klingon, 0, 1), (cloaked, 3, 1), (kang, 3, 1)];
    expected.sort_unstable();
    assert_eq!(fired, expected);
    assert!(fired.iter().all(|(t, _, _)| *t != romulan));
    assert_eq!(shield(&state, 1), SectionState::Damaged);
    assert_eq!(
        shield(&state, 4),
        SectionState::Destroyed,
        "two shots at once"
    );
    assert_eq!(shield(&state, 5), SectionState::Intact);
    assert_invariants(&state);
}

// Rulebook "Klingon Captains" — Koloth: ALL uncloaked Klingon ships (including Koloth) move one sector closer; cloaked ones stay; no extra fire; docs/rulings.md R12: Short Range ships hold, no boarders
#[test]
fn koloth_advances_uncloaked_klingons() {
    let mut state = quiet_table(1);
    let long = place(&mut state, "klingon_cruiser", Range::Long, 2);
    let medium = place(&mut state, "klingon_cloaking_cruiser", Range::Medium, 3);
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Destroyed);
    let short = place(&mut state, "klingon_cruiser", Range::Short, 4);
    let cloaked = place_cloaked(&mut state, "klingon_cloaking_cruiser", Range::Long, 5);
    let romulan = place(&mut state, "romulan_battle_cruiser", Range::Long, 6);
    let koloth = take_from_bag(&mut state, "koloth");
    rig_dice(&mut state, &[1]);
    state.resolve_drawn_threat(koloth);
    assert!(emitted(
        &state,
        &RulesEvent::CaptainArrived { token: koloth }
    ));
    assert_eq!(at(&state, koloth), pos(Range::Medium, 1));
    assert_eq!(at(&state, long), pos(Range::Medium, 2));
    assert_eq!(at(&state, medium), pos(Range::Short, 3));
    assert_eq!(at(&state, short), pos(Range::Short, 4));
    assert_eq!(at(&state, cloaked), pos(Range::Long, 5));
    assert_eq!(at(&state, romulan), pos(Range::Long, 6));
    assert!(shots(&state).is_empty(), "ships do NOT fire again");
    assert_eq!(hull(&state, 4), SectionState::Intact);
    assert_eq!(
        count(&state, |e| matches!(
            e,
            RulesEvent::Boarded { .. } | RulesEvent::BoardersArriving { .. }
        )),
        0
    );
    assert_invariants(&state);
}

// Rulebook "Klingon Captains" — Kor: ALL Klingon ships gain one Defense; one at its maximum ignores it; docs/rulings.md R12: cloaked Klingons too
#[test]
fn kor_raises_klingon_defense_up_to_max() {
    let mut state = quiet_table(1);
    let klingon_two = ship_kind(Some(Faction::Klingon), None, 2);
    let hurt = place(&mut state, klingon_two, Range::Medium, 2);
    threat_mut(&mut state, hurt).defense = max_defense(klingon_two) - 1;
    let whole = place(&mut state, "klingon_cruiser", Range::Long, 3);
    let cloaked = place_cloaked(&mut state, "klingon_cloaking_cruiser", Range::Long, 5);
    let cloaked_max = max_defense("klingon_cloaking_cruiser");
    assert!(cloaked_max >= 2);
    threat_mut(&mut state, cloaked).defense = cloaked_max - 1;
    let romulan = place(
        &mut state,
        ship_kind(Some(Faction::Romulan), None, 2),
        Range::Long,
        6,
    );
    threat_mut(&mut state, romulan).defense = 1;
    let kor = take_from_bag(&mut state, "kor");
    rig_dice(&mut state, &[1]);
    state.resolve_drawn_threat(kor);
    assert!(emitted(&state, &RulesEvent::CaptainArrived { token: kor }));
    let defense = |s: &GameState, t: TokenId| s.threat(t).map(|t| t.defense);
    assert_eq!(defense(&state, hurt), Some(max_defense(klingon_two)));
    assert_eq!(
        defense(&state, whole),
        Some(max_defense("klingon_cruiser")),
        "already at its maximum"
    );
    assert_eq!(defense(&state, cloaked), Some(cloaked_max));
    assert!(
        state.threat(cloaked).is_some_and(|t| t.cloaked),
        "stays cloaked"
    );
    assert_eq!(defense(&state, romulan), Some(1), "not a Klingon");
    assert_eq!(defense(&state, kor), Some(max_defense("kor")));
    let mut reinforced: Vec<TokenId> = state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::ThreatReinforced { token, .. } => Some(*token),
            _ => None,
        })
        .collect();
    reinforced.sort_unstable();
    let mut expected = vec![hurt, cloaked];
    expected.sort_unstable();
    assert_eq!(reinforced, expected);
    assert!(shots(&state).is_empty());
    assert_invariants(&state);
}

// Rulebook "Starbase" — maneuvered into Short Range, the players dock and receive ALL 3 rewards, then the Starbase is discarded; docs/rulings.md R22
#[test]
fn starbase_docking_gives_three_rewards() {
    let mut state = quiet_table(2);
    let starbase = place(&mut state, "starbase", Range::Medium, 1);
    // Shields: a destroyed one is rebuilt rather than the damaged ones repaired.
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Shield, 3, SectionState::Damaged);
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Damaged);
    // Hull: no destroyed section, so up to 2 damaged ones are repaired.
    for facing in [3, 5, 6] {
        set_section(&mut state, SectionKind::Hull, facing, SectionState::Damaged);
    }
    let hands: Vec<usize> = state.players().iter().map(|p| p.hand.len()).collect();
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert!(emitted(&state, &RulesEvent::Docked { token: starbase }));
    assert_eq!(shield(&state, 2), SectionState::Intact);
    assert_eq!(shield(&state, 3), SectionState::Damaged);
    assert_eq!(shield(&state, 4), SectionState::Damaged);
    let still_damaged = state
        .enterprise()
        .hull
        .iter()
        .filter(|s| **s == SectionState::Damaged)
        .count();
    assert_eq!(
        still_damaged, 1,
        "2 of the 3 damaged Hull sections repaired"
    );
    for (p, before) in hands.iter().enumerate() {
        assert_eq!(
            state.players()[p].hand.len(),
            before + 1,
            "player {p} draws 1"
        );
    }
    assert!(state.threat(starbase).is_none());
    assert_eq!(state.threat_discard().last(), Some(&starbase));
    assert_invariants(&state);
}

// docs/rulings.md R22 — for the Hull reward too, a destroyed section is rebuilt rather than damaged ones repaired
#[test]
fn ruling_r22_docking_rebuilds_a_destroyed_hull_before_repairing() {
    let mut state = quiet_table(1);
    place(&mut state, "starbase", Range::Medium, 6);
    set_section(&mut state, SectionKind::Hull, 1, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Hull, 2, SectionState::Damaged);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(hull(&state, 1), SectionState::Intact);
    assert_eq!(hull(&state, 2), SectionState::Damaged);
}

// Rulebook "Starbase" — it does NOT move or fire, and is not a Threat that Hit cards can attack
#[test]
fn starbase_does_not_move_or_fire() {
    let mut state = quiet_table(1);
    let starbase = place(&mut state, "starbase", Range::Medium, 3);
    threats_phase(&mut state);
    assert_eq!(at(&state, starbase), pos(Range::Medium, 3));
    assert!(shots(&state).is_empty());
    assert_eq!(state.enterprise().shields, [SectionState::Intact; 6]);
    to_phase(&mut state, Phase::PlayAndManeuver);
    let phasers = give(&mut state, 0, "phasers_aft_medium");
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::Threat(starbase)),
        Refusal::NotAShip(starbase),
    );
    // A side-facing Starbase is not moved by a Forward maneuver, and no docking happens.
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(at(&state, starbase), pos(Range::Medium, 3));
    assert_eq!(count(&state, |e| matches!(e, RulesEvent::Docked { .. })), 0);
}

// docs/rulings.md R10 (rulebook "Comets": "Destroying whatever it impacts first, either Shield or Hull") — with no Shield, an intact or damaged Hull section is destroyed
#[test]
fn ruling_r10_comet_on_an_unshielded_hull_destroys_it() {
    for before in [SectionState::Intact, SectionState::Damaged] {
        let mut state = quiet_table(1);
        set_section(&mut state, SectionKind::Shield, 5, SectionState::Destroyed);
        set_section(&mut state, SectionKind::Hull, 5, before);
        let comet = take_from_bag(&mut state, "comet");
        rig_dice(&mut state, &[5]);
        state.resolve_drawn_threat(comet);
        assert_eq!(hull(&state, 5), SectionState::Destroyed, "from {before:?}");
        assert!(state.removed().is_empty(), "no card removed");
        assert_invariants(&state);
    }
}

// docs/rulings.md R12 (rulebook "Klingon Captains": Koloth's ships "immediately move one sector closer") — Short Range ships hold, nobody boards until Threats Move & Fire
#[test]
fn ruling_r12_koloth_never_makes_boarders() {
    let mut state = quiet_table(1);
    set_section(&mut state, SectionKind::Shield, 2, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Shield, 3, SectionState::Destroyed);
    let holding = place(&mut state, "klingon_cruiser", Range::Short, 2);
    let arriving = place(&mut state, "klingon_cruiser", Range::Medium, 3);
    let koloth = take_from_bag(&mut state, "koloth");
    rig_dice(&mut state, &[6]);
    state.resolve_drawn_threat(koloth);
    assert_eq!(at(&state, holding), pos(Range::Short, 2));
    assert_eq!(at(&state, arriving), pos(Range::Short, 3));
    assert_eq!(hull(&state, 2), SectionState::Intact);
    assert_eq!(hull(&state, 3), SectionState::Intact);
    assert_eq!(
        count(&state, |e| matches!(
            e,
            RulesEvent::Boarded { .. } | RulesEvent::BoardersArriving { .. }
        )),
        0
    );
    // They board in the next Threats Move & Fire.
    threats_phase(&mut state);
    assert!(state.threat(holding).is_none() && state.threat(arriving).is_none());
    assert_ne!(hull(&state, 2), SectionState::Intact);
    assert_ne!(hull(&state, 3), SectionState::Intact);
    assert_invariants(&state);
}
