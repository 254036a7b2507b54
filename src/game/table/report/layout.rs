//! The layout report (`--layout FILE.json` with `--screenshot`): what the picture shows, as
//! rectangles `[left, top, width, height]` in the picture's physical pixels. Scene rects come
//! from the camera's projection of each entity's world-space bounds; text and panel rects
//! from egui's own, as painted in the frame before the picture. Tests and reviews measure
//! token and digit sizes, overlaps and fits from it instead of guessing.

use bevy::camera::primitives::Aabb;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use serde::Serialize;
use std::collections::BTreeMap;
use stp_rules::content::builtin;

use crate::game::model::windows::PanelLayout;
use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;
use crate::game::table::marks::board_painter::SceneMarks;
use crate::game::table::parts::{Pieces, Ship, ThreatPiece, on_board};
use crate::game::table::scene::camera::Orbit;
use crate::game::table::scene::framing::BOARD_RADIUS;
use crate::game::table::scene::pieces::TOKEN_RADIUS;

/// Asks for the report of what is on screen now, written to this file.
#[derive(Message, Debug, Clone)]
pub(crate) struct WriteLayout(pub std::path::PathBuf);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<WriteLayout>()
        .add_systems(Update, write_layout.in_set(GameSystems::Animate));
}

pub(crate) use crate::game::table::report::layout_sections::Rect4;

#[derive(Debug, Serialize)]
pub(crate) struct Size {
    pub width: u32,
    pub height: u32,
    /// The panels' UI scale (egui's zoom factor), as shown: held to what the window fits.
    pub ui_scale: f32,
}

#[derive(Debug, Serialize)]
pub(crate) struct Area {
    pub rect: Rect4,
}

#[derive(Debug, Serialize)]
pub(crate) struct TokenReport {
    pub kind: String,
    pub range: String,
    pub sector: u8,
    pub cloaked: bool,
    /// Its place among the tokens sharing its space (a higher one lies over a lower one).
    pub slot: usize,
    pub rect: Rect4,
    pub defense_rect: Option<Rect4>,
    /// The share (0–1) of the face's rect that lies inside its ring's band on the board: a
    /// token reads as in its ring when nearly all of it is.
    pub band_share: f32,
}

#[derive(Debug, Serialize)]
pub(crate) struct Label {
    pub text: String,
    pub rect: Rect4,
}

/// A text painted in the frame, panels and scene alike: cut when elided ("…") or reaching past
/// the rect it was clipped to.
#[derive(Debug, Serialize)]
pub(crate) struct TextReport {
    pub text: String,
    pub rect: Rect4,
    pub cut: bool,
}

#[derive(Debug, Serialize)]
pub(crate) struct Panel {
    pub name: String,
    pub rect: Rect4,
    /// Whether its content is taller than its view (a reader must scroll).
    pub scrolls: bool,
}

#[derive(Debug, Serialize)]
pub(crate) struct CardReport {
    pub kind: String,
    pub rect: Rect4,
}

#[derive(Debug, Serialize)]
pub(crate) struct HandReport {
    pub player: u8,
    /// The active player's hand, along the foot (the others are seats).
    pub active: bool,
    pub name: String,
    pub rect: Rect4,
    pub cards: Vec<CardReport>,
}

#[derive(Debug, Serialize)]
pub(crate) struct LayoutReport {
    pub window: Size,
    pub board: Area,
    pub ship: Area,
    pub tokens: Vec<TokenReport>,
    /// The Enterprise's Shields and Hull plates.
    pub sections: Vec<crate::game::table::report::layout_sections::SectionReport>,
    pub labels: Vec<Label>,
    pub panels: Vec<Panel>,
    /// Windows over the table (the boarders, Spock's choice).
    pub windows: Vec<Panel>,
    /// Dialogs over the whole table (the game's result): inside the window.
    pub dialogs: Vec<Panel>,
    /// Lines that must fit the window whole, as the top bar's.
    pub lines: Vec<Panel>,
    pub hands: Vec<HandReport>,
    /// Every text painted, with whether it was cut.
    pub texts: Vec<TextReport>,
    /// The props beside the board (the deck, the discard pile, the threat bag and the die):
    /// no label may lie over one.
    pub props: Vec<Label>,
    /// What a screen reader finds on the board: each sector's facing and forecast, each
    /// mission token, in sentences.
    pub reader: Vec<Label>,
}

