//! Scenario files: an explicit table instead of a seed's setup, then a list of actions that
//! name cards and threats by kind. See `docs/scenarios.md`.

mod names;

pub use names::{named, resolve};

use serde::{Deserialize, Serialize};

use crate::actions::{RangeShift, Rotation};
use crate::content::{Range, builtin};
use crate::events::{ManeuverKind, RulesEvent};
use crate::files::{FORMAT_VERSION, FileError};
use crate::setup::GameOptions;
use crate::state::{
    CardId, GameState, MissionState, MissionTokenOnBoard, Phase, PlayerId, Position, SectionRef,
    SectionState, ThreatOnBoard, TokenId,
};

pub const SCENARIO_FORMAT: &str = "star-trek-panic-scenario";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScenarioPlayer {
    pub name: String,
    pub character: String,
    /// Card kinds (ids in assets/cards.ron).
    pub hand: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScenarioThreat {
    /// Token kind (id in assets/threats.ron).
    pub kind: String,
    pub range: Range,
    /// Board sector, 1–6.
    pub sector: u8,
    /// Current Defense; the token's maximum when absent.
    #[serde(default)]
    pub defense: Option<u8>,
    #[serde(default)]
    pub cloaked: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScenarioToken {
    pub token: String,
    pub range: Range,
    pub sector: u8,
    #[serde(default)]
    pub value: Option<u8>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScenarioMission {
    pub id: String,
    #[serde(default)]
    pub timer: Option<u8>,
    #[serde(default)]
    pub tokens: Vec<ScenarioToken>,
    /// Committed card kinds, each counting toward the objective it would on commit.
    #[serde(default)]
    pub committed: Vec<String>,
}

/// A target named by kind; `ThreatAt` picks the threat at a board position.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum NamedTarget {
    None,
    Threat(String),
    ThreatAt(Range, u8),
    Shift(String, Rotation),
    Section(SectionRef),
    Facing(u8),
    Discard(String),
}

/// An action whose cards and threats are named by kind.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum NamedAction {
    EndPhase,
    Trade {
        with: PlayerId,
        give: String,
        take: String,
    },
    PlayCard {
        card: String,
        target: NamedTarget,
        #[serde(default)]
        with: Option<String>,
        #[serde(default)]
        shift: Option<RangeShift>,
    },
    Commit {
        card: String,
        #[serde(default)]
        as_medical: bool,
    },
    Maneuver(ManeuverKind),
    RollForMission,
    Repair(SectionRef),
    TakeCard {
        from: PlayerId,
        card: String,
    },
    Redraw {
        card: String,
    },
    Discard {
        card: String,
    },
    PlaySecurityTeam,
    ResolveBoarding,
    ChooseThreats {
        first: String,
        second: String,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScenarioAction {
    pub player: PlayerId,
    pub action: NamedAction,
}

fn first_turn() -> u32 {
    1
}

fn intact() -> Vec<SectionState> {
    vec![SectionState::Intact; 6]
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Scenario {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub seed: u64,
    pub preset: String,
    pub players: Vec<ScenarioPlayer>,
    #[serde(default)]
    pub active: PlayerId,
    /// The turn number the position is in (1 when absent): the header and the log's stamps
    /// read it.
    #[serde(default = "first_turn")]
    pub turn: u32,
    pub phase: Phase,
    #[serde(default)]
    pub heading: u8,
    /// By ship facing 1–6 (index 0 is facing 1, fore-starboard).
    #[serde(default = "intact")]
    pub shields: Vec<SectionState>,
    #[serde(default = "intact")]
    pub hull: Vec<SectionState>,
    #[serde(default)]
    pub threats: Vec<ScenarioThreat>,
    #[serde(default)]
    pub mission: Option<ScenarioMission>,
    #[serde(default)]
    pub completed_missions: Vec<String>,
    /// Card kinds on top of the deck, top first; every card not placed elsewhere lies below.
    #[serde(default)]
    pub deck_top: Vec<String>,
    /// Discard pile, bottom first.
    #[serde(default)]
    pub discard: Vec<String>,
    #[serde(default)]
    pub removed: Vec<String>,
    /// Token kinds in the bag; when given, every other unplaced token is in the threat
    /// discard pile. When absent, every unplaced token is in the bag.
    #[serde(default)]
    pub bag: Option<Vec<String>>,
    /// Die results to use before the seeded generator, in order.
    #[serde(default)]
    pub dice: Vec<u8>,
    #[serde(default)]
    pub actions: Vec<ScenarioAction>,
}

fn bad(message: String) -> FileError {
    FileError::Inconsistent(message)
}

/// Takes one card of a kind out of the unplaced pool.
fn take_card(pool: &mut Vec<CardId>, kind: &str) -> Result<CardId, FileError> {
    let index = pool
        .iter()
        .position(|c| builtin().card(*c).kind == kind)
        .ok_or_else(|| bad(format!("no card `{kind}` left to place")))?;
    Ok(pool.remove(index))
}

fn take_token(pool: &mut Vec<TokenId>, kind: &str) -> Result<TokenId, FileError> {
    let index = pool
        .iter()
        .position(|t| builtin().threat(*t).kind == kind)
        .ok_or_else(|| bad(format!("no threat token `{kind}` left to place")))?;
    Ok(pool.remove(index))
}

fn sector(n: u8) -> Result<u8, FileError> {
    if (1..=6).contains(&n) {
        Ok(n - 1)
    } else {
        Err(bad(format!("sector {n}: sectors are 1–6")))
    }
}

impl Scenario {
    pub fn from_text(text: &str) -> Result<Scenario, FileError> {
        let scenario: Scenario =
            ron::from_str(text).map_err(|e| FileError::Corrupt(e.to_string()))?;
        if scenario.format != SCENARIO_FORMAT {
            return Err(FileError::Foreign {
                found: scenario.format,
                expected: SCENARIO_FORMAT,
            });
        }
        if scenario.version > FORMAT_VERSION {
            return Err(FileError::NewerVersion {
                found: scenario.version,
            });
        }
        Ok(scenario)
    }

    /// The game the scenario's table belongs to: its seed, preset and seats.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            seed: self.seed,
            preset: self.preset.clone(),
            players: self
                .players
                .iter()
                .map(|p| (p.name.clone(), Some(p.character.clone())))
                .collect(),
        }
    }

    /// Builds the table the scenario describes; every card and token is placed exactly once.
    pub fn table(&self) -> Result<GameState, FileError> {
        let content = builtin();
        let options = self.options();
        let mut state = GameState::new(&options).map_err(FileError::Setup)?;
        state.events.clear();
        if self.active as usize >= self.players.len() || self.heading >= 6 {
            return Err(bad("active player or heading out of range".into()));
        }
        if self.turn == 0 {
            return Err(bad("turn counts from 1".into()));
        }
        let mut cards: Vec<CardId> = (0..content.cards.len() as u8).collect();
        for (player, spec) in self.players.iter().enumerate() {
            state.players[player].hand = spec
                .hand
                .iter()
                .map(|k| take_card(&mut cards, k))
                .collect::<Result<_, _>>()?;
        }
        state.discard = self
            .discard
            .iter()
            .map(|k| take_card(&mut cards, k))
            .collect::<Result<_, _>>()?;
        state.removed = self
            .removed
            .iter()
            .map(|k| take_card(&mut cards, k))
            .collect::<Result<_, _>>()?;

        let mut tokens: Vec<TokenId> = (0..content.threats.len() as u8).collect();
        state.threats.clear();
        for t in &self.threats {
            let token = take_token(&mut tokens, &t.kind)?;
            let max = content.threat(token).max_defense();
            let defense = t.defense.unwrap_or(max);
            if content.threat(token).is_ship() && !(1..=max).contains(&defense) {
                return Err(bad(format!("`{}` cannot have Defense {defense}", t.kind)));
            }
            if t.cloaked && !content.threat(token).cloaks() {
                return Err(bad(format!("`{}` cannot cloak", t.kind)));
            }
            state.threats.push(ThreatOnBoard {
                token,
                pos: Position::new(t.range, sector(t.sector)?),
                defense,
                cloaked: t.cloaked,
                force_field: false,
            });
        }
        match &self.bag {
            Some(kinds) => {
                state.bag = kinds
                    .iter()
                    .map(|k| take_token(&mut tokens, k))
                    .collect::<Result<_, _>>()?;
                state.threat_discard = tokens;
            }
            None => {
                state.bag = tokens;
                state.threat_discard = Vec::new();
            }
        }

        state.completed_missions = self
            .completed_missions
            .iter()
            .map(|id| {
                content
                    .mission_index(id)
                    .ok_or_else(|| bad(format!("unknown mission `{id}`")))
            })
            .collect::<Result<_, _>>()?;
        state.mission = None;
        state.mission_tokens.clear();
        if let Some(m) = &self.mission {
            let id = content
                .mission_index(&m.id)
                .ok_or_else(|| bad(format!("unknown mission `{}`", m.id)))?;
            state.mission = Some(MissionState {
                mission: id,
                timer: m.timer.or(content.mission(id).timer),
                committed: Vec::new(),
                threats_destroyed: 0,
                die_successes: 0,
                token_lost: false,
            });
            for t in &m.tokens {
                let token = content
                    .mission_token_index(&t.token)
                    .ok_or_else(|| bad(format!("unknown mission token `{}`", t.token)))?;
                let value = t
                    .value
                    .unwrap_or(content.mission_tokens[token as usize].value);
                state.mission_tokens.push(MissionTokenOnBoard {
                    token,
                    pos: Position::new(t.range, sector(t.sector)?),
                    value,
                });
            }
            // A mission that sets tokens out (the Planet Killer) cannot be played without them.
            for setup in &content.mission(id).tokens {
                if !m.tokens.iter().any(|t| t.token == setup.token) {
                    return Err(bad(format!(
                        "mission `{}` needs its `{}` token on the board: add it to the \
                         mission's tokens, as tokens: [(token: \"{}\", range: {:?}, sector: 1)]",
                        m.id, setup.token, setup.token, setup.range
                    )));
                }
            }
            for kind in &m.committed {
                let card = take_card(&mut cards, kind)?;
                let credit = state.commit_objective(card, false).map(|(_, c)| c);
                let Some(credit) = credit else {
                    return Err(bad(format!(
                        "`{kind}` counts toward no objective of `{}`",
                        m.id
                    )));
                };
                state.commit_card(card, credit);
            }
        }
        state.mission_deck = match &content
            .preset(&self.preset)
            .and_then(|p| p.missions.clone())
        {
            Some(list) => list
                .iter()
                .filter_map(|m| content.mission_index(m))
                .collect(),
            None => (0..content.missions.len() as u8).collect(),
        };
        let in_play: Vec<u8> = state
            .completed_missions
            .iter()
            .copied()
            .chain(state.mission.as_ref().map(|m| m.mission))
            .collect();
        state.mission_deck.retain(|m| !in_play.contains(m));

        let mut deck: Vec<CardId> = self
            .deck_top
            .iter()
            .map(|k| take_card(&mut cards, k))
            .collect::<Result<_, _>>()?;
        // The deck's top is the last element: the rest below, then the named ones on top.
        deck.reverse();
        cards.reverse();
        cards.extend(deck);
        state.deck = cards;

        state.enterprise.heading = self.heading;
        let six = |v: &[SectionState], what: &str| -> Result<[SectionState; 6], FileError> {
            v.try_into()
                .map_err(|_| bad(format!("{what} needs 6 sections, facings 1 to 6")))
        };
        state.enterprise.shields = six(&self.shields, "shields")?;
        state.enterprise.hull = six(&self.hull, "hull")?;
        state.turn.active = self.active;
        state.turn.number = self.turn;
        state.turn.phase = self.phase;
        state.turn.phase_done = false;
        state.forced_rolls = self.dice.clone();
        let problems = crate::invariants::check(&state);
        if !problems.is_empty() {
            return Err(bad(problems.join("; ")));
        }
        Ok(state)
    }

    /// Builds the table, then runs the automatic phases and the actions in order. Returns the
    /// state reached; an illegal action stops the run with its index and reason.
    pub fn run(&self) -> (Option<GameState>, Result<(), FileError>) {
        self.run_observed(&mut |_, _| {})
    }

    /// The state a scenario's actions lead to, or why the file cannot be played.
    pub fn load(path: &std::path::Path) -> Result<(GameOptions, GameState), FileError> {
        let text = crate::files::read_capped(path)?;
        let scenario = Scenario::from_text(&text)?;
        match scenario.run() {
            (Some(state), Ok(())) => Ok((scenario.options(), state)),
            (_, Err(err)) => Err(err),
            (None, Ok(())) => Err(FileError::Inconsistent("no table".into())),
        }
    }

    /// `run`, showing `observe` the events of the automatic phases and of each action in
    /// turn, with the state they led to (`replay --log` prints them).
    pub fn run_observed(
        &self,
        observe: &mut dyn FnMut(&GameState, &[RulesEvent]),
    ) -> (Option<GameState>, Result<(), FileError>) {
        let mut state = match self.table() {
            Ok(state) => state,
            Err(e) => return (None, Err(e)),
        };
        let mut seen = state.events.len();
        state.advance();
        observe(&state, &state.events[seen..]);
        seen = state.events.len();
        for (index, named) in self.actions.iter().enumerate() {
            let action = match resolve(&state, named) {
                Ok(action) => action,
                Err(reason) => {
                    return (Some(state), Err(FileError::IllegalAction { index, reason }));
                }
            };
            if let Err(reason) = state.act(action) {
                return (Some(state), Err(FileError::IllegalAction { index, reason }));
            }
            state.advance();
            observe(&state, &state.events[seen..]);
            seen = state.events.len();
        }
        (Some(state), Ok(()))
    }
}
