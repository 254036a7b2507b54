//! The pointer over the table: what part of the window the panels leave to the 3D scene,
//! token clicks there, and the camera's orbit (right-drag) and zoom (wheel).

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy_egui::EguiContexts;

use crate::game::model::pointing::{Hovered, TableRect, TokenClicked, on_table};
use crate::game::pacing::{NextStep, Sequence, SkipSequence};
use crate::game::systems::GameSystems;
use crate::game::table::parts::ThreatPiece;
use crate::game::table::scene::camera::Orbit;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableRect>().add_systems(
        Update,
        (
            (point_at_tokens, click_tokens, click_to_skip).chain(),
            orbit,
        )
            .in_set(GameSystems::Input),
    );
}

/// Finds the token under the pointer, over the table only.
fn point_at_tokens(
    table_rect: Res<TableRect>,
    mut contexts: EguiContexts,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
    tokens: Query<(&ThreatPiece, &GlobalTransform)>,
    mut hovered: ResMut<Hovered>,
) {
    let cursor = windows.iter().find_map(|w| w.cursor_position());
    let over = match (cursor, contexts.ctx_mut(), cameras.single()) {
        (Some(cursor), Ok(ctx), Ok((camera, at))) if on_table(ctx, &table_rect, cursor) => tokens
            .iter()
            .filter_map(|(piece, place)| {
                let screen = camera.world_to_viewport(at, place.translation()).ok()?;
                Some((piece.0, screen.distance(cursor)))
            })
            .filter(|(_, distance)| *distance < 28.0)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(token, _)| token),
        _ => None,
    };
    // Only on a change, so an idle table stays idle.
    if hovered.0 != over {
        hovered.0 = over;
    }
}

/// A left click on the table picks the token under the pointer.
fn click_tokens(
    mouse: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    sequence: Res<Sequence>,
    mut clicked: MessageWriter<TokenClicked>,
) {
    if mouse.just_pressed(MouseButton::Left)
        && !sequence.is_playing()
        && let Some(token) = hovered.0
    {
        clicked.write(TokenClicked(token));
    }
}

/// A left click on the table while a threat phase plays shows the rest of it at once, or,
/// where its steps wait for a key, the next step.
fn click_to_skip(
    mouse: Res<ButtonInput<MouseButton>>,
    table_rect: Res<TableRect>,
    mut contexts: EguiContexts,
    windows: Query<&Window>,
    sequence: Res<Sequence>,
    mut skip: MessageWriter<SkipSequence>,
    mut next: MessageWriter<NextStep>,
) {
    if !sequence.is_playing() || !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    let cursor = windows.iter().find_map(|w| w.cursor_position());
    if let (Some(cursor), Ok(ctx)) = (cursor, contexts.ctx_mut())
        && on_table(ctx, &table_rect, cursor)
    {
        // Where the steps wait for a key, a click is the key.
        match sequence.by_key() {
            true => {
                next.write(NextStep);
            }
            false => {
                skip.write(SkipSequence);
            }
        }
    }
}

/// A right-drag under way: whether it turns the camera, and where the cursor was last frame.
#[derive(Default)]
struct Drag {
    turning: bool,
    last_cursor: Option<Vec2>,
}

/// Right-drag orbits, the wheel zooms — when the pointer is over the table, not a panel.
fn orbit(
    mouse: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    windows: Query<&Window>,
    table_rect: Res<TableRect>,
    mut contexts: EguiContexts,
    mut drag: Local<Drag>,
    mut cameras: Query<(&mut Orbit, &mut Transform)>,
) {
    let Drag {
        turning: dragging,
        last_cursor,
    } = &mut *drag;
    let cursor = windows.iter().find_map(|w| w.cursor_position());
    let over_table = match (cursor, contexts.ctx_mut()) {
        (Some(cursor), Ok(ctx)) => on_table(ctx, &table_rect, cursor),
        _ => false,
    };
    // A drag that starts on the table keeps turning the camera wherever it goes.
    if mouse.just_pressed(MouseButton::Right) {
        *dragging = over_table;
    }
    if !mouse.pressed(MouseButton::Right) {
        *dragging = false;
    }
    // Cursor movement rather than raw device motion: it works the same under every X server.
    let delta = match (cursor, *last_cursor) {
        (Some(now), Some(before)) => now - before,
        _ => Vec2::ZERO,
    };
    *last_cursor = cursor;
    let turning = *dragging && delta != Vec2::ZERO;
    let zooming = over_table && scroll.delta.y != 0.0;
    if !turning && !zooming {
        return;
    }
    for (mut orbit, mut transform) in &mut cameras {
        if turning {
            orbit.yaw -= delta.x * 0.006;
            orbit.pitch = (orbit.pitch + delta.y * 0.006).clamp(0.25, 1.5);
        }
        if zooming {
            orbit.zoom = (orbit.zoom * (1.0 - scroll.delta.y * 0.08)).clamp(0.4, 2.5);
        }
        *transform = orbit.transform();
    }
}