/// The ship's meshes, without the Fore's wedge over the board (it turns with her, but it is
/// no part of her).
type ShipMeshes<'w, 's> = Query<
    'w,
    's,
    (&'static Aabb, &'static GlobalTransform),
    (With<Mesh3d>, Without<crate::game::table::parts::ForeMark>),
>;

/// The props beside the board: the piles (named by their kind) and the die.
type Props<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        Option<&'static crate::game::table::scene::piles::Pile>,
    ),
    Or<(
        With<crate::game::table::scene::piles::Pile>,
        With<crate::game::table::scene::die::Die>,
    )>,
>;

/// The rectangle around points on screen.
fn bounds(points: impl IntoIterator<Item = Vec2>) -> Option<Rect4> {
    let mut points = points.into_iter();
    let first = points.next()?;
    let (min, max) = points.fold((first, first), |(lo, hi), p| (lo.min(p), hi.max(p)));
    Some([min.x, min.y, max.x - min.x, max.y - min.y])
}

/// The share of a screen rect whose points lie, on the board, within a ring's band: a grid of
/// points over the rect, each taken back through the camera to its distance from the board's
/// middle (`distance`, in world units).
fn band_share(rect: Rect4, range: stp_rules::Range, distance: impl Fn(Vec2) -> Option<f32>) -> f32 {
    const GRID: usize = 12;
    let inner =
        crate::game::table::parts::ring_center(range) - crate::game::table::parts::RING_WIDTH / 2.0;
    let outer = inner + crate::game::table::parts::RING_WIDTH;
    let mut inside = 0;
    for i in 0..GRID {
        for j in 0..GRID {
            let pixel = Vec2::new(
                rect[0] + rect[2] * (i as f32 + 0.5) / GRID as f32,
                rect[1] + rect[3] * (j as f32 + 0.5) / GRID as f32,
            );
            if distance(pixel).is_some_and(|r| (inner..=outer).contains(&r)) {
                inside += 1;
            }
        }
    }
    inside as f32 / (GRID * GRID) as f32
}

/// The eight corners of an entity's bounds, in the world.
fn corners(aabb: &Aabb, at: &GlobalTransform) -> [Vec3; 8] {
    let (lo, hi) = (Vec3::from(aabb.min()), Vec3::from(aabb.max()));
    std::array::from_fn(|i| {
        let p = Vec3::new(
            if i & 1 == 0 { lo.x } else { hi.x },
            if i & 2 == 0 { lo.y } else { hi.y },
            if i & 4 == 0 { lo.z } else { hi.z },
        );
        at.transform_point(p)
    })
}

/// What the table drew this frame, as each part noted it: the marks over the scene, the
/// panels' places and every text painted.
#[derive(bevy::ecs::system::SystemParam)]
struct Drawn<'w> {
    marks: Res<'w, SceneMarks>,
    panels: Res<'w, PanelLayout>,
    painted: Res<'w, crate::game::table::marks::painted_texts::PaintedTexts>,
}

