//! The forecast's words for one facing of the ship: who fires at it and what becomes of its
//! Shield and Hull, the cards a destroyed Hull section costs, the shots a mission token takes
//! for her, and the ships that cloak or hold instead. The rim (`rim`) places them.

/// A section's state after `hits` more points of damage.
fn after(now: stp_rules::SectionState, hits: u8) -> stp_rules::SectionState {
    use stp_rules::SectionState::{Damaged, Destroyed, Intact};
    match (now, hits) {
        (s, 0) => s,
        (Intact, 1) => Damaged,
        _ => Destroyed,
    }
}

/// A ship's short name for more than one ("Klingons", "Birds-of-Prey", "Klingons board").
fn plural(name: &str) -> String {
    match name.split_once(' ') {
        Some((ship, "boards")) => format!("{} board", plural(ship)),
        _ if name.starts_with("Bird") => name.replacen("Bird", "Birds", 1),
        _ => format!("{name}s"),
    }
}

/// What one facing will take in the coming threat phase, who does it, and what becomes of
/// its sections, said as outcomes rather than steps ("Phase 6: KANG + Klingon: 2 dmg → Shield
/// destroyed, the Hull spared"; readers asked why "2 → Shield −1" lost a point, then why the
/// Hull was "spared", then why it was "untouched", in the rulebook's own word): a line for the
/// Shield and one for the Hull, empty for nothing. A cloaked ship's chance is said once, in the
/// ship's status, not on every sector. Each line says whether it is deadly (a section
/// destroyed).
pub fn incoming(
    state: &stp_rules::GameState,
    facing: u8,
    preview: &stp_rules::preview::ThreatPreview,
    said: Said,
) -> Vec<(String, bool)> {
    let f = &preview.facings[facing as usize];
    // "Phase 6: " at the head of each line, where it is said whole.
    let head = match said {
        Said::Whole => format!("{} ", heading(state)),
        Said::OnTheRim => String::new(),
    };
    // On the rim "no fire" stays whole on its line: "… cloaks, no / fire" read as cut (read
    // 45).
    let no_fire = match said {
        Said::Whole => "no fire",
        Said::OnTheRim => "no\u{a0}fire",
    };
    // A ship that fires at this facing, or boards through it (said so: a boarder's damage
    // with no word of boarding read as a shot from nowhere).
    let who: Vec<String> = preview
        .threats
        .iter()
        .filter_map(|t| {
            let name = crate::game::theme::threat_looks::short_name(t.token);
            match t.what {
                stp_rules::preview::Intent::Boards { facing: at, .. } if at == facing => {
                    Some(format!("{name} boards"))
                }
                _ => t
                    .fires
                    .is_some_and(|(at, _)| at == facing)
                    .then(|| name.to_string()),
            }
        })
        .collect();
    // Two ships of a kind said as two ("2 Klingons"): "Klingon: 2 dmg" over two Klingon
    // tokens read as one ship doing two.
    let mut counted: Vec<(String, usize)> = Vec::new();
    for name in who {
        match counted.iter_mut().find(|(n, _)| *n == name) {
            Some((_, n)) => *n += 1,
            None => counted.push((name, 1)),
        }
    }
    let who: Vec<String> = counted
        .into_iter()
        .map(|(name, n)| match n {
            1 => name,
            n => format!("{n} {}", plural(&name)),
        })
        .collect();
    let amount = match f.incoming {
        0 => String::new(),
        n => format!("{n} dmg"),
    };
    let by = match (who.as_slice(), amount.is_empty()) {
        ([], true) => String::new(),
        ([], false) => format!("{amount} → "),
        // "KOR + Romulan", not "KOR, Romulan", which read as a Romulan named Kor; "+" is shorter
        // than "and", which took a third line beside crowded.ron's sector 4 at 1024x600 while
        // "Phase 6:" still led the row.
        (names, true) => format!("{} → ", names.join(" + ")),
        // On the rim the shots' lines say who fires: the words say how much and what
        // becomes of the section.
        (_, false) if said == Said::OnTheRim => format!("{amount} → "),
        (names, false) => format!("{}: {amount} → ", names.join(" + ")),
    };
    // Who fires, named on the rim too where another piece of the sector has a line of its
    // own: "1 dmg → Shield damaged" over "Tholian holds its web, no fire" read as the
    // Tholian's damage (read 53).
    let named_by = format!("{}: {amount} → ", who.join(" + "));
    let ship = &state.enterprise();
    let mut lines = Vec::new();
    for (what, hits, now) in [
        ("Shield", f.shield_hits, ship.shields[facing as usize]),
        ("Hull", f.hull_hits, ship.hull[facing as usize]),
    ] {
        if hits == 0 {
            continue;
        }
        let then = after(now, hits);
        let deadly = then == stp_rules::SectionState::Destroyed;
        let by = if lines.is_empty() { by.as_str() } else { "" };
        lines.push((format!("{head}{by}{what} {}", state_word(then)), deadly));
    }
    // Hits on a Hull section already destroyed cost cards from the deck (rulebook "Damage to
    // Destroyed Hull Sections"): said, in red, for a deck that runs out loses the game. Left
    // unsaid, a shot with its line drawn had no words (read 18).
    if f.cards_lost > 0 {
        // "−1 deck card": "1 card lost" left readers asking whose (read 26), "1 card off the
        // deck" took a third line that pushed the sector's name into the discard pile's label
        // at 1024x600, "deck −1" read as cryptic (read 29), and "…: 1 card lost from the
        // deck" stood as a box seven lines tall at 1920x1080 (read 30).
        let plural = if f.cards_lost == 1 { "" } else { "s" };
        let cards = format!("−{} {DECK} card{plural}", f.cards_lost);
        match lines.last_mut() {
            // The Hull falls and the rest of the volley costs cards: one line, as one blow
            // (a line more pushed the sector's name into the discard pile's label).
            Some((last, deadly)) if f.hull_hits > 0 => {
                last.push_str(&format!(", {cards}"));
                *deadly = true;
            }
            _ => {
                let by = if lines.is_empty() { by.as_str() } else { "" };
                lines.push((format!("{head}{by}Hull already destroyed, {cards}"), true));
            }
        }
    }
    // The Shield took the volley and the rest of it is lost (rulebook "Damage From Enemy
    // Fire": "When a Shield gets Destroyed, any remaining Damage done in that facing for that
    // turn is ignored"): said, so the damage and the outcome add up.
    if f.incoming > f.shield_hits + f.hull_hits + f.cards_lost
        && f.hull_hits == 0
        && let Some((last, _)) = lines.last_mut()
    {
        last.push_str(&format!("{RESTS_IGNORED}{}", f.incoming));
    }
    let damage_lines = lines.len();
    // A ship in this sector that cloaks in the coming phase fires at nobody: said, or its
    // quiet sector reads as an oversight (a reader asked why the Romulan would not fire).
    let sector = state.enterprise().sector_of_facing(facing);
    for t in &preview.threats {
        let at = t.to.unwrap_or(t.from);
        // A shot a mission token takes for the ship (a Federation Outpost's sector): said,
        // or the sector read as quiet (read 18 found a Klingon there with no forecast).
        if let Some(shot) = t.at_token.filter(|_| at.sector == sector) {
            let name = &stp_rules::content::builtin().mission_tokens[shot.token as usize].name;
            let hits = if shot.left == 1 { "hit" } else { "hits" };
            lines.push((
                format!(
                    "{head}{}: {} dmg → {name}, {} {hits} left",
                    crate::game::theme::threat_looks::short_name(t.token),
                    shot.damage,
                    shot.left
                ),
                shot.left == 0,
            ));
        }
        if t.what == stp_rules::preview::Intent::Cloaks && at.sector == sector {
            // One that moves first says so, as its arrow does (read 41: "cloaks" beside an
            // inward arrow left the move unsaid).
            let what = match t.to.is_some_and(|to| to != t.from) {
                true => "moves in and cloaks",
                false => "cloaks",
            };
            lines.push((
                format!(
                    "{head}{} {what}, {no_fire}",
                    crate::game::theme::threat_looks::short_name(t.token)
                ),
                false,
            ));
        }
        // A Tholian in Short Range holds its web and neither moves nor fires (rulebook
        // "Tholians"): said too (read 13 asked whether it fires).
        let tholian = matches!(
            stp_rules::content::builtin().threat(t.token).threat,
            stp_rules::content::ThreatKind::Ship {
                faction: stp_rules::content::Faction::Tholian,
                ..
            }
        );
        if tholian
            && t.what == stp_rules::preview::Intent::Moves
            && t.fires.is_none()
            && at.sector == sector
            && at.range == stp_rules::Range::Short
        {
            // One that moves in to weave it says so: "holds its web" beside its inward
            // arrow read as two answers (read 21).
            let what = match t.to.is_some_and(|to| to != t.from) {
                true => "moves in and webs the ship",
                false => "holds its web",
            };
            lines.push((
                format!(
                    "{head}{} {what}, {no_fire}",
                    crate::game::theme::threat_looks::short_name(t.token)
                ),
                false,
            ));
        }
    }
    if said == Said::OnTheRim
        && damage_lines > 0
        && lines.len() > damage_lines
        && !who.is_empty()
        && !amount.is_empty()
        && let Some((first, _)) = lines.first_mut()
    {
        *first = first.replacen(&by, &named_by, 1);
    }
    lines
}

