//! Player actions and the reasons the validator refuses them.

use bevy_ecs::message::Message;
use serde::{Deserialize, Serialize};

use crate::events::ManeuverKind;
use crate::state::{CardId, Phase, PlayerId, Range, SectionRef, TokenId};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rotation {
    Clockwise,
    CounterClockwise,
}

impl Rotation {
    /// The sector one step this way round the board (Tractor Beam's pull), 0-based.
    pub fn next_sector(self, sector: u8) -> u8 {
        let sectors = crate::places::FACINGS;
        match self {
            Rotation::Clockwise => (sector + 1) % sectors,
            Rotation::CounterClockwise => (sector + sectors - 1) % sectors,
        }
    }
}

/// Chekov's ability: a Hit card reaches one ring nearer or farther than printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RangeShift {
    Nearer,
    Farther,
}

/// What a played card acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// Cards that need no target (Yeoman Rand, Evasive Maneuvers).
    None,
    /// A threat on the board (Hit cards, Force Field).
    Threat(TokenId),
    /// Tractor Beam: a threat and the direction to move it.
    Shift(TokenId, Rotation),
    /// Dilithium / Tritanium: a section to repair or rebuild.
    Section(SectionRef),
    /// Red Alert: a ship facing.
    Facing(u8),
    /// Time Travel: a card among the top of the discard pile.
    Discard(CardId),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// End the current interactive phase (Trade, or Play Cards & Maneuver).
    EndPhase,
    /// Phase 3: swap one card with another player.
    Trade {
        with: PlayerId,
        give: CardId,
        take: CardId,
    },
    /// Phase 4: play a card for its effect. `with` pairs Dilithium with Tritanium for a Rebuild,
    /// or a Hit card with Direct Hit. `shift` uses Chekov's ability.
    PlayCard {
        card: CardId,
        target: Target,
        with: Option<CardId>,
        shift: Option<RangeShift>,
    },
    /// Phase 4: commit a card to the mission; `as_medical` uses McCoy's ability.
    Commit { card: CardId, as_medical: bool },
    /// Phase 4: one maneuver a turn (Sulu and Evasive Maneuvers allow more).
    Maneuver(ManeuverKind),
    /// Phase 4: roll the die toward a die-roll mission objective, once a turn.
    RollForMission,
    /// Scotty's ability: repair a damaged section without a card.
    Repair(SectionRef),
    /// Kirk's ability: take a card from another player's hand.
    TakeCard { from: PlayerId, card: CardId },
    /// McCoy's ability: discard a card from your hand and draw one.
    Redraw { card: CardId },
    /// Ruling R1: a player with no legal play or commit may discard one card a turn.
    Discard { card: CardId },
    /// Any player, while boarders are arriving.
    PlaySecurityTeam { card: CardId },
    /// Let the boarders' damage land.
    ResolveBoarding,
    /// Spock's ability: resolve `first` then `second`, return the third drawn token.
    ChooseThreats { first: TokenId, second: TokenId },
}

impl Action {
    /// A card played alone at `target`, with no partner and no shift: the common play.
    pub fn play(card: CardId, target: Target) -> Action {
        Action::PlayCard {
            card,
            target,
            with: None,
            shift: None,
        }
    }
}

/// A player's intent. The ECS reads these as messages; every one passes the validator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Message)]
pub struct PlayerAction {
    pub player: PlayerId,
    pub action: Action,
}

/// Why an action was refused. The state is untouched when an action is refused; the message
/// is the rules' own words for the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("there is no player {}", *.0 as u16 + 1)]
    UnknownPlayer(PlayerId),
    #[error("it is player {}'s turn", *.active as u16 + 1)]
    NotYourTurn { active: PlayerId },
    #[error("not allowed in phase {} ({})", .phase.number(), .phase.name())]
    WrongPhase { phase: Phase },
    #[error("boarders are arriving: play Security Teams or let them board")]
    WaitingForBoarders,
    #[error("Spock must first choose which threats to resolve")]
    WaitingForSpock,
    #[error("no boarders are arriving")]
    NoBoarders,
    #[error("there is no choice to make now")]
    NotAChoice,
    #[error("that card is not in your hand")]
    CardNotInHand(CardId),
    #[error("this needs {expected}")]
    NotThisCard { expected: &'static str },
    #[error("a card can be used only once")]
    SameCardTwice,
    #[error("you have already traded this turn")]
    TradeUsed,
    #[error("the current mission forbids trading")]
    TradingForbidden,
    #[error("trade with another player")]
    TradeWithSelf,
    #[error("you have already maneuvered this turn")]
    NoManeuverLeft,
    #[error("3 or more Hull sections are destroyed: no maneuvering")]
    ManeuverForbiddenHull,
    #[error("the current mission forbids maneuvering")]
    ManeuverForbiddenMission,
    #[error("a Tholian web holds the Enterprise: no maneuvering")]
    ManeuverForbiddenTholian,
    #[error("that threat is not on the board")]
    NoSuchThreat(TokenId),
    #[error("that token is not an enemy ship")]
    NotAShip(TokenId),
    #[error("cloaked ships cannot be targeted")]
    TargetCloaked(TokenId),
    #[error("the target is outside this card's facings")]
    OutsideArc,
    #[error("the target is at {range:?} Range, outside this card's ranges")]
    OutOfRange { range: Range },
    #[error("this card targets {expected}")]
    WrongTarget { expected: &'static str },
    #[error("that section is not damaged")]
    NothingToRepair,
    #[error("that section is not destroyed")]
    NothingToRebuild,
    #[error("that facing has no Shield")]
    NoShieldThere,
    #[error("that card is not among the top {depth} of the discard pile")]
    NotInTopOfDiscard { depth: u8 },
    #[error("there is no mission in play")]
    NoMission,
    #[error("that card is already committed")]
    CommittedAlready,
    #[error("the mission has no objective this card counts toward")]
    NotNeededForMission,
    #[error("the mission die has already been rolled this turn")]
    AlreadyRolled,
    #[error("the current mission has no die-roll objective")]
    NoDieObjective,
    #[error("your ability has already been used this turn")]
    AbilityUsed,
    #[error("your character does not have that ability")]
    NotYourAbility,
    #[error("the range cannot shift that way")]
    AbilityCannotShift,
    #[error("choose two different tokens among those drawn")]
    ChooseDrawnTokens,
    #[error("you can still play or commit a card, so you cannot discard")]
    HasLegalPlay,
    #[error("you have already discarded a card this turn")]
    AlreadyDiscarded,
    #[error("nothing of yours to undo since the last card draw, threat draw, die roll or turn")]
    NothingToUndo,
    /// A legal action a lesson does not ask for now (`plugin::ActionGate`): the lesson's words.
    #[error("{0}")]
    NotInThisLesson(String),
}
