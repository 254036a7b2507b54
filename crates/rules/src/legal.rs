//! One answer to "what can this player do now?". Every function here proposes candidate
//! actions and keeps those the validator accepts, so a listed action is always accepted; the
//! candidates cover every target, partner card and range shift the validator can accept, so an
//! omitted action is always refused (the suite's property test checks both over bot games).
//! The bot, the validator's stand-down check and the tabletop all ask here.

use crate::actions::{Action, PlayerAction, RangeShift, Refusal, Rotation, Target};
use crate::content::{Ability, CardEffect, builtin};
use crate::events::ManeuverKind;
use crate::state::{
    CardId, FACINGS, GameState, Phase, PlayerId, Position, Range, SectionKind, SectionRef,
    SectionState, Window,
};

/// A card play's choices besides the card: its target, the partner card and Chekov's shift.
pub type PlayChoice = (Target, Option<CardId>, Option<RangeShift>);

const SHIFTS: [Option<RangeShift>; 3] = [None, Some(RangeShift::Nearer), Some(RangeShift::Farther)];

impl GameState {
    /// Every action `player` may take now, in a stable order: the boarding or Spock choices
    /// while one is open; else ending the phase, maneuvers, the mission die, each card's
    /// commits and other uses, abilities, trades, and last each card's plays.
    pub fn legal_actions(&self, player: PlayerId) -> Vec<PlayerAction> {
        if self.is_over() || player as usize >= self.players.len() {
            return Vec::new();
        }
        let mut out = self.choices_and_abilities(player);
        if player == self.turn.active && self.turn.window.is_none() {
            for card in self.hand(player) {
                out.extend(self.legal_plays(player, card));
            }
        }
        out
    }

    /// Everything but card plays: phase, maneuvers, the mission die, commits and other uses of
    /// a card, abilities, trades, and the boarding and Spock choices.
    fn choices_and_abilities(&self, player: PlayerId) -> Vec<PlayerAction> {
        let mut out = Vec::new();
        let mut offer = |action: Action| {
            let action = PlayerAction { player, action };
            if self.validate(&action).is_ok() {
                out.push(action);
            }
        };
        match &self.turn.window {
            Some(Window::Boarding { .. }) => {
                for card in self.hand(player) {
                    offer(Action::PlaySecurityTeam { card });
                }
                offer(Action::ResolveBoarding);
                return out;
            }
            Some(Window::SpockChoice { drawn }) => {
                for first in drawn {
                    for second in drawn {
                        offer(Action::ChooseThreats {
                            first: *first,
                            second: *second,
                        });
                    }
                }
                return out;
            }
            None => {}
        }
        if player != self.turn.active {
            return out;
        }
        offer(Action::EndPhase);
        for kind in [
            ManeuverKind::CounterClockwise,
            ManeuverKind::Forward,
            ManeuverKind::Clockwise,
        ] {
            offer(Action::Maneuver(kind));
        }
        offer(Action::RollForMission);
        for card in self.hand(player) {
            for as_medical in [false, true] {
                offer(Action::Commit { card, as_medical });
            }
            offer(Action::Redraw { card });
            offer(Action::Discard { card });
        }
        for section in all_sections() {
            offer(Action::Repair(section));
        }
        for (other, seat) in self.players.iter().enumerate() {
            let with = other as PlayerId;
            if with == player {
                continue;
            }
            for take in seat.hand.iter().copied() {
                offer(Action::TakeCard {
                    from: with,
                    card: take,
                });
                for give in self.hand(player) {
                    offer(Action::Trade { with, give, take });
                }
            }
        }
        out
    }

    /// Every legal `PlayCard` of one card: each target, partner card and range shift the
    /// validator accepts now.
    pub fn legal_plays(&self, player: PlayerId, card: CardId) -> Vec<PlayerAction> {
        if !self.may_play_cards(player) || !self.hand(player).any(|c| c == card) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let CardEffect::Hit { .. } = builtin().card(card).effect {
            self.each_legal_hit(player, card, |action| out.push(action));
            return out;
        }
        for (target, with, shift) in self.play_choices(player, card) {
            if self
                .validate_play(player, card, target, with, shift)
                .is_ok()
            {
                out.push(play(player, card, (target, with, shift)));
            }
        }
        out
    }

