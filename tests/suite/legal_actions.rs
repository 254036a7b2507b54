//! The rules' one answer to "what can I play?" (`legal_actions`, `legal_plays`) agrees with the
//! validator: over positions from bot games, every listed action is accepted, and every action
//! of a brute-force universe that the validator accepts is listed.

use std::collections::HashSet;

use stp_rules::content::{CardEffect, builtin};
use stp_rules::*;

use crate::common;

/// Positions met in seeded bot games across presets and crew sizes, one every `every` steps.
pub fn positions(every: usize) -> Vec<GameState> {
    let mut out = Vec::new();
    let games = [
        ("cadet", 1, 3),
        ("standard", 2, 11),
        ("standard", 4, 5),
        ("commander", 5, 23),
        ("admiral", 6, 8),
        ("ensign", 3, 42),
        ("patrol", 4, 17),
    ];
    for (preset, players, seed) in games {
        let mut state = GameState::new(&GameOptions::quick(seed, players, preset)).expect("setup");
        state.advance();
        let mut step = 0;
        while !state.is_over() && state.turn().number < 60 {
            if step % every == 0 {
                out.push(state.clone());
            }
            let action = stp_rules::bot::choose(&state).expect("someone must act");
            state.act(action).expect("the bot plays legal actions");
            state.advance();
            state.events_mut().clear();
            step += 1;
        }
    }
    out
}

/// Cards worth trying: every hand, the discard pile, and one card from the deck.
fn cards_in_play(state: &GameState) -> Vec<CardId> {
    let mut cards: Vec<CardId> = state
        .players()
        .iter()
        .flat_map(|p| p.hand.clone())
        .collect();
    cards.extend(state.discard().iter().copied());
    cards.extend(state.deck().first().copied());
    cards
}

/// Every action the validator could be asked about in this position, legal or not.
fn universe(state: &GameState, player: PlayerId) -> Vec<Action> {
    let n = state.players().len() as PlayerId;
    let cards = cards_in_play(state);
    let mut tokens: Vec<TokenId> = state.threats().iter().map(|t| t.token).collect();
    tokens.extend(state.bag().first().copied());
    if let Some(Window::SpockChoice { drawn }) = &state.turn().window {
        tokens.extend(drawn.iter().copied());
    }
    let mut targets = vec![Target::None];
    for t in &tokens {
        targets.push(Target::Threat(*t));
        targets.push(Target::Shift(*t, Rotation::Clockwise));
        targets.push(Target::Shift(*t, Rotation::CounterClockwise));
    }
    targets.extend(all_sections().map(Target::Section));
    targets.extend((0..7).map(Target::Facing));
    targets.extend(cards.iter().map(|c| Target::Discard(*c)));
    let hand = &state.players()[player as usize].hand;
    let mut out = vec![
        Action::EndPhase,
        Action::RollForMission,
        Action::ResolveBoarding,
        Action::Maneuver(ManeuverKind::Clockwise),
        Action::Maneuver(ManeuverKind::CounterClockwise),
        Action::Maneuver(ManeuverKind::Forward),
    ];
    out.extend(all_sections().map(Action::Repair));
    for first in &tokens {
        for second in &tokens {
            out.push(Action::ChooseThreats {
                first: *first,
                second: *second,
            });
        }
    }
    for card in &cards {
        out.push(Action::Commit {
            card: *card,
            as_medical: false,
        });
        out.push(Action::Commit {
            card: *card,
            as_medical: true,
        });
        out.push(Action::Redraw { card: *card });
        out.push(Action::Discard { card: *card });
        out.push(Action::PlaySecurityTeam { card: *card });
        for with in 0..=n {
            out.push(Action::TakeCard {
                from: with,
                card: *card,
            });
            for give in hand {
                out.push(Action::Trade {
                    with,
                    give: *give,
                    take: *card,
                });
            }
        }
    }
    let partners: Vec<Option<CardId>> = std::iter::once(None)
        .chain(hand.iter().map(|c| Some(*c)))
        .chain(state.deck().first().map(|c| Some(*c)))
        .collect();
    for card in hand.iter().chain(state.deck().first()) {
        for target in &targets {
            for with in &partners {
                for shift in [None, Some(RangeShift::Nearer), Some(RangeShift::Farther)] {
                    out.push(Action::PlayCard {
                        card: *card,
                        target: *target,
                        with: *with,
                        shift,
                    });
                }
            }
        }
    }
    out
}

