//! What holds the Enterprise, said on hover: the Tholian's web and the "No Maneuver" token the
//! scene draws (`scene::web`), each with its meaning in the rules' words.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::table::marks::board_painter::{BoardScene, PaintBoard, SceneMarks};
use crate::game::table::scene::web;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        explain
            .run_if(crate::game::model::screen::at_table)
            .in_set(PaintBoard),
    );
}

/// Hovering the web or the No Maneuver token says what holds the ship, in the rules' words.
fn explain(mut scene: BoardScene, mut marks: ResMut<SceneMarks>) -> Result {
    let Some((state, board)) = scene.open("web") else {
        return Ok(());
    };
    let Some(reason) = state.maneuver_forbidden() else {
        return Ok(());
    };
    let reason = reason.to_string();
    let mut words = reason.chars();
    let reason: String = words
        .next()
        .map(|first| first.to_uppercase().chain(words).collect())
        .unwrap_or_default();
    let around = |points: &[Vec3]| {
        let on_screen: Vec<_> = points.iter().filter_map(|p| board.screen(*p)).collect();
        (!on_screen.is_empty()).then(|| bevy_egui::egui::Rect::from_points(&on_screen))
    };
    let token: Vec<Vec3> = [Vec3::X, Vec3::NEG_X, Vec3::Y, Vec3::NEG_Y]
        .iter()
        .map(|d| web::NO_MANEUVER_AT + *d * web::NO_MANEUVER_RADIUS)
        .collect();
    if let Some(rect) = around(&token) {
        marks
            .tips
            .push((rect, format!("No Maneuver token: {reason}.")));
    }
    for web in web::each_web(state) {
        if let Some(rect) = around(&web.concat()) {
            marks.tips.push((
                rect,
                "Tholian web: a Tholian in Short Range traps the Enterprise. It no longer moves \
                 or fires, and she cannot maneuver until it is destroyed."
                    .into(),
            ));
        }
    }
    Ok(())
}
