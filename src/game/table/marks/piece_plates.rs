//! A piece's plates on the board: a captain's name and a Force Field's note, beside the piece
//! along its ring where it stands alone and there is room, else on its face, inside its own
//! ring and clear of its Defense and of every label drawn before.

use bevy_egui::egui;
use stp_rules::{Range, TokenId};

use crate::game::table::marks::board_painter::{BoardPainter, Plate, SceneMarks};
use crate::game::table::marks::plate_places::{Clear, clear_of};
use crate::game::table::parts::{RING_WIDTH, ring_center};
use crate::game::table::scene::looks::{Rim, captain_name, rim_of};
use crate::game::theme::palette;

/// One piece's face on screen, and what its plates keep clear of.
pub(crate) struct PieceFace<'a, 'b> {
    pub board: &'a BoardPainter<'b>,
    pub token: TokenId,
    pub range: Range,
    /// The face's middle (moved along the ring to the strip a neighbour leaves bare) and its
    /// radius, in points.
    pub c: egui::Pos2,
    pub radius: f32,
    /// From the face towards the ship, on screen.
    pub inward: egui::Vec2,
    /// The Defense's shield (its digits and the plate under them).
    pub ink: egui::Rect,
    /// The Defense's digits alone: a plate with no room clear of the whole shield (a small
    /// face at 1024x600) keeps clear of them at least.
    pub digits: egui::Rect,
    /// Along the ring on screen, for a piece alone in its space: its plates stand beside it,
    /// so they cover none of its art (readers found them over the silhouette, and a red plate
    /// on a red face unreadable).
    pub along_ring: Option<egui::Vec2>,
    /// Every piece's middle on screen.
    pub centres: &'a [(TokenId, egui::Pos2)],
    /// The ship's disc on screen: a plate beside a piece in Short Range keeps off her Shields.
    pub ship_disc: Option<egui::Rect>,
}

impl PieceFace<'_, '_> {
    /// Whether `rect` lies in the piece's ring, a little in from its edges, so a plate is seen
    /// to lie inside them, not on them.
    fn in_band(&self, rect: egui::Rect) -> bool {
        let inner = ring_center(self.range) - RING_WIDTH / 2.0 + 0.04;
        let band = inner..=inner + RING_WIDTH - 0.08;
        [
            rect.left_top(),
            rect.right_top(),
            rect.left_bottom(),
            rect.right_bottom(),
            rect.center_top(),
            rect.center_bottom(),
        ]
        .into_iter()
        .all(|p| {
            self.board
                .distance_on_board(p)
                .is_some_and(|r| band.contains(&r))
        })
    }

    /// The first of `places` for a plate of `size` on the face that lies in its ring, clear of
    /// its Defense's shield and of every label drawn so far; else the first clear of the
    /// Defense's digits at least.
    fn fitting(
        &self,
        places: Vec<egui::Pos2>,
        size: egui::Vec2,
        marks: &SceneMarks,
    ) -> Option<egui::Pos2> {
        let first_clear_of = |defense: egui::Rect| {
            places.iter().copied().find(|at| {
                let rect = egui::Rect::from_min_size(*at, size);
                self.in_band(rect)
                    && !rect.expand2(egui::vec2(3.0, 0.0)).intersects(defense)
                    && marks.labels.iter().all(|(_, r)| !r.intersects(rect))
            })
        };
        first_clear_of(self.ink).or_else(|| first_clear_of(self.digits))
    }

    /// Where a plate of `size` stands beside the piece, clear of what `Clear` names.
    fn beside(
        &self,
        size: egui::Vec2,
        marks: &SceneMarks,
        plates: &[egui::Rect],
    ) -> Option<egui::Pos2> {
        self.along_ring.and_then(|dir| {
            let clear = Clear {
                token: self.token,
                radius: self.radius,
                centres: self.centres,
                defense: &marks.defense,
                plates,
                disc: self.ship_disc,
                in_band: &|rect| self.in_band(rect),
            };
            clear.beside(self.c, dir, size)
        })
    }

