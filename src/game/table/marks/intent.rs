//! What the threats will do: during Play Cards & Maneuver the rules' `threat_preview`, and
//! while a threat phase plays, what its steps still to come do (`still_to_come`); where each
//! mover lands. `intent_lines` draws it on the board (an arrow from each threat to where it
//! will be, a dashed line for each shot); what each facing's Shield and Hull will take sits at
//! the board's rim (`labels`), with a "?" where the die decides. It follows every card and
//! maneuver, since it is recomputed whenever the state changes.

use bevy::prelude::*;
use stp_rules::preview::{Intent, ThreatPreview};
use stp_rules::{GameState, Position};

use crate::game::pacing::{Sequence, Shown};
use crate::game::systems::GameSystems;
use crate::game::table::parts::{on_board, ring_center, sector_angle};
use crate::game::table::scene::pieces::TOKEN_RADIUS;

/// The preview of the coming Threats Move & Fire phase, while there is one.
#[derive(Resource, Debug, Default)]
pub struct Foresight(pub Option<ThreatPreview>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Foresight>().add_systems(
        Update,
        foresee
            .run_if(resource_changed::<Shown>)
            .in_set(GameSystems::Present),
    );
}

/// The forecast: before a threat phase, the rules' preview of it; while one plays, what its
/// steps still to show will do (readers found no forecast at all mid-phase, where it
/// matters most). Where the rules wait on a Security Team against boarders, the phase's
/// moves and shots are not yet in any step: the rules' preview of its rest says them (read
/// 23 found the threat phase bare while boarders waited).
fn foresee(
    shown: Res<Shown>,
    sequence: Res<Sequence>,
    rules: Option<Res<stp_rules::GameState>>,
    mut foresight: ResMut<Foresight>,
) {
    let boarding = rules
        .as_deref()
        .filter(|r| matches!(r.turn().window, Some(stp_rules::Window::Boarding { .. })));
    let preview = shown
        .get()
        .and_then(|state| match (sequence.is_playing(), boarding) {
            (true, Some(rules)) => rules.threat_preview(),
            (true, None) => still_to_come(state, sequence.remaining()),
            (false, _) => state.threat_preview(),
        });
    if foresight.0 != preview {
        foresight.0 = preview;
    }
}

