//! Numbers and names over the 3D board, drawn with egui: sector numbers, each threat's
//! Defense (yellow when the picked card can target it), mission tokens, the die and the piles.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::builtin;

use super::camera::Orbit;
use super::{DIE, PILES, Pieces, SHIP_RADIUS, on_board, ring_center, sector_angle};
use crate::describe::token_name;
use crate::game::input::pointer::TableRect;
use crate::game::input::selection::Selection;
use crate::game::pacing::Shown;
use crate::game::panels::{Overlays, offers};
use crate::game::screens::Screen;
use std::f32::consts::TAU;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        board_labels.run_if(not(in_state(Screen::Setup))),
    );
}

/// Paints over the 3D board: clipped to the table's area, at points projected by the camera
/// (which answers in logical window pixels, while egui paints in points).
pub struct BoardPainter<'a> {
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

    /// Where a point of the board is on the screen, in egui points.
    pub fn screen(&self, at: Vec3) -> Option<egui::Pos2> {
        let p = self.camera.world_to_viewport(self.camera_at, at).ok()?;
        Some(egui::pos2(p.x / self.zoom, p.y / self.zoom))
    }
}

/// Numbers over the board: sector numbers, each threat's current Defense, mission token
/// values, the die and the piles.
fn board_labels(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
    pieces: Res<Pieces>,
    transforms: Query<&GlobalTransform>,
    overlays: Res<Overlays>,
    selection: Res<Selection>,
    table_rect: Res<TableRect>,
    die: Res<super::die::DieRoll>,
) -> Result {
    let Some(state) = shown.get() else {
        return Ok(());
    };
    let Ok((camera, camera_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // Only over the table: labels of pieces behind a panel stay hidden.
    let board = BoardPainter::new(ctx, "labels", &table_rect, (camera, camera_at));
    // Numbers sit on their piece; names sit above it, so they never cover a token.
    let label = |at: Vec3, words: String, color: egui::Color32, above: bool| {
        if let Some(p) = board.screen(at) {
            let (anchor, dy) = if above {
                (egui::Align2::CENTER_BOTTOM, -12.0)
            } else {
                (egui::Align2::CENTER_CENTER, 0.0)
            };
            let font = egui::FontId::proportional(15.0);
            board
                .painter
                .text(p + egui::vec2(0.0, dy), anchor, words, font, color);
        }
    };
    let text = |at: Vec3, words: String, color: egui::Color32| label(at, words, color, false);
    for sector in 0..6u8 {
        let at = on_board(
            sector_angle(sector),
            ring_center(stp_rules::Range::Long) + 0.75,
            0.0,
        );
        text(at, format!("{}", sector + 1), egui::Color32::from_gray(200));
    }
    // The rings by name as well as colour, along the line between sectors 3 and 4.
    for (range, name) in [
        (stp_rules::Range::Long, "Long"),
        (stp_rules::Range::Medium, "Medium"),
        (stp_rules::Range::Short, "Short"),
    ] {
        let at = on_board(TAU / 2.0, ring_center(range), 0.02);
        text(at, name.to_string(), egui::Color32::from_gray(235));
    }
    // The ship's sides, where they point now, so damage reads against the board: Fore
    // between the two forward facings, Starboard and Port on their facings, Aft behind.
    let side = |facing: u8| sector_angle(state.enterprise.sector_of_facing(facing));
    let sides = [
        ("Fore", side(0) - TAU / 12.0),
        ("Starboard", side(1)),
        ("Aft", side(3) - TAU / 12.0),
        ("Port", side(4)),
    ];
    for (name, angle) in sides {
        let at = on_board(angle, SHIP_RADIUS + 0.12, 0.02);
        text(at, name.to_string(), egui::Color32::from_rgb(150, 200, 255));
    }
    let plays = offers::plays(state, &selection);
    let targets = offers::target_tokens(&plays);
    // The target Tab has in focus stands out from the other legal ones.
    let focused = selection.focus.and_then(|i| {
        let listed = offers::targets(state, &plays, selection.with, selection.shift);
        listed
            .get(i)
            .and_then(|offer| offers::target_tokens(&[offer.action]).first().copied())
    });
    for t in &state.threats {
        let Some(at) = pieces
            .threats
            .get(&t.token)
            .and_then(|e| transforms.get(*e).ok())
        else {
            continue;
        };
        let def = builtin().threat(t.token);
        let (words, above) = if t.cloaked {
            ("cloaked".to_string(), true)
        } else if def.is_ship() {
            (format!("{}", t.defense), false)
        } else {
            (token_name(t.token), true)
        };
        let color = if focused == Some(t.token) {
            egui::Color32::from_rgb(120, 255, 140)
        } else if targets.contains(&t.token) {
            egui::Color32::YELLOW
        } else {
            egui::Color32::WHITE
        };
        label(at.translation() + Vec3::Y * 0.25, words, color, above);
        // The faction in a letter as well as a colour (K, R, T), so it reads in greyscale.
        if let (false, Some(faction)) = (t.cloaked, def.faction()) {
            let letter = match faction {
                stp_rules::content::Faction::Klingon => "K",
                stp_rules::content::Faction::Romulan => "R",
                stp_rules::content::Faction::Tholian => "T",
            };
            let gray = egui::Color32::from_gray(210);
            label(
                at.translation() + Vec3::Y * 0.25,
                letter.to_string(),
                gray,
                true,
            );
        }
    }
    for m in &state.mission_tokens {
        if let Some(at) = pieces
            .missions
            .get(&m.token)
            .and_then(|e| transforms.get(*e).ok())
        {
            let name = &builtin().mission_tokens[m.token as usize].name;
            label(
                at.translation() + Vec3::Y * 0.3,
                format!("{name} ({})", m.value),
                egui::Color32::LIGHT_BLUE,
                true,
            );
        }
    }
    if let Some(roll) = overlays.last_roll {
        // Above the die (and above its hop while it tumbles), so the label never covers it.
        let words = match die.tumbling > 0.0 {
            true => "rolling…".to_string(),
            false => format!("die: {roll}"),
        };
        label(DIE + Vec3::Y * 0.9, words, egui::Color32::WHITE, true);
    }
    for (i, (name, count)) in [
        ("deck", state.deck.len()),
        ("discard", state.discard.len()),
        ("bag", state.bag.len()),
        ("removed", state.removed.len()),
    ]
    .into_iter()
    .enumerate()
    {
        text(
            PILES[i] + Vec3::Y * 0.45,
            format!("{name} {count}"),
            egui::Color32::WHITE,
        );
    }
    Ok(())
}
