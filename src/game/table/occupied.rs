//! The board's spaces that hold a piece, lit in their ring's own colour, as a tile is lit
//! under a unit in Into the Breach: blind readers took a piece near a ring's edge for the
//! ring beside it (issue 39), and a lit space says the ring whatever the piece's size.

use bevy::prelude::*;
use stp_rules::Position;

use super::board::RANGE_LOOKS;
use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;

/// One space of the board (a sector of a ring), lit while a piece stands in it.
#[derive(Component, Debug, Clone, Copy)]
pub struct OccupiedSpace(pub Position);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_spaces).add_systems(
        Update,
        light_spaces
            .run_if(resource_changed::<Shown>)
            .in_set(GameSystems::Present),
    );
}

/// How strongly a held space is lit over its band: enough to set it apart from the empty
/// spaces beside it, not so much that the grid and the edges drown.
const LIGHT: f32 = 0.14;

fn spawn_spaces(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (range, _, edge) in RANGE_LOOKS {
        let lit = materials.add(StandardMaterial {
            base_color: edge.with_alpha(LIGHT),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            cull_mode: None,
            ..default()
        });
        for sector in 0..6u8 {
            let mut mesh = super::reach::sector_mesh(sector, range);
            // Below the reach's light (which lies at 0.02), above the band's grid.
            mesh.translate_by(Vec3::Y * -0.01);
            commands.spawn((
                Mesh3d(meshes.add(mesh)),
                MeshMaterial3d(lit.clone()),
                Transform::default(),
                Visibility::Hidden,
                OccupiedSpace(Position::new(range, sector)),
            ));
        }
    }
}

/// Lights every space a threat or a mission token stands in; none before a game is shown.
pub fn light_spaces(shown: Res<Shown>, mut spaces: Query<(&OccupiedSpace, &mut Visibility)>) {
    let held: Vec<Position> = shown
        .get()
        .map(|state| {
            let threats = state.threats.iter().map(|t| t.pos);
            threats
                .chain(state.mission_tokens.iter().map(|m| m.pos))
                .collect()
        })
        .unwrap_or_default();
    for (space, mut visible) in &mut spaces {
        let wanted = match held.contains(&space.0) {
            true => Visibility::Inherited,
            false => Visibility::Hidden,
        };
        if *visible != wanted {
            *visible = wanted;
        }
    }
}
