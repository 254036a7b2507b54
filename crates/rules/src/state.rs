//! The game state: the ring board, the Enterprise, the tokens, the piles and the turn.
//!
//! Everything is plain ordered data (`Vec`, arrays, ids from indices), so a state can be cloned
//! for undo, saved, compared and hashed portably. In the ECS it is the `GameState` resource.

use bevy_ecs::prelude::Resource;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

pub use crate::content::{Division, Range};
use crate::events::RulesEvent;
pub use crate::places::{
    CardId, FACINGS, LossCause, Phase, PlayerId, Position, SectionKind, SectionRef, SectionState,
    TokenId, farther, nearer,
};

/// The Enterprise: heading on the board plus 6 Shields and 6 Hull sections by ship facing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Enterprise {
    /// Board sector of ship facing 0. At setup the Front facings are in sectors 1 and 6.
    pub heading: u8,
    pub shields: [SectionState; 6],
    pub hull: [SectionState; 6],
    /// Red Alert markers by ship facing: the next Damage to that Shield is ignored.
    pub red_alert: [bool; 6],
}

impl Default for Enterprise {
    fn default() -> Self {
        Enterprise {
            heading: 0,
            shields: [SectionState::Intact; 6],
            hull: [SectionState::Intact; 6],
            red_alert: [false; 6],
        }
    }
}

impl Enterprise {
    /// The ship facing that looks at a board sector.
    #[inline]
    pub fn facing_of_sector(&self, sector: u8) -> u8 {
        // The usual case without a division (this is asked for every token, many times a step).
        if sector < FACINGS && self.heading < FACINGS {
            let turned = sector + FACINGS - self.heading;
            return if turned >= FACINGS {
                turned - FACINGS
            } else {
                turned
            };
        }
        (sector + FACINGS - self.heading % FACINGS) % FACINGS
    }
    /// The board sector a ship facing looks at.
    pub fn sector_of_facing(&self, facing: u8) -> u8 {
        (facing + self.heading) % FACINGS
    }
    pub fn section(&self, section: SectionRef) -> SectionState {
        match section.kind {
            SectionKind::Shield => self.shields[section.facing as usize],
            SectionKind::Hull => self.hull[section.facing as usize],
        }
    }
    pub fn section_mut(&mut self, section: SectionRef) -> &mut SectionState {
        match section.kind {
            SectionKind::Shield => &mut self.shields[section.facing as usize],
            SectionKind::Hull => &mut self.hull[section.facing as usize],
        }
    }
    pub(crate) fn has_shield(&self, facing: u8) -> bool {
        self.shields[facing as usize] != SectionState::Destroyed
    }
    /// Whether any section of a kind is in `state`.
    pub(crate) fn section_in(&self, kind: SectionKind, state: SectionState) -> bool {
        match kind {
            SectionKind::Shield => self.shields.contains(&state),
            SectionKind::Hull => self.hull.contains(&state),
        }
    }
    pub fn destroyed_hull(&self) -> usize {
        self.hull
            .iter()
            .filter(|s| **s == SectionState::Destroyed)
            .count()
    }
}

/// The facing group of a ship facing, as printed on Hit cards.
pub fn arc_of_facing(facing: u8) -> crate::content::Arc {
    use crate::content::Arc;
    match facing % FACINGS {
        0 | 5 => Arc::Forward,
        1 | 4 => Arc::Sides,
        _ => Arc::Aft,
    }
}

/// A threat token on the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ThreatOnBoard {
    pub token: TokenId,
    pub pos: Position,
    /// Current Defense value pointing at the Enterprise (0 for the Starbase).
    pub defense: u8,
    /// Face down.
    pub cloaked: bool,
    /// Under a Force Field marker: does not move or fire in the next Threats Move & Fire phase.
    pub force_field: bool,
}

/// A mission token (4-sided) on the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MissionTokenOnBoard {
    pub token: u8,
    pub pos: Position,
    pub value: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub character: u8,
    pub hand: Vec<CardId>,
}

/// A card set aside by the mission card, with the credit it counts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Committed {
    pub card: CardId,
    pub credit: Option<Division>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MissionState {
    pub mission: u8,
    pub timer: Option<u8>,
    pub committed: Vec<Committed>,
    pub threats_destroyed: u8,
    pub die_successes: u8,
    /// Set when a token under the mission's protection is lost: the mission fails at the next
    /// Check Mission Status.
    pub token_lost: bool,
}

/// A boarder waiting for Security Teams before its Damage lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Boarder {
    pub token: TokenId,
    /// Ship facing it boards through.
    pub facing: u8,
    pub damage: u8,
}

