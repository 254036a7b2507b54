//! The ids and places the state, its events and its statistics share: cards, tokens and
//! seats by index, places on the ring board, the ship's sections, the turn's phases and how a
//! game is lost. They import nothing of the state, so the state, the events and the
//! statistics import them without importing each other in a circle.

use serde::{Deserialize, Serialize};

use crate::content::Range;

/// An Enterprise card: its index in `Content::cards` (0..62).
pub type CardId = u8;
/// A threat token: its index in `Content::threats` (0..31).
pub type TokenId = u8;
/// A player's seat, 0-based, in turn order.
pub type PlayerId = u8;

/// Number of facings around the board and around the ship.
pub const FACINGS: u8 = 6;

/// A place on the ring board. `sector` is the board's sector, 0-based (the board prints 1–6),
/// numbered clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    pub range: Range,
    pub sector: u8,
}

impl Position {
    pub fn new(range: Range, sector: u8) -> Self {
        Position {
            range,
            sector: sector % FACINGS,
        }
    }
}

/// One step nearer to the Enterprise, or `None` from Short Range.
pub fn nearer(range: Range) -> Option<Range> {
    match range {
        Range::Long => Some(Range::Medium),
        Range::Medium => Some(Range::Short),
        Range::Short => None,
    }
}

pub fn farther(range: Range) -> Option<Range> {
    match range {
        Range::Short => Some(Range::Medium),
        Range::Medium => Some(Range::Long),
        Range::Long => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SectionState {
    Intact,
    Damaged,
    Destroyed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SectionKind {
    Shield,
    Hull,
}

/// A Shield or Hull section, by ship facing (0 = fore-starboard, clockwise to 5 = fore-port).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SectionRef {
    pub kind: SectionKind,
    pub facing: u8,
}

/// The rulebook's seven turn phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    DrawCards,
    RevealMission,
    Trade,
    PlayAndManeuver,
    CheckMissionStatus,
    ThreatsMoveAndFire,
    DrawNewThreats,
}

impl Phase {
    pub const ALL: [Phase; 7] = [
        Phase::DrawCards,
        Phase::RevealMission,
        Phase::Trade,
        Phase::PlayAndManeuver,
        Phase::CheckMissionStatus,
        Phase::ThreatsMoveAndFire,
        Phase::DrawNewThreats,
    ];
    pub fn number(self) -> u8 {
        Phase::ALL.iter().position(|p| *p == self).unwrap_or(0) as u8 + 1
    }
    pub fn name(self) -> &'static str {
        match self {
            Phase::DrawCards => "Draw Enterprise Cards",
            Phase::RevealMission => "Reveal New Mission",
            Phase::Trade => "Trade a Card",
            Phase::PlayAndManeuver => "Play Cards & Maneuver",
            Phase::CheckMissionStatus => "Check Mission Status",
            Phase::ThreatsMoveAndFire => "Threats Move & Fire",
            Phase::DrawNewThreats => "Draw 2 New Threats",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LossCause {
    /// All 6 Hull sections destroyed.
    HullDestroyed,
    /// A player had to draw and the Enterprise deck was gone.
    DeckDepleted,
    /// Ruling R2: ten full rounds passed with nothing happening on the board or in play.
    Stalemate,
}

impl LossCause {
    pub fn key(self) -> &'static str {
        match self {
            LossCause::HullDestroyed => "hull_destroyed",
            LossCause::DeckDepleted => "deck_depleted",
            LossCause::Stalemate => "stalemate",
        }
    }
}
