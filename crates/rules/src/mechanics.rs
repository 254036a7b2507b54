//! Shared mechanics the phases and cards call: drawing, damage to the Enterprise, hits on
//! threats, repairs. Each is a plain method on the state, tested alone. New threats drawn
//! and placed are `arrivals`.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::content::{Range, builtin};
use crate::events::{DieRollPurpose, RulesEvent};
use crate::state::{
    CardId, FACINGS, GameState, LossCause, Outcome, PlayerId, Position, SectionKind, SectionRef,
    SectionState, TokenId,
};

impl GameState {
    test_visible! {
        fn roll_die(&mut self, purpose: DieRollPurpose) -> u8 {
            let value = if !self.forced.rolls.is_empty() {
                self.forced.rolls.remove(0).clamp(1, 6)
            } else if self.forced_rolls.is_empty() {
                self.rng.random_range(1..=6u8)
            } else {
                self.forced_rolls.remove(0).clamp(1, 6)
            };
            if let Some(seen) = &mut self.seen {
                seen.rolls.push(value);
            }
            self.emit(RulesEvent::DieRolled { value, purpose });
            value
        }
    }

    test_visible! {
        fn lose(&mut self, cause: LossCause) {
            if self.outcome.is_none() {
                self.outcome = Some(Outcome::Lost(cause));
                self.turn.window = None;
                self.emit(RulesEvent::GameLost { cause });
            }
        }
    }

    /// Rulebook "Winning the Game": the required missions are done and no threat is left on
    /// the board. In a patrol game (no missions) the bag must be empty too.
    ///
    /// Inlined: it is asked after every step and action, and until the last mission is done
    /// the answer is the first test; the board is looked at out of line.
    #[inline(always)]
    pub(crate) fn check_victory(&mut self) {
        if self.outcome.is_none() && self.missions_done() {
            self.check_board_cleared();
        }
    }

    /// `check_victory` once the missions are done: won when no ship is left (and, on patrol,
    /// the bag is empty).
    #[inline(never)]
    fn check_board_cleared(&mut self) {
        let content = builtin();
        let ships_left = self
            .threats
            .iter()
            .any(|t| content.threat(t.token).is_ship());
        let bag_matters = self.config.missions_required == 0;
        if !ships_left && (!bag_matters || self.bag.is_empty()) {
            self.outcome = Some(Outcome::Won);
            self.turn.window = None;
            self.emit(RulesEvent::GameWon);
        }
    }

    /// Turns the discard pile into a new draw deck (rulebook phase 1).
    fn reshuffle_discard(&mut self) {
        let mut cards = std::mem::take(&mut self.discard);
        cards.shuffle(&mut self.rng);
        self.emit(RulesEvent::DeckReshuffled { cards: cards.len() });
        // The spent deck's room serves the new discard pile, which then never grows a card
        // at a time.
        let mut spent = std::mem::replace(&mut self.deck, cards);
        spent.clear();
        self.discard = spent;
    }

    /// The top card of the Enterprise deck, or the one the host says came off it.
    fn pop_card(&mut self) -> Option<CardId> {
        let card = match self.forced.cards.first().copied() {
            Some(card) => {
                self.forced.cards.remove(0);
                let at = self.deck.iter().rposition(|c| *c == card)?;
                Some(self.deck.remove(at))
            }
            None => self.deck.pop(),
        }?;
        if let Some(seen) = &mut self.seen {
            seen.cards.push(card);
        }
        Some(card)
    }

    /// Draws `count` cards into a hand. Returns false, and loses the game, when a card is
    /// needed and none is left (rulebook "Damage to Destroyed Hull Sections").
    pub(crate) fn draw_cards(&mut self, player: PlayerId, count: usize) -> bool {
        // A quiet state drops the event, so it gathers nothing.
        let mut drawn = Vec::with_capacity(if self.quiet { 0 } else { count });
        for _ in 0..count {
            if self.deck.is_empty() && !self.discard.is_empty() {
                self.reshuffle_discard();
            }
            match self.pop_card() {
                Some(card) => {
                    self.players[player as usize].hand.push(card);
                    if !self.quiet {
                        drawn.push(card);
                    }
                }
                None => {
                    if !drawn.is_empty() {
                        self.emit(RulesEvent::CardsDrawn {
                            player,
                            cards: drawn,
                        });
                    }
                    self.lose(LossCause::DeckDepleted);
                    return false;
                }
            }
        }
        if !drawn.is_empty() {
            self.emit(RulesEvent::CardsDrawn {
                player,
                cards: drawn,
            });
        }
        true
    }

