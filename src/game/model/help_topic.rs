//! The rules reference's topics as context help names them, and the topic that explains a
//! refusal or a token (the table's hover, the token pictures and the reference all name topics
//! from here).

use stp_rules::content::{Faction, ThreatKind, builtin};
use stp_rules::{Refusal, TokenId};

/// A topic of the rules reference, as context help names it: one for each `## ` heading of
/// `assets/rules/reference.md`, in its order (a test holds the two to each other), so a
/// heading renamed there is a failing test, not a "?" that opens the first topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpTopic {
    Winning,
    Turn,
    Board,
    HitCards,
    SupportCards,
    Damage,
    Maneuvers,
    Threats,
    Klingons,
    Romulans,
    Tholians,
    CometsAndStarbase,
    Boarders,
    Missions,
    Characters,
    Crewmates,
    Keys,
    Rulings,
}

impl HelpTopic {
    pub const ALL: [HelpTopic; 18] = [
        HelpTopic::Winning,
        HelpTopic::Turn,
        HelpTopic::Board,
        HelpTopic::HitCards,
        HelpTopic::SupportCards,
        HelpTopic::Damage,
        HelpTopic::Maneuvers,
        HelpTopic::Threats,
        HelpTopic::Klingons,
        HelpTopic::Romulans,
        HelpTopic::Tholians,
        HelpTopic::CometsAndStarbase,
        HelpTopic::Boarders,
        HelpTopic::Missions,
        HelpTopic::Characters,
        HelpTopic::Crewmates,
        HelpTopic::Keys,
        HelpTopic::Rulings,
    ];

    /// Its heading in the reference.
    pub fn title(self) -> &'static str {
        match self {
            HelpTopic::Winning => "Winning and losing",
            HelpTopic::Turn => "A turn: the seven phases",
            HelpTopic::Board => "The board: rings, sectors and facings",
            HelpTopic::HitCards => "Hit cards",
            HelpTopic::SupportCards => "Support cards",
            HelpTopic::Damage => "Damage: Shields, Hull and the deck",
            HelpTopic::Maneuvers => "Maneuvers",
            HelpTopic::Threats => "Threats: moving and firing",
            HelpTopic::Klingons => "Klingons",
            HelpTopic::Romulans => "Romulans and cloaking",
            HelpTopic::Tholians => "Tholians",
            HelpTopic::CometsAndStarbase => "Comets and the Starbase",
            HelpTopic::Boarders => "Boarders and Security Teams",
            HelpTopic::Missions => "Missions",
            HelpTopic::Characters => "Characters",
            HelpTopic::Crewmates => "Crewmates and the advisor",
            HelpTopic::Keys => "Keys and mouse",
            HelpTopic::Rulings => "Rulings",
        }
    }

    /// The topic with this heading.
    pub fn named(title: &str) -> Option<HelpTopic> {
        HelpTopic::ALL.into_iter().find(|t| t.title() == title)
    }

    /// The topic whose heading begins with `prefix` (the log's "Topic: Damage." names
    /// "Damage: Shields, Hull and the deck").
    pub fn titled(prefix: &str) -> Option<HelpTopic> {
        HelpTopic::ALL
            .into_iter()
            .find(|t| t.title().starts_with(prefix))
    }
}

/// The topic that explains a refusal.
pub fn topic_for_refusal(refusal: &Refusal) -> HelpTopic {
    use Refusal as R;
    match refusal {
        R::OutsideArc | R::OutOfRange { .. } | R::TargetCloaked(_) | R::NotAShip(_) => {
            HelpTopic::HitCards
        }
        R::WaitingForBoarders | R::NoBoarders => HelpTopic::Boarders,
        R::NothingToRepair | R::NothingToRebuild | R::NoShieldThere => HelpTopic::SupportCards,
        R::NoManeuverLeft
        | R::ManeuverForbiddenHull
        | R::ManeuverForbiddenMission
        | R::ManeuverForbiddenTholian => HelpTopic::Maneuvers,
        R::NoMission
        | R::CommittedAlready
        | R::NotNeededForMission
        | R::AlreadyRolled
        | R::NoDieObjective => HelpTopic::Missions,
        R::AbilityUsed
        | R::NotYourAbility
        | R::AbilityCannotShift
        | R::WaitingForSpock
        | R::ChooseDrawnTokens => HelpTopic::Characters,
        // The turn's order and its rules for everything else: named one by one, so a new
        // refusal is decided here, not sent to the phases by default.
        R::GameOver
        | R::UnknownPlayer(_)
        | R::NotYourTurn { .. }
        | R::WrongPhase { .. }
        | R::NotAChoice
        | R::CardNotInHand(_)
        | R::NotThisCard { .. }
        | R::SameCardTwice
        | R::TradeUsed
        | R::TradingForbidden
        | R::TradeWithSelf
        | R::NoSuchThreat(_)
        | R::WrongTarget { .. }
        | R::NotInTopOfDiscard { .. }
        | R::HasLegalPlay
        | R::AlreadyDiscarded
        | R::NothingToUndo
        | R::NotInThisLesson(_) => HelpTopic::Turn,
    }
}

/// The topic about a threat token.
pub fn topic_for_token(token: TokenId) -> HelpTopic {
    match &builtin().threat(token).threat {
        ThreatKind::Starbase | ThreatKind::Comet { .. } => HelpTopic::CometsAndStarbase,
        ThreatKind::Ship { faction, .. } => match faction {
            Faction::Klingon => HelpTopic::Klingons,
            Faction::Romulan => HelpTopic::Romulans,
            Faction::Tholian => HelpTopic::Tholians,
        },
    }
}
