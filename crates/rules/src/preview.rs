//! What the threats will do (their intent), shown while the players can still act: where each
//! threat moves in the coming Threats Move & Fire phase, what it fires at which facing, and
//! what that does to each facing's Shield and Hull. It is the rules' own answer: the phases
//! are run on a copy of the table. Where chance decides (a cloaked ship uncloaks where the die
//! says) the preview says so instead of guessing, and the die is never rolled for it, so the
//! preview shows only what the players can know.

use serde::Serialize;

use crate::content::builtin;
use crate::events::RulesEvent;
use crate::state::{
    Boarder, FACINGS, GameState, Phase, Position, SectionKind, ThreatOnBoard, TokenId, Window,
};

/// Where a roll of the die brings a cloaked ship out of cloak (rulebook "Cloaking Ships"), for
/// the words that say what a roll did.
pub fn uncloaks_at(pos: Position, roll: u8) -> Position {
    crate::mechanics::uncloak_position(pos, roll)
}

/// One threat's part in the coming phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThreatIntent {
    pub token: TokenId,
    pub from: Position,
    /// Where it will be (`None`: the die decides, or it boards and leaves the board).
    pub to: Option<Position>,
    /// The facing it fires at, and the damage (before a Shield takes it).
    pub fires: Option<(u8, u8)>,
    /// A mission token it fires at instead of the Enterprise (a Federation Outpost in its
    /// sector).
    pub at_token: Option<TokenShot>,
    pub what: Intent,
}

/// A shot a mission token takes for the Enterprise: the token, the damage it takes and what
/// it has left after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TokenShot {
    pub token: u8,
    pub damage: u8,
    pub left: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Intent {
    /// Moves (or holds in Short Range) and fires.
    MovesAndFires,
    /// Moves and does not fire (a Tholian reaching Short Range, a cloaking ship cloaking).
    Moves,
    Cloaks,
    /// Boards through a facing with no Shield, for this much damage before Security Teams.
    Boards {
        facing: u8,
        damage: u8,
    },
    /// Held by a Force Field: neither moves nor fires.
    Held,
    /// Cloaked: uncloaks where the die says, then fires.
    Chance,
    /// Not a ship (Starbase, Comet): does nothing in this phase.
    Nothing,
}

/// What one facing of the Enterprise will take.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct FacingIntent {
    /// Damage arriving at the facing (shots and boarders).
    pub incoming: u8,
    /// Points that land on the Shield, then on the Hull.
    pub shield_hits: u8,
    pub hull_hits: u8,
    /// Enterprise cards lost for good to hits on a Hull section already destroyed (rulebook
    /// "Damage to Destroyed Hull Sections").
    pub cards_lost: u8,
    /// Cloaked ships that might fire here, by chance.
    pub chance: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ThreatPreview {
    pub threats: Vec<ThreatIntent>,
    /// By ship facing (0 = fore-starboard).
    pub facings: [FacingIntent; FACINGS as usize],
}

impl GameState {
    /// The coming Threats Move & Fire phase as the players can foresee it now: during Play
    /// Cards & Maneuver (after any card or maneuver), or when the phases after it run; and
    /// its rest while it waits on a Security Team against boarders. `None` at other times.
    pub fn threat_preview(&self) -> Option<ThreatPreview> {
        if let Some(Window::Boarding {
            boarders,
            reduction,
        }) = &self.turn.window
        {
            return self.boarding_preview(boarders, *reduction);
        }
        let before_threats = matches!(
            self.turn.phase,
            Phase::PlayAndManeuver | Phase::CheckMissionStatus
        );
        if self.is_over() || !before_threats || self.turn.window.is_some() {
            return None;
        }
        let (mut table, hidden) = self.table_to_foresee();
        // As if the active player ended Play Cards & Maneuver now.
        if table.turn.phase == Phase::PlayAndManeuver {
            table.turn.phase_done = true;
        }
        while table.turn.phase != Phase::ThreatsMoveAndFire && table.step() {}
        if table.turn.phase == Phase::ThreatsMoveAndFire && !table.is_over() {
            let boarders = table.boarders_at_start();
            table.open_boarding_window(&boarders);
            // As if no Security Team were played: the preview shows the full boarding damage.
            table.resolve_threats(&boarders, 0);
        }
        Some(self.read_preview(&table.events, &hidden))
    }

