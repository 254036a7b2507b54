//! Card text agrees with card effects, as mission text already does: `schema::card_text` writes
//! what a card's effect does, and the content checks (in `build.rs` and at load) refuse a card
//! whose `text` says anything else.
//!
//! Rulebook "1. Enterprise Cards" — Hit Cards: "Hit cards are played by matching the exact
//! facing and range that a target Threat is in. ... Each Hit card describes the sector facings
//! that it can affect as well as the range", so a card's text must name every range it reaches.

use stp_rules::content::schema::{self, card_text};
use stp_rules::content::{Arc, CardEffect, Range, Weapon, builtin};

use crate::engine::{builtin_sources as asset_sources, load};

/// `cards.ron` with the `text` of card kind `id` replaced by `text`.
fn with_card_text(cards: &str, id: &str, text: &str) -> String {
    let entry = cards
        .find(&format!("id: \"{id}\""))
        .unwrap_or_else(|| panic!("card kind `{id}` not found in cards.ron"));
    let start = entry + cards[entry..].find("text: \"").expect("the entry's text") + 7;
    let end = start + cards[start..].find('"').expect("the text's closing quote");
    format!("{}{text}{}", &cards[..start], &cards[end..])
}

fn phaser(arcs: Vec<Arc>, ranges: Vec<Range>) -> CardEffect {
    CardEffect::Hit {
        weapon: Weapon::Phasers,
        arcs,
        ranges,
        damage: 1,
    }
}

/// Rulebook "1. Enterprise Cards" — Hit Cards (and every other card kind): each of the 62
/// built-in cards reads exactly what its effect does.
#[test]
fn every_builtin_card_text_is_what_its_effect_does() {
    let content = builtin();
    assert_eq!(content.cards.len(), schema::ENTERPRISE_CARDS);
    for card in &content.cards {
        assert_eq!(
            card.text,
            card_text(&card.effect),
            "card kind `{}` says something its effect does not do",
            card.kind
        );
    }
}

/// A card whose text no longer matches its effect is refused by `schema::load` (the check
/// `build.rs` runs), naming the file and the card kind — and only that card.
#[test]
fn content_with_altered_card_text_is_refused_naming_the_card() {
    let mut files = asset_sources();
    assert!(load(&files).is_ok(), "the shipped assets must load");
    // The old defect: the card hits Long and Medium Range but said only Long.
    files[0].1 = with_card_text(
        &files[0].1,
        "phasers_forward_long",
        "Hit: 1 Damage to one Threat in a Forward facing at Long Range.",
    );
    let errors = load(&files).expect_err("a card text that disagrees must be refused");
    let expected = "assets/cards.ron: `phasers_forward_long`'s card text does not match";
    assert!(
        errors.iter().any(|e| e.contains(expected)),
        "expected `{expected}` in {errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("Long or Medium Range") && e.contains("phasers_forward_long")),
        "the error should say what the card should read: {errors:?}"
    );
    assert_eq!(
        errors.len(),
        1,
        "only the altered card is wrong: {errors:?}"
    );
}

/// Rulebook "1. Enterprise Cards" — Hit Cards: a Phasers card that reaches two ranges names
/// both, farthest first, whatever order the data lists them in.
#[test]
fn content_two_range_phaser_text_names_both_ranges() {
    let expected = "Hit: 1 Damage to one Threat in a Forward facing at Long or Medium Range.";
    assert_eq!(
        card_text(&phaser(
            vec![Arc::Forward],
            vec![Range::Long, Range::Medium]
        )),
        expected
    );
    assert_eq!(
        card_text(&phaser(
            vec![Arc::Forward],
            vec![Range::Medium, Range::Long]
        )),
        expected
    );
    let mut two_range = 0;
    for card in &builtin().cards {
        let CardEffect::Hit { ranges, .. } = &card.effect else {
            continue;
        };
        if ranges.len() != 2 {
            continue;
        }
        two_range += 1;
        let (far, near) = if ranges[0] > ranges[1] {
            (ranges[0], ranges[1])
        } else {
            (ranges[1], ranges[0])
        };
        let both = format!("at {far:?} or {near:?} Range.");
        assert!(
            card.text.ends_with(&both),
            "card kind `{}` reaches {ranges:?} but reads {:?}",
            card.kind,
            card.text
        );
    }
    // Six two-range phaser kinds (Forward, Port & Starboard, Aft × Long/Medium, Medium/Short),
    // three copies each.
    assert_eq!(two_range, 18);
}

/// The generated text follows the numbers and facings in the data, not fixed wording.
#[test]
fn content_card_text_follows_facings_damage_and_counts() {
    assert_eq!(
        card_text(&phaser(
            vec![Arc::Forward, Arc::Sides, Arc::Aft],
            vec![Range::Short]
        )),
        "Hit: 1 Damage to one Threat in any facing at Short Range."
    );
    assert_eq!(
        card_text(&CardEffect::Hit {
            weapon: Weapon::PhotonTorpedoes,
            arcs: vec![Arc::Forward],
            ranges: vec![Range::Long, Range::Medium, Range::Short],
            damage: 2,
        }),
        "Hit: 2 Damage to one Threat in a Forward facing at any Range."
    );
    assert_eq!(
        card_text(&phaser(vec![Arc::Aft, Arc::Forward], vec![Range::Short])),
        "Hit: 1 Damage to one Threat in a Forward or Aft facing at Short Range."
    );
    assert_eq!(
        card_text(&phaser(vec![Arc::Aft], vec![Range::Medium])),
        "Hit: 1 Damage to one Threat in an Aft facing at Medium Range."
    );
    assert_eq!(
        card_text(&CardEffect::DrawCards { count: 1 }),
        "Draw 1 Enterprise card and add it to your hand."
    );
    assert_eq!(
        card_text(&CardEffect::TimeTravel { depth: 5 }),
        "Look through the top 5 cards of the discard pile, choose 1 and add it to your hand."
    );
}
