//! Threat and mission tokens and the ship's sections follow the rules state: tokens are
//! spawned, moved and removed to match it, and each section shows its state.

use bevy::prelude::*;
use std::collections::BTreeMap;
use std::f32::consts::{FRAC_PI_2, PI, TAU};
use stp_rules::{SectionState, TokenId};

use crate::game::pacing::AnimationSpeed;
use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;
use crate::game::table::parts::{
    HullPiece, MissionPiece, Pieces, ShieldPiece, Ship, ThreatPiece, on_board, ring_center,
    sector_angle,
};
use crate::game::table::scene::enterprise::Crack;
use crate::game::table::scene::looks::{Look, Rim, rim_of};
use crate::game::table::scene::materials::Palette;
use crate::game::table::scene::motion::{Glide, OnRings};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (sync_pieces, sync_ship)
            .run_if(resource_changed::<Shown>)
            .in_set(GameSystems::Present),
    );
}

pub use crate::game::table::parts::TOKEN_RADIUS;

/// How far apart the centres of tokens sharing a space sit along the ring, at most and at
/// least: at most, apart with a little gap, where the ring has room (readers took touching
/// pieces for a pile); at least, each Defense numeral still shows on the strip its
/// neighbour leaves.
const FAN: (f32, f32) = (1.16, 0.4);

/// Pieces side by side sit this many diameters apart, centre to centre.
const APART: f32 = 1.04;

/// The smallest a piece is drawn to sit beside its neighbours rather than over them.
const SIDE_BY_SIDE: f32 = 0.84;

/// A token's place in its space: its slot and how many pieces share the space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fanned {
    pub slot: usize,
    pub of: usize,
    /// A lone piece steps aside along its ring (clockwise +1, anticlockwise −1) when the ring
    /// just inside it holds a piece at the centre of the same sector: otherwise its Defense
    /// badge, which faces the ship, lands on that piece's face (readers read "KO" for KOR).
    pub stagger: i8,
}

/// How far a staggered piece steps aside along its ring (world units).
const STAGGER: f32 = 0.62;

impl Fanned {
    /// The spacing along the ring, and the scale a crowded space needs to fit its arc: side
    /// by side with a little gap at full size where the ring has room; else side by side a
    /// little smaller, down to `SIDE_BY_SIDE` (readers took overlapping pieces for a pile, a
    /// badge over a neighbour for its Defense); else, in a space too crowded for that, fanned
    /// over each other at full size, each numeral on the strip its neighbour leaves.
    fn spacing(self, range: stp_rules::Range) -> (f32, f32) {
        let arc = ring_center(range) * TAU / 6.0 * 0.98;
        let diameter = 2.0 * TOKEN_RADIUS;
        if self.of < 2 {
            return (0.0, 1.0);
        }
        let gaps = (self.of - 1) as f32;
        // Spread over the arc at the tokens' inner edge, where the sector is narrowest, so
        // the end pieces keep clear of the sector lines wherever the ring has room.
        let inner_arc = (ring_center(range) - TOKEN_RADIUS) * TAU / 6.0 * 0.98;
        let room = (inner_arc - diameter) / gaps;
        if room >= diameter * APART {
            return (room.min(FAN.0), 1.0);
        }
        let shrunk = arc * 0.96 / (diameter * (APART * gaps + 1.0));
        if shrunk >= SIDE_BY_SIDE {
            let scale = shrunk.min(1.0);
            return (diameter * APART * scale, scale);
        }
        // Fanned over each other: spread over the arc at the tokens' centres, so the strip
        // each leaves bare for the numeral below is as wide as the sector allows.
        let spacing = ((arc - diameter) / gaps).clamp(FAN.1, FAN.0);
        let scale = (arc / (gaps * spacing + diameter)).min(1.0);
        (spacing * scale, scale)
    }

    /// Where the Defense numeral sits along the ring from the token's centre (world units,
    /// clockwise positive): on the strip the next token, lying over this one, leaves bare.
    pub fn numeral_shift(self, range: stp_rules::Range) -> f32 {
        let (spacing, scale) = self.spacing(range);
        let radius = TOKEN_RADIUS * scale;
        if self.slot + 1 >= self.of || spacing >= 2.0 * radius {
            return 0.0;
        }
        (spacing / 2.0 - radius).min(0.0)
    }
}