    /// The `legal_plays` of a Hit card, in the order of its `play_choices` (each ship, then the
    /// card alone and with each Direct Hit in hand, then each shift). With Direct Hit it
    /// reaches exactly what it reaches alone, so the validator's answer for each ship and
    /// shift is asked once and stands for every pairing (this runs for every Hit card the
    /// bots weigh, thousands of times a game).
    ///
    /// Each is handed to `take` rather than gathered.
    pub(crate) fn each_legal_hit(
        &self,
        player: PlayerId,
        card: CardId,
        mut take: impl FnMut(PlayerAction),
    ) {
        if !self.may_play_cards(player) || !self.hand(player).any(|c| c == card) {
            return;
        }
        let shifts = self.shifts(player);
        // The card's reach for each shift: what `hit_reaches_position` answers, as masks
        // (a shift at all needs Chekov's ability unused, which `shifts` asked).
        let mut masks = [0; SHIFTS.len()];
        for (mask, shift) in masks.iter_mut().zip(shifts) {
            *mask = crate::reach::card_reach_shifted(card, *shift);
        }
        let anywhere = masks.iter().fold(0, |all, m| all | m);
        if anywhere == 0 {
            return; // not a Hit card
        }
        let ships = crate::reach::ship_mask();
        for threat in self.threats.iter().filter(|t| !t.cloaked) {
            let place = self.place_of(threat.pos);
            // Out of reach, shifted or not: nothing to weigh (the usual case).
            if anywhere & place == 0 || !crate::reach::is_ship_in(ships, threat.token) {
                continue;
            }
            let target = Target::Threat(threat.token);
            // What `validate_hit` asks once the target is an uncloaked ship on the board.
            let reaches = masks.map(|mask| mask & place != 0);
            // The Direct Hits in hand are looked up only for a ship in reach (most calls meet
            // none), so this allocates nothing.
            let direct_hits = self
                .hand(player)
                .filter(|c| *c != card && builtin().card(*c).effect == CardEffect::DirectHit);
            for with in std::iter::once(None).chain(direct_hits.map(Some)) {
                for (i, shift) in shifts.iter().enumerate() {
                    if reaches[i] {
                        take(play(player, card, (target, with, *shift)));
                    }
                }
            }
        }
    }

