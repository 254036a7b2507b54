//! The one validator every player action passes. It reads the state and never changes it:
//! an illegal action is refused with a specific reason and the state stays as it was.

use crate::actions::{Action, PlayerAction, RangeShift, Refusal, Target};
use crate::content::{Ability, CardEffect, builtin};
use crate::state::{
    CardId, FACINGS, GameState, Phase, PlayerId, Range, SectionKind, SectionRef, SectionState,
    TokenId, Window, arc_of_facing, farther, nearer,
};

impl GameState {
    pub(crate) fn ability_of(&self, player: PlayerId) -> Ability {
        builtin().characters[self.players[player as usize].character as usize].ability
    }

    fn holds(&self, player: PlayerId, card: CardId) -> bool {
        self.players[player as usize].hand.contains(&card)
    }

    fn require_hand(&self, player: PlayerId, card: CardId) -> Result<(), Refusal> {
        if self.holds(player, card) {
            Ok(())
        } else {
            Err(Refusal::CardNotInHand(card))
        }
    }

    fn require_phase(&self, phase: Phase) -> Result<(), Refusal> {
        if self.turn.phase == phase && !self.turn.phase_done {
            Ok(())
        } else {
            Err(Refusal::WrongPhase {
                phase: self.turn.phase,
            })
        }
    }

    /// Maneuvers the active player has in a turn: one, Sulu two, plus Evasive Maneuvers.
    pub fn maneuver_allowance(&self) -> u8 {
        let sulu = u8::from(self.active_ability() == Ability::EvasivePiloting);
        1u8.saturating_add(sulu)
            .saturating_add(self.turn.extra_maneuvers)
    }

    /// Rulebook "When Players Are NOT Allowed to Maneuver".
    pub fn maneuver_forbidden(&self) -> Option<Refusal> {
        if self.enterprise.destroyed_hull() >= 3 {
            Some(Refusal::ManeuverForbiddenHull)
        } else if self.mission_forbids_maneuver() {
            Some(Refusal::ManeuverForbiddenMission)
        } else if self.tholian_web() {
            Some(Refusal::ManeuverForbiddenTholian)
        } else {
            None
        }
    }

    /// A mission that forbids trading (Uhura's Open Channels trades anyway): the Trade phase
    /// is skipped, and the tracker says why.
    pub fn trade_forbidden(&self) -> Option<Refusal> {
        (self.mission_forbids_trade() && self.active_ability() != Ability::OpenChannels)
            .then_some(Refusal::TradingForbidden)
    }

    pub(crate) fn trade_allowance(&self) -> u8 {
        if self.active_ability() == Ability::OpenChannels {
            2
        } else {
            1
        }
    }