/// Every piece's place in its space: threats first, in the state's order, then mission
/// tokens (keyed by `u16::from(token) + 256`, so the two kinds never clash).
pub(crate) fn fan_out(state: &stp_rules::GameState) -> BTreeMap<u16, Fanned> {
    let mut spaces: BTreeMap<(u8, u8), Vec<u16>> = BTreeMap::new();
    for t in state.threats() {
        spaces
            .entry((t.pos.range as u8, t.pos.sector))
            .or_default()
            .push(u16::from(t.token));
    }
    for m in state.mission_tokens() {
        spaces
            .entry((m.pos.range as u8, m.pos.sector))
            .or_default()
            .push(u16::from(m.token) + 256);
    }
    let mut fanned = BTreeMap::new();
    for (&(range, sector), pieces) in &spaces {
        // A lone piece steps aside when the space inside holds a piece at its centre (one,
        // or the middle one of three; two sit either side of the centre, and a badge between
        // them lands on neither). Long steps clockwise and Medium anticlockwise, so a sector
        // with a piece in every ring has each pair of neighbours apart.
        let inside_held = range > 0
            && spaces
                .get(&(range - 1, sector))
                .is_some_and(|inside| inside.len() % 2 == 1);
        let stagger = match (pieces.len(), inside_held, range) {
            (1, true, 2) => 1,
            (1, true, _) => -1,
            _ => 0,
        };
        for (slot, key) in pieces.iter().enumerate() {
            fanned.insert(
                *key,
                Fanned {
                    slot,
                    of: pieces.len(),
                    stagger,
                },
            );
        }
    }
    fanned
}

/// Where a token stands: its ring and sector, fanned out along the ring when several share a
/// space (each a little higher than the last, so it lies over its neighbour), scaled down
/// only when a space is too crowded for the fan; flipped face down when cloaked.
pub fn token_transform(
    sector: u8,
    range: stp_rules::Range,
    fan: Fanned,
    flipped: bool,
) -> Transform {
    let radius = ring_center(range);
    let (spacing, scale) = fan.spacing(range);
    let offset = ((fan.slot as f32 - (fan.of as f32 - 1.0) / 2.0) * spacing
        + f32::from(fan.stagger) * STAGGER)
        / radius;
    let angle = sector_angle(sector) + offset;
    let rotation = if flipped {
        Quat::from_rotation_z(PI)
    } else {
        Quat::IDENTITY
    };
    Transform::from_translation(on_board(angle, radius, 0.05 + 0.015 * fan.slot as f32))
        .with_rotation(rotation)
        .with_scale(Vec3::splat(scale))
}

/// The rim pieces: a gold frame, or a dashed ring, around the token's face.
fn spawn_rim(commands: &mut Commands, palette: &Palette, token: Entity, id: TokenId) {
    let rim = rim_of(id);
    // A gold frame a little larger than the chit: the Starbase's square (a friend's frame),
    // and a captain's hexagon (its gold silhouette and name plate alone left it "the same red
    // hexagon as a Klingon", read 20).
    let framed = match rim {
        Rim::Starbase => Some((Look::Starbase, 1.14)),
        Rim::Captain(_) => Some((Look::KlingonCruiser, 1.06)),
        Rim::Cloaks | Rim::None => None,
    };
    if let Some((look, scale)) = framed {
        let frame = commands
            .spawn((
                Mesh3d(palette.chits[look].clone()),
                MeshMaterial3d(palette.border_yellow.clone()),
                Transform::from_xyz(0.0, -0.01, 0.0).with_scale(Vec3::new(scale, 0.9, scale)),
            ))
            .id();
        commands.entity(token).add_child(frame);
        return;
    }
    if rim != Rim::Cloaks {
        return;
    }
    // A bright dashed line just outside the chit's collar, in its outline's shape. Fourteen
    // small dots in the cloak's blue went unseen at 1280×720 (read 19: "I can't see the
    // dotted ring"); twelve large ones on the outline read as a cog round the Bird-of-Prey's
    // octagon (read 46).
    let dashes = commands
        .spawn((
            Mesh3d(palette.cloak_dashes[Look::of(id)].clone()),
            MeshMaterial3d(palette.cloak_dashes_ink.clone()),
            Transform::from_xyz(0.0, -0.02, 0.0),
        ))
        .id();
    commands.entity(token).add_child(dashes);
}

