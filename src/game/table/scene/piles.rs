//! Beside the board: the Enterprise deck and the discard pile as card stacks as tall as their
//! counts under a Starfleet back (the cards removed from the game are counted under the
//! discard), the threat canister, and the die with its pips, each on a console pad.

use bevy::prelude::*;
use std::f32::consts::PI;

use crate::game::pacing::Shown;
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::materials::{glow, material};

/// Which pile a piece shows; its height follows its count.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pile {
    Deck,
    Discard,
    Bag,
}

/// Where each pile stands (`framing::corners`): the deck and the discard pile left of the
/// board, the threat bag (and the die) right of it.
pub(crate) fn pile_place(corners: &Corners, pile: Pile) -> Vec3 {
    corners.0[match pile {
        Pile::Deck => 0,
        Pile::Discard => 1,
        Pile::Bag => 2,
    }]
}

pub(crate) fn die_place(corners: &Corners) -> Vec3 {
    corners.0[3] + Vec3::Y * 0.21
}

/// How many items a pile holds now.
pub(crate) fn pile_count(state: &stp_rules::GameState, pile: Pile) -> usize {
    match pile {
        Pile::Deck => state.deck_len(),
        Pile::Discard => state.discard().len(),
        Pile::Bag => state.bag_len(),
    }
}

/// A card stack's height for a count: a card is about a millimetre, scaled up to be seen.
fn stack_height(count: usize) -> f32 {
    0.015 + 0.007 * count as f32
}

/// A part of a card stack: its body (scaled to the count) or its top card (raised to it), so
/// the top's emblem keeps its thickness however few cards lie under it.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct StackPart {
    pile: Pile,
    top: bool,
}

/// A console pad under a prop, at its corner (`Corners` index): the deck, the piles, the bag
/// and the die stand on the table's furniture, not in the starfield (readers: "props
/// floating in space").
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct Pad(usize);

/// The pads, apart from the piles and their parts.
type Pads<'w, 's> =
    Query<'w, 's, (&'static Pad, &'static mut Transform), (Without<Pile>, Without<StackPart>)>;

/// The piles stand at their corners, as tall as their counts (and the die at its corner),
/// each on its pad.
pub(crate) fn place_piles(
    corners: Res<Corners>,
    shown: Res<Shown>,
    mut piles: Query<(&Pile, &mut Transform)>,
    mut parts: Query<(&StackPart, &mut Transform), Without<Pile>>,
    mut pads: Pads,
) {
    for (pad, mut transform) in &mut pads {
        let at = corners.0[pad.0];
        if transform.translation != at {
            transform.translation = at;
        }
    }
    let Some(state) = shown.get() else { return };
    for (pile, mut transform) in &mut piles {
        let count = pile_count(state, *pile);
        let mut wanted = Transform::from_translation(pile_place(&corners, *pile));
        // The threat canister: fuller with more tokens in it.
        if *pile == Pile::Bag {
            wanted = wanted.with_scale(Vec3::splat(0.6 + 0.4 * (count as f32 / 31.0).min(1.0)));
        }
        if *transform != wanted {
            *transform = wanted;
        }
    }
    for (part, mut transform) in &mut parts {
        let height = stack_height(pile_count(state, part.pile));
        let wanted = match part.top {
            true => Transform::from_xyz(0.0, height, 0.0),
            false => Transform::from_scale(Vec3::new(1.0, height, 1.0)),
        };
        if *transform != wanted {
            *transform = wanted;
        }
    }
}

/// The Starfleet delta lying flat, pointing to the Fore (−Z): an arrowhead with its notch.
fn delta(size: f32, y: f32) -> Mesh {
    let points = [(0.0, -1.0), (0.62, 0.8), (0.0, 0.35), (-0.62, 0.8)];
    let positions = points
        .iter()
        .map(|(x, z)| [x * size, y, z * size])
        .collect();
    crate::game::table::scene::shapes::flat_mesh(positions, [0.0, 1.0, 0.0], vec![0, 2, 1, 0, 3, 2])
}