    /// Chekov's range shifts this player may make now: none but "no shift" unless his
    /// ability is unused.
    pub(crate) fn shifts(&self, player: PlayerId) -> &'static [Option<RangeShift>] {
        if self.ability_of(player) == Ability::FireControl && !self.turn.ability_used {
            &SHIFTS
        } else {
            &SHIFTS[..1]
        }
    }

    /// Every place on the board a Hit card reaches now, with Chekov's shift if given: the
    /// card's arcs turned with the ship, at its ranges (empty for other cards, and for a shift
    /// the player cannot make).
    pub fn reach(
        &self,
        player: PlayerId,
        card: CardId,
        shift: Option<RangeShift>,
    ) -> Vec<Position> {
        let CardEffect::Hit { arcs, ranges, .. } = &builtin().card(card).effect else {
            return Vec::new();
        };
        let places = (0..FACINGS).flat_map(|sector| {
            [Range::Long, Range::Medium, Range::Short]
                .into_iter()
                .map(move |range| Position::new(range, sector))
        });
        places
            .filter(|pos| {
                self.hit_reaches_position(Some(player), arcs, ranges, *pos, shift)
                    .is_ok()
            })
            .collect()
    }

    /// Why a card in hand has no legal play now, in the validator's words: the refusal of its
    /// nearest try (the first target its effect could take). `None` when it has a play.
    pub fn why_no_play(&self, player: PlayerId, card: CardId) -> Option<Refusal> {
        if !self.legal_plays(player, card).is_empty() {
            return None;
        }
        // Of the reasons each target gives, the nearest miss: a ship in the card's facings at
        // the wrong range says so, rather than another ship's being outside the facings; a
        // repair with nothing to repair says so, rather than that a Shield is no Hull section
        // (Tritanium with every Hull section intact was heard, under Orca, as "no target").
        let refusals: Vec<Refusal> = self
            .play_choices(player, card)
            .into_iter()
            .filter_map(|choice| self.validate(&play(player, card, choice)).err())
            .collect();
        let nearest = |wanted: fn(&Refusal) -> bool| refusals.iter().find(|r| wanted(r));
        match nearest(|r| matches!(r, Refusal::OutOfRange { .. }))
            .or_else(|| {
                nearest(|r| matches!(r, Refusal::NothingToRepair | Refusal::NothingToRebuild))
            })
            .or(refusals.first())
        {
            Some(refusal) => Some(refusal.clone()),
            None => self
                .validate(&play(player, card, (Target::None, None, None)))
                .err(),
        }
    }

    /// What the validator checks of every `PlayCard` before the card itself: the game goes on,
    /// no window is open, and it is this player's Play Cards & Maneuver phase.
    fn may_play_cards(&self, player: PlayerId) -> bool {
        !self.is_over()
            && (player as usize) < self.players.len()
            && self.turn.window.is_none()
            && player == self.turn.active
            && self.turn.phase == Phase::PlayAndManeuver
            && !self.turn.phase_done
    }

    /// Whether any card in the player's hand can be played or committed now (ruling R1 allows
    /// a discard only when none can). Stops at the first legal one.
    pub fn has_legal_play(&self, player: PlayerId) -> bool {
        // A Hit card has a play exactly when it reaches an uncloaked ship with a shift the
        // player may make (what `validate_hit` answers for each), so it is asked of the masks.
        let ships = self.ship_places();
        let shifts = self.shifts(player);
        self.hand(player).any(|card| {
            [false, true]
                .into_iter()
                .any(|as_medical| self.validate_commit(player, card, as_medical).is_ok())
                || match builtin().card(card).effect {
                    CardEffect::Hit { .. } => crate::reach::reach_with(card, shifts) & ships != 0,
                    // Its plays are those of a Hit card in the same hand, asked above.
                    CardEffect::DirectHit => false,
                    // Alone it repairs a damaged section of its kind; with the other repair
                    // card it rebuilds any destroyed one (`validate_play`'s rule, without
                    // trying all twelve sections with each partner).
                    CardEffect::Dilithium | CardEffect::Tritanium => {
                        let (own, partner) = match builtin().card(card).effect {
                            CardEffect::Dilithium => (SectionKind::Shield, CardEffect::Tritanium),
                            _ => (SectionKind::Hull, CardEffect::Dilithium),
                        };
                        let destroyed =
                            |kind| self.enterprise.section_in(kind, SectionState::Destroyed);
                        self.enterprise.section_in(own, SectionState::Damaged)
                            || (self
                                .hand(player)
                                .any(|c| builtin().card(c).effect == partner)
                                && (destroyed(SectionKind::Shield) || destroyed(SectionKind::Hull)))
                    }
                    _ => {
                        self.play_choices(player, card)
                            .into_iter()
                            .any(|(target, with, shift)| {
                                self.validate_play(player, card, target, with, shift)
                                    .is_ok()
                            })
                    }
                }
        })
    }

    /// Every play the validator could accept for a card, by the kind of target its effect
    /// takes: a superset that the validator then filters.
    fn play_choices(&self, player: PlayerId, card: CardId) -> Vec<PlayChoice> {
        let partners = |wanted: &dyn Fn(&CardEffect) -> bool| {
            let hand: Vec<CardId> = self
                .hand(player)
                .filter(|c| *c != card && wanted(&builtin().card(*c).effect))
                .collect();
            hand
        };
        // Only uncloaked threats can be targeted, and only ships by Hit cards and Force Field.
        let threats = self.threats.iter().filter(|t| !t.cloaked).map(|t| t.token);
        let ships = threats.clone().filter(|t| builtin().threat(*t).is_ship());
        // Chekov's shift only while his ability is unused.
        let shifts = self.shifts(player);
        let mut out = Vec::new();
        match &builtin().card(card).effect {
            effect @ (CardEffect::Hit { .. } | CardEffect::DirectHit) => {
                let partner: Vec<Option<CardId>> = if *effect == CardEffect::DirectHit {
                    partners(&|e| matches!(e, CardEffect::Hit { .. }))
                        .into_iter()
                        .map(Some)
                        .collect()
                } else {
                    std::iter::once(None)
                        .chain(
                            partners(&|e| *e == CardEffect::DirectHit)
                                .into_iter()
                                .map(Some),
                        )
                        .collect()
                };
                for token in ships {
                    for with in &partner {
                        for shift in shifts {
                            out.push((Target::Threat(token), *with, *shift));
                        }
                    }
                }
            }
            CardEffect::Dilithium | CardEffect::Tritanium => {
                let other =
                    partners(&|e| matches!(e, CardEffect::Dilithium | CardEffect::Tritanium));
                for with in std::iter::once(None).chain(other.into_iter().map(Some)) {
                    for section in all_sections() {
                        out.push((Target::Section(section), with, None));
                    }
                }
            }
            CardEffect::TractorBeam => {
                for token in threats {
                    for way in [Rotation::Clockwise, Rotation::CounterClockwise] {
                        out.push((Target::Shift(token, way), None, None));
                    }
                }
            }
            CardEffect::ForceField => {
                out.extend(ships.map(|token| (Target::Threat(token), None, None)));
            }
            CardEffect::TimeTravel { depth } => {
                let top = self.discard.iter().rev().take(*depth as usize);
                out.extend(top.map(|c| (Target::Discard(*c), None, None)));
            }
            CardEffect::RedAlert => {
                out.extend((0..FACINGS).map(|f| (Target::Facing(f), None, None)));
            }
            CardEffect::DrawCards { .. } | CardEffect::EvasiveManeuvers => {
                out.push((Target::None, None, None));
            }
            // A Security Team is played only while boarders arrive, with its own action.
            CardEffect::SecurityTeam => {}
        }
        out
    }

    /// Whether a Hit card would reach any uncloaked enemy ship now, whoever holds it (a bot
    /// weighing a trade asks this of cards in other hands): what `validate_hit` answers for
    /// a target, asked of the ships on the board directly.
    pub(crate) fn hits_anything(&self, card: CardId) -> bool {
        let reach = crate::reach::card_reach(card);
        reach != 0
            && self.threats.iter().any(|t| {
                !t.cloaked && reach & self.place_of(t.pos) != 0 && crate::reach::is_ship(t.token)
            })
    }

    /// The places of the uncloaked enemy ships, as reach-mask bits: a Hit card can hit
    /// something unshifted exactly when its `card_reach` meets this (`hits_anything`).
    pub(crate) fn ship_places(&self) -> u32 {
        // Without a branch a token: which tokens count is as random as the bag.
        let ships = crate::reach::ship_mask();
        self.threats.iter().fold(0, |places, t| {
            let counts = !t.cloaked & crate::reach::is_ship_in(ships, t.token);
            places | (self.place_of(t.pos) * u32::from(counts))
        })
    }

    fn hand(&self, player: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        self.players
            .get(player as usize)
            .into_iter()
            .flat_map(|p| p.hand.iter().copied())
    }
}

/// The `PlayCard` action for a card and its choices.
fn play(player: PlayerId, card: CardId, (target, with, shift): PlayChoice) -> PlayerAction {
    PlayerAction {
        player,
        action: Action::PlayCard {
            card,
            target,
            with,
            shift,
        },
    }
}

/// The twelve sections of the Enterprise: six Shields, then six Hull sections.
pub fn all_sections() -> impl Iterator<Item = SectionRef> {
    [SectionKind::Shield, SectionKind::Hull]
        .into_iter()
        .flat_map(|kind| (0..FACINGS).map(move |facing| SectionRef { kind, facing }))
}

/// The action that always moves the game on: end the phase or let boarders land.
pub fn fallback_action(state: &GameState) -> PlayerAction {
    let action = match &state.turn.window {
        Some(Window::Boarding { .. }) => Action::ResolveBoarding,
        Some(Window::SpockChoice { drawn }) => Action::ChooseThreats {
            first: drawn[0],
            second: drawn[1],
        },
        None => Action::EndPhase,
    };
    PlayerAction {
        player: state.turn.active,
        action,
    }
}
