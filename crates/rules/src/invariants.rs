//! Invariants that hold after every step of every game: each of the 62 cards and 31 tokens is
//! in exactly one place, and the Enterprise's sections are in legal states.

use crate::content::schema::{ENTERPRISE_CARDS as CARDS, THREAT_TOKENS as TOKENS};
use crate::state::{FACINGS, GameState, Outcome, SectionState, Window};

/// Returns every violated invariant, in words.
pub fn check(state: &GameState) -> Vec<String> {
    // The simulator asks after every step: the usual answer comes from bitsets, without a
    // count table or a message; only a state that breaks one is gone through in words.
    if holds(state) {
        return Vec::new();
    }
    problems(state)
}

// Each card and token is one bit of a word.
const _: () = assert!(CARDS <= 64 && TOKENS <= 64);

/// Whether every invariant of [`problems`] holds.
fn holds(state: &GameState) -> bool {
    // Each id sets its bit: every id is in exactly one place when the bits make the full set
    // and there are as many places as ids (an id past 63 sets no bit, so the set falls short).
    let mut cards = bits(&state.deck) | bits(&state.discard) | bits(&state.removed);
    let mut card_count = state.deck.len() + state.discard.len() + state.removed.len();
    for player in &state.players {
        cards |= bits(&player.hand);
        card_count += player.hand.len();
    }
    if let Some(mission) = &state.mission {
        for c in &mission.committed {
            cards |= BIT[c.card as usize];
        }
        card_count += mission.committed.len();
    }
    let mut tokens = bits(&state.bag) | bits(&state.threat_discard);
    let mut token_count = state.bag.len() + state.threat_discard.len() + state.threats.len();
    if let Some(Window::SpockChoice { drawn }) = &state.turn.window {
        tokens |= bits(drawn);
        token_count += drawn.len();
    }
    // The threats on the board in one pass, their tokens and their states together, with `&`
    // rather than `&&`: which kinds of token are out is as random as the bag, so a branch on
    // each would be foreseen wrongly half the time.
    let limits = threat_limits();
    let mut threats_ok = true;
    for threat in &state.threats {
        tokens |= BIT[threat.token as usize];
        let limit = limits[threat.token as usize];
        threats_ok &= (threat.pos.sector < FACINGS)
            & (threat.defense >= limit.least)
            & (threat.defense <= limit.most)
            & (!threat.cloaked | limit.cloaks);
    }
    cards == u64::MAX >> (64 - CARDS)
        && card_count == CARDS
        && tokens == u64::MAX >> (64 - TOKENS)
        && token_count == TOKENS
        && threats_ok
        && state.enterprise.heading < FACINGS
        && (state.enterprise.destroyed_hull() != FACINGS as usize
            || state.outcome == Some(Outcome::Lost(crate::LossCause::HullDestroyed)))
        && (state.turn.active as usize) < state.players.len()
        && state.completed_missions.len() <= state.config.missions_required as usize
}

/// What a token's threat may be on the board: a ship's Defense is 1 up to its printed
/// Defense, and only a ship that cloaks may be face down; anything else has no Defense rule.
#[derive(Clone, Copy)]
struct Limit {
    least: u8,
    most: u8,
    cloaks: bool,
}

/// Each token id's [`Limit`], one for every `u8` (an id with no token allows nothing).
fn threat_limits() -> &'static [Limit; 256] {
    static LIMITS: std::sync::OnceLock<[Limit; 256]> = std::sync::OnceLock::new();
    LIMITS.get_or_init(|| {
        let threats = &crate::content::builtin().threats;
        std::array::from_fn(|id| match threats.get(id) {
            Some(def) if def.is_ship() => Limit {
                least: 1,
                most: def.max_defense(),
                cloaks: def.cloaks(),
            },
            Some(_) => Limit {
                least: 0,
                most: u8::MAX,
                cloaks: false,
            },
            None => Limit {
                least: 1,
                most: 0,
                cloaks: false,
            },
        })
    })
}

/// The bit of each id: `1 << id` below 64, none above.
static BIT: [u64; 256] = {
    let mut bit = [0u64; 256];
    let mut id = 0;
    while id < 64 {
        bit[id] = 1 << id;
        id += 1;
    }
    bit
};

