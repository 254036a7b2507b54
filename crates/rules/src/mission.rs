//! Missions (rulebook "About Missions" and "Check Mission Status"): reveal and setup,
//! objectives and their progress, completion with rewards, failure.

use crate::content::{Objective, Reward, SectorSpec, SpecialRule, builtin};
use crate::events::{DieRollPurpose, RulesEvent};
use crate::state::{
    CardId, Committed, Division, GameState, MissionState, MissionTokenOnBoard, Position,
    SectionKind, arc_of_facing,
};

/// Progress toward one objective: (done, needed).
pub type Progress = (u8, u8);

impl GameState {
    test_visible! {
        /// Draws the top mission and sets it up: timer and tokens (rulebook phase 2).
        fn reveal_mission(&mut self) {
            if self.mission.is_some() || self.missions_done() || self.mission_deck.is_empty() {
                return;
            }
            let at = match self.forced.missions.first().copied() {
                Some(id) => {
                    self.forced.missions.remove(0);
                    let Some(at) = self.mission_deck.iter().position(|m| *m == id) else {
                        return;
                    };
                    at
                }
                None => 0,
            };
            let id = self.mission_deck.remove(at);
            if let Some(seen) = &mut self.seen {
                seen.missions.push(id);
            }
            let def = builtin().mission(id);
            self.mission = Some(MissionState {
                mission: id,
                timer: def.timer,
                committed: Vec::new(),
                threats_destroyed: 0,
                die_successes: 0,
                token_lost: false,
            });
            self.emit(RulesEvent::MissionRevealed { mission: id });
            for setup in &def.tokens {
                let Some(token) = builtin().mission_token_index(&setup.token) else {
                    continue;
                };
                let sector = match setup.sector {
                    SectorSpec::Roll => self.roll_die(DieRollPurpose::MissionToken) - 1,
                    SectorSpec::Fixed(sector) => sector - 1,
                };
                let pos = Position::new(setup.range, sector);
                let value = builtin().mission_tokens[token as usize].value;
                self.mission_tokens
                    .push(MissionTokenOnBoard { token, pos, value });
                self.emit(RulesEvent::MissionTokenPlaced { token, pos });
            }
        }
    }

    /// Progress of each objective of the current mission, in card order.
    pub fn mission_progress(&self) -> Vec<Progress> {
        let Some(mission) = &self.mission else {
            return Vec::new();
        };
        let def = builtin().mission(mission.mission);
        (0..def.objectives.len())
            .map(|index| self.objective_progress(mission, index))
            .collect()
    }

    /// Progress of one objective of the current mission (`mission`, its state).
    fn objective_progress(&self, mission: &MissionState, index: usize) -> Progress {
        match &builtin().mission(mission.mission).objectives[index] {
            // A committed card counts toward the first objective it fits, by the rule
            // `commit_objective` used (the card's name when committed without a credit, else
            // its credit's division): this one, unless an earlier one asks the same.
            objective @ (Objective::CommitCredits { count, .. }
            | Objective::CommitCards { count, .. }) => {
                let objectives = &builtin().mission(mission.mission).objectives;
                let asks = |o: &Objective| match (o, objective) {
                    (
                        Objective::CommitCredits { division: a, .. },
                        Objective::CommitCredits { division: b, .. },
                    ) => a == b,
                    (
                        Objective::CommitCards { card: a, .. },
                        Objective::CommitCards { card: b, .. },
                    ) => a == b,
                    _ => false,
                };
                let fits = |c: &&Committed| match objective {
                    Objective::CommitCredits { division, .. } => c.credit == Some(*division),
                    Objective::CommitCards { card, .. } => {
                        c.credit.is_none() && builtin().card(c.card).name == *card
                    }
                    _ => false,
                };
                let committed = if objectives[..index].iter().any(asks) {
                    0
                } else {
                    mission.committed.iter().filter(fits).count() as u8
                };
                (committed.min(*count), *count)
            }
            Objective::TokenInRange { token, range, arc } => {
                let met = builtin().mission_token_index(token).is_some_and(|id| {
                    self.mission_tokens.iter().any(|t| {
                        t.token == id
                            && t.pos.range == *range
                            && arc.is_none_or(|arc| {
                                arc_of_facing(self.enterprise.facing_of_sector(t.pos.sector)) == arc
                            })
                    })
                });
                (u8::from(met), 1)
            }
            Objective::DieRolls { successes, .. } => {
                (mission.die_successes.min(*successes), *successes)
            }
            Objective::DestroyThreats { count, .. } => {
                (mission.threats_destroyed.min(*count), *count)
            }
        }
    }

