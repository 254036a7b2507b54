//! The Enterprise: a Constitution-class model built in code (lathed saucer, hulls and
//! nacelles), with her six Shields as lit arcs and her six Hull sections as plates, each with
//! the mark it shows while damaged or destroyed.

use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

use crate::game::table::parts::{
    HULL_RING, HullPiece, MODEL_RADIUS, SHIELD_RING, ShieldPiece, Ship, on_board, sector_angle,
};
use crate::game::table::scene::materials::{Palette, glow, materials_unlit, metal};
use crate::game::table::scene::motion::Glide;
use crate::game::table::scene::shapes::{arc_wall, crack, flat_arc, lathe};

/// Half the angle a Shield or Hull piece spans (a little under a sector's 30°).
pub(crate) const PIECE_HALF: f32 = 0.47;

/// The model's scale: her parts are drawn for a model of radius 0.8, and she keeps within
/// `MODEL_RADIUS` of her middle.
pub(crate) const MODEL_SCALE: f32 = 0.97 * MODEL_RADIUS / 0.8;
/// Where the model stands against her middle: low on the table and a little aft, so that her
/// saucer, seen from the table's camera, stands clear of her fore Hull plates (read 52). Her
/// nacelles' sterns then reach the aft plates' inner edge; the layout report checks that
/// neither the saucer nor a nacelle covers a plate's middle (`report::layout_sections`).
pub(crate) const MODEL_OFFSET: Vec3 = Vec3::new(0.0, -0.13, 0.08);
/// The saucer's middle and radius, before `MODEL_SCALE`: the part of her that stands highest
/// towards the Fore, so the one the camera sees over her fore Hull plates.
pub(crate) const SAUCER: (Vec3, f32) = (Vec3::new(0.0, 0.42, -0.3), 0.5);

/// A nacelle's middle (the starboard one; the port one mirrors it) and its half-length and
/// radius, before `MODEL_SCALE`: the part of her that stands highest towards the aft.
pub(crate) const NACELLE: (Vec3, f32, f32) = (Vec3::new(0.3, 0.52, 0.42), 0.31, 0.056);

/// A recognisable Constitution-class Enterprise, pointing at −Z (the Fore): a domed saucer
/// with her bridge and impulse engines, the neck, a tapering engineering hull with its copper
/// deflector, and two nacelles with glowing Bussard collectors on swept pylons; around her the
/// six Shields as arcs and the six Hull sections as plates.
pub(crate) fn spawn_enterprise(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    images: &mut Assets<Image>,
    palette: &Palette,
) {
    let ship = commands
        .spawn((
            Transform::default(),
            Visibility::default(),
            Ship,
            Glide {
                to: Transform::default(),
            },
        ))
        .id();
    let model = spawn_model(commands, meshes, materials, images);
    commands.entity(ship).add_child(model);
    spawn_fore_marks(commands, meshes, materials, ship);
    spawn_sections(commands, meshes, materials, palette, ship);
}