/// Every listed action is accepted, and every accepted action of the universe is listed.
#[test]
fn legal_actions_are_exactly_what_the_validator_accepts() {
    let positions = positions(4);
    assert!(positions.len() > 100, "only {} positions", positions.len());
    let mut checked = 0usize;
    let mut accepted = 0usize;
    for state in &positions {
        for player in 0..state.players().len() as PlayerId {
            let listed = state.legal_actions(player);
            let set: HashSet<PlayerAction> = listed.iter().copied().collect();
            assert_eq!(set.len(), listed.len(), "an action is listed twice");
            for action in &listed {
                assert_eq!(
                    state.validate(action),
                    Ok(()),
                    "listed but refused: {action:?}"
                );
            }
            for action in universe(state, player) {
                let action = PlayerAction { player, action };
                checked += 1;
                if state.validate(&action).is_ok() {
                    accepted += 1;
                    assert!(
                        set.contains(&action),
                        "accepted but not listed: {action:?} (turn {}, phase {:?})",
                        state.turn().number,
                        state.turn().phase
                    );
                }
            }
        }
    }
    assert!(accepted > 1000, "too few legal actions met: {accepted}");
    assert!(checked > 100_000, "too small a universe: {checked}");
}

/// `legal_plays` lists a card's plays; `legal_actions` holds them all, and only `PlayCard`s.
#[test]
fn legal_plays_are_the_card_plays_of_legal_actions() {
    for state in positions(9) {
        let player = state.turn().active;
        let all = state.legal_actions(player);
        let mut plays = Vec::new();
        for card in state.players()[player as usize].hand.clone() {
            let of_card = state.legal_plays(player, card);
            for play in &of_card {
                assert!(
                    matches!(play.action, Action::PlayCard { card: c, .. } if c == card),
                    "{play:?} is not a play of card {card}"
                );
            }
            plays.extend(of_card);
        }
        let listed: Vec<PlayerAction> = all
            .into_iter()
            .filter(|a| matches!(a.action, Action::PlayCard { .. }))
            .collect();
        assert_eq!(plays, listed);
        let playing = state.turn().phase == Phase::PlayAndManeuver
            && !state.turn().phase_done
            && state.turn().window.is_none();
        if !playing {
            continue;
        }
        assert_eq!(state.has_legal_play(player), {
            let hand = &state.players()[player as usize].hand;
            !state.legal_actions(player).iter().all(|a| match a.action {
                Action::PlayCard { .. } => false,
                Action::Commit { card, .. } => !hand.contains(&card),
                _ => true,
            })
        });
    }
}