    pub fn objectives_met(&self) -> bool {
        // Asked every turn: each objective in turn, without listing them.
        self.mission.as_ref().is_some_and(|mission| {
            (0..builtin().mission(mission.mission).objectives.len()).all(|index| {
                let (done, need) = self.objective_progress(mission, index);
                done >= need
            })
        })
    }

    test_visible! {
        /// The unmet objective a card would count toward if committed: named-card objectives first,
        /// then credit objectives. McCoy's ability makes any card a Medical credit.
        fn commit_objective(
            &self,
            card: CardId,
            as_medical: bool,
        ) -> Option<(usize, Option<Division>)> {
            let mission = self.mission.as_ref()?;
            let def = builtin().mission(mission.mission);
            let card_def = builtin().card(card);
            // Only the objectives the card could count toward are weighed (this runs for every
            // card in hand, every time a bot or the table asks).
            let open = |i: usize| {
                let (done, needed) = self.objective_progress(mission, i);
                done < needed
            };
            let credit = if as_medical {
                Some(Division::Medical)
            } else {
                card_def.credit
            };
            if !as_medical {
                for (i, objective) in def.objectives.iter().enumerate() {
                    if let Objective::CommitCards { card: name, .. } = objective
                        && *name == card_def.name
                        && open(i)
                    {
                        return Some((i, None));
                    }
                }
            }
            for (i, objective) in def.objectives.iter().enumerate() {
                if let Objective::CommitCredits { division, .. } = objective
                    && Some(*division) == credit
                    && open(i)
                {
                    return Some((i, credit));
                }
            }
            None
        }
    }

    pub(crate) fn commit_card(&mut self, card: CardId, credit: Option<Division>) {
        if let Some(mission) = self.mission.as_mut() {
            mission.committed.push(Committed { card, credit });
        }
    }

    /// Rulebook "Check Mission Status": complete, tick the timer, or fail.
    pub(crate) fn check_mission_status(&mut self) {
        let Some(mission) = self.mission.as_ref() else {
            return;
        };
        if mission.token_lost {
            self.fail_mission();
        } else if self.objectives_met() {
            self.complete_mission();
        } else if let Some(timer) = mission.timer {
            let remaining = timer.saturating_sub(1);
            if let Some(m) = self.mission.as_mut() {
                m.timer = Some(remaining);
            }
            self.emit(RulesEvent::MissionTimer { remaining });
            if remaining == 0 {
                self.fail_mission();
            }
        }
    }

    /// Committed cards to the discard pile and mission tokens back to their pile.
    fn close_mission(&mut self) -> Option<u8> {
        let mission = self.mission.take()?;
        self.discard
            .extend(mission.committed.iter().map(|c| c.card));
        self.mission_tokens.clear();
        Some(mission.mission)
    }

    fn complete_mission(&mut self) {
        let Some(id) = self.close_mission() else {
            return;
        };
        self.completed_missions.push(id);
        self.emit(RulesEvent::MissionCompleted { mission: id });
        for reward in builtin().mission(id).rewards.clone() {
            self.claim_reward(reward);
        }
        self.check_victory();
    }

    fn fail_mission(&mut self) {
        let Some(id) = self.close_mission() else {
            return;
        };
        self.mission_deck.push(id);
        self.emit(RulesEvent::MissionFailed { mission: id });
    }