    /// A captain's name plate: beside the piece, or else across its face; `shared` where
    /// another piece shares its space. Returns the plate's ink.
    pub(crate) fn captain_plate(
        &self,
        captain: stp_rules::content::Captain,
        shared: bool,
        marks: &mut SceneMarks,
    ) -> egui::Rect {
        let (c, radius, inward) = (self.c, self.radius, self.inward);
        let words = captain_name(captain);
        let galley = self.board.galley(
            words,
            (radius * 0.42).clamp(12.0, 14.0),
            egui::Color32::GOLD,
        );
        // Across the face's top, or its bottom where the Defense takes the top (the ship
        // above it). Beside her, in a space it shares, where the pieces stand one over the
        // other, across the face's middle, stepped away from the Defense: at the top it lay
        // between two pieces, naming neither.
        let at = match (shared && inward.x.abs() > 0.5, inward.y < -0.5) {
            (true, _) => c - galley.size() / 2.0,
            (false, true) => c + egui::vec2(0.0, 1.0) * radius * 0.72 - galley.size() / 2.0,
            (false, false) => c + egui::vec2(0.0, -1.0) * radius * 0.72 - galley.size() / 2.0,
        };
        let at = clear_of(at, galley.size(), self.digits, -inward);
        // Beside it where its ring has room; else across the face, stepped in from its outer
        // edge until the plate lies in the piece's own ring and clear of the Defense: a plate
        // over the line read as the piece on it (reads 25-27).
        let size = galley.size();
        let on_face = [0.72, 0.6, 0.48, 0.36, 0.24]
            .into_iter()
            .map(|k| c - inward * radius * k - size / 2.0);
        let at = self
            .beside(size, marks, &[])
            .or_else(|| self.fitting(std::iter::once(at).chain(on_face).collect(), size, marks))
            .unwrap_or(at);
        let plate = palette::CAPTAIN_PLATE.egui();
        let rect = self
            .board
            .paint(at, galley, Some(Plate::Fill(plate)), false);
        marks.labels.push((words.to_string(), rect));
        rect
    }

    /// "FORCE FIELD" for a piece held by one, on two lines, beside the piece or on its face's
    /// outer half, clear of `plates` (its captain's). A ship that cloaks in the coming phase is
    /// said by its sector's forecast at the rim ("Romulan cloaks, no fire") and its hover: a
    /// note on the piece fell on the arrows and shots that cross it, with no clear place
    /// beside it in a busy sector (reads 30 and 31).
    pub(crate) fn force_field_note(&self, plates: &[egui::Rect], marks: &mut SceneMarks) {
        let (c, radius, inward) = (self.c, self.radius, self.inward);
        let words = "FORCE FIELD";
        // Beside a piece left or right of the ship the badge is at its side: a wide note
        // across the face would cover it, so it stands on two lines on the far side instead
        // (below, it covered the ship or the next piece's Defense). Always on two lines: one
        // line at a size a reader can read ran past the face (readers called 7-11 px "tiny").
        let sideways = inward.x.abs() > 0.5;
        let shown = words.replacen(' ', "\n", 1);
        let galley = self.board.galley(
            &shown,
            (radius * 0.42).clamp(11.0, 13.0),
            egui::Color32::from_rgb(170, 230, 255),
        );
        // On the face, on its outer half, away from the Defense digits (below a captain's
        // plate): at the outer edge it reached into the next ring, over the Defense of the
        // piece there.
        let room: f32 = match (rim_of(self.token), sideways) {
            (_, true) => 0.5,
            (Rim::Captain(_), false) => 0.3,
            _ => 0.4,
        };
        let size = galley.size();
        // Else on the face, stepped further out until clear of the Defense digits: in a
        // crowded space the face is smaller than the words. Never out over the ring's edge or
        // another label (a rim's forecast).
        let fallback = clear_of(
            c - inward * radius * room - size / 2.0,
            size,
            self.digits,
            -inward,
        );
        let on_face = [room, room - 0.1, room - 0.2, room - 0.3, 0.0]
            .into_iter()
            .map(|k| c - inward * radius * k - size / 2.0);
        let at = self
            .beside(size, marks, plates)
            .or_else(|| {
                self.fitting(
                    std::iter::once(fallback).chain(on_face).collect(),
                    size,
                    marks,
                )
            })
            .unwrap_or(fallback);
        // Where no place is clear, the note gives way to a label already drawn (a rim's
        // forecast): over it, neither read (read 28's positions, a piece by the rim).
        let rect = egui::Rect::from_min_size(at, size);
        if marks.labels.iter().all(|(_, r)| !r.intersects(rect)) {
            let rect = self.board.paint(at, galley, Some(Plate::Chip), false);
            marks.labels.push((words.into(), rect));
        }
    }
}
