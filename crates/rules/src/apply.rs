//! Carrying out validated actions. `act` is the only way player input changes the state.

use crate::actions::{Action, PlayerAction, Refusal, Target};
use crate::content::{CardEffect, Range, ThreatKind, builtin};
use crate::events::{DieRollPurpose, ManeuverKind, RulesEvent};
use crate::state::{
    Boarder, CardId, FACINGS, GameState, Phase, PlayerId, Position, SectionKind, TokenId, Window,
    nearer,
};

impl GameState {
    /// Validates and applies one action. Refused actions leave the state untouched.
    /// Automatic phases are not run here: call `advance` (the simulator) or let the phase
    /// systems run (the ECS).
    pub fn act(&mut self, action: PlayerAction) -> Result<(), Refusal> {
        self.validate(&action)?;
        self.apply(action);
        self.check_victory();
        Ok(())
    }

    fn apply(&mut self, PlayerAction { player, action }: PlayerAction) {
        match action {
            Action::EndPhase => self.turn.phase_done = true,
            Action::Trade { with, give, take } => {
                self.take_from_hand(player, give);
                self.take_from_hand(with, take);
                self.players[player as usize].hand.push(take);
                self.players[with as usize].hand.push(give);
                self.turn.trades = self.turn.trades.saturating_add(1);
                self.emit(RulesEvent::Traded {
                    player,
                    with,
                    gave: give,
                    took: take,
                });
                if self.turn.trades > 1 || self.mission_forbids_trade() {
                    self.ability_used_by(player);
                }
            }
            Action::PlayCard {
                card,
                target,
                with,
                shift,
            } => self.play_card(player, card, target, with, shift.is_some()),
            Action::Commit { card, as_medical } => {
                if let Some((_, credit)) = self.commit_objective(card, as_medical) {
                    self.take_from_hand(player, card);
                    self.commit_card(card, credit);
                    self.emit(RulesEvent::CardCommitted { player, card });
                    if as_medical {
                        self.turn.ability_used = true;
                        self.ability_used_by(player);
                    }
                }
            }
            Action::Maneuver(kind) => {
                self.turn.maneuvers = self.turn.maneuvers.saturating_add(1);
                if self.turn.maneuvers > 1 + self.turn.extra_maneuvers {
                    self.ability_used_by(player);
                }
                self.maneuver(kind);
            }
            Action::RollForMission => {
                self.turn.mission_rolled = true;
                let target = self.open_die_objective().unwrap_or(7);
                let value = self.roll_die(DieRollPurpose::MissionObjective);
                if value >= target
                    && let Some(mission) = self.mission.as_mut()
                {
                    mission.die_successes = mission.die_successes.saturating_add(1);
                }
            }
            Action::Repair(section) => {
                self.turn.ability_used = true;
                self.ability_used_by(player);
                self.repair(section);
            }
            Action::TakeCard { from, card } => {
                self.turn.ability_used = true;
                self.ability_used_by(player);
                self.take_from_hand(from, card);
                self.players[player as usize].hand.push(card);
                self.emit(RulesEvent::CardTaken { player, from, card });
            }
            Action::Redraw { card } => {
                self.turn.ability_used = true;
                self.ability_used_by(player);
                self.take_from_hand(player, card);
                self.discard.push(card);
                self.emit(RulesEvent::CardDiscarded { player, card });
                // The discard pile now holds a card, so this draw always succeeds.
                self.draw_cards(player, 1);
            }
            Action::Discard { card } => {
                self.turn.discarded = true;
                self.take_from_hand(player, card);
                self.discard.push(card);
                self.emit(RulesEvent::CardDiscarded { player, card });
            }
            Action::PlaySecurityTeam { card } => self.play_security_team(player, card),
            Action::ResolveBoarding => self.close_boarding_window(),
            Action::ChooseThreats { first, second } => self.spock_chooses(player, first, second),
        }
    }

    fn ability_used_by(&mut self, player: PlayerId) {
        let character = self.players[player as usize].character;
        self.emit(RulesEvent::AbilityUsed { player, character });
    }

