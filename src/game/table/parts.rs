//! The table's shared measures and the markers of its pieces: the rings' radii, a sector's
//! angle, a point on the board, and the components and map that name each piece's entity. A
//! leaf, so the scene, the marks and the report all read it without importing each other.

use bevy::prelude::*;
use std::collections::BTreeMap;
use std::f32::consts::TAU;
use stp_rules::{Range, TokenId};

/// Ring radii: the ship's disc, then Short (blue), Medium (purple), Long (green). The board's
/// radius stays 4.75, the size the layout's limits were measured at. The disc was 1.3 until
/// read 43, whose three readers all found the Enterprise "too small", "almost invisible".
pub(crate) const SHIP_RADIUS: f32 = 1.5;
pub(crate) const RING_WIDTH: f32 = (4.75 - SHIP_RADIUS) / 3.0;

/// A threat token's radius: its face, inside its ring's band with a strip of the band round it
/// (at 0.43, 78 % of the band's width, read 36's readers put Medium tokens on the line to
/// Short; at 71 %, reads 37 and 38 still did, so the rings are wider and the ship's disc
/// smaller: 68 %; with the ship's disc larger again since read 43, 72 %, the held space lit
/// and framed, `report::occupied`).
pub const TOKEN_RADIUS: f32 = 0.39;

/// The ship's disc, from her middle out: the model (within `MODEL_RADIUS`), then her Hull
/// plates in a ring of their own, then her Shields' arcs, so no part of the model covers a
/// section (docs/look.md).
pub(crate) const MODEL_RADIUS: f32 = 0.72 * SHIP_SCALE;
pub(crate) const HULL_RING: (f32, f32) = (0.755 * SHIP_SCALE, 0.98 * SHIP_SCALE);
pub(crate) const SHIELD_RING: (f32, f32) = (1.015 * SHIP_SCALE, 1.27 * SHIP_SCALE);
/// The ship's disc against the 1.3 her parts were first drawn for.
const SHIP_SCALE: f32 = SHIP_RADIUS / 1.3;

// The rings nest without touching: the model, the Hull plates, the Shields, the ship's disc.
const _: () = assert!(
    MODEL_RADIUS < HULL_RING.0 && HULL_RING.1 < SHIELD_RING.0 && SHIELD_RING.1 < SHIP_RADIUS
);

pub(crate) fn ring_center(range: Range) -> f32 {
    let index = match range {
        Range::Short => 0.0,
        Range::Medium => 1.0,
        Range::Long => 2.0,
    };
    SHIP_RADIUS + RING_WIDTH * (index + 0.5)
}

/// Board sectors are numbered clockwise seen from above, sectors 1 and 6 meeting at the top
/// (−Z). Returns the angle of a sector's middle, clockwise from −Z.
pub fn sector_angle(sector: u8) -> f32 {
    (f32::from(sector) + 0.5) * TAU / 6.0
}

/// A point on the board at an angle (clockwise from −Z) and radius.
pub fn on_board(angle: f32, radius: f32, height: f32) -> Vec3 {
    Vec3::new(angle.sin() * radius, height, -angle.cos() * radius)
}

/// Marks a threat token's entity.
#[derive(Component)]
pub(crate) struct ThreatPiece(pub TokenId);

#[derive(Component)]
pub(crate) struct MissionPiece;

/// The Enterprise's root entity (it turns with her heading).
#[derive(Component)]
pub struct Ship;

#[derive(Component)]
pub(crate) struct ShieldPiece(pub u8);

#[derive(Component)]
pub(crate) struct HullPiece(pub u8);

/// The Fore's wedge over the board: turns with the ship, but is no part of her.
#[derive(Component)]
pub(crate) struct ForeMark;

#[derive(Resource, Default)]
pub(crate) struct Pieces {
    pub threats: BTreeMap<TokenId, Entity>,
    pub missions: BTreeMap<u8, Entity>,
    /// The bubble over each ship held by a Force Field.
    pub force_fields: BTreeMap<TokenId, Entity>,
}

/// The pool of light over the ship: high graphics only, where a software renderer pays for
/// it on every lit pixel near the ship (low's threat phase 10 % slower with it). Here, a leaf,
/// so that the board that makes it and the camera that turns it off do not import each other.
#[derive(Component)]
pub(crate) struct ShipLight;

/// The dark glass disc under the rings: high graphics only. The rings cover all of it but the
/// thin strips between them, and a software renderer shades it whole under them (low's threat
/// phase 240 ms a frame with it, 215 ms without, `scripts/frame-time.sh`); on low the strips
/// show the clear colour, as dark.
#[derive(Component)]
pub(crate) struct GlassDisc;
