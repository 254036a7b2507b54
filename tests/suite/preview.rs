//! What the threats will do: the preview shown during Play Cards & Maneuver agrees with what
//! the Threats Move & Fire phase then really does, and it never reads the die.

use stp_rules::preview::{Intent, ThreatPreview};
use stp_rules::*;

use crate::common;

/// Ends the active player's Play Cards & Maneuver phase and runs the rules through Threats
/// Move & Fire, letting boarders land without Security Teams; returns the events.
fn run_threat_phase(state: &mut GameState) -> Vec<RulesEvent> {
    state.events_mut().clear();
    end_the_phase(state);
    play_on(state)
}

/// The active player ends Play Cards & Maneuver.
fn end_the_phase(state: &mut GameState) {
    let active = state.turn().active;
    state
        .act(PlayerAction {
            player: active,
            action: Action::EndPhase,
        })
        .expect("end the phase");
}

/// Plays on to New Threats, letting boarders land without Security Teams; returns the events
/// since they were last cleared.
fn play_on(state: &mut GameState) -> Vec<RulesEvent> {
    let active = state.turn().active;
    for _ in 0..500 {
        if state.is_over() || state.turn().phase == Phase::DrawNewThreats {
            break;
        }
        if matches!(state.turn().window, Some(Window::Boarding { .. })) {
            state
                .act(PlayerAction {
                    player: active,
                    action: Action::ResolveBoarding,
                })
                .expect("let them board");
            continue;
        }
        if !state.step() && state.turn().window.is_none() {
            break;
        }
    }
    state.events().to_vec()
}

