//! Rulebook "Get Ready to Play": a new game from a seed, the players and a preset.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::content::{Range, builtin};
use crate::state::{Enterprise, GameConfig, GameState, Phase, Player, Position, TokenId, Turn};

/// Who sits at the table and what game they play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    pub seed: u64,
    pub preset: String,
    /// Player names and character ids (`None` = dealt at random from the seed).
    pub players: Vec<(String, Option<String>)>,
}

impl GameOptions {
    /// `count` players named "Player N", characters dealt from the seed.
    pub fn quick(seed: u64, count: usize, preset: &str) -> Self {
        GameOptions {
            seed,
            preset: preset.to_string(),
            players: (1..=count).map(|i| (seat_name(i), None)).collect(),
        }
    }
}

/// "Player N" for seat N (counted from 1): the six seats' names are written out, because the
/// simulator names a game's seats for every game it plays and `format!` costs more than a copy.
fn seat_name(seat: usize) -> String {
    const NAMES: [&str; 6] = [
        "Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6",
    ];
    match NAMES.get(seat.wrapping_sub(1)) {
        Some(name) => (*name).to_string(),
        None => format!("Player {seat}"),
    }
}

/// The longest name a player may have, in characters: it fits a seat's title.
pub const MAX_NAME_CHARS: usize = 24;

/// Whether a character shows as itself: no control characters, nothing that reorders or hides
/// text (bidi overrides and isolates, zero-width marks, soft hyphens, tags, interlinear
/// annotations), which could make a name or a line read as something it is not.
pub fn shows_plainly(c: char) -> bool {
    !c.is_control()
        && !matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// Why a player's name cannot stand at the table, if it cannot: empty, longer than
/// `MAX_NAME_CHARS`, or with a character that does not show plainly. Setup, saves and a
/// host's state are all held to it.
pub fn name_problem(name: &str) -> Option<String> {
    let count = name.chars().count();
    let plain = || name.chars().filter(|c| shows_plainly(*c));
    if name.trim().is_empty() {
        return Some("a player's name is empty".into());
    }
    if count > MAX_NAME_CHARS {
        return Some(format!(
            "the name `{}…` is {count} characters long: at most {MAX_NAME_CHARS}",
            plain().take(12).collect::<String>()
        ));
    }
    name.chars().find(|c| !shows_plainly(*c)).map(|c| {
        format!(
            "the name `{}` holds a character that does not show plainly (U+{:04X})",
            plain().collect::<String>(),
            u32::from(c)
        )
    })
}

/// Why a game cannot be dealt from its options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Star Trek Panic needs 1–6 players, not {0}")]
    PlayerCount(usize),
    #[error("unknown preset `{0}` (presets: {names})", names = preset_names())]
    UnknownPreset(String),
    #[error("unknown character `{0}`")]
    UnknownCharacter(String),
    #[error("character `{0}` is chosen twice")]
    CharacterTwice(String),
    #[error("{0}")]
    Name(String),
}

/// The built-in presets' ids, for the message that refuses an unknown one.
fn preset_names() -> String {
    let names: Vec<&str> = builtin().presets.iter().map(|p| p.id.as_str()).collect();
    names.join(", ")
}

impl GameState {
    /// A new game dealt from its options, with the setup's events kept for the table.
    pub fn new(options: &GameOptions) -> Result<GameState, SetupError> {
        Self::deal(options, false)
    }

    /// A new game that is quiet from the deal on (`quiet`): the simulator's games keep only
    /// the setup's events the tally reads, and deal the same game as `new`.
    pub fn new_quiet(options: &GameOptions) -> Result<GameState, SetupError> {
        Self::deal(options, true)
    }