/// The token's face: its silhouette (on the face-up side only, so a cloaked token, face
/// down, shows its back: the cloak's mark), and the veil that dims it when a picked card
/// cannot target it.
fn spawn_face(commands: &mut Commands, palette: &Palette, token: Entity, id: TokenId) {
    let look = Look::of(id);
    let lie_flat = Quat::from_rotation_x(-FRAC_PI_2);
    // A captain's battle cruiser wears its silhouette in gold, a plain one in black: readers
    // told Kang, Koloth and Kor from a Klingon only by the small plate beside them.
    let ink = match rim_of(id) {
        Rim::Captain(_) => palette.captain_emblem.clone(),
        _ => palette.emblem.clone(),
    };
    let emblem = commands
        .spawn((
            Mesh3d(palette.silhouettes[look].clone()),
            MeshMaterial3d(ink),
            Transform::from_xyz(0.0, 0.045, 0.0).with_rotation(lie_flat),
        ))
        .id();
    let back = commands
        .spawn((
            Mesh3d(palette.back_mesh.clone()),
            MeshMaterial3d(palette.border_blue.clone()),
            Transform::from_xyz(0.0, -0.045, 0.0).with_rotation(Quat::from_rotation_x(FRAC_PI_2)),
        ))
        .id();
    let veil = commands
        .spawn((
            Mesh3d(palette.chits[look].clone()),
            MeshMaterial3d(palette.veil.clone()),
            Transform::from_xyz(0.0, 0.01, 0.0).with_scale(Vec3::new(1.06, 1.4, 1.06)),
            Visibility::Hidden,
            Veil,
        ))
        .id();
    commands.entity(token).add_children(&[emblem, back, veil]);
}

/// The dark veil over a token a picked card cannot target.
#[derive(Component)]
pub(crate) struct Veil;

/// Spawns, moves and removes token entities to match the state.
fn sync_pieces(
    shown: Res<Shown>,
    palette: Res<Palette>,
    mut pieces: ResMut<Pieces>,
    mut commands: Commands,
    mut tokens: Query<(&mut Glide, &mut MeshMaterial3d<StandardMaterial>), With<ThreatPiece>>,
    speed: Res<AnimationSpeed>,
    corners: Res<crate::game::table::scene::camera::Corners>,
) {
    let Some(state) = shown.get() else {
        // No game on the table (the title, once a game is left): no pieces either.
        for (_, entity) in std::mem::take(&mut pieces.threats) {
            commands.entity(entity).despawn();
        }
        for (_, entity) in std::mem::take(&mut pieces.missions) {
            commands.entity(entity).despawn();
        }
        pieces.force_fields.clear();
        return;
    };
    // Tokens sharing a space fan out.
    let fanned = fan_out(state);
    for (token, entity) in pieces.threats.clone() {
        if state.threat(token).is_none() {
            commands.entity(entity).despawn();
            pieces.threats.remove(&token);
        }
    }
    for t in state.threats() {
        let fan = fanned[&u16::from(t.token)];
        let to = token_transform(t.pos.sector, t.pos.range, fan, t.cloaked);
        let mat = match t.cloaked {
            true => palette.cloaked.clone(),
            false => palette.faces[Look::of(t.token)].clone(),
        };
        match pieces
            .threats
            .get(&t.token)
            .and_then(|e| tokens.get_mut(*e).ok())
        {
            Some((mut glide, mut current)) => {
                glide.to = to;
                current.0 = mat;
            }
            None => {
                // New tokens fly in from the bag.
                let mut from = to;
                if !speed.skip {
                    from.translation = crate::game::table::scene::piles::pile_place(
                        &corners,
                        crate::game::table::scene::piles::Pile::Bag,
                    ) + Vec3::Y * 0.6;
                    from.scale = Vec3::splat(0.4);
                }
                let entity = commands
                    .spawn((
                        Mesh3d(palette.chits[Look::of(t.token)].clone()),
                        MeshMaterial3d(mat),
                        from,
                        Glide { to },
                        OnRings,
                        ThreatPiece(t.token),
                    ))
                    .id();
                spawn_rim(&mut commands, &palette, entity, t.token);
                // Its dark collar, parting the chit from the band it lies on. A halo in the
                // band's edge colour, round it till read 39, drew one more line of that colour
                // by the band's own edges, and readers put the token on the line.
                let collar = commands
                    .spawn((
                        Mesh3d(palette.collar_meshes[Look::of(t.token)].clone()),
                        MeshMaterial3d(palette.collar.clone()),
                        Transform::from_xyz(0.0, -0.03, 0.0),
                    ))
                    .id();
                commands.entity(entity).add_child(collar);
                spawn_face(&mut commands, &palette, entity, t.token);
                pieces.threats.insert(t.token, entity);
            }
        }
    }
    // A Force Field shows as a shield-blue bubble over the ship it holds.
    for (token, bubble) in pieces.force_fields.clone() {
        match state.threat(token) {
            Some(t) if t.force_field => {}
            // A destroyed ship's piece took its bubble with it.
            None => {
                pieces.force_fields.remove(&token);
            }
            Some(_) => {
                commands.entity(bubble).despawn();
                pieces.force_fields.remove(&token);
            }
        }
    }
    for t in state.threats().iter().filter(|t| t.force_field) {
        if let (None, Some(piece)) = (
            pieces.force_fields.get(&t.token),
            pieces.threats.get(&t.token),
        ) {
            let bubble = commands
                .spawn((
                    Mesh3d(palette.bubble_mesh.clone()),
                    MeshMaterial3d(palette.force_field.clone()),
                    Transform::default(),
                ))
                .id();
            commands.entity(*piece).add_child(bubble);
            pieces.force_fields.insert(t.token, bubble);
        }
    }
    // Mission tokens: navy chits with a gold rim and diamond.
    for (token, entity) in pieces.missions.clone() {
        if !state.mission_tokens().iter().any(|m| m.token == token) {
            commands.entity(entity).despawn();
            pieces.missions.remove(&token);
        }
    }
    for m in state.mission_tokens() {
        let fan = fanned[&(u16::from(m.token) + 256)];
        let to = token_transform(m.pos.sector, m.pos.range, fan, false);
        match pieces.missions.get(&m.token) {
            Some(entity) => {
                commands.entity(*entity).insert(Glide { to });
            }
            None => {
                let entity = commands
                    .spawn((
                        Mesh3d(palette.mission_mesh.clone()),
                        MeshMaterial3d(palette.mission.clone()),
                        to,
                        Glide { to },
                        MissionPiece,
                    ))
                    .with_children(|chit| {
                        // The rim on the disc's top edge, the diamond on its face.
                        for (mesh, y) in [
                            (&palette.mission_rim_mesh, 0.05),
                            (&palette.mission_mark_mesh, 0.0),
                        ] {
                            chit.spawn((
                                Mesh3d(mesh.clone()),
                                MeshMaterial3d(palette.mission_mark.clone()),
                                Transform::from_xyz(0.0, y, 0.0),
                            ));
                        }
                    })
                    .id();
                pieces.missions.insert(m.token, entity);
            }
        }
    }
}

