//! The data files' schema and their checks.
//!
//! This file is self-contained (serde and ron only) because the crate's `build.rs` includes it
//! with `#[path]` to check `assets/` when the game builds: a bad file fails the build, naming the
//! file and the entry. The rules load the same files at run time through the same checks.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

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

fn check_unique_ids<'a>(
    file: &str,
    ids: impl Iterator<Item = &'a str>,
    errors: &mut Vec<String>,
) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if id.is_empty() {
            errors.push(format!("{file}: an entry has an empty id"));
        }
        if !seen.insert(id.to_string()) {
            errors.push(format!("{file}: entry `{id}` is defined twice"));
        }
    }
    seen
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
    check(&data, sources, &mut errors);
    if errors.is_empty() {
        Ok(data)
    } else {
        Err(errors)
    }
}

fn check(data: &ContentData, sources: &Sources, errors: &mut Vec<String>) {
    check_cards(data, sources.cards.0, errors);
    check_threats(data, sources.threats.0, errors);
    check_characters(data, sources.characters.0, errors);
    let token_file = sources.mission_tokens.0;
    check_unique_ids(
        token_file,
        data.mission_tokens.iter().map(|t| t.id.as_str()),
        errors,
    );
    for token in &data.mission_tokens {
        if !(1..=4).contains(&token.value) {
            errors.push(format!(
                "{token_file}: `{}` has value {}; mission tokens are 4-sided (1–4)",
                token.id, token.value
            ));
        }
    }
    check_missions(data, sources.missions.0, errors);
    check_presets(data, sources.presets.0, errors);
}

fn check_cards(data: &ContentData, file: &str, errors: &mut Vec<String>) {
    check_unique_ids(file, data.cards.iter().map(|c| c.id.as_str()), errors);
    let total: usize = data.cards.iter().map(|c| c.credits.len()).sum();
    if total != ENTERPRISE_CARDS {
        errors.push(format!(
            "{file}: the deck has {total} cards; the rulebook's deck has {ENTERPRISE_CARDS}"
        ));
    }
    for card in &data.cards {
        let id = &card.id;
        if card.credits.is_empty() {
            errors.push(format!(
                "{file}: `{id}` has no copies (its credits list is empty)"
            ));
        }
        if card.name.trim().is_empty() || card.text.trim().is_empty() {
            errors.push(format!("{file}: `{id}` needs a name and a text"));
        }
        match &card.effect {
            CardEffect::Hit {
                arcs,
                ranges,
                damage,
                ..
            } => {
                if arcs.is_empty() || ranges.is_empty() {
                    errors.push(format!(
                        "{file}: `{id}` is a Hit card with no arcs or no ranges"
                    ));
                }
                if *damage == 0 {
                    errors.push(format!("{file}: `{id}` is a Hit card that deals no damage"));
                }
            }
            CardEffect::TimeTravel { depth: 0 } | CardEffect::DrawCards { count: 0 } => {
                errors.push(format!(
                    "{file}: `{id}` has an effect that does nothing (0)"
                ));
            }
            _ => {}
        }
    }
    for (effect, name) in [
        (CardEffect::SecurityTeam, "Security Team"),
        (CardEffect::Dilithium, "Dilithium"),
        (CardEffect::Tritanium, "Tritanium"),
    ] {
        if !data.cards.iter().any(|c| c.effect == effect) {
            errors.push(format!(
                "{file}: the deck has no {name} card, which the rulebook needs"
            ));
        }
    }
}

