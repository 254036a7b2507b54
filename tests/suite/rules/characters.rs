//! Rulebook "Character Cards" and the Order of Play reminder ("always beneficial to try to
//! activate your Character's special ability"): the seven abilities, as given in
//! assets/characters.ron, and docs/rulings.md R4 and R24.

use stp_rules::content::{Arc, CardEffect, Objective, builtin};
use stp_rules::*;

use super::support::*;
use crate::common::*;

fn used_ability(state: &GameState, player: PlayerId, id: &str) -> bool {
    emitted(
        state,
        &RulesEvent::AbilityUsed {
            player,
            character: character(id),
        },
    )
}

// Rulebook "7. Draw 2 New Threats" — Reminder: Spock draws three tokens at once, chooses two to resolve in any order and returns one to the bag
#[test]
fn spock_draws_3_resolves_2_and_returns_1() {
    let mut state = mission_table(2, plain_mission());
    set_character(&mut state, 0, "spock");
    rig_bag(
        &mut state,
        &[
            "klingon_cruiser",
            "klingon_cruiser",
            "romulan_battle_cruiser",
        ],
    );
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    let Some(Window::SpockChoice { drawn }) = state.turn().window.clone() else {
        panic!("Spock chooses: {:?}", state.turn().window);
    };
    assert_eq!(drawn.len(), 3);
    assert!(state.bag().is_empty(), "all three drawn at once");
    assert!(
        state.threats().is_empty(),
        "nothing resolved before the choice"
    );
    assert_invariants(&state);

    let other = state.threat_discard()[0];
    let choose = |first, second| Action::ChooseThreats { first, second };
    assert_refused(
        &mut state,
        1,
        choose(drawn[0], drawn[1]),
        Refusal::NotYourTurn { active: 0 },
    );
    assert_refused(
        &mut state,
        0,
        choose(drawn[0], drawn[0]),
        Refusal::ChooseDrawnTokens,
    );
    assert_refused(
        &mut state,
        0,
        choose(drawn[0], other),
        Refusal::ChooseDrawnTokens,
    );
    assert_refused(&mut state, 0, Action::EndPhase, Refusal::WaitingForSpock);

    // Resolved in the order chosen; the third goes back in the bag.
    act(&mut state, 0, choose(drawn[2], drawn[0])).expect("choose");
    let placed: Vec<TokenId> = state
        .events()
        .iter()
        .filter_map(|e| match e {
            RulesEvent::ThreatPlaced { token, .. } => Some(*token),
            _ => None,
        })
        .collect();
    assert_eq!(placed, vec![drawn[2], drawn[0]]);
    assert_eq!(*state.bag(), vec![drawn[1]]);
    assert!(emitted(
        &state,
        &RulesEvent::ThreatReturnedToBag { token: drawn[1] }
    ));
    assert!(used_ability(&state, 0, "spock"));
    assert_eq!(state.turn().active, 1, "the turn ended");
    assert!(state.turn().window.is_none());
    assert_invariants(&state);
}

// docs/rulings.md R24 — if the game ends on Spock's first chosen token, the second goes back in the bag
#[test]
fn ruling_r24_spock_second_token_returns_when_the_first_ends_the_game() {
    let mut state = mission_table(1, plain_mission());
    set_character(&mut state, 0, "spock");
    state.enterprise_mut().shields = [SectionState::Destroyed; 6];
    state.enterprise_mut().hull = [SectionState::Destroyed; 6];
    state.enterprise_mut().hull[5] = SectionState::Damaged;
    let tokens = rig_bag(&mut state, &["comet", "klingon_cruiser", "klingon_cruiser"]);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.draw_new_threats_phase();
    assert!(matches!(
        state.turn().window,
        Some(Window::SpockChoice { .. })
    ));
    rig_dice(&mut state, &[6]);
    act(
        &mut state,
        0,
        Action::ChooseThreats {
            first: tokens[0],
            second: tokens[1],
        },
    )
    .expect("choose");
    assert_eq!(
        state.outcome(),
        Some(Outcome::Lost(LossCause::HullDestroyed))
    );
    assert!(
        state.bag().contains(&tokens[1]),
        "the second was not played"
    );
    assert!(state.bag().contains(&tokens[2]), "the third was returned");
    assert!(state.threats().is_empty());
    assert_invariants(&state);
}

