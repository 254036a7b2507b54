//! Rulebook "2. About Missions", "Playing Cards Toward Mission Objectives", "5. Check Mission
//! Status" and "Winning the Game", plus the mission rulings. The missions' parameters are our
//! proposal (assets/missions.ron); the tests read them from the data and pick missions by what
//! they do, so they test the rules rather than the numbers.

use stp_rules::content::{Faction, Objective, Reward, SpecialRule, ThreatFilter, builtin};
use stp_rules::*;

use super::support::*;
use crate::common::*;

fn commit(state: &mut GameState, player: PlayerId, card: CardId) -> Result<(), Refusal> {
    act(
        state,
        player,
        Action::Commit {
            card,
            as_medical: false,
        },
    )
}

fn check_status(state: &mut GameState) {
    to_phase(state, Phase::CheckMissionStatus);
    state.events_mut().clear();
    state.check_mission_status_phase();
}

fn is_credit(o: &Objective) -> bool {
    matches!(o, Objective::CommitCredits { .. })
}

// Rulebook "Mission Status Scenarios" — Incomplete: tick the Timer down by one; at zero the Mission FAILS: committed cards discarded, the card to the bottom of the Mission deck
#[test]
fn mission_timer_ticks_and_fails_at_0_to_bottom_of_deck() {
    let mut state = mission_table(1, "distress_signal");
    let id = mission_id("distress_signal");
    let start = builtin().mission(id).timer.expect("a time limit");
    assert_eq!(state.mission().as_ref().and_then(|m| m.timer), Some(start));
    let index = objective_index(&state, is_credit);
    let card = give_for_objective(&mut state, 0, index);
    commit(&mut state, 0, card).expect("commit");
    check_status(&mut state);
    assert!(emitted(
        &state,
        &RulesEvent::MissionTimer {
            remaining: start - 1
        }
    ));
    let mission = state.mission().as_ref().expect("still in play");
    assert_eq!(mission.timer, Some(start - 1));
    assert_eq!(
        mission.committed.len(),
        1,
        "committed cards stay by the mission"
    );
    assert_eq!(state.turn().phase, Phase::ThreatsMoveAndFire);

    state.mission_mut().as_mut().expect("mission").timer = Some(1);
    check_status(&mut state);
    assert!(emitted(&state, &RulesEvent::MissionTimer { remaining: 0 }));
    assert!(emitted(&state, &RulesEvent::MissionFailed { mission: id }));
    assert!(state.mission().is_none());
    assert_eq!(state.mission_deck().last(), Some(&id), "bottom of the deck");
    assert!(state.completed_missions().is_empty(), "no credit");
    assert_eq!(state.discard().last(), Some(&card));
    assert!(
        state.mission_tokens().is_empty(),
        "tokens back to their pile"
    );
    assert_invariants(&state);
}

// Rulebook "Complete Mission" — committed cards to the discard pile, Rewards claimed at once, tokens returned, a marker in the Completed Missions area (every mission in the data)
#[test]
fn completed_mission_discards_committed_and_claims_reward() {
    for def in &builtin().missions {
        let mut state = mission_table(2, &def.id);
        let id = mission_id(&def.id);
        // Something for each reward to act on.
        set_section(&mut state, SectionKind::Shield, 2, SectionState::Damaged);
        set_section(&mut state, SectionKind::Hull, 3, SectionState::Damaged);
        set_section(&mut state, SectionKind::Hull, 5, SectionState::Destroyed);
        let in_range: Vec<(Range, TokenId)> = [Range::Short, Range::Medium]
            .into_iter()
            .map(|range| (range, place(&mut state, "klingon_cruiser", range, 4)))
            .collect();
        let hands: Vec<usize> = state.players().iter().map(|p| p.hand.len()).collect();
        let committed = satisfy_objectives(&mut state, 0);
        check_status(&mut state);
        let mission = &def.id;
        assert!(
            emitted(&state, &RulesEvent::MissionCompleted { mission: id }),
            "{mission}"
        );
        assert_eq!(state.completed_missions(), vec![id], "{mission}");
        assert!(state.mission().is_none());
        assert!(
            state.mission_tokens().is_empty(),
            "{mission}: tokens returned"
        );
        for card in &committed {
            assert!(
                state.discard().contains(card),
                "{mission}: committed card discarded"
            );
        }
        let mut draws = [0usize, 0];
        for reward in &def.rewards {
            match *reward {
                Reward::RepairShields(_) => {
                    assert_eq!(shield(&state, 2), SectionState::Intact, "{mission}")
                }
                Reward::RepairHull(_) => {
                    assert_eq!(hull(&state, 3), SectionState::Intact, "{mission}")
                }
                Reward::Rebuild(_) => {
                    assert_eq!(hull(&state, 5), SectionState::Intact, "{mission}")
                }
                Reward::AllPlayersDraw(n) => {
                    draws[0] += usize::from(n);
                    draws[1] += usize::from(n);
                }
                Reward::ActivePlayerDraws(n) => draws[0] += usize::from(n),
                Reward::DestroyThreatsInRange(range) => {
                    for (r, token) in &in_range {
                        assert_eq!(state.threat(*token).is_none(), *r == range, "{mission}");
                    }
                }
            }
        }
        for p in 0..2 {
            assert_eq!(
                state.players()[p].hand.len(),
                hands[p] + draws[p],
                "{mission}: player {p}'s draws"
            );
        }
        assert_invariants(&state);
    }
}

