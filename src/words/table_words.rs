//! The table in words, for whoever cannot see it (issue 43) and beside the pictures: one
//! sentence for where the game stands, as the top bar shows it to the eye, and the ship's
//! Shields and Hull as the status column says them, from the rules' state alone.

use stp_rules::content::builtin;
use stp_rules::{GameState, Outcome, SectionState};

/// "Turn 3, Bob's turn (Captain James T. Kirk), phase 4 of 7: Play Cards & Maneuver; the
/// Fore faces sectors 1 and 6."
pub fn turn_summary(state: &GameState) -> String {
    let seat = &state.players()[state.turn().active as usize];
    let character = &builtin().characters[seat.character as usize].name;
    let ship = &state.enterprise();
    // The Fore is the fore-port and fore-starboard facings (5 and 0); sectors counted from 1.
    let mut fore = [ship.sector_of_facing(5) + 1, ship.sector_of_facing(0) + 1];
    fore.sort_unstable();
    let phase = state.turn().phase;
    let now = match state.outcome() {
        Some(Outcome::Won) => "the game is over: victory".to_string(),
        Some(Outcome::Lost(_)) => "the game is over: defeat".to_string(),
        None => format!("phase {} of 7: {}", phase.number(), phase.name()),
    };
    format!(
        "Turn {}, {}'s turn ({character}), {now}; the Fore faces sectors {} and {}.",
        state.turn().number,
        seat.name,
        fore[0],
        fore[1]
    )
}

/// "Shields: damaged starboard (2), port (4); destroyed aft-starboard (3); the rest intact",
/// or "Hull: all intact". Each facing with the sector it now faces, as the board numbers
/// them: the facings' names turn with the ship, and readers matched them to the sectors by
/// hand (read 28). `compact`, beside a mission card that needs the room: the diagram's short
/// names ("damaged S (2), P (4); destroyed AS (3); rest intact"), where the long ones took four
/// lines and scrolled The Doomsday Machine's reward out of the column (read 35's p146).
pub fn status_line(
    what: &str,
    sections: &[SectionState; 6],
    ship: &stp_rules::Enterprise,
    compact: bool,
) -> String {
    let named = |wanted: SectionState| -> Vec<String> {
        (0..6u8)
            .filter(|f| sections[*f as usize] == wanted)
            .map(|f| {
                let name = match compact {
                    true => crate::words::describe::facing_short_name(f),
                    false => crate::words::describe::facing_name(f),
                };
                // Shown, joined by a space that does not break: "P" ended one line and "(2)"
                // began the next (read 49).
                let space = if compact { '\u{a0}' } else { ' ' };
                format!("{name}{space}({})", ship.sector_of_facing(f) + 1)
            })
            .collect()
    };
    let parts: Vec<String> = [
        (SectionState::Damaged, "damaged"),
        (SectionState::Destroyed, "destroyed"),
    ]
    .into_iter()
    .filter_map(|(state, word)| {
        let names = named(state);
        (!names.is_empty()).then(|| format!("{word} {}", names.join(", ")))
    })
    .collect();
    match parts.is_empty() {
        true => format!("{what}: all intact"),
        false if !compact => format!("{what}: {}; the rest intact", parts.join("; ")),
        // Short, but said: without it readers could not tell whether a section left unnamed
        // was intact (read 25).
        false => format!("{what}: {}; rest intact", parts.join("; ")),
    }
}

/// Why `player`'s hand takes no play now, for a veil over it (readers took a full-contrast
/// hand in the threats' phase for one waiting to be played): "Cards are played in phase 4,
/// Play Cards & Maneuver", or on another's turn "Cards are played on Ann's own turn".
pub fn hand_waits(state: &GameState, player: stp_rules::PlayerId) -> String {
    let play = stp_rules::Phase::PlayAndManeuver;
    match player == state.turn().active {
        true => format!(
            "Cards are played in phase {}, {}",
            play.number(),
            play.name()
        ),
        false => format!(
            "Cards are played on {}'s own turn",
            state.players()[player as usize].name
        ),
    }
}

/// How near the crew stands to losing, for the ship's bar (readers asked how close defeat
/// was): the Hull sections destroyed of the 6 that lose the game, "1 of 6 Hull destroyed"
/// with shorter forms for a narrow bar ("5/6 Hull", counting those standing, read as "all
/// fine" beside a damaged one), and a sentence that says what loses (rulebook "Damage to
/// Destroyed Hull Sections").
pub fn hull_lost(state: &GameState) -> ([String; 3], String) {
    let destroyed = state.enterprise().destroyed_hull();
    (
        [
            format!("{destroyed} of 6 Hull destroyed"),
            format!("{destroyed}/6 Hull destroyed"),
            format!("{destroyed}/6 destroyed"),
        ],
        format!(
            "Hull sections destroyed: {destroyed} of 6. The crew loses when all 6 are \
             destroyed, or when a player cannot draw from the Enterprise deck."
        ),
    )
}

