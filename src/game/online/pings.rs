//! Pings: a player points the crew at a threat (P or a middle click over it on the table) or
//! a card (its menu), and every table shows a marker there for a few seconds.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::GameState;

use super::{Online, PingRequest, seat_name};
use crate::game::model::pointing::Hovered;
use crate::game::model::screen::Screen;
use crate::game::systems::GameSystems;
use crate::game::table::parts::ThreatPiece;
use crate::net::protocol::PingTarget;

/// How long a ping's marker stays.
pub(crate) const PING_SECONDS: f32 = 4.0;

/// The pings on show: who, where, and the seconds left.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub(crate) struct Pings(pub Vec<(u8, PingTarget, f32)>);

impl Pings {
    /// A new ping replaces the same seat's last one.
    pub fn add(&mut self, seat: u8, target: PingTarget) {
        self.0.retain(|(s, _, _)| *s != seat);
        self.0.push((seat, target, PING_SECONDS));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ping_from_table
            .run_if(in_state(Screen::Playing))
            .run_if(not(egui_wants_any_keyboard_input))
            .in_set(GameSystems::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        threat_markers.run_if(in_state(Screen::Playing)),
    );
}

/// Pings on the cards in the hands: whether their menus offer one (a game across machines),
/// the one a card's menu asked for, and the cards pinged now with who pinged each.
#[derive(Resource, Debug, Default)]
pub struct CardPings {
    pub online: bool,
    pub ask: Option<PingTarget>,
    pub pinged: Vec<(stp_rules::CardId, String)>,
}

/// Pings fade; the cards' panel learns which cards are pinged, and by whom.
pub(super) fn age(
    time: Res<Time>,
    mut pings: ResMut<Pings>,
    mut cards: ResMut<CardPings>,
    state: Option<Res<GameState>>,
    online: Option<Res<Online>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    cards.online = online.is_some();
    if pings.0.is_empty() && cards.pinged.is_empty() {
        return;
    }
    let dt = time.delta_secs();
    for (_, _, left) in &mut pings.0 {
        *left -= dt;
    }
    pings.0.retain(|(_, _, left)| *left > 0.0);
    cards.pinged = pings
        .0
        .iter()
        .filter_map(|(seat, target, _)| match target {
            PingTarget::Card(card) => Some((*card, seat_name(state.as_deref(), *seat))),
            PingTarget::Threat(_) => None,
        })
        .collect();
    // The markers fade out even on an idle table.
    redraw.write(RequestRedraw);
}

/// P, or a middle click, over a threat on the table pings it; a card's menu pings a card.
fn ping_from_table(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    online: Option<Res<Online>>,
    mut cards: ResMut<CardPings>,
    mut pings: MessageWriter<PingRequest>,
) {
    if online.is_none() {
        cards.ask = None;
        return;
    }
    if let Some(target) = cards.ask.take() {
        pings.write(PingRequest(target));
    }
    if (keys.just_pressed(KeyCode::KeyP) || mouse.just_pressed(MouseButton::Middle))
        && let Some(token) = hovered.0
    {
        pings.write(PingRequest(PingTarget::Threat(token)));
    }
}

/// A marker over each pinged threat: a ring and the name of who pinged it.
fn threat_markers(
    mut contexts: EguiContexts,
    pings: Res<Pings>,
    state: Option<Res<GameState>>,
    pieces: Query<(&ThreatPiece, &GlobalTransform)>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    if pings.0.is_empty() {
        return Ok(());
    }
    let Ok((camera, eye)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("pings"),
    ));
    for (seat, target, left) in &pings.0 {
        let PingTarget::Threat(token) = target else {
            continue;
        };
        let Some((_, at)) = pieces.iter().find(|(piece, _)| piece.0 == *token) else {
            continue;
        };
        let Ok(point) = camera.world_to_viewport(eye, at.translation()) else {
            continue;
        };
        let center = egui::pos2(point.x, point.y) / ctx.zoom_factor();
        let alpha = (left / PING_SECONDS).clamp(0.2, 1.0);
        let color = egui::Color32::GOLD.gamma_multiply(alpha);
        // The ring pulses twice a second, so the eye finds it.
        let radius = 22.0 + 4.0 * (left * std::f32::consts::TAU * 2.0).sin();
        painter.circle_stroke(center, radius, egui::Stroke::new(3.0, color));
        // On a dark plate: gold alone is lost on the green Long Range ring.
        let label = painter.layout_no_wrap(
            format!("{} points here", seat_name(state.as_deref(), *seat)),
            egui::FontId::proportional(14.0),
            color,
        );
        let plate = egui::Rect::from_center_size(
            center + egui::vec2(0.0, -radius - 6.0 - label.size().y / 2.0),
            label.size() + egui::vec2(10.0, 4.0),
        );
        painter.rect_filled(plate, 4.0, egui::Color32::from_black_alpha(200));
        painter.galley(plate.min + egui::vec2(5.0, 2.0), label, color);
    }
    Ok(())
}
