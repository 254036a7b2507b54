//! The board itself, made once at start-up: the rings and sector lines, the light, and the
//! palette every piece is drawn with; the piles (`piles`) and the Enterprise (`enterprise`)
//! are made with it.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::f32::consts::{FRAC_PI_2, TAU};
use stp_rules::Range;

use crate::game::pacing::Shown;
use crate::game::table::parts::{RING_WIDTH, SHIP_RADIUS, ShipLight, on_board, ring_center};
use crate::game::table::scene::camera::Corners;
use crate::game::table::scene::materials::{
    Palette, RANGE_LOOKS, material, materials_unlit, metal,
};

use crate::game::systems::GameSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Startup,
        (
            crate::game::table::scene::materials::make_palette,
            spawn_board,
        )
            .chain(),
    )
    .add_systems(Update, draw_first_frames)
    .add_systems(
        Update,
        crate::game::table::scene::piles::place_piles
            .run_if(resource_changed::<Corners>.or_eager(resource_changed::<Shown>))
            .in_set(GameSystems::Present),
    );
}

/// The window redraws only on input; these first frames draw the board behind the setup
/// screen before anyone touches a key.
fn draw_first_frames(mut frames: Local<u32>, mut redraw: MessageWriter<RequestRedraw>) {
    if *frames < 10 {
        *frames += 1;
        redraw.write(RequestRedraw);
    }
}

/// How far past white a ring's edge line shines: the darker hues more, so the three edges
/// glow alike (more than 2 washes the violet towards the blue under the tone mapper).
fn edge_gain(range: Range) -> f32 {
    match range {
        Range::Short => 2.0,
        Range::Medium => 1.8,
        Range::Long => 1.6,
    }
}

