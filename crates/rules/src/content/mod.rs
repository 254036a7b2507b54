//! Game content loaded from `assets/` (checked at build time by `build.rs`, and again here).

pub mod schema;

pub use schema::{
    Ability, Arc, Captain, CardEffect, Division, Faction, HitParts, MissionEntry, Objective,
    PresetEntry, Range, Reward, SectorSpec, SpecialRule, ThreatFilter, ThreatKind, Weapon,
};

use std::sync::OnceLock;

/// One physical Enterprise card: its kind and this copy's Division credit.
#[derive(Debug, Clone)]
pub struct CardDef {
    pub kind: String,
    pub name: String,
    pub effect: CardEffect,
    pub credit: Option<Division>,
    pub text: String,
}

/// One physical threat token.
#[derive(Debug, Clone)]
pub struct ThreatDef {
    pub kind: String,
    pub name: String,
    pub threat: ThreatKind,
}

impl ThreatDef {
    pub fn max_defense(&self) -> u8 {
        match self.threat {
            ThreatKind::Ship { defense, .. } => defense,
            ThreatKind::Comet { .. } | ThreatKind::Starbase => 0,
        }
    }
    pub fn firepower(&self) -> u8 {
        match self.threat {
            ThreatKind::Ship { firepower, .. } => firepower,
            ThreatKind::Comet { .. } | ThreatKind::Starbase => 0,
        }
    }
    pub fn cloaks(&self) -> bool {
        matches!(self.threat, ThreatKind::Ship { cloaks: true, .. })
    }
    pub fn faction(&self) -> Option<Faction> {
        match self.threat {
            ThreatKind::Ship { faction, .. } => Some(faction),
            ThreatKind::Comet { .. } | ThreatKind::Starbase => None,
        }
    }
    pub fn is_tholian(&self) -> bool {
        self.faction() == Some(Faction::Tholian)
    }
    pub(crate) fn is_klingon(&self) -> bool {
        self.faction() == Some(Faction::Klingon)
    }
    pub fn is_ship(&self) -> bool {
        matches!(self.threat, ThreatKind::Ship { .. })
    }
    pub fn captain(&self) -> Option<Captain> {
        match self.threat {
            ThreatKind::Ship { captain, .. } => captain,
            ThreatKind::Comet { .. } | ThreatKind::Starbase => None,
        }
    }
}

/// All content, with cards and tokens expanded to one entry per physical piece; a piece's id
/// is its index here.
#[derive(Debug, Clone)]
pub struct Content {
    pub cards: Vec<CardDef>,
    pub threats: Vec<ThreatDef>,
    /// Token ids set aside at setup, one per `setup` entry, in file order.
    pub setup_threats: Vec<u8>,
    pub characters: Vec<schema::CharacterEntry>,
    pub mission_tokens: Vec<schema::MissionTokenEntry>,
    pub missions: Vec<MissionEntry>,
    pub presets: Vec<PresetEntry>,
}

impl Content {
    pub(crate) fn from_sources(sources: &schema::Sources) -> Result<Content, Vec<String>> {
        let data = schema::load(sources)?;
        let mut cards = Vec::new();
        for entry in &data.cards {
            for credit in &entry.credits {
                cards.push(CardDef {
                    kind: entry.id.clone(),
                    name: entry.name.clone(),
                    effect: entry.effect.clone(),
                    credit: *credit,
                    text: entry.text.clone(),
                });
            }
        }
        let mut threats = Vec::new();
        for entry in &data.threats.tokens {
            for _ in 0..entry.count {
                threats.push(ThreatDef {
                    kind: entry.id.clone(),
                    name: entry.name.clone(),
                    threat: entry.kind.clone(),
                });
            }
        }
        let mut setup_threats: Vec<u8> = Vec::new();
        for kind in &data.threats.setup {
            let id = threats
                .iter()
                .enumerate()
                .position(|(i, t)| &t.kind == kind && !setup_threats.contains(&(i as u8)))
                .ok_or_else(|| vec![format!("setup token `{kind}` is not in the bag")])?;
            setup_threats.push(id as u8);
        }
        Ok(Content {
            cards,
            threats,
            setup_threats,
            characters: data.characters,
            mission_tokens: data.mission_tokens,
            missions: data.missions,
            presets: data.presets,
        })
    }

    pub fn card(&self, id: u8) -> &CardDef {
        &self.cards[id as usize]
    }
    pub fn threat(&self, id: u8) -> &ThreatDef {
        &self.threats[id as usize]
    }
    pub fn mission(&self, id: u8) -> &MissionEntry {
        &self.missions[id as usize]
    }
    pub fn preset(&self, id: &str) -> Option<&PresetEntry> {
        self.presets.iter().find(|p| p.id == id)
    }
    pub fn mission_index(&self, id: &str) -> Option<u8> {
        self.missions
            .iter()
            .position(|m| m.id == id)
            .map(|i| i as u8)
    }
    pub fn mission_token_index(&self, id: &str) -> Option<u8> {
        self.mission_tokens
            .iter()
            .position(|m| m.id == id)
            .map(|i| i as u8)
    }
    pub fn character_index(&self, id: &str) -> Option<u8> {
        self.characters
            .iter()
            .position(|c| c.id == id || c.name.eq_ignore_ascii_case(id))
            .map(|i| i as u8)
    }
}

macro_rules! asset {
    ($file:literal) => {
        (
            concat!("assets/", $file),
            include_str!(concat!("../../../../assets/", $file)),
        )
    };
}

/// The content built into the game, or what is wrong with it. `build.rs` has already refused
/// a bad file, so this cannot fail in a built game; the binary asks once at start-up and
/// says what is wrong (exit 2) rather than play with broken content.
pub fn checked_builtin() -> Result<&'static Content, &'static [String]> {
    static CONTENT: OnceLock<Result<Content, Vec<String>>> = OnceLock::new();
    CONTENT
        .get_or_init(|| {
            let sources = schema::Sources {
                cards: asset!("cards.ron"),
                threats: asset!("threats.ron"),
                characters: asset!("characters.ron"),
                mission_tokens: asset!("mission_tokens.ron"),
                missions: asset!("missions.ron"),
                presets: asset!("presets.ron"),
            };
            Content::from_sources(&sources)
        })
        .as_ref()
        .map_err(Vec::as_slice)
}

/// The content built into the game (`checked_builtin`, which the binary has asked first).
///
/// The rules ask for it at every turn of every check, so once it is there it is one load:
/// small enough to inline, with the first call's work out of line.
#[inline]
pub fn builtin() -> &'static Content {
    static READY: OnceLock<&'static Content> = OnceLock::new();
    match READY.get() {
        Some(content) => content,
        None => first_builtin(&READY),
    }
}

#[cold]
#[inline(never)]
fn first_builtin(ready: &OnceLock<&'static Content>) -> &'static Content {
    match checked_builtin() {
        Ok(content) => ready.get_or_init(|| content),
        // Unreachable in a built game: build.rs ran the same checks, and the binary stops
        // at start-up with these errors before anything reads the content.
        Err(errors) => panic!("the built-in content is broken: {}", errors.join("; ")),
    }
}
