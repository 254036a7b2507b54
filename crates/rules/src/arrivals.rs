//! New threats arriving (rulebook phase 7 and the cards that draw): a token drawn from the
//! bag, refilled from the threat discard pile; where it is placed; a Comet's path and a
//! Klingon captain's arrival. Plain methods on the state, as `mechanics`' are.

use rand::Rng;

use crate::content::{Captain, Range, ThreatKind, builtin};
use crate::events::{DieRollPurpose, RulesEvent};
use crate::mechanics::uncloak_position;
use crate::state::{GameState, Position, ThreatOnBoard, TokenId, nearer};

impl GameState {
    /// Draws a random token from the bag, refilling it from the threat discard pile when it is
    /// empty (rulebook phase 7). A patrol game never refills: its bag running out ends the game.
    pub(crate) fn draw_from_bag(&mut self) -> Option<TokenId> {
        if self.bag.is_empty() && self.config.missions_required > 0 {
            let tokens = std::mem::take(&mut self.threat_discard);
            if !tokens.is_empty() {
                self.emit(RulesEvent::BagRefilled {
                    tokens: tokens.len(),
                });
            }
            // The empty bag's room serves the new discard pile.
            let mut spent = std::mem::replace(&mut self.bag, tokens);
            spent.clear();
            self.threat_discard = spent;
        }
        if self.bag.is_empty() {
            return None;
        }
        let token = match self.forced.tokens.first().copied() {
            Some(token) => {
                self.forced.tokens.remove(0);
                let at = self.bag.iter().position(|t| *t == token)?;
                self.bag.swap_remove(at)
            }
            None => {
                let index = self.rng.random_range(0..self.bag.len());
                self.bag.swap_remove(index)
            }
        };
        if let Some(seen) = &mut self.seen {
            seen.tokens.push(token);
        }
        Some(token)
    }

    test_visible! {
        /// Places or resolves a token drawn from the bag (rulebook phase 7 and "Special Threat
        /// Tokens"): ships and the Starbase go to a rolled Long Range sector, Comets strike.
        fn resolve_drawn_threat(&mut self, token: TokenId) {
            let def = builtin().threat(token);
            match def.threat {
                ThreatKind::Comet { damage } => {
                    let sector = self.roll_die(DieRollPurpose::Comet) - 1;
                    self.comet(token, sector, damage);
                }
                ThreatKind::Ship { .. } | ThreatKind::Starbase => {
                    let sector = self.roll_die(DieRollPurpose::PlaceThreat) - 1;
                    self.place_threat(token, Position::new(Range::Long, sector));
                    if let Some(captain) = def.captain() {
                        self.captain_arrives(token, captain);
                    }
                }
            }
            self.check_victory();
        }
    }

    test_visible! {
        fn place_threat(&mut self, token: TokenId, pos: Position) {
            let defense = builtin().threat(token).max_defense();
            self.threats.push(ThreatOnBoard {
                token,
                pos,
                defense,
                cloaked: false,
                force_field: false,
            });
            self.emit(RulesEvent::ThreatPlaced { token, pos });
        }
    }

    /// A Comet flies down its sector destroying every non-mission token, then strikes the ship.
    fn comet(&mut self, token: TokenId, sector: u8, damage: u8) {
        let facing = self.enterprise.facing_of_sector(sector);
        self.emit(RulesEvent::CometStruck {
            token,
            sector,
            facing,
        });
        for range in [Range::Long, Range::Medium, Range::Short] {
            let in_path: Vec<TokenId> = self
                .threats
                .iter()
                .filter(|t| t.pos.sector == sector && t.pos.range == range)
                .map(|t| t.token)
                .collect();
            for victim in in_path {
                self.destroy_threat(victim);
            }
        }
        self.comet_impact(facing, damage);
        self.threat_discard.push(token);
    }

    /// Klingon captains' one-time events on placement (rulebook "Klingon Captains").
    fn captain_arrives(&mut self, token: TokenId, captain: Captain) {
        self.emit(RulesEvent::CaptainArrived { token });
        let content = builtin();
        match captain {
            Captain::Kang => {
                // Cloaked Klingons uncloak as their behaviour dictates (one roll), then every
                // Klingon fires at once.
                if self
                    .threats
                    .iter()
                    .any(|t| t.cloaked && content.threat(t.token).is_klingon())
                {
                    let roll = self.roll_die(DieRollPurpose::Uncloak);
                    for index in 0..self.threats.len() {
                        let t = &self.threats[index];
                        if t.cloaked && content.threat(t.token).is_klingon() {
                            let to = uncloak_position(t.pos, roll);
                            self.move_threat(index, to);
                            self.threats[index].cloaked = false;
                            let token = self.threats[index].token;
                            self.emit(RulesEvent::ThreatUncloaked { token });
                        }
                    }
                }
                let mut volley = [0u8; 6];
                for t in &self.threats {
                    let def = content.threat(t.token);
                    if def.is_klingon() {
                        let facing = self.enterprise.facing_of_sector(t.pos.sector);
                        volley[facing as usize] += def.firepower();
                        if !self.quiet {
                            self.events.push(RulesEvent::ThreatFired {
                                token: t.token,
                                facing,
                                damage: def.firepower(),
                            });
                        }
                    }
                }
                for (facing, amount) in volley.into_iter().enumerate() {
                    self.fire_on_facing(facing as u8, amount);
                }
            }
            Captain::Koloth => {
                // Uncloaked Klingons advance one ring; in Short Range they hold (ruling R7:
                // boarding happens only in Threats Move & Fire or on a Forward maneuver).
                for index in 0..self.threats.len() {
                    let t = &self.threats[index];
                    if !t.cloaked
                        && content.threat(t.token).is_klingon()
                        && let Some(range) = nearer(t.pos.range)
                    {
                        let to = Position::new(range, t.pos.sector);
                        self.move_threat(index, to);
                    }
                }
            }
            Captain::Kor => {
                for index in 0..self.threats.len() {
                    let t = &mut self.threats[index];
                    let def = content.threat(t.token);
                    if def.is_klingon() && t.defense < def.max_defense() {
                        t.defense += 1;
                        let (token, defense) = (t.token, t.defense);
                        self.emit(RulesEvent::ThreatReinforced { token, defense });
                    }
                }
            }
        }
    }
}