/// The strip of dark glass at each side of a band, between it and the next (world units;
/// about 2 px at 1280×720, so 4 px between two rings).
const BAND_GAP: f32 = 0.035;

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
    palette: Res<Palette>,
) {
    // One shadow cascade over the table, at a modest resolution: the table is small and
    // near, and four 2048² cascades cost a software renderer more than the whole scene.
    commands.insert_resource(bevy::light::DirectionalLightShadowMap { size: 1024 });
    commands.spawn((
        DirectionalLight {
            illuminance: 2_500.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
        bevy::light::CascadeShadowConfigBuilder {
            num_cascades: 1,
            first_cascade_far_bound: 30.0,
            maximum_distance: 30.0,
            ..default()
        }
        .build(),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::WHITE,
        brightness: 150.0,
        ..default()
    });
    // A pool of light over the ship, falling off towards the rim: the Enterprise a lit model
    // at the table's heart, the bands dimmer glass around her (an art director's read).
    // No shadows; on low graphics, none (`ShipLight`).
    commands.spawn((
        PointLight {
            color: Color::srgb_u8(204, 224, 255),
            intensity: 450_000.0,
            range: 4.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(0.0, 3.0, 0.0),
        ShipLight,
    ));
    commands.insert_resource(ClearColor(Color::srgb(0.02, 0.027, 0.05)));

    let flat = Quat::from_rotation_x(-FRAC_PI_2);
    let outer = ring_center(Range::Long) + RING_WIDTH / 2.0;
    // The tactical display (docs/look.md): a dark glass plot with a steel rim, quiet bands for
    // the three ranges and bright, glowing edges that say where each begins and ends.
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(outer + 0.14, 0.06))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.025, 0.04, 0.07),
            perceptual_roughness: 0.18,
            reflectance: 0.6,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.04, 0.0),
        crate::game::table::parts::GlassDisc,
    ));
    commands.spawn((
        // Round at any size: the default resolution showed facets along the board's edge.
        Mesh3d(
            meshes.add(
                Torus::new(outer + 0.05, outer + 0.14)
                    .mesh()
                    .major_resolution(144),
            ),
        ),
        MeshMaterial3d(metal(&mut materials, Color::srgb(0.3, 0.34, 0.42))),
        Transform::from_xyz(0.0, -0.01, 0.0),
    ));
    // The rings: Short blue, Medium purple, Long green (rulebook "Components"), deep and low in
    // saturation so the tokens on them stand out; their tones differ too (Long lightest), so
    // they part in greyscale as well as by hue.
    // The grid is etched into the bands' own texture (`plot`), brighter than the band it
    // crosses; each band glows at its edges and darkens towards its middle.
    let grid = images.add(crate::game::table::scene::plot::grid_image(outer));
    // A strip of the dark glass parts each band from the next (`BAND_GAP`), so each ring is a
    // shape of its own rather than a glow beside a glow (an art director's read of the table).
    for (range, band, edge) in RANGE_LOOKS {
        let inner = ring_center(range) - RING_WIDTH / 2.0 + BAND_GAP;
        let width = RING_WIDTH - 2.0 * BAND_GAP;
        let tone = band.to_linear().to_vec3() / crate::game::table::scene::plot::GROUND;
        // Tried darker (0.55 and 0.2 of the tone, for the "flat neon" readers named): the
        // empty spaces lost their hue beside the lit ones, and read 26 saw a checkerboard in
        // which colour no longer said the ring.
        let mesh = crate::game::table::scene::plot::shaded_band(
            inner,
            inner + width,
            tone * 1.2,
            tone * 0.7,
            outer,
        );
        commands.spawn((
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color_texture: Some(grid.clone()),
                // A matt glass: a glossier band caught the key light as a lime and violet
                // sheen over the far half, brighter than its own glowing edges.
                perceptual_roughness: 0.6,
                reflectance: 0.12,
                ..default()
            })),
        ));
        // Each edge a thin line brighter than white, so bloom makes it glow, in a faint
        // added haze that glows where bloom is off (low graphics, a software renderer).
        let line = materials.add(StandardMaterial {
            base_color: Color::LinearRgba(edge.to_linear() * edge_gain(range)),
            unlit: true,
            ..default()
        });
        let haze = materials.add(StandardMaterial {
            base_color: edge.with_alpha(0.15),
            alpha_mode: AlphaMode::Add,
            unlit: true,
            ..default()
        });
        for r in [inner + 0.012, inner + width - 0.012] {
            commands.spawn((
                // Round at any size: at the default 32 sides the edges were polygons at
                // 1920x1080 (an art director's read: "visibly faceted").
                Mesh3d(meshes.add(Annulus::new(r - 0.008, r + 0.008).mesh().resolution(192))),
                MeshMaterial3d(line.clone()),
                Transform::from_rotation(flat).with_translation(Vec3::Y * 0.004),
            ));
            commands.spawn((
                Mesh3d(meshes.add(Annulus::new(r - 0.035, r + 0.035).mesh().resolution(192))),
                MeshMaterial3d(haze.clone()),
                Transform::from_rotation(flat).with_translation(Vec3::Y * 0.003),
            ));
        }
    }
    commands.spawn((
        Mesh3d(meshes.add(Circle::new(SHIP_RADIUS - 0.02).mesh().resolution(96))),
        MeshMaterial3d(material(&mut materials, Color::srgb(0.03, 0.04, 0.08))),
        Transform::from_rotation(flat).with_translation(Vec3::new(0.0, -0.005, 0.0)),
    ));
    // Sector lines, faint, with a tick where each ring begins, as on a plotting grid.
    let line = meshes.add(Cuboid::new(0.022, 0.01, outer - SHIP_RADIUS));
    let tick = meshes.add(Cuboid::new(0.2, 0.01, 0.022));
    let faint = materials_unlit(&mut materials, Color::srgb(0.62, 0.7, 0.82), 0.55);
    let bright = materials_unlit(&mut materials, Color::srgb(0.75, 0.82, 0.92), 0.9);
    for sector in 0..6u8 {
        let angle = f32::from(sector) * TAU / 6.0;
        let middle = (outer + SHIP_RADIUS) / 2.0;
        let turn = Quat::from_rotation_y(-angle);
        commands.spawn((
            Mesh3d(line.clone()),
            MeshMaterial3d(faint.clone()),
            Transform::from_translation(on_board(angle, middle, 0.006)).with_rotation(turn),
        ));
        for ring in 0..4 {
            let r = SHIP_RADIUS + RING_WIDTH * ring as f32;
            commands.spawn((
                Mesh3d(tick.clone()),
                MeshMaterial3d(bright.clone()),
                Transform::from_translation(on_board(angle, r, 0.008)).with_rotation(turn),
            ));
        }
    }
    crate::game::table::scene::die::spawn_die(&mut commands, &mut meshes, &mut materials);
    crate::game::table::scene::piles::spawn_piles(&mut commands, &mut meshes, &mut materials);
    crate::game::table::scene::enterprise::spawn_enterprise(
        &mut commands,
        &mut meshes,
        &mut materials,
        &mut images,
        &palette,
    );
}