/// A moment when the rules wait for players' answers inside a phase.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Window {
    /// Boarders are arriving: any player may play Security Teams, then the damage lands.
    Boarding {
        boarders: Vec<Boarder>,
        reduction: u8,
    },
    /// Spock drew three threats: resolve two in a chosen order, return one.
    SpockChoice { drawn: Vec<TokenId> },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub number: u32,
    pub active: PlayerId,
    pub phase: Phase,
    /// The active player has ended the current interactive phase.
    pub phase_done: bool,
    pub maneuvers: u8,
    pub extra_maneuvers: u8,
    pub trades: u8,
    pub ability_used: bool,
    pub mission_rolled: bool,
    /// Ruling R1's discard has been used this turn.
    pub discarded: bool,
    /// Something brought the game closer to its end this turn (ruling R2).
    pub progress: bool,
    /// Turns in a row without progress.
    pub idle_turns: u32,
    pub window: Option<Window>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Won,
    Lost(LossCause),
}

/// How a game was set up.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameConfig {
    pub seed: u64,
    pub preset: String,
    pub missions_required: u8,
}

#[derive(Debug, Clone, Resource, Serialize, Deserialize)]
pub struct GameState {
    pub(crate) config: GameConfig,
    pub(crate) enterprise: Enterprise,
    pub(crate) threats: Vec<ThreatOnBoard>,
    pub(crate) mission_tokens: Vec<MissionTokenOnBoard>,
    /// Enterprise draw deck; the top is the last element. The hidden orders (this, the bag,
    /// the mission deck, the generator and the dice to come) are the rules' own: outside the
    /// crate a table reads only their sizes (`deck_len`), so neither it nor a bot can read
    /// what no player sees (issue 41). Tests reach them with the `testing` feature.
    pub(crate) deck: Vec<CardId>,
    /// Discard pile; the top is the last element.
    pub(crate) discard: Vec<CardId>,
    /// Cards removed from the game by hits on destroyed Hull sections.
    pub(crate) removed: Vec<CardId>,
    pub(crate) players: Vec<Player>,
    pub(crate) mission: Option<MissionState>,
    /// Mission deck; the top is the first element.
    pub(crate) mission_deck: Vec<u8>,
    pub(crate) completed_missions: Vec<u8>,
    pub(crate) bag: Vec<TokenId>,
    pub(crate) threat_discard: Vec<TokenId>,
    pub(crate) turn: Turn,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: ChaCha8Rng,
    /// Die results to use before the generator (scenarios set them), first first.
    #[serde(default)]
    pub(crate) forced_rolls: Vec<u8>,
    /// Statistics for the game-over screen; derived from events, not part of the hash.
    #[serde(default)]
    pub(crate) stats: crate::stats::GameStats,
    /// Events since the last drain; not part of the game's identity.
    #[serde(skip)]
    pub(crate) events: Vec<RulesEvent>,
    /// When `Some`, every draw from the hidden order is written down here, in order (a host
    /// sends them with each action it accepts); `None` costs nothing. Not hashed.
    #[serde(skip)]
    pub(crate) seen: Option<Draws>,
    /// Draws to make as these say, first first, before the hidden order is asked: a table
    /// that holds only the public view plays the host's actions with the host's draws.
    #[serde(skip)]
    pub(crate) forced: Draws,
    /// A headless forward model's setting (simulated games, the advisor's rollouts): `emit`
    /// keeps only the events a bot game's tally counts (`RulesEvent::is_tallied`) and leaves
    /// the game-over statistics alone. The rules play the same either way. Not saved.
    #[serde(skip)]
    pub(crate) quiet: bool,
}

/// What the hidden order gave up, in order: cards off the Enterprise deck (drawn or
/// removed), tokens from the bag, missions from the mission deck, and die rolls. Each was
/// seen by everyone the moment it came out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draws {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<TokenId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missions: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<u8>,
}

impl Draws {
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
            && self.tokens.is_empty()
            && self.missions.is_empty()
            && self.rolls.is_empty()
    }

    /// These draws, then `more`.
    pub fn extend(&mut self, more: Draws) {
        self.cards.extend(more.cards);
        self.tokens.extend(more.tokens);
        self.missions.extend(more.missions);
        self.rolls.extend(more.rolls);
    }
}

impl GameState {
    // Always inlined: where an event is made its kind is known, so the tests below fold away
    // and a quiet state's emit is one branch (hundreds a game).
    #[inline(always)]
    pub(crate) fn emit(&mut self, event: RulesEvent) {
        if event.is_progress() {
            self.turn.progress = true;
        }
        if self.quiet {
            // Events that no one reads: only the tally's are kept.
            if event.is_tallied() {
                self.events.push(event);
            }
            return;
        }
        self.record(event);
    }

    /// What `emit` does for a table that shows the events: count them and keep them.
    fn record(&mut self, event: RulesEvent) {
        self.stats.observe(&event);
        self.events.push(event);
    }

    /// From now on, writes down every draw from the hidden orders (a host sends them with
    /// each action it accepts).
    pub fn record_draws(&mut self) {
        self.seen = Some(Draws::default());
    }

    /// What has been written down since `record_draws` or the last `take_draws`; `None`
    /// while nothing is being written down.
    pub fn recorded_draws(&self) -> Option<&Draws> {
        self.seen.as_ref()
    }

