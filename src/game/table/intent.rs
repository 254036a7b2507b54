//! What the threats will do, drawn on the board during Play Cards & Maneuver (the rules'
//! `threat_preview`): an arrow from each threat to where it will be, a dashed line for each
//! shot with its damage, and by each facing of the Enterprise what its Shield and Hull will
//! take. Where the die decides (a cloaked ship), a "?" says so. It follows every card and
//! maneuver, since it is recomputed whenever the state changes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::preview::{Intent, ThreatPreview};
use stp_rules::{GameState, Position};

use super::camera::Orbit;
use super::labels::BoardPainter;
use super::{on_board, ring_center, sector_angle};
use crate::game::GameSystems;
use crate::game::input::pointer::TableRect;
use crate::game::pacing::Shown;
use crate::game::screens::Screen;

/// The preview of the coming Threats Move & Fire phase, while there is one.
#[derive(Resource, Debug, Default)]
pub struct Foresight(pub Option<ThreatPreview>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Foresight>()
        .add_systems(
            Update,
            foresee
                .run_if(resource_changed::<Shown>)
                .in_set(GameSystems::Present),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_intent.run_if(in_state(Screen::Playing)),
        );
}

fn foresee(shown: Res<Shown>, mut foresight: ResMut<Foresight>) {
    let preview = shown.get().and_then(GameState::threat_preview);
    if foresight.0 != preview {
        foresight.0 = preview;
    }
}

fn place(pos: Position) -> Vec3 {
    on_board(sector_angle(pos.sector), ring_center(pos.range), 0.1)
}

/// Where a shot at a ship facing lands: the edge of the ship's disc in that facing's sector.
fn facing_point(state: &GameState, facing: u8, radius: f32) -> Vec3 {
    on_board(
        sector_angle(state.enterprise.sector_of_facing(facing)),
        radius,
        0.3,
    )
}

fn draw_intent(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    foresight: Res<Foresight>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
    table_rect: Res<TableRect>,
) -> Result {
    let (Some(state), Some(preview)) = (shown.get(), &foresight.0) else {
        return Ok(());
    };
    let Ok((camera, camera_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board = BoardPainter::new(ctx, "intent", &table_rect, (camera, camera_at));
    let (painter, screen) = (&board.painter, |at: Vec3| board.screen(at));
    let move_color = egui::Color32::from_rgb(255, 220, 120);
    let fire_color = egui::Color32::from_rgb(255, 90, 70);
    let small = egui::FontId::proportional(13.0);
    for intent in &preview.threats {
        let Some(from) = screen(place(intent.from)) else {
            continue;
        };
        if intent.what == Intent::Chance {
            painter.text(
                // Below and right: the "cloaked" label sits above the token.
                from + egui::vec2(14.0, 8.0),
                egui::Align2::LEFT_TOP,
                "? die",
                small.clone(),
                move_color,
            );
            continue;
        }
        let to = intent.to.and_then(|p| screen(place(p)));
        if let Some(to) = to.filter(|to| to.distance(from) > 4.0) {
            painter.arrow(from, to - from, egui::Stroke::new(2.0, move_color));
        }
        let start = to.unwrap_or(from);
        if let Some((facing, damage)) = intent.fires
            && let Some(hit) = screen(facing_point(state, facing, 1.2))
        {
            let stroke = egui::Stroke::new(1.5, fire_color);
            painter.add(egui::Shape::dashed_line(&[start, hit], stroke, 6.0, 4.0));
            painter.text(
                start.lerp(hit, 0.5),
                egui::Align2::CENTER_CENTER,
                damage.to_string(),
                small.clone(),
                fire_color,
            );
        }
    }
    // By each facing: what the Shield and the Hull will take.
    for (facing, f) in preview.facings.iter().enumerate() {
        let words = match (f.shield_hits, f.hull_hits, f.chance) {
            (0, 0, false) => continue,
            (0, 0, true) => "?".to_string(),
            (s, h, chance) => {
                let mut parts = Vec::new();
                if s > 0 {
                    parts.push(format!("Shield -{s}"));
                }
                if h > 0 {
                    parts.push(format!("Hull -{h}"));
                }
                let maybe = if chance { " ?" } else { "" };
                format!("{}{maybe}", parts.join(", "))
            }
        };
        if let Some(at) = screen(facing_point(state, facing as u8, 0.55)) {
            // On a dark backdrop: these sit over the ship's model.
            let galley = painter.layout_no_wrap(
                words,
                small.clone(),
                egui::Color32::from_rgb(255, 170, 140),
            );
            let rect = egui::Align2::CENTER_CENTER.anchor_size(at, galley.size());
            painter.rect_filled(rect.expand(3.0), 3.0, egui::Color32::from_black_alpha(200));
            painter.galley(rect.min, galley, egui::Color32::WHITE);
        }
    }
    Ok(())
}