fn compare(preview: &ThreatPreview, after: &GameState, events: &[RulesEvent]) {
    for intent in preview.threats.iter().filter(|i| i.what != Intent::Chance) {
        let now = after.threat(intent.token).map(|t| t.pos);
        match intent.what {
            Intent::Boards { .. } => assert_eq!(now, None, "{intent:?} boarded"),
            _ if now.is_some() => assert_eq!(now, intent.to, "{intent:?}"),
            // Destroyed on the way (a mission reward) or by fire is not a move to foresee.
            _ => {}
        }
    }
    if !preview.certain() {
        return;
    }
    let fired = crate::rules::support::shots(after);
    let foreseen: Vec<(TokenId, u8, u8)> = preview
        .threats
        .iter()
        .filter_map(|i| i.fires.map(|(facing, damage)| (i.token, facing, damage)))
        .collect();
    assert_eq!(fired, foreseen);
    for facing in 0..6u8 {
        let hits = |kind: SectionKind| {
            events
                .iter()
                .filter(|e| match e {
                    RulesEvent::SectionDamaged { section }
                    | RulesEvent::SectionDestroyed { section } => {
                        section.facing == facing && section.kind == kind
                    }
                    _ => false,
                })
                .count() as u8
        };
        let f = preview.facings[facing as usize];
        assert_eq!(
            (f.shield_hits, f.hull_hits),
            (hits(SectionKind::Shield), hits(SectionKind::Hull)),
            "facing {facing}"
        );
        let lost: usize = events
            .iter()
            .map(|e| match e {
                RulesEvent::CardsRemoved {
                    cards,
                    facing: Some(at),
                } if *at == facing => cards.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(usize::from(f.cards_lost), lost, "facing {facing}'s cards");
    }
    // Every shot a mission token takes for the ship, by whom and for how much.
    let taken: Vec<(TokenId, u8, u8, u8)> = events
        .iter()
        .filter_map(|e| match e {
            RulesEvent::MissionTokenHit {
                token,
                value,
                by,
                damage,
            } => Some((*by, *token, *damage, *value)),
            _ => None,
        })
        .collect();
    let foreseen: Vec<(TokenId, u8, u8, u8)> = preview
        .threats
        .iter()
        .filter_map(|i| i.at_token.map(|s| (i.token, s.token, s.damage, s.left)))
        .collect();
    assert_eq!(taken, foreseen);
}

/// Over positions from bot games, in Play Cards & Maneuver, the preview matches the phase:
/// every foreseen move, and, where no cloaked ship leaves it to the die, every shot and every
/// point of damage to each Shield and Hull.
#[test]
fn threat_preview_matches_what_the_phase_does() {
    let mut checked = 0;
    let mut certain = 0;
    for state in crate::legal_actions::positions(2) {
        let playing = state.turn().phase == Phase::PlayAndManeuver
            && state.turn().window.is_none()
            && !state.turn().phase_done;
        if !playing {
            continue;
        }
        let preview = state.threat_preview().expect("a preview while playing");
        let mut after = state.clone();
        let events = run_threat_phase(&mut after);
        compare(&preview, &after, &events);
        checked += 1;
        certain += usize::from(preview.certain());
    }
    assert!(
        checked > 50 && certain > 20,
        "{checked} positions, {certain} certain"
    );
}

/// The preview reads no hidden information: the same table with another generator state
/// (other die rolls to come) and another bag and deck order previews the same.
#[test]
fn threat_preview_does_not_read_the_die_or_the_bag() {
    let mut state = common::table(2);
    common::place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let cloaker = common::place(&mut state, "romulan_cloaking_cruiser", Range::Long, 3);
    state.threats_mut().iter_mut().for_each(|t| {
        if t.token == cloaker {
            t.cloaked = true;
        }
    });
    let preview = state.threat_preview().expect("preview");
    let mut other = state.clone();
    *other.rng_mut() = GameState::new(&GameOptions::quick(999, 2, "patrol"))
        .expect("setup")
        .rng()
        .clone();
    other.bag_mut().reverse();
    other.deck_mut().reverse();
    assert_eq!(other.threat_preview(), Some(preview.clone()));
    let chance: Vec<_> = preview
        .threats
        .iter()
        .filter(|i| i.what == Intent::Chance)
        .collect();
    assert_eq!(chance.len(), 1);
    assert_eq!(chance[0].to, None, "the die decides where it uncloaks");
}

/// Rulebook "Cloaking Ships": an uncloaking ship rolls the die, "On 1–2: move the uncloaking
/// ships one facing clockwise, on 3–4: the uncloaking ships remain where they are, and on
/// 5–6: move the uncloaking ships one facing counter-clockwise", then fires. The preview
/// marks those three facings as the ones it may fire at, and no other.
#[test]
fn threat_preview_marks_the_three_facings_an_uncloaking_ship_may_fire_at() {
    let mut state = common::table(2);
    let cloaker = common::place(&mut state, "romulan_cloaking_cruiser", Range::Long, 3);
    state.threats_mut().iter_mut().for_each(|t| {
        if t.token == cloaker {
            t.cloaked = true;
        }
    });
    let preview = state.threat_preview().expect("preview");
    let sectors: Vec<u8> = (0..6u8)
        .filter(|f| preview.facings[*f as usize].chance)
        .map(|f| state.enterprise().sector_of_facing(f))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    // Board sector 3 is index 2: sectors 2, 3 and 4.
    assert_eq!(sectors, vec![1, 2, 3], "its own sector and one either side");
}

/// Rulebook "Threats Moving and Firing": a Klingon Cruiser at Medium Range moves to Short and
/// fires at its facing; the preview says so, and where the damage lands (Shield first).
#[test]
fn threat_preview_names_the_move_the_shot_and_the_shield() {
    let mut state = common::table(2);
    let token = common::place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let preview = state.threat_preview().expect("preview");
    let intent = preview.threats.iter().find(|i| i.token == token).unwrap();
    assert_eq!(intent.to, Some(Position::new(Range::Short, 0)));
    assert_eq!(intent.what, Intent::MovesAndFires);
    let (facing, damage) = intent.fires.expect("it fires");
    assert_eq!(facing, state.enterprise().facing_of_sector(0));
    let f = preview.facings[facing as usize];
    assert_eq!(
        (f.incoming, f.shield_hits, f.hull_hits),
        (damage, damage, 0)
    );
    assert!(preview.certain());
    // Outside Play Cards & Maneuver there is nothing to preview.
    common::to_phase(&mut state, Phase::Trade);
    assert_eq!(state.threat_preview(), None);
}

// Rulebook "Damage to Destroyed Hull Sections": each Damage to a Destroyed Hull section removes
// the top Enterprise card from the game. The preview says so for the facing, before it happens.
#[test]
fn threat_preview_counts_the_cards_a_destroyed_hull_section_costs() {
    let mut state = common::table(2);
    let token = common::place(&mut state, "klingon_cruiser", Range::Medium, 1);
    let facing = state.enterprise().facing_of_sector(0);
    state.enterprise_mut().shields[facing as usize] = SectionState::Destroyed;
    state.enterprise_mut().hull[facing as usize] = SectionState::Destroyed;
    let preview = state.threat_preview().expect("preview");
    let f = preview.facings[facing as usize];
    assert_eq!((f.shield_hits, f.hull_hits, f.cards_lost), (0, 0, 1));
    let intent = preview.threats.iter().find(|i| i.token == token).unwrap();
    assert_eq!(intent.fires, Some((facing, 1)));
    let before = state.removed().len();
    let events = run_threat_phase(&mut state);
    assert_eq!(state.removed().len(), before + 1);
    compare(&preview, &state, &events);
}

// Mission "Outpost Defense": threats in the Federation Outpost's sector fire at it instead of
// the Enterprise. The preview names the shooter, the damage and what the Outpost has left.
#[test]
fn threat_preview_names_the_shot_an_outpost_takes_for_the_ship() {
    let text = r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
        players: [(name: "Ann", character: "sulu", hand: []), (name: "Bob", character: "kirk", hand: [])],
        phase: PlayAndManeuver,
        threats: [(kind: "klingon_cruiser", range: Medium, sector: 2)],
        mission: Some((id: "outpost_defense", timer: Some(3),
            tokens: [(token: "outpost", range: Medium, sector: 2)], committed: [])))"#;
    let mut state = stp_rules::scenario::Scenario::from_text(text)
        .expect("parses")
        .table()
        .expect("a table");
    let preview = state.threat_preview().expect("preview");
    let outpost = state.mission_tokens()[0].clone();
    let intent = &preview.threats[0];
    assert_eq!(intent.fires, None, "the Outpost takes the shot");
    let shot = intent.at_token.expect("a shot at the Outpost");
    assert_eq!(
        (shot.token, shot.damage, shot.left),
        (outpost.token, 1, outpost.value - 1)
    );
    assert_eq!(intent.what, Intent::MovesAndFires);
    let events = run_threat_phase(&mut state);
    compare(&preview, &state, &events);
}

// Rulebook "Boarders": ships starting Threats Move & Fire in Short Range before a facing with
// no Shield board; a player holding a Security Team may answer before the phase goes on. While
// the rules wait on that answer, the rest of the phase is in no event yet: the preview says
// it, as it said it before the phase, and it comes true when the boarders are let on.
#[test]
fn threat_preview_says_the_rest_of_a_phase_that_waits_on_a_security_team() {
    let text = r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
        players: [(name: "Ann", character: "sulu", hand: []),
                  (name: "Bob", character: "kirk", hand: ["security_team"])],
        phase: PlayAndManeuver,
        heading: 0,
        shields: [Intact, Intact, Intact, Destroyed, Intact, Intact],
        threats: [(kind: "klingon_cruiser", range: Short, sector: 4),
                  (kind: "romulan_battle_cruiser", range: Medium, sector: 2)])"#;
    let mut state = stp_rules::scenario::Scenario::from_text(text)
        .expect("parses")
        .table()
        .expect("a table");
    let before = state.threat_preview().expect("a preview before the phase");
    end_the_phase(&mut state);
    for _ in 0..20 {
        if state.turn().window.is_some() || !state.step() {
            break;
        }
    }
    assert!(
        matches!(state.turn().window, Some(Window::Boarding { .. })),
        "the rules wait on the Security Team: {:?}",
        state.turn().window
    );
    let waiting = state
        .threat_preview()
        .expect("a preview while the rules wait");
    assert!(
        waiting
            .threats
            .iter()
            .any(|i| matches!(i.what, Intent::Boards { .. })),
        "the boarder is named: {waiting:?}"
    );
    assert_eq!(
        waiting.facings, before.facings,
        "the same outcome as before the phase"
    );
    state.events_mut().clear();
    let events = play_on(&mut state);
    compare(&waiting, &state, &events);
}