// Rulebook "Mission Cards Overview" — a Mission Objective may be a specific Maneuver relating to a Mission token (Short Range, in a Front facing)
#[test]
fn mission_token_objective_needs_the_named_range_and_arc() {
    let mission = find_mission("with a token to bring into Short Range in front", |m| {
        m.objectives.iter().any(|o| {
            matches!(
                o,
                Objective::TokenInRange {
                    range: Range::Short,
                    arc: Some(stp_rules::content::Arc::Forward),
                    ..
                }
            )
        })
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, |o| matches!(o, Objective::TokenInRange { .. }));
    for (p, met) in [
        (pos(Range::Medium, 1), 0),
        (pos(Range::Short, 3), 0),
        (pos(Range::Short, 2), 0),
        (pos(Range::Short, 1), 1),
        (pos(Range::Short, 6), 1),
    ] {
        state.mission_tokens_mut()[0].pos = p;
        assert_eq!(state.mission_progress()[index], (met, 1), "{p:?}");
    }
    // Maneuvering is how the token gets there: turn toward it, then move Forward.
    state.mission_tokens_mut()[0].pos = pos(Range::Medium, 2);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("turn");
    assert_eq!(
        state.mission_progress()[index],
        (0, 1),
        "in front, still Medium"
    );
    to_phase(&mut state, Phase::DrawNewThreats);
    state.end_turn();
    to_phase(&mut state, Phase::PlayAndManeuver);
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("forward");
    assert_eq!(state.mission_tokens()[0].pos, pos(Range::Short, 2));
    assert_eq!(state.mission_progress()[index], (1, 1));
}

// Rulebook "2. Reveal New Mission" — if the current Mission is incomplete skip to phase 3; if the previous Mission ended, draw a new one and set it up
#[test]
fn new_mission_is_revealed_only_after_the_last_one_ended() {
    let mut state = mission_table(1, "distress_signal");
    to_phase(&mut state, Phase::RevealMission);
    state.events_mut().clear();
    state.reveal_mission_phase();
    assert!(emitted(
        &state,
        &RulesEvent::PhaseSkipped {
            phase: Phase::RevealMission
        }
    ));
    assert_eq!(
        state.mission().as_ref().map(|m| m.mission),
        Some(mission_id("distress_signal"))
    );

    state.mission_mut().as_mut().expect("mission").timer = Some(1);
    check_status(&mut state);
    assert!(state.mission().is_none());
    let next = state.mission_deck()[0];
    to_phase(&mut state, Phase::RevealMission);
    state.events_mut().clear();
    state.reveal_mission_phase();
    assert!(emitted(
        &state,
        &RulesEvent::MissionRevealed { mission: next }
    ));
    let mission = state.mission().as_ref().expect("a new mission");
    assert_eq!(mission.mission, next);
    assert_eq!(mission.timer, builtin().mission(next).timer);
    assert_eq!(
        state.mission_tokens().len(),
        builtin().mission(next).tokens.len()
    );
    assert_eq!(state.turn().phase, Phase::Trade);
}

// Rulebook "Completed Missions area" and "Winning the Game" — after the last Mission, no new Threats are drawn and no new Mission is revealed
#[test]
fn no_new_threats_or_missions_after_last_mission() {
    let mut state = mission_table_in("cadet", 2, "distress_signal");
    let outpost = mission_id("outpost_defense");
    state.mission_deck_mut().retain(|m| *m != outpost);
    *state.completed_missions_mut() = vec![outpost];
    let ship = place(&mut state, "klingon_cruiser", Range::Long, 3);
    satisfy_objectives(&mut state, 0);
    check_status(&mut state);
    assert!(state.missions_done());
    assert!(!state.is_over(), "a Threat remains on the board");

    to_phase(&mut state, Phase::RevealMission);
    state.events_mut().clear();
    state.reveal_mission_phase();
    assert!(state.mission().is_none());
    assert!(emitted(
        &state,
        &RulesEvent::PhaseSkipped {
            phase: Phase::RevealMission
        }
    ));

    let bag = state.bag().clone();
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    assert!(emitted(
        &state,
        &RulesEvent::PhaseSkipped {
            phase: Phase::DrawNewThreats
        }
    ));
    assert_eq!(*state.bag(), bag, "no token drawn");
    assert_eq!(state.threats().len(), 1);
    assert!(state.threat(ship).is_some());
    assert_eq!(state.turn().active, 1, "the turn still ends");
    assert_invariants(&state);
}

// Rulebook "Winning the Game" — when the Missions are completed AND the last Threat on the board has been Destroyed, the players win
#[test]
fn win_when_missions_done_and_board_clear() {
    let mut state = final_table(1);
    let a = place(&mut state, sturdy(), Range::Short, 1);
    let b = place(&mut state, sturdy(), Range::Short, 6);
    threat_mut(&mut state, a).defense = 1;
    threat_mut(&mut state, b).defense = 1;
    let phasers = give(&mut state, 0, "phasers_forward_short");
    play(&mut state, 0, phasers, Target::Threat(a)).expect("hit");
    assert!(!state.is_over(), "one Threat left");
    let phasers = give(&mut state, 0, "phasers_forward_short");
    play(&mut state, 0, phasers, Target::Threat(b)).expect("hit");
    assert_eq!(state.outcome(), Some(Outcome::Won));
    assert!(emitted(&state, &RulesEvent::GameWon));
    assert_refused(&mut state, 0, Action::EndPhase, Refusal::GameOver);
}

// Rulebook "Winning the Game" — completing the last Mission with the board already clear wins at once
#[test]
fn completing_the_last_mission_on_a_clear_board_wins() {
    let mut state = mission_table_in("cadet", 1, "outpost_defense");
    let distress = mission_id("distress_signal");
    state.mission_deck_mut().retain(|m| *m != distress);
    *state.completed_missions_mut() = vec![distress];
    satisfy_objectives(&mut state, 0);
    assert!(state.threats().is_empty());
    assert!(!state.is_over());
    check_status(&mut state);
    assert_eq!(state.outcome(), Some(Outcome::Won));
}

// Rulebook "Winning the Game" — clearing the board is not enough before the Missions are completed
#[test]
fn no_win_before_the_missions_are_done() {
    let mut state = mission_table(1, "distress_signal");
    let ship = place(&mut state, "klingon_cruiser", Range::Short, 1);
    threat_mut(&mut state, ship).defense = 1;
    let phasers = give(&mut state, 0, "phasers_forward_short");
    play(&mut state, 0, phasers, Target::Threat(ship)).expect("hit");
    assert!(state.threats().is_empty());
    assert!(!state.is_over());
}

// Rulebook "Starbase" ("actually not a Threat") and docs/rulings.md R22 — a Starbase left on the board does not stop a victory
#[test]
fn ruling_r22_starbase_on_the_board_does_not_stop_victory() {
    let mut state = final_table(1);
    let starbase = place(&mut state, "starbase", Range::Long, 3);
    let ship = place(&mut state, "klingon_cruiser", Range::Short, 1);
    threat_mut(&mut state, ship).defense = 1;
    let phasers = give(&mut state, 0, "phasers_forward_short");
    play(&mut state, 0, phasers, Target::Threat(ship)).expect("hit");
    assert!(state.threat(starbase).is_some());
    assert_eq!(state.outcome(), Some(Outcome::Won));
}

// docs/rulings.md R19 (rulebook "Playing Cards Toward Mission Objectives") — a committed card counts toward one objective; a card that counts toward nothing is refused
#[test]
fn ruling_r19_committed_card_counts_toward_one_objective() {
    let mission = find_mission("that needs exactly 1 Command credit", |m| {
        m.objectives.iter().any(|o| {
            matches!(
                o,
                Objective::CommitCredits {
                    division: Division::Command,
                    count: 1
                }
            )
        }) && !m
            .objectives
            .iter()
            .any(|o| matches!(o, Objective::CommitCards { .. }))
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, is_credit);
    let first = give(&mut state, 0, "photon_torpedoes");
    commit(&mut state, 0, first).expect("a Command credit");
    assert_eq!(state.mission_progress()[index], (1, 1));
    assert!(emitted(
        &state,
        &RulesEvent::CardCommitted {
            player: 0,
            card: first
        }
    ));
    assert_eq!(
        state.mission().as_ref().map(|m| m.committed.clone()),
        Some(vec![Committed {
            card: first,
            credit: Some(Division::Command)
        }])
    );
    // The Command objective is complete: another Command card counts toward nothing.
    let second = give(&mut state, 0, "photon_torpedoes");
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card: second,
            as_medical: false,
        },
        Refusal::NotNeededForMission,
    );
    // Nor does a card of a Division the mission does not ask for.
    let wanted: Vec<Division> = current_mission(&state)
        .objectives
        .iter()
        .filter_map(|o| match o {
            Objective::CommitCredits { division, .. } => Some(*division),
            _ => None,
        })
        .collect();
    let other = [Division::Medical, Division::Science, Division::Engineering]
        .into_iter()
        .find(|d| !wanted.contains(d))
        .expect("a Division not asked for");
    let card = give_credit(&mut state, 0, other);
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card,
            as_medical: false,
        },
        Refusal::NotNeededForMission,
    );
    assert_invariants(&state);
}

