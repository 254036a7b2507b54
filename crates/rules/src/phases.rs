//! The rulebook's seven turn phases as functions on the state. The ECS runs one system per
//! phase (see `plugin`), each calling the function of its phase; `advance` runs the same
//! functions in a loop for the simulator. Interactive phases wait for player actions.

use crate::content::schema::THREAT_TOKENS;
use crate::content::{Ability, Range, builtin};
use crate::events::{DieRollPurpose, RulesEvent};
use crate::mechanics::uncloak_position;
use crate::state::{Boarder, FACINGS, GameState, LossCause, Phase, Position, Window, nearer};

/// Ruling R2: full rounds without progress before the Enterprise is declared lost.
pub const STALEMATE_ROUNDS: u32 = 10;

impl GameState {
    fn set_phase(&mut self, phase: Phase) {
        self.turn.phase = phase;
        self.turn.phase_done = false;
        self.emit(RulesEvent::PhaseStarted { phase });
    }

    pub(crate) fn active_ability(&self) -> Ability {
        let character = self.players[self.turn.active as usize].character;
        builtin().characters[character as usize].ability
    }

    /// Runs the current phase's automatic work, if it has any and nothing waits for players.
    /// Returns false when the rules are waiting (or the game is over).
    pub fn step(&mut self) -> bool {
        if self.is_over() || self.awaits_players() {
            return false;
        }
        match self.turn.phase {
            Phase::DrawCards => self.draw_cards_phase(),
            Phase::RevealMission => self.reveal_mission_phase(),
            Phase::Trade => self.trade_phase(),
            Phase::PlayAndManeuver => self.play_cards_and_maneuver_phase(),
            Phase::CheckMissionStatus => self.check_mission_status_phase(),
            Phase::ThreatsMoveAndFire => self.threats_move_and_fire_phase(),
            Phase::DrawNewThreats => self.draw_new_threats_phase(),
        }
        self.check_victory();
        true
    }

    /// Runs automatic phases until the rules wait for a player or the game ends.
    pub fn advance(&mut self) {
        while self.step() {}
    }

    test_visible! {
        /// Phase 1: draw up to the starting hand size (rulebook "On Your Turn").
        fn draw_cards_phase(&mut self) {
            let active = self.turn.active;
            let missing = self
                .hand_size()
                .saturating_sub(self.players[active as usize].hand.len());
            if self.draw_cards(active, missing) {
                self.set_phase(Phase::RevealMission);
            }
        }
    }

    test_visible! {
        /// Phase 2: a new mission if the last one ended and missions remain to be done.
        fn reveal_mission_phase(&mut self) {
            if self.mission.is_none() && !self.missions_done() {
                self.reveal_mission();
            } else {
                self.emit(RulesEvent::PhaseSkipped {
                    phase: Phase::RevealMission,
                });
            }
            self.enter_trade_phase();
        }
    }

    test_visible! {
        /// Enters phase 3, skipping it at once when no trade is possible.
        fn enter_trade_phase(&mut self) {
            self.set_phase(Phase::Trade);
            if self.players.len() < 2 || self.trade_forbidden().is_some() {
                self.turn.phase_done = true;
            }
        }
    }

    /// Phase 3: waits for the active player's trade and `EndPhase`.
    pub(crate) fn trade_phase(&mut self) {
        if self.turn.phase_done {
            self.set_phase(Phase::PlayAndManeuver);
        }
    }

    /// Phase 4: waits for cards, commits and maneuvers until `EndPhase`.
    pub(crate) fn play_cards_and_maneuver_phase(&mut self) {
        if self.turn.phase_done {
            self.set_phase(Phase::CheckMissionStatus);
        }
    }

    test_visible! {
        /// Phase 5.
        fn check_mission_status_phase(&mut self) {
            if self.mission.is_some() {
                self.check_mission_status();
            } else {
                self.emit(RulesEvent::PhaseSkipped {
                    phase: Phase::CheckMissionStatus,
                });
            }
            self.set_phase(Phase::ThreatsMoveAndFire);
        }
    }

    test_visible! {
        /// Phase 6, first step: boarders are known from where threats start the phase; if any
        /// player can answer with a Security Team, the rules wait for them.
        fn threats_move_and_fire_phase(&mut self) {
            let boarders = self.boarders_at_start();
            if self.open_boarding_window(&boarders) {
                return;
            }
            self.resolve_threats(&boarders, 0);
        }
    }