/// What the rest of a playing sequence does, as a preview of it: each shot still to come
/// (who fires, where, how much), each ship that will cloak, and how far each section falls.
/// Read off the rules' events, which carry their outcomes: nothing is decided here. `None`
/// when nothing more comes at the ship.
pub fn still_to_come<'a>(
    shown: &GameState,
    events: impl Iterator<Item = &'a stp_rules::RulesEvent>,
) -> Option<ThreatPreview> {
    use stp_rules::{RulesEvent as E, SectionKind, SectionState};
    let rank = |s: SectionState| match s {
        SectionState::Intact => 0u8,
        SectionState::Damaged => 1,
        SectionState::Destroyed => 2,
    };
    let mut preview = ThreatPreview::default();
    let mut moved = std::collections::BTreeMap::new();
    // Each section's state as the sequence leaves it.
    let mut shields = shown.enterprise().shields;
    let mut hull = shown.enterprise().hull;
    // Up to the next draw only: what a threat drawn from the bag brings (a comet striking,
    // Kang's volley) is the bag's secret until it is drawn. Read past it, a forecast said
    // "KOR: 1 dmg → Shield destroyed" of an intact Shield, the comet's hit told before its draw.
    let this_phase = events.take_while(|event| !reveals_a_draw(event));
    for event in this_phase {
        match event {
            E::ThreatFired {
                token,
                facing,
                damage,
            } => {
                let Some(from) = shown.threat(*token).map(|t| t.pos) else {
                    continue;
                };
                if let Some(f) = preview.facings.get_mut(usize::from(*facing)) {
                    f.incoming = f.incoming.saturating_add(*damage);
                    // The shot leaves from where its move still to come takes it: a cloaked
                    // ship's arrow to where the die put it, then its shot from there (reads 47
                    // and 48 saw the shot leave the sector it had uncloaked out of).
                    preview.threats.push(stp_rules::preview::ThreatIntent {
                        token: *token,
                        from,
                        to: moved.get(token).copied(),
                        fires: Some((*facing, *damage)),
                        at_token: None,
                        what: Intent::MovesAndFires,
                    });
                }
            }
            E::ThreatCloaked { token } => {
                if let Some(from) = shown.threat(*token).map(|t| t.pos) {
                    preview.threats.push(stp_rules::preview::ThreatIntent {
                        token: *token,
                        from,
                        to: None,
                        fires: None,
                        at_token: None,
                        what: Intent::Cloaks,
                    });
                }
            }
            // Where each piece's last move still to come takes it, for a web woven there.
            E::ThreatMoved { token, to, .. } => {
                moved.insert(*token, *to);
            }
            // A Tholian that will weave its web where its move takes it, and not fire (read 28
            // found it the one threat with no forecast mid-phase).
            E::TholianWebbed { token } => {
                if let Some(from) = shown.threat(*token).map(|t| t.pos) {
                    preview.threats.push(stp_rules::preview::ThreatIntent {
                        token: *token,
                        from,
                        to: Some(moved.get(token).copied().unwrap_or(from)),
                        fires: None,
                        at_token: None,
                        what: Intent::Moves,
                    });
                }
            }
            // A shot an Outpost takes for the Enterprise, and cards a destroyed Hull section
            // costs: said as the rules' preview says them.
            E::MissionTokenHit {
                token,
                value,
                by,
                damage,
            } => {
                if let Some(from) = shown.threat(*by).map(|t| t.pos) {
                    preview.threats.push(stp_rules::preview::ThreatIntent {
                        token: *by,
                        from,
                        to: None,
                        fires: None,
                        at_token: Some(stp_rules::preview::TokenShot {
                            token: *token,
                            damage: *damage,
                            left: *value,
                        }),
                        what: Intent::MovesAndFires,
                    });
                }
            }
            E::CardsRemoved {
                cards,
                facing: Some(facing),
            } => {
                if let Some(f) = preview.facings.get_mut(usize::from(*facing)) {
                    f.cards_lost = f.cards_lost.saturating_add(cards.len().max(1) as u8);
                }
            }
            E::SectionDamaged { section } | E::SectionDestroyed { section } => {
                let to = match event {
                    E::SectionDamaged { .. } => SectionState::Damaged,
                    _ => SectionState::Destroyed,
                };
                let slot = match section.kind {
                    SectionKind::Shield => shields.get_mut(usize::from(section.facing)),
                    SectionKind::Hull => hull.get_mut(usize::from(section.facing)),
                };
                if let Some(slot) = slot
                    && rank(to) > rank(*slot)
                {
                    *slot = to;
                }
            }
            // Named, not defaulted (issue 41): a new event must be placed here. These fire at
            // nothing and cloak nothing, and what any of them does to a section (a comet, a
            // boarding) comes as its own SectionDamaged or SectionDestroyed.
            E::TurnStarted { .. }
            | E::PhaseStarted { .. }
            | E::PhaseSkipped { .. }
            | E::CardsDrawn { .. }
            | E::DeckReshuffled { .. }
            | E::MissionRevealed { .. }
            | E::MissionTokenPlaced { .. }
            | E::MissionTokenMoved { .. }
            | E::Traded { .. }
            | E::CardTaken { .. }
            | E::CardPlayed { .. }
            | E::CardCommitted { .. }
            | E::CardDiscarded { .. }
            | E::CardRecovered { .. }
            | E::ThreatHit { .. }
            | E::ThreatDestroyed { .. }
            | E::ThreatPlaced { .. }
            | E::ThreatUncloaked { .. }
            | E::ThreatReinforced { .. }
            | E::ThreatReturnedToBag { .. }
            | E::ForceFieldPlaced { .. }
            | E::ForceFieldHeld { .. }
            | E::RedAlertSet { .. }
            | E::RedAlertAbsorbed { .. }
            | E::CaptainArrived { .. }
            | E::CometStruck { .. }
            | E::Docked { .. }
            | E::BagRefilled { .. }
            | E::Maneuvered { .. }
            | E::DieRolled { .. }
            | E::SectionRepaired { .. }
            | E::SectionRebuilt { .. }
            | E::DamageIgnored { .. }
            | E::CardsRemoved { facing: None, .. }
            | E::BoardersArriving { .. }
            | E::SecurityTeamPlayed { .. }
            | E::Boarded { .. }
            | E::AbilityUsed { .. }
            | E::MissionTimer { .. }
            | E::MissionCompleted { .. }
            | E::MissionFailed { .. }
            | E::ThreatChosen { .. }
            | E::ActionUndone { .. }
            | E::GameWon
            | E::GameLost { .. } => {}
        }
    }
    for facing in 0..preview.facings.len() {
        let f = &mut preview.facings[facing];
        f.shield_hits = rank(shields[facing]) - rank(shown.enterprise().shields[facing]);
        f.hull_hits = rank(hull[facing]) - rank(shown.enterprise().hull[facing]);
    }
    let anything = preview
        .facings
        .iter()
        .any(|f| f.incoming > 0 || f.shield_hits > 0 || f.hull_hits > 0 || f.cards_lost > 0)
        || !preview.threats.is_empty();
    anything.then_some(preview)
}