    /// The draws written down since `record_draws` or the last call (none if nothing was
    /// being written down); from now on every draw is written down.
    pub fn take_draws(&mut self) -> Draws {
        self.seen.replace(Draws::default()).unwrap_or_default()
    }

    /// Stops writing draws down; what was written since the last `take_draws`.
    pub fn stop_recording_draws(&mut self) -> Option<Draws> {
        self.seen.take()
    }

    /// Draws to make as the host made them, before the hidden orders are asked (a table that
    /// holds only the public view plays the host's actions with the host's draws).
    pub fn force_draws(&mut self, draws: Draws) {
        self.forced.extend(draws);
    }

    /// Whether forced draws are still waiting to be used.
    pub fn has_forced_draws(&self) -> bool {
        !self.forced.is_empty()
    }

    pub fn drain_events(&mut self) -> Vec<RulesEvent> {
        std::mem::take(&mut self.events)
    }

    pub fn hand_size(&self) -> usize {
        match self.players.len() {
            0..=2 => 6,
            3..=5 => 5,
            _ => 4,
        }
    }

    pub fn threat(&self, token: TokenId) -> Option<&ThreatOnBoard> {
        self.threats.iter().find(|t| t.token == token)
    }

    pub fn threat_index(&self, token: TokenId) -> Option<usize> {
        self.threats.iter().position(|t| t.token == token)
    }

    pub fn missions_done(&self) -> bool {
        self.completed_missions.len() >= self.config.missions_required as usize
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the rules are waiting for a player's action (not an automatic phase).
    pub fn awaits_players(&self) -> bool {
        self.outcome.is_none()
            && (self.turn.window.is_some()
                || (matches!(self.turn.phase, Phase::Trade | Phase::PlayAndManeuver)
                    && !self.turn.phase_done))
    }

    /// What every player may know: the hidden orders (deck, bag, mission deck) sorted, the
    /// generator and the seed forgotten, no future dice. A table across machines holds this,
    /// and plays the host's actions with the draws the host sends (`forced`).
    pub fn public_view(&self) -> GameState {
        fn sorted<T: Ord>(mut order: Vec<T>) -> Vec<T> {
            order.sort_unstable();
            order
        }
        // Every field named, none by `..`: a field added to the state does not build until it
        // says here whether every player may know it (issue 41).
        let GameState {
            config,
            enterprise,
            threats,
            mission_tokens,
            deck,
            discard,
            removed,
            players,
            mission,
            mission_deck,
            completed_missions,
            bag,
            threat_discard,
            turn,
            outcome,
            rng: _,
            forced_rolls: _,
            stats,
            events: _,
            seen: _,
            forced: _,
            quiet,
        } = self.clone();
        GameState {
            config: GameConfig { seed: 0, ..config },
            enterprise,
            threats,
            mission_tokens,
            deck: sorted(deck),
            discard,
            removed,
            players,
            mission,
            mission_deck: sorted(mission_deck),
            completed_missions,
            bag: sorted(bag),
            threat_discard,
            turn,
            outcome,
            rng: ChaCha8Rng::seed_from_u64(0),
            forced_rolls: Vec::new(),
            stats,
            events: Vec::new(),
            seen: None,
            forced: Draws::default(),
            quiet,
        }
    }

    /// The hash of `public_view`: two tables that agree on everything players may know
    /// have the same one.
    pub fn public_hash(&self) -> u64 {
        self.public_view().state_hash()
    }

    /// Portable hash of the whole game (events excluded), for determinism checks and replays.
    pub fn state_hash(&self) -> u64 {
        use std::hash::Hash;
        // Every field named, none by `..`: a field added to the state does not build until it
        // is hashed here or said to be left out (issue 41), so a save's check and a replay's
        // can never miss a change.
        let GameState {
            config,
            enterprise,
            threats,
            mission_tokens,
            deck,
            discard,
            removed,
            players,
            mission,
            mission_deck,
            completed_missions,
            bag,
            threat_discard,
            turn,
            outcome,
            rng,
            forced_rolls,
            // Derived from the events, and not the game's identity.
            stats: _,
            events: _,
            // How draws are written down or given, not what the game is.
            seen: _,
            forced: _,
            quiet: _,
        } = self;
        let mut hasher = crate::hash::Fnv64::default();
        config.hash(&mut hasher);
        enterprise.hash(&mut hasher);
        threats.hash(&mut hasher);
        mission_tokens.hash(&mut hasher);
        deck.hash(&mut hasher);
        discard.hash(&mut hasher);
        removed.hash(&mut hasher);
        players.hash(&mut hasher);
        mission.hash(&mut hasher);
        mission_deck.hash(&mut hasher);
        completed_missions.hash(&mut hasher);
        bag.hash(&mut hasher);
        threat_discard.hash(&mut hasher);
        turn.hash(&mut hasher);
        outcome.hash(&mut hasher);
        forced_rolls.hash(&mut hasher);
        rng.get_seed().hash(&mut hasher);
        rng.get_word_pos().hash(&mut hasher);
        rng.get_stream().hash(&mut hasher);
        std::hash::Hasher::finish(&hasher)
    }
}