// Character card (Sulu, assets/characters.ron) — may Maneuver the Enterprise twice during the turn instead of once
#[test]
fn sulu_may_maneuver_twice() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "sulu");
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Forward)).expect("first");
    assert!(!used_ability(&state, 0, "sulu"));
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("second");
    assert!(used_ability(&state, 0, "sulu"));
    assert_eq!(state.enterprise().heading, 1);
    assert_refused(
        &mut state,
        0,
        Action::Maneuver(ManeuverKind::Clockwise),
        Refusal::NoManeuverLeft,
    );
    // Evasive Maneuvers adds to Sulu's two.
    let evasive = give(&mut state, 0, "evasive_maneuvers");
    play(&mut state, 0, evasive, Target::None).expect("evasive");
    act(&mut state, 0, Action::Maneuver(ManeuverKind::Clockwise)).expect("third");
    assert_eq!(state.enterprise().heading, 2);
}

// Character card (Scotty) — once during the turn, Repair 1 Damaged Shield or Hull section without playing a card
#[test]
fn scotty_repairs_a_damaged_section_without_a_card() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "scotty");
    set_section(&mut state, SectionKind::Hull, 3, SectionState::Damaged);
    set_section(&mut state, SectionKind::Shield, 4, SectionState::Damaged);
    assert_refused(
        &mut state,
        0,
        Action::Repair(section(SectionKind::Hull, 2)),
        Refusal::NothingToRepair,
    );
    let cards = hand(&state, 0).clone();
    act(&mut state, 0, Action::Repair(section(SectionKind::Hull, 3))).expect("repair");
    assert_eq!(hull(&state, 3), SectionState::Intact);
    assert_eq!(hand(&state, 0), &cards, "no card spent");
    assert!(used_ability(&state, 0, "scotty"));
    assert_refused(
        &mut state,
        0,
        Action::Repair(section(SectionKind::Shield, 4)),
        Refusal::AbilityUsed,
    );
    // Another character cannot.
    let mut other = quiet_table(1);
    set_section(&mut other, SectionKind::Hull, 3, SectionState::Damaged);
    assert_refused(
        &mut other,
        0,
        Action::Repair(section(SectionKind::Hull, 3)),
        Refusal::NotYourAbility,
    );
}

// Character card (Kirk) — once during the turn, take 1 card from another player's hand
#[test]
fn kirk_takes_a_card_from_another_player() {
    let mut state = quiet_table(2);
    let card = hand(&state, 1)[0];
    act(&mut state, 0, Action::TakeCard { from: 1, card }).expect("take");
    assert!(hand(&state, 0).contains(&card));
    assert!(!hand(&state, 1).contains(&card));
    assert!(emitted(
        &state,
        &RulesEvent::CardTaken {
            player: 0,
            from: 1,
            card
        }
    ));
    let next = hand(&state, 1)[0];
    assert_refused(
        &mut state,
        0,
        Action::TakeCard {
            from: 1,
            card: next,
        },
        Refusal::AbilityUsed,
    );
    // docs/rulings.md R4: during the player's own Trade or Play phase only.
    let mut trade = quiet_table(2);
    to_phase(&mut trade, Phase::Trade);
    let card = hand(&trade, 1)[0];
    act(&mut trade, 0, Action::TakeCard { from: 1, card }).expect("in Trade too");
    let mut late = quiet_table(2);
    to_phase(&mut late, Phase::CheckMissionStatus);
    let card = hand(&late, 1)[0];
    assert_refused(
        &mut late,
        0,
        Action::TakeCard { from: 1, card },
        Refusal::WrongPhase {
            phase: Phase::CheckMissionStatus,
        },
    );
    assert_invariants(&state);
}