    fn discard_played(&mut self, player: PlayerId, card: CardId) {
        self.take_from_hand(player, card);
        self.emit(RulesEvent::CardPlayed { player, card });
    }

    fn play_card(
        &mut self,
        player: PlayerId,
        card: CardId,
        target: Target,
        with: Option<CardId>,
        shifted: bool,
    ) {
        let content = builtin();
        // Direct Hit may be named first or second; the Hit card carries the damage.
        let (card, with) = match (&content.card(card).effect, with) {
            (CardEffect::DirectHit, Some(hit)) => (hit, Some(card)),
            _ => (card, with),
        };
        self.discard_played(player, card);
        if let Some(other) = with {
            self.discard_played(player, other);
        }
        match &content.card(card).effect {
            CardEffect::Hit { damage, .. } => {
                if shifted {
                    self.turn.ability_used = true;
                    self.ability_used_by(player);
                }
                if let Target::Threat(token) = target {
                    let damage = if with.is_some() {
                        self.threat(token).map_or(*damage, |t| t.defense)
                    } else {
                        *damage
                    };
                    self.hit_threat(token, damage);
                }
            }
            CardEffect::Dilithium | CardEffect::Tritanium => {
                if let Target::Section(section) = target {
                    if with.is_some() {
                        self.rebuild(section);
                    } else {
                        self.repair(section);
                    }
                }
            }
            CardEffect::TractorBeam => {
                if let Target::Shift(token, rotation) = target
                    && let Some(index) = self.threat_index(token)
                {
                    let from = self.threats[index].pos;
                    let sector = rotation.next_sector(from.sector);
                    self.move_threat(index, Position::new(from.range, sector));
                }
            }
            CardEffect::ForceField => {
                if let Target::Threat(token) = target
                    && let Some(index) = self.threat_index(token)
                {
                    self.threats[index].force_field = true;
                    self.emit(RulesEvent::ForceFieldPlaced { token });
                }
            }
            CardEffect::TimeTravel { .. } => {
                if let Target::Discard(wanted) = target
                    && let Some(index) = self.discard.iter().rposition(|c| *c == wanted)
                {
                    self.discard.remove(index);
                    self.players[player as usize].hand.push(wanted);
                    self.emit(RulesEvent::CardRecovered {
                        player,
                        card: wanted,
                    });
                }
            }
            CardEffect::DrawCards { count } => {
                self.draw_cards(player, *count as usize);
            }
            CardEffect::EvasiveManeuvers => {
                self.turn.extra_maneuvers = self.turn.extra_maneuvers.saturating_add(1)
            }
            CardEffect::RedAlert => {
                if let Target::Facing(facing) = target {
                    self.enterprise.red_alert[facing as usize] = true;
                    self.emit(RulesEvent::RedAlertSet { facing });
                }
            }
            CardEffect::SecurityTeam | CardEffect::DirectHit => {}
        }
        // Played cards go to the discard pile after their effects resolve.
        self.discard.push(card);
        if let Some(other) = with {
            self.discard.push(other);
        }
    }

    /// Rulebook "Maneuvering the Enterprise": rotate one facing, or move every token in the two
    /// Front facings one ring closer (cloaked ships excepted).
    fn maneuver(&mut self, kind: ManeuverKind) {
        let e = &mut self.enterprise;
        match kind {
            ManeuverKind::Clockwise => e.heading = (e.heading + 1) % FACINGS,
            ManeuverKind::CounterClockwise => e.heading = (e.heading + FACINGS - 1) % FACINGS,
            ManeuverKind::Forward => {}
        }
        let heading = e.heading;
        self.emit(RulesEvent::Maneuvered { kind, heading });
        if kind == ManeuverKind::Forward {
            self.maneuver_forward();
        }
    }

