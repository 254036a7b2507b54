//! The palette every piece of the scene is drawn with, made once at start-up: the tokens'
//! meshes and materials, the ship's plates, the shots' flares, and the few material recipes
//! (metal, matt, glowing) the board, the ship and the piles share. It sits below all of
//! them, so none of them imports another for a colour.

use bevy::prelude::*;
use stp_rules::Range;

use crate::game::table::parts::TOKEN_RADIUS;
use crate::game::table::scene::looks;
use crate::game::theme::palette::{self, RANGE_BANDS, RANGE_EDGES};
use crate::game::theme::threat_looks::ByLook;

#[derive(Resource, Clone)]
pub(crate) struct Palette {
    /// A threat token: a thick disc, like the cardboard piece.
    pub token_mesh: Handle<Mesh>,
    /// Each chit's dark collar (`looks::collar`), and its ink.
    pub collar_meshes: ByLook<Handle<Mesh>>,
    pub collar: Handle<StandardMaterial>,
    /// Each kind's chit, its outline telling the faction as well as its colour (a Klingon's
    /// hexagon, a Romulan's disc, a Tholian's triangle, the Starbase's square).
    pub chits: ByLook<Handle<Mesh>>,
    /// A cloaking ship's dashed ring, in each outline's shape.
    pub cloak_dashes: ByLook<Handle<Mesh>>,
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
    pub silhouettes: ByLook<Handle<Mesh>>,
    pub faces: ByLook<Handle<StandardMaterial>>,
    /// A dark silhouette, and the veil that dims a token a picked card cannot target.
    pub emblem: Handle<StandardMaterial>,
    /// A Klingon captain's silhouette: gold, as its name plate's rim.
    pub captain_emblem: Handle<StandardMaterial>,
    pub veil: Handle<StandardMaterial>,
    pub cloaked: Handle<StandardMaterial>,
    pub border_yellow: Handle<StandardMaterial>,
    pub border_blue: Handle<StandardMaterial>,
    /// The dashes round a ship that can cloak, in the cloak's light blue: on the band, apart
    /// from the chit, they show where dots on its grey or green face did not.
    pub cloak_dashes_ink: Handle<StandardMaterial>,
    pub mission: Handle<StandardMaterial>,
    /// A Shield intact (lit blue) and damaged (amber).
    pub shield: [Handle<StandardMaterial>; 2],
    /// A Hull section intact, damaged and destroyed (scorched).
    pub hull: [Handle<StandardMaterial>; 3],
    pub phaser: Handle<StandardMaterial>,
    pub enemy_fire: Handle<StandardMaterial>,
    pub blast: Handle<StandardMaterial>,
}

/// The chits' printed faces, in pixels a side: about twice a chit's size on screen at
/// 1920×1080, so the printed line stays sharp.
const CHIT_FACE: usize = 128;

/// Each range's band (deep, quiet) and the glowing line at its edges (bright, the same hue).
pub(crate) const RANGE_LOOKS: [(Range, Color, Color); 3] = [
    (Range::Short, RANGE_BANDS[0].bevy(), RANGE_EDGES[0].bevy()),
    (Range::Medium, RANGE_BANDS[1].bevy(), RANGE_EDGES[1].bevy()),
    (Range::Long, RANGE_BANDS[2].bevy(), RANGE_EDGES[2].bevy()),
];

/// A brushed-metal look for the hull plates and rims.
pub(crate) fn metal(
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

pub(crate) fn material(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: 0.6,
        ..default()
    })
}

pub(crate) fn materials_unlit(
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

pub(crate) fn glow(
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

pub(crate) fn make_palette(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let m = &mut *materials;
    let palette = Palette {
        token_mesh: meshes.add(Cylinder::new(TOKEN_RADIUS, 0.08)),
        collar_meshes: ByLook::new(|look| meshes.add(looks::collar(look))),
        collar: materials_unlit(m, Color::srgb(0.03, 0.04, 0.07), 1.0),
        chits: ByLook::new(|look| meshes.add(looks::chit(look))),
        cloak_dashes: ByLook::new(|look| meshes.add(looks::cloak_dashes(look))),
        back_mesh: meshes.add(Annulus::new(0.2, 0.27)),
        mission_mesh: meshes.add(Cylinder::new(0.34, 0.1)),
        mission_rim_mesh: meshes.add(Torus::new(0.3, 0.35)),
        mission_mark_mesh: meshes.add(crate::game::table::scene::shapes::flat_mesh(
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
        silhouettes: ByLook::new(|look| meshes.add(looks::silhouette(look))),
        // A printed, die-cut face (`looks::chit_face_pixels`) tinted by the kind's colour.
        faces: ByLook::new(|look| {
            let face = crate::game::table::scene::plot::clamped_image(
                CHIT_FACE,
                looks::chit_face_pixels(look.chit().0, CHIT_FACE),
                bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb,
            );
            let face = images.add(face);
            m.add(StandardMaterial {
                base_color: look.color(),
                base_color_texture: Some(face.clone()),
                // Lit from within as well, as a display's marker: the board's light is dim
                // glass, and the pieces are what must shout on it.
                emissive: look.color().to_linear() * 0.35,
                emissive_texture: Some(face),
                perceptual_roughness: 0.5,
                ..default()
            })
        }),
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
        // A cloaked ship is a ghost of a chit: its dark blue back a quarter seen through, so it
        // does not read as one more grey piece beside a Bird-of-Prey (read 42); seen through at
        // three fifths, three readers of read 49 found it nearly invisible on the bands.
        cloaked: m.add(StandardMaterial {
            base_color: crate::game::theme::threat_looks::CLOAKED_BACK.with_alpha(0.75),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.6,
            ..default()
        }),
        border_yellow: metal(m, Color::srgb(0.95, 0.85, 0.1)),
        border_blue: glow(m, palette::CLOAK.bevy(), 1.0),
        // The cloak's light blue, as the key and the rules say: a near-white read as grey (read 47).
        cloak_dashes_ink: glow(m, palette::CLOAK.bevy(), 1.0),
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
