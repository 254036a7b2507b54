//! The validator: every illegal action is refused with its reason and leaves the state (and the
//! event log) exactly as it was. Each test names the rule the refusal enforces.

use stp_rules::content::Arc;
use stp_rules::*;

use super::support::*;
use crate::common::*;

// Rulebook "On Your Turn" — the active player performs the phases in order: cards and maneuvers only in phase 4, trades only in phase 3
#[test]
fn refused_in_the_wrong_phase() {
    let mut state = quiet_table(2);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let phasers = give(&mut state, 0, "phasers_forward_long");
    to_phase(&mut state, Phase::Trade);
    let in_trade = Refusal::WrongPhase {
        phase: Phase::Trade,
    };
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::Threat(klingon)),
        in_trade.clone(),
    );
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Forward),
        in_trade.clone(),
    );
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card: phasers,
            as_medical: false,
        },
        in_trade.clone(),
    );
    assert_refused(&mut state, 0, Action::Discard { card: phasers }, in_trade);

    to_phase(&mut state, Phase::PlayAndManeuver);
    let take = hand(&state, 1)[0];
    assert_refused(
        &mut state,
        0,
        Action::Trade {
            with: 1,
            give: phasers,
            take,
        },
        Refusal::WrongPhase {
            phase: Phase::PlayAndManeuver,
        },
    );

    // Automatic phases take no player action at all.
    for phase in [
        Phase::DrawCards,
        Phase::RevealMission,
        Phase::CheckMissionStatus,
        Phase::ThreatsMoveAndFire,
        Phase::DrawNewThreats,
    ] {
        to_phase(&mut state, phase);
        assert_refused(
            &mut state,
            0,
            Action::EndPhase,
            Refusal::WrongPhase { phase },
        );
        assert_refused(
            &mut state,
            0,
            Action::Maneuver(ManeuverKind::Clockwise),
            Refusal::WrongPhase { phase },
        );
    }
    // A finished phase is over too.
    to_phase(&mut state, Phase::PlayAndManeuver);
    act(&mut state, 0, Action::EndPhase).expect("end phase");
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::Threat(klingon)),
        Refusal::WrongPhase {
            phase: Phase::PlayAndManeuver,
        },
    );
}

// Rulebook "On Your Turn" — only the active player performs the turn's phases
#[test]
fn refused_when_not_your_turn() {
    let mut state = quiet_table(3);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let phasers = give(&mut state, 2, "phasers_forward_long");
    let not_yours = Refusal::NotYourTurn { active: 0 };
    for action in [
        play_action(phasers, Target::Threat(klingon)),
        Action::Maneuver(ManeuverKind::Forward),
        Action::EndPhase,
        Action::Discard { card: phasers },
        Action::RollForMission,
    ] {
        assert_refused(&mut state, 2, action, not_yours.clone());
    }
    assert_refused(&mut state, 7, Action::EndPhase, Refusal::UnknownPlayer(7));
}

// Rulebook "1. Enterprise Cards" — Hit cards are played by matching the exact facing that the target Threat is in
#[test]
fn refused_target_outside_arc() {
    let mut state = quiet_table(1);
    let side = place(&mut state, "klingon_cruiser", Range::Long, 2);
    let aft = place(&mut state, "klingon_cruiser", Range::Long, 4);
    let front = place(&mut state, "klingon_cruiser", Range::Long, 6);
    let forward = give(&mut state, 0, "phasers_forward_long");
    let sides = give(&mut state, 0, "phasers_sides_long");
    let aft_card = give(&mut state, 0, "phasers_aft_long");
    for (card, target) in [
        (forward, side),
        (forward, aft),
        (sides, front),
        (sides, aft),
        (aft_card, front),
        (aft_card, side),
    ] {
        assert_refused(
            &mut state,
            0,
            play_action(card, Target::Threat(target)),
            Refusal::OutsideArc,
        );
    }
}

// Rulebook "1. Enterprise Cards" — Hit cards must match the exact range the target is in (color-coded range icons)
#[test]
fn refused_target_out_of_range() {
    let mut state = quiet_table(1);
    let short = place(&mut state, "klingon_cruiser", Range::Short, 1);
    let medium = place(&mut state, "klingon_cruiser", Range::Medium, 6);
    let long = place(&mut state, "klingon_cruiser", Range::Long, 1);
    for (target, range) in [
        (short, Range::Short),
        (medium, Range::Medium),
        (long, Range::Long),
    ] {
        let reach = [Range::Short, Range::Medium, Range::Long]
            .into_iter()
            .find(|r| *r != range)
            .expect("another range");
        let card = give(&mut state, 0, phasers(Arc::Forward, reach, Some(range)));
        assert_refused(
            &mut state,
            0,
            play_action(card, Target::Threat(target)),
            Refusal::OutOfRange { range },
        );
    }
}