// docs/rulings.md R19 — a named-card objective ("commit 2 Security Team") takes the card before any Division credit
#[test]
fn ruling_r19_named_card_objectives_come_first() {
    let mission = find_mission("that asks for 2 Security Team cards", |m| {
        m.objectives.iter().any(|o| {
            matches!(o, Objective::CommitCards { card, count } if card == "Security Team" && *count >= 2)
        })
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, |o| matches!(o, Objective::CommitCards { .. }));
    let Objective::CommitCards { count, .. } = current_mission(&state).objectives[index] else {
        unreachable!()
    };
    let teams: Vec<CardId> = (0..=count)
        .map(|_| give(&mut state, 0, "security_team"))
        .collect();
    commit(&mut state, 0, teams[0]).expect("named card");
    assert_eq!(
        state.mission().as_ref().map(|m| m.committed.clone()),
        Some(vec![Committed {
            card: teams[0],
            credit: None
        }]),
        "counted as a Security Team, not as a Command credit"
    );
    for (n, team) in teams.iter().enumerate().take(count as usize).skip(1) {
        commit(&mut state, 0, *team).expect("named card");
        assert_eq!(state.mission_progress()[index], (n as u8 + 1, count));
    }
    let has_command = current_mission(&state).objectives.iter().any(|o| {
        matches!(
            o,
            Objective::CommitCredits {
                division: Division::Command,
                ..
            }
        )
    });
    if !has_command {
        assert_refused(
            &mut state,
            0,
            Action::Commit {
                card: teams[count as usize],
                as_medical: false,
            },
            Refusal::NotNeededForMission,
        );
    }
}

// docs/rulings.md R19 — McCoy's Medical credit counts toward the Medical objective, not the named-card one
#[test]
fn ruling_r19_mccoy_medical_credit_skips_named_card_objectives() {
    let mission = find_mission("with a Security Team and a Medical objective", |m| {
        m.objectives
            .iter()
            .any(|o| matches!(o, Objective::CommitCards { card, .. } if card == "Security Team"))
            && m.objectives.iter().any(|o| {
                matches!(
                    o,
                    Objective::CommitCredits {
                        division: Division::Medical,
                        ..
                    }
                )
            })
    });
    let mut state = mission_table(1, mission);
    set_character(&mut state, 0, "mccoy");
    let named = objective_index(&state, |o| matches!(o, Objective::CommitCards { .. }));
    let medical = objective_index(&state, is_credit);
    let team = give(&mut state, 0, "security_team");
    act(
        &mut state,
        0,
        Action::Commit {
            card: team,
            as_medical: true,
        },
    )
    .expect("as Medical");
    assert_eq!(state.mission_progress()[named].0, 0);
    assert_eq!(state.mission_progress()[medical].0, 1);
}

// Rulebook "2. About Missions" — missions may involve rolling the die; docs/rulings.md R20: one roll a turn, for an unfinished die-roll objective
#[test]
fn ruling_r20_mission_die_roll_once_a_turn() {
    let mission = find_mission("with a die objective", |m| {
        m.objectives.iter().any(|o| {
            matches!(o, Objective::DieRolls { at_least, successes } if *at_least > 1 && *successes >= 1)
        })
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, |o| matches!(o, Objective::DieRolls { .. }));
    let Objective::DieRolls {
        at_least,
        successes,
    } = current_mission(&state).objectives[index]
    else {
        unreachable!()
    };
    // Below the target: no success.
    rig_dice(&mut state, &[at_least - 1]);
    act(&mut state, 0, Action::RollForMission).expect("roll");
    assert!(emitted(
        &state,
        &RulesEvent::DieRolled {
            value: at_least - 1,
            purpose: DieRollPurpose::MissionObjective
        }
    ));
    assert_eq!(state.mission_progress()[index], (0, successes));
    assert_refused(
        &mut state,
        0,
        Action::RollForMission,
        Refusal::AlreadyRolled,
    );
    // Each later turn, the target or more is a success.
    for n in 1..=successes {
        to_phase(&mut state, Phase::DrawNewThreats);
        state.end_turn();
        to_phase(&mut state, Phase::PlayAndManeuver);
        rig_dice(&mut state, &[at_least]);
        act(&mut state, 0, Action::RollForMission).expect("roll");
        assert_eq!(state.mission_progress()[index], (n, successes));
    }
    // The objective is met: no more rolls.
    to_phase(&mut state, Phase::DrawNewThreats);
    state.end_turn();
    to_phase(&mut state, Phase::PlayAndManeuver);
    assert_refused(
        &mut state,
        0,
        Action::RollForMission,
        Refusal::NoDieObjective,
    );
    let other = find_mission("without a die objective", |m| {
        !m.objectives
            .iter()
            .any(|o| matches!(o, Objective::DieRolls { .. }))
    });
    let mut other = mission_table(1, other);
    assert_refused(
        &mut other,
        0,
        Action::RollForMission,
        Refusal::NoDieObjective,
    );
}

// docs/rulings.md R21 (rulebook "Mission Cards Overview": Rewards are collected immediately) — a reward that leaves a choice repairs the most threatened section
#[test]
fn ruling_r21_reward_repairs_the_most_threatened_section() {
    let mission = find_mission("rewarding one Hull repair", |m| {
        m.rewards.contains(&Reward::RepairHull(1))
            && !m.rewards.iter().any(|r| {
                matches!(
                    r,
                    Reward::RepairHull(_) | Reward::Rebuild(_) | Reward::DestroyThreatsInRange(_)
                ) && *r != Reward::RepairHull(1)
            })
    });
    let mut state = mission_table(1, mission);
    set_section(&mut state, SectionKind::Hull, 2, SectionState::Damaged);
    set_section(&mut state, SectionKind::Hull, 5, SectionState::Damaged);
    place(&mut state, "klingon_cruiser", Range::Long, 5);
    satisfy_objectives(&mut state, 0);
    check_status(&mut state);
    assert_eq!(state.completed_missions().len(), 1);
    assert_eq!(hull(&state, 5), SectionState::Intact, "facing the Klingon");
    assert_eq!(hull(&state, 2), SectionState::Damaged);
}

// docs/rulings.md R21 — a mission "Rebuild" reward rebuilds a destroyed Hull section before a Shield
#[test]
fn ruling_r21_rebuild_reward_rebuilds_hull_before_shield() {
    let mission = find_mission("rewarding one Rebuild", |m| {
        m.rewards.contains(&Reward::Rebuild(1))
    });
    let mut state = mission_table(1, mission);
    set_section(&mut state, SectionKind::Hull, 3, SectionState::Destroyed);
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Destroyed);
    satisfy_objectives(&mut state, 0);
    check_status(&mut state);
    assert_eq!(state.completed_missions(), vec![mission_id(mission)]);
    assert_eq!(hull(&state, 3), SectionState::Intact);
    assert_eq!(shield(&state, 4), SectionState::Destroyed);
}

fn fire_drawing_mission() -> &'static str {
    find_mission("whose token draws fire", |m| {
        m.special
            .iter()
            .any(|r| matches!(r, SpecialRule::TokenDrawsFire { .. }))
    })
}

