//! Why a card in hand has no play now, in two or three words: what a faded card says on its
//! face (readers asked "no play now" why). The whole reason, in the validator's words, is on
//! its hover.

use stp_rules::Refusal;

/// A faded card's tag for the validator's refusal of its nearest play.
pub fn refusal_tag(refusal: &Refusal) -> &'static str {
    use Refusal as R;
    match refusal {
        // No target qualifies. The rules name the nearest miss, a ship in the card's arcs at
        // the wrong range, while another may sit in its range outside its arcs: "out of
        // range" (read 29) and "none in range" (read 30) read as wrong beside a ship in the
        // card's ring, and "none in reach" beside a Short-range ship in another arc (read
        // 54). Which way that ship misses says it: a card that does not reach Short reaches
        // only farther, one that does not reach Long only nearer.
        R::OutOfRange {
            range: stp_rules::Range::Short,
        } => "too close",
        R::OutOfRange {
            range: stp_rules::Range::Long,
        } => "too far",
        R::OutOfRange { .. } => "none in reach",
        R::OutsideArc => "none in arcs",
        R::TargetCloaked(_) => "target cloaked",
        R::NoSuchThreat(_) | R::NotAShip(_) | R::WrongTarget { .. } => "no target",
        R::NothingToRepair => "no damage",
        R::NothingToRebuild => "nothing destroyed",
        R::NoShieldThere => "no Shield there",
        R::NoManeuverLeft
        | R::ManeuverForbiddenHull
        | R::ManeuverForbiddenMission
        | R::ManeuverForbiddenTholian => "no maneuver",
        R::NotInTopOfDiscard { .. } => "not in discard",
        R::WaitingForBoarders => "boarders first",
        R::WaitingForSpock => "Spock first",
        R::NoBoarders => "when boarded",
        R::NoMission | R::NotNeededForMission | R::CommittedAlready => "no mission use",
        R::NotThisCard { .. } | R::SameCardTwice => "needs a partner",
        R::WrongPhase { .. } => "not this phase",
        R::NotYourTurn { .. } => "not your turn",
        R::GameOver
        | R::UnknownPlayer(_)
        | R::NotAChoice
        | R::CardNotInHand(_)
        | R::TradeUsed
        | R::TradingForbidden
        | R::TradeWithSelf
        | R::AlreadyRolled
        | R::NoDieObjective
        | R::AbilityUsed
        | R::NotYourAbility
        | R::AbilityCannotShift
        | R::ChooseDrawnTokens
        | R::HasLegalPlay
        | R::AlreadyDiscarded
        | R::NothingToUndo
        | R::NotInThisLesson(_) => "no play now",
    }
}
