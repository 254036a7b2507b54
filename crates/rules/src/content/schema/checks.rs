//! The checks `load` runs on parsed data: counts, references and contradictions, each error
//! naming its file and entry.

use super::text::{card_text, describe};
use super::{
    CHARACTERS, CardEffect, ContentData, ENTERPRISE_CARDS, Faction, Objective, Reward, SectorSpec,
    Sources, SpecialRule, THREAT_TOKENS, ThreatKind,
};
use std::collections::BTreeSet;

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

pub(super) fn check(data: &ContentData, sources: &Sources, errors: &mut Vec<String>) {
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
        let expected = card_text(&card.effect);
        if !card.text.trim().is_empty() && card.text != expected {
            errors.push(format!(
                "{file}: `{id}`'s card text does not match what the card does; it should read \
                 {expected:?}"
            ));
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
            ThreatKind::Comet { .. } | ThreatKind::Starbase => {}
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