fn check_threats(data: &ContentData, file: &str, errors: &mut Vec<String>) {
    let ids = check_unique_ids(
        file,
        data.threats.tokens.iter().map(|t| t.id.as_str()),
        errors,
    );
    let total: usize = data.threats.tokens.iter().map(|t| t.count as usize).sum();
    if total != THREAT_TOKENS {
        errors.push(format!(
            "{file}: the bag has {total} tokens; the rulebook has {THREAT_TOKENS}"
        ));
    }
    for token in &data.threats.tokens {
        let id = &token.id;
        if token.count == 0 {
            errors.push(format!("{file}: `{id}` has count 0"));
        }
        match &token.kind {
            ThreatKind::Ship {
                faction,
                defense,
                firepower,
                cloaks,
                captain,
            } => {
                if !(1..=3).contains(defense) {
                    errors.push(format!(
                        "{file}: `{id}` has Defense {defense}; threat tokens are 3-sided (1–3)"
                    ));
                }
                if *firepower == 0 {
                    errors.push(format!("{file}: `{id}` is a ship that never fires"));
                }
                if *faction == Faction::Tholian && (*cloaks || captain.is_some()) {
                    errors.push(format!(
                        "{file}: `{id}`: Tholians neither cloak nor have captains"
                    ));
                }
                if captain.is_some() && (*faction != Faction::Klingon || token.count != 1) {
                    errors.push(format!(
                        "{file}: `{id}`: a captain is a single Klingon token"
                    ));
                }
            }
            ThreatKind::Comet { damage } if *damage == 0 => {
                errors.push(format!("{file}: `{id}` is a Comet that deals no damage"));
            }
            _ => {}
        }
    }
    if data.threats.setup.len() != 3 {
        errors.push(format!(
            "{file}: setup must name 3 tokens (Long Range 1, 3 and 5)"
        ));
    }
    for id in &data.threats.setup {
        if !ids.contains(id) {
            errors.push(format!("{file}: setup names unknown token `{id}`"));
            continue;
        }
        let entry = data.threats.tokens.iter().find(|t| &t.id == id);
        let needed = data.threats.setup.iter().filter(|s| *s == id).count();
        if let Some(entry) = entry {
            if !matches!(entry.kind, ThreatKind::Ship { captain: None, .. }) {
                errors.push(format!(
                    "{file}: setup token `{id}` must be an ordinary ship"
                ));
            }
            if (entry.count as usize) < needed {
                errors.push(format!(
                    "{file}: setup needs {needed} of `{id}`, the bag has fewer"
                ));
            }
        }
    }
}

fn check_characters(data: &ContentData, file: &str, errors: &mut Vec<String>) {
    check_unique_ids(file, data.characters.iter().map(|c| c.id.as_str()), errors);
    if data.characters.len() != CHARACTERS {
        errors.push(format!(
            "{file}: {} characters; the rulebook has {CHARACTERS}",
            data.characters.len()
        ));
    }
    let mut abilities = Vec::new();
    for character in &data.characters {
        if abilities.contains(&character.ability) {
            errors.push(format!(
                "{file}: `{}` repeats another character's ability; each is unique",
                character.id
            ));
        }
        abilities.push(character.ability);
    }
}

fn check_missions(data: &ContentData, file: &str, errors: &mut Vec<String>) {
    check_unique_ids(file, data.missions.iter().map(|m| m.id.as_str()), errors);
    for name in ["Distress Signal", "Outpost Defense"] {
        if !data.missions.iter().any(|m| m.name == name) {
            errors.push(format!(
                "{file}: the first-game mission `{name}` is missing"
            ));
        }
    }
    for mission in &data.missions {
        let id = &mission.id;
        if mission.objectives.is_empty() {
            errors.push(format!(
                "{file}: `{id}` has no objective, so it can never be completed"
            ));
        }
        if mission.rewards.is_empty() {
            errors.push(format!("{file}: `{id}` has no reward"));
        }
        if mission.timer == Some(0) {
            errors.push(format!(
                "{file}: `{id}` has a timer of 0, so it fails at once"
            ));
        }
        let placed: Vec<&str> = mission.tokens.iter().map(|t| t.token.as_str()).collect();
        for setup in &mission.tokens {
            if !data.mission_tokens.iter().any(|t| t.id == setup.token) {
                errors.push(format!(
                    "{file}: `{id}` places unknown mission token `{}`",
                    setup.token
                ));
            }
            if let SectorSpec::Fixed(sector) = setup.sector
                && !(1..=6).contains(&sector)
            {
                errors.push(format!(
                    "{file}: `{id}` places a token in sector {sector}; sectors are 1–6"
                ));
            }
        }
        let mut distinct = placed.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != placed.len() {
            errors.push(format!(
                "{file}: `{id}` places the same mission token twice"
            ));
        }
        for rule in &mission.special {
            match rule {
                SpecialRule::TokenDrawsFire { token } if !placed.contains(&token.as_str()) => {
                    errors.push(format!(
                        "{file}: `{id}` has a rule about token `{token}` it never places"
                    ));
                }
                SpecialRule::ThreatsPerTurn(n) if !(1..=4).contains(n) => {
                    errors.push(format!(
                        "{file}: `{id}` draws {n} threats a turn; 1–4 allowed"
                    ));
                }
                _ => {}
            }
        }
        let kinds: Vec<std::mem::Discriminant<Objective>> = mission
            .objectives
            .iter()
            .map(std::mem::discriminant)
            .collect();
        for (i, kind) in kinds.iter().enumerate() {
            if kinds[..i].contains(kind) {
                errors.push(format!(
                    "{file}: `{id}` has two objectives of one kind; merge them into one"
                ));
            }
        }
        let expected = describe(mission, &data.mission_tokens);
        if mission.text != expected {
            errors.push(format!(
                "{file}: `{id}`'s card text does not match what the mission does; it should read \
                 parameters: {:?}, objective: {:?}, reward: {:?}",
                expected.parameters, expected.objective, expected.reward
            ));
        }
        for objective in &mission.objectives {
            check_objective(data, file, id, &placed, objective, errors);
        }
        for reward in &mission.rewards {
            let amount = match reward {
                Reward::RepairShields(n)
                | Reward::RepairHull(n)
                | Reward::Rebuild(n)
                | Reward::AllPlayersDraw(n)
                | Reward::ActivePlayerDraws(n) => *n,
                Reward::DestroyThreatsInRange(_) => 1,
            };
            if amount == 0 {
                errors.push(format!("{file}: `{id}` has a reward of 0"));
            }
        }
    }
}