/// Rulebook "Enterprise Cards": Yeoman Rand and Evasive Maneuvers take no target, so their
/// only play is without one, and a target given to them is refused.
#[test]
fn cards_without_a_target_have_one_play_and_refuse_targets() {
    let mut state = common::table(2);
    let kinds = ["yeoman_rand", "evasive_maneuvers"];
    let cards: Vec<CardId> = kinds
        .iter()
        .map(|k| common::give(&mut state, 0, k))
        .collect();
    let token = common::place(&mut state, "klingon_cruiser", Range::Short, 1);
    for card in cards {
        assert!(matches!(
            builtin().card(card).effect,
            CardEffect::DrawCards { .. } | CardEffect::EvasiveManeuvers
        ));
        let plays = state.legal_plays(0, card);
        let targets: Vec<Target> = plays
            .iter()
            .map(|p| match p.action {
                Action::PlayCard { target, .. } => target,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(targets, vec![Target::None]);
        let aimed = PlayerAction {
            player: 0,
            action: Action::PlayCard {
                card,
                target: Target::Threat(token),
                with: None,
                shift: None,
            },
        };
        assert!(matches!(
            state.validate(&aimed),
            Err(Refusal::WrongTarget { .. })
        ));
    }
}

/// Scotty's free repair (the character card) is a legal action whenever a section is damaged.
#[test]
fn scotty_repair_is_listed_for_each_damaged_section() {
    let mut state = common::table(2);
    crate::rules::support::set_character(&mut state, 0, "scotty");
    state.enterprise_mut().shields[2] = SectionState::Damaged;
    state.enterprise_mut().hull[4] = SectionState::Damaged;
    let repairs: Vec<SectionRef> = state
        .legal_actions(0)
        .into_iter()
        .filter_map(|a| match a.action {
            Action::Repair(section) => Some(section),
            _ => None,
        })
        .collect();
    assert_eq!(
        repairs,
        vec![
            SectionRef {
                kind: SectionKind::Shield,
                facing: 2
            },
            SectionRef {
                kind: SectionKind::Hull,
                facing: 4
            },
        ]
    );
}

/// A card with no legal play says why in the validator's words; one with a play says nothing.
#[test]
fn why_no_play_gives_the_rules_reason() {
    let mut state = common::table(2);
    // Not Chekov, whose shift would bring Short Range within reach.
    crate::rules::support::set_character(&mut state, 0, "sulu");
    let phasers = common::give(&mut state, 0, "phasers_forward_long");
    let torpedo = common::give(&mut state, 0, "photon_torpedoes");
    common::place(&mut state, "klingon_cruiser", Range::Short, 1);
    assert_eq!(state.why_no_play(0, torpedo), None);
    assert_eq!(
        state.why_no_play(0, phasers),
        Some(Refusal::OutOfRange {
            range: Range::Short
        })
    );
    // Of two ships, one outside the facings and one in them at the wrong range, the reason
    // given is the near miss: the range (a newcomer was told "outside the facings").
    common::place(&mut state, "romulan_battle_cruiser", Range::Long, 3);
    assert_eq!(
        state.why_no_play(0, phasers),
        Some(Refusal::OutOfRange {
            range: Range::Short
        })
    );
    // Rulebook "Tritanium": it repairs a damaged Hull section; with every one intact, that
    // is the reason, not that its partner's Shields are no Hull sections.
    let tritanium = common::give(&mut state, 0, "tritanium");
    common::give(&mut state, 0, "dilithium");
    assert_eq!(
        state.why_no_play(0, tritanium),
        Some(Refusal::NothingToRepair)
    );
    // Another player's card: it is not their turn.
    let other = common::give(&mut state, 1, "photon_torpedoes");
    assert_eq!(
        state.why_no_play(1, other),
        Some(Refusal::NotYourTurn { active: 0 })
    );
}

/// Rulebook "Hit Cards": a card's reach (what the table paints when it is picked) is exactly
/// where the validator lets it hit: for every Hit card kind, every heading of the ship and
/// Chekov's shifts, a ship placed at each of the 18 places is hittable iff it is in reach.
#[test]
fn reach_is_where_the_validator_lets_a_hit_card_hit() {
    use stp_rules::content::CardEffect;
    let mut base = common::table(2);
    crate::rules::support::set_character(&mut base, 0, "chekov");
    common::empty_hand(&mut base, 0);
    common::empty_hand(&mut base, 1);
    let kinds: Vec<String> = {
        let mut kinds: Vec<String> = (0..62u8)
            .filter(|c| matches!(builtin().card(*c).effect, CardEffect::Hit { .. }))
            .map(|c| builtin().card(c).kind.clone())
            .collect();
        kinds.dedup();
        kinds
    };
    let mut checked = 0;
    for kind in &kinds {
        let mut state = base.clone();
        let card = common::give(&mut state, 0, kind);
        for heading in 0..6 {
            state.enterprise_mut().heading = heading;
            for shift in [None, Some(RangeShift::Nearer), Some(RangeShift::Farther)] {
                let reach = state.reach(0, card, shift);
                for sector in 1..=6 {
                    for range in [Range::Long, Range::Medium, Range::Short] {
                        let mut table = state.clone();
                        let token = common::place(&mut table, "klingon_cruiser", range, sector);
                        let play = PlayerAction {
                            player: 0,
                            action: Action::PlayCard {
                                card,
                                target: Target::Threat(token),
                                with: None,
                                shift,
                            },
                        };
                        let pos = Position::new(range, sector - 1);
                        assert_eq!(
                            table.validate(&play).is_ok(),
                            reach.contains(&pos),
                            "{kind} heading {heading} {shift:?} at {pos:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1000);
}
