//! The kit every mark painted over the 3D board uses (labels, the rim, forecasts, webs): a
//! painter clipped to the table that projects board points to egui points, and the record of
//! what was painted (`SceneMarks`) that the layout report and the marks' hovers read.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::collections::BTreeMap;
use stp_rules::{GameState, TokenId};

use crate::game::model::pointing::TableRect;
use crate::game::pacing::Shown;
use crate::game::table::scene::camera::Orbit;

/// What every system that paints over the board reads first: the state on show, the table's
/// camera and rectangle, and egui. One parameter for the four, so each painting system
/// names only what it paints from.
#[derive(SystemParam)]
pub(crate) struct BoardScene<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    shown: Res<'w, Shown>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Orbit>>,
    table_rect: Res<'w, TableRect>,
}

impl BoardScene<'_, '_> {
    /// The state on show and a painter on `layer` over the table; `None` before a game is
    /// shown or while the camera or egui is missing.
    pub fn open(&mut self, layer: &'static str) -> Option<(&GameState, BoardPainter<'_>)> {
        let Self {
            contexts,
            shown,
            cameras,
            table_rect,
        } = self;
        let state = shown.get()?;
        let (camera, camera_at) = cameras.single().ok()?;
        let ctx = contexts.ctx_mut().ok()?;
        Some((
            state,
            BoardPainter::new(ctx, layer, table_rect, (camera, camera_at)),
        ))
    }
}

/// The systems that paint over the board (after the marks of the last frame are cleared).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SystemSet)]
pub(crate) struct PaintBoard;

/// What was painted over the board this frame, in egui points: every label, each threat's
/// Defense digits (their ink, not their line box), each threat's face (centre and radius),
/// and what each mark means on hover.
#[derive(Resource, Debug, Default)]
pub(crate) struct SceneMarks {
    pub labels: Vec<(String, egui::Rect)>,
    pub defense: BTreeMap<TokenId, egui::Rect>,
    pub faces: Vec<(egui::Pos2, f32)>,
    /// What the board says in sentences a screen reader can read (each sector's facing and
    /// forecast, each mission token), where it stands: the painted board is not in egui's
    /// tree, and these are.
    pub reader: Vec<(String, egui::Rect)>,
    pub tips: Vec<(egui::Rect, String)>,
    /// The forecast's arrows and fire lines on screen, each from and to: the rings' names keep
    /// off them (read 42 read "SHOR" where a shot crossed a name).
    pub lines: Vec<[egui::Pos2; 2]>,
}

pub(crate) fn clear_marks(mut marks: ResMut<SceneMarks>) {
    marks.labels.clear();
    marks.defense.clear();
    marks.faces.clear();
    marks.reader.clear();
    marks.tips.clear();
    marks.lines.clear();
}

/// Paints over the 3D board: clipped to the table's area, at points projected by the camera
/// (which answers in logical window pixels, while egui paints in points).
pub(crate) struct BoardPainter<'a> {
    pub painter: egui::Painter,
    camera: &'a Camera,
    camera_at: &'a GlobalTransform,
    zoom: f32,
}

impl<'a> BoardPainter<'a> {
    pub fn new(
        ctx: &egui::Context,
        layer: &'static str,
        table_rect: &TableRect,
        (camera, camera_at): (&'a Camera, &'a GlobalTransform),
    ) -> Self {
        let painter = ctx
            .layer_painter(egui::LayerId::new(
                egui::Order::Background,
                egui::Id::new(layer),
            ))
            .with_clip_rect(table_rect.0);
        BoardPainter {
            painter,
            camera,
            camera_at,
            zoom: ctx.zoom_factor(),
        }
    }

    /// The table's rectangle the painter is clipped to, in egui points.
    pub fn table(&self) -> egui::Rect {
        self.painter.clip_rect()
    }

    /// egui's zoom when the painter was made (window pixels over points).
    pub fn zoom(&self) -> f32 {
        self.zoom
    }

    /// Where a point of the board is on the screen, in egui points.
    pub fn screen(&self, at: Vec3) -> Option<egui::Pos2> {
        let p = self.camera.world_to_viewport(self.camera_at, at).ok()?;
        Some(egui::pos2(p.x / self.zoom, p.y / self.zoom))
    }

    /// How far from the board's middle (world units) the point of the board under `at` (egui
    /// points) lies, taken back through the camera onto the pieces' faces' height.
    pub fn distance_on_board(&self, at: egui::Pos2) -> Option<f32> {
        let pixel = Vec2::new(at.x, at.y) * self.zoom;
        distance_from_middle((self.camera, self.camera_at), pixel, 0.09)
    }

    /// Lays out text wrapped to `width` points.
    pub(crate) fn wrapped(
        &self,
        text: &str,
        size: f32,
        color: egui::Color32,
        width: f32,
    ) -> std::sync::Arc<egui::Galley> {
        self.painter.layout(
            text.to_string(),
            egui::FontId::proportional(size),
            color,
            width,
        )
    }

