//! Headless bot games: the `simulate` subcommand, property tests and balance measurements.
//!
//! Games run on the rules' phase functions directly (the same ones the ECS phase systems
//! call), without a schedule per step, so thousands of games a second fit on one core.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::actions::PlayerAction;
use crate::bot;
use crate::content::builtin;
use crate::events::RulesEvent;
use crate::invariants;
pub use crate::legal::fallback_action;
use crate::setup::{GameOptions, SetupError};
use crate::state::{GameState, Outcome};

/// A game that runs this many turns is stopped and counted as unfinished.
pub const TURN_LIMIT: u32 = 2_000;

/// What one bot game did.
#[derive(Debug, Clone, Default)]
pub struct GameRecord {
    pub outcome: Option<Outcome>,
    pub turns: u32,
    pub actions: Vec<PlayerAction>,
    pub final_hash: u64,
    pub invariant_violations: u64,
    pub first_violation: Option<String>,
    pub refused: u64,
    pub missions_drawn: Vec<u8>,
    pub missions_completed: Vec<u8>,
    pub missions_failed: Vec<u8>,
    /// Ability uses by character id.
    pub ability_uses: BTreeMap<u8, u32>,
    pub characters: Vec<u8>,
}

/// Which bot plays every seat of a simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bot {
    /// The built-in heuristic (`bot::choose`): fast and sensible.
    Heuristic,
    /// The search bot (`advisor`), with its budget per decision.
    Advisor(crate::advisor::Budget),
    /// The same search seeing the real deck, bag and dice (`Sight::Clairvoyant`): the bound
    /// a fair advisor is measured against. Bench only: it cheats.
    Oracle(crate::advisor::Budget),
}

impl Bot {
    /// The bot's next action; the advisor's search seed follows the game's seed and the
    /// number of actions so far, so a game repeats exactly with a rollout budget.
    pub fn choose(&self, state: &GameState, seed: u64, step: u64) -> Option<PlayerAction> {
        match self {
            Bot::Heuristic => bot::choose(state),
            Bot::Advisor(budget) => crate::advisor::choose(
                state,
                *budget,
                seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ step,
            ),
            Bot::Oracle(budget) => crate::advisor::choose_clairvoyant(
                state,
                *budget,
                seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ step,
            ),
        }
    }
}

/// Plays one game with the heuristic bot. With `check`, the invariants are checked after
/// every step. `keep_actions` records the actions for replays and determinism tests.
pub fn play_game(
    options: &GameOptions,
    check: bool,
    keep_actions: bool,
) -> Result<GameRecord, SetupError> {
    play_game_with(options, Bot::Heuristic, check, keep_actions)
}

/// Plays one game with the given bot in every seat.
pub fn play_game_with(
    options: &GameOptions,
    bot: Bot,
    check: bool,
    keep_actions: bool,
) -> Result<GameRecord, SetupError> {
    let mut state = GameState::new_quiet(options)?;
    let mut record = GameRecord {
        characters: state.players.iter().map(|p| p.character).collect(),
        ..GameRecord::default()
    };
    state.advance();
    tally(&mut record, &mut state);
    if check {
        note_violations(&mut record, &state);
    }
    let mut step = 0;
    while !state.is_over() && state.turn.number <= TURN_LIMIT {
        let Some(action) = bot.choose(&state, options.seed, step) else {
            break;
        };
        step += 1;
        let action = match state.act(action) {
            Ok(()) => action,
            Err(_) => {
                // The bot should never be refused; count it and fall back to a safe move.
                record.refused += 1;
                let fallback = fallback_action(&state);
                if state.act(fallback).is_err() {
                    break;
                }
                fallback
            }
        };
        if keep_actions {
            record.actions.push(action);
        }
        state.advance();
        tally(&mut record, &mut state);
        if check {
            note_violations(&mut record, &state);
        }
    }
    record.outcome = state.outcome;
    record.turns = state.turn.number;
    record.final_hash = state.state_hash();
    Ok(record)
}

fn note_violations(record: &mut GameRecord, state: &GameState) {
    let problems = invariants::check(state);
    if !problems.is_empty() {
        record.invariant_violations += problems.len() as u64;
        if record.first_violation.is_none() {
            record.first_violation = Some(problems.join("; "));
        }
    }
}

// Inlined: after most steps no tallied event is waiting (a quiet state keeps no other), and
// the call alone cost more than the test.
#[inline(always)]
fn tally(record: &mut GameRecord, state: &mut GameState) {
    if !state.events.is_empty() {
        tally_events(record, state);
    }
}