// Rulebook "Cloaking Ships" — cloaked ships cannot be attacked or affected by cards
#[test]
fn refused_cloaked_target() {
    let mut state = quiet_table(1);
    let cloaked = place_cloaked(&mut state, "romulan_bird_of_prey", Range::Long, 1);
    let phasers = give(&mut state, 0, "phasers_forward_long");
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::Threat(cloaked)),
        Refusal::TargetCloaked(cloaked),
    );
}

// Rulebook "Maneuvering the Enterprise" — once during the Play Cards & Maneuver phase
#[test]
fn refused_second_maneuver() {
    let mut state = quiet_table(1);
    act(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::CounterClockwise),
    )
    .expect("first");
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::CounterClockwise),
        Refusal::NoManeuverLeft,
    );
}

// Rulebook "3. Trade a Card" — the active player may trade one card with another player
#[test]
fn refused_second_trade() {
    let mut state = quiet_table(2);
    to_phase(&mut state, Phase::Trade);
    let give_card = hand(&state, 0)[0];
    let take_card = hand(&state, 1)[0];
    act(
        &mut state,
        0,
        Action::Trade {
            with: 1,
            give: give_card,
            take: take_card,
        },
    )
    .expect("one trade");
    assert!(hand(&state, 0).contains(&take_card));
    assert!(hand(&state, 1).contains(&give_card));
    let give_card = hand(&state, 0)[0];
    let take_card = hand(&state, 1)[0];
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
    // Nor with oneself, nor with nobody.
    let mut fresh = quiet_table(2);
    to_phase(&mut fresh, Phase::Trade);
    let a = hand(&fresh, 0)[0];
    let b = hand(&fresh, 0)[1];
    assert_refused(
        &mut fresh,
        0,
        Action::Trade {
            with: 0,
            give: a,
            take: b,
        },
        Refusal::TradeWithSelf,
    );
    assert_refused(
        &mut fresh,
        0,
        Action::Trade {
            with: 5,
            give: a,
            take: b,
        },
        Refusal::UnknownPlayer(5),
    );
}

// Rulebook "Tholians" — as long as the Tholian is in Short Range, the Enterprise CANNOT Maneuver
#[test]
fn refused_maneuver_while_webbed() {
    let mut state = quiet_table(1);
    place(&mut state, "tholian", Range::Short, 2);
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Forward),
        Refusal::ManeuverForbiddenTholian,
    );
}

// Rulebook "4. Play Cards & Maneuver" — the only limit to the cards a player can play is what is in his or her hand
#[test]
fn refused_card_not_in_hand() {
    let mut state = mission_table(2, plain_mission());
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let elsewhere = give(&mut state, 1, "phasers_forward_long");
    assert_refused(
        &mut state,
        0,
        play_action(elsewhere, Target::Threat(klingon)),
        Refusal::CardNotInHand(elsewhere),
    );
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card: elsewhere,
            as_medical: false,
        },
        Refusal::CardNotInHand(elsewhere),
    );
    assert_refused(
        &mut state,
        0,
        Action::Discard { card: elsewhere },
        Refusal::CardNotInHand(elsewhere),
    );
    let deck_card = *state.deck().last().expect("deck");
    let mine = hand(&state, 0)[0];
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: mine,
            target: Target::Threat(klingon),
            with: Some(deck_card),
            shift: None,
        },
        Refusal::CardNotInHand(deck_card),
    );
    to_phase(&mut state, Phase::Trade);
    assert_refused(
        &mut state,
        0,
        Action::Trade {
            with: 1,
            give: elsewhere,
            take: elsewhere,
        },
        Refusal::CardNotInHand(elsewhere),
    );
    assert_refused(
        &mut state,
        0,
        Action::Trade {
            with: 1,
            give: mine,
            take: deck_card,
        },
        Refusal::CardNotInHand(deck_card),
    );
}

// Rulebook "1. Enterprise Cards" — Hit cards damage one enemy Threat; resource cards act on the Enterprise: a card needs a target of its kind
#[test]
fn refused_wrong_kind_of_target() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let starbase = place(&mut state, "starbase", Range::Long, 6);
    let phasers = give(&mut state, 0, "phasers_forward_long");
    let dilithium = give(&mut state, 0, "dilithium");
    let beam = give(&mut state, 0, "tractor_beam");
    let field = give(&mut state, 0, "force_field");
    let time_travel = give(&mut state, 0, "time_travel");
    let alert = give(&mut state, 0, "red_alert");
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::None),
        Refusal::WrongTarget {
            expected: "an enemy ship",
        },
    );
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::Threat(starbase)),
        Refusal::NotAShip(starbase),
    );
    let absent = state.bag()[0];
    assert_refused(
        &mut state,
        0,
        play_action(phasers, Target::Threat(absent)),
        Refusal::NoSuchThreat(absent),
    );
    assert_refused(
        &mut state,
        0,
        play_action(dilithium, Target::Threat(klingon)),
        Refusal::WrongTarget {
            expected: "a Shield or Hull section",
        },
    );
    assert_refused(
        &mut state,
        0,
        play_action(dilithium, Target::Section(section(SectionKind::Shield, 1))),
        Refusal::NothingToRepair,
    );
    assert_refused(
        &mut state,
        0,
        play_action(beam, Target::Threat(klingon)),
        Refusal::WrongTarget {
            expected: "a threat and a direction",
        },
    );
    assert_refused(
        &mut state,
        0,
        play_action(field, Target::Threat(starbase)),
        Refusal::NotAShip(starbase),
    );
    assert_refused(
        &mut state,
        0,
        play_action(time_travel, Target::None),
        Refusal::WrongTarget {
            expected: "a card in the discard pile",
        },
    );
    assert_refused(
        &mut state,
        0,
        play_action(alert, Target::Facing(6)),
        Refusal::WrongTarget {
            expected: "a facing of the Enterprise",
        },
    );
}