    /// Every player draws `count`, the active player first.
    pub(crate) fn all_players_draw(&mut self, count: usize) {
        let n = self.players.len() as u8;
        for offset in 0..n {
            let player = (self.turn.active + offset) % n;
            if !self.draw_cards(player, count) {
                return;
            }
        }
    }

    test_visible! {
        /// Removes the top `count` Enterprise cards from the game (hits on a destroyed Hull, at
        /// `facing`).
        fn remove_top_cards(&mut self, count: u8, facing: Option<u8>) {
            // A quiet state drops the event (it is still emitted: it marks progress).
            let mut removed = Vec::new();
            let mut any = false;
            for _ in 0..count {
                if self.deck.is_empty() && !self.discard.is_empty() {
                    self.reshuffle_discard();
                }
                match self.pop_card() {
                    Some(card) => {
                        self.removed.push(card);
                        any = true;
                        if !self.quiet {
                            removed.push(card);
                        }
                    }
                    None => break,
                }
            }
            if any {
                self.emit(RulesEvent::CardsRemoved {
                    cards: removed,
                    facing,
                });
            }
        }
    }

    test_visible! {
        /// Damage dealt to a Hull section, one point at a time: intact → damaged → destroyed, and
        /// each point on a destroyed section removes the top Enterprise card from the game.
        fn damage_hull(&mut self, facing: u8, amount: u8) {
            let section = SectionRef {
                kind: SectionKind::Hull,
                facing,
            };
            for _ in 0..amount {
                if self.outcome.is_some() {
                    return;
                }
                match self.enterprise.hull[facing as usize] {
                    SectionState::Intact => {
                        self.enterprise.hull[facing as usize] = SectionState::Damaged;
                        self.emit(RulesEvent::SectionDamaged { section });
                    }
                    SectionState::Damaged => {
                        self.enterprise.hull[facing as usize] = SectionState::Destroyed;
                        self.emit(RulesEvent::SectionDestroyed { section });
                        if self.enterprise.destroyed_hull() == FACINGS as usize {
                            self.lose(LossCause::HullDestroyed);
                        }
                    }
                    SectionState::Destroyed => self.remove_top_cards(1, Some(facing)),
                }
            }
        }
    }

    /// Simultaneous fire on one facing (rulebook "Damage From Enemy Fire"): a Shield takes the
    /// damage first and nothing overflows past it; without a Shield the Hull takes it all.
    pub(crate) fn fire_on_facing(&mut self, facing: u8, mut amount: u8) {
        if amount == 0 || self.outcome.is_some() {
            return;
        }
        let f = facing as usize;
        if !self.enterprise.has_shield(facing) {
            self.damage_hull(facing, amount);
            return;
        }
        if self.enterprise.red_alert[f] {
            self.enterprise.red_alert[f] = false;
            amount -= 1;
            self.emit(RulesEvent::RedAlertAbsorbed { facing });
            if amount == 0 {
                return;
            }
        }
        let section = SectionRef {
            kind: SectionKind::Shield,
            facing,
        };
        let taken = match self.enterprise.shields[f] {
            SectionState::Intact if amount == 1 => {
                self.enterprise.shields[f] = SectionState::Damaged;
                self.emit(RulesEvent::SectionDamaged { section });
                1
            }
            SectionState::Intact => {
                self.enterprise.shields[f] = SectionState::Destroyed;
                self.emit(RulesEvent::SectionDamaged { section });
                self.emit(RulesEvent::SectionDestroyed { section });
                2
            }
            _ => {
                self.enterprise.shields[f] = SectionState::Destroyed;
                self.emit(RulesEvent::SectionDestroyed { section });
                1
            }
        };
        if amount > taken {
            self.emit(RulesEvent::DamageIgnored {
                facing,
                kind: SectionKind::Shield,
                amount: amount - taken,
            });
        }
    }