/// The set of `ids`, one table load an id. The simulator asks this of every pile after every
/// step, and piles are short and of changing length, so what costs is a loop's end foreseen
/// wrongly: the ids go in blocks of eight, and the last block is read whole, overlapping the
/// one before or repeating the last id (a set is the same with an id twice).
#[inline(always)]
fn bits(ids: &[u8]) -> u64 {
    let bit = |id: u8| BIT[id as usize];
    let block = |ids: &[u8; 8]| {
        (bit(ids[0]) | bit(ids[1]) | bit(ids[2]) | bit(ids[3]))
            | (bit(ids[4]) | bit(ids[5]) | bit(ids[6]) | bit(ids[7]))
    };
    let Some(last) = ids.len().checked_sub(1) else {
        return 0;
    };
    if let Some(tail) = ids.last_chunk::<8>() {
        let (blocks, _) = ids.as_chunks::<8>();
        blocks.iter().fold(block(tail), |set, ids| set | block(ids))
    } else {
        block(&std::array::from_fn(|i| ids[i.min(last)]))
    }
}

/// Every violated invariant, in words.
fn problems(state: &GameState) -> Vec<String> {
    let mut problems = Vec::new();

    let mut cards = [0u8; CARDS];
    let mut count_card = |card: u8| {
        if let Some(slot) = cards.get_mut(card as usize) {
            *slot += 1;
        }
    };
    state.deck.iter().for_each(|c| count_card(*c));
    state.discard.iter().for_each(|c| count_card(*c));
    state.removed.iter().for_each(|c| count_card(*c));
    for player in &state.players {
        player.hand.iter().for_each(|c| count_card(*c));
    }
    if let Some(mission) = &state.mission {
        mission.committed.iter().for_each(|c| count_card(c.card));
    }
    for (card, count) in cards.iter().enumerate() {
        if *count != 1 {
            problems.push(format!("card {card} is in {count} places"));
        }
    }
    let total = state.deck.len()
        + state.discard.len()
        + state.removed.len()
        + state.players.iter().map(|p| p.hand.len()).sum::<usize>()
        + state.mission.as_ref().map_or(0, |m| m.committed.len());
    if total != CARDS {
        problems.push(format!("{total} cards in play, not {CARDS}"));
    }

    let mut tokens = [0u8; TOKENS];
    let mut count_token = |token: u8| {
        if let Some(slot) = tokens.get_mut(token as usize) {
            *slot += 1;
        }
    };
    state.bag.iter().for_each(|t| count_token(*t));
    state.threat_discard.iter().for_each(|t| count_token(*t));
    state.threats.iter().for_each(|t| count_token(t.token));
    if let Some(Window::SpockChoice { drawn }) = &state.turn.window {
        drawn.iter().for_each(|t| count_token(*t));
    }
    for (token, count) in tokens.iter().enumerate() {
        if *count != 1 {
            problems.push(format!("threat token {token} is in {count} places"));
        }
    }

    let content = crate::content::builtin();
    for threat in &state.threats {
        // A token the content does not have is told, not indexed (a broken state is input).
        let Some(def) = content.threats.get(threat.token as usize) else {
            problems.push(format!("threat token {} does not exist", threat.token));
            continue;
        };
        if threat.pos.sector >= FACINGS {
            problems.push(format!("threat {} is off the board", threat.token));
        }
        if def.is_ship() && (threat.defense == 0 || threat.defense > def.max_defense()) {
            problems.push(format!(
                "threat {} has Defense {} (max {})",
                threat.token,
                threat.defense,
                def.max_defense()
            ));
        }
        if threat.cloaked && !def.cloaks() {
            problems.push(format!(
                "threat {} is cloaked but cannot cloak",
                threat.token
            ));
        }
    }
    if state.enterprise.heading >= FACINGS {
        problems.push("the Enterprise's heading is off the board".into());
    }
    let destroyed = state
        .enterprise
        .hull
        .iter()
        .filter(|s| **s == SectionState::Destroyed)
        .count();
    if destroyed == FACINGS as usize
        && state.outcome != Some(Outcome::Lost(crate::LossCause::HullDestroyed))
    {
        problems.push("all Hull sections destroyed but the game goes on".into());
    }
    if state.turn.active as usize >= state.players.len() {
        problems.push("the active player does not exist".into());
    }
    if state.completed_missions.len() > state.config.missions_required as usize {
        problems.push("more missions completed than required".into());
    }
    problems
}