// Rulebook "4. Play Cards & Maneuver" — cards are played one for one effect; only Dilithium + Tritanium (Rebuild) and Hit + Direct Hit go together
#[test]
fn refused_bad_pairings() {
    let mut state = quiet_table(1);
    let klingon = place(&mut state, "klingon_cruiser", Range::Long, 1);
    let phasers = give(&mut state, 0, "phasers_forward_long");
    let torpedo = give(&mut state, 0, "photon_torpedoes");
    let rand = give(&mut state, 0, "yeoman_rand");
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: phasers,
            target: Target::Threat(klingon),
            with: Some(phasers),
            shift: None,
        },
        Refusal::SameCardTwice,
    );
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: phasers,
            target: Target::Threat(klingon),
            with: Some(torpedo),
            shift: None,
        },
        Refusal::NotThisCard {
            expected: "Direct Hit as the card played with it",
        },
    );
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: rand,
            target: Target::None,
            with: Some(phasers),
            shift: None,
        },
        Refusal::NotThisCard {
            expected: "this card played alone",
        },
    );
}

// Rulebook "Boarders" — Security Teams answer arriving boarders; docs/rulings.md R7: refused with none arriving, and nothing else may be done while they arrive
#[test]
fn refused_security_team_without_boarders_and_other_actions_while_boarding() {
    let mut state = quiet_table(2);
    let team = give(&mut state, 0, "security_team");
    assert_refused(
        &mut state,
        0,
        Action::PlaySecurityTeam { card: team },
        Refusal::NoBoarders,
    );
    assert_refused(
        &mut state,
        0,
        play_action(team, Target::None),
        Refusal::NoBoarders,
    );
    assert_refused(&mut state, 0, Action::ResolveBoarding, Refusal::NoBoarders);
    let (a, b) = (state.bag()[0], state.bag()[1]);
    assert_refused(
        &mut state,
        0,
        Action::ChooseThreats {
            first: a,
            second: b,
        },
        Refusal::NotAChoice,
    );

    set_section(&mut state, SectionKind::Shield, 1, SectionState::Destroyed);
    place(&mut state, "klingon_cruiser", Range::Short, 1);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert!(state.turn().window.is_some());
    for action in [
        Action::Maneuver(ManeuverKind::Clockwise),
        Action::EndPhase,
        play_action(hand(&state, 0)[0], Target::None),
    ] {
        assert_refused(&mut state, 0, action, Refusal::WaitingForBoarders);
    }
}

// Rulebook "Repairing" / "Rebuilding" — Repair removes a Damage indicator, Rebuild restores a destroyed section
#[test]
fn refused_repair_or_rebuild_of_a_section_in_the_wrong_state() {
    let mut state = quiet_table(1);
    let tritanium = give(&mut state, 0, "tritanium");
    let dilithium = give(&mut state, 0, "dilithium");
    assert_refused(
        &mut state,
        0,
        play_action(tritanium, Target::Section(section(SectionKind::Hull, 1))),
        Refusal::NothingToRepair,
    );
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: tritanium,
            target: Target::Section(section(SectionKind::Hull, 1)),
            with: Some(dilithium),
            shift: None,
        },
        Refusal::NothingToRebuild,
    );
    assert_refused(
        &mut state,
        0,
        play_action(
            tritanium,
            Target::Section(SectionRef {
                kind: SectionKind::Hull,
                facing: 6,
            }),
        ),
        Refusal::WrongTarget {
            expected: "a facing from 1 to 6",
        },
    );
}

// Rulebook "Winning the Game" / "Damage to Destroyed Hull Sections" — once the game has ended nothing more can be done
#[test]
fn refused_after_the_game_is_over() {
    let mut state = quiet_table(1);
    state.lose(LossCause::HullDestroyed);
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Forward),
        Refusal::GameOver,
    );
    assert!(!state.step(), "no automatic phase runs either");
}

// Rulebook "2. About Missions" — committing cards needs a Mission in play (here a patrol game without Missions)
#[test]
fn refused_commit_without_a_mission() {
    let mut state = quiet_table(1);
    let card = hand(&state, 0)[0];
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card,
            as_medical: false,
        },
        Refusal::NoMission,
    );
    assert_refused(&mut state, 0, Action::RollForMission, Refusal::NoMission);
}