fn write_layout(
    mut asked: MessageReader<WriteLayout>,
    shown: Res<Shown>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut contexts: EguiContexts,
    scene: SceneForReport,
    drawn: Drawn,
) {
    let Drawn {
        marks,
        panels,
        painted,
    } = drawn;
    let Some(WriteLayout(path)) = asked.read().last().cloned() else {
        return;
    };
    let (Some(state), Ok((camera, camera_at))) = (shown.get(), scene.cameras.single()) else {
        eprintln!("error: no table on screen to report the layout of");
        return;
    };
    let scale = window.scale_factor();
    let zoom = contexts.ctx_mut().map_or(1.0, |ctx| ctx.zoom_factor());
    // Bevy answers in logical pixels, egui in points: both become physical pixels.
    let project = |p: Vec3| {
        camera
            .world_to_viewport(camera_at, p)
            .ok()
            .map(|v| v * scale)
    };
    let points = |r: egui::Rect| -> Rect4 {
        let k = zoom * scale;
        [r.min.x * k, r.min.y * k, r.width() * k, r.height() * k]
    };
    let rim = (0..72).filter_map(|i| {
        project(on_board(
            i as f32 * std::f32::consts::TAU / 72.0,
            BOARD_RADIUS,
            0.0,
        ))
    });
    let board = bounds(rim).unwrap_or_default();
    let ship_rect = scene.ship_rect(&project);
    let tokens = scene.tokens(
        state,
        (camera, camera_at),
        scale,
        &project,
        &|r| points(r),
        &marks,
    );
    let named = |list: &[(&'static str, egui::Rect)]| -> Vec<Panel> {
        list.iter()
            .map(|(name, r)| Panel {
                name: name.to_string(),
                rect: points(*r),
                scrolls: panels.scrolls.contains(name),
            })
            .collect()
    };
    let labelled = |marks: &[(String, egui::Rect)]| -> Vec<Label> {
        marks
            .iter()
            .map(|(text, r)| Label {
                text: text.clone(),
                rect: points(*r),
            })
            .collect()
    };
    let labels = labelled(&marks.labels);
    let reader = labelled(&marks.reader);
    let covers: Vec<Rect4> = tokens
        .iter()
        .map(|t| t.rect)
        .chain(labels.iter().map(|l| l.rect))
        .collect();
    let sections = scene
        .ship
        .iter()
        .next()
        .map(|(_, at)| {
            crate::game::table::report::layout_sections::sections(state, at, project, &covers)
        })
        .unwrap_or_default();
    let props = scene.props(&project);
    let report = LayoutReport {
        window: Size {
            width: window.physical_width(),
            height: window.physical_height(),
            ui_scale: zoom,
        },
        board: Area { rect: board },
        ship: Area { rect: ship_rect },
        tokens,
        sections,
        labels,
        panels: named(&panels.panels),
        windows: named(&panels.windows),
        dialogs: named(&panels.dialogs),
        lines: named(&panels.lines),
        hands: panels
            .hands
            .iter()
            .map(|h| HandReport {
                player: h.player,
                active: h.player == state.turn().active,
                name: h.name.clone(),
                rect: points(h.rect),
                cards: h
                    .cards
                    .iter()
                    .map(|(card, r)| CardReport {
                        kind: builtin().card(*card).kind.clone(),
                        rect: points(*r),
                    })
                    .collect(),
            })
            .collect(),
        texts: painted
            .0
            .iter()
            .map(|t| TextReport {
                text: t.text.clone(),
                rect: points(t.rect),
                cut: t.cut,
            })
            .collect(),
        props,
        reader,
    };
    let text = serde_json::to_string_pretty(&report).expect("the report serialises");
    if let Err(err) = std::fs::write(&path, text) {
        eprintln!(
            "error: cannot write the layout report to {}: {err}",
            path.display()
        );
    }
}

/// What the report reads of the 3D scene: the camera, the pieces, the ship and the props.
#[derive(bevy::ecs::system::SystemParam)]
struct SceneForReport<'w, 's> {
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Orbit>>,
    pieces: Res<'w, Pieces>,
    threats: Query<'w, 's, &'static GlobalTransform, With<ThreatPiece>>,
    ship: Query<'w, 's, (Entity, &'static GlobalTransform), With<Ship>>,
    children: Query<'w, 's, &'static Children>,
    meshes: ShipMeshes<'w, 's>,
    props: Props<'w, 's>,
    bounded: Query<'w, 's, (&'static Aabb, &'static GlobalTransform)>,
}

impl SceneForReport<'_, '_> {
    /// The ship on screen (`project`: a point of the scene to physical pixels).
    fn ship_rect(&self, project: &dyn Fn(Vec3) -> Option<Vec2>) -> Rect4 {
        // Her disc (to her Shields' outer edge) with the model standing on it. The curved
        // Shields and plates count as the disc, not as their boxes: a box's corners stood out
        // past the disc and called a plate beside it a cover.
        let seen = self
            .ship
            .iter()
            .flat_map(|(s, ship_at)| {
                let disc = (0..48).map(|i| {
                    let a = i as f32 * std::f32::consts::TAU / 48.0;
                    ship_at.transform_point(on_board(
                        a,
                        crate::game::table::parts::SHIP_RADIUS,
                        0.0,
                    ))
                });
                let middle = ship_at.translation();
                let model = self
                    .children
                    .iter_descendants(s)
                    .filter_map(|e| self.meshes.get(e).ok())
                    .filter(|(aabb, at)| {
                        let c = at.transform_point(Vec3::from(aabb.center)) - middle;
                        Vec2::new(c.x, c.z).length() < crate::game::table::parts::MODEL_RADIUS
                    })
                    .flat_map(|(aabb, at)| corners(aabb, at));
                disc.chain(model).collect::<Vec<_>>()
            })
            .filter_map(project);
        bounds(seen).unwrap_or_default()
    }

    /// Each threat's piece on screen, with its slot in its space, its Defense's ink
    /// (`points`: egui points to physical pixels) and its share of its ring's band.
    fn tokens(
        &self,
        state: &stp_rules::GameState,
        (camera, camera_at): (&Camera, &GlobalTransform),
        scale: f32,
        project: &dyn Fn(Vec3) -> Option<Vec2>,
        points: &dyn Fn(egui::Rect) -> Rect4,
        marks: &SceneMarks,
    ) -> Vec<TokenReport> {
        // Tokens by space, to number their slots as the pieces lay them.
        let mut slots: BTreeMap<(u8, u8), usize> = BTreeMap::new();
        let mut tokens = Vec::new();
        for t in state.threats() {
            let slot = slots.entry((t.pos.range as u8, t.pos.sector)).or_default();
            let this_slot = *slot;
            *slot += 1;
            let Some(at) = self
                .pieces
                .threats
                .get(&t.token)
                .and_then(|e| self.threats.get(*e).ok())
            else {
                continue;
            };
            // The face's rim as the camera sees it (the piece is a disc: its box's corners are
            // not).
            let face = (0..32).map(|i| {
                let a = i as f32 * std::f32::consts::TAU / 32.0;
                at.transform_point(Vec3::new(
                    TOKEN_RADIUS * a.cos(),
                    0.04,
                    TOKEN_RADIUS * a.sin(),
                ))
            });
            let rect = bounds(face.filter_map(project)).unwrap_or_default();
            let face_height = at.translation().y + 0.04;
            let band_share = band_share(rect, t.pos.range, |pixel| {
                crate::game::table::marks::board_painter::distance_from_middle(
                    (camera, camera_at),
                    pixel / scale,
                    face_height,
                )
            });
            tokens.push(TokenReport {
                kind: builtin().threat(t.token).kind.clone(),
                range: format!("{:?}", t.pos.range),
                sector: t.pos.sector + 1,
                cloaked: t.cloaked,
                slot: this_slot,
                rect,
                defense_rect: marks.defense.get(&t.token).map(|r| points(*r)),
                band_share,
            });
        }
        tokens
    }

    /// Each prop's meshes, itself and below it, as the camera sees them, by name (in an order
    /// of their own, not the queries').
    fn props(&self, project: &dyn Fn(Vec3) -> Option<Vec2>) -> Vec<Label> {
        let mut props: Vec<Label> = self
            .props
            .iter()
            .map(|(prop, pile)| {
                let parts = std::iter::once(prop).chain(self.children.iter_descendants(prop));
                let seen = parts
                    .filter_map(|e| self.bounded.get(e).ok())
                    .flat_map(|(aabb, at)| corners(aabb, at))
                    .filter_map(project);
                Label {
                    text: pile.map_or("die".to_string(), |p| format!("{p:?}").to_lowercase()),
                    rect: bounds(seen).unwrap_or_default(),
                }
            })
            .collect();
        props.sort_by(|a, b| a.text.cmp(&b.text));
        props
    }
}