/// The cracks are apart from the sections they mark.
type NotASection = (Without<ShieldPiece>, Without<HullPiece>);

/// The ship's heading and the state of each Shield and Hull section.
fn sync_ship(
    shown: Res<Shown>,
    palette: Res<Palette>,
    mut ship: Query<&mut Glide, With<Ship>>,
    mut shields: Query<
        (
            &ShieldPiece,
            &mut MeshMaterial3d<StandardMaterial>,
            &mut Visibility,
        ),
        Without<HullPiece>,
    >,
    mut hulls: Query<(&HullPiece, &mut MeshMaterial3d<StandardMaterial>), Without<ShieldPiece>>,
    mut cracks: Query<(&Crack, &mut Visibility), NotASection>,
) {
    let Some(state) = shown.get() else { return };
    for mut glide in &mut ship {
        let yaw = -f32::from(state.enterprise().heading) * TAU / 6.0;
        glide.to = Transform::from_rotation(Quat::from_rotation_y(yaw));
    }
    // The whole arc only while intact: a damaged Shield shows its broken arc instead.
    for (piece, mut mat, mut visible) in &mut shields {
        mat.0 = palette.shield[0].clone();
        visible.set_if_neq(match state.enterprise().shields[piece.0 as usize] {
            SectionState::Intact => Visibility::Inherited,
            _ => Visibility::Hidden,
        });
    }
    for (piece, mut mat) in &mut hulls {
        let index = match state.enterprise().hull[piece.0 as usize] {
            SectionState::Intact => 0,
            SectionState::Damaged => 1,
            SectionState::Destroyed => 2,
        };
        mat.0 = palette.hull[index].clone();
    }
    // A damaged Shield or Hull section shows its crack.
    for (crack, mut visible) in &mut cracks {
        use SectionState::{Damaged, Destroyed};
        let shown = match *crack {
            Crack::ShieldDamaged(f) => state.enterprise().shields[f as usize] == Damaged,
            Crack::Hull(f) => state.enterprise().hull[f as usize] == Damaged,
            // A destroyed Shield is gone; a destroyed Hull plate stays, charred and crossed.
            Crack::Destroyed(f) => state.enterprise().hull[f as usize] == Destroyed,
            Crack::ShieldGone(f) => state.enterprise().shields[f as usize] == Destroyed,
        };
        visible.set_if_neq(match shown {
            true => Visibility::Inherited,
            false => Visibility::Hidden,
        });
    }
}
