//! The board itself, made once at start-up: the rings and sector lines, the light, and the
//! palette every piece is drawn with; the piles (`piles`) and the Enterprise (`enterprise`)
//! are made with it.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::f32::consts::{FRAC_PI_2, TAU};
use stp_rules::Range;

use super::camera::Corners;
use super::looks::{self, Look};
use super::pieces::TOKEN_RADIUS;
use super::{RING_WIDTH, SHIP_RADIUS, on_board, ring_center};
use crate::game::pacing::Shown;
use crate::game::palette::{self, RANGE_BANDS, RANGE_EDGES};
use crate::game::systems::GameSystems;
use std::collections::BTreeMap;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (make_palette, spawn_board).chain())
        .add_systems(Update, draw_first_frames)
        .add_systems(
            Update,
            super::piles::place_piles
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

#[derive(Resource, Clone)]
pub(crate) struct Palette {
    /// A threat token: a thick disc, like the cardboard piece.
    pub token_mesh: Handle<Mesh>,
    /// The glow under a token in its ring's edge colour, by range (Short, Medium, Long): the
    /// token is seen to sit in that ring.
    pub halos: [Handle<StandardMaterial>; 3],
    pub halo_mesh: Handle<Mesh>,
    /// Each kind's chit, its outline telling the faction as well as its colour (a Klingon's
    /// hexagon, a Romulan's disc, a Tholian's triangle, the Starbase's square).
    pub chits: BTreeMap<Look, Handle<Mesh>>,
    pub dot_mesh: Handle<Mesh>,
    /// The cloak's mark on a token's back.
    pub back_mesh: Handle<Mesh>,
    /// A mission object's chit: a navy disc, a gold rim and a gold diamond on its face (the
    /// mission's mark; its name is on the board beside it).
    pub mission_mesh: Handle<Mesh>,
    pub mission_rim_mesh: Handle<Mesh>,
    pub mission_mark_mesh: Handle<Mesh>,
    pub mission_mark: Handle<StandardMaterial>,
    pub beam_mesh: Handle<Mesh>,
    pub blast_mesh: Handle<Mesh>,
    pub bubble_mesh: Handle<Mesh>,
    /// A cloak's shimmer: a tall, faint column over the token.
    pub shimmer_mesh: Handle<Mesh>,
    pub shimmer: Handle<StandardMaterial>,
    /// What a piece leaves where it was, with reduced motion, as it fades.
    pub ghost: Handle<StandardMaterial>,
    /// The Force Field's ring around the ship it holds.
    pub force_field: Handle<StandardMaterial>,
    /// Each kind's silhouette and face colour (`looks`), so kind reads by shape as well as
    /// colour.
    pub silhouettes: BTreeMap<Look, Handle<Mesh>>,
    pub faces: BTreeMap<Look, Handle<StandardMaterial>>,
    /// A dark silhouette, and the veil that dims a token a picked card cannot target.
    pub emblem: Handle<StandardMaterial>,
    /// A Klingon captain's silhouette: gold, as its name plate's rim.
    pub captain_emblem: Handle<StandardMaterial>,
    pub veil: Handle<StandardMaterial>,
    pub cloaked: Handle<StandardMaterial>,
    pub border_yellow: Handle<StandardMaterial>,
    pub border_blue: Handle<StandardMaterial>,
    pub mission: Handle<StandardMaterial>,
    /// A Shield intact (lit blue) and damaged (amber).
    pub shield: [Handle<StandardMaterial>; 2],
    /// A Hull section intact, damaged and destroyed (scorched).
    pub hull: [Handle<StandardMaterial>; 3],
    pub phaser: Handle<StandardMaterial>,
    pub enemy_fire: Handle<StandardMaterial>,
    pub blast: Handle<StandardMaterial>,
}

/// Each range's band (deep, quiet) and the glowing line at its edges (bright, the same hue).
pub(crate) const RANGE_LOOKS: [(Range, Color, Color); 3] = [
    (Range::Short, RANGE_BANDS[0].bevy(), RANGE_EDGES[0].bevy()),
    (Range::Medium, RANGE_BANDS[1].bevy(), RANGE_EDGES[1].bevy()),
    (Range::Long, RANGE_BANDS[2].bevy(), RANGE_EDGES[2].bevy()),
];

/// The strip of dark glass at each side of a band, between it and the next (world units;
/// about 2 px at 1280×720, so 4 px between two rings).
const BAND_GAP: f32 = 0.035;

/// A brushed-metal look for the hull plates and rims.
pub(super) fn metal(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        metallic: 0.6,
        perceptual_roughness: 0.35,
        ..default()
    })
}

pub(super) fn material(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.6,
        ..default()
    })
}

fn materials_unlit(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    alpha: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color.with_alpha(alpha),
        alpha_mode: if alpha < 1.0 {
            AlphaMode::Blend
        } else {
            AlphaMode::Opaque
        },
        unlit: true,
        ..default()
    })
}

/// A shot or a blast: brighter than white, so bloom (high graphics) makes it glow.
fn flare(materials: &mut Assets<StandardMaterial>, color: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color.with_alpha(0.9),
        emissive: color.to_linear() * 12.0,
        alpha_mode: AlphaMode::Blend,
        cull_mode: None,
        ..default()
    })
}

pub(super) fn glow(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    alpha: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color.with_alpha(alpha),
        emissive: color.to_linear() * 2.0,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        cull_mode: None,
        ..default()
    })
}

fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let m = &mut *materials;
    let palette = Palette {
        token_mesh: meshes.add(Cylinder::new(TOKEN_RADIUS, 0.08)),
        halos: RANGE_LOOKS.map(|(_, _, edge)| glow(m, edge, 0.75)),
        halo_mesh: meshes.add(Annulus::new(TOKEN_RADIUS * 0.98, TOKEN_RADIUS * 1.15)),
        chits: Look::ALL
            .iter()
            .map(|look| (*look, meshes.add(looks::chit(*look))))
            .collect(),
        dot_mesh: meshes.add(Sphere::new(0.035)),
        back_mesh: meshes.add(Annulus::new(0.2, 0.27)),
        mission_mesh: meshes.add(Cylinder::new(0.34, 0.1)),
        mission_rim_mesh: meshes.add(Torus::new(0.3, 0.35)),
        mission_mark_mesh: meshes.add(super::shapes::flat_mesh(
            vec![
                [0.0, 0.056, -0.2],
                [0.14, 0.056, 0.0],
                [0.0, 0.056, 0.2],
                [-0.14, 0.056, 0.0],
            ],
            [0.0, 1.0, 0.0],
            vec![0, 2, 1, 0, 3, 2],
        )),
        mission_mark: glow(m, Color::srgb(1.0, 0.8, 0.35), 1.0),
        beam_mesh: meshes.add(Cylinder::new(0.025, 1.0)),
        blast_mesh: meshes.add(Sphere::new(0.25)),
        // A ring of force around the piece, clear of its face.
        bubble_mesh: meshes.add(Torus::new(TOKEN_RADIUS + 0.04, TOKEN_RADIUS + 0.11)),
        force_field: glow(m, Color::srgb(0.45, 0.85, 1.0), 0.85),
        shimmer_mesh: meshes.add(Cylinder::new(TOKEN_RADIUS * 1.12, 0.45)),
        shimmer: glow(m, Color::srgb(0.6, 0.85, 1.0), 0.45),
        ghost: materials_unlit(m, Color::srgb(0.75, 0.8, 0.9), 0.5),
        silhouettes: Look::ALL
            .iter()
            .map(|look| (*look, meshes.add(looks::silhouette(*look))))
            .collect(),
        faces: Look::ALL
            .iter()
            .map(|look| (*look, material(m, look.color())))
            .collect(),
        emblem: m.add(StandardMaterial {
            base_color: Color::srgb(0.04, 0.04, 0.07),
            unlit: true,
            cull_mode: None,
            ..default()
        }),
        captain_emblem: m.add(StandardMaterial {
            base_color: palette::GOLD.bevy(),
            unlit: true,
            cull_mode: None,
            ..default()
        }),
        veil: materials_unlit(m, Color::srgb(0.02, 0.02, 0.04), 0.7),
        cloaked: material(m, super::threat_looks::CLOAKED_BACK),
        border_yellow: metal(m, Color::srgb(0.95, 0.85, 0.1)),
        border_blue: glow(m, palette::CLOAK.bevy(), 1.0),
        mission: material(m, Color::srgb(0.08, 0.12, 0.3)),
        shield: [
            glow(m, palette::SHIELD.bevy(), 0.9),
            glow(m, palette::DAMAGED.bevy(), 0.95),
        ],
        hull: [
            m.add(StandardMaterial {
                base_color: palette::STEEL.bevy(),
                metallic: 0.3,
                perceptual_roughness: 0.45,
                ..default()
            }),
            material(m, palette::DAMAGED_PLATE.bevy()),
            // Scorched: charred nearly black, crossed out by a glowing ember cross
            // (`enterprise`), unlike the steel and the amber in greyscale too.
            m.add(StandardMaterial {
                base_color: Color::srgb(0.07, 0.03, 0.025),
                emissive: LinearRgba::rgb(0.06, 0.008, 0.0),
                perceptual_roughness: 0.9,
                ..default()
            }),
        ],
        phaser: flare(m, Color::srgb(1.0, 0.5, 0.1)),
        enemy_fire: flare(m, Color::srgb(0.3, 1.0, 0.3)),
        blast: flare(m, Color::srgb(1.0, 0.8, 0.3)),
    };
    commands.insert_resource(palette);
}

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
            illuminance: 6_000.0,
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
        brightness: 400.0,
        ..default()
    });
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
    let grid = images.add(super::plot::grid_image(outer));
    // A strip of the dark glass parts each band from the next (`BAND_GAP`), so each ring is a
    // shape of its own rather than a glow beside a glow (an art director's read of the table).
    for (range, band, edge) in RANGE_LOOKS {
        let inner = ring_center(range) - RING_WIDTH / 2.0 + BAND_GAP;
        let width = RING_WIDTH - 2.0 * BAND_GAP;
        let tone = band.to_linear().to_vec3() / super::plot::GROUND;
        let mesh = super::plot::shaded_band(inner, inner + width, tone * 1.5, tone * 0.45, outer);
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
        let line = glow(&mut materials, edge, 1.0);
        for r in [inner + 0.012, inner + width - 0.012] {
            commands.spawn((
                Mesh3d(meshes.add(Annulus::new(r - 0.011, r + 0.011))),
                MeshMaterial3d(line.clone()),
                Transform::from_rotation(flat).with_translation(Vec3::Y * 0.004),
            ));
        }
    }
    commands.spawn((
        Mesh3d(meshes.add(Circle::new(SHIP_RADIUS - 0.02))),
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
    super::piles::spawn_die(&mut commands, &mut meshes, &mut materials);
    super::piles::spawn_piles(&mut commands, &mut meshes, &mut materials);
    super::enterprise::spawn_enterprise(&mut commands, &mut meshes, &mut materials, &palette);
}