    /// Threats that will board: uncloaked ships (not Tholians) starting in Short Range in a
    /// facing with no Shield (rulebook "Boarders").
    pub fn boarders_at_start(&self) -> Vec<Boarder> {
        let content = builtin();
        self.threats
            .iter()
            .filter(|t| t.pos.range == Range::Short && !t.cloaked && !t.force_field)
            .filter(|t| {
                let def = content.threat(t.token);
                def.is_ship() && !def.is_tholian()
            })
            .filter_map(|t| {
                let facing = self.enterprise.facing_of_sector(t.pos.sector);
                (!self.enterprise.has_shield(facing)).then_some(Boarder {
                    token: t.token,
                    facing,
                    damage: t.defense,
                })
            })
            .collect()
    }

    /// Announces boarders and, when someone holds a Security Team, waits for answers.
    /// Returns whether a window opened.
    pub(crate) fn open_boarding_window(&mut self, boarders: &[Boarder]) -> bool {
        if boarders.is_empty() {
            return false;
        }
        for b in boarders {
            self.emit(RulesEvent::BoardersArriving {
                token: b.token,
                facing: b.facing,
                damage: b.damage,
            });
        }
        if self.anyone_holds_security_team() {
            // Copied only when the rules wait (usually nobody holds a Security Team).
            self.turn.window = Some(Window::Boarding {
                boarders: boarders.to_vec(),
                reduction: 0,
            });
            true
        } else {
            false
        }
    }

    pub(crate) fn anyone_holds_security_team(&self) -> bool {
        let content = builtin();
        self.players.iter().any(|p| {
            p.hand
                .iter()
                .any(|c| content.card(*c).effect == crate::content::CardEffect::SecurityTeam)
        })
    }

    /// Boarders enter the Hull: their Defense as Damage, less the Security Teams played, taken
    /// from the total in boarding order (rulebook "Boarders"). Then they are discarded.
    pub(crate) fn land_boarders(&mut self, boarders: &[Boarder], mut reduction: u8) {
        for b in boarders {
            let Some(index) = self.threat_index(b.token) else {
                continue;
            };
            self.threats.remove(index);
            self.threat_discard.push(b.token);
            let damage = b.damage.saturating_sub(reduction);
            reduction = reduction.saturating_sub(b.damage);
            self.emit(RulesEvent::Boarded {
                token: b.token,
                facing: b.facing,
                damage,
            });
            self.damage_hull(b.facing, damage);
            if self.is_over() {
                return;
            }
        }
    }

    /// Phase 6 proper (rulebook "Threats Move & Fire" and "Special Threat Tokens"): cloaked
    /// ships roll once and uncloak; every other ship moves one ring closer; then each facing
    /// takes its simultaneous fire. Facing by facing, as the rulebook recommends.
    pub(crate) fn resolve_threats(&mut self, boarders: &[Boarder], reduction: u8) {
        let content = builtin();
        self.turn.window = None;
        self.land_boarders(boarders, reduction);
        if self.is_over() {
            return self.finish_threats_phase();
        }
        let roll = if self.threats.iter().any(|t| t.cloaked) {
            Some(self.roll_die(DieRollPurpose::Uncloak))
        } else {
            None
        };
        // Plan every token's move from where the phase started, then resolve by facing.
        // Who fires and for how much, on the stack (one board holds at most every token).
        let mut fire_by_token = [(0u8, 0u8); THREAT_TOKENS];
        let mut firing = 0;
        let mut fire = |index: usize, damage: u8| {
            if let Some(slot) = fire_by_token.get_mut(firing) {
                *slot = (index as u8, damage);
                firing += 1;
            }
        };
        for index in 0..self.threats.len() {
            let t = self.threats[index].clone();
            let def = content.threat(t.token);
            if !def.is_ship() {
                continue;
            }
            if t.force_field {
                self.emit(RulesEvent::ForceFieldHeld { token: t.token });
                continue;
            }
            if t.cloaked {
                let to = uncloak_position(t.pos, roll.unwrap_or(3));
                self.move_threat(index, to);
                self.threats[index].cloaked = false;
                self.emit(RulesEvent::ThreatUncloaked { token: t.token });
                fire(index, def.firepower());
                continue;
            }
            let advanced = match nearer(t.pos.range) {
                Some(range) => Position::new(range, t.pos.sector),
                None => t.pos, // shielded Short Range: stays (boarders already left)
            };
            if def.is_tholian() {
                if t.pos.range != Range::Short {
                    self.move_threat(index, advanced);
                    if advanced.range != Range::Short {
                        fire(index, def.firepower());
                    }
                }
                continue;
            }
            self.move_threat(index, advanced);
            if def.cloaks() {
                self.threats[index].cloaked = true;
                self.emit(RulesEvent::ThreatCloaked { token: t.token });
            } else {
                fire(index, def.firepower());
            }
        }
        // Simultaneous fire, facing by facing.
        let shield_token = self.fire_drawing_token();
        let mut volley = [0u8; FACINGS as usize];
        for &(index, damage) in &fire_by_token[..firing] {
            let t = &self.threats[index as usize];
            let (token, sector) = (t.token, t.pos.sector);
            let facing = self.enterprise.facing_of_sector(sector);
            if let Some(m) = shield_token
                && self.mission_tokens[m].pos.sector == sector
                && self.mission_tokens[m].value > 0
            {
                let token_state = &mut self.mission_tokens[m];
                let absorbed = damage.min(token_state.value);
                token_state.value -= absorbed;
                let (mission_token, value) = (token_state.token, token_state.value);
                self.emit(RulesEvent::MissionTokenHit {
                    token: mission_token,
                    value,
                    by: token,
                    damage: absorbed,
                });
                if value == 0
                    && let Some(mission) = self.mission.as_mut()
                {
                    mission.token_lost = true;
                }
                volley[facing as usize] += damage - absorbed;
                continue;
            }
            self.emit(RulesEvent::ThreatFired {
                token,
                facing,
                damage,
            });
            volley[facing as usize] += damage;
        }
        for (facing, amount) in volley.into_iter().enumerate() {
            self.fire_on_facing(facing as u8, amount);
            if self.is_over() {
                break;
            }
        }
        self.finish_threats_phase();
    }