/// What the mission in play forbids, as its card says it in a word ("No trading while in
/// play"), so a phase struck out of the stepper has its reason on the card beside it (read
/// 20 asked why "3 Trade" was crossed out).
pub fn mission_bans(state: &GameState) -> Option<String> {
    let def = builtin().mission(state.mission().as_ref()?.mission);
    let bans: Vec<&str> = [(def.no_trade, "trading"), (def.no_maneuver, "maneuvering")]
        .into_iter()
        .filter_map(|(banned, what)| banned.then_some(what))
        .collect();
    (!bans.is_empty()).then(|| format!("No {} while in play", bans.join(" or ")))
}

/// Where the cloaked ships' shots may land, as the rules foresee it (the facings a die may
/// pick): "the cloaked ship in sector 3 fires from sector 2, 3 or 4 (die roll)"; `None`
/// with no cloaked ship to uncloak. Readers asked where "a cloaked ship's shot, where the die
/// picks" could land (read 41), then how a ship in sector 6 could hit sector 1 (read 42).
pub fn cloaked_shots(
    state: &GameState,
    preview: &stp_rules::preview::ThreatPreview,
) -> Option<String> {
    let cloaked: Vec<&stp_rules::preview::ThreatIntent> = preview
        .threats
        .iter()
        .filter(|t| t.what == stp_rules::preview::Intent::Chance)
        .collect();
    let mut sectors: Vec<u8> = (0..6u8)
        .filter(|f| preview.facings[*f as usize].chance)
        .map(|f| state.enterprise().sector_of_facing(f) + 1)
        .collect();
    sectors.sort_unstable();
    let places = match sectors.as_slice() {
        [] => return None,
        [one] => format!("sector {one}"),
        [first @ .., last] => format!(
            "sector {} or {last}",
            first
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    // Said as what happens, so the three sectors make sense: it comes out of cloak where
    // the die moves it (read 42 asked how a ship in sector 6 could hit sector 1 or 5).
    // Where it stands now is said too, and that the die moves it: readers of read 45 asked
    // why a ship in sector 2 could come out in sector 1 or 3. Short, as the ship's column has
    // no line to spare beside a long mission (read 49's p2 scrolled at 1920x1080).
    Some(match cloaked.as_slice() {
        [one] => format!(
            "the cloaked ship in sector {} fires from {places} (die roll)",
            one.from.sector + 1
        ),
        [] => format!("a cloaked ship fires from {places} (die roll)"),
        many => format!(
            "{} cloaked ships fire from {places} (a die roll each)",
            many.len()
        ),
    })
}

/// What the coming Threats Move & Fire phase does to the ship in all, in the rim's unit: the
/// damage, and what of it brings defeat nearer, the Hull sections it destroys and the cards it
/// costs, "Phase 6: 3 dmg, 1 Hull destroyed" ("Rest of phase 6:" while the phase plays);
/// `None` where it does nothing to her. The rim says facing by facing what becomes of each
/// section. A reader had to add up six labels (read 33); "2 hits on Shields" beside a rim's
/// "2 dmg → Shield destroyed, it absorbs all 2" and a "1 dmg" elsewhere did not add up for
/// three readers of reads 47 and 48.
pub fn coming_damage(
    state: &GameState,
    preview: &stp_rules::preview::ThreatPreview,
) -> Option<String> {
    use stp_rules::SectionState;
    let hull = &state.enterprise().hull;
    let sum = |of: fn(&stp_rules::preview::FacingIntent) -> u8| -> u32 {
        preview.facings.iter().map(|f| u32::from(of(f))).sum()
    };
    let (damage, lost) = (sum(|f| f.incoming), sum(|f| f.cards_lost));
    // A Hull section falls to one hit if damaged, to two if intact.
    let falls = preview
        .facings
        .iter()
        .zip(hull)
        .filter(|(f, now)| match now {
            SectionState::Intact => f.hull_hits >= 2,
            SectionState::Damaged => f.hull_hits >= 1,
            SectionState::Destroyed => false,
        })
        .count();
    if damage == 0 && lost == 0 {
        return None;
    }
    let mut parts = vec![format!("{damage} dmg")];
    if falls > 0 {
        parts.push(format!("{falls} Hull destroyed"));
    }
    if lost > 0 {
        parts.push(format!(
            "−{lost} deck card{}",
            if lost == 1 { "" } else { "s" }
        ));
    }
    let head = match state.turn().phase {
        stp_rules::Phase::ThreatsMoveAndFire => "Rest of phase 6",
        _ => "Phase 6",
    };
    Some(format!("{head}: {}", parts.join(", ")))
}