// Character card (McCoy) — once during the turn, commit any 1 card to the Mission as a Medical credit
#[test]
fn mccoy_commits_any_card_as_medical() {
    let mission = find_mission("that needs 2 Medical credits", |m| {
        m.objectives.iter().any(|o| {
            matches!(o, Objective::CommitCredits { division: Division::Medical, count } if *count >= 2)
        }) && !m.objectives.iter().any(|o| {
            matches!(
                o,
                Objective::CommitCredits {
                    division: Division::Command,
                    ..
                }
            )
        })
    });
    let mut state = mission_table(1, mission);
    set_character(&mut state, 0, "mccoy");
    let index = objective_index(&state, |o| {
        matches!(
            o,
            Objective::CommitCredits {
                division: Division::Medical,
                ..
            }
        )
    });
    let torpedo = give(&mut state, 0, "photon_torpedoes");
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card: torpedo,
            as_medical: false,
        },
        Refusal::NotNeededForMission,
    );
    act(
        &mut state,
        0,
        Action::Commit {
            card: torpedo,
            as_medical: true,
        },
    )
    .expect("as Medical");
    assert_eq!(
        state.mission().as_ref().map(|m| m.committed.clone()),
        Some(vec![Committed {
            card: torpedo,
            credit: Some(Division::Medical)
        }])
    );
    assert_eq!(state.mission_progress()[index].0, 1);
    assert!(used_ability(&state, 0, "mccoy"));
    let second = give(&mut state, 0, "photon_torpedoes");
    assert_refused(
        &mut state,
        0,
        Action::Commit {
            card: second,
            as_medical: true,
        },
        Refusal::AbilityUsed,
    );
    // Not someone else's ability.
    let mut other = mission_table(1, mission);
    let torpedo = give(&mut other, 0, "photon_torpedoes");
    assert_refused(
        &mut other,
        0,
        Action::Commit {
            card: torpedo,
            as_medical: true,
        },
        Refusal::NotYourAbility,
    );
    assert_invariants(&state);
}

// Character card (Uhura) — may Trade twice during the turn, even when the Mission forbids Trading
#[test]
fn uhura_trades_twice_even_under_no_trade() {
    let mission = find_mission("that forbids trading", |m| m.no_trade);
    let mut state = mission_table(2, mission);
    set_character(&mut state, 0, "uhura");
    state.enter_trade_phase();
    assert!(!state.turn().phase_done, "the Trade phase is not skipped");
    let sizes = (hand(&state, 0).len(), hand(&state, 1).len());
    for round in 0..2 {
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
        .unwrap_or_else(|r| panic!("trade {round}: {r:?}"));
        assert!(hand(&state, 0).contains(&take_card));
        assert!(hand(&state, 1).contains(&give_card));
    }
    assert!(used_ability(&state, 0, "uhura"));
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
    assert_eq!((hand(&state, 0).len(), hand(&state, 1).len()), sizes);
    assert_invariants(&state);
}

// Character card (Chekov) — once during the turn, play 1 Hit card as if its Range were one ring nearer or farther
#[test]
fn chekov_shifts_a_hit_card_range() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "chekov");
    let short_only = phasers(Arc::Forward, Range::Short, Some(Range::Medium));
    let medium = place(&mut state, sturdy(), Range::Medium, 1);
    let card = give(&mut state, 0, short_only);
    assert_refused(
        &mut state,
        0,
        play_action(card, Target::Threat(medium)),
        Refusal::OutOfRange {
            range: Range::Medium,
        },
    );
    let CardEffect::Hit { ranges, .. } = &builtin().card(card).effect else {
        panic!("a Hit card")
    };
    assert_eq!(ranges, &vec![Range::Short], "a Short Range only card");
    let short = place(&mut state, sturdy(), Range::Short, 6);
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card,
            target: Target::Threat(short),
            with: None,
            shift: Some(RangeShift::Nearer),
        },
        Refusal::AbilityCannotShift,
    );
    act(
        &mut state,
        0,
        Action::PlayCard {
            card,
            target: Target::Threat(medium),
            with: None,
            shift: Some(RangeShift::Farther),
        },
    )
    .expect("Short shifted to Medium");
    assert_eq!(
        state.threat(medium).map(|t| t.defense),
        Some(max_defense(sturdy()) - 1)
    );
    assert!(used_ability(&state, 0, "chekov"));
    let again = give(&mut state, 0, short_only);
    assert_refused(
        &mut state,
        0,
        Action::PlayCard {
            card: again,
            target: Target::Threat(medium),
            with: None,
            shift: Some(RangeShift::Farther),
        },
        Refusal::AbilityUsed,
    );
    // Only Chekov, and only Hit cards.
    let mut other = quiet_table(1);
    let target = place(&mut other, sturdy(), Range::Medium, 1);
    let card = give(&mut other, 0, short_only);
    assert_refused(
        &mut other,
        0,
        Action::PlayCard {
            card,
            target: Target::Threat(target),
            with: None,
            shift: Some(RangeShift::Farther),
        },
        Refusal::NotYourAbility,
    );
    let rand = give(&mut other, 0, "yeoman_rand");
    assert_refused(
        &mut other,
        0,
        Action::PlayCard {
            card: rand,
            target: Target::None,
            with: None,
            shift: Some(RangeShift::Nearer),
        },
        Refusal::NotThisCard {
            expected: "a Hit card for Chekov's ability",
        },
    );
}