// Rulebook "Mission Cards Overview" — a Mission may use tokens and change the rules (Outpost Defense: threats in the outpost's sector fire at it)
#[test]
fn outpost_draws_the_fire_of_threats_in_its_sector() {
    let mut state = mission_table(1, fire_drawing_mission());
    let outpost = state.mission_tokens()[0].token;
    let value = state.mission_tokens()[0].value;
    state.mission_tokens_mut()[0].pos = pos(Range::Medium, 2);
    place(&mut state, "klingon_cruiser", Range::Long, 2);
    place(&mut state, "klingon_cruiser", Range::Medium, 2);
    let elsewhere = place(&mut state, "klingon_cruiser", Range::Long, 5);
    threats_phase(&mut state);
    assert_eq!(state.mission_tokens()[0].value, value - 2);
    assert!(state.events().iter().any(|e| matches!(
        e,
        RulesEvent::MissionTokenHit { token, value: left, damage: 1, .. }
            if *token == outpost && *left == value - 2
    )));
    assert_eq!(shield(&state, 2), SectionState::Intact);
    assert_eq!(shots(&state), vec![(elsewhere, 4, 1)]);
    assert_eq!(shield(&state, 5), SectionState::Damaged);
}

// docs/rulings.md R23 — a mission token that draws fire and reaches 0 makes the mission fail at the next Check Mission Status
#[test]
fn ruling_r23_lost_outpost_fails_the_mission() {
    let mission = fire_drawing_mission();
    let mut state = mission_table(1, mission);
    let id = mission_id(mission);
    state.mission_tokens_mut()[0].pos = pos(Range::Medium, 2);
    state.mission_tokens_mut()[0].value = 1;
    place(&mut state, "klingon_cruiser", Range::Long, 2);
    place(&mut state, "klingon_cruiser", Range::Long, 2);
    threats_phase(&mut state);
    assert_eq!(state.mission_tokens()[0].value, 0);
    assert!(state.mission().as_ref().is_some_and(|m| m.token_lost));
    assert_eq!(
        shield(&state, 2),
        SectionState::Damaged,
        "the second shot, with the outpost gone, hits the Enterprise"
    );
    check_status(&mut state);
    assert!(emitted(&state, &RulesEvent::MissionFailed { mission: id }));
    assert_eq!(state.mission_deck().last(), Some(&id));
}