/// How much a forecast's line says: whole (for a hover, a screen reader), or as the rim shows
/// it, beside the shots' lines, which say who fires (read 44: the rim's boxes of whole lines,
/// each headed "Phase 6", lay over the board's rim in every picture).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    Whole,
    OnTheRim,
}

/// What a forecast adds when a Shield's fall swallows the rest of a volley, before the
/// volley's damage: the Shield takes it all (read 12 found "the rest ignored" unclear, read 20
/// "the Hull spared").
pub(crate) const RESTS_IGNORED: &str = ", it absorbs all ";

/// What a hit on a Hull section already destroyed costs, beside that Hull's fall ("−1 deck
/// card") or alone ("Hull already destroyed, −1 deck card"): the rim's hover finds it by this
/// word and says the rule.
pub(crate) const DECK: &str = "deck";

/// A forecast's first words, which say when: "Phase 6:" before the threat phase, "Rest of
/// phase 6:" while it plays. Readers asked, mid-phase, whether a "next:" had already happened,
/// then read "next:" and "to come:" as two kinds of forecast (reads 32 to 34).
pub(crate) fn heading(state: &stp_rules::GameState) -> &'static str {
    match state.turn().phase {
        stp_rules::Phase::ThreatsMoveAndFire => "Rest of phase 6:",
        _ => "Phase 6:",
    }
}

/// A section's state as the forecast says it.
fn state_word(state: stp_rules::SectionState) -> &'static str {
    match state {
        stp_rules::SectionState::Intact => "intact",
        stp_rules::SectionState::Damaged => "damaged",
        stp_rules::SectionState::Destroyed => "destroyed",
    }
}