    /// Lays out one line of text.
    pub(crate) fn galley(
        &self,
        text: &str,
        size: f32,
        color: egui::Color32,
    ) -> std::sync::Arc<egui::Galley> {
        self.painter
            .layout_no_wrap(text.to_string(), egui::FontId::proportional(size), color)
    }

    /// Lays out one line in the titles' display face (tall condensed capitals), as the
    /// console's section bars letter their titles.
    pub(crate) fn display_galley(
        &self,
        text: &str,
        size: f32,
        color: egui::Color32,
    ) -> std::sync::Arc<egui::Galley> {
        let font = crate::game::theme::display_font(self.painter.ctx(), size);
        self.painter.layout_no_wrap(text.to_string(), font, color)
    }

    /// Paints a number as a round badge centred on its digits at `centre` (a dark disc with a
    /// bright ring); returns the digits' ink.
    pub(crate) fn badge(
        &self,
        centre: egui::Pos2,
        galley: std::sync::Arc<egui::Galley>,
        ring: egui::Color32,
    ) -> egui::Rect {
        let line = centre - galley.size() / 2.0;
        let ink = ink_rect(&galley, line);
        // The line box sits the digits a little off its middle: centre the ink instead.
        let at = line + (centre - ink.center());
        let ink = ink.translate(centre - ink.center());
        let radius = ink.width().max(ink.height()) / 2.0 + 5.0;
        self.painter
            .circle_filled(centre, radius, egui::Color32::from_rgb(10, 16, 30));
        self.painter
            .circle_stroke(centre, radius, egui::Stroke::new(2.0, ring));
        self.painter.galley(at, galley, egui::Color32::WHITE);
        ink
    }

    /// Paints a laid-out line with its top-left at `at`, on `plate` when one is given, with a
    /// dark outline when `outline`; returns its ink's rectangle.
    pub(crate) fn paint(
        &self,
        at: egui::Pos2,
        galley: std::sync::Arc<egui::Galley>,
        plate: Option<Plate>,
        outline: bool,
    ) -> egui::Rect {
        let box_rect = egui::Rect::from_min_size(at, galley.size());
        match plate {
            // A console chip: navy glass in a hairline frame (an art director's read: plain
            // black boxes read as a debug overlay on the scene). A bar in the words' colour at
            // its left read as a text cursor left on screen ("|Planet Killer", read 45).
            Some(Plate::Chip) => {
                let plated = box_rect.expand2(egui::vec2(4.0, 0.0));
                let chip = egui::Color32::from_rgba_unmultiplied(10, 14, 24, 215);
                self.painter.rect_filled(plated, 2.0, chip);
                self.painter.rect_stroke(
                    plated,
                    2.0,
                    egui::Stroke::new(1.0, egui::Color32::from_rgb(60, 78, 110)),
                    egui::StrokeKind::Outside,
                );
            }
            Some(Plate::Fill(fill)) => {
                self.painter
                    .rect_filled(box_rect.expand2(egui::vec2(3.0, 0.0)), 3.0, fill);
            }
            None => {}
        }
        if outline {
            let dark = egui::Color32::from_black_alpha(230);
            for (dx, dy) in [
                (-1.5, 0.0),
                (1.5, 0.0),
                (0.0, -1.5),
                (0.0, 1.5),
                (1.0, 1.0),
                (-1.0, 1.0),
            ] {
                self.painter.galley_with_override_text_color(
                    at + egui::vec2(dx, dy),
                    galley.clone(),
                    dark,
                );
            }
        }
        let ink = ink_rect(&galley, at);
        self.painter.galley(at, galley, egui::Color32::WHITE);
        ink
    }
}

/// What a line of words on the board stands on.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Plate {
    /// The console's chip, for the board's own notes: a mission token's name, a Force Field.
    Chip,
    /// A plate of its own colour: a captain's, a deadly forecast's, the Fore's.
    Fill(egui::Color32),
}

/// The rectangle a galley's glyphs cover when painted at `at` (tighter than its line box).
pub(crate) fn ink_rect(galley: &egui::Galley, at: egui::Pos2) -> egui::Rect {
    galley
        .rows
        .iter()
        .map(|row| {
            row.row
                .visuals
                .mesh_bounds
                .translate(at.to_vec2() + row.pos.to_vec2())
        })
        .filter(|r| r.is_positive())
        .reduce(|a, b| a.union(b))
        .unwrap_or(egui::Rect::from_min_size(at, galley.size()))
}

/// How far from the board's middle (world units) the point under a viewport `pixel` lies on
/// the level plane at `height`: a plate's place (`BoardPainter::distance_on_board`) and a
/// token's share of its band in the layout report ask the same.
pub(crate) fn distance_from_middle(
    (camera, camera_at): (&Camera, &GlobalTransform),
    pixel: Vec2,
    height: f32,
) -> Option<f32> {
    let ray = camera.viewport_to_world(camera_at, pixel).ok()?;
    let along = ray.intersect_plane(Vec3::Y * height, InfinitePlane3d::new(Vec3::Y))?;
    let p = ray.get_point(along);
    Some(Vec2::new(p.x, p.z).length())
}