    fn finish_threats_phase(&mut self) {
        for t in &mut self.threats {
            t.force_field = false;
        }
        self.enterprise.red_alert = [false; 6];
        if !self.is_over() {
            self.set_phase(Phase::DrawNewThreats);
        }
    }

    test_visible! {
        /// Phase 7: two new threats (or the mission's number), drawn and resolved one at a time;
        /// Spock draws three and chooses two (ruling R24: not under a mission that changes the
        /// number). Skipped once the required missions are done (rulebook "Winning the Game").
        fn draw_new_threats_phase(&mut self) {
            if self.config.missions_required > 0 && self.missions_done() {
                self.emit(RulesEvent::PhaseSkipped {
                    phase: Phase::DrawNewThreats,
                });
                return self.end_turn();
            }
            let count = self.threats_per_turn();
            if self.active_ability() == Ability::ThreatForesight && count == 2 {
                let drawn: Vec<u8> = (0..3).filter_map(|_| self.draw_from_bag()).collect();
                if drawn.len() == 3 {
                    self.turn.window = Some(Window::SpockChoice { drawn });
                    return;
                }
                for token in drawn {
                    self.resolve_drawn_threat(token);
                }
                return self.end_turn();
            }
            for _ in 0..count {
                if self.is_over() {
                    return;
                }
                if let Some(token) = self.draw_from_bag() {
                    self.resolve_drawn_threat(token);
                }
            }
            self.end_turn();
        }
    }

    test_visible! {
        /// Play passes clockwise to the next player, who starts at phase 1.
        fn end_turn(&mut self) {
            if self.is_over() {
                return;
            }
            let n = self.players.len() as u8;
            if self.turn.progress {
                self.turn.idle_turns = 0;
            } else {
                self.turn.idle_turns = self.turn.idle_turns.saturating_add(1);
                if self.turn.idle_turns >= STALEMATE_ROUNDS * u32::from(n) {
                    return self.lose(LossCause::Stalemate);
                }
            }
            self.turn.progress = false;
            self.turn.active = (self.turn.active + 1) % n;
            self.turn.number = self.turn.number.saturating_add(1);
            self.turn.maneuvers = 0;
            self.turn.extra_maneuvers = 0;
            self.turn.trades = 0;
            self.turn.ability_used = false;
            self.turn.mission_rolled = false;
            self.turn.discarded = false;
            self.turn.window = None;
            self.emit(RulesEvent::TurnStarted {
                player: self.turn.active,
                turn: self.turn.number,
            });
            self.set_phase(Phase::DrawCards);
        }
    }
}