    /// The rest of a Threats Move & Fire phase that waits on a Security Team (rulebook
    /// "Boarders"): its moves and shots as if no further Security Team were played, with the
    /// boarding damage already taken off (`reduction`). The phase's shots come after the
    /// answer, so until then they are nowhere else to be read.
    fn boarding_preview(&self, boarders: &[Boarder], reduction: u8) -> Option<ThreatPreview> {
        if self.is_over() || self.turn.phase != Phase::ThreatsMoveAndFire {
            return None;
        }
        let (mut table, hidden) = self.table_to_foresee();
        table.turn.window = None;
        // The boarders announced again, so the preview names who boards (its window, opened
        // again, is not waited on: the rest resolves as in `threat_preview`).
        table.open_boarding_window(boarders);
        table.resolve_threats(boarders, reduction);
        Some(self.read_preview(&table.events, &hidden))
    }

    /// A copy of the table to play the phase on, without its events, and the cloaked ships
    /// taken off it. Chance: cloaked ships uncloak by the die; they leave the copy, so no die
    /// is rolled.
    fn table_to_foresee(&self) -> (GameState, Vec<ThreatOnBoard>) {
        let mut table = self.clone();
        table.events.clear();
        let hidden: Vec<_> = table
            .threats
            .iter()
            .filter(|t| t.cloaked)
            .cloned()
            .collect();
        table.threats.retain(|t| !t.cloaked);
        (table, hidden)
    }