/// The model: saucer, neck, engineering hull and nacelles, with their lights; returns it.
fn spawn_model(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    images: &mut Assets<Image>,
) -> Entity {
    let hull_white = metal(materials, Color::srgb(0.86, 0.87, 0.9));
    let hull_grey = metal(materials, Color::srgb(0.62, 0.64, 0.7));
    let glow_red = glow(materials, Color::srgb(1.0, 0.2, 0.1), 0.9);
    let glow_blue = glow(materials, Color::srgb(0.3, 0.6, 1.0), 0.9);
    let glow_copper = glow(materials, Color::srgb(1.0, 0.62, 0.25), 0.95);
    let glow_green = glow(materials, Color::srgb(0.2, 1.0, 0.3), 0.95);
    // Lathed parts are made around Y; this lays one along the ship, its top pole aft (+Z).
    let along_z = Quat::from_rotation_x(FRAC_PI_2);
    let saucer = lathe(
        &[
            (0.0, 0.075),
            (0.12, 0.068),
            (0.3, 0.048),
            (0.44, 0.02),
            (0.5, 0.004),
            (0.5, -0.01),
            (0.42, -0.028),
            (0.2, -0.045),
            (0.0, -0.05),
        ],
        48,
    );
    let engineering = lathe(
        &[
            (0.0, 0.31),
            (0.055, 0.31),
            (0.078, 0.26),
            (0.097, 0.12),
            (0.1, -0.05),
            (0.096, -0.22),
            (0.082, -0.29),
            (0.06, -0.31),
            (0.0, -0.305),
        ],
        32,
    );
    let nacelle = meshes.add(lathe(
        &[
            (0.0, 0.31),
            (0.035, 0.31),
            (0.055, 0.27),
            (0.056, -0.2),
            (0.05, -0.28),
            (0.0, -0.3),
        ],
        24,
    ));
    let parts: Vec<(Handle<Mesh>, Handle<StandardMaterial>, Transform)> = vec![
        // Her saucer carries her markings: panel lines, "NCC-1701", lit windows.
        (
            meshes.add(crate::game::table::scene::ship_markings::from_above(
                saucer, SAUCER.1,
            )),
            crate::game::table::scene::ship_markings::saucer_material(materials, images),
            Transform::from_translation(SAUCER.0),
        ),
        // The bridge dome, and the sensor dome under the saucer.
        (
            meshes.add(Sphere::new(0.075)),
            hull_grey.clone(),
            Transform::from_xyz(0.0, 0.49, -0.3).with_scale(Vec3::new(1.0, 0.45, 1.0)),
        ),
        (
            meshes.add(Sphere::new(0.06)),
            glow_blue.clone(),
            Transform::from_xyz(0.0, 0.37, -0.3).with_scale(Vec3::new(1.0, 0.5, 1.0)),
        ),
        // Impulse engines at the saucer's aft edge.
        (
            meshes.add(Cuboid::new(0.13, 0.025, 0.03)),
            glow_red.clone(),
            Transform::from_xyz(0.0, 0.43, 0.19),
        ),
        // The neck, leaning aft from the saucer to the engineering hull.
        (
            meshes.add(Cuboid::new(0.055, 0.24, 0.2)),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.31, 0.06).with_rotation(Quat::from_rotation_x(0.5)),
        ),
        (
            meshes.add(engineering),
            hull_white.clone(),
            Transform::from_xyz(0.0, 0.2, 0.36).with_rotation(along_z),
        ),
        // The deflector dish at the engineering hull's bow.
        (
            meshes.add(Cylinder::new(0.055, 0.02)),
            glow_copper.clone(),
            Transform::from_xyz(0.0, 0.2, 0.05).with_rotation(along_z),
        ),
        // Navigation lights: red to port, green to starboard.
        (
            meshes.add(Sphere::new(0.022)),
            glow_red.clone(),
            Transform::from_xyz(-0.5, 0.42, -0.3),
        ),
        (
            meshes.add(Sphere::new(0.022)),
            glow_green.clone(),
            Transform::from_xyz(0.5, 0.42, -0.3),
        ),
    ];
    // The model, within `MODEL_RADIUS` of her middle, set low and a little aft
    // (`MODEL_OFFSET`): her Hull plates and Shields lie outside it, so no part of her covers
    // them.
    let model = commands
        .spawn((
            Transform::from_translation(MODEL_OFFSET).with_scale(Vec3::splat(MODEL_SCALE)),
            Visibility::default(),
        ))
        .id();
    for (mesh, mat, transform) in parts {
        let part = commands
            .spawn((Mesh3d(mesh), MeshMaterial3d(mat), transform))
            .id();
        commands.entity(model).add_child(part);
    }
    for side in [-1.0f32, 1.0] {
        let hull = commands
            .spawn((
                Mesh3d(nacelle.clone()),
                MeshMaterial3d(hull_white.clone()),
                Transform::from_translation(NACELLE.0 * Vec3::new(side, 1.0, 1.0))
                    .with_rotation(along_z),
            ))
            .id();
        // The Bussard collector: a glowing red dome at the nacelle's bow.
        let collector = commands
            .spawn((
                Mesh3d(meshes.add(Sphere::new(0.056))),
                MeshMaterial3d(glow_red.clone()),
                Transform::from_xyz(0.3 * side, 0.52, 0.14).with_scale(Vec3::new(1.0, 1.0, 1.4)),
            ))
            .id();
        // The pylon, swept up and out from the engineering hull to the nacelle.
        let pylon = commands
            .spawn((
                Mesh3d(meshes.add(Cuboid::new(0.025, 0.38, 0.12))),
                MeshMaterial3d(hull_white.clone()),
                Transform::from_xyz(0.15 * side, 0.385, 0.52)
                    .with_rotation(Quat::from_rotation_z(-0.92 * side)),
            ))
            .id();
        // The warp grille along the nacelle's top, lit blue: from above, the nacelles read
        // as engines, not as two white tubes.
        let grille = commands
            .spawn((
                Mesh3d(meshes.add(Cuboid::new(0.03, 0.012, 0.36))),
                MeshMaterial3d(glow_blue.clone()),
                Transform::from_xyz(0.3 * side, 0.572, 0.46),
            ))
            .id();
        commands
            .entity(model)
            .add_children(&[hull, collector, pylon, grille]);
    }
    model
}

