//! What holds the Enterprise in place, on the board: a Tholian's web (strands from each
//! Tholian in Short Range to her Shields) and the "No Maneuver" token over her, as the
//! rulebook's reminder sits on the physical model. Both come from the rules' own answers
//! (`tholian_web`, `maneuver_forbidden`), and each says what it means on hover.

use bevy::prelude::*;
use stp_rules::content::builtin;
use stp_rules::{GameState, Range};

use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;
use crate::game::table::parts::{on_board, sector_angle};
use crate::game::table::scene::materials::glow;
use crate::game::table::scene::pieces::{TOKEN_RADIUS, fan_out, token_transform};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_no_maneuver).add_systems(
        Update,
        (show_no_maneuver, weave_webs)
            .run_if(resource_changed::<Shown>)
            .in_set(GameSystems::Present),
    );
}

/// Where the No Maneuver token sits: on her stern, between the nacelles, clear of the saucer.
pub(crate) const NO_MANEUVER_AT: Vec3 = Vec3::new(0.0, 0.56, 0.56);
pub(crate) const NO_MANEUVER_RADIUS: f32 = 0.17;

/// Where the web holds her: outside her Shields' wall, so it never hides their state (at
/// 0.02 outside, its threads, raised and glowing, lay over a damaged Shield's dashes in read
/// 41's picture).
pub const WEB_RADIUS: f32 = crate::game::table::parts::SHIP_RADIUS + 0.12;

/// The rulebook's "No Maneuver" reminder: a red octagon with a white bar.
#[derive(Component)]
pub(crate) struct NoManeuver;

/// The strands of one Tholian's web.
#[derive(Component)]
pub struct Web;

fn spawn_no_maneuver(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let red = materials.add(StandardMaterial {
        base_color: Color::srgb(0.8, 0.06, 0.05),
        emissive: LinearRgba::rgb(0.5, 0.02, 0.0),
        ..default()
    });
    let white = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        unlit: true,
        ..default()
    });
    // Tipped toward the camera, which looks at the board from its bottom edge (+Z).
    let facing_camera = Quat::from_rotation_x(0.7);
    commands
        .spawn((
            Mesh3d(meshes.add(Cylinder::new(NO_MANEUVER_RADIUS, 0.04).mesh().resolution(8))),
            MeshMaterial3d(red),
            Transform::from_translation(NO_MANEUVER_AT).with_rotation(facing_camera),
            Visibility::Hidden,
            NoManeuver,
        ))
        .with_children(|token| {
            token.spawn((
                Mesh3d(meshes.add(Cuboid::new(NO_MANEUVER_RADIUS * 1.3, 0.01, 0.09))),
                MeshMaterial3d(white),
                Transform::from_xyz(0.0, 0.022, 0.0),
            ));
        });
}

fn show_no_maneuver(shown: Res<Shown>, mut token: Query<&mut Visibility, With<NoManeuver>>) {
    let Some(state) = shown.get() else { return };
    let wanted = match state.maneuver_forbidden() {
        Some(_) => Visibility::Inherited,
        None => Visibility::Hidden,
    };
    for mut visible in &mut token {
        visible.set_if_neq(wanted);
    }
}

/// The Tholians whose web holds the Enterprise: those in Short Range.
fn weavers(state: &GameState) -> impl Iterator<Item = &stp_rules::state::ThreatOnBoard> {
    state
        .threats()
        .iter()
        .filter(|t| t.pos.range == Range::Short && builtin().threat(t.token).is_tholian())
}

/// Each web's strands: one web for each Tholian in Short Range, from where its piece stands.
pub(crate) fn each_web(state: &GameState) -> Vec<Vec<Vec<Vec3>>> {
    let fanned = fan_out(state);
    weavers(state)
        .map(|t| {
            let fan = fanned[&u16::from(t.token)];
            let at = token_transform(t.pos.sector, t.pos.range, fan, t.cloaked);
            strands(at.translation, t.pos.sector)
        })
        .collect()
}

/// A web's strands as polylines on the board: a fan of threads from the edge of the
/// Tholian's piece (never over its face) to the Shields' rim on its side of the ship, crossed
/// by two threads between them.
pub fn strands(from: Vec3, sector: u8) -> Vec<Vec<Vec3>> {
    const HEIGHT: f32 = 0.12;
    let middle = sector_angle(sector);
    let centre = Vec3::new(from.x, HEIGHT, from.z);
    let lines: Vec<Vec<Vec3>> = [-0.62, -0.31, 0.0, 0.31, 0.62]
        .iter()
        .map(|da| {
            let end = on_board(middle + da, WEB_RADIUS, HEIGHT);
            let start = centre + (end - centre).normalize_or_zero() * TOKEN_RADIUS * 0.95;
            vec![start, end]
        })
        .collect();
    let mut web = lines.clone();
    for t in [0.35, 0.7] {
        web.push(lines.iter().map(|l| l[0].lerp(l[1], t)).collect());
    }
    web
}

fn weave_webs(
    shown: Res<Shown>,
    strands_shown: Query<Entity, With<Web>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut thread: Local<Option<Handle<StandardMaterial>>>,
    mut commands: Commands,
) {
    let Some(state) = shown.get() else { return };
    for web in &strands_shown {
        commands.entity(web).despawn();
    }
    // A pale violet-white: in the Tholians' orange it read as the amber of a damaged Shield
    // (read 12).
    let thread = thread
        .get_or_insert_with(|| glow(&mut materials, Color::srgb(0.88, 0.8, 1.0), 0.9))
        .clone();
    let mut lines: Vec<Vec<Vec3>> = each_web(state).concat();
    // Held: a thread all round her Shields, which the strands hold fast.
    if !lines.is_empty() {
        lines.push(
            (0..=48)
                .map(|i| on_board(i as f32 / 48.0 * std::f32::consts::TAU, WEB_RADIUS, 0.12))
                .collect(),
        );
    }
    for line in lines {
        commands.spawn((
            // 0.035 across: at 0.02 two readers of read 45 found the threads "almost
            // invisible" on the Short ring.
            Mesh3d(meshes.add(crate::game::table::scene::shapes::crack(
                &line,
                0.035,
                Vec3::Y,
            ))),
            MeshMaterial3d(thread.clone()),
            Transform::default(),
            Web,
        ));
    }
}
