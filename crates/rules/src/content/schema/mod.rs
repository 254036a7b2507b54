//! The data files' schema: the types, and `load`, which parses every file and checks it.
//!
//! This folder is self-contained (serde and ron only) because the crate's `build.rs` includes
//! it with `#[path]` to check `assets/` when the game builds: a bad file fails the build, naming
//! the file and the entry. The rules load the same files at run time through the same checks.
//! `checks` holds the checks; `text` writes the card and mission text the data means, which the
//! checks compare with the text in the files.

mod checks;
mod text;

pub use text::{card_text, describe, objective_texts};

use serde::{Deserialize, Serialize};

/// The number of Enterprise cards, threat tokens and characters (rulebook "Components").
pub const ENTERPRISE_CARDS: usize = 62;
pub const THREAT_TOKENS: usize = 31;
pub const CHARACTERS: usize = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Division {
    Command,
    Medical,
    Engineering,
    Science,
}

/// Board range rings, nearest first (rulebook "Components": Blue = Short, Purple = Medium, Green = Long).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Range {
    Short,
    Medium,
    Long,
}

/// Facing groups printed on Hit cards: each covers two of the ship's six facings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Arc {
    Forward,
    Sides,
    Aft,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weapon {
    Phasers,
    PhotonTorpedoes,
}

/// Every card effect the engine knows. A data entry naming anything else fails to parse.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardEffect {
    Hit {
        weapon: Weapon,
        arcs: Vec<Arc>,
        ranges: Vec<Range>,
        damage: u8,
    },
    DirectHit,
    Dilithium,
    Tritanium,
    TractorBeam,
    SecurityTeam,
    TimeTravel {
        depth: u8,
    },
    DrawCards {
        count: u8,
    },
    ForceField,
    EvasiveManeuvers,
    RedAlert,
}

/// A Hit card's parts: its weapon, the arcs and ranges it fires into, its damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HitParts<'a> {
    pub weapon: Weapon,
    pub arcs: &'a [Arc],
    pub ranges: &'a [Range],
    pub damage: u8,
}

impl CardEffect {
    /// A Hit card's parts, or `None` for a support card. Every effect is named here, so a new
    /// one decides once whether it fires; the faces, sounds and words that differ for a Hit
    /// card follow from this answer.
    pub fn hit(&self) -> Option<HitParts<'_>> {
        match self {
            CardEffect::Hit {
                weapon,
                arcs,
                ranges,
                damage,
            } => Some(HitParts {
                weapon: *weapon,
                arcs,
                ranges,
                damage: *damage,
            }),
            CardEffect::DirectHit
            | CardEffect::Dilithium
            | CardEffect::Tritanium
            | CardEffect::TractorBeam
            | CardEffect::SecurityTeam
            | CardEffect::TimeTravel { .. }
            | CardEffect::DrawCards { .. }
            | CardEffect::ForceField
            | CardEffect::EvasiveManeuvers
            | CardEffect::RedAlert => None,
        }
    }

    /// Whether the help tells of this card with the Hit cards: the Hit cards themselves
    /// (rulebook, "Hit Cards") and the Direct Hit, which is only played with one.
    pub fn told_with_hits(&self) -> bool {
        self.hit().is_some() || *self == CardEffect::DirectHit
    }
}