/// Her Fore on the board, a child of the `ship` so it turns with her.
fn spawn_fore_marks(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    ship: Entity,
) {
    // Her Fore on the board itself: gold lines from her disc along the two Fore sectors'
    // outer edges and a gold arc at the rim, turning with her. No wash over the sectors: a
    // gold tint turned the green and purple bands under it to olive and mud, where the
    // threats that matter most stand.
    let fore = std::f32::consts::FRAC_PI_3;
    let gold = glow(materials, Color::srgb(1.0, 0.78, 0.3), 1.0);
    let rim = crate::game::table::scene::framing::BOARD_RADIUS;
    let marks = [
        (
            flat_arc(rim - 0.08, rim + 0.03, -fore, fore, 0.012),
            gold.clone(),
        ),
        (
            flat_arc(
                crate::game::table::parts::SHIP_RADIUS,
                rim,
                -fore - 0.014,
                -fore + 0.014,
                0.01,
            ),
            gold.clone(),
        ),
        (
            flat_arc(
                crate::game::table::parts::SHIP_RADIUS,
                rim,
                fore - 0.014,
                fore + 0.014,
                0.01,
            ),
            gold,
        ),
    ];
    for (mesh, material) in marks {
        let part = commands
            .spawn((
                Mesh3d(meshes.add(mesh)),
                MeshMaterial3d(material),
                Transform::default(),
                crate::game::table::parts::ForeMark,
            ))
            .id();
        commands.entity(ship).add_child(part);
    }
}

