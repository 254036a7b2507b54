//! Rules events: every change the rules make, in order. The log prints them, the 3D scene
//! animates them and audio plays cues from them; nothing else guesses what happened.

use bevy_ecs::message::Message;
use serde::{Deserialize, Serialize};

use crate::places::{
    CardId, LossCause, Phase, PlayerId, Position, SectionKind, SectionRef, TokenId,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieRollPurpose {
    PlaceThreat,
    Comet,
    Uncloak,
    MissionToken,
    MissionObjective,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ManeuverKind {
    Clockwise,
    CounterClockwise,
    Forward,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Message)]
pub enum RulesEvent {
    TurnStarted {
        player: PlayerId,
        turn: u32,
    },
    PhaseStarted {
        phase: Phase,
    },
    PhaseSkipped {
        phase: Phase,
    },
    CardsDrawn {
        player: PlayerId,
        cards: Vec<CardId>,
    },
    DeckReshuffled {
        cards: usize,
    },
    MissionRevealed {
        mission: u8,
    },
    MissionTokenPlaced {
        token: u8,
        pos: Position,
    },
    MissionTokenMoved {
        token: u8,
        from: Position,
        to: Position,
    },
    /// A shot that a mission token takes instead of the Enterprise (a Federation Outpost's
    /// sector): `by` fired `damage`, and the token has `value` left.
    MissionTokenHit {
        token: u8,
        value: u8,
        by: TokenId,
        damage: u8,
    },
    Traded {
        player: PlayerId,
        with: PlayerId,
        gave: CardId,
        took: CardId,
    },
    CardTaken {
        player: PlayerId,
        from: PlayerId,
        card: CardId,
    },
    CardPlayed {
        player: PlayerId,
        card: CardId,
    },
    CardCommitted {
        player: PlayerId,
        card: CardId,
    },
    CardDiscarded {
        player: PlayerId,
        card: CardId,
    },
    CardRecovered {
        player: PlayerId,
        card: CardId,
    },
    ThreatHit {
        token: TokenId,
        damage: u8,
        defense: u8,
    },
    ThreatDestroyed {
        token: TokenId,
    },
    ThreatPlaced {
        token: TokenId,
        pos: Position,
    },
    ThreatMoved {
        token: TokenId,
        from: Position,
        to: Position,
    },
    ThreatFired {
        token: TokenId,
        facing: u8,
        damage: u8,
    },
    ThreatCloaked {
        token: TokenId,
    },
    ThreatUncloaked {
        token: TokenId,
    },
    ThreatReinforced {
        token: TokenId,
        defense: u8,
    },
    ThreatReturnedToBag {
        token: TokenId,
    },
    ForceFieldPlaced {
        token: TokenId,
    },
    ForceFieldHeld {
        token: TokenId,
    },
    RedAlertSet {
        facing: u8,
    },
    RedAlertAbsorbed {
        facing: u8,
    },
    TholianWebbed {
        token: TokenId,
    },
    CaptainArrived {
        token: TokenId,
    },
    CometStruck {
        token: TokenId,
        sector: u8,
        facing: u8,
    },
    Docked {
        token: TokenId,
    },
    BagRefilled {
        tokens: usize,
    },
    Maneuvered {
        kind: ManeuverKind,
        heading: u8,
    },
    DieRolled {
        value: u8,
        purpose: DieRollPurpose,
    },
    SectionDamaged {
        section: SectionRef,
    },
    SectionDestroyed {
        section: SectionRef,
    },
    SectionRepaired {
        section: SectionRef,
    },
    SectionRebuilt {
        section: SectionRef,
    },
    DamageIgnored {
        facing: u8,
        kind: SectionKind,
        amount: u8,
    },
    /// Enterprise cards removed from the game: hits on a destroyed Hull section (its facing)
    /// or a Comet's impact on one.
    CardsRemoved {
        cards: Vec<CardId>,
        facing: Option<u8>,
    },
    BoardersArriving {
        token: TokenId,
        facing: u8,
        damage: u8,
    },
    SecurityTeamPlayed {
        player: PlayerId,
        card: CardId,
    },
    Boarded {
        token: TokenId,
        facing: u8,
        damage: u8,
    },
    AbilityUsed {
        player: PlayerId,
        character: u8,
    },
    MissionTimer {
        remaining: u8,
    },
    MissionCompleted {
        mission: u8,
    },
    MissionFailed {
        mission: u8,
    },
    ThreatChosen {
        token: TokenId,
    },
    /// The player took back their last action; the state is as it was before it.
    ActionUndone {
        player: PlayerId,
    },
    GameWon,
    GameLost {
        cause: LossCause,
    },
}

impl RulesEvent {
    /// The events a bot game's tally reads (`sim`): the only ones a quiet state keeps.
    #[inline(always)]
    pub(crate) fn is_tallied(&self) -> bool {
        self.facts().tallied
    }

    /// Whether the event brings the game closer to its end (ruling R2's "progress").
    #[inline(always)]
    pub(crate) fn is_progress(&self) -> bool {
        self.facts().progress
    }
}
