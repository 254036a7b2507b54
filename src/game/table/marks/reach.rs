//! A picked Hit card's reach, painted on the board: the sectors of the rings it can hit,
//! turned with the ship's heading (and Chekov's shift when chosen). The places come from the
//! rules (`GameState::reach`), the same check the validator makes.

use bevy::prelude::*;
use std::f32::consts::TAU;
use stp_rules::{Position, Range};

use crate::game::model::selection::Selection;
use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;
use crate::game::table::parts::{RING_WIDTH, ring_center};

/// One lit place of the board: a sector of a ring.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct ReachPiece(pub Position);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_reach_pieces).add_systems(
        Update,
        show_reach
            .run_if(resource_changed::<Selection>.or_eager(resource_changed::<Shown>))
            .in_set(GameSystems::Present),
    );
}

/// A space's bounds as its lights are drawn: its inner and outer radius, a little inside its
/// ring's edges, and the angles where its sector starts and ends.
pub(crate) fn space_bounds(sector: u8, range: Range) -> (f32, f32, f32, f32) {
    let inner = ring_center(range) - RING_WIDTH / 2.0 + 0.03;
    let outer = ring_center(range) + RING_WIDTH / 2.0 - 0.03;
    let start = f32::from(sector) * TAU / 6.0;
    (inner, outer, start, start + TAU / 6.0)
}

/// A flat annulus sector: one sector (60°) of one ring, lying just above the board.
pub(crate) fn sector_mesh(sector: u8, range: Range) -> Mesh {
    let (inner, outer, from, to) = space_bounds(sector, range);
    crate::game::table::scene::shapes::flat_arc(inner, outer, from, to, 0.02)
}

fn spawn_reach_pieces(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let lit = materials.add(StandardMaterial {
        base_color: Color::srgba(1.0, 0.95, 0.6, 0.3),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        cull_mode: None,
        double_sided: true,
        ..default()
    });
    for sector in 0..6u8 {
        for range in [Range::Long, Range::Medium, Range::Short] {
            commands.spawn((
                Mesh3d(meshes.add(sector_mesh(sector, range))),
                MeshMaterial3d(lit.clone()),
                Transform::default(),
                Visibility::Hidden,
                ReachPiece(Position::new(range, sector)),
            ));
        }
    }
}

/// Lights the places the picked card reaches; nothing when no Hit card is picked.
fn show_reach(
    shown: Res<Shown>,
    selection: Res<Selection>,
    mut pieces: Query<(&ReachPiece, &mut Visibility)>,
) {
    let reach = match (shown.get(), selection.card) {
        (Some(state), Some((player, card))) => state.reach(player, card, selection.shift),
        _ => Vec::new(),
    };
    for (piece, mut visible) in &mut pieces {
        let wanted = if reach.contains(&piece.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visible != wanted {
            *visible = wanted;
        }
    }
}
