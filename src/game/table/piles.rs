//! Beside the board: the Enterprise deck, the discard pile and the cards removed from the game
//! as card stacks as tall as their counts, the threat bag, and the die with its pips.

use bevy::prelude::*;
use std::f32::consts::PI;

use super::board::material;
use super::camera::Corners;
use crate::game::pacing::Shown;

/// Which pile a piece shows; its height follows its count.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pile {
    Deck,
    Discard,
    Removed,
    Bag,
}

/// Where each pile stands (`framing::corners`): the deck, the cards removed from the game and
/// the discard pile left of the board, the threat bag and the die right of it.
pub(crate) fn pile_place(corners: &Corners, pile: Pile) -> Vec3 {
    corners.0[match pile {
        Pile::Deck => 0,
        Pile::Removed => 1,
        Pile::Discard => 2,
        Pile::Bag => 3,
    }]
}

pub(crate) fn die_place(corners: &Corners) -> Vec3 {
    corners.0[4] + Vec3::Y * 0.21
}

/// How many items a pile holds now.
pub(crate) fn pile_count(state: &stp_rules::GameState, pile: Pile) -> usize {
    match pile {
        Pile::Deck => state.deck.len(),
        Pile::Discard => state.discard.len(),
        Pile::Removed => state.removed.len(),
        Pile::Bag => state.bag.len(),
    }
}

/// A card stack's height for a count: a card is about a millimetre, scaled up to be seen.
fn stack_height(count: usize) -> f32 {
    0.015 + 0.007 * count as f32
}

/// The piles stand at their corners, as tall as their counts (and the die at its corner).
pub(super) fn place_piles(
    corners: Res<Corners>,
    shown: Res<Shown>,
    mut piles: Query<(&Pile, &mut Transform)>,
) {
    let Some(state) = shown.get() else { return };
    for (pile, mut transform) in &mut piles {
        let count = pile_count(state, *pile);
        let at = pile_place(&corners, *pile);
        let wanted = match pile {
            // A cloth bag: fuller with more tokens in it.
            Pile::Bag => Transform::from_translation(at)
                .with_scale(Vec3::splat(0.6 + 0.4 * (count as f32 / 31.0).min(1.0))),
            _ => {
                Transform::from_translation(at).with_scale(Vec3::new(1.0, stack_height(count), 1.0))
            }
        };
        if *transform != wanted {
            *transform = wanted;
        }
    }
}

/// The card stacks (a unit-high box scaled to the count, with a card back on top) and the
/// threat bag (a cloth sack with a tied neck).
pub(super) fn spawn_piles(
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
    let back = meshes.add(
        Cuboid::new(0.38, 0.02, 0.58)
            .mesh()
            .build()
            .translated_by(Vec3::Y * 1.0),
    );
    let edges = material(materials, Color::srgb(0.9, 0.9, 0.86));
    for (pile, color) in [
        (Pile::Deck, Color::srgb(0.15, 0.3, 0.75)),
        (Pile::Discard, Color::srgb(0.55, 0.55, 0.62)),
        (Pile::Removed, Color::srgb(0.4, 0.1, 0.1)),
    ] {
        let face = material(materials, color);
        let stack_entity = commands
            .spawn((
                Mesh3d(stack.clone()),
                MeshMaterial3d(edges.clone()),
                Transform::default(),
                pile,
            ))
            .id();
        let top = commands
            .spawn((
                Mesh3d(back.clone()),
                MeshMaterial3d(face),
                Transform::default(),
            ))
            .id();
        commands.entity(stack_entity).add_child(top);
    }
    let cloth = material(materials, Color::srgb(0.42, 0.27, 0.14));
    let cord = material(materials, Color::srgb(0.85, 0.75, 0.4));
    let bag = commands
        .spawn((
            Mesh3d(meshes.add(Sphere::new(0.36))),
            MeshMaterial3d(cloth.clone()),
            Transform::default(),
            Pile::Bag,
            Visibility::default(),
        ))
        .id();
    let neck = commands
        .spawn((
            Mesh3d(meshes.add(Cone::new(0.16, 0.3))),
            MeshMaterial3d(cloth),
            Transform::from_xyz(0.0, 0.4, 0.0).with_rotation(Quat::from_rotation_x(PI)),
        ))
        .id();
    let tie = commands
        .spawn((
            Mesh3d(meshes.add(Torus::new(0.05, 0.1))),
            MeshMaterial3d(cord),
            Transform::from_xyz(0.0, 0.32, 0.0),
        ))
        .id();
    commands.entity(bag).add_children(&[neck, tie]);
}

/// The six-sided die: a white cube with dark pips, opposite faces adding to 7 (1 up, 2 at
/// +X, 3 at +Z; `die::face_up` turns a value to the top).
pub(super) fn spawn_die(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    const HALF: f32 = 0.21;
    let die = commands
        .spawn((
            Mesh3d(meshes.add(Cuboid::new(2.0 * HALF, 2.0 * HALF, 2.0 * HALF))),
            MeshMaterial3d(material(materials, Color::srgb(0.95, 0.95, 0.93))),
            Transform::default(),
            super::die::Die,
        ))
        .id();
    let pip = meshes.add(Sphere::new(0.036));
    let dark = material(materials, Color::srgb(0.05, 0.05, 0.1));
    // Each face: its value, its normal and two axes across it.
    let faces = [
        (1, Vec3::Y, Vec3::X, Vec3::Z),
        (6, Vec3::NEG_Y, Vec3::X, Vec3::Z),
        (2, Vec3::X, Vec3::Y, Vec3::Z),
        (5, Vec3::NEG_X, Vec3::Y, Vec3::Z),
        (3, Vec3::Z, Vec3::X, Vec3::Y),
        (4, Vec3::NEG_Z, Vec3::X, Vec3::Y),
    ];
    let d = 0.1;
    for (value, normal, u, v) in faces {
        let spots: &[(f32, f32)] = match value {
            1 => &[(0.0, 0.0)],
            2 => &[(-d, -d), (d, d)],
            3 => &[(-d, -d), (0.0, 0.0), (d, d)],
            4 => &[(-d, -d), (d, d), (-d, d), (d, -d)],
            5 => &[(-d, -d), (d, d), (-d, d), (d, -d), (0.0, 0.0)],
            _ => &[(-d, -d), (d, d), (-d, d), (d, -d), (-d, 0.0), (d, 0.0)],
        };
        for (a, b) in spots {
            let at = normal * (HALF - 0.012) + u * *a + v * *b;
            let p = commands
                .spawn((
                    Mesh3d(pip.clone()),
                    MeshMaterial3d(dark.clone()),
                    Transform::from_translation(at),
                ))
                .id();
            commands.entity(die).add_child(p);
        }
    }
}