// Rulebook "Mission Cards Overview" — objectives: destroy Threats while the Mission is in play (only those the objective names count)
#[test]
fn destroyed_threats_count_toward_the_mission() {
    let mission = find_mission("that asks to destroy any 2+ Threats", |m| {
        m.objectives.iter().any(
            |o| matches!(o, Objective::DestroyThreats { count, of: ThreatFilter::Any } if *count >= 2),
        )
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, |o| matches!(o, Objective::DestroyThreats { .. }));
    let need = state.mission_progress()[index].1;
    for n in 1..need {
        let ship = place(&mut state, "klingon_cruiser", Range::Short, 1);
        threat_mut(&mut state, ship).defense = 1;
        let phasers = give(&mut state, 0, "phasers_forward_short");
        play(&mut state, 0, phasers, Target::Threat(ship)).expect("hit");
        assert_eq!(state.mission_progress()[index], (n, need));
    }
    // A Starbase destroyed by a Comet is no Threat.
    let starbase = place(&mut state, "starbase", Range::Long, 2);
    let comet = take_from_bag(&mut state, "comet");
    rig_dice(&mut state, &[2]);
    state.resolve_drawn_threat(comet);
    assert!(state.threat(starbase).is_none());
    assert_eq!(state.mission_progress()[index], (need - 1, need));

    // Filtered objectives count only their kind of ship.
    let mission = find_mission("that asks to destroy Klingon ships", |m| {
        m.objectives.iter().any(|o| {
            matches!(
                o,
                Objective::DestroyThreats {
                    of: ThreatFilter::Faction(Faction::Klingon),
                    ..
                }
            )
        })
    });
    let mut state = mission_table(1, mission);
    let index = objective_index(&state, |o| matches!(o, Objective::DestroyThreats { .. }));
    for (kind, counted) in [
        (ship_kind(Some(Faction::Romulan), Some(false), 1), 0),
        ("klingon_cruiser", 1),
    ] {
        let ship = place(&mut state, kind, Range::Short, 1);
        threat_mut(&mut state, ship).defense = 1;
        let phasers = give(&mut state, 0, "phasers_forward_short");
        play(&mut state, 0, phasers, Target::Threat(ship)).expect("hit");
        assert_eq!(state.mission_progress()[index].0, counted, "{kind}");
    }
}

// Rulebook "Mission Cards Overview" — some Missions will not allow players to Trade cards on their turns
#[test]
fn no_trade_mission_forbids_trading() {
    let mission = find_mission("that forbids trading", |m| m.no_trade);
    let mut state = mission_table(2, mission);
    assert!(state.mission_forbids_trade());
    state.enter_trade_phase();
    assert_eq!(state.turn().phase, Phase::Trade);
    assert!(state.turn().phase_done, "the Trade phase is skipped");
    let give_card = hand(&state, 0)[0];
    let take_card = hand(&state, 1)[0];
    let trade = Action::Trade {
        with: 1,
        give: give_card,
        take: take_card,
    };
    assert_refused(
        &mut state,
        0,
        trade,
        Refusal::WrongPhase {
            phase: Phase::Trade,
        },
    );
    to_phase(&mut state, Phase::Trade);
    assert_refused(&mut state, 0, trade, Refusal::TradingForbidden);
}

// Rulebook "Mission Cards Overview" — Missions may change some of the rules while in play: here the number of New Threats drawn; docs/rulings.md R24: Spock's draw does not apply then
#[test]
fn mission_may_change_how_many_new_threats_are_drawn() {
    let mission = find_mission("that changes the Threats drawn", |m| {
        m.special
            .iter()
            .any(|r| matches!(r, SpecialRule::ThreatsPerTurn(_)))
    });
    let wanted = current_count(mission);
    for character in ["kirk", "spock"] {
        let mut state = mission_table(2, mission);
        set_character(&mut state, 0, character);
        let ships = vec!["klingon_cruiser"; wanted as usize + 1];
        rig_bag(&mut state, &ships);
        to_phase(&mut state, Phase::DrawNewThreats);
        state.events_mut().clear();
        state.draw_new_threats_phase();
        assert!(state.turn().window.is_none(), "{character}: no choice");
        assert_eq!(
            count(&state, |e| matches!(e, RulesEvent::ThreatPlaced { .. })),
            wanted as usize,
            "{character}"
        );
        assert_eq!(state.bag().len(), 1);
        assert_eq!(state.turn().active, 1);
    }
}

fn current_count(mission: &str) -> u8 {
    builtin()
        .mission(mission_id(mission))
        .special
        .iter()
        .find_map(|r| match r {
            SpecialRule::ThreatsPerTurn(n) => Some(*n),
            _ => None,
        })
        .expect("ThreatsPerTurn")
}