    fn read_preview(&self, events: &[RulesEvent], hidden: &[ThreatOnBoard]) -> ThreatPreview {
        let mut preview = ThreatPreview::default();
        for t in &self.threats {
            let chance = hidden.iter().any(|h| h.token == t.token);
            let ship = builtin().threat(t.token).is_ship();
            preview.threats.push(ThreatIntent {
                token: t.token,
                from: t.pos,
                to: (!chance).then_some(t.pos),
                fires: None,
                at_token: None,
                what: match (chance, ship) {
                    (true, _) => Intent::Chance,
                    (false, true) => Intent::Moves,
                    (false, false) => Intent::Nothing,
                },
            });
        }
        let intent =
            |p: &mut ThreatPreview, token: TokenId| p.threats.iter().position(|i| i.token == token);
        for event in events {
            match event {
                RulesEvent::ThreatMoved { token, to, .. } => {
                    if let Some(i) = intent(&mut preview, *token) {
                        preview.threats[i].to = Some(*to);
                    }
                }
                RulesEvent::ThreatFired {
                    token,
                    facing,
                    damage,
                } => {
                    if let Some(i) = intent(&mut preview, *token) {
                        preview.threats[i].fires = Some((*facing, *damage));
                        preview.threats[i].what = Intent::MovesAndFires;
                    }
                    preview.facings[*facing as usize].incoming += damage;
                }
                RulesEvent::ThreatCloaked { token } => {
                    if let Some(i) = intent(&mut preview, *token) {
                        preview.threats[i].what = Intent::Cloaks;
                    }
                }
                RulesEvent::MissionTokenHit {
                    token,
                    value,
                    by,
                    damage,
                } => {
                    if let Some(i) = intent(&mut preview, *by) {
                        preview.threats[i].at_token = Some(TokenShot {
                            token: *token,
                            damage: *damage,
                            left: *value,
                        });
                        preview.threats[i].what = Intent::MovesAndFires;
                    }
                }
                // One event a point on a destroyed Hull section; a quiet table keeps no cards.
                RulesEvent::CardsRemoved {
                    cards,
                    facing: Some(facing),
                } => {
                    let lost = cards.len().max(1) as u8;
                    let f = &mut preview.facings[*facing as usize];
                    f.cards_lost = f.cards_lost.saturating_add(lost);
                }
                RulesEvent::ForceFieldHeld { token } => {
                    if let Some(i) = intent(&mut preview, *token) {
                        preview.threats[i].what = Intent::Held;
                    }
                }
                RulesEvent::BoardersArriving {
                    token,
                    facing,
                    damage,
                } => {
                    if let Some(i) = intent(&mut preview, *token) {
                        preview.threats[i].what = Intent::Boards {
                            facing: *facing,
                            damage: *damage,
                        };
                        preview.threats[i].to = None;
                    }
                    preview.facings[*facing as usize].incoming += damage;
                }
                RulesEvent::SectionDamaged { section }
                | RulesEvent::SectionDestroyed { section } => {
                    let facing = &mut preview.facings[section.facing as usize];
                    match section.kind {
                        SectionKind::Shield => facing.shield_hits += 1,
                        SectionKind::Hull => facing.hull_hits += 1,
                    }
                }
                RulesEvent::TurnStarted { .. }
                | RulesEvent::PhaseStarted { .. }
                | RulesEvent::PhaseSkipped { .. }
                | RulesEvent::CardsDrawn { .. }
                | RulesEvent::DeckReshuffled { .. }
                | RulesEvent::MissionRevealed { .. }
                | RulesEvent::MissionTokenPlaced { .. }
                | RulesEvent::MissionTokenMoved { .. }
                | RulesEvent::Traded { .. }
                | RulesEvent::CardTaken { .. }
                | RulesEvent::CardPlayed { .. }
                | RulesEvent::CardCommitted { .. }
                | RulesEvent::CardDiscarded { .. }
                | RulesEvent::CardRecovered { .. }
                | RulesEvent::ThreatHit { .. }
                | RulesEvent::ThreatDestroyed { .. }
                | RulesEvent::ThreatPlaced { .. }
                | RulesEvent::ThreatUncloaked { .. }
                | RulesEvent::ThreatReinforced { .. }
                | RulesEvent::ThreatReturnedToBag { .. }
                | RulesEvent::ForceFieldPlaced { .. }
                | RulesEvent::RedAlertSet { .. }
                | RulesEvent::RedAlertAbsorbed { .. }
                | RulesEvent::TholianWebbed { .. }
                | RulesEvent::CaptainArrived { .. }
                | RulesEvent::CometStruck { .. }
                | RulesEvent::Docked { .. }
                | RulesEvent::BagRefilled { .. }
                | RulesEvent::Maneuvered { .. }
                | RulesEvent::DieRolled { .. }
                | RulesEvent::SectionRepaired { .. }
                | RulesEvent::SectionRebuilt { .. }
                | RulesEvent::DamageIgnored { .. }
                | RulesEvent::CardsRemoved { facing: None, .. }
                | RulesEvent::SecurityTeamPlayed { .. }
                | RulesEvent::Boarded { .. }
                | RulesEvent::AbilityUsed { .. }
                | RulesEvent::MissionTimer { .. }
                | RulesEvent::MissionCompleted { .. }
                | RulesEvent::MissionFailed { .. }
                | RulesEvent::ThreatChosen { .. }
                | RulesEvent::ActionUndone { .. }
                | RulesEvent::GameWon
                | RulesEvent::GameLost { .. } => {}
            }
        }
        // A cloaked ship comes out where the die says (rulebook "Cloaking Ships": one facing
        // either way, or where it is), and fires at the facing it comes out in: those facings
        // may take fire. Each roll is tried; none is rolled.
        for h in hidden {
            for roll in 1..=6 {
                let at = crate::mechanics::uncloak_position(h.pos, roll);
                let facing = self.enterprise.facing_of_sector(at.sector);
                preview.facings[facing as usize].chance = true;
            }
        }
        preview
    }
}

impl ThreatPreview {
    /// Whether the coming phase is fully foreseen (no cloaked ship leaves it to the die).
    pub fn certain(&self) -> bool {
        self.threats.iter().all(|t| t.what != Intent::Chance)
    }
}