    /// Rewards are claimed at once (rulebook "Mission Cards Overview"); where a reward leaves a
    /// choice, the rules pick the most threatened section (ruling R5).
    pub(crate) fn claim_reward(&mut self, reward: Reward) {
        match reward {
            Reward::RepairShields(n) => {
                self.auto_repair(SectionKind::Shield, n);
            }
            Reward::RepairHull(n) => {
                self.auto_repair(SectionKind::Hull, n);
            }
            Reward::Rebuild(n) => {
                for _ in 0..n {
                    if !self.auto_rebuild(SectionKind::Hull) {
                        self.auto_rebuild(SectionKind::Shield);
                    }
                }
            }
            Reward::AllPlayersDraw(n) => self.all_players_draw(n as usize),
            Reward::ActivePlayerDraws(n) => {
                self.draw_cards(self.turn.active, n as usize);
            }
            Reward::DestroyThreatsInRange(range) => {
                let content = builtin();
                let doomed: Vec<u8> = self
                    .threats
                    .iter()
                    .filter(|t| t.pos.range == range && !t.cloaked)
                    .filter(|t| content.threat(t.token).is_ship())
                    .map(|t| t.token)
                    .collect();
                for token in doomed {
                    self.destroy_threat(token);
                }
            }
        }
    }

    /// The mission's rule that a token draws the fire of threats in its sector, if any.
    pub fn fire_drawing_token(&self) -> Option<usize> {
        let mission = self.mission.as_ref()?;
        builtin()
            .mission(mission.mission)
            .special
            .iter()
            .find_map(|rule| {
                let SpecialRule::TokenDrawsFire { token } = rule else {
                    return None;
                };
                let id = builtin().mission_token_index(token)?;
                self.mission_tokens
                    .iter()
                    .position(|t| t.token == id && t.value > 0)
            })
    }

    /// Threats drawn in phase 7: 2, or what the mission's special rule says.
    pub fn threats_per_turn(&self) -> u8 {
        self.mission
            .as_ref()
            .and_then(|m| {
                builtin()
                    .mission(m.mission)
                    .special
                    .iter()
                    .find_map(|rule| match rule {
                        SpecialRule::ThreatsPerTurn(n) => Some(*n),
                        _ => None,
                    })
            })
            .unwrap_or(2)
    }

    /// Whether a destroyed threat counts toward the mission's `DestroyThreats` objective.
    pub(crate) fn counts_for_mission(&self, token: u8) -> bool {
        let Some(mission) = &self.mission else {
            return false;
        };
        let kind = &builtin().threat(token).threat;
        builtin()
            .mission(mission.mission)
            .objectives
            .iter()
            .any(|o| matches!(o, Objective::DestroyThreats { of, .. } if of.matches(kind)))
    }

    pub fn mission_forbids_maneuver(&self) -> bool {
        self.mission
            .as_ref()
            .is_some_and(|m| builtin().mission(m.mission).no_maneuver)
    }

    pub fn mission_forbids_trade(&self) -> bool {
        self.mission
            .as_ref()
            .is_some_and(|m| builtin().mission(m.mission).no_trade)
    }

    /// Whether an objective of the current mission still wants committed cards: when none
    /// does, `commit_objective` is `None` for every card (a bot asks this before each card).
    pub(crate) fn commits_wanted(&self) -> bool {
        let Some(mission) = self.mission.as_ref() else {
            return false;
        };
        let def = builtin().mission(mission.mission);
        def.objectives.iter().enumerate().any(|(i, objective)| {
            matches!(
                objective,
                Objective::CommitCards { .. } | Objective::CommitCredits { .. }
            ) && {
                let (done, needed) = self.objective_progress(mission, i);
                done < needed
            }
        })
    }

    /// The die-roll objective of the current mission, if it is still open: its target.
    pub(crate) fn open_die_objective(&self) -> Option<u8> {
        let mission = self.mission.as_ref()?;
        let def = builtin().mission(mission.mission);
        def.objectives.iter().find_map(|o| match o {
            Objective::DieRolls {
                at_least,
                successes,
            } if mission.die_successes < *successes => Some(*at_least),
            _ => None,
        })
    }
}