/// Her six Shields and six Hull sections, and the marks of their states, children of the
/// `ship`.
fn spawn_sections(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    palette: &Palette,
    ship: Entity,
) {
    // Six Shields as arcs and six Hull sections as plates, by ship facing, in rings of their
    // own outside the model. A state reads by shape as well as colour (docs/look.md): a
    // Shield intact is a full bright arc, damaged a broken amber one, destroyed a dim red slot
    // crossed out in red; a Hull plate damaged is amber and cracked, destroyed
    // charred and crossed out in red.
    let dark = materials.add(StandardMaterial {
        base_color: Color::srgb(0.08, 0.02, 0.0),
        unlit: true,
        cull_mode: None,
        ..default()
    });
    let red = glow(materials, Color::srgb(1.0, 0.3, 0.25), 1.0);
    // A lost Shield's slot, a dim red glass inside its outline.
    let ember = materials_unlit(materials, Color::srgb(0.45, 0.05, 0.04), 0.6);
    let (hull_in, hull_out) = HULL_RING;
    let (shield_in, shield_out) = SHIELD_RING;
    let hull_mid = (hull_in + hull_out) / 2.0;
    for facing in 0..6u8 {
        let angle = sector_angle(facing);
        let (from, to) = (angle - PIECE_HALF, angle + PIECE_HALF);
        // A Shield: a lit band around the ship with a low wall at its rim.
        let shield = commands
            .spawn((
                Mesh3d(meshes.add(flat_arc(shield_in, shield_out, from, to, 0.06))),
                MeshMaterial3d(palette.shield[0].clone()),
                Transform::default(),
                ShieldPiece(facing),
            ))
            .id();
        let wall = commands
            .spawn((
                Mesh3d(meshes.add(arc_wall(shield_out, from, to, 0.0, 0.16))),
                MeshMaterial3d(palette.shield[0].clone()),
                Transform::default(),
                ShieldPiece(facing),
            ))
            .id();
        let mut marks: Vec<Entity> = Vec::new();
        // Damaged: the same arc broken into four dashes, amber.
        let dash = (to - from) / 7.0;
        for k in 0..4 {
            let (a, b) = (
                from + dash * (2 * k) as f32,
                from + dash * (2 * k + 1) as f32,
            );
            for mesh in [
                flat_arc(shield_in, shield_out, a, b, 0.06),
                arc_wall(shield_out, a, b, 0.0, 0.12),
            ] {
                marks.push(
                    commands
                        .spawn((
                            Mesh3d(meshes.add(mesh)),
                            MeshMaterial3d(palette.shield[1].clone()),
                            Transform::default(),
                            Visibility::Hidden,
                            Crack::ShieldDamaged(facing),
                        ))
                        .id(),
                );
            }
        }
        // Destroyed: the empty slot in a dim red glass, crossed out twice in red as a destroyed
        // Hull plate is. A thin outline alone read as too subtle (read 33), and a red outline
        // round the fill read "like selected" (a reader of read 44).
        let edge = 0.045;
        marks.push(
            commands
                .spawn((
                    Mesh3d(meshes.add(flat_arc(
                        shield_in + edge,
                        shield_out - edge,
                        from + edge,
                        to - edge,
                        0.015,
                    ))),
                    MeshMaterial3d(ember.clone()),
                    Transform::default(),
                    Visibility::Hidden,
                    Crack::ShieldGone(facing),
                ))
                .id(),
        );
        // A mark: a line of (radius, angle off the facing's middle) points, at a height.
        let mut mark = |line: &[(f32, f32)],
                        y: f32,
                        width: f32,
                        ink: &Handle<StandardMaterial>,
                        which: Crack| {
            let points: Vec<Vec3> = line
                .iter()
                .map(|(r, da)| on_board(angle + da, *r, y))
                .collect();
            commands
                .spawn((
                    Mesh3d(meshes.add(crack(&points, width, Vec3::Y))),
                    MeshMaterial3d(ink.clone()),
                    Transform::default(),
                    Visibility::Hidden,
                    which,
                ))
                .id()
        };
        // The lost Shield's two crosses, each about as wide as the arc is deep.
        let reach = 0.4 * (shield_out - shield_in) / shield_in;
        for middle in [-0.22, 0.22] {
            for line in [
                [
                    (shield_in + 0.04, middle - reach),
                    (shield_out - 0.04, middle + reach),
                ],
                [
                    (shield_in + 0.04, middle + reach),
                    (shield_out - 0.04, middle - reach),
                ],
            ] {
                marks.push(mark(&line, 0.03, 0.034, &red, Crack::ShieldGone(facing)));
            }
        }
        // Damaged plate: a dark crack across it.
        let depth = hull_out - hull_in;
        marks.push(mark(
            &[
                (hull_in + 0.05 * depth, -0.22),
                (hull_mid - 0.1 * depth, 0.05),
                (hull_mid + 0.15 * depth, -0.1),
                (hull_out - 0.05 * depth, 0.17),
            ],
            0.026,
            0.02,
            &dark,
            Crack::Hull(facing),
        ));
        // Destroyed plate: crossed out in red, unlike the damaged plate's crack, so the two
        // part without colour too.
        for line in [
            [(hull_in + 0.02, -0.32), (hull_out - 0.02, 0.32)],
            [(hull_in + 0.02, 0.32), (hull_out - 0.02, -0.32)],
        ] {
            marks.push(mark(&line, 0.027, 0.034, &red, Crack::Destroyed(facing)));
        }
        let hull = commands
            .spawn((
                Mesh3d(meshes.add(flat_arc(hull_in, hull_out, from, to, 0.02))),
                MeshMaterial3d(palette.hull[0].clone()),
                Transform::default(),
                HullPiece(facing),
            ))
            .id();
        commands.entity(ship).add_children(&[shield, wall, hull]);
        commands.entity(ship).add_children(&marks);
    }
}

/// The marks of a section's state (by facing): a damaged Shield's broken arc, a damaged Hull
/// plate's crack, a destroyed plate's cross and a destroyed Shield's crossed slot.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Crack {
    /// A damaged Shield's broken arc.
    ShieldDamaged(u8),
    Hull(u8),
    Destroyed(u8),
    ShieldGone(u8),
}