/// The card stacks, each a body of card edges scaled to its count under a top card: the
/// deck's back navy with a gold Starfleet delta in a gold frame, the discard's a face-up grey
/// card with a pale delta, the removed cards' dark red with a red one. Beside them the threat
/// canister: gunmetal, a red band glowing round it and a red hexagon (the threats' mark) on its
/// lid.
pub(crate) fn spawn_piles(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    let stack = meshes.add(
        Cuboid::new(0.5, 1.0, 0.7)
            .mesh()
            .build()
            .translated_by(Vec3::Y * 0.5),
    );
    let frame = meshes.add(
        Cuboid::new(0.44, 0.01, 0.64)
            .mesh()
            .build()
            .translated_by(Vec3::Y * 0.005),
    );
    let back = meshes.add(
        Cuboid::new(0.38, 0.01, 0.58)
            .mesh()
            .build()
            .translated_by(Vec3::Y * 0.01),
    );
    let emblem = meshes.add(delta(0.15, 0.017));
    let edges = material(materials, Color::srgb(0.86, 0.86, 0.82));
    spawn_pads(commands, meshes, materials);
    for (pile, card, trim) in [
        (
            Pile::Deck,
            Color::srgb(0.06, 0.1, 0.24),
            Color::srgb(1.0, 0.78, 0.3),
        ),
        (
            Pile::Discard,
            Color::srgb(0.42, 0.45, 0.52),
            Color::srgb(0.85, 0.9, 1.0),
        ),
    ] {
        let root = commands
            .spawn((Transform::default(), Visibility::default(), pile))
            .id();
        let body = commands
            .spawn((
                Mesh3d(stack.clone()),
                MeshMaterial3d(edges.clone()),
                Transform::default(),
                StackPart { pile, top: false },
            ))
            .id();
        let top = commands
            .spawn((
                Transform::default(),
                Visibility::default(),
                StackPart { pile, top: true },
            ))
            .with_children(|top| {
                top.spawn((
                    Mesh3d(frame.clone()),
                    MeshMaterial3d(glow(materials, trim, 0.9)),
                ));
                top.spawn((
                    Mesh3d(back.clone()),
                    MeshMaterial3d(material(materials, card)),
                ));
                top.spawn((
                    Mesh3d(emblem.clone()),
                    MeshMaterial3d(glow(materials, trim, 1.0)),
                ));
            })
            .id();
        commands.entity(root).add_children(&[body, top]);
    }
    let metal = materials.add(StandardMaterial {
        base_color: Color::srgb(0.2, 0.22, 0.26),
        metallic: 0.7,
        perceptual_roughness: 0.35,
        ..default()
    });
    let red = glow(materials, Color::srgb(1.0, 0.25, 0.2), 1.0);
    commands
        .spawn((
            Mesh3d(
                meshes.add(
                    Cylinder::new(0.3, 0.5)
                        .mesh()
                        .build()
                        .translated_by(Vec3::Y * 0.25),
                ),
            ),
            MeshMaterial3d(metal.clone()),
            Transform::default(),
            Pile::Bag,
            Visibility::default(),
        ))
        .with_children(|can| {
            // The lid, a little wider, and the band that glows round the middle.
            can.spawn((
                Mesh3d(meshes.add(Cylinder::new(0.33, 0.06))),
                MeshMaterial3d(metal),
                Transform::from_xyz(0.0, 0.53, 0.0),
            ));
            can.spawn((
                Mesh3d(meshes.add(Torus::new(0.295, 0.315))),
                MeshMaterial3d(red.clone()),
                Transform::from_xyz(0.0, 0.25, 0.0),
            ));
            can.spawn((
                Mesh3d(meshes.add(Annulus::new(0.13, 0.18).mesh().resolution(6).build())),
                MeshMaterial3d(red),
                Transform::from_xyz(0.0, 0.565, 0.0)
                    .with_rotation(Quat::from_rotation_x(-PI / 2.0)),
            ));
        });
}

/// A pad at each prop's corner: a low dark hexagon of console metal with a thin glowing edge
/// in the board's blue.
fn spawn_pads(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    const RADIUS: f32 = 0.56;
    let slab = meshes.add(
        Cylinder::new(RADIUS, 0.04)
            .mesh()
            .resolution(6)
            .build()
            .translated_by(Vec3::Y * -0.01),
    );
    let edge = meshes.add(
        Annulus::new(RADIUS - 0.035, RADIUS)
            .mesh()
            .resolution(6)
            .build(),
    );
    let metal = materials.add(StandardMaterial {
        base_color: Color::srgb(0.07, 0.085, 0.12),
        metallic: 0.6,
        perceptual_roughness: 0.45,
        ..default()
    });
    let lit = glow(materials, Color::srgb(0.35, 0.6, 0.95), 0.55);
    for corner in 0..4 {
        commands
            .spawn((
                Mesh3d(slab.clone()),
                MeshMaterial3d(metal.clone()),
                Transform::default(),
                Visibility::default(),
                Pad(corner),
            ))
            .with_children(|pad| {
                pad.spawn((
                    Mesh3d(edge.clone()),
                    MeshMaterial3d(lit.clone()),
                    Transform::from_xyz(0.0, 0.011, 0.0)
                        .with_rotation(Quat::from_rotation_x(-PI / 2.0)),
                ));
            });
    }
}