    fn maneuver_forward(&mut self) {
        let content = builtin();
        let front = [
            self.enterprise.sector_of_facing(0),
            self.enterprise.sector_of_facing(FACINGS - 1),
        ];
        let mut boarders = Vec::new();
        for index in 0..self.threats.len() {
            let t = &self.threats[index];
            if t.cloaked || !front.contains(&t.pos.sector) {
                continue;
            }
            match nearer(t.pos.range) {
                Some(range) => {
                    let to = Position::new(range, t.pos.sector);
                    self.move_threat(index, to);
                }
                None => {
                    let def = content.threat(t.token);
                    let facing = self.enterprise.facing_of_sector(t.pos.sector);
                    if def.is_ship() && !def.is_tholian() && !self.enterprise.has_shield(facing) {
                        boarders.push(Boarder {
                            token: t.token,
                            facing,
                            damage: t.defense,
                        });
                    }
                }
            }
        }
        for index in 0..self.mission_tokens.len() {
            let from = self.mission_tokens[index].pos;
            if front.contains(&from.sector)
                && let Some(range) = nearer(from.range)
            {
                let to = Position::new(range, from.sector);
                self.mission_tokens[index].pos = to;
                let token = self.mission_tokens[index].token;
                self.emit(RulesEvent::MissionTokenMoved { token, from, to });
            }
        }
        self.dock_with_starbase();
        if !self.open_boarding_window(&boarders) {
            self.land_boarders(&boarders, 0);
        }
    }

    /// Rulebook "Starbase": in Short Range after a maneuver, the crew docks and takes all three
    /// rewards; where a reward offers a choice, a destroyed section is rebuilt before damaged
    /// ones are repaired (ruling R6).
    fn dock_with_starbase(&mut self) {
        let content = builtin();
        let docked: Vec<TokenId> = self
            .threats
            .iter()
            .filter(|t| t.pos.range == Range::Short)
            .filter(|t| content.threat(t.token).threat == ThreatKind::Starbase)
            .map(|t| t.token)
            .collect();
        for token in docked {
            self.emit(RulesEvent::Docked { token });
            for kind in [SectionKind::Shield, SectionKind::Hull] {
                if !self.auto_rebuild(kind) {
                    self.auto_repair(kind, 2);
                }
            }
            if let Some(index) = self.threat_index(token) {
                self.threats.remove(index);
                self.threat_discard.push(token);
            }
            self.all_players_draw(1);
        }
    }

    fn play_security_team(&mut self, player: PlayerId, card: CardId) {
        self.take_from_hand(player, card);
        self.discard.push(card);
        self.emit(RulesEvent::SecurityTeamPlayed { player, card });
        let mut done = false;
        if let Some(Window::Boarding {
            boarders,
            reduction,
        }) = self.turn.window.as_mut()
        {
            *reduction = reduction.saturating_add(1);
            let total = boarders
                .iter()
                .fold(0u8, |sum, b| sum.saturating_add(b.damage));
            done = *reduction >= total;
        }
        if done || !self.anyone_holds_security_team() {
            self.close_boarding_window();
        }
    }

    /// The boarders' damage lands: inside Threats Move & Fire the rest of the phase follows.
    fn close_boarding_window(&mut self) {
        let Some(Window::Boarding {
            boarders,
            reduction,
        }) = self.turn.window.take()
        else {
            return;
        };
        if self.turn.phase == Phase::ThreatsMoveAndFire {
            self.resolve_threats(&boarders, reduction);
        } else {
            self.land_boarders(&boarders, reduction);
        }
    }

    fn spock_chooses(&mut self, player: PlayerId, first: TokenId, second: TokenId) {
        let Some(Window::SpockChoice { drawn }) = self.turn.window.take() else {
            return;
        };
        self.ability_used_by(player);
        for token in [first, second] {
            self.emit(RulesEvent::ThreatChosen { token });
        }
        for token in drawn.iter().filter(|t| **t != first && **t != second) {
            self.bag.push(*token);
            self.emit(RulesEvent::ThreatReturnedToBag { token: *token });
        }
        for token in [first, second] {
            if self.is_over() {
                // The game ended on the first token: the second goes back unplayed.
                self.bag.push(token);
            } else {
                self.resolve_drawn_threat(token);
            }
        }
        self.end_turn();
    }
}
