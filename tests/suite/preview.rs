//! What the threats will do: the preview shown during Play Cards & Maneuver agrees with what
//! the Threats Move & Fire phase then really does, and it never reads the die.

use stp_rules::preview::{Intent, ThreatPreview};
use stp_rules::*;

use crate::common;

/// Ends the active player's Play Cards & Maneuver phase and runs the rules through Threats
/// Move & Fire, letting boarders land without Security Teams; returns the events.
fn run_threat_phase(state: &mut GameState) -> Vec<RulesEvent> {
    state.events.clear();
    let active = state.turn.active;
    state
        .act(PlayerAction {
            player: active,
            action: Action::EndPhase,
        })
        .expect("end the phase");
    while !state.is_over() && state.turn.phase != Phase::DrawNewThreats {
        if matches!(state.turn.window, Some(Window::Boarding { .. })) {
            state
                .act(PlayerAction {
                    player: active,
                    action: Action::ResolveBoarding,
                })
                .expect("let them board");
            continue;
        }
        if !state.step() && state.turn.window.is_none() {
            break;
        }
    }
    state.events.clone()
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
    }
}

/// Over positions from bot games, in Play Cards & Maneuver, the preview matches the phase:
/// every foreseen move, and, where no cloaked ship leaves it to the die, every shot and every
/// point of damage to each Shield and Hull.
#[test]
fn threat_preview_matches_what_the_phase_does() {
    let mut checked = 0;
    let mut certain = 0;
    for state in crate::legal_actions::positions(2) {
        let playing = state.turn.phase == Phase::PlayAndManeuver
            && state.turn.window.is_none()
            && !state.turn.phase_done;
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
    state.threats.iter_mut().for_each(|t| {
        if t.token == cloaker {
            t.cloaked = true;
        }
    });
    let preview = state.threat_preview().expect("preview");
    let mut other = state.clone();
    other.rng = GameState::new(&GameOptions::quick(999, 2, "patrol"))
        .expect("setup")
        .rng;
    other.bag.reverse();
    other.deck.reverse();
    assert_eq!(other.threat_preview(), Some(preview.clone()));
    let chance: Vec<_> = preview
        .threats
        .iter()
        .filter(|i| i.what == Intent::Chance)
        .collect();
    assert_eq!(chance.len(), 1);
    assert_eq!(chance[0].to, None, "the die decides where it uncloaks");
    assert!(preview.facings.iter().all(|f| f.chance));
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
    assert_eq!(facing, state.enterprise.facing_of_sector(0));
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