#[inline(never)]
fn tally_events(record: &mut GameRecord, state: &mut GameState) {
    // Read where they lie, then dropped together (moving each out cost more than reading it).
    for event in &state.events {
        match *event {
            RulesEvent::MissionRevealed { mission } => record.missions_drawn.push(mission),
            RulesEvent::MissionCompleted { mission } => record.missions_completed.push(mission),
            RulesEvent::MissionFailed { mission } => record.missions_failed.push(mission),
            RulesEvent::AbilityUsed { character, .. } => {
                *record.ability_uses.entry(character).or_default() += 1;
            }
            RulesEvent::TurnStarted { .. }
            | RulesEvent::PhaseStarted { .. }
            | RulesEvent::PhaseSkipped { .. }
            | RulesEvent::CardsDrawn { .. }
            | RulesEvent::DeckReshuffled { .. }
            | RulesEvent::MissionTokenPlaced { .. }
            | RulesEvent::MissionTokenMoved { .. }
            | RulesEvent::MissionTokenHit { .. }
            | RulesEvent::Traded { .. }
            | RulesEvent::CardTaken { .. }
            | RulesEvent::CardPlayed { .. }
            | RulesEvent::CardCommitted { .. }
            | RulesEvent::CardDiscarded { .. }
            | RulesEvent::CardRecovered { .. }
            | RulesEvent::ThreatHit { .. }
            | RulesEvent::ThreatDestroyed { .. }
            | RulesEvent::ThreatPlaced { .. }
            | RulesEvent::ThreatMoved { .. }
            | RulesEvent::ThreatFired { .. }
            | RulesEvent::ThreatCloaked { .. }
            | RulesEvent::ThreatUncloaked { .. }
            | RulesEvent::ThreatReinforced { .. }
            | RulesEvent::ThreatReturnedToBag { .. }
            | RulesEvent::ForceFieldPlaced { .. }
            | RulesEvent::ForceFieldHeld { .. }
            | RulesEvent::RedAlertSet { .. }
            | RulesEvent::RedAlertAbsorbed { .. }
            | RulesEvent::TholianWebbed { .. }
            | RulesEvent::CaptainArrived { .. }
            | RulesEvent::CometStruck { .. }
            | RulesEvent::Docked { .. }
            | RulesEvent::BagRefilled { .. }
            | RulesEvent::Maneuvered { .. }
            | RulesEvent::DieRolled { .. }
            | RulesEvent::SectionDamaged { .. }
            | RulesEvent::SectionDestroyed { .. }
            | RulesEvent::SectionRepaired { .. }
            | RulesEvent::SectionRebuilt { .. }
            | RulesEvent::DamageIgnored { .. }
            | RulesEvent::CardsRemoved { .. }
            | RulesEvent::BoardersArriving { .. }
            | RulesEvent::SecurityTeamPlayed { .. }
            | RulesEvent::Boarded { .. }
            | RulesEvent::MissionTimer { .. }
            | RulesEvent::ThreatChosen { .. }
            | RulesEvent::ActionUndone { .. }
            | RulesEvent::GameWon
            | RulesEvent::GameLost { .. } => {}
        }
    }
    state.events.clear();
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct MissionStats {
    pub drawn: u64,
    pub completed: u64,
    pub failed: u64,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct CharacterStats {
    pub games: u64,
    pub wins: u64,
    pub ability_uses: u64,
    pub win_rate: f64,
}

/// The `simulate` summary; `--json` prints it as one object.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub unfinished: u64,
    pub win_rate: f64,
    pub mean_turns: f64,
    pub games_per_second: f64,
    pub elapsed_seconds: f64,
    pub losses_by_cause: BTreeMap<String, u64>,
    pub invariant_violations: u64,
    pub refused_actions: u64,
    pub seed: u64,
    pub preset: String,
    pub players: usize,
    pub missions: BTreeMap<String, MissionStats>,
    pub characters: BTreeMap<String, CharacterStats>,
    /// Every game's final state hash, folded in game order: two runs played the same games
    /// exactly when this agrees (whatever the threads or the engine's speed).
    pub results_hash: u64,
    /// `missions` and `characters` by content id while games are added; `finish` names them.
    #[serde(skip)]
    by_mission: Vec<MissionStats>,
    #[serde(skip)]
    by_character: Vec<CharacterStats>,
}

/// The entry for id `id`, made when first met.
fn slot<T: Default>(list: &mut Vec<T>, id: u8) -> &mut T {
    let index = usize::from(id);
    if list.len() <= index {
        list.resize_with(index + 1, T::default);
    }
    &mut list[index]
}

impl Summary {
    pub fn new(seed: u64, preset: &str, players: usize) -> Self {
        Summary {
            seed,
            preset: preset.to_string(),
            players,
            ..Summary::default()
        }
    }

    pub fn add(&mut self, record: &GameRecord) {
        self.games += 1;
        self.results_hash = (self.results_hash ^ record.final_hash).wrapping_mul(0x0100_0000_01b3);
        let won = record.outcome == Some(Outcome::Won);
        match record.outcome {
            Some(Outcome::Won) => self.wins += 1,
            Some(Outcome::Lost(cause)) => {
                self.losses += 1;
                tally_of(&mut self.losses_by_cause, cause.key(), |n| *n += 1);
            }
            None => self.unfinished += 1,
        }
        self.mean_turns += (f64::from(record.turns) - self.mean_turns) / self.games as f64;
        self.invariant_violations += record.invariant_violations;
        self.refused_actions += record.refused;
        let missions = [
            &record.missions_drawn,
            &record.missions_completed,
            &record.missions_failed,
        ];
        for (which, ids) in missions.into_iter().enumerate() {
            for id in ids {
                let stats = slot(&mut self.by_mission, *id);
                match which {
                    0 => stats.drawn += 1,
                    1 => stats.completed += 1,
                    _ => stats.failed += 1,
                }
            }
        }
        for character in &record.characters {
            let uses = u64::from(*record.ability_uses.get(character).unwrap_or(&0));
            let stats = slot(&mut self.by_character, *character);
            stats.games += 1;
            stats.wins += u64::from(won);
            stats.ability_uses += uses;
        }
    }

    /// Fills in the rates once all games are in.
    pub fn finish(&mut self, elapsed_seconds: f64) {
        self.elapsed_seconds = elapsed_seconds;
        if self.games > 0 {
            self.win_rate = self.wins as f64 / self.games as f64;
        }
        if elapsed_seconds > 0.0 {
            self.games_per_second = self.games as f64 / elapsed_seconds;
        }
        // The counts by id, named (content ids count by name, as the summary prints them).
        let content = builtin();
        let missions = std::mem::take(&mut self.by_mission);
        name_counts(missions, &mut self.missions, |id| {
            content.missions.get(id).map(|m| m.name.as_str())
        });
        let characters = std::mem::take(&mut self.by_character);
        name_counts(characters, &mut self.characters, |id| {
            content.characters.get(id).map(|c| c.name.as_str())
        });
        for stats in self.characters.values_mut() {
            if stats.games > 0 {
                stats.win_rate = stats.wins as f64 / stats.games as f64;
            }
        }
    }
}

/// The seed of game `index` in a run started from `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64 step: neighbouring runs do not share games.
    let mut z = seed.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Counts that add up under one name.
trait Counts: Default {
    fn any(&self) -> bool;
    fn absorb(&mut self, other: &Self);
}

impl Counts for MissionStats {
    fn any(&self) -> bool {
        self.drawn + self.completed + self.failed > 0
    }
    fn absorb(&mut self, other: &Self) {
        self.drawn += other.drawn;
        self.completed += other.completed;
        self.failed += other.failed;
    }
}

impl Counts for CharacterStats {
    fn any(&self) -> bool {
        self.games > 0
    }
    fn absorb(&mut self, other: &Self) {
        self.games += other.games;
        self.wins += other.wins;
        self.ability_uses += other.ability_uses;
    }
}

/// Moves counts kept by content id into a map by name (ids with nothing counted, or no
/// name, are left out).
fn name_counts<'a, V: Counts>(
    by_id: Vec<V>,
    named: &mut BTreeMap<String, V>,
    name_of: impl Fn(usize) -> Option<&'a str>,
) {
    for (id, counted) in by_id.into_iter().enumerate() {
        if let Some(name) = name_of(id).filter(|_| counted.any()) {
            tally_of(named, name, |stats| stats.absorb(&counted));
        }
    }
}

/// Changes the entry for a name, its key copied only the first time (a summary adds thousands
/// of games, each naming its missions and crew).
fn tally_of<V: Default>(map: &mut BTreeMap<String, V>, name: &str, change: impl FnOnce(&mut V)) {
    match map.get_mut(name) {
        Some(entry) => change(entry),
        None => {
            let mut entry = V::default();
            change(&mut entry);
            map.insert(name.to_owned(), entry);
        }
    }
}