// Character card (Chekov) + docs/rulings.md R15 — the shifted Hit card may carry a Direct Hit
#[test]
fn chekov_shift_works_with_direct_hit() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "chekov");
    let ship = place(&mut state, toughest(), Range::Medium, 6);
    let card = give(
        &mut state,
        0,
        phasers(Arc::Forward, Range::Short, Some(Range::Medium)),
    );
    let direct = obtain(&mut state, 0, "direct_hit");
    act(
        &mut state,
        0,
        Action::PlayCard {
            card,
            target: Target::Threat(ship),
            with: Some(direct),
            shift: Some(RangeShift::Farther),
        },
    )
    .expect("Hit card named first");
    assert!(state.threat(ship).is_none());
}

// docs/rulings.md R15 — Direct Hit "may be named first or second" (apply.rs), so naming it first with Chekov's shift must work as well
#[test]
fn chekov_shift_works_with_direct_hit_named_first() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "chekov");
    let ship = place(&mut state, toughest(), Range::Medium, 6);
    let card = give(
        &mut state,
        0,
        phasers(Arc::Forward, Range::Short, Some(Range::Medium)),
    );
    let direct = obtain(&mut state, 0, "direct_hit");
    act(
        &mut state,
        0,
        Action::PlayCard {
            card: direct,
            target: Target::Threat(ship),
            with: Some(card),
            shift: Some(RangeShift::Farther),
        },
    )
    .expect("Direct Hit named first");
    assert!(state.threat(ship).is_none());
}

// docs/rulings.md R4 — abilities are once a turn and start afresh on the next turn
#[test]
fn ruling_r4_abilities_start_afresh_each_turn() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "scotty");
    set_section(&mut state, SectionKind::Hull, 1, SectionState::Damaged);
    set_section(&mut state, SectionKind::Hull, 2, SectionState::Damaged);
    act(&mut state, 0, Action::Repair(section(SectionKind::Hull, 1))).expect("repair");
    assert!(state.turn().ability_used);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.end_turn();
    assert!(!state.turn().ability_used);
    to_phase(&mut state, Phase::PlayAndManeuver);
    act(&mut state, 0, Action::Repair(section(SectionKind::Hull, 2))).expect("next turn");
    assert_eq!(hull(&state, 2), SectionState::Intact);
    assert_eq!(
        builtin().characters[state.players()[0].character as usize].id,
        "scotty"
    );
}

// Character card (McCoy, assets/characters.ron) — or, once during the turn, discard 1 card to draw 1
#[test]
fn mccoy_may_discard_a_card_to_draw_one() {
    let mut state = quiet_table(1);
    set_character(&mut state, 0, "mccoy");
    let card = hand(&state, 0)[0];
    let size = hand(&state, 0).len();
    let top = *state.deck().last().expect("deck");
    act(&mut state, 0, Action::Redraw { card }).expect("redraw");
    assert_eq!(state.discard().last(), Some(&card));
    assert!(hand(&state, 0).contains(&top));
    assert_eq!(hand(&state, 0).len(), size);
    assert!(used_ability(&state, 0, "mccoy"));
    let next = hand(&state, 0)[0];
    assert_refused(
        &mut state,
        0,
        Action::Redraw { card: next },
        Refusal::AbilityUsed,
    );
    let mut other = quiet_table(1);
    let card = hand(&other, 0)[0];
    assert_refused(
        &mut other,
        0,
        Action::Redraw { card },
        Refusal::NotYourAbility,
    );
    assert_invariants(&state);
}

// docs/rulings.md R24 — when the bag (refilled if it may be) holds fewer than three tokens, Spock resolves what he drew
#[test]
fn ruling_r24_spock_with_fewer_than_three_tokens_resolves_what_he_drew() {
    let mut state = quiet_table(2);
    set_character(&mut state, 0, "spock");
    place(&mut state, "klingon_cruiser", Range::Long, 1);
    let drawn = rig_bag(&mut state, &["klingon_cruiser", "romulan_battle_cruiser"]);
    to_phase(&mut state, Phase::DrawNewThreats);
    state.events_mut().clear();
    state.draw_new_threats_phase();
    assert!(state.turn().window.is_none(), "no choice to make");
    for token in drawn {
        assert!(state.threat(token).is_some(), "resolved");
    }
    assert!(
        state.bag().is_empty(),
        "a patrol game never refills the bag"
    );
    assert_eq!(state.turn().active, 1);
    assert_invariants(&state);
}
