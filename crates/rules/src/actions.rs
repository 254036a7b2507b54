//! Player actions and the reasons the validator refuses them.

use bevy_ecs::message::Message;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::events::ManeuverKind;
use crate::state::{CardId, Phase, PlayerId, Range, SectionRef, TokenId};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rotation {
    Clockwise,
    CounterClockwise,
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

/// A player's intent. The ECS reads these as messages; every one passes the validator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Message)]
pub struct PlayerAction {
    pub player: PlayerId,
    pub action: Action,
}

/// Why an action was refused. The state is untouched when an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    GameOver,
    UnknownPlayer(PlayerId),
    NotYourTurn { active: PlayerId },
    WrongPhase { phase: Phase },
    WaitingForBoarders,
    WaitingForSpock,
    NoBoarders,
    NotAChoice,
    CardNotInHand(CardId),
    NotThisCard { expected: &'static str },
    SameCardTwice,
    TradeUsed,
    TradingForbidden,
    TradeWithSelf,
    NoManeuverLeft,
    ManeuverForbiddenHull,
    ManeuverForbiddenMission,
    ManeuverForbiddenTholian,
    NoSuchThreat(TokenId),
    NotAShip(TokenId),
    TargetCloaked(TokenId),
    OutsideArc,
    OutOfRange { range: Range },
    WrongTarget { expected: &'static str },
    NothingToRepair,
    NothingToRebuild,
    NoShieldThere,
    NotInTopOfDiscard { depth: u8 },
    NoMission,
    CommittedAlready,
    NotNeededForMission,
    AlreadyRolled,
    NoDieObjective,
    AbilityUsed,
    NotYourAbility,
    AbilityCannotShift,
    ChooseDrawnTokens,
    HasLegalPlay,
    AlreadyDiscarded,
    NothingToUndo,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            GameOver => write!(f, "the game is over"),
            UnknownPlayer(p) => write!(f, "there is no player {}", p + 1),
            NotYourTurn { active } => write!(f, "it is player {}'s turn", active + 1),
            WrongPhase { phase } => {
                write!(
                    f,
                    "not allowed in phase {} ({})",
                    phase.number(),
                    phase.name()
                )
            }
            WaitingForBoarders => {
                write!(
                    f,
                    "boarders are arriving: play Security Teams or let them board"
                )
            }
            WaitingForSpock => write!(f, "Spock must first choose which threats to resolve"),
            NoBoarders => write!(f, "no boarders are arriving"),
            NotAChoice => write!(f, "there is no choice to make now"),
            CardNotInHand(_) => write!(f, "that card is not in your hand"),
            NotThisCard { expected } => write!(f, "this needs {expected}"),
            SameCardTwice => write!(f, "a card can be used only once"),
            TradeUsed => write!(f, "you have already traded this turn"),
            TradingForbidden => write!(f, "the current mission forbids trading"),
            TradeWithSelf => write!(f, "trade with another player"),
            NoManeuverLeft => write!(f, "you have already maneuvered this turn"),
            ManeuverForbiddenHull => {
                write!(f, "3 or more Hull sections are destroyed: no maneuvering")
            }
            ManeuverForbiddenMission => write!(f, "the current mission forbids maneuvering"),
            ManeuverForbiddenTholian => {
                write!(f, "a Tholian web holds the Enterprise: no maneuvering")
            }
            NoSuchThreat(_) => write!(f, "that threat is not on the board"),
            NotAShip(_) => write!(f, "that token is not an enemy ship"),
            TargetCloaked(_) => write!(f, "cloaked ships cannot be targeted"),
            OutsideArc => write!(f, "the target is outside this card's facings"),
            OutOfRange { range } => write!(
                f,
                "the target is at {range:?} Range, outside this card's ranges"
            ),
            WrongTarget { expected } => write!(f, "this card targets {expected}"),
            NothingToRepair => write!(f, "that section is not damaged"),
            NothingToRebuild => write!(f, "that section is not destroyed"),
            NoShieldThere => write!(f, "that facing has no Shield"),
            NotInTopOfDiscard { depth } => {
                write!(
                    f,
                    "that card is not among the top {depth} of the discard pile"
                )
            }
            NoMission => write!(f, "there is no mission in play"),
            CommittedAlready => write!(f, "that card is already committed"),
            NotNeededForMission => {
                write!(f, "the mission has no objective this card counts toward")
            }
            AlreadyRolled => write!(f, "the mission die has already been rolled this turn"),
            NoDieObjective => write!(f, "the current mission has no die-roll objective"),
            AbilityUsed => write!(f, "your ability has already been used this turn"),
            NotYourAbility => write!(f, "your character does not have that ability"),
            AbilityCannotShift => write!(f, "the range cannot shift that way"),
            ChooseDrawnTokens => write!(f, "choose two different tokens among those drawn"),
            HasLegalPlay => write!(
                f,
                "you can still play or commit a card, so you cannot discard"
            ),
            AlreadyDiscarded => write!(f, "you have already discarded a card this turn"),
            NothingToUndo => write!(
                f,
                "nothing of yours to undo since the last card draw, threat draw, die roll or turn"
            ),
        }
    }
}