fn check_objective(
    data: &ContentData,
    file: &str,
    id: &str,
    placed: &[&str],
    objective: &Objective,
    errors: &mut Vec<String>,
) {
    match objective {
        Objective::CommitCredits { division, count } => {
            let available = data
                .cards
                .iter()
                .flat_map(|c| c.credits.iter())
                .filter(|c| **c == Some(*division))
                .count();
            if *count == 0 || *count as usize > available {
                errors.push(format!(
                    "{file}: `{id}` needs {count} {division:?} credits; the deck has {available}"
                ));
            }
        }
        Objective::CommitCards { card, count } => {
            let available: usize = data
                .cards
                .iter()
                .filter(|c| &c.name == card)
                .map(|c| c.credits.len())
                .sum();
            if available == 0 {
                errors.push(format!(
                    "{file}: `{id}` needs cards named `{card}`; the deck has none"
                ));
            } else if *count == 0 || *count as usize > available {
                errors.push(format!(
                    "{file}: `{id}` needs {count} `{card}` cards; the deck has {available}"
                ));
            }
        }
        Objective::TokenInRange { token, .. } => {
            if !placed.contains(&token.as_str()) {
                errors.push(format!(
                    "{file}: `{id}` needs token `{token}` that it never places"
                ));
            }
        }
        Objective::DieRolls {
            at_least,
            successes,
        } => {
            if !(1..=6).contains(at_least) || *successes == 0 {
                errors.push(format!(
                    "{file}: `{id}` has an impossible or empty die objective"
                ));
            }
        }
        Objective::DestroyThreats { count, .. } => {
            if *count == 0 {
                errors.push(format!("{file}: `{id}` asks to destroy 0 threats"));
            }
        }
    }
}

fn check_presets(data: &ContentData, file: &str, errors: &mut Vec<String>) {
    check_unique_ids(file, data.presets.iter().map(|p| p.id.as_str()), errors);
    for needed in ["cadet", "standard"] {
        if !data.presets.iter().any(|p| p.id == needed) {
            errors.push(format!("{file}: preset `{needed}` is missing"));
        }
    }
    for preset in &data.presets {
        let id = &preset.id;
        let pool = match &preset.missions {
            Some(list) => {
                for mission in list {
                    if !data.missions.iter().any(|m| &m.id == mission) {
                        errors.push(format!("{file}: `{id}` names unknown mission `{mission}`"));
                    }
                }
                list.len()
            }
            None => data.missions.len(),
        };
        if preset.missions_required as usize > pool {
            errors.push(format!(
                "{file}: `{id}` needs {} missions but its deck holds {pool}",
                preset.missions_required
            ));
        }
        if preset.missions_required > 10 {
            errors.push(format!("{file}: `{id}`: the markers go up to 10 missions"));
        }
    }
}

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn token_name<'a>(tokens: &'a [MissionTokenEntry], id: &'a str) -> &'a str {
    tokens
        .iter()
        .find(|t| t.id == id)
        .map_or(id, |t| t.name.as_str())
}