    /// Checks an action against the rules. `Ok` means `apply` may carry it out.
    pub fn validate(&self, action: &PlayerAction) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let player = action.player;
        if player as usize >= self.players.len() {
            return Err(Refusal::UnknownPlayer(player));
        }
        match (&self.turn.window, action.action) {
            (Some(Window::Boarding { .. }), Action::PlaySecurityTeam { card }) => {
                self.require_hand(player, card)?;
                return match builtin().card(card).effect {
                    CardEffect::SecurityTeam => Ok(()),
                    _ => Err(Refusal::NotThisCard {
                        expected: "a Security Team card",
                    }),
                };
            }
            // Any player may add a Security Team; the active player lets the boarders land.
            (Some(Window::Boarding { .. }), Action::ResolveBoarding) => {
                return self.require_active(player);
            }
            (Some(Window::Boarding { .. }), _) => return Err(Refusal::WaitingForBoarders),
            (Some(Window::SpockChoice { drawn }), Action::ChooseThreats { first, second }) => {
                self.require_active(player)?;
                return if first != second && drawn.contains(&first) && drawn.contains(&second) {
                    Ok(())
                } else {
                    Err(Refusal::ChooseDrawnTokens)
                };
            }
            (Some(Window::SpockChoice { .. }), _) => return Err(Refusal::WaitingForSpock),
            (None, Action::PlaySecurityTeam { .. } | Action::ResolveBoarding) => {
                return Err(Refusal::NoBoarders);
            }
            (None, Action::ChooseThreats { .. }) => return Err(Refusal::NotAChoice),
            (None, _) => {}
        }
        self.require_active(player)?;
        match action.action {
            Action::EndPhase => match self.turn.phase {
                Phase::Trade => self.require_phase(Phase::Trade),
                _ => self.require_phase(Phase::PlayAndManeuver),
            },
            Action::Trade { with, give, take } => self.validate_trade(player, with, give, take),
            Action::PlayCard {
                card,
                target,
                with,
                shift,
            } => {
                self.require_phase(Phase::PlayAndManeuver)?;
                self.validate_play(player, card, target, with, shift)
            }
            Action::Commit { card, as_medical } => {
                self.require_phase(Phase::PlayAndManeuver)?;
                self.validate_commit(player, card, as_medical)
            }
            Action::Maneuver(_) => {
                self.require_phase(Phase::PlayAndManeuver)?;
                self.validate_maneuver()
            }
            Action::RollForMission => {
                self.require_phase(Phase::PlayAndManeuver)?;
                if self.mission.is_none() {
                    return Err(Refusal::NoMission);
                }
                if self.open_die_objective().is_none() {
                    return Err(Refusal::NoDieObjective);
                }
                if self.turn.mission_rolled {
                    return Err(Refusal::AlreadyRolled);
                }
                Ok(())
            }
            Action::Repair(section) => {
                self.require_turn_phases()?;
                self.require_ability(player, Ability::DamageControl)?;
                self.require_section(section, SectionState::Damaged)
            }
            Action::TakeCard { from, card } => {
                self.require_turn_phases()?;
                self.require_ability(player, Ability::TakeCard)?;
                if from as usize >= self.players.len() {
                    return Err(Refusal::UnknownPlayer(from));
                }
                if from == player {
                    return Err(Refusal::TradeWithSelf);
                }
                self.require_hand(from, card)
            }
            Action::Redraw { card } => {
                self.require_turn_phases()?;
                self.require_ability(player, Ability::FieldMedicine)?;
                self.require_hand(player, card)
            }
            Action::Discard { card } => {
                self.require_phase(Phase::PlayAndManeuver)?;
                self.require_hand(player, card)?;
                if self.turn.discarded {
                    return Err(Refusal::AlreadyDiscarded);
                }
                if self.has_legal_play(player) {
                    return Err(Refusal::HasLegalPlay);
                }
                Ok(())
            }
            Action::PlaySecurityTeam { .. }
            | Action::ResolveBoarding
            | Action::ChooseThreats { .. } => Err(Refusal::NotAChoice),
        }
    }

    pub(crate) fn validate_commit(
        &self,
        player: PlayerId,
        card: CardId,
        as_medical: bool,
    ) -> Result<(), Refusal> {
        self.require_hand(player, card)?;
        if self.mission.is_none() {
            return Err(Refusal::NoMission);
        }
        if as_medical {
            self.require_ability(player, Ability::FieldMedicine)?;
        }
        self.commit_objective(card, as_medical)
            .map(|_| ())
            .ok_or(Refusal::NotNeededForMission)
    }

    fn require_active(&self, player: PlayerId) -> Result<(), Refusal> {
        if player == self.turn.active {
            Ok(())
        } else {
            Err(Refusal::NotYourTurn {
                active: self.turn.active,
            })
        }
    }

    /// Character abilities are used during the player's own Trade or Play phase.
    fn require_turn_phases(&self) -> Result<(), Refusal> {
        match self.turn.phase {
            Phase::Trade | Phase::PlayAndManeuver if !self.turn.phase_done => Ok(()),
            phase => Err(Refusal::WrongPhase { phase }),
        }
    }

    fn require_ability(&self, player: PlayerId, ability: Ability) -> Result<(), Refusal> {
        if self.ability_of(player) != ability {
            Err(Refusal::NotYourAbility)
        } else if self.turn.ability_used {
            Err(Refusal::AbilityUsed)
        } else {
            Ok(())
        }
    }

    fn require_section(&self, section: SectionRef, state: SectionState) -> Result<(), Refusal> {
        if section.facing >= FACINGS {
            return Err(Refusal::WrongTarget {
                expected: "a facing from 1 to 6",
            });
        }
        match (self.enterprise.section(section), state) {
            (s, wanted) if s == wanted => Ok(()),
            (_, SectionState::Damaged) => Err(Refusal::NothingToRepair),
            _ => Err(Refusal::NothingToRebuild),
        }
    }

    fn validate_trade(
        &self,
        player: PlayerId,
        with: PlayerId,
        give: CardId,
        take: CardId,
    ) -> Result<(), Refusal> {
        self.require_phase(Phase::Trade)?;
        if let Some(refusal) = self.trade_forbidden() {
            return Err(refusal);
        }
        if self.turn.trades >= self.trade_allowance() {
            return Err(Refusal::TradeUsed);
        }
        if with as usize >= self.players.len() {
            return Err(Refusal::UnknownPlayer(with));
        }
        if with == player {
            return Err(Refusal::TradeWithSelf);
        }
        self.require_hand(player, give)?;
        self.require_hand(with, take)
    }

    fn validate_maneuver(&self) -> Result<(), Refusal> {
        if let Some(reason) = self.maneuver_forbidden() {
            return Err(reason);
        }
        if self.turn.maneuvers >= self.maneuver_allowance() {
            return Err(Refusal::NoManeuverLeft);
        }
        Ok(())
    }

    /// A threat a card may act on: on the board and not cloaked; `ship` also excludes the
    /// Starbase.
    fn targetable(&self, token: TokenId, ship: bool) -> Result<usize, Refusal> {
        let index = self
            .threat_index(token)
            .ok_or(Refusal::NoSuchThreat(token))?;
        if ship && !crate::reach::is_ship(token) {
            return Err(Refusal::NotAShip(token));
        }
        if self.threats[index].cloaked {
            return Err(Refusal::TargetCloaked(token));
        }
        Ok(index)
    }

    pub(crate) fn validate_play(
        &self,
        player: PlayerId,
        card: CardId,
        target: Target,
        with: Option<CardId>,
        shift: Option<RangeShift>,
    ) -> Result<(), Refusal> {
        self.require_hand(player, card)?;
        if let Some(other) = with {
            if other == card {
                return Err(Refusal::SameCardTwice);
            }
            self.require_hand(player, other)?;
        }
        let effect = &builtin().card(card).effect;
        let paired = with.map(|c| &builtin().card(c).effect);
        let is_hit = |e: Option<&CardEffect>| matches!(e, Some(CardEffect::Hit { .. }));
        if shift.is_some() && !is_hit(Some(effect)) && !is_hit(paired) {
            return Err(Refusal::NotThisCard {
                expected: "a Hit card for Chekov's ability",
            });
        }
        match effect {
            CardEffect::Hit { .. } => {
                if let Some(p) = paired
                    && *p != CardEffect::DirectHit
                {
                    return Err(Refusal::NotThisCard {
                        expected: "Direct Hit as the card played with it",
                    });
                }
                self.validate_hit(Some(player), card, target, shift)
            }
            CardEffect::DirectHit => match (with, paired) {
                (Some(hit), Some(CardEffect::Hit { .. })) => {
                    self.validate_hit(Some(player), hit, target, shift)
                }
                _ => Err(Refusal::NotThisCard {
                    expected: "a Hit card played with it",
                }),
            },
            CardEffect::Dilithium | CardEffect::Tritanium => {
                let Target::Section(section) = target else {
                    return Err(Refusal::WrongTarget {
                        expected: "a Shield or Hull section",
                    });
                };
                match paired {
                    None => {
                        let kind = if *effect == CardEffect::Dilithium {
                            SectionKind::Shield
                        } else {
                            SectionKind::Hull
                        };
                        if section.kind != kind {
                            return Err(Refusal::WrongTarget {
                                expected: if kind == SectionKind::Shield {
                                    "a damaged Shield (Dilithium repairs Shields)"
                                } else {
                                    "a damaged Hull section (Tritanium repairs Hull)"
                                },
                            });
                        }
                        self.require_section(section, SectionState::Damaged)
                    }
                    Some(p)
                        if (*p == CardEffect::Dilithium || *p == CardEffect::Tritanium)
                            && p != effect =>
                    {
                        self.require_section(section, SectionState::Destroyed)
                    }
                    Some(_) => Err(Refusal::NotThisCard {
                        expected: "Dilithium played with Tritanium",
                    }),
                }
            }
            _ if with.is_some() => Err(Refusal::NotThisCard {
                expected: "this card played alone",
            }),
            CardEffect::TractorBeam => match target {
                Target::Shift(token, _) => self.targetable(token, false).map(|_| ()),
                _ => Err(Refusal::WrongTarget {
                    expected: "a threat and a direction",
                }),
            },
            CardEffect::ForceField => match target {
                Target::Threat(token) => self.targetable(token, true).map(|_| ()),
                _ => Err(Refusal::WrongTarget {
                    expected: "an uncloaked enemy ship",
                }),
            },
            CardEffect::SecurityTeam => Err(Refusal::NoBoarders),
            CardEffect::TimeTravel { depth } => match target {
                Target::Discard(wanted) => {
                    let top = self.discard.iter().rev().take(*depth as usize);
                    if top.into_iter().any(|c| *c == wanted) {
                        Ok(())
                    } else {
                        Err(Refusal::NotInTopOfDiscard { depth: *depth })
                    }
                }
                _ => Err(Refusal::WrongTarget {
                    expected: "a card in the discard pile",
                }),
            },
            // Cards that take no target are played with `Target::None` alone.
            CardEffect::DrawCards { .. } | CardEffect::EvasiveManeuvers
                if target != Target::None =>
            {
                Err(Refusal::WrongTarget {
                    expected: "nothing: play it without a target",
                })
            }
            CardEffect::DrawCards { .. } => Ok(()),
            CardEffect::EvasiveManeuvers => match self.maneuver_forbidden() {
                Some(reason) => Err(reason),
                None => Ok(()),
            },
            CardEffect::RedAlert => match target {
                Target::Facing(facing) if facing < FACINGS => {
                    if self.enterprise.has_shield(facing) {
                        Ok(())
                    } else {
                        Err(Refusal::NoShieldThere)
                    }
                }
                _ => Err(Refusal::WrongTarget {
                    expected: "a facing of the Enterprise",
                }),
            },
        }
    }

    /// Rulebook "Hit Cards": the target must be in the exact facing and range printed. With
    /// no `player`, Chekov's shift is taken as available (bots weighing a trade ask this).
    pub(crate) fn validate_hit(
        &self,
        player: Option<PlayerId>,
        card: CardId,
        target: Target,
        shift: Option<RangeShift>,
    ) -> Result<(), Refusal> {
        let CardEffect::Hit { arcs, ranges, .. } = &builtin().card(card).effect else {
            return Err(Refusal::NotThisCard {
                expected: "a Hit card",
            });
        };
        let Target::Threat(token) = target else {
            return Err(Refusal::WrongTarget {
                expected: "an enemy ship",
            });
        };
        let index = self.targetable(token, true)?;
        self.hit_reaches_position(player, arcs, ranges, self.threats[index].pos, shift)
    }

    /// Whether a Hit card's arcs and ranges (with Chekov's shift) reach a place on the board,
    /// given the Enterprise's heading: the rulebook's "exact facing and range".
    pub(crate) fn hit_reaches_position(
        &self,
        player: Option<PlayerId>,
        arcs: &[crate::content::Arc],
        ranges: &[Range],
        pos: crate::state::Position,
        shift: Option<RangeShift>,
    ) -> Result<(), Refusal> {
        let facing = self.enterprise.facing_of_sector(pos.sector);
        if !arcs.contains(&arc_of_facing(facing)) {
            return Err(Refusal::OutsideArc);
        }
        // The reach is printed ranges, or each moved one ring by Chekov (no allocation: this
        // runs for every candidate play the bots and the table weigh).
        let shifted = |r: &Range| match shift {
            None => Some(*r),
            Some(RangeShift::Nearer) => nearer(*r),
            Some(RangeShift::Farther) => farther(*r),
        };
        if shift.is_some() {
            if let Some(player) = player {
                self.require_ability(player, Ability::FireControl)?;
            }
            if ranges.iter().all(|r| shifted(r).is_none()) {
                return Err(Refusal::AbilityCannotShift);
            }
        }
        if ranges.iter().any(|r| shifted(r) == Some(pos.range)) {
            Ok(())
        } else {
            Err(Refusal::OutOfRange { range: pos.range })
        }
    }

    /// Whether a maneuver is legal now (used by bots and the UI to light up controls).
    pub(crate) fn can_maneuver(&self) -> bool {
        // `validate_maneuver`'s answer, the cheap count asked before the web and the mission.
        self.turn.phase == Phase::PlayAndManeuver
            && self.turn.window.is_none()
            && self.turn.maneuvers < self.maneuver_allowance()
            && self.maneuver_forbidden().is_none()
    }
}
