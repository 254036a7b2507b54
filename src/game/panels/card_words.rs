//! A card's badges in words, for their hovers and the zoomed face: its Division credit, what
//! its weapon does, the facings its diagram lights and the rings its pips reach.

use bevy_egui::egui::Color32;
use stp_rules::CardId;
use stp_rules::content::{Arc, Range, Weapon, builtin};

use crate::game::theme;

/// The band's colour and the credit in words ("Medical Division credit").
pub fn credit(card: CardId) -> (Color32, String, &'static str) {
    match builtin().card(card).credit {
        Some(d) => {
            let (colour, word, code) = theme::division(d);
            (colour, format!("{word} Division credit"), code)
        }
        None => (theme::NO_DIVISION, "No Division credit".into(), ""),
    }
}

/// What a Hit card does, in words: "Phasers: 1 damage", "Photon Torpedoes: 2 damage".
pub(crate) fn weapon_words(card: CardId) -> String {
    match builtin().card(card).effect.hit() {
        Some(hit) => {
            let name = match hit.weapon {
                Weapon::Phasers => "Phasers",
                Weapon::PhotonTorpedoes => "Photon Torpedoes",
            };
            format!("{name}: {} damage", hit.damage)
        }
        None => "Support card".into(),
    }
}

/// What a Hit card's diagram says: the facings it fires from.
pub fn arcs_words(arcs: &[Arc]) -> String {
    if arcs.len() == 3 {
        return "Fires from any facing of the ship (lit on the diagram).".into();
    }
    let names: Vec<&str> = arcs
        .iter()
        .map(|a| match a {
            Arc::Forward => "the Forward",
            Arc::Sides => "the Side",
            Arc::Aft => "the Aft",
        })
        .collect();
    format!(
        "Fires from {} facings (lit on the diagram).",
        names.join(" and ")
    )
}

/// What the range pips say: the rings it reaches.
pub fn ranges_words(ranges: &[Range]) -> String {
    let names: Vec<&str> = [Range::Long, Range::Medium, Range::Short]
        .into_iter()
        .filter(|r| ranges.contains(r))
        .map(|r| match r {
            Range::Long => "Long",
            Range::Medium => "Medium",
            Range::Short => "Short",
        })
        .collect();
    format!("Reaches {} Range (the lit pips).", names.join(", "))
}
