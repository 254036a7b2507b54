//! The board's spaces that hold a piece, lit and framed in their ring's own colour, as a tile
//! is lit under a unit in Into the Breach: blind readers took a piece near a ring's edge for
//! the ring beside it (issue 39), and a lit, framed space says the ring whatever the piece's
//! size.

use bevy::prelude::*;
use stp_rules::{Position, Range};

use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;
use crate::game::table::parts::ring_center;
use crate::game::table::scene::materials::RANGE_LOOKS;

/// One space of the board (a sector of a ring), lit while a piece stands in it.
#[derive(Component, Debug, Clone, Copy)]
pub struct OccupiedSpace(pub Position);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_spaces).add_systems(
        Update,
        light_spaces
            .run_if(resource_changed::<Shown>)
            .in_set(GameSystems::Present),
    );
}

/// How strongly a held space is lit over its band: a cell that stands out from the empty
/// spaces beside it, while the grid and the edges still show through. At 0.16 all three
/// readers of read 18 still put pieces on the line between two rings; at 0.32 readers of
/// reads 21 and 22 still did, and called the lit cells "neon": the frame says where the
/// space ends, the light only that it is held. On the dark glass board (read 32 on), where
/// the light blends in linear colour, 0.2 lit a Long space nearly as bright as a Romulan's
/// mint chit, and read 33 found it the hardest piece to see: a glimmer is enough there.
const LIGHT: f32 = 0.05;

/// The width of the bright frame round a held space (world units; about 2 px at 1280×720):
/// read 16 still took pieces near a ring's edge for the ring beside it under a light alone,
/// which is faint on the deep violet; a frame in the ring's edge colour says where the space
/// ends on every band.
const FRAME: f32 = 0.035;

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
        let frame = crate::game::table::scene::materials::glow(&mut materials, edge, 0.9);
        for sector in 0..6u8 {
            let mut mesh = crate::game::table::marks::reach::sector_mesh(sector, range);
            // Below the reach's light (which lies at 0.02), above the band's grid.
            mesh.translate_by(Vec3::Y * -0.01);
            let sides = frame_meshes(sector, range)
                .into_iter()
                .map(|side| {
                    commands
                        .spawn((
                            Mesh3d(meshes.add(side)),
                            MeshMaterial3d(frame.clone()),
                            Transform::default(),
                        ))
                        .id()
                })
                .collect::<Vec<_>>();
            commands
                .spawn((
                    Mesh3d(meshes.add(mesh)),
                    MeshMaterial3d(lit.clone()),
                    Transform::default(),
                    Visibility::Hidden,
                    OccupiedSpace(Position::new(range, sector)),
                ))
                .add_children(&sides);
        }
    }
}

/// The four sides of a space's frame: its inner and outer arcs and its two radial edges,
/// just inside the space (`reach::space_bounds`).
fn frame_meshes(sector: u8, range: Range) -> [Mesh; 4] {
    use crate::game::table::scene::shapes::flat_arc;
    let (inner, outer, from, to) = crate::game::table::marks::reach::space_bounds(sector, range);
    // The radial edges' half-width as an angle at the space's middle radius.
    let edge = FRAME / ring_center(range);
    let y = 0.015;
    [
        flat_arc(inner, inner + FRAME, from, to, y),
        flat_arc(outer - FRAME, outer, from, to, y),
        flat_arc(inner, outer, from, from + edge, y),
        flat_arc(inner, outer, to - edge, to, y),
    ]
}

/// Lights every space a threat or a mission token stands in; none before a game is shown.
pub fn light_spaces(shown: Res<Shown>, mut spaces: Query<(&OccupiedSpace, &mut Visibility)>) {
    let held: Vec<Position> = shown
        .get()
        .map(|state| {
            let threats = state.threats().iter().map(|t| t.pos);
            threats
                .chain(state.mission_tokens().iter().map(|m| m.pos))
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
