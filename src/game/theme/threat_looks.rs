//! What each kind of threat looks like, written once: its face colour, its letter, its rim
//! and what the rim means, and the colour of a cloaked token's back. The pieces, the labels,
//! the tooltips and the rules reference's pictures all read it from here; it imports nothing
//! of the table, so the panels can too.

use crate::game::theme::palette;
use bevy::prelude::*;
use stp_rules::TokenId;
use stp_rules::content::{Captain, Faction, ThreatKind, builtin};

/// The colour of a cloaked token's back (face down, no emblem).
pub(crate) const CLOAKED_BACK: Color = Color::srgb(0.12, 0.14, 0.24);

/// The kinds of piece a player tells apart on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Look {
    KlingonCruiser,
    RomulanCruiser,
    BirdOfPrey,
    Tholian,
    Comet,
    Starbase,
}

/// The mark around a token's face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rim {
    /// A gold frame under the hexagon and the name on a plate: Kang, Koloth, Kor.
    Captain(Captain),
    /// A yellow ring: the Starbase.
    Starbase,
    /// A ring of near-white dots: a ship that can cloak.
    Cloaks,
    None,
}

/// One `T` for each look, found by the look itself: total, so no look can be missing from it
/// at run time (the maps it replaced could have been).
#[derive(Debug, Clone)]
pub struct ByLook<T>([T; 6]);

impl<T> ByLook<T> {
    /// Each look's `T`, made in `ALL`'s order.
    pub fn new(mut make: impl FnMut(Look) -> T) -> Self {
        ByLook(Look::ALL.map(&mut make))
    }
}

impl<T> std::ops::Index<Look> for ByLook<T> {
    type Output = T;
    fn index(&self, look: Look) -> &T {
        &self.0[look.index()]
    }
}

impl Look {
    /// Its place in `ALL`: a match, so a new look does not build until it has its place
    /// (and a test holds `ALL` to it).
    pub const fn index(self) -> usize {
        match self {
            Look::KlingonCruiser => 0,
            Look::RomulanCruiser => 1,
            Look::BirdOfPrey => 2,
            Look::Tholian => 3,
            Look::Comet => 4,
            Look::Starbase => 5,
        }
    }

    pub const ALL: [Look; 6] = [
        Look::KlingonCruiser,
        Look::RomulanCruiser,
        Look::BirdOfPrey,
        Look::Tholian,
        Look::Comet,
        Look::Starbase,
    ];

    pub fn of(token: TokenId) -> Look {
        let def = builtin().threat(token);
        match &def.threat {
            ThreatKind::Starbase => Look::Starbase,
            ThreatKind::Comet { .. } => Look::Comet,
            ThreatKind::Ship { faction, .. } => match faction {
                Faction::Klingon => Look::KlingonCruiser,
                Faction::Tholian => Look::Tholian,
                // The Bird-of-Prey is the Romulan that hits for 2: its own silhouette.
                Faction::Romulan if def.firepower() >= 2 => Look::BirdOfPrey,
                Faction::Romulan => Look::RomulanCruiser,
            },
        }
    }

    /// The face's colour (the faction's), chosen to differ in brightness as well as hue.
    pub fn color(self) -> Color {
        match self {
            Look::KlingonCruiser => palette::KLINGON.bevy(),
            Look::RomulanCruiser => palette::ROMULAN.bevy(),
            Look::BirdOfPrey => palette::BIRD_OF_PREY.bevy(),
            Look::Tholian => palette::THOLIAN.bevy(),
            Look::Comet => palette::COMET.bevy(),
            Look::Starbase => palette::STARBASE.bevy(),
        }
    }

    /// The chit's outline: its sides, its size against a token's radius, and its turn about
    /// its middle (radians), so the faction reads by shape as well as colour (a Klingon's
    /// hexagon, a Romulan's disc, the Bird-of-Prey's octagon, a Tholian's triangle, a
    /// comet's nine sides, the Starbase's square). The Bird-of-Prey was a disc like the
    /// Romulan cruiser's, and readers told the two apart by teal and mint alone (read 26).
    pub fn chit(self) -> (u32, f32, f32) {
        match self {
            Look::KlingonCruiser => (6, 1.0, 0.0),
            Look::RomulanCruiser => (40, 1.0, 0.0),
            Look::BirdOfPrey => (8, 1.04, std::f32::consts::FRAC_PI_8),
            Look::Tholian => (3, 1.12, std::f32::consts::FRAC_PI_2),
            Look::Comet => (9, 1.0, 0.0),
            Look::Starbase => (4, 1.15, std::f32::consts::FRAC_PI_4),
        }
    }
}

pub fn rim_of(token: TokenId) -> Rim {
    let def = builtin().threat(token);
    match (def.captain(), &def.threat) {
        (Some(captain), _) => Rim::Captain(captain),
        (None, ThreatKind::Starbase) => Rim::Starbase,
        (None, ThreatKind::Ship { cloaks: true, .. }) => Rim::Cloaks,
        (None, ThreatKind::Ship { cloaks: false, .. } | ThreatKind::Comet { .. }) => Rim::None,
    }
}

/// What a rim means, for the token's tooltip.
pub(crate) fn rim_words(rim: Rim) -> Option<&'static str> {
    match rim {
        Rim::Captain(_) => Some("Red and gold name plate: a Klingon captain's battle cruiser."),
        Rim::Starbase => Some("A white square on a gold one: the Starbase, an ally."),
        Rim::Cloaks => Some("Dashed ring: this ship can cloak (face down)."),
        Rim::None => None,
    }
}

/// The captain's name for the plate on the piece.
pub(crate) fn captain_name(captain: Captain) -> &'static str {
    match captain {
        Captain::Kang => "KANG",
        Captain::Koloth => "KOLOTH",
        Captain::Kor => "KOR",
    }
}

/// A piece's short name, as the board's forecasts and the side column's list say it: a
/// captain by name ("KANG"), else the faction or the object ("Klingon", "Starbase").
pub(crate) fn short_name(token: TokenId) -> &'static str {
    if let Rim::Captain(captain) = rim_of(token) {
        return captain_name(captain);
    }
    match Look::of(token) {
        Look::KlingonCruiser => "Klingon",
        Look::RomulanCruiser => "Romulan",
        Look::BirdOfPrey => "Bird-of-Prey",
        Look::Tholian => "Tholian",
        Look::Comet => "Comet",
        Look::Starbase => "Starbase",
    }
}