    /// A Comet's impact: it destroys whatever it strikes first; on a destroyed Hull section it
    /// removes `damage` cards from the game (rulebook "Comets").
    pub(crate) fn comet_impact(&mut self, facing: u8, damage: u8) {
        let f = facing as usize;
        if self.enterprise.has_shield(facing) {
            self.enterprise.shields[f] = SectionState::Destroyed;
            self.emit(RulesEvent::SectionDestroyed {
                section: SectionRef {
                    kind: SectionKind::Shield,
                    facing,
                },
            });
        } else if self.enterprise.hull[f] == SectionState::Destroyed {
            self.remove_top_cards(damage, Some(facing));
        } else {
            self.enterprise.hull[f] = SectionState::Damaged;
            self.damage_hull(facing, 1);
        }
    }

    /// A Hit on a threat: its Defense rotates down; at zero it is destroyed.
    pub(crate) fn hit_threat(&mut self, token: TokenId, damage: u8) {
        let Some(index) = self.threat_index(token) else {
            return;
        };
        let defense = self.threats[index].defense.saturating_sub(damage);
        self.threats[index].defense = defense;
        self.emit(RulesEvent::ThreatHit {
            token,
            damage,
            defense,
        });
        if defense == 0 {
            self.destroy_threat(token);
        }
    }

    /// Removes a threat from the board to the threat discard pile.
    pub(crate) fn destroy_threat(&mut self, token: TokenId) {
        let Some(index) = self.threat_index(token) else {
            return;
        };
        self.threats.remove(index);
        self.threat_discard.push(token);
        self.emit(RulesEvent::ThreatDestroyed { token });
        if self.counts_for_mission(token)
            && let Some(mission) = self.mission.as_mut()
        {
            mission.threats_destroyed = mission.threats_destroyed.saturating_add(1);
        }
    }

    /// Moves a threat to a new position (no boarding here; callers decide that).
    pub(crate) fn move_threat(&mut self, index: usize, to: Position) {
        let from = self.threats[index].pos;
        if from != to {
            self.threats[index].pos = to;
            let token = self.threats[index].token;
            self.emit(RulesEvent::ThreatMoved { token, from, to });
            if to.range == Range::Short && builtin().threat(token).is_tholian() {
                self.emit(RulesEvent::TholianWebbed { token });
            }
        }
    }

    /// A Tholian in Short Range holds the Enterprise in its web.
    pub fn tholian_web(&self) -> bool {
        let tholians = crate::reach::tholian_mask();
        self.threats
            .iter()
            .any(|t| t.pos.range == Range::Short && crate::reach::is_ship_in(tholians, t.token))
    }

    test_visible! {
        fn repair(&mut self, section: SectionRef) {
            *self.enterprise.section_mut(section) = SectionState::Intact;
            self.emit(RulesEvent::SectionRepaired { section });
        }
    }

    test_visible! {
        fn rebuild(&mut self, section: SectionRef) {
            *self.enterprise.section_mut(section) = SectionState::Intact;
            self.emit(RulesEvent::SectionRebuilt { section });
        }
    }

    /// Repairs up to `count` damaged sections of a kind; returns how many.
    pub(crate) fn auto_repair(&mut self, kind: SectionKind, count: u8) -> u8 {
        let targets = self.sections_by_pressure(kind, SectionState::Damaged);
        let mut done = 0;
        for section in targets.into_iter().take(count as usize) {
            self.repair(section);
            done += 1;
        }
        done
    }

    /// Rebuilds one destroyed section of a kind, if any.
    pub(crate) fn auto_rebuild(&mut self, kind: SectionKind) -> bool {
        match self
            .sections_by_pressure(kind, SectionState::Destroyed)
            .first()
        {
            Some(section) => {
                self.rebuild(*section);
                true
            }
            None => false,
        }
    }

    /// Moves a card from a hand to the discard pile.
    pub(crate) fn take_from_hand(&mut self, player: PlayerId, card: CardId) -> bool {
        let hand = &mut self.players[player as usize].hand;
        match hand.iter().position(|c| *c == card) {
            Some(index) => {
                hand.remove(index);
                true
            }
            None => false,
        }
    }
}

/// Where an uncloaking ship reappears (rulebook "Cloaking Ships"): 1–2 one facing clockwise,
/// 3–4 where it is, 5–6 one facing counter-clockwise.
pub(crate) fn uncloak_position(pos: Position, roll: u8) -> Position {
    let sector = match roll {
        1 | 2 => (pos.sector + 1) % FACINGS,
        3 | 4 => pos.sector,
        _ => (pos.sector + FACINGS - 1) % FACINGS,
    };
    Position::new(pos.range, sector)
}