/// Where a forecast stops reading the sequence: the new threats' phase, a threat placed from
/// the bag, or the next turn.
pub fn reveals_a_draw(event: &stp_rules::RulesEvent) -> bool {
    use stp_rules::RulesEvent as E;
    matches!(
        event,
        E::PhaseStarted {
            phase: stp_rules::Phase::DrawNewThreats
        } | E::ThreatPlaced { .. }
            | E::TurnStarted { .. }
    )
}

pub(crate) fn place(pos: Position) -> Vec3 {
    on_board(sector_angle(pos.sector), ring_center(pos.range), 0.1)
}

/// Where a piece's arrow goes: the space its forecast moves it to, and none for a piece that
/// stays where it is (the Starbase, a ship already in Short Range), which drew a stub beside
/// itself once landings spread (read 40: "does a friendly base move?").
pub fn moves_to(intent: &stp_rules::preview::ThreatIntent) -> Option<Position> {
    intent.to.filter(|p| *p != intent.from)
}

/// Where a mover's arrow ends and, when it fires after moving, its shot starts: the space's
/// centre, or beside the pieces that will stand there, along the ring. A piece staying in the
/// space keeps its centre (read 16 took Kang's shot, drawn from the Klingon standing where Kang
/// went, for the Klingon's); movers into one space land side by side, in the forecast's order
/// (read 39: two arrows met at one point, and the one shot left from their tangle).
pub fn landing(
    state: &GameState,
    preview: &ThreatPreview,
    mover: stp_rules::TokenId,
    to: Position,
) -> Vec3 {
    let moves = |i: &&stp_rules::preview::ThreatIntent| i.to.is_some_and(|p| p != i.from);
    let leaving = |token| {
        preview
            .threats
            .iter()
            .filter(moves)
            .any(|i| i.token == token)
    };
    let stays = state
        .threats()
        .iter()
        .any(|t| t.token != mover && t.pos == to && !leaving(t.token))
        || state.mission_tokens().iter().any(|m| m.pos == to);
    // In the order the pieces stand along their rings now (`fan_out` lays a space's pieces
    // out in the state's order, clockwise), so movers from one space keep their order and
    // their arrows never cross; movers from other sectors land on their own side (a cloaked
    // ship moved by the die crossed a Tholian's arrow, read 49).
    let mut movers: Vec<(stp_rules::TokenId, f32)> = state
        .threats()
        .iter()
        .filter_map(|t| {
            preview
                .threats
                .iter()
                .filter(moves)
                .find(|i| i.token == t.token && i.to == Some(to))
                .map(|i| (t.token, side_of(i.from.sector, to.sector)))
        })
        .collect();
    movers.sort_by(|a, b| a.1.total_cmp(&b.1));
    let movers: Vec<stp_rules::TokenId> = movers.into_iter().map(|(token, _)| token).collect();
    let slot = movers.iter().position(|t| *t == mover).unwrap_or(0) as f32;
    let radius = ring_center(to.range);
    // A face and a half along the ring, within the sector (a Short space is narrow).
    let step = (2.2 * TOKEN_RADIUS / radius).min(0.35);
    let aside = match stays {
        // Beside the stayer, one side then the other.
        true => step * (slot / 2.0 + 1.0).floor() * if slot % 2.0 == 0.0 { 1.0 } else { -1.0 },
        // Side by side about the centre, clockwise in order.
        false => step * ((movers.len() as f32 - 1.0) / 2.0 - slot),
    };
    on_board(sector_angle(to.sector) - aside, radius, 0.1)
}

/// Which way round the ring a sector lies from another: −1 one sector anticlockwise, 0 the
/// same, 1 one clockwise (and so on, the shorter way).
pub(crate) fn side_of(from: u8, to: u8) -> f32 {
    let steps = (i16::from(from) - i16::from(to)).rem_euclid(6);
    f32::from(if steps > 3 { steps - 6 } else { steps })
}