/// One kind of Enterprise card; `credits` holds one entry per physical copy.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CardEntry {
    pub id: String,
    pub name: String,
    pub effect: CardEffect,
    pub credits: Vec<Option<Division>>,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Faction {
    Klingon,
    Romulan,
    Tholian,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Captain {
    Kang,
    Koloth,
    Kor,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThreatKind {
    /// A ship on the board. Tholians web the ship in Short Range; captains act once on placement.
    Ship {
        faction: Faction,
        defense: u8,
        firepower: u8,
        cloaks: bool,
        captain: Option<Captain>,
    },
    /// Resolved at once: flies down a rolled sector and strikes the ship.
    Comet { damage: u8 },
    /// Not a threat: docking gives the rulebook's three rewards.
    Starbase,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ThreatEntry {
    pub id: String,
    pub name: String,
    pub count: u8,
    pub kind: ThreatKind,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ThreatFile {
    /// Rulebook "Setup": one of each is set aside and placed in Long Range 1, 3 and 5.
    pub setup: Vec<String>,
    pub tokens: Vec<ThreatEntry>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// Kirk: once a turn, take one card from another player's hand.
    TakeCard,
    /// Spock (rulebook): draw 3 threats, resolve 2 in any order, return 1 to the bag.
    ThreatForesight,
    /// McCoy: once a turn, commit any one card as a Medical credit, or discard a card to draw
    /// one.
    FieldMedicine,
    /// Scotty: once a turn, repair one damaged Shield or Hull section without a card.
    DamageControl,
    /// Uhura: two trades a turn, even when the mission forbids trading.
    OpenChannels,
    /// Sulu: two maneuvers a turn.
    EvasivePiloting,
    /// Chekov: once a turn, a Hit card reaches one range nearer or farther than printed.
    FireControl,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CharacterEntry {
    pub id: String,
    pub name: String,
    pub ability: Ability,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MissionTokenEntry {
    pub id: String,
    pub name: String,
    /// The highest of the four corner values; mission rules may count it down.
    pub value: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SectorSpec {
    /// Roll the die for the sector.
    Roll,
    /// A fixed board sector, 1–6.
    Fixed(u8),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TokenSetup {
    pub token: String,
    pub range: Range,
    pub sector: SectorSpec,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpecialRule {
    /// Threats in the token's sector fire at the token instead of the Enterprise; each shot
    /// lowers its value by one, and at zero the mission fails.
    TokenDrawsFire { token: String },
    /// Draw 2 New Threats draws this many instead while the mission is in play.
    ThreatsPerTurn(u8),
}

/// Which destroyed threats count toward a `DestroyThreats` objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThreatFilter {
    Any,
    Faction(Faction),
    Cloaking,
}

impl ThreatFilter {
    pub fn matches(self, kind: &ThreatKind) -> bool {
        match (self, kind) {
            (_, ThreatKind::Comet { .. } | ThreatKind::Starbase) => false,
            (ThreatFilter::Any, _) => true,
            (ThreatFilter::Faction(wanted), ThreatKind::Ship { faction, .. }) => wanted == *faction,
            (ThreatFilter::Cloaking, ThreatKind::Ship { cloaks, .. }) => *cloaks,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Objective {
    /// Commit cards worth this many credits of a Division.
    CommitCredits { division: Division, count: u8 },
    /// Commit this many cards with the given card name (e.g. "Security Team").
    CommitCards { card: String, count: u8 },
    /// The mission token stands in this range, in the given arc if any.
    TokenInRange {
        token: String,
        range: Range,
        arc: Option<Arc>,
    },
    /// Succeed on this many mission die rolls (one roll a turn, success at `at_least` or more).
    DieRolls { at_least: u8, successes: u8 },
    /// Destroy this many threats of a kind while the mission is in play.
    DestroyThreats { count: u8, of: ThreatFilter },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reward {
    RepairShields(u8),
    RepairHull(u8),
    Rebuild(u8),
    AllPlayersDraw(u8),
    ActivePlayerDraws(u8),
    DestroyThreatsInRange(Range),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MissionEntry {
    pub id: String,
    pub name: String,
    pub description: String,
    pub timer: Option<u8>,
    pub tokens: Vec<TokenSetup>,
    pub no_maneuver: bool,
    pub no_trade: bool,
    pub special: Vec<SpecialRule>,
    pub objectives: Vec<Objective>,
    pub rewards: Vec<Reward>,
    /// The card's text; checked against `describe` so it never says what the rules don't do.
    pub text: MissionText,
}

/// What the mission card says, section by section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionText {
    pub parameters: String,
    pub objective: String,
    pub reward: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PresetEntry {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Missions to complete before the board-clearing endgame; 0 is a patrol game.
    pub missions_required: u8,
    /// Which missions form the deck; `None` means all of them.
    pub missions: Option<Vec<String>>,
}

/// The raw text of each data file, with the file name used in error messages.
pub struct Sources<'a> {
    pub cards: (&'a str, &'a str),
    pub threats: (&'a str, &'a str),
    pub characters: (&'a str, &'a str),
    pub mission_tokens: (&'a str, &'a str),
    pub missions: (&'a str, &'a str),
    pub presets: (&'a str, &'a str),
}

impl<'a> Sources<'a> {
    /// The six files as (name, text), in the order of the fields: cards, threats, characters,
    /// mission tokens, missions, presets.
    pub fn in_order(files: [(&'a str, &'a str); 6]) -> Self {
        let [
            cards,
            threats,
            characters,
            mission_tokens,
            missions,
            presets,
        ] = files;
        Sources {
            cards,
            threats,
            characters,
            mission_tokens,
            missions,
            presets,
        }
    }
}

/// Every data file, parsed and checked.
#[derive(Debug, Clone)]
pub struct ContentData {
    pub cards: Vec<CardEntry>,
    pub threats: ThreatFile,
    pub characters: Vec<CharacterEntry>,
    pub mission_tokens: Vec<MissionTokenEntry>,
    pub missions: Vec<MissionEntry>,
    pub presets: Vec<PresetEntry>,
}

fn parse<T: for<'de> Deserialize<'de>>(
    (file, text): (&str, &str),
    errors: &mut Vec<String>,
) -> Option<T> {
    match ron::from_str(text) {
        Ok(value) => Some(value),
        Err(err) => {
            errors.push(format!("{file}: {err}"));
            None
        }
    }
}

/// Parses every file and checks counts, references and contradictions.
/// Returns every problem found, each naming its file and entry.
pub fn load(sources: &Sources) -> Result<ContentData, Vec<String>> {
    let mut errors = Vec::new();
    let cards: Option<Vec<CardEntry>> = parse(sources.cards, &mut errors);
    let threats: Option<ThreatFile> = parse(sources.threats, &mut errors);
    let characters: Option<Vec<CharacterEntry>> = parse(sources.characters, &mut errors);
    let mission_tokens: Option<Vec<MissionTokenEntry>> = parse(sources.mission_tokens, &mut errors);
    let missions: Option<Vec<MissionEntry>> = parse(sources.missions, &mut errors);
    let presets: Option<Vec<PresetEntry>> = parse(sources.presets, &mut errors);
    let (
        Some(cards),
        Some(threats),
        Some(characters),
        Some(mission_tokens),
        Some(missions),
        Some(presets),
    ) = (
        cards,
        threats,
        characters,
        mission_tokens,
        missions,
        presets,
    )
    else {
        return Err(errors);
    };
    let data = ContentData {
        cards,
        threats,
        characters,
        mission_tokens,
        missions,
        presets,
    };
    checks::check(&data, sources, &mut errors);
    if errors.is_empty() {
        Ok(data)
    } else {
        Err(errors)
    }
}