/// The card text a mission's data means: what the players read is what the rules do.
pub fn describe(mission: &MissionEntry, tokens: &[MissionTokenEntry]) -> MissionText {
    let mut parameters = Vec::new();
    match mission.timer {
        Some(t) => parameters.push(format!("Mission Timer starts at {t}.")),
        None => parameters.push("No time limit.".to_string()),
    }
    for setup in &mission.tokens {
        let name = token_name(tokens, &setup.token);
        let sector = match setup.sector {
            SectorSpec::Roll => "the sector the die shows".to_string(),
            SectorSpec::Fixed(n) => format!("sector {n}"),
        };
        parameters.push(format!(
            "Place the {name} in {:?} Range, {sector}.",
            setup.range
        ));
    }
    if mission.no_maneuver {
        parameters.push("No Maneuvering while this Mission is in play.".to_string());
    }
    if mission.no_trade {
        parameters.push("No Trading while this Mission is in play.".to_string());
    }
    for rule in &mission.special {
        parameters.push(match rule {
            SpecialRule::TokenDrawsFire { token } => format!(
                "Threats in the {0}'s sector fire at the {0} instead of the Enterprise; each \
                 shot lowers it by 1, and at 0 the Mission fails.",
                token_name(tokens, token)
            ),
            SpecialRule::ThreatsPerTurn(n) => {
                format!("Draw {n} New Threats each turn instead of 2.")
            }
        });
    }
    let objective = mission
        .objectives
        .iter()
        .map(|o| match o {
            Objective::CommitCredits { division, count } => {
                format!(
                    "Commit {}.",
                    plural(
                        *count,
                        &format!("{division:?} credit"),
                        &format!("{division:?} credits")
                    )
                )
            }
            Objective::CommitCards { card, count } => {
                format!(
                    "Commit {}.",
                    plural(*count, &format!("{card} card"), &format!("{card} cards"))
                )
            }
            Objective::TokenInRange { token, range, arc } => {
                let arc = match arc {
                    None => String::new(),
                    Some(Arc::Forward) => " in a Forward facing".to_string(),
                    Some(Arc::Sides) => " in a Port or Starboard facing".to_string(),
                    Some(Arc::Aft) => " in an Aft facing".to_string(),
                };
                format!(
                    "Bring the {} into {range:?} Range{arc}.",
                    token_name(tokens, token)
                )
            }
            Objective::DieRolls {
                at_least,
                successes,
            } => format!(
                "Roll the die once a turn: {} of {at_least} or more.",
                plural(*successes, "roll", "rolls")
            ),
            Objective::DestroyThreats { count, of } => {
                let what = match of {
                    ThreatFilter::Any => plural(*count, "Threat", "Threats"),
                    ThreatFilter::Faction(f) => {
                        plural(*count, &format!("{f:?} ship"), &format!("{f:?} ships"))
                    }
                    ThreatFilter::Cloaking => plural(*count, "cloaking ship", "cloaking ships"),
                };
                format!("Destroy {what} while this Mission is in play.")
            }
        })
        .collect::<Vec<_>>();
    let reward = mission
        .rewards
        .iter()
        .map(|r| match r {
            Reward::RepairShields(n) => format!(
                "Repair {}.",
                plural(*n, "damaged Shield", "damaged Shields")
            ),
            Reward::RepairHull(n) => format!(
                "Repair {}.",
                plural(*n, "damaged Hull section", "damaged Hull sections")
            ),
            Reward::Rebuild(n) => format!(
                "Rebuild {}, Hull first.",
                plural(*n, "destroyed section", "destroyed sections")
            ),
            Reward::AllPlayersDraw(n) => {
                format!("Every player draws {}.", plural(*n, "card", "cards"))
            }
            Reward::ActivePlayerDraws(n) => {
                format!("The active player draws {}.", plural(*n, "card", "cards"))
            }
            Reward::DestroyThreatsInRange(range) => {
                format!("Destroy every uncloaked enemy ship in {range:?} Range.")
            }
        })
        .collect::<Vec<_>>();
    MissionText {
        parameters: parameters.join(" "),
        objective: objective.join(" "),
        reward: reward.join(" "),
    }
}