    fn deal(options: &GameOptions, quiet: bool) -> Result<GameState, SetupError> {
        let content = builtin();
        let count = options.players.len();
        if !(1..=6).contains(&count) {
            return Err(SetupError::PlayerCount(count));
        }
        if let Some(problem) = options
            .players
            .iter()
            .find_map(|(name, _)| name_problem(name))
        {
            return Err(SetupError::Name(problem));
        }
        let preset = content
            .preset(&options.preset)
            .ok_or_else(|| SetupError::UnknownPreset(options.preset.clone()))?;
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);

        // Characters: chosen ones first, the rest dealt from the remaining ones.
        let mut chosen: Vec<Option<u8>> = Vec::with_capacity(count);
        for (_, character) in &options.players {
            match character {
                Some(id) => {
                    let index = content
                        .character_index(id)
                        .ok_or_else(|| SetupError::UnknownCharacter(id.clone()))?;
                    if chosen.contains(&Some(index)) {
                        return Err(SetupError::CharacterTwice(id.clone()));
                    }
                    chosen.push(Some(index));
                }
                None => chosen.push(None),
            }
        }
        let mut free: Vec<u8> = (0..content.characters.len() as u8)
            .filter(|c| !chosen.contains(&Some(*c)))
            .collect();
        free.shuffle(&mut rng);
        let mut players = Vec::with_capacity(count);
        for ((name, _), pick) in options.players.iter().zip(chosen) {
            let character = match pick {
                Some(c) => c,
                None => free.pop().unwrap_or(0),
            };
            players.push(Player {
                name: name.clone(),
                character,
                // Room for a full hand and the cards a turn adds before it plays them.
                hand: Vec::with_capacity(8),
            });
        }

        // Threats: one each of the setup tokens, shuffled over Long Range 1, 3 and 5.
        let mut setup_tokens = content.setup_threats.clone();
        setup_tokens.shuffle(&mut rng);
        let bag: Vec<TokenId> = (0..content.threats.len() as u8)
            .filter(|t| !setup_tokens.contains(t))
            .collect();

        let mut deck: Vec<u8> = (0..content.cards.len() as u8).collect();
        deck.shuffle(&mut rng);

        let mut mission_deck: Vec<u8> = match &preset.missions {
            Some(list) => list
                .iter()
                .filter_map(|id| content.mission_index(id))
                .collect(),
            None => (0..content.missions.len() as u8).collect(),
        };
        mission_deck.shuffle(&mut rng);

        let mut state = GameState {
            config: GameConfig {
                seed: options.seed,
                preset: preset.id.clone(),
                missions_required: preset.missions_required,
            },
            enterprise: Enterprise::default(),
            // The piles get room for the whole deck and bag at once, so a game's cards and
            // tokens move between them without growing one a step at a time.
            threats: Vec::with_capacity(bag.len()),
            mission_tokens: Vec::new(),
            discard: Vec::with_capacity(deck.len()),
            removed: Vec::with_capacity(deck.len()),
            deck,
            players,
            mission: None,
            mission_deck,
            completed_missions: Vec::new(),
            threat_discard: Vec::with_capacity(bag.len()),
            bag,
            turn: Turn {
                number: 1,
                active: 0,
                phase: Phase::Trade,
                phase_done: false,
                maneuvers: 0,
                extra_maneuvers: 0,
                trades: 0,
                ability_used: false,
                mission_rolled: false,
                discarded: false,
                progress: false,
                idle_turns: 0,
                window: None,
            },
            outcome: None,
            rng,
            forced_rolls: Vec::new(),
            seen: None,
            forced: Default::default(),
            quiet,
            stats: crate::stats::GameStats {
                turns: 1,
                ..Default::default()
            },
            events: Vec::new(),
        };
        for (token, sector) in setup_tokens.into_iter().zip([0u8, 2, 4]) {
            state.place_threat(token, Position::new(Range::Long, sector));
        }
        let hand_size = state.hand_size();
        for player in 0..count as u8 {
            state.draw_cards(player, hand_size);
        }
        // The first mission is revealed at setup; the first player skips phases 1 and 2.
        state.reveal_mission();
        state.enter_trade_phase();
        Ok(state)
    }
}
